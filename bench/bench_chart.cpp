// History chart redraw cost: 8 GPUs × 24 h on a 1600 × 600 chart.
//
//   chart_redraw_ms        HistoryPlot repainting reduced buckets (≤ 2 per
//                          device pixel per series, the provider's worst case)
//   chart_relayout_ms      the same after new data: geometry rebuilt, then painted
//   naive_chart_redraw_ms  a QChartView holding every raw 1 Hz sample of the
//                          day in 8 QLineSeries (8 × 86,400 points)
//
// Medians of repeated renders into a QImage, measured in the same run.

#include "benchtiming.h"
#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "fakehistoryprovider.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QElapsedTimer>
#include <QImage>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace gw;

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kDayMs = 24 * 3600 * kSecondMs;
constexpr qint64 kNow = 1795305600000 + 15 * 3600 * kSecondMs;
constexpr QSize kSize(1600, 600);
constexpr int kRuns = 40;
constexpr int kNaiveRuns = 5;

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
    const QList<HistorySeries> series =
        test::FakeHistoryProvider::demoGpuSeries(MetricId::GpuUtilization);

    // --- our chart: reduced buckets ----------------------------------------
    test::FakeHistoryProvider provider(kNow);
    provider.setBucketsPerPoint(2);
    HistoryChartModel model(&provider);
    HistoryPlot plot(&model);
    plot.resize(kSize);
    model.setSeries(series);
    model.setFixedRange(kNow - kDayMs, kNow);
    model.setPixelWidth(int(plot.plotRect().width()));
    model.refresh();
    auto pending = [&] {
        for (int row = 0; row < model.seriesCount(); ++row) {
            if (model.isPending(row))
                return true;
        }
        return false;
    };
    while (pending())
        QCoreApplication::processEvents();
    qsizetype buckets = 0;
    for (int row = 0; row < model.seriesCount(); ++row)
        buckets += model.buckets(row).size();

    QImage image(kSize, QImage::Format_ARGB32_Premultiplied);
    const double redraw = bench::medianMs(kRuns, [&] { plot.render(&image); });
    const double relayout = bench::medianMs(kRuns, [&] {
        plot.invalidate();
        plot.render(&image);
    });

    // --- the naive way: every raw sample in a QLineSeries ------------------
    QList<QList<QPointF>> raw(series.size());
    const QStringList servers = DemoWorld::serverNames();
    DemoWorld fleet;
    for (qint64 t = kNow - kDayMs; t < kNow; t += kSecondMs) {
        for (int s = 0; s < servers.size(); ++s) {
            const Snapshot snap = fleet.serverAt(s, t);
            for (int i = 0; i < series.size(); ++i) {
                if (series.at(i).key.server != servers.at(s))
                    continue;
                const GpuSample* g = snap.gpuByUuid(series.at(i).key.target);
                if (g && g->utilizationGpuPercent)
                    raw[i].append(QPointF(double(t), *g->utilizationGpuPercent));
            }
        }
    }
    qsizetype rawPoints = 0;
    auto* chart = new QChart;
    chart->legend()->hide();
    auto* x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("HH:mm"));
    x->setRange(QDateTime::fromMSecsSinceEpoch(kNow - kDayMs),
                QDateTime::fromMSecsSinceEpoch(kNow));
    auto* y = new QValueAxis;
    y->setRange(0, 100);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (int i = 0; i < series.size(); ++i) {
        auto* line = new QLineSeries;
        line->replace(raw.at(i));
        rawPoints += raw.at(i).size();
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    QChartView view(chart);
    view.resize(kSize);
    view.setRenderHint(QPainter::Antialiasing, true);
    const double naive = bench::medianMs(kNaiveRuns, [&] {
        // QWidget::render, as for our chart (QGraphicsView hides it).
        static_cast<QWidget&>(view).render(&image);
    });

    std::printf("chart_series=%lld\n", qlonglong(series.size()));
    std::printf("chart_buckets=%lld\n", qlonglong(buckets));
    print("chart_redraw_ms", redraw);
    print("chart_relayout_ms", relayout);
    std::printf("naive_chart_points=%lld\n", qlonglong(rawPoints));
    print("naive_chart_redraw_ms", naive);
    return 0;
}
