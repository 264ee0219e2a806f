#include "charts/historychart.h"

#include "charts/historyplot.h"
#include "charts/timerangebar.h"

#include <QListView>
#include <QVBoxLayout>

#include <algorithm>

namespace gw {

namespace {

// The legend: check boxes with colour swatches that wrap onto more rows when
// the chart is narrow, and take just the height their rows need.
class HistoryLegendView final : public QListView
{
public:
    explicit HistoryLegendView(QWidget* parent)
        : QListView(parent)
    {
        setFlow(QListView::LeftToRight);
        setWrapping(true);
        setResizeMode(QListView::Adjust);
        setUniformItemSizes(false);
        setSpacing(2);
        setFrameShape(QFrame::NoFrame);
        setSelectionMode(QAbstractItemView::NoSelection);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        viewport()->setAutoFillBackground(false);
        // Swatches the size of a check box, not of an icon.
        const int swatch = fontMetrics().height() * 3 / 4;
        setIconSize(QSize(swatch, swatch));
        setAccessibleName(HistoryChart::tr("Legend"));
        setToolTip(HistoryChart::tr("Check a series to show it (Space toggles the current one)"));
    }

    QSize sizeHint() const final
    {
        const int rows = contentsSize().height();
        const int one = sizeHintForRow(0) + 2 * spacing();
        return {QListView::sizeHint().width(), std::max(rows, std::max(one, 8)) + 2 * frameWidth()};
    }
    // Its rows' height; as narrow as one series' name (the rest wraps).
    QSize minimumSizeHint() const final
    {
        return {std::min(sizeHint().width(), 10 * fontMetrics().height()), sizeHint().height()};
    }

protected:
    void updateGeometries() final
    {
        QListView::updateGeometries();
        // Wrapping changed the rows: let the layout give us their height.
        const int h = contentsSize().height();
        if (h != m_lastHeight) {
            m_lastHeight = h;
            updateGeometry();
        }
    }

private:
    int m_lastHeight = -1;
};

} // namespace

HistoryChart::HistoryChart(HistoryProvider* provider, QWidget* parent)
    : QWidget(parent)
    , m_model(new HistoryChartModel(provider, this))
    , m_bar(new TimeRangeBar(m_model, this))
    , m_plot(new HistoryPlot(m_model, this))
    , m_legend(new HistoryLegendView(this))
{
    m_legend->setModel(m_model);
    static_cast<QListView*>(m_legend)->setModelColumn(HistoryChartModel::NameColumn);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_bar);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_legend);
    setFocusProxy(m_plot);
}

void HistoryChart::setSeries(const QList<HistorySeries>& series)
{
    m_model->setSeries(series);
}

void HistoryChart::setTitle(const QString& title)
{
    m_plot->setTitle(title);
}

void HistoryChart::followNow(qint64 spanMs)
{
    m_model->followNow(spanMs);
}

void HistoryChart::setFixedRange(qint64 fromMs, qint64 toMs)
{
    m_model->setFixedRange(fromMs, toMs);
}

void HistoryChart::resetZoom()
{
    m_model->resetZoom();
}

} // namespace gw
