#include "window/servertree.h"

#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"

#include <QHeaderView>
#include <QMenu>

namespace gw {

ServerTree::ServerTree(ServerTreeModel* model, QWidget* parent)
    : QTreeView(parent)
    , m_model(model)
{
    setModel(model);
    setItemDelegate(new ServerTreeDelegate(this));
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setStretchLastSection(false);
    for (int c = ServerTreeModel::NameColumn; c < ServerTreeModel::ColumnCount; ++c)
        header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    setMinimumWidth(280);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ServerTree::onCurrentChanged);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &ServerTree::showMenu);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ServerTree::autoSelect);
}

void ServerTree::autoSelect(const QModelIndex& parent, int first)
{
    if (!m_autoSelect)
        return;
    const QString server = currentIndex().data(ServerRole).toString();
    if (!parent.isValid() && server.isEmpty()) {
        selectServer(m_model->index(first, 0).data(ServerRole).toString());
    } else if (parent.isValid() && currentIndex().data(GpuUuidRole).toString().isEmpty() &&
               parent.data(ServerRole).toString() == server) {
        selectGpu(server, m_model->index(first, 0, parent).data(GpuUuidRole).toString());
    }
}

void ServerTree::selectServer(const QString& server)
{
    const QModelIndex idx = m_model->serverIndex(server);
    if (!idx.isValid())
        return;
    m_programmatic = true;
    setCurrentIndex(idx);
    m_programmatic = false;
}

void ServerTree::selectGpu(const QString& server, const QString& uuid)
{
    const QModelIndex idx = m_model->gpuIndex(server, uuid);
    if (!idx.isValid())
        return;
    expand(idx.parent());
    m_programmatic = true;
    setCurrentIndex(idx);
    m_programmatic = false;
}

void ServerTree::onCurrentChanged()
{
    if (!m_programmatic)
        m_autoSelect = false;
    const QModelIndex idx = currentIndex();
    Q_EMIT selected(idx.data(ServerRole).toString(), idx.data(GpuUuidRole).toString());
}

void ServerTree::showMenu(const QPoint& pos)
{
    const QModelIndex idx = indexAt(pos);
    if (!m_serversEditable || !idx.isValid() || !idx.data(LinkStateRole).isValid())
        return;
    const QString server = idx.data(ServerRole).toString();
    QMenu menu(this);
    menu.addAction(tr("Edit Server…"), this,
                   [this, server] { Q_EMIT editServerRequested(server); });
    menu.exec(viewport()->mapToGlobal(pos));
}

} // namespace gw
