#pragma once

// Builds a Report (report.h) from readings fed in time order per server
// (servers interleaved is fine), streaming: it keeps one pending reading per
// server and running sums per unit, never the readings themselves.
//
// Time comes from the one rule of the books (readingSpanMs / isReadingGap
// in policy/policyengine.h): a reading stands for the time to the next one
// of its server, up to 3 × its interval; a longer silence is a gap. Each
// reading's span is clipped to [fromMs, toMs), so a reading fed from before
// the range counts for the part of its span inside it, and a GPU seen only
// outside the range is reported with zero coverage. Per-user figures come
// from UsageMeter's facts of the readings inside the range, and the tokens
// from buildBooks over the same range: the same numbers as the books.
//
// Not thread-safe: one thread feeds it.

#include "policy/policyconfig.h"
#include "report/report.h"
#include "tokens/usage.h"

#include <QHash>
#include <QMap>

#include <optional>

namespace gw {

struct ReportOptions
{
    qint64 fromMs = 0; // [fromMs, toMs)
    qint64 toMs = 0;
    std::optional<PolicyConfig> policy; // thresholds, [quota], [tokens]; absent: defaults
    qint64 generatedAtMs = 0;
    QString timeZone; // IANA id; empty: the policy's [tokens] time_zone, else the machine's
};

class ReportBuilder
{
public:
    explicit ReportBuilder(ReportOptions options);
    void feed(const Snapshot& reading);
    // Charges each server's last reading (one interval) and returns the
    // report; call once.
    Report finish();

private:
    struct MetricSums
    {
        double weighted = 0; // value × ms
        qint64 ms = 0;       // time the value was reported
        std::optional<double> peak;
        void add(const std::optional<double>& v, qint64 spanMs);
        MetricSummary summary() const;
    };
    struct UnitSums
    {
        UnitReport unit; // identity and coverage; figures filled at finish()
        MetricSums utilisation, memory, temperature, power;
        double energyWattMs = 0;
        std::optional<qint64> busyMs, heldIdleMs;
    };
    // A server's units by GPU position, checked by uuid and index: the
    // readings of a day look units up a million times, the map only when a
    // GPU moves or appears.
    struct GpuSlot
    {
        QString uuid;
        int index = -1;
        UnitSums* unit = nullptr;
        QList<std::pair<QString, UnitSums*>> migs;
    };
    struct ServerState
    {
        std::optional<Snapshot> pending;
        qint64 intervalMs = 0;
        ServerCoverage coverage;
        QList<GpuSlot> slots;
    };
    void account(const Snapshot& r, qint64 spanMs);
    void addGap(ServerState& s, qint64 fromMs, qint64 toMs);
    GpuSlot& slotFor(ServerState& s, qsizetype pos, const GpuSample& g);
    UnitSums& migUnitFor(GpuSlot& slot, const QString& server, const GpuSample& g,
                         const MigInstance& m);
    QList<UserReport> users(const Report& report);

    ReportOptions m_options;
    PolicyConfig m_policy;
    QMap<QString, ServerState> m_servers;
    // Key: server, GPU (uuid, else "#index"), MIG uuid (empty for the GPU).
    QMap<std::tuple<QString, QString, QString>, UnitSums> m_units;
    UsageMeter m_meter;
    QStringList m_warnings;
};

} // namespace gw
