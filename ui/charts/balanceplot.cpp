#include "charts/balanceplot.h"

#include "charts/axisstep.h"
#include "common/datetimetext.h"
#include "common/palette.h"
#include "models/ledgermodel.h"

#include <QDateTime>
#include <QEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

constexpr qint64 kHour = 3'600'000;
constexpr qint64 kDay = 24 * kHour;
constexpr int kMinValueTickPx = 28;

QString tokensText(double v)
{
    // "−10.00": as the ledger and the tables write balances.
    return LedgerModel::balanceText(v);
}

} // namespace

BalancePlot::BalancePlot(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setMinimumSize(minimumSizeHint());
}

QSize BalancePlot::sizeHint() const
{
    return {480, 240};
}

QSize BalancePlot::minimumSizeHint() const
{
    return {200, 140};
}

void BalancePlot::setLedger(const QList<LedgerEntry>& entries, double floor, qint64 untilMs)
{
    m_steps.clear();
    m_floor = floor;
    QMap<QString, double> running;
    m_fromMs = 0;
    for (const LedgerEntry& e : entries) {
        double& b = running[e.user];
        b += e.amount;
        QList<QPointF>& line = m_steps[e.user];
        // Entries of one instant make one step (a grant and a charge at the
        // same hour's end): the last balance of the instant stands.
        if (!line.isEmpty() && qint64(line.last().x()) == e.atMs)
            line.last().setY(b);
        else
            line << QPointF(double(e.atMs), b);
        if (m_fromMs == 0 || e.atMs < m_fromMs)
            m_fromMs = e.atMs;
    }
    m_toMs = untilMs;
    for (auto it = m_steps.begin(); it != m_steps.end(); ++it) {
        m_toMs = std::max(m_toMs, qint64(it->last().x()));
    }
    for (auto it = m_steps.begin(); it != m_steps.end(); ++it)
        if (qint64(it->last().x()) < m_toMs)
            *it << QPointF(double(m_toMs), it->last().y());
    if (m_toMs <= m_fromMs)
        m_toMs = m_fromMs + kHour;
    m_users = m_steps.keys();
    layoutAxis();
    update();
    notifyAccessibleItemsChanged(this);
}

void BalancePlot::setTimeZone(const QTimeZone& zone)
{
    m_zone = zone.isValid() ? zone : QTimeZone::systemTimeZone();
    update();
}

void BalancePlot::setUser(const QString& user)
{
    if (user == m_user)
        return;
    m_user = user;
    layoutAxis();
    update();
    notifyAccessibleItemsChanged(this);
}

QString BalancePlot::accessibleItemName(int index) const
{
    return usersShown().value(index);
}

QString BalancePlot::accessibleItemDescription(int index) const
{
    const QList<QPointF> steps = m_steps.value(usersShown().value(index));
    if (steps.isEmpty())
        return {};
    double low = steps.first().y(), high = low;
    for (const QPointF& p : steps) {
        low = std::min(low, p.y());
        high = std::max(high, p.y());
    }
    const double now = steps.last().y();
    QString text =
        tr("balance %1 tokens; lowest %2, highest %3 since %4")
            .arg(LedgerModel::balanceText(now), LedgerModel::balanceText(low),
                 LedgerModel::balanceText(high),
                 dateTimeText(QDateTime::fromMSecsSinceEpoch(qint64(steps.first().x()), m_zone)));
    if (now <= m_floor)
        text += QLatin1String("; ") +
                tr("at or below the floor (%1)").arg(LedgerModel::balanceText(m_floor));
    return text;
}

QRect BalancePlot::accessibleItemRect(int index) const
{
    return index >= 0 && index < accessibleItemCount() ? plotRect().toAlignedRect() : QRect();
}

QString BalancePlot::accessibleSummary() const
{
    if (m_steps.isEmpty())
        return tr("No balances to show.");
    return tr("Balance over time from %1 to %2: %n users", nullptr, accessibleItemCount())
        .arg(dateTimeText(QDateTime::fromMSecsSinceEpoch(m_fromMs, m_zone)),
             dateTimeText(QDateTime::fromMSecsSinceEpoch(m_toMs, m_zone)));
}

QStringList BalancePlot::usersShown() const
{
    if (m_user.isEmpty())
        return m_users;
    return m_steps.contains(m_user) ? QStringList{m_user} : QStringList{};
}

