// The Live tab's GPU page: the History tab's painted charts fed from the
// in-memory last hour, fixed axes per metric with their limits drawn, gaps
// from the record, MIG mode said in words. Renders the page to PNG (1024 ×
// 700 and 1920 × 1080, light and dark) beside the test binary.

#include "charts/clockeventband.h"
#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "common/palette.h"
#include "darkpalette.h"
#include "engine/livehistory.h"
#include "model/gpuhealth.h"
#include "window/livegpupage.h"

#include <QApplication>
#include <QStyleFactory>
#include <QTest>

#include <cmath>

using namespace gw;

namespace {

constexpr qint64 kNow = 1795305600000 + 15 * 3'600'000;
constexpr qint64 kSpan = 15 * 60'000;
const QString kServer = QStringLiteral("gpu-lab-01");
const QString kGpu = QStringLiteral("GPU-live");

GpuSample gpu(qint64 t)
{
    GpuSample g;
    g.index = 0;
    g.uuid = kGpu;
    g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
    const double phase = double(t % 600'000) / 600'000.0 * 2 * M_PI;
    g.utilizationGpuPercent = 60 + 35 * std::sin(phase);
    g.memoryUsedMiB = 52'000 + 9'000 * std::sin(phase / 2);
    g.memoryTotalMiB = 81'559;
    g.temperatureC = 58 + 14 * std::sin(phase);
    g.slowdownTemperatureC = 87;
    g.powerW = 420 + 200 * std::sin(phase);
    g.powerLimitW = 700;
    g.smClockMHz = 1980;
    g.fanPercent = std::nullopt; // a passively cooled board: n/a, not 0
    g.persistenceMode = true;
    // NVML's clock-event reasons as a busy H100 gives them: idle when
    // nearly idle, the power cap near the limit, the software thermal
    // slowdown when hot.
    GpuHealthFacts facts;
    facts.clockEventReasons = (*g.utilizationGpuPercent < 30 ? 0x1 : 0) |
                              (*g.powerW > 600 ? 0x4 : 0) | (*g.temperatureC > 70 ? 0x20 : 0);
    facts.clockEventReasonsSupported = 0x1ff;
    g.healthFacts = facts;
    return g;
}

// 15 min at 1 Hz, each reading's GPU as edit(gpu, t) leaves it; a reading
// without the GPU where edit says false.
template <typename Edit>
void feedWith(LiveHistory& h, Edit edit)
{
    for (qint64 t = kNow - kSpan; t < kNow; t += 1000) {
        Snapshot s;
        s.server = kServer;
        s.timestampMs = t;
        s.intervalMs = 1000;
        GpuSample g = gpu(t);
        if (edit(g, t))
            s.gpus.append(g);
        h.append(s);
    }
}

// 15 min at 1 Hz, with an outage of `outageMs` ending 5 min before now.
void feed(LiveHistory& h, qint64 outageMs = 0, bool mig = false)
{
    feedWith(h, [&](GpuSample& g, qint64 t) {
        if (outageMs > 0 && t >= kNow - 5 * 60'000 - outageMs && t < kNow - 5 * 60'000)
            return false;
        if (mig) {
            g.migEnabled = true;
            g.utilizationGpuPercent.reset(); // the driver does not say, per GPU
        }
        return true;
    });
}

// Columns of [x0, x1) of the image with a pixel of the colour in [y0, y1].
int columnsWith(const QImage& image, const QColor& color, int x0, int x1, int y0, int y1)
{
    int columns = 0;
    for (int x = x0; x < x1; ++x) {
        for (int y = y0; y <= y1; ++y) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                    std::abs(c.blue() - color.blue()) <
                40) {
                ++columns;
                break;
            }
        }
    }
    return columns;
}

bool answered(const LiveGpuPage& page)
{
    for (HistoryPlot* p : page.charts()) {
        if (p->model()->isPending(0) || p->model()->buckets(0).isEmpty())
            return false;
    }
    return true;
}

