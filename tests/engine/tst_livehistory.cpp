#include "engine/livehistory.h"

#include <QTest>

#include <cmath>

using namespace gw;

namespace {
const QString kServer = QStringLiteral("s");
const QString kGpu = QStringLiteral("GPU-a");

Snapshot at(qint64 t, std::optional<double> util, std::optional<double> power = 100)
{
    Snapshot s;
    s.server = kServer;
    s.timestampMs = t;
    GpuSample g;
    g.uuid = kGpu;
    g.utilizationGpuPercent = util;
    g.powerW = power;
    g.memoryUsedMiB = 2048;
    s.gpus.append(g);
    return s;
}

int gaps(const QList<QPointF>& pts)
{
    int n = 0;
    for (const auto& p : pts)
        n += std::isnan(p.y()) ? 1 : 0;
    return n;
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
        const auto pts = h.series(kServer, kGpu, MetricId::GpuUtilization, 0, 9000, 400);
        QCOMPARE(pts.size(), 10);
        QCOMPARE(pts[3], QPointF(3000, 30));
        QCOMPARE(gaps(pts), 0);
    }

    void manyPointsAreReducedToTheWidth()
    {
        LiveHistory h;
        for (int i = 0; i < 3600; ++i)
            h.append(at(1000 * i, i % 2 ? 100 : 0));
        const auto pts = h.series(kServer, kGpu, MetricId::GpuUtilization, 0, 3'599'000, 300);
        QVERIFY2(pts.size() <= 301 && pts.size() >= 290, qPrintable(QString::number(pts.size())));
        // Averages, not samples: alternating 0/100 reduces to about 50.
        for (const auto& p : pts)
            QVERIFY2(std::abs(p.y() - 50) <= 10, qPrintable(QString::number(p.y())));
    }

    void absentValuesAreGapsNotZero()
    {
        LiveHistory h;
        for (int i = 0; i < 30; ++i)
            h.append(at(1000 * i, (i >= 10 && i < 20) ? std::nullopt : std::optional<double>(80)));
        const auto pts = h.series(kServer, kGpu, MetricId::GpuUtilization, 0, 29'000, 400);
        QVERIFY(gaps(pts) >= 1);
        for (const auto& p : pts)
            QVERIFY(std::isnan(p.y()) || p.y() == 80); // never a 0 for the absent stretch
        // The other metric of the same samples is unaffected.
        QCOMPARE(gaps(h.series(kServer, kGpu, MetricId::GpuPower, 0, 29'000, 400)), 0);
    }

    void missingSamplesBreakTheLine()
    {
        LiveHistory h;
        for (int i = 0; i < 10; ++i)
            h.append(at(1000 * i, 50));
        for (int i = 60; i < 70; ++i) // 50 s outage
            h.append(at(1000 * i, 50));
        const auto pts = h.series(kServer, kGpu, MetricId::GpuUtilization, 0, 69'000, 400);
        QCOMPARE(gaps(pts), 1);
    }

    void memoryIsInTheMetricsUnitMiB()
    {
        // The chart, not the history, scales to GiB (one decision, in units).
        LiveHistory h;
        h.append(at(0, 1));
        h.append(at(1000, 1));
        QCOMPARE(h.series(kServer, kGpu, MetricId::GpuMemoryUsed, 0, 1000, 100).first().y(),
                 2048.0);
    }

    void smClockIsKeptFromItsTableRow()
    {
        LiveHistory h;
        Snapshot s = at(0, 1);
        s.gpus[0].smClockMHz = 1410;
        h.append(s);
        h.append(at(1000, 1)); // no clock: absent, not 0
        const auto pts = h.series(kServer, kGpu, MetricId::GpuSmClock, 0, 1000, 100);
        QCOMPARE(pts.size(), 2);
        QCOMPARE(pts[0].y(), 1410.0);
        QVERIFY(std::isnan(pts[1].y()));
    }

    void hostAndProcessMetricsHaveNoLiveSeries()
    {
        LiveHistory h;
        h.append(at(0, 1));
        QVERIFY(h.series(kServer, kGpu, MetricId::HostCpu, 0, 1000, 100).isEmpty());
    }

    void oldPointsAreDropped()
    {
        LiveHistory h(10'000);
        for (int i = 0; i < 100; ++i)
            h.append(at(1000 * i, 1));
        QCOMPARE(h.pointCount(kServer, kGpu), 11);
    }

    void outOfOrderBackfillKeepsTimeOrder()
    {
        LiveHistory h;
        h.append(at(5000, 5));
        h.append(at(1000, 1));
        h.append(at(3000, 3));
        h.append(at(3000, 33)); // same time: replaced, not doubled
        const auto pts = h.series(kServer, kGpu, MetricId::GpuUtilization, 0, 6000, 100);
        QCOMPARE(pts.size(), 3);
        QCOMPARE(pts[1], QPointF(3000, 33));
    }

    void unknownGpuGivesNothing()
    {
        LiveHistory h;
        h.append(at(0, 1));
        QVERIFY(h.series(kServer, QStringLiteral("GPU-other"), MetricId::GpuPower, 0, 10, 10)
                    .isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLiveHistory)
#include "tst_livehistory.moc"
