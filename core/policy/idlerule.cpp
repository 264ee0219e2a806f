#include "policy/idlerule.h"

#include <algorithm>
#include <cmath>

namespace gw::policy {

namespace {

// confirm_power: near-idle power is at most this fraction of the limit, and
// flat memory moves by at most this fraction (or kFlatMemoryMiB) from where
// the idle span began.
constexpr double kIdlePowerFraction = 0.3;
constexpr double kFlatMemoryFraction = 0.05;
constexpr double kFlatMemoryMiB = 256;

bool commandExempt(const QStringList& exempt, const QString& command)
{
    for (const QString& e : exempt)
        if (!e.isEmpty() && command.contains(e))
            return true;
    return false;
}

struct IdleState : RuleServerState
{
    QHash<ProcessKey, Run> runs;
    PidFilter pids; // of runs
    void forget() { pids.clear(); }
};

class IdleRule final : public ProcessRunsRule<IdleState, &ProcessVerdict::idle>
{
public:
    void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                  const FrameReading& reading) override;

private:
    void stage(PolicyFrame& f, const ServerFrame& s, Run& run, qint64 t);
};

void IdleRule::evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                        const FrameReading& reading)
{
    auto& idles = static_cast<IdleState&>(state).runs;
    PidFilter& pids = static_cast<IdleState&>(state).pids;
    bool ended = false; // runs ended: the filter is rebuilt
    const Snapshot& r = reading.r;
    const ProcessReading* const in = reading.in.constData();
    const qint64 t = reading.t;
    const PolicyConfig::Idle& idle = f.policy.idle;
    // Runs in the table seen in this reading (see the hog rule).
    qsizetype idleSeen = 0;

    for (qsizetype i = 0; i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        const ProcessKey& key = in[i].key;
        const GpuSample* g = in[i].gpuPos >= 0 ? &r.gpus[in[i].gpuPos] : nullptr;
        // A reading is low only when everything needed says so; anything
        // unknown or busy resets the span.
        const char* notLow = nullptr;
        const double memory = p.usedMemoryMiB.value_or(0);
        if (!p.usedMemoryMiB || memory < double(idle.minMemoryMib))
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "holds little memory");
        else if (!g || !g->error.isEmpty())
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "GPU not read");
        else if (!g->utilizationGpuPercent)
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "utilisation not reported");
        else if (*g->utilizationGpuPercent >= idle.minGpuUtilizationPercent)
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "busy again");
        else if (idle.confirmPower && g->powerW && g->powerLimitW && *g->powerLimitW > 0 &&
                 *g->powerW > kIdlePowerFraction * *g->powerLimitW)
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "power draw above idle");
        else if (in[i].exempt ||
                 (!idle.exemptUsers.isEmpty() && idle.exemptUsers.contains(p.ownerName())) ||
                 commandExempt(idle.exemptCommands, p.command))
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "exempt");

        // Not low and no run to end: nothing to do (most processes of most
        // readings).
        if (notLow && f.options.fastPaths && !pids.mayHave(key.pid))
            continue;
        auto found = idles.find(key);
        const bool seenBefore = found != idles.end() && found->seenMs == t;
        if (!notLow && idle.confirmPower && found != idles.end()) {
            const double from = found->firstMemoryMiB;
            if (std::fabs(memory - from) > std::max(kFlatMemoryMiB, kFlatMemoryFraction * from))
                notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "memory changing");
        }
        if (notLow) {
            if (found != idles.end()) {
                f.close(s, *found, t, notLow);
                if (seenBefore)
                    --idleSeen;
                idles.erase(found);
                ended = true;
            }
            continue;
        }
        if (found == idles.end()) {
            Run run;
            run.firstMs = t;
            run.firstMemoryMiB = memory;
            run.pid = p.pid;
            run.processStartMs = p.startTimeMs;
            run.uid = p.uid;
            run.setOwner(p, true);
            run.command = p.command;
            run.gpuUuid = p.gpuUuid;
            run.migUuid = p.migUuid;
            run.gpuIndex = g->index;
            run.gpuSlot = key.gpu;
            found = idles.insert(key, run);
            pids.add(key.pid);
        }
        Run& run = *found;
        const double u = *g->utilizationGpuPercent;
        if (!seenBefore)
            ++idleSeen;
        run.lastMs = t;
        run.seenMs = t;
        run.peak = std::max(run.peak, u);
        run.sum += u;
        ++run.count;
        run.memoryMiB = memory;
        if (!run.event) {
            // No verdict before the window is covered by low readings.
            if (t - run.firstMs + s.intervalMs < idle.timeWindowMs)
                continue;
            run.setOwner(p, true); // as of the verdict (see the hog rule)
            f.open(s, run, PolicyEventKind::Idle, PolicyFrame::processSubject(s, key), t);
            qint64 lead = 0;
            if (idle.action == IdleAction::Terminate)
                for (qint64 w : idle.warningsMs)
                    lead = std::max(lead, w);
            run.actionAtMs = t + lead;
            f.publishRun(s, run, t, true);
        }
        stage(f, s, run, t);
        f.publishRun(s, run, t, false);
    }

    // (Checked before begin(), which walks the table's buckets.)
    for (auto it = idleSeen != idles.size() ? idles.begin() : idles.end();
         idleSeen != idles.size() && it != idles.end();) {
        if (it->seenMs == t) {
            ++it;
            continue;
        }
        const char* const why =
            s.slotSeenMs[size_t(it->gpuSlot)] != t
                ? QT_TRANSLATE_NOOP("gw::PolicyEngine", "GPU disappeared")
            : it->acted ? QT_TRANSLATE_NOOP("gw::PolicyEngine", "process ended after the action")
                        : QT_TRANSLATE_NOOP("gw::PolicyEngine", "process exited");
        f.close(s, *it, t, why);
        it = idles.erase(it);
        ended = true;
    }
    if (ended)
        pids.rebuild(idles);
}

// Warnings at their lead times before the action, then the action (once).
void IdleRule::stage(PolicyFrame& f, const ServerFrame& s, Run& run, qint64 t)
{
    const PolicyConfig::Idle& idle = f.policy.idle;
    if (idle.action != IdleAction::Terminate || run.acted)
        return;
    f.stageTerminate(s, run, t, idle.warningsMs, idle.dryRun,
                     QT_TRANSLATE_NOOP("gw::PolicyEngine", "idle: terminate in %1"));
}

} // namespace

std::unique_ptr<PolicyRule> makeIdleRule()
{
    return std::make_unique<IdleRule>();
}

} // namespace gw::policy
