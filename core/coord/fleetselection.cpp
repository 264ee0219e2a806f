#include "coord/fleetselection.h"

#include "util/duration.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QHash>
#include <QTimer>

#include <algorithm>
#include <chrono>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::FleetSelection)
};

} // namespace

QString Selection::cudaVisibleDevices() const
{
    QStringList ids;
    for (const Candidate& c : units)
        ids << c.id;
    return ids.join(QLatin1Char(','));
}

qint64 WallClock::nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

void WallClock::pause(qint64 ms)
{
    if (ms <= 0)
        return;
    QEventLoop loop;
    QTimer::singleShot(int(ms), Qt::PreciseTimer, &loop, &QEventLoop::quit);
    loop.exec();
}

QString shortfallText(int asked, qsizetype qualify)
{
    return (asked == 1 ? Tr::tr("1 GPU asked") : Tr::tr("%1 GPUs asked").arg(asked)) +
           QStringLiteral(", ") +
           (qualify == 1 ? Tr::tr("1 qualifies") : Tr::tr("%1 qualify").arg(qualify));
}

Selection rankUntilEnough(const SelectionRequest& request, const SelectionWeights& weights,
                          qint64 waitMs, const ReadReading& read, const HeldUnits& held,
                          SelectionClock& clock)
{
    const qint64 start = clock.nowMs();
    const qint64 deadline = start + waitMs;
    Selection s;
    while (true) {
        QString why;
        const std::optional<Snapshot> reading = read(&why);
        if (!reading) {
            s.error = why;
            s.outcome = Selection::Outcome::Failed;
            return s;
        }
        const qint64 now = clock.nowMs();
        const Ranking r = rankUnits(*reading, request, weights, held(now), now);
        s.server = reading->server;
        s.reading = reading;
        s.refused = r.refused;
        s.notes = r.notes;
        s.waitedMs = now - start;
        if (r.qualified.size() >= request.gpus) {
            s.units = r.qualified.mid(0, request.gpus);
            s.outcome = Selection::Outcome::Granted;
            return s;
        }
        s.units = r.qualified;
        if (now >= deadline) {
            s.error = shortfallText(request.gpus, r.qualified.size());
            const auto waited = std::chrono::milliseconds((s.waitedMs + 500) / 1000 * 1000);
            if (waited.count() > 0)
                s.error += Tr::tr(" (waited %1)").arg(formatDurationExact(waited));
            s.outcome = Selection::Outcome::NotEnough;
            return s;
        }
        clock.pause(std::min(kWaitPollMs, deadline - now));
    }
}

ReservationBook heldUnits(const AllocationState& state, qint64 nowMs)
{
    ReservationBook book;
    for (const Reservation& held : state.reservations) {
        SelectionRequest r;
        r.gpus = int(held.units.size());
        r.user = held.user;
        r.ttlMs = held.expiresMs - state.nowMs;
        QList<Candidate> units;
        for (const QString& id : held.units) {
            Candidate c;
            c.id = id;
            units << c;
        }
        if (r.ttlMs > 0 && r.gpus > 0)
            book.reserve(held.server, r, units, nowMs);
    }
    return book;
}

Selection selectAcrossFleet(FleetAgents& fleet, int gpus, qint64 waitMs, SelectionClock& clock)
{
    const qint64 start = clock.nowMs();
    const qint64 deadline = start + waitMs;
    while (true) {
        QList<Snapshot> readings;
        QHash<QString, qsizetype> agentOf; // server name → index in the fleet
        QStringList refused;
        for (qsizetype i = 0; i < fleet.count(); ++i) {
            QString why;
            const auto reading = fleet.latest(i, &why);
            if (!reading) {
                refused << Tr::tr("%1: no answer: %2").arg(fleet.address(i), why);
                continue;
            }
            if (agentOf.contains(reading->server)) {
                refused << Tr::tr("%1: serves %2, as %3 does; asked once")
                               .arg(fleet.address(i), reading->server,
                                    fleet.address(agentOf.value(reading->server)));
                continue;
            }
            agentOf.insert(reading->server, i);
            readings << *reading;
        }
        for (const ServerRank& rank : rankServers(readings, gpus)) {
            const qsizetype agent = agentOf.value(rank.server);
            Selection s = fleet.ask(agent);
            if (s.granted()) {
                s.passedOver = refused;
                s.server = rank.server;
                s.source = fleet.address(agent);
                s.waitedMs = clock.nowMs() - start;
                return s;
            }
            refused << Tr::tr("%1: %2").arg(rank.server, s.error);
            for (const QString& line : s.refused)
                refused << Tr::tr("%1: %2").arg(rank.server, line);
        }
        const qint64 now = clock.nowMs();
        if (now >= deadline) {
            Selection out;
            out.refused = refused;
            out.waitedMs = now - start;
            if (readings.isEmpty()) {
                out.outcome = Selection::Outcome::Failed;
                out.error = Tr::tr("none of the %1 agents answered").arg(fleet.count());
                out.error += QLatin1Char('\n') + refused.join(QLatin1Char('\n'));
            } else {
                out.outcome = Selection::Outcome::NotEnough;
                out.error = gpus == 1 ? Tr::tr("no server has a GPU that qualifies")
                                      : Tr::tr("no server has %1 GPUs that qualify").arg(gpus);
            }
            return out;
        }
        clock.pause(std::min(kWaitPollMs, deadline - now));
    }
}

} // namespace gw
