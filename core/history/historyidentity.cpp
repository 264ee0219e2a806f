// One identity per server (issue 24): which agent the rows under a server
// name belong to, and the moves that keep one agent's history together
// under the name it is watched by and two agents' histories apart.
#include "history/historyschema.h"
#include "history/historystore.h"

#include <QDateTime>
#include <QSqlQuery>

namespace gw {

bool HistoryStore::hasServerRows(const QString& server, bool* ok)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT EXISTS(SELECT 1 FROM series WHERE server = ?) OR "
                             "EXISTS(SELECT 1 FROM process WHERE server = ?) OR "
                             "EXISTS(SELECT 1 FROM mig_instance WHERE server = ?)"));
    for (int i = 0; i < 3; ++i)
        q.addBindValue(server);
    *ok = q.exec() && q.next();
    if (!*ok)
        m_batchError = historyschema::describe(m_path, q.lastError(), true);
    return *ok && q.value(0).toBool();
}

// Only into a name without rows, so no UNIQUE constraint can refuse it.
bool HistoryStore::renameServerRows(const QString& from, const QString& to)
{
    for (const auto* table : {"series", "process", "mig_instance"}) {
        QSqlQuery q(m_db);
        q.prepare(
            QStringLiteral("UPDATE %1 SET server = ? WHERE server = ?").arg(QLatin1String(table)));
        q.addBindValue(to);
        q.addBindValue(from);
        if (!q.exec()) {
            m_batchError = historyschema::describe(m_path, q.lastError(), true);
            return false;
        }
    }
    return true;
}

std::optional<HistoryStore::ServerBinding> HistoryStore::bindServer(const QString& server,
                                                                    const QString& agentId,
                                                                    const QString& formerName,
                                                                    QString* error)
{
    const auto failed = [&](const QString& why) -> std::optional<ServerBinding> {
        m_db.rollback();
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (m_mode == Mode::ReadOnly || server.isEmpty() || agentId.isEmpty()) {
        if (error)
            *error = QStringLiteral("cannot bind a server in a read-only history");
        return std::nullopt;
    }
    m_batchError.clear();
    const auto lookup = [&](const QString& sql, const QString& value, bool* ok) {
        QSqlQuery q(m_db);
        q.prepare(sql);
        q.addBindValue(value);
        *ok = q.exec();
        if (!*ok)
            m_batchError = historyschema::describe(m_path, q.lastError(), true);
        return *ok && q.next() ? q.value(0).toString() : QString();
    };
    bool ok = true;
    const QString bound = lookup(
        QStringLiteral("SELECT agent_id FROM server_identity WHERE server = ?"), server, &ok);
    if (!ok)
        return failed(m_batchError);
    ServerBinding binding;
    if (bound == agentId)
        return binding; // bound already: nothing to move
    const QString lastName = lookup(
        QStringLiteral("SELECT server FROM server_identity WHERE agent_id = ?"), agentId, &ok);
    if (!ok)
        return failed(m_batchError);
    // The agent's rows under an earlier name: its last bound name, else
    // the name a server added by URL had, when no agent owns rows there.
    QString earlier = lastName;
    if (earlier.isEmpty() && !formerName.isEmpty() && formerName != server) {
        const QString owner =
            lookup(QStringLiteral("SELECT agent_id FROM server_identity WHERE server = ?"),
                   formerName, &ok);
        if (!ok)
            return failed(m_batchError);
        if (owner.isEmpty() && hasServerRows(formerName, &ok))
            earlier = formerName;
        if (!ok)
            return failed(m_batchError);
    }
    // Rows may move: what the writer holds of open chunks goes in first,
    // under the names the readings came with, and its caches are read again
    // afterwards. (A first binding of a name moves nothing and keeps them.)
    if (!bound.isEmpty() || !earlier.isEmpty()) {
        if (!m_series.empty() && !flush(error))
            return std::nullopt;
        m_series.clear();
        m_facts.clear();
        m_migWritten.clear();
        m_seriesIds.clear();
    }
    m_batchError.clear();
    if (!m_db.transaction())
        return failed(historyschema::describe(m_path, m_db.lastError(), true));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!bound.isEmpty()) {
        // Another agent's rows under this name: moved aside, still its own.
        QString aside = QStringLiteral("%1 (agent %2)").arg(server, bound.left(8));
        for (int n = 2; hasServerRows(aside, &ok) && ok; ++n)
            aside = QStringLiteral("%1 (agent %2, %3)").arg(server, bound.left(8)).arg(n);
        if (!ok || !renameServerRows(server, aside))
            return failed(m_batchError);
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral("UPDATE server_identity SET server = ? WHERE agent_id = ?"));
        q.addBindValue(aside);
        q.addBindValue(bound);
        if (!q.exec())
            return failed(historyschema::describe(m_path, q.lastError(), true));
        binding.keptApartAs = aside;
        binding.notes << QStringLiteral("the history of the agent %1 that %2 was before is "
                                        "kept apart as \"%3\"")
                             .arg(bound, server, aside);
    }
    if (!earlier.isEmpty() && earlier != server) {
        const bool own = hasServerRows(server, &ok);
        if (!ok)
            return failed(m_batchError);
        if (own) {
            binding.stayedUnder = earlier;
            binding.notes << QStringLiteral("the history of \"%1\" (the same agent) stays under "
                                            "that name: \"%2\" has a history of its own")
                                 .arg(earlier, server);
        } else {
            if (!renameServerRows(earlier, server))
                return failed(m_batchError);
            binding.movedFrom = earlier;
            binding.notes << QStringLiteral("the history of \"%1\" (the same agent) is now "
                                            "under \"%2\"")
                                 .arg(earlier, server);
        }
    }
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM server_identity WHERE agent_id = ? OR server = ?"));
    q.addBindValue(agentId);
    q.addBindValue(server);
    if (!q.exec())
        return failed(historyschema::describe(m_path, q.lastError(), true));
    q.prepare(
        QStringLiteral("INSERT INTO server_identity(agent_id, server, bound_ms) VALUES(?, ?, ?)"));
    q.addBindValue(agentId);
    q.addBindValue(server);
    q.addBindValue(now);
    if (!q.exec())
        return failed(historyschema::describe(m_path, q.lastError(), true));
    if (!m_db.commit())
        return failed(historyschema::describe(m_path, m_db.lastError(), true));
    return binding;
}

QHash<QString, QString> HistoryStore::serverIdentities(QString* error)
{
    QHash<QString, QString> out;
    QSqlQuery q(m_db);
    // A file no writer has opened since identities came has no table.
    if (!q.exec(QStringLiteral("SELECT server, agent_id FROM server_identity"))) {
        if (error && !q.lastError().text().contains(QLatin1String("no such table")))
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    while (q.next())
        out.insert(q.value(0).toString(), q.value(1).toString());
    return out;
}

} // namespace gw
