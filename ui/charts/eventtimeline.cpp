#include "charts/eventtimeline.h"

#include "common/palette.h"
#include "models/eventbook.h"
#include "models/eventmodel.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScopeGuard>
#include <QScrollBar>
#include <QTimer>
#include <QTimeZone>
#include <QToolTip>
#include <QVarLengthArray>

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace gw {

namespace {
constexpr qint64 kMinuteMs = 60'000;
constexpr qint64 kHourMs = 60 * kMinuteMs;
constexpr qint64 kDayMs = 24 * kHourMs;
constexpr double kMinBarWidth = 3;
constexpr double kOpenMarkWidth = 7;
} // namespace

EventTimeline::EventTimeline(EventBook* book, QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_book(book)
    , m_clock(new QTimer(this))
{
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Policy events timeline"));
    // Open events grow and the range moves with the clock.
    m_clock->setInterval(5000);
    connect(m_clock, &QTimer::timeout, this, &EventTimeline::invalidate);
    m_clock->start();
    connect(book, &EventBook::eventsAdded, this, &EventTimeline::invalidate);
    connect(book, &EventBook::eventsRemoved, this, &EventTimeline::invalidate);
    connect(book, &EventBook::eventChanged, this, &EventTimeline::invalidate);
    connect(book, &EventBook::reset, this, &EventTimeline::invalidate);
}

QList<qint64> EventTimeline::spanChoices()
{
    return {kHourMs, 6 * kHourMs, kDayMs, 7 * kDayMs};
}

QString EventTimeline::spanText(qint64 spanMs)
{
    if (spanMs % kDayMs == 0 && spanMs > kDayMs)
        return tr("%1 d").arg(spanMs / kDayMs);
    if (spanMs % kHourMs == 0)
        return tr("%1 h").arg(spanMs / kHourMs);
    return tr("%1 min").arg(spanMs / kMinuteMs);
}

void EventTimeline::setLaneMode(LaneMode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    verticalScrollBar()->setValue(0);
    invalidate();
}

void EventTimeline::setSpanMs(qint64 spanMs)
{
    if (spanMs <= 0 || spanMs == m_spanMs)
        return;
    m_spanMs = spanMs;
    invalidate();
}

void EventTimeline::setNowMs(std::optional<qint64> nowMs)
{
    m_fixedNow = nowMs;
    if (nowMs)
        m_clock->stop();
    else
        m_clock->start();
    invalidate();
}

qint64 EventTimeline::nowMs() const
{
    return m_fixedNow ? *m_fixedNow : QDateTime::currentMSecsSinceEpoch();
}

void EventTimeline::setFilter(std::function<bool(const PolicyEvent&)> accepts)
{
    m_accepts = std::move(accepts);
    invalidate();
}

void EventTimeline::refilter()
{
    invalidate();
}

void EventTimeline::setSelectedEvent(const QString& id)
{
    if (id == m_selected)
        return;
    m_selected = id;
    viewport()->update();
}

void EventTimeline::ensureEventVisible(const QString& id)
{
    ensureLayout();
    const int bar = barIndexOf(id);
    if (bar < 0)
        return;
    const int lane = m_bars.at(bar).lane;
    const int h = laneHeight();
    const int top = lane * h;
    const int visible = viewport()->height() - axisHeight();
    QScrollBar* sb = verticalScrollBar();
    if (top < sb->value())
        sb->setValue(top);
    else if (top + h > sb->value() + visible)
        sb->setValue(top + h - visible);
}

void EventTimeline::invalidate()
{
    m_dirty = true;
    viewport()->update();
    notifyAccessibleItemsChanged(this);
}

int EventTimeline::accessibleItemCount() const
{
    ensureLayout();
    return int(m_bars.size());
}

QString EventTimeline::accessibleItemName(int index) const
{
    ensureLayout();
    if (index < 0 || index >= m_bars.size())
        return {};
    const Bar& bar = m_bars.at(index);
    return tr("%1: %2").arg(m_lanes.value(bar.lane).label, eventKindName(bar.kind));
}

QString EventTimeline::accessibleItemDescription(int index) const
{
    ensureLayout();
    if (index < 0 || index >= m_bars.size())
        return {};
    return toolTipFor(m_book->at(m_bars.at(index).row).id).replace(u'\n', QStringLiteral("; "));
}

QRect EventTimeline::accessibleItemRect(int index) const
{
    ensureLayout();
    if (index < 0 || index >= m_bars.size())
        return {};
    const QRect shown = barRectAt(m_bars.at(index)).toAlignedRect().intersected(viewport()->rect());
    return shown.isEmpty() ? QRect() : shown.translated(viewport()->pos());
}

int EventTimeline::accessibleFocusItem() const
{
    return barIndexOf(m_selected);
}

void EventTimeline::activateAccessibleItem(int index)
{
    ensureLayout();
    if (index < 0 || index >= m_bars.size())
        return;
    const QString id = m_book->at(m_bars.at(index).row).id;
    setSelectedEvent(id);
    Q_EMIT eventActivated(id);
}

QString EventTimeline::accessibleSummary() const
{
    return tr("Policy events of the last %1: %n shown", nullptr, accessibleItemCount())
        .arg(spanText(m_spanMs));
}

int EventTimeline::laneHeight() const
{
    return fontMetrics().height() + 10;
}

int EventTimeline::axisHeight() const
{
    return fontMetrics().height() + 12;
}

int EventTimeline::labelWidth() const
{
    ensureLayout();
    return m_labelWidth;
}

QRectF EventTimeline::plotRect() const
{
    ensureLayout();
    const QRect v = viewport()->rect();
    const double left = m_labelWidth;
    const double right = std::max<double>(left + 10, v.width() - kOpenMarkWidth - 6);
    return QRectF(left, laneTop(0), right - left, double(m_lanes.size()) * laneHeight());
}

int EventTimeline::barIndexOf(const QString& id) const
{
    ensureLayout();
    const int row = id.isEmpty() ? -1 : m_book->rowOf(id);
    return row < 0 || row >= m_barOfRow.size() ? -1 : m_barOfRow.at(row);
}

double EventTimeline::xOf(qint64 ms) const
{
    const QRect v = viewport()->rect();
    const double left = labelWidth();
    const double right = std::max<double>(left + 10, v.width() - kOpenMarkWidth - 6);
    const qint64 from = (m_dirty ? nowMs() : m_layoutNow) - m_spanMs;
    return left + (right - left) * double(ms - from) / double(m_spanMs);
}

double EventTimeline::laneTop(int lane) const
{
    return axisHeight() + double(lane) * laneHeight() - verticalScrollBar()->value();
}

void EventTimeline::ensureLayout() const
{
    if (!m_dirty)
        return;
    m_dirty = false;
    m_layoutNow = nowMs();
    const qint64 to = m_layoutNow;
    const qint64 from = to - m_spanMs;
    m_lanes.clear();
    m_bars.clear();
    m_barOfRow.fill(-1, m_book->count());

    // Lanes first (a server and a GPU, or a user), bars after: no string is
    // built per event.
    struct LaneKey
    {
        QString name; // server, or user
        int gpu = 0;  // GPU index (-1: the whole server); 0 for users
        bool operator==(const LaneKey&) const = default;
    };
    struct LaneKeyHash
    {
        size_t operator()(const LaneKey& k) const { return qHash(k.name) ^ size_t(k.gpu + 1) * 31; }
    };
    std::unordered_map<LaneKey, int, LaneKeyHash> laneOf;
    struct Item
    {
        int row;
        qint64 start;
        int laneKey;
    };
    QList<Item> items;
    QList<LaneKey> keys;
    for (int row = 0; row < m_book->count(); ++row) {
        const PolicyEvent& e = m_book->at(row);
        const qint64 end = e.endMs.value_or(to);
        if (e.startMs > to || end < from)
            continue;
        if (m_accepts && !m_accepts(e))
            continue;
        LaneKey key = m_mode == LaneMode::Gpu ? LaneKey{e.server, std::max(-1, e.gpuIndex)}
                                              : LaneKey{e.user, 0};
        auto [it, added] = laneOf.try_emplace(key, int(keys.size()));
        if (added)
            keys.append(key);
        items.append({row, e.startMs, it->second});
    }
    // Lanes by server then GPU (the whole server's last), or by user.
    QList<int> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&keys](int a, int b) {
        const LaneKey& x = keys.at(a);
        const LaneKey& y = keys.at(b);
        if (const int c = x.name.compare(y.name, Qt::CaseInsensitive); c != 0)
            return c < 0;
        if (x.name != y.name)
            return x.name < y.name;
        const int gx = x.gpu < 0 ? INT_MAX : x.gpu;
        const int gy = y.gpu < 0 ? INT_MAX : y.gpu;
        return gx < gy;
    });
    QList<int> laneOfKey(keys.size());
    const QFontMetrics fm = fontMetrics();
    int widest = 0;
    for (int key : order) {
        laneOfKey[key] = int(m_lanes.size());
        const LaneKey& k = keys.at(key);
        QString label;
        if (m_mode == LaneMode::Gpu)
            label = k.gpu < 0 ? tr("%1 · all GPUs").arg(k.name)
                              : tr("%1 · GPU %2").arg(k.name).arg(k.gpu);
        else
            label = k.name.isEmpty() ? tr("(no user)") : k.name;
        widest = std::max(widest, fm.horizontalAdvance(label));
        m_lanes.append(Lane{k.name, label, {}});
    }
    const int maxLabel = std::max(80, viewport()->width() * 2 / 5);
    m_labelWidth = std::min(widest + 16, maxLabel);
    if (m_lanes.isEmpty())
        m_labelWidth = 0;

    // The x scale needs m_labelWidth and m_layoutNow, set above.
    std::sort(items.begin(), items.end(),
              [](const Item& a, const Item& b) { return a.start < b.start; });
    m_bars.reserve(items.size());
    const double x0 = xOf(from);
    const double scale = (xOf(to) - x0) / double(m_spanMs);
    const auto x = [&](qint64 ms) {
        return x0 + double(ms - from) * scale;
    };
    for (const Item& it : items) {
        const PolicyEvent& e = m_book->at(it.row);
        Bar bar;
        bar.row = it.row;
        bar.lane = laneOfKey.at(it.laneKey);
        bar.open = e.isOpen();
        bar.kind = e.kind;
        bar.x0 = x(std::max(e.startMs, from));
        bar.x1 = x(std::min(e.endMs.value_or(to), to));
        if (bar.x1 - bar.x0 < kMinBarWidth)
            bar.x1 = bar.x0 + kMinBarWidth;
        m_barOfRow[it.row] = int(m_bars.size());
        m_lanes[bar.lane].bars.append(int(m_bars.size()));
        m_bars.append(bar);
    }
    if (m_labels.size() > 2 * m_bars.size() + 256)
        m_labels.clear();
    updateScrollBar();
}

