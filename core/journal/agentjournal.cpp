#include "journal/agentjournal.h"

#include "util/sqlitefile.h"

#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QUuid>

#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>

Q_LOGGING_CATEGORY(lcJournal, "gw.agent.journal")

namespace gw {

namespace {

constexpr int kVersion = 4;
// Event numbers reserved on disk ahead of use.
constexpr quint64 kEventReserveAhead = 100;
constexpr auto kApplication = "gpuwarden-agent-journal";
// Another agent holding the file is reported at once, not waited for.
constexpr std::chrono::milliseconds kBusyTimeout{200};

qint64 toDb(quint64 v)
{
    return qint64(v);
}

quint64 fromDb(const QVariant& v)
{
    return quint64(v.toLongLong());
}

// The lines of a row: "SEQ JSON\n" each.
template <typename F>
void forEachLine(const QByteArray& data, F&& f)
{
    qsizetype pos = 0;
    while (pos < data.size()) {
        qsizetype end = data.indexOf('\n', pos);
        if (end < 0)
            end = data.size();
        const qsizetype space = data.indexOf(' ', pos);
        if (space > pos && space < end) {
            bool ok = false;
            const quint64 seq =
                QByteArrayView(data.constData() + pos, space - pos).toULongLong(&ok);
            if (ok && !f(seq, data.mid(space + 1, end - space - 1)))
                return;
        }
        pos = end + 1;
    }
}

// The numbered records after `after` and before `before`, at most `limit`:
// those on disk as `readStored(out)` appends them (false: stop there, the
// error said), then those still queued for the next flush (`queued`, in
// number order) that follow them. One loop for readings and events.
template <typename Queued, typename ReadStored>
QList<AgentJournal::Entry> readNumbered(quint64 after, quint64 before, int limit, bool stored,
                                        ReadStored&& readStored, const Queued& queued)
{
    QList<AgentJournal::Entry> out;
    if (limit <= 0 || after + 1 >= before)
        return out;
    if (stored && !readStored(out))
        return out;
    for (const auto& p : queued) {
        if (out.size() >= limit || p.sequence >= before)
            break;
        if (p.sequence > after && (out.isEmpty() || p.sequence > out.last().sequence))
            out.append({p.sequence, p.json});
    }
    return out;
}

} // namespace

std::unique_ptr<AgentJournal> AgentJournal::open(const QString& path, QString* error)
{
    return open(path, Options(), error);
}

std::unique_ptr<AgentJournal> AgentJournal::open(const QString& path, const Options& options,
                                                 QString* error)
{
    std::unique_ptr<AgentJournal> j(new AgentJournal);
    j->m_path = path;
    j->m_options = options;
    const QFileInfo file(path);
    const bool emptyFile = file.exists() && file.isFile() && file.size() == 0;
    QString why;
    if (!j->openDatabase(&why)) {
        qCWarning(lcJournal).noquote() << why;
        if (error)
            *error = why;
        return nullptr;
    }
    if (emptyFile && j->m_start == Start::Created) {
        // SQLite takes an empty file for a new database (nothing of an
        // older stream was left in it to keep); it must not pass unsaid.
        j->m_start = Start::FromEmptyFile;
        qCWarning(lcJournal).noquote()
            << path << "was an empty file (0 bytes): a new stream" << j->m_stream
            << "starts in it; readings of an earlier stream, if there was one, are not in it";
    }
    return j;
}

AgentJournal::~AgentJournal()
{
    m_insert.reset();
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

namespace {

const sqlitefile::Wording& wording()
{
    static const sqlitefile::Wording w{
        QStringLiteral("cannot open the journal "),
        QStringLiteral("cannot read the journal "),
        QStringLiteral("cannot write the journal "),
        QStringLiteral(" is not a GPU Warden agent journal"),
        QStringLiteral("the disk is full"),
        QStringLiteral("another gpuwarden-agent is using it"),
    };
    return w;
}

} // namespace

QString AgentJournal::describe(const QSqlError& error, bool writing) const
{
    if (writing)
        m_diskFull = error.nativeErrorCode() == QLatin1String("13");
    QString text = sqlitefile::describe(m_path, error, writing, wording());
    // A message always says why: SQLite (or the driver) gave no text, so the
    // system's last error stands in.
    if (error.databaseText().isEmpty() && error.driverText().isEmpty()) {
        const int saved = errno;
        text += saved != 0 ? QString::fromLocal8Bit(std::strerror(saved))
                           : QStringLiteral("no reason given by SQLite");
    }
    return text;
}

bool AgentJournal::noRoomLeft() const
{
    // SQLite names most ENOSPC failures SQLITE_FULL, but not all (some come
    // back as I/O errors): the file system is asked as well. A few pages is
    // what any write of the journal needs at least.
    struct statvfs fs;
    const QByteArray folder = QFile::encodeName(QFileInfo(m_path).absolutePath());
    if (::statvfs(folder.constData(), &fs) != 0)
        return false;
    constexpr unsigned long long kFewPages = 16 * 4096;
    return static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize < kFewPages;
}

QSqlError AgentJournal::lastWriteError() const
{
    return m_metaError.isValid() ? m_metaError : m_db.lastError();
}

bool AgentJournal::openDatabase(QString* error)
{
    sqlitefile::OpenOptions options;
    options.connectionPrefix = QStringLiteral("gw.journal.");
    options.busyTimeout = kBusyTimeout;
    // Exclusive: a second agent on the same file would hand out the same
    // numbers; it is refused instead. WAL: a commit is an append, and one the
    // process did not live to checkpoint is still there after a crash.
    options.pragmas = {QStringLiteral("PRAGMA locking_mode=EXCLUSIVE"),
                       QStringLiteral("PRAGMA journal_mode=WAL"),
                       // FULL until this start is recorded (below), then NORMAL.
                       QStringLiteral("PRAGMA synchronous=FULL")};
    const std::optional<int> opened =
        sqlitefile::open(m_db, m_connection, m_path, options, wording(), error);
    if (!opened)
        return false;
    const int version = *opened;
    QSqlQuery q(m_db);
    if (version == 0) {
        if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_schema")) || !q.next()) {
            *error = describe(q.lastError(), false);
            return false;
        }
        const bool empty = q.value(0).toInt() == 0;
        q.finish();
        if (!empty) {
            *error = m_path + QStringLiteral(" is not a GPU Warden agent journal (it is an SQLite "
                                             "database of another program)");
            return false;
        }
        if (!create(error))
            return false;
        m_start = Start::Created;
    } else if (version > kVersion) {
        *error = m_path + QStringLiteral(" was written by a newer gpuwarden-agent (journal format "
                                         "%1, this version reads up to %2)")
                              .arg(version)
                              .arg(kVersion);
        return false;
    }
    if (meta(QStringLiteral("application")) != QString::fromLatin1(kApplication)) {
        *error = m_path + QStringLiteral(" is not a GPU Warden agent journal");
        return false;
    }
    if (version != 0 && version < kVersion && !upgrade(version, error))
        return false;

    // Takes the write lock for as long as this agent runs.
    if (!m_db.transaction()) {
        *error = describe(m_db.lastError(), true);
        return false;
    }
    auto failed = [&](const QSqlError& e) {
        *error = describe(e, true);
        m_db.rollback();
        return false;
    };
    m_stream = meta(QStringLiteral("stream")).value_or(QString());
    if (m_stream.isEmpty()) {
        // meta() ran its own query: m_db has no error to tell.
        *error =
            m_path + QStringLiteral(" is not a GPU Warden agent journal (it has no stream id)");
        m_db.rollback();
        return false;
    }
    m_reserved = meta(QStringLiteral("reserved_through")).value_or(QString()).toULongLong();
    const bool clean = meta(QStringLiteral("clean")) == QLatin1String("1");
    const quint64 lastClean =
        meta(QStringLiteral("last_sequence")).value_or(QString()).toULongLong();
    quint64 lastStored = 0;
    if (q.exec(QStringLiteral("SELECT max(last_seq) FROM reading")) && q.next())
        lastStored = fromDb(q.value(0));
    q.finish();
    if (clean) {
        m_next = std::max(lastClean, lastStored) + 1;
        if (version != 0)
            m_start = Start::Continued;
    } else {
        m_start = Start::AfterCrash;
        // Whatever the previous run handed out lies at or below its
        // reservation; continuing after it never reuses a number.
        m_next = std::max(m_reserved, lastStored) + 1;
        m_uncleanStart = m_next > lastStored + 1;
        m_lostFrom = lastStored + 1;
    }
    quint64 lastEventStored = 0;
    if (q.exec(QStringLiteral("SELECT max(seq) FROM event")) && q.next())
        lastEventStored = fromDb(q.value(0));
    q.finish();
    m_eventReserved =
        meta(QStringLiteral("event_reserved_through")).value_or(QString()).toULongLong();
    const quint64 lastEventClean =
        meta(QStringLiteral("last_event_sequence")).value_or(QString()).toULongLong();
    m_nextEvent = std::max(clean ? lastEventClean : m_eventReserved, lastEventStored) + 1;
    // Synced: were this lost to a power cut, the previous clean close would
    // stand and this run's numbers be handed out again.
    if (!setMeta(QStringLiteral("clean"), QStringLiteral("0")))
        return failed(m_metaError);
    // The first numbers are covered before the first reading asks for one.
    const quint64 reserve = m_next - 1 + m_options.reserveAhead;
    if (m_reserved < reserve) {
        if (!setMeta(QStringLiteral("reserved_through"), QString::number(reserve)))
            return failed(m_metaError);
        m_reservedAtOpen = reserve;
    }
    if (!m_db.commit())
        return failed(m_db.lastError());
    m_reserved = std::max(m_reserved, m_reservedAtOpen);
    // Readings: a commit per second without fsync; a process crash loses
    // none of them, a power cut at most the last few.
    if (!q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"))) {
        *error = describe(q.lastError(), true);
        return false;
    }
    readOldest();
    readOldestEvent();
    return true;
}

namespace {

QStringList eventTableStatements()
{
    return {QStringLiteral("CREATE TABLE event(seq INTEGER PRIMARY KEY, event_id TEXT NOT NULL, "
                           "at_ms INTEGER NOT NULL, json BLOB NOT NULL)"),
            QStringLiteral("CREATE INDEX event_by_id ON event(event_id)")};
}

// Format 3: the token books' records, append-only and kept forever.
QStringList tokenTableStatements()
{
    return {QStringLiteral("CREATE TABLE usage(seq INTEGER PRIMARY KEY, json BLOB NOT NULL)"),
            QStringLiteral("CREATE TABLE adjustment(seq INTEGER PRIMARY KEY, json BLOB NOT NULL)")};
}

// Format 4: the keeper's copy of the other agents' usage facts (each row's
// JSON names the agent's stream and sequence; the cursor per agent is kept
// in meta in the same transaction) and the enforcement audit log.
QStringList keeperTableStatements()
{
    return {QStringLiteral("CREATE TABLE peer_usage(seq INTEGER PRIMARY KEY, json BLOB NOT NULL)"),
            QStringLiteral("CREATE TABLE audit(seq INTEGER PRIMARY KEY, json BLOB NOT NULL)")};
}

QString versionStatement()
{
    return QStringLiteral("PRAGMA user_version = ") + QString::number(kVersion);
}

} // namespace

bool AgentJournal::upgrade(int from, QString* error)
{
    // Format 1 → 2: the event table; 2 → 3: the token books' tables; 3 → 4:
    // the keeper's and the audit log's.
    // Readings and numbers stay as they are.
    QStringList statements;
    if (from < 2)
        statements += eventTableStatements();
    if (from < 3)
        statements += tokenTableStatements();
    if (from < 4)
        statements += keeperTableStatements();
    statements += versionStatement();
    if (!m_db.transaction()) {
        *error = describe(m_db.lastError(), true);
        return false;
    }
    QSqlQuery q(m_db);
    for (const QString& s : std::as_const(statements)) {
        if (!q.exec(s)) {
            *error = describe(q.lastError(), true);
            m_db.rollback();
            return false;
        }
    }
    if (!m_db.commit()) {
        *error = describe(m_db.lastError(), true);
        m_db.rollback();
        return false;
    }
    qCInfo(lcJournal).noquote() << m_path << "upgraded to journal format" << kVersion;
    return true;
}

bool AgentJournal::create(QString* error)
{
    QStringList statements = {
        QStringLiteral("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)"),
        QStringLiteral("CREATE TABLE reading(first_seq INTEGER PRIMARY KEY, "
                       "last_seq INTEGER NOT NULL, last_ms INTEGER NOT NULL, "
                       "count INTEGER NOT NULL, data BLOB NOT NULL)"),
    };
    statements += eventTableStatements();
    statements += tokenTableStatements();
    statements += keeperTableStatements();
    statements += versionStatement();
    if (!m_db.transaction()) {
        *error = describe(m_db.lastError(), true);
        return false;
    }
    QSqlQuery q(m_db);
    for (const QString& s : statements) {
        if (!q.exec(s)) {
            *error = describe(q.lastError(), true);
            m_db.rollback();
            return false;
        }
    }
    if (!setMeta(QStringLiteral("application"), QString::fromLatin1(kApplication)) ||
        !setMeta(QStringLiteral("stream"), QUuid::createUuid().toString(QUuid::WithoutBraces)) ||
        !setMeta(QStringLiteral("reserved_through"), QStringLiteral("0")) ||
        !setMeta(QStringLiteral("clean"), QStringLiteral("1")) ||
        !setMeta(QStringLiteral("last_sequence"), QStringLiteral("0")) || !m_db.commit()) {
        *error = describe(lastWriteError(), true);
        m_db.rollback();
        return false;
    }
    return true;
}

bool AgentJournal::setMeta(const QString& key, const QString& value)
{
    m_metaError = QSqlError();
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO meta VALUES(?, ?)"));
    q.addBindValue(key);
    q.addBindValue(value);
    if (q.exec())
        return true;
    // Reported by the caller, once, with what it was doing.
    m_metaError = q.lastError();
    return false;
}

std::optional<QString> AgentJournal::meta(const QString& key)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    q.addBindValue(key);
    if (!q.exec() || !q.next())
        return std::nullopt;
    return q.value(0).toString();
}