void BalancePlot::layoutAxis()
{
    // Zero and the floor always in view: where a user stands against them
    // is what the chart is for.
    double lo = std::min(0.0, m_floor), hi = std::max(0.0, m_floor);
    for (const QString& u : usersShown())
        for (const QPointF& p : m_steps.value(u)) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
        }
    const int ticks = std::max(2, int(plotRect().height()) / kMinValueTickPx);
    const double span = std::max(1.0, hi - lo);
    m_yStep = niceAxisTicks(span, ticks).step;
    m_yMin = std::floor(lo / m_yStep) * m_yStep;
    m_yMax = std::ceil(hi / m_yStep) * m_yStep;
    if (m_yMax <= m_yMin)
        m_yMax = m_yMin + m_yStep;
}

QRectF BalancePlot::plotRect() const
{
    const QFontMetrics fm = fontMetrics();
    const double left = fm.horizontalAdvance(QStringLiteral("−8888")) + 12;
    const double top = fm.height() * 2 + 6; // title, then the legend
    const double bottom = fm.height() * 2 + 8;
    return QRectF(left, top, std::max(1.0, width() - left - 16),
                  std::max(1.0, height() - top - bottom));
}

double BalancePlot::yForValue(double v) const
{
    const QRectF r = plotRect();
    return r.bottom() - (v - m_yMin) / (m_yMax - m_yMin) * r.height();
}

double BalancePlot::xForTime(qint64 ms) const
{
    const QRectF r = plotRect();
    return r.left() +
           double(ms - m_fromMs) / double(std::max<qint64>(1, m_toMs - m_fromMs)) * r.width();
}

QMap<QString, double> BalancePlot::balancesAt(qint64 ms) const
{
    QMap<QString, double> out;
    for (auto it = m_steps.cbegin(); it != m_steps.cend(); ++it) {
        // The last step at or before ms stands.
        const auto after = std::upper_bound(it->cbegin(), it->cend(), double(ms),
                                            [](double t, const QPointF& p) { return t < p.x(); });
        if (after != it->cbegin())
            out.insert(it.key(), std::prev(after)->y());
    }
    return out;
}

QString BalancePlot::hoverText(double x) const
{
    const QRectF r = plotRect();
    if (x < r.left() || x > r.right() || m_steps.isEmpty())
        return {};
    const qint64 ms = m_fromMs + qint64((x - r.left()) / r.width() * double(m_toMs - m_fromMs));
    QStringList lines{QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms, m_zone),
                                         QStringLiteral("ddd d MMM HH:mm"))};
    const QMap<QString, double> at = balancesAt(ms);
    for (const QString& u : usersShown())
        if (at.contains(u))
            lines << tr("%1: %2").arg(u, tokensText(at.value(u)));
    return lines.join(QLatin1Char('\n'));
}

void BalancePlot::mouseMoveEvent(QMouseEvent* event)
{
    const QString text = hoverText(event->position().x());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void BalancePlot::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
}

