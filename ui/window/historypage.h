#pragma once

// The History tab: one recorded metric of the selected server (per GPU, or
// the host's) over a time range the admin picks.

#include <QStringList>
#include <QWidget>

class QComboBox;

namespace gw {

class LiveState;
class HistoryChart;
class HistoryProvider;

class HistoryPage final : public QWidget
{
    Q_OBJECT
public:
    HistoryPage(const LiveState* fleet, HistoryProvider* history, QWidget* parent = nullptr);

    HistoryChart* chart() const { return m_chart; }
    // metricIndex: a row of the metric choice.
    void showMetric(int metricIndex);
    // The server to show; also called when its GPUs may have changed.
    void setServer(const QString& server);

private:
    void updateSeries();

    const LiveState* m_fleet;
    QComboBox* m_metric;
    HistoryChart* m_chart;
    QString m_server;
    // What the chart's series were made for: a new set restarts its queries.
    QString m_seriesServer;
    QStringList m_seriesGpus;
};

} // namespace gw
