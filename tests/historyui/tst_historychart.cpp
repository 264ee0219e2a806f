#include "charts/axisstep.h"
#include "charts/historychart.h"
#include "charts/historychartmodel.h"
#include "charts/historygeometry.h"
#include "charts/historyplot.h"
#include "charts/timerangebar.h"
#include "darkpalette.h"
#include "engine/livehistory.h"
#include "engine/livestate.h"
#include "fakehistoryprovider.h"
#include "window/historypage.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTest>
#include <QTimeZone>

#include <limits>

using namespace gw;
using gw::test::FakeHistoryProvider;

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
// A Thursday afternoon (UTC), all demo jobs running.
constexpr qint64 kNow = 1795305600000 + 15 * kHour + 20 * kMinute;

QList<HistorySeries> twoGpus()
{
    return FakeHistoryProvider::demoGpuSeries(MetricId::GpuUtilization).mid(0, 2);
}

bool answered(const HistoryChartModel& m)
{
    for (int row = 0; row < m.seriesCount(); ++row) {
        if (m.isPending(row))
            return false;
    }
    return true;
}

int requestsFor(const FakeHistoryProvider& p, const QString& target)
{
    return int(std::count_if(p.requests().cbegin(), p.requests().cend(),
                             [&](const auto& r) { return r.key.target == target; }));
}

// A chart shown at a fixed size, with all answers in.
struct Fixture
{
    explicit Fixture(QList<HistorySeries> series = twoGpus(), QSize size = {900, 400})
        : provider(kNow)
        , chart(&provider)
    {
        chart.resize(size);
        chart.setSeries(series);
        chart.setFixedRange(kNow - kHour, kNow);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.model()->refresh(); // the width is known now; no debounce wait
        QTRY_VERIFY(answered(*chart.model()));
    }
    HistoryPlot* plot() const { return chart.plot(); }
    HistoryChartModel* model() const { return chart.model(); }

    FakeHistoryProvider provider;
    HistoryChart chart;
};

// The HiDPI run (QT_SCALE_FACTOR=2) writes its own files beside the 1× ones.
QString pngPath(const QString& name)
{
    const bool hidpi = qApp->devicePixelRatio() > 1;
    return QStringLiteral(GW_TEST_BINARY_DIR "/") + name +
           (hidpi ? QStringLiteral("@2x.png") : QStringLiteral(".png"));
}

} // namespace

