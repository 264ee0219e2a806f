#pragma once

// What a GPU is doing, in the words admins use: idle, busy, memory held while
// idle (the waste they chase), hot. Decided here, once, from a sample; views
// only colour it.

#include <optional>

namespace gw {

struct GpuSample;

enum class GpuState
{
    Idle,    // reporting, below kIdleBelowPercent busy, no process
    Busy,    // used
    Held,    // memory held by processes while nearly idle
    Hot,     // temperature at or above hotThresholdC()
    Error,   // the device failed this sample (lost, unknown error)
    Unknown, // utilisation not reported (MIG, old drivers)
};

// Below this utilisation a GPU counts as idle (or held, with processes).
inline constexpr double kIdleBelowPercent = 10;
// Hot when the driver does not say where the GPU starts to slow down.
inline constexpr double kDefaultHotC = 85;

// The temperature from which g counts as hot: its slowdown temperature where
// the driver reports one (NVML), else kDefaultHotC.
double hotThresholdC(const GpuSample& g);

// processCount: the processes the snapshot lists on this GPU.
GpuState gpuState(const GpuSample& g, int processCount);

} // namespace gw
