#include "owners/workloadstop.h"

#include "owners/slurmrun.h"

#include "util/printable.h"

#include <QProcess>
#include <QTimer>

#include <memory>

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

// A rootless Podman container lives under its user's own systemd
// (user@UID.service): root's Podman service does not know it.
bool rootlessPodman(const Workload& w)
{
    return w.kind == WorkloadKind::Podman && w.cgroupPath.contains("/user@"_L1);
}

// Calls `done` from the event loop, as the clients do.
void later(QObject* context, SlurmCanceller::Done done, StopResult result)
{
    QMetaObject::invokeMethod(
        context, [done = std::move(done), result = std::move(result)] { done(result); },
        Qt::QueuedConnection);
}

} // namespace

StopUnit stopUnitOf(const GpuProcess& p)
{
    if (!p.workload || !p.owner || p.workload->id.isEmpty())
        return StopUnit::Process;
    // Host root, however it got there, stays a process: never stopped.
    if (!p.owner->isWorkload && p.owner->user == "root"_L1)
        return StopUnit::Process;
    const Workload& w = *p.workload;
    switch (w.kind) {
    case WorkloadKind::Docker:
        return StopUnit::Container;
    case WorkloadKind::Podman:
        return rootlessPodman(w) ? StopUnit::Process : StopUnit::Container;
    case WorkloadKind::Slurm:
        return w.uid && *w.uid == 0 ? StopUnit::Process : StopUnit::SlurmJob;
    case WorkloadKind::Kubernetes:
        return StopUnit::PodNotify;
    default:
        return StopUnit::Process;
    }
}

QString workloadLabel(const Workload& w)
{
    if (w.kind != WorkloadKind::Docker && w.kind != WorkloadKind::Podman &&
        w.kind != WorkloadKind::Containerd)
        return w.displayName();
    const QString kind = workloadKindName(w.kind);
    return w.name.isEmpty() ? u"%1 (%2)"_s.arg(w.displayName(), kind)
                            : u"%1 (%2 %3)"_s.arg(w.displayName(), kind, w.id.left(12));
}

bool sameWorkload(const Workload& a, const Workload& b)
{
    return a.kind == b.kind && a.id == b.id && a.podUid == b.podUid;
}

SlurmCanceller::SlurmCanceller(QString program, QObject* parent)
    : QObject(parent)
    , m_program(std::move(program))
{}

SlurmCanceller::~SlurmCanceller()
{
    // A scancel still running is killed as its QProcess goes with this
    // object: its signals must call nothing.
    for (QProcess* p : findChildren<QProcess*>(Qt::FindDirectChildrenOnly))
        p->disconnect();
}

void SlurmCanceller::cancel(const QString& jobId, Done done)
{
    const QString program = m_program;
    const int ms = m_timeoutMs;
    runSlurm(this, m_program, {jobId}, ms,
             [this, done, program, jobId, ms](const SlurmRunResult& r) {
                 using E = SlurmRunResult::Ending;
                 StopResult result;
                 if (r.ok()) {
                     result = {StopResult::Status::Stopped, {}};
                 } else if (r.jobGone()) {
                     // "scancel: error: Kill job error on job id 57: Invalid job id
                     // specified": ended and purged.
                     result = {StopResult::Status::Gone, tr("no such job")};
                 } else if (r.ending == E::TimedOut) {
                     result = {StopResult::Status::Failed,
                               tr("%1 %2 did not end within %3 ms").arg(program, jobId).arg(ms)};
                 } else if (r.ending == E::NotStarted) {
                     result = {StopResult::Status::Failed, r.error};
                 } else {
                     const QString said =
                         printableText(QString::fromLocal8Bit(r.err.trimmed().left(300)));
                     result = {StopResult::Status::Failed,
                               r.ending == E::Crashed ? tr("%1 %2 crashed").arg(program, jobId)
                               : said.isEmpty()       ? tr("%1 %2 exited with %3, saying nothing")
                                                      .arg(program, jobId)
                                                      .arg(r.exitCode)
                                                : tr("%1 %2 exited with %3: %4")
                                                      .arg(program, jobId)
                                                      .arg(r.exitCode)
                                                      .arg(said)};
                 }
                 later(this, done, std::move(result));
             });
}

WorkloadStopper::WorkloadStopper(Options options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options))
{}

WorkloadStopper::~WorkloadStopper() = default;

QString WorkloadStopper::socketOf(const Workload& w) const
{
    if (w.id.isEmpty())
        return {};
    if (w.kind == WorkloadKind::Docker)
        return m_options.dockerSocket;
    if (w.kind == WorkloadKind::Podman && !rootlessPodman(w))
        return m_options.podmanSocket;
    return {};
}

QString WorkloadStopper::means(const Workload& w) const
{
    if (const QString socket = socketOf(w); !socket.isEmpty())
        return tr("the Engine API at %1").arg(socket);
    if (w.kind == WorkloadKind::Slurm && !w.id.isEmpty() && !m_options.scancel.isEmpty())
        return m_options.scancel;
    return {};
}

void WorkloadStopper::stop(const Workload& w, int graceSeconds, SlurmCanceller::Done done)
{
    if (const QString socket = socketOf(w); !socket.isEmpty()) {
        EngineClient*& client = m_clients[socket];
        if (!client) {
            client = new EngineClient(socket, this);
        }
        client->setTimeoutMs(m_options.timeoutMs);
        client->stop(w.id, graceSeconds, std::move(done));
        return;
    }
    if (w.kind == WorkloadKind::Slurm && !w.id.isEmpty() && !m_options.scancel.isEmpty()) {
        SlurmCanceller*& canceller = m_cancellers[m_options.scancel];
        if (!canceller)
            canceller = new SlurmCanceller(m_options.scancel, this);
        canceller->setTimeoutMs(m_options.timeoutMs);
        canceller->cancel(w.id, std::move(done));
        return;
    }
    later(this, std::move(done),
          {StopResult::Status::Failed,
           tr("%1 is not stopped by GPU Warden (docs/enforcement.md)").arg(w.displayName())});
}

} // namespace gw::owners
