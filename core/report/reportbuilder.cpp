#include "reportbuilder.h"

#include "policy/policyengine.h"
#include "tokens/ledger.h"

#include <QCoreApplication>
#include <QTimeZone>

#include <algorithm>
#include <chrono>

namespace gw {

namespace {

constexpr qint64 kDefaultIntervalMs = 1000; // as the books and the policy engine assume
constexpr double kMsPerHour = std::chrono::milliseconds(std::chrono::hours(1)).count();
constexpr double kWattMsPerKWh = kMsPerHour * 1000.0;

QString tr(const char* text)
{
    return QCoreApplication::translate("gw::ReportBuilder", text);
}

QString gpuKey(const GpuSample& g)
{
    return g.uuid.isEmpty() ? QStringLiteral("#%1").arg(g.index) : g.uuid;
}

} // namespace

void ReportBuilder::MetricSums::add(const std::optional<double>& v, qint64 spanMs)
{
    if (!v)
        return;
    weighted += *v * double(spanMs);
    ms += spanMs;
    peak = std::max(peak.value_or(*v), *v);
}

MetricSummary ReportBuilder::MetricSums::summary() const
{
    MetricSummary s;
    if (ms > 0) {
        s.mean = weighted / double(ms);
        s.peak = peak;
    }
    return s;
}

ReportBuilder::ReportBuilder(ReportOptions options)
    : m_options(std::move(options))
    , m_policy(m_options.policy.value_or(PolicyConfig{}))
{}

ReportBuilder::GpuSlot& ReportBuilder::slotFor(ServerState& s, qsizetype pos, const GpuSample& g)
{
    if (s.slots.size() <= pos)
        s.slots.resize(pos + 1);
    GpuSlot& slot = s.slots[pos];
    if (slot.unit && slot.index == g.index && slot.uuid == g.uuid)
        return slot;
    UnitSums& u = m_units[{s.coverage.server, gpuKey(g), QString()}];
    u.unit.server = s.coverage.server;
    u.unit.gpuUuid = g.uuid;
    u.unit.gpuIndex = g.index;
    u.unit.gpuModel = g.name;
    slot = GpuSlot{g.uuid, g.index, &u, {}};
    return slot;
}

ReportBuilder::UnitSums& ReportBuilder::migUnitFor(GpuSlot& slot, const QString& server,
                                                   const GpuSample& g, const MigInstance& m)
{
    for (const auto& [uuid, unit] : slot.migs)
        if (uuid == m.uuid)
            return *unit;
    UnitSums& u = m_units[{server, gpuKey(g), m.uuid}];
    u.unit.server = server;
    u.unit.gpuUuid = g.uuid;
    u.unit.gpuIndex = g.index;
    u.unit.gpuModel = g.name;
    u.unit.migUuid = m.uuid;
    u.unit.migProfile = m.profile;
    slot.migs.append({m.uuid, &u});
    return u;
}

void ReportBuilder::feed(const Snapshot& r)
{
    ServerState& s = m_servers[r.server];
    s.coverage.server = r.server;
    if (s.pending) {
        const qint64 last = s.pending->timestampMs;
        if (r.timestampMs <= last) {
            m_warnings << tr("%1: reading at %2 ms not after the last one (%3 ms): skipped")
                              .arg(r.server)
                              .arg(r.timestampMs)
                              .arg(last);
            return;
        }
        account(*s.pending, readingSpanMs(last, r.timestampMs, s.intervalMs));
        if (isReadingGap(last, r.timestampMs, s.intervalMs))
            addGap(s, last + s.intervalMs, r.timestampMs);
    }
    // The interval as UsageMeter infers it: the reading's own, else what the
    // readings show, else the default.
    if (r.intervalMs && *r.intervalMs > 0)
        s.intervalMs = *r.intervalMs;
    else if (s.pending && !isReadingGap(s.pending->timestampMs, r.timestampMs, s.intervalMs))
        s.intervalMs = std::max<qint64>(1, r.timestampMs - s.pending->timestampMs);
    else if (s.intervalMs <= 0)
        s.intervalMs = kDefaultIntervalMs;
    // A server's first reading after a silence from the start of the range.
    if (!s.pending && isReadingGap(m_options.fromMs, r.timestampMs, s.intervalMs))
        addGap(s, m_options.fromMs, r.timestampMs);
    if (r.timestampMs >= m_options.fromMs && r.timestampMs < m_options.toMs)
        m_meter.feed(r);
    s.pending = r;
}

void ReportBuilder::addGap(ServerState& s, qint64 fromMs, qint64 toMs)
{
    fromMs = std::max(fromMs, m_options.fromMs);
    toMs = std::min(toMs, m_options.toMs);
    if (toMs > fromMs)
        s.coverage.gaps << CoverageGap{s.coverage.server, fromMs, toMs};
}

void ReportBuilder::account(const Snapshot& r, qint64 spanMs)
{
    const qint64 from = std::max(r.timestampMs, m_options.fromMs);
    const qint64 to = std::min(r.timestampMs + spanMs, m_options.toMs);
    const qint64 ms = std::max<qint64>(0, to - from);
    ServerState& s = m_servers[r.server];
    s.coverage.coveredMs += ms;
    const double busyAt = m_policy.hog.thresholdPercent;
    const double idleBelow = m_policy.idle.minGpuUtilizationPercent;
    // Every unit of every reading is known, even one whose span lies
    // outside the range (zero coverage, not absent).
    for (qsizetype pos = 0; pos < r.gpus.size(); ++pos) {
        const GpuSample& g = r.gpus[pos];
        GpuSlot& slot = slotFor(s, pos, g);
        for (const MigInstance& m : g.migInstances)
            migUnitFor(slot, r.server, g, m).unit.coveredMs += ms;
        if (ms == 0)
            continue;
        UnitSums& u = *slot.unit;
        u.unit.coveredMs += ms;
        u.utilisation.add(g.utilizationGpuPercent, ms);
        u.memory.add(g.memoryUsedMiB, ms);
        u.temperature.add(g.temperatureC, ms);
        u.power.add(g.powerW, ms);
        if (g.powerW)
            u.energyWattMs += *g.powerW * double(ms);
        if (g.utilizationGpuPercent) {
            const double util = *g.utilizationGpuPercent;
            u.busyMs = u.busyMs.value_or(0) + (util >= busyAt ? ms : 0);
            const bool held =
                util < idleBelow && !g.uuid.isEmpty() &&
                std::any_of(r.processes.begin(), r.processes.end(), [&](const GpuProcess& p) {
                    // Memory unknown still holds a context.
                    return p.gpuUuid == g.uuid && (!p.usedMemoryMiB || *p.usedMemoryMiB > 0);
                });
            u.heldIdleMs = u.heldIdleMs.value_or(0) + (held ? ms : 0);
        }
        for (const MigInstance& m : g.migInstances)
            migUnitFor(slot, r.server, g, m).memory.add(m.memoryUsedMiB, ms);
    }
}

Report ReportBuilder::finish()
{
    for (ServerState& s : m_servers) {
        if (!s.pending)
            continue;
        const qint64 at = s.pending->timestampMs;
        account(*s.pending, readingSpanMs(at, std::nullopt, s.intervalMs));
        if (isReadingGap(at, m_options.toMs, s.intervalMs))
            addGap(s, at + s.intervalMs, m_options.toMs);
        s.pending.reset();
    }
    m_meter.finish();

    Report report;
    report.fromMs = m_options.fromMs;
    report.toMs = m_options.toMs;
    report.generatedAtMs = m_options.generatedAtMs;
    report.timeZone = !m_options.timeZone.isEmpty() ? m_options.timeZone
                      : !m_policy.tokens.timeZone.isEmpty()
                          ? m_policy.tokens.timeZone
                          : QString::fromUtf8(QTimeZone::systemTimeZoneId());
    report.busyThresholdPercent = m_policy.hog.thresholdPercent;
    report.idleThresholdPercent = m_policy.idle.minGpuUtilizationPercent;
    for (const ServerState& s : std::as_const(m_servers)) {
        report.servers << s.coverage.server;
        report.coverage << s.coverage;
    }
    double fleetMs = 0;
    bool anyGpu = false;
    for (const UnitSums& u : std::as_const(m_units)) {
        UnitReport unit = u.unit;
        unit.utilisationPercent = u.utilisation.summary();
        unit.memoryUsedMiB = u.memory.summary();
        unit.temperatureC = u.temperature.summary();
        unit.powerW = u.power.summary();
        if (u.power.ms > 0)
            unit.energyKWh = u.energyWattMs / kWattMsPerKWh;
        unit.busyMs = u.busyMs;
        unit.heldIdleMs = u.heldIdleMs;
        if (unit.migUuid.isEmpty()) {
            anyGpu = true;
            fleetMs += double(unit.coveredMs);
        }
        report.units << unit;
    }
    std::stable_sort(report.units.begin(), report.units.end(),
                     [](const UnitReport& a, const UnitReport& b) {
                         return std::tie(a.server, a.gpuIndex, a.migUuid) <
                                std::tie(b.server, b.gpuIndex, b.migUuid);
                     });
    if (anyGpu)
        report.fleetGpuHours = fleetMs / kMsPerHour;
    report.users = users(report);
    report.warnings = m_warnings + m_meter.warnings() + report.warnings;
    return report;
}

QList<UserReport> ReportBuilder::users(const Report& report)
{
    QMap<QString, UserReport> out;
    const QList<UsageFact> facts = m_meter.facts();
    for (const UsageFact& f : facts) {
        UserReport& u = out[f.user];
        u.user = f.user;
        const double hours = f.heldGpuSeconds / 3600.0;
        u.gpuHoursByModel[f.gpuModel] += hours;
        u.gpuHours += hours;
    }
    std::optional<Books> books;
    if (m_options.policy && m_policy.tokens.enabled) {
        books = buildBooks(facts, m_policy.tokens, m_options.fromMs, m_options.toMs, {},
                           m_meter.gpuModelsSeen(), m_meter.gaps());
        for (auto it = books->balances.begin(); it != books->balances.end(); ++it) {
            UserReport& u = out[it.key()];
            u.user = it.key();
            u.balance = it.value();
            u.tokensCharged = 0.0;
        }
        for (const LedgerEntry& e : books->entries)
            if (e.kind == LedgerEntry::Kind::Usage)
                out[e.user].tokensCharged = out[e.user].tokensCharged.value_or(0) - e.amount;
    }
    for (UserReport& u : out) {
        if (report.fleetGpuHours && *report.fleetGpuHours > 0)
            u.sharePercent = u.gpuHours / *report.fleetGpuHours * 100.0;
        if (m_options.policy) {
            u.quotaPercent = m_policy.quota.defaultSharePercent;
            for (const QuotaShare& q : m_policy.quota.users)
                if (q.name == u.user)
                    u.quotaPercent = q.sharePercent;
        }
    }
    if (books)
        m_warnings << books->warnings;
    return out.values();
}

} // namespace gw
