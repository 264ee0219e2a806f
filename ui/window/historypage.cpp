#include "window/historypage.h"

#include "charts/historychart.h"
#include "charts/historyplot.h"
#include "engine/livestate.h"
#include "model/metrics.h"
#include "model/units.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace gw {

namespace {
// The History tab offers every per-GPU and host row of the metric table.
QList<const MetricDef*> historyMetrics()
{
    QList<const MetricDef*> out;
    for (const MetricDef& d : metricTable()) {
        if (d.target != MetricTarget::Process)
            out.append(&d);
    }
    return out;
}
constexpr qint64 kDefaultHistorySpanMs = 24LL * 3600 * 1000;
} // namespace

HistoryPage::HistoryPage(const LiveState* fleet, HistoryProvider* history, QWidget* parent)
    : QWidget(parent)
    , m_fleet(fleet)
    , m_metric(new QComboBox)
    , m_chart(new HistoryChart(history))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    auto* row = new QHBoxLayout;
    for (const MetricDef* d : historyMetrics())
        m_metric->addItem(metricTitle(*d), int(d->id));
    row->addWidget(new QLabel(tr("Show:")));
    row->addWidget(m_metric);
    row->addStretch(1);
    layout->addLayout(row);
    m_chart->followNow(kDefaultHistorySpanMs);
    layout->addWidget(m_chart, 1);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] {
        m_seriesServer.clear(); // force a new series set
        updateSeries();
    });
}

void HistoryPage::showMetric(int metricIndex)
{
    m_metric->setCurrentIndex(metricIndex);
}

void HistoryPage::setServer(const QString& server)
{
    m_server = server;
    updateSeries();
}

void HistoryPage::updateSeries()
{
    if (m_server.isEmpty())
        return;
    const Snapshot* s = m_fleet->latest(m_server);
    QStringList gpus;
    if (s) {
        for (const auto& g : s->gpus)
            gpus.append(g.uuid);
    }
    // Only when the server or its GPUs change: a new series set restarts the
    // chart's queries.
    if (m_seriesServer == m_server && m_seriesGpus == gpus)
        return;
    m_seriesServer = m_server;
    m_seriesGpus = gpus;
    const MetricDef* found = findMetric(MetricId(m_metric->currentData().toInt()));
    const MetricDef& choice = found ? *found : metricTable().front();
    QList<HistorySeries> series;
    if (choice.target == MetricTarget::Gpu) {
        for (const auto& g : s ? s->gpus : QList<GpuSample>()) {
            HistorySeries hs;
            hs.key = SeriesKey{m_server, g.uuid, choice.id};
            hs.name = tr("GPU %1").arg(g.index);
            series.append(hs);
        }
    } else {
        HistorySeries hs;
        hs.key = SeriesKey{m_server, QStringLiteral("host"), choice.id};
        hs.name = m_server;
        series.append(hs);
    }
    // Memory tops at the capacity (the largest GPU's, or the host's), drawn;
    // other metrics keep their axes (100 % or the data in view).
    std::optional<double> capacity;
    if (s && choice.id == MetricId::GpuMemoryUsed) {
        for (const auto& g : s->gpus) {
            if (g.memoryTotalMiB && (!capacity || *g.memoryTotalMiB > *capacity))
                capacity = g.memoryTotalMiB;
        }
    } else if (s && choice.id == MetricId::HostMemoryUsed && s->host.memoryTotalBytes) {
        capacity = double(*s->host.memoryTotalBytes) / (1024.0 * 1024.0);
    }
    m_chart->plot()->setValueTop(capacity);
    m_chart->plot()->setLimitLine(capacity, capacity ? tr("capacity %1").arg(formatMiB(capacity))
                                                     : QString());
    m_chart->setTitle(tr("%1 — %2").arg(metricTitle(choice), m_server));
    m_chart->setSeries(series);
}

} // namespace gw