void EventTimeline::updateScrollBar() const
{
    QScrollBar* sb = verticalScrollBar();
    const int h = laneHeight();
    const int visible = std::max(0, viewport()->height() - axisHeight());
    const int total = int(m_lanes.size()) * h;
    // Called while painting, too: the range changes without a repaint loop.
    const QSignalBlocker block(sb);
    sb->setRange(0, std::max(0, total - visible));
    sb->setPageStep(std::max(h, visible));
    sb->setSingleStep(h);
}

QRectF EventTimeline::barRectAt(const Bar& bar) const
{
    const double top = laneTop(bar.lane);
    const int h = laneHeight();
    return QRectF(bar.x0, top + 3, bar.x1 - bar.x0, h - 6);
}

int EventTimeline::laneCount() const
{
    ensureLayout();
    return int(m_lanes.size());
}

QStringList EventTimeline::laneLabels() const
{
    ensureLayout();
    QStringList out;
    for (const Lane& l : m_lanes)
        out.append(l.label);
    return out;
}

QRectF EventTimeline::barRect(const QString& id) const
{
    ensureLayout();
    const int bar = barIndexOf(id);
    return bar < 0 ? QRectF() : barRectAt(m_bars.at(bar));
}

QString EventTimeline::eventAt(const QPointF& pos) const
{
    ensureLayout();
    if (pos.y() < axisHeight() || pos.x() < m_labelWidth)
        return {};
    const int lane = int(std::floor((pos.y() - laneTop(0)) / laneHeight()));
    if (lane < 0 || lane >= m_lanes.size())
        return {};
    // The bar drawn last (the latest start) wins where bars overlap; a thin
    // bar is hit within 2 px.
    const QList<int>& bars = m_lanes.at(lane).bars;
    for (auto it = bars.crbegin(); it != bars.crend(); ++it) {
        const Bar& bar = m_bars.at(*it);
        const QRectF r = barRectAt(bar).adjusted(-2, 0, bar.open ? kOpenMarkWidth : 2, 0);
        if (r.contains(pos))
            return m_book->at(bar.row).id;
    }
    return {};
}

