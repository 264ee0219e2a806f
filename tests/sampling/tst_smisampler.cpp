#include "faketree.h"
#include "sampling/smisampler.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using gw::test::writeFile;

namespace {

const QString kFakeDir = QStringLiteral(GW_FAKE_SMI_BIN_DIR);
const QString kFake = kFakeDir + QStringLiteral("/nvidia-smi");
const QString kSourceDir = QStringLiteral(GW_TEST_SOURCE_DIR);

const QByteArray kGpuHeader = "index, uuid, name, pci.bus_id, utilization.gpu [%], "
                              "utilization.memory [%], memory.used [MiB], "
                              "memory.total [MiB], temperature.gpu, power.draw [W], power.limit "
                              "[W], clocks.current.sm [MHz], "
                              "fan.speed [%], persistence_mode, memory.reserved [MiB], "
                              "mig.mode.current\n";
const QByteArray kAppsHeader = "gpu_uuid, pid, used_gpu_memory [MiB], process_name\n";
const QByteArray kGoodRow =
    "0, GPU-aaaaaaaa-0000-0000-0000-000000000000, NVIDIA L40S, 00000000:01:00.0, "
    "9, 2, 1235, 46068, 54, 110.23, 350.00, 2520, [N/A], Disabled, 297, [N/A]\n";

using Opt = std::optional<double>;

} // namespace

