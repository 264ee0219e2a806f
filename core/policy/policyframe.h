#pragma once

// The shared frame the policy engine's rules run over (internal to
// gw_policy; see policyengine.h for the engine). The frame owns what every
// rule needs the same way: time (a server's readings, its interval, gaps),
// the subjects of a reading (GPU and MIG slots, process keys, attributed
// utilisation, the server's capacity and load) and the events (ids, open
// order, publication, the recently closed ones). A rule (hogrule.h,
// idlerule.h, fairsharerule.h, adaptiverule.h) owns only its runs and its
// verdicts; adding one is its class, its row in policyEventKinds() when it
// finds a new kind, its schema section and its tests.

#include "model/snapshot.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVarLengthArray>

#include <array>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace gw::policy {

// The engine's words ("gap in readings"), in one translation context:
// PolicyTr::tr (lupdate reads the context from the macro).
struct PolicyTr
{
    Q_DECLARE_TR_FUNCTIONS(gw::PolicyEngine)
};

// Whether two strings hold the same text; at once when they share it. Short
// texts (user names, compared for every process of every reading) are
// compared eight bytes at a time in line.
inline bool sameText(const QString& a, const QString& b)
{
    if (a.size() != b.size())
        return false;
    const char* x = reinterpret_cast<const char*>(a.constData());
    const char* y = reinterpret_cast<const char*>(b.constData());
    if (x == y)
        return true;
    const size_t bytes = size_t(a.size()) * sizeof(QChar);
    if (bytes > 64)
        return std::memcmp(x, y, bytes) == 0;
    const auto same = [x, y](size_t at, auto word) {
        decltype(word) u;
        decltype(word) v;
        std::memcpy(&u, x + at, sizeof(u));
        std::memcpy(&v, y + at, sizeof(v));
        return u == v;
    };
    if (bytes >= 8) {
        for (size_t at = 0; at + 8 < bytes; at += 8)
            if (!same(at, quint64()))
                return false;
        return same(bytes - 8, quint64()); // the last eight, overlapping
    }
    if (bytes >= 4)
        return same(0, quint32()) && same(bytes - 4, quint32());
    return bytes == 0 || same(0, quint16());
}

constexpr qint64 kDefaultIntervalMs = 1000;

// The pids a rule's process runs are about, as 64 bits of a hash: a pid
// whose bit is clear has no run, so most processes of most readings are
// passed by without a look-up. Bits are set as runs are added and rebuilt
// from the runs after some ended (a superset of the runs' pids throughout).
class PidFilter
{
public:
    static quint64 bit(qint64 pid)
    {
        return quint64(1) << ((quint64(pid) * 0x9E3779B97F4A7C15ull) >> 58);
    }
    bool mayHave(qint64 pid) const { return (m_bits & bit(pid)) != 0; }
    void add(qint64 pid) { m_bits |= bit(pid); }
    // After runs ended: the bits of the runs left.
    template <typename Runs>
    void rebuild(const Runs& runs)
    {
        m_bits = 0;
        for (auto it = runs.keyBegin(); it != runs.keyEnd(); ++it)
            add(it->pid);
    }
    void clear() { m_bits = 0; }

private:
    quint64 m_bits = 0;
};

// One process on one GPU (or MIG instance); start time tells a reused pid
// apart.
struct ProcessKey
{
    int gpu = -1; // slots of the server (ServerFrame::slot)
    int mig = -1;
    qint64 pid = 0;
    qint64 startMs = -1;
    bool operator==(const ProcessKey&) const = default;
};

inline size_t qHash(const ProcessKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.gpu, k.mig, k.pid, k.startMs);
}

// A span during which a rule's condition holds (a candidate), and the event
// once it has held long enough.
struct Run
{
    qint64 firstMs = 0;    // first reading of the span
    qint64 lastMs = 0;     // newest reading that met the condition
    qint64 seenMs = 0;     // newest reading the subject appeared in
    int lowStreak = 0;     // hog: readings in a row below the threshold
    qint64 lowSinceMs = 0; // hog: the first of them
    double peak = 0;
    double sum = 0;
    int count = 0;
    bool estimated = false;
    bool overQuota = false;    // the event's excess is peak - quota (fair share)
    double firstMemoryMiB = 0; // idle: memory held when the span began
    double memoryMiB = 0;
    std::optional<PolicyEvent> event;
    qint64 publishedMs = 0;
    // idle, action = terminate
    qint64 actionAtMs = 0;
    int warningsDone = 0;
    bool acted = false;
    // facts of the subject, copied into the event
    qint64 pid = 0;
    std::optional<qint64> processStartMs;
    std::optional<uint> uid;
    QString user; // the owner (GpuProcess::ownerName)
    QString command;
    QString gpuUuid;
    QString migUuid;
    int gpuIndex = -1;
    int gpuSlot = -1;
    QString account;
    QString workloadKind; // see PolicyEvent
    QString workloadId;
    QString workloadName;
    QString jobId;

