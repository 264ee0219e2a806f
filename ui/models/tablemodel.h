#pragma once

// The row, column and header code every flat table model of ours repeats:
// no children, a fixed set of columns, horizontal titles for display (and
// nothing else in the header). A subclass says how many rows it has and
// what each column is called; everything about a cell stays its own.

#include <QAbstractTableModel>

namespace gw {

class TableModel : public QAbstractTableModel
{
public:
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const final;

protected:
    TableModel(int columnCount, QObject* parent);

    // The rows of the table (rowCount() of the root).
    virtual int rowTotal() const = 0;
    // The title of a column, translated; empty: none.
    virtual QString columnTitle(int column) const = 0;

private:
    const int m_columns;
};

} // namespace gw
