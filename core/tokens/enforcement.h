#pragma once

// Enforcement by token balance (docs/tokens.md, "Enforcement"), the pure
// part: when demand is high, which processes are candidates, and which step
// is due for each. No clock, no I/O: every time is given, so the schedule is
// tested with exact times. The agent (core/agent/balanceenforcer.*) performs
// the steps through the Enforcer's checks.

#include "model/snapshot.h"
#include "policy/policyconfig.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace gw {

using EnforcementRules = PolicyConfig::Tokens::Enforcement;

enum class EnforceStep
{
    Notify,    // an audit entry and a log line: nothing else reaches a user
    Renice,    // setpriority 19
    Terminate, // SIGTERM
    Kill       // SIGKILL, kill_grace after SIGTERM if it still runs
};
QString enforceStepName(EnforceStep step); // "notify", "renice", "terminate", "kill"
std::optional<EnforceStep> enforceStepFromName(const QString& name);

// High demand on one server, from its readings and refused allocations.
// High when every GPU-bearing reading over demand_for had a mean GPU
// utilisation of at least demand_utilisation, with no gap between them (a gap
// or a reading below restarts the run), or when an allocation was refused
// less than demand_for ago (demand_on_refused_allocation).
class DemandTracker
{
public:
    struct State
    {
        bool high = false;
        std::optional<qint64> sinceMs; // when it became high
        QString reason;                // in words, empty when not high
    };

    void setRules(const EnforcementRules& rules) { m_rules = rules; }
    // Readings of the server in time order; one without GPUs is ignored.
    void reading(const Snapshot& s);
    void refusedAllocation(qint64 atMs);
    State state(qint64 nowMs) const;

private:
    EnforcementRules m_rules;
    std::optional<qint64> m_runStartMs; // first reading of the current run at or above
    std::optional<qint64> m_lastMs;     // last GPU-bearing reading
    qint64 m_lastIntervalMs = 0;
    double m_runLowest = 0; // lowest mean in the run
    std::optional<qint64> m_refusedMs;
};

struct EnforcementCandidate
{
    QString id;   // "alice/12345/1794990000000": owner ('/' as ':'), pid, start time
    QString user; // the owner (GpuProcess::ownerName), whose balance it is
    // The workload acted on instead of the process ("container job1
    // (docker 561bb04bdcbb)", "Slurm job 57", "pod vision/train-0"); empty:
    // the process itself (owners::stopUnitOf).
    QString workload;
    double balance = 0;
    double floor = 0;
    qint64 pid = 0;
    qint64 startTimeMs = 0;
    QString command;
    std::optional<int> gpuIndex; // absent: its GPU is not in the reading
    QString gpuUuid;
    QString migUuid;
    QString migProfile;
    std::optional<double> memoryMib;   // summed over its GPUs
    std::optional<double> utilisation; // the driver's per-process SM %, else the GPU's
    QString why;
    // The owner's fair-share factor ([quota] half_life): candidates are
    // ranked lowest first (who used most lately acts first); absent: none
    // known (counted as 1).
    std::optional<double> fairShareFactor;
    bool operator==(const EnforcementCandidate&) const = default;
};

// The processes of `newest` that are candidates: holding GPU memory, with an
// owner whose balance is at or below `floor` (any demand) or below zero while
// demand is high. Never: host root (uid 0 not in a workload acted on as a
// whole: a root process in an owned container or job is a candidate),
// processes without a start time (no identity to check), protected users
// (by owner: "root" there is host root, already never) and commands, owners
// without a balance.
// One candidate per process (the first GPU it is listed on), in pid order.
QList<EnforcementCandidate> findCandidates(const Snapshot& newest,
                                           const QMap<QString, double>& balances, double floor,
                                           bool demandHigh, const EnforcementRules& rules);

struct StepRecord
{
    EnforceStep step = EnforceStep::Notify;
    qint64 atMs = 0;
    QString outcome; // "done", "refused", "would", "failed", "declined"
    bool operator==(const StepRecord&) const = default;
};

struct DueStep
{
    EnforceStep step = EnforceStep::Notify;
    qint64 dueMs = 0;
    bool operator==(const DueStep&) const = default;
};

// The graduated schedule: notify when a process becomes a candidate, renice
// step_after after the notify, terminate step_after after the renice, kill
// kill_grace after the terminate. Every step recorded counts as taken,
// whatever its outcome (a refusal is not retried on every reading); a
// declined step ends the schedule. Absent: nothing more is due.
std::optional<DueStep> nextStep(qint64 candidateSinceMs, const QList<StepRecord>& done,
                                const EnforcementRules& rules);

// The candidates over time, per (pid, start time): when each became one and
// the steps taken. A process that stops being a candidate is forgotten (its
// steps stay in the audit log) and starts again from notify if it returns.
class EnforcementPlan
{
public:
    struct Row
    {
        EnforcementCandidate candidate;
        qint64 sinceMs = 0;
        QList<StepRecord> done;
        std::optional<DueStep> due;
    };

    void setRules(const EnforcementRules& rules) { m_rules = rules; }
    // The candidates now; new ones become candidates at `nowMs`.
    void update(const QList<EnforcementCandidate>& candidates, qint64 nowMs);
    void record(const QString& id, const StepRecord& step);
    QList<Row> rows() const; // in the candidates' order
    std::optional<Row> row(const QString& id) const;

private:
    EnforcementRules m_rules;
    QList<QString> m_order;
    QHash<QString, Row> m_rows;
};

} // namespace gw
