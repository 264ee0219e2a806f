#include "policy/hogrule.h"

#include <algorithm>

namespace gw::policy {

namespace {

// The processes a hog run judges together on one GPU (scope other than
// "process"): an owner's, a workload's or an account's. A process with no
// workload (or no account) is judged with its owner's.
struct GroupGpuKey
{
    enum Kind : quint8
    {
        Owner,
        Workload,
        Account
    };
    int gpu = -1;
    Kind kind = Owner;
    QString name; // the owner, "<kind>:<unit id>", the account
    bool operator==(const GroupGpuKey&) const = default;
};

size_t qHash(const GroupGpuKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.gpu, int(k.kind), k.name);
}

GroupGpuKey groupOf(HogScope scope, int gpu, const GpuProcess& p)
{
    if (scope == HogScope::Workload && p.workload) {
        const QString unit = workloadUnitId(*p.workload);
        if (!unit.isEmpty())
            return {gpu, GroupGpuKey::Workload,
                    workloadKindName(p.workload->kind) + QLatin1Char(':') + unit};
    } else if (scope == HogScope::Account) {
        if (QString account = p.account(); !account.isEmpty())
            return {gpu, GroupGpuKey::Account, std::move(account)};
    }
    return {gpu, GroupGpuKey::Owner, p.ownerName()};
}

// "<gpu>/user:alice" (as before owners), "<gpu>/workload:docker:<id>",
// "<gpu>/account:vision".
QString groupSubject(const ServerFrame& s, const GroupGpuKey& k)
{
    static constexpr const char* kPrefix[] = {"user:", "workload:", "account:"};
    return s.slotNames[k.gpu] + QLatin1Char('/') + QLatin1String(kPrefix[k.kind]) + k.name;
}

struct HogState : RuleServerState
{
    QHash<ProcessKey, Run> hogs;          // scope = process
    PidFilter pids;                       // of hogs
    QHash<GroupGpuKey, Run> groupHogs;    // another scope …
    HogScope groupScope = HogScope::User; // … this one
};

class HogRule final : public PolicyRule
{
public:
    std::unique_ptr<RuleServerState> newServer() const override
    {
        return std::make_unique<HogState>();
    }

    void breakRuns(PolicyFrame& f, ServerFrame& s, RuleServerState& state, qint64 endMs,
                   const QString& reason) override
    {
        auto& h = static_cast<HogState&>(state);
        for (Run& run : h.hogs)
            f.close(s, run, endMs, reason);
        h.hogs.clear();
        h.pids.clear();
        for (Run& run : h.groupHogs)
            f.close(s, run, endMs, reason);
        h.groupHogs.clear();
    }

    void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                  const FrameReading& reading) override;

    void forEachOpen(const RuleServerState& state,
                     const std::function<void(const PolicyEvent&)>& fn) const override
    {
        const auto& h = static_cast<const HogState&>(state);
        for (const Run& run : h.hogs)
            if (run.event)
                fn(*run.event);
        for (const Run& run : h.groupHogs)
            if (run.event)
                fn(*run.event);
    }

    // Actions are reported back for process hogs only (a hog of processes
    // together has no one process to act on).
    PolicyEvent* actionableEvent(RuleServerState& state, const QString& id) override
    {
        for (Run& run : static_cast<HogState&>(state).hogs)
            if (run.event && run.event->id == id)
                return &*run.event;
        return nullptr;
    }

    void describe(PolicyFrame&, const ServerFrame&, const RuleServerState& state, PolicyStatus&,
                  VerdictBuilder& verdicts) override
    {
        const auto& h = static_cast<const HogState&>(state);
        for (auto it = h.hogs.constBegin(); it != h.hogs.constEnd(); ++it)
            if (it->event) {
                ProcessVerdict& v = verdicts.forProcess(it.key(), *it);
                v.hog = true;
                VerdictBuilder::addReason(v, policyEventText(*it->event));
            }
        for (const Run& run : h.groupHogs)
            if (run.event) {
                ProcessVerdict v;
                v.user = run.user;
                v.account = run.account;
                v.gpuUuid = run.gpuUuid;
                v.hog = true;
                v.reason = policyEventText(*run.event);
                verdicts.users << v;
            }
    }
};

