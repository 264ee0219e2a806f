#include "charts/historyplot.h"

#include "charts/axisstep.h"
#include "charts/historychartmodel.h"
#include "common/datetimetext.h"
#include "common/palette.h"
#include "model/metrics.h"
#include "model/units.h"

#include <QDateTime>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
constexpr double kMinDragPx = 4;     // shorter drags are clicks, not zooms
constexpr double kPanFraction = 0.1; // one key press or wheel notch
constexpr double kZoomStep = 0.8;    // span factor per notch / key press
constexpr int kMinValueTickPx = 36;  // between horizontal grid lines
constexpr int kLabelGapPx = 28;      // between time labels
constexpr double kLineWidth = 1.5;   // mean lines, logical pixels
constexpr double kVectorDpr = 16;    // device pixels per logical pixel assumed for vectors

QString dayLabel(const QDateTime& t)
{
    return QLocale().toString(t.date(), QStringLiteral("ddd d MMM"));
}

} // namespace

HistoryPlot::HistoryPlot(HistoryChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("History chart"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    connect(model, &HistoryChartModel::rangeChanged, this, &HistoryPlot::invalidate);
    connect(model, &HistoryChartModel::seriesDataChanged, this, &HistoryPlot::invalidate);
    connect(model, &HistoryChartModel::seriesLayoutChanged, this, &HistoryPlot::invalidate);
    connect(model, &QAbstractItemModel::modelReset, this, &HistoryPlot::invalidate);
    model->setDarkPalette(isDarkPalette(palette()));
}

void HistoryPlot::setTimeZone(const QTimeZone& zone)
{
    m_zone = zone.isValid() ? zone : QTimeZone::systemTimeZone();
    update();
}

void HistoryPlot::setTitle(const QString& title)
{
    m_title = title;
    update();
}

void HistoryPlot::setValueTop(std::optional<double> top)
{
    if (top && !(*top > 0 && std::isfinite(*top)))
        top.reset(); // a zero or unknown capacity: follow the data
    if (top == m_fixedTop)
        return;
    m_fixedTop = top;
    invalidate();
}

void HistoryPlot::setLimitLine(std::optional<double> value, const QString& label)
{
    if (value && !std::isfinite(*value))
        value.reset();
    if (value == m_limit && label == m_limitLabel)
        return;
    m_limit = value;
    m_limitLabel = label;
    update();
}

void HistoryPlot::setEmptyText(const QString& text)
{
    if (text == m_emptyText)
        return;
    m_emptyText = text;
    update();
}

QString HistoryPlot::message() const
{
    bool anyData = false, anyPending = false;
    QString error;
    for (int row = 0; row < m_model->seriesCount(); ++row) {
        if (!m_model->isSeriesVisible(row))
            continue;
        for (const HistoryBucket& b : m_model->buckets(row)) {
            if (b.count > 0) {
                anyData = true;
                break;
            }
        }
        anyPending = anyPending || m_model->isPending(row);
        if (error.isEmpty())
            error = m_model->errorAt(row);
    }
    if (!error.isEmpty())
        return tr("History unavailable: %1").arg(error);
    if (anyData)
        return {};
    if (!m_emptyText.isEmpty())
        return m_emptyText;
    return anyPending ? tr("Loading…") : tr("No data in this range");
}

QRectF HistoryPlot::plotRect() const
{
    const QFontMetrics fm = fontMetrics();
    const double left = fm.horizontalAdvance(QStringLiteral("8888.8 GiB")) + 12;
    const double top = fm.height() * 2 + 6;    // title and unit, then room for the top label
    const double bottom = fm.height() * 2 + 8; // time, then the date where it changes
    const double right = 16;
    return QRectF(left, top, std::max(1.0, width() - left - right),
                  std::max(1.0, height() - top - bottom));
}

double HistoryPlot::xForTime(qint64 ms) const
{
    const QRectF r = plotRect();
    const double span = double(std::max<qint64>(1, m_model->spanMs()));
    return r.left() + double(ms - m_model->fromMs()) / span * r.width();
}

qint64 HistoryPlot::timeForX(double x) const
{
    const QRectF r = plotRect();
    return m_model->fromMs() + qint64(std::llround((x - r.left()) / r.width() * m_model->spanMs()));
}

double HistoryPlot::valueMax() const
{
    ensureGeometry();
    return m_yMax;
}

QString HistoryPlot::unitSymbol() const
{
    ensureGeometry();
    return m_scale.symbol;
}

QList<qint64> HistoryPlot::timeTickTimes() const
{
    QList<qint64> out;
    for (const TimeTick& t : timeTicks())
        out.append(t.ms);
    return out;
}

int HistoryPlot::presentBucketCount(int row) const
{
    if (row < 0 || row >= m_model->seriesCount())
        return 0;
    const QList<HistoryBucket>& b = m_model->buckets(row);
    return int(
        std::count_if(b.cbegin(), b.cend(), [](const HistoryBucket& x) { return x.count > 0; }));
}

int HistoryPlot::segmentCount(int row) const
{
    ensureGeometry();
    return row >= 0 && row < m_geometry.size() ? m_geometry.at(row).segments : 0;
}

QSize HistoryPlot::sizeHint() const
{
    return {800, 360};
}

QSize HistoryPlot::minimumSizeHint() const
{
    // Its axis labels and a readable stretch of line, at any font size
    // (320 px wide was more than the Details page had beside the tree on
    // a 683 px wide logical screen: 1,024 px at 144 dpi fonts on X11).
    return {12 * fontMetrics().height(), 160};
}

void HistoryPlot::invalidate()
{
    m_dirty = true;
    update();
    notifyAccessibleItemsChanged(this);
}

QList<int> HistoryPlot::visibleRows() const
{
    QList<int> rows;
    for (int row = 0; row < m_model->seriesCount(); ++row) {
        if (m_model->isSeriesVisible(row))
            rows.append(row);
    }
    return rows;
}

int HistoryPlot::accessibleItemCount() const
{
    return int(visibleRows().size());
}

QString HistoryPlot::accessibleItemName(int index) const
{
    const QList<int> rows = visibleRows();
    return index >= 0 && index < rows.size() ? m_model->seriesAt(rows.at(index)).name : QString();
}

QString HistoryPlot::accessibleItemDescription(int index) const
{
    const QList<int> rows = visibleRows();
    if (index < 0 || index >= rows.size())
        return {};
    const int row = rows.at(index);
    if (m_model->isPending(row) && m_model->buckets(row).isEmpty())
        return tr("loading");
    if (!m_model->errorAt(row).isEmpty())
        return m_model->errorAt(row);
    // Over what is shown: the buckets in the range, weighted by readings.
    double sum = 0;
    qint64 count = 0;
    double peak = 0;
    double low = 0;
    qint64 peakAt = 0;
    int gaps = 0;
    bool seen = false;
    for (const HistoryBucket& b : m_model->buckets(row)) {
        if (b.endMs <= m_model->fromMs() || b.startMs >= m_model->toMs())
            continue;
        if (b.gapBefore)
            ++gaps;
        if (b.count <= 0 || std::isnan(b.mean))
            continue;
        sum += b.mean * double(b.count);
        count += b.count;
        if (!seen || b.max > peak) {
            peak = b.max;
            peakAt = b.startMs;
        }
        if (!seen || b.min < low)
            low = b.min;
        seen = true;
    }
    if (!seen)
        return tr("no readings in this range");
    const MetricId metric = m_model->seriesAt(row).key.metric;
    const QString when = clockText(QDateTime::fromMSecsSinceEpoch(peakAt, m_zone));
    return tr("mean %1, peak %2 at %3, low %4; %n gaps", nullptr, gaps)
        .arg(formatMetric(metric, sum / double(count)), formatMetric(metric, peak), when,
             formatMetric(metric, low));
}

QRect HistoryPlot::accessibleItemRect(int index) const
{
    // A series runs across the whole plot.
    return index >= 0 && index < accessibleItemCount() ? plotRect().toAlignedRect() : QRect();
}

QString HistoryPlot::accessibleSummary() const
{
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(m_model->fromMs(), m_zone);
    const QDateTime to = QDateTime::fromMSecsSinceEpoch(m_model->toMs(), m_zone);
    const QString what = m_title.isEmpty() && m_model->seriesCount() > 0
                             ? metricTitle(metricDef(m_model->metric()))
                             : m_title;
    const QString range =
        tr("%1 to %2")
            .arg(dateTimeText(from), from.date() == to.date() ? clockText(to) : dateTimeText(to));
    return tr("%1 from %2: %n series shown", nullptr, accessibleItemCount()).arg(what, range);
}

double HistoryPlot::yForValue(double v) const
{
    const QRectF r = plotRect();
    return r.bottom() - (v - m_yMin) / (m_yMax - m_yMin) * r.height();
}

void HistoryPlot::layoutValueAxis() const
{
    const MetricDef& def = metricDef(m_model->metric());
    const int targetTicks = std::max(2, int(plotRect().height()) / kMinValueTickPx);
    if (m_fixedTop) {
        // Fixed: the axis ends at the capacity itself, ticks at nice steps below.
        m_scale = metricDisplay(def, *m_fixedTop);
        m_yMin = 0;
        m_yMax = *m_fixedTop * m_scale.factor;
        m_yStep = niceAxisTicks(m_yMax, targetTicks).step;
        return;
    }
    double top = def.fixedMax; // in the metric's unit until scaled below
    if (top <= 0) {
        // Only what is in view counts; a spike outside the range must not
        // flatten what is shown.
        double hi = 0;
        for (int row = 0; row < m_model->seriesCount(); ++row) {
            if (!m_model->isSeriesVisible(row))
                continue;
            for (const HistoryBucket& b : m_model->buckets(row)) {
                if (b.count > 0 && b.endMs > m_model->fromMs() && b.startMs < m_model->toMs())
                    hi = std::max(hi, b.max);
            }
        }
        top = hi > 0 ? hi : 1;
    }
    m_scale = metricDisplay(def, top);
    top *= m_scale.factor;
    m_yMin = 0;
    const AxisTicks ticks = niceAxisTicks(top, targetTicks);
    m_yStep = ticks.step;
    m_yMax = ticks.top;
}

void HistoryPlot::ensureGeometry() const
{
    if (!m_dirty)
        return;
    m_dirty = false;
    m_layerDirty = true;
    layoutValueAxis();
    HistoryMapping m;
    m.fromMs = m_model->fromMs();
    m.toMs = m_model->toMs();
    m.plot = plotRect();
    // Vector output (PDF, printer) has no pixels to fill: lay every series
    // out as polylines by treating the device as very fine.
    m.dpr = m_vector ? std::max(devicePixelRatioF(), kVectorDpr) : devicePixelRatioF();
    m.yMin = m_yMin;
    m.yMax = m_yMax;
    m.scale = m_scale.factor;
    // 1.5 logical pixels, rounded to whole device pixels: dense lines are spans.
    m.lineWidthPx = std::max(1, int(std::lround(kLineWidth * m.dpr)));
    m_geometry.resize(m_model->seriesCount());
    for (int row = 0; row < m_model->seriesCount(); ++row) {
        m_geometry[row] =
            m_model->isSeriesVisible(row)
                ? layoutHistorySeries(m_model->buckets(row), m, m_model->intervalAt(row))
                : HistorySeriesGeometry{};
    }
}

QList<HistoryPlot::TimeTick> HistoryPlot::timeTicks() const
{
    static const QList<qint64> steps{
        kSecond,  2 * kSecond, 5 * kSecond, 10 * kSecond, 15 * kSecond, 30 * kSecond,
        kMinute,  2 * kMinute, 5 * kMinute, 10 * kMinute, 15 * kMinute, 30 * kMinute,
        kHour,    2 * kHour,   3 * kHour,   6 * kHour,    12 * kHour,   kDay,
        2 * kDay, 7 * kDay,    14 * kDay,   30 * kDay};
    const QRectF r = plotRect();
    const QFontMetrics fm = fontMetrics();
    const double labelPx = fm.horizontalAdvance(QStringLiteral("ddd 88 MMM")) + kLabelGapPx;
    const double maxTicks = std::max(2.0, r.width() / labelPx);
    const TimeAxisTicks axis =
        timeAxisTicks(m_model->fromMs(), m_model->toMs(), maxTicks, steps, m_zone);
    const qint64 step = axis.stepMs;

    QList<TimeTick> ticks;
    const QString timeFormat =
        step < kMinute ? QStringLiteral("HH:mm:ss") : QStringLiteral("HH:mm");
    QDate lastDate;
    auto add = [&](const QDateTime& t) {
        TimeTick tick{t.toMSecsSinceEpoch(), xForTime(t.toMSecsSinceEpoch()), {}, {}};
        if (step >= kDay) {
            tick.label = dayLabel(t);
        } else {
            tick.label = QLocale().toString(t.time(), timeFormat);
            // The date under the first tick and wherever the day changes.
            if (t.date() != lastDate)
                tick.date = dayLabel(t);
        }
        lastDate = t.date();
        ticks.append(tick);
    };
    for (qint64 t : axis.timesMs)
        add(QDateTime::fromMSecsSinceEpoch(t, m_zone));
    return ticks;
}

const HistoryBucket* HistoryPlot::bucketAt(int row, qint64 ms) const
{
    const QList<HistoryBucket>& b = m_model->buckets(row);
    auto it = std::upper_bound(b.cbegin(), b.cend(), ms,
                               [](qint64 t, const HistoryBucket& x) { return t < x.endMs; });
    if (it == b.cend() || it->startMs > ms)
        return nullptr;
    return &*it;
}

QStringList HistoryPlot::crosshairLines(double x) const
{
    const QRectF r = plotRect();
    if (x < r.left() || x > r.right())
        return {};
    const qint64 t = timeForX(x);
    const MetricId metric = m_model->metric();
    const bool multiDay = m_model->spanMs() > kDay;
    auto stamp = [&](qint64 ms) {
        const QDateTime dt = QDateTime::fromMSecsSinceEpoch(ms, m_zone);
        const QString time = QLocale().toString(dt.time(), QStringLiteral("HH:mm:ss"));
        return multiDay ? dayLabel(dt) + QLatin1Char(' ') + time : time;
    };
    QString when;
    QStringList lines;
    for (int row = 0; row < m_model->seriesCount(); ++row) {
        if (!m_model->isSeriesVisible(row))
            continue;
        const QString name = m_model->seriesAt(row).name;
        const HistoryBucket* b = bucketAt(row, t);
        if (b && when.isEmpty())
            when = b->endMs - b->startMs > kSecond
                       ? tr("%1 – %2").arg(stamp(b->startMs), stamp(b->endMs))
                       : stamp(b->startMs);
        if (!b || b->count <= 0 || std::isnan(b->mean)) {
            lines.append(tr("%1: %2").arg(name, notAvailable()));
        } else if (b->count == 1 || b->min == b->max) {
            lines.append(tr("%1: %2").arg(name, formatMetric(metric, b->mean)));
        } else {
            lines.append(tr("%1: %2 (min %3, max %4)")
                             .arg(name, formatMetric(metric, b->mean), formatMetric(metric, b->min),
                                  formatMetric(metric, b->max)));
        }
    }
    lines.prepend(when.isEmpty() ? stamp(t) : when);
    return lines;
}

void HistoryPlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    // Rendered onto a PDF or printer (QWidget::render): series as vectors,
    // not the raster layer.
    const bool vector = p.paintEngine() && p.paintEngine()->type() != QPaintEngine::Raster;
    if (vector != m_vector) {
        m_vector = vector;
        m_dirty = true;
    }
    ensureGeometry();
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QList<TimeTick> ticks = timeTicks();
    paintAxes(p, ticks);
    paintSeries(p);
    paintOverlay(p);
    paintCrosshair(p);
    // Where the keyboard is (arrows pan, +/- zoom): never on paper.
    if (hasFocus() && !vector)
        paintFocusFrame(&p, rect(), palette());
}

