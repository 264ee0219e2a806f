#include "engine/livestate.h"

#include <QDateTime>
#include <QSet>

#include <algorithm>

namespace gw {

LiveState::LiveState(QObject* parent)
    : QObject(parent)
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    m_freshnessTimer.setInterval(1000);
    connect(&m_freshnessTimer, &QTimer::timeout, this, &LiveState::checkFreshness);
    m_freshnessTimer.start();
}

void LiveState::setClock(std::function<qint64()> nowMs)
{
    m_now = std::move(nowMs);
}

Freshness LiveState::freshness(const QString& server) const
{
    Freshness f;
    const Snapshot* s = latest(server);
    if (!s)
        return f;
    f.hasReading = true;
    f.intervalMs = s->intervalMs.value_or(kDefaultIntervalMs);
    f.ageMs = std::max<qint64>(0, m_now() - s->timestampMs);
    if (const auto it = m_arrivals.constFind(server);
        it != m_arrivals.cend() && !it->gaps.isEmpty())
        f.arrivalIntervalMs = *std::min_element(it->gaps.cbegin(), it->gaps.cend());
    const LinkStatus* link = connection(server);
    const bool linkDown = link && link->state != LinkState::Connected;
    f.stale = linkDown || f.ageMs > kStaleIntervals * std::max(f.intervalMs, f.arrivalIntervalMs);
    return f;
}

void LiveState::noteArrival(const QString& server)
{
    Arrivals& a = m_arrivals[server];
    const qint64 now = m_now();
    if (a.lastMs > 0) {
        a.gaps.append(std::max<qint64>(0, now - a.lastMs));
        if (a.gaps.size() > kArrivalGaps)
            a.gaps.removeFirst();
    }
    a.lastMs = now;
}

void LiveState::checkFreshness()
{
    bool anyStale = false;
    for (const auto& server : std::as_const(m_order)) {
        const bool stale = freshness(server).stale;
        anyStale = anyStale || stale;
        const auto it = m_stale.find(server);
        if (it == m_stale.end()) {
            m_stale.insert(server, stale);
            continue;
        }
        if (*it == stale)
            continue;
        *it = stale;
        Q_EMIT freshnessChanged(server, stale);
        Q_EMIT serverUpdated(server);
    }
    if (anyStale)
        Q_EMIT staleTick();
}

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

QStringList LiveState::sameAgentAs(const QString& server) const
{
    QStringList out;
    const LinkStatus* mine = connection(server);
    if (!mine || mine->agentId.isEmpty())
        return out;
    for (auto it = m_connections.cbegin(); it != m_connections.cend(); ++it) {
        if (it.key() != server && it->agentId == mine->agentId)
            out << it.key();
    }
    out.sort();
    return out;
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
    m_history.removeServer(server);
    m_connections.remove(server);
    m_stale.remove(server);
    m_arrivals.remove(server);
    Q_EMIT serverRemoved(server);
}

bool LiveState::store(const Snapshot& s, bool notify)
{
    m_history.append(s);
    m_newestMs = std::max(m_newestMs, s.timestampMs);
    const bool known = m_latest.contains(s.server);
    auto& slot = m_latest[s.server];
    if (known && slot.timestampMs > s.timestampMs)
        return false; // an older reading never replaces a newer one
    slot = s;
    if (!m_order.contains(s.server)) {
        m_order.append(s.server);
        Q_EMIT serverAdded(s.server);
    }
    if (notify)
        Q_EMIT serverUpdated(s.server);
    return true;
}

void LiveState::ingest(const Snapshot& snapshot)
{
    store(snapshot, true);
    noteArrival(snapshot.server);
}

void LiveState::ingestBatch(const QList<Snapshot>& snapshots)
{
    QSet<QString> touched;
    for (const auto& s : snapshots) {
        if (store(s, false))
            touched.insert(s.server);
    }
    // One arrival per server and batch, however many readings it holds.
    for (const auto& server : std::as_const(touched))
        noteArrival(server);
    for (const auto& server : std::as_const(m_order)) {
        if (touched.contains(server))
            Q_EMIT serverUpdated(server);
    }
}

} // namespace gw
