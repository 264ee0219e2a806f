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
// The work is done on threads of the builder's own (ReportOptions::threads),
// servers split among them: the feeding thread only hands each reading over.
//
// Not thread-safe: one thread feeds it.

#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "report/report.h"
#include "tokens/energybook.h"
#include "tokens/usage.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
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
    // Threads the readings are worked on (servers split among them); 0: one
    // a core, at most 4. The figures do not depend on it, except that an
    // engine's events come together: a user's hours over quota on servers of
    // different threads are summed in another order (the last bit).
    int threads = 0;
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
        void add(const std::optional<double>& v, qint64 spanMs)
        {
            if (!v)
                return;
            weighted += *v * double(spanMs);
            ms += spanMs;
            peak = std::max(peak.value_or(*v), *v);
        }
        MetricSummary summary() const;
    };
    struct Worker; // a thread of its own: its servers' engine, meters and sums
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
        // The minutes marked last, both included.
        qint64 markedFirst = std::numeric_limits<qint64>::max();
        qint64 markedLast = std::numeric_limits<qint64>::min();
        void mark(qint64 localMinute);
    };
    struct UnitSums
    {
        UnitReport unit; // identity and coverage; figures filled at finish()
        MetricSums utilisation, memory, temperature, power;
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
    // A server's state. The feeding thread owns `lastMs` and `worker`; the
    // server's worker owns the rest until finish() has stopped it.
    struct ServerState
    {
        std::optional<qint64> lastMs; // the last reading accepted
        Worker* worker = nullptr;
        std::optional<Snapshot> pending;
        bool pendingAfterGap = false; // the pending reading is the first after a gap
        qint64 intervalMs = 0;
        qint64 endMs = 0; // the end of the last reading's span, once finished
        ServerCoverage coverage;
        std::vector<GpuSlot> slots;
        // Key: GPU (uuid, else "#index"), MIG uuid (empty for the GPU).
        QMap<std::pair<QString, QString>, UnitSums> units;
        DayMinutes covered;
        QMap<QString, DayMinutes> held; // by user
        // The holder of each process position in the last reading: readings
        // repeat their processes, so the owner is found without searching.
        std::vector<std::pair<QString, DayMinutes*>> heldByPos;
        QMap<QString, JobReport> jobs;         // Slurm jobs by id
        QMap<QString, GpuHealthReport> health; // GPUs not ok or with XIDs, by uuid
        qsizetype uuidsChecked = -1;           // GPUs in the reading when uuidsUnique was found
        bool uuidsUnique = true;
        // The server's own meter: the facts of one meter fed everything,
        // split by server (a fact is of one server), and its warnings with
        // the number of the reading that raised them, merged in that order.
        UsageMeter meter;
        QList<std::pair<qint64, QString>> meterWarnings;
        qsizetype meterWarned = 0; // of the meter's warnings, those in meterWarnings
        EnergyBook energy;         // windowed to the range
    };
    // What a worker does with one reading of its server, as feed() did on
    // one thread.
    void step(Worker& w, ServerState& s, Snapshot&& r, qint64 seq);
    void account(Worker& w, ServerState& s, const Snapshot& r, qint64 spanMs, bool afterGap);
    void markMinutes(Worker& w, ServerState& s, const Snapshot& r, qint64 fromMs, qint64 toMs);
    void noteJobs(ServerState& s, const Snapshot& r, qint64 fromMs, qint64 toMs);
    void noteHealth(ServerState& s, const Snapshot& r, qint64 ms);
    qint64 eventEndMs(const PolicyEvent& e) const;
    qint64 eventOverlapMs(const PolicyEvent& e) const; // clipped to the range
    QList<Finding> findings(const Report& report) const;
    QList<TimePattern> patterns() const;
    void addGap(ServerState& s, qint64 fromMs, qint64 toMs);
    GpuSlot& slotFor(ServerState& s, qsizetype pos, const GpuSample& g);
    UnitSums& migUnitFor(ServerState& s, GpuSlot& slot, const GpuSample& g, const MigInstance& m);
    QList<UserReport> users(const Report& report);
    QList<AccountReport> accounts(const Report& report) const;
    QList<JobReport> jobs() const;
    QList<GpuHealthReport> health() const;
    EnergyFigures energyFigures(const EnergyBook::Total& total) const;
    void addEnergy(Report& report);

    ReportOptions m_options;
    PolicyConfig m_policy;
    QMap<QString, ServerState> m_servers;
    QHash<QString, ServerState*> m_serverIndex; // the same, found by hash
    qint64 m_fed = 0;                           // readings handed to workers
    // The meters' figures merged at finish().
    QList<UsageFact> m_facts;
    QList<CoverageGap> m_meterGaps;
    QSet<QString> m_models;
    QStringList m_meterWarnings;
    QStringList m_warnings;
    QTimeZone m_zone;
    QString m_zoneId;
    // Workers on threads of their own, each fed its servers' readings in the
    // same order in batches (a bounded queue), each with a policy engine.
    // Servers are independent in the engine, so each server's events are
    // those one engine fed everything finds, as replay runs it; the servers
    // go to the workers in turn as they first appear.
    std::vector<std::unique_ptr<Worker>> m_workers;
    qsizetype m_nextWorker = 0;
    QList<PolicyEvent> m_events; // each event's newest version, set by finish()
};

} // namespace gw