void HistoryPlot::paintAxes(QPainter& p, const QList<TimeTick>& ticks) const
{
    const QPalette pal = palette();
    const QRectF r = plotRect();
    const QFontMetrics fm = fontMetrics();
    const QColor text = pal.color(QPalette::Text);
    QColor grid = pal.color(QPalette::Text);
    grid.setAlpha(isDarkPalette(pal) ? 40 : 28);

    // Title: the chart's own, else the metric's.
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(text);
    // Elided where the chart is narrow (the Details page's at 144 dpi), not cut.
    const QRectF titleRect(r.left(), 2, width() - r.left() - 2, fm.height() + 2);
    p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(bold).elidedText(
                   m_title.isEmpty() ? metricTitle(metricDef(m_model->metric())) : m_title,
                   Qt::ElideRight, int(titleRect.width())));
    p.setFont(font());
    // The unit heads the value labels, on the title's line, clear of the top tick.
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(QRectF(0, 2, r.left() - 6, fm.height() + 2), Qt::AlignRight | Qt::AlignVCenter,
               m_scale.symbol);

    // Grid lines sit on device pixel centres so they stay one pixel sharp.
    const double dpr = devicePixelRatioF();
    auto crisp = [dpr](double v) {
        return (std::floor(v * dpr) + 0.5) / dpr;
    };
    p.setPen(QPen(grid, 0));
    for (double v = m_yMin; v <= m_yMax + m_yStep * 1e-6; v += m_yStep) {
        const double y = crisp(yForValue(v));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
    }
    for (const TimeTick& t : ticks)
        p.drawLine(QPointF(crisp(t.x), r.top()), QPointF(crisp(t.x), r.bottom()));

    p.setPen(text);
    const int decimals = m_yStep < 1 ? (m_yStep < 0.1 ? 2 : 1) : 0;
    for (double v = m_yMin; v <= m_yMax + m_yStep * 1e-6; v += m_yStep) {
        const double y = yForValue(v);
        p.drawText(QRectF(0, y - fm.height() / 2.0, r.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QLocale().toString(v, 'f', decimals));
    }
    double lastRight = -1e9;
    for (const TimeTick& t : ticks) {
        const double w = std::max(fm.horizontalAdvance(t.label), fm.horizontalAdvance(t.date));
        const double left = std::clamp(t.x - w / 2, 0.0, width() - w);
        if (left < lastRight + 4)
            continue; // labels never overlap, even with long dates
        lastRight = left + w;
        const QRectF cell(left, r.bottom() + 4, w, fm.height());
        p.drawText(cell, Qt::AlignCenter, t.label);
        if (!t.date.isEmpty())
            p.drawText(cell.translated(0, fm.height()), Qt::AlignCenter, t.date);
    }
    QColor frame = pal.color(QPalette::Text);
    frame.setAlpha(90);
    p.setPen(QPen(frame, 0));
    p.drawLine(QPointF(r.left(), crisp(r.bottom())), QPointF(r.right(), crisp(r.bottom())));
}

