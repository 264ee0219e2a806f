// Each GPU's health over a machine's readings (sampling/healthwatch.h): the
// kernel log's XIDs (a file of /dev/kmsg records here) merged with NVML's,
// what the log held before the sampler started judged and told once, and the
// verdict on every GPU.
#include "sampling/healthwatch.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

// The kernel's monotonic clock read 0 at this wall time (ms).
constexpr qint64 kBootMs = 1795340000000;
// A reading at `s` seconds after boot.
constexpr qint64 at(qint64 s)
{
    return kBootMs + s * 1000;
}

Snapshot reading(qint64 atMs)
{
    Snapshot s;
    s.server = u"node"_s;
    s.timestampMs = atMs;
    s.intervalMs = 1000;
    for (int i = 0; i < 2; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = u"GPU-%1"_s.arg(i);
        g.pciBusId = i == 0 ? u"00000000:01:00.0"_s : u"00000000:CB:00.0"_s;
        g.healthFacts = GpuHealthFacts{};
        g.healthFacts->energyMj = quint64(atMs - kBootMs);
        s.gpus.append(g);
    }
    return s;
}

// A /dev/kmsg record of the kernel's (facility 0) at `s` seconds.
QByteArray record(quint64 sequence, qint64 s, const QByteArray& message)
{
    return "4," + QByteArray::number(sequence) + ',' + QByteArray::number(s * 1'000'000) + ",-;" +
           message + '\n';
}

const QByteArray kLoad =
    "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build";

} // namespace

class TestHealthWatch : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString log(const QByteArray& records)
    {
        static int n = 0;
        const QString path = m_dir.filePath(u"kmsg-%1"_s.arg(++n));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(records);
        return path;
    }

    static void append(const QString& path, const QByteArray& records)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write(records);
    }

    static HealthWatch::Options options(const QString& kernelLog, qint64 reportedUntilMs = 0)
    {
        HealthWatch::Options o;
        o.kernelLog = kernelLog;
        o.bootMs = kBootMs;
        o.reportedUntilMs = reportedUntilMs;
        return o;
    }

