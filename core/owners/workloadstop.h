// Enforcement on a workload's own unit (docs/enforcement.md, "What acts on
// what"): which unit a GPU process is acted on through (the process itself,
// its container, its Slurm job, or its pod, which is only notified), and the
// calls that stop a container (the Engine API of its runtime) or cancel a
// job (`scancel`). Asynchronous on the caller's thread, bounded in time;
// nothing here checks that the process is still the one judged: the
// Enforcer does that before it asks.
#pragma once

#include "model/snapshot.h"
#include "model/workload.h"
#include "owners/engineapi.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace gw::owners {

enum class StopUnit
{
    Process,   // signals to the process (not in a workload that is acted on)
    Container, // a Docker or rootful Podman container: its Engine API's stop
    SlurmJob,  // a Slurm job: scancel
    PodNotify  // a Kubernetes pod: notified, never stopped by the agent
};

// How enforcement acts on `p`. Its workload is the unit where it is a
// Docker or rootful Podman container, a Slurm job or a Kubernetes pod, with
// an id, and its owner is known and is not host root (a Slurm job of root, a
// container whose rules name root). Everything else, a rootless Podman
// container (run by its user's own Podman, whose processes signals reach as
// that user), containerd outside Kubernetes, LXC, sessions and services, is
// acted on as a process, where root stays protected.
StopUnit stopUnitOf(const GpuProcess& p);

// A workload acted on, for people: "container job1 (docker 561bb04bdcbb)",
// "container 561bb04bdcbb (podman)", "Slurm job 57", "pod vision/train-0".
QString workloadLabel(const Workload& w);

// The same workload, by its kind and id (the rest are names).
bool sameWorkload(const Workload& a, const Workload& b);

// Ends a Slurm job with `scancel JOBID`: one program per call, asynchronous,
// killed when it does not end within the timeout.
class SlurmCanceller : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(StopResult)>;

    explicit SlurmCanceller(QString program = QStringLiteral("scancel"), QObject* parent = nullptr);
    ~SlurmCanceller() override;

    QString program() const { return m_program; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // Exit 0: stopped; "Invalid job id specified": gone; else failed with
    // scancel's stderr (or why it did not start or end). `done` comes from
    // the event loop, once.
    void cancel(const QString& jobId, Done done);

private:
    QString m_program;
    int m_timeoutMs = 10'000;
};

// Stops a workload through its runtime: a Docker container through
// dockerSocket, a rootful Podman one through podmanSocket, a Slurm job with
// scancel. One client per socket, kept.
class WorkloadStopper : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString dockerSocket = QStringLiteral("/var/run/docker.sock");
        QString podmanSocket = QStringLiteral("/run/podman/podman.sock");
        QString scancel = QStringLiteral("scancel"); // on PATH
        // An answer's patience; a container's stop adds its grace to it.
        int timeoutMs = 10'000;
    };

    explicit WorkloadStopper(Options options, QObject* parent = nullptr);
    ~WorkloadStopper() override;

    const Options& options() const { return m_options; }
    // For stops from now on; those under way go on where they were asked.
    void setOptions(Options options) { m_options = std::move(options); }
    // How `w` is stopped, for people: "the Engine API at
    // /run/podman/podman.sock", "scancel"; empty: it is not.
    QString means(const Workload& w) const;

    // `graceSeconds`: a container's SIGTERM to SIGKILL (Slurm's is its own
    // KillWait). A workload of another kind fails at once (from the event
    // loop) saying so.
    void stop(const Workload& w, int graceSeconds, SlurmCanceller::Done done);

private:
    QString socketOf(const Workload& w) const;

    Options m_options;
    QHash<QString, EngineClient*> m_clients;      // by socket; children of this
    QHash<QString, SlurmCanceller*> m_cancellers; // by program; children of this
};

} // namespace gw::owners
