#include "agent/selfstanding.h"

#include "coord/coordjson.h"
#include "tokens/ledger.h"

#include <QDateTime>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <functional>

namespace gw {

namespace {

QJsonValue optional(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

// GPU-hours by GPU model and by account of the caller's facts from `fromMs` on.
QJsonObject usageSince(const QList<UsageFact>& facts, const QString& user, qint64 fromMs)
{
    QMap<QString, double> byModel, byAccount;
    double total = 0;
    for (const UsageFact& f : facts) {
        if (f.user != user || f.hourStartMs < fromMs)
            continue;
        const double hours = f.heldGpuSeconds / 3600.0;
        byModel[f.gpuModel] += hours;
        byAccount[f.account] += hours;
        total += hours;
    }
    QJsonObject models, accounts;
    for (auto it = byModel.cbegin(); it != byModel.cend(); ++it)
        models.insert(it.key(), it.value());
    for (auto it = byAccount.cbegin(); it != byAccount.cend(); ++it)
        accounts.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("gpu_hours"), total},
                       {QStringLiteral("by_model"), models},
                       {QStringLiteral("by_account"), accounts}};
}

} // namespace

std::optional<NextStep> nextStepOf(const PolicyEvent& e, const PolicyConfig& policy)
{
    const bool cap = e.kind == PolicyEventKind::OverCap;
    if ((e.kind != PolicyEventKind::Idle && !cap) || !e.isOpen() ||
        policy.idle.action != IdleAction::Terminate)
        return std::nullopt;
    qsizetype warned = 0;
    for (const PolicyAction& a : e.actions) {
        if (a.kind != PolicyAction::Kind::Warning)
            return std::nullopt; // acted on (or refused): nothing more is staged
        ++warned;
    }
    QList<qint64> leads = policy.idle.warningsMs;
    std::sort(leads.begin(), leads.end(), std::greater<>());
    const qint64 actionAt = e.detectedMs + (leads.isEmpty() ? 0 : leads.first());
    NextStep next;
    next.dryRun = cap ? policy.accounts.dryRun : policy.idle.dryRun;
    if (warned < leads.size()) {
        next.step = QStringLiteral("warning");
        next.atMs = actionAt - leads[warned];
    } else {
        next.step = QStringLiteral("terminate");
        next.atMs = actionAt;
    }
    return next;
}