void HistoryPlot::paintSeries(QPainter& p) const
{
    const QRectF r = plotRect();
    p.save();
    p.setClipRect(r.adjusted(0, -2, 0, 2));
    if (m_vector) {
        paintVectorSeries(p);
    } else {
        if (m_layerDirty)
            renderLayer();
        p.drawImage(QPointF(m_layerOrigin) / devicePixelRatioF(), m_layer);
    }
    p.restore();

    if (m_limit) {
        // The capacity or limit: dashed, labelled at the right end.
        const double y = yForValue(*m_limit * m_scale.factor);
        if (y >= r.top() - 0.5 && y <= r.bottom() + 0.5) {
            const QPalette pal = palette();
            QColor c = pal.color(QPalette::Text);
            c.setAlpha(150);
            const double dpr = devicePixelRatioF();
            const double cy = (std::floor(y * dpr) + 0.5) / dpr;
            p.setPen(QPen(c, 0, Qt::DashLine));
            p.drawLine(QPointF(r.left(), cy), QPointF(r.right(), cy));
            if (!m_limitLabel.isEmpty()) {
                const QFontMetrics fm = fontMetrics();
                const double w = fm.horizontalAdvance(m_limitLabel) + 8;
                // Above the line, in the margin over the plot when the line
                // is its top (memory, power): inside, at the right end, it
                // would hide the newest readings, which sit near the limit
                // on a busy GPU. Below only where no room is left above.
                const double top = cy - fm.height() - 1 < 0 ? cy + 2 : cy - fm.height() - 1;
                const QRectF cell(r.right() - w, top, w, fm.height());
                QColor bg = pal.color(QPalette::Base);
                bg.setAlpha(200);
                p.fillRect(cell, bg);
                p.setPen(pal.color(QPalette::Text));
                p.drawText(cell, Qt::AlignCenter, m_limitLabel);
            }
        }
    }

    const QString text = message();
    if (!text.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(r, Qt::AlignCenter | Qt::TextWordWrap, text);
    }
}

