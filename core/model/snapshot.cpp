#include "model/snapshot.h"

namespace gw {

const GpuSample* Snapshot::gpuByUuid(const QString& uuid) const
{
    for (const auto& g : gpus) {
        if (g.uuid == uuid)
            return &g;
    }
    return nullptr;
}

const MigInstance* GpuSample::migByUuid(const QString& uuid) const
{
    for (const auto& m : migInstances) {
        if (m.uuid == uuid)
            return &m;
    }
    return nullptr;
}

std::optional<double> bytesToMiB(quint64 bytes)
{
    if (isSentinelBytes(bytes))
        return std::nullopt;
    return double(bytes) / (1024.0 * 1024.0);
}

} // namespace gw