bool AgentJournal::reserveThrough(quint64 sequence, QString* error)
{
    // A reservation must survive a power cut too, or numbers could be reused
    // after one: this commit is synced (the readings' commits are not).
    QSqlQuery q(m_db);
    q.exec(QStringLiteral("PRAGMA synchronous=FULL"));
    const bool ok = setMeta(QStringLiteral("reserved_through"), QString::number(sequence));
    if (ok)
        m_reserved = sequence;
    else if (error)
        *error = QStringLiteral("cannot reserve sequence numbers in the journal ") + m_path +
                 QStringLiteral(" (") + describe(m_metaError, true) +
                 QStringLiteral("); readings are not numbered until a reservation succeeds");
    q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    return ok;
}

std::optional<quint64> AgentJournal::take(QString* error)
{
    // Normally flush() keeps the reservation ahead; this is the fallback.
    if (!reserveFor(m_next, error))
        return std::nullopt;
    return m_next++;
}

bool AgentJournal::reserveFor(quint64 sequence, QString* error)
{
    if (sequence <= m_reserved)
        return true;
    if (m_closed) {
        if (error)
            *error = QStringLiteral("the journal ") + m_path + QStringLiteral(" is closed");
        return false;
    }
    return reserveThrough(sequence + m_options.reserveAhead, error);
}

