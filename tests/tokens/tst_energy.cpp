// A GPU's energy split between those who used it (core/tokens/energy.h):
// by the driver's SM figures, by memory where there are none, to the holder
// of an idle GPU, as unowned where nobody holds it; and always to the
// millijoule: the parts add up to the GPU's energy.
#include "tokens/energy.h"

#include <QRandomGenerator>
#include <QTest>

#include <limits>

using namespace gw;

namespace {

GpuSample gpu(const QString& uuid)
{
    GpuSample g;
    g.index = 0;
    g.uuid = uuid;
    g.utilizationGpuPercent = 50;
    return g;
}

GpuProcess proc(qint64 pid, const QString& gpuUuid, std::optional<double> sm,
                std::optional<double> memory)
{
    GpuProcess p;
    p.pid = pid;
    p.user = QStringLiteral("user%1").arg(pid);
    p.gpuUuid = gpuUuid;
    p.smUtilPercent = sm;
    p.usedMemoryMiB = memory;
    return p;
}

quint64 total(const QList<EnergyShare>& shares)
{
    quint64 sum = 0;
    for (const EnergyShare& s : shares)
        sum += s.mj;
    return sum;
}

} // namespace

class TestEnergy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bySmShareWhereTheDriverGivesOne()
    {
        Snapshot r;
        r.gpus << gpu(QStringLiteral("GPU-a")) << gpu(QStringLiteral("GPU-b"));
        r.processes << proc(1, QStringLiteral("GPU-a"), 60, 1000)
                    << proc(2, QStringLiteral("GPU-b"), 90, 1000)
                    << proc(3, QStringLiteral("GPU-a"), 20, 9000);
        const QList<EnergyShare> a = splitGpuEnergy(r, 0, 400'000); // 400 J
        QCOMPARE(a.size(), 2);
        QCOMPARE(a[0].process, qsizetype(0));
        QCOMPARE(a[0].mj, quint64(300'000)); // 60 of 80
        QCOMPARE(a[1].process, qsizetype(2));
        QCOMPARE(a[1].mj, quint64(100'000));
        QVERIFY(!a[0].estimated && !a[1].estimated);
        QCOMPARE(a[0].to, EnergyShare::To::Process);
    }

    void byMemoryWhereAnySmFigureIsMissing()
    {
        Snapshot r;
        r.gpus << gpu(QStringLiteral("GPU-a"));
        r.processes << proc(1, QStringLiteral("GPU-a"), 60, 3000)
                    << proc(2, QStringLiteral("GPU-a"), std::nullopt, 1000);
        const QList<EnergyShare> a = splitGpuEnergy(r, 0, 1000);
        QCOMPARE(a.size(), 2);
        QCOMPARE(a[0].mj, quint64(750));
        QCOMPARE(a[1].mj, quint64(250));
        QVERIFY(a[0].estimated && a[1].estimated);
        // Without memory either: evenly, the odd millijoule to the first.
        r.processes[1].usedMemoryMiB.reset();
        const QList<EnergyShare> even = splitGpuEnergy(r, 0, 1001);
        QCOMPARE(even[0].mj, quint64(501));
        QCOMPARE(even[1].mj, quint64(500));
    }

    // Held but idle (every SM figure 0): the holders pay for the draw, by
    // the memory they hold.
    void anIdleHeldGpuGoesToItsHolders()
    {
        Snapshot r;
        r.gpus << gpu(QStringLiteral("GPU-a"));
        r.processes << proc(1, QStringLiteral("GPU-a"), 0, 30000)
                    << proc(2, QStringLiteral("GPU-a"), 0, 10000);
        const QList<EnergyShare> a = splitGpuEnergy(r, 0, 60'000);
        QCOMPARE(a[0].mj, quint64(45'000));
        QCOMPARE(a[1].mj, quint64(15'000));
        QVERIFY(a[0].estimated);
    }

    void aGpuWithoutProcessesGoesToItsHolderElseToNobody()
    {
        Snapshot r;
        r.gpus << gpu(QStringLiteral("GPU-a"));
        r.processes << proc(1, QStringLiteral("GPU-other"), 50, 100);
        QList<EnergyShare> a = splitGpuEnergy(r, 0, 5000);
        QCOMPARE(a.size(), 1);
        QCOMPARE(a[0].to, EnergyShare::To::Unowned);
        QCOMPARE(a[0].mj, quint64(5000));
        Workload pod;
        pod.kind = WorkloadKind::Kubernetes;
        r.gpus[0].holder = pod;
        a = splitGpuEnergy(r, 0, 5000);
        QCOMPARE(a[0].to, EnergyShare::To::Holder);
        QCOMPARE(a[0].mj, quint64(5000));
        QVERIFY(splitGpuEnergy(r, 1, 5000).isEmpty());
        QVERIFY(splitGpuEnergy(r, -1, 5000).isEmpty());
    }

    void migProcessesCountOnTheirGpuByMemory()
    {
        Snapshot r;
        GpuSample g = gpu(QStringLiteral("GPU-m"));
        g.migEnabled = true;
        g.utilizationGpuPercent.reset();
        MigInstance a, b;
        a.uuid = QStringLiteral("MIG-a");
        b.uuid = QStringLiteral("MIG-b");
        g.migInstances << a << b;
        r.gpus << g;
        GpuProcess p1 = proc(1, QString(), std::nullopt, 2000);
        p1.migUuid = QStringLiteral("MIG-a");
        GpuProcess p2 = proc(2, QStringLiteral("GPU-m"), 80, 6000);
        p2.migUuid = QStringLiteral("MIG-b");
        r.processes << p1 << p2;
        const QList<EnergyShare> s = splitGpuEnergy(r, 0, 800);
        QCOMPARE(s.size(), 2);
        QCOMPARE(s[0].mj, quint64(200));
        QCOMPARE(s[1].mj, quint64(600));
        QVERIFY(s[0].estimated && s[1].estimated);
    }

    // Whatever the figures, the parts add up to the GPU's energy exactly
    // (nothing made, nothing lost), figures that cannot be weights count as
    // none, and the largest counts do not overflow.
    void thePartsAlwaysAddUpToTheMillijoule()
    {
        QRandomGenerator rng(27);
        for (int run = 0; run < 2000; ++run) {
            Snapshot r;
            r.gpus << gpu(QStringLiteral("GPU-a"));
            const int n = int(rng.bounded(1, 12));
            for (int i = 0; i < n; ++i) {
                std::optional<double> sm, mem;
                if (rng.bounded(4) != 0)
                    sm = rng.bounded(101);
                if (rng.bounded(5) != 0)
                    mem = rng.bounded(80000.0);
                r.processes << proc(i + 1, QStringLiteral("GPU-a"), sm, mem);
            }
            const quint64 mj = run % 3 == 0 ? rng.generate64() : rng.bounded(1u << 30);
            const QList<EnergyShare> s = splitGpuEnergy(r, 0, mj);
            QCOMPARE(s.size(), qsizetype(n));
            QCOMPARE(total(s), mj);
        }
        Snapshot odd;
        odd.gpus << gpu(QStringLiteral("GPU-a"));
        odd.processes << proc(1, QStringLiteral("GPU-a"), std::numeric_limits<double>::infinity(),
                              1)
                      << proc(2, QStringLiteral("GPU-a"), std::numeric_limits<double>::quiet_NaN(),
                              1)
                      << proc(3, QStringLiteral("GPU-a"), -5, 1);
        const quint64 most = std::numeric_limits<quint64>::max();
        const QList<EnergyShare> s = splitGpuEnergy(odd, 0, most);
        QCOMPARE(total(s), most);
        QVERIFY(splitGpuEnergy(odd, 0, 0).size() == 3);
        QCOMPARE(total(splitGpuEnergy(odd, 0, 0)), quint64(0));
    }
};

QTEST_GUILESS_MAIN(TestEnergy)
#include "tst_energy.moc"
