#pragma once

// Every GPU process of the fleet in one table, with per-user totals below
// (GPUs held, memory, GPU-hours today), a context menu (copy, filter by the
// user, open the GPU in the History tab) and export of what is shown as CSV
// or JSON.

#include "models/fleetprocessmodel.h"
#include "util/jobtracker.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;
class QThread;

namespace gw {

class HistoryProvider;
class LiveState;

class FleetProcessPage final : public QWidget
{
    Q_OBJECT
public:
    explicit FleetProcessPage(LiveState* fleet, QWidget* parent = nullptr);
    ~FleetProcessPage() override;

    FleetProcessModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QTableView* totalsTable() const { return m_totalsTable; }
    QStandardItemModel* totals() const { return m_totals; }
    QLineEdit* filterEdit() const { return m_filter; }

    // The rows the table shows, in its order (what export writes).
    QList<FleetProcessRow> shownRows() const;
    void setFilter(const QString& text);

    // GPU-hours today from the history's process facts (re-read every
    // minute, first once the history is open); without a history they count
    // from when the desktop started. Until the history's first answer they
    // say "loading…", never a zero.
    void setHistory(HistoryProvider* history);
    void refreshHistoryHours();
    // A history is kept and its GPU-hours are still being read.
    bool gpuHoursLoading() const { return m_hoursLoading; }
    // The note above the totals (what the GPU-hours are and where from).
    QString hoursNote() const;

    // Asks for a file and writes the shown rows there; errors in a message box.
    void exportShown();
    // Writes the shown rows to `path` (.json: JSON, else CSV); false with
    // `error` when it cannot.
    bool exportTo(const QString& path, QString* error) const;

    // The menu a right click on `row` (of the proxy) opens.
    QMenu* contextMenuFor(int row);

Q_SIGNALS:
    void openHistoryRequested(const QString& server, const QString& gpuUuid);

private:
    void updateTotals();

    FleetProcessModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QStandardItemModel* m_totals;
    QTableView* m_totalsTable;
    QLineEdit* m_filter;
    QLabel* m_hoursNote;
    QPointer<HistoryProvider> m_history;
    bool m_hoursLoading = false;
    QString m_hoursProblem;         // the history could not be read: why
    QString m_historyOff;           // the history could not be opened: why
    bool m_readAfterCommit = false; // read once the first readings were written
    bool m_refreshPending = false;  // that read waits for the one running
    JobTracker m_hoursJob{
        QStringLiteral("gw-process-hours")}; // waits for its job when the page goes
};

} // namespace gw