void AgentJournal::moveToThread(QThread* thread)
{
    if (m_db.isValid() && m_db.driver())
        m_db.driver()->moveToThread(thread);
}

void AgentJournal::append(quint64 sequence, qint64 timestampMs, QByteArray json)
{
    if (m_closed)
        return;
    m_next = std::max(m_next, sequence + 1);
    m_pending.append({sequence, timestampMs, std::move(json)});
    // A disk that keeps refusing: the oldest queued readings go (a hole that
    // /v1/samples reports), memory stays bounded.
    if (m_pending.size() > m_options.maxPending)
        m_pending.remove(0, m_pending.size() - m_options.maxPending);
}

bool AgentJournal::writeRows(QString* error)
{
    if (m_pending.isEmpty())
        return true;
    QByteArray lines;
    qint64 lastMs = 0;
    for (const Pending& p : std::as_const(m_pending)) {
        lines += QByteArray::number(p.sequence);
        lines += ' ';
        lines += p.json;
        lines += '\n';
        lastMs = std::max(lastMs, p.timestampMs);
    }
    if (!m_insert) {
        m_insert.emplace(m_db);
        if (!m_insert->prepare(QStringLiteral("INSERT INTO reading VALUES(?, ?, ?, ?, ?)"))) {
            *error = describe(m_insert->lastError(), true);
            m_insert.reset();
            return false;
        }
    }
    QSqlQuery& q = *m_insert;
    q.addBindValue(toDb(m_pending.first().sequence));
    q.addBindValue(toDb(m_pending.last().sequence));
    q.addBindValue(lastMs);
    q.addBindValue(int(m_pending.size()));
    q.addBindValue(qCompress(lines));
    const bool ok = q.exec();
    if (!ok)
        *error = describe(q.lastError(), true);
    q.finish();
    return ok;
}

