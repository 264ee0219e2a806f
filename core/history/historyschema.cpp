#include "history/historyschema.h"

#include <QSet>
#include <QSqlQuery>
#include <QStringList>

#include <iterator>

namespace gw::historyschema {

namespace {

const auto kApplication = QStringLiteral("gpuwarden-history");

bool exec(QSqlDatabase& db, const QString& sql, const QString& path, QString* why)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    *why = describe(path, q.lastError(), true);
    return false;
}

const QString kCreateMig = QStringLiteral(
    "CREATE TABLE mig_instance(id INTEGER PRIMARY KEY, server TEXT NOT NULL, "
    "gpu_uuid TEXT NOT NULL, mig_uuid TEXT NOT NULL, profile TEXT, memory_total_mib REAL, "
    "first_seen_ms INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL, UNIQUE(server, mig_uuid))");

const QString kCreateIdentity =
    QStringLiteral("CREATE TABLE IF NOT EXISTS server_identity(agent_id TEXT PRIMARY KEY, "
                   "server TEXT NOT NULL UNIQUE, bound_ms INTEGER NOT NULL)");

bool run(QSqlDatabase& db, const QStringList& statements, const QString& path, QString* why)
{
    if (!db.transaction()) {
        *why = describe(path, db.lastError(), true);
        return false;
    }
    for (const QString& s : statements) {
        if (!exec(db, s, path, why)) {
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        *why = describe(path, db.lastError(), true);
        db.rollback();
        return false;
    }
    return true;
}

// Format 2 → 3: columns added, nothing rewritten; old rows read with the
// default interval and no MIG instance.
bool upgradeFrom2(QSqlDatabase& db, const QString& path, QString* why)
{
    return run(db,
               {QStringLiteral("ALTER TABLE series ADD COLUMN interval_ms INTEGER"),
                QStringLiteral("ALTER TABLE chunk ADD COLUMN interval_ms INTEGER"),
                QStringLiteral("ALTER TABLE process ADD COLUMN mig_uuid TEXT"), kCreateMig,
                QStringLiteral("PRAGMA user_version = 3")},
               path, why);
}

// The process table's columns, by name.
std::optional<QSet<QString>> processColumns(QSqlDatabase& db, const QString& path, QString* why)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA table_info(process)"))) {
        *why = describe(path, q.lastError(), false);
        return std::nullopt;
    }
    QSet<QString> names;
    while (q.next())
        names.insert(q.value(1).toString());
    return names;
}

// Who owns a process and what it runs in: columns added to a file of this
// format without them, in one transaction; existing rows read NULL (not
// known). Nothing is written when they are all there.
bool addOwnerColumns(QSqlDatabase& db, const QString& path, QString* why)
{
    const std::optional<QSet<QString>> have = processColumns(db, path, why);
    if (!have)
        return false;
    QStringList add;
    for (const Column& c : kOwnerColumns)
        if (!have->contains(QLatin1StringView(c.name)))
            add.append(QStringLiteral("ALTER TABLE process ADD COLUMN ") +
                       QLatin1StringView(c.name) + u' ' + QLatin1StringView(c.type));
    return add.isEmpty() || run(db, add, path, why);
}

QString ownerColumnsSql()
{
    QString sql;
    for (const Column& c : kOwnerColumns)
        sql += QStringLiteral(", ") + QLatin1StringView(c.name) + u' ' + QLatin1StringView(c.type);
    return sql;
}

