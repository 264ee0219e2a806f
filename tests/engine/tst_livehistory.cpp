#include "engine/livehistory.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace gw;

namespace {
const QString kServer = QStringLiteral("s");
const QString kGpu = QStringLiteral("GPU-a");

Snapshot at(qint64 t, std::optional<double> util, std::optional<double> power = 100,
            std::optional<qint64> intervalMs = 1000)
{
    Snapshot s;
    s.server = kServer;
    s.timestampMs = t;
    s.intervalMs = intervalMs;
    GpuSample g;
    g.uuid = kGpu;
    g.utilizationGpuPercent = util;
    g.powerW = power;
    g.memoryUsedMiB = 2048;
    s.gpus.append(g);
    return s;
}

SeriesKey key(MetricId m, const QString& gpu = kGpu)
{
    return {kServer, gpu, m};
}

QList<HistoryBucket> present(const HistoryResult& r)
{
    QList<HistoryBucket> out;
    for (const HistoryBucket& b : r.buckets) {
        if (b.count > 0)
            out.append(b);
    }
    return out;
}
} // namespace

class TestLiveHistory : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fewPointsComeBackAsTheyAre()
    {
        LiveHistory h;
        for (int i = 0; i < 10; ++i)
            h.append(at(1000 * i, 10 * i));
        // 100 ms buckets: one reading in every tenth, the rest empty.
        const HistoryResult r = h.query(key(MetricId::GpuUtilization), 0, 10'000, 100);
        QCOMPARE(r.buckets.size(), 100);
        const auto p = present(r);
        QCOMPARE(p.size(), 10);
        QCOMPARE(p[3].startMs, 3000);
        QCOMPARE(p[3].mean, 30.0);
        QCOMPARE(r.intervalMs, 1000);
        // Empty buckets between readings are no gap: the record has none.
        QVERIFY(historyGaps(r.buckets).isEmpty());
    }

    void manyPointsAreReducedToTheWidthKeepingExtremes()
    {
        LiveHistory h;
        for (int i = 0; i < 3600; ++i)
            h.append(at(1000 * i, i % 2 ? 100 : 0));
        const HistoryResult r = h.query(key(MetricId::GpuUtilization), 0, 3'600'000, 300);
        QCOMPARE(r.buckets.size(), 300);
        for (const HistoryBucket& b : r.buckets) {
            // Mean about 50, and the extremes kept: 0 and 100 in every bucket.
            QVERIFY2(std::abs(b.mean - 50) <= 1, qPrintable(QString::number(b.mean)));
            QCOMPARE(b.min, 0.0);
            QCOMPARE(b.max, 100.0);
            QCOMPARE(b.count, 12);
        }
    }

    void absentValuesAreNoReadingNeverZero()
    {
        LiveHistory h;
        for (int i = 0; i < 30; ++i)
            h.append(at(1000 * i, (i >= 10 && i < 20) ? std::nullopt : std::optional<double>(80)));
        const HistoryResult r = h.query(key(MetricId::GpuUtilization), 0, 30'000, 300);
        for (const HistoryBucket& b : present(r))
            QCOMPARE(b.min, 80.0); // never a 0 for the absent stretch
        // 11 s without a present value: a gap, from 9 s to 20 s.
        const auto g = historyGaps(r.buckets);
        QCOMPARE(g.size(), 1);
        QCOMPARE(g[0], std::make_pair(qint64(9100), qint64(20'000)));
        // The other metric of the same samples is unaffected.
        QVERIFY(historyGaps(h.query(key(MetricId::GpuPower), 0, 30'000, 300).buckets).isEmpty());
    }

    void gapsComeFromTheSamplingInterval()
    {
        // Readings every 10 s: a 25 s hole is no gap (under 3 intervals), a
        // 40 s hole is; the same at any width.
        LiveHistory h;
        qint64 t = 0;
        for (int i = 0; i < 10; ++i, t += 10'000)
            h.append(at(t, 50, 100, 10'000));
        t += 15'000; // hole of 25 s
        for (int i = 0; i < 10; ++i, t += 10'000)
            h.append(at(t, 50, 100, 10'000));
        t += 30'000; // hole of 40 s
        for (int i = 0; i < 10; ++i, t += 10'000)
            h.append(at(t, 50, 100, 10'000));
        for (int points : {20, 400, 4000}) {
            const HistoryResult r = h.query(key(MetricId::GpuUtilization), 0, t, points);
            QCOMPARE(r.intervalMs, 10'000);
            const auto g = historyGaps(r.buckets);
            QCOMPARE(g.size(), 1);
            const qint64 width = r.buckets.first().endMs - r.buckets.first().startMs;
            QVERIFY(std::abs(g[0].first - 205'000) <= width);
            QVERIFY(std::abs(g[0].second - 245'000) <= width);
        }
    }

    void readingsWithoutAnIntervalGetTheDefault()
    {
        LiveHistory h;
        h.append(at(0, 1, 100, std::nullopt));
        h.append(at(1000, 1, 100, std::nullopt));
        h.append(at(5000, 1, 100, std::nullopt)); // 4 s > 3 × 1 s: a gap
        const HistoryResult r = h.query(key(MetricId::GpuUtilization), 0, 6000, 60);
        QCOMPARE(r.intervalMs, kDefaultSamplingIntervalMs);
        QCOMPARE(historyGaps(r.buckets).size(), 1);
    }

    void memoryIsInTheMetricsUnitMiB()
    {
        // The chart, not the history, scales to GiB (one decision, in units).
        LiveHistory h;
        h.append(at(0, 1));
        h.append(at(1000, 1));
        QCOMPARE(present(h.query(key(MetricId::GpuMemoryUsed), 0, 2000, 100)).first().mean, 2048.0);
    }

    void smClockIsKeptFromItsTableRow()
    {
        LiveHistory h;
        Snapshot s = at(0, 1);
        s.gpus[0].smClockMHz = 1410;
        h.append(s);
        h.append(at(1000, 1)); // no clock: absent, not 0
        const auto p = present(h.query(key(MetricId::GpuSmClock), 0, 2000, 100));
        QCOMPARE(p.size(), 1);
        QCOMPARE(p[0].mean, 1410.0);
    }

    void hostAndProcessMetricsHaveNoLiveSeries()
    {
        LiveHistory h;
        h.append(at(0, 1));
        QVERIFY(present(h.query(key(MetricId::HostCpu), 0, 1000, 100)).isEmpty());
    }

    void oldPointsAreDropped()
    {
        LiveHistory h(10'000);
        for (int i = 0; i < 100; ++i)
            h.append(at(1000 * i, 1));
        QCOMPARE(h.pointCount(kServer, kGpu), 11);
        QCOMPARE(h.newestMs(kServer), 99'000);
    }

    void outOfOrderBackfillKeepsTimeOrder()
    {
        LiveHistory h;
        h.append(at(5000, 5));
        h.append(at(1000, 1));
        h.append(at(3000, 3));
        h.append(at(3000, 33)); // same time: replaced, not doubled
        const auto p = present(h.query(key(MetricId::GpuUtilization), 0, 6000, 6));
        QCOMPARE(p.size(), 3);
        QCOMPARE(p[1].startMs, 3000);
        QCOMPARE(p[1].mean, 33.0);
    }

    void unknownGpuGivesNothing()
    {
        LiveHistory h;
        h.append(at(0, 1));
        QVERIFY(present(h.query(key(MetricId::GpuPower, QStringLiteral("GPU-other")), 0, 10, 10))
                    .isEmpty());
        QVERIFY(!h.query(key(MetricId::GpuPower), 10, 10, 10).error.isEmpty());
    }

    void clockEventsAreRunsOfTheSameReasons()
    {
        // 1 Hz: idle (not a slowdown) for 10 s, power cap 10–19 s, power cap
        // and thermal 20–24 s, a 10 s hole (> 3 intervals), power cap again.
        constexpr quint64 kIdle = 0x1, kPowerCap = 0x4, kThermal = 0x20;
        LiveHistory h;
        const auto add = [&](qint64 t, std::optional<quint64> reasons) {
            Snapshot s = at(t, 50);
            GpuHealthFacts facts;
            facts.clockEventReasons = reasons;
            s.gpus[0].healthFacts = facts;
            h.append(s);
        };
        for (qint64 t = 0; t < 10'000; t += 1000)
            add(t, kIdle);
        for (qint64 t = 10'000; t < 20'000; t += 1000)
            add(t, kPowerCap);
        for (qint64 t = 20'000; t < 25'000; t += 1000)
            add(t, kPowerCap | kThermal | kIdle);
        for (qint64 t = 35'000; t < 38'000; t += 1000)
            add(t, kPowerCap);
        const quint64 mask = clockSlowdownMask();
        QCOMPARE(mask & kIdle, 0u);

        const LiveHistory::ClockEvents all = h.clockEvents(kServer, kGpu, 0, 60'000, mask);
        QVERIFY(all.reported);
        QCOMPARE(all.runs.size(), 3);
        // A reading stands for halfway to its neighbours...
        QCOMPARE(all.runs[0].fromMs, 9500);
        QCOMPARE(all.runs[0].toMs, 19'500);
        QCOMPARE(all.runs[0].reasons, kPowerCap);
        // ...and half an interval at a gap in the record: none is guessed.
        QCOMPARE(all.runs[1].fromMs, 19'500);
        QCOMPARE(all.runs[1].toMs, 24'500);
        QCOMPARE(all.runs[1].reasons, kPowerCap | kThermal);
        QCOMPARE(all.runs[2].fromMs, 34'500);
        QCOMPARE(all.runs[2].toMs, 37'500);

        // Clipped to the range; a reading before the range still counts.
        const LiveHistory::ClockEvents part = h.clockEvents(kServer, kGpu, 15'000, 22'000, mask);
        QCOMPARE(part.runs.size(), 2);
        QCOMPARE(part.runs[0].fromMs, 15'000);
        QCOMPARE(part.runs[1].toMs, 22'000);
        const LiveHistory::ClockEvents tail = h.clockEvents(kServer, kGpu, 24'200, 24'400, mask);
        QCOMPARE(tail.runs.size(), 1);
        QCOMPARE(tail.runs[0].reasons, kPowerCap | kThermal);

        // Reported, nothing slowed it: an empty list that says so.
        const LiveHistory::ClockEvents idle = h.clockEvents(kServer, kGpu, 0, 9000, mask);
        QVERIFY(idle.reported);
        QVERIFY(idle.runs.isEmpty());
        // Inside the hole: nothing known, not "none".
        QVERIFY(!h.clockEvents(kServer, kGpu, 26'000, 33'000, mask).reported);
        QVERIFY(!h.clockEvents(QStringLiteral("other"), kGpu, 0, 60'000, mask).reported);
        QVERIFY(!h.clockEvents(kServer, kGpu, 60'000, 0, mask).reported);
    }

    void clockEventsAbsentAreNeverNone()
    {
        // A driver without the call: readings carry no reasons. So does a
        // reading with an error, whatever its facts say.
        LiveHistory h;
        for (qint64 t = 0; t < 10'000; t += 1000)
            h.append(at(t, 50));
        Snapshot broken = at(10'000, 50);
        broken.gpus[0].error = QStringLiteral("GPU is lost");
        GpuHealthFacts facts;
        facts.clockEventReasons = 0x4;
        broken.gpus[0].healthFacts = facts;
        h.append(broken);
        const LiveHistory::ClockEvents e = h.clockEvents(kServer, kGpu, 0, 20'000, ~0ULL);
        QVERIFY(!e.reported);
        QVERIFY(e.runs.isEmpty());

        // Readings that do not say are holes: a said one next to them gets
        // half an interval.
        Snapshot said = at(11'000, 50);
        said.gpus[0].healthFacts = facts;
        h.append(said);
        const LiveHistory::ClockEvents one = h.clockEvents(kServer, kGpu, 0, 20'000, ~0ULL);
        QVERIFY(one.reported);
        QCOMPARE(one.runs.size(), 1);
        QCOMPARE(one.runs[0].fromMs, 10'500);
        QCOMPARE(one.runs[0].toMs, 11'500);
    }

    void providerAnswersLaterWithTheIdItGave()
    {
        LiveHistory h;
        for (int i = 0; i < 10; ++i)
            h.append(at(1000 * i, 42));
        LiveHistoryProvider p(&h);
        QSignalSpy results(&p, &HistoryProvider::resultReady);
        const quint64 id = p.request(key(MetricId::GpuUtilization), 0, 10'000, 10);
        QVERIFY(id != 0);
        QCOMPARE(results.size(), 0); // never inside request()
        QTRY_COMPARE(results.size(), 1);
        QCOMPARE(results.at(0).at(0).toULongLong(), id);
        const auto r = results.at(0).at(1).value<HistoryResult>();
        QCOMPARE(r.buckets, h.query(key(MetricId::GpuUtilization), 0, 10'000, 10).buckets);
        QCOMPARE(p.newestMs(kServer), 9000);
        QCOMPARE(p.newestMs(QStringLiteral("other")), 0);
        QSignalSpy appended(&p, &HistoryProvider::dataAppended);
        p.notifyAppended({kServer});
        QCOMPARE(appended.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestLiveHistory)
#include "tst_livehistory.moc"
