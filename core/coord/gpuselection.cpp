#include "coord/gpuselection.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QSet>
#include <QUuid>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::GpuSelection)
};

// Numbers for a job script: C locale with thousands separators ("8,192").
QString number(double v, int decimals = 0)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    if (decimals == 0)
        return c.toString(qint64(v));
    return c.toString(v, 'f', decimals);
}

// A percentage: whole when it is whole, else one decimal.
QString percent(double v)
{
    const double r = std::round(v);
    return std::abs(v - r) < 1e-9 ? number(r) : number(v, 1);
}

QString migUnitId(const QString& uuid)
{
    return uuid.startsWith(QLatin1String("MIG-")) ? uuid : QStringLiteral("MIG-") + uuid;
}

// Free memory of a unit: total − used − kept by the driver; absent when the
// driver reports no total or no used.
std::optional<double> freeOf(std::optional<double> used, std::optional<double> total,
                             std::optional<double> reserved)
{
    if (!used || !total || *total <= 0)
        return std::nullopt;
    return std::max(0.0, *total - *used - reserved.value_or(0));
}

struct Unit
{
    Candidate candidate;
    QString label; // "GPU 3", "GPU 3 MIG 1"
    QStringList reasons;
};

void checkReservation(Unit& unit, const QString& server, const ReservationBook& book, qint64 nowMs)
{
    if (const Reservation* r = book.holder(server, unit.candidate.id, nowMs)) {
        const QString until = QDateTime::fromMSecsSinceEpoch(r->expiresMs)
                                  .toLocalTime()
                                  .toString(QStringLiteral("HH:mm:ss"));
        unit.reasons << Tr::tr("reserved for %1 until %2").arg(r->user, until);
    }
}

void checkMemory(Unit& unit, std::optional<double> free, double minFreeMiB)
{
    if (!free) {
        unit.reasons << Tr::tr("memory not reported");
        return;
    }
    unit.candidate.freeMiB = *free;
    if (*free < minFreeMiB) {
        unit.reasons << Tr::tr("%1 MiB free, needs %2")
                            .arg(number(std::floor(*free)), number(std::ceil(minFreeMiB)));
    }
}

bool betterFirst(const Candidate& a, const Candidate& b)
{
    if (a.degraded != b.degraded)
        return !a.degraded;
    if (a.score != b.score)
        return a.score > b.score;
    if (a.gpuIndex != b.gpuIndex)
        return a.gpuIndex < b.gpuIndex;
    return a.migIndex < b.migIndex;
}

} // namespace

