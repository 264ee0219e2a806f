#pragma once

#include "sampling/nvmlhealth.h"
#include "sampling/nvmllibrary.h"
#include "sampling/oncewarnings.h"
#include "sampling/procfs.h"
#include "sampling/sampler.h"

#include <memory>
#include <optional>
#include <vector>

namespace gw {

// GPUs through NVML, loaded with dlopen() at run time (SamplerOptions::
// nvmlLibrary). Device handles and static facts are read once in open();
// sample() reads the live fields, process lists and per-process SM
// utilisation, and cross-checks the pids against /proc.
class NvmlSampler final : public Sampler
{
public:
    explicit NvmlSampler(const SamplerOptions& options);
    ~NvmlSampler() override;

    QString name() const override { return QStringLiteral("nvml"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }
    QString description() const override { return m_description; }

    // The /proc reader used for the cross-check (tests inject a user table).
    ProcFs& procFs() { return m_procFs; }

private:
    struct Device
    {
        nvml::Device handle = nullptr;
        int index = -1;
        QString uuid;
        QString name;
        QString pciBusId;
        // Newest process-utilisation sample seen; 0 until the first read,
        // whose samples only set this baseline (they can be minutes old).
        unsigned long long lastSeenUs = 0;
        bool utilBaselineSet = false;
        // The temperature thresholds are properties of the board: asked once.
        bool thresholdsAsked = false;
        std::optional<double> slowdownC;
        std::optional<double> shutdownC;
        // nvmlDeviceGetMemoryInfo_v2 refused our struct version or is a stub:
        // v1 from then on.
        bool memoryV1Only = false;
        std::vector<unsigned char> processBuffer;
        std::vector<nvml::ProcessUtilizationSample> utilBuffer;
    };

    // What one NVML call's status means for the sample.
    enum class Outcome
    {
        Value,
        Absent,
        DeviceFailed
    };
    Outcome classify(Device& dev, const char* function, nvml::Return rc, GpuSample& gpu,
                     Snapshot& out);
    // Reads one process list of a GPU (handle = dev.handle) or of one of its
    // MIG instances (handle = the MIG handle, migUuid = its UUID). False when
    // the device failed as a whole.
    bool readProcessList(Device& dev, nvml::Device handle, const NvmlLibrary::ProcessListFn& fn,
                         GpuSample& gpu, Snapshot& out, QList<GpuProcess>& processes,
                         qsizetype first, const QString& migUuid = QString());
    // Memory of a GPU or MIG handle, v2 where it works. Returns the status of
    // the last call and its function name; NOT_SUPPORTED means the device
    // has no memory of its own (unified memory).
    struct MemoryReading
    {
        nvml::Return rc = nvml::ERROR_FUNCTION_NOT_FOUND;
        const char* function = "nvmlDeviceGetMemoryInfo";
        std::optional<double> usedMiB, totalMiB, reservedMiB;
    };
    MemoryReading readMemory(Device& dev, nvml::Device handle);
    // MIG mode and instances (with their processes). False when the device
    // failed as a whole.
    bool readMig(Device& dev, GpuSample& gpu, Snapshot& out, QList<GpuProcess>& processes,
                 qsizetype first);
    // The host's memory for a GPU without its own (unified memory).
    void useHostMemory(Device& dev, GpuSample& gpu, Snapshot& out);
    void readProcessUtilization(Device& dev, QList<GpuProcess>& processes, qsizetype first);

    SamplerOptions m_options;
    std::unique_ptr<NvmlLibrary> m_lib;
    // Health and energy (docs/health.md); declared after the library, so
    // that it frees its event set first.
    std::unique_ptr<NvmlHealthReader> m_health;
    QStringList m_openWarnings; // said with the first reading
    std::vector<Device> m_devices;
    ProcFs m_procFs;
    OnceWarnings m_once{lcNvml};
    QString m_error;
    QString m_description;
};

} // namespace gw
