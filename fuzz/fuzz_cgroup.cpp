// /proc/PID/cgroup as the owner lookup reads it (core/owners): any bytes.
#include "owners/cgroupworkload.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char*>(data), qsizetype(size));
    const gw::owners::CgroupReading r = gw::owners::readProcCgroup(text);
    const gw::Workload& w = r.workload;
    // A workload is named only from a whole line, and keeps the path it
    // came from; the id of a container is always its full 64 digits.
    if (w.kind != gw::WorkloadKind::None && w.cgroupPath.isEmpty())
        __builtin_trap();
    if ((w.kind == gw::WorkloadKind::Docker || w.kind == gw::WorkloadKind::Podman ||
         w.kind == gw::WorkloadKind::Containerd) &&
        w.id.size() != 64)
        __builtin_trap();
    if (w.kind == gw::WorkloadKind::Kubernetes && w.podUid.size() != 36)
        __builtin_trap();
    if (w.kind == gw::WorkloadKind::Slurm && w.id.isEmpty())
        __builtin_trap();
    return 0;
}
