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
// from buildBooks over the same range: the same numbers as the books. Every
// reading fed also goes through a PolicyEngine with the report's policy (the
// defaults without one), as `gpuwarden-cli replay` runs it: its events give
// the per-user violation hours and event counts and the findings.
//
// Not thread-safe: one thread feeds it.

#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "report/report.h"
#include "tokens/usage.h"

#include <QHash>
#include <QMap>
#include <QTimeZone>

#include <bitset>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

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
    ~ReportBuilder();
    ReportBuilder(const ReportBuilder&) = delete;
    ReportBuilder& operator=(const ReportBuilder&) = delete;
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
    struct EngineThread; // a policy engine on a thread of its own
    struct BucketSums
    {
        double weighted = 0; // utilisation × ms
        qint64 ms = 0;
        double min = 0, max = 0;
        qint64 count = 0;
        bool gapBefore = false;
    };
    // A part of a reading's span inside one chart bucket.
    struct BucketPart
    {
        int bucket = 0;
        qint64 ms = 0;
    };
    // Minutes of each local day (key: days since the epoch in the report's
    // zone) that something happened in.
    struct DayMinutes
    {
        QMap<qint64, std::bitset<1440>> days;
        qint64 lastDay = std::numeric_limits<qint64>::min(); // the day last marked …
        std::bitset<1440>* last = nullptr;                   // … and its minutes
        void mark(qint64 localMinute);
    };
    struct UnitSums
    {
        UnitReport unit; // identity and coverage; figures filled at finish()
        MetricSums utilisation, memory, temperature, power;
        double energyWattMs = 0;
        std::optional<qint64> busyMs, heldIdleMs;
        std::vector<BucketSums> buckets; // whole GPUs only
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
        bool pendingAfterGap = false; // the pending reading is the first after a gap
        qint64 intervalMs = 0;
        qint64 endMs = 0; // the end of the last reading's span, once finished
        ServerCoverage coverage;
        QList<GpuSlot> slots;
        DayMinutes covered;
        QMap<QString, DayMinutes> held; // by user
        QList<std::pair<QString, DayMinutes*>> heldCache;
        QMap<QString, JobReport> jobs; // Slurm jobs by id
        EngineThread* engine = nullptr;
        qsizetype uuidsChecked = -1; // GPUs in the reading when uuidsUnique was found
        bool uuidsUnique = true;
    };
    void account(ServerState& s, const Snapshot& r, qint64 spanMs, bool afterGap);
    void markMinutes(ServerState& s, const Snapshot& r, qint64 fromMs, qint64 toMs);
    void noteJobs(ServerState& s, const Snapshot& r, qint64 fromMs, qint64 toMs);
    qint64 localMs(qint64 utcMs);
    qint64 eventEndMs(const PolicyEvent& e) const;
    qint64 eventOverlapMs(const PolicyEvent& e) const; // clipped to the range
    QList<Finding> findings(const Report& report) const;
    QList<TimePattern> patterns() const;
    void addGap(ServerState& s, qint64 fromMs, qint64 toMs);
    GpuSlot& slotFor(ServerState& s, qsizetype pos, const GpuSample& g);
    UnitSums& migUnitFor(GpuSlot& slot, const QString& server, const GpuSample& g,
                         const MigInstance& m);
    QList<UserReport> users(const Report& report);
    QList<AccountReport> accounts(const Report& report) const;
    QList<JobReport> jobs() const;

    ReportOptions m_options;
    PolicyConfig m_policy;
    QMap<QString, ServerState> m_servers;
    QHash<QString, ServerState*> m_serverIndex; // the same, found by hash
    // Key: server, GPU (uuid, else "#index"), MIG uuid (empty for the GPU).
    QMap<std::tuple<QString, QString, QString>, UnitSums> m_units;
    UsageMeter m_meter;
    QStringList m_warnings;
    QTimeZone m_zone;
    QString m_zoneId;
    qint64 m_offsetBlock = std::numeric_limits<qint64>::min(); // 15-minute UTC block cached
    qint64 m_offsetMs = 0;
    // Policy engines run on threads of their own, each fed its servers'
    // readings in the same order in batches (a bounded queue). Servers are
    // independent in the engine, so each server's events are those one
    // engine fed everything finds, as replay runs it.
    std::vector<std::unique_ptr<EngineThread>> m_engines;
    qsizetype m_nextEngine = 0;
    QList<PolicyEvent> m_events; // each event's newest version, set by finish()
    QList<BucketPart> m_parts;   // scratch
    QList<bool> m_held;          // scratch: the GPUs of a reading a process holds
};

} // namespace gw