void BalancePlot::paintEvent(QPaintEvent*)
{
    layoutAxis(); // the tick count follows the height
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRectF r = plotRect();
    const QFontMetrics fm = fontMetrics();
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(isDarkPalette(pal) ? 40 : 28);
    const double dpr = devicePixelRatioF();
    auto crisp = [dpr](double v) {
        return (std::floor(v * dpr) + 0.5) / dpr;
    };

    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRectF(r.left(), 2, r.width(), fm.height() + 2), Qt::AlignLeft | Qt::AlignVCenter,
               m_user.isEmpty() ? tr("Balance over time (tokens)")
                                : tr("Balance of %1 over time (tokens)").arg(m_user));
    p.setFont(font());
    if (m_steps.isEmpty()) {
        // No entries: no time to draw an axis over (not one from 1970).
        p.drawText(r, Qt::AlignCenter | Qt::TextWordWrap, tr("No balances to draw."));
        return;
    }

    // The legend: one swatch per user drawn, on the line under the title.
    const QStringList shown = usersShown();
    double lx = r.left();
    for (const QString& u : shown) {
        const QColor c = seriesColor(int(m_users.indexOf(u)), pal);
        const double w = fm.horizontalAdvance(u);
        if (lx + 18 + w > r.right())
            break;
        p.fillRect(QRectF(lx, fm.height() + 4 + fm.height() / 2.0 - 1.5, 12, 3), c);
        p.setPen(text);
        p.drawText(QRectF(lx + 16, fm.height() + 4, w + 2, fm.height()), Qt::AlignVCenter, u);
        lx += 16 + w + 14;
    }

    // Value grid and labels.
    const int decimals = m_yStep < 1 ? (m_yStep < 0.1 ? 2 : 1) : 0;
    for (double v = m_yMin; v <= m_yMax + m_yStep * 1e-6; v += m_yStep) {
        const double y = crisp(yForValue(v));
        p.setPen(QPen(grid, 0));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        p.setPen(text);
        QString label = QLocale().toString(v, 'f', decimals);
        if (v < 0)
            label.replace(QLatin1Char('-'), QChar(0x2212));
        p.drawText(QRectF(0, y - fm.height() / 2.0, r.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, label);
    }

    // Time ticks: hours within a day or two, else days at local midnight.
    const double labelPx = fm.horizontalAdvance(QStringLiteral("ddd 88 MMM")) + 12;
    const double maxTicks = std::max(2.0, r.width() / labelPx);
    static const QList<qint64> steps{kHour, 2 * kHour, 3 * kHour, 6 * kHour, 12 * kHour,
                                     kDay,  2 * kDay,  7 * kDay,  14 * kDay, 30 * kDay};
    const TimeAxisTicks axis = timeAxisTicks(m_fromMs, m_toMs, maxTicks, steps, m_zone);
    const qint64 step = axis.stepMs;
    const QList<qint64>& ticks = axis.timesMs;
    double lastRight = -1e9;
    QDate lastDate;
    for (qint64 t : std::as_const(ticks)) {
        const double x = xForTime(t);
        p.setPen(QPen(grid, 0));
        p.drawLine(QPointF(crisp(x), r.top()), QPointF(crisp(x), r.bottom()));
        const QDateTime dt = QDateTime::fromMSecsSinceEpoch(t, m_zone);
        const QString day = QLocale().toString(dt.date(), QStringLiteral("ddd d MMM"));
        const QString label =
            step >= kDay ? day : QLocale().toString(dt.time(), QStringLiteral("HH:mm"));
        const QString second = step < kDay && dt.date() != lastDate ? day : QString();
        lastDate = dt.date();
        const double w = std::max(fm.horizontalAdvance(label), fm.horizontalAdvance(second));
        const double left = std::clamp(x - w / 2, 0.0, width() - w);
        if (left < lastRight + 4)
            continue;
        lastRight = left + w;
        p.setPen(text);
        const QRectF cell(left, r.bottom() + 4, w, fm.height());
        p.drawText(cell, Qt::AlignCenter, label);
        if (!second.isEmpty())
            p.drawText(cell.translated(0, fm.height()), Qt::AlignCenter, second);
    }

    // Zero, solid; the floor, dashed in the error colour with its label.
    p.setPen(QPen(text, 1));
    p.drawLine(QPointF(r.left(), crisp(yForValue(0))), QPointF(r.right(), crisp(yForValue(0))));
    const QColor error = stateColor(DisplayState::Error, pal);
    const double fy = crisp(yForValue(m_floor));
    p.setPen(QPen(error, 1.5, Qt::DashLine));
    p.drawLine(QPointF(r.left(), fy), QPointF(r.right(), fy));
    const QString floorLabel = tr("floor %1").arg(tokensText(m_floor));
    const double fw = fm.horizontalAdvance(floorLabel) + 8;
    const QRectF cell(r.right() - fw, fy + 2, fw, fm.height());
    QColor bg = pal.color(QPalette::Base);
    bg.setAlpha(200);
    p.fillRect(cell, bg);
    p.setPen(error);
    p.drawText(cell, Qt::AlignCenter, floorLabel);

    // The steps.
    p.save();
    p.setClipRect(r.adjusted(-1, -2, 1, 2));
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const QString& u : shown) {
        const QList<QPointF> line = m_steps.value(u);
        if (line.isEmpty())
            continue;
        QPainterPath path;
        path.moveTo(xForTime(qint64(line.first().x())), yForValue(line.first().y()));
        for (qsizetype i = 1; i < line.size(); ++i) {
            const double x = xForTime(qint64(line.at(i).x()));
            path.lineTo(x, yForValue(line.at(i - 1).y()));
            path.lineTo(x, yForValue(line.at(i).y()));
        }
        p.setPen(QPen(seriesColor(int(m_users.indexOf(u)), pal), 2));
        p.drawPath(path);
    }
    p.restore();

    if (shown.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(r, Qt::AlignCenter | Qt::TextWordWrap, tr("No ledger entries yet"));
    }
    QColor frame = text;
    frame.setAlpha(90);
    p.setPen(QPen(frame, 0));
    p.drawLine(QPointF(r.left(), crisp(r.bottom())), QPointF(r.right(), crisp(r.bottom())));
}

} // namespace gw
