#include "charts/historygeometry.h"

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

constexpr double kDenseBelowPx = 2; // device pixels per bucket

bool isGap(const HistoryBucket& b)
{
    return b.count <= 0 || std::isnan(b.mean);
}

// Appends a span covering device rows [lo, hi] and columns [left, right],
// `extra` rows thicker; merges with the previous span when it continues it.
void addSpan(QList<QRect>& out, int left, int right, double lo, double hi, int extra)
{
    const int top = int(std::lround(lo)) - extra / 2;
    const int height = int(std::lround(hi) - std::lround(lo)) + extra;
    const QRect r(left, top, right - left + 1, std::max(1, height));
    if (!out.isEmpty()) {
        QRect& last = out.last();
        if (last.top() == r.top() && last.height() == r.height() && last.right() + 1 == r.left()) {
            last.setRight(r.right());
            return;
        }
    }
    out.append(r);
}

struct Filter
{
    const HistoryMapping& m;
    bool open = false;

    // Buckets far outside the view (an old answer shown while a zoom loads)
    // are skipped; the neighbours at the edges keep the line running out.
    bool outside(const HistoryBucket& b) const
    {
        const qint64 w = std::max<qint64>(1, b.endMs - b.startMs);
        return b.endMs < m.fromMs - w || b.startMs > m.toMs + w;
    }
    // Gaps come from the record (HistoryBucket::gapBefore), never from how
    // many buckets lie between two readings.
    bool breaksBefore(const HistoryBucket& b) const { return open && b.gapBefore; }
    void took(const HistoryBucket&) { open = true; }
};

void layoutDense(const QList<HistoryBucket>& buckets, const HistoryMapping& m,
                 HistorySeriesGeometry& g)
{
    struct Column
    {
        int c = 0;
        double bandLo = 0, bandHi = 0, meanLo = 0, meanHi = 0, meanLast = 0;
    };
    Filter f{m};
    Column col;
    bool haveCol = false;
    bool joined = false; // the previous flushed column belongs to this segment
    int prevC = 0;
    double prevLast = 0;
    auto flush = [&] {
        if (!haveCol)
            return;
        haveCol = false;
        // Columns the line jumps over (buckets a little wider than a pixel)
        // are filled by this column's span, so the line never breaks there.
        const int left = joined ? std::min(prevC + 1, col.c) : col.c;
        addSpan(g.bandRects, left, col.c, col.bandLo, col.bandHi, 1);
        double lo = col.meanLo, hi = col.meanHi;
        if (joined) {
            lo = std::min(lo, prevLast);
            hi = std::max(hi, prevLast);
        }
        addSpan(g.lineRects, left, col.c, lo, hi, m.lineWidthPx);
        prevC = col.c;
        prevLast = col.meanLast;
        joined = true;
    };
    for (const HistoryBucket& b : buckets) {
        if (f.outside(b))
            continue;
        if (isGap(b))
            continue; // an empty bucket is no gap by itself
        if (f.breaksBefore(b)) {
            flush();
            joined = false;
        }
        f.took(b);
        const double x = m.x(b.startMs + (b.endMs - b.startMs) / 2) * m.dpr;
        const int c = int(std::floor(x));
        const double mean = m.y(b.mean * m.scale) * m.dpr;
        // y grows downwards: the band's top is the maximum.
        const double top = m.y((std::isnan(b.max) ? b.mean : b.max) * m.scale) * m.dpr;
        const double bottom = m.y((std::isnan(b.min) ? b.mean : b.min) * m.scale) * m.dpr;
        if (haveCol && c != col.c)
            flush();
        if (!haveCol) {
            if (!joined)
                ++g.segments;
            col = {c, top, bottom, mean, mean, mean};
            haveCol = true;
        } else {
            col.bandLo = std::min(col.bandLo, top);
            col.bandHi = std::max(col.bandHi, bottom);
            col.meanLo = std::min(col.meanLo, mean);
            col.meanHi = std::max(col.meanHi, mean);
            col.meanLast = mean;
        }
    }
    flush();
}

