#pragma once

#include "sampling/oncewarnings.h"
#include "sampling/sampler.h"

#include <QHash>
#include <QSet>

#include <functional>
#include <optional>

namespace gw {

// Host figures from /proc and the sampler's own cgroup. Rates (CPU %, disk
// bytes/s) are deltas against the previous sample, so the first is absent.
class HostSampler final : public Sampler
{
public:
    explicit HostSampler(const SamplerOptions& options);
    ~HostSampler() override;

    QString name() const override { return QStringLiteral("host"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }

    // Monotonic milliseconds used for disk rates; tests inject a fixed clock
    // so a rate is an exact number rather than a race against the scheduler.
    using Clock = std::function<qint64()>;
    void setClock(Clock clock) { m_clock = std::move(clock); }

private:
    std::optional<bool> m_ownPidNamespace; // read by open()
    struct CpuTicks
    {
        quint64 busy = 0;
        quint64 total = 0;
    };
    struct DiskSectors
    {
        quint64 read = 0;
        quint64 written = 0;
    };
    struct CgroupPaths
    {
        QString version;
        QString memoryDir;
        QString cpuDir;
    };

    bool readCpu(HostSample& host, Snapshot& out);
    void readMemory(HostSample& host, Snapshot& out);
    void readDisks(HostSample& host, Snapshot& out);
    void readCgroup(HostSample& host, Snapshot& out);
    CgroupPaths locateCgroup(Snapshot& out);
    bool isWholeDisk(const QByteArray& name);

    std::optional<quint64> readCgroupU64(const QString& path, Snapshot& out);

    SamplerOptions m_options;
    QString m_error;
    Clock m_clock;
    std::optional<CpuTicks> m_lastCpu;
    QHash<QByteArray, DiskSectors> m_lastDisks;
    std::optional<qint64> m_lastDiskMs;
    OnceWarnings m_warnings;
    // Per-sample cost matters (the aim is under 200 µs for a whole snapshot):
    // which device names are whole disks does not change while a device
    // exists, and our own cgroup rarely moves, so both are looked up once.
    QHash<QByteArray, bool> m_wholeDisk;
    std::optional<CgroupPaths> m_cgroup;
    qint64 m_cgroupLocatedMs = 0;
    static constexpr qint64 kCgroupRelocateMs = 30'000;
};

} // namespace gw
