#pragma once

// The servers and their GPUs, left of the pages. Picks something to look at
// by itself until the user picks: the first server as it appears, then its
// first GPU. A selection the user made is never moved.

#include <QTreeView>

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

Q_SIGNALS:
    // gpuUuid empty: the server itself.
    void selected(const QString& server, const QString& gpuUuid);
    void editServerRequested(const QString& server);

private:
    void autoSelect(const QModelIndex& parent, int first);
    void onCurrentChanged();
    void showMenu(const QPoint& pos);

    ServerTreeModel* m_model;
    bool m_serversEditable = false;
    bool m_autoSelect = true;    // until the user picks something
    bool m_programmatic = false; // the current selection change is ours
};

} // namespace gw
