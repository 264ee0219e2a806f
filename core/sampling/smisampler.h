#pragma once

#include "sampling/procfs.h"
#include "sampling/sampler.h"

#include <QStringList>

namespace gw {

// nvidia-smi CSV as a fallback when NVML cannot be loaded. Two calls per
// sample (GPUs, compute processes); columns are taken by the order we asked
// for, because header names differ between drivers.
class SmiSampler final : public Sampler
{
public:
    explicit SmiSampler(const SamplerOptions& options);
    ~SmiSampler() override;

    QString name() const override { return QStringLiteral("nvidia-smi"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }
    QString description() const override;

    // The exact arguments of the calls; the fake nvidia-smi checks them.
    // -L and -q are asked for only while a GPU reports MIG enabled
    // (see smimig.h for why these two).
    static QStringList gpuQueryArguments();
    static QStringList processQueryArguments();
    static QStringList listArguments() { return {QStringLiteral("-L")}; }
    static QStringList queryArguments() { return {QStringLiteral("-q")}; }

private:
    bool resolveProgram();
    // Runs the program synchronously; false with m_error set on failure.
    bool run(const QStringList& arguments, QByteArray& output);
    bool readGpus(QList<GpuSample>& gpus, QStringList& warnings);
    bool readProcesses(QList<GpuProcess>& processes, QStringList& warnings);
    void readMig(QList<GpuSample>& gpus, QList<GpuProcess>& processes, QStringList& warnings);
    // ECC, remapped rows, retired pages and clock-event reasons
    // (smihealth.h); a driver that refuses the query is asked no more.
    void readHealth(QList<GpuSample>& gpus, QStringList& warnings);

    SamplerOptions m_options;
    QString m_program;
    QString m_error;
    int m_gpuCount = 0;
    bool m_healthRefused = false;
    // The last run ended with an exit code other than 0 (the program
    // answered and refused), not a time-out, crash or failed start.
    bool m_lastRunRefused = false;
    ProcFs m_procFs;
};

} // namespace gw