void AgentJournal::readOldest()
{
    m_oldestMs.reset();
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT last_ms FROM reading ORDER BY first_seq LIMIT 1")) &&
        q.next())
        m_oldestMs = q.value(0).toLongLong();
}

bool AgentJournal::mergeSmallRows(QString* error)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT last_seq, last_ms, count, data FROM reading "
                             "WHERE first_seq >= ? ORDER BY first_seq"));
    q.addBindValue(toDb(m_smallFrom));
    if (!q.exec()) {
        *error = describe(q.lastError(), false);
        return false;
    }
    QByteArray lines;
    quint64 last = 0;
    qint64 lastMs = 0;
    int count = 0;
    while (q.next()) {
        last = fromDb(q.value(0));
        lastMs = std::max(lastMs, q.value(1).toLongLong());
        count += q.value(2).toInt();
        lines += qUncompress(q.value(3).toByteArray());
    }
    q.finish();
    if (count == 0)
        return true;
    QSqlQuery del(m_db);
    del.prepare(QStringLiteral("DELETE FROM reading WHERE first_seq >= ?"));
    del.addBindValue(toDb(m_smallFrom));
    QSqlQuery ins(m_db);
    ins.prepare(QStringLiteral("INSERT INTO reading VALUES(?, ?, ?, ?, ?)"));
    ins.addBindValue(toDb(m_smallFrom));
    ins.addBindValue(toDb(last));
    ins.addBindValue(lastMs);
    ins.addBindValue(count);
    ins.addBindValue(qCompress(lines));
    if (!del.exec()) {
        *error = describe(del.lastError(), true);
        return false;
    }
    if (!ins.exec()) {
        *error = describe(ins.lastError(), true);
        return false;
    }
    return true;
}

