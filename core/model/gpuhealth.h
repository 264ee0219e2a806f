#pragma once

// A GPU's health (docs/health.md): the facts the driver reports about its
// faults and counters, and the verdict GPU Warden draws from them over
// time: ok, degraded (usable, handed out last), failing (not handed out) or
// unknown (nothing to judge by). Values, as the rest of the model; the
// HealthTracker is pure (no clock, no I/O): the same readings give the same
// verdicts wherever they are judged.

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

// One XID: from NVML's event API while the sampler runs, from the kernel
// log (which also holds what happened while it did not), or both merged.
struct XidEvent
{
    enum class Source
    {
        Nvml,
        KernelLog,
        Both,
    };
    int xid = 0;
    qint64 atMs = 0;
    Source source = Source::Nvml;
    std::optional<qint64> pid; // the process the driver named (kernel log)
    QString processName;
    QString text; // the driver's words after the code (kernel log)
    std::optional<int> gpuInstanceId, computeInstanceId;
    std::optional<quint64> kernelLogSequence;

    bool operator==(const XidEvent&) const = default;
};

QString xidSourceName(XidEvent::Source source); // "nvml", "kernel_log", "both"
std::optional<XidEvent::Source> xidSourceFromName(const QString& name);

// The most XIDs one GPU's reading carries, and reasons one verdict gives: a
// driver in an XID storm logs hundreds a second; the sampler keeps the
// newest and says how many it left out. Readers refuse more.
inline constexpr qsizetype kMaxXidsPerReading = 64;
inline constexpr qsizetype kMaxHealthReasons = 32;

// NVLink error counters summed over the GPU's active links.
struct NvLinkErrors
{
    quint64 replay = 0;
    quint64 recovery = 0;
    quint64 crcFlit = 0;
    quint64 crcData = 0;

    bool operator==(const NvLinkErrors&) const = default;
};

// What the driver says about a GPU's faults in one reading. Each figure is
// absent where the driver or the GPU cannot report it, never 0.
struct GpuHealthFacts
{
    std::optional<quint64> energyMj; // since the driver loaded
    std::optional<bool> eccEnabled;
    std::optional<quint64> eccCorrectedVolatile, eccUncorrectedVolatile;
    std::optional<quint64> eccCorrectedAggregate, eccUncorrectedAggregate;
    std::optional<quint32> remappedRowsCorrectable, remappedRowsUncorrectable;
    std::optional<bool> remapPending, remapFailure;
    std::optional<quint32> retiredPagesSbe, retiredPagesDbe; // GPUs before Ampere
    std::optional<bool> retiredPagesPending;
    std::optional<quint64> clockEventReasons; // NVML's mask
    std::optional<quint64> clockEventReasonsSupported;
    std::optional<quint32> pcieReplayCount;
    std::optional<NvLinkErrors> nvlinkErrors;
    QList<XidEvent> xids; // new in this reading

    bool operator==(const GpuHealthFacts&) const = default;
};

// What slows a GPU against its will among NVML's clock-event reasons
// (nvmlDeviceGetCurrentClocksEventReasons' mask), for people, lowest bit
// first: "power cap", "hardware slowdown", "thermal slowdown (software)",
// "thermal slowdown (hardware)", "power brake". Idle, the application and
// display clock settings and sync boost are left out.
QStringList clockSlowdownTitles(quint64 reasons);
// The same reasons one by one, lowest bit first (the GPU page's band has a
// lane each); clockSlowdownMask() is their bits together.
struct ClockSlowdown
{
    quint64 bit;
    const char* title; // untranslated; clockSlowdownTitle() translates
};
QList<ClockSlowdown> clockSlowdowns();
quint64 clockSlowdownMask();
QString clockSlowdownTitle(const ClockSlowdown& reason);

enum class HealthState
{
    Ok,
    Degraded,
    Failing,
    Unknown,
};
QString healthStateName(HealthState state); // "ok", "degraded", "failing", "unknown"
std::optional<HealthState> healthStateFromName(const QString& name);

struct GpuHealth
{
    HealthState state = HealthState::Unknown;
    QStringList reasons;           // sentences, worst first
    std::optional<qint64> sinceMs; // when it last left ok

    bool operator==(const GpuHealth&) const = default;
};

// The verdict of each GPU over its readings. XIDs that take a GPU out stay
// until the GPU is seen reset (its energy counter or volatile ECC counts
// start again: the driver reloaded); counters that rise (PCIe replays,
// NVLink errors) are judged over the last hour.
class HealthTracker
{
public:
    struct Options
    {
        // PCIe replays an hour above which a GPU is degraded.
        double pcieReplaysPerHour = 100;
        // NVLink CRC and recovery errors an hour above which it is.
        double nvlinkErrorsPerHour = 100;
    };

    HealthTracker() = default;
    explicit HealthTracker(Options options)
        : m_options(options)
    {}

    // The verdict for GPU `uuid` at `atMs`: `deviceError` is the reading's
    // GpuSample::error (a GPU that does not answer is failing), `facts`
    // what it reported (absent: nothing to judge by, unknown).
    GpuHealth feed(const QString& uuid, qint64 atMs, const QString& deviceError,
                   const std::optional<GpuHealthFacts>& facts);

    // XIDs read back at start (the kernel log kept them): judged as if
    // seen, so a restarted agent still shows them.
    void seed(const QString& uuid, const QList<XidEvent>& xids);

private:
    struct Sticky
    {
        int xid = 0;
        qint64 atMs = 0;
    };
    struct Rate
    {
        quint64 count = 0;
        qint64 atMs = 0;
    };
    struct Gpu
    {
        QList<Sticky> xids; // XIDs that hold until a reset
        std::optional<quint64> lastEnergyMj;
        std::optional<quint64> lastEccCorrectedVolatile;
        QList<Rate> pcie; // at most an hour of (count, time), oldest first
        QList<Rate> nvlink;
        HealthState lastState = HealthState::Unknown;
        std::optional<qint64> sinceMs;
    };

    static void keepHour(QList<Rate>& series, quint64 count, qint64 atMs);
    static std::optional<double> perHour(const QList<Rate>& series);

    Options m_options;
    QHash<QString, Gpu> m_gpus;
};

} // namespace gw
