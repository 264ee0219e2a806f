#pragma once

// A report's content as plain data (docs/reports.md): what a range of
// readings says about coverage, each GPU and MIG instance, and each user.
// Writers (CSV now; PDF and print later) only lay it out: every figure is
// computed once, here, by ReportBuilder. Absent figures stay absent.

#include "history/historytypes.h"
#include "policy/policyevent.h"
#include "tokens/usage.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

// Energy in the range (docs/health.md, "Energy"): the GPUs' counters
// where they have one, else power integrated over the readings (estimated),
// split between users by their share of each GPU. Cost and CO2 from
// [energy] price_per_kwh and grams_co2_per_kwh, absent without them.
struct EnergyFigures
{
    std::optional<double> kWh;  // absent: no energy known
    double estimatedKWh = 0;    // of kWh, what is estimated rather than measured
    std::optional<double> cost; // in Report::currency
    std::optional<double> co2Kg;
    bool operator==(const EnergyFigures&) const = default;
};

// One server's readings in the range: the time they stand for (the rule of
// readingSpanMs) and the silences longer than 3 × the interval.
struct ServerCoverage
{
    QString server;
    qint64 coveredMs = 0;
    QList<CoverageGap> gaps; // clipped to the range, in time order
    EnergyFigures energy;    // of its GPUs
    bool operator==(const ServerCoverage&) const = default;
};

// A metric over the time it was reported: mean weighted by each reading's
// span, and the highest reading. Both absent when no reading had it.
struct MetricSummary
{
    std::optional<double> mean;
    std::optional<double> peak;
    bool operator==(const MetricSummary&) const = default;
};

// A whole GPU, or a MIG instance as a unit of its own.
struct UnitReport
{
    QString server;
    QString gpuUuid;    // the GPU, or the MIG instance's parent
    int gpuIndex = -1;  // as last reported
    QString gpuModel;   // the GPU's name
    QString migUuid;    // empty for a whole GPU
    QString migProfile; // "3g.40gb"; empty for a whole GPU
    qint64 coveredMs = 0;
    MetricSummary utilisationPercent;
    MetricSummary memoryUsedMiB;
    MetricSummary temperatureC;
    MetricSummary powerW;
    EnergyFigures energy;             // a whole GPU's; none for a MIG instance
    std::optional<qint64> busyMs;     // utilisation ≥ [hog] threshold_percent
    std::optional<qint64> heldIdleMs; // processes on it, utilisation < [idle] minimum
    // Utilisation reduced for charts: [fromMs, toMs) cut into
    // kReportChartBuckets equal buckets, each with the span-weighted mean,
    // the min and max of the readings whose span falls in it (NaN and
    // count 0 where none did), gapBefore where the server's record has a
    // gap before it. Empty for a MIG instance (no utilisation). An empty
    // bucket's NaNs compare unequal, so two UnitReports (and Reports) with
    // empty buckets are never ==: compare the buckets apart.
    QList<HistoryBucket> utilisationBuckets;
    bool operator==(const UnitReport&) const = default;
};

// A user's or an account's part of one server in the range: held
// GPU-hours against the server's capacity (the covered hours of its whole
// GPUs), beside the share the policy gives them there.
struct ServerShare
{
    QString server;
    double gpuHours = 0;
    std::optional<double> sharePercent; // absent: the server's GPUs were not covered
    // Users: [quota] users (else default_share); accounts: [accounts.NAME]
    // share. Absent: none set (an account without a share, no policy).
    std::optional<double> quotaPercent;
    bool operator==(const ServerShare&) const = default;
};

struct UserReport
{
    QString user;
    QMap<QString, double> gpuHoursByModel; // held GPU-hours, as the books count them
    double gpuHours = 0;                   // their sum
    // Of the fleet's capacity in the range (the covered hours of whole GPUs), 0–100.
    std::optional<double> sharePercent;
    std::optional<double> quotaPercent;  // [quota]: the user's share, else the default
    QList<ServerShare> servers;          // each server they held GPUs on, by name
    std::optional<double> tokensCharged; // [tokens]: usage charged in the range
    std::optional<double> balance;       // [tokens]: at the end of the range
    // From the policy engine fed the same readings (PolicyEngine, as
    // `replay` runs it) with the report's policy, the built-in defaults
    // without one: time the user's fair-share events were open inside the
    // range (an event still open at the end lasts to the end of its
    // server's last reading), and the hog and idle events of the user's
    // processes that overlap the range. Set for every user the report lists.
    std::optional<double> violationHours;
    std::optional<int> hogEvents;
    std::optional<int> idleEvents;
    EnergyFigures energy; // what the user's processes (and workloads held idle) drew
    bool operator==(const UserReport&) const = default;
};

// An account's GPU time (docs/owners.md: a Slurm job's account, a label's,
// a namespace rule's), as the books count it.
struct AccountReport
{
    QString account;     // empty: the use of owners with no account
    QStringList users;   // sorted
    double gpuHours = 0; // held GPU-hours
    // Of the fleet's capacity in the range, 0–100 (as UserReport's).
    std::optional<double> sharePercent;
    QList<ServerShare> servers; // each server, by name; quota: [accounts.NAME] share
    EnergyFigures energy;
    bool operator==(const AccountReport&) const = default;
};

