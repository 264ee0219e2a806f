// One XID seen by NVML and by the kernel log is one XID
// (core/sampling/xidmerge.h): merged with the line's process, given at once
// where it changes a GPU's health, an application's waiting a reading for
// the line that names its process, and never twice.
#include "sampling/xidmerge.h"

#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kBootMs = 1'790'000'000'000;
const QString kA = QStringLiteral("GPU-a");
const QString kB = QStringLiteral("GPU-b");

QList<GpuSample> gpus()
{
    GpuSample a, b;
    a.uuid = kA;
    a.pciBusId = QStringLiteral("00000000:CB:00.0");
    b.uuid = kB;
    b.pciBusId = QStringLiteral("00000000:44:00.0");
    return {a, b};
}

XidEvent nvmlXid(int code, qint64 atMs)
{
    XidEvent x;
    x.xid = code;
    x.atMs = atMs;
    x.source = XidEvent::Source::Nvml;
    return x;
}

// A kernel log line `afterMs` after boot.
kernellog::Scanner::Found logged(int code, const QString& bus, qint64 afterMs, quint64 sequence,
                                 std::optional<qint64> pid = std::nullopt)
{
    kernellog::Scanner::Found f;
    f.xid.code = code;
    f.xid.pciBusId = bus;
    f.xid.pid = pid;
    f.xid.processName = pid ? QStringLiteral("python3") : QString();
    f.xid.text = QStringLiteral("the driver's words");
    f.sequence = sequence;
    f.monotonicUs = afterMs * 1000;
    return f;
}

} // namespace

class TestXidMerge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bothSeeingItGiveOneWithTheLinesProcess()
    {
        XidMerger m;
        QStringList warnings;
        XidEvent n = nvmlXid(79, kBootMs + 10'000);
        n.gpuInstanceId = 2;
        const auto out = m.merge(kBootMs + 10'000, 1000, gpus(), {{kB, {n}}},
                                 {logged(79, QStringLiteral("00000000:44:00.0"), 9'800, 501, 1234)},
                                 kBootMs, warnings);
        QVERIFY(warnings.isEmpty());
        QCOMPARE(out.value(kB).size(), 1);
        const XidEvent x = out.value(kB).first();
        QCOMPARE(x.source, XidEvent::Source::Both);
        QCOMPARE(x.xid, 79);
        QCOMPARE(x.pid, std::optional<qint64>(1234));
        QCOMPARE(x.text, QStringLiteral("the driver's words"));
        QCOMPARE(x.gpuInstanceId, std::optional<int>(2));
        QCOMPARE(x.kernelLogSequence, std::optional<quint64>(501));
        QCOMPARE(x.atMs, kBootMs + 9'800); // the earlier of the two
        QVERIFY(out.value(kA).isEmpty());
    }

    // A GPU that fell off the bus is failing in this reading, whichever
    // source saw it; the other's later report is not a second XID.
    void aHealthXidIsGivenAtOnceAndOnlyOnce()
    {
        XidMerger m;
        QStringList warnings;
        auto out = m.merge(kBootMs + 10'000, 1000, gpus(), {{kB, {nvmlXid(79, kBootMs + 10'000)}}},
                           {}, kBootMs, warnings);
        QCOMPARE(out.value(kB).size(), 1);
        QCOMPARE(out.value(kB).first().source, XidEvent::Source::Nvml);
        out = m.merge(kBootMs + 11'000, 1000, gpus(), {},
                      {logged(79, QStringLiteral("00000000:44:00.0"), 10'200, 502)}, kBootMs,
                      warnings);
        QVERIFY(out.isEmpty());
        // The same code again much later is a new XID.
        out = m.merge(kBootMs + 60'000, 1000, gpus(), {{kB, {nvmlXid(79, kBootMs + 60'000)}}}, {},
                      kBootMs, warnings);
        QCOMPARE(out.value(kB).size(), 1);
        QVERIFY(warnings.isEmpty());
    }

    // XID 13 leaves the GPU ok but is told to its process's owner: NVML's
    // event waits a reading for the kernel log's line, which names him.
    void anApplicationsXidWaitsForTheLineThatNamesItsProcess()
    {
        XidMerger m;
        QStringList warnings;
        auto out = m.merge(kBootMs + 10'000, 1000, gpus(), {{kA, {nvmlXid(13, kBootMs + 10'000)}}},
                           {}, kBootMs, warnings);
        QVERIFY(out.isEmpty());
        out = m.merge(kBootMs + 11'000, 1000, gpus(), {},
                      {logged(13, QStringLiteral("00000000:cb:00.0"), 10'050, 600, 4242)}, kBootMs,
                      warnings);
        QCOMPARE(out.value(kA).size(), 1);
        QCOMPARE(out.value(kA).first().source, XidEvent::Source::Both);
        QCOMPARE(out.value(kA).first().pid, std::optional<qint64>(4242));
        // Without its line, it is given alone a reading later.
        out = m.merge(kBootMs + 20'000, 1000, gpus(), {{kA, {nvmlXid(31, kBootMs + 20'000)}}}, {},
                      kBootMs, warnings);
        QVERIFY(out.isEmpty());
        out = m.merge(kBootMs + 21'000, 1000, gpus(), {}, {}, kBootMs, warnings);
        QCOMPARE(out.value(kA).size(), 1);
        QCOMPARE(out.value(kA).first().xid, 31);
        QCOMPARE(out.value(kA).first().source, XidEvent::Source::Nvml);
        QVERIFY(warnings.isEmpty());
    }

    void aLineForAnotherGpuOrAnotherCodeIsItsOwn()
    {
        XidMerger m;
        QStringList warnings;
        const auto out =
            m.merge(kBootMs + 10'000, 1000, gpus(), {{kA, {nvmlXid(48, kBootMs + 10'000)}}},
                    {logged(48, QStringLiteral("00000000:44:00.0"), 10'000, 700),
                     logged(64, QStringLiteral("00000000:CB:00.0"), 10'000, 701)},
                    kBootMs, warnings);
        QCOMPARE(out.value(kA).size(), 2); // 48 from NVML, 64 from the line
        QCOMPARE(out.value(kB).size(), 1); // 48 from the line
        QCOMPARE(out.value(kB).first().source, XidEvent::Source::KernelLog);
    }

    void aLineForAGpuThisReadingDoesNotHaveIsSaid()
    {
        XidMerger m;
        QStringList warnings;
        const auto out = m.merge(kBootMs + 10'000, 1000, gpus(), {},
                                 {logged(79, QStringLiteral("00000000:99:00.0"), 9'000, 800)},
                                 kBootMs, warnings);
        QVERIFY(out.isEmpty());
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().contains(
                     QLatin1String("kernel log record 800: XID 79 of the GPU at "
                                   "00000000:99:00.0, which this reading does not have")),
                 qPrintable(warnings.first()));
    }

    // The window is the sampling interval where that is longer than 5 s:
    // a slow sampler's NVML event and its line are still one XID.
    void theWindowFollowsALongInterval()
    {
        XidMerger m;
        QStringList warnings;
        const auto out = m.merge(
            kBootMs + 60'000, 30'000, gpus(), {{kB, {nvmlXid(79, kBootMs + 60'000)}}},
            {logged(79, QStringLiteral("00000000:44:00.0"), 35'000, 900)}, kBootMs, warnings);
        QCOMPARE(out.value(kB).size(), 1);
        QCOMPARE(out.value(kB).first().source, XidEvent::Source::Both);
    }
};

QTEST_GUILESS_MAIN(TestXidMerge)
#include "tst_xidmerge.moc"
