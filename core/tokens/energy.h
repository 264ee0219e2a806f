#pragma once

// A GPU's energy over the time one reading stands for, split between those
// who used it (docs/health.md, "Energy"): the processes on it by their SM
// share where the driver reports one for each, else by the memory each
// holds (estimated); a GPU held but idle by its holders the same way; a GPU
// no process runs on by the workload that holds it (a Kubernetes pod), else
// as idle and unowned. The parts are whole millijoules and add up to the
// GPU's energy exactly: energy is neither made nor lost by the split.
//
// Pure: what the energy is (a counter's difference, or power integrated
// over the span, which is itself an estimate) is the caller's to say.

#include "model/snapshot.h"

#include <QList>

#include <cstring>

namespace gw {

struct EnergyShare
{
    enum class To
    {
        Process, // r.processes[process]
        Holder,  // the GPU's holder (GpuSample::holder), no process running
        Unowned, // nobody: idle and unowned
    };
    To to = To::Unowned;
    qsizetype process = -1;
    quint64 mj = 0;
    // Split by memory (or evenly) rather than by the driver's SM figures.
    bool estimated = false;
};

// Splits `mj` of r.gpus[gpuPos] between its users in this reading, in the
// order of r.processes; the shares' mj add up to `mj`. Processes on the
// GPU's MIG instances count as on the GPU (the driver gives no SM figure
// per instance: split by memory). Empty when gpuPos is not a GPU of r.
QList<EnergyShare> splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, quint64 mj);
// The same into *out (cleared first; its memory kept for the next call).
void splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, quint64 mj, QList<EnergyShare>* out);
// The same where the caller found the processes on the GPU: `on` holds
// their indices in r.processes, `count` of them, in order.
void splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, const qsizetype* on, qsizetype count,
                    quint64 mj, QList<EnergyShare>* out);
// Equal text, at once where the two share their data (one reading's
// copies of a uuid or a name): the energy books compare these per GPU and
// process of every reading.
inline bool sharesText(const QString& a, const QString& b)
{
    const qsizetype n = a.size();
    return n == b.size() &&
           (n == 0 || a.constData() == b.constData() ||
            std::memcmp(a.constData(), b.constData(), size_t(n) * sizeof(QChar)) == 0);
}

// Whether process p runs on GPU g (by its uuid, or its MIG instance's).
bool runsOnGpu(const GpuSample& g, const GpuProcess& p);

} // namespace gw
