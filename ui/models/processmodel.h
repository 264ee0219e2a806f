#pragma once

// GPU processes of the selected server or GPU. Rows keep their identity
// (pid + GPU) across updates, so selections and sorting survive; only
// changed cells are announced. Each names its owner, account and workload
// (docs/owners.md); the roles OwnerRole, HostUserRole, AccountRole,
// NamespaceRole and JobRole give them raw on every column.

#include "model/snapshot.h"
#include "models/ownertext.h"
#include "models/tablemodel.h"

#include <QHash>

namespace gw {

class VerdictBook;

class ProcessModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        PidColumn,
        OwnerColumn, // the owner; the host user in the tooltip where it differs
        AccountColumn,
        WorkloadColumn, // "container trainer", "pod vision/train-0", "Slurm job 57"
        GpuColumn,
        MemoryColumn,
        SmColumn,
        CommandColumn,
        RunningColumn,
        ColumnCount
    };

    explicit ProcessModel(QObject* parent = nullptr);

    // The processes of `snapshot`, restricted to one GPU unless `gpuUuid` is empty.
    void setSnapshot(const Snapshot& snapshot, const QString& gpuUuid = {});
    void clear();
    // The processes are those of a stale server's last reading: every row
    // says so (StaleRole), so views grey them.
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;

    const GpuProcess& processAt(int row) const { return m_rows.at(row).process; }
    // The server's sampler runs in a PID namespace of its own: no owner.
    bool pidsHidden() const { return m_pidsHidden; }
    // Policy verdicts shown as badges on the command (null: none).
    void setVerdicts(const VerdictBook* verdicts);

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    static QString keyOf(const GpuProcess& p)
    {
        return QString::number(p.pid) + QLatin1Char('@') + p.gpuUuid;
    }

    struct Row
    {
        GpuProcess process;
        ProcessOwnerText owner;
    };
    QList<Row> m_rows;
    bool m_pidsHidden = false;
    QHash<QString, int> m_gpuIndex; // uuid → GPU index for display
    qint64 m_nowMs = 0;
    bool m_stale = false;
    QString m_server;
    const VerdictBook* m_verdicts = nullptr;
};

} // namespace gw