Ranking rankUnits(const Snapshot& latest, const SelectionRequest& request,
                  const SelectionWeights& weights, const ReservationBook& book, qint64 nowMs)
{
    QList<Unit> whole;
    QList<Unit> instances;
    QList<Unit> unusable; // GPUs that offer no unit at all (error, MIG without instances)

    QList<const GpuSample*> gpus;
    for (const GpuSample& g : latest.gpus)
        gpus << &g;
    std::sort(gpus.begin(), gpus.end(),
              [](const GpuSample* a, const GpuSample* b) { return a->index < b->index; });

    QStringList notes;
    for (const GpuSample* g : gpus) {
        const QString gpuLabel = Tr::tr("GPU %1").arg(g->index);
        const HealthState health = g->health ? g->health->state : HealthState::Unknown;
        const QString worst =
            g->health && !g->health->reasons.isEmpty() ? g->health->reasons.first() : QString();
        // A verdict says why a GPU does not answer (XID 79); without one,
        // the error does.
        if (!g->error.isEmpty() && health != HealthState::Failing) {
            Unit u;
            u.label = gpuLabel;
            u.candidate.gpuIndex = g->index;
            u.reasons << Tr::tr("error: %1").arg(g->error);
            unusable << u;
            continue;
        }
        if (health == HealthState::Failing) {
            Unit u;
            u.label = gpuLabel;
            u.candidate.gpuIndex = g->index;
            u.reasons << (worst.isEmpty() ? Tr::tr("failing") : Tr::tr("failing: %1").arg(worst));
            unusable << u;
            continue;
        }
        const bool degraded = health == HealthState::Degraded;
        const qsizetype firstUnit = whole.size() + instances.size();
        const bool partitioned = g->migEnabled.value_or(false);
        if (!partitioned) {
            if (request.mig == SelectionRequest::Mig::Only)
                continue;
            Unit u;
            u.label = gpuLabel;
            u.candidate.id = QString::number(g->index);
            u.candidate.gpuIndex = g->index;
            u.candidate.utilisation = g->utilizationGpuPercent;
            checkReservation(u, latest.server, book, nowMs);
            const auto free = freeOf(g->memoryUsedMiB, g->memoryTotalMiB, g->memoryReservedMiB);
            checkMemory(u, free, request.minFreeMiB);
            if (!g->utilizationGpuPercent) {
                u.reasons << Tr::tr("utilisation not reported");
            } else if (request.maxUtilizationPercent &&
                       *g->utilizationGpuPercent > *request.maxUtilizationPercent) {
                u.reasons << Tr::tr("%1 % busy, at most %2 %")
                                 .arg(percent(*g->utilizationGpuPercent),
                                      percent(*request.maxUtilizationPercent));
            }
            if (u.reasons.isEmpty()) {
                u.candidate.score = weights.freeMemory * (*free / *g->memoryTotalMiB) +
                                    weights.idle * (1.0 - *g->utilizationGpuPercent / 100.0);
            }
            u.candidate.degraded = degraded;
            if (degraded && u.reasons.isEmpty())
                notes
                    << Tr::tr("%1: degraded (%2), ranked after healthy GPUs").arg(gpuLabel, worst);
            whole << u;
            continue;
        }
        if (request.mig == SelectionRequest::Mig::Never)
            continue;
        if (g->migInstances.isEmpty()) {
            Unit u;
            u.label = gpuLabel;
            u.candidate.gpuIndex = g->index;
            u.reasons << Tr::tr("MIG enabled, no instances");
            unusable << u;
            continue;
        }
        QList<MigInstance> sorted = g->migInstances;
        std::sort(sorted.begin(), sorted.end(),
                  [](const MigInstance& a, const MigInstance& b) { return a.index < b.index; });
        for (const MigInstance& m : sorted) {
            Unit u;
            u.label = Tr::tr("GPU %1 MIG %2").arg(g->index).arg(m.index);
            u.candidate.id = migUnitId(m.uuid);
            u.candidate.gpuIndex = g->index;
            u.candidate.migUuid = u.candidate.id;
            u.candidate.migIndex = m.index;
            checkReservation(u, latest.server, book, nowMs);
            const auto free = freeOf(m.memoryUsedMiB, m.memoryTotalMiB, std::nullopt);
            checkMemory(u, free, request.minFreeMiB);
            if (u.reasons.isEmpty())
                u.candidate.score = *free / *m.memoryTotalMiB;
            u.candidate.degraded = degraded;
            instances << u;
        }
        if (degraded && whole.size() + instances.size() > firstUnit)
            notes << Tr::tr("%1: degraded (%2), its MIG instances ranked after healthy ones")
                         .arg(gpuLabel, worst);
    }

    QList<const Unit*> refusedUnits;
    auto collect = [&refusedUnits](const QList<Unit>& units) {
        QList<Candidate> qualified;
        for (const Unit& u : units) {
            if (u.reasons.isEmpty())
                qualified << u.candidate;
            else
                refusedUnits << &u;
        }
        std::sort(qualified.begin(), qualified.end(), betterFirst);
        return qualified;
    };

    Ranking ranking;
    ranking.qualified = collect(whole);
    const bool useInstances =
        request.mig == SelectionRequest::Mig::Only ||
        (request.mig == SelectionRequest::Mig::Allow && ranking.qualified.size() < request.gpus);
    if (useInstances)
        ranking.qualified << collect(instances);
    collect(unusable);
    std::stable_sort(refusedUnits.begin(), refusedUnits.end(), [](const Unit* a, const Unit* b) {
        if (a->candidate.gpuIndex != b->candidate.gpuIndex)
            return a->candidate.gpuIndex < b->candidate.gpuIndex;
        return a->candidate.migIndex < b->candidate.migIndex;
    });
    for (const Unit* u : std::as_const(refusedUnits))
        ranking.refused << u->label + QStringLiteral(": ") + u->reasons.join(QStringLiteral("; "));
    ranking.notes = notes;
    return ranking;
}

