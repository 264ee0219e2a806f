#include "engine/livestate.h"

#include <QSet>

namespace gw {

LiveState::LiveState(QObject* parent)
    : QObject(parent)
{}

const Snapshot* LiveState::latest(const QString& server) const
{
    const auto it = m_latest.constFind(server);
    return it == m_latest.cend() ? nullptr : &*it;
}

const LinkStatus* LiveState::connection(const QString& server) const
{
    const auto it = m_connections.constFind(server);
    return it == m_connections.cend() ? nullptr : &*it;
}

void LiveState::setConnection(const LinkStatus& status)
{
    const QString& server = status.server;
    m_connections.insert(server, status);
    if (!m_order.contains(server)) {
        m_order.append(server);
        Q_EMIT serverAdded(server);
    }
    Q_EMIT serverUpdated(server);
}

void LiveState::removeServer(const QString& server)
{
    if (!m_order.removeOne(server))
        return;
    m_latest.remove(server);
    m_connections.remove(server);
    Q_EMIT serverRemoved(server);
}

void LiveState::store(const Snapshot& s, bool notify)
{
    m_history.append(s);
    m_newestMs = std::max(m_newestMs, s.timestampMs);
    const bool known = m_latest.contains(s.server);
    auto& slot = m_latest[s.server];
    if (known && slot.timestampMs > s.timestampMs)
        return; // an older reading never replaces a newer one
    slot = s;
    if (!m_order.contains(s.server)) {
        m_order.append(s.server);
        Q_EMIT serverAdded(s.server);
    }
    if (notify)
        Q_EMIT serverUpdated(s.server);
}

void LiveState::ingest(const Snapshot& snapshot)
{
    store(snapshot, true);
}

void LiveState::ingestBatch(const QList<Snapshot>& snapshots)
{
    QSet<QString> touched;
    for (const auto& s : snapshots) {
        store(s, false);
        touched.insert(s.server);
    }
    for (const auto& server : std::as_const(m_order)) {
        if (touched.contains(server))
            Q_EMIT serverUpdated(server);
    }
}

} // namespace gw