QString EventTimeline::toolTipFor(const QString& id) const
{
    const PolicyEvent* e = m_book->find(id);
    if (!e)
        return {};
    QStringList lines{policyEventText(*e)};
    lines << tr("%1 → %2").arg(EventModel::timeText(e->startMs),
                               e->endMs ? EventModel::timeText(*e->endMs) : tr("ongoing"));
    lines << EventModel::cellText(*e, EventModel::FiguresColumn);
    if (policyEventKindInfo(e->kind).holdsMemory)
        lines << tr("%1 MiB held").arg(qint64(std::llround(e->memoryMiB)));
    if (!e->endReason.isEmpty())
        lines << tr("Ended: %1").arg(e->endReason);
    if (!e->actions.isEmpty())
        lines << tr("Last action: %1").arg(EventModel::cellText(*e, EventModel::ActionColumn));
    return lines.join(QLatin1Char('\n'));
}

TimeAxisTicks EventTimeline::axisTicks() const
{
    // Labels about 110 px apart at least, on round times.
    static const QList<qint64> steps{5 * kMinuteMs, 10 * kMinuteMs, 15 * kMinuteMs, 30 * kMinuteMs,
                                     kHourMs,       2 * kHourMs,    3 * kHourMs,    6 * kHourMs,
                                     12 * kHourMs,  kDayMs,         2 * kDayMs,     7 * kDayMs};
    ensureLayout();
    const double width = std::max(1.0, viewport()->width() - labelWidth() - kOpenMarkWidth - 6);
    const int minGap = fontMetrics().horizontalAdvance(QStringLiteral("Mon 00 00:00")) + 16;
    return timeAxisTicks(m_layoutNow - m_spanMs, m_layoutNow, width / minGap, steps,
                         QTimeZone::systemTimeZone(), true);
}

