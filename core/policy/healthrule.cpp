#include "policy/healthrule.h"

#include "model/xidcatalog.h"

namespace gw::policy {

namespace {

struct GpuHealthRuns : RuleServerState
{
    QHash<QString, Run> gpus; // by GPU uuid: its open gpu_health event
};

bool unhealthy(const GpuSample& g)
{
    return g.health &&
           (g.health->state == HealthState::Degraded || g.health->state == HealthState::Failing);
}

class HealthRule final : public PolicyRule
{
public:
    std::unique_ptr<RuleServerState> newServer() const override
    {
        return std::make_unique<GpuHealthRuns>();
    }

    // A gap does not end a GPU's fault: its verdict says when it is over.

    void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                  const FrameReading& reading) override
    {
        auto& runs = static_cast<GpuHealthRuns&>(state);
        const Snapshot& r = reading.r;
        for (qsizetype i = 0; i < r.gpus.size(); ++i) {
            const GpuSample& g = r.gpus[i];
            judgeGpu(f, s, runs, g, i, reading.t);
            if (g.healthFacts && !g.healthFacts->xids.isEmpty())
                tellXids(f, s, r, g, i, reading.t);
        }
    }

    void forEachOpen(const RuleServerState& state,
                     const std::function<void(const PolicyEvent&)>& fn) const override
    {
        for (const Run& run : static_cast<const GpuHealthRuns&>(state).gpus)
            if (run.event)
                fn(*run.event);
    }

private:
    static void judgeGpu(PolicyFrame& f, ServerFrame& s, GpuHealthRuns& runs, const GpuSample& g,
                         qsizetype pos, qint64 t)
    {
        if (runs.gpus.isEmpty() && !unhealthy(g))
            return; // the common case: no look-up
        auto it = runs.gpus.find(g.uuid);
        if (!unhealthy(g)) {
            // Unknown (nothing to judge by) is not "healthy again": a GPU
            // whose sampler stopped reading its health keeps its event.
            if (it != runs.gpus.end() && g.health && g.health->state == HealthState::Ok) {
                f.close(s, *it, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "healthy again"));
                runs.gpus.erase(it);
            }
            return;
        }
        const QString state = healthStateName(g.health->state);
        if (it == runs.gpus.end()) {
            Run run;
            run.firstMs = std::min(g.health->sinceMs.value_or(t), t);
            run.gpuUuid = g.uuid;
            run.gpuIndex = g.index;
            run.gpuSlot = s.gpuSlotAt(pos, g.uuid);
            it = runs.gpus.insert(g.uuid, run);
            f.open(s, *it, PolicyEventKind::GpuHealth, g.uuid, t);
        }
        Run& run = *it;
        run.lastMs = run.seenMs = t;
        PolicyEvent& e = *run.event;
        // Worse, better (still not ok) or other reasons: said at once.
        const bool changed = e.healthState != state || e.healthReasons != g.health->reasons;
        e.healthState = state;
        e.healthReasons = g.health->reasons;
        f.publishRun(s, run, t, changed);
    }

    // An application's XID: an event about the process the driver named,
    // opened and ended at once (it happened; nothing lasts).
    static void tellXids(PolicyFrame& f, ServerFrame& s, const Snapshot& r, const GpuSample& g,
                         qsizetype pos, qint64 t)
    {
        for (const XidEvent& x : g.healthFacts->xids) {
            if (!xidInfo(x.xid).application)
                continue;
            Run run;
            run.firstMs = run.lastMs = run.seenMs = std::min(x.atMs, t);
            run.gpuUuid = g.uuid;
            run.gpuIndex = g.index;
            run.gpuSlot = s.gpuSlotAt(pos, g.uuid);
            run.pid = x.pid.value_or(0);
            run.command = x.processName;
            if (x.pid) {
                for (const GpuProcess& p : r.processes) {
                    if (p.pid != *x.pid)
                        continue;
                    run.processStartMs = p.startTimeMs;
                    run.migUuid = p.migUuid;
                    if (!p.command.isEmpty())
                        run.command = p.command;
                    run.setOwner(p, true);
                    break;
                }
            }
            const QString subject = QStringLiteral("%1/%2/%3").arg(g.uuid).arg(x.xid).arg(run.pid);
            f.open(s, run, PolicyEventKind::Xid, subject, t);
            run.event->xid = x.xid;
            run.event->xidText = x.text;
            f.publishRun(s, run, t, true);
            f.close(s, run, run.lastMs, QT_TRANSLATE_NOOP("gw::PolicyEngine", "told"));
        }
    }
};

} // namespace

std::unique_ptr<PolicyRule> makeHealthRule()
{
    return std::make_unique<HealthRule>();
}

} // namespace gw::policy
