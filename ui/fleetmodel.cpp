#include "fleetmodel.h"

#include "engine/livestate.h"
#include "model/units.h"
#include "roles.h"

#include <QBrush>
#include <QDateTime>
#include <QGuiApplication>
#include <QHash>
#include <QIcon>
#include <QPainter>
#include <QPalette>
#include <QPixmap>

namespace gw {

namespace {
constexpr quintptr kServerId = 0;
constexpr double kHotC = 85;
constexpr double kIdlePercent = 10;

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

// A remote server's link as a dot of the GPU colours: green connected, amber
// stale, red failing, grey not answered yet.
GpuStatus linkDot(LinkState state)
{
    switch (state) {
    case LinkState::Connected:
        return GpuStatus::Idle;
    case LinkState::Connecting:
        return GpuStatus::Unknown;
    case LinkState::Stale:
        return GpuStatus::Held;
    default:
        return GpuStatus::Error;
    }
}

// A filled dot per status, drawn once per palette brightness.
QIcon statusIcon(GpuStatus s)
{
    const bool dark = QGuiApplication::palette().color(QPalette::Window).lightness() < 128;
    static QHash<int, QIcon> cache;
    const int key = int(s) * 2 + (dark ? 1 : 0);
    auto it = cache.constFind(key);
    if (it != cache.cend())
        return *it;
    QIcon icon;
    for (int size : {16, 32}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(statusColor(s, dark));
        const qreal m = size * 0.2;
        p.drawEllipse(QRectF(m, m, size - 2 * m, size - 2 * m));
        icon.addPixmap(pm);
    }
    return *cache.insert(key, icon);
}
} // namespace

QColor statusColor(GpuStatus s, bool dark)
{
    switch (s) {
    case GpuStatus::Idle:
        return dark ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32);
    case GpuStatus::Busy:
        return dark ? QColor(0x42, 0xa5, 0xf5) : QColor(0x15, 0x65, 0xc0);
    case GpuStatus::Held:
        return dark ? QColor(0xff, 0xca, 0x28) : QColor(0xc7, 0x8a, 0x00);
    case GpuStatus::Hot:
        return dark ? QColor(0xff, 0x8a, 0x65) : QColor(0xe6, 0x51, 0x00);
    case GpuStatus::Error:
        return dark ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
    case GpuStatus::Unknown:
        return QColor(0x9e, 0x9e, 0x9e);
    }
    return {};
}

QString statusText(GpuStatus s)
{
    switch (s) {
    case GpuStatus::Idle:
        return FleetModel::tr("idle");
    case GpuStatus::Busy:
        return FleetModel::tr("busy");
    case GpuStatus::Held:
        return FleetModel::tr("memory held while idle");
    case GpuStatus::Hot:
        return FleetModel::tr("hot");
    case GpuStatus::Error:
        return FleetModel::tr("error");
    case GpuStatus::Unknown:
        return FleetModel::tr("utilisation not reported");
    }
    return {};
}

FleetModel::FleetModel(const LiveState* fleet, QObject* parent)
    : QAbstractItemModel(parent)
    , m_fleet(fleet)
{
    for (const auto& s : fleet->servers())
        onServerAdded(s);
    connect(fleet, &LiveState::serverAdded, this, &FleetModel::onServerAdded);
    connect(fleet, &LiveState::serverUpdated, this, &FleetModel::onServerUpdated);
    connect(fleet, &LiveState::serverRemoved, this, &FleetModel::onServerRemoved);
}

void FleetModel::onServerRemoved(const QString& server)
{
    const QModelIndex idx = serverIndex(server);
    if (!idx.isValid())
        return;
    beginRemoveRows({}, idx.row(), idx.row());
    m_servers.removeAt(idx.row());
    endRemoveRows();
}

GpuStatus FleetModel::statusOf(const GpuSample& g, int processCount)
{
    if (!g.error.isEmpty())
        return GpuStatus::Error;
    if (g.temperatureC && *g.temperatureC >= kHotC)
        return GpuStatus::Hot;
    if (!g.utilizationGpuPercent)
        return GpuStatus::Unknown;
    if (*g.utilizationGpuPercent >= kIdlePercent)
        return GpuStatus::Busy;
    return processCount > 0 ? GpuStatus::Held : GpuStatus::Idle;
}

void FleetModel::onServerAdded(const QString& server)
{
    const int row = int(m_servers.size());
    beginInsertRows({}, row, row);
    m_servers.append({server, {}});
    endInsertRows();
    onServerUpdated(server);
}

void FleetModel::onServerUpdated(const QString& server)
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

QModelIndex FleetModel::serverIndex(const QString& server) const
{
    for (int i = 0; i < m_servers.size(); ++i) {
        if (m_servers[i].name == server)
            return createIndex(i, 0, kServerId);
    }
    return {};
}

QModelIndex FleetModel::gpuIndex(const QString& server, const QString& uuid) const
{
    const QModelIndex parent = serverIndex(server);
    if (!parent.isValid())
        return {};
    const int row = int(m_servers[parent.row()].gpuUuids.indexOf(uuid));
    return row < 0 ? QModelIndex() : index(row, 0, parent);
}

QModelIndex FleetModel::index(int row, int column, const QModelIndex& parent) const
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

QModelIndex FleetModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kServerId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kServerId);
}

int FleetModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_servers.size());
    if (parent.internalId() != kServerId || parent.column() != 0)
        return 0;
    return int(m_servers.value(parent.row()).gpuUuids.size());
}

int FleetModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

const GpuSample* FleetModel::gpuAt(int serverRow, int gpuRow) const
{
    const auto& item = m_servers[serverRow];
    const Snapshot* s = m_fleet->latest(item.name);
    return s ? s->gpuByUuid(item.gpuUuids.value(gpuRow)) : nullptr;
}

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const
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

QVariant FleetModel::serverData(int row, int column, int role) const
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
    if (link && column == NameColumn && role == Qt::DecorationRole)
        return statusIcon(linkDot(link->state));
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
    if (link && link->state != LinkState::Connected && column == UtilColumn &&
        role == Qt::ForegroundRole)
        return QBrush(
            statusColor(linkDot(link->state),
                        QGuiApplication::palette().color(QPalette::Window).lightness() < 128));
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

QVariant FleetModel::data(const QModelIndex& idx, int role) const
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

    // Only the status needs the server's process list: counted when asked,
    // not for every role of every cell on each repaint.
    auto status = [&] {
        int processes = 0;
        if (const Snapshot* s = m_fleet->latest(server)) {
            for (const auto& p : s->processes)
                processes += p.gpuUuid == g->uuid ? 1 : 0;
        }
        return statusOf(*g, processes);
    };
    if (role == StatusRole)
        return int(status());

    switch (idx.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return tr("GPU %1 · %2").arg(g->index).arg(shortGpuName(g->name));
        if (role == SortRole)
            return g->index;
        if (role == Qt::DecorationRole)
            return statusIcon(status());
        if (role == Qt::ToolTipRole)
            return g->error.isEmpty()
                       ? tr("%1\n%2 — %3").arg(g->uuid, g->name, statusText(status()))
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
