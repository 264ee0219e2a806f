#pragma once

// Turns a series' reduced buckets into what HistoryPlot paints, in two ways:
//
// * Dense (buckets narrower than 2 device pixels, the usual case: the provider
//   answers ≤ 2 buckets per pixel): per device-pixel column, one span for the
//   min–max band and one for the mean line, joined to the previous column.
//   Spans are integer rectangles, which the raster engine fills with plain
//   span writes. A polygon or thick polyline through thousands of zig-zag
//   vertices instead takes the rasterizer 0.2–2 s per series (measured with
//   Qt 6.4), because every scanline crosses thousands of edges.
// * Sparse (zoomed in past the data's resolution): antialiased polylines
//   through bucket centres and band polygons; few vertices, so cheap.
//
// Gaps come from the record: a segment ends only before a bucket marked
// gapBefore (no reading for longer than kGapIntervals × the series' sampling
// interval). Empty buckets between readings are bridged — readings every 10 s
// in 1 s buckets are one line — and a gap is never drawn as 0.

#include "history/historytypes.h"

#include <QColor>
#include <QImage>
#include <QList>
#include <QPolygonF>
#include <QRect>

namespace gw {

struct HistoryMapping
{
    qint64 fromMs = 0;
    qint64 toMs = 1;
    QRectF plot;         // logical pixels
    double dpr = 1;      // device pixels per logical pixel
    double yMin = 0;     // display units at plot.bottom()
    double yMax = 1;     // display units at plot.top()
    double scale = 1;    // raw value × scale = display value
    int lineWidthPx = 2; // dense mean line thickness, device pixels

    double x(qint64 ms) const
    {
        return plot.left() +
               double(ms - fromMs) / double(std::max<qint64>(1, toMs - fromMs)) * plot.width();
    }
    double y(double display) const
    {
        return plot.bottom() - (display - yMin) / (yMax - yMin) * plot.height();
    }
};

struct HistorySeriesGeometry
{
    bool dense = false;
    QList<QRect> bandRects; // dense: device pixels
    QList<QRect> lineRects;
    QList<QPolygonF> bands; // sparse: logical pixels, closed
    QList<QPolygonF> lines;
    int segments = 0; // unbroken pieces of the mean line
};

// Rasterises dense spans into a layer image (ARGB32 premultiplied) whose
// top-left device pixel is `origin`: `blend` composes a translucent colour
// (the bands), `fill` writes an opaque one (the lines). Our own loops, because
// QPainter pays a span-function call per scanline of a 1-pixel-wide rectangle
// with a translucent brush (~50 ms for one 24 h band at 1600 px, Qt 6.4).
void blendSpans(QImage& layer, QPoint origin, const QList<QRect>& spans, QColor color);
void fillSpans(QImage& layer, QPoint origin, const QList<QRect>& spans, QColor color);

// intervalMs: the series' sampling interval (HistoryResult::intervalMs);
// readings that lie 2 device pixels or more apart are drawn as lines.
HistorySeriesGeometry layoutHistorySeries(const QList<HistoryBucket>& buckets,
                                          const HistoryMapping& m, qint64 intervalMs = 0);

} // namespace gw
