#include "charts/clockeventband.h"

#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "common/palette.h"
#include "engine/livehistory.h"
#include "model/gpuhealth.h"
#include "model/units.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace gw {

namespace {
constexpr double kLaneGap = 2;     // px between lanes
constexpr double kMinBarWidth = 2; // px: one reading in an hour still shows
constexpr double kLabelPad = 4;    // px around a lane's title
} // namespace

ClockEventBand::ClockEventBand(const LiveHistory* history, HistoryPlot* alignTo, QWidget* parent)
    : QWidget(parent)
    , m_history(history)
    , m_plot(alignTo)
{
    setObjectName(QStringLiteral("clockEventBand"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setAccessibleName(tr("Clock slowdowns"));
    HistoryChartModel* model = alignTo->model();
    connect(model, &HistoryChartModel::rangeChanged, this, &ClockEventBand::refresh);
    connect(model, &HistoryChartModel::seriesDataChanged, this, &ClockEventBand::refresh);
}

void ClockEventBand::setGpu(const QString& server, const QString& uuid)
{
    if (server == m_server && uuid == m_uuid)
        return;
    m_server = server;
    m_uuid = uuid;
    refresh();
}

void ClockEventBand::refresh()
{
    QList<Lane> lanes;
    bool reported = false;
    if (m_plot && !m_uuid.isEmpty()) {
        const HistoryChartModel* model = m_plot->model();
        const LiveHistory::ClockEvents events = m_history->clockEvents(
            m_server, m_uuid, model->fromMs(), model->toMs(), clockSlowdownMask());
        reported = events.reported;
        for (const ClockSlowdown& reason : clockSlowdowns()) {
            Lane lane{reason.bit, clockSlowdownTitle(reason), {}};
            for (const LiveHistory::ClockEventRun& run : events.runs) {
                if (!(run.reasons & reason.bit))
                    continue;
                // Runs of other reason sets that follow on are one span here.
                if (!lane.spans.isEmpty() && lane.spans.last().second == run.fromMs)
                    lane.spans.last().second = run.toMs;
                else
                    lane.spans.append({run.fromMs, run.toMs});
            }
            if (!lane.spans.isEmpty())
                lanes.append(lane);
        }
    }
    const bool resized = lanes.size() != m_lanes.size() && (!lanes.isEmpty() || !m_lanes.isEmpty());
    m_lanes = lanes;
    m_reported = reported;
    if (resized)
        updateGeometry();
    // What a screen reader says: each reason with how long it held in range.
    QStringList said;
    for (const Lane& lane : std::as_const(m_lanes)) {
        qint64 ms = 0;
        for (const auto& [from, to] : lane.spans)
            ms += to - from;
        said << tr("%1 for %2").arg(lane.title, formatDurationTwoUnits(ms));
    }
    setAccessibleDescription(said.isEmpty() ? message() : said.join(QStringLiteral("; ")));
    update();
}

QString ClockEventBand::message() const
{
    if (!m_lanes.isEmpty() || m_uuid.isEmpty())
        return {};
    return m_reported ? tr("Clock slowdowns: none in this range")
                      : tr("Clock slowdowns: not reported");
}

double ClockEventBand::laneHeight() const
{
    return fontMetrics().height() + 2 * kLaneGap;
}

QSize ClockEventBand::sizeHint() const
{
    const qsizetype lines = std::max<qsizetype>(1, m_lanes.size());
    return {m_plot ? m_plot->sizeHint().width() : 200,
            int(std::ceil(double(lines) * laneHeight() + kLaneGap))};
}

QSize ClockEventBand::minimumSizeHint() const
{
    return {0, sizeHint().height()};
}

std::pair<double, double> ClockEventBand::plotEdges() const
{
    if (!m_plot)
        return {0, double(width())};
    return {xForTime(m_plot->model()->fromMs()), xForTime(m_plot->model()->toMs())};
}

std::pair<double, double> ClockEventBand::barEdges(qint64 fromMs, qint64 toMs) const
{
    const auto [left, right] = plotEdges();
    double x0 = std::clamp(xForTime(fromMs), left, right);
    double x1 = std::clamp(xForTime(toMs), left, right);
    if (x1 - x0 < kMinBarWidth) {
        x0 = std::max(left, (x0 + x1 - kMinBarWidth) / 2);
        x1 = std::min(right, x0 + kMinBarWidth);
    }
    return {x0, x1};
}

double ClockEventBand::xForTime(qint64 ms) const
{
    if (!m_plot)
        return 0;
    // The chart's x, moved from its widget to this one (both sit in one
    // column of the page, so usually the offset is 0).
    const QWidget* top = window();
    const double offset =
        double(m_plot->mapTo(top, QPoint(0, 0)).x() - mapTo(top, QPoint(0, 0)).x());
    return m_plot->xForTime(ms) + offset;
}

QRectF ClockEventBand::laneRect(int lane) const
{
    const auto [left, right] = plotEdges();
    return QRectF(left, kLaneGap + lane * laneHeight(), std::max(1.0, right - left),
                  laneHeight() - kLaneGap);
}

void ClockEventBand::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    const QString text = message();
    if (!text.isEmpty()) {
        const QRectF r = laneRect(0);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(r.adjusted(kLabelPad, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(text, Qt::ElideRight, int(r.width() - kLabelPad)));
        return;
    }
    for (int i = 0; i < m_lanes.size(); ++i) {
        const Lane& lane = m_lanes.at(i);
        const QRectF r = laneRect(i);
        p.fillRect(r, pal.color(QPalette::Base));
        const QColor color = clockSlowdownColor(lane.bit, pal);
        for (const auto& [from, to] : lane.spans) {
            const auto [x0, x1] = barEdges(from, to);
            p.fillRect(QRectF(x0, r.top(), x1 - x0, r.height()), color);
        }
        // The title on a plate of the plot's colour, so it reads over a bar.
        const QString title =
            fontMetrics().elidedText(lane.title, Qt::ElideRight, int(r.width() - 2 * kLabelPad));
        const QRectF plate(r.left(), r.top(),
                           fontMetrics().horizontalAdvance(title) + 2 * kLabelPad, r.height());
        QColor plateColor = pal.color(QPalette::Base);
        plateColor.setAlphaF(0.8f);
        p.fillRect(plate, plateColor);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(plate, Qt::AlignCenter, title);
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(r.adjusted(0, 0, -1, -1));
    }
}

QString ClockEventBand::toolTipAt(QPointF pos) const
{
    if (!m_plot)
        return {};
    for (int i = 0; i < m_lanes.size(); ++i) {
        const QRectF r = laneRect(i);
        if (pos.y() < r.top() || pos.y() >= r.bottom())
            continue;
        for (const auto& [from, to] : m_lanes.at(i).spans) {
            const auto [x0, x1] = barEdges(from, to);
            if (pos.x() < x0 - 1 || pos.x() > x1 + 1) // a pixel's slack for thin bars
                continue;
            const auto at = [&](qint64 ms) {
                return QLocale().toString(
                    QDateTime::fromMSecsSinceEpoch(ms, m_plot->timeZone()).time(),
                    QStringLiteral("HH:mm:ss"));
            };
            return tr("Clocks slowed by %1 from %2 to %3 (%4)")
                .arg(m_lanes.at(i).title, at(from), at(to), formatDurationTwoUnits(to - from));
        }
    }
    return {};
}

bool ClockEventBand::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), tip, this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace gw
