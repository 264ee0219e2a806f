#pragma once

// The painted part of a history chart: value and time axes, for each visible
// series a light min–max band and the mean line, gaps left blank, a rubber
// band for zooming and a crosshair with the exact values under the cursor.
// Painted with QPainter from the model's reduced buckets (at most 2 × the plot
// width per series), which keeps a full redraw of 8 series well inside a frame.
//
// On a vector device (QWidget::render onto a PDF or printer) the series are
// drawn as polylines and polygons, never through the raster layer.
//
// Mouse and keys: drag to zoom into the dragged interval; shift-drag or
// middle-drag, the wheel and Left/Right to pan; Ctrl+wheel and +/- to zoom
// around a point; double-click, Home or Esc to reset.

#include "charts/historygeometry.h"
#include "common/paintedaccessible.h"
#include "model/units.h"

#include <QTimeZone>
#include <QWidget>

#include <optional>

namespace gw {

class HistoryChartModel;

class HistoryPlot final : public QWidget, public AccessibleItems
{
    Q_OBJECT
public:
    explicit HistoryPlot(HistoryChartModel* model, QWidget* parent = nullptr);

    HistoryChartModel* model() const { return m_model; }
    void setTitle(const QString& title);
    // The zone the time axis and the crosshair read (a printed report's);
    // default: this machine's.
    void setTimeZone(const QTimeZone& zone);
    QTimeZone timeZone() const { return m_zone; }
    QString title() const { return m_title; }

    // A fixed value axis from 0 to `top` (in the metric's unit, MiB for
    // memory), whatever the data; absent: the axis follows the data in view
    // (or the metric's fixed maximum, 100 % for percentages).
    void setValueTop(std::optional<double> top);
    std::optional<double> valueTop() const { return m_fixedTop; }
    // A dashed line across the plot at `value` (the memory size, the power
    // limit, the slowdown temperature) with its label; absent: none.
    void setLimitLine(std::optional<double> value, const QString& label = {});
    std::optional<double> limitLine() const { return m_limit; }
    // Shown instead of "No data in this range" (say, "not reported in MIG
    // mode"); empty: the default.
    void setEmptyText(const QString& text);
    QString emptyText() const { return m_emptyText; }
    // The message painted over the plot now ("Loading…", "No data…"), empty
    // when data is shown; for tests.
    QString message() const;

    // The data area inside the axes, in logical pixels.
    QRectF plotRect() const;
    double xForTime(qint64 ms) const;
    qint64 timeForX(double x) const;

    // Test and diagnostics hooks; they lay out the geometry if needed.
    // Unbroken pieces of a series' mean line: gaps split it.
    int segmentCount(int row) const;
    // The crosshair box's text for a cursor at plot x: the bucket's time, then
    // one line per visible series. Empty outside the plot.
    QStringList crosshairLines(double x) const;
    // Value axis ends, in display units.
    double valueMin() const { return m_yMin; }
    double valueMax() const;
    // The unit the value axis shows now ("GiB" for memory of a few GiB).
    QString unitSymbol() const;
    // Times of the time axis' ticks (round: whole minutes, hours, days on
    // the local clock); for tests.
    QList<qint64> timeTickTimes() const;
    // Buckets with readings in a series' latest answer; for tests.
    int presentBucketCount(int row) const;

    // Drops the laid-out geometry; data, range, size and palette changes do
    // this by themselves (the bench uses it to time a full re-layout).
    void invalidate();

    QSize sizeHint() const final;
    QSize minimumSizeHint() const final;

    // Assistive technology reads the chart as its range and, per visible
    // series, mean, peak, low and gaps over the range shown
    // (common/paintedaccessible.h).
    int accessibleItemCount() const override;
    QString accessibleItemName(int index) const override;
    QString accessibleItemDescription(int index) const override;
    QRect accessibleItemRect(int index) const override;
    QAccessible::Role accessibleItemRole() const override { return QAccessible::Graphic; }
    QString accessibleSummary() const override;

protected:
    void paintEvent(QPaintEvent* event) final;
    void resizeEvent(QResizeEvent* event) final;
    void showEvent(QShowEvent* event) final;
    void changeEvent(QEvent* event) final;
    void mousePressEvent(QMouseEvent* event) final;
    void mouseMoveEvent(QMouseEvent* event) final;
    void mouseReleaseEvent(QMouseEvent* event) final;
    void mouseDoubleClickEvent(QMouseEvent* event) final;
    void wheelEvent(QWheelEvent* event) final;
    void keyPressEvent(QKeyEvent* event) final;
    void leaveEvent(QEvent* event) final;

private:
    struct TimeTick
    {
        qint64 ms;
        double x;
        QString label;
        QString date; // second line, only where the day changes
    };
    enum class Drag
    {
        None,
        Zoom,
        Pan
    };

    // The visible series' rows, in order: the accessible items.
    QList<int> visibleRows() const;
    void ensureGeometry() const;
    void layoutValueAxis() const;
    QList<TimeTick> timeTicks() const;
    double yForValue(double displayValue) const;
    void updatePixelWidth();
    void zoomAround(double x, double factor);
    const HistoryBucket* bucketAt(int row, qint64 ms) const;

    void paintAxes(QPainter& p, const QList<TimeTick>& ticks) const;
    void paintSeries(QPainter& p) const;
    void renderLayer() const;
    void paintVectorSeries(QPainter& p) const;
    // A series' min–max band: its colour, translucent.
    QColor bandColor(int row, bool dark) const;
    void paintOverlay(QPainter& p) const;
    void paintCrosshair(QPainter& p) const;

    HistoryChartModel* m_model;
    QString m_title;
    QTimeZone m_zone = QTimeZone::systemTimeZone();
    std::optional<double> m_fixedTop;
    std::optional<double> m_limit;
    QString m_limitLabel;
    QString m_emptyText;

    // Geometry cache, rebuilt lazily after data, range, size or palette change.
    mutable bool m_dirty = true;
    mutable QList<HistorySeriesGeometry> m_geometry;
    // Series pixels, kept between paints: hovering repaints only blit it.
    mutable QImage m_layer;
    mutable QPoint m_layerOrigin; // device pixel of the layer's top-left
    mutable bool m_layerDirty = true;
    // Painting onto a vector device (PDF, printer): series laid out as
    // polylines and drawn straight onto the painter, no raster layer.
    bool m_vector = false;
    mutable double m_yMin = 0;
    mutable double m_yMax = 1;
    mutable double m_yStep = 0.2;
    mutable DisplayScale m_scale; // of the value axis, chosen by its top

    Drag m_drag = Drag::None;
    double m_pressX = 0;
    double m_dragX = 0;
    bool m_cursorInside = false;
    QPointF m_cursor;
};

} // namespace gw
