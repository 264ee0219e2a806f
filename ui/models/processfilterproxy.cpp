#include "models/processfilterproxy.h"

#include "models/roles.h"

namespace gw {

void ProcessFilterProxy::setFilterText(const QString& text)
{
    m_filter = ProcessFilter(text);
    invalidateFilter();
}

bool ProcessFilterProxy::filterAcceptsRow(int row, const QModelIndex& parent) const
{
    const QAbstractItemModel* m = sourceModel();
    if (!m || row >= m->rowCount(parent))
        return false;
    if (m_filter.isEmpty())
        return true;
    const QModelIndex first = m->index(row, 0, parent);
    ProcessOwnerText o;
    o.ownerRaw = first.data(OwnerRole).toString();
    o.hostUser = first.data(HostUserRole).toString();
    o.account = first.data(AccountRole).toString();
    o.nameSpace = first.data(NamespaceRole).toString();
    o.job = first.data(JobRole).toString();
    if (!m_filter.matchesFields(o))
        return false;
    if (m_filter.text().isEmpty())
        return true;
    for (int c = 0; c < m->columnCount(parent); ++c) {
        if (m->index(row, c, parent)
                .data()
                .toString()
                .contains(m_filter.text(), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace gw