std::optional<Reservation> ReservationBook::reserve(const QString& server,
                                                    const SelectionRequest& request,
                                                    const QList<Candidate>& candidates,
                                                    qint64 nowMs)
{
    expire(nowMs);
    if (request.gpus < 1)
        return std::nullopt;
    QStringList units;
    for (const Candidate& c : candidates) {
        if (units.size() == request.gpus)
            break;
        if (!units.contains(c.id) && !holder(server, c.id, nowMs))
            units << c.id;
    }
    if (units.size() < request.gpus)
        return std::nullopt;
    Reservation r;
    r.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    r.server = server;
    r.user = request.user;
    r.units = units;
    r.createdMs = nowMs;
    r.expiresMs = nowMs + request.ttlMs;
    m_reservations << r;
    return r;
}

bool ReservationBook::release(const QString& id)
{
    for (qsizetype i = 0; i < m_reservations.size(); ++i) {
        if (m_reservations.at(i).id == id) {
            m_reservations.removeAt(i);
            return true;
        }
    }
    return false;
}

QList<Reservation> ReservationBook::expire(qint64 nowMs)
{
    QList<Reservation> ended;
    QList<Reservation> kept;
    for (const Reservation& r : std::as_const(m_reservations))
        (nowMs >= r.expiresMs ? ended : kept) << r;
    m_reservations = kept;
    return ended;
}

QSet<QString> unitsRunOn(const Snapshot& snapshot)
{
    QSet<QString> taken;
    for (const GpuProcess& p : snapshot.processes) {
        if (p.user.isEmpty())
            continue;
        QString unit;
        if (!p.migUuid.isEmpty()) {
            unit = migUnitId(p.migUuid);
        } else if (const GpuSample* g = snapshot.gpuByUuid(p.gpuUuid)) {
            unit = QString::number(g->index);
        } else {
            continue;
        }
        taken.insert(p.user + QLatin1Char('\n') + unit);
    }
    return taken;
}

QList<Reservation> ReservationBook::observe(const Snapshot& snapshot)
{
    return observe(snapshot, unitsRunOn(snapshot));
}

QList<Reservation> ReservationBook::observe(const Snapshot& snapshot, const QSet<QString>& taken)
{
    QList<Reservation> ended;
    QList<Reservation> kept;
    for (const Reservation& r : std::as_const(m_reservations)) {
        bool took = false;
        if (r.server == snapshot.server) {
            for (const QString& unit : r.units)
                took = took || taken.contains(r.user + QLatin1Char('\n') + unit);
        }
        (took ? ended : kept) << r;
    }
    m_reservations = kept;
    return ended;
}

QList<Reservation> ReservationBook::active(const QString& server) const
{
    QList<Reservation> out;
    for (const Reservation& r : m_reservations) {
        if (server.isEmpty() || r.server == server)
            out << r;
    }
    return out;
}

const Reservation* ReservationBook::holder(const QString& server, const QString& unitId,
                                           qint64 nowMs) const
{
    for (const Reservation& r : m_reservations) {
        if (r.server == server && nowMs < r.expiresMs && r.units.contains(unitId))
            return &r;
    }
    return nullptr;
}

bool isIdleGpu(const GpuSample& gpu)
{
    if (!gpu.error.isEmpty() || !gpu.utilizationGpuPercent || !gpu.memoryUsedMiB ||
        !gpu.memoryTotalMiB || *gpu.memoryTotalMiB <= 0)
        return false;
    return *gpu.utilizationGpuPercent < 30.0 && *gpu.memoryUsedMiB / *gpu.memoryTotalMiB < 0.5;
}

QList<ServerRank> rankServers(const QList<Snapshot>& latest, int gpus)
{
    QList<ServerRank> ranks;
    for (const Snapshot& s : latest) {
        ServerRank r;
        r.server = s.server;
        r.totalGpus = int(s.gpus.size());
        for (const GpuSample& g : s.gpus)
            r.idleGpus += isIdleGpu(g) ? 1 : 0;
        r.enough = r.idleGpus >= gpus;
        ranks << r;
    }
    std::sort(ranks.begin(), ranks.end(), [](const ServerRank& a, const ServerRank& b) {
        if (a.enough != b.enough)
            return a.enough;
        if (a.idleGpus != b.idleGpus)
            return a.idleGpus > b.idleGpus;
        return a.server < b.server;
    });
    return ranks;
}

} // namespace gw
