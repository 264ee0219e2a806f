#pragma once

// Servers → GPUs, with a status colour per GPU and the live figures.

#include <QAbstractItemModel>
#include <QColor>

namespace gw {

class LiveState;
struct GpuSample;

enum class GpuStatus
{
    Idle,    // reporting, < 10 % busy, no process
    Busy,    // used
    Held,    // memory held by processes while nearly idle: the waste admins chase
    Hot,     // temperature at or above 85 °C
    Error,   // the device failed this sample (lost, unknown error)
    Unknown, // utilisation not reported (MIG, old drivers)
};

QColor statusColor(GpuStatus s, bool darkPalette);
QString statusText(GpuStatus s);

class FleetModel final : public QAbstractItemModel
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

    explicit FleetModel(const LiveState* fleet, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const final;
    QModelIndex parent(const QModelIndex& child) const final;
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const final;

    QModelIndex serverIndex(const QString& server) const;
    QModelIndex gpuIndex(const QString& server, const QString& uuid) const;

    static GpuStatus statusOf(const GpuSample& g, int processCount);

private:
    void onServerAdded(const QString& server);
    void onServerUpdated(const QString& server);
    void onServerRemoved(const QString& server);
    QVariant serverData(int row, int column, int role) const;
    const GpuSample* gpuAt(int serverRow, int gpuRow) const;

    const LiveState* m_fleet;
    struct Server
    {
        QString name;
        QStringList gpuUuids;
    };
    QList<Server> m_servers;
};

} // namespace gw