QJsonObject selfStandingJson(const SelfFacts& f)
{
    const QString& me = f.user;
    QJsonObject out{{QStringLiteral("user"), me},
                    {QStringLiteral("uid"), qint64(f.uid)},
                    {QStringLiteral("now_ms"), f.nowMs}};

    // Processes: the caller's in full, everyone else's as counts.
    QJsonArray mine;
    QSet<QString> otherUsers, busyUnits, myUnits;
    int otherProcesses = 0;
    if (f.latest) {
        const Snapshot& s = *f.latest;
        out.insert(QStringLiteral("server"), s.server);
        out.insert(QStringLiteral("reading_ms"), s.timestampMs);
        for (const GpuProcess& p : s.processes) {
            const QString unit = p.migUuid.isEmpty() ? p.gpuUuid : p.migUuid;
            busyUnits.insert(unit);
            if (p.ownerName() != me) {
                ++otherProcesses;
                otherUsers.insert(p.ownerName());
                continue;
            }
            myUnits.insert(unit);
            const GpuSample* g = s.gpuByUuid(p.gpuUuid);
            QJsonObject o{{QStringLiteral("pid"), p.pid},
                          {QStringLiteral("command"), p.command},
                          {QStringLiteral("gpu_index"), g ? QJsonValue(g->index) : QJsonValue()},
                          {QStringLiteral("mig_uuid"), p.migUuid},
                          {QStringLiteral("memory_mib"), optional(p.usedMemoryMiB)},
                          {QStringLiteral("account"), p.account()}};
            if (p.workload)
                o.insert(QStringLiteral("workload"), p.workload->displayName());
            mine << o;
        }
        int units = 0;
        for (const GpuSample& g : s.gpus)
            units += g.migInstances.isEmpty() ? 1 : int(g.migInstances.size());
        out.insert(QStringLiteral("units"),
                   QJsonObject{{QStringLiteral("total"), units},
                               {QStringLiteral("in_use"), int(busyUnits.size())},
                               {QStringLiteral("yours"), int(myUnits.size())}});
    }
    out.insert(QStringLiteral("processes"), mine);
    out.insert(QStringLiteral("others"),
               QJsonObject{{QStringLiteral("users"), int(otherUsers.size())},
                           {QStringLiteral("processes"), otherProcesses},
                           {QStringLiteral("waiting_callers"), f.waiting}});

    // Open events about the caller, with the reason and what comes next.
    QJsonArray events;
    for (const PolicyEvent& e : f.openEvents) {
        if (e.user != me)
            continue;
        QJsonObject o{{QStringLiteral("kind"), policyEventKindName(e.kind)},
                      {QStringLiteral("text"), policyEventText(e)},
                      {QStringLiteral("start_ms"), e.startMs},
                      {QStringLiteral("pid"), e.pid}};
        QJsonArray steps;
        for (const PolicyAction& a : e.actions)
            steps << QJsonObject{{QStringLiteral("kind"), policyActionKindName(a.kind)},
                                 {QStringLiteral("at_ms"), a.atMs},
                                 {QStringLiteral("detail"), a.detail}};
        o.insert(QStringLiteral("steps"), steps);
        if (const auto next = nextStepOf(e, f.policy))
            o.insert(QStringLiteral("next"),
                     QJsonObject{{QStringLiteral("step"), next->step},
                                 {QStringLiteral("at_ms"), next->atMs},
                                 {QStringLiteral("dry_run"), next->dryRun}});
        events << o;
    }
    out.insert(QStringLiteral("events"), events);

    QJsonArray reservations;
    QList<ReservedUnits> reserved;
    for (const Reservation& r : f.reservations) {
        reserved << ReservedUnits{r.user, r.units, r.createdMs};
        if (r.user == me)
            reservations << reservationJson(r);
    }
    out.insert(QStringLiteral("reservations"), reservations);

    // Caps: what the caller holds against each cap that applies.
    const QString account = accountOf(f.policy.accounts, me, {}, f.groups);
    if (f.latest) {
        const Holdings held = holdingsOf(*f.latest, f.policy, reserved, f.groups);
        QJsonArray caps;
        const auto cap = [&](const char* scope, int limit, int holds) {
            if (limit > 0)
                caps << QJsonObject{{QStringLiteral("scope"), QLatin1String(scope)},
                                    {QStringLiteral("gpus"), limit},
                                    {QStringLiteral("held"), holds}};
        };
        cap("user", f.policy.accounts.maxGpusPerUser, held.userCount(me));
        if (const AccountSpec* a = findAccount(f.policy.accounts, account)) {
            cap("member", a->maxGpusPerMember,
                int(held.byMember.value(Holdings::memberKey(account, me)).size()));
            cap("account", a->maxGpus, int(held.byAccount.value(account).size()));
        }
        out.insert(QStringLiteral("caps"), caps);
    }
    out.insert(QStringLiteral("account"), account);

    // Fair share: the window's share and the decayed memory.
    QJsonObject share{{QStringLiteral("quota_percent"), f.policy.quota.defaultSharePercent},
                      {QStringLiteral("share_percent"), 0.0},
                      {QStringLiteral("decayed_usage_hours"), 0.0},
                      {QStringLiteral("fair_share_factor"), 1.0}};
    for (const PolicyStatus::User& u : f.status.users)
        if (u.user == me)
            share = QJsonObject{{QStringLiteral("quota_percent"), u.quotaPercent},
                                {QStringLiteral("allowed_percent"), u.allowedPercent},
                                {QStringLiteral("share_percent"), u.sharePercent},
                                {QStringLiteral("decayed_usage_hours"), u.decayedUsageHours},
                                {QStringLiteral("fair_share_factor"), u.fairShareFactor}};
    out.insert(QStringLiteral("fair_share"), share);

    // Tokens: the balance, and what holding the GPUs held now costs an hour.
    if (!f.booksKept) {
        out.insert(QStringLiteral("tokens"), QJsonValue());
    } else {
        double perHour = 0;
        if (f.latest)
            for (const QString& unit : std::as_const(myUnits)) {
                const GpuSample* g = f.latest->gpuByUuid(unit);
                if (!g) // a MIG instance: its parent's price, whole (as held)
                    for (const GpuSample& x : f.latest->gpus)
                        if (x.migByUuid(unit))
                            g = &x;
                if (g)
                    perHour += priceFor(f.policy.tokens, g->name);
            }
        const QDateTime now = QDateTime::fromMSecsSinceEpoch(f.nowMs, f.timeZone);
        const qint64 dayStart = QDateTime(now.date(), QTime(0, 0), f.timeZone).toMSecsSinceEpoch();
        const qint64 monthStart =
            QDateTime(QDate(now.date().year(), now.date().month(), 1), QTime(0, 0), f.timeZone)
                .toMSecsSinceEpoch();
        out.insert(QStringLiteral("tokens"),
                   QJsonObject{{QStringLiteral("balance"), optional(f.balance)},
                               {QStringLiteral("overdraft_floor"), f.policy.tokens.overdraftFloor},
                               {QStringLiteral("charge_per_hour_now"), perHour},
                               {QStringLiteral("daily"), f.policy.tokens.daily},
                               {QStringLiteral("monthly"), f.policy.tokens.monthly}});
        out.insert(QStringLiteral("usage"),
                   QJsonObject{{QStringLiteral("today"), usageSince(f.facts, me, dayStart)},
                               {QStringLiteral("month"), usageSince(f.facts, me, monthStart)},
                               {QStringLiteral("closed_hours_only"), true}});
    }
    return out;
}

} // namespace gw
