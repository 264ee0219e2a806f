#pragma once

// The servers and their GPUs (and MIG instances with their processes), left
// of the pages. Picks something to look at by itself until the user picks:
// the first server as it appears, then its first GPU. A selection the user
// made is never moved. Server and process rows are one line across the
// whole width; the figure columns size to their figures, at any font size.
// Sorting by a column (header click, or the context menu) keeps the order as
// readings come in.

#include <QSet>
#include <QTimer>
#include <QTreeView>

class QAction;

namespace gw {

class ServerTreeModel;

class ServerTree final : public QTreeView
{
    Q_OBJECT
public:
    explicit ServerTree(ServerTreeModel* model, QWidget* parent = nullptr);

    ServerTreeModel* treeModel() const { return m_model; }
    void selectServer(const QString& server);
    void selectGpu(const QString& server, const QString& uuid);
    // Offer "Edit Server…" on remote servers' rows.
    void setServersEditable(bool editable) { m_serversEditable = editable; }

    // "Expand All" / "Collapse All", for a menu of the window as well.
    QAction* expandAllAction() const { return m_expandAll; }
    QAction* collapseAllAction() const { return m_collapseAll; }

    // The least the tree asks of its splitter at the current font: every
    // figure column whole, with the tree's frame and scroll bar, and the
    // start of the names (they elide beyond).
    int neededWidth() const;
    int minimumNameWidth() const;
    // A row's name as the tree draws it now (elided where it must be).
    QString shownName(const QModelIndex& index) const;
    QSize sizeHint() const final;
    QSize minimumSizeHint() const final;

    // What a column's figures need, rows that span the tree left out (they
    // elide instead): the width ResizeToContents gives the column.
    int sizeHintForColumn(int column) const final;

    // New figures refit the figure columns at most this often (ms).
    static constexpr int kFitInterval = 1000;
    // Sizes each figure column to sizeHintForColumn() now.
    void fitColumns();

Q_SIGNALS:
    // gpuUuid empty: the server itself.
    void selected(const QString& server, const QString& gpuUuid);
    void editServerRequested(const QString& server);

protected:
    bool event(QEvent* event) final;

private:
    void autoSelect(const QModelIndex& parent, int first);
    void onRowsInserted(const QModelIndex& parent, int first, int last);
    void spanRows();
    void spanRows(const QModelIndex& parent, int first, int last);
    int figuresWidth() const;
    int widestBadges() const;
    void onCurrentChanged();
    void showMenu(const QPoint& pos);

    ServerTreeModel* m_model;
    QAction* m_expandAll;
    QAction* m_collapseAll;
    QSet<QString> m_expandedOnce; // servers and GPUs opened by themselves once
    bool m_serversEditable = false;
    bool m_autoSelect = true;    // until the user picks something
    bool m_programmatic = false; // the current selection change is ours
    QTimer m_fitTimer;
    int m_badgesWidth = 0; // the widest badges of a GPU row, fitColumns() measures
};

} // namespace gw
