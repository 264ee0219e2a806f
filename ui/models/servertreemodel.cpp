#include "models/servertreemodel.h"

#include "engine/livestate.h"
#include "model/units.h"
#include "models/roles.h"

#include <QDateTime>

namespace gw {

namespace {
constexpr quintptr kServerId = 0;

QVariant raw(const std::optional<double>& v)
{
    return v ? QVariant(*v) : QVariant();
}

// "NVIDIA A100-SXM4-80GB" → "A100-SXM4-80GB": the vendor repeats on every row.
QString shortGpuName(const QString& name)
{
    for (const auto& prefix : {QLatin1String("NVIDIA "), QLatin1String("AMD ")}) {
        if (name.startsWith(prefix))
            return name.mid(prefix.size());
    }
    return name;
}

} // namespace

QString stateText(GpuState s)
{
    switch (s) {
    case GpuState::Idle:
        return ServerTreeModel::tr("idle");
    case GpuState::Busy:
        return ServerTreeModel::tr("busy");
    case GpuState::Held:
        return ServerTreeModel::tr("memory held while idle");
    case GpuState::Hot:
        return ServerTreeModel::tr("hot");
    case GpuState::Error:
        return ServerTreeModel::tr("error");
    case GpuState::Unknown:
        return ServerTreeModel::tr("utilisation not reported");
    }
    return {};
}

ServerTreeModel::ServerTreeModel(const LiveState* fleet, QObject* parent)
    : QAbstractItemModel(parent)
    , m_fleet(fleet)
{
    for (const auto& s : fleet->servers())
        onServerAdded(s);
    connect(fleet, &LiveState::serverAdded, this, &ServerTreeModel::onServerAdded);
    connect(fleet, &LiveState::serverUpdated, this, &ServerTreeModel::onServerUpdated);
    connect(fleet, &LiveState::serverRemoved, this, &ServerTreeModel::onServerRemoved);
}

void ServerTreeModel::onServerRemoved(const QString& server)
{
    const QModelIndex idx = serverIndex(server);
    if (!idx.isValid())
        return;
    beginRemoveRows({}, idx.row(), idx.row());
    m_servers.removeAt(idx.row());
    endRemoveRows();
}

void ServerTreeModel::onServerAdded(const QString& server)
{
    const int row = int(m_servers.size());
    beginInsertRows({}, row, row);
    m_servers.append({server, {}});
    endInsertRows();
    onServerUpdated(server);
}

void ServerTreeModel::onServerUpdated(const QString& server)
{
    const QModelIndex parent = serverIndex(server);
    if (!parent.isValid())
        return;
    const Snapshot* s = m_fleet->latest(server);
    if (!s) {
        Q_EMIT dataChanged(index(parent.row(), 0), index(parent.row(), ColumnCount - 1));
        return;
    }
    auto& item = m_servers[parent.row()];
    QStringList uuids;
    for (const auto& g : s->gpus)
        uuids.append(g.uuid);
    if (uuids != item.gpuUuids) {
        // The set of GPUs changed (first report, a GPU vanished): rebuild the children.
        if (!item.gpuUuids.isEmpty()) {
            beginRemoveRows(parent, 0, int(item.gpuUuids.size()) - 1);
            item.gpuUuids.clear();
            endRemoveRows();
        }
        if (!uuids.isEmpty()) {
            beginInsertRows(parent, 0, int(uuids.size()) - 1);
            item.gpuUuids = uuids;
            endInsertRows();
        }
    } else if (!uuids.isEmpty()) {
        Q_EMIT dataChanged(index(0, 0, parent),
                           index(int(uuids.size()) - 1, ColumnCount - 1, parent));
    }
    Q_EMIT dataChanged(index(parent.row(), 0), index(parent.row(), ColumnCount - 1));
}

QModelIndex ServerTreeModel::serverIndex(const QString& server) const
{
    for (int i = 0; i < m_servers.size(); ++i) {
        if (m_servers[i].name == server)
            return createIndex(i, 0, kServerId);
    }
    return {};
}

QModelIndex ServerTreeModel::gpuIndex(const QString& server, const QString& uuid) const
{
    const QModelIndex parent = serverIndex(server);
    if (!parent.isValid())
        return {};
    const int row = int(m_servers[parent.row()].gpuUuids.indexOf(uuid));
    return row < 0 ? QModelIndex() : index(row, 0, parent);
}

QModelIndex ServerTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_servers.size() ? createIndex(row, column, kServerId) : QModelIndex();
    if (parent.internalId() != kServerId || parent.row() >= m_servers.size())
        return {};
    if (row >= m_servers[parent.row()].gpuUuids.size())
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex ServerTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kServerId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kServerId);
}

int ServerTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_servers.size());
    if (parent.internalId() != kServerId || parent.column() != 0)
        return 0;
    return int(m_servers.value(parent.row()).gpuUuids.size());
}

int ServerTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

GpuState ServerTreeModel::stateOf(const QString& server, const GpuSample& g) const
{
    // Only the state needs the server's process list: counted when asked,
    // not for every role of every cell on each repaint.
    int processes = 0;
    if (const Snapshot* s = m_fleet->latest(server)) {
        for (const auto& p : s->processes)
            processes += p.gpuUuid == g.uuid ? 1 : 0;
    }
    return gpuState(g, processes);
}

