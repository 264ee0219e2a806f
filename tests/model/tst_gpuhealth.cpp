// A GPU's health verdict over its readings (core/model/gpuhealth.h): what
// takes a GPU out and until when, what only ranks it last, what leaves it
// ok, and what cannot be judged.
#include "model/gpuhealth.h"

#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000;
constexpr qint64 kMinute = 60'000;
const QString kGpu = QStringLiteral("GPU-a");

// An NVIDIA GPU with nothing wrong, as our H200 answered.
GpuHealthFacts healthy(quint64 energyMj = 47'115'334)
{
    GpuHealthFacts f;
    f.energyMj = energyMj;
    f.eccEnabled = true;
    f.eccCorrectedVolatile = 0;
    f.eccUncorrectedVolatile = 0;
    f.eccCorrectedAggregate = 0;
    f.eccUncorrectedAggregate = 0;
    f.remappedRowsCorrectable = 0;
    f.remappedRowsUncorrectable = 0;
    f.remapPending = false;
    f.remapFailure = false;
    f.clockEventReasons = 0x1;
    f.pcieReplayCount = 0;
    return f;
}

XidEvent xid(int code, qint64 atMs)
{
    XidEvent x;
    x.xid = code;
    x.atMs = atMs;
    return x;
}

} // namespace

