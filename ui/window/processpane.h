#pragma once

// The GPU processes of the selection: a filter line over a sortable table.

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace gw {

class ProcessModel;
struct Freshness;

class ProcessPane final : public QWidget
{
    Q_OBJECT
public:
    explicit ProcessPane(QWidget* parent = nullptr);

    ProcessModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    void setFilter(const QString& text);
    // A stale server's processes: greyed, under a line that says since when.
    void setFreshness(const Freshness& f);
    // The line shown over a stale server's processes (empty while fresh).
    QString staleLine() const;

private:
    ProcessModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QLabel* m_stale;
    QTableView* m_table;
};

} // namespace gw