// A Slurm job seen holding GPUs in the range.
struct JobReport
{
    QString server;
    QString jobId;
    QString name;
    QString user;    // its owner
    QString account; // empty: none given
    QString partition;
    qint64 firstSeenMs = 0; // its first reading in the range
    qint64 lastSeenMs = 0;  // the end of its last reading's span
    int gpus = 0;           // the most GPUs (and MIG instances) it held at once
    // GPU-hours held: each GPU it ran on for each reading's span, a MIG
    // instance as its fraction of the GPU (as the books count it).
    double gpuHours = 0;
    bool operator==(const JobReport&) const = default;
};

// A GPU that was degraded or failing at some time in the range, or reported
// an XID in it (docs/health.md): the worst it was, for how long, what it
// said when it was last not ok.
struct GpuHealthReport
{
    QString server;
    QString gpuUuid;
    int gpuIndex = -1; // as last reported
    QString gpuModel;
    QString worstState;    // "failing", "degraded"; "ok" where it only reported XIDs
    qint64 degradedMs = 0; // of the range's time covered by its readings
    qint64 failingMs = 0;
    int xidCount = 0;    // XIDs stamped in the range
    QList<int> xids;     // their distinct codes, in the order first seen
    QStringList reasons; // its verdict's reasons when it was last not ok
    bool operator==(const GpuHealthReport&) const = default;
};

// Where a user's count of each kind the policy table tallies as events
// (PolicyEventTally::Events) lives. The CSV's and the PDF's per-user columns
// are fixed (hog_events, idle_events), so a new counted kind adds its member
// above and its row here; the builder fills them from this list, and a test
// checks that every counted kind of policyEventKinds() has its row.
struct UserEventCount
{
    PolicyEventKind kind;
    std::optional<int> UserReport::*events;
};
const QList<UserEventCount>& userEventCounts();

// What an admin should look at, worst first: one line of fact and one of
// advice, both ready to print (translated in core).
struct Finding
{
    enum class Kind
    {
        Hog,       // a process at or above the hog threshold for long
        HeldIdle,  // GPUs held with memory and left idle
        OverQuota, // a user's share above their quota
        Overdraft, // a balance below zero at the end
        Coverage   // a server not heard from for part of the range
    };
    enum class Advice
    {
        ContactOwner,
        AdjustQuota,
        EnableEnforcement,
        CheckAgent
    };
    Kind kind = Kind::Hog;
    Advice advice = Advice::ContactOwner;
    QString server; // empty: fleet-wide (a user's share)
    QString user;
    QString command; // process findings
    qint64 pid = 0;
    QString unit; // "GPU 2", "MIG 1g.10gb on GPU 0"; empty when not one unit
    double hours = 0;
    // "python (PID 12345, alice): 18.5 h at > 90 % on node-3 GPU 2 (expected quota: 30 %)"
    QString text;
    // "Contact alice; if this is expected, raise their quota in [quota]."
    QString recommendation;
    bool operator==(const Finding&) const = default;
};

// A user holding a server's GPUs at the same hours of the day: "alice's
// training holds gpu-node-3 every night 20:00–06:00" (over several days) or
// "alice held gpu-node-3 20:00–06:00" (within a day). Hours in the report's
// time zone.
struct TimePattern
{
    QString user;
    QString server;
    int fromMinute = 0; // minute of the day, 0–1439, in the report's zone
    int toMinute = 0;   // exclusive; smaller than fromMinute when it wraps midnight
    int days = 0;       // days the pattern held
    int daysCovered = 0;
    QString text;
    bool operator==(const TimePattern&) const = default;
};

// Buckets in each unit's utilisation series: 5-minute buckets over 24 h,
// enough for a printed chart's width and small enough to draw as lines.
inline constexpr int kReportChartBuckets = 288;

struct Report
{
    qint64 fromMs = 0; // [fromMs, toMs)
    qint64 toMs = 0;
    QStringList servers; // the scope: every server seen, sorted
    QString timeZone;    // IANA id the times are shown in
    qint64 generatedAtMs = 0;
    double busyThresholdPercent = 0;     // the [hog] threshold used
    double idleThresholdPercent = 0;     // the [idle] minimum used
    QList<ServerCoverage> coverage;      // per server, sorted
    QList<UnitReport> units;             // sorted by server, GPU index, MIG instance
    QList<UserReport> users;             // sorted by name
    QList<AccountReport> accounts;       // sorted by name, "no account" first; empty: none known
    QList<JobReport> jobs;               // Slurm jobs, by server then job id
    QList<GpuHealthReport> health;       // GPUs not ok or with XIDs, by server then GPU index
    std::optional<double> fleetGpuHours; // covered hours of whole GPUs; absent: no GPU
    EnergyFigures energy;                // every GPU's
    EnergyFigures energyIdleUnowned;     // of it, GPUs idle and held by nobody
    EnergyFigures energyNotAttributed;   // of it, measured across gaps in the readings
    QString currency;                    // [energy] currency; empty: none named
    QList<Finding> findings;             // worst first
    QList<TimePattern> patterns;         // by user, then server
    QStringList warnings;
    bool operator==(const Report&) const = default;
};

} // namespace gw

Q_DECLARE_TYPEINFO(gw::ServerCoverage, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::UnitReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::UserReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::AccountReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::JobReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::GpuHealthReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::Finding, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::TimePattern, Q_RELOCATABLE_TYPE);
