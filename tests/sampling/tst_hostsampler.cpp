#include "faketree.h"
#include "sampling/hostsampler.h"

#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using gw::test::makeDir;
using gw::test::writeFile;

namespace {

const QByteArray kStat1 = "cpu  100 0 100 800 0 0 0 0 0 0\n"
                          "cpu0 50 0 50 400 0 0 0 0 0 0\n"
                          "cpu1 50 0 50 400 0 0 0 0 0 0\n"
                          "intr 12345 0 0\n"
                          "ctxt 999\n"
                          "btime 1700000000\n";
// +40 user, +10 nice, +20 system, +80 idle, +20 iowait, +5 irq, +3 softirq,
// +2 steal and +50 guest (already inside user, so it must not count twice):
// busy 80 of total 180.
const QByteArray kStat2 = "cpu  140 10 120 880 20 5 3 2 50 0\n"
                          "cpu0 70 5 60 440 10 2 2 1 25 0\n"
                          "cpu1 70 5 60 440 10 3 1 1 25 0\n"
                          "btime 1700000000\n";

const QByteArray kMeminfo = "MemTotal:       16000000 kB\n"
                            "MemFree:         1000000 kB\n"
                            "MemAvailable:    4000000 kB\n"
                            "Buffers:          100000 kB\n";

} // namespace

