#include "agent/balanceenforcer.h"

#include "agent/apiinteger.h"
#include "agent/apireply.h"
#include "agent/requestguard.h"
#include "agent/tokendesk.h"
#include "notice/notifier.h"
#include "tokens/enforcementbody.h"

#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

#include <climits>

namespace gw {

Q_LOGGING_CATEGORY(lcBalanceEnforcer, "gw.enforcement")

namespace {

using Status = QHttpServerResponse::StatusCode;
using Mode = PolicyConfig::Tokens::Enforcement::Mode;

// The error document with the refusal's audit entry beside it.
QHttpServerResponse refusal(int status, const QString& code, const AuditEntry& e)
{
    QJsonObject o = QJsonDocument::fromJson(errorDocument(code, e.detail)).object();
    o.insert(QStringLiteral("audit"), auditEntryToJson(e));
    return jsonReply(o, Status(status));
}

QJsonValue optional(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QString verb(EnforceStep step)
{
    switch (step) {
    case EnforceStep::Notify:
        return BalanceEnforcer::tr("notify");
    case EnforceStep::Renice:
        return BalanceEnforcer::tr("renice");
    case EnforceStep::Terminate:
        return BalanceEnforcer::tr("send SIGTERM to");
    case EnforceStep::Kill:
        return BalanceEnforcer::tr("send SIGKILL to");
    }
    return {};
}

QString eventId(const EnforcementCandidate& c)
{
    return QStringLiteral("balance/%1/%2").arg(c.pid).arg(c.startTimeMs);
}

} // namespace

BalanceEnforcer::BalanceEnforcer(std::function<qint64()> now, Enforcer::Options options,
                                 QObject* parent)
    : QObject(parent)
    , m_now(std::move(now))
    , m_enforcer([&] {
        if (!options.clock)
            options.clock = [this] {
                return m_now();
            };
        return std::move(options);
    }())
{
    connect(&m_enforcer, &Enforcer::acted, this, &BalanceEnforcer::enforcerActed);
}

BalanceEnforcer::~BalanceEnforcer() = default;

void BalanceEnforcer::setPolicy(const PolicyConfig& policy)
{
    m_rules = policy.tokens;
    m_demand.setRules(m_rules.enforcement);
    m_plan.setRules(m_rules.enforcement);
    m_enforcer.setKillGraceMs(m_rules.enforcement.killGraceMs);
}

void BalanceEnforcer::published(const Snapshot& snapshot)
{
    m_latest = snapshot;
    m_enforcer.setLatest(snapshot);
    m_demand.reading(snapshot);
    evaluate();
}

void BalanceEnforcer::refusedAllocation(qint64 atMs)
{
    m_demand.refusedAllocation(atMs);
}

EnforcementRequest BalanceEnforcer::request(const EnforcementCandidate& c) const
{
    EnforcementRequest r;
    r.eventId = eventId(c);
    r.server = m_latest ? m_latest->server : QString();
    r.pid = c.pid;
    r.processStartMs = c.startTimeMs;
    r.gpuUuid = c.gpuUuid;
    r.migUuid = c.migUuid;
    r.atMs = m_now();
    return r;
}

void BalanceEnforcer::evaluate()
{
    const qint64 now = m_now();
    const BalanceView view = m_balances ? m_balances() : BalanceView{};
    QList<EnforcementCandidate> candidates;
    if (m_rules.enabled && view.valid && m_latest)
        candidates = findCandidates(*m_latest, view.balances, view.overdraftFloor,
                                    m_demand.state(now).high, m_rules.enforcement);
    // Who used most lately (the lowest fair-share factor) is acted on first.
    if (m_factors && !candidates.isEmpty()) {
        const QHash<QString, double> factors = m_factors();
        for (EnforcementCandidate& c : candidates)
            if (const auto it = factors.constFind(c.user); it != factors.constEnd())
                c.fairShareFactor = *it;
        std::stable_sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
            return a.fairShareFactor.value_or(1) < b.fairShareFactor.value_or(1);
        });
    }
    m_plan.update(candidates, now);
    if (m_rules.enforcement.mode != Mode::Auto)
        return;
    for (const EnforcementPlan::Row& row : m_plan.rows()) {
        if (!row.due || row.due->dueMs > now)
            continue;
        // The SIGKILL after a SIGTERM sent is the Enforcer's own timer; a
        // workload's stop ends in its own SIGKILL.
        if (row.due->step == EnforceStep::Kill && (m_terminated.contains(eventId(row.candidate)) ||
                                                   m_stopping.contains(eventId(row.candidate))))
            continue;
        Target t{row.candidate, QStringLiteral("agent"), QStringLiteral("auto"), row.candidate.why,
                 m_rules.enforcement.dryRun};
        const AuditEntry e = perform(t, row.due->step);
        m_plan.record(row.candidate.id, {row.due->step, e.atMs, e.outcome});
    }
}