void HistoryPlot::renderLayer() const
{
    m_layerDirty = false;
    const double dpr = devicePixelRatioF();
    const QRectF r = plotRect();
    // Whole device pixels, two rows of slack for line thickness at the edges.
    const QPoint topLeft(int(std::floor(r.left() * dpr)), int(std::floor(r.top() * dpr)) - 2);
    const QPoint bottomRight(int(std::ceil(r.right() * dpr)), int(std::ceil(r.bottom() * dpr)) + 2);
    m_layerOrigin = topLeft;
    const QSize size(bottomRight.x() - topLeft.x(), bottomRight.y() - topLeft.y());
    if (m_layer.size() != size)
        m_layer = QImage(size, QImage::Format_ARGB32_Premultiplied);
    m_layer.setDevicePixelRatio(dpr);
    m_layer.fill(Qt::transparent);
    const bool dark = isDarkPalette(palette());

    // Bands first, all of them, so no band hides another series' line.
    QPainter p(&m_layer);
    p.translate(-QPointF(topLeft) / dpr); // sparse geometry is in widget coordinates
    p.setPen(Qt::NoPen);
    for (int row = 0; row < m_geometry.size(); ++row) {
        if (!m_model->isSeriesVisible(row))
            continue;
        const HistorySeriesGeometry& g = m_geometry.at(row);
        const QColor band = bandColor(row, dark);
        if (g.dense) {
            blendSpans(m_layer, topLeft, g.bandRects, band);
        } else {
            p.setBrush(band);
            for (const QPolygonF& poly : g.bands)
                p.drawPolygon(poly);
        }
    }
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int row = 0; row < m_geometry.size(); ++row) {
        if (!m_model->isSeriesVisible(row))
            continue;
        const HistorySeriesGeometry& g = m_geometry.at(row);
        if (g.dense) {
            fillSpans(m_layer, topLeft, g.lineRects, m_model->colorAt(row));
        } else {
            QPen pen(m_model->colorAt(row), kLineWidth);
            pen.setCosmetic(true);
            pen.setJoinStyle(Qt::RoundJoin);
            p.setPen(pen);
            for (const QPolygonF& line : g.lines)
                p.drawPolyline(line);
        }
    }
}

