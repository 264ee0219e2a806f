#pragma once

// Picks the GPU backend: NVML, then nvidia-smi, then amdgpu sysfs, else the
// host alone. A backend that finds nothing is skipped as normal operation; the
// result says in one message which one is used and why the others were not.

#include "sampling/sampler.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace gw {

struct Detection
{
    std::unique_ptr<Sampler> gpu; // null: host only
    QString backend;              // "nvml", "nvidia-smi", "amdgpu" or "host"
    QString message;              // one line for the status bar and the CLI
    QStringList skipped;          // "nvml: libnvidia-ml.so.1 not found (…)"
};

class SamplerRegistry
{
public:
    using Factory = std::function<std::unique_ptr<Sampler>(const SamplerOptions&)>;

    // The built-in order: nvml, nvidia-smi, amdgpu.
    static SamplerRegistry defaults();

    void add(QString name, Factory factory);
    QStringList names() const;

    // `only`: "auto" (or empty) tries in order; a backend name tries just
    // that one; "host" skips GPUs altogether.
    Detection detect(const SamplerOptions& options, const QString& only = {}) const;

private:
    struct Entry
    {
        QString name;
        Factory factory;
    };
    QList<Entry> m_entries;
};

} // namespace gw
