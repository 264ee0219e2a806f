#pragma once

// A Qt Charts view that assistive technology can read: its owner, which
// built the chart, hands it the chart's items in words (a bar per user, a
// bar per GPU model) and a summary; each item's place is the plot area
// (common/paintedaccessible.h).

#include "common/paintedaccessible.h"

#include <QChartView>
#include <QList>

namespace gw {

class DescribedChartView final : public QChartView, public AccessibleItems
{
    Q_OBJECT
public:
    struct Item
    {
        QString name;
        QString description;
    };

    explicit DescribedChartView(QChart* chart, QWidget* parent = nullptr);

    void setItems(const QList<Item>& items, const QString& summary);
    const QList<Item>& items() const { return m_items; }

    int accessibleItemCount() const override { return int(m_items.size()); }
    QString accessibleItemName(int index) const override;
    QString accessibleItemDescription(int index) const override;
    QRect accessibleItemRect(int index) const override;
    QAccessible::Role accessibleItemRole() const override { return QAccessible::Graphic; }
    QString accessibleSummary() const override { return m_summary; }

private:
    QList<Item> m_items;
    QString m_summary;
};

} // namespace gw
