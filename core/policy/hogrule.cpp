#include "policy/hogrule.h"

#include <algorithm>

namespace gw::policy {

namespace {

struct UserGpuKey
{
    int gpu = -1;
    QString user;
    bool operator==(const UserGpuKey&) const = default;
};

size_t qHash(const UserGpuKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.gpu, k.user);
}

struct HogState : RuleServerState
{
    QHash<ProcessKey, Run> hogs;     // scope = process
    QHash<UserGpuKey, Run> userHogs; // scope = user
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
        for (Run& run : h.userHogs)
            f.close(s, run, endMs, reason);
        h.userHogs.clear();
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
        for (const Run& run : h.userHogs)
            if (run.event)
                fn(*run.event);
    }

    // Actions are reported back for process hogs only (a user-scope hog has
    // no process to act on).
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
        for (const Run& run : h.userHogs)
            if (run.event) {
                ProcessVerdict v;
                v.user = run.user;
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
    const Readings& in = reading.in;
    const qint64 t = reading.t;
    const double threshold = f.policy.hog.thresholdPercent;
    const bool byUser = f.policy.hog.scope == HogScope::User;

    // One step of one subject: above the threshold extends (or starts) its
    // run; one reading below is a dip and tolerated, two in a row end it at
    // the first of them.
    // Runs in the table seen in this reading: when that is all of them, the
    // sweep for unseen ones has nothing to do.
    qsizetype seen = 0;
    const auto stepRun = [&](auto& runs, const auto& key, double util, bool estimated,
                             const GpuProcess& p, int gpuPos, int gpuSlot, auto subjectOf) {
        auto found = runs.find(key);
        if (found != runs.end() && found->seenMs != t)
            ++seen;
        if (util >= threshold) {
            if (found == runs.end()) {
                ++seen;
                Run run;
                run.firstMs = t;
                run.pid = byUser ? 0 : p.pid;
                run.processStartMs = byUser ? std::nullopt : p.startTimeMs;
                run.uid = p.uid;
                run.user = p.user;
                run.command = byUser ? QString() : p.command;
                run.gpuUuid = p.gpuUuid;
                run.migUuid = byUser ? QString() : p.migUuid;
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
                f.close(s, run, run.lowSinceMs, tr("below threshold"));
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
            f.close(s, *it, t, gpuThere ? tr("process exited") : tr("GPU disappeared"));
            it = runs.erase(it);
        }
    };

    if (byUser) {
        if (!h.hogs.isEmpty()) {
            for (Run& run : h.hogs)
                f.close(s, run, t, tr("policy changed"));
            h.hogs.clear();
        }
        struct Sum
        {
            double util = 0;
            bool estimated = false;
            qsizetype first = -1;
        };
        QHash<UserGpuKey, Sum> sums;
        for (qsizetype i = 0; i < r.processes.size(); ++i) {
            if (!in[i].util)
                continue;
            Sum& sum = sums[{in[i].key.gpu, r.processes[i].user}];
            sum.util += *in[i].util;
            sum.estimated = sum.estimated || in[i].estimated;
            sum.first = sum.first < 0 ? i : sum.first;
        }
        for (auto it = sums.constBegin(); it != sums.constEnd(); ++it)
            stepRun(h.userHogs, it.key(), it->util, it->estimated, r.processes[it->first],
                    in[it->first].gpuPos, in[it->first].key.gpu, [&](const UserGpuKey& k) {
                        return QStringLiteral("%1/user:%2").arg(s.slotNames[k.gpu], k.user);
                    });
        dropUnseen(h.userHogs);
    } else {
        if (!h.userHogs.isEmpty()) {
            for (Run& run : h.userHogs)
                f.close(s, run, t, tr("policy changed"));
            h.userHogs.clear();
        }
        for (qsizetype i = 0; i < r.processes.size(); ++i)
            if (in[i].util)
                stepRun(h.hogs, in[i].key, *in[i].util, in[i].estimated, r.processes[i],
                        in[i].gpuPos, in[i].key.gpu,
                        [&](const ProcessKey& k) { return PolicyFrame::processSubject(s, k); });
        dropUnseen(h.hogs);
    }
}

} // namespace

std::unique_ptr<PolicyRule> makeHogRule()
{
    return std::make_unique<HogRule>();
}

} // namespace gw::policy
