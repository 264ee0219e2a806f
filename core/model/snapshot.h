#pragma once

// Value types for one moment of one server. Plain structs, copied across
// threads through queued signals. A field a device cannot report is
// std::nullopt ("absent"), never 0: absent values are n/a in tables, gaps in
// charts and left out of averages.

#include "model/gpuhealth.h"
#include "model/workload.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace gw {

// Host-wide figures. Rates (CPU %, disk bytes/s) need two readings, so the
// first sample of a sampler leaves them absent.
struct HostSample
{
    QString hostname;
    std::optional<double> cpuPercent;          // all cores together, 0..100
    std::optional<int> cpuCount;               // online logical CPUs
    std::optional<quint64> memoryUsedBytes;    // MemTotal - MemAvailable
    std::optional<quint64> memoryTotalBytes;   // MemTotal
    std::optional<double> diskReadBytesPerSec; // whole disks, partitions not counted twice
    std::optional<double> diskWriteBytesPerSec;
    // Limits of the cgroup the sampler runs in; absent when unlimited or not in one.
    std::optional<quint64> cgroupMemoryLimitBytes;
    std::optional<quint64> cgroupMemoryUsedBytes;
    std::optional<double> cgroupCpuLimitCores; // quota / period
    QString cgroupVersion;                     // "v1", "v2" or empty
    // True when the sampler runs in a PID namespace of its own (a container
    // started without the host's PID namespace): the driver's process ids
    // are then not the ids its /proc shows, and no process is named from it
    // (docs/owners.md). Absent where not known.
    std::optional<bool> ownPidNamespace;

    bool operator==(const HostSample&) const = default;
};

// One MIG instance of a partitioned GPU: a unit of use like a GPU. The driver
// does not report utilisation per instance, so there is no field for it.
struct MigInstance
{
    int index = -1;  // MIG device index on its parent (nvidia-smi's "Device N")
    QString uuid;    // "MIG-…"; the stable key of an instance
    QString profile; // "3g.40gb"
    std::optional<int> gpuInstanceId;
    std::optional<int> computeInstanceId;
    // Compute slices of this instance (the "3" of 3g.40gb); with the parent's
    // migSliceCount it gives the instance's fraction of the GPU.
    std::optional<int> computeSlices;
    std::optional<double> memoryUsedMiB;
    std::optional<double> memoryTotalMiB;

    bool operator==(const MigInstance&) const = default;
};

struct GpuSample
{
    int index = -1;
    QString uuid; // "GPU-…"; the stable key of a GPU
    QString name; // "NVIDIA H100 80GB HBM3"
    QString pciBusId;
    QString vendor; // "nvidia", "amd"
    std::optional<double> utilizationGpuPercent;
    std::optional<double> utilizationMemoryPercent;
    std::optional<double> memoryUsedMiB;
    std::optional<double> memoryTotalMiB;
    std::optional<double> temperatureC;
    // Where the driver starts to slow the GPU down to cool it (NVML's
    // slowdown threshold); absent from nvidia-smi's query and amdgpu.
    std::optional<double> slowdownTemperatureC;
    // Where the driver shuts the GPU down (NVML's shutdown threshold).
    std::optional<double> shutdownTemperatureC;
    // Memory the driver keeps for itself (nvmlDeviceGetMemoryInfo_v2);
    // not part of used, not available to processes.
    std::optional<double> memoryReservedMiB;
    std::optional<double> powerW;
    std::optional<double> powerLimitW;
    std::optional<double> smClockMHz;
    std::optional<double> fanPercent; // may exceed 100 on NVIDIA
    std::optional<bool> persistenceMode;
    // MIG mode: absent where the GPU cannot be partitioned. When true, the
    // instances are the units of use and utilisation is absent (the driver
    // does not report it in MIG mode).
    std::optional<bool> migEnabled;
    std::optional<int> migSliceCount; // compute slices of the whole GPU (7 on A100/H100)
    QList<MigInstance> migInstances;
    // Set when the device failed as a whole this sample ("GPU is lost"); the
    // other fields then hold nothing.
    QString error;
    // The workload the GPU is assigned to, whether or not it runs a process
    // on it: a Kubernetes pod as the kubelet assigned it (docs/owners.md),
    // with its owner. A GPU held by a pod that does nothing is the cluster's
    // idle-held GPU. Absent where nothing assigns GPUs.
    std::optional<Workload> holder;
    std::optional<ProcessOwner> holderOwner;
    // What the driver reported this reading about the GPU's faults and
    // counters, and its energy counter (docs/health.md). Absent where the
    // sampler reads none (amdgpu, an older reading, nvidia-smi that refused
    // the health query).
    std::optional<GpuHealthFacts> healthFacts;
    // The verdict drawn over the GPU's readings by the sampler that read
    // it (HealthTracker); absent where none was drawn.
    std::optional<GpuHealth> health;

