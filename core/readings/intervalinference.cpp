#include "readings/intervalinference.h"

#include "util/duration.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReadingStream)
};

bool carriesInterval(const Snapshot& r)
{
    return r.intervalMs && *r.intervalMs > 0;
}

} // namespace

std::optional<qint64> IntervalInference::inferFrom(QList<qint64> spacings)
{
    spacings.removeIf([](qint64 ms) { return ms <= 0; });
    if (spacings.isEmpty())
        return std::nullopt;
    std::sort(spacings.begin(), spacings.end());
    return spacings[(spacings.size() - 1) / 2];
}

void IntervalInference::push(Snapshot reading)
{
    Server& s = m_servers[reading.server];
    if (s.lastMs && s.spacings.size() < kSpacings)
        s.spacings.append(reading.timestampMs - *s.lastMs);
    s.lastMs = reading.timestampMs;
    ++s.readings;
    if (!carriesInterval(reading))
        s.wanted = true;
    if (!s.decided && s.wanted && s.spacings.size() >= kSpacings)
        decide(reading.server, s);
    // Nothing waits and this one needs no waiting: the common case, no copy
    // kept beyond the queue's one.
    m_held.push_back(std::move(reading));
    if (qsizetype(m_held.size()) > kMaxHeld)
        for (auto it = m_servers.begin(); it != m_servers.end(); ++it)
            if (!it->decided && it->wanted)
                decide(it.key(), *it);
}

void IntervalInference::end()
{
    for (auto it = m_servers.begin(); it != m_servers.end(); ++it)
        if (!it->decided && it->wanted)
            decide(it.key(), *it);
}

bool IntervalInference::ready(const Snapshot& r) const
{
    if (carriesInterval(r))
        return true;
    const auto it = m_servers.constFind(r.server);
    return it != m_servers.constEnd() && it->decided;
}

std::optional<Snapshot> IntervalInference::pop()
{
    if (m_held.empty() || !ready(m_held.front()))
        return std::nullopt;
    Snapshot r = std::move(m_held.front());
    m_held.pop_front();
    if (!carriesInterval(r))
        r.intervalMs = m_servers.value(r.server).intervalMs;
    return r;
}

std::optional<qint64> IntervalInference::inferredMs(const QString& server) const
{
    return m_servers.value(server).intervalMs;
}

void IntervalInference::decide(const QString& name, Server& s)
{
    s.decided = true;
    s.intervalMs = inferFrom(s.spacings);
    if (s.intervalMs)
        m_notes << Tr::tr("%1: its readings carry no sampling interval (interval_ms); inferred %2 "
                          "from the spacing of its first %n readings",
                          nullptr, int(s.spacings.size() + 1))
                       .arg(name, formatDurationExact(std::chrono::milliseconds(*s.intervalMs)));
    else
        m_notes << Tr::tr("%1: one reading and no sampling interval (interval_ms): no interval to "
                          "infer, it is taken as 1s")
                       .arg(name);
}

} // namespace gw