AuditEntry BalanceEnforcer::record(const Target& t, const QString& action, const QString& outcome,
                                   const QString& detail)
{
    AuditEntry e;
    e.atMs = m_now();
    e.by = t.by;
    e.mode = t.mode;
    e.action = action;
    e.user = t.candidate.user;
    e.workload = t.candidate.workload;
    e.pid = t.candidate.pid;
    e.startTimeMs = t.candidate.startTimeMs;
    e.command = t.candidate.command;
    e.gpuIndex = t.candidate.gpuIndex;
    e.why = t.why;
    e.outcome = outcome;
    e.detail = detail;
    ++m_actionsTotal[{action, outcome}];
    const AuditEntry stored = m_audit.append(e);
    Q_EMIT recorded(stored);
    return stored;
}

namespace {

// The agent's own entry (by "agent") about a process: who, which process,
// on which GPU.
AuditEntry agentEntry(qint64 atMs, const QString& mode, const QString& user,
                      const QString& workload, qint64 pid, std::optional<qint64> startTimeMs,
                      const QString& command, int gpuIndex)
{
    AuditEntry e;
    e.atMs = atMs;
    e.by = QStringLiteral("agent");
    e.mode = mode;
    e.user = user;
    e.workload = workload;
    e.pid = pid;
    e.startTimeMs = startTimeMs;
    e.command = command;
    if (gpuIndex >= 0)
        e.gpuIndex = gpuIndex;
    return e;
}

} // namespace

void BalanceEnforcer::auditPolicyAction(const PolicyEvent& event, const PolicyAction& action)
{
    AuditEntry e = agentEntry(action.atMs, QStringLiteral("policy"), event.user, event.workloadName,
                              event.pid, event.processStartMs, event.command, event.gpuIndex);
    switch (action.kind) {
    case PolicyAction::Kind::Warning:
        e.action = QStringLiteral("notify");
        break;
    case PolicyAction::Kind::Terminate:
    case PolicyAction::Kind::Refused:
        e.action = QStringLiteral("terminate");
        break;
    case PolicyAction::Kind::Kill:
        e.action = QStringLiteral("kill");
        break;
    }
    e.why = policyEventText(event);
    e.outcome = action.kind == PolicyAction::Kind::Refused ? QStringLiteral("refused")
                : action.simulated                         ? QStringLiteral("would")
                                                           : QStringLiteral("done");
    e.detail = action.detail;
    ++m_actionsTotal[{e.action, e.outcome}];
    m_audit.append(e);
}

void BalanceEnforcer::auditNotice(const NoticeRecord& n)
{
    AuditEntry e = agentEntry(n.atMs, QStringLiteral("notice"), n.user, n.workload, n.pid,
                              n.processStartMs, n.command, n.gpuIndex);
    e.action = QStringLiteral("notice");
    e.why = n.subject.isEmpty() ? n.kind : n.subject;
    e.outcome = n.outcome;
    e.detail =
        n.channel.isEmpty()
            ? n.detail
            : QStringLiteral("%1 to %2 (%3): %4")
                  .arg(n.channel, n.to,
                       n.language.isEmpty() ? n.kind : n.kind + QLatin1Char(' ') + n.language,
                       n.detail);
    ++m_actionsTotal[{e.action, e.outcome}];
    m_audit.append(e);
}