QColor HistoryPlot::bandColor(int row, bool dark) const
{
    QColor band = m_model->colorAt(row);
    band.setAlpha(dark ? 56 : 40);
    return band;
}

void HistoryPlot::paintVectorSeries(QPainter& p) const
{
    // As renderLayer's sparse path, straight onto the painter: bands first,
    // then the lines, with a pen that scales with the page.
    const double dpr = std::max(devicePixelRatioF(), kVectorDpr);
    const bool dark = isDarkPalette(palette());
    p.setPen(Qt::NoPen);
    for (int row = 0; row < m_geometry.size(); ++row) {
        if (!m_model->isSeriesVisible(row))
            continue;
        const HistorySeriesGeometry& g = m_geometry.at(row);
        p.setBrush(bandColor(row, dark));
        for (const QPolygonF& poly : g.bands)
            p.drawPolygon(poly);
        for (const QRect& span : g.bandRects) // dense: only when buckets are finer still
            p.drawRect(QRectF(QPointF(span.topLeft()) / dpr, QSizeF(span.size()) / dpr));
    }
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int row = 0; row < m_geometry.size(); ++row) {
        if (!m_model->isSeriesVisible(row))
            continue;
        const HistorySeriesGeometry& g = m_geometry.at(row);
        QPen pen(m_model->colorAt(row), kLineWidth);
        pen.setJoinStyle(Qt::RoundJoin);
        pen.setCapStyle(Qt::RoundCap);
        p.setPen(pen);
        for (const QPolygonF& line : g.lines)
            p.drawPolyline(line);
        if (!g.lineRects.isEmpty()) {
            p.setPen(Qt::NoPen);
            p.setBrush(m_model->colorAt(row));
            for (const QRect& span : g.lineRects)
                p.drawRect(QRectF(QPointF(span.topLeft()) / dpr, QSizeF(span.size()) / dpr));
            p.setBrush(Qt::NoBrush);
        }
    }
}

