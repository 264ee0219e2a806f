#pragma once

// The policy engine: hog, idle and fair-share detection and the adaptive
// quota, fed readings one by one in time order per server. The same object
// runs live (the agent, the desktop in local mode: fed as readings arrive)
// and replayed (a trace, the agent's journal, a history file: fed from the
// record). There is no other implementation. See docs/policies.md.
//
// Inside: a frame that owns time, gaps and event ids (policyframe.h) and one
// class per rule (hogrule.h, idlerule.h, adaptiverule.h, fairsharerule.h).
//
// Time comes from the readings only, never from a clock: a reading stands
// for the time until the next reading of its server, up to 3 × its sampling
// interval (readingSpanMs); a longer silence is a gap, which counts as
// nothing and breaks anything that must be continuous.
//
// Not thread-safe: one thread feeds it (the agent gives it a thread of its
// own; a replay gives each worker an engine of its own, see ReplayFeeder).

#include "model/snapshot.h"
#include "policy/policyconfig.h"
#include "policy/policyevent.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <functional>
#include <memory>

namespace gw {

struct ReservedUnits;

// The time a reading at `atMs` stands for, given the next reading of its
// server at `nextMs` (absent: none yet) and its sampling interval: the time
// to the next reading if that is at most 3 × the interval, else one interval
// (the rest is a gap). One rule for policies, books and reports.
qint64 readingSpanMs(qint64 atMs, std::optional<qint64> nextMs, qint64 intervalMs);
// Whether the silence between two readings is a gap.
bool isReadingGap(qint64 fromMs, qint64 toMs, qint64 intervalMs);

// Where each process of a reading runs and how busy it keeps its GPU: the
// driver's per-process figure (smUtilPercent) where given, else the GPU's
// utilisation shared by memory (estimated; evenly where a process's memory
// is unknown). MIG processes and GPUs without utilisation get none. One
// attribution for the policy engine and the token books.
struct ProcessUtilisation
{
    int gpuPos = -1;               // index into Snapshot::gpus; -1: not in the reading
    std::optional<double> percent; // 0..100 of the GPU
    bool estimated = false;
};
// Fills out[i] for r.processes[i]; `out` holds r.processes.size() elements.
void attributeProcessUtilisation(const Snapshot& r, ProcessUtilisation* out);

// What the enforcer is asked to do: signal one process, identified by pid
// and start time, for one event. The enforcer re-checks both before acting.
struct EnforcementRequest
{
    enum class Signal
    {
        Terminate, // SIGTERM
        Kill       // SIGKILL, grace period after Terminate
    };
    QString eventId;
    QString server;
    Signal signal = Signal::Terminate;
    qint64 pid = 0;
    std::optional<qint64> processStartMs;
    std::optional<uint> uid;
    QString gpuUuid;
    QString migUuid;
    qint64 atMs = 0; // the time of the reading that asked for it
    bool operator==(const EnforcementRequest&) const = default;
};

// Current verdict on one process, for badges in the process table and tree.
struct ProcessVerdict
{
    qint64 pid = 0;
    std::optional<qint64> processStartMs;
    QString gpuUuid;
    QString user;    // the owner (GpuProcess::ownerName); empty: an account's processes
    QString account; // the owner's account, or the account judged
    bool hog = false;
    bool idle = false;      // judged idle (warnings running or acted on)
    bool overQuota = false; // its user is in a fair-share event
    bool faultyGpu = false; // runs on a GPU that is degraded or failing
    bool causedXid = false; // the driver named it in an XID it caused
    bool overCap = false;   // on a GPU past a cap of [accounts]
    QString reason;         // one line per verdict, for a tooltip
    bool operator==(const ProcessVerdict&) const = default;
};

// The adaptive side, per server, as of its newest reading.
struct PolicyStatus
{
    QString server;
    qint64 atMs = 0;
    double loadPercent = 0;         // mean GPU busy over the last 5 min of readings
    int loadBand = 0;               // index into [adaptive] bands
    double bandMultiplier = 1;      // that band's multiplier
    double hogFraction = 0;         // of [adaptive] hostile_window with a hog open
    bool defensive = false;         // hogFraction > hostile_hog_fraction
    double defensiveMultiplier = 1; // [adaptive] defensive_multiplier when defensive, else 1
    struct User
    {
        QString user;                // the owner (GpuProcess::ownerName)
        double quotaPercent = 100;   // in effect now (time windows applied)
        double allowedPercent = 100; // quota × band multiplier × defensive multiplier
        double sharePercent = 0;     // measured over [quota] window
        // Fair share with memory ([quota] half_life): the share of the
        // server used, decayed, in server-hours; and 2^(-U/S) from it.
        double decayedUsageHours = 0;
        double fairShareFactor = 1;
        bool operator==(const User&) const = default;
    };
    QList<User> users; // users seen in the quota window or remembered by the decay, by name
    // Fair share with memory per account of [accounts]: its members'
    // decayed usage (those listed by name or by Unix group; a workload's
    // own account is not told apart here), and 2^(-U/S) against the shares
    // of the accounts remembered that have one.
    struct Account
    {
        QString account;
        QStringList users; // the members remembered, by name
        double decayedUsageHours = 0;
        std::optional<double> sharePercent;    // [accounts.NAME] share
        std::optional<double> fairShareFactor; // only with a share
        bool operator==(const Account&) const = default;
    };
    QList<Account> accounts; // by name
    QList<ProcessVerdict> verdicts;
    int openEvents = 0;
    bool operator==(const PolicyStatus&) const = default;
};

// What one reading changed.
struct PolicyStep
{
    QList<PolicyEvent> changed;        // events opened, updated with an action, or ended
    QList<EnforcementRequest> enforce; // only when actions are live (not dry run or replay)
};

class PolicyEngine
{
public:
    // Unix groups of a user, for [quota.groups] ("lab", not "@lab").
    using GroupResolver = std::function<QStringList(const QString& user)>;

