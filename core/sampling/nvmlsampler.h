#pragma once

#include "sampling/nvmllibrary.h"
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
        // The slowdown temperature is a property of the board: asked once.
        bool slowdownAsked = false;
        std::optional<double> slowdownC;
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
    bool readProcessList(Device& dev, const NvmlLibrary::ProcessListFn& fn, GpuSample& gpu,
                         Snapshot& out, QList<GpuProcess>& processes, qsizetype first);
    void readProcessUtilization(Device& dev, QList<GpuProcess>& processes, qsizetype first);

    SamplerOptions m_options;
    std::unique_ptr<NvmlLibrary> m_lib;
    std::vector<Device> m_devices;
    ProcFs m_procFs;
    QString m_error;
    QString m_description;
};

} // namespace gw