void HistoryPlot::paintOverlay(QPainter& p) const
{
    if (m_drag != Drag::Zoom)
        return;
    const QRectF r = plotRect();
    QColor fill = palette().color(QPalette::Highlight);
    fill.setAlpha(50);
    QRectF band(QPointF(std::min(m_pressX, m_dragX), r.top()),
                QPointF(std::max(m_pressX, m_dragX), r.bottom()));
    p.fillRect(band, fill);
    fill.setAlpha(160);
    p.setPen(QPen(fill, 0));
    p.drawLine(band.topLeft(), band.bottomLeft());
    p.drawLine(band.topRight(), band.bottomRight());
}

void HistoryPlot::paintCrosshair(QPainter& p) const
{
    const QRectF r = plotRect();
    if (!m_cursorInside || m_drag == Drag::Pan || !r.contains(m_cursor))
        return;
    const QStringList lines = crosshairLines(m_cursor.x());
    if (lines.isEmpty())
        return;
    const QPalette pal = palette();
    const double dpr = devicePixelRatioF();
    const double x = (std::floor(m_cursor.x() * dpr) + 0.5) / dpr;
    QColor hair = pal.color(QPalette::Text);
    hair.setAlpha(120);
    p.setPen(QPen(hair, 0, Qt::DashLine));
    p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));

    // A dot where the crosshair meets each mean line.
    p.setRenderHint(QPainter::Antialiasing, true);
    const qint64 t = timeForX(m_cursor.x());
    const double scale = m_scale.factor;
    for (int row = 0; row < m_model->seriesCount(); ++row) {
        const HistoryBucket* b = m_model->isSeriesVisible(row) ? bucketAt(row, t) : nullptr;
        if (!b || b->count <= 0 || std::isnan(b->mean))
            continue;
        p.setPen(QPen(pal.color(QPalette::Base), 1));
        p.setBrush(m_model->colorAt(row));
        p.drawEllipse(QPointF(x, yForValue(b->mean * scale)), 3.5, 3.5);
    }

    // The box: beside the cursor, on whichever side has room.
    const QFontMetrics fm = fontMetrics();
    int textWidth = 0;
    for (const QString& l : lines)
        textWidth = std::max(textWidth, fm.horizontalAdvance(l));
    const double pad = 6;
    const double swatch = fm.height() * 0.6;
    const QSizeF size(textWidth + 3 * pad + swatch, lines.size() * fm.height() + 2 * pad);
    QPointF topLeft(x + 12, r.top() + 8);
    if (topLeft.x() + size.width() > r.right())
        topLeft.setX(x - 12 - size.width());
    topLeft.setX(std::max(topLeft.x(), 0.0));
    const QRectF box(topLeft, size);
    QColor bg = pal.color(QPalette::ToolTipBase);
    bg.setAlpha(235);
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.setBrush(bg);
    p.drawRoundedRect(box, 4, 4);
    p.setPen(pal.color(QPalette::ToolTipText));
    double y = box.top() + pad;
    int line = 0;
    int row = -1;
    for (const QString& l : lines) {
        if (line++ > 0) {
            // Lines after the time follow the visible series in order.
            do {
                ++row;
            } while (row < m_model->seriesCount() && !m_model->isSeriesVisible(row));
            if (row < m_model->seriesCount())
                p.fillRect(QRectF(box.left() + pad, y + (fm.height() - swatch) / 2, swatch, swatch),
                           m_model->colorAt(row));
        }
        p.drawText(QPointF(box.left() + 2 * pad + swatch, y + fm.ascent()), l);
        y += fm.height();
    }
}

