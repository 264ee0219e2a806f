// What a process runs in: a container, a Kubernetes pod, a Slurm job, a
// login session or a service, as its cgroup shows it (docs/owners.md).
#pragma once

#include <QHash>
#include <QString>

#include <optional>

namespace gw {

enum class WorkloadKind
{
    None,        // the root cgroup, or nothing read: not in any workload
    Docker,      // a Docker container (docker-<id>.scope, /docker/<id>)
    Podman,      // a Podman container, rootful or rootless (libpod-<id>)
    Containerd,  // a container of containerd outside Kubernetes (nerdctl)
    Kubernetes,  // a container of a Kubernetes pod (containerd, CRI-O, Docker)
    Slurm,       // a step of a Slurm job
    Lxc,         // an LXC or LXD container
    Session,     // a systemd login session (session-N.scope)
    UserService, // a unit of a user's own systemd (user@UID.service)
    Service,     // a system service (a .service unit of the system)
    Unknown,     // a cgroup of a shape not recognised: only its path is known
};

// The wire names ("docker", "kubernetes", …), as snapshot JSON and the
// policy's [owners] section spell them; None is "none".
QString workloadKindName(WorkloadKind kind);
std::optional<WorkloadKind> workloadKindFromName(QStringView name);

struct Workload
{
    WorkloadKind kind = WorkloadKind::None;
    // The runtime's own id: a container's 64 hex digits, a Slurm job's
    // number, a session's number, a unit's name, an LXC container's name.
    QString id;
    // Kubernetes: the pod's uid (with dashes, as the API server writes it)
    // and the runtime that runs its container ("containerd", "cri-o",
    // "docker"); `id` is then the container's id.
    QString podUid;
    QString runtime;
    // Slurm: the step ("batch", "extern", "interactive", "0", …). A job's
    // owner as its cgroup names it (Slurm's uid_N; systemd's user-N.slice).
    QString step;
    std::optional<uint> uid;
    // The cgroup path it was read from, always kept (the one fact when the
    // shape is not recognised).
    QString cgroupPath;

    // Names from the runtime (docs/owners.md, "Names from the runtimes"),
    // empty until it answered: a container's name (Docker, Podman), a pod's
    // name with its namespace and the container's name in it (Kubernetes), a
    // Slurm job's name and partition; the image; the container's or pod's
    // labels.
    QString name;
    QString namespaceName;
    QString containerName;
    QString partition;
    QString image;
    QHash<QString, QString> labels;

    bool isContainer() const;
    // How people read it: "container trainer (podman)", "pod vision/train-0",
    // "Slurm job 57", "session 3", the short id before a name is known.
    QString displayName() const;
    bool operator==(const Workload&) const = default;
};

// Who owns a GPU process (docs/owners.md, "Who owns a process"): the person
// charged and judged, and the account, decided from its workload and the
// [owners] rules where the process runs.
struct ProcessOwner
{
    QString user;    // never empty
    QString account; // empty: none known
    // How it was decided, for people: "label gpuwarden.user of container
    // job1", "Slurm job 57", "the process's user".
    QString because;
    // The owner is the workload itself ("container:job1"): a root process in
    // a container no rule names, shown as such, never as "root".
    bool isWorkload = false;

    bool operator==(const ProcessOwner&) const = default;
};

} // namespace gw
