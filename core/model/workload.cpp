#include "model/workload.h"

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

} // namespace gw
