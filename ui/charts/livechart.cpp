#include "charts/livechart.h"

#include "charts/axisstep.h"
#include "common/palette.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QValueAxis>

#include <cmath>

namespace gw {

namespace {
QColor lineColor(Metric m, bool dark)
{
    switch (m) {
    case Metric::GpuUtilization:
        return dark ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0);
    case Metric::MemoryUsed:
        return dark ? QColor(0xba, 0x68, 0xc8) : QColor(0x6a, 0x1b, 0x9a);
    case Metric::Temperature:
        return dark ? QColor(0xff, 0x8a, 0x65) : QColor(0xd8, 0x43, 0x15);
    case Metric::Power:
        return dark ? QColor(0xff, 0xd5, 0x4f) : QColor(0xb2, 0x6a, 0x00);
    }
    return {};
}
} // namespace

LiveChart::LiveChart(Metric metric, QWidget* parent)
    // Handing the chart to the constructor: QChartView(parent) would make a
    // default chart that setChart() releases without deleting.
    : QChartView(new QChart, parent)
    , m_metric(metric)
    , m_chart(chart())
    , m_x(new QDateTimeAxis)
    , m_y(new QValueAxis)
{
    const MetricInfo info = metricInfo(metric);
    m_chart->setTitle(info.title + QStringLiteral(" (") + info.unit + QLatin1Char(')'));
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(4, 4, 8, 4));
    m_chart->setBackgroundRoundness(0);
    m_x->setFormat(QStringLiteral("HH:mm"));
    m_x->setTickCount(5);
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setTickCount(5);
    // A QDateTimeAxis first shown without a valid range is never drawn again
    // (Qt 6.4), so start with the default window ending now.
    const QDateTime now = QDateTime::currentDateTime();
    m_x->setRange(now.addSecs(-15 * 60), now);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(220, 150);
    applyPalette();
}

void LiveChart::setYMaximum(double max)
{
    m_yMax = max;
}

int LiveChart::pixelWidth() const
{
    const int w = int(m_chart->plotArea().width() * devicePixelRatioF());
    return std::max(w, 64);
}

QLineSeries* LiveChart::segment(int i)
{
    while (m_segments.size() <= i) {
        auto* s = new QLineSeries;
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        QPen pen(lineColor(m_metric, isDarkPalette(palette())));
        pen.setWidthF(1.6);
        s->setPen(pen);
        m_segments.append(s);
    }
    return m_segments[i];
}

void LiveChart::setPoints(const QList<QPointF>& points, qint64 fromMs, qint64 toMs)
{
    // Split at NaN into contiguous segments; each segment is one series,
    // replaced in one call.
    QList<QList<QPointF>> parts(1);
    double maxY = 0;
    m_pointCount = 0;
    for (const auto& p : points) {
        if (std::isnan(p.y())) {
            if (!parts.back().isEmpty())
                parts.append(QList<QPointF>());
            continue;
        }
        parts.back().append(p);
        maxY = std::max(maxY, p.y());
        ++m_pointCount;
    }
    if (parts.back().isEmpty())
        parts.removeLast();
    for (int i = 0; i < parts.size(); ++i) {
        QLineSeries* s = segment(i);
        s->replace(parts[i]);
        s->setVisible(true);
    }
    for (int i = int(parts.size()); i < m_segments.size(); ++i) {
        m_segments[i]->clear();
        m_segments[i]->setVisible(false);
    }
    m_used = int(parts.size());

    m_x->setRange(QDateTime::fromMSecsSinceEpoch(fromMs), QDateTime::fromMSecsSinceEpoch(toMs));
    // Round the top up to a 1/2/2.5/5 step so ticks read 0, 25, 50…
    const double want = std::max(m_yMax > 0 ? m_yMax : maxY * 1.15, 1.0);
    const AxisTicks ticks = niceAxisTicks(want, 4);
    m_y->setRange(0, ticks.top);
    m_y->setTickCount(int(std::lround(ticks.top / ticks.step)) + 1);
    m_y->setLabelFormat(ticks.step < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
}

void LiveChart::applyPalette()
{
    const QPalette pal = palette();
    const bool dark = isDarkPalette(pal);
    m_chart->setBackgroundBrush(pal.color(QPalette::Base));
    m_chart->setPlotAreaBackgroundVisible(false);
    m_chart->setTitleBrush(pal.color(QPalette::Text));
    for (QAbstractAxis* axis :
         {static_cast<QAbstractAxis*>(m_x), static_cast<QAbstractAxis*>(m_y)}) {
        axis->setLabelsBrush(pal.color(QPalette::Text));
        axis->setLinePenColor(pal.color(QPalette::Mid));
        QColor grid = pal.color(QPalette::Mid);
        grid.setAlpha(90);
        axis->setGridLineColor(grid);
    }
    for (auto* s : std::as_const(m_segments)) {
        QPen pen = s->pen();
        pen.setColor(lineColor(m_metric, dark));
        s->setPen(pen);
    }
}

void LiveChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QChartView::changeEvent(event);
}

} // namespace gw
