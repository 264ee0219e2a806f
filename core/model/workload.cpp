#include "model/workload.h"

#include <QCoreApplication>

#include <array>
#include <utility>

namespace gw {

namespace {

constexpr std::array<std::pair<WorkloadKind, const char*>, 11> kNames{{
    {WorkloadKind::None, "none"},
    {WorkloadKind::Docker, "docker"},
    {WorkloadKind::Podman, "podman"},
    {WorkloadKind::Containerd, "containerd"},
    {WorkloadKind::Kubernetes, "kubernetes"},
    {WorkloadKind::Slurm, "slurm"},
    {WorkloadKind::Lxc, "lxc"},
    {WorkloadKind::Session, "session"},
    {WorkloadKind::UserService, "user-service"},
    {WorkloadKind::Service, "service"},
    {WorkloadKind::Unknown, "unknown"},
}};

} // namespace

QString workloadKindName(WorkloadKind kind)
{
    for (const auto& [k, name] : kNames) {
        if (k == kind)
            return QString::fromLatin1(name);
    }
    return QStringLiteral("unknown");
}

std::optional<WorkloadKind> workloadKindFromName(QStringView name)
{
    for (const auto& [k, n] : kNames) {
        if (name == QLatin1String(n))
            return k;
    }
    return std::nullopt;
}

bool Workload::isContainer() const
{
    switch (kind) {
    case WorkloadKind::Docker:
    case WorkloadKind::Podman:
    case WorkloadKind::Containerd:
    case WorkloadKind::Kubernetes:
    case WorkloadKind::Lxc:
        return true;
    default:
        return false;
    }
}

QString Workload::displayName() const
{
    const auto tr = [](const char* text) {
        return QCoreApplication::translate("gw::Workload", text);
    };
    const QString shortId = id.left(12);
    switch (kind) {
    case WorkloadKind::None:
        return {};
    case WorkloadKind::Docker:
    case WorkloadKind::Podman:
    case WorkloadKind::Containerd:
        return tr("container %1").arg(name.isEmpty() ? shortId : name);
    case WorkloadKind::Kubernetes:
        return name.isEmpty() ? tr("pod %1").arg(podUid.left(8))
                              : tr("pod %1/%2").arg(namespaceName, name);
    case WorkloadKind::Slurm:
        return tr("Slurm job %1").arg(id);
    case WorkloadKind::Lxc:
        return tr("LXC container %1").arg(id);
    case WorkloadKind::Session:
        return tr("session %1").arg(id);
    case WorkloadKind::UserService:
    case WorkloadKind::Service:
        return id;
    case WorkloadKind::Unknown:
        return cgroupPath;
    }
    return cgroupPath;
}

} // namespace gw
