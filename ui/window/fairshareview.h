#pragma once

// The Tokens page's "Fair share" tab (issue 29): each server's users and
// accounts with their quota, share now, decayed usage and fair-share factor
// (FairShareModel), lowest factor first; what the factor means in a line
// above; an empty table says why it is empty.

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace gw {

class FairShareModel;

class FairShareView final : public QWidget
{
    Q_OBJECT
public:
    explicit FairShareView(FairShareModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    // The line under the table: how many rows, or why there are none.
    QString stateText() const;

private:
    void update();

    FairShareModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QLabel* m_state;
};

} // namespace gw
