// Live tab redraw cost: one GPU page, four charts (utilisation, memory,
// temperature, power), the last 15 min at 1 Hz, 1024 × 700.
//
//   live_chart_paint_ms          the page's four HistoryPlots, geometry rebuilt
//                                from new buckets and painted: what each
//                                second's new reading costs
//   live_chart_query_ms          the four LiveHistory queries behind them
//                                (reduction to the plot widths)
//   live_chart_frame_ms          a whole second's work: the window moved by a
//                                second, four queries answered through the
//                                event loop, laid out and painted
//   live_chart_paint_qtcharts_ms the same four charts drawn with Qt Charts
//                                (a QChartView per metric, a QLineSeries of
//                                the 900 readings, date-time and value axes),
//                                points replaced, then painted: what the Live
//                                tab did before (kept here only, to compare)
//
// Medians of repeated renders into a QImage, measured in the same run.

#include "benchtiming.h"
#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "engine/livehistory.h"
#include "sources/demoworld.h"
#include "window/livegpupage.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QImage>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace gw;

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kSpanMs = 15 * 60 * kSecondMs;
constexpr qint64 kNow = 1795305600000 + 15 * 3600 * kSecondMs;
constexpr QSize kSize(1024, 700);
constexpr int kRuns = 60;
constexpr MetricId kLiveMetrics[] = {MetricId::GpuUtilization, MetricId::GpuMemoryUsed,
                                     MetricId::GpuTemperature, MetricId::GpuPower};

void print(const char* name, double v)
{
    std::printf("%s=%.2f\n", name, v);
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    // 15 min of one demo server at 1 Hz.
    DemoWorld world;
    LiveHistory history;
    for (qint64 t = kNow - kSpanMs; t <= kNow; t += kSecondMs) {
        Snapshot s = world.serverAt(0, t);
        s.intervalMs = kSecondMs;
        history.append(s);
    }
    const Snapshot last = world.serverAt(0, kNow - kSecondMs);
    const QString server = last.server;
    const GpuSample gpu = last.gpus.first();

    // --- the page: four painted charts ---------------------------------------
    LiveGpuPage page(&history);
    page.resize(kSize);
    page.show();
    page.showGpu(gpu);
    page.refresh(server, gpu.uuid, kNow - kSpanMs, kNow);
    QList<HistoryChartModel*> models;
    for (HistoryPlot* p : page.charts()) {
        p->model()->setPixelWidth(int(p->plotRect().width()));
        p->model()->refresh();
        models.append(p->model());
    }
    auto pending = [&] {
        for (HistoryChartModel* m : models) {
            if (m->isPending(0))
                return true;
        }
        return false;
    };
    while (pending())
        QCoreApplication::processEvents();

    // Hidden from here on: the event loop must not paint the window as well
    // (render() paints a hidden widget the same way).
    page.hide();
    QImage image(kSize, QImage::Format_ARGB32_Premultiplied);
    const double paint = bench::medianMs(kRuns, [&] {
        for (HistoryPlot* p : page.charts())
            p->invalidate();
        page.render(&image);
    });
    // A whole second's work: the window moves by a second, the four charts
    // ask the live history, receive the answers, lay out and paint.
    int tick = 0;
    const double frame = bench::medianMs(kRuns, [&] {
        const qint64 end = kNow - (++tick % 2 ? 0 : kSecondMs);
        page.refresh(server, gpu.uuid, end - kSpanMs, end);
        while (pending())
            QCoreApplication::processEvents();
        page.render(&image);
    });
    const double query = bench::medianMs(kRuns, [&] {
        for (int i = 0; i < 4; ++i) {
            const HistoryResult r = history.query({server, gpu.uuid, kLiveMetrics[i]},
                                                  kNow - kSpanMs, kNow, models.at(i)->pixelWidth());
            if (r.buckets.isEmpty())
                std::abort();
        }
    });

    // --- the same four charts with Qt Charts -----------------------------------
    QWidget grid;
    auto* layout = new QGridLayout(&grid);
    layout->setContentsMargins(0, 0, 0, 0);
    QList<QLineSeries*> lines;
    // Two windows a second apart, alternated: every frame is new data, as
    // each second's reading makes it.
    QList<QList<QPointF>> points, nextPoints;
    for (int i = 0; i < 4; ++i) {
        const MetricDef& def = metricDef(kLiveMetrics[i]);
        QList<QPointF> pts, next;
        for (qint64 t = kNow - kSpanMs; t <= kNow; t += kSecondMs) {
            const Snapshot s = world.serverAt(0, t);
            if (const std::optional<double> v = metricValue(def, s.gpus.first())) {
                if (t < kNow)
                    pts.append(QPointF(double(t), *v));
                if (t > kNow - kSpanMs)
                    next.append(QPointF(double(t), *v));
            }
        }
        points.append(pts);
        nextPoints.append(next);
        auto* chart = new QChart;
        chart->legend()->hide();
        chart->setTitle(metricTitle(def));
        auto* x = new QDateTimeAxis;
        x->setFormat(QStringLiteral("HH:mm"));
        x->setRange(QDateTime::fromMSecsSinceEpoch(kNow - kSpanMs),
                    QDateTime::fromMSecsSinceEpoch(kNow));
        auto* y = new QValueAxis;
        const double top = std::max_element(pts.cbegin(), pts.cend(), [](QPointF a, QPointF b) {
                               return a.y() < b.y();
                           })->y();
        y->setRange(0, def.fixedMax > 0 ? def.fixedMax : top * 1.1 + 1);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        auto* line = new QLineSeries;
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        lines.append(line);
        auto* view = new QChartView(chart);
        view->setRenderHint(QPainter::Antialiasing, true);
        layout->addWidget(view, i / 2, i % 2);
    }
    grid.resize(kSize);
    grid.show();
    QCoreApplication::processEvents();
    grid.hide();
    int qtFrame = 0;
    const double qtcharts = bench::medianMs(kRuns, [&] {
        ++qtFrame;
        for (int i = 0; i < 4; ++i)
            lines[i]->replace(qtFrame % 2 ? nextPoints.at(i) : points.at(i));
        grid.render(&image);
    });

    std::printf("live_chart_points=%lld\n", qlonglong(points.first().size()));
    print("live_chart_paint_ms", paint);
    print("live_chart_query_ms", query);
    print("live_chart_frame_ms", frame);
    print("live_chart_paint_qtcharts_ms", qtcharts);
    return 0;
}