class TestHostSampler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    SamplerOptions m_options;
    qint64 m_nowMs = 0;

    QString proc() const { return m_dir.path() + QStringLiteral("/proc"); }
    QString sys() const { return m_dir.path() + QStringLiteral("/sys"); }
    QString cg() const { return m_dir.path() + QStringLiteral("/cgroup"); }

    std::unique_ptr<HostSampler> makeSampler()
    {
        auto s = std::make_unique<HostSampler>(m_options);
        s->setClock([this] { return m_nowMs; });
        return s;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).removeRecursively();
        QVERIFY(QDir().mkpath(m_dir.path()));
        m_options = SamplerOptions();
        m_options.procRoot = proc();
        m_options.sysRoot = sys();
        m_options.cgroupRoot = cg();
        m_nowMs = 1000;
        QVERIFY(writeFile(proc(), QStringLiteral("stat"), kStat1));
        QVERIFY(writeFile(proc(), QStringLiteral("meminfo"), kMeminfo));
        QVERIFY(writeFile(proc(), QStringLiteral("diskstats"), ""));
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"), "0::/\n"));
        QVERIFY(writeFile(proc(), QStringLiteral("sys/kernel/hostname"), "gpu-node-07\n"));
        QVERIFY(makeDir(sys(), QStringLiteral("block")));
        QVERIFY(makeDir(cg(), QString()));
    }

    void openFailsWhenProcStatIsUnreadable()
    {
        QVERIFY(QFile::remove(proc() + QStringLiteral("/stat")));
        auto s = makeSampler();
        QVERIFY(!s->open());
        QVERIFY2(s->lastError().startsWith(QStringLiteral("Cannot read CPU statistics: ")),
                 qPrintable(s->lastError()));
        QVERIFY(s->lastError().contains(QStringLiteral("/proc/stat")));
        Snapshot snap;
        QVERIFY(!s->sample(snap));
    }

    void hostnameComesFromProcSysKernel()
    {
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.hostname, QStringLiteral("gpu-node-07"));
    }

    void cpuPercentIsAbsentFirstThenBusyOverTotalWithoutGuest()
    {
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot first;
        QVERIFY(s->sample(first));
        QVERIFY(!first.host.cpuPercent.has_value());
        QCOMPARE(first.host.cpuCount, std::optional<int>(2));

        QVERIFY(writeFile(proc(), QStringLiteral("stat"), kStat2));
        Snapshot second;
        QVERIFY(s->sample(second));
        QVERIFY(second.host.cpuPercent.has_value());
        QCOMPARE(*second.host.cpuPercent, 100.0 * 80.0 / 180.0);
        QVERIFY(second.warnings.isEmpty());
    }

    void garbledCpuLineLeavesCpuAbsentWithWarning()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("stat"), "cpu  100 abc 100 800\ncpu0 1 2 3 4\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QVERIFY(!snap.host.cpuPercent.has_value());
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY2(snap.warnings.first().contains(
                     QStringLiteral("unexpected CPU line \"cpu  100 abc 100 800\"")),
                 qPrintable(snap.warnings.first()));
    }

    void memoryUsedIsTotalMinusAvailable()
    {
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.memoryTotalBytes, std::optional<quint64>(16000000ull * 1024));
        QCOMPARE(snap.host.memoryUsedBytes, std::optional<quint64>(12000000ull * 1024));
    }

    void missingMemAvailableLeavesUsedAbsentAndWarnsOnce()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("meminfo"),
                          "MemTotal:       16000000 kB\nMemFree: 1 kB\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.memoryTotalBytes, std::optional<quint64>(16000000ull * 1024));
        QVERIFY(!snap.host.memoryUsedBytes.has_value());
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY(snap.warnings.first().contains(
            QStringLiteral("MemTotal or MemAvailable missing or not a number")));

        Snapshot again;
        QVERIFY(s->sample(again));
        QVERIFY2(again.warnings.isEmpty(),
                 "the same broken file is reported once, not every sample");
    }

    void diskRatesCountWholeDisksOnlyAcrossColumnVariants()
    {
        for (const char* disk : {"sda", "nvme0n1", "vdb", "loop0", "dm-0", "zram0", "md0", "ram0"})
            QVERIFY(makeDir(sys(), QStringLiteral("block/") + QLatin1String(disk)));
        // sda: 20 columns (5.5+), nvme0n1: 18 (4.18+), vdb: 14 (older kernels).
        const QByteArray before = "   8       0 sda 100 0 1000 0 50 0 2000 0 0 0 0 0 0 0 0 0 0\n"
                                  "   8       1 sda1 100 0 1000 0 50 0 2000 0 0 0 0 0 0 0 0 0 0\n"
                                  " 259       0 nvme0n1 10 0 500 0 10 0 700 0 0 0 0 0 0 0 0\n"
                                  " 259       1 nvme0n1p1 10 0 500 0 10 0 700 0 0 0 0 0 0 0 0\n"
                                  " 252      16 vdb 1 0 8 0 1 0 8 0 0 0 0\n"
                                  "   7       0 loop0 5 0 40 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                                  " 253       0 dm-0 5 0 40 0 5 0 40 0 0 0 0 0 0 0 0 0 0\n"
                                  " 254       0 zram0 5 0 40 0 5 0 40 0 0 0 0 0 0 0 0 0 0\n"
                                  "   9       0 md0 5 0 40 0 5 0 40 0 0 0 0 0 0 0 0 0 0\n"
                                  "   1       0 ram0 5 0 40 0 5 0 40 0 0 0 0 0 0 0 0 0 0\n";
        // Whole disks: sda +1000 read / +2000 written, nvme0n1 +3000 / +100,
        // vdb +8 / +0. Everything else grows by huge amounts that must not count.
        const QByteArray after = "   8       0 sda 200 0 2000 0 90 0 4000 0 0 0 0 0 0 0 0 0 0\n"
                                 "   8       1 sda1 200 0 2000 0 90 0 4000 0 0 0 0 0 0 0 0 0 0\n"
                                 " 259       0 nvme0n1 20 0 3500 0 20 0 800 0 0 0 0 0 0 0 0\n"
                                 " 259       1 nvme0n1p1 20 0 3500 0 20 0 800 0 0 0 0 0 0 0 0\n"
                                 " 252      16 vdb 2 0 16 0 1 0 8 0 0 0 0\n"
                                 "   7       0 loop0 5 0 90040 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                                 " 253       0 dm-0 5 0 90040 0 5 0 90040 0 0 0 0 0 0 0 0 0 0\n"
                                 " 254       0 zram0 5 0 90040 0 5 0 90040 0 0 0 0 0 0 0 0 0 0\n"
                                 "   9       0 md0 5 0 90040 0 5 0 90040 0 0 0 0 0 0 0 0 0 0\n"
                                 "   1       0 ram0 5 0 90040 0 5 0 90040 0 0 0 0 0 0 0 0 0 0\n";
        QVERIFY(writeFile(proc(), QStringLiteral("diskstats"), before));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot first;
        QVERIFY(s->sample(first));
        QVERIFY(!first.host.diskReadBytesPerSec.has_value());
        QVERIFY(!first.host.diskWriteBytesPerSec.has_value());

        QVERIFY(writeFile(proc(), QStringLiteral("diskstats"), after));
        m_nowMs += 2000;
        Snapshot second;
        QVERIFY(s->sample(second));
        QCOMPARE(second.host.diskReadBytesPerSec,
                 std::optional<double>((1000 + 3000 + 8) * 512.0 / 2));
        QCOMPARE(second.host.diskWriteBytesPerSec, std::optional<double>((2000 + 100) * 512.0 / 2));
        QVERIFY(second.warnings.isEmpty());
    }

    void garbledDiskLineIsSkippedWithWarning()
    {
        QVERIFY(makeDir(sys(), QStringLiteral("block/sda")));
        QVERIFY(makeDir(sys(), QStringLiteral("block/sdb")));
        QVERIFY(writeFile(proc(), QStringLiteral("diskstats"),
                          "   8       0 sda 100 0 1000 0 50 0 2000 0 0 0 0\n"
                          "   8      16 sdb 1 2 3\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot first;
        QVERIFY(s->sample(first));
        QCOMPARE(first.warnings.size(), 1);
        QVERIFY2(first.warnings.first().contains(
                     QStringLiteral("unexpected line \"8      16 sdb 1 2 3\"")),
                 qPrintable(first.warnings.first()));

        QVERIFY(writeFile(proc(), QStringLiteral("diskstats"),
                          "   8       0 sda 100 0 1512 0 50 0 2000 0 0 0 0\n"
                          "   8      16 sdb 1 2 3\n"));
        m_nowMs += 1000;
        Snapshot second;
        QVERIFY(s->sample(second));
        QCOMPARE(second.host.diskReadBytesPerSec, std::optional<double>(512.0 * 512));
    }

    void cgroupV1ReadsLimitsFromCombinedCpuMount()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"),
                          "5:cpu,cpuacct:/slurm/job42\n4:memory:/slurm/job42\n0::/\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/slurm/job42/memory.limit_in_bytes"),
                          "2147483648\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/slurm/job42/memory.usage_in_bytes"),
                          "1073741824\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu,cpuacct/slurm/job42/cpu.cfs_quota_us"),
                          "150000\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu,cpuacct/slurm/job42/cpu.cfs_period_us"),
                          "100000\n"));
        // The hybrid layout also has an (empty) unified hierarchy; v1 must win.
        QVERIFY(makeDir(cg(), QStringLiteral("unified")));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.cgroupVersion, QStringLiteral("v1"));
        QCOMPARE(snap.host.cgroupMemoryLimitBytes, std::optional<quint64>(2147483648ull));
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(1073741824ull));
        QCOMPARE(snap.host.cgroupCpuLimitCores, std::optional<double>(1.5));
        QVERIFY(snap.warnings.isEmpty());
    }

    void cgroupV1UnlimitedValuesAreAbsent()
    {
        // The layout of this project's CI machine: separate cpu and cpuacct mounts.
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"),
                          "4:memory:/process_api/7db7\n2:cpuacct:/\n1:cpu:/\n0::/\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/process_api/7db7/memory.limit_in_bytes"),
                          "9223372036854771712\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/process_api/7db7/memory.usage_in_bytes"),
                          "5000\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu/cpu.cfs_quota_us"), "-1\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu/cpu.cfs_period_us"), "100000\n"));
        QVERIFY(makeDir(cg(), QStringLiteral("cpuacct")));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.cgroupVersion, QStringLiteral("v1"));
        QVERIFY(!snap.host.cgroupMemoryLimitBytes.has_value());
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(5000));
        QVERIFY(!snap.host.cgroupCpuLimitCores.has_value());
        QVERIFY(snap.warnings.isEmpty());
    }

    void cgroupV1FallsBackToMountRootInsideContainer()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"),
                          "3:cpuacct,cpu:/docker/abc123\n2:memory:/docker/abc123\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/memory.limit_in_bytes"), "536870912\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/memory.usage_in_bytes"), "1024\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpuacct,cpu/cpu.cfs_quota_us"), "50000\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpuacct,cpu/cpu.cfs_period_us"), "100000\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.cgroupMemoryLimitBytes, std::optional<quint64>(536870912ull));
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(1024));
        QCOMPARE(snap.host.cgroupCpuLimitCores, std::optional<double>(0.5));
    }

    void cgroupV2ReadsMaxCurrentAndCpuMax()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"), "0::/user.slice/job.scope\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cgroup.controllers"), "cpu io memory pids\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("user.slice/job.scope/memory.max"), "4294967296\n"));
        QVERIFY(
            writeFile(cg(), QStringLiteral("user.slice/job.scope/memory.current"), "123456789\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("user.slice/job.scope/cpu.max"), "200000 100000\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.cgroupVersion, QStringLiteral("v2"));
        QCOMPARE(snap.host.cgroupMemoryLimitBytes, std::optional<quint64>(4294967296ull));
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(123456789ull));
        QCOMPARE(snap.host.cgroupCpuLimitCores, std::optional<double>(2.0));
        QVERIFY(snap.warnings.isEmpty());
    }

    void cgroupV2MaxMeansAbsent()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"), "0::/gone/elsewhere\n"));
        // The path is not visible here (cgroup namespace): the root is used.
        QVERIFY(writeFile(cg(), QStringLiteral("cgroup.controllers"), "cpu memory\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory.max"), "max\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory.current"), "777\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu.max"), "max 100000\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.host.cgroupVersion, QStringLiteral("v2"));
        QVERIFY(!snap.host.cgroupMemoryLimitBytes.has_value());
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(777));
        QVERIFY(!snap.host.cgroupCpuLimitCores.has_value());
        QVERIFY(snap.warnings.isEmpty());
    }

    void garbledCgroupFilesWarnOnceAndLeaveFieldsAbsent()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"), "0::/\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cgroup.controllers"), "cpu memory\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory.max"), "lots\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("memory.current"), "777\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu.max"), "half\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QVERIFY(!snap.host.cgroupMemoryLimitBytes.has_value());
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(777));
        QVERIFY(!snap.host.cgroupCpuLimitCores.has_value());
        QCOMPARE(snap.warnings.size(), 2);
        QVERIFY2(snap.warnings.at(0).endsWith(
                     QStringLiteral("/memory.max: not a number: \"lots\", cgroup value not shown")),
                 qPrintable(snap.warnings.at(0)));
        QVERIFY2(snap.warnings.at(1).endsWith(QStringLiteral(
                     "/cpu.max: unexpected content \"half\", cgroup CPU limit not shown")),
                 qPrintable(snap.warnings.at(1)));
        Snapshot again;
        QVERIFY(s->sample(again));
        QVERIFY(again.warnings.isEmpty());
    }

    void cgroupV1UnreadableOrGarbledCpuQuotaWarns()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/cgroup"), "5:cpu:/job\n4:memory:/job\n"));
        // A folder where the limit file should be: there, but not readable as a file.
        QVERIFY(makeDir(cg(), QStringLiteral("memory/job/memory.limit_in_bytes")));
        QVERIFY(writeFile(cg(), QStringLiteral("memory/job/memory.usage_in_bytes"), "5\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu/job/cpu.cfs_quota_us"), "1.5\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu/job/cpu.cfs_period_us"), "100000\n"));
        auto s = makeSampler();
        QVERIFY(s->open());
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QVERIFY(!snap.host.cgroupMemoryLimitBytes.has_value());
        QCOMPARE(snap.host.cgroupMemoryUsedBytes, std::optional<quint64>(5));
        QVERIFY(!snap.host.cgroupCpuLimitCores.has_value());
        const QString limit = cg() + QStringLiteral("/memory/job/memory.limit_in_bytes");
        QCOMPARE(snap.warnings.size(), 2);
        QVERIFY2(snap.warnings.at(0).startsWith(QStringLiteral("Cgroup limit not shown: ") + limit +
                                                QStringLiteral(": ")),
                 qPrintable(snap.warnings.at(0)));
        QCOMPARE(snap.warnings.at(1),
                 cg() + QStringLiteral("/cpu/job/cpu.cfs_quota_us: not a number: \"1.5\", cgroup "
                                       "CPU limit not shown"));
        // Fixed files clear the warnings; a garbled value warns again after that.
        QVERIFY(QDir(limit).removeRecursively());
        QVERIFY(writeFile(cg(), QStringLiteral("memory/job/memory.limit_in_bytes"), "10\n"));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu/job/cpu.cfs_quota_us"), "50000\n"));
        Snapshot fixed;
        QVERIFY(s->sample(fixed));
        QVERIFY(fixed.warnings.isEmpty());
        QCOMPARE(fixed.host.cgroupMemoryLimitBytes, std::optional<quint64>(10));
        QCOMPARE(fixed.host.cgroupCpuLimitCores, std::optional<double>(0.5));
        QVERIFY(writeFile(cg(), QStringLiteral("cpu/job/cpu.cfs_quota_us"), "x\n"));
        Snapshot again;
        QVERIFY(s->sample(again));
        QCOMPARE(again.warnings.size(), 1);
    }

    void realProcGivesSaneFigures()
    {
        // Smoke test against this machine: only sanity, no exact values.
        HostSampler s{SamplerOptions()};
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot first;
        QVERIFY(s.sample(first));
        QVERIFY(!first.host.hostname.isEmpty());
        QVERIFY(first.host.memoryTotalBytes.value_or(0) > 0);
        QVERIFY(first.host.memoryUsedBytes.value_or(0) <= *first.host.memoryTotalBytes);
        QVERIFY(first.host.cpuCount.value_or(0) >= 1);
        Snapshot second;
        QVERIFY(s.sample(second));
        qInfo("real host: %s, %d CPUs, memory %llu of %llu bytes, cgroup %s limit %s",
              qPrintable(second.host.hostname), second.host.cpuCount.value_or(-1),
              second.host.memoryUsedBytes.value_or(0), second.host.memoryTotalBytes.value_or(0),
              qPrintable(second.host.cgroupVersion),
              second.host.cgroupMemoryLimitBytes
                  ? qPrintable(QString::number(*second.host.cgroupMemoryLimitBytes))
                  : "absent");
        if (second.host.cpuPercent) {
            QVERIFY(*second.host.cpuPercent >= 0.0);
            QVERIFY(*second.host.cpuPercent <= 100.0);
        }
    }
};

QTEST_GUILESS_MAIN(TestHostSampler)
#include "tst_hostsampler.moc"