class TestSmiSampler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString scenario() const { return m_dir.path() + QStringLiteral("/scenario"); }
    QString emptyProc() const { return m_dir.path() + QStringLiteral("/proc"); }

    SamplerOptions options() const
    {
        SamplerOptions o;
        o.smiProgram = kFake;
        o.procRoot = emptyProc();
        o.smiTimeoutMs = 5000;
        return o;
    }

    void useScenario(const QString& dir) { qputenv("GW_FAKE_SMI_DIR", dir.toLocal8Bit()); }

    void writeScenario(const QByteArray& gpus, const QByteArray& apps = kAppsHeader)
    {
        QVERIFY(writeFile(scenario(), QStringLiteral("query-gpu.csv"), gpus));
        QVERIFY(writeFile(scenario(), QStringLiteral("query-compute-apps.csv"), apps));
        useScenario(scenario());
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(scenario()).removeRecursively();
        QDir(emptyProc()).removeRecursively();
        QVERIFY(QDir().mkpath(emptyProc()));
    }

    void basicScenarioOpensFromPathAndDescribesGpuCount()
    {
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", kFakeDir.toLocal8Bit() + ':' + oldPath);
        useScenario(kSourceDir + QStringLiteral("/smi/basic"));
        SamplerOptions o = options();
        o.smiProgram = QStringLiteral("nvidia-smi");
        SmiSampler s(o);
        const bool ok = s.open();
        qputenv("PATH", oldPath);
        QVERIFY2(ok, qPrintable(s.lastError()));
        QCOMPARE(s.name(), QStringLiteral("nvidia-smi"));
        QCOMPARE(s.description(), QStringLiteral("nvidia-smi (3 GPUs)"));
    }

    void healthFactsAreReadAndAGpuWithoutAnyIsLeftUnknown()
    {
        QByteArray gpus = kGpuHeader + kGoodRow;
        gpus += QByteArray(kGoodRow).replace("0, GPU-aaaaaaaa", "1, GPU-bbbbbbbb");
        gpus += QByteArray(kGoodRow).replace("0, GPU-aaaaaaaa", "2, GPU-cccccccc");
        writeScenario(gpus);
        QFile mixed(kSourceDir + QStringLiteral("/fixtures/smihealth/mixed.csv"));
        QVERIFY(mixed.open(QIODevice::ReadOnly));
        // GPUs 0-2 of the fixture: failing, an older GPU, one that reports nothing.
        const QList<QByteArray> lines = mixed.readAll().split('\n');
        QVERIFY(writeFile(scenario(), QStringLiteral("query-gpu-health.csv"),
                          lines.mid(0, 4).join('\n') + '\n'));
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(snap.gpus.size(), 3);
        QVERIFY(snap.gpus[0].healthFacts);
        const GpuHealthFacts& f = *snap.gpus[0].healthFacts;
        QCOMPARE(f.eccEnabled, true);
        QCOMPARE(f.eccUncorrectedVolatile, std::optional<quint64>(2));
        QCOMPARE(f.remapPending, true);
        QCOMPARE(f.clockEventReasons, std::optional<quint64>(0x60));
        QVERIFY(!f.energyMj); // nvidia-smi has no energy counter
        QVERIFY(f.xids.isEmpty());
        QCOMPARE(snap.gpus[1].healthFacts->retiredPagesPending, true);
        QVERIFY(!snap.gpus[2].healthFacts); // [N/A] everywhere: unknown, not ok
    }

    void aRefusedHealthQueryIsSaidOnceAndNotAskedAgain()
    {
        writeScenario(kGpuHeader + kGoodRow);
        QVERIFY(writeFile(scenario(), QStringLiteral("health-refused"), ""));
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot first;
        QVERIFY2(s.sample(first), qPrintable(s.lastError()));
        QCOMPARE(first.gpus.size(), 1); // the GPUs are still read
        QCOMPARE(first.warnings.size(), 1);
        QVERIFY2(first.warnings.first().contains(u"not read, and not asked again") &&
                     first.warnings.first().contains(u"is not a valid field"),
                 qPrintable(first.warnings.first()));
        QVERIFY(!first.gpus[0].healthFacts);
        // Were it asked again, it would now answer: it is not.
        QVERIFY(QFile::remove(scenario() + QStringLiteral("/health-refused")));
        QFile mixed(kSourceDir + QStringLiteral("/fixtures/smihealth/mixed.csv"));
        QVERIFY(mixed.open(QIODevice::ReadOnly));
        QVERIFY(writeFile(scenario(), QStringLiteral("query-gpu-health.csv"),
                          mixed.readAll().split('\n').mid(0, 2).join('\n') + '\n'));
        Snapshot second;
        QVERIFY2(s.sample(second), qPrintable(s.lastError()));
        QVERIFY2(second.warnings.isEmpty(), qPrintable(second.warnings.join(QLatin1Char('\n'))));
        QVERIFY(!second.gpus[0].healthFacts);
    }

    void aHealthQueryThatHangsIsAskedAgain()
    {
        writeScenario(kGpuHeader + kGoodRow);
        QVERIFY(writeFile(scenario(), QStringLiteral("health-delay-seconds"), "5\n"));
        SamplerOptions o = options();
        o.smiTimeoutMs = 1000;
        SmiSampler s(o);
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot first;
        QVERIFY2(s.sample(first), qPrintable(s.lastError()));
        QCOMPARE(first.warnings.size(), 1);
        QVERIFY2(first.warnings.first().contains(u"not read this time") &&
                     first.warnings.first().contains(u"did not answer within 1000 ms"),
                 qPrintable(first.warnings.first()));
        QVERIFY(!first.gpus[0].healthFacts);
        // It answers now: asked again, read.
        QVERIFY(QFile::remove(scenario() + QStringLiteral("/health-delay-seconds")));
        QFile mixed(kSourceDir + QStringLiteral("/fixtures/smihealth/mixed.csv"));
        QVERIFY(mixed.open(QIODevice::ReadOnly));
        QVERIFY(writeFile(scenario(), QStringLiteral("query-gpu-health.csv"),
                          mixed.readAll().split('\n').mid(0, 2).join('\n') + '\n'));
        Snapshot second;
        QVERIFY2(s.sample(second), qPrintable(s.lastError()));
        QVERIFY2(second.warnings.isEmpty(), qPrintable(second.warnings.join(QLatin1Char('\n'))));
        QVERIFY(second.gpus[0].healthFacts && second.gpus[0].healthFacts->remapPending);
    }

    void basicScenarioMapsEveryColumn()
    {
        useScenario(kSourceDir + QStringLiteral("/smi/basic"));
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        QCOMPARE(snap.backend, QStringLiteral("nvidia-smi"));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(snap.gpus.size(), 3);

        const GpuSample& g0 = snap.gpus.at(0);
        QCOMPARE(g0.index, 0);
        QCOMPARE(g0.uuid, QStringLiteral("GPU-6f1b0c2e-1d3a-4c5b-8e7f-000000000000"));
        QCOMPARE(g0.name, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(g0.pciBusId, QStringLiteral("00000000:00:09.0"));
        QCOMPARE(g0.vendor, QStringLiteral("nvidia"));
        QCOMPARE(g0.utilizationGpuPercent, Opt(100));
        QCOMPARE(g0.utilizationMemoryPercent, Opt(11));
        QCOMPARE(g0.memoryUsedMiB, Opt(19818));
        QCOMPARE(g0.memoryTotalMiB, Opt(81559));
        QCOMPARE(g0.temperatureC, Opt(59));
        QCOMPARE(g0.powerW, Opt(631.95));
        QCOMPARE(g0.powerLimitW, Opt(700));
        QCOMPARE(g0.smClockMHz, Opt(1980));
        QVERIFY(!g0.fanPercent.has_value());
        QCOMPARE(g0.persistenceMode, std::optional<bool>(true));

        const GpuSample& g1 = snap.gpus.at(1); // MIG: no utilization
        QVERIFY(!g1.utilizationGpuPercent.has_value());
        QVERIFY(!g1.utilizationMemoryPercent.has_value());
        QCOMPARE(g1.memoryUsedMiB, Opt(11125));

        const GpuSample& g2 = snap.gpus.at(2);
        QCOMPARE(g2.name, QStringLiteral("NVIDIA GeForce RTX 2080 SUPER"));
        QCOMPARE(g2.fanPercent, Opt(38));
        QCOMPARE(g2.persistenceMode, std::optional<bool>(false));

        QCOMPARE(snap.processes.size(), 4);
        QCOMPARE(snap.processes.at(0).pid, 11345);
        QCOMPARE(snap.processes.at(0).gpuUuid, g0.uuid);
        QCOMPARE(snap.processes.at(0).usedMemoryMiB, Opt(15690));
        QCOMPARE(snap.processes.at(0).command, QStringLiteral("./gpu_burn"));
        QCOMPARE(snap.processes.at(2).command, QStringLiteral("/srv/jobs/alice, bob/train.py"));
        QCOMPARE(snap.processes.at(2).usedMemoryMiB, Opt(7484));
        QVERIFY(!snap.processes.at(3).usedMemoryMiB.has_value());
        for (const auto& p : snap.processes)
            QVERIFY2(p.ghost, "an empty /proc shows none of the pids");
    }

    void realCaptureRows_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<QString>("name");
        QTest::addColumn<Opt>("util");
        QTest::addColumn<Opt>("memUsed");
        QTest::addColumn<Opt>("memTotal");
        QTest::addColumn<Opt>("power");
        QTest::addColumn<Opt>("fan");
        QTest::addColumn<std::optional<bool>>("persistence");
        QTest::addColumn<int>("processes");
        QTest::addColumn<QString>("lastCommand");
        QTest::addColumn<Opt>("lastMemory");

        QTest::newRow("H100 MIG 590: utilization [N/A]")
            << QStringLiteral("h100-mig-590.48.01-load") << QStringLiteral("NVIDIA H100 80GB HBM3")
            << Opt() << Opt(11125) << Opt(81559) << Opt(433.78) << Opt()
            << std::optional<bool>(true) << 3 << QStringLiteral("./gpu_burn") << Opt(7484);
        QTest::newRow("RTX 2080 Super 610")
            << QStringLiteral("rtx2080super-610.57.04-load")
            << QStringLiteral("NVIDIA GeForce RTX 2080 SUPER") << Opt(8) << Opt(815) << Opt(8192)
            << Opt(98.14) << Opt(38) << std::optional<bool>(false) << 2 << QStringLiteral("ffmpeg")
            << Opt(230);
        QTest::newRow("L40S 595: fan [N/A]")
            << QStringLiteral("l40s-595.80-load") << QStringLiteral("NVIDIA L40S") << Opt(9)
            << Opt(1235) << Opt(46068) << Opt(110.23) << Opt() << std::optional<bool>(false) << 2
            << QStringLiteral("ffmpeg") << Opt(681);
        QTest::newRow("Windows 591: process memory [N/A], paths with spaces")
            << QStringLiteral("windows-rtx2080super-591.86-load")
            << QStringLiteral("NVIDIA GeForce RTX 2080 SUPER") << Opt(7) << Opt(1296) << Opt(8192)
            << Opt(97.43) << Opt(38) << std::optional<bool>() << 12
            << QStringLiteral(
                   "C:\\Users\\utku\\AppData\\Local\\Microsoft\\WinGet\\Packages\\Gyan.FFmpeg_"
                   "Microsoft."
                   "Winget.Source_8wekyb3d8bbwe\\ffmpeg-8.1.1-full_build\\bin\\ffmpeg.exe")
            << Opt();
    }

    void realCaptureRows()
    {
        QFETCH(QString, capture);
        useScenario(kSourceDir + QStringLiteral("/fixtures/captures/") + capture);
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        QCOMPARE(s.description(), QStringLiteral("nvidia-smi (1 GPU)"));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(snap.gpus.size(), 1);
        const GpuSample& g = snap.gpus.first();
        QTEST(g.name, "name");
        QTEST(g.utilizationGpuPercent, "util");
        QTEST(g.memoryUsedMiB, "memUsed");
        QTEST(g.memoryTotalMiB, "memTotal");
        QTEST(g.powerW, "power");
        QTEST(g.fanPercent, "fan");
        QTEST(g.persistenceMode, "persistence");
        QTEST(int(snap.processes.size()), "processes");
        QTEST(snap.processes.last().command, "lastCommand");
        QTEST(snap.processes.last().usedMemoryMiB, "lastMemory");
    }

    void migInstancesFromRealCaptures_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<QStringList>("profiles");
        QTest::addColumn<QList<int>>("gi");
        QTest::addColumn<QList<int>>("ci");
        QTest::addColumn<QList<int>>("slices");
        QTest::addColumn<QList<double>>("used");
        QTest::addColumn<QList<double>>("total");
        QTest::addColumn<int>("processInstance"); // the MIG device index of all 3 processes
        QTest::addColumn<Opt>("reserved");

        QTest::newRow("H100 590.48.01")
            << QStringLiteral("h100-mig-590.48.01-load")
            << QStringList{QStringLiteral("3g.40gb"), QStringLiteral("2g.20gb"),
                           QStringLiteral("1g.10gb"), QStringLiteral("1g.10gb")}
            << QList<int>{2, 3, 9, 10} << QList<int>{0, 0, 0, 0} << QList<int>{3, 2, 1, 1}
            << QList<double>{11091, 17, 9, 9} << QList<double>{40448, 20096, 9984, 9984} << 0
            << Opt(479);
        // Two compute instances share GPU instance 2 (1c.3g + 2c.3g): the
        // processes run on compute instance 1 of it.
        QTest::newRow("H200 590.48.01")
            << QStringLiteral("h200-mig-590.48.01-load")
            << QStringList{QStringLiteral("1c.3g.71gb"), QStringLiteral("2c.3g.71gb"),
                           QStringLiteral("2g.35gb"), QStringLiteral("1g.18gb"),
                           QStringLiteral("1g.18gb")}
            << QList<int>{2, 2, 3, 9, 10} << QList<int>{0, 1, 0, 0, 0} << QList<int>{1, 2, 2, 1, 1}
            << QList<double>{16925, 16925, 17, 9, 9}
            << QList<double>{71424, 71424, 33280, 16384, 16384} << 1 << Opt(614);
    }

    void migInstancesFromRealCaptures()
    {
        QFETCH(QString, capture);
        QFETCH(QStringList, profiles);
        QFETCH(QList<int>, gi);
        QFETCH(QList<int>, ci);
        QFETCH(QList<int>, slices);
        QFETCH(QList<double>, used);
        QFETCH(QList<double>, total);
        QFETCH(int, processInstance);
        useScenario(kSourceDir + QStringLiteral("/fixtures/captures/") + capture);
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        const GpuSample& g = snap.gpus.first();
        QCOMPARE(g.migEnabled, std::optional<bool>(true));
        QVERIFY(!g.utilizationGpuPercent && !g.utilizationMemoryPercent);
        QTEST(g.memoryReservedMiB, "reserved");
        QCOMPARE(g.migInstances.size(), profiles.size());
        for (int i = 0; i < profiles.size(); ++i) {
            const MigInstance& m = g.migInstances.at(i);
            QCOMPARE(m.index, i);
            // The captures mask UUIDs as MIG-0000000<i>-…
            QCOMPARE(m.uuid, QStringLiteral("MIG-0000000%1-0000-0000-0000-00000000000%1").arg(i));
            QCOMPARE(m.profile, profiles.at(i));
            QCOMPARE(m.gpuInstanceId, gi.at(i));
            QCOMPARE(m.computeInstanceId, ci.at(i));
            QCOMPARE(m.computeSlices, slices.at(i));
            QCOMPARE(m.memoryUsedMiB, Opt(used.at(i)));
            QCOMPARE(m.memoryTotalMiB, Opt(total.at(i)));
        }
        QCOMPARE(snap.processes.size(), 3);
        for (const GpuProcess& p : snap.processes) {
            QCOMPARE(p.gpuUuid, g.uuid); // the parent, as compute-apps says
            QCOMPARE(p.migUuid, g.migInstances.at(processInstance).uuid);
        }
    }

    void migInBasicScenarioLeavesOtherGpusAlone()
    {
        useScenario(kSourceDir + QStringLiteral("/smi/basic"));
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(snap.gpus.at(0).migEnabled, std::optional<bool>(false));
        QVERIFY(snap.gpus.at(0).migInstances.isEmpty());
        QCOMPARE(snap.gpus.at(0).utilizationGpuPercent, Opt(100));
        QCOMPARE(snap.gpus.at(0).memoryReservedMiB, Opt(479));
        QVERIFY(!snap.gpus.at(2).migEnabled); // [N/A]: cannot be partitioned
        const GpuSample& g1 = snap.gpus.at(1);
        QCOMPARE(g1.migInstances.size(), 4);
        QCOMPARE(g1.migInstances.at(0).uuid,
                 QStringLiteral("MIG-6f1b0c2e-1d3a-4c5b-8e7f-100000000000"));
        for (const GpuProcess& p : snap.processes) {
            if (p.pid == 21198)
                QCOMPARE(p.migUuid, g1.migInstances.at(0).uuid);
            else
                QVERIFY(p.migUuid.isEmpty());
        }
    }

    void garbledMigOutputIsReportedNotFatal()
    {
        const QByteArray row = "0, GPU-aaaaaaaa-0000-0000-0000-000000000000, NVIDIA H100 80GB "
                               "HBM3, 00000000:01:00.0, [N/A], [N/A], 100, 81559, 40, 70.00, "
                               "700.00, 1980, [N/A], Enabled, 479, Enabled\n";
        writeScenario(kGpuHeader + row,
                      kAppsHeader + "GPU-aaaaaaaa-0000-0000-0000-000000000000, 77, 50, a.out\n");
        QVERIFY(writeFile(scenario(), QStringLiteral("list.txt"),
                          "  MIG 1g.10gb     Device  9: (UUID: MIG-before-any-gpu)\n"
                          "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-aaaaaaaa-0000-0000-0000-"
                          "000000000000)\n"
                          "  MIG 3g.40gb     Device  0: (UUID: MIG-aaaaaaaa-0000-0000-0000-"
                          "000000000000)\n"
                          "  MIG garbage\n"
                          "  MIG 4g.40gb     Device  1: (UUID: MIG-aaaaaaaa-0000-0000-0000-"
                          "000000000001)\n"));
        QVERIFY(writeFile(scenario(), QStringLiteral("query.txt"),
                          "GPU 00000000:01:00.0\n"
                          "    MIG Device\n"
                          "        Index                                          : 0\n"
                          "        GPU Instance ID                                : x2\n"
                          "        Compute Instance ID                            : 0\n"
                          "        Shared FB Memory Usage\n"
                          "            Total                                      : 40448 MiB\n"
                          "            Used                                       : lots\n"
                          "    MIG Device\n"
                          "        Index                                          : 1\n"
                          "        GPU Instance ID                                : 1\n"
                          "        Compute Instance ID                            : 0\n"
                          "    Processes\n"
                          "        GPU instance ID                   : 1\n"
                          "        Compute instance ID               : 0\n"
                          "        Process ID                        : -5\n"
                          "        GPU instance ID                   : 1\n"
                          "        Compute instance ID               : 0\n"
                          "        Process ID                        : 77\n"
                          "\x01\xff garbage : : :\n"));
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        const GpuSample& g = snap.gpus.first();
        QCOMPARE(g.migInstances.size(), 2);
        QCOMPARE(g.migInstances.at(0).profile, QStringLiteral("3g.40gb"));
        QVERIFY(!g.migInstances.at(0).gpuInstanceId); // "x2": absent, not 0
        QCOMPARE(g.migInstances.at(0).memoryTotalMiB, Opt(40448));
        QVERIFY(!g.migInstances.at(0).memoryUsedMiB);
        QCOMPARE(g.migInstances.at(1).gpuInstanceId, 1);
        QCOMPARE(snap.processes.size(), 1);
        QCOMPARE(snap.processes.at(0).migUuid, g.migInstances.at(1).uuid);
        const QString all = snap.warnings.join(QLatin1Char('\n'));
        QVERIFY2(snap.warnings.size() == 4, qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("nvidia-smi -L, line 1: a MIG device before any GPU")),
                 qPrintable(all));
        QVERIFY2(
            all.contains(QStringLiteral("nvidia-smi -L, line 4: not a GPU or MIG device line")),
            qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("nvidia-smi -q, line 4: \"x2\" is not a number")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("\"-5\" is not a process id")), qPrintable(all));
    }

    void missingMigListingKeepsGpusWithWarning()
    {
        const QByteArray row = "0, GPU-aaaaaaaa-0000-0000-0000-000000000000, NVIDIA H100 80GB "
                               "HBM3, 00000000:01:00.0, [N/A], [N/A], 100, 81559, 40, 70.00, "
                               "700.00, 1980, [N/A], Enabled, 479, Enabled\n";
        writeScenario(kGpuHeader + row); // no list.txt: the fake exits 2 for -L
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY2(s.sample(snap), qPrintable(s.lastError()));
        QCOMPARE(snap.gpus.size(), 1);
        QVERIFY(snap.gpus.first().migInstances.isEmpty());
        QCOMPARE(snap.gpus.first().migEnabled, std::optional<bool>(true));
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY2(snap.warnings.first().startsWith(QStringLiteral("MIG instances not shown: ")),
                 qPrintable(snap.warnings.first()));
    }

    void windowsPathWithSpacesIsKeptWhole()
    {
        useScenario(kSourceDir +
                    QStringLiteral("/fixtures/captures/windows-rtx2080super-591.86-load"));
        SmiSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.processes.at(4).pid, 20372);
        QCOMPARE(snap.processes.at(4).command,
                 QStringLiteral("C:\\Program Files\\NZXT CAM\\NZXT CAM.exe"));
    }

    void garbledGpuLinesAreSkippedOthersKept_data()
    {
        QTest::addColumn<QByteArray>("badLine");
        QTest::addColumn<QString>("warning");
        QTest::newRow("missing column")
            << QByteArray("1, GPU-bbbbbbbb-0000-0000-0000-000000000000, NVIDIA L40S, "
                          "00000000:02:00.0, 9, 2, "
                          "1235, 46068, 54, 110.23, 350.00, 2520, Disabled, 297, [N/A]")
            << QStringLiteral(
                   "nvidia-smi GPU query, line 3: expected 16 fields, found 15; line skipped: "
                   "\"1, GPU-bbbbbbbb-0000-0000-0000-000000000000, NVIDIA L40S, 00000000:02:00.0, "
                   "9, 2, 1235, 46068, 54, 110.23, 350.00, 2520, Disabled, 297, [N/A]\"");
        QTest::newRow("non-numeric index")
            << QByteArray("x, GPU-bbbbbbbb-0000-0000-0000-000000000000, NVIDIA L40S, "
                          "00000000:02:00.0, 9, 2, "
                          "1235, 46068, 54, 110.23, 350.00, 2520, [N/A], Disabled, 297, [N/A]")
            << QStringLiteral(
                   "nvidia-smi GPU query, line 3: no usable index or UUID; line skipped: "
                   "\"x, GPU-bbbbbbbb-0000-0000-0000-000000000000, NVIDIA L40S, 00000000:02:00.0, "
                   "9, 2, 1235, 46068, 54, 110.23, 350.00, 2520, [N/A], Disabled, 297, [N/A]\"");
        QTest::newRow("truncated output")
            << QByteArray("1, GPU-bbbb")
            << QStringLiteral("nvidia-smi GPU query, line 3: expected 16 fields, "
                              "found 2; line skipped: \"1, GPU-bbbb\"");
    }

    void garbledGpuLinesAreSkippedOthersKept()
    {
        QFETCH(QByteArray, badLine);
        QFETCH(QString, warning);
        writeScenario(kGpuHeader + kGoodRow + badLine + '\n' +
                      QByteArray(kGoodRow).replace("0, GPU-aaaaaaaa", "2, GPU-cccccccc"));
        SmiSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.gpus.size(), 2);
        QCOMPARE(snap.gpus.at(0).index, 0);
        QCOMPARE(snap.gpus.at(1).index, 2);
        QCOMPARE(snap.warnings, QStringList{warning});
    }

    void garbledNumberLeavesOnlyThatFieldAbsent()
    {
        writeScenario(
            kGpuHeader +
            "0, GPU-aaaaaaaa-0000-0000-0000-000000000000, NVIDIA L40S, 00000000:01:00.0, "
            "9, 2, 12x5, 46068, 54, 110.23, 350.00, 2520, [Unknown Error], Maybe, 297, [N/A]\n");
        SmiSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.gpus.size(), 1);
        const GpuSample& g = snap.gpus.first();
        QVERIFY(!g.memoryUsedMiB.has_value());
        QVERIFY(!g.fanPercent.has_value());
        QVERIFY(!g.persistenceMode.has_value());
        QCOMPARE(g.memoryTotalMiB, Opt(46068));
        QCOMPARE(g.powerW, Opt(110.23));
        QCOMPARE(
            snap.warnings,
            (QStringList{
                QStringLiteral("nvidia-smi GPU query, line 2: \"12x5\" is not a number for "
                               "memory.used; left empty"),
                QStringLiteral("nvidia-smi GPU query, line 2: \"Maybe\" is not Enabled or Disabled "
                               "for persistence_mode; left empty")}));
    }

    void unsupportedTokensAreAbsentNotZero()
    {
        writeScenario(kGpuHeader +
                      "0, GPU-aaaaaaaa-0000-0000-0000-000000000000, NVIDIA L40S, 00000000:01:00.0, "
                      "[N/A], [Not Supported], 1, 2, [Unknown Error], "
                      "[Requested functionality has been deprecated], [Insufficient Permissions], "
                      "[N/A], [N/A], [N/A], [N/A], [N/A]\n");
        SmiSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QVERIFY(snap.warnings.isEmpty());
        const GpuSample& g = snap.gpus.first();
        QVERIFY(!g.utilizationGpuPercent && !g.utilizationMemoryPercent && !g.temperatureC &&
                !g.powerW && !g.powerLimitW && !g.smClockMHz && !g.fanPercent &&
                !g.persistenceMode);
        QCOMPARE(g.memoryUsedMiB, Opt(1));
    }

    void garbledProcessLinesAreSkippedOrLeftEmpty()
    {
        writeScenario(
            kGpuHeader + kGoodRow,
            kAppsHeader +
                "GPU-aaaaaaaa-0000-0000-0000-000000000000, abc, 10, python\n"
                "GPU-aaaaaaaa-0000-0000-0000-000000000000, 42\n"
                "GPU-aaaaaaaa-0000-0000-0000-000000000000, 43, lots, python3, train.py\n");
        SmiSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.processes.size(), 1);
        QCOMPARE(snap.processes.first().pid, 43);
        QVERIFY(!snap.processes.first().usedMemoryMiB.has_value());
        QCOMPARE(snap.processes.first().command, QStringLiteral("python3, train.py"));
        QCOMPARE(
            snap.warnings,
            (QStringList{
                QStringLiteral("nvidia-smi process query, line 2: \"abc\" is not a process id; "
                               "line skipped: \"GPU-aaaaaaaa-0000-0000-0000-000000000000, abc, "
                               "10, python\""),
                QStringLiteral("nvidia-smi process query, line 3: expected 4 fields, found 2; line "
                               "skipped: \"GPU-aaaaaaaa-0000-0000-0000-000000000000, 42\""),
                QStringLiteral("nvidia-smi process query, line 4: \"lots\" is not a number for "
                               "used_gpu_memory; left empty")}));
    }

    void headerWithMissingColumnFailsOpen()
    {
        QByteArray header = kGpuHeader;
        header.replace(", fan.speed [%]", "");
        writeScenario(header + kGoodRow);
        // The fake itself refuses: the header no longer matches the query.
        SmiSampler s(options());
        QVERIFY(!s.open());
        QVERIFY2(s.lastError().contains(QStringLiteral("exited with code 2")),
                 qPrintable(s.lastError()));
    }

    void outputWithMissingColumnFailsOpen()
    {
        // A driver that drops a column: the header check is the sampler's own.
        QVERIFY(writeFile(scenario(), QStringLiteral("query-gpu.csv"), ""));
        const QString script = m_dir.path() + QStringLiteral("/short-smi");
        QVERIFY(writeFile(m_dir.path(), QStringLiteral("short-smi"),
                          "#!/bin/sh\necho 'index, uuid, name'\necho '0, GPU-a, X'\n"));
        QVERIFY(QFile::setPermissions(script, QFile::ReadOwner | QFile::ExeOwner));
        SamplerOptions o = options();
        o.smiProgram = script;
        SmiSampler s(o);
        QVERIFY(!s.open());
        QCOMPARE(s.lastError(),
                 script + QStringLiteral(" answered the GPU query with 3 columns instead of 16: "
                                         "\"index, uuid, name\""));
    }

    void emptyOutputFailsOpen()
    {
        writeScenario(QByteArray());
        SmiSampler s(options());
        QVERIFY(!s.open());
        QCOMPARE(s.lastError(), kFake + QStringLiteral(" printed nothing for the GPU query"));
        Snapshot snap;
        QVERIFY(!s.sample(snap));
        QVERIFY(snap.gpus.isEmpty());
    }

    void headerOnlyListsNoGpu()
    {
        writeScenario(kGpuHeader);
        SmiSampler s(options());
        QVERIFY(!s.open());
        QCOMPARE(s.lastError(), kFake + QStringLiteral(" lists no GPU"));
    }

    void nonZeroExitReportsStderr()
    {
        writeScenario(kGpuHeader + kGoodRow);
        QVERIFY(writeFile(scenario(), QStringLiteral("exit-code"), "18\n"));
        QVERIFY(writeFile(scenario(), QStringLiteral("stderr"),
                          "Failed to initialize NVML: Driver/library version mismatch\n"));
        SmiSampler s(options());
        QVERIFY(!s.open());
        QCOMPARE(s.lastError(),
                 kFake + QStringLiteral(" exited with code 18: Failed to initialize NVML: "
                                        "Driver/library version mismatch"));
    }

    void missingProgramFailsOpen()
    {
        SamplerOptions o = options();
        o.smiProgram = QStringLiteral("nvidia-smi-not-installed-here");
        SmiSampler byName(o);
        QVERIFY(!byName.open());
        QCOMPARE(byName.lastError(),
                 QStringLiteral("nvidia-smi-not-installed-here not found on PATH (is the "
                                "NVIDIA driver installed?)"));
        o.smiProgram = m_dir.path() + QStringLiteral("/no/such/nvidia-smi");
        SmiSampler byPath(o);
        QVERIFY(!byPath.open());
        QCOMPARE(byPath.lastError(), o.smiProgram + QStringLiteral(" not found or not executable"));
    }

    void hangingProgramTimesOut()
    {
        writeScenario(kGpuHeader + kGoodRow);
        QVERIFY(writeFile(scenario(), QStringLiteral("delay-seconds"), "5\n"));
        SamplerOptions o = options();
        o.smiTimeoutMs = 300;
        SmiSampler s(o);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!s.open());
        QVERIFY2(clock.elapsed() < 3000, "the sampler must not wait for the tool to finish");
        QCOMPARE(s.lastError(), kFake + QStringLiteral(" did not answer within 300 ms"));
    }

    void failingProcessQueryKeepsGpus()
    {
        writeScenario(kGpuHeader + kGoodRow);
        QVERIFY(QFile::remove(scenario() + QStringLiteral("/query-compute-apps.csv")));
        SmiSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.gpus.size(), 1);
        QVERIFY(snap.processes.isEmpty());
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY2(snap.warnings.first().startsWith(
                     QStringLiteral("GPU processes not shown: ") + kFake +
                     QStringLiteral(" exited with code 2: fake nvidia-smi: "
                                    "scenario has no query-compute-apps.csv")),
                 qPrintable(snap.warnings.first()));
    }

    void processesAreEnrichedFromProcRoot()
    {
        writeScenario(kGpuHeader + kGoodRow,
                      kAppsHeader + "GPU-aaaaaaaa-0000-0000-0000-000000000000, 4242, 100, python3\n"
                                    "GPU-aaaaaaaa-0000-0000-0000-000000000000, 4343, 200, gone\n");
        QVERIFY(writeFile(emptyProc(), QStringLiteral("stat"), "cpu  1 2 3 4\nbtime 1700000000\n"));
        QVERIFY(writeFile(
            emptyProc(), QStringLiteral("4242/stat"),
            "4242 (python3) S 1 4242 4242 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 500 0 0\n"));
        QVERIFY(writeFile(emptyProc(), QStringLiteral("4242/status"),
                          "Name:\tpython3\nUid:\t1234\t1234\t1234\t1234\n"));
        QVERIFY(writeFile(emptyProc(), QStringLiteral("4242/cmdline"),
                          QByteArray("python3\0train.py\0", 17)));
        SmiSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.processes.size(), 2);
        const GpuProcess& p = snap.processes.first();
        QVERIFY(!p.ghost);
        QCOMPARE(p.uid, std::optional<uint>(1234));
        QCOMPARE(p.command, QStringLiteral("python3 train.py"));
        QVERIFY(p.startTimeMs.has_value());
        QVERIFY(snap.processes.at(1).ghost);
        QCOMPARE(snap.processes.at(1).command, QStringLiteral("gone"));
    }

    void fakeRejectsAChangedQuery()
    {
        useScenario(kSourceDir + QStringLiteral("/smi/basic"));
        QProcess p;
        p.start(kFake, {QStringLiteral("--query-gpu=index,uuid,name"),
                        QStringLiteral("--format=csv,nounits")});
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains(
            "was recorded for --query-gpu=index,uuid,name,pci.bus_id"));
    }
};

QTEST_GUILESS_MAIN(TestSmiSampler)
#include "tst_smisampler.moc"
