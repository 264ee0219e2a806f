#include "history/historytypes.h"

namespace gw {

double metricPrecision(SeriesMetric m)
{
    switch (m) {
    case SeriesMetric::GpuPower:
    case SeriesMetric::HostCpu:
        return 0.1;
    case SeriesMetric::GpuUtilization:
    case SeriesMetric::GpuMemoryUsed:
    case SeriesMetric::GpuTemperature:
    case SeriesMetric::HostMemoryUsed:
    case SeriesMetric::ProcessMemory:
    case SeriesMetric::ProcessSm:
        return 1.0;
    }
    return 1.0;
}

} // namespace gw
