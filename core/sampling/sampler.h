#pragma once

#include "model/snapshot.h"

#include <QString>

namespace gw {

// Where samplers look. Every file-system root and external program is
// configurable so tests point them at fake trees and fake tools.
struct SamplerOptions
{
    QString procRoot = QStringLiteral("/proc");
    QString sysRoot = QStringLiteral("/sys");
    QString cgroupRoot = QStringLiteral("/sys/fs/cgroup");
    // dlopen() name or path of NVML; the bare soname searches the library path.
    QString nvmlLibrary = QStringLiteral("libnvidia-ml.so.1");
    // Program name (searched on PATH) or path of nvidia-smi.
    QString smiProgram = QStringLiteral("nvidia-smi");
    int smiTimeoutMs = 5000;
    // Where the NVIDIA driver's XIDs are logged (docs/health.md): /dev/kmsg,
    // or a file of its records; empty: none (XIDs from NVML's events only).
    QString kernelLog = QStringLiteral("/dev/kmsg");
};

// One source of truth, read synchronously. Not thread-safe: one thread owns a
// sampler at a time (the sampling worker).
class Sampler
{
public:
    virtual ~Sampler() = default;

    // Short machine name of the backend: "nvml", "nvidia-smi", "amdgpu", "host".
    virtual QString name() const = 0;

    // Prepares the backend. False when it cannot serve (library missing, no
    // device, tool absent): lastError() then says why, in words an admin reads.
    virtual bool open() = 0;

    // Fills what this backend knows into `out` (GPU samplers: gpus and
    // processes; the host sampler: host). A failure of one field or one GPU is
    // recorded in the value (absent field, GpuSample::error, out.warnings);
    // false only when nothing could be read at all, with lastError() set.
    virtual bool sample(Snapshot& out) = 0;

    virtual QString lastError() const = 0;

    // One line describing the opened backend, e.g. "NVML 12.550.54, driver 550.54.15, 8 GPUs".
    virtual QString description() const { return name(); }
};

} // namespace gw
