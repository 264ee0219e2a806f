#pragma once

// What a charted metric is, in one table: its id, title, unit, the quantum
// it is stored at, where it sits in a snapshot, its Prometheus name and its
// default colour. The history store, LiveHistory, the /metrics exporter, the
// Prometheus reader, the charts and the main window all read this table, so
// charting one more metric is one row here (plus its test).

#include "model/snapshot.h"
#include "model/units.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>

namespace gw {

// Stored as a number in history files (series.metric): a number, once given,
// keeps its meaning forever. New metrics take new numbers.
enum class MetricId : quint8
{
    GpuUtilization = 1,
    GpuMemoryUsed = 2,
    GpuTemperature = 3,
    GpuPower = 4,
    GpuSmClock = 5,
    HostCpu = 10,
    HostMemoryUsed = 11,
    ProcessMemory = 20,
    ProcessSm = 21,
};

// What a series of the metric is about: a GPU (target = its UUID), the host
// ("host") or one GPU process ("proc:<fact id>").
enum class MetricTarget : quint8
{
    Gpu,
    Host,
    Process,
};

// 0xRRGGBB for light and for dark windows. Plain numbers: core links no Gui,
// ui/ makes the QColor (metricColor() in ui/charts/historychartmodel.h).
struct MetricColors
{
    quint32 light = 0;
    quint32 dark = 0;
};

struct MetricDef
{
    MetricId id;
    MetricTarget target;
    const char* title; // untranslated; metricTitle() translates
    Unit unit;
    // The quantum the history store keeps: finer than any sensor's accuracy,
    // coarse enough to compress (NVML power is mW, boards are good to ±5 W).
    double precision;
    double fixedMax; // > 0: chart axes always end here (percentages)
    // Where the value sits: a field of GpuSample or GpuProcess, or for the
    // host a pair of functions (the host keeps bytes where we keep MiB).
    std::optional<double> GpuSample::*gpuField = nullptr;
    std::optional<double> GpuProcess::*processField = nullptr;
    std::optional<double> (*readHost)(const HostSample&) = nullptr;
    void (*writeHost)(HostSample&, std::optional<double>) = nullptr;
    // The Prometheus family: dcgm-exporter's name where it has one, else
    // gpuwarden_*; value there = value in `unit` × promPerUnit.
    const char* promName;
    const char* promHelp;
    double promPerUnit = 1;
    MetricColors colors;
};

namespace metricsdetail {
constexpr double kBytesPerMiB = 1024.0 * 1024.0;
inline std::optional<double> hostCpu(const HostSample& h)
{
    return h.cpuPercent;
}
inline void setHostCpu(HostSample& h, std::optional<double> v)
{
    h.cpuPercent = v;
}
inline std::optional<double> hostMemoryMiB(const HostSample& h)
{
    return h.memoryUsedBytes ? bytesToMiB(*h.memoryUsedBytes) : std::nullopt;
}
inline void setHostMemoryMiB(HostSample& h, std::optional<double> mib)
{
    h.memoryUsedBytes = mib && *mib >= 0
                            ? std::optional<quint64>(quint64(std::llround(*mib * kBytesPerMiB)))
                            : std::nullopt;
}
} // namespace metricsdetail

// Rows in the order the History tab offers them.
inline constexpr MetricDef kMetrics[] = {
    {.id = MetricId::GpuUtilization,
     .target = MetricTarget::Gpu,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "GPU utilisation"),
     .unit = Unit::Percent,
     .precision = 1,
     .fixedMax = 100,
     .gpuField = &GpuSample::utilizationGpuPercent,
     .promName = "DCGM_FI_DEV_GPU_UTIL",
     .promHelp = "GPU utilization (in %).",
     .colors = {0x1565c0, 0x64b5f6}},
    {.id = MetricId::GpuMemoryUsed,
     .target = MetricTarget::Gpu,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "GPU memory used"),
     .unit = Unit::MiB,
     .precision = 1,
     .fixedMax = 0,
     .gpuField = &GpuSample::memoryUsedMiB,
     .promName = "DCGM_FI_DEV_FB_USED",
     .promHelp = "Framebuffer memory used (in MiB).",
     .colors = {0x6a1b9a, 0xba68c8}},
    {.id = MetricId::GpuTemperature,
     .target = MetricTarget::Gpu,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "GPU temperature"),
     .unit = Unit::Celsius,
     .precision = 1,
     .fixedMax = 0,
     .gpuField = &GpuSample::temperatureC,
     .promName = "DCGM_FI_DEV_GPU_TEMP",
     .promHelp = "GPU temperature (in C).",
     .colors = {0xd84315, 0xff8a65}},
    {.id = MetricId::GpuPower,
     .target = MetricTarget::Gpu,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "GPU power"),
     .unit = Unit::Watts,
     .precision = 0.1,
     .fixedMax = 0,
     .gpuField = &GpuSample::powerW,
     .promName = "DCGM_FI_DEV_POWER_USAGE",
     .promHelp = "Power draw (in W).",
     .colors = {0xb26a00, 0xffd54f}},
    {.id = MetricId::GpuSmClock,
     .target = MetricTarget::Gpu,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "GPU SM clock"),
     .unit = Unit::MHz,
     .precision = 1,
     .fixedMax = 0,
     .gpuField = &GpuSample::smClockMHz,
     .promName = "DCGM_FI_DEV_SM_CLOCK",
     .promHelp = "SM clock frequency (in MHz).",
     .colors = {0x2e7d32, 0x81c784}},
    {.id = MetricId::HostCpu,
     .target = MetricTarget::Host,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "Host CPU"),
     .unit = Unit::Percent,
     .precision = 0.1,
     .fixedMax = 100,
     .readHost = &metricsdetail::hostCpu,
     .writeHost = &metricsdetail::setHostCpu,
     .promName = "gpuwarden_host_cpu_percent",
     .promHelp = "Host CPU use, all cores (in %).",
     .colors = {0x00838f, 0x4dd0e1}},
    {.id = MetricId::HostMemoryUsed,
     .target = MetricTarget::Host,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "Host memory used"),
     .unit = Unit::MiB,
     .precision = 1,
     .fixedMax = 0,
     .readHost = &metricsdetail::hostMemoryMiB,
     .writeHost = &metricsdetail::setHostMemoryMiB,
     .promName = "gpuwarden_host_memory_used_bytes",
     .promHelp = "Host memory in use.",
     .promPerUnit = metricsdetail::kBytesPerMiB,
     .colors = {0x4527a0, 0x9575cd}},
    {.id = MetricId::ProcessMemory,
     .target = MetricTarget::Process,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "Process memory"),
     .unit = Unit::MiB,
     .precision = 1,
     .fixedMax = 0,
     .processField = &GpuProcess::usedMemoryMiB,
     .promName = "gpuwarden_process_gpu_memory_mib",
     .promHelp = "GPU memory held by a process (in MiB).",
     .colors = {0x6a1b9a, 0xba68c8}},
    {.id = MetricId::ProcessSm,
     .target = MetricTarget::Process,
     .title = QT_TRANSLATE_NOOP("gw::Metrics", "Process SM"),
     .unit = Unit::Percent,
     .precision = 1,
     .fixedMax = 100,
     .processField = &GpuProcess::smUtilPercent,
     .promName = "gpuwarden_process_sm_utilization_percent",
     .promHelp = "Share of the GPU's SMs a process used (in %).",
     .colors = {0x1565c0, 0x64b5f6}},
};

