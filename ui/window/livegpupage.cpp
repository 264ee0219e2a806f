#include "window/livegpupage.h"

#include "charts/clockeventband.h"
#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "common/freshness.h"
#include "common/palette.h"
#include "engine/livehistory.h"
#include "model/gpustate.h"
#include "model/metrics.h"
#include "model/snapshot.h"
#include "model/units.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>

#include <cmath>

namespace gw {

namespace {

constexpr int kChartMinimumLines = 8;

constexpr MetricId kLiveMetrics[] = {MetricId::GpuUtilization, MetricId::GpuMemoryUsed,
                                     MetricId::GpuTemperature, MetricId::GpuPower};

} // namespace

LiveGpuPage::LiveGpuPage(const LiveHistory* history, QWidget* parent)
    : QWidget(parent)
    , m_provider(new LiveHistoryProvider(history, this))
    , m_details(new QLabel)
    , m_reservations(new QLabel)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSizeConstraint(QLayout::SetNoConstraint); // minimumSizeHint() says it
    int i = 0;
    for (MetricId metric : kLiveMetrics) {
        auto* model = new HistoryChartModel(m_provider, this);
        model->setFixedRange(0, HistoryChartModel::kMinSpanMs);
        auto* plot = new HistoryPlot(model, this);
        // Small enough that the tree beside keeps its figures and names on
        // a 1,024 px screen with 144 dpi fonts (16 servers, hog badges):
        // eight lines of text wide, its axis labels and some of the line.
        plot->setMinimumSize(kChartMinimumLines * fontMetrics().height(), 150);
        plot->setTitle(metricTitle(metricDef(metric)));
        if (metricDef(metric).fixedMax > 0)
            plot->setValueTop(metricDef(metric).fixedMax);
        m_models.append(model);
        m_plots.append(plot);
        grid->addWidget(plot, i / 2, i % 2);
        ++i;
    }
    // Under the bottom charts (temperature, power: what slows a GPU), one
    // band each, on each one's time axis: when its clocks were slowed.
    for (HistoryPlot* plot : {temperatureChart(), powerChart()}) {
        auto* band = new ClockEventBand(history, plot, this);
        grid->addWidget(band, 2, m_bands.size());
        m_bands.append(band);
    }
    grid->setRowStretch(0, 1);
    grid->setRowStretch(1, 1);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_details, 3, 0, 1, 2);
    m_reservations->setWordWrap(true);
    m_reservations->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reservations->setTextFormat(Qt::PlainText);
    m_reservations->setObjectName(QStringLiteral("reservations"));
    m_reservations->hide();
    grid->addWidget(m_reservations, 4, 0, 1, 2);
    applySeries(); // each chart knows its metric (unit, axis) before a GPU is chosen
}

QSize LiveGpuPage::minimumSizeHint() const
{
    QSize least = QWidget::minimumSizeHint();
    for (const QLabel* label : {m_details, m_reservations})
        if (label->isVisibleTo(this))
            least.rheight() += std::max(0, label->heightForWidth(least.width()) -
                                               label->minimumSizeHint().height());
    return least;
}

double LiveGpuPage::temperatureTop(double slowdownC)
{
    return std::ceil((slowdownC + 8) / 5) * 5;
}

