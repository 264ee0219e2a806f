#include "policy/caprule.h"

#include "policy/accounts.h"

#include <algorithm>
#include <map>

namespace gw::policy {

namespace {

constexpr qint64 kGroupsFreshMs = 10 * 60'000;

bool anyCap(const PolicyConfig::Accounts& a)
{
    if (a.maxGpusPerUser > 0)
        return true;
    return std::any_of(a.list.cbegin(), a.list.cend(), [](const AccountSpec& x) {
        return x.maxGpus > 0 || x.maxGpusPerMember > 0;
    });
}

struct CapState : RuleServerState
{
    QHash<ProcessKey, Run> runs;
    // Group membership changes rarely: asked again every kGroupsFreshMs of
    // reading time.
    QHash<QString, std::pair<qint64, QStringList>> groups;
};

class CapRule final : public ProcessRunsRule<CapState, &ProcessVerdict::overCap>
{
public:
    void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                  const FrameReading& reading) override;
};

void CapRule::evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                       const FrameReading& reading)
{
    auto& cs = static_cast<CapState&>(state);
    const qint64 t = reading.t;
    const PolicyConfig::Accounts& accounts = f.policy.accounts;
    if (!anyCap(accounts)) {
        for (Run& run : cs.runs)
            f.close(s, run, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "no cap in the policy"));
        cs.runs.clear();
        return;
    }
    const Snapshot& r = reading.r;
    const AccountGroups groups = [&](const QString& user) -> QStringList {
        if (!f.options.groups)
            return {};
        auto it = cs.groups.find(user);
        if (it == cs.groups.end() || t - it->first >= kGroupsFreshMs || t < it->first)
            it = cs.groups.insert(user, {t, f.options.groups(user)});
        return it->second;
    };
    // What /v1/allocate granted counts from its grant: a granted job that
    // started after one started without asking keeps its units.
    const QList<ReservedUnits> granted =
        f.options.grants ? f.options.grants(r.server) : QList<ReservedUnits>();
    const Holdings h = holdingsOf(r, f.policy, granted, groups);

    // Each process past a cap, with the first cap it is past (the person's,
    // then the member's, then the account's).
    std::map<qsizetype, CapVerdict> past; // by position: events open in the reading's order
    const auto mark = [&](const QList<UnitHold>& held, CapVerdict::Scope scope,
                          const QString& account, int limit) {
        if (limit <= 0 || held.size() <= limit)
            return;
        for (qsizetype u = limit; u < held.size(); ++u)
            for (const qsizetype i : held[u].processes)
                past.try_emplace(i, CapVerdict{scope, account, limit, int(held.size()), 0});
    };
    for (auto it = h.byUser.constBegin(); it != h.byUser.constEnd(); ++it)
        mark(*it, CapVerdict::Scope::User, {}, accounts.maxGpusPerUser);
    for (const AccountSpec& a : accounts.list) {
        if (a.maxGpusPerMember > 0)
            for (auto it = h.byMember.constBegin(); it != h.byMember.constEnd(); ++it)
                if (it.key().section(QLatin1Char('\n'), 0, 0) == a.name)
                    mark(*it, CapVerdict::Scope::Member, a.name, a.maxGpusPerMember);
        mark(h.byAccount.value(a.name), CapVerdict::Scope::Account, a.name, a.maxGpus);
    }

    QSet<ProcessKey> seen;
    for (const auto& [i, v] : past) {
        const GpuProcess& p = r.processes[i];
        const ProcessReading& in = reading.in[i];
        if (in.exempt || in.gpuPos < 0)
            continue;
        seen.insert(in.key);
        auto found = cs.runs.find(in.key);
        if (found == cs.runs.end()) {
            Run run;
            run.firstMs = t;
            run.pid = p.pid;
            run.processStartMs = p.startTimeMs;
            run.uid = p.uid;
            run.setOwner(p, true);
            run.command = p.command;
            run.gpuUuid = p.gpuUuid;
            run.migUuid = p.migUuid;
            run.gpuIndex = r.gpus[in.gpuPos].index;
            run.gpuSlot = in.key.gpu;
            found = cs.runs.insert(in.key, run);
            Run& added = *found;
            f.open(s, added, PolicyEventKind::OverCap, PolicyFrame::processSubject(s, in.key), t);
            added.event->account =
                v.scope == CapVerdict::Scope::User ? h.processAccount.value(i) : v.account;
            qint64 lead = 0;
            if (f.policy.idle.action == IdleAction::Terminate)
                for (const qint64 w : f.policy.idle.warningsMs)
                    lead = std::max(lead, w);
            added.actionAtMs = t + lead;
        }
        Run& run = *found;
        run.lastMs = t;
        run.seenMs = t;
        // Its figures: the process's utilisation while past the cap (the
        // GPU's shared by memory where the driver gives none per process).
        if (in.util) {
            run.peak = std::max(run.peak, *in.util);
            run.sum += *in.util;
            ++run.count;
            run.estimated = run.estimated || in.estimated;
        }
        PolicyEvent& e = *run.event;
        const bool changed = e.capScope != capScopeName(v.scope) || e.capGpus != v.limit ||
                             e.heldGpus != v.held || run.firstMs == t;
        e.capScope = capScopeName(v.scope);
        e.capGpus = v.limit;
        e.heldGpus = v.held;
        const qsizetype actions = e.actions.size();
        if (f.policy.idle.action == IdleAction::Terminate && !run.acted)
            f.stageTerminate(s, run, t, f.policy.idle.warningsMs, accounts.dryRun,
                             QT_TRANSLATE_NOOP("gw::PolicyEngine", "over cap: terminate in %1"));
        if (run.event->actions.size() == actions) // an action added was handed on with it
            f.publishRun(s, run, t, changed);
    }
    for (auto it = cs.runs.begin(); it != cs.runs.end();) {
        if (seen.contains(it.key())) {
            ++it;
            continue;
        }
        bool present = false;
        for (const ProcessReading& in : reading.in)
            present = present || in.key == it.key();
        const char* const why =
            present     ? QT_TRANSLATE_NOOP("gw::PolicyEngine", "back within the cap")
            : it->acted ? QT_TRANSLATE_NOOP("gw::PolicyEngine", "process ended after the action")
                        : QT_TRANSLATE_NOOP("gw::PolicyEngine", "process exited");
        f.close(s, *it, t, why);
        it = cs.runs.erase(it);
    }
}

} // namespace

std::unique_ptr<PolicyRule> makeCapRule()
{
    return std::make_unique<CapRule>();
}

} // namespace gw::policy