QList<qint64> EventTimeline::tickTimes() const
{
    return axisTicks().timesMs;
}

void EventTimeline::paintAxis(QPainter& p) const
{
    const QPalette& pal = palette();
    const int axisH = axisHeight();
    const QRect v = viewport()->rect();
    p.fillRect(QRect(0, 0, v.width(), axisH), pal.color(QPalette::Base));
    const QColor line = staleTextColor(pal);
    p.setPen(QPen(line, 1));
    p.drawLine(QPointF(m_labelWidth, axisH - 0.5), QPointF(v.width(), axisH - 0.5));
    const TimeAxisTicks axis = axisTicks();
    const qint64 step = axis.stepMs;
    const QFontMetrics fm = fontMetrics();
    double lastRight = -1e9;
    for (qint64 t : axis.timesMs) {
        const double x = xOf(t);
        const QDateTime dt = QDateTime::fromMSecsSinceEpoch(t);
        QString label;
        if (step >= kDayMs || (dt.time() == QTime(0, 0)))
            label = QLocale().toString(dt, QStringLiteral("ddd d"));
        else
            label = QLocale().toString(dt.time(), QStringLiteral("HH:mm"));
        const int w = fm.horizontalAdvance(label);
        double lx = std::clamp(x - w / 2.0, double(m_labelWidth), double(v.width() - w - 2));
        p.setPen(QPen(line, 1));
        p.drawLine(QPointF(x, axisH - 5), QPointF(x, axisH));
        if (lx <= lastRight + 8)
            continue;
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(lx, 2, w + 2, axisH - 7), Qt::AlignLeft | Qt::AlignVCenter, label);
        lastRight = lx + w;
    }
}