bool create(QSqlDatabase& db, const QString& path, QString* why)
{
    const QStringList statements = {
        QStringLiteral("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)"),
        QStringLiteral("INSERT INTO meta VALUES('application', '") + kApplication +
            QStringLiteral("')"),
        QStringLiteral("CREATE TABLE series(id INTEGER PRIMARY KEY, server TEXT NOT NULL, "
                       "target TEXT NOT NULL, metric INTEGER NOT NULL, interval_ms INTEGER, "
                       "UNIQUE(server, target, metric))"),
        QStringLiteral("CREATE TABLE chunk(id INTEGER PRIMARY KEY, series INTEGER NOT NULL, "
                       "start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, "
                       "count INTEGER NOT NULL, sealed INTEGER NOT NULL, data BLOB NOT NULL, "
                       "interval_ms INTEGER)"),
        QStringLiteral("CREATE INDEX chunk_series ON chunk(series, start_ms)"),
        QStringLiteral("CREATE INDEX chunk_end ON chunk(end_ms)"),
        QStringLiteral("CREATE TABLE rollup(level INTEGER NOT NULL, series INTEGER NOT NULL, "
                       "bucket_s INTEGER NOT NULL, min_q INTEGER NOT NULL, "
                       "max_q INTEGER NOT NULL, sum_q INTEGER NOT NULL, "
                       "count INTEGER NOT NULL, PRIMARY KEY(level, series, bucket_s)) "
                       "WITHOUT ROWID"),
        // Minute roll-ups, one row per series and hour (historycodec.h).
        QStringLiteral("CREATE TABLE rollup_minutes(series INTEGER NOT NULL, "
                       "hour_s INTEGER NOT NULL, data BLOB NOT NULL, "
                       "PRIMARY KEY(series, hour_s)) WITHOUT ROWID"),
        QStringLiteral("CREATE TABLE process(id INTEGER PRIMARY KEY, server TEXT NOT NULL, "
                       "gpu_uuid TEXT NOT NULL, gpu_model TEXT, pid INTEGER NOT NULL, "
                       "start_ms INTEGER NOT NULL, uid INTEGER, user TEXT, command TEXT, "
                       "ghost INTEGER NOT NULL, first_seen_ms INTEGER NOT NULL, "
                       "last_seen_ms INTEGER NOT NULL, max_memory_mib REAL, mig_uuid TEXT") +
            ownerColumnsSql() + QStringLiteral(", UNIQUE(server, gpu_uuid, pid, start_ms))"),
        QStringLiteral("CREATE INDEX process_seen ON process(last_seen_ms)"),
        kCreateMig,
        kCreateIdentity,
        QStringLiteral("PRAGMA user_version = ") + QString::number(kVersion),
    };
    return run(db, statements, path, why);
}

} // namespace

bool prepare(QSqlDatabase& db, const QString& path, bool writable, QString* why)
{
    QSqlQuery q(db);
    // The first read of the file: a text file or garbage fails here.
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        *why = describe(path, q.lastError(), false);
        return false;
    }
    const int version = q.value(0).toInt();
    q.finish();
    if (version == 0) {
        if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_schema")) || !q.next()) {
            *why = describe(path, q.lastError(), false);
            return false;
        }
        if (q.value(0).toInt() != 0) {
            *why = path + QStringLiteral(" is not a GPU Warden history file (it is an SQLite "
                                         "database of another program)");
            return false;
        }
        q.finish();
        if (!writable) {
            *why = path + QStringLiteral(" is not a GPU Warden history file yet (empty); "
                                         "it cannot be created in read-only mode");
            return false;
        }
        return create(db, path, why);
    }
    if (!q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'application'")) || !q.next() ||
        q.value(0).toString() != kApplication) {
        *why = path + QStringLiteral(" is not a GPU Warden history file (it is an SQLite "
                                     "database of another program)");
        return false;
    }
    if (version == 2) {
        if (writable)
            return upgradeFrom2(db, path, why) && exec(db, kCreateIdentity, path, why) &&
                   addOwnerColumns(db, path, why);
        *why = path + QStringLiteral(" holds history format 2; it is upgraded to format %1 "
                                     "when GPU Warden next opens it for writing")
                          .arg(kVersion);
        return false;
    }
    if (version < kVersion) {
        // Format 1 (fixed prefix codes) only ever existed in development
        // builds; its chunks would be misread by this codec.
        *why = path + QStringLiteral(" holds history format %1, which this version no longer "
                                     "reads (it reads format %2); move the file away to start "
                                     "a new history")
                          .arg(version)
                          .arg(kVersion);
        return false;
    }
    if (version > kVersion) {
        *why = path + QStringLiteral(" was written by a newer GPU Warden (history format %1, "
                                     "this version reads up to %2)")
                          .arg(version)
                          .arg(kVersion);
        return false;
    }
    // A file of a version before identities or owners gets their table and
    // columns when written.
    return !writable || (exec(db, kCreateIdentity, path, why) && addOwnerColumns(db, path, why));
}

