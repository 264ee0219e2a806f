#pragma once

// A GPU's health and energy figures through NVML (docs/health.md): the
// energy counter, clock-event reasons and PCIe replays every reading; ECC
// counts, remapped rows, retired pages and NVLink errors (which change
// rarely and cost more calls) once a minute and at once after an ECC or
// retirement event of the GPU; XIDs from NVML's event API, drained without
// waiting each reading. Each call the driver lacks (an older driver, a GPU
// without the feature, remapped rows in MIG mode) leaves its figure absent,
// never 0; any other failure is said once.
//
// For NvmlSampler: it owns one reader beside its NvmlLibrary.

#include "model/gpuhealth.h"
#include "sampling/nvmlapi.h"

#include <QList>
#include <QSet>
#include <QStringList>

#include <optional>

namespace gw {

class NvmlLibrary;

class NvmlHealthReader
{
public:
    explicit NvmlHealthReader(NvmlLibrary& nvml);
    ~NvmlHealthReader(); // frees the event set, before the library goes
    NvmlHealthReader(const NvmlHealthReader&) = delete;
    NvmlHealthReader& operator=(const NvmlHealthReader&) = delete;

    // The GPUs, in the sampler's order; registers them for XID, ECC and
    // page-retirement events (what each supports). Events from before this
    // call are not recorded (NVML's rule).
    void open(const QList<nvml::Device>& devices, QStringList& warnings);
    // Takes what NVML's event set holds (at most kMaxEventsPerReading), as
    // of the reading at `atMs`. Call once a reading, before read().
    void drainEvents(qint64 atMs, QStringList& warnings);
    // The figures of GPU `index` (its position in open()'s list) for the
    // reading at `atMs`, with the XIDs drained for it; absent when NVML
    // reports none of them.
    std::optional<GpuHealthFacts> read(qsizetype index, qint64 atMs, QStringList& warnings);

    static constexpr qint64 kSlowEveryMs = 60'000;
    static constexpr int kMaxEventsPerReading = 64;

private:
    struct Device
    {
        nvml::Device handle = nullptr;
        std::optional<qint64> lastSlowMs;
        bool slowDue = true;
        GpuHealthFacts slow; // the slow figures, carried between their reads
        std::optional<quint64> supportedReasons;
        bool reasonsSupportedAsked = false;
        std::optional<QList<unsigned>> activeLinks; // probed once
        QList<XidEvent> xids;                       // drained, not yet read
    };

    // The call's value, or absent: quietly where the driver or GPU lacks it
    // (or the GPU is lost: the sampler says that), else said once.
    bool ok(nvml::Return rc, const char* function, QStringList& warnings);
    void warnOnce(nvml::Return rc, const char* function, QStringList& warnings);
    void readSlow(Device& d, QStringList& warnings);

    NvmlLibrary& m_nvml;
    nvml::EventSet m_events = nullptr;
    QList<Device> m_devices;
    QSet<QString> m_warned;
};

} // namespace gw