void layoutSparse(const QList<HistoryBucket>& buckets, const HistoryMapping& m,
                  HistorySeriesGeometry& g)
{
    Filter f{m};
    QPolygonF line, upper, lower;
    qint64 firstStart = 0;
    qint64 lastEnd = 0;
    auto flush = [&] {
        if (line.size() == 1) {
            // A lone bucket: drawn across its own width so it shows.
            const double x0 = m.x(firstStart), x1 = m.x(lastEnd);
            line = {QPointF(x0, line[0].y()), QPointF(x1, line[0].y())};
            upper = {QPointF(x0, upper[0].y()), QPointF(x1, upper[0].y())};
            lower = {QPointF(x0, lower[0].y()), QPointF(x1, lower[0].y())};
        }
        if (!line.isEmpty()) {
            std::reverse(lower.begin(), lower.end());
            g.bands.append(upper + lower);
            g.lines.append(line);
            ++g.segments;
        }
        line.clear();
        upper.clear();
        lower.clear();
    };
    for (const HistoryBucket& b : buckets) {
        if (f.outside(b))
            continue;
        if (isGap(b))
            continue; // an empty bucket is no gap by itself
        if (f.breaksBefore(b))
            flush();
        if (line.isEmpty())
            firstStart = b.startMs;
        lastEnd = b.endMs;
        f.took(b);
        const double x = m.x(b.startMs + (b.endMs - b.startMs) / 2);
        line.append(QPointF(x, m.y(b.mean * m.scale)));
        upper.append(QPointF(x, m.y((std::isnan(b.max) ? b.mean : b.max) * m.scale)));
        lower.append(QPointF(x, m.y((std::isnan(b.min) ? b.mean : b.min) * m.scale)));
    }
    flush();
}

// Each byte of x times a/255, two channels at a time (the classic trick).
inline quint32 byteMul(quint32 x, quint32 a)
{
    quint32 t = (x & 0xff00ff) * a;
    t = ((t + ((t >> 8) & 0xff00ff) + 0x800080) >> 8) & 0xff00ff;
    x = ((x >> 8) & 0xff00ff) * a;
    x = (x + ((x >> 8) & 0xff00ff) + 0x800080) & 0xff00ff00;
    return x | t;
}

template <typename PixelOp>
void forEachSpanRow(QImage& layer, QPoint origin, const QList<QRect>& spans, PixelOp op)
{
    const QRect bounds(QPoint(0, 0), layer.size());
    for (const QRect& s : spans) {
        const QRect r = s.translated(-origin).intersected(bounds);
        if (r.isEmpty())
            continue;
        for (int y = r.top(); y <= r.bottom(); ++y) {
            auto* row = reinterpret_cast<quint32*>(layer.scanLine(y)) + r.left();
            for (int i = 0; i < r.width(); ++i)
                row[i] = op(row[i]);
        }
    }
}

} // namespace

void blendSpans(QImage& layer, QPoint origin, const QList<QRect>& spans, QColor color)
{
    const quint32 src = qPremultiply(color.rgba());
    const quint32 inverse = 255 - quint32(qAlpha(src));
    forEachSpanRow(layer, origin, spans,
                   [src, inverse](quint32 dst) { return src + byteMul(dst, inverse); });
}

void fillSpans(QImage& layer, QPoint origin, const QList<QRect>& spans, QColor color)
{
    const quint32 src = qPremultiply(color.rgba());
    forEachSpanRow(layer, origin, spans, [src](quint32) { return src; });
}

HistorySeriesGeometry layoutHistorySeries(const QList<HistoryBucket>& buckets,
                                          const HistoryMapping& m, qint64 intervalMs)
{
    HistorySeriesGeometry g;
    // A middle bucket decides: the last one may be cut short by the range end.
    if (buckets.isEmpty())
        return g;
    const HistoryBucket& mid = buckets.at(buckets.size() / 2);
    const double widthPx = (m.x(mid.endMs) - m.x(mid.startMs)) * m.dpr;
    // Readings further apart than the buckets (one every 10 s in 1 s buckets)
    // are lines between readings, not columns.
    const double readingPx =
        (m.x(m.fromMs + std::max<qint64>(0, intervalMs)) - m.x(m.fromMs)) * m.dpr;
    g.dense = std::max(widthPx, readingPx) < kDenseBelowPx;
    if (g.dense)
        layoutDense(buckets, m, g);
    else
        layoutSparse(buckets, m, g);
    return g;
}

} // namespace gw
