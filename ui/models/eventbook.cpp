#include "models/eventbook.h"

#include <QSet>

#include <algorithm>
#include <climits>
#include <utility>

namespace gw {

namespace {

// Ids dropped, as hashes (a collision of 64 bits among a session's drops is
// not a concern).
quint64 idHash(const QString& id)
{
    return quint64(qHash(id, size_t(0x9e3779b97f4a7c15ULL)));
}

} // namespace

int EventBook::capFor(qint64 budgetBytes)
{
    return int(std::clamp<qint64>(budgetBytes / kEventBytes, 1, INT_MAX));
}

EventBook::EventBook(QObject* parent)
    : QObject(parent)
{}

void EventBook::setLimits(Limits limits)
{
    m_limits = limits;
    prune(m_newestMs);
}

const PolicyEvent* EventBook::find(const QString& id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_events.at(row);
}

QStringList EventBook::servers() const
{
    QSet<QString> seen;
    for (const PolicyEvent& e : m_events)
        seen.insert(e.server);
    QStringList out(seen.cbegin(), seen.cend());
    out.sort(Qt::CaseInsensitive);
    return out;
}

QStringList EventBook::users() const
{
    QSet<QString> seen;
    for (const PolicyEvent& e : m_events)
        if (!e.user.isEmpty())
            seen.insert(e.user);
    QStringList out(seen.cbegin(), seen.cend());
    out.sort(Qt::CaseInsensitive);
    return out;
}

bool EventBook::isNewer(const PolicyEvent& incoming, const PolicyEvent& kept)
{
    // Versions of one event only grow: it ends once, actions are appended,
    // the time its readings cover goes up.
    if (!kept.isOpen() && incoming.isOpen())
        return false;
    if (incoming.actions.size() != kept.actions.size())
        return incoming.actions.size() > kept.actions.size();
    if (incoming.isOpen() == kept.isOpen() && incoming.durationMs < kept.durationMs)
        return false;
    return incoming != kept;
}

qint64 EventBook::latestMsOf(const PolicyEvent& e)
{
    qint64 t = std::max({e.startMs, e.detectedMs, e.startMs + qint64(std::max(0.0, e.durationMs)),
                         e.endMs.value_or(0)});
    for (const PolicyAction& a : e.actions)
        t = std::max(t, a.atMs);
    return t;
}

void EventBook::addEvents(const QList<PolicyEvent>& events)
{
    add(events, false);
}

void EventBook::addAgentEvents(const QList<PolicyEvent>& events)
{
    add(events, true);
}

void EventBook::add(const QList<PolicyEvent>& events, bool fromAgent)
{
    QList<PolicyEvent> fresh;
    QHash<QString, int> freshRows;
    const qint64 goneStartBefore = m_goneStartMs;
    const Dropped droppedBefore = m_dropped;
    for (const PolicyEvent& e : events) {
        if (e.id.isEmpty())
            continue;
        if (fromAgent)
            m_agentServers.insert(e.server);
        if (rowOf(e.id) < 0 && !freshRows.contains(e.id) && goneBefore(e)) {
            // Dropped before (counted once), or older than what was.
            m_goneStartMs = std::max(m_goneStartMs, e.startMs);
            continue;
        }
        m_newestMs = std::max(m_newestMs, latestMsOf(e));
        if (const int row = rowOf(e.id); row >= 0) {
            if (isNewer(e, m_events.at(row))) {
                const PolicyEvent previous = std::exchange(m_events[row], e);
                Q_EMIT eventChanged(row, previous);
            }
        } else if (const auto it = freshRows.constFind(e.id); it != freshRows.cend()) {
            if (isNewer(e, fresh.at(*it)))
                fresh[*it] = e;
        } else {
            freshRows.insert(e.id, int(fresh.size()));
            fresh.append(e);
        }
    }
    if (!fresh.isEmpty()) {
        const int first = count();
        const int last = first + int(fresh.size()) - 1;
        Q_EMIT eventsAboutToBeAdded(first, last);
        m_events.append(fresh);
        reindex(first);
        Q_EMIT eventsAdded(first, last);
    }
    prune(m_newestMs);
    // An event refused as gone (older than the age limit) may have moved
    // completeFromMs() with no drop: the notice says it.
    // (prune() said it where it dropped some.)
    if (m_goneStartMs != goneStartBefore && m_dropped == droppedBefore && m_dropped.total() > 0)
        Q_EMIT droppedChanged();
}

void EventBook::removeServer(const QString& server)
{
    m_agentServers.remove(server);
    QList<int> rows;
    for (int i = 0; i < count(); ++i)
        if (m_events.at(i).server == server)
            rows.append(i);
    removeRows(rows);
}

void EventBook::prune(qint64 nowMs)
{
    const Dropped before = m_dropped;
    QList<int> rows;
    for (int i = 0; i < count(); ++i) {
        const PolicyEvent& e = m_events.at(i);
        if (e.endMs && *e.endMs < nowMs - m_limits.keepClosedMs) {
            rows.append(i);
            ++m_dropped.aged;
            noteDropped(e);
            // Sent again, it would go again: no need to remember its id.
            m_agedBeforeMs = std::max(m_agedBeforeMs, nowMs - m_limits.keepClosedMs);
        }
    }
    const int over = count() - int(rows.size()) - m_limits.maxEvents();
    if (over > 0) {
        // Closed events before open ones, then the ones that started first
        // (the row at a tie): an open hog of three days outlives every
        // closed event, however many came after it.
        QList<int> rest;
        rest.reserve(count() - rows.size());
        const QSet<int> going(rows.cbegin(), rows.cend());
        for (int i = 0; i < count(); ++i)
            if (!going.contains(i))
                rest.append(i);
        std::partial_sort(rest.begin(), rest.begin() + over, rest.end(), [this](int a, int b) {
            const PolicyEvent& x = m_events.at(a);
            const PolicyEvent& y = m_events.at(b);
            if (x.isOpen() != y.isOpen())
                return !x.isOpen();
            if (x.startMs != y.startMs)
                return x.startMs < y.startMs;
            return a < b;
        });
        for (int k = 0; k < over; ++k) {
            const PolicyEvent& e = m_events.at(rest.at(k));
            ++(e.isOpen() ? m_dropped.open : m_dropped.closed);
            noteDropped(e);
            remember(e);
            rows.append(rest.at(k));
        }
    }
    removeRows(rows);
    if (m_dropped != before)
        Q_EMIT droppedChanged();
}

void EventBook::noteDropped(const PolicyEvent& e)
{
    m_goneStartMs = std::max(m_goneStartMs, e.startMs);
    if (m_agentServers.contains(e.server))
        ++m_dropped.fromAgents;
}

void EventBook::remember(const PolicyEvent& e)
{
    const Remembered r{idHash(e.id), e.startMs, e.isOpen()};
    m_droppedIds.insert(r.hash);
    if (m_droppedRing.size() < kRememberedDrops) {
        m_droppedRing.append(r);
        return;
    }
    // The oldest remembered makes room: what it stood for stays known as a
    // fact (a closed event that started no later is gone), not as an id.
    // (An open event forgotten may come back closed: taken as new then.)
    Remembered& oldest = m_droppedRing[m_ringNext];
    m_droppedIds.remove(oldest.hash);
    if (!oldest.open)
        m_forgottenClosedStartMs = std::max(m_forgottenClosedStartMs, oldest.startMs);
    oldest = r;
    m_ringNext = (m_ringNext + 1) % kRememberedDrops;
}

bool EventBook::goneBefore(const PolicyEvent& e) const
{
    if (!m_droppedIds.isEmpty() && m_droppedIds.contains(idHash(e.id)))
        return true;
    if (e.isOpen())
        return false;
    // Closed ones cap drops or the age limit would let go again at once.
    return e.startMs <= m_forgottenClosedStartMs || (e.endMs && *e.endMs < m_agedBeforeMs);
}

qint64 EventBook::completeFromMs() const
{
    if (m_goneStartMs == LLONG_MIN)
        return 0;
    qint64 from = LLONG_MAX;
    for (const PolicyEvent& e : m_events)
        if (e.startMs > m_goneStartMs)
            from = std::min(from, e.startMs);
    return from == LLONG_MAX ? m_goneStartMs + 1 : from;
}

void EventBook::clear()
{
    Q_EMIT aboutToBeReset();
    m_events.clear();
    m_rows.clear();
    m_newestMs = 0;
    m_agentServers.clear();
    m_droppedIds.clear();
    m_droppedRing.clear();
    m_ringNext = 0;
    m_forgottenClosedStartMs = LLONG_MIN;
    m_agedBeforeMs = LLONG_MIN;
    m_goneStartMs = LLONG_MIN;
    const bool hadDropped = m_dropped.total() > 0;
    m_dropped = {};
    Q_EMIT reset();
    if (hadDropped)
        Q_EMIT droppedChanged();
}

void EventBook::removeRows(QList<int> rows)
{
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    int runs = 1;
    for (int i = 1; i < rows.size(); ++i)
        runs += rows.at(i) != rows.at(i - 1) + 1 ? 1 : 0;
    if (runs > 8) {
        // Many scattered rows: one pass and a reset beats a signal per run.
        Q_EMIT aboutToBeReset();
        const QSet<int> going(rows.cbegin(), rows.cend());
        QList<PolicyEvent> kept;
        kept.reserve(count() - rows.size());
        for (int i = 0; i < count(); ++i)
            if (!going.contains(i))
                kept.append(std::move(m_events[i]));
        m_events = std::move(kept);
        m_rows.clear();
        reindex(0);
        Q_EMIT reset();
        return;
    }
    // Contiguous runs, from the last, so the rows before a run keep their place.
    int end = int(rows.size());
    while (end > 0) {
        int begin = end - 1;
        while (begin > 0 && rows.at(begin - 1) == rows.at(begin) - 1)
            --begin;
        const int first = rows.at(begin);
        const int last = rows.at(end - 1);
        Q_EMIT eventsAboutToBeRemoved(first, last);
        for (int i = first; i <= last; ++i)
            m_rows.remove(m_events.at(i).id);
        m_events.remove(first, last - first + 1);
        reindex(first);
        Q_EMIT eventsRemoved(first, last);
        end = begin;
    }
}

void EventBook::reindex(int from)
{
    for (int i = from; i < count(); ++i)
        m_rows.insert(m_events.at(i).id, i);
}

} // namespace gw
