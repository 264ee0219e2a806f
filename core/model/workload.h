// What a process runs in: a container, a Kubernetes pod, a Slurm job, a
// login session or a service, as its cgroup shows it (docs/owners.md).
#pragma once

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

    bool isContainer() const;
    bool operator==(const Workload&) const = default;
};

} // namespace gw
