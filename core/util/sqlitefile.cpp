#include "util/sqlitefile.h"

#include <QSqlQuery>
#include <QStringBuilder>

#include <atomic>

namespace gw::sqlitefile {

namespace {

// Connection names must be unique per process, across threads.
std::atomic<quint64> g_connectionCounter{0};

} // namespace

std::optional<int> open(QSqlDatabase& db, QString& connection, const QString& path,
                        const OpenOptions& options, const Wording& wording, QString* error)
{
    connection = options.connectionPrefix + QString::number(++g_connectionCounter);
    db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
    if (!db.isValid()) {
        *error = wording.openPrefix % path %
                 QStringLiteral(": the Qt SQLite driver (QSQLITE) is not installed");
        return std::nullopt;
    }
    db.setDatabaseName(path);
    QString connectOptions =
        QStringLiteral("QSQLITE_BUSY_TIMEOUT=") + QString::number(options.busyTimeout.count());
    if (options.readOnly)
        connectOptions += QStringLiteral(";QSQLITE_OPEN_READONLY");
    db.setConnectOptions(connectOptions);
    if (!db.open()) {
        *error = describe(path, db.lastError(), !options.readOnly, wording);
        return std::nullopt;
    }
    QSqlQuery q(db);
    // SQLite opens lazily: this is the first read of the file, where a text
    // file, garbage or a lock held elsewhere shows.
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        *error = describe(path, q.lastError(), false, wording);
        return std::nullopt;
    }
    const int version = q.value(0).toInt();
    q.finish();
    if (!exec(db, options.pragmas, path, wording, error))
        return std::nullopt;
    return version;
}

bool exec(QSqlDatabase& db, const QStringList& statements, const QString& path,
          const Wording& wording, QString* error)
{
    QSqlQuery q(db);
    for (const QString& sql : statements) {
        if (!q.exec(sql)) {
            *error = describe(path, q.lastError(), true, wording);
            return false;
        }
        q.finish();
    }
    return true;
}

QString describe(const QString& path, const QSqlError& error, bool writing, const Wording& wording)
{
    const QString native = error.nativeErrorCode();
    const QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    const QString lower = text.toLower();
    const QString& prefix = writing ? wording.writePrefix : wording.readPrefix;
    const QString sqlite = QStringLiteral(" (") % text % QStringLiteral(")");
    // SQLite primary result codes: 13 FULL, 8 READONLY, 26 NOTADB, 14 CANTOPEN, 5 BUSY.
    if (native == QLatin1String("13") || lower.contains(QLatin1String("full")))
        return prefix % path % QStringLiteral(": ") % wording.diskFull % sqlite;
    if (native == QLatin1String("8") || lower.contains(QLatin1String("readonly")))
        return prefix % path %
               QStringLiteral(": the file or its folder is read-only for this user") % sqlite;
    if (native == QLatin1String("26") || lower.contains(QLatin1String("not a database")))
        return path % wording.notOurs % sqlite;
    if (native == QLatin1String("14") || lower.contains(QLatin1String("unable to open")))
        return wording.openPrefix % path %
               QStringLiteral(": the file or its folder does not exist or is not accessible") %
               sqlite;
    if (native == QLatin1String("5") || lower.contains(QLatin1String("locked")))
        return prefix % path % QStringLiteral(": ") % wording.busy % sqlite;
    return prefix % path % QStringLiteral(": ") % text;
}

} // namespace gw::sqlitefile