bool AgentJournal::retentionStep(qint64 nowMs, QString* error)
{
    const qint64 cutoff = nowMs - m_options.retention.count();
    QSqlQuery q(m_db);
    // Rows are in sequence order, which is time order; only the oldest few
    // are looked at, never the whole table.
    q.prepare(QStringLiteral("DELETE FROM reading WHERE first_seq IN (SELECT first_seq FROM "
                             "reading ORDER BY first_seq LIMIT ?) AND last_ms < ?"));
    q.addBindValue(m_options.retentionStep);
    q.addBindValue(cutoff);
    if (!q.exec()) {
        *error = describe(q.lastError(), true);
        return false;
    }
    return true;
}

void AgentJournal::appendEvent(quint64 sequence, qint64 atMs, const QString& eventId,
                               QByteArray json)
{
    if (m_closed)
        return;
    m_nextEvent = std::max(m_nextEvent, sequence + 1);
    m_pendingEvents.append({sequence, atMs, eventId, std::move(json)});
    if (m_pendingEvents.size() > m_options.maxPending)
        m_pendingEvents.remove(0, m_pendingEvents.size() - m_options.maxPending);
}

bool AgentJournal::writeEvents(QString* error)
{
    if (m_pendingEvents.isEmpty())
        return true;
    QSqlQuery q(m_db);
    if (!q.prepare(QStringLiteral("INSERT OR REPLACE INTO event VALUES(?, ?, ?, ?)"))) {
        *error = describe(q.lastError(), true);
        return false;
    }
    for (const PendingEvent& e : std::as_const(m_pendingEvents)) {
        q.addBindValue(toDb(e.sequence));
        q.addBindValue(e.eventId);
        q.addBindValue(e.atMs);
        q.addBindValue(e.json);
        if (!q.exec()) {
            *error = describe(q.lastError(), true);
            return false;
        }
    }
    return true;
}

