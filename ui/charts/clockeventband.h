#pragma once

// The band under a GPU's chart that says when its clocks were slowed
// against its will: one lane per NVML clock-event reason seen in the
// chart's range (power cap, hardware slowdown, thermal, power brake), a bar
// where the readings said it, on the chart's own time axis (its range, zoom
// and plot edges). Where the readings said no slowdown the band says so in
// a line; where they said nothing (a driver without the call, AMD, a reading
// in error) it says the reasons are not reported: an unknown is never drawn
// as "none". Hovering a bar tells the reason and its span.
//
// Read straight from the in-memory last hour (LiveHistory) on the GUI
// thread: an hour at 1 Hz is 3,600 readings, read whenever the chart's data
// or range changes.

#include <QList>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <utility>

namespace gw {

class HistoryPlot;
class LiveHistory;

class ClockEventBand final : public QWidget
{
    Q_OBJECT
public:
    // Follows alignTo's model (range, zoom, new data); the history must
    // outlive the band.
    ClockEventBand(const LiveHistory* history, HistoryPlot* alignTo, QWidget* parent = nullptr);

    void setGpu(const QString& server, const QString& uuid);
    // Reads the history again for the chart's range now.
    void refresh();

    struct Lane
    {
        quint64 bit;                            // the reason's NVML bit
        QString title;                          // "power cap"
        QList<std::pair<qint64, qint64>> spans; // [from, to) ms, in time order
    };
    // The lanes shown now, in clockSlowdowns() order; for tests.
    QList<Lane> lanes() const { return m_lanes; }
    // The line shown where there are no lanes; empty with lanes.
    QString message() const;
    // The tooltip for a point of the band; empty off every bar.
    QString toolTipAt(QPointF pos) const;
    // The band's x for a time: the aligned chart's.
    double xForTime(qint64 ms) const;

    QSize sizeHint() const final;
    QSize minimumSizeHint() const final;

protected:
    bool event(QEvent* event) final;
    void paintEvent(QPaintEvent* event) final;

private:
    double laneHeight() const;
    QRectF laneRect(int lane) const;
    // The chart's plot edges in the band's coordinates.
    std::pair<double, double> plotEdges() const;
    // Where a span's bar is painted: clipped to the plot, 2 px at least.
    std::pair<double, double> barEdges(qint64 fromMs, qint64 toMs) const;

    const LiveHistory* m_history;
    QPointer<HistoryPlot> m_plot;
    QString m_server;
    QString m_uuid;
    bool m_reported = false;
    QList<Lane> m_lanes;
};

} // namespace gw