class TestGpuHealth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aHealthyGpuIsOkAndOneWithoutFiguresUnknown()
    {
        HealthTracker t;
        const GpuHealth ok = t.feed(kGpu, kT0, {}, healthy());
        QCOMPARE(ok.state, HealthState::Ok);
        QVERIFY(ok.reasons.isEmpty());
        QVERIFY(!ok.sinceMs);
        // AMD, or a driver that reports none of it: nothing to judge by.
        const GpuHealth unknown = t.feed(QStringLiteral("GPU-amd"), kT0, {}, std::nullopt);
        QCOMPARE(unknown.state, HealthState::Unknown);
    }

    void aGpuThatDoesNotAnswerIsFailing()
    {
        HealthTracker t;
        const GpuHealth h = t.feed(kGpu, kT0, QStringLiteral("GPU is lost"), std::nullopt);
        QCOMPARE(h.state, HealthState::Failing);
        QCOMPARE(h.reasons, QStringList{QStringLiteral("the GPU does not answer: GPU is lost")});
        QCOMPARE(h.sinceMs, std::optional<qint64>(kT0));
    }

    // XID 79 takes the GPU out within the reading and holds it out until
    // the GPU is seen reset (the driver reloaded: its energy counter starts
    // again).
    void anXid79FailsTheGpuUntilItIsReset()
    {
        HealthTracker t;
        QCOMPARE(t.feed(kGpu, kT0, {}, healthy()).state, HealthState::Ok);
        GpuHealthFacts f = healthy(47'200'000);
        f.xids << xid(79, kT0 + 1000);
        GpuHealth h = t.feed(kGpu, kT0 + 1000, {}, f);
        QCOMPARE(h.state, HealthState::Failing);
        QCOMPARE(h.reasons.size(), 1);
        QCOMPARE(h.reasons.first(), QStringLiteral("XID 79 (GPU has fallen off the bus) at "
                                                   "2026-09-21T14:13:21Z: reboot the server"));
        QCOMPARE(h.sinceMs, std::optional<qint64>(kT0 + 1000));
        // Later readings without the XID: still failing, since the same time.
        h = t.feed(kGpu, kT0 + 2000, {}, healthy(47'300'000));
        QCOMPARE(h.state, HealthState::Failing);
        QCOMPARE(h.sinceMs, std::optional<qint64>(kT0 + 1000));
        // The driver reloaded: the counter started again, the GPU is back.
        h = t.feed(kGpu, kT0 + 60 * kMinute, {}, healthy(1'000));
        QCOMPARE(h.state, HealthState::Ok);
        QVERIFY(!h.sinceMs);
    }

    // The job's fault (13, 31, 43): the GPU stays ok (the owner is told,
    // elsewhere).
    void anApplicationsXidLeavesTheGpuOk()
    {
        HealthTracker t;
        GpuHealthFacts f = healthy();
        f.xids << xid(13, kT0) << xid(31, kT0) << xid(43, kT0);
        QCOMPARE(t.feed(kGpu, kT0, {}, f).state, HealthState::Ok);
    }

    void aDegradingXidAndAnUnknownOneRankTheGpuLast()
    {
        HealthTracker t;
        GpuHealthFacts f = healthy();
        f.xids << xid(92, kT0) << xid(999, kT0);
        const GpuHealth h = t.feed(kGpu, kT0, {}, f);
        QCOMPARE(h.state, HealthState::Degraded);
        QCOMPARE(h.reasons.size(), 2);
        QVERIFY2(h.reasons[1].startsWith(QLatin1String("XID 999 (not in NVIDIA's catalogue)")),
                 qPrintable(h.reasons[1]));
    }

    void theDriversCountersJudgeTheGpu()
    {
        HealthTracker t;
        GpuHealthFacts pending = healthy();
        pending.remapPending = true;
        GpuHealth h = t.feed(QStringLiteral("GPU-1"), kT0, {}, pending);
        QCOMPARE(h.state, HealthState::Degraded);
        QCOMPARE(h.reasons, QStringList{QStringLiteral("a row remap waits for a GPU reset")});

        GpuHealthFacts failed = healthy();
        failed.remapFailure = true;
        failed.remapPending = true;
        h = t.feed(QStringLiteral("GPU-2"), kT0, {}, failed);
        QCOMPARE(h.state, HealthState::Failing);
        // Worst first.
        QVERIFY(h.reasons.first().startsWith(QLatin1String("row remapping failed")));
        QCOMPARE(h.reasons.size(), 2);

        GpuHealthFacts dbe = healthy();
        dbe.eccUncorrectedVolatile = 2;
        dbe.eccUncorrectedAggregate = 2;
        h = t.feed(QStringLiteral("GPU-3"), kT0, {}, dbe);
        QCOMPARE(h.state, HealthState::Failing);
        QCOMPARE(h.reasons,
                 QStringList{QStringLiteral(
                     "2 uncorrectable ECC errors since the driver loaded: reset the GPU")});

        GpuHealthFacts old = healthy();
        old.eccUncorrectedAggregate = 5;
        h = t.feed(QStringLiteral("GPU-4"), kT0, {}, old);
        QCOMPARE(h.state, HealthState::Degraded);

        GpuHealthFacts retired;
        retired.retiredPagesSbe = 2;
        retired.retiredPagesPending = true;
        h = t.feed(QStringLiteral("GPU-5"), kT0, {}, retired);
        QCOMPARE(h.state, HealthState::Degraded);
        QCOMPARE(h.reasons, QStringList{QStringLiteral("a retired page waits for a GPU reset")});

        // Absent is not bad: a driver without remapped rows says nothing.
        GpuHealthFacts bare;
        bare.energyMj = 5;
        QCOMPARE(t.feed(QStringLiteral("GPU-6"), kT0, {}, bare).state, HealthState::Ok);
    }

    // Counters judged by their rate over the last hour, not their total: a
    // GPU with many old replays is ok, one whose replays climb is not.
    void risingPcieReplaysAndNvlinkErrorsDegradeTheGpu()
    {
        HealthTracker t;
        GpuHealthFacts f = healthy();
        f.pcieReplayCount = 50'000; // old ones
        f.nvlinkErrors = NvLinkErrors{10, 0, 500, 0};
        for (int m = 0; m <= 30; ++m)
            QCOMPARE(t.feed(kGpu, kT0 + m * kMinute, {}, f).state, HealthState::Ok);
        // Now 10 a minute: 600 an hour.
        GpuHealth h;
        for (int m = 31; m <= 45; ++m) {
            f.pcieReplayCount = *f.pcieReplayCount + 10;
            h = t.feed(kGpu, kT0 + m * kMinute, {}, f);
        }
        QCOMPARE(h.state, HealthState::Degraded);
        QVERIFY2(h.reasons.first().startsWith(QLatin1String("PCIe replays at")),
                 qPrintable(h.reasons.join(u'|')));
        // An hour without more: the rate falls back, the GPU is ok again.
        for (int m = 46; m <= 120; ++m)
            h = t.feed(kGpu, kT0 + m * kMinute, {}, f);
        QCOMPARE(h.state, HealthState::Ok);
        // NVLink CRC errors climbing.
        for (int m = 121; m <= 140; ++m) {
            f.nvlinkErrors->crcFlit += 20;
            h = t.feed(kGpu, kT0 + m * kMinute, {}, f);
        }
        QCOMPARE(h.state, HealthState::Degraded);
        QVERIFY(h.reasons.first().startsWith(QLatin1String("NVLink errors at")));
    }

    // Readings a second apart (the series keeps points a minute apart):
    // 2 replays a second is 7,200 an hour.
    void aRateAtOneHertzIsJudgedTheSame()
    {
        HealthTracker t;
        GpuHealthFacts f = healthy();
        GpuHealth h;
        for (int s = 0; s <= 600; ++s) {
            f.pcieReplayCount = quint32(2 * s);
            h = t.feed(kGpu, kT0 + s * 1000, {}, f);
            if (s < 300) // less than five minutes: not judged yet
                QCOMPARE(h.state, HealthState::Ok);
        }
        QCOMPARE(h.state, HealthState::Degraded);
        QCOMPARE(h.reasons.first(),
                 QStringLiteral("PCIe replays at 7200 an hour (more than 100): check the link"));
    }

    // An agent restarted after an XID reads it back from the kernel log:
    // the GPU is still failing.
    void aSeededXidHoldsAfterARestart()
    {
        HealthTracker t;
        t.seed(kGpu, {xid(48, kT0 - 10 * kMinute), xid(13, kT0 - 9 * kMinute)});
        const GpuHealth h = t.feed(kGpu, kT0, {}, healthy());
        QCOMPARE(h.state, HealthState::Failing);
        QCOMPARE(h.reasons.size(), 1); // the 13 is the job's
        QVERIFY(h.reasons.first().startsWith(QLatin1String("XID 48 (Double Bit ECC Error)")));
    }

    void stateNamesReadBack()
    {
        for (const HealthState s :
             {HealthState::Ok, HealthState::Degraded, HealthState::Failing, HealthState::Unknown})
            QCOMPARE(healthStateFromName(healthStateName(s)), std::optional<HealthState>(s));
        QVERIFY(!healthStateFromName(QStringLiteral("sick")));
    }
};

QTEST_GUILESS_MAIN(TestGpuHealth)
#include "tst_gpuhealth.moc"