AuditEntry BalanceEnforcer::perform(const Target& t, EnforceStep step)
{
    QString action = enforceStepName(step);
    EnforcementRequest r = request(t.candidate);
    const bool signal = step == EnforceStep::Terminate || step == EnforceStep::Kill;
    if (step == EnforceStep::Notify || t.dryRun) {
        const Enforcer::CheckResult c = m_enforcer.inspect(r);
        if (c.outcome != Enforcer::CheckOutcome::Ok)
            return record(t, action, QStringLiteral("refused"), c.detail);
        if (step != EnforceStep::Notify && c.unit == owners::StopUnit::PodNotify)
            return record(t, action, QStringLiteral("refused"), Enforcer::notifyOnly(c));
        if (t.dryRun && signal && c.target)
            return record(
                t, QStringLiteral("stop"), QStringLiteral("would"),
                tr("dry run: would %1: %2 runs in it").arg(m_enforcer.wouldStop(c), c.who));
        if (t.dryRun)
            return record(t, action, QStringLiteral("would"),
                          tr("dry run: would %1 %2").arg(verb(step), c.who));
        // The notice: the audit entry, the log line, and the webhook's
        // message (recorded() → the agent's Alerter), which reaches people.
        return record(t, action, QStringLiteral("done"), tr("%1 notified: %2").arg(c.who, t.why));
    }
    if (step == EnforceStep::Renice) {
        const Enforcer::CheckResult c = m_enforcer.renice(r);
        return record(t, action,
                      c.outcome == Enforcer::CheckOutcome::Ok ? QStringLiteral("done")
                      : c.failed                              ? QStringLiteral("failed")
                                                              : QStringLiteral("refused"),
                      c.detail);
    }
    r.signal = step == EnforceStep::Kill ? EnforcementRequest::Signal::Kill
                                         : EnforcementRequest::Signal::Terminate;
    if (step == EnforceStep::Kill)
        m_terminated.remove(r.eventId); // a direct SIGKILL replaces the grace period's
    // A workload's stop is asked now and answered later: what it will act
    // on is known from the same checks the Enforcer makes.
    const Enforcer::CheckResult unit = m_enforcer.inspect(r);
    const bool workload = unit.outcome == Enforcer::CheckOutcome::Ok && unit.target &&
                          unit.unit != owners::StopUnit::PodNotify;
    if (workload)
        action = QStringLiteral("stop");
    m_captured.reset();
    m_capturing = true;
    m_enforcer.enforce(r);
    m_capturing = false;
    if (!m_captured && workload) {
        m_stopping.insert(r.eventId, t);
        return record(t, action, QStringLiteral("started"),
                      tr("asked to %1: %2 runs in it").arg(m_enforcer.wouldStop(unit), unit.who));
    }
    if (!m_captured)
        return record(
            t, action, QStringLiteral("refused"),
            tr("process %1 already got SIGTERM; its SIGKILL follows if it still runs").arg(r.pid));
    const PolicyAction a = *m_captured;
    m_captured.reset();
    if (a.kind == PolicyAction::Kind::Refused)
        return record(t, action,
                      a.detail.contains(QLatin1String(" failed: ")) ? QStringLiteral("failed")
                                                                    : QStringLiteral("refused"),
                      a.detail);
    if (a.kind == PolicyAction::Kind::Terminate)
        m_terminated.insert(r.eventId, t);
    return record(t, action, QStringLiteral("done"), a.detail);
}

