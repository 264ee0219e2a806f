#include "tokens/enforcement.h"

#include "owners/workloadstop.h"
#include "policy/policyengine.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

// A reading that states no interval: the agent's default sampling interval,
// as the books assume it.
constexpr qint64 kDefaultIntervalMs = 60'000;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Enforcement)
};

QString number(double v)
{
    return QString::number(v, 'g', 6);
}

QString minutes(qint64 ms)
{
    return ms % 60'000 == 0 ? Tr::tr("%1 min").arg(ms / 60'000)
                            : Tr::tr("%1 s").arg(QString::number(double(ms) / 1000.0, 'g', 6));
}

// The mean utilisation of the GPUs that report one; absent when none does.
std::optional<double> meanUtilisation(const Snapshot& s)
{
    double sum = 0;
    int n = 0;
    for (const GpuSample& g : s.gpus) {
        if (g.utilizationGpuPercent) {
            sum += *g.utilizationGpuPercent;
            ++n;
        }
    }
    if (n == 0)
        return std::nullopt;
    return sum / n;
}

} // namespace

QString enforceStepName(EnforceStep step)
{
    switch (step) {
    case EnforceStep::Notify:
        return QStringLiteral("notify");
    case EnforceStep::Renice:
        return QStringLiteral("renice");
    case EnforceStep::Terminate:
        return QStringLiteral("terminate");
    case EnforceStep::Kill:
        return QStringLiteral("kill");
    }
    return {};
}

std::optional<EnforceStep> enforceStepFromName(const QString& name)
{
    for (EnforceStep s :
         {EnforceStep::Notify, EnforceStep::Renice, EnforceStep::Terminate, EnforceStep::Kill})
        if (enforceStepName(s) == name)
            return s;
    return std::nullopt;
}

void DemandTracker::reading(const Snapshot& s)
{
    if (s.gpus.isEmpty())
        return;
    if (m_lastMs && s.timestampMs <= *m_lastMs)
        return; // out of order: the engine never hands these on
    if (m_lastMs && isReadingGap(*m_lastMs, s.timestampMs, m_lastIntervalMs))
        m_runStartMs.reset();
    const auto mean = meanUtilisation(s);
    if (mean && *mean >= m_rules.demandUtilisationPercent) {
        if (!m_runStartMs) {
            m_runStartMs = s.timestampMs;
            m_runLowest = *mean;
        } else {
            m_runLowest = std::min(m_runLowest, *mean);
        }
    } else {
        // Below, or no utilisation to judge by: not high.
        m_runStartMs.reset();
    }
    m_lastMs = s.timestampMs;
    m_lastIntervalMs = s.intervalMs && *s.intervalMs > 0 ? *s.intervalMs : kDefaultIntervalMs;
}

void DemandTracker::refusedAllocation(qint64 atMs)
{
    if (!m_refusedMs || atMs > *m_refusedMs)
        m_refusedMs = atMs;
}

DemandTracker::State DemandTracker::state(qint64 nowMs) const
{
    State out;
    // Readings: a run that lasted demand_for and has not gone silent since.
    if (m_runStartMs && m_lastMs && *m_lastMs - *m_runStartMs >= m_rules.demandForMs &&
        !isReadingGap(*m_lastMs, nowMs, m_lastIntervalMs)) {
        out.high = true;
        out.sinceMs = *m_runStartMs + m_rules.demandForMs;
        out.reason =
            Tr::tr("GPU utilisation %1 % ≥ %2 % for %3")
                .arg(number(std::round(m_runLowest * 10) / 10),
                     number(m_rules.demandUtilisationPercent), minutes(*m_lastMs - *m_runStartMs));
    }
    if (m_rules.demandOnRefusedAllocation && m_refusedMs && nowMs >= *m_refusedMs &&
        nowMs - *m_refusedMs < m_rules.demandForMs && (!out.high || *m_refusedMs < *out.sinceMs)) {
        out.high = true;
        out.sinceMs = *m_refusedMs;
        out.reason =
            Tr::tr("an allocation could not be served at %1")
                .arg(QDateTime::fromMSecsSinceEpoch(*m_refusedMs, Qt::UTC).toString(Qt::ISODate));
    }
    return out;
}

