#pragma once

// Carries out the policy engine's enforcement requests on this machine
// (Linux): SIGTERM, then SIGKILL after the grace period. Nothing is signalled
// unless every check passes at the moment of the signal:
//
//  * the request names a start time, and the pid still has it (its
//    /proc/<pid>/stat start time within 1 s of the request's: btime in
//    /proc/stat is whole seconds and may be re-derived by the kernel), and the
//    process is not a zombie;
//  * the pid is above 1, not this process and not its parent;
//  * no uid of the process (real, effective, saved, filesystem) is 0,
//    unless its workload is the unit acted on (below);
//  * the newest reading of the request's server (setLatest) lists that pid,
//    with that start time, on the request's GPU (and MIG instance, if any).
//    Checked before SIGTERM and before a direct Kill request; the SIGKILL
//    after the grace period re-checks identity and uid only (a process that
//    got SIGTERM may well have let go of the GPU already).
//
// Where the newest reading puts the process in a workload that is acted on
// as a whole (owners::stopUnitOf: a Docker or rootful Podman container, a
// Slurm job, whose owner is not host root, and not the one GPU Warden
// itself runs in), that workload is the unit: its /proc/<pid>/cgroup must
// still show it, then the container is stopped through its runtime's Engine API (its
// SIGTERM, SIGKILL after the grace period) or the job cancelled with
// scancel, asynchronously; the outcome comes with `acted` once the runtime
// has answered. A root process in such a container is acted on; root on
// the host never is (nor in a workload no runtime is configured for). A
// process in a Kubernetes pod is only ever notified
// (docs/enforcement.md says why): a request to act on it is refused.
//
// On the real /proc the process is held by a pidfd opened before the checks
// and signalled through it (pidfd_send_signal), so a pid reused between the
// check and the signal cannot be hit. With an injected sendSignal (tests) or
// another proc root, the pid is signalled.
//
// Every outcome, done or refused, is reported with `acted` as a PolicyAction
// (Terminate, Kill or Refused; never simulated) for the event to record: a
// workload stopped is a Terminate (a Kill for a direct Kill request).
// Lives on the thread that calls it; the grace period is a QTimer on it.
// Destroying the enforcer cancels pending SIGKILLs.

#include "model/snapshot.h"
#include "owners/workloadstop.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <sys/types.h>

#include <functional>
#include <memory>

namespace gw {

class Enforcer final : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString procRoot = QStringLiteral("/proc");
        // Sends a signal to a pid, answering 0 or -1 with errno set, as
        // ::kill. Empty: the kernel (pidfd on the real /proc, else ::kill).
        std::function<int(pid_t, int)> sendSignal;
        // Sets a pid's nice value, answering as ::setpriority. Empty: the
        // kernel.
        std::function<int(pid_t, int)> setNice;
        // Wall clock, ms since the epoch (for PolicyAction::atMs).
        std::function<qint64()> clock;
        // SIGTERM → SIGKILL ([idle] kill_grace).
        qint64 killGraceMs = 30'000;
        // Never signalled. Default: getpid() and getppid().
        qint64 ownPid = 0;
        qint64 parentPid = 0;
        // Where containers are stopped and jobs cancelled (the same
        // sockets the owners are read from).
        owners::WorkloadStopper::Options workloads;
    };

    explicit Enforcer(QObject* parent = nullptr);
    explicit Enforcer(Options options, QObject* parent = nullptr);
    ~Enforcer() override;

    // The newest reading of a server; requests for that server are checked
    // against it. Call it for every reading (it keeps one per server).
    void setLatest(const gw::Snapshot& reading);
    // For requests from now on ([idle] kill_grace of the policy in force).
    void setKillGraceMs(qint64 ms);
    // Where workloads are stopped, for stops from now on.
    void setWorkloadOptions(const owners::WorkloadStopper::Options& options);
    qint64 killGraceMs() const;

    // Checks and signals at once; the answer comes with `acted` (before this
    // returns, except the SIGKILL after the grace period). A Terminate for a
    // process already waiting out its grace period is ignored.
    void enforce(const gw::EnforcementRequest& request);
    void enforce(const QList<gw::EnforcementRequest>& requests);

    // Processes waiting out their grace period.
    int pendingCount() const;
    // Workloads being stopped (their runtime has not answered yet).
    int stoppingCount() const;

    // The checks enforce() makes, the GPU included, at this moment, for a
    // caller that must answer why not (the agent's signal route) before or
    // instead of acting.
    enum class CheckOutcome
    {
        Ok,
        Gone,      // exited, a zombie, or the pid now names another process
        Protected, // pid 1, this process, its parent, root
        NotOnGpu,  // the newest reading does not list it on the request's GPU
        Unknown    // start time or owner cannot be read
    };
    struct CheckResult
    {
        CheckOutcome outcome = CheckOutcome::Ok;
        QString detail;      // what was done, or why not
        QString who;         // "process 1234 (python, alice)"
        bool failed = false; // the checks passed but the system call failed
        // What is acted on (when the checks passed): the process, or its
        // workload, named for people ("container job1 (docker
        // 561bb04bdcbb)", "Slurm job 57"); empty for the process.
        owners::StopUnit unit = owners::StopUnit::Process;
        QString workload;
        std::optional<gw::Workload> target; // as the newest reading names it
    };
    gw::Enforcer::CheckResult inspect(const gw::EnforcementRequest& request);
    // Lowers the process's priority (setpriority to nice 19) after the same
    // checks; not reported with `acted` (no PolicyAction kind for it). A
    // process in a pod is not reniced (notify only).
    gw::Enforcer::CheckResult renice(const gw::EnforcementRequest& request);
    // Why a process in a pod is not acted on (after inspect() passed).
    static QString notifyOnly(const gw::Enforcer::CheckResult& c);
    // "stop container job1 (docker 561bb04bdcbb) through the Engine API at
    // /var/run/docker.sock", "cancel Slurm job 57 with scancel": what
    // enforce() would do to a checked workload, for a dry run.
    QString wouldStop(const gw::Enforcer::CheckResult& c) const;

Q_SIGNALS:
    void acted(const QString& eventId, const gw::PolicyAction& action);

private:
    void stopWorkload(const gw::EnforcementRequest& request, const QString& who,
                      const gw::Workload& workload);

    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace gw
