#include "models/servertreemodel.h"

#include "common/datetimetext.h"
#include "models/ownertext.h"
#include "models/reservationsview.h"
#include "models/verdictbook.h"

#include <QGuiApplication>

#include "common/freshness.h"
#include "common/palette.h"
#include "engine/livestate.h"
#include "model/units.h"
#include "models/roles.h"

#include <QDateTime>
#include <QSet>

#include <algorithm>
#include <numeric>

namespace gw {

namespace {

// An index's internal id says its level and its parents' rows: level in the
// low two bits, then the server, GPU and MIG rows, 20 bits each.
static_assert(sizeof(quintptr) >= 8, "the tree's ids need 64 bits");
constexpr int kRowBits = 20;
constexpr quintptr kRowMask = (quintptr(1) << kRowBits) - 1;

struct Path
{
    int level = -1; // 0 server, 1 GPU, 2 MIG instance, 3 process
    int server = -1;
    int gpu = -1;
    int mig = -1;
    int process = -1;
};

Path pathOf(const QModelIndex& idx)
{
    Path p;
    if (!idx.isValid())
        return p;
    const quintptr id = idx.internalId();
    p.level = int(id & 3);
    const int a = int((id >> 2) & kRowMask);
    const int b = int((id >> (2 + kRowBits)) & kRowMask);
    const int c = int((id >> (2 + 2 * kRowBits)) & kRowMask);
    switch (p.level) {
    case 0:
        p.server = idx.row();
        break;
    case 1:
        p.server = a;
        p.gpu = idx.row();
        break;
    case 2:
        p.server = a;
        p.gpu = b;
        p.mig = idx.row();
        break;
    default:
        p.server = a;
        p.gpu = b;
        p.mig = c;
        p.process = idx.row();
        break;
    }
    return p;
}

quintptr childId(const Path& parent)
{
    switch (parent.level) {
    case 0:
        return 1 | (quintptr(parent.server) << 2);
    case 1:
        return 2 | (quintptr(parent.server) << 2) | (quintptr(parent.gpu) << (2 + kRowBits));
    default:
        return 3 | (quintptr(parent.server) << 2) | (quintptr(parent.gpu) << (2 + kRowBits)) |
               (quintptr(parent.mig) << (2 + 2 * kRowBits));
    }
}

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

// "69.5 / 80.0 GiB": the unit once where both share it, so the column stays narrow.
QString usedOfTotal(const std::optional<double>& used, const std::optional<double>& total)
{
    if (!used || !total)
        return formatMiB(used);
    QString a = formatMiB(used);
    const QString b = formatMiB(total);
    const qsizetype sa = a.lastIndexOf(QLatin1Char(' '));
    const qsizetype sb = b.lastIndexOf(QLatin1Char(' '));
    if (sa > 0 && sb > 0 && a.mid(sa) == b.mid(sb))
        a.truncate(sa);
    return ServerTreeModel::tr("%1 / %2").arg(a, b);
}

bool isMig(const GpuSample& g)
{
    return g.migEnabled.value_or(false);
}

const GpuProcess* processOf(const Snapshot& s, qint64 pid, const QString& migUuid)
{
    for (const auto& p : s.processes) {
        if (p.pid == pid && p.migUuid == migUuid)
            return &p;
    }
    return nullptr;
}

// Values sort before absent ones, whichever the direction.
bool lessOrAbsent(const QVariant& a, const QVariant& b, Qt::SortOrder order)
{
    if (!a.isValid() || !b.isValid())
        return a.isValid() && !b.isValid();
    const int c = QVariant::compare(a, b) == QPartialOrdering::Less      ? -1
                  : QVariant::compare(a, b) == QPartialOrdering::Greater ? 1
                                                                         : 0;
    return order == Qt::AscendingOrder ? c < 0 : c > 0;
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
    connect(fleet, &LiveState::staleTick, this, &ServerTreeModel::onStaleTick);
}

ServerTreeModel::RowKind ServerTreeModel::rowKind(const QModelIndex& index)
{
    switch (pathOf(index).level) {
    case 1:
        return RowKind::Gpu;
    case 2:
        return RowKind::MigInstance;
    case 3:
        return RowKind::Process;
    default:
        return RowKind::Server;
    }
}

bool ServerTreeModel::spansRow(const QModelIndex& index)
{
    const RowKind k = rowKind(index);
    return k == RowKind::Server || k == RowKind::Process;
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

void ServerTreeModel::onStaleTick()
{
    // The ages of stale servers moved on: their summaries say so.
    for (int r = 0; r < m_servers.size(); ++r) {
        if (m_fleet->freshness(m_servers[r].name).stale)
            Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
    }
}

void ServerTreeModel::syncChildren(int serverRow, const Snapshot& s)
{
    QList<Gpu> want;
    for (const auto& g : s.gpus) {
        Gpu gpu{g.uuid, {}};
        if (isMig(g)) {
            for (const auto& m : g.migInstances) {
                Mig mig{m.uuid, {}};
                for (const auto& p : s.processes) {
                    if (p.gpuUuid == g.uuid && p.migUuid == m.uuid && !mig.pids.contains(p.pid))
                        mig.pids.append(p.pid);
                }
                gpu.migs.append(mig);
            }
        }
        want.append(gpu);
    }
    auto& item = m_servers[serverRow];
    const QModelIndex serverIdx = index(serverRow, 0);
    auto uuidsOf = [](const QList<Gpu>& gpus) {
        QStringList u;
        for (const auto& g : gpus)
            u.append(g.uuid);
        return u;
    };
    // Keep the current order (it may be sorted) where the set is the same.
    QStringList have = uuidsOf(item.gpus);
    QStringList wanted = uuidsOf(want);
    QStringList haveSorted = have;
    QStringList wantedSorted = wanted;
    haveSorted.sort();
    wantedSorted.sort();
    if (haveSorted != wantedSorted) {
        // The set of GPUs changed (first report, a GPU vanished): rebuild the children.
        if (!item.gpus.isEmpty()) {
            beginRemoveRows(serverIdx, 0, int(item.gpus.size()) - 1);
            item.gpus.clear();
            endRemoveRows();
        }
        if (!want.isEmpty()) {
            beginInsertRows(serverIdx, 0, int(want.size()) - 1);
            item.gpus = want;
            endInsertRows();
        }
        return;
    }
    for (int gr = 0; gr < item.gpus.size(); ++gr) {
        Gpu& gpu = item.gpus[gr];
        const Gpu& next = want[wanted.indexOf(gpu.uuid)];
        const QModelIndex gpuIdx = index(gr, 0, serverIdx);
        QStringList migsHave;
        QStringList migsWant;
        for (const auto& m : gpu.migs)
            migsHave.append(m.uuid);
        for (const auto& m : next.migs)
            migsWant.append(m.uuid);
        if (migsHave != migsWant) {
            if (!gpu.migs.isEmpty()) {
                beginRemoveRows(gpuIdx, 0, int(gpu.migs.size()) - 1);
                gpu.migs.clear();
                endRemoveRows();
            }
            if (!next.migs.isEmpty()) {
                beginInsertRows(gpuIdx, 0, int(next.migs.size()) - 1);
                gpu.migs = next.migs;
                endInsertRows();
            }
            continue;
        }
        for (int mr = 0; mr < gpu.migs.size(); ++mr) {
            Mig& mig = gpu.migs[mr];
            const QList<qint64>& pids = next.migs[mr].pids;
            const QModelIndex migIdx = index(mr, 0, gpuIdx);
            if (mig.pids != pids) {
                if (!mig.pids.isEmpty()) {
                    beginRemoveRows(migIdx, 0, int(mig.pids.size()) - 1);
                    mig.pids.clear();
                    endRemoveRows();
                }
                if (!pids.isEmpty()) {
                    beginInsertRows(migIdx, 0, int(pids.size()) - 1);
                    mig.pids = pids;
                    endInsertRows();
                }
            } else if (!pids.isEmpty()) {
                Q_EMIT dataChanged(index(0, 0, migIdx),
                                   index(int(pids.size()) - 1, ColumnCount - 1, migIdx));
            }
        }
        if (!gpu.migs.isEmpty())
            Q_EMIT dataChanged(index(0, 0, gpuIdx),
                               index(int(gpu.migs.size()) - 1, ColumnCount - 1, gpuIdx));
    }
    if (!item.gpus.isEmpty())
        Q_EMIT dataChanged(index(0, 0, serverIdx),
                           index(int(item.gpus.size()) - 1, ColumnCount - 1, serverIdx));
}

void ServerTreeModel::onServerUpdated(const QString& server)
{
    const QModelIndex parent = serverIndex(server);
    if (!parent.isValid())
        return;
    if (const Snapshot* s = m_fleet->latest(server))
        syncChildren(parent.row(), *s);
    Q_EMIT dataChanged(index(parent.row(), 0), index(parent.row(), ColumnCount - 1));
    applySort();
}

QModelIndex ServerTreeModel::serverIndex(const QString& server) const
{
    for (int i = 0; i < m_servers.size(); ++i) {
        if (m_servers[i].name == server)
            return createIndex(i, 0, quintptr(0));
    }
    return {};
}

QModelIndex ServerTreeModel::gpuIndex(const QString& server, const QString& uuid) const
{
    const QModelIndex parent = serverIndex(server);
    if (!parent.isValid())
        return {};
    const auto& gpus = m_servers[parent.row()].gpus;
    for (int i = 0; i < gpus.size(); ++i) {
        if (gpus[i].uuid == uuid)
            return index(i, 0, parent);
    }
    return {};
}

QModelIndex ServerTreeModel::migIndex(const QString& server, const QString& gpuUuid,
                                      const QString& migUuid) const
{
    const QModelIndex parent = gpuIndex(server, gpuUuid);
    if (!parent.isValid())
        return {};
    const auto& migs = m_servers[parent.parent().row()].gpus[parent.row()].migs;
    for (int i = 0; i < migs.size(); ++i) {
        if (migs[i].uuid == migUuid)
            return index(i, 0, parent);
    }
    return {};
}

QModelIndex ServerTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_servers.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (row >= rowCount(parent))
        return {};
    return createIndex(row, column, childId(pathOf(parent)));
}

QModelIndex ServerTreeModel::parent(const QModelIndex& child) const
{
    const Path p = pathOf(child);
    switch (p.level) {
    case 1:
        return createIndex(p.server, 0, quintptr(0));
    case 2:
        return createIndex(p.gpu, 0, childId({0, p.server, -1, -1, -1}));
    case 3:
        return createIndex(p.mig, 0, childId({1, p.server, p.gpu, -1, -1}));
    default:
        return {};
    }
}

int ServerTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_servers.size());
    if (parent.column() != 0)
        return 0;
    const Path p = pathOf(parent);
    if (p.server < 0 || p.server >= m_servers.size())
        return 0;
    const auto& gpus = m_servers[p.server].gpus;
    switch (p.level) {
    case 0:
        return int(gpus.size());
    case 1:
        return p.gpu < gpus.size() ? int(gpus[p.gpu].migs.size()) : 0;
    case 2:
        return p.gpu < gpus.size() && p.mig < gpus[p.gpu].migs.size()
                   ? int(gpus[p.gpu].migs[p.mig].pids.size())
                   : 0;
    default:
        return 0;
    }
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
    if (serverRow < 0 || serverRow >= m_servers.size())
        return nullptr;
    const auto& item = m_servers[serverRow];
    if (gpuRow < 0 || gpuRow >= item.gpus.size())
        return nullptr;
    const Snapshot* s = m_fleet->latest(item.name);
    return s ? s->gpuByUuid(item.gpus[gpuRow].uuid) : nullptr;
}

