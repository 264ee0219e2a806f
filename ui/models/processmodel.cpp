#include "models/processmodel.h"

#include "model/units.h"
#include "models/roles.h"
#include "models/verdictbook.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>

namespace gw {

ProcessModel::ProcessModel(QObject* parent)
    : TableModel(ColumnCount, parent)
{}

void ProcessModel::clear()
{
    if (m_rows.isEmpty())
        return;
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void ProcessModel::setSnapshot(const Snapshot& snapshot, const QString& gpuUuid)
{
    m_nowMs = snapshot.timestampMs;
    m_server = snapshot.server;
    m_gpuIndex.clear();
    for (const auto& g : snapshot.gpus)
        m_gpuIndex.insert(g.uuid, g.index);
    const bool hidden = snapshot.host.ownPidNamespace.value_or(false);
    const bool hiddenChanged = hidden != m_pidsHidden;
    m_pidsHidden = hidden;

    QList<GpuProcess> incoming;
    for (const auto& p : snapshot.processes) {
        if (gpuUuid.isEmpty() || p.gpuUuid == gpuUuid)
            incoming.append(p);
    }
    QHash<QString, int> incomingByKey;
    for (int i = 0; i < incoming.size(); ++i)
        incomingByKey.insert(keyOf(incoming[i]), i);

    // Remove rows that are gone, from the bottom so indices stay valid.
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (!incomingByKey.contains(keyOf(m_rows[row].process))) {
            beginRemoveRows({}, row, row);
            m_rows.removeAt(row);
            endRemoveRows();
        }
    }
    // Update rows that stay; a row whose values did not move stays quiet.
    QSet<QString> present;
    for (int row = 0; row < m_rows.size(); ++row) {
        Row& r = m_rows[row];
        const QString key = keyOf(r.process);
        present.insert(key);
        const GpuProcess& next = incoming[incomingByKey.value(key)];
        if (!(next == r.process) || hiddenChanged) {
            r.process = next;
            r.owner = ownerTextOf(next, m_pidsHidden);
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        } else if (r.process.startTimeMs) {
            Q_EMIT dataChanged(index(row, RunningColumn), index(row, RunningColumn));
        }
    }
    // Append new rows.
    QList<Row> added;
    for (const auto& p : incoming) {
        if (!present.contains(keyOf(p)))
            added.append({p, ownerTextOf(p, m_pidsHidden)});
    }
    if (!added.isEmpty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        m_rows.append(added);
        endInsertRows();
    }
}

void ProcessModel::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1),
                           {StaleRole});
}

int ProcessModel::rowTotal() const
{
    return int(m_rows.size());
}

QString ProcessModel::columnTitle(int section) const
{
    switch (section) {
    case PidColumn:
        return tr("PID");
    case OwnerColumn:
        return tr("Owner");
    case AccountColumn:
        return tr("Account");
    case WorkloadColumn:
        return tr("Workload");
    case GpuColumn:
        return tr("GPU");
    case MemoryColumn:
        return tr("Memory");
    case SmColumn:
        return tr("SM %");
    case CommandColumn:
        return tr("Command");
    case RunningColumn:
        return tr("Running");
    }
    return {};
}

void ProcessModel::setVerdicts(const VerdictBook* verdicts)
{
    if (m_verdicts)
        disconnect(m_verdicts, nullptr, this, nullptr);
    m_verdicts = verdicts;
    if (verdicts)
        connect(verdicts, &VerdictBook::changed, this, [this](const QString& server) {
            if (server == m_server && !m_rows.isEmpty())
                Q_EMIT dataChanged(index(0, CommandColumn),
                                   index(int(m_rows.size()) - 1, CommandColumn));
        });
}

QVariant ProcessModel::data(const QModelIndex& idx, int role) const
{
    if (!idx.isValid() || idx.row() >= m_rows.size())
        return {};
    const GpuProcess& p = m_rows[idx.row()].process;
    const ProcessOwnerText& owner = m_rows[idx.row()].owner;
    const qint64 running = p.startTimeMs ? m_nowMs - *p.startTimeMs : -1;

    if (m_verdicts && idx.column() == CommandColumn &&
        (role == Qt::DecorationRole || role == Qt::ToolTipRole || role == VerdictFlagsRole)) {
        if (const auto v = m_verdicts->processVerdict(m_server, p.pid, p.gpuUuid, p.ownerName(),
                                                      p.startTimeMs, p.account())) {
            if (role == Qt::DecorationRole)
                return VerdictBook::badgeIcon(*v, QGuiApplication::palette());
            if (role == VerdictFlagsRole)
                return verdictFlags(*v);
            return VerdictBook::toolTip(*v);
        }
    }

    if (role == PidRole)
        return p.pid;
    switch (role) {
    case OwnerRole:
        return owner.ownerRaw;
    case HostUserRole:
        return owner.hostUser;
    case AccountRole:
        return owner.account;
    case NamespaceRole:
        return owner.nameSpace;
    case JobRole:
        return owner.job;
    default:
        break;
    }
    if (role == Qt::ToolTipRole && idx.column() == OwnerColumn && !owner.toolTip.isEmpty())
        return owner.toolTip;
    if (role == StaleRole)
        return m_stale;
    if (role == MigUuidRole)
        return p.migUuid;
    if (role == GpuUuidRole)
        return p.gpuUuid;
    if (role == Qt::ToolTipRole && p.ghost)
        return tr("The driver reports pid %1 on this GPU, but /proc does not show it: it runs in "
                  "another PID namespace (a container) or has just exited.")
            .arg(p.pid);
    if (role == Qt::FontRole && p.ghost) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole) {
        switch (idx.column()) {
        case PidColumn:
        case MemoryColumn:
        case SmColumn:
        case RunningColumn:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }

    const bool display = role == Qt::DisplayRole;
    const bool sort = role == SortRole || role == RawValueRole;
    switch (idx.column()) {
    case PidColumn:
        if (display || sort)
            return p.pid;
        break;
    case OwnerColumn:
        if (display)
            return owner.owner;
        if (sort)
            return owner.ownerRaw;
        break;
    case AccountColumn:
        if (display || sort)
            return owner.account;
        break;
    case WorkloadColumn:
        if (display || sort)
            return owner.workload;
        break;
    case GpuColumn: {
        const auto it = m_gpuIndex.constFind(p.gpuUuid);
        if (display)
            return it != m_gpuIndex.cend() ? QVariant(*it) : QVariant(p.gpuUuid);
        if (sort)
            return it != m_gpuIndex.cend() ? *it : -1;
        break;
    }
    case MemoryColumn:
        if (display)
            return formatMiB(p.usedMemoryMiB);
        if (sort)
            return p.usedMemoryMiB ? QVariant(*p.usedMemoryMiB) : QVariant();
        break;
    case SmColumn:
        if (display)
            return formatPercent(p.smUtilPercent);
        if (sort)
            return p.smUtilPercent ? QVariant(*p.smUtilPercent) : QVariant();
        break;
    case CommandColumn:
        if (display || sort)
            return p.command;
        break;
    case RunningColumn:
        if (display)
            return running >= 0 ? formatDurationTwoUnits(running) : notAvailable();
        if (sort)
            return running >= 0 ? QVariant(running) : QVariant();
        break;
    }
    return {};
}

} // namespace gw
