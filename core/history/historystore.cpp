#include "history/historystore.h"

#include "history/historyschema.h"
#include "util/sqlitefile.h"

#include <QFileInfo>
#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

Q_LOGGING_CATEGORY(lcHistory, "gw.history")

namespace gw {

namespace {

using namespace std::chrono_literals;

constexpr qint64 kMinuteMs = std::chrono::milliseconds(1min).count();
constexpr qint64 kHourMs = std::chrono::milliseconds(1h).count();
// A chunk holds about an hour: small enough that a query decodes little it
// does not need, big enough that the per-row overhead stays under a byte per
// hundred samples.
constexpr qint64 kChunkSpanMs = HistoryStore::kMaxChunkSpanMs;
static_assert(kChunkSpanMs == kHourMs);
constexpr qsizetype kChunkMaxBytes = 64 * 1024;
constexpr std::chrono::milliseconds kBusyTimeout = 5s;

constexpr int kLevelMinute = 1;
constexpr int kLevelHour = 2;

qint64 floorDiv(qint64 a, qint64 b)
{
    const qint64 q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

QString processTarget(qint64 factId)
{
    return QStringLiteral("proc:") + QString::number(factId);
}

} // namespace

HistoryStore::~HistoryStore()
{
    m_insertChunk.reset();
    m_updateChunk.reset();
    m_upsertRollup.reset();
    m_selectMinutes.reset();
    m_putMinutes.reset();
    m_findFact.reset();
    m_insertFact.reset();
    m_updateFact.reset();
    m_updateFactOwner.reset();
    m_setSeriesInterval.reset();
    m_upsertMig.reset();
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

std::unique_ptr<HistoryStore> HistoryStore::open(const QString& path, Mode mode, QString* error,
                                                 RetentionPolicy retention)
{
    std::unique_ptr<HistoryStore> store(new HistoryStore);
    store->m_retention = retention;
    QString why;
    if (!store->openDatabase(path, mode, &why)) {
        qCWarning(lcHistory).noquote() << why;
        if (error)
            *error = why;
        return nullptr;
    }
    return store;
}

bool HistoryStore::openDatabase(const QString& path, Mode mode, QString* error)
{
    m_path = path;
    m_mode = mode;
    sqlitefile::OpenOptions options;
    options.connectionPrefix = QStringLiteral("gw.history.");
    options.busyTimeout = kBusyTimeout;
    options.readOnly = mode == Mode::ReadOnly;
    if (!sqlitefile::open(m_db, m_connection, path, options, historyschema::wording(), error))
        return false;
    if (!historyschema::prepare(m_db, path, mode == Mode::ReadWrite, error))
        return false;
    if (mode == Mode::ReadOnly) {
        const std::optional<bool> owners = historyschema::hasOwnerColumns(m_db, path, error);
        if (!owners)
            return false;
        m_ownerColumns = *owners;
        return prepareStatements(error);
    }
    // Only after prepare(), so nothing is set on another program's file.
    const QStringList setup = {
        // WAL: readers on other threads run while the writer commits. NORMAL
        // sync loses no commit when the process dies, only on power loss.
        QStringLiteral("PRAGMA journal_mode=WAL"),
        QStringLiteral("PRAGMA synchronous=NORMAL"),
        // A previous writer's open chunks stay as they are; new samples
        // start new chunks.
        QStringLiteral("UPDATE chunk SET sealed = 1 WHERE sealed = 0"),
    };
    if (!sqlitefile::exec(m_db, setup, path, historyschema::wording(), error))
        return false;
    return prepareStatements(error);
}

bool HistoryStore::prepareStatements(QString* error)
{
    if (m_mode == Mode::ReadOnly)
        return true;
    auto make = [&](std::optional<QSqlQuery>& q, const QString& sql) {
        q.emplace(m_db);
        if (q->prepare(sql))
            return true;
        *error = historyschema::describe(m_path, q->lastError(), true);
        return false;
    };
    QString ownerAssignments;
    for (const historyschema::Column& c : historyschema::kOwnerColumns)
        ownerAssignments +=
            QStringLiteral(", ") + QLatin1StringView(c.name) + QStringLiteral(" = ?");
    return make(m_insertChunk,
                QStringLiteral("INSERT INTO chunk(series, start_ms, end_ms, count, sealed, data, "
                               "interval_ms) VALUES(?, ?, ?, ?, ?, ?, ?)")) &&
           make(m_updateChunk, QStringLiteral("UPDATE chunk SET end_ms = ?, count = ?, "
                                              "sealed = ?, data = ? WHERE id = ?")) &&
           make(m_upsertRollup,
                QStringLiteral("INSERT INTO rollup VALUES(?, ?, ?, ?, ?, ?, ?) "
                               "ON CONFLICT(level, series, bucket_s) DO UPDATE SET "
                               "min_q = min(min_q, excluded.min_q), "
                               "max_q = max(max_q, excluded.max_q), "
                               "sum_q = sum_q + excluded.sum_q, count = count + excluded.count")) &&
           make(m_selectMinutes, QStringLiteral("SELECT data FROM rollup_minutes "
                                                "WHERE series = ? AND hour_s = ?")) &&
           make(m_putMinutes, QStringLiteral("INSERT OR REPLACE INTO rollup_minutes "
                                             "VALUES(?, ?, ?)")) &&
           make(m_findFact, QStringLiteral("SELECT id, last_seen_ms, max_memory_mib, ") +
                                historyschema::ownerColumnList(true) +
                                QStringLiteral(" FROM process WHERE server = ? AND gpu_uuid = ? "
                                               "AND pid = ? AND start_ms = ?")) &&
           make(m_insertFact,
                QStringLiteral("INSERT INTO process(server, gpu_uuid, gpu_model, pid, start_ms, "
                               "uid, user, command, ghost, first_seen_ms, last_seen_ms, "
                               "max_memory_mib, mig_uuid, ") +
                    historyschema::ownerColumnList(true) +
                    QStringLiteral(") VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                   "?, ?, ?, ?, ?)")) &&
           make(m_updateFact, QStringLiteral("UPDATE process SET last_seen_ms = ?, "
                                             "max_memory_mib = ? WHERE id = ?")) &&
           make(m_updateFactOwner, QStringLiteral("UPDATE process SET last_seen_ms = ?, "
                                                  "max_memory_mib = ?") +
                                       ownerAssignments + QStringLiteral(" WHERE id = ?")) &&
           make(m_setSeriesInterval,
                QStringLiteral("UPDATE series SET interval_ms = ? WHERE id = ?")) &&
           make(m_upsertMig,
                QStringLiteral("INSERT INTO mig_instance(server, gpu_uuid, mig_uuid, profile, "
                               "memory_total_mib, first_seen_ms, last_seen_ms) "
                               "VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(server, mig_uuid) DO "
                               "UPDATE SET gpu_uuid = excluded.gpu_uuid, "
                               "profile = coalesce(excluded.profile, profile), "
                               "memory_total_mib = coalesce(excluded.memory_total_mib, "
                               "memory_total_mib), "
                               "last_seen_ms = max(last_seen_ms, excluded.last_seen_ms)"));
}

bool HistoryStore::fail(const QSqlQuery& q)
{
    if (m_batchError.isEmpty())
        m_batchError = historyschema::describe(m_path, q.lastError(), true);
    return false;
}

std::optional<qint64> HistoryStore::lookupSeriesId(const SeriesKey& key)
{
    if (auto it = m_seriesIds.constFind(key); it != m_seriesIds.constEnd())
        return *it;
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("SELECT id FROM series WHERE server = ? AND target = ? AND metric = ?"));
    q.addBindValue(key.server);
    q.addBindValue(key.target);
    q.addBindValue(int(key.metric));
    if (!q.exec() || !q.next())
        return std::nullopt;
    const qint64 id = q.value(0).toLongLong();
    m_seriesIds.insert(key, id);
    return id;
}

HistoryStore::SeriesState* HistoryStore::state(const SeriesKey& key)
{
    if (auto it = m_series.find(key); it != m_series.end())
        return &it->second;
    if (!m_batchError.isEmpty())
        return nullptr;
    std::optional<qint64> id = lookupSeriesId(key);
    QSqlQuery q(m_db);
    if (!id) {
        q.prepare(QStringLiteral("INSERT INTO series(server, target, metric) VALUES(?, ?, ?)"));
        q.addBindValue(key.server);
        q.addBindValue(key.target);
        q.addBindValue(int(key.metric));
        if (!q.exec())
            return fail(q), nullptr;
        id = q.lastInsertId().toLongLong();
    }
    SeriesState s;
    s.key = key;
    s.id = *id;
    s.scale = quantaPerUnit(key.metric);
    s.createdInBatch = true;
    // After a restart the series goes on after its newest stored sample.
    q.prepare(QStringLiteral("SELECT max(end_ms), (SELECT interval_ms FROM series WHERE id = ?) "
                             "FROM chunk WHERE series = ?"));
    q.addBindValue(s.id);
    q.addBindValue(s.id);
    if (!q.exec())
        return fail(q), nullptr;
    if (q.next()) {
        if (!q.value(0).isNull())
            s.lastMs = q.value(0).toLongLong();
        s.intervalMs = q.value(1).toLongLong(); // NULL (format 2, new): 0
    }
    // Listed as touched at once, so a rollback forgets it even when all its
    // samples were dropped.
    s.touched = true;
    SeriesState* added = &m_series.emplace(key, std::move(s)).first->second;
    m_touched.push_back(added);
    return added;
}

void HistoryStore::addToRollup(Rollup& acc, int level, qint64 series, qint64 bucketS, qint64 q)
{
    if (!acc.values.isEmpty() && acc.bucketS != bucketS)
        takeRollup(acc, level, series);
    if (acc.values.isEmpty())
        acc.bucketS = bucketS;
    acc.values.add(q);
}

void HistoryStore::takeRollup(Rollup& acc, int level, qint64 series)
{
    if (acc.values.isEmpty())
        return;
    m_pendingRollups.append({level, series, acc});
    acc = Rollup{};
}

void HistoryStore::push(const SeriesKey& key, qint64 ms, std::optional<double> value,
                        qint64 intervalMs)
{
    SeriesState* s = state(key);
    if (!s)
        return;
    if (ms <= s->lastMs) {
        ++m_dropped;
        return;
    }
    if (!s->touched) {
        if (!s->createdInBatch)
            m_backup.emplace(s, *s);
        s->touched = true;
        m_touched.push_back(s);
    }
    // A chunk holds readings of one sampling interval: the interval is part
    // of the record and decides where the gaps are.
    if (s->chunk.count() > 0 &&
        (ms - s->chunk.startMs() >= kChunkSpanMs || s->chunk.sizeBytes() >= kChunkMaxBytes ||
         s->chunkIntervalMs != intervalMs)) {
        if (!writeChunk(*s, true))
            return;
        s->chunk = ChunkEncoder(ms);
        s->chunkRow = 0;
    }
    if (s->chunk.count() == 0)
        s->chunkIntervalMs = intervalMs;
    if (s->intervalMs != intervalMs) {
        QSqlQuery& q = *m_setSeriesInterval;
        q.addBindValue(intervalMs);
        q.addBindValue(s->id);
        if (!q.exec()) {
            fail(q);
            return;
        }
        s->intervalMs = intervalMs;
    }
    std::optional<qint64> q;
    if (value && std::isfinite(*value))
        q = std::llround(*value * s->scale);
    s->chunk.append(ms, q);
    s->lastMs = ms;
    if (q) {
        addToRollup(s->minute, kLevelMinute, s->id, floorDiv(ms, kMinuteMs) * 60, *q);
        addToRollup(s->hour, kLevelHour, s->id, floorDiv(ms, kHourMs) * 3600, *q);
    }
}

bool HistoryStore::writeChunk(SeriesState& s, bool sealed)
{
    if (s.chunk.count() == 0)
        return true;
    const QByteArray data = s.chunk.bytes();
    if (s.chunkRow != 0) {
        QSqlQuery& q = *m_updateChunk;
        q.addBindValue(s.chunk.lastMs());
        q.addBindValue(s.chunk.count());
        q.addBindValue(sealed ? 1 : 0);
        q.addBindValue(data);
        q.addBindValue(s.chunkRow);
        if (!q.exec())
            return fail(q);
        // Zero rows: retention removed a chunk that sat open for longer than
        // the raw retention; write it anew.
        if (q.numRowsAffected() > 0)
            return true;
    }
    QSqlQuery& q = *m_insertChunk;
    q.addBindValue(s.id);
    q.addBindValue(s.chunk.startMs());
    q.addBindValue(s.chunk.lastMs());
    q.addBindValue(s.chunk.count());
    q.addBindValue(sealed ? 1 : 0);
    q.addBindValue(data);
    q.addBindValue(s.chunkIntervalMs);
    if (!q.exec())
        return fail(q);
    s.chunkRow = q.lastInsertId().toLongLong();
    return true;
}

// What the store keeps of a workload (docs/history.md, "Owners and
// workloads").
HistoryStore::KeptWorkload HistoryStore::keptWorkload(const Workload& w)
{
    return KeptWorkload{w.kind, w.id, w.name, w.namespaceName, w.partition};
}

std::optional<Workload> HistoryStore::workloadOf(const FactState& f)
{
    if (!f.workload)
        return std::nullopt;
    Workload w;
    w.kind = f.workload->kind;
    w.id = f.workload->id;
    w.name = f.workload->name;
    w.namespaceName = f.workload->namespaceName;
    w.partition = f.workload->partition;
    return w;
}

void HistoryStore::readOwner(const QSqlQuery& q, int first, FactState& f)
{
    std::optional<Workload> w;
    historyschema::readOwnerColumns(q, first, &f.owner, &w);
    f.workload.reset();
    if (w)
        f.workload = keptWorkload(*w);
}

namespace {

// Equal text, tried first by identity: a reading's strings are most often
// the very ones the fact holds (the attribution keeps each process's owner
// and names from reading to reading), so a steady reading compares
// pointers, not characters. Inlined: these comparisons are all a steady
// reading costs (a third less than as calls, by callgrind).
[[gnu::always_inline]] inline bool sameText(const QString& a, const QString& b)
{
    return (a.constData() == b.constData() && a.size() == b.size()) || a == b;
}

bool sameOwner(const ProcessOwner& a, const ProcessOwner& b)
{
    return a.isWorkload == b.isWorkload && sameText(a.user, b.user) &&
           sameText(a.account, b.account) && sameText(a.because, b.because);
}

} // namespace

// What a reading says of its process's owner and workload, taken into the
// fact where it differs from what the fact holds; true when it did. A
// reading that says nothing (no owner, no workload, a name not answered yet)
// changes nothing: a name once learned stays until the workload itself
// (kind, id) changes. A steady reading compares a few strings and writes
// nothing.
bool HistoryStore::learnOwner(FactState& f, const GpuProcess& p)
{
    bool changed = false;
    if (p.owner && (!f.owner || !sameOwner(*f.owner, *p.owner))) {
        f.owner = p.owner;
        changed = true;
    }
    if (!p.workload)
        return changed;
    const Workload& w = *p.workload;
    if (!f.workload || f.workload->kind != w.kind || !sameText(f.workload->id, w.id)) {
        f.workload = keptWorkload(w);
        return true;
    }
    const auto learn = [&](QString& held, const QString& said) {
        if (!said.isEmpty() && !sameText(said, held)) {
            held = said;
            changed = true;
        }
    };
    learn(f.workload->name, w.name);
    learn(f.workload->namespaceName, w.namespaceName);
    learn(f.workload->partition, w.partition);
    return changed;
}

std::optional<qint64> HistoryStore::processFact(const Snapshot& snap, const GpuProcess& p)
{
    const qint64 start = p.startTimeMs.value_or(0);
    const QString identity = snap.server % QChar(0x1f) % p.gpuUuid % QChar(0x1f) %
                             QString::number(p.pid) % QChar(0x1f) % QString::number(start);
    auto it = m_facts.find(identity);
    if (it == m_facts.end()) {
        if (!m_batchError.isEmpty())
            return std::nullopt;
        FactState f;
        QSqlQuery& find = *m_findFact;
        find.addBindValue(snap.server);
        find.addBindValue(p.gpuUuid);
        find.addBindValue(p.pid);
        find.addBindValue(start);
        if (!find.exec())
            return fail(find), std::nullopt;
        if (find.next()) {
            f.id = find.value(0).toLongLong();
            f.lastSeenMs = find.value(1).toLongLong();
            if (!find.value(2).isNull())
                f.maxMemoryMiB = find.value(2).toDouble();
            readOwner(find, 3, f);
            find.finish();
        } else {
            find.finish();
            const GpuSample* gpu = snap.gpuByUuid(p.gpuUuid);
            QSqlQuery& ins = *m_insertFact;
            ins.addBindValue(snap.server);
            ins.addBindValue(p.gpuUuid);
            ins.addBindValue(gpu ? gpu->name : QString());
            ins.addBindValue(p.pid);
            ins.addBindValue(start);
            ins.addBindValue(p.uid ? QVariant(qint64(*p.uid)) : QVariant());
            ins.addBindValue(p.user);
            ins.addBindValue(p.command);
            ins.addBindValue(p.ghost ? 1 : 0);
            ins.addBindValue(snap.timestampMs);
            ins.addBindValue(snap.timestampMs);
            ins.addBindValue(p.usedMemoryMiB ? QVariant(*p.usedMemoryMiB) : QVariant());
            ins.addBindValue(p.migUuid.isEmpty() ? QVariant() : QVariant(p.migUuid));
            f.owner = p.owner;
            if (p.workload)
                f.workload = keptWorkload(*p.workload);
            historyschema::bindOwnerColumns(ins, f.owner, workloadOf(f));
            if (!ins.exec())
                return fail(ins), std::nullopt;
            f.id = ins.lastInsertId().toLongLong();
            f.lastSeenMs = snap.timestampMs;
            f.maxMemoryMiB = p.usedMemoryMiB;
        }
        it = m_facts.insert(identity, f);
    }
    FactState& f = *it;
    if (snap.timestampMs > f.lastSeenMs) {
        f.lastSeenMs = snap.timestampMs;
        f.dirty = true;
    }
    if (p.usedMemoryMiB && (!f.maxMemoryMiB || *p.usedMemoryMiB > *f.maxMemoryMiB)) {
        f.maxMemoryMiB = p.usedMemoryMiB;
        f.dirty = true;
    }
    if ((p.owner || p.workload) && learnOwner(f, p))
        f.dirty = f.ownerDirty = true;
    return f.id;
}

void HistoryStore::noteMig(const Snapshot& snap, const GpuSample& g, const MigInstance& m)
{
    // The instance's row is written when first seen and then about once a
    // minute (its last_seen_ms), not with every reading.
    const QString id = snap.server % QChar(0x1f) % m.uuid;
    auto it = m_migWritten.find(id);
    if (it != m_migWritten.end() && snap.timestampMs - *it < kMinuteMs && snap.timestampMs >= *it)
        return;
    QSqlQuery& q = *m_upsertMig;
    q.addBindValue(snap.server);
    q.addBindValue(g.uuid);
    q.addBindValue(m.uuid);
    q.addBindValue(m.profile.isEmpty() ? QVariant() : QVariant(m.profile));
    q.addBindValue(m.memoryTotalMiB ? QVariant(*m.memoryTotalMiB) : QVariant());
    q.addBindValue(snap.timestampMs);
    q.addBindValue(snap.timestampMs);
    if (!q.exec()) {
        fail(q);
        return;
    }
    m_migWritten.insert(id, snap.timestampMs);
}

bool HistoryStore::append(const QList<Snapshot>& batch, QString* error)
{
    if (m_mode == Mode::ReadOnly) {
        if (error)
            *error = QStringLiteral("cannot write history to ") + m_path +
                     QStringLiteral(": the store was opened read-only");
        return false;
    }
    m_batchError.clear();
    if (!m_db.transaction()) {
        if (error)
            *error = historyschema::describe(m_path, m_db.lastError(), true);
        return false;
    }
    SeriesKey key;
    // A series starts with its first present value: a metric a device never
    // reports (SM clock on some boards) costs no series and no bytes, and
    // reads as empty buckets like any series never written. (After a restart
    // absent readings before a series' next present one are not kept: no
    // sample reads the same as an absent one.)
    qint64 interval = kDefaultSamplingIntervalMs;
    auto put = [&](qint64 ms, std::optional<double> v) {
        if (v || m_series.find(key) != m_series.end())
            push(key, ms, v, interval);
    };
    for (const Snapshot& snap : batch) {
        const qint64 ms = snap.timestampMs;
        // Readings without an interval (older agents) get the documented
        // default; a nonsense one too.
        interval =
            snap.intervalMs && *snap.intervalMs > 0 ? *snap.intervalMs : kDefaultSamplingIntervalMs;
        key.server = snap.server;
        // Every row of the metric table is a series: adding a row stores it.
        for (const GpuSample& g : snap.gpus) {
            key.target = g.uuid;
            // A lost GPU reports nothing: its series get gaps.
            const bool ok = g.error.isEmpty();
            for (const MetricDef& d : metricTable()) {
                if (d.target != MetricTarget::Gpu)
                    continue;
                key.metric = d.id;
                put(ms, ok ? metricValue(d, g) : std::nullopt);
            }
            // MIG instances: a row each, and their memory as a series keyed
            // by the instance's UUID, so use can be attributed per instance.
            for (const MigInstance& m : g.migInstances) {
                if (m.uuid.isEmpty())
                    continue;
                noteMig(snap, g, m);
                key.target = m.uuid;
                key.metric = MetricId::GpuMemoryUsed;
                put(ms, ok ? m.memoryUsedMiB : std::nullopt);
            }
        }
        key.target = QStringLiteral("host");
        for (const MetricDef& d : metricTable()) {
            if (d.target != MetricTarget::Host)
                continue;
            key.metric = d.id;
            put(ms, metricValue(d, snap.host));
        }
        for (const GpuProcess& p : snap.processes) {
            const std::optional<qint64> fact = processFact(snap, p);
            if (!fact)
                continue;
            key.target = processTarget(*fact);
            for (const MetricDef& d : metricTable()) {
                if (d.target != MetricTarget::Process)
                    continue;
                key.metric = d.id;
                put(ms, metricValue(d, p));
            }
        }
        if (!m_batchError.isEmpty())
            break;
    }
    if (m_batchError.isEmpty() && finishBatch() && m_db.commit()) {
        m_backup.clear();
        for (SeriesState* s : m_touched)
            s->touched = s->createdInBatch = false;
        m_touched.clear();
        return true;
    }
    if (m_batchError.isEmpty())
        m_batchError = historyschema::describe(m_path, m_db.lastError(), true);
    rollbackBatch();
    qCWarning(lcHistory).noquote() << m_batchError;
    if (error)
        *error = m_batchError;
    return false;
}

bool HistoryStore::writeMinuteRollups()
{
    // Pending minutes grouped by (series, hour), each group merged into its
    // packed row in one read and one write.
    std::map<std::pair<qint64, qint64>, QList<MinuteRollup>> groups;
    for (const RollupRow& row : std::as_const(m_pendingRollups)) {
        if (row.level != kLevelMinute)
            continue;
        const qint64 hourS = floorDiv(row.r.bucketS, 3600) * 3600;
        const QuantaSummary& v = row.r.values;
        groups[{row.series, hourS}].append(
            MinuteRollup{int((row.r.bucketS - hourS) / 60), v.minQ, v.maxQ, v.sumQ, v.count});
    }
    // Each group in minute order with one entry a minute (a minute taken
    // twice in a batch is added up), by one sort, not a merge per minute.
    for (auto& [key, g] : groups) {
        std::stable_sort(g.begin(), g.end(), [](const MinuteRollup& a, const MinuteRollup& b) {
            return a.minute < b.minute;
        });
        qsizetype out = 0;
        for (qsizetype i = 0; i < g.size(); ++i) {
            if (out > 0 && g[out - 1].minute == g[i].minute) {
                MinuteRollup& m = g[out - 1];
                m.minQ = std::min(m.minQ, g[i].minQ);
                m.maxQ = std::max(m.maxQ, g[i].maxQ);
                m.sumQ += g[i].sumQ;
                m.count += g[i].count;
            } else {
                g[out++] = g[i];
            }
        }
        g.resize(out);
    }
    QSqlQuery& get = *m_selectMinutes;
    QSqlQuery& put = *m_putMinutes;
    for (auto& [key, delta] : groups) {
        get.addBindValue(key.first);
        get.addBindValue(key.second);
        if (!get.exec())
            return fail(get);
        QList<MinuteRollup> minutes;
        if (get.next()) {
            const auto stored = decodeMinuteRollups(get.value(0).toByteArray());
            if (!stored) {
                // Not expected (the row is ours): start the hour afresh rather than stop.
                qCWarning(lcHistory) << "unreadable minute roll-ups in" << m_path << "series"
                                     << key.first << "hour" << key.second;
            } else {
                minutes = *stored;
            }
        }
        get.finish();
        mergeMinuteRollups(minutes, delta);
        put.addBindValue(key.first);
        put.addBindValue(key.second);
        put.addBindValue(encodeMinuteRollups(minutes));
        if (!put.exec())
            return fail(put);
    }
    return true;
}

bool HistoryStore::finishBatch()
{
    // The open chunks' current contents go into this same commit: a killed
    // writer loses at most the batch it was appending.
    for (SeriesState* s : m_touched) {
        if (!writeChunk(*s, false))
            return false;
        takeRollup(s->minute, kLevelMinute, s->id);
        takeRollup(s->hour, kLevelHour, s->id);
    }
    if (!writeMinuteRollups())
        return false;
    QSqlQuery& up = *m_upsertRollup;
    for (const RollupRow& row : std::as_const(m_pendingRollups)) {
        if (row.level != kLevelHour)
            continue;
        up.addBindValue(row.level);
        up.addBindValue(row.series);
        up.addBindValue(row.r.bucketS);
        up.addBindValue(row.r.values.minQ);
        up.addBindValue(row.r.values.maxQ);
        up.addBindValue(row.r.values.sumQ);
        up.addBindValue(row.r.values.count);
        if (!up.exec())
            return fail(up);
    }
    m_pendingRollups.clear();
    for (FactState& f : m_facts) {
        if (!f.dirty)
            continue;
        // The owner, where a reading changed it, in the same statement.
        QSqlQuery& q = f.ownerDirty ? *m_updateFactOwner : *m_updateFact;
        q.addBindValue(f.lastSeenMs);
        q.addBindValue(f.maxMemoryMiB ? QVariant(*f.maxMemoryMiB) : QVariant());
        if (f.ownerDirty)
            historyschema::bindOwnerColumns(q, f.owner, workloadOf(f));
        q.addBindValue(f.id);
        if (!q.exec())
            return fail(q);
        f.dirty = f.ownerDirty = false;
    }
    return true;
}

void HistoryStore::rollbackBatch()
{
    // SQLite has already rolled back by itself after some errors (a full disk).
    if (!m_db.rollback())
        qCDebug(lcHistory) << "rollback:" << m_db.lastError().text();
    // Back to the state of the last commit: series and facts created in this
    // batch are gone from the file, so they go from memory too.
    for (auto& [ptr, saved] : m_backup)
        *ptr = std::move(saved);
    m_backup.clear();
    for (SeriesState* s : m_touched) {
        s->touched = false;
        if (s->createdInBatch) {
            const SeriesKey key = s->key;
            m_series.erase(key);
        }
    }
    m_touched.clear();
    m_pendingRollups.clear();
    m_facts.clear();
    m_migWritten.clear();
    m_seriesIds.clear();
}

bool HistoryStore::flush(QString* error)
{
    if (m_mode == Mode::ReadOnly)
        return true;
    m_batchError.clear();
    if (!m_db.transaction()) {
        if (error)
            *error = historyschema::describe(m_path, m_db.lastError(), true);
        return false;
    }
    bool ok = true;
    for (auto& [key, s] : m_series) {
        if (s.chunk.count() == 0)
            continue;
        if (!writeChunk(s, true)) {
            ok = false;
            break;
        }
    }
    if (ok && m_db.commit()) {
        for (auto& [key, s] : m_series) {
            s.chunk = ChunkEncoder(s.lastMs);
            s.chunkRow = 0;
        }
        QSqlQuery q(m_db);
        q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        return true;
    }
    const QString why = m_batchError.isEmpty()
                            ? historyschema::describe(m_path, m_db.lastError(), true)
                            : m_batchError;
    m_db.rollback();
    if (error)
        *error = why;
    return false;
}

QString HistoryStore::path() const
{
    return m_path;
}

} // namespace gw
