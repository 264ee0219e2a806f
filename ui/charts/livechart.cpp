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

QColor metricColor(const MetricDef& d, bool dark)
{
    return QColor::fromRgb(dark ? d.colors.dark : d.colors.light);
}

LiveChart::LiveChart(MetricId metric, QWidget* parent)
    // Handing the chart to the constructor: QChartView(parent) would make a
    // default chart that setChart() releases without deleting.
    : QChartView(new QChart, parent)
    , m_metric(metric)
    , m_scale(metricDisplay(metricDef(metric), metricDef(metric).fixedMax))
    , m_chart(chart())
    , m_x(new QDateTimeAxis)
    , m_y(new QValueAxis)
{
    updateTitle();
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

void LiveChart::updateTitle()
{
    m_chart->setTitle(metricTitle(metricDef(m_metric)) + QStringLiteral(" (") + m_scale.symbol +
                      QLatin1Char(')'));
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
        QPen pen(metricColor(metricDef(m_metric), isDarkPalette(palette())));
        pen.setWidthF(1.6);
        s->setPen(pen);
        m_segments.append(s);
    }
    return m_segments[i];
}

void LiveChart::setPoints(const QList<QPointF>& points, qint64 fromMs, qint64 toMs)
{
    // One unit for the whole axis, chosen by its top in the metric's unit.
    const MetricDef& def = metricDef(m_metric);
    double maxRaw = 0;
    for (const auto& p : points) {
        if (!std::isnan(p.y()))
            maxRaw = std::max(maxRaw, p.y());
    }
    const double yMax = def.fixedMax > 0 ? def.fixedMax : m_yMax;
    const DisplayScale scale = metricDisplay(def, yMax > 0 ? yMax : maxRaw);
    const bool retitle = scale.symbol != m_scale.symbol;
    m_scale = scale;
    if (retitle)
        updateTitle();

    // Split at NaN into contiguous segments; each segment is one series,
    // replaced in one call.
    QList<QList<QPointF>> parts(1);
    m_pointCount = 0;
    for (const auto& p : points) {
        if (std::isnan(p.y())) {
            if (!parts.back().isEmpty())
                parts.append(QList<QPointF>());
            continue;
        }
        parts.back().append(QPointF(p.x(), p.y() * m_scale.factor));
        ++m_pointCount;
    }
    const double maxY = maxRaw * m_scale.factor;
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
    const double want = std::max(yMax > 0 ? yMax * m_scale.factor : maxY * 1.15, 1.0);
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
        pen.setColor(metricColor(metricDef(m_metric), dark));
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