QList<EnforcementCandidate> findCandidates(const Snapshot& newest,
                                           const QMap<QString, double>& balances, double floor,
                                           bool demandHigh, const EnforcementRules& rules)
{
    QList<ProcessUtilisation> util(newest.processes.size());
    attributeProcessUtilisation(newest, util.data());
    QList<EnforcementCandidate> out;
    QHash<QString, qsizetype> byId;
    for (qsizetype i = 0; i < newest.processes.size(); ++i) {
        const GpuProcess& p = newest.processes[i];
        if (!p.startTimeMs || p.user.isEmpty() || p.ghost)
            continue;
        // Root is a candidate only inside a workload that is acted on as a
        // whole, and whose owner is not host root.
        const owners::StopUnit unit = owners::stopUnitOf(p);
        if (((p.uid && *p.uid == 0) || p.user == QLatin1String("root")) &&
            unit == owners::StopUnit::Process)
            continue;
        const QString& owner = p.ownerName();
        if (rules.protectedUsers.contains(owner) || rules.protectedCommands.contains(p.command))
            continue;
        if (p.usedMemoryMiB && *p.usedMemoryMiB <= 0)
            continue; // listed but holding nothing
        const auto balance = balances.constFind(owner);
        if (balance == balances.cend())
            continue;
        QString why;
        if (*balance <= floor)
            why =
                Tr::tr("balance %1 at or below the floor %2").arg(number(*balance), number(floor));
        else if (*balance < 0 && demandHigh)
            why = Tr::tr("balance %1 below zero under high demand").arg(number(*balance));
        else
            continue;
        // Three path segments (POST /v1/enforcement/<id>): an owner that is
        // a pod ("pod:vision/train-0") has its '/' as ':'.
        const QString id = QStringLiteral("%1/%2/%3")
                               .arg(QString(owner).replace(QLatin1Char('/'), QLatin1Char(':')))
                               .arg(p.pid)
                               .arg(*p.startTimeMs);
        if (const auto seen = byId.constFind(id); seen != byId.cend()) {
            EnforcementCandidate& c = out[*seen];
            if (p.usedMemoryMiB)
                c.memoryMib = c.memoryMib.value_or(0) + *p.usedMemoryMiB;
            continue;
        }
        EnforcementCandidate c;
        c.id = id;
        c.user = owner;
        if (unit != owners::StopUnit::Process)
            c.workload = owners::workloadLabel(*p.workload);
        c.balance = *balance;
        c.floor = floor;
        c.pid = p.pid;
        c.startTimeMs = *p.startTimeMs;
        c.command = p.command;
        c.gpuUuid = p.gpuUuid;
        c.migUuid = p.migUuid;
        if (const GpuSample* g = newest.gpuByUuid(p.gpuUuid)) {
            c.gpuIndex = g->index;
            for (const MigInstance& m : g->migInstances)
                if (m.uuid == p.migUuid && !p.migUuid.isEmpty())
                    c.migProfile = m.profile;
        }
        c.memoryMib = p.usedMemoryMiB;
        c.utilisation = util[i].percent;
        c.why = why;
        byId.insert(id, out.size());
        out << c;
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.pid < b.pid; });
    return out;
}

std::optional<DueStep> nextStep(qint64 candidateSinceMs, const QList<StepRecord>& done,
                                const EnforcementRules& rules)
{
    if (done.isEmpty())
        return DueStep{EnforceStep::Notify, candidateSinceMs};
    const StepRecord& last = done.back();
    if (last.outcome == QLatin1String("declined"))
        return std::nullopt;
    switch (last.step) {
    case EnforceStep::Notify:
        return DueStep{EnforceStep::Renice, last.atMs + rules.stepAfterMs};
    case EnforceStep::Renice:
        return DueStep{EnforceStep::Terminate, last.atMs + rules.stepAfterMs};
    case EnforceStep::Terminate:
        return DueStep{EnforceStep::Kill, last.atMs + rules.killGraceMs};
    case EnforceStep::Kill:
        return std::nullopt;
    }
    return std::nullopt;
}

void EnforcementPlan::update(const QList<EnforcementCandidate>& candidates, qint64 nowMs)
{
    QList<QString> order;
    QHash<QString, Row> rows;
    for (const EnforcementCandidate& c : candidates) {
        Row r = m_rows.value(c.id);
        if (!m_rows.contains(c.id))
            r.sinceMs = nowMs;
        r.candidate = c;
        r.due = nextStep(r.sinceMs, r.done, m_rules);
        order << c.id;
        rows.insert(c.id, r);
    }
    m_order = order;
    m_rows = rows;
}

void EnforcementPlan::record(const QString& id, const StepRecord& step)
{
    const auto it = m_rows.find(id);
    if (it == m_rows.end())
        return;
    it->done << step;
    it->due = nextStep(it->sinceMs, it->done, m_rules);
}

QList<EnforcementPlan::Row> EnforcementPlan::rows() const
{
    QList<Row> out;
    for (const QString& id : m_order)
        out << m_rows.value(id);
    return out;
}

std::optional<EnforcementPlan::Row> EnforcementPlan::row(const QString& id) const
{
    const auto it = m_rows.constFind(id);
    if (it == m_rows.cend())
        return std::nullopt;
    return *it;
}

} // namespace gw
