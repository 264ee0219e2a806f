#include "charts/describedchartview.h"

#include <QChart>

namespace gw {

DescribedChartView::DescribedChartView(QChart* chart, QWidget* parent)
    : QChartView(chart, parent)
{}

void DescribedChartView::setItems(const QList<Item>& items, const QString& summary)
{
    m_items = items;
    m_summary = summary;
    notifyAccessibleItemsChanged(this);
}

QString DescribedChartView::accessibleItemName(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index).name : QString();
}

QString DescribedChartView::accessibleItemDescription(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index).description : QString();
}

QRect DescribedChartView::accessibleItemRect(int index) const
{
    if (index < 0 || index >= m_items.size() || !chart())
        return {};
    const QRect area = mapFromScene(chart()->plotArea()).boundingRect();
    return area.intersected(viewport()->rect()).translated(viewport()->pos());
}

} // namespace gw