class TestHistoryChart : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // Same look on every machine, whatever style the desktop would pick.
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    }

    // The one axis-step routine of the live and the history charts.
    void valueAxisStepsAreOneTwoTwoAndAHalfOrFive_data()
    {
        QTest::addColumn<double>("top");
        QTest::addColumn<int>("ticks");
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("axisTop");
        QTest::newRow("utilisation 0–100 in 4") << 100.0 << 4 << 25.0 << 100.0;
        QTest::newRow("80 GiB memory in 4") << 80.0 << 4 << 20.0 << 80.0;
        QTest::newRow("power 700 W in 4") << 700.0 << 4 << 200.0 << 800.0;
        QTest::newRow("just over a step") << 101.0 << 4 << 50.0 << 150.0;
        QTest::newRow("small values") << 0.9 << 4 << 0.25 << 1.0;
        QTest::newRow("five ticks of 5") << 23.0 << 5 << 5.0 << 25.0;
        QTest::newRow("nothing to show") << 0.0 << 4 << 1.0 << 1.0;
    }

    void valueAxisStepsAreOneTwoTwoAndAHalfOrFive()
    {
        QFETCH(double, top);
        QFETCH(int, ticks);
        QFETCH(double, step);
        QFETCH(double, axisTop);
        const AxisTicks t = niceAxisTicks(top, ticks);
        QCOMPARE(t.step, step);
        QCOMPARE(t.top, axisTop);
        QCOMPARE(niceAxisStep(-3), 1.0);
        QCOMPARE(niceAxisStep(std::numeric_limits<double>::infinity()), 1.0);
    }

    // The one time-axis routine of the history plot, the events timeline and
    // the balance plot.
    void timeAxisTicksFallOnRoundLocalTimes()
    {
        const QTimeZone berlin("Europe/Berlin");
        QVERIFY(berlin.isValid());
        const QList<qint64> steps{15 * kMinute, kHour, 6 * kHour, 24 * kHour, 7 * 24 * kHour};
        // 2026-03-28 22:07 to 2026-03-29 10:07 Berlin time: the clocks go
        // forward at 02:00 that night.
        const qint64 from = QDateTime(QDate(2026, 3, 28), QTime(22, 7), berlin).toMSecsSinceEpoch();
        const qint64 to = from + 11 * kHour;
        // Eleven hours in at most 4 ticks: 6 h steps on 0, 6 … local.
        TimeAxisTicks t = timeAxisTicks(from, to, 4, steps, berlin);
        QCOMPARE(t.stepMs, 6 * kHour);
        QVERIFY(!t.timesMs.isEmpty());
        for (qint64 ms : t.timesMs) {
            const QDateTime local = QDateTime::fromMSecsSinceEpoch(ms, berlin);
            QCOMPARE(local.time().minute(), 0);
            QVERIFY(ms >= from && ms <= to);
        }
        // In as many as 100: every 15 minutes, the first on the quarter.
        t = timeAxisTicks(from, to, 100, steps, berlin);
        QCOMPARE(t.stepMs, 15 * kMinute);
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(t.timesMs.first(), berlin).time(), QTime(22, 15));
        QCOMPARE(t.timesMs.size(), 44);
        // Three weeks in 3 ticks at most: none fits, so the last step, on
        // Mondays when asked, every seventh day from the first midnight
        // otherwise; midnights in local time across the clock change.
        const qint64 weeksFrom =
            QDateTime(QDate(2026, 3, 19), QTime(12, 0), berlin).toMSecsSinceEpoch(); // a Thursday
        const qint64 weeksTo = weeksFrom + 21 * 24 * kHour;
        t = timeAxisTicks(weeksFrom, weeksTo, 2, steps, berlin, true);
        QCOMPARE(t.stepMs, 7 * 24 * kHour);
        for (qint64 ms : t.timesMs) {
            const QDateTime local = QDateTime::fromMSecsSinceEpoch(ms, berlin);
            QCOMPARE(local.time(), QTime(0, 0));
            QCOMPARE(local.date().dayOfWeek(), int(Qt::Monday));
        }
        QCOMPARE(t.timesMs.size(), 3);
        t = timeAxisTicks(weeksFrom, weeksTo, 2, steps, berlin, false);
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(t.timesMs.first(), berlin).date(),
                 QDate(2026, 3, 20));
        for (qint64 ms : t.timesMs)
            QCOMPARE(QDateTime::fromMSecsSinceEpoch(ms, berlin).time(), QTime(0, 0));
        // Nothing to place.
        QVERIFY(timeAxisTicks(to, from, 4, steps, berlin).timesMs.isEmpty());
    }

    void legendModelPassesModelTester()
    {
        FakeHistoryProvider provider(kNow);
        HistoryChartModel model(&provider);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPixelWidth(400);
        model.setSeries(FakeHistoryProvider::demoGpuSeries(MetricId::GpuMemoryUsed));
        QCOMPARE(model.rowCount(), 9); // the demo's GPUs, the MIG H100 among them
        QTRY_VERIFY(answered(model));
        const QModelIndex name = model.index(0, HistoryChartModel::NameColumn);
        QCOMPARE(name.data().toString(), QStringLiteral("gpu-lab-01 GPU0"));
        QCOMPARE(name.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(name.data(Qt::DecorationRole).value<QColor>().isValid());
        QVERIFY(name.flags() & Qt::ItemIsUserCheckable);
        const QModelIndex last = model.index(0, HistoryChartModel::LastValueColumn);
        QVERIFY(last.data().toString().endsWith(QStringLiteral(" GiB")));
        QVERIFY(model.setData(name, Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!model.isSeriesVisible(0));
        model.setDarkPalette(true);
        model.setSeries({});
        QCOMPARE(model.rowCount(), 0);
    }

    void asksPlotWidthTimesDevicePixelRatioPoints()
    {
        Fixture f;
        const int expected =
            int(std::lround(f.plot()->plotRect().width() * f.plot()->devicePixelRatioF()));
        QVERIFY(expected > 100);
        QCOMPARE(f.model()->pixelWidth(), expected);
        QVERIFY(!f.provider.requests().isEmpty());
        QCOMPARE(f.provider.requests().last().points, expected);
        // Each answer fits the plot: at most two buckets per device pixel.
        QVERIFY(f.model()->buckets(0).size() <= 2 * expected);
    }

    void resizeAsksAgainOnceDebounced()
    {
        Fixture f;
        f.provider.clearRequests();
        for (int w = 700; w <= 1000; w += 50)
            f.chart.resize(w, 400);
        QCOMPARE(f.provider.requests().size(), 0); // not yet: debounced
        QTRY_COMPARE(f.provider.requests().size(), 2);
        QCOMPARE(f.provider.requests().last().points, f.model()->pixelWidth());
    }

    void staleAnswerIsDropped_data()
    {
        QTest::addColumn<bool>("oldArrivesLast");
        QTest::newRow("old answer after the new one") << true;
        QTest::newRow("old answer before the new one") << false;
    }
    void staleAnswerIsDropped()
    {
        QFETCH(bool, oldArrivesLast);
        FakeHistoryProvider provider(kNow);
        HistoryChartModel model(&provider);
        model.setPixelWidth(300);
        model.setSeries(twoGpus().mid(0, 1));
        provider.setHoldAnswers(true);
        model.setFixedRange(kNow - 6 * kHour, kNow);
        const auto oldRequest = provider.requests().last();
        model.setFixedRange(kNow - kHour, kNow);
        const auto newRequest = provider.requests().last();
        QVERIFY(newRequest.id != oldRequest.id);
        QSignalSpy spy(&model, &HistoryChartModel::seriesDataChanged);
        if (oldArrivesLast) {
            provider.release(newRequest.id);
            provider.release(oldRequest.id);
        } else {
            provider.release(oldRequest.id);
            QVERIFY(model.isPending(0));
            QVERIFY(model.buckets(0).isEmpty());
            provider.release(newRequest.id);
        }
        QCOMPARE(spy.size(), 1);
        QCOMPARE(model.buckets(0), provider.compute(newRequest).buckets);
        QVERIFY(!model.isPending(0));
    }

    void gapsComeFromTheRecordNotFromBuckets_data()
    {
        QTest::addColumn<double>("pixelsPerBucket");
        QTest::newRow("sparse layout") << 4.0; // wider buckets than pixels: polygons
        QTest::newRow("dense layout") << 0.5;  // narrower: pixel spans
    }

    void gapsComeFromTheRecordNotFromBuckets()
    {
        // One reading a minute in 10 s buckets: five of six buckets are empty,
        // and nothing is missing. Then 20 minutes without a reading: the
        // record marks the bucket after it (gapBefore).
        QFETCH(double, pixelsPerBucket);
        QList<HistoryBucket> buckets;
        const qint64 from = kNow - 2 * kHour;
        bool afterOutage = false;
        for (qint64 t = from; t < kNow; t += 10'000) {
            HistoryBucket b;
            b.startMs = t;
            b.endMs = t + 10'000;
            const bool outage = t >= kNow - 60 * kMinute && t < kNow - 40 * kMinute;
            afterOutage = afterOutage || outage;
            if ((t - from) % kMinute == 0 && !outage) {
                b.count = 1;
                b.min = b.max = b.mean = 50;
                b.gapBefore = afterOutage;
                afterOutage = false;
            }
            buckets.append(b);
        }
        HistoryMapping m;
        m.fromMs = from;
        m.toMs = kNow;
        m.plot = QRectF(0, 0, buckets.size() * pixelsPerBucket, 300);
        m.yMax = 100;
        QCOMPARE(layoutHistorySeries(buckets, m, kMinute).segments, 2);
        // Without the record's mark the same buckets are one line: empty
        // buckets are never a gap by themselves.
        for (auto& b : buckets)
            b.gapBefore = false;
        QCOMPARE(layoutHistorySeries(buckets, m, kMinute).segments, 1);

        // Dense readings: an empty bucket alone does not break the line; the
        // record's mark does.
        for (auto& b : buckets) {
            b.count = 1;
            b.min = b.max = b.mean = 50;
        }
        buckets[100].count = 0;
        buckets[100].mean = std::numeric_limits<double>::quiet_NaN();
        QCOMPARE(layoutHistorySeries(buckets, m, 1000).segments, 1);
        buckets[101].gapBefore = true;
        QCOMPARE(layoutHistorySeries(buckets, m, 1000).segments, 2);
    }

    void drawnAtAnyWidthTheLineBreaksOnlyAtTheRecordsGaps_data()
    {
        QTest::addColumn<qint64>("intervalMs");
        QTest::addColumn<qint64>("spanMs");
        QTest::newRow("1 s, 15 min") << qint64(1000) << 15 * kMinute;
        QTest::newRow("1 s, 24 h") << qint64(1000) << kDay;
        QTest::newRow("10 s, 6 h") << qint64(10'000) << 6 * kHour;
        QTest::newRow("60 s, 24 h") << qint64(60'000) << kDay;
    }

    void drawnAtAnyWidthTheLineBreaksOnlyAtTheRecordsGaps()
    {
        // Readings every interval with two outages (40 intervals: gaps) and
        // one short hole (2 intervals: none). Whatever the width, the line is
        // three pieces: never dots and dashes, never a barcode.
        QFETCH(qint64, intervalMs);
        QFETCH(qint64, spanMs);
        LiveHistory live(spanMs + kHour);
        const qint64 from = kNow - spanMs;
        const qint64 n = spanMs / intervalMs;
        for (qint64 i = 0; i < n; ++i) {
            const bool outage = (i >= n / 4 && i < n / 4 + 40) || (i >= n / 2 && i < n / 2 + 2) ||
                                (i >= 3 * n / 4 && i < 3 * n / 4 + 40);
            if (outage)
                continue;
            Snapshot s;
            s.server = QStringLiteral("s");
            s.timestampMs = from + i * intervalMs;
            s.intervalMs = intervalMs;
            GpuSample g;
            g.uuid = QStringLiteral("GPU-x");
            g.utilizationGpuPercent = i % 97 == 0 ? 0.0 : 50.0 + double(i % 7);
            s.gpus.append(g);
            live.append(s);
        }
        for (int width : {400, 1000, 1280, 2540, 4000}) {
            const HistoryResult r =
                live.query({QStringLiteral("s"), QStringLiteral("GPU-x"), MetricId::GpuUtilization},
                           from, kNow, width);
            HistoryMapping m;
            m.fromMs = from;
            m.toMs = kNow;
            m.plot = QRectF(0, 0, width, 300);
            m.yMax = 100;
            const HistorySeriesGeometry g = layoutHistorySeries(r.buckets, m, r.intervalMs);
            QVERIFY2(g.segments == 3,
                     qPrintable(QStringLiteral("%1 px: %2 segments").arg(width).arg(g.segments)));
            // The drops to 0 survive at every width: some bucket's minimum.
            const bool drop = std::any_of(r.buckets.cbegin(), r.buckets.cend(),
                                          [](const HistoryBucket& b) { return b.min == 0; });
            QVERIFY(drop);
        }
    }

    void gapsBreakTheLine()
    {
        FakeHistoryProvider p(kNow);
        p.setBuiltInGaps(false);
        const QList<HistorySeries> series = twoGpus();
        p.addGap(series.at(0).key.target, kNow - 40 * kMinute, kNow - 35 * kMinute);
        p.addGap(series.at(0).key.target, kNow - 20 * kMinute, kNow - 10 * kMinute);
        HistoryChart chart(&p);
        chart.resize(900, 400);
        chart.setSeries(series);
        chart.setFixedRange(kNow - kHour, kNow);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.model()->refresh();
        QTRY_VERIFY(answered(*chart.model()));
        QCOMPARE(chart.plot()->segmentCount(0), 3); // two outages, three pieces
        QCOMPARE(chart.plot()->segmentCount(1), 1); // the other GPU reported throughout
        // No point of the broken series lies in a gap bucket: nothing drawn at 0.
        for (const HistoryBucket& b : chart.model()->buckets(0)) {
            if (b.startMs >= kNow - 40 * kMinute && b.endMs <= kNow - 35 * kMinute) {
                QCOMPARE(b.count, 0);
                QVERIFY(std::isnan(b.mean));
            }
        }
        chart.grab().save(pngPath(QStringLiteral("history-gaps")));
    }

    void dragZoomsToTheDraggedInterval()
    {
        Fixture f;
        const QRectF r = f.plot()->plotRect();
        const QPoint a(int(r.left() + r.width() * 0.25), int(r.center().y()));
        const QPoint b(int(r.left() + r.width() * 0.5), int(r.center().y()));
        const qint64 expectFrom = f.plot()->timeForX(a.x());
        const qint64 expectTo = f.plot()->timeForX(b.x());
        QSignalSpy zoomed(f.model(), &HistoryChartModel::zoomedChanged);
        QTest::mousePress(f.plot(), Qt::LeftButton, {}, a);
        QTest::mouseMove(f.plot(), QPoint((a.x() + b.x()) / 2, a.y()));
        QTest::mouseMove(f.plot(), b);
        QCOMPARE(f.model()->fromMs(), kNow - kHour); // nothing until released
        QTest::mouseRelease(f.plot(), Qt::LeftButton, {}, b);
        QCOMPARE(f.model()->fromMs(), expectFrom);
        QCOMPARE(f.model()->toMs(), expectTo);
        QVERIFY(f.model()->isZoomed());
        QCOMPARE(zoomed.size(), 1);
        QVERIFY(f.chart.rangeBar()->resetButton()->isEnabled());
        // The zoomed range is asked for at full resolution.
        QCOMPARE(f.provider.requests().last().fromMs, expectFrom);
        QCOMPARE(f.provider.requests().last().toMs, expectTo);
        QTRY_VERIFY(answered(*f.model()));
        f.chart.grab().save(pngPath(QStringLiteral("history-zoomed")));

        // A click (no drag) does not zoom.
        QTest::mouseClick(f.plot(), Qt::LeftButton, {}, a);
        QCOMPARE(f.model()->fromMs(), expectFrom);
    }

    void resetRestoresTheRange()
    {
        Fixture f;
        f.model()->zoomTo(kNow - 30 * kMinute, kNow - 20 * kMinute);
        QTest::mouseDClick(f.plot(), Qt::LeftButton, {}, f.plot()->plotRect().center().toPoint());
        QCOMPARE(f.model()->fromMs(), kNow - kHour);
        QCOMPARE(f.model()->toMs(), kNow);
        QVERIFY(!f.model()->isZoomed());
        QVERIFY(!f.chart.rangeBar()->resetButton()->isEnabled());

        f.model()->zoomTo(kNow - 30 * kMinute, kNow - 20 * kMinute);
        f.chart.rangeBar()->resetButton()->click();
        QCOMPARE(f.model()->fromMs(), kNow - kHour);

        f.model()->pan(kMinute);
        QTest::keyClick(f.plot(), Qt::Key_Home);
        QCOMPARE(f.model()->fromMs(), kNow - kHour);

        // A followed preset resets to "now", following again.
        f.chart.rangeBar()->presetButton(6 * kHour)->click();
        QVERIFY(f.model()->isFollowing());
        QCOMPARE(f.model()->toMs(), kNow);
        f.model()->zoomTo(kNow - 2 * kHour, kNow - kHour);
        QVERIFY(!f.model()->isFollowing());
        f.model()->resetZoom();
        QVERIFY(f.model()->isFollowing());
        QCOMPARE(f.model()->fromMs(), kNow - 6 * kHour);
    }

    void panShiftsTheRange()
    {
        Fixture f;
        QTest::keyClick(f.plot(), Qt::Key_Right);
        QCOMPARE(f.model()->fromMs(), kNow - kHour + kHour / 10);
        QCOMPARE(f.model()->spanMs(), kHour);
        QTest::keyClick(f.plot(), Qt::Key_Left);
        QTest::keyClick(f.plot(), Qt::Key_Left);
        QCOMPARE(f.model()->fromMs(), kNow - kHour - kHour / 10);
        QVERIFY(f.model()->isZoomed());

        // Shift-drag moves the paper: dragging right shows earlier times.
        f.model()->resetZoom();
        const QRectF r = f.plot()->plotRect();
        const QPoint a(int(r.center().x()), int(r.center().y()));
        const QPoint b = a + QPoint(int(r.width() / 4), 0);
        QTest::mousePress(f.plot(), Qt::LeftButton, Qt::ShiftModifier, a);
        QTest::mouseMove(f.plot(), b);
        QTest::mouseRelease(f.plot(), Qt::LeftButton, Qt::ShiftModifier, b);
        const qint64 expected = qint64(std::llround((b.x() - a.x()) / r.width() * kHour));
        QCOMPARE(f.model()->fromMs(), kNow - kHour - expected);
        QCOMPARE(f.model()->spanMs(), kHour);
    }

    void crosshairShowsTheBucketUnderTheCursor()
    {
        Fixture f;
        const QRectF r = f.plot()->plotRect();
        const double x = r.left() + r.width() * 0.4;
        const qint64 t = f.plot()->timeForX(x);
        const QStringList lines = f.plot()->crosshairLines(x);
        QCOMPARE(lines.size(), 3); // the time, then two series
        for (int row = 0; row < 2; ++row) {
            const QList<HistoryBucket>& buckets = f.model()->buckets(row);
            const auto it = std::find_if(buckets.cbegin(), buckets.cend(), [t](const auto& b) {
                return b.startMs <= t && t < b.endMs;
            });
            QVERIFY(it != buckets.cend());
            const MetricId m = MetricId::GpuUtilization;
            const QString name = f.model()->seriesAt(row).name;
            QString expected;
            if (it->count == 0)
                expected = name + QStringLiteral(": n/a");
            else if (it->min == it->max)
                expected = name + QStringLiteral(": ") + formatMetric(m, it->mean);
            else
                expected = QStringLiteral("%1: %2 (min %3, max %4)")
                               .arg(name, formatMetric(m, it->mean), formatMetric(m, it->min),
                                    formatMetric(m, it->max));
            QCOMPARE(lines.at(1 + row), expected);
        }
        QVERIFY(f.plot()->crosshairLines(r.left() - 5).isEmpty());

        // In an outage the box says n/a, never 0.
        FakeHistoryProvider& p = f.provider;
        p.setBuiltInGaps(false);
        p.addGap({}, kNow - 30 * kMinute, kNow - 20 * kMinute);
        f.model()->refresh();
        QTRY_VERIFY(answered(*f.model()));
        const QStringList gap = f.plot()->crosshairLines(f.plot()->xForTime(kNow - 25 * kMinute));
        QCOMPARE(gap.at(1), f.model()->seriesAt(0).name + QStringLiteral(": n/a"));
        QCOMPARE(gap.at(2), f.model()->seriesAt(1).name + QStringLiteral(": n/a"));

        // Hovering paints the crosshair box.
        QTest::mouseMove(f.plot(), QPoint(int(x), int(r.center().y())));
        f.chart.grab().save(pngPath(QStringLiteral("history-crosshair")));
    }

    void legendToggleHidesASeries()
    {
        Fixture f;
        const QString hidden = f.model()->seriesAt(1).key.target;
        QVERIFY(f.plot()->segmentCount(1) > 0);
        f.provider.clearRequests();
        QVERIFY(f.model()->setData(f.model()->index(1, HistoryChartModel::NameColumn),
                                   Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(f.plot()->segmentCount(1), 0);
        f.model()->zoomTo(kNow - 30 * kMinute, kNow);
        QCOMPARE(requestsFor(f.provider, hidden), 0);
        QCOMPARE(requestsFor(f.provider, f.model()->seriesAt(0).key.target), 1);
        QCOMPARE(f.plot()->crosshairLines(f.plot()->plotRect().center().x()).size(), 2);
        // Shown again: asked for at once.
        f.model()->setSeriesVisible(1, true);
        QCOMPARE(requestsFor(f.provider, hidden), 1);
        QTRY_VERIFY(answered(*f.model()));
        QVERIFY(f.plot()->segmentCount(1) > 0);
    }

    void followingNowMovesWithNewData()
    {
        Fixture f;
        f.chart.followNow(kHour);
        QCOMPARE(f.model()->toMs(), kNow);
        f.provider.clearRequests();
        f.provider.advance(kNow + kMinute, {QStringLiteral("some-other-server")});
        QCOMPARE(f.provider.requests().size(), 0);
        f.provider.advance(kNow + kMinute, {f.model()->seriesAt(0).key.server});
        QCOMPARE(f.model()->toMs(), kNow + kMinute);
        QCOMPARE(f.model()->fromMs(), kNow + kMinute - kHour);
        QCOMPARE(f.provider.requests().size(), 2);
        // Zoomed, the view stays put while data keeps arriving.
        f.model()->zoomTo(kNow - 30 * kMinute, kNow - 20 * kMinute);
        f.provider.clearRequests();
        f.provider.advance(kNow + 2 * kMinute, {f.model()->seriesAt(0).key.server});
        QCOMPARE(f.provider.requests().size(), 0);
        QCOMPARE(f.model()->toMs(), kNow - 20 * kMinute);
    }

    void errorIsShownNotHidden()
    {
        Fixture f;
        f.provider.setError(QStringLiteral("database is locked"));
        f.model()->refresh();
        QTRY_VERIFY(answered(*f.model()));
        QCOMPARE(f.model()->errorAt(0), QStringLiteral("database is locked"));
        QCOMPARE(f.plot()->segmentCount(0), 0);
    }

    void fixedValueAxisEndsAtTheCapacityWithItsLine()
    {
        Fixture f(FakeHistoryProvider::demoGpuSeries(MetricId::GpuMemoryUsed).mid(0, 2));
        const double following = f.plot()->valueMax();
        f.plot()->setValueTop(81'559);
        f.plot()->setLimitLine(81'559, QStringLiteral("capacity"));
        // The axis ends at the capacity itself, whatever the data in view.
        QCOMPARE(f.plot()->unitSymbol(), QStringLiteral("GiB"));
        QCOMPARE(f.plot()->valueMax(), 81'559 / 1024.0);
        QVERIFY(f.plot()->valueMax() != following);
        // The line is painted along the plot's top.
        const QImage img = f.plot()->grab().toImage();
        const QRectF r = f.plot()->plotRect();
        const double dpr = img.devicePixelRatio();
        const int y = int(std::floor(r.top() * dpr));
        const QRgb base = f.plot()->palette().color(QPalette::Base).rgb();
        int marked = 0, total = 0;
        for (int x = int(r.left() * dpr) + 2; x < int(r.center().x() * dpr); ++x, ++total)
            marked += img.pixel(x, y) != base ? 1 : 0;
        QVERIFY2(marked > total / 4, qPrintable(QStringLiteral("%1 of %2").arg(marked).arg(total)));
        // No capacity known (0, NaN): the axis follows the data again.
        f.plot()->setValueTop(0);
        QVERIFY(!f.plot()->valueTop());
        QCOMPARE(f.plot()->valueMax(), following);
        f.plot()->setLimitLine(std::numeric_limits<double>::quiet_NaN());
        QVERIFY(!f.plot()->limitLine());
    }

    void historyMemoryChartTopsAtTheCapacity()
    {
        LiveState fleet;
        Snapshot s;
        s.server = QStringLiteral("gpu-lab-01");
        s.timestampMs = kNow;
        for (int i = 0; i < 2; ++i) {
            GpuSample g;
            g.index = i;
            g.uuid = QStringLiteral("GPU-%1").arg(i);
            g.memoryTotalMiB = i == 0 ? 40'960 : 81'559;
            s.gpus.append(g);
        }
        s.host.memoryTotalBytes = 256ULL << 30;
        fleet.ingest(s);
        FakeHistoryProvider provider(kNow);
        HistoryPage page(&fleet, &provider);
        page.setServer(s.server);
        auto* metric = page.findChild<QComboBox*>();
        QVERIFY(metric);
        metric->setCurrentIndex(metric->findData(int(MetricId::GpuMemoryUsed)));
        QCOMPARE(page.chart()->plot()->valueTop(), std::optional<double>(81'559));
        QCOMPARE(page.chart()->plot()->limitLine(), std::optional<double>(81'559));
        metric->setCurrentIndex(metric->findData(int(MetricId::HostMemoryUsed)));
        QCOMPARE(page.chart()->plot()->valueTop(), std::optional<double>(256 * 1024));
        metric->setCurrentIndex(metric->findData(int(MetricId::GpuUtilization)));
        QVERIFY(!page.chart()->plot()->valueTop());
        QVERIFY(!page.chart()->plot()->limitLine());
    }

    void timeTicksAreRound()
    {
        // A range that starts at an odd second still gets ticks on whole,
        // evenly spaced minutes.
        Fixture f;
        const qint64 from = kNow - 15 * kMinute + 17'000;
        f.model()->setFixedRange(from, from + 15 * kMinute);
        const QList<qint64> ticks = f.plot()->timeTickTimes();
        QVERIFY(ticks.size() >= 3);
        const qint64 step = ticks[1] - ticks[0];
        QVERIFY(step % kMinute == 0);
        for (qsizetype i = 0; i < ticks.size(); ++i) {
            const QTime t = QDateTime::fromMSecsSinceEpoch(ticks[i]).time();
            QCOMPARE(t.second(), 0);
            QCOMPARE((t.hour() * 60 + t.minute()) % int(step / kMinute), 0);
            if (i > 0)
                QCOMPARE(ticks[i] - ticks[i - 1], step);
        }
    }

    void rangeLabelIsNeverElided_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("wide") << 1600;
        QTest::newRow("default") << 1000;
        QTest::newRow("narrow") << 700;
        QTest::newRow("very narrow") << 480;
    }

    void rangeLabelIsNeverElided()
    {
        QFETCH(int, width);
        FakeHistoryProvider provider(kNow);
        HistoryChart chart(&provider);
        chart.setSeries(twoGpus());
        chart.followNow(kDay);
        chart.resize(width, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QLabel* label = nullptr;
        for (QLabel* l : chart.rangeBar()->findChildren<QLabel*>()) {
            if (l->toolTip() == chart.rangeBar()->rangeText())
                label = l;
        }
        QVERIFY(label);
        const QString shown = label->text();
        QVERIFY2(!shown.contains(QChar(0x2026)), qPrintable(shown)); // no "…"
        // Whole: it fits the label.
        QVERIFY2(label->fontMetrics().horizontalAdvance(shown) <= label->width(),
                 qPrintable(QStringLiteral("%1 in %2 px").arg(shown).arg(label->width())));
        // Both ends of the range are in it (times at least).
        const QString end = QLocale().toString(
            QDateTime::fromMSecsSinceEpoch(chart.model()->toMs()).time(), QStringLiteral("HH:mm"));
        QVERIFY2(shown.contains(end), qPrintable(shown));
        if (width >= 1600)
            QCOMPARE(shown, chart.rangeBar()->rangeText());
    }

    // Renders the views the docs show; saved next to the test binary, copied
    // to docs/screenshots by hand after looking at them.
    void rendersViews_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("span");
        QTest::addColumn<int>("metric");
        QTest::addColumn<bool>("zoom");
        QTest::addColumn<bool>("dark");
        QTest::newRow("24h") << QStringLiteral("history-24h") << kDay
                             << int(MetricId::GpuUtilization) << false << false;
        QTest::newRow("7d") << QStringLiteral("history-7d") << 7 * kDay
                            << int(MetricId::GpuUtilization) << false << false;
        QTest::newRow("zoom") << QStringLiteral("history-zoom") << kDay
                              << int(MetricId::GpuUtilization) << true << false;
        QTest::newRow("dark") << QStringLiteral("history-7d-dark") << 7 * kDay
                              << int(MetricId::GpuPower) << false << true;
    }
    void rendersViews()
    {
        QFETCH(QString, name);
        QFETCH(qint64, span);
        QFETCH(int, metric);
        QFETCH(bool, zoom);
        QFETCH(bool, dark);
        FakeHistoryProvider provider(kNow);
        HistoryChart chart(&provider);
        if (dark) {
            const QPalette pal = test::darkPalette();
            chart.setPalette(pal);
            chart.setAutoFillBackground(true);
        }
        chart.resize(1200, 520);
        chart.setSeries(FakeHistoryProvider::demoGpuSeries(MetricId(metric)));
        chart.followNow(span);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.model()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(answered(*chart.model()), 20000);
        if (zoom) {
            // Carol's evaluation window around 14:00, dragged out with the mouse.
            const QRectF r = chart.plot()->plotRect();
            const QPoint a(int(chart.plot()->xForTime(kNow - 2 * kHour - 10 * kMinute)),
                           int(r.center().y()));
            const QPoint b(int(chart.plot()->xForTime(kNow - 50 * kMinute)), a.y());
            QTest::mousePress(chart.plot(), Qt::LeftButton, {}, a);
            QTest::mouseMove(chart.plot(), b);
            QTest::mouseRelease(chart.plot(), Qt::LeftButton, {}, b);
            QTRY_VERIFY_WITH_TIMEOUT(answered(*chart.model()), 20000);
            chart.model()->setSeriesVisible(6, false); // one hidden in the legend
            QTest::mouseMove(chart.plot(), QPoint(int(r.left() + r.width() * 0.62), a.y()));
        }
        QVERIFY(chart.plot()->segmentCount(0) > 0);
        QVERIFY(chart.grab().save(pngPath(name)));
    }
};

QTEST_MAIN(TestHistoryChart)
#include "tst_historychart.moc"
