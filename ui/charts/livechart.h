#pragma once

// One live chart: a metric of one GPU over a time window. Receives points
// already reduced to its width (NaN = gap) and replaces them in bulk; a gap
// splits the line into segments instead of drawing a false 0.

#include "model/metrics.h"

#include <QColor>

#include <QChartView>
#include <QList>
#include <QPointF>

class QChart;
class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace gw {

// A metric's default line colour on a light or dark window.
QColor metricColor(const MetricDef& d, bool dark);

class LiveChart final : public QChartView
{
    Q_OBJECT
public:
    explicit LiveChart(MetricId metric, QWidget* parent = nullptr);

    MetricId metric() const { return m_metric; }
    // Upper bound of the y axis in the metric's unit (the memory size in
    // MiB, the power limit…); 0 lets the axis follow the data. A percentage
    // always ends at 100.
    void setYMaximum(double max);
    // The unit the axis shows now ("GiB" for memory of a few GiB).
    QString displayUnit() const { return m_scale.symbol; }
    void setPoints(const QList<QPointF>& points, qint64 fromMs, qint64 toMs);

    // Points the chart can draw across: the plot width in device pixels.
    int pixelWidth() const;
    int segmentCount() const { return m_used; }
    qsizetype pointCount() const { return m_pointCount; }

protected:
    void changeEvent(QEvent* event) override;

private:
    QLineSeries* segment(int i);
    void applyPalette();
    void updateTitle();

    MetricId m_metric;
    DisplayScale m_scale;
    QChart* m_chart;
    QDateTimeAxis* m_x;
    QValueAxis* m_y;
    QList<QLineSeries*> m_segments;
    int m_used = 0;
    qsizetype m_pointCount = 0;
    double m_yMax = 0;
};

} // namespace gw
