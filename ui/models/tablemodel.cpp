#include "models/tablemodel.h"

namespace gw {

TableModel::TableModel(int columnCount, QObject* parent)
    : QAbstractTableModel(parent)
    , m_columns(columnCount)
{}

int TableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rowTotal();
}

int TableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= m_columns)
        return {};
    const QString title = columnTitle(section);
    return title.isEmpty() ? QVariant() : QVariant(title);
}

} // namespace gw
