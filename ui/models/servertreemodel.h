#pragma once

// Servers → GPUs with their live figures. Each GPU row says its state
// (StatusRole, a GpuState decided in core); ServerTreeDelegate colours it.

#include "model/gpustate.h"

#include <QAbstractItemModel>

namespace gw {

class LiveState;
struct GpuSample;

// How a state reads in a tooltip.
QString stateText(GpuState s);

class ServerTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        UtilColumn,
        MemoryColumn,
        TempColumn,
        PowerColumn,
        ColumnCount
    };

    explicit ServerTreeModel(const LiveState* fleet, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const final;
    QModelIndex parent(const QModelIndex& child) const final;
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const final;

    QModelIndex serverIndex(const QString& server) const;
    QModelIndex gpuIndex(const QString& server, const QString& uuid) const;

private:
    void onServerAdded(const QString& server);
    void onServerUpdated(const QString& server);
    void onServerRemoved(const QString& server);
    QVariant serverData(int row, int column, int role) const;
    const GpuSample* gpuAt(int serverRow, int gpuRow) const;
    GpuState stateOf(const QString& server, const GpuSample& g) const;

    const LiveState* m_fleet;
    struct Server
    {
        QString name;
        QStringList gpuUuids;
    };
    QList<Server> m_servers;
};

} // namespace gw