QVariant ServerTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
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
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case UtilColumn:
            return tr("GPU utilisation; on a server, the mean of its GPUs when sorting");
        case MemoryColumn:
            return tr("GPU memory used / total");
        case TempColumn:
            return tr("GPU temperature");
        case PowerColumn:
            return tr("Power drawn");
        }
    }
    return {};
}

QString ServerTreeModel::serverSummary(int row) const
{
    const auto& item = m_servers[row];
    const Snapshot* s = m_fleet->latest(item.name);
    const LinkStatus* link = m_fleet->connection(item.name);
    const Freshness f = m_fleet->freshness(item.name);
    QStringList parts{item.name};
    if (link && !link->degraded.isEmpty()) {
        // The codes: the tooltip has the agent's words.
        QStringList codes;
        for (const QString& line : link->degraded.split(u'\n'))
            codes.append(line.section(u':', 0, 0));
        // Said in words below where the reading says it too.
        if (s && s->host.ownPidNamespace.value_or(false))
            codes.removeAll(QStringLiteral("own_pid_namespace"));
        if (!codes.isEmpty())
            parts.append(tr("degraded: %1").arg(codes.join(QStringLiteral(", "))));
    }
    // The sampler cannot name the host's processes (docs/owners.md).
    if (s && s->host.ownPidNamespace.value_or(false))
        parts.append(tr("own PID namespace: no process named"));
    if (link && link->state != LinkState::Connected) {
        parts.append(linkStateText(link->state));
        if (f.hasReading)
            parts.append(lastReadingText(f));
        return parts.join(QStringLiteral(" · "));
    }
    if (!s)
        return item.name;
    if (f.stale) {
        parts.append(staleText(f));
        return parts.join(QStringLiteral(" · "));
    }
    int busy = 0;
    QSet<QString> users;
    for (const auto& g : s->gpus) {
        int processes = 0;
        for (const auto& p : s->processes) {
            if (p.gpuUuid != g.uuid)
                continue;
            ++processes;
            // The people: owners, as the process tables say them.
            if (!p.ownerName().isEmpty() && !s->host.ownPidNamespace.value_or(false))
                users.insert(p.ownerName());
        }
        const bool used = g.utilizationGpuPercent ? *g.utilizationGpuPercent >= kIdleBelowPercent
                                                  : isMig(g) && processes > 0;
        busy += used ? 1 : 0;
    }
    const int gpus = int(s->gpus.size());
    if (gpus == 0)
        parts.append(tr("no GPU"));
    else
        parts.append(tr("%1 of %n busy", nullptr, gpus).arg(busy));
    if (!users.isEmpty())
        parts.append(tr("%n users", nullptr, int(users.size())));
    if (s->host.cpuPercent)
        parts.append(tr("CPU %1").arg(formatPercent(s->host.cpuPercent)));
    return parts.join(QStringLiteral(" · "));
}