void BalanceEnforcer::enforcerActed(const QString& id, const PolicyAction& action)
{
    if (m_capturing) {
        m_captured = action;
        return;
    }
    // A workload's stop, answered by its runtime.
    if (const auto stop = m_stopping.find(id); stop != m_stopping.end()) {
        const Target t = *stop;
        m_stopping.erase(stop);
        record(t, QStringLiteral("stop"),
               action.kind != PolicyAction::Kind::Refused           ? QStringLiteral("done")
               : action.detail.contains(QLatin1String(" failed: ")) ? QStringLiteral("failed")
                                                                    : QStringLiteral("refused"),
               action.detail);
        return;
    }
    // The SIGKILL after the grace period (or the news that none was needed).
    const auto it = m_terminated.find(id);
    if (it == m_terminated.end())
        return;
    const Target t = *it;
    m_terminated.erase(it);
    const QString outcome = action.kind == PolicyAction::Kind::Refused ? QStringLiteral("refused")
                                                                       : QStringLiteral("done");
    const AuditEntry e = record(t, QStringLiteral("kill"), outcome, action.detail);
    if (t.mode != QLatin1String("manual"))
        m_plan.record(t.candidate.id, {EnforceStep::Kill, e.atMs, e.outcome});
}

QHttpServerResponse BalanceEnforcer::state()
{
    const qint64 now = m_now();
    const auto& rules = m_rules.enforcement;
    const DemandTracker::State demand = m_demand.state(now);
    const BalanceView view = m_balances ? m_balances() : BalanceView{};
    QJsonArray candidates;
    for (const EnforcementPlan::Row& row : m_plan.rows()) {
        const EnforcementCandidate& c = row.candidate;
        QJsonArray done;
        for (const StepRecord& s : row.done)
            done << QJsonObject{{QStringLiteral("step"), enforceStepName(s.step)},
                                {QStringLiteral("at_ms"), s.atMs},
                                {QStringLiteral("outcome"), s.outcome}};
        // Off: candidates listed, no step due.
        const bool due = row.due && rules.mode != Mode::Off;
        // The SIGKILL after a SIGTERM sent comes by itself.
        const bool byItself =
            due && row.due->step == EnforceStep::Kill && m_terminated.contains(eventId(c));
        candidates << QJsonObject{
            {QStringLiteral("id"), c.id},
            {QStringLiteral("user"), c.user},
            {QStringLiteral("workload"), c.workload.isEmpty() ? QJsonValue() : c.workload},
            {QStringLiteral("balance"), c.balance},
            {QStringLiteral("floor"), c.floor},
            {QStringLiteral("pid"), c.pid},
            {QStringLiteral("start_time_ms"), c.startTimeMs},
            {QStringLiteral("command"), c.command},
            {QStringLiteral("gpu_index"), c.gpuIndex ? QJsonValue(*c.gpuIndex) : QJsonValue()},
            {QStringLiteral("gpu_uuid"), c.gpuUuid},
            {QStringLiteral("mig_profile"), c.migProfile},
            {QStringLiteral("memory_mib"), optional(c.memoryMib)},
            {QStringLiteral("utilisation"), optional(c.utilisation)},
            {QStringLiteral("why"), c.why},
            {QStringLiteral("fair_share_factor"), optional(c.fairShareFactor)},
            {QStringLiteral("step"),
             due ? QJsonValue(enforceStepName(row.due->step)) : QJsonValue()},
            {QStringLiteral("due_ms"), due ? QJsonValue(row.due->dueMs) : QJsonValue()},
            {QStringLiteral("awaiting_confirmation"),
             due && !byItself && rules.mode == Mode::Propose && row.due->dueMs <= now},
            {QStringLiteral("done"), done}};
    }
    return jsonReply(QJsonObject{
        {QStringLiteral("now_ms"), now},
        {QStringLiteral("mode"), enforceModeName(rules.mode)},
        {QStringLiteral("dry_run"), rules.dryRun},
        {QStringLiteral("demand"),
         QJsonObject{{QStringLiteral("high"), demand.high},
                     {QStringLiteral("since_ms"),
                      demand.sinceMs ? QJsonValue(*demand.sinceMs) : QJsonValue()},
                     {QStringLiteral("reason"), demand.reason}}},
        {QStringLiteral("balances"), QJsonObject{{QStringLiteral("as_of_ms"), view.asOfMs},
                                                 {QStringLiteral("fetched_ms"), view.fetchedMs},
                                                 {QStringLiteral("keeper"), view.keeper},
                                                 {QStringLiteral("error"), view.error}}},
        {QStringLiteral("candidates"), candidates}});
}

