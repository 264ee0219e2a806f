#pragma once

// A history chart as one widget: the time range bar, the painted plot and a
// legend whose check boxes show and hide series. Several series (say the
// utilisation of all eight GPUs of a server) share one chart and one unit.
//
// Wiring it (the main window does this):
//
//     auto* chart = new gw::HistoryChart(historyProvider, parent);
//     chart->setTitle(tr("GPU utilisation — gpu-lab-01"));
//     chart->setSeries({{{server, gpu0Uuid, gw::MetricId::GpuUtilization},
//                        QStringLiteral("GPU 0")}, …});   // colour: from the palette
//     chart->followNow(24 * 3600 * 1000);   // or setFixedRange(fromMs, toMs)
//
// The chart asks the provider for plot-width-in-device-pixels points per
// visible series, again after range changes, resizes (debounced) and, while
// following now, on dataAppended for its servers. It never keeps raw samples:
// history lives in the provider. The provider must outlive the chart.
//
// model() is the legend model (QAbstractTableModel: name + visible check +
// colour, last value) and holds the range: zoomTo(), pan(), resetZoom().

#include "charts/historychartmodel.h"

#include <QWidget>

class QAbstractItemView;

namespace gw {

class HistoryPlot;
class TimeRangeBar;

class HistoryChart final : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryChart(HistoryProvider* provider, QWidget* parent = nullptr);

    void setSeries(const QList<HistorySeries>& series);
    void setTitle(const QString& title);
    // Presets: the last spanMs up to the newest sample, moving with new data.
    void followNow(qint64 spanMs);
    void setFixedRange(qint64 fromMs, qint64 toMs);
    void resetZoom();

    HistoryChartModel* model() const { return m_model; }
    HistoryPlot* plot() const { return m_plot; }
    TimeRangeBar* rangeBar() const { return m_bar; }
    QAbstractItemView* legend() const { return m_legend; }

private:
    HistoryChartModel* m_model;
    TimeRangeBar* m_bar;
    HistoryPlot* m_plot;
    QAbstractItemView* m_legend;
};

} // namespace gw
