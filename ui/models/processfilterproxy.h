#pragma once

// Filters and sorts a process table (ProcessModel, FleetProcessModel) by
// its filter line (ProcessFilter: user:, account:, namespace:, job: and
// free text over every column), reading the owner fields through their
// roles (OwnerRole, HostUserRole, AccountRole, NamespaceRole, JobRole).

#include "models/ownertext.h"

#include <QSortFilterProxyModel>

namespace gw {

class ProcessFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setFilterText(const QString& text);
    const ProcessFilter& filter() const { return m_filter; }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    ProcessFilter m_filter;
};

} // namespace gw
