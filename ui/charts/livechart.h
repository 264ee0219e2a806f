#pragma once

// One live chart: a metric of one GPU over a time window. Receives points
// already reduced to its width (NaN = gap) and replaces them in bulk; a gap
// splits the line into segments instead of drawing a false 0.

#include "model/units.h"

#include <QChartView>
#include <QList>
#include <QPointF>

class QChart;
class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace gw {

class LiveChart final : public QChartView
{
    Q_OBJECT
public:
    explicit LiveChart(Metric metric, QWidget* parent = nullptr);

    Metric metric() const { return m_metric; }
    // Upper bound of the y axis (100 % for utilisation, the memory size…);
    // 0 lets the axis follow the data.
    void setYMaximum(double max);
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

    Metric m_metric;
    QChart* m_chart;
    QDateTimeAxis* m_x;
    QValueAxis* m_y;
    QList<QLineSeries*> m_segments;
    int m_used = 0;
    qsizetype m_pointCount = 0;
    double m_yMax = 0;
};

} // namespace gw