    // The owner, account and workload of a process (or of the processes a
    // run judges together, whose first one it is): `workload` false leaves
    // the workload out (an owner's or an account's processes, of several).
    void setOwner(const GpuProcess& p, bool workload);
};

// The unit a workload's processes are judged together by (scope =
// "workload"): a pod for Kubernetes (its containers together), else the
// workload's id (its cgroup path for an unknown shape). Empty: none (no
// workload read, or the root cgroup).
QString workloadUnitId(const Workload& w);

// A rule's state for one server; each rule derives its own.
struct RuleServerState
{
    virtual ~RuleServerState() = default;
};

// What the frame knows of one server: its time and its GPU slots.
struct ServerFrame
{
    QString name;
    std::optional<qint64> lastMs;
    qint64 intervalMs = kDefaultIntervalMs;
    qint64 firstMs = 0;
    // Events open now, per kind (index: PolicyEventKind).
    std::array<int, 8> openCount{};

    // GPU and MIG uuids as small numbers, for cheap keys; and when each
    // GPU was last in a reading without an error.
    QHash<QString, int> slots;
    QStringList slotNames;
    std::vector<qint64> slotSeenMs;
    // The previous reading's GPU uuids by position and their slots: most
    // readings list the same GPUs in the same order.
    std::vector<std::pair<QString, int>> lastGpuSlots;
    int gpuSlotAt(qsizetype pos, const QString& uuid);
    int slot(const QString& uuid);
    // The previous reading's processes by position: the text of each one's
    // GPU uuid (by address) and where that GPU was. Most readings list the
    // same processes in the same order, sharing the GPUs' uuids, so a
    // process's GPU is found without a search.
    struct ProcessGpu
    {
        const QChar* uuid = nullptr;
        qsizetype size = -1;
        int gpuPos = -1;
    };
    std::vector<ProcessGpu> lastProcessGpus;

    // One state per rule, in the engine's rule order.
    std::vector<std::shared_ptr<RuleServerState>> rules; // shared: QHash values copy

    bool anyOpen(PolicyEventKind kind) const { return openCount[size_t(kind)] > 0; }
};

// One process of the reading being evaluated: where it is, its key, and
// its utilisation (and whether that was attributed).
struct ProcessReading
{
    int gpuPos = -1; // index into Snapshot::gpus; -1: not in the reading
    ProcessKey key;
    std::optional<double> util;
    bool estimated = false;
    // [owners] exempt_*: no rule flags it (it is left out of every run).
    bool exempt = false;
};
using Readings = QVarLengthArray<ProcessReading, 64>;

// One reading as the rules see it.
struct FrameReading
{
    const Snapshot& r;
    qint64 t = 0;                     // r.timestampMs
    std::optional<qint64> previousMs; // the server's reading before, if any
    bool gap = false;                 // the silence since previousMs is a gap
    Readings in;                      // per r.processes[i]
    // Readable GPUs, and how many of them are busy (utilisation, or MIG
    // slices in use): the server's capacity and load for fair share and
    // the adaptive band.
    double capacity = 0;
    double busy = 0;
    double loadPercent() const { return capacity > 0 ? busy * 100 / capacity : 0; }
    // The previous reading stood until this one (no gap between).
    bool continues(qint64 entryAtMs) const { return !gap && entryAtMs == previousMs.value_or(t); }
};

// Verdicts under construction for PolicyStatus: per process (hog and idle
// of one process share one), then per user.
struct VerdictBuilder
{
    QHash<ProcessKey, ProcessVerdict> processes;
    QList<ProcessVerdict> users;
    ProcessVerdict& forProcess(const ProcessKey& k, const Run& run);
    static void addReason(ProcessVerdict& v, const QString& line);
};

class PolicyFrame;

// One rule of the engine. The engine calls every rule, in order, on every
// reading; a gap first breaks every rule's continuous runs.
class PolicyRule
{
public:
    virtual ~PolicyRule() = default;
    virtual std::unique_ptr<RuleServerState> newServer() const = 0;
    // A gap: close every run that must be continuous, and forget it.
    virtual void breakRuns(PolicyFrame&, ServerFrame&, RuleServerState&, qint64 /*endMs*/,
                           const QString& /*reason*/)
    {}
    virtual void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                          const FrameReading& reading) = 0;
    // Every open event of the server.
    virtual void forEachOpen(const RuleServerState&,
                             const std::function<void(const PolicyEvent&)>&) const
    {}
    // The open event with that id that takes actions reported back.
    virtual PolicyEvent* actionableEvent(RuleServerState&, const QString& /*id*/)
    {
        return nullptr;
    }
    // Its part of PolicyStatus (called in rule order).
    virtual void describe(PolicyFrame&, const ServerFrame&, const RuleServerState&, PolicyStatus&,
                          VerdictBuilder&)
    {}
};

