#include "policy/policyframe.h"

#include <QCoreApplication>

#include <algorithm>

namespace gw::policy {

namespace {

// An open event is handed on again with its grown figures at most this
// often (and at once on an action or its end), so the agent's event log gets
// a record a minute per open event, not one per reading.
constexpr qint64 kUpdateEveryMs = 60'000;
// Closed events kept for actions that report after the end (a SIGKILL
// outcome after the process already exited).
constexpr qsizetype kRecentClosed = 256;

} // namespace

int ServerFrame::gpuSlotAt(qsizetype pos, const QString& uuid)
{
    if (lastGpuSlots.size() <= size_t(pos))
        lastGpuSlots.resize(size_t(pos) + 1, {QString(), -1});
    auto& [known, i] = lastGpuSlots[size_t(pos)];
    if (i >= 0 && sameText(known, uuid))
        return i;
    known = uuid;
    i = slot(uuid);
    return i;
}

int ServerFrame::slot(const QString& uuid)
{
    const auto it = slots.constFind(uuid);
    if (it != slots.constEnd())
        return *it;
    const int i = int(slotNames.size());
    slotNames << uuid;
    slots.insert(uuid, i);
    slotSeenMs.push_back(std::numeric_limits<qint64>::min());
    return i;
}

void Run::setOwner(const GpuProcess& p, bool withWorkload)
{
    user = p.ownerName();
    account = p.account();
    workloadKind.clear();
    workloadId.clear();
    workloadName.clear();
    jobId.clear();
    if (!withWorkload || !p.workload || p.workload->kind == WorkloadKind::None)
        return;
    const Workload& w = *p.workload;
    workloadKind = workloadKindName(w.kind);
    workloadId = workloadUnitId(w);
    workloadName = w.displayName();
    if (w.kind == WorkloadKind::Slurm)
        jobId = w.id;
}

QString workloadUnitId(const Workload& w)
{
    if (w.kind == WorkloadKind::None)
        return {};
    if (w.kind == WorkloadKind::Kubernetes && !w.podUid.isEmpty())
        return w.podUid;
    return w.id.isEmpty() ? w.cgroupPath : w.id;
}

ProcessVerdict& VerdictBuilder::forProcess(const ProcessKey& k, const Run& run)
{
    ProcessVerdict& v = processes[k];
    v.pid = run.pid;
    v.processStartMs = run.processStartMs;
    v.gpuUuid = run.gpuUuid;
    v.user = run.user;
    v.account = run.account;
    return v;
}

void VerdictBuilder::addReason(ProcessVerdict& v, const QString& line)
{
    v.reason += (v.reason.isEmpty() ? QString() : QStringLiteral("\n")) + line;
}

QString PolicyFrame::eventId(PolicyEventKind kind, const QString& server, const QString& subject,
                             qint64 startMs)
{
    return QStringLiteral("%1/%2/%3/%4")
        .arg(policyEventKindName(kind), server, subject)
        .arg(startMs);
}

QString PolicyFrame::processSubject(const ServerFrame& s, const ProcessKey& k)
{
    QString out = s.slotNames[k.gpu];
    if (k.mig >= 0)
        out += QLatin1Char(':') + s.slotNames[k.mig];
    out += QStringLiteral("/%1@").arg(k.pid);
    out += k.startMs >= 0 ? QString::number(k.startMs) : QStringLiteral("?");
    return out;
}

void PolicyFrame::open(ServerFrame& s, Run& run, PolicyEventKind kind, const QString& subject,
                       qint64 detectedMs)
{
    PolicyEvent e;
    e.kind = kind;
    e.server = s.name;
    e.startMs = run.firstMs;
    e.detectedMs = detectedMs;
    e.id = eventId(kind, s.name, subject, run.firstMs);
    e.gpuUuid = run.gpuUuid;
    e.gpuIndex = run.gpuIndex;
    e.migUuid = run.migUuid;
    e.pid = run.pid;
    e.processStartMs = run.processStartMs;
    e.user = run.user;
    e.command = run.command;
    e.account = run.account;
    e.workloadKind = run.workloadKind;
    e.workloadId = run.workloadId;
    e.workloadName = run.workloadName;
    e.jobId = run.jobId;
    run.event = e;
    openOrder.insert(e.id, ++openSerial);
    ++s.openCount[size_t(kind)];
}

void PolicyFrame::refresh(const ServerFrame& s, Run& run)
{
    PolicyEvent& e = *run.event;
    e.peakPercent = run.peak;
    e.meanPercent = run.count ? run.sum / run.count : 0;
    e.memoryMiB = run.memoryMiB;
    e.estimated = run.estimated;
    e.durationMs = double(run.lastMs - run.firstMs + s.intervalMs);
    e.excessPercent = run.overQuota ? e.peakPercent - e.quotaPercent : 0;
}

void PolicyFrame::publishRun(const ServerFrame& s, Run& run, qint64 atMs, bool force)
{
    if (!run.event)
        return;
    refresh(s, run);
    if (force || atMs - run.publishedMs >= kUpdateEveryMs) {
        run.publishedMs = atMs;
        publish(*run.event);
    }
}

void PolicyFrame::close(ServerFrame& s, Run& run, qint64 endMs, const QString& reason)
{
    if (!run.event)
        return;
    refresh(s, run);
    PolicyEvent& e = *run.event;
    e.endMs = std::max(endMs, e.startMs);
    e.endReason = reason;
    openOrder.remove(e.id);
    --s.openCount[size_t(e.kind)];
    recentClosed << e;
    if (recentClosed.size() > kRecentClosed)
        recentClosed.removeFirst();
    publish(e);
    run.event.reset();
}

void PolicyFrame::stageTerminate(const ServerFrame& s, Run& run, qint64 t,
                                 const QList<qint64>& warningsMs, bool dryRun, const char* warning)
{
    QList<qint64> leads = warningsMs;
    std::sort(leads.begin(), leads.end(), std::greater<>());
    while (run.warningsDone < leads.size() && t >= run.actionAtMs - leads[run.warningsDone]) {
        const qint64 lead = leads[run.warningsDone++];
        PolicyAction a;
        a.kind = PolicyAction::Kind::Warning;
        a.atMs = t;
        a.simulated = dryRun || !options.enforcing;
        a.detail = PolicyTr::tr(warning).arg(formatPolicyDuration(lead));
        a.dueMs = run.actionAtMs;
        addAction(s, run, a, t);
    }
    if (t < run.actionAtMs)
        return;
    run.acted = true;
    PolicyAction a;
    a.kind = PolicyAction::Kind::Terminate;
    a.atMs = t;
    if (run.uid && *run.uid == 0) {
        a.kind = PolicyAction::Kind::Refused;
        a.detail = PolicyTr::tr("root's processes are never signalled");
    } else if (!run.processStartMs) {
        a.kind = PolicyAction::Kind::Refused;
        a.detail = PolicyTr::tr("start time unknown: not signalled");
    } else if (dryRun) {
        a.simulated = true;
        a.detail = PolicyTr::tr("dry run: would send SIGTERM to PID %1").arg(run.pid);
    } else if (!options.enforcing) {
        a.simulated = true;
        a.detail = PolicyTr::tr("would send SIGTERM to PID %1 (not enforcing here)").arg(run.pid);
    } else {
        a.detail = PolicyTr::tr("SIGTERM requested for PID %1").arg(run.pid);
        EnforcementRequest req;
        req.eventId = run.event->id;
        req.server = s.name;
        req.pid = run.pid;
        req.processStartMs = run.processStartMs;
        req.uid = run.uid;
        req.gpuUuid = run.gpuUuid;
        req.migUuid = run.migUuid;
        req.atMs = t;
        request(req);
    }
    addAction(s, run, a, t);
}

void PolicyFrame::addAction(const ServerFrame& s, Run& run, PolicyAction action, qint64 atMs)
{
    run.event->actions << std::move(action);
    publishRun(s, run, atMs, true);
}

PolicyEvent* PolicyFrame::recentlyClosed(const QString& id)
{
    for (PolicyEvent& e : recentClosed)
        if (e.id == id)
            return &e;
    return nullptr;
}

} // namespace gw::policy