void HistoryPlot::updatePixelWidth()
{
    // The provider reduces to device pixels: on a 2× screen twice the points.
    m_model->setPixelWidth(int(std::lround(plotRect().width() * devicePixelRatioF())));
}

void HistoryPlot::resizeEvent(QResizeEvent*)
{
    m_dirty = true;
    updatePixelWidth();
}

void HistoryPlot::showEvent(QShowEvent*)
{
    updatePixelWidth();
}

void HistoryPlot::changeEvent(QEvent* event)
{
    switch (event->type()) {
    case QEvent::PaletteChange:
        m_model->setDarkPalette(isDarkPalette(palette()));
        break;
    case QEvent::FontChange:
    case QEvent::StyleChange:
        m_dirty = true;
        updatePixelWidth();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

void HistoryPlot::mousePressEvent(QMouseEvent* event)
{
    const QRectF r = plotRect();
    const QPointF pos = event->position();
    if (!r.contains(pos))
        return QWidget::mousePressEvent(event);
    const bool pan = event->button() == Qt::MiddleButton ||
                     (event->button() == Qt::LeftButton && event->modifiers() & Qt::ShiftModifier);
    if (pan)
        m_drag = Drag::Pan;
    else if (event->button() == Qt::LeftButton)
        m_drag = Drag::Zoom;
    else
        return QWidget::mousePressEvent(event);
    m_pressX = m_dragX = pos.x();
    event->accept();
    update();
}

void HistoryPlot::mouseMoveEvent(QMouseEvent* event)
{
    const QRectF r = plotRect();
    const QPointF pos = event->position();
    m_cursor = pos;
    m_cursorInside = true;
    if (m_drag == Drag::Zoom) {
        m_dragX = std::clamp(pos.x(), r.left(), r.right());
    } else if (m_drag == Drag::Pan) {
        const double dx = pos.x() - m_dragX;
        m_dragX = pos.x();
        // Dragging right shows earlier times, like moving paper.
        m_model->pan(-qint64(std::llround(dx / r.width() * m_model->spanMs())));
    }
    update();
}

void HistoryPlot::mouseReleaseEvent(QMouseEvent* event)
{
    const Drag drag = std::exchange(m_drag, Drag::None);
    if (drag == Drag::Zoom) {
        const QRectF r = plotRect();
        m_dragX = std::clamp(event->position().x(), r.left(), r.right());
        if (std::abs(m_dragX - m_pressX) >= kMinDragPx)
            m_model->zoomTo(timeForX(std::min(m_pressX, m_dragX)),
                            timeForX(std::max(m_pressX, m_dragX)));
    }
    update();
}

void HistoryPlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_drag = Drag::None;
        m_model->resetZoom();
    }
}

