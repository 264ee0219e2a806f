#pragma once

// The Live tab's page for one GPU: four painted charts (utilisation, memory,
// temperature, power) over the last minutes, a band under the bottom two
// with the reasons its clocks were slowed (ClockEventBand), and a line of
// its other figures. The charts are the History tab's HistoryPlot, fed from the
// in-memory last hour (LiveHistory through a LiveHistoryProvider), so live
// works with history off and both tabs draw gaps by the same rule. Axes are
// fixed per metric: 0–100 %, memory 0–capacity, temperature up to a little
// above the slowdown threshold, power 0–power limit; the limits are drawn.

#include <QList>
#include <QString>
#include <QWidget>

#include <optional>

class QLabel;

namespace gw {

class ClockEventBand;
class HistoryChartModel;
class HistoryPlot;
class LiveHistory;
class LiveHistoryProvider;
struct Freshness;
struct GpuSample;

class LiveGpuPage final : public QWidget
{
    Q_OBJECT
public:
    // The history must outlive the page.
    explicit LiveGpuPage(const LiveHistory* history, QWidget* parent = nullptr);

    // The figures of g, and the axes that come with it (its memory size, its
    // power limit, its slowdown temperature, MIG mode).
    void showGpu(const GpuSample& g);
    // A stale server's figures line is greyed and says how old it is; the
    // charts show the record, whose gap speaks for itself.
    void setFreshness(const Freshness& f);
    // Reservations of jobs that coordinate on this GPU and the callers
    // waiting on its server (ReservationsView::gpuLines); empty: the line
    // is hidden.
    void setReservationLines(const QStringList& lines);
    QString reservationText() const;
    // Shows server's GPU uuid over [fromMs, toMs]; the charts ask the live
    // history for it (answers arrive on the next turn of the event loop). A
    // chart zoomed with the mouse keeps its view until it is reset.
    void refresh(const QString& server, const QString& uuid, qint64 fromMs, qint64 toMs);
    // New readings for these servers: the charts ask again.
    void notifyAppended(const QStringList& servers);

    HistoryPlot* utilisationChart() const { return m_plots.at(0); }
    HistoryPlot* memoryChart() const { return m_plots.at(1); }
    HistoryPlot* temperatureChart() const { return m_plots.at(2); }
    HistoryPlot* powerChart() const { return m_plots.at(3); }
    QList<HistoryPlot*> charts() const { return m_plots; }
    // The clock slowdown bands under the temperature and power charts.
    QList<ClockEventBand*> clockEventBands() const { return m_bands; }
    LiveHistoryProvider* provider() const { return m_provider; }

    // Where the temperature axis ends for a slowdown threshold (°C): the
    // next multiple of 5 at least 8 °C above it, so the line stays visible.
    static double temperatureTop(double slowdownC);

    // The layout's least size, with the lines the wrapped texts under the
    // charts take at the least width (narrow, they take more than the one
    // line the layout counts, and squeezed the charts below theirs).
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void applySeries();

    LiveHistoryProvider* m_provider;
    QList<HistoryChartModel*> m_models;
    QList<HistoryPlot*> m_plots;
    QList<ClockEventBand*> m_bands;
    QLabel* m_details;
    QLabel* m_reservations;
    QString m_detailsText;
    QString m_staleText; // empty while fresh
    int m_gpuIndex = 0;  // its series colour, as in the History tab
    QString m_server;
    QString m_uuid;
};

} // namespace gw