qint64 AgentJournal::eventRetentionMs() const
{
    return std::max<qint64>(m_options.retention.count(),
                            std::chrono::milliseconds(kMinEventRetention).count());
}

void AgentJournal::readOldestEvent()
{
    m_oldestEventMs.reset();
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT at_ms FROM event ORDER BY seq LIMIT 1")) && q.next())
        m_oldestEventMs = q.value(0).toLongLong();
}

bool AgentJournal::eventRetentionStep(qint64 nowMs, QString* error)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM event WHERE seq IN (SELECT seq FROM event ORDER BY seq "
                             "LIMIT ?) AND at_ms < ?"));
    q.addBindValue(m_options.retentionStep);
    q.addBindValue(nowMs - eventRetentionMs());
    if (!q.exec()) {
        *error = describe(q.lastError(), true);
        return false;
    }
    return true;
}

QList<AgentJournal::Entry> AgentJournal::readEvents(quint64 after, quint64 before, int limit,
                                                    QString* error)
{
    auto readStored = [&](QList<Entry>& out) {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral(
            "SELECT seq, json FROM event WHERE seq > ? AND seq < ? ORDER BY seq LIMIT ?"));
        q.addBindValue(toDb(after));
        q.addBindValue(toDb(before));
        q.addBindValue(limit);
        return selectEntries(q, &out, error);
    };
    return readNumbered(after, before, limit, m_db.isOpen(), readStored, m_pendingEvents);
}

QList<AgentJournal::Entry> AgentJournal::latestEventRecords(QString* error)
{
    QList<Entry> out;
    if (!m_db.isOpen())
        return out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    selectEntries(q, &out, error,
                  QStringLiteral("SELECT seq, json FROM event WHERE seq IN (SELECT max(seq) FROM "
                                 "event GROUP BY event_id) ORDER BY seq"));
    return out;
}

bool AgentJournal::selectEntries(QSqlQuery& q, QList<Entry>* out, QString* error,
                                 const QString& query) const
{
    if (!(query.isEmpty() ? q.exec() : q.exec(query))) {
        if (error)
            *error = describe(q.lastError(), false);
        return false;
    }
    while (q.next())
        out->append({fromDb(q.value(0)), q.value(1).toByteArray()});
    return true;
}

quint64 AgentJournal::sequenceBefore(qint64 ms)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT max(last_seq) FROM reading WHERE last_ms < ?"));
    q.addBindValue(ms);
    if (m_db.isOpen() && q.exec() && q.next())
        return fromDb(q.value(0));
    return 0;
}

std::optional<qint64> AgentJournal::lastReadingMs()
{
    std::optional<qint64> out;
    if (m_db.isOpen()) {
        QSqlQuery q(m_db);
        if (q.exec(QStringLiteral("SELECT max(last_ms) FROM reading")) && q.next() &&
            !q.value(0).isNull())
            out = q.value(0).toLongLong();
    }
    for (const Pending& p : std::as_const(m_pending))
        out = std::max(out.value_or(p.timestampMs), p.timestampMs);
    return out;
}

