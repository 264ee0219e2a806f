#include "gpustate.h"

#include "snapshot.h"

namespace gw {

double hotThresholdC(const GpuSample& g)
{
    return g.slowdownTemperatureC.value_or(kDefaultHotC);
}

GpuState gpuState(const GpuSample& g, int processCount)
{
    if (!g.error.isEmpty())
        return GpuState::Error;
    // Heat first: a hot GPU needs a look whether or not it is busy.
    if (g.temperatureC && *g.temperatureC >= hotThresholdC(g))
        return GpuState::Hot;
    if (!g.utilizationGpuPercent)
        return GpuState::Unknown;
    if (*g.utilizationGpuPercent >= kIdleBelowPercent)
        return GpuState::Busy;
    return processCount > 0 ? GpuState::Held : GpuState::Idle;
}

} // namespace gw