void EventTimeline::paintEvent(QPaintEvent*)
{
    ensureLayout();
    QPainter p(viewport());
    const QPalette& pal = palette();
    const QRect v = viewport()->rect();
    const int h = laneHeight();
    const int axisH = axisHeight();
    const QFontMetrics fm = fontMetrics();

    // Where the keyboard is (arrows move between events), drawn last.
    const auto focusFrame = qScopeGuard([&] {
        if (hasFocus())
            paintFocusFrame(&p, v, pal);
    });
    if (m_lanes.isEmpty()) {
        p.setPen(staleTextColor(pal));
        p.drawText(v, Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No policy events in the last %1.").arg(spanText(m_spanMs)));
        return;
    }

    const int firstLane = std::max(0, int(std::floor((axisH - laneTop(0)) / h)));
    const int lastLane =
        std::min(int(m_lanes.size()) - 1, int(std::floor((v.height() - laneTop(0)) / h)));
    p.save();
    p.setClipRect(QRect(0, axisH, v.width(), v.height() - axisH));
    const QColor grid = staleTextColor(pal);
    QColor gridFaint = grid;
    gridFaint.setAlpha(70);
    // Lane backgrounds and labels.
    for (int lane = firstLane; lane <= lastLane; ++lane) {
        const double top = laneTop(lane);
        if (lane % 2)
            p.fillRect(QRectF(0, top, v.width(), h), pal.color(QPalette::AlternateBase));
        p.setPen(pal.color(QPalette::Text));
        const QString label =
            fm.elidedText(m_lanes.at(lane).label, Qt::ElideMiddle, m_labelWidth - 12);
        p.drawText(QRectF(6, top, m_labelWidth - 10, h), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    // Grid at the ticks, and now.
    p.setPen(QPen(gridFaint, 1));
    for (qint64 t : tickTimes()) {
        const double x = xOf(t);
        p.drawLine(QPointF(x, axisH), QPointF(x, v.height()));
    }
    p.setPen(QPen(grid, 1, Qt::DashLine));
    const double nowX = xOf(m_layoutNow);
    p.drawLine(QPointF(nowX, axisH), QPointF(nowX, v.height()));
    p.setPen(QPen(grid, 1));
    p.drawLine(QPointF(m_labelWidth - 0.5, axisH), QPointF(m_labelWidth - 0.5, v.height()));

    // Bars.
    const QColor base = pal.color(QPalette::Base);
    const int selectedBar = barIndexOf(m_selected);
    // Per kind, in the table's order (a bar's kind is its slot).
    QVarLengthArray<QColor, 4> fills;
    QVarLengthArray<QColor, 4> hatch;
    QVarLengthArray<QColor, 4> ink;
    QVarLengthArray<QString, 4> letters;
    for (const PolicyEventKindInfo& info : policyEventKinds()) {
        fills.append(eventKindColor(info.kind, pal));
        ink.append(textColorOn(fills.back()));
        hatch.append(ink.back());
        hatch.back().setAlpha(90);
        letters.append(eventKindLetter(info.kind));
    }
    const int letterW = fm.horizontalAdvance(QStringLiteral("W"));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const QFontMetrics bfm(bold);
    for (int lane = firstLane; lane <= lastLane; ++lane) {
        for (int bi : m_lanes.at(lane).bars) {
            const Bar& bar = m_bars.at(bi);
            const int k = int(bar.kind);
            const QRectF r = barRectAt(bar);
            p.fillRect(r, fills[k]);
            if (const Qt::BrushStyle style = eventKindPattern(bar.kind); style != Qt::NoBrush)
                p.fillRect(r, QBrush(hatch[k], style));
            // A thin edge in the background colour parts overlapping bars.
            p.fillRect(QRectF(r.left(), r.top(), 1, r.height()), base);
            if (bar.open) {
                // The open end: an arrow head past now.
                const double x = r.right();
                const QPolygonF head{QPointF(x, r.top()),
                                     QPointF(x + kOpenMarkWidth, r.center().y()),
                                     QPointF(x, r.bottom())};
                p.setPen(Qt::NoPen);
                p.setBrush(fills[k]);
                p.setRenderHint(QPainter::Antialiasing, true);
                p.drawPolygon(head);
                p.setRenderHint(QPainter::Antialiasing, false);
            }
            if (r.width() >= letterW + 6) {
                const PolicyEvent& e = m_book->at(bar.row);
                const int width = int(r.width());
                Label& label = m_labels[e.id];
                if (label.width != width || label.mode != int(m_mode)) {
                    // Laid out once per width: a moving now leaves most as they are.
                    QString text = letters[k];
                    if (r.width() > letterW * 6) {
                        const QString subject =
                            policyEventKindInfo(e.kind).aboutUser || e.command.isEmpty()
                                ? e.user
                                : (m_mode == LaneMode::User
                                       ? e.command
                                       : e.command + QLatin1Char(' ') + e.user);
                        text = bfm.elidedText(text + QLatin1Char(' ') + subject, Qt::ElideRight,
                                              width - 8);
                    }
                    label.width = width;
                    label.mode = int(m_mode);
                    label.text = QStaticText(text);
                    label.text.setTextFormat(Qt::PlainText);
                    label.text.prepare(QTransform(), bold);
                }
                p.setPen(ink[k]);
                p.drawStaticText(QPointF(r.left() + 4, r.center().y() - bfm.height() / 2.0),
                                 label.text);
            }
        }
    }
    if (selectedBar >= 0) {
        const Bar& bar = m_bars.at(selectedBar);
        if (bar.lane >= firstLane && bar.lane <= lastLane) {
            const QRectF r = barRectAt(bar).adjusted(-2, -2, bar.open ? kOpenMarkWidth + 2 : 2, 2);
            p.setRenderHint(QPainter::Antialiasing, true);
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(pal.color(QPalette::Base), 4));
            p.drawRect(r);
            p.setPen(QPen(pal.color(QPalette::Text), 2));
            p.drawRect(r);
        }
    }
    p.restore();
    p.setFont(font());
    paintAxis(p);
}

void EventTimeline::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    invalidate();
}

void EventTimeline::scrollContentsBy(int, int)
{
    viewport()->update();
}

void EventTimeline::changeEvent(QEvent* event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::StyleChange)
        invalidate();
}