    bool operator==(const GpuSample&) const = default;

    const MigInstance* migByUuid(const QString& uuid) const;
};

struct GpuProcess
{
    qint64 pid = 0;
    // Milliseconds since the epoch; with pid it identifies the process even
    // after the pid is reused. Absent for ghosts.
    std::optional<qint64> startTimeMs;
    std::optional<uint> uid;
    QString user;
    QString command;
    QString gpuUuid;
    // The MIG instance the process runs on ("MIG-…"); empty on a whole GPU.
    QString migUuid;
    std::optional<double> usedMemoryMiB;
    std::optional<double> smUtilPercent; // only where the driver gives it
    // The driver reports the pid but this /proc does not show it: another PID
    // namespace, a container, or a process that just exited. Kept with what is
    // known, because that is exactly the memory users hunt.
    bool ghost = false;
    // What it runs in, from its cgroup (docs/owners.md); absent when not
    // read (a ghost, a sampler without this host's /proc, an older trace).
    std::optional<Workload> workload;
    // Who owns it (docs/owners.md): from its workload and the [owners] rules
    // where it runs. Absent where nothing decided (an older reading, a
    // ghost): the host user is then the owner.
    std::optional<ProcessOwner> owner;

    bool operator==(const GpuProcess&) const = default;

    // The person charged and judged: the owner, else the host user.
    const QString& ownerName() const { return owner ? owner->user : user; }
    // The owner's account; empty where none is known.
    QString account() const { return owner ? owner->account : QString(); }
};

// The most GPUs and MIG instances together that one server's reading may
// hold: a reading with more is refused where it is read (a lying or runaway
// agent would otherwise keep a desktop busy for as long as it is watched).
// Eight GPUs of seven MIG instances each are 64.
inline constexpr int kMaxGpusPerServer = 256;

struct Snapshot
{
    QString server;         // display name of the server
    qint64 timestampMs = 0; // wall clock, ms since the epoch
    QString backend;        // "nvml", "nvidia-smi", "amdgpu", "host", "demo"
    // How often the server is sampled. A reading older than three intervals
    // is stale, and a span without readings longer than three intervals is a
    // gap. Set by the Source that polls (or reported by the agent).
    std::optional<qint64> intervalMs;
    HostSample host;
    QList<GpuSample> gpus;
    QList<GpuProcess> processes;
    QStringList warnings; // what went wrong this sample, in words for an admin

    bool operator==(const Snapshot&) const = default;

    const GpuSample* gpuByUuid(const QString& uuid) const;
};

// Values a driver uses for "unknown" must never become numbers. NVML uses
// ULLONG_MAX (NVML_VALUE_NOT_AVAILABLE); DCGM-derived paths leak blanks from
// 0x7ffffffffffffff0 upwards (9223372036854775794 = NOT_SUPPORTED). No GPU
// has 2^62 bytes, so anything at or above that is treated as a sentinel.
constexpr bool isSentinelBytes(quint64 v)
{
    return v >= (quint64(1) << 62);
}
constexpr bool isSentinelU32(quint32 v)
{
    return v == 0xFFFFFFFFu || v == 0xFFFFFFFEu;
}

std::optional<double> bytesToMiB(quint64 bytes);

} // namespace gw

Q_DECLARE_TYPEINFO(gw::HostSample, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::MigInstance, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::GpuSample, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::GpuProcess, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::Snapshot, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(gw::Snapshot)
