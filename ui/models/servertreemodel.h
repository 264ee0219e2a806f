#pragma once

// Servers → GPUs → MIG instances → their processes, with live figures. Each
// GPU row says its state (StatusRole, a GpuState decided in core) and the
// mark to show (DisplayStateRole); ServerTreeDelegate paints it. A server
// whose newest reading is stale (LiveState::freshness) keeps its last
// figures, marked StaleRole and DisplayState::Stale, with no verdict.
// Server rows and process rows carry one line of text (a summary) meant to
// span the row (ServerTree spans them), so that a long state such as
// "authentication failed" never widens a figure column.

#include "model/gpustate.h"

#include <QAbstractItemModel>
#include <QHash>

namespace gw {

class LiveState;
class VerdictBook;
class ReservationsView;
struct GpuProcess;
struct GpuSample;
struct MigInstance;
struct Snapshot;

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
    // What a row is.
    enum class RowKind
    {
        Server,
        Gpu,
        MigInstance,
        Process,
    };

    explicit ServerTreeModel(const LiveState* fleet, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const final;
    QModelIndex parent(const QModelIndex& child) const final;
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const final;
    // Orders servers (by name, or by their GPUs' mean utilisation, memory
    // used, hottest temperature, power drawn) and each server's GPUs, and
    // keeps that order as readings come in.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) final;

    static RowKind rowKind(const QModelIndex& index);
    // Rows whose text is one line across all columns (servers, processes).
    static bool spansRow(const QModelIndex& index);

    // Policy verdicts: a badge on GPU rows (VerdictFlagsRole, painted by
    // ServerTreeDelegate) and on process rows (the icon); reasons in the
    // tooltips. Null: none.
    void setVerdicts(const VerdictBook* verdicts);
    // Reservations of jobs that coordinate: a GPU row held by one reads
    // "GPU 1 · H100 · reserved", its tooltip says by whom and until when.
    // Null: none.
    void setReservations(const ReservationsView* reservations);

    QModelIndex serverIndex(const QString& server) const;
    QModelIndex gpuIndex(const QString& server, const QString& uuid) const;
    QModelIndex migIndex(const QString& server, const QString& gpuUuid,
                         const QString& migUuid) const;

private:
    struct Mig
    {
        QString uuid;
        QList<qint64> pids; // processes on the instance, in the snapshot's order
    };
    struct Gpu
    {
        QString uuid;
        QList<Mig> migs;
    };
    struct Server
    {
        QString name;
        QList<Gpu> gpus;
    };
    // A row's place, stable across sorting: what a persistent index keeps.
    struct Key
    {
        QString server;
        QString gpu;
        QString mig;
        qint64 pid = -1;
        int column = 0;
    };

    void onServerAdded(const QString& server);
    void onServerUpdated(const QString& server);
    void onServerRemoved(const QString& server);
    void onStaleTick();
    void syncChildren(int serverRow, const Snapshot& s);
    void applySort();
    Key keyOf(const QModelIndex& index) const;
    QModelIndex indexOf(const Key& key) const;

    QVariant serverData(int row, int column, int role) const;
    QVariant gpuData(const QModelIndex& idx, int role) const;
    // A GPU row's name and tooltip with its reservations (setReservations).
    QVariant withReservations(const QModelIndex& idx, int role, const QVariant& value) const;
    QVariant migData(const QModelIndex& idx, int role) const;
    QVariant processData(const QModelIndex& idx, int role) const;
    QString serverSummary(int row) const;
    const GpuSample* gpuAt(int serverRow, int gpuRow) const;
    GpuState stateOf(const QString& server, const GpuSample& g) const;
    QVariant serverSortValue(int row, int column) const;
    QVariant gpuSortValue(const QString& server, const GpuSample& g, int column) const;

    const LiveState* m_fleet;
    const VerdictBook* m_verdicts = nullptr;
    const ReservationsView* m_reservations = nullptr;
    QList<Server> m_servers;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace gw
