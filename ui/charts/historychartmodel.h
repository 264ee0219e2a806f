#pragma once

// The data side of a history chart: which series it shows, over which time
// range, and the latest reduced answer for each. All data comes from a
// HistoryProvider; the model asks for as many points as the plot has device
// pixels, keeps one answer per series and drops answers to requests it no
// longer waits for (a newer range, a hidden series, a reset).
//
// As an item model it lists the series — the legend: column 0 is the name
// (checkable: visible, decoration: colour), column 1 the last value in range.
//
// Range model: a *base* range (a preset span that follows the newest sample,
// or a fixed custom range) and the *view* range shown. Zoom and pan change
// only the view and stop following; resetZoom() returns to the base.

#include "history/historyprovider.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QTimer>

#include <chrono>

namespace gw {

struct HistorySeries
{
    SeriesKey key;
    QString name; // shown in the legend and the crosshair box
    QColor color; // invalid: taken from historySeriesColor() by row
    bool visible = true;
};

// A metric's default line colour on a light or dark window (the metric
// table's colours; core links no Gui).
QColor metricColor(const MetricDef& d, bool dark);

// Distinct line colours, readable on light (dark == false) or dark windows.
QColor historySeriesColor(int index, bool dark);

class HistoryChartModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        LastValueColumn,
        ColumnCount
    };

    static constexpr qint64 kMinSpanMs = 10'000; // zooming stops at 10 s
    static constexpr std::chrono::milliseconds kResizeDebounce{80};

    explicit HistoryChartModel(HistoryProvider* provider, QObject* parent = nullptr);

    // --- series -------------------------------------------------------------
    void setSeries(const QList<HistorySeries>& series);
    int seriesCount() const { return int(m_rows.size()); }
    const HistorySeries& seriesAt(int row) const { return m_rows.at(row).series; }
    QColor colorAt(int row) const;
    bool isSeriesVisible(int row) const { return m_rows.at(row).series.visible; }
    void setSeriesVisible(int row, bool visible);
    // The metric of the first series: charts show one metric (one unit).
    MetricId metric() const;

    // Latest answer for a series (empty until one arrives); in time order.
    const QList<HistoryBucket>& buckets(int row) const { return m_rows.at(row).result.buckets; }
    QString errorAt(int row) const { return m_rows.at(row).result.error; }
    // The sampling interval the answer's gaps were decided with.
    qint64 intervalAt(int row) const { return m_rows.at(row).result.intervalMs; }
    bool isPending(int row) const { return m_rows.at(row).pendingId != 0; }

    // --- range --------------------------------------------------------------
    // Base range: the last `spanMs` up to the newest sample, moving with new data.
    void followNow(qint64 spanMs);
    // Base range: a fixed [fromMs, toMs).
    void setFixedRange(qint64 fromMs, qint64 toMs);
    // View changes; both stop following until resetZoom().
    void zoomTo(qint64 fromMs, qint64 toMs);
    void pan(qint64 deltaMs);
    void resetZoom();

    qint64 fromMs() const { return m_from; }
    qint64 toMs() const { return m_to; }
    qint64 spanMs() const { return m_to - m_from; }
    bool isFollowing() const { return m_following; }
    bool isZoomed() const { return m_zoomed; }
    // The span of the preset being followed, 0 for a fixed custom range.
    qint64 baseSpanMs() const { return m_baseFollow ? m_baseSpan : 0; }

    // --- resolution ---------------------------------------------------------
    // Plot width in device pixels = points asked per series. Debounced, so a
    // window being dragged bigger does not flood the provider.
    void setPixelWidth(int devicePixels);
    int pixelWidth() const { return m_pixelWidth; }
    // Re-asks for every visible series now (also flushes a pending resize).
    void refresh();

    // Decoration colours follow the chart's palette.
    void setDarkPalette(bool dark);

    // --- QAbstractItemModel -------------------------------------------------
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex& index, const QVariant& value, int role) final;
    Qt::ItemFlags flags(const QModelIndex& index) const final;
    QVariant headerData(int section, Qt::Orientation o, int role) const final;

Q_SIGNALS:
    void rangeChanged(qint64 fromMs, qint64 toMs);
    void zoomedChanged(bool zoomed);
    void followingChanged(bool following);
    // A series' buckets were replaced (an answer arrived, or it was cleared).
    void seriesDataChanged(int row);
    // Rows, visibility or colours changed: the chart redraws everything.
    void seriesLayoutChanged();

private:
    struct Row
    {
        HistorySeries series;
        HistoryResult result;
        quint64 pendingId = 0;
    };

    void onResult(quint64 id, const HistoryResult& result);
    void onDataAppended(const QStringList& servers);
    qint64 followEnd() const;
    void setView(qint64 fromMs, qint64 toMs, bool following, bool zoomed);
    void requestRow(int row);
    void requestAll();
    double lastValue(int row) const;

    HistoryProvider* m_provider;
    QList<Row> m_rows;
    qint64 m_from = 0;
    qint64 m_to = 0;
    bool m_following = false;
    bool m_zoomed = false;
    bool m_baseFollow = true;
    qint64 m_baseSpan = 3'600'000;
    qint64 m_baseFrom = 0;
    qint64 m_baseTo = 0;
    int m_pixelWidth = 0;
    bool m_dark = false;
    QTimer m_resizeTimer;
};

} // namespace gw