// The engine's frame: the policy, the options and the events.
class PolicyFrame
{
public:
    PolicyConfig policy;
    // Counts setPolicy calls: what a rule derived from the policy is good
    // while this is unchanged.
    quint64 policyGeneration = 0;
    PolicyEngine::Options options;
    PolicyStep* step = nullptr;

    // "<kind>/<server>/<subject>/<startMs>"
    static QString eventId(PolicyEventKind kind, const QString& server, const QString& subject,
                           qint64 startMs);
    // "<gpu>[:<mig>]/<pid>@<start>"
    static QString processSubject(const ServerFrame& s, const ProcessKey& k);

    // Opens the run's event (its start is the run's first reading).
    void open(ServerFrame& s, Run& run, PolicyEventKind kind, const QString& subject,
              qint64 detectedMs);
    // Hands the event on when it is new, acted on, or due a figures update.
    void publishRun(const ServerFrame& s, Run& run, qint64 atMs, bool force);
    // Ends the run's event, if any, and hands it on.
    void close(ServerFrame& s, Run& run, qint64 endMs, const QString& reason);
    // The same with the reason untranslated (QT_TRANSLATE_NOOP in the
    // "gw::PolicyEngine" context): translated only when an event ends, not
    // for every candidate run that ends before it became one.
    void close(ServerFrame& s, Run& run, qint64 endMs, const char* reason)
    {
        if (run.event)
            close(s, run, endMs, PolicyTr::tr(reason));
    }
    void addAction(const ServerFrame& s, Run& run, PolicyAction action, qint64 atMs);
    // Warnings at their lead times before run.actionAtMs, then SIGTERM once
    // (run.acted): [idle]'s steps, which the cap rule shares. `warning` is
    // untranslated (QT_TRANSLATE_NOOP, "gw::PolicyEngine") with %1 for the
    // lead: "idle: terminate in %1".
    void stageTerminate(const ServerFrame& s, Run& run, qint64 t, const QList<qint64>& warningsMs,
                        bool dryRun, const char* warning);
    void request(const EnforcementRequest& req)
    {
        if (step)
            step->enforce << req;
    }

    quint64 openOrderOf(const QString& id) const { return openOrder.value(id); }
    PolicyEvent* recentlyClosed(const QString& id);

private:
    void refresh(const ServerFrame& s, Run& run);
    void publish(const PolicyEvent& e)
    {
        if (step)
            step->changed << e;
    }

    QList<PolicyEvent> recentClosed;
    // Order in which open events were opened, for openEvents().
    quint64 openSerial = 0;
    QHash<QString, quint64> openOrder;
};

// A rule whose runs are one per process, in its State's `runs`
// (QHash<ProcessKey, Run>): the open events, the one actions come back to,
// and per process the verdict `flag` with the event's sentence. The idle
// and cap rules.
template <typename State, bool ProcessVerdict::*flag>
class ProcessRunsRule : public PolicyRule
{
public:
    std::unique_ptr<RuleServerState> newServer() const override
    {
        return std::make_unique<State>();
    }

    void forEachOpen(const RuleServerState& state,
                     const std::function<void(const PolicyEvent&)>& fn) const override
    {
        for (const Run& run : static_cast<const State&>(state).runs)
            if (run.event)
                fn(*run.event);
    }

    // A gap ends every run (State::forget(), where it has one, drops what
    // it keeps beside them).
    void breakRuns(PolicyFrame& f, ServerFrame& s, RuleServerState& state, qint64 endMs,
                   const QString& reason) override
    {
        auto& st = static_cast<State&>(state);
        for (Run& run : st.runs)
            f.close(s, run, endMs, reason);
        st.runs.clear();
        if constexpr (requires { st.forget(); })
            st.forget();
    }

    PolicyEvent* actionableEvent(RuleServerState& state, const QString& id) override
    {
        for (Run& run : static_cast<State&>(state).runs)
            if (run.event && run.event->id == id)
                return &*run.event;
        return nullptr;
    }

    void describe(PolicyFrame&, const ServerFrame&, const RuleServerState& state, PolicyStatus&,
                  VerdictBuilder& verdicts) override
    {
        const auto& runs = static_cast<const State&>(state).runs;
        for (auto it = runs.constBegin(); it != runs.constEnd(); ++it)
            if (it->event) {
                ProcessVerdict& v = verdicts.forProcess(it.key(), *it);
                v.*flag = true;
                VerdictBuilder::addReason(v, policyEventText(*it->event));
            }
    }
};

// The rules, in the order the engine runs them.
std::vector<std::unique_ptr<PolicyRule>> makePolicyRules();

} // namespace gw::policy