QHttpServerResponse BalanceEnforcer::decide(const QString& id, const QHttpServerRequest& request,
                                            const QString& by)
{
    QString why;
    const auto body = decisionBodyFromJson(request.body(), &why);
    if (!body)
        return jsonError(400, QStringLiteral("bad_request"), why);
    const auto row = m_plan.row(id);
    if (!row)
        return jsonError(404, QStringLiteral("unknown_candidate"),
                         tr("%1 is not a candidate now").arg(id));
    const qint64 now = m_now();
    const auto& rules = m_rules.enforcement;
    if (rules.mode == Mode::Off)
        return jsonError(409, QStringLiteral("step_not_due"),
                         tr("enforcement is off: no step is due"));
    if (!row->due || row->due->step != body->step || row->due->dueMs > now)
        return jsonError(
            409, QStringLiteral("step_not_due"),
            !row->due ? tr("no step is due for %1").arg(id)
            : row->due->step != body->step
                ? tr("the step due for %1 is %2, not %3")
                      .arg(id, enforceStepName(row->due->step), enforceStepName(body->step))
                : tr("%1 is due for %2 in %3 s")
                      .arg(enforceStepName(body->step), id)
                      .arg((row->due->dueMs - now + 999) / 1000));
    Target t{row->candidate, by, QStringLiteral("propose"),
             body->reason.isEmpty() ? row->candidate.why : body->reason, rules.dryRun};
    AuditEntry e;
    if (body->confirm) {
        e = perform(t, body->step);
    } else {
        t.why = row->candidate.why;
        e = record(
            t, QStringLiteral("decline"), QStringLiteral("declined"),
            body->reason.isEmpty()
                ? tr("%1 declined by %2").arg(enforceStepName(body->step), by)
                : tr("%1 declined by %2: %3").arg(enforceStepName(body->step), by, body->reason));
    }
    m_plan.record(id, {body->step, e.atMs, e.outcome});
    return jsonReply(QJsonObject{{QStringLiteral("outcome"), e.outcome},
                                 {QStringLiteral("detail"), e.detail},
                                 {QStringLiteral("audit"), auditEntryToJson(e)}});
}