const GpuSample* ServerTreeModel::gpuAt(int serverRow, int gpuRow) const
{
    const auto& item = m_servers[serverRow];
    const Snapshot* s = m_fleet->latest(item.name);
    return s ? s->gpuByUuid(item.gpuUuids.value(gpuRow)) : nullptr;
}

QVariant ServerTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Server / GPU");
    case UtilColumn:
        return tr("Util");
    case MemoryColumn:
        return tr("Memory");
    case TempColumn:
        return tr("Temp");
    case PowerColumn:
        return tr("Power");
    }
    return {};
}

QVariant ServerTreeModel::serverData(int row, int column, int role) const
{
    const auto& item = m_servers[row];
    const Snapshot* s = m_fleet->latest(item.name);
    const LinkStatus* link = m_fleet->connection(item.name);
    if (role == ServerRole)
        return item.name;
    if (role == LinkStateRole)
        return link ? QVariant(int(link->state)) : QVariant();
    if (column == NameColumn && (role == Qt::DisplayRole || role == SortRole))
        return item.name;
    if (link && column == NameColumn && role == Qt::ToolTipRole) {
        QStringList lines{tr("%1 — %2").arg(item.name, linkStateText(link->state))};
        if (!link->error.isEmpty())
            lines.append(link->error);
        if (link->retryInMs > 0)
            lines.append(tr("Next try in %n s", nullptr, int((link->retryInMs + 999) / 1000)));
        if (link->lastReadingMs > 0)
            lines.append(tr("Last reading %1")
                             .arg(QDateTime::fromMSecsSinceEpoch(link->lastReadingMs)
                                      .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
        if (link->clockOffsetMs != 0)
            lines.append(tr("Agent %1 of ours; readings are shifted to our clock")
                             .arg(clockOffsetText(link->clockOffsetMs)));
        if (link->readingsLost)
            lines.append(tr("Some readings were lost on the agent before they could be fetched"));
        if (s)
            lines.append(tr("%n GPU(s), backend %1", nullptr, int(s->gpus.size())).arg(s->backend));
        return lines.join(QLatin1Char('\n'));
    }
    // A server that is not connected says so where its figures would be.
    if (link && link->state != LinkState::Connected && column == UtilColumn &&
        role == Qt::DisplayRole)
        return linkStateText(link->state);
    if (!s)
        return {};
    if (column == NameColumn && role == Qt::ToolTipRole)
        return tr("%1 — %n GPU(s), backend %2", nullptr, int(s->gpus.size()))
            .arg(item.name, s->backend);
    if (column == UtilColumn && role == Qt::DisplayRole)
        return tr("CPU %1").arg(formatPercent(s->host.cpuPercent));
    if (column == MemoryColumn && role == Qt::DisplayRole && s->host.memoryUsedBytes)
        return formatBytes(double(*s->host.memoryUsedBytes));
    return {};
}

QVariant ServerTreeModel::data(const QModelIndex& idx, int role) const
{
    if (!idx.isValid())
        return {};
    if (idx.internalId() == kServerId)
        return serverData(idx.row(), idx.column(), role);

    const int serverRow = int(idx.internalId() - 1);
    if (serverRow >= m_servers.size())
        return {};
    const QString& server = m_servers[serverRow].name;
    const GpuSample* g = gpuAt(serverRow, idx.row());
    if (!g)
        return {};
    if (role == ServerRole)
        return server;
    if (role == GpuUuidRole)
        return g->uuid;

    if (role == StatusRole)
        return int(stateOf(server, *g));

    switch (idx.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return tr("GPU %1 · %2").arg(g->index).arg(shortGpuName(g->name));
        if (role == SortRole)
            return g->index;
        if (role == Qt::ToolTipRole)
            return g->error.isEmpty()
                       ? tr("%1\n%2 — %3").arg(g->uuid, g->name, stateText(stateOf(server, *g)))
                       : tr("%1\n%2").arg(g->uuid, g->error);
        break;
    case UtilColumn:
        if (role == Qt::DisplayRole)
            return formatPercent(g->utilizationGpuPercent);
        if (role == RawValueRole || role == SortRole)
            return raw(g->utilizationGpuPercent);
        break;
    case MemoryColumn:
        if (role == Qt::DisplayRole)
            return g->memoryUsedMiB && g->memoryTotalMiB
                       ? tr("%1 / %2").arg(formatMiB(g->memoryUsedMiB),
                                           formatMiB(g->memoryTotalMiB))
                       : formatMiB(g->memoryUsedMiB);
        if (role == RawValueRole || role == SortRole)
            return raw(g->memoryUsedMiB);
        break;
    case TempColumn:
        if (role == Qt::DisplayRole)
            return formatCelsius(g->temperatureC);
        if (role == RawValueRole || role == SortRole)
            return raw(g->temperatureC);
        break;
    case PowerColumn:
        if (role == Qt::DisplayRole)
            return formatWatts(g->powerW);
        if (role == RawValueRole || role == SortRole)
            return raw(g->powerW);
        break;
    }
    if (role == Qt::TextAlignmentRole && idx.column() != NameColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

} // namespace gw