bool AgentJournal::flush(qint64 nowMs, QString* error)
{
    if (m_closed || !m_db.isOpen()) {
        if (error)
            *error = QStringLiteral("the journal ") + m_path + QStringLiteral(" is closed");
        return false;
    }
    const bool expired = m_oldestMs && *m_oldestMs < nowMs - m_options.retention.count();
    const bool eventsExpired = m_oldestEventMs && *m_oldestEventMs < nowMs - eventRetentionMs();
    const quint64 used = m_next - 1;
    const bool topUp = m_reserved < used + m_options.reserveAhead / 2;
    const quint64 eventsUsed = m_nextEvent - 1;
    const bool eventTopUp = m_eventReserved < eventsUsed + kEventReserveAhead / 2;
    if (m_pending.isEmpty() && m_pendingEvents.isEmpty() && !expired && !eventsExpired && !topUp &&
        !eventTopUp)
        return true;

    QString why;
    if (!m_db.transaction()) {
        why = describe(m_db.lastError(), true);
        if (error)
            *error = why;
        return false;
    }
    const int newReadings = int(m_pending.size());
    const bool merge = newReadings > 0 && m_smallRows > 0 &&
                       m_smallReadings + newReadings >= m_options.blockReadings;
    const bool newEvents = !m_pendingEvents.isEmpty();
    // Event numbers are covered in the same transaction that stores them.
    bool ok = writeRows(&why) && (!merge || mergeSmallRows(&why)) &&
              (!expired || retentionStep(nowMs, &why)) && writeEvents(&why) &&
              (!eventsExpired || eventRetentionStep(nowMs, &why));
    if (ok && eventTopUp) {
        ok = setMeta(QStringLiteral("event_reserved_through"),
                     QString::number(eventsUsed + kEventReserveAhead));
        if (!ok)
            why = describe(m_metaError, true);
    }
    if (ok && !m_db.commit()) {
        why = describe(m_db.lastError(), true);
        ok = false;
    }
    if (!ok) {
        m_db.rollback();
        // Judged on this failure, not on what the reservation below meets.
        const bool full = m_diskFull || noRoomLeft();
        // The reservation is a row of its own: it may still fit where the
        // readings did not, and it is what lets numbering go on.
        QString reserveWhy;
        if (topUp)
            reserveThrough(used + m_options.reserveAhead, &reserveWhy);
        m_diskFull = full;
        if (error)
            *error = why;
        return false;
    }
    if (newReadings > 0) {
        if (m_smallRows == 0)
            m_smallFrom = m_pending.first().sequence;
        if (merge || (m_smallRows == 0 && newReadings >= m_options.blockReadings)) {
            // A block now covers everything from m_smallFrom.
            m_smallRows = 0;
            m_smallReadings = 0;
        } else {
            ++m_smallRows;
            m_smallReadings += newReadings;
        }
        if (!m_oldestMs) { // the row just written is the only one
            qint64 rowMs = 0;
            for (const Pending& p : std::as_const(m_pending))
                rowMs = std::max(rowMs, p.timestampMs);
            m_oldestMs = rowMs;
        }
        m_pending.clear();
    }
    if (eventTopUp)
        m_eventReserved = eventsUsed + kEventReserveAhead;
    if (newEvents) {
        if (!m_oldestEventMs)
            m_oldestEventMs = m_pendingEvents.first().atMs;
        m_pendingEvents.clear();
    }
    if (eventsExpired)
        readOldestEvent();
    if (merge || expired)
        readOldest();
    m_diskFull = false;
    if (topUp && !reserveThrough(used + m_options.reserveAhead, error))
        return false;
    return true;
}

bool AgentJournal::close(qint64 nowMs, QString* error)
{
    if (m_closed)
        return true;
    QString why;
    const bool flushed = flush(nowMs, &why);
    // Even when the last readings could not be stored, the numbers they used
    // are recorded as used: the next start continues after them.
    bool marked =
        m_db.transaction() &&
        setMeta(QStringLiteral("last_sequence"), QString::number(m_next - 1)) &&
        setMeta(QStringLiteral("last_event_sequence"), QString::number(m_nextEvent - 1)) &&
        setMeta(QStringLiteral("clean"), QStringLiteral("1")) && m_db.commit();
    if (!marked) {
        if (why.isEmpty())
            why = describe(lastWriteError(), true);
        m_db.rollback();
    }
    m_closed = true;
    m_insert.reset();
    m_db.close();
    if (error && !why.isEmpty())
        *error = why;
    return flushed && marked;
}