void HistoryPlot::zoomAround(double x, double factor)
{
    const qint64 anchor = timeForX(x);
    const double span = double(m_model->spanMs()) * factor;
    const double left = double(anchor - m_model->fromMs()) * factor;
    const qint64 from = anchor - qint64(std::llround(left));
    m_model->zoomTo(from, from + qint64(std::llround(span)));
}

void HistoryPlot::wheelEvent(QWheelEvent* event)
{
    const QPoint d = event->angleDelta();
    const double notches = (std::abs(d.y()) >= std::abs(d.x()) ? d.y() : -d.x()) / 120.0;
    if (notches == 0)
        return;
    if (event->modifiers() & Qt::ControlModifier)
        zoomAround(event->position().x(), std::pow(kZoomStep, notches));
    else
        m_model->pan(-qint64(std::llround(notches * kPanFraction * m_model->spanMs())));
    event->accept();
}

void HistoryPlot::keyPressEvent(QKeyEvent* event)
{
    const double centre = plotRect().center().x();
    const qint64 step = qint64(std::llround(kPanFraction * m_model->spanMs()));
    switch (event->key()) {
    case Qt::Key_Left:
        m_model->pan(-step);
        break;
    case Qt::Key_Right:
        m_model->pan(step);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomAround(centre, kZoomStep);
        break;
    case Qt::Key_Minus:
        zoomAround(centre, 1 / kZoomStep);
        break;
    case Qt::Key_Home:
    case Qt::Key_0:
        m_model->resetZoom();
        break;
    case Qt::Key_Escape:
        if (m_drag != Drag::None) {
            m_drag = Drag::None; // cancel the rubber band only
            update();
        } else {
            m_model->resetZoom();
        }
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
    event->accept();
}

void HistoryPlot::leaveEvent(QEvent*)
{
    m_cursorInside = false;
    update();
}

} // namespace gw