void LiveGpuPage::showGpu(const GpuSample& g)
{
    QStringList parts{
        tr("Utilisation %1").arg(formatPercent(g.utilizationGpuPercent)),
        tr("memory %1 / %2").arg(formatMiB(g.memoryUsedMiB), formatMiB(g.memoryTotalMiB)),
        tr("power %1 of %2").arg(formatWatts(g.powerW), formatWatts(g.powerLimitW)),
        tr("SM clock %1").arg(formatMHz(g.smClockMHz)),
        tr("fan %1").arg(formatPercent(g.fanPercent)),
        tr("persistence %1")
            .arg(!g.persistenceMode   ? notAvailable()
                 : *g.persistenceMode ? tr("on")
                                      : tr("off")),
    };
    // The clock-event reasons that slow it against its will (docs/health.md).
    const QStringList slowed =
        clockSlowdownTitles(g.healthFacts ? g.healthFacts->clockEventReasons.value_or(0) : 0);
    if (!slowed.isEmpty())
        parts << tr("slowed by %1").arg(slowed.join(QStringLiteral(", ")));
    QString text = parts.join(QStringLiteral(" · ")).toHtmlEscaped();
    if (g.health &&
        (g.health->state == HealthState::Failing || g.health->state == HealthState::Degraded)) {
        QStringList reasons;
        for (const QString& r : g.health->reasons)
            reasons << r.toHtmlEscaped();
        text = (g.health->state == HealthState::Failing ? tr("<b>GPU failing:</b> %1")
                                                        : tr("<b>GPU degraded:</b> %1"))
                   .arg(reasons.join(QStringLiteral("; "))) +
               QStringLiteral("<br>") + text;
    }
    if (!g.error.isEmpty())
        text = tr("<b>Error:</b> %1").arg(g.error.toHtmlEscaped()) + QStringLiteral("<br>") + text;
    m_detailsText = text;
    m_details->setText(m_staleText.isEmpty() ? text : m_staleText + QStringLiteral("<br>") + text);
    if (g.index != m_gpuIndex) {
        m_gpuIndex = g.index;
        applySeries();
    }

    // Utilisation: the driver does not report it per GPU in MIG mode.
    utilisationChart()->setEmptyText(
        g.migEnabled.value_or(false) ? tr("Utilisation is not reported in MIG mode") : QString());
    // Memory: 0 to the capacity, which is drawn.
    memoryChart()->setValueTop(g.memoryTotalMiB);
    memoryChart()->setLimitLine(
        g.memoryTotalMiB,
        g.memoryTotalMiB ? tr("capacity %1").arg(formatMiB(g.memoryTotalMiB)) : QString());
    // Temperature: up to a little above where the GPU slows down (the
    // driver's threshold, else kDefaultHotC), which is drawn.
    const double slowdown = hotThresholdC(g);
    temperatureChart()->setValueTop(temperatureTop(slowdown));
    temperatureChart()->setLimitLine(
        slowdown, tr("slowdown %1").arg(formatMetric(MetricId::GpuTemperature, slowdown)));
    // Power: 0 to the power limit, which is drawn.
    powerChart()->setValueTop(g.powerLimitW);
    powerChart()->setLimitLine(
        g.powerLimitW, g.powerLimitW ? tr("limit %1").arg(formatWatts(g.powerLimitW)) : QString());
}

void LiveGpuPage::setFreshness(const Freshness& f)
{
    const QString stale = staleText(f).toHtmlEscaped();
    if (stale == m_staleText)
        return;
    m_staleText = stale;
    QPalette p = m_details->palette();
    p.setColor(QPalette::WindowText,
               stale.isEmpty() ? palette().color(QPalette::WindowText) : staleTextColor(palette()));
    m_details->setPalette(p);
    m_details->setText(stale.isEmpty() ? m_detailsText
                                       : stale + QStringLiteral("<br>") + m_detailsText);
}

void LiveGpuPage::setReservationLines(const QStringList& lines)
{
    const QString text = lines.join(QLatin1Char('\n'));
    if (text == m_reservations->text() && m_reservations->isHidden() == text.isEmpty())
        return;
    m_reservations->setText(text);
    m_reservations->setVisible(!text.isEmpty());
}

QString LiveGpuPage::reservationText() const
{
    return m_reservations->text();
}

void LiveGpuPage::refresh(const QString& server, const QString& uuid, qint64 fromMs, qint64 toMs)
{
    if (server != m_server || uuid != m_uuid) {
        m_server = server;
        m_uuid = uuid;
        applySeries();
        for (ClockEventBand* band : std::as_const(m_bands))
            band->setGpu(server, uuid);
    }
    for (HistoryChartModel* m : std::as_const(m_models)) {
        // A chart the admin zoomed into holds its view (with fresh data)
        // until a double-click, Home or Esc returns it to the moving window.
        if (m->isZoomed())
            m->refresh();
        else if (m->fromMs() != fromMs || m->toMs() != toMs)
            m->setFixedRange(fromMs, toMs);
        else
            m->refresh(); // same window, new readings
    }
}

void LiveGpuPage::notifyAppended(const QStringList& servers)
{
    m_provider->notifyAppended(servers);
}

void LiveGpuPage::applySeries()
{
    // The GPU's own series colour, as its line has in the History tab; never
    // a state colour (a blue line is not "busy").
    const QColor color = seriesColor(m_gpuIndex, palette());
    for (int i = 0; i < m_models.size(); ++i) {
        const MetricDef& def = metricDef(kLiveMetrics[i]);
        m_models[i]->setSeries({{{m_server, m_uuid, def.id}, metricTitle(def), color}});
    }
}

void LiveGpuPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applySeries(); // line colours for the new palette
    QWidget::changeEvent(event);
}

} // namespace gw