// Shows the page, points it at the GPU and waits for the four answers.
void showAndWait(LiveGpuPage& page, const GpuSample& g, QSize size = {1024, 700})
{
    page.resize(size);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.showGpu(g);
    page.refresh(kServer, kGpu, kNow - kSpan, kNow);
    for (HistoryPlot* p : page.charts())
        p->model()->setPixelWidth(int(std::lround(p->plotRect().width() * p->devicePixelRatioF())));
    page.refresh(kServer, kGpu, kNow - kSpan, kNow);
    QTRY_VERIFY(answered(page));
}

QString pngPath(const QString& name)
{
    const bool hidpi = qApp->devicePixelRatio() > 1;
    return QStringLiteral(GW_TEST_BINARY_DIR "/") + name +
           (hidpi ? QStringLiteral("@2x.png") : QStringLiteral(".png"));
}

} // namespace

class TestLiveGpuPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }

    void axesAreFixedPerMetricWithTheirLimitsDrawn()
    {
        LiveHistory h;
        feed(h);
        LiveGpuPage page(&h);
        showAndWait(page, gpu(kNow));
        // 0–100 %, memory 0–capacity, power 0–limit, temperature a little
        // above the slowdown threshold; the limits drawn where they are.
        QCOMPARE(page.utilisationChart()->valueMax(), 100.0);
        QCOMPARE(page.memoryChart()->unitSymbol(), QStringLiteral("GiB"));
        QCOMPARE(page.memoryChart()->valueMax(), 81'559 / 1024.0);
        QCOMPARE(page.memoryChart()->limitLine(), std::optional<double>(81'559));
        QCOMPARE(page.powerChart()->valueMax(), 700.0);
        QCOMPARE(page.powerChart()->limitLine(), std::optional<double>(700));
        QCOMPARE(page.temperatureChart()->valueMax(), 95.0);
        QCOMPARE(page.temperatureChart()->limitLine(), std::optional<double>(87));

        // The capacity line is painted: the plot's top row is dashed.
        HistoryPlot* mem = page.memoryChart();
        const QImage img = mem->grab().toImage();
        const QRectF r = mem->plotRect();
        const double dpr = img.devicePixelRatio();
        const int y = int(std::floor(r.top() * dpr));
        const QRgb base = mem->palette().color(QPalette::Base).rgb();
        int marked = 0, total = 0;
        for (int x = int(r.left() * dpr) + 2; x < int(r.center().x() * dpr); ++x, ++total)
            marked += img.pixel(x, y) != base ? 1 : 0;
        QVERIFY2(marked > total / 4, qPrintable(QStringLiteral("%1 of %2").arg(marked).arg(total)));
    }

    void theLimitsLabelLeavesTheNewestReadingsVisible()
    {
        // A GPU held at 680 W of 700: the newest readings (the plot's right
        // end) sit just under the limit line; its label goes above the plot.
        LiveHistory h;
        feedWith(h, [](GpuSample& g, qint64) {
            g.powerW = 680;
            return true;
        });
        LiveGpuPage page(&h);
        showAndWait(page, gpu(kNow));
        HistoryPlot* power = page.powerChart();
        const QImage image = power->grab().toImage();
        const double dpr = image.devicePixelRatio();
        const QRectF r = power->plotRect();
        const QColor line = power->model()->colorAt(0);
        const int x0 = int((r.right() - 120) * dpr), x1 = int((r.right() - 4) * dpr);
        const int withLine = columnsWith(image, line, x0, x1, int(r.top() * dpr),
                                         int((r.top() + r.height() / 4) * dpr));
        const int columns = x1 - x0;
        QVERIFY2(withLine == columns,
                 qPrintable(QStringLiteral("%1 of %2").arg(withLine).arg(columns)));
    }

    void temperatureAxisDoesNotFollowTheData()
    {
        // Two GPUs, one cool and one hot, share the axis their threshold gives.
        LiveHistory h;
        feed(h);
        LiveGpuPage page(&h);
        GpuSample cool = gpu(kNow);
        cool.temperatureC = 31;
        showAndWait(page, cool);
        const double a = page.temperatureChart()->valueMax();
        GpuSample hot = gpu(kNow);
        hot.temperatureC = 84;
        page.showGpu(hot);
        QCOMPARE(page.temperatureChart()->valueMax(), a);
        // Without a reported threshold: the default (85 °C), still fixed.
        hot.slowdownTemperatureC.reset();
        page.showGpu(hot);
        QCOMPARE(page.temperatureChart()->limitLine(), std::optional<double>(85));
        QCOMPARE(page.temperatureChart()->valueMax(), LiveGpuPage::temperatureTop(85));
        QVERIFY(LiveGpuPage::temperatureTop(85) >= 90);
        // Without a power limit the axis follows the data and no line is drawn.
        hot.powerLimitW.reset();
        page.showGpu(hot);
        QVERIFY(!page.powerChart()->limitLine());
        QVERIFY(!page.powerChart()->valueTop());
    }

    void fifteenMinutesAtOneHertzAreOneLine_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
        QTest::newRow("2540x1400") << QSize(2540, 1400);
    }

    void fifteenMinutesAtOneHertzAreOneLine()
    {
        // The window's width must not cut the line into dots and dashes;
        // only the record's outage (40 s > 3 × 1 s) breaks it.
        QFETCH(QSize, size);
        LiveHistory h;
        feed(h);
        LiveGpuPage page(&h);
        showAndWait(page, gpu(kNow), size);
        for (HistoryPlot* p : page.charts())
            QCOMPARE(p->segmentCount(0), 1);

        LiveHistory gapped;
        feed(gapped, 40'000);
        LiveGpuPage page2(&gapped);
        showAndWait(page2, gpu(kNow), size);
        for (HistoryPlot* p : page2.charts())
            QCOMPARE(p->segmentCount(0), 2);
    }

    void aZoomedChartHoldsItsViewUntilReset()
    {
        LiveHistory h;
        feed(h);
        LiveGpuPage page(&h);
        showAndWait(page, gpu(kNow));
        HistoryChartModel* m = page.powerChart()->model();
        m->zoomTo(kNow - 10 * 60'000, kNow - 5 * 60'000);
        // The next second's refresh moves the other charts, not this one.
        page.refresh(kServer, kGpu, kNow - kSpan + 1000, kNow + 1000);
        QCOMPARE(m->fromMs(), kNow - 10 * 60'000);
        QCOMPARE(page.utilisationChart()->model()->toMs(), kNow + 1000);
        // Reset: back to the moving window from the next refresh on.
        m->resetZoom();
        QVERIFY(!m->isZoomed());
        page.refresh(kServer, kGpu, kNow - kSpan + 2000, kNow + 2000);
        QCOMPARE(m->toMs(), kNow + 2000);
    }

    void migModeSaysUtilisationIsNotReported()
    {
        LiveHistory h;
        feed(h, 0, true);
        LiveGpuPage page(&h);
        GpuSample g = gpu(kNow);
        g.migEnabled = true;
        g.utilizationGpuPercent.reset();
        page.resize(1024, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.showGpu(g);
        page.refresh(kServer, kGpu, kNow - kSpan, kNow);
        QTRY_VERIFY(!page.utilisationChart()->model()->isPending(0) &&
                    !page.utilisationChart()->model()->buckets(0).isEmpty());
        QCOMPARE(page.utilisationChart()->segmentCount(0), 0); // no line, and no zero line
        QCOMPARE(page.utilisationChart()->message(),
                 QStringLiteral("Utilisation is not reported in MIG mode"));
        // Memory is reported in MIG mode: drawn as usual.
        QTRY_COMPARE(page.memoryChart()->segmentCount(0), 1);
        QVERIFY(page.memoryChart()->message().isEmpty());
        // Out of MIG mode again: the ordinary words for no data.
        g.migEnabled = false;
        page.showGpu(g);
        QCOMPARE(page.utilisationChart()->message(), QStringLiteral("No data in this range"));
    }

    void clockSlowdownsAreBandsUnderTheBottomCharts()
    {
        LiveHistory h;
        feed(h, 40'000);
        LiveGpuPage page(&h);
        showAndWait(page, gpu(kNow));
        const QList<ClockEventBand*> bands = page.clockEventBands();
        QCOMPARE(bands.size(), 2);
        const HistoryPlot* charts[] = {page.temperatureChart(), page.powerChart()};
        const LiveHistory::ClockEvents events =
            h.clockEvents(kServer, kGpu, kNow - kSpan, kNow, clockSlowdownMask());
        QVERIFY(!events.runs.isEmpty());
        for (int i = 0; i < 2; ++i) {
            ClockEventBand* band = bands[i];
            const HistoryPlot* chart = charts[i];
            // Under its chart, on its time axis.
            QVERIFY(band->mapTo(&page, QPoint(0, 0)).y() >=
                    chart->mapTo(&page, QPoint(0, chart->height())).y());
            for (qint64 t : {kNow - kSpan, kNow - kSpan / 2, kNow})
                QCOMPARE(band->mapTo(&page, QPointF(band->xForTime(t), 0)).x(),
                         chart->mapTo(&page, QPointF(chart->xForTime(t), 0)).x());
            // Two lanes, power cap and the software thermal slowdown; idle is
            // asked for, not a slowdown, and has none.
            const QList<ClockEventBand::Lane> lanes = band->lanes();
            QCOMPARE(lanes.size(), 2);
            QCOMPARE(lanes[0].title, QStringLiteral("power cap"));
            QCOMPARE(lanes[1].title, QStringLiteral("thermal slowdown (software)"));
            QVERIFY(band->message().isEmpty());
            // The power cap's spans are the readings' runs with its bit.
            QList<std::pair<qint64, qint64>> capped;
            for (const auto& run : events.runs)
                if (run.reasons & 0x4) {
                    if (!capped.isEmpty() && capped.last().second == run.fromMs)
                        capped.last().second = run.toMs;
                    else
                        capped.append({run.fromMs, run.toMs});
                }
            QCOMPARE(lanes[0].spans, capped);
            // Thermal holds longer than the power cap (70 °C comes before 600 W).
            QVERIFY(lanes[1].spans[0].first < lanes[0].spans[0].first);
        }

        // Painted: the power cap's colour in the middle of its first span;
        // the tooltip there names it and its span.
        ClockEventBand* band = bands[1];
        const auto [from, to] = band->lanes()[0].spans[0];
        const double x = band->xForTime((from + to) / 2);
        const double y = band->sizeHint().height() / 4.0; // the first lane
        const QImage image = band->grab().toImage();
        const double dpr = image.devicePixelRatio();
        QCOMPARE(image.pixelColor(int(x * dpr), int(y * dpr)),
                 clockSlowdownColor(0x4, band->palette()));
        const QString tip = band->toolTipAt({x, y});
        QVERIFY2(tip.startsWith(QStringLiteral("Clocks slowed by power cap from ")),
                 qPrintable(tip));
        QVERIFY(tip.contains(formatDurationTwoUnits(to - from)));
        QVERIFY(band->toolTipAt({band->xForTime(kNow - kSpan) + 1, y}).isEmpty() ||
                from <= kNow - kSpan);

        // A zoomed chart takes its band along; the other band stays.
        const QList<ClockEventBand::Lane> before = bands[0]->lanes();
        page.powerChart()->model()->zoomTo(from + 1000, from + 61'000);
        QCOMPARE(band->lanes()[0].spans.size(), 1);
        QCOMPARE(band->lanes()[0].spans[0].first, from + 1000);
        QVERIFY(band->lanes()[0].spans[0].second <= from + 61'000);
        QCOMPARE(band->xForTime(from + 1000), page.powerChart()->plotRect().left());
        QCOMPARE(bands[0]->lanes().size(), before.size());
        QCOMPARE(bands[0]->lanes()[0].spans, before[0].spans);
    }

    void clockSlowdownsNotReportedAreSaid()
    {
        // A driver without the call (the facts carry no reasons): said, and
        // no lane; a GPU that reports them with nothing slowing it: said too.
        LiveHistory none;
        feedWith(none, [](GpuSample& g, qint64) {
            g.healthFacts->clockEventReasons.reset();
            return true;
        });
        LiveHistory calm;
        feedWith(calm, [](GpuSample& g, qint64) {
            g.healthFacts->clockEventReasons = 0x1; // idle only
            return true;
        });
        LiveGpuPage unknown(&none);
        showAndWait(unknown, gpu(kNow));
        for (ClockEventBand* band : unknown.clockEventBands()) {
            QVERIFY(band->lanes().isEmpty());
            QCOMPARE(band->message(), QStringLiteral("Clock slowdowns: not reported"));
            QCOMPARE(band->accessibleDescription(), band->message());
        }
        LiveGpuPage quiet(&calm);
        showAndWait(quiet, gpu(kNow));
        for (ClockEventBand* band : quiet.clockEventBands()) {
            QVERIFY(band->lanes().isEmpty());
            QCOMPARE(band->message(), QStringLiteral("Clock slowdowns: none in this range"));
        }
        // The band is one line high then; with two lanes, two.
        LiveHistory busy;
        feed(busy);
        LiveGpuPage page(&busy);
        showAndWait(page, gpu(kNow));
        QVERIFY(page.clockEventBands()[0]->height() > quiet.clockEventBands()[0]->height() * 3 / 2);
    }

    void rendersThePage_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("dark");
        QTest::newRow("1024x700") << QSize(1024, 700) << false;
        QTest::newRow("1024x700 dark") << QSize(1024, 700) << true;
        QTest::newRow("1920x1080") << QSize(1920, 1080) << false;
        QTest::newRow("1920x1080 dark") << QSize(1920, 1080) << true;
    }

    void rendersThePage()
    {
        QFETCH(QSize, size);
        QFETCH(bool, dark);
        LiveHistory h;
        feed(h, 40'000);
        LiveGpuPage page(&h);
        if (dark) {
            page.setPalette(test::darkPalette());
            page.setAutoFillBackground(true);
        }
        showAndWait(page, gpu(kNow), size);
        // Rendered: the four charts whole inside the page, each drawing its
        // line (pixels of the series colour across the plot), no message
        // ("Loading…", "No data…") in place of the data.
        QCOMPARE(page.charts().size(), 4);
        const QRect pageRect(QPoint(0, 0), size);
        for (int i = 0; i < 4; ++i) {
            HistoryPlot* p = page.charts().at(i);
            const QString which = QStringLiteral("chart %1").arg(i);
            QVERIFY2(p->isVisible(), qPrintable(which));
            const QRect r(p->mapTo(&page, QPoint(0, 0)), p->size());
            QVERIFY2(pageRect.contains(r), qPrintable(which));
            QVERIFY2(r.width() >= 200 && r.height() >= 80, qPrintable(which));
            QCOMPARE(p->message(), QString());
            const QImage image = p->grab().toImage();
            const double dpr = image.devicePixelRatio();
            const QRect plot = QRectF(p->plotRect().topLeft() * dpr, p->plotRect().size() * dpr)
                                   .toAlignedRect()
                                   .intersected(image.rect());
            const int columnsWithLine = columnsWith(image, p->model()->colorAt(0), plot.left(),
                                                    plot.right() + 1, plot.top(), plot.bottom());
            QVERIFY2(columnsWithLine >= plot.width() * 0.9,
                     qPrintable(QStringLiteral("%1: the line in %2 of %3 columns")
                                    .arg(which)
                                    .arg(columnsWithLine)
                                    .arg(plot.width())));
        }
        const QString name = QStringLiteral("gpu-page-%1x%2%3")
                                 .arg(size.width())
                                 .arg(size.height())
                                 .arg(dark ? QStringLiteral("-dark") : QString());
        QVERIFY(page.grab().save(pngPath(name)));
    }
};

QTEST_MAIN(TestLiveGpuPage)
#include "tst_livegpupage.moc"