void HogRule::evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                       const FrameReading& reading)
{
    auto& h = static_cast<HogState&>(state);
    const Snapshot& r = reading.r;
    const ProcessReading* const in = reading.in.constData();
    const qint64 t = reading.t;
    const double threshold = f.policy.hog.thresholdPercent;
    const HogScope scope = f.policy.hog.scope;
    const bool together = scope != HogScope::Process;
    const bool fast = f.options.fastPaths;

    // One step of one subject: above the threshold extends (or starts) its
    // run; one reading below is a dip and tolerated, two in a row end it at
    // the first of them.
    // Runs in the table seen in this reading: when that is all of them, the
    // sweep for unseen ones has nothing to do.
    qsizetype seen = 0;
    // `setOwner` fills the run's owner, account and workload from its (first) process.
    const auto stepRun = [&](auto& runs, const auto& key, double util, bool estimated,
                             const GpuProcess& p, int gpuPos, int gpuSlot, auto subjectOf,
                             auto setOwner) {
        auto found = runs.find(key);
        if (found != runs.end() && found->seenMs != t)
            ++seen;
        if (util >= threshold) {
            if (found == runs.end()) {
                ++seen;
                Run run;
                run.firstMs = t;
                run.pid = together ? 0 : p.pid;
                run.processStartMs = together ? std::nullopt : p.startTimeMs;
                run.uid = p.uid;
                setOwner(run, key, p);
                run.command = together ? QString() : p.command;
                run.gpuUuid = p.gpuUuid;
                run.migUuid = together ? QString() : p.migUuid;
                run.gpuIndex = gpuPos >= 0 ? r.gpus[gpuPos].index : -1;
                run.gpuSlot = gpuSlot;
                found = runs.insert(key, run);
            }
            Run& run = *found;
            run.lastMs = t;
            run.seenMs = t;
            run.lowStreak = 0;
            run.peak = std::max(run.peak, util);
            run.sum += util;
            ++run.count;
            run.estimated = run.estimated || estimated;
            if (!run.event && t - run.firstMs + s.intervalMs >= f.policy.hog.durationMs) {
                // The owner as of the verdict: the runtimes may have answered
                // since the run began ("container:3f5a…" is now alice).
                setOwner(run, key, p);
                f.open(s, run, PolicyEventKind::Hog, subjectOf(key), t);
                f.publishRun(s, run, t, true);
            } else {
                f.publishRun(s, run, t, false);
            }
        } else if (found != runs.end()) {
            Run& run = *found;
            run.seenMs = t;
            if (++run.lowStreak == 1)
                run.lowSinceMs = t;
            if (run.lowStreak >= 2) {
                f.close(s, run, run.lowSinceMs,
                        QT_TRANSLATE_NOOP("gw::PolicyEngine", "below threshold"));
                --seen;
                runs.erase(found);
            } else {
                run.sum += util;
                ++run.count;
            }
        }
    };
    // Subjects not in this reading: the process exited, or its GPU went away.
    const auto dropUnseen = [&](auto& runs) {
        if (seen == runs.size())
            return;
        for (auto it = runs.begin(); it != runs.end();) {
            if (it->seenMs == t) {
                ++it;
                continue;
            }
            const bool gpuThere = s.slotSeenMs[size_t(it->gpuSlot)] == t;
            f.close(s, *it, t,
                    gpuThere ? QT_TRANSLATE_NOOP("gw::PolicyEngine", "process exited")
                             : QT_TRANSLATE_NOOP("gw::PolicyEngine", "GPU disappeared"));
            it = runs.erase(it);
        }
    };

    if (together) {
        if (!h.hogs.isEmpty() || (!h.groupHogs.isEmpty() && h.groupScope != scope)) {
            for (Run& run : h.hogs)
                f.close(s, run, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "policy changed"));
            h.hogs.clear();
            h.pids.clear();
            for (Run& run : h.groupHogs)
                f.close(s, run, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "policy changed"));
            h.groupHogs.clear();
        }
        h.groupScope = scope;
        struct Sum
        {
            double util = 0;
            bool estimated = false;
            qsizetype first = -1;
        };
        QHash<GroupGpuKey, Sum> sums;
        for (qsizetype i = 0; i < r.processes.size(); ++i) {
            if (!in[i].util || in[i].exempt)
                continue;
            Sum& sum = sums[groupOf(scope, in[i].key.gpu, r.processes[i])];
            sum.util += *in[i].util;
            sum.estimated = sum.estimated || in[i].estimated;
            sum.first = sum.first < 0 ? i : sum.first;
        }
        for (auto it = sums.constBegin(); it != sums.constEnd(); ++it)
            stepRun(
                h.groupHogs, it.key(), it->util, it->estimated, r.processes[it->first],
                in[it->first].gpuPos, in[it->first].key.gpu,
                [&](const GroupGpuKey& k) { return groupSubject(s, k); },
                [](Run& run, const GroupGpuKey& k, const GpuProcess& p) {
                    run.setOwner(p, k.kind == GroupGpuKey::Workload);
                    if (k.kind == GroupGpuKey::Owner) {
                        run.account.clear(); // an owner's processes may be of several accounts
                    } else if (k.kind == GroupGpuKey::Account) {
                        run.user.clear(); // an account's processes, of several owners
                        run.account = k.name;
                    }
                });
        dropUnseen(h.groupHogs);
    } else {
        if (!h.groupHogs.isEmpty()) {
            for (Run& run : h.groupHogs)
                f.close(s, run, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "policy changed"));
            h.groupHogs.clear();
        }
        bool ended = false; // runs ended: the filter is rebuilt
        for (qsizetype i = 0; i < r.processes.size(); ++i) {
            if (in[i].exempt) {
                // Exempted while judged (the policy changed): its run ends.
                if (const auto found = h.hogs.find(in[i].key); found != h.hogs.end()) {
                    f.close(s, *found, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "exempt"));
                    h.hogs.erase(found);
                    ended = true;
                }
                continue;
            }
            // Below the threshold with no run to step: nothing to do (most
            // processes of most readings).
            if (!in[i].util || (fast && *in[i].util < threshold && !h.pids.mayHave(in[i].key.pid)))
                continue;
            const qsizetype runs = h.hogs.size();
            stepRun(
                h.hogs, in[i].key, *in[i].util, in[i].estimated, r.processes[i], in[i].gpuPos,
                in[i].key.gpu,
                [&](const ProcessKey& k) { return PolicyFrame::processSubject(s, k); },
                [](Run& run, const ProcessKey&, const GpuProcess& p) { run.setOwner(p, true); });
            if (h.hogs.size() > runs)
                h.pids.add(in[i].key.pid);
            else if (h.hogs.size() < runs)
                ended = true;
        }
        const qsizetype runs = h.hogs.size();
        dropUnseen(h.hogs);
        if (ended || h.hogs.size() < runs)
            h.pids.rebuild(h.hogs);
    }
}

} // namespace

std::unique_ptr<PolicyRule> makeHogRule()
{
    return std::make_unique<HogRule>();
}

} // namespace gw::policy