QHttpServerResponse BalanceEnforcer::signal(const QString& pidText,
                                            const QHttpServerRequest& request, const QString& by)
{
    const auto pid = parseInteger(pidText.toUtf8(), 1, INT_MAX);
    if (!pid)
        return jsonError(400, QStringLiteral("bad_request"),
                         tr("pid: \"%1\" is not a process id").arg(pidText.left(32)));
    QString why;
    const auto body = signalBodyFromJson(request.body(), &why);
    if (!body)
        return jsonError(400, QStringLiteral("bad_request"), why);
    Target t;
    t.by = by;
    t.mode = QStringLiteral("manual");
    t.why = body->reason;
    t.dryRun = body->dryRun || m_rules.enforcement.dryRun;
    t.candidate.pid = *pid;
    t.candidate.startTimeMs = body->startTimeMs;
    // What the newest reading says of the pid (owner, command, GPU); the
    // Enforcer decides whether it is still that process.
    if (m_latest) {
        for (const GpuProcess& p : m_latest->processes) {
            if (p.pid != *pid)
                continue;
            t.candidate.user = p.ownerName();
            if (owners::stopUnitOf(p) != owners::StopUnit::Process)
                t.candidate.workload = owners::workloadLabel(*p.workload);
            t.candidate.command = p.command;
            t.candidate.gpuUuid = p.gpuUuid;
            t.candidate.migUuid = p.migUuid;
            if (const GpuSample* g = m_latest->gpuByUuid(p.gpuUuid))
                t.candidate.gpuIndex = g->index;
            break;
        }
    }
    const QString action = enforceStepName(body->action);
    const Enforcer::CheckResult c = m_enforcer.inspect(this->request(t.candidate));
    switch (c.outcome) {
    case Enforcer::CheckOutcome::Ok:
        break;
    case Enforcer::CheckOutcome::Protected:
        return refusal(403, QStringLiteral("protected"),
                       record(t, action, QStringLiteral("refused"), c.detail));
    case Enforcer::CheckOutcome::Gone:
        return refusal(409, QStringLiteral("pid_reused"),
                       record(t, action, QStringLiteral("refused"), c.detail));
    case Enforcer::CheckOutcome::NotOnGpu:
        return refusal(409, QStringLiteral("not_on_gpu"),
                       record(t, action, QStringLiteral("refused"), c.detail));
    case Enforcer::CheckOutcome::Unknown:
        return refusal(409, QStringLiteral("not_checked"),
                       record(t, action, QStringLiteral("refused"), c.detail));
    }
    if (c.unit == owners::StopUnit::PodNotify && body->action != EnforceStep::Notify)
        return refusal(403, QStringLiteral("protected"),
                       record(t, action, QStringLiteral("refused"), Enforcer::notifyOnly(c)));
    const auto& rules = m_rules.enforcement;
    if (rules.protectedUsers.contains(t.candidate.user) ||
        rules.protectedCommands.contains(t.candidate.command))
        return refusal(403, QStringLiteral("protected"),
                       record(t, action, QStringLiteral("refused"),
                              tr("%1 is protected by [tokens] protected_users or "
                                 "protected_commands: never touched")
                                  .arg(c.who)));
    const AuditEntry e = perform(t, body->action);
    const bool started = e.outcome == QLatin1String("started");
    if (e.outcome != QLatin1String("done") && e.outcome != QLatin1String("would") && !started)
        return refusal(409, QStringLiteral("refused"), e);
    // A stop asked of a runtime: accepted; its outcome follows in the audit.
    return jsonReply(QJsonObject{{QStringLiteral("outcome"), e.outcome},
                                 {QStringLiteral("detail"), e.detail},
                                 {QStringLiteral("audit"), auditEntryToJson(e)}},
                     started ? Status::Accepted : Status::Ok);
}

void BalanceEnforcer::addRoutes(RouteTable& table)
{
    using Method = QHttpServerRequest::Method;
    table.add(
        QStringLiteral("/v1/enforcement"), Method::Get, Scope::Read,
        [this](const RouteRequest&) { return m_booksKept() ? state() : TokenDesk::notKept(); });
    // A candidate's id is "user/pid/start_time_ms": three path segments.
    table.add(QStringLiteral("/v1/enforcement/<arg>/<arg>/<arg>"), Method::Post, Scope::Admin,
              [this](const RouteRequest& r) {
                  return decide(r.args.join(QLatin1Char('/')), r.http, r.tokenName());
              });
    table.add(
        QStringLiteral("/v1/processes/<arg>/signal"), Method::Post, Scope::Admin,
        [this](const RouteRequest& r) { return signal(r.args.value(0), r.http, r.tokenName()); });
    table.add(QStringLiteral("/v1/audit"), Method::Get, Scope::Read,
              [this, envelope = table.envelope()](const RouteRequest& r) {
                  const CursorQuery cursor = cursorQuery(r.http);
                  if (!cursor.error.isEmpty())
                      return jsonError(400, QStringLiteral("bad_request"), cursor.error);
                  // Entries are kept forever and numbered without holes.
                  quint64 last = cursor.after;
                  const QByteArrayList out = m_audit.after(cursor.after, cursor.limit, &last);
                  return jsonBytesReply(cursorPage(envelope(), "audit", out, cursor.after, last,
                                                   false, cursor.limit, m_audit.lastSequence()));
              });
}

} // namespace gw
