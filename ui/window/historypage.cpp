#include "window/historypage.h"

#include "charts/historychart.h"
#include "engine/livestate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace gw {

namespace {
struct HistoryMetricChoice
{
    const char* label;
    SeriesMetric metric;
    bool perGpu;
};
constexpr HistoryMetricChoice kHistoryMetrics[] = {
    {QT_TRANSLATE_NOOP("gw::HistoryPage", "GPU utilisation"), SeriesMetric::GpuUtilization, true},
    {QT_TRANSLATE_NOOP("gw::HistoryPage", "GPU memory used"), SeriesMetric::GpuMemoryUsed, true},
    {QT_TRANSLATE_NOOP("gw::HistoryPage", "GPU temperature"), SeriesMetric::GpuTemperature, true},
    {QT_TRANSLATE_NOOP("gw::HistoryPage", "GPU power"), SeriesMetric::GpuPower, true},
    {QT_TRANSLATE_NOOP("gw::HistoryPage", "Host CPU"), SeriesMetric::HostCpu, false},
    {QT_TRANSLATE_NOOP("gw::HistoryPage", "Host memory used"), SeriesMetric::HostMemoryUsed, false},
};
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
    for (const auto& c : kHistoryMetrics)
        m_metric->addItem(tr(c.label));
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
    const auto& choice = kHistoryMetrics[std::max(0, m_metric->currentIndex())];
    QList<HistorySeries> series;
    if (choice.perGpu) {
        for (const auto& g : s ? s->gpus : QList<GpuSample>()) {
            HistorySeries hs;
            hs.key = SeriesKey{m_server, g.uuid, choice.metric};
            hs.name = tr("GPU %1").arg(g.index);
            series.append(hs);
        }
    } else {
        HistorySeries hs;
        hs.key = SeriesKey{m_server, QStringLiteral("host"), choice.metric};
        hs.name = m_server;
        series.append(hs);
    }
    m_chart->setTitle(tr("%1 — %2").arg(tr(choice.label), m_server));
    m_chart->setSeries(series);
}

} // namespace gw