inline constexpr std::span<const MetricDef> metricTable()
{
    return kMetrics;
}

// The row of `id`; nullptr for a number no row has (a newer file read by an
// older build).
constexpr const MetricDef* findMetric(MetricId id)
{
    for (const MetricDef& d : kMetrics)
        if (d.id == id)
            return &d;
    return nullptr;
}

// The row of an id the code names; every MetricId has one (tested).
const MetricDef& metricDef(MetricId id);

// Number of per-GPU rows, and the place of a per-GPU metric among them
// (LiveHistory keeps one value per slot).
inline constexpr std::size_t kGpuMetricCount =
    std::size_t(std::count_if(std::begin(kMetrics), std::end(kMetrics),
                              [](const MetricDef& d) { return d.target == MetricTarget::Gpu; }));
constexpr std::optional<std::size_t> gpuMetricSlot(MetricId id)
{
    std::size_t slot = 0;
    for (const MetricDef& d : kMetrics) {
        if (d.target != MetricTarget::Gpu)
            continue;
        if (d.id == id)
            return slot;
        ++slot;
    }
    return std::nullopt;
}

QString metricTitle(const MetricDef& d); // translated

// Stored values are whole multiples of precision: quanta per unit (1 / 0.1
// must be exactly 10, so values decode to the nearest double).
double quantaPerUnit(MetricId id);

// The value of the metric in a sample of its target; absent when the sample
// has none (or the row is for another target).
std::optional<double> metricValue(const MetricDef& d, const GpuSample& g);
std::optional<double> metricValue(const MetricDef& d, const HostSample& h);
std::optional<double> metricValue(const MetricDef& d, const GpuProcess& p);
// The reverse, for readers that rebuild samples (Prometheus).
void setMetricValue(const MetricDef& d, GpuSample& g, std::optional<double> v);
void setMetricValue(const MetricDef& d, HostSample& h, std::optional<double> v);
void setMetricValue(const MetricDef& d, GpuProcess& p, std::optional<double> v);

// How a chart whose axis reaches `magnitude` (in the metric's unit) shows
// the metric: displayScale() of its unit, with the decimals its precision
// needs ("69.5 GiB", "312.4 W", "93 %").
DisplayScale metricDisplay(const MetricDef& d, double magnitude);
// One value as the crosshair and legend show it, scaled by its own size;
// NaN reads "n/a".
QString formatMetric(MetricId id, double value);

} // namespace gw