// readOwnerColumns() and bindOwnerColumns() take them in this order.
static_assert(std::size(kOwnerColumns) == 9);

QString ownerColumnList(bool present)
{
    QStringList names;
    for (const Column& c : kOwnerColumns)
        names.append(present ? QString::fromLatin1(c.name) : QStringLiteral("NULL"));
    return names.join(QStringLiteral(", "));
}

void readOwnerColumns(const QSqlQuery& q, int first, std::optional<ProcessOwner>* owner,
                      std::optional<Workload>* workload)
{
    owner->reset();
    workload->reset();
    if (!q.value(first).isNull()) {
        ProcessOwner& o = owner->emplace();
        o.user = q.value(first).toString();
        o.account = q.value(first + 1).toString();
        o.because = q.value(first + 2).toString();
        o.isWorkload = q.value(first + 3).toInt() != 0;
    }
    if (!q.value(first + 4).isNull()) {
        Workload& w = workload->emplace();
        // A kind this version does not know (written by a newer one) is
        // kept as what it is: a workload of a shape not recognised.
        w.kind =
            workloadKindFromName(q.value(first + 4).toString()).value_or(WorkloadKind::Unknown);
        w.id = q.value(first + 5).toString();
        w.name = q.value(first + 6).toString();
        w.namespaceName = q.value(first + 7).toString();
        w.partition = q.value(first + 8).toString();
    }
}

void bindOwnerColumns(QSqlQuery& q, const std::optional<ProcessOwner>& owner,
                      const std::optional<Workload>& workload)
{
    // Empty is NULL, except the owner itself: a row has an owner exactly
    // when its owner column is not NULL.
    const auto text = [](const QString& s) {
        return s.isEmpty() ? QVariant() : QVariant(s);
    };
    if (owner) {
        q.addBindValue(owner->user.isNull() ? QStringLiteral("") : owner->user);
        q.addBindValue(text(owner->account));
        q.addBindValue(text(owner->because));
        q.addBindValue(owner->isWorkload ? 1 : 0);
    } else {
        for (int i = 0; i < 4; ++i)
            q.addBindValue(QVariant());
    }
    if (workload) {
        q.addBindValue(workloadKindName(workload->kind));
        q.addBindValue(text(workload->id));
        q.addBindValue(text(workload->name));
        q.addBindValue(text(workload->namespaceName));
        q.addBindValue(text(workload->partition));
    } else {
        for (int i = 0; i < 5; ++i)
            q.addBindValue(QVariant());
    }
}

std::optional<bool> hasOwnerColumns(QSqlDatabase& db, const QString& path, QString* why)
{
    const std::optional<QSet<QString>> have = processColumns(db, path, why);
    if (!have)
        return std::nullopt;
    for (const Column& c : kOwnerColumns)
        if (!have->contains(QLatin1StringView(c.name)))
            return false;
    return true;
}

const sqlitefile::Wording& wording()
{
    static const sqlitefile::Wording w{
        QStringLiteral("cannot open history file "),
        QStringLiteral("cannot read history from "),
        QStringLiteral("cannot write history to "),
        QStringLiteral(" is not a GPU Warden history file"),
        QStringLiteral("the disk is full (or the history size limit is reached); live monitoring "
                       "goes on, history is not recorded until space is freed"),
        QStringLiteral("the file is busy (locked by another program)"),
    };
    return w;
}

QString describe(const QString& path, const QSqlError& error, bool writing)
{
    return sqlitefile::describe(path, error, writing, wording());
}

} // namespace gw::historyschema