QVariant ServerTreeModel::serverSortValue(int row, int column) const
{
    const auto& item = m_servers[row];
    const Snapshot* s = m_fleet->latest(item.name);
    if (column == NameColumn)
        return item.name;
    if (!s)
        return {};
    double sum = 0;
    int n = 0;
    double most = 0;
    for (const auto& g : s->gpus) {
        std::optional<double> v;
        switch (column) {
        case UtilColumn:
            v = g.utilizationGpuPercent;
            break;
        case MemoryColumn:
            v = g.memoryUsedMiB;
            break;
        case TempColumn:
            v = g.temperatureC;
            break;
        case PowerColumn:
            v = g.powerW;
            break;
        }
        if (!v)
            continue;
        most = n == 0 ? *v : std::max(most, *v);
        sum += *v;
        ++n;
    }
    if (n == 0)
        return {};
    switch (column) {
    case UtilColumn:
        return sum / n; // mean utilisation
    case TempColumn:
        return most; // the hottest GPU
    default:
        return sum; // memory used, power drawn in all
    }
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
    if (role == SortRole)
        return serverSortValue(row, column);
    const Freshness f = m_fleet->freshness(item.name);
    if (role == StaleRole)
        return f.hasReading && f.stale;
    if (role == DisplayStateRole && column == NameColumn) {
        if (link) {
            if (const auto mark = linkDisplayState(link->state))
                return int(*mark);
        }
        if (f.hasReading && f.stale)
            return int(DisplayState::Stale);
        return {};
    }
    if (column != NameColumn)
        return {};
    if (role == Qt::DisplayRole)
        return item.name;
    if (role == SummaryRole)
        return serverSummary(row);
    if (role == Qt::ToolTipRole) {
        QStringList lines{link ? tr("%1 — %2").arg(item.name, linkStateText(link->state))
                               : item.name};
        // The name the server is watched under first; what the machine
        // calls itself is a detail (two agents may share it).
        if (s && !s->host.hostname.isEmpty() && s->host.hostname != item.name)
            lines.append(tr("Host name %1").arg(s->host.hostname));
        if (link && !link->agentId.isEmpty())
            lines.append(tr("Agent %1").arg(link->agentId));
        if (const QStringList same = m_fleet->sameAgentAs(item.name); !same.isEmpty())
            lines.append(tr("The same agent as %1: its figures are shown twice")
                             .arg(same.join(QStringLiteral(", "))));
        if (link && !link->agentChanged.isEmpty())
            lines.append(link->agentChanged);
        if (link && !link->error.isEmpty())
            lines.append(link->error);
        if (link && !link->degraded.isEmpty())
            lines.append(tr("The agent is degraded:\n%1").arg(link->degraded));
        if (s && s->host.ownPidNamespace.value_or(false))
            lines.append(ownPidNamespaceText());
        if (link && link->retryInMs > 0)
            lines.append(tr("Next try in %n s", nullptr, int((link->retryInMs + 999) / 1000)));
        if (f.hasReading) {
            lines.append(tr("Last reading %1 (%2 ago)")
                             .arg(dateTimeText(QDateTime::fromMSecsSinceEpoch(s->timestampMs),
                                               ClockPrecision::Seconds),
                                  ageText(f.ageMs)));
            if (f.stale)
                lines.append(tr("Stale: no reading for more than %1 sampling intervals of %2; "
                                "the figures are the last ones, with no verdict")
                                 .arg(LiveState::kStaleIntervals)
                                 .arg(formatDurationTwoUnits(f.intervalMs)));
        }
        if (link && link->clockOffsetMs != 0)
            lines.append(tr("Agent %1 of ours; readings are shifted to our clock")
                             .arg(clockOffsetText(link->clockOffsetMs)));
        if (link && link->readingsLost)
            lines.append(tr("Some readings were lost on the agent before they could be fetched"));
        if (s) {
            lines.append(tr("%n GPUs", nullptr, int(s->gpus.size())) + QStringLiteral(" · ") +
                         tr("backend %1").arg(s->backend));
            if (s->host.memoryUsedBytes)
                lines.append(tr("Host memory %1 used of %2")
                                 .arg(formatByteCount(s->host.memoryUsedBytes),
                                      formatByteCount(s->host.memoryTotalBytes)));
        }
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}

QVariant ServerTreeModel::gpuSortValue(const QString& server, const GpuSample& g, int column) const
{
    Q_UNUSED(server);
    switch (column) {
    case NameColumn:
        return g.index;
    case UtilColumn:
        return raw(g.utilizationGpuPercent);
    case MemoryColumn:
        return raw(g.memoryUsedMiB);
    case TempColumn:
        return raw(g.temperatureC);
    case PowerColumn:
        return raw(g.powerW);
    }
    return {};
}

QVariant ServerTreeModel::gpuData(const QModelIndex& idx, int role) const
{
    const Path p = pathOf(idx);
    const QString& server = m_servers[p.server].name;
    const GpuSample* g = gpuAt(p.server, p.gpu);
    if (!g)
        return {};
    if (role == ServerRole)
        return server;
    if (role == GpuUuidRole)
        return g->uuid;
    const Freshness f = m_fleet->freshness(server);
    if (role == StaleRole)
        return f.stale;
    if (role == StatusRole)
        return f.stale ? QVariant() : QVariant(int(stateOf(server, *g)));
    if (role == DisplayStateRole && idx.column() == NameColumn)
        return int(f.stale ? DisplayState::Stale : displayState(stateOf(server, *g)));
    if (role == SortRole || role == RawValueRole) {
        if (role == RawValueRole && idx.column() == NameColumn)
            return {};
        return gpuSortValue(server, *g, idx.column());
    }
    if (role == Qt::TextAlignmentRole && idx.column() != NameColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    const QString migText = tr("Utilisation is not reported in MIG mode");
    if (idx.column() == NameColumn && (role == VerdictFlagsRole || role == Qt::ToolTipRole)) {
        // The verdicts on its processes and its own health (none when stale).
        const auto v =
            f.stale ? std::nullopt
                    : VerdictBook::withGpuHealth(
                          m_verdicts ? m_verdicts->gpuVerdict(server, g->uuid) : std::nullopt, *g);
        if (role == VerdictFlagsRole)
            return v ? QVariant(verdictFlags(*v)) : QVariant();
        if (v) {
            // The GPU's own lines, then the verdicts on its processes.
            QStringList lines{g->uuid, tr("%1 — %2").arg(g->name, stateText(stateOf(server, *g)))};
            if (const QString held = heldByText(*g); !held.isEmpty())
                lines.append(held);
            lines.append(VerdictBook::toolTip(*v));
            return lines.join(QLatin1Char('\n'));
        }
    }
    switch (idx.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return tr("GPU %1 · %2").arg(g->index).arg(shortGpuName(g->name));
        if (role == Qt::ToolTipRole) {
            QStringList lines{g->uuid};
            if (!g->error.isEmpty())
                lines.append(g->error);
            else if (f.stale)
                lines.append(tr("%1 — %2").arg(g->name, staleText(f)));
            else
                lines.append(tr("%1 — %2").arg(g->name, stateText(stateOf(server, *g))));
            if (const QString held = heldByText(*g); !held.isEmpty())
                lines.append(held);
            if (isMig(*g))
                lines.append(tr("MIG mode: %n instances", nullptr, int(g->migInstances.size())) +
                             QStringLiteral("; ") + migText);
            return lines.join(QLatin1Char('\n'));
        }
        break;
    case UtilColumn:
        if (role == Qt::DisplayRole)
            return formatPercent(g->utilizationGpuPercent);
        if (role == Qt::ToolTipRole && isMig(*g) && !g->utilizationGpuPercent)
            return migText;
        break;
    case MemoryColumn:
        if (role == Qt::DisplayRole)
            return usedOfTotal(g->memoryUsedMiB, g->memoryTotalMiB);
        break;
    case TempColumn:
        if (role == Qt::DisplayRole)
            return formatCelsius(g->temperatureC);
        break;
    case PowerColumn:
        if (role == Qt::DisplayRole)
            return formatWatts(g->powerW);
        break;
    }
    return {};
}

QVariant ServerTreeModel::migData(const QModelIndex& idx, int role) const
{
    const Path p = pathOf(idx);
    const QString& server = m_servers[p.server].name;
    const GpuSample* g = gpuAt(p.server, p.gpu);
    if (!g || p.mig >= m_servers[p.server].gpus[p.gpu].migs.size())
        return {};
    const MigInstance* m = g->migByUuid(m_servers[p.server].gpus[p.gpu].migs[p.mig].uuid);
    if (!m)
        return {};
    if (role == ServerRole)
        return server;
    if (role == GpuUuidRole)
        return g->uuid;
    if (role == MigUuidRole)
        return m->uuid;
    const Freshness f = m_fleet->freshness(server);
    if (role == StaleRole)
        return f.stale;
    if (role == DisplayStateRole && idx.column() == NameColumn && f.stale)
        return int(DisplayState::Stale);
    if (role == Qt::TextAlignmentRole && idx.column() != NameColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    auto id = [](const std::optional<int>& v) {
        return v ? QString::number(*v) : notAvailable();
    };
    switch (idx.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return tr("%1 · GI %2 · CI %3")
                .arg(m->profile.isEmpty() ? tr("MIG %1").arg(m->index) : m->profile,
                     id(m->gpuInstanceId), id(m->computeInstanceId));
        if (role == SortRole)
            return m->index;
        if (role == Qt::ToolTipRole) {
            QStringList lines{m->uuid,
                              tr("MIG instance %1 of GPU %2, profile %3")
                                  .arg(m->index)
                                  .arg(g->index)
                                  .arg(m->profile.isEmpty() ? notAvailable() : m->profile),
                              tr("GPU instance %1, compute instance %2")
                                  .arg(id(m->gpuInstanceId), id(m->computeInstanceId))};
            if (f.stale)
                lines.append(staleText(f));
            return lines.join(QLatin1Char('\n'));
        }
        break;
    case UtilColumn:
        if (role == Qt::DisplayRole)
            return notAvailable();
        if (role == Qt::ToolTipRole)
            return tr("Utilisation is not reported per MIG instance");
        break;
    case MemoryColumn:
        if (role == Qt::DisplayRole)
            return usedOfTotal(m->memoryUsedMiB, m->memoryTotalMiB);
        if (role == SortRole || role == RawValueRole)
            return raw(m->memoryUsedMiB);
        break;
    }
    return {};
}

QVariant ServerTreeModel::processData(const QModelIndex& idx, int role) const
{
    const Path p = pathOf(idx);
    const auto& item = m_servers[p.server];
    const Snapshot* s = m_fleet->latest(item.name);
    const GpuSample* g = gpuAt(p.server, p.gpu);
    if (!s || !g || p.mig >= item.gpus[p.gpu].migs.size())
        return {};
    const Mig& mig = item.gpus[p.gpu].migs[p.mig];
    const GpuProcess* proc = processOf(*s, mig.pids.value(p.process), mig.uuid);
    if (!proc)
        return {};
    if (role == ServerRole)
        return item.name;
    if (role == GpuUuidRole)
        return g->uuid;
    if (role == MigUuidRole)
        return mig.uuid;
    if (role == PidRole)
        return proc->pid;
    if (role == StaleRole)
        return m_fleet->freshness(item.name).stale;
    if (idx.column() != NameColumn)
        return {};
    if (m_verdicts &&
        (role == Qt::DecorationRole || role == Qt::ToolTipRole || role == VerdictFlagsRole)) {
        if (const auto v =
                m_verdicts->processVerdict(item.name, proc->pid, proc->gpuUuid, proc->ownerName(),
                                           proc->startTimeMs, proc->account())) {
            if (role == Qt::DecorationRole)
                return VerdictBook::badgeIcon(*v, QGuiApplication::palette());
            if (role == VerdictFlagsRole)
                return verdictFlags(*v);
            return QString(tr("pid %1, user %2\n%3").arg(proc->pid).arg(proc->user, proc->command) +
                           QLatin1Char('\n') + VerdictBook::toolTip(*v));
        }
    }
    // The owner (docs/owners.md): a container's label, a Slurm job, else
    // the host user, which the tooltip names.
    const QString user = proc->ghost ? tr("(not in /proc)") : proc->ownerName();
    if (role == Qt::DisplayRole || role == SummaryRole)
        return tr("%1 · %2 · pid %3 · %4")
            .arg(user, formatMiB(proc->usedMemoryMiB))
            .arg(proc->pid)
            .arg(proc->command);
    if (role == Qt::ToolTipRole)
        return tr("pid %1, user %2\n%3")
            .arg(proc->pid)
            .arg(proc->ghost ? user : proc->user, proc->command);
    if (role == SortRole)
        return proc->pid;
    return {};
}

void ServerTreeModel::setVerdicts(const VerdictBook* verdicts)
{
    if (m_verdicts)
        disconnect(m_verdicts, nullptr, this, nullptr);
    m_verdicts = verdicts;
    if (!verdicts)
        return;
    connect(verdicts, &VerdictBook::changed, this, [this](const QString& server) {
        // The server's GPU rows and everything under them, name column.
        const QModelIndex s = serverIndex(server);
        if (!s.isValid())
            return;
        QList<QModelIndex> parents{s};
        while (!parents.isEmpty()) {
            const QModelIndex parent = parents.takeLast();
            const int n = rowCount(parent);
            if (n == 0)
                continue;
            Q_EMIT dataChanged(index(0, NameColumn, parent), index(n - 1, NameColumn, parent));
            for (int r = 0; r < n; ++r)
                parents.append(index(r, NameColumn, parent));
        }
    });
}

void ServerTreeModel::setReservations(const ReservationsView* reservations)
{
    if (m_reservations)
        disconnect(m_reservations, nullptr, this, nullptr);
    m_reservations = reservations;
    if (!reservations)
        return;
    connect(reservations, &ReservationsView::changed, this, [this](const QString& server) {
        const QModelIndex s = serverIndex(server);
        const int n = s.isValid() ? rowCount(s) : 0;
        if (n > 0)
            Q_EMIT dataChanged(index(0, NameColumn, s), index(n - 1, NameColumn, s));
    });
}

QVariant ServerTreeModel::withReservations(const QModelIndex& idx, int role,
                                           const QVariant& value) const
{
    const Path p = pathOf(idx);
    const QString& server = m_servers[p.server].name;
    const GpuSample* g = gpuAt(p.server, p.gpu);
    if (!g)
        return value;
    if (role == Qt::DisplayRole) {
        const QString mark = m_reservations->gpuMark(server, *g);
        if (mark.isEmpty())
            return value;
        // Right after "GPU 1", ahead of the model name: a narrow column
        // elides the end of the text, and the mark must stay in view.
        QString text = value.toString();
        const QString separator = QStringLiteral(" · ");
        const qsizetype at = text.indexOf(separator);
        return at < 0 ? text + separator + mark : text.insert(at, separator + mark);
    }
    const LinkStatus* link = m_fleet->connection(server);
    const bool up = ReservationsView::linkUp(link);
    const QStringList lines = m_reservations->gpuLines(server, *g, up);
    if (lines.isEmpty())
        return value;
    return QString(value.toString() + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
}

QVariant ServerTreeModel::data(const QModelIndex& idx, int role) const
{
    if (!idx.isValid())
        return {};
    const Path p = pathOf(idx);
    if (p.server < 0 || p.server >= m_servers.size())
        return {};
    switch (p.level) {
    case 0:
        return serverData(idx.row(), idx.column(), role);
    case 1:
        if (m_reservations && idx.column() == NameColumn &&
            (role == Qt::DisplayRole || role == Qt::ToolTipRole))
            return withReservations(idx, role, gpuData(idx, role));
        return gpuData(idx, role);
    case 2:
        return migData(idx, role);
    default:
        return processData(idx, role);
    }
}

ServerTreeModel::Key ServerTreeModel::keyOf(const QModelIndex& idx) const
{
    Key k;
    const Path p = pathOf(idx);
    k.column = idx.column();
    if (p.server < 0 || p.server >= m_servers.size())
        return k;
    const auto& s = m_servers[p.server];
    k.server = s.name;
    if (p.level >= 1 && p.gpu < s.gpus.size())
        k.gpu = s.gpus[p.gpu].uuid;
    if (p.level >= 2 && p.gpu < s.gpus.size() && p.mig < s.gpus[p.gpu].migs.size())
        k.mig = s.gpus[p.gpu].migs[p.mig].uuid;
    if (p.level >= 3 && !k.mig.isEmpty())
        k.pid = s.gpus[p.gpu].migs[p.mig].pids.value(p.process, -1);
    return k;
}

QModelIndex ServerTreeModel::indexOf(const Key& k) const
{
    QModelIndex idx = serverIndex(k.server);
    if (!k.gpu.isEmpty())
        idx = gpuIndex(k.server, k.gpu);
    if (!k.mig.isEmpty())
        idx = migIndex(k.server, k.gpu, k.mig);
    if (k.pid >= 0 && idx.isValid()) {
        const int row = int(m_servers[idx.parent().parent().row()]
                                .gpus[idx.parent().row()]
                                .migs[idx.row()]
                                .pids.indexOf(k.pid));
        idx = row < 0 ? QModelIndex() : index(row, 0, idx);
    }
    return idx.isValid() ? index(idx.row(), k.column, idx.parent()) : QModelIndex();
}

void ServerTreeModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    applySort();
}

void ServerTreeModel::applySort()
{
    if (m_sortColumn < 0)
        return;
    // The order wanted, computed before anything moves.
    QList<int> serverOrder(m_servers.size());
    std::iota(serverOrder.begin(), serverOrder.end(), 0);
    QList<QVariant> serverKeys;
    for (int r = 0; r < m_servers.size(); ++r)
        serverKeys.append(serverSortValue(r, m_sortColumn));
    std::stable_sort(serverOrder.begin(), serverOrder.end(), [&](int a, int b) {
        return lessOrAbsent(serverKeys[a], serverKeys[b], m_sortOrder);
    });
    QList<QList<int>> gpuOrders;
    bool moved = false;
    for (int i = 0; i < serverOrder.size(); ++i)
        moved = moved || serverOrder[i] != i;
    for (int r = 0; r < m_servers.size(); ++r) {
        const auto& item = m_servers[r];
        const Snapshot* s = m_fleet->latest(item.name);
        QList<int> order(item.gpus.size());
        std::iota(order.begin(), order.end(), 0);
        if (s) {
            QList<QVariant> keys;
            for (const auto& g : item.gpus) {
                const GpuSample* sample = s->gpuByUuid(g.uuid);
                keys.append(sample ? gpuSortValue(item.name, *sample, m_sortColumn) : QVariant());
            }
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
                return lessOrAbsent(keys[a], keys[b], m_sortOrder);
            });
        }
        for (int i = 0; i < order.size(); ++i)
            moved = moved || order[i] != i;
        gpuOrders.append(order);
    }
    if (!moved)
        return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QList<Key> keys;
    for (const auto& idx : before)
        keys.append(keyOf(idx));
    QList<Server> next;
    for (int r : std::as_const(serverOrder)) {
        Server item = m_servers[r];
        QList<Gpu> gpus;
        for (int g : std::as_const(gpuOrders[r]))
            gpus.append(item.gpus[g]);
        item.gpus = gpus;
        next.append(item);
    }
    m_servers = next;
    QModelIndexList after;
    for (const auto& k : std::as_const(keys))
        after.append(indexOf(k));
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace gw