QList<AgentJournal::Entry> AgentJournal::read(quint64 after, quint64 before, int limit,
                                              QString* error)
{
    auto readStored = [&](QList<Entry>& out) {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        // From the row holding after + 1 (or the first row after it).
        q.prepare(QStringLiteral(
            "SELECT last_seq, data FROM reading WHERE first_seq >= coalesce((SELECT max(first_seq) "
            "FROM reading WHERE first_seq <= ?), 0) AND first_seq < ? ORDER BY first_seq"));
        q.addBindValue(toDb(after + 1));
        q.addBindValue(toDb(before));
        if (!q.exec()) {
            if (error)
                *error = describe(q.lastError(), false);
            return false;
        }
        while (out.size() < limit && q.next()) {
            if (fromDb(q.value(0)) <= after)
                continue;
            forEachLine(qUncompress(q.value(1).toByteArray()), [&](quint64 seq, QByteArray json) {
                if (seq <= after)
                    return true;
                if (seq >= before || out.size() >= limit)
                    return false;
                out.append({seq, std::move(json)});
                return true;
            });
        }
        return true;
    };
    return readNumbered(after, before, limit, m_db.isOpen(), readStored, m_pending);
}

std::optional<quint64> AgentJournal::oldestSequence()
{
    if (m_db.isOpen()) {
        QSqlQuery q(m_db);
        if (q.exec(QStringLiteral("SELECT min(first_seq) FROM reading")) && q.next() &&
            !q.value(0).isNull())
            return fromDb(q.value(0));
    }
    if (!m_pending.isEmpty())
        return m_pending.first().sequence;
    return std::nullopt;
}

qint64 AgentJournal::fileSizeBytes() const
{
    return QFileInfo(m_path).size() + QFileInfo(m_path + QStringLiteral("-wal")).size();
}

qint64 AgentJournal::payloadBytes()
{
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT coalesce(sum(length(data)), 0) FROM reading")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

// ---- token books (format 3), keeper and audit (format 4) ----

namespace {

QString tokenTableName(AgentJournal::TokenTable table)
{
    switch (table) {
    case AgentJournal::TokenTable::Usage:
        return QStringLiteral("usage");
    case AgentJournal::TokenTable::Adjustment:
        return QStringLiteral("adjustment");
    case AgentJournal::TokenTable::PeerUsage:
        return QStringLiteral("peer_usage");
    case AgentJournal::TokenTable::Audit:
        return QStringLiteral("audit");
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace

bool AgentJournal::appendTokenRecords(TokenTable table, const QList<Entry>& records,
                                      const QList<std::pair<QString, QString>>& metaValues,
                                      QString* error)
{
    auto fail = [&](const QSqlError& e) {
        if (error)
            *error = describe(e, true);
        m_db.rollback();
        return false;
    };
    if (m_closed) {
        if (error)
            *error = m_path + QStringLiteral(" is closed");
        return false;
    }
    // Synced: a closed hour or an adjustment is stored once and for all.
    QSqlQuery q(m_db);
    q.exec(QStringLiteral("PRAGMA synchronous=FULL"));
    const bool began = m_db.transaction();
    bool ok = began;
    if (began) {
        q.prepare(QStringLiteral("INSERT INTO %1 VALUES(?, ?)").arg(tokenTableName(table)));
        for (const Entry& e : records) {
            q.addBindValue(toDb(e.sequence));
            q.addBindValue(e.json);
            if (!q.exec()) {
                ok = fail(q.lastError());
                break;
            }
        }
        for (const auto& [key, value] : metaValues) {
            if (ok && !setMeta(key, value))
                ok = fail(m_metaError);
        }
        if (ok && !m_db.commit())
            ok = fail(m_db.lastError());
    } else if (error) {
        *error = describe(m_db.lastError(), true);
    }
    q.finish();
    q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    return ok;
}

QList<AgentJournal::Entry> AgentJournal::readTokenRecords(TokenTable table, QString* error)
{
    QList<Entry> out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    selectEntries(
        q, &out, error,
        QStringLiteral("SELECT seq, json FROM %1 ORDER BY seq").arg(tokenTableName(table)));
    return out;
}

std::optional<QString> AgentJournal::metaValue(const QString& key)
{
    return meta(key);
}

} // namespace gw