    struct Options
    {
        // Actions are carried out: the engine asks for signals (enforce). Off
        // in replay and previews; dry_run in the policy also keeps it from
        // asking. Either way the event records what was (or would be) done.
        bool enforcing = false;
        // The servers' local time, for quota windows. Default: this machine's.
        QTimeZone timeZone = QTimeZone::systemTimeZone();
        GroupResolver groups; // none: groups never match
        // The units /v1/allocate handed out on a server (the agent's
        // GrantedUnits, policy/accounts.h), which the cap rule counts as
        // held since their grant; none: the rule judges from readings
        // alone (replays, previews, the desktop).
        std::function<QList<ReservedUnits>(const QString& server)> grants;
        // Work skipped where nothing it decides can have changed: a
        // process's GPU taken from its position in the previous reading, a
        // run looked up only for a pid that may have one. Off only to check
        // that the events are the same without (tst_policyfastpath).
        bool fastPaths = true;
    };

    explicit PolicyEngine(PolicyConfig policy);
    PolicyEngine(PolicyConfig policy, Options options);
    ~PolicyEngine();
    PolicyEngine(const PolicyEngine&) = delete;
    PolicyEngine& operator=(const PolicyEngine&) = delete;

    // A new policy from the next reading on. Running evaluations carry on
    // under the new rules (a hog candidate keeps its start), so an edited
    // threshold changes the verdict at once.
    void setPolicy(PolicyConfig policy);
    const PolicyConfig& policy() const;

    // One reading. A reading at the time of the last one of its server is
    // refused (nothing changes; counted in refusedCount()); an older one is
    // the wall clock stepped back: the runs close as after a gap and the
    // rules go on from it.
    PolicyStep feed(const Snapshot& reading);
    quint64 refusedCount() const;
    quint64 fedCount() const;

    // Adds what the enforcer did (or refused) to an event, open or recently
    // ended, and answers the event as it now stands (to be handed on like
    // any change); nothing when the event is unknown.
    std::optional<PolicyEvent> recordAction(const QString& eventId, const PolicyAction& action);

    // Events still open, oldest first.
    QList<PolicyEvent> openEvents() const;
    // The adaptive figures and verdicts of a server (empty when never fed).
    PolicyStatus status(const QString& server) const;
    QStringList servers() const;

private:
    struct State;
    std::unique_ptr<State> d;
};

// Replays readings through fresh engines (no enforcement) and answers every
// event found, each once, in the order they were first reported, with their
// last version (open ones have no end). `error` is set when `next` reports
// one.
struct ReplayResult
{
    QList<PolicyEvent> events;
    quint64 readings = 0;
    quint64 refused = 0;
    QString error;
    // With `maxEvents`: the replay stopped after the reading (at this time)
    // that brought the events to the cap; -1 when it went to the end.
    qint64 stoppedAtMs = -1;
    // Each server's status after its last reading (fair share with memory
    // as the replay left it: a "what if" under another half-life or
    // shares), by server name.
    QList<PolicyStatus> statuses;
};

// The replay, servers in parallel. Every rule judges a server from its own
// readings only, so each server is dealt (in the order it first appears) to
// one of a bounded number of workers, each with an engine of its own fed that
// server's readings in the order handed over: the first worker is the
// feeding thread itself (a replay of one server hops no thread), the others
// are threads. The events are then
// merged by the position of the reading that first reported them (ties: the
// order that reading reported them in), which is exactly the order one
// engine fed every reading in turn gives: same events, same fields, same
// order, same refused count (tst_parallelreplay). Memory stays bounded: the
// feeder waits while a worker has kMaxQueuedBatches batches to do.
//
// One thread feeds it. [quota.groups] lookups (Options::groups) are
// serialised, so the resolver need not be thread-safe.
class ReplayFeeder
{
public:
    // `workers`: at most this many (the feeding thread and workers - 1
    // threads); 0: QThread::idealThreadCount().
    ReplayFeeder(const PolicyConfig& policy, PolicyEngine::Options options, int workers = 0);
    ~ReplayFeeder(); // stops the workers; what they found is dropped
    ReplayFeeder(const ReplayFeeder&) = delete;
    ReplayFeeder& operator=(const ReplayFeeder&) = delete;

    // The next reading, in the order of the record (time, then server).
    void feed(Snapshot reading);
    // Waits until every reading handed over has been through its engine.
    void drain();
    // Drains, stops the workers and answers the merged events (the
    // feeder is spent after). `error` is left empty.
    ReplayResult finish();
    // The events found so far by the readings judged on the feeding thread
    // (every reading, with one worker).
    qsizetype eventsFoundHere() const;

private:
    struct State;
    std::unique_ptr<State> d;
};

// `next` hands over the readings one by one; nullopt ends the replay (with
// `error` set when it stopped on a fault). The readings already handed over
// are replayed either way. `workers` as for ReplayFeeder.
ReplayResult replayReadings(const PolicyConfig& policy, PolicyEngine::Options options,
                            const std::function<std::optional<Snapshot>(QString* error)>& next,
                            int workers = 0);
// The same on the calling thread alone, stopping after the reading that
// brings the events found to `maxEvents` (> 0; a bound on the memory of an
// agent's /v1/replay): the events that reading opened are kept too, and
// ReplayResult::stoppedAtMs says where it stopped.
ReplayResult replayReadingsUpTo(const PolicyConfig& policy, PolicyEngine::Options options,
                                const std::function<std::optional<Snapshot>(QString* error)>& next,
                                qsizetype maxEvents);

} // namespace gw
