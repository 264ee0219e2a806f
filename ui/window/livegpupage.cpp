#include "window/livegpupage.h"

#include "charts/livechart.h"
#include "engine/livehistory.h"
#include "model/metrics.h"
#include "model/snapshot.h"
#include "model/units.h"

#include <QGridLayout>
#include <QLabel>

namespace gw {

LiveGpuPage::LiveGpuPage(QWidget* parent)
    : QWidget(parent)
    , m_utilisation(new LiveChart(MetricId::GpuUtilization))
    , m_memory(new LiveChart(MetricId::GpuMemoryUsed))
    , m_temperature(new LiveChart(MetricId::GpuTemperature))
    , m_power(new LiveChart(MetricId::GpuPower))
    , m_details(new QLabel)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_utilisation, 0, 0);
    grid->addWidget(m_memory, 0, 1);
    grid->addWidget(m_temperature, 1, 0);
    grid->addWidget(m_power, 1, 1);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_details, 2, 0, 1, 2);
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
    QString text = parts.join(QStringLiteral(" · "));
    if (!g.error.isEmpty())
        text = tr("<b>Error:</b> %1").arg(g.error.toHtmlEscaped()) + QStringLiteral("<br>") + text;
    m_details->setText(text);
    m_memory->setYMaximum(g.memoryTotalMiB.value_or(0));
    m_power->setYMaximum(g.powerLimitW.value_or(0));
}

void LiveGpuPage::refresh(const LiveHistory& history, const QString& server, const QString& uuid,
                          qint64 fromMs, qint64 toMs)
{
    for (LiveChart* c : charts())
        c->setPoints(history.series(server, uuid, c->metric(), fromMs, toMs, c->pixelWidth()),
                     fromMs, toMs);
}

} // namespace gw