bool EventTimeline::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString id = eventAt(help->pos());
        if (id.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), toolTipFor(id), viewport(),
                               barRect(id).toAlignedRect());
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void EventTimeline::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const QString id = eventAt(event->position());
    if (id.isEmpty())
        return;
    setSelectedEvent(id);
    Q_EMIT eventSelected(id);
    Q_EMIT eventActivated(id);
}

void EventTimeline::mouseReleaseEvent(QMouseEvent* event)
{
    event->setAccepted(event->button() == Qt::LeftButton);
}

void EventTimeline::keyPressEvent(QKeyEvent* event)
{
    // Enter opens the selected event, as on a table row.
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        !m_selected.isEmpty() && barIndexOf(m_selected) >= 0) {
        Q_EMIT eventActivated(m_selected);
        return;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void EventTimeline::mouseMoveEvent(QMouseEvent* event)
{
    viewport()->setCursor(eventAt(event->position()).isEmpty() ? Qt::ArrowCursor
                                                               : Qt::PointingHandCursor);
    QAbstractScrollArea::mouseMoveEvent(event);
}

QSize EventTimeline::sizeHint() const
{
    return QSize(720, axisHeight() + 8 * laneHeight());
}

QSize EventTimeline::minimumSizeHint() const
{
    return QSize(240, axisHeight() + 2 * laneHeight());
}

} // namespace gw