private Q_SLOTS:
    void anXidWhileTheSamplerWasDownIsToldOnceAndHoldsTheGpuOut()
    {
        const QString path =
            log(record(1, 10, kLoad) + record(2, 100,
                                              "NVRM: Xid (PCI:0000:cb:00): 79, pid=0, "
                                              "name=<unknown>, GPU has fallen off the bus."));
        HealthWatch w(options(path));
        QCOMPARE(w.open(), QString());
        Snapshot first = reading(at(200));
        w.apply(first);
        QVERIFY2(first.warnings.isEmpty(), qPrintable(first.warnings.join(u'\n')));
        QCOMPARE(first.gpus[0].health->state, HealthState::Ok);
        QCOMPARE(first.gpus[1].health->state, HealthState::Failing);
        QCOMPARE(first.gpus[1].healthFacts->xids.size(), 1);
        const XidEvent& x = first.gpus[1].healthFacts->xids[0];
        QCOMPARE(x.xid, 79);
        QCOMPARE(x.atMs, at(100));
        QCOMPARE(x.source, XidEvent::Source::KernelLog);
        QCOMPARE(x.kernelLogSequence, std::optional<quint64>(2));
        Snapshot second = reading(at(201));
        w.apply(second);
        QVERIFY(second.gpus[1].healthFacts->xids.isEmpty()); // once
        QCOMPARE(second.gpus[1].health->state, HealthState::Failing);
        QVERIFY2(second.gpus[1].health->reasons.join(u' ').contains(u"79"),
                 qPrintable(second.gpus[1].health->reasons.join(u' ')));
    }

    void anXidAnEarlierRunToldIsJudgedButNotToldAgain()
    {
        const QString path =
            log(record(1, 10, kLoad) +
                record(2, 100, "NVRM: Xid (PCI:0000:cb:00): 79, GPU has fallen off the bus."));
        HealthWatch w(options(path, at(150))); // the last reading journaled at 150 s
        Snapshot first = reading(at(200));
        w.apply(first);
        QVERIFY(first.gpus[1].healthFacts->xids.isEmpty());
        QCOMPARE(first.gpus[1].health->state, HealthState::Failing);
    }

    void anXidBeforeTheDriverLastLoadedHoldsNothing()
    {
        const QString path =
            log(record(1, 10, kLoad) +
                record(2, 100, "NVRM: Xid (PCI:0000:cb:00): 79, GPU has fallen off the bus.") +
                record(3, 150, kLoad));
        HealthWatch w(options(path));
        Snapshot first = reading(at(200));
        w.apply(first);
        QVERIFY(first.gpus[1].healthFacts->xids.isEmpty());
        QCOMPARE(first.gpus[1].health->state, HealthState::Ok);
    }

    void anApplicationsXidNamesItsProcessAndLeavesTheGpuOk()
    {
        const QString path = log(record(1, 10, kLoad));
        HealthWatch w(options(path));
        Snapshot first = reading(at(200));
        w.apply(first);
        // NVML's event and the kernel's line of the same XID: one, from both.
        Snapshot second = reading(at(201));
        XidEvent nvml;
        nvml.xid = 13;
        nvml.atMs = at(201);
        nvml.gpuInstanceId = 1;
        second.gpus[0].healthFacts->xids = {nvml};
        append(path, record(2, 201,
                            "NVRM: Xid (PCI:0000:01:00): 13, pid=4242, name=python, Graphics "
                            "SM Warp Exception on (GPC 0, TPC 1, SM 0): Out Of Range Address"));
        w.apply(second);
        Snapshot third = reading(at(202));
        w.apply(third);
        QList<XidEvent> told = second.gpus[0].healthFacts->xids + third.gpus[0].healthFacts->xids;
        QCOMPARE(told.size(), 1);
        QCOMPARE(told[0].xid, 13);
        QCOMPARE(told[0].source, XidEvent::Source::Both);
        QCOMPARE(told[0].pid, std::optional<qint64>(4242));
        QCOMPARE(told[0].processName, u"python"_s);
        QCOMPARE(told[0].gpuInstanceId, std::optional<int>(1));
        QCOMPARE(third.gpus[0].health->state, HealthState::Ok);
    }

    void aNewXidInTheLogComesWithTheNextReading()
    {
        const QString path = log(record(1, 10, kLoad));
        HealthWatch w(options(path));
        Snapshot first = reading(at(200));
        w.apply(first);
        QCOMPARE(first.gpus[0].health->state, HealthState::Ok);
        append(path, record(2, 200,
                            "NVRM: Xid (PCI:0000:01:00): 48, An uncorrectable double "
                            "bit error (DBE) has been detected on GPU"));
        Snapshot second = reading(at(201));
        w.apply(second);
        QCOMPARE(second.gpus[0].healthFacts->xids.size(), 1);
        QCOMPARE(second.gpus[0].health->state, HealthState::Failing);
        QCOMPARE(second.gpus[0].health->sinceMs, std::optional<qint64>(at(201)));
    }

    void anUnreadableLogIsSaidByOpenAndNotInEveryReading()
    {
        HealthWatch w(options(m_dir.filePath(u"no/such/kmsg"_s)));
        const QString note = w.open();
        QVERIFY2(note.contains(u"no/such/kmsg"), qPrintable(note));
        for (int k = 0; k < 2; ++k) {
            Snapshot r = reading(at(200 + k));
            w.apply(r);
            QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(u'\n')));
            QCOMPARE(r.gpus[0].health->state, HealthState::Ok);
        }
        // Not opened first: the first reading says it, once.
        HealthWatch unopened(options(m_dir.filePath(u"no/such/kmsg"_s)));
        for (int k = 0; k < 2; ++k) {
            Snapshot r = reading(at(200 + k));
            unopened.apply(r);
            QCOMPARE(r.warnings.size(), k == 0 ? 1 : 0);
            if (k == 0)
                QVERIFY2(r.warnings.first().contains(u"no/such/kmsg"),
                         qPrintable(r.warnings.first()));
        }
    }

    void aGpuThatReportsNothingIsUnknownAndOneThatDoesNotAnswerFailing()
    {
        HealthWatch w(options(QString()));
        Snapshot r = reading(at(200));
        r.gpus[0].healthFacts.reset();
        r.gpus[1].error = u"GPU is lost"_s;
        r.gpus[1].healthFacts.reset();
        w.apply(r);
        QCOMPARE(r.gpus[0].health->state, HealthState::Unknown);
        QCOMPARE(r.gpus[1].health->state, HealthState::Failing);
    }

    void anXidStormKeepsTheNewestAndSaysSo()
    {
        HealthWatch w(options(QString()));
        Snapshot r = reading(at(200));
        for (int i = 0; i < kMaxXidsPerReading + 6; ++i) {
            XidEvent x;
            x.xid = 94; // contained ECC error: health, given at once
            x.atMs = at(100) + i * 10'000;
            r.gpus[0].healthFacts->xids.append(x);
        }
        w.apply(r);
        QCOMPARE(r.gpus[0].healthFacts->xids.size(), kMaxXidsPerReading);
        QCOMPARE(r.gpus[0].healthFacts->xids.last().atMs,
                 at(100) + (kMaxXidsPerReading + 5) * 10'000);
        QVERIFY2(r.warnings.join(u'\n').contains(u"the newest 64 kept"),
                 qPrintable(r.warnings.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestHealthWatch)
#include "tst_healthwatch.moc"
