// The real NvmlSampler against the fake libnvidia-ml.so.1 and a fake /proc.

#include "sampling/nvmlsampler.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <dlfcn.h>

#include <memory>

using namespace gw;

namespace {

constexpr qint64 kBootTimeS = 1700000000;
constexpr quint64 kStartTicks = 12345;

const GpuProcess* findProcess(const Snapshot& s, qint64 pid)
{
    for (const auto& p : s.processes) {
        if (p.pid == pid)
            return &p;
    }
    return nullptr;
}

// A symbol of the loaded fake, for asserting what the sampler passed in.
template <typename Fn>
Fn fakeHook(const char* library, const char* name)
{
    void* h = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
    if (!h)
        return nullptr;
    auto fn = reinterpret_cast<Fn>(dlsym(h, name));
    dlclose(h);
    return fn;
}

} // namespace

class TstNvmlSampler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_procRoot;

    void writeFile(const QString& path, const QByteArray& data)
    {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
        f.write(data);
    }

    void addProc(qint64 pid, uint uid, const QByteArray& comm, const QByteArray& cmdline)
    {
        const QString dir = m_procRoot + QLatin1Char('/') + QString::number(pid);
        QVERIFY(QDir().mkpath(dir));
        writeFile(dir + QStringLiteral("/stat"),
                  QByteArray::number(pid) + " (" + comm + ") S 1 " + QByteArray::number(pid) + ' ' +
                      QByteArray::number(pid) + " 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 " +
                      QByteArray::number(kStartTicks) + " 1000000 100\n");
        writeFile(dir + QStringLiteral("/status"),
                  "Name:\t" + comm + "\nUmask:\t0022\nUid:\t" + QByteArray::number(uid) + '\t' +
                      QByteArray::number(uid) + '\t' + QByteArray::number(uid) + '\t' +
                      QByteArray::number(uid) + "\n");
        writeFile(dir + QStringLiteral("/cmdline"), cmdline);
    }

    QString scenario(const QByteArray& text)
    {
        static int n = 0;
        const QString path = m_dir.filePath(QStringLiteral("s%1.scenario").arg(++n));
        writeFile(path, text);
        return path;
    }

    std::unique_ptr<NvmlSampler> open(const QString& scenarioPath,
                                      const char* library = GW_FAKE_NVML)
    {
        qputenv("GW_FAKE_NVML_SCENARIO", QFile::encodeName(scenarioPath));
        SamplerOptions o;
        o.nvmlLibrary = QString::fromLocal8Bit(library);
        o.procRoot = m_procRoot;
        auto s = std::make_unique<NvmlSampler>(o);
        s->procFs().setUserResolver([](uint uid) {
            return uid == 1000   ? QStringLiteral("alice")
                   : uid == 1001 ? QStringLiteral("bob")
                                 : QString::number(uid);
        });
        return s;
    }

    static QString basic() { return QStringLiteral(GW_NVML_SCENARIOS "/basic.scenario"); }
    static QString mig() { return QStringLiteral(GW_NVML_SCENARIOS "/mig.scenario"); }

    static const MigInstance* instanceAt(const GpuSample& g, int index)
    {
        for (const auto& m : g.migInstances) {
            if (m.index == index)
                return &m;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_procRoot = m_dir.filePath(QStringLiteral("proc"));
        QVERIFY(QDir().mkpath(m_procRoot));
        writeFile(m_procRoot + QStringLiteral("/stat"), "cpu  1 2 3 4 5 6 7 0 0 0\nintr 0\nbtime " +
                                                            QByteArray::number(kBootTimeS) +
                                                            "\nprocesses 1\n");
        addProc(4242, 1000, "python",
                QByteArray("python\0train.py\0--epochs\0"
                           "90\0",
                           28));
        addProc(4343, 1001, "jupyter", QByteArray("jupyter-lab\0", 12));
        addProc(4444, 1000, "Xorg", QByteArray("/usr/lib/xorg/Xorg\0:0\0", 22));
        for (qint64 pid = 5000; pid < 5040; ++pid)
            addProc(pid, 1001, "worker", "worker\0");
        writeFile(m_procRoot + QStringLiteral("/meminfo"),
                  "MemTotal:       131072000 kB\nMemFree:         1024000 kB\n"
                  "MemAvailable:   98304000 kB\nBuffers:          10240 kB\n");
    }

    void valuesAndUnitsAreConverted()
    {
        auto s = open(basic());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        QCOMPARE(s->description(), QStringLiteral("NVML 12.550.54.15, driver 550.54.15, 2 GPUs"));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.backend, QStringLiteral("nvml"));
        QVERIFY(snap.warnings.isEmpty());
        QCOMPARE(snap.gpus.size(), 2);
        const GpuSample& h = snap.gpus[0];
        QCOMPARE(h.index, 0);
        QCOMPARE(h.uuid, QStringLiteral("GPU-5a3e9c1d-2b47-4f86-9d0e-7c1f2a3b4c5d"));
        QCOMPARE(h.name, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(h.pciBusId, QStringLiteral("00000000:19:00.0"));
        QCOMPARE(h.vendor, QStringLiteral("nvidia"));
        QCOMPARE(h.utilizationGpuPercent, 100.0);
        QCOMPARE(h.utilizationMemoryPercent, 11.0);
        QCOMPARE(h.memoryUsedMiB, 19818.0);
        QCOMPARE(h.memoryTotalMiB, 81559.0);
        QCOMPARE(h.temperatureC, 59.0);
        QCOMPARE(h.slowdownTemperatureC, 87.0);
        QCOMPARE(h.powerW, 631.95);
        QCOMPARE(h.powerLimitW, 700.0);
        QCOMPARE(h.smClockMHz, 1980.0);
        QCOMPARE(h.fanPercent, 30.0);
        QCOMPARE(h.persistenceMode, true);
        QVERIFY(h.error.isEmpty());
        QCOMPARE(snap.gpus[1].persistenceMode, false);

        QCOMPARE(snap.processes.size(), 3);
        const GpuProcess* p = findProcess(snap, 4242);
        QVERIFY(p);
        QCOMPARE(p->gpuUuid, h.uuid);
        QCOMPARE(p->usedMemoryMiB, 12000.0);
        QCOMPARE(p->uid, 1000u);
        QCOMPARE(p->user, QStringLiteral("alice"));
        QCOMPARE(p->command, QStringLiteral("python train.py --epochs 90"));
        QCOMPARE(p->startTimeMs, kBootTimeS * 1000 + qint64(kStartTicks) * 1000 / 100);
        QVERIFY(!p->ghost);
        QCOMPARE(findProcess(snap, 4343)->user, QStringLiteral("bob"));
    }

    void slowdownTemperatureIsAskedOncePerGpu()
    {
        // A board property: every sample carries it, NVML is asked once
        // (also when it answers NOT_SUPPORTED, as the L40S here does).
        auto s = open(basic());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        for (int i = 0; i < 3; ++i) {
            Snapshot snap;
            QVERIFY(s->sample(snap));
            QCOMPARE(snap.gpus[0].slowdownTemperatureC, 87.0);
            QVERIFY(!snap.gpus[1].slowdownTemperatureC);
        }
        const auto calls =
            fakeHook<unsigned (*)(unsigned)>(GW_FAKE_NVML, "gwFakeNvmlSlowdownCalls");
        QVERIFY(calls);
        QCOMPARE(calls(0), 1u);
        QCOMPARE(calls(1), 1u);
    }

    void shutdownTemperatureIsAskedOncePerGpu()
    {
        auto s = open(basic());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        for (int i = 0; i < 3; ++i) {
            Snapshot snap;
            QVERIFY(s->sample(snap));
            QCOMPARE(snap.gpus[0].shutdownTemperatureC, 92.0);
            QVERIFY(!snap.gpus[1].shutdownTemperatureC); // NOT_SUPPORTED
            QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(u'\n')));
        }
        const auto calls =
            fakeHook<unsigned (*)(unsigned)>(GW_FAKE_NVML, "gwFakeNvmlShutdownCalls");
        QVERIFY(calls);
        QCOMPARE(calls(0), 1u);
        QCOMPARE(calls(1), 1u);
    }

    void mpsClientsAreListed()
    {
        auto s = open(scenario("gpu 0 name=A memtotal=16GiB\n"
                               "proc 0 compute pid=4343 mem=100MiB\n"
                               "proc 0 mps pid=4242 mem=2GiB\n"
                               "proc 0 mps pid=4343 mem=100MiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.processes.size(), 2); // 4343 on two lists is one process
        QCOMPARE(findProcess(snap, 4242)->usedMemoryMiB, 2048.0);
        QCOMPARE(findProcess(snap, 4242)->user, QStringLiteral("alice"));
        QCOMPARE(findProcess(snap, 4343)->usedMemoryMiB, 100.0);
    }

    void reservedMemoryIsReportedApartFromUsed()
    {
        // _v2 (with its version stamp): reserved on its own, used as
        // nvidia-smi shows it (11125 of 81559 MiB on the real H100).
        auto s = open(scenario("gpu 0 name=A memused=11125MiB memtotal=81559MiB "
                               "memreserved=479MiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.gpus[0].memoryUsedMiB, 11125.0);
        QCOMPARE(snap.gpus[0].memoryReservedMiB, 479.0);
        QCOMPARE(snap.gpus[0].memoryTotalMiB, 81559.0);
        QVERIFY(snap.warnings.isEmpty());
    }

    void memoryFallsBackToV1WhereV2RefusesTheVersion()
    {
        // A driver whose _v2 wants another struct version: v1, which counts
        // the reserved memory as used, and no reserved figure.
        auto s = open(scenario("gpu 0 name=A memused=11125MiB memtotal=81559MiB "
                               "memreserved=479MiB\n"
                               "fail 0 nvmlDeviceGetMemoryInfo_v2 ARGUMENT_VERSION_MISMATCH\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        for (int i = 0; i < 2; ++i) {
            Snapshot snap;
            QVERIFY(s->sample(snap));
            QCOMPARE(snap.gpus[0].memoryUsedMiB, 11604.0);
            QCOMPARE(snap.gpus[0].memoryTotalMiB, 81559.0);
            QVERIFY(!snap.gpus[0].memoryReservedMiB);
            QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(u'\n')));
        }
    }

    void unifiedMemoryGpuShowsTheHostsMemoryAndSaysSo()
    {
        // NOT_SUPPORTED from both memory functions: an integrated GPU. The
        // host's memory (fake /proc/meminfo) is the total, with a warning.
        auto s = open(scenario("gpu 0 name=\"NVIDIA GB10\" util=40 temp=50\n"
                               "fail 0 nvmlDeviceGetMemoryInfo NOT_SUPPORTED\n"
                               "proc 0 compute pid=4242 mem=3GiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        const GpuSample& g = snap.gpus[0];
        QCOMPARE(g.memoryTotalMiB, 128000.0);
        QCOMPARE(g.memoryUsedMiB, 32000.0);
        QVERIFY(!g.memoryReservedMiB);
        QCOMPARE(g.utilizationGpuPercent, 40.0);
        QVERIFY(g.error.isEmpty());
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY2(snap.warnings[0].contains(QStringLiteral("unified memory")) &&
                     snap.warnings[0].contains(QStringLiteral("host")),
                 qPrintable(snap.warnings[0]));
        QCOMPARE(findProcess(snap, 4242)->usedMemoryMiB, 3072.0);
        // Every snapshot says it, not just the first.
        Snapshot second;
        QVERIFY(s->sample(second));
        QCOMPARE(second.warnings.size(), 1);
    }

    void migInstancesAreReadWithTheirProcesses()
    {
        auto s = open(mig());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(u'\n')));
        QCOMPARE(snap.gpus.size(), 3);
        const GpuSample& h = snap.gpus[0];
        QCOMPARE(h.migEnabled, true);
        QVERIFY(!h.utilizationGpuPercent); // NOT_SUPPORTED in MIG mode: absent, not 0
        QVERIFY(!h.utilizationMemoryPercent);
        QCOMPARE(h.memoryUsedMiB, 11125.0);
        QCOMPARE(h.memoryReservedMiB, 479.0);
        QCOMPARE(h.migInstances.size(), 4);
        QCOMPARE(h.migSliceCount, 7); // nvmlDeviceGetMaxMigDeviceCount

        const MigInstance* big = instanceAt(h, 0);
        QVERIFY(big);
        QCOMPARE(big->uuid, QStringLiteral("MIG-1c0a0000-0000-4000-8000-000000000000"));
        QCOMPARE(big->profile, QStringLiteral("3g.40gb"));
        QCOMPARE(big->gpuInstanceId, 2);
        QCOMPARE(big->computeInstanceId, 0);
        QCOMPARE(big->computeSlices, 3);
        QCOMPARE(big->memoryUsedMiB, 11091.0);
        QCOMPARE(big->memoryTotalMiB, 40448.0);
        QCOMPARE(instanceAt(h, 1)->profile, QStringLiteral("2g.20gb"));
        QCOMPARE(instanceAt(h, 1)->gpuInstanceId, 3);
        QCOMPARE(instanceAt(h, 1)->computeSlices, 2);
        // No attributes from the driver: the slices come from the profile.
        QCOMPARE(instanceAt(h, 2)->profile, QStringLiteral("1g.10gb"));
        QCOMPARE(instanceAt(h, 2)->computeSlices, 1);
        QCOMPARE(instanceAt(h, 2)->gpuInstanceId, 9);
        QVERIFY(!instanceAt(h, 3)); // NOT_FOUND at index 3: skipped
        QCOMPARE(instanceAt(h, 4)->gpuInstanceId, 10);
        QCOMPARE(instanceAt(h, 4)->memoryTotalMiB, 9984.0);

        const GpuProcess* a = findProcess(snap, 4242);
        QVERIFY(a);
        QCOMPARE(a->gpuUuid, h.uuid); // the parent GPU
        QCOMPARE(a->migUuid, big->uuid);
        QCOMPARE(a->user, QStringLiteral("alice"));
        QCOMPARE(a->usedMemoryMiB, 7484.0);
        QCOMPARE(findProcess(snap, 4343)->migUuid, instanceAt(h, 1)->uuid);
        QCOMPARE(findProcess(snap, 4343)->user, QStringLiteral("bob"));
        QVERIFY(findProcess(snap, 6001)->ghost);
        QCOMPARE(findProcess(snap, 6001)->migUuid, instanceAt(h, 4)->uuid);
        QCOMPARE(snap.processes.size(), 4);
    }

    void nonMigGpusAreUnaffectedByMig()
    {
        auto s = open(mig());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        // L40S: MIG mode NOT_SUPPORTED -> absent; everything else as before.
        const GpuSample& l = snap.gpus[1];
        QVERIFY(!l.migEnabled);
        QVERIFY(l.migInstances.isEmpty());
        QCOMPARE(l.utilizationGpuPercent, 7.0);
        QCOMPARE(l.memoryReservedMiB, 300.0);
        QCOMPARE(findProcess(snap, 4444)->gpuUuid, l.uuid);
        QVERIFY(findProcess(snap, 4444)->migUuid.isEmpty());
        // A100 with MIG disabled: false, no instances, utilisation 0 is a real 0.
        const GpuSample& a = snap.gpus[2];
        QCOMPARE(a.migEnabled, false);
        QVERIFY(a.migInstances.isEmpty());
        QCOMPARE(a.utilizationGpuPercent, 0.0);
        // And the basic scenario's GPUs know nothing of MIG (one scenario
        // per loaded fake: the first sampler shuts NVML down first).
        s.reset();
        auto b = open(basic());
        QVERIFY2(b->open(), qPrintable(b->lastError()));
        Snapshot plain;
        QVERIFY(b->sample(plain));
        for (const auto& g : plain.gpus) {
            QVERIFY(!g.migEnabled);
            QVERIFY(g.migInstances.isEmpty());
        }
        for (const auto& p : plain.processes)
            QVERIFY(p.migUuid.isEmpty());
    }

    void migUtilisationStaysAbsentEvenIfTheDriverAnswers()
    {
        auto s = open(scenario("gpu 0 name=H mig=1 util=0 memutil=0 memtotal=80GiB\n"
                               "mig 0 0 name=\"H MIG 7g.80gb\" gi=0 ci=0 slices=7 "
                               "memtotal=80GiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.gpus[0].migEnabled, true);
        QVERIFY(!snap.gpus[0].utilizationGpuPercent);
        QVERIFY(!snap.gpus[0].utilizationMemoryPercent);
        QCOMPARE(snap.gpus[0].migInstances.size(), 1);
        QCOMPARE(snap.gpus[0].migInstances[0].profile, QStringLiteral("7g.80gb"));
    }

    void migProcessesOnTheParentsAggregateListAppearOnce()
    {
        // A privileged caller sees every instance's processes on the parent
        // too; each still appears once, on its instance.
        QFile f(mig());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        text.replace("powerlimit=700000 mig=1\n", "powerlimit=700000 mig=1 migparentlists=1\n");
        QVERIFY(text.contains("migparentlists=1"));
        auto s = open(scenario(text));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.processes.size(), 4);
        QCOMPARE(findProcess(snap, 4242)->migUuid,
                 QStringLiteral("MIG-1c0a0000-0000-4000-8000-000000000000"));
        QCOMPARE(findProcess(snap, 4343)->migUuid,
                 QStringLiteral("MIG-1c0a0000-0000-4000-8000-000000000001"));
    }

    void notSupportedFieldsAreAbsentWhileOthersPresent()
    {
        auto s = open(basic());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        const GpuSample& l = snap.gpus[1];
        QCOMPARE(l.name, QStringLiteral("NVIDIA L40S"));
        QVERIFY(!l.fanPercent);
        QVERIFY(!l.powerW);
        QCOMPARE(l.powerLimitW, 350.0);
        QCOMPARE(l.temperatureC, 38.0);
        QVERIFY(!l.slowdownTemperatureC); // NOT_SUPPORTED: hot from 85 °C then
        QCOMPARE(l.memoryUsedMiB, 1234.0);
        QCOMPARE(l.utilizationGpuPercent, 7.0);
        QVERIFY(l.error.isEmpty());
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(u'\n')));
    }

    void processOnGraphicsAndComputeListsAppearsOnce()
    {
        auto s = open(basic());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        int seen = 0;
        for (const auto& p : snap.processes)
            seen += p.pid == 4444;
        QCOMPARE(seen, 1);
        QCOMPARE(findProcess(snap, 4444)->usedMemoryMiB, 3722.0);
        QCOMPARE(findProcess(snap, 4444)->command, QStringLiteral("/usr/lib/xorg/Xorg :0"));
    }

    void processListLongerThanFirstBufferIsReadWhole()
    {
        auto s = open(scenario("gpu 0 name=A memtotal=80GiB\n"
                               "procs 0 compute count=40 firstpid=5000 mem=256MiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.processes.size(), 40);
        for (qint64 pid = 5000; pid < 5040; ++pid) {
            const GpuProcess* p = findProcess(snap, pid);
            QVERIFY2(p, qPrintable(QString::number(pid)));
            QCOMPARE(p->usedMemoryMiB, 256.0);
            QCOMPARE(p->user, QStringLiteral("bob"));
        }
    }

    void listGrowingBetweenProbeAndFetchIsReadAgain()
    {
        auto s = open(scenario("gpu 0 name=A\n"
                               "proc 0 compute pid=4242 mem=1GiB\n"
                               "procs 0 compute count=12 firstpid=5000 mem=2GiB late\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.processes.size(), 13);
        QVERIFY(findProcess(snap, 4242));
        QCOMPARE(findProcess(snap, 5011)->usedMemoryMiB, 2048.0);
        const auto calls =
            fakeHook<unsigned (*)(unsigned)>(GW_FAKE_NVML, "gwFakeNvmlComputeListCalls");
        QVERIFY(calls);
        QCOMPARE(calls(0), 3u); // probe, too-small fetch, fetch
    }

    void ghostPidIsKeptAndMarked()
    {
        auto s = open(scenario("gpu 0 name=A uuid=GPU-aaaa\n"
                               "proc 0 compute pid=4242 mem=1GiB\n"
                               "proc 0 compute pid=9999 mem=5GiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.processes.size(), 2);
        const GpuProcess* ghost = findProcess(snap, 9999);
        QVERIFY(ghost);
        QVERIFY(ghost->ghost);
        QCOMPARE(ghost->gpuUuid, QStringLiteral("GPU-aaaa"));
        QCOMPARE(ghost->usedMemoryMiB, 5120.0);
        QVERIFY(!ghost->uid);
        QVERIFY(!ghost->startTimeMs);
        QVERIFY(!findProcess(snap, 4242)->ghost);
    }

    void sentinelValuesAreAbsent()
    {
        auto s = open(scenario("gpu 0 name=A memused=max memtotal=9223372036854775794 "
                               "temp=0xFFFFFFFF util=0xFFFFFFFF memutil=5 power=70000\n"
                               "proc 0 compute pid=4242 mem=max\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        const GpuSample& g = snap.gpus[0];
        QVERIFY(!g.memoryUsedMiB);
        QVERIFY(!g.memoryTotalMiB);
        QVERIFY(!g.temperatureC);
        QVERIFY(!g.utilizationGpuPercent);
        QCOMPARE(g.utilizationMemoryPercent, 5.0);
        QCOMPARE(g.powerW, 70.0);
        QCOMPARE(snap.processes.size(), 1);
        QVERIFY(!snap.processes[0].usedMemoryMiB);
    }

    void perProcessSmUtilAppearsOnSecondSampleAfterTimestamp()
    {
        auto s = open(basic());
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        const auto lastSeen =
            fakeHook<unsigned long long (*)(unsigned)>(GW_FAKE_NVML, "gwFakeNvmlLastSeenTimestamp");
        QVERIFY(lastSeen);

        Snapshot first;
        QVERIFY(s->sample(first));
        // The driver's buffer may be minutes old: the first read is a baseline.
        QVERIFY(!findProcess(first, 4242)->smUtilPercent);
        QCOMPARE(lastSeen(0), 0ull);

        Snapshot second;
        QVERIFY(s->sample(second));
        QCOMPARE(lastSeen(0), 1700000000100000ull);
        QCOMPARE(findProcess(second, 4242)->smUtilPercent, 91.0);
        QVERIFY(!findProcess(second, 4343)->smUtilPercent); // nothing newer for it

        Snapshot third; // NOT_FOUND: no new samples, not an error
        QVERIFY(s->sample(third));
        QCOMPARE(lastSeen(0), 1700000001000000ull);
        QVERIFY(!findProcess(third, 4242)->smUtilPercent);
        QVERIFY(third.warnings.isEmpty());
    }

    void lostGpuIsReportedWhileOtherGpuKeepsReporting()
    {
        auto s = open(scenario("gpu 0 name=A util=50 temp=40\n"
                               "gpu 1 name=B util=60 temp=45\n"
                               "lost 1 after=1\n"
                               "proc 0 compute pid=4242 mem=1GiB\n"
                               "proc 1 compute pid=4343 mem=1GiB\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot before;
        QVERIFY(s->sample(before));
        QCOMPARE(before.gpus[1].utilizationGpuPercent, 60.0);
        QCOMPARE(before.processes.size(), 2);

        for (int round = 0; round < 2; ++round) {
            Snapshot after;
            QVERIFY(s->sample(after));
            QCOMPARE(after.gpus.size(), 2);
            const QString expected = QStringLiteral(
                "GPU is lost (NVML_ERROR_GPU_IS_LOST from nvmlDeviceGetUtilizationRates)");
            QCOMPARE(after.gpus[1].error, expected);
            QCOMPARE(after.gpus[1].name, QStringLiteral("B"));
            QVERIFY(!after.gpus[1].utilizationGpuPercent);
            QVERIFY(!after.gpus[1].temperatureC);
            QCOMPARE(after.warnings.size(), 1);
            QVERIFY2(after.warnings[0].contains(expected), qPrintable(after.warnings[0]));
            QCOMPARE(after.gpus[0].utilizationGpuPercent, 50.0);
            QCOMPARE(after.gpus[0].temperatureC, 40.0);
            QVERIFY(after.gpus[0].error.isEmpty());
            QCOMPARE(after.processes.size(), 1);
            QCOMPARE(after.processes[0].pid, 4242);
        }
    }

    // docs/health.md: the health reader's figures travel with each GPU of
    // the reading, and an XID that NVML queued reaches the reading even
    // when the GPU it names stops answering in that same reading.
    void healthFactsAndXidsComeWithEachGpu()
    {
        auto s = open(scenario("gpu 0 name=A util=5 energy=1000 energystep=10 clockreasons=0x4\n"
                               "gpu 1 name=B util=7 energy=5000\n"
                               "ecc 0 mode=1 cv=0 ca=0 uv=0 ua=0\n"
                               "xid 1 code=79 at=2\n"
                               "lost 1 after=2\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        QList<Snapshot> readings(4);
        for (Snapshot& r : readings)
            QVERIFY(s->sample(r));
        const GpuSample& a0 = readings[0].gpus[0];
        QVERIFY(a0.healthFacts);
        QVERIFY(a0.healthFacts->energyMj);
        QCOMPARE(a0.healthFacts->clockEventReasons, std::optional<quint64>(0x4));
        QCOMPARE(a0.healthFacts->eccEnabled, std::optional<bool>(true));
        QCOMPARE(a0.healthFacts->eccUncorrectedVolatile, std::optional<quint64>(0));
        QVERIFY(*readings[1].gpus[0].healthFacts->energyMj > *a0.healthFacts->energyMj);
        QVERIFY(!readings[0].gpus[1].healthFacts->eccEnabled); // never said: absent, not false
        for (int k = 0; k < 2; ++k) {
            QVERIFY(readings[k].gpus[1].error.isEmpty());
            QVERIFY(readings[k].gpus[1].healthFacts->xids.isEmpty());
        }
        const GpuSample& lost = readings[2].gpus[1];
        QVERIFY2(lost.error.contains(u"GPU is lost"), qPrintable(lost.error));
        QVERIFY(lost.healthFacts);
        QCOMPARE(lost.healthFacts->xids.size(), 1);
        QCOMPARE(lost.healthFacts->xids[0].xid, 79);
        QCOMPARE(lost.healthFacts->xids[0].source, XidEvent::Source::Nvml);
        QCOMPARE(lost.healthFacts->xids[0].atMs, readings[2].timestampMs);
        QVERIFY(!readings[3].gpus[1].healthFacts ||
                readings[3].gpus[1].healthFacts->xids.isEmpty());
        QVERIFY(readings[2].gpus[0].healthFacts->xids.isEmpty()); // not the other GPU's
    }

    void anOlderDriverGivesWhatItHasAndNeverAZero()
    {
        auto s = open(scenario("gpu 0 name=A util=5 energy=1000 clockreasons=0x4 pciereplay=3\n"
                               "ecc 0 mode=1 cv=1 ca=2 uv=0 ua=0\n"),
                      GW_FAKE_NVML_OLD);
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot r;
        QVERIFY(s->sample(r));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(u'\n')));
        const auto& f = r.gpus[0].healthFacts;
        QVERIFY(f);
        QVERIFY(!f->energyMj);        // no nvmlDeviceGetTotalEnergyConsumption
        QVERIFY(!f->pcieReplayCount); // no nvmlDeviceGetPcieReplayCounter
        QVERIFY(!f->remapPending);    // no nvmlDeviceGetRemappedRows
        QCOMPARE(f->clockEventReasons, std::optional<quint64>(0x4)); // by its older name
        QCOMPARE(f->eccCorrectedAggregate, std::optional<quint64>(2));
    }

    // `script`: sample k reads entry (k − 1) mod n of each list; GPUs without
    // a script keep their fixed values.
    void scriptedValuesFollowTheSamples()
    {
        auto s = open(scenario("gpu 0 name=A util=5 memtotal=16GiB temp=30 power=50000\n"
                               "gpu 1 name=B util=7 memused=1GiB memtotal=8GiB temp=33\n"
                               "script 0 util=10,50,90 memused=1GiB,2GiB,3GiB,4GiB "
                               "temp=40,60 power=100000,200000,150000\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        const QList<double> util{10, 50, 90}, mem{1024, 2048, 3072, 4096}, temp{40, 60},
            power{100, 200, 150};
        for (int k = 0; k < 7; ++k) {
            Snapshot snap;
            QVERIFY(s->sample(snap));
            QCOMPARE(snap.gpus[0].utilizationGpuPercent, util[k % 3]);
            QCOMPARE(snap.gpus[0].memoryUsedMiB, mem[k % 4]);
            QCOMPARE(snap.gpus[0].temperatureC, temp[k % 2]);
            QCOMPARE(snap.gpus[0].powerW, power[k % 3]);
            QCOMPARE(snap.gpus[1].utilizationGpuPercent, 7.0);
            QCOMPARE(snap.gpus[1].memoryUsedMiB, 1024.0);
        }
    }

    void badScriptLinesFailInit_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("unknown key") << QByteArray("script 0 fan=1,2\n");
        QTest::newRow("not a number") << QByteArray("script 0 util=10,x\n");
        QTest::newRow("empty item") << QByteArray("script 0 util=10,,20\n");
        QTest::newRow("no such gpu") << QByteArray("script 3 util=10\n");
        QTest::newRow("too large") << QByteArray("script 0 temp=4294967296\n");
    }

    void badScriptLinesFailInit()
    {
        QFETCH(QByteArray, line);
        auto s = open(scenario("gpu 0 name=A\n" + line));
        QVERIFY(!s->open());
        QVERIFY2(s->lastError().contains(QStringLiteral("NVML_ERROR_UNKNOWN")),
                 qPrintable(s->lastError()));
    }

    void everyGpuFailingMakesSampleFail()
    {
        auto s = open(scenario("gpu 0 name=A\nlost 0 after=0 code=UNKNOWN\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(!s->sample(snap));
        QCOMPARE(snap.gpus.size(), 1);
        QCOMPARE(snap.gpus[0].error,
                 QStringLiteral(
                     "Unknown Error (NVML_ERROR_UNKNOWN from nvmlDeviceGetUtilizationRates)"));
        QVERIFY(s->lastError().contains(QStringLiteral("NVML_ERROR_UNKNOWN")));
    }

    void fieldErrorLeavesFieldAbsentWithWarning()
    {
        auto s = open(scenario("gpu 0 name=A power=100000 temp=50\n"
                               "fail 0 nvmlDeviceGetPowerUsage TIMEOUT\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QVERIFY(!snap.gpus[0].powerW);
        QCOMPARE(snap.gpus[0].temperatureC, 50.0);
        QVERIFY(snap.gpus[0].error.isEmpty());
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY2(snap.warnings[0].contains(
                     QStringLiteral("Timeout (NVML_ERROR_TIMEOUT from nvmlDeviceGetPowerUsage)")),
                 qPrintable(snap.warnings[0]));
    }

    void recordsOfDriver535AreRead32BytesApart()
    {
        auto s = open(basic(), GW_FAKE_NVML_535);
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(s->sample(snap));
        QCOMPARE(snap.processes.size(), 3);
        QCOMPARE(findProcess(snap, 4242)->usedMemoryMiB, 12000.0);
        QVERIFY(findProcess(snap, 4343));
        QCOMPARE(findProcess(snap, 4343)->usedMemoryMiB, 4096.0);
        QCOMPARE(findProcess(snap, 4444)->usedMemoryMiB, 3722.0);
    }

    void reopeningReadsTheNewScenario()
    {
        {
            auto s = open(basic());
            QVERIFY2(s->open(), qPrintable(s->lastError()));
        }
        auto s = open(scenario("driver 535.54.03\nnvml 12.535.54.03\ngpu 0 name=Solo\n"));
        QVERIFY2(s->open(), qPrintable(s->lastError()));
        QCOMPARE(s->description(), QStringLiteral("NVML 12.535.54.03, driver 535.54.03, 1 GPU"));
    }

    void missingLibraryIsReportedWithDlerror()
    {
        const QString path = m_dir.filePath(QStringLiteral("nowhere/libnvidia-ml.so.1"));
        auto s = open(basic(), QFile::encodeName(path).constData());
        QVERIFY(!s->open());
        QVERIFY2(s->lastError().startsWith(QStringLiteral("cannot load NVML library ") + path),
                 qPrintable(s->lastError()));
        QVERIFY2(s->lastError().contains(QStringLiteral("No such file or directory")),
                 qPrintable(s->lastError()));
        Snapshot snap;
        QVERIFY(!s->sample(snap));
    }

    void missingRequiredSymbolIsNamed()
    {
        auto s = open(basic(), GW_FAKE_NVML_NOSYM);
        QVERIFY(!s->open());
        QVERIFY2(s->lastError().contains(QStringLiteral("nvmlDeviceGetUtilizationRates")),
                 qPrintable(s->lastError()));
    }

    void initFailureNamesCodeAndText()
    {
        auto s = open(scenario("init DRIVER_NOT_LOADED\ngpu 0 name=A\n"));
        QVERIFY(!s->open());
        QCOMPARE(
            s->lastError(),
            QStringLiteral("nvmlInit_v2 failed: NVML_ERROR_DRIVER_NOT_LOADED: Driver Not Loaded"));
    }

    void unreadableScenarioFailsInit()
    {
        auto s = open(scenario("gpu 0 name=A bogus=1\n"));
        QVERIFY(!s->open());
        QVERIFY2(s->lastError().contains(QStringLiteral("NVML_ERROR_UNKNOWN")),
                 qPrintable(s->lastError()));
    }

    void zeroDevicesFailsOpen()
    {
        auto s = open(scenario("driver 550.54.15\n"));
        QVERIFY(!s->open());
        QCOMPARE(s->lastError(), QStringLiteral("NVML found no NVIDIA GPU"));
    }
};

QTEST_GUILESS_MAIN(TstNvmlSampler)
#include "tst_nvmlsampler.moc"
