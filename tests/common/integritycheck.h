#pragma once

// `PRAGMA integrity_check` of an SQLite file on a connection of its own:
// "ok", or what SQLite found (or why the file did not open).

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

namespace gw::test {

inline QString integrityCheck(const QString& path)
{
    const QString name = QStringLiteral("integrity-check");
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open()) {
            result = db.lastError().text();
        } else {
            QSqlQuery q(db);
            result = q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next()
                         ? q.value(0).toString()
                         : q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

} // namespace gw::test
