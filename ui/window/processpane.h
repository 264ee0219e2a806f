#pragma once

// The GPU processes of the selection: a filter line over a sortable table.

#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace gw {

class ProcessModel;

class ProcessPane final : public QWidget
{
    Q_OBJECT
public:
    explicit ProcessPane(QWidget* parent = nullptr);

    ProcessModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    void setFilter(const QString& text);

private:
    ProcessModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTableView* m_table;
};

} // namespace gw
