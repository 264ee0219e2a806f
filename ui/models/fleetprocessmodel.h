#pragma once

// Every GPU process of every server in one table, and what each user holds
// (GPUs, memory, GPU-hours today). Rows keep their identity (server, pid,
// start time, GPU) across readings; only a changed set of rows resets.
//
// "Idle for": how long the process's GPU has been held idle (memory held,
// utilisation below 10 %) with this process on it, as this desktop saw it:
// from the first reading that showed it so, to the server's newest reading.
// When that run began at the first reading the desktop had of the server,
// the real run may be longer, and the figure says "≥".

#include "common/palette.h"
#include "history/historytypes.h"
#include "model/snapshot.h"
#include "models/ownertext.h"
#include "models/tablemodel.h"
#include "tokens/energybook.h"

#include <QDateTime>
#include <QHash>
#include <QSet>

#include <functional>
#include <optional>

namespace gw {

class LiveState;
class VerdictBook;

struct FleetProcessRow
{
    QString server;
    QString gpuUuid;
    int gpuIndex = -1;
    QString migUuid;
    QString migProfile; // "3g.40gb"; empty on a whole GPU
    qint64 pid = 0;
    std::optional<qint64> startTimeMs;
    QString user; // the host user
    // The owner, account and workload (docs/owners.md); no owner where the
    // server's sampler runs in a PID namespace of its own.
    ProcessOwnerText owner;
    QString command;
    std::optional<double> memoryMiB;
    std::optional<double> smPercent;
    bool ghost = false;
    DisplayState state = DisplayState::NotReported;
    qint64 ageMs = 0;                // the server's reading's age (stale rows)
    std::optional<qint64> idleForMs; // held idle this long (IdleHeld rows only)
    bool idleAtLeast = false;        // the run began before the desktop saw the server

    QString gpuText() const;   // "3", "3 · 3g.40gb"
    QString stateText() const; // "idle, memory held", "stale (4 min 10 s ago)"
    QString idleText() const; // "idle for 16 min 20 s", "idle for ≥ 2 h 05 min", "" when not idle
};

// What one owner holds now, and has used today.
struct UserTotal
{
    QString user;  // the owner
    int units = 0; // GPUs and MIG instances with the user's processes
    int processes = 0;
    std::optional<double> memoryMiB; // absent when no process reports memory
    double gpuHours = 0;             // today (history) or since the desktop started
    // Energy the owner's processes drew today since the desktop started
    // (docs/health.md, "Energy"): absent where none of their GPUs reported
    // power or an energy counter; of it, what is estimated.
    std::optional<double> energyKWh;
    double energyEstimatedKWh = 0;
};

// CSV (RFC 4180: CRLF lines, fields with a comma, quote or line break quoted,
// quotes doubled) and JSON of rows, with raw values (absent: empty / null).
QByteArray fleetProcessesCsv(const QList<FleetProcessRow>& rows);
QByteArray fleetProcessesJson(const QList<FleetProcessRow>& rows);

// GPU-hours per user in [fromMs, toMs) from recorded process facts: per user
// and GPU, the union of the facts' [firstSeen, lastSeen] spans, clipped.
// Facts name the host user; `owners` (processKeyOf → owner, from the live
// rows) charges a process still shown to its owner instead.
QHash<QString, double> gpuHoursFromFacts(const QList<ProcessFact>& facts, qint64 fromMs,
                                         qint64 toMs, const QHash<QString, QString>& owners = {});
// The key of a process in `owners`: server, pid and start time.
QString processKeyOf(const QString& server, qint64 pid, qint64 startTimeMs);

class FleetProcessModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ServerColumn,
        GpuColumn,
        PidColumn,
        OwnerColumn, // the owner; the host user in the tooltip where it differs
        AccountColumn,
        WorkloadColumn,
        CommandColumn,
        MemoryColumn,
        SmColumn,
        StateColumn,
        IdleColumn,
        ColumnCount
    };

    explicit FleetProcessModel(LiveState* fleet, QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;

    const FleetProcessRow& rowAt(int row) const { return m_rows.at(row); }
    const QList<FleetProcessRow>& rows() const { return m_rows; }

    // Reads LiveState again now (done by itself, coalesced, when it changes).
    void rebuild();
    // Policy verdicts shown as badges on the command (null: none).
    void setVerdicts(const VerdictBook* verdicts);

    // Per-owner totals. GPU-hours come from the history's process facts when
    // they were given (setHistoryGpuHours), else from what this desktop saw
    // since it started (gpuHoursFromHistory() says which).
    QList<UserTotal> userTotals() const;
    // The owners of the processes shown (processKeyOf → owner), for
    // gpuHoursFromFacts.
    QHash<QString, QString> ownersOfRows() const;
    void setHistoryGpuHours(const QHash<QString, double>& hours, qint64 dayStartMs);
    bool gpuHoursFromHistory() const { return m_historyHours.has_value(); }
    qint64 sessionStartMs() const { return m_sessionStartMs; }
    // The clock "today" is measured with (tests set it); ms since the epoch.
    void setClock(std::function<qint64()> nowMs) { m_now = std::move(nowMs); }

Q_SIGNALS:
    void totalsChanged();

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    void account(const Snapshot& s);

    LiveState* m_fleet;
    const VerdictBook* m_verdicts = nullptr;
    QList<FleetProcessRow> m_rows;
    bool m_pending = false;
    std::function<qint64()> m_now;
    qint64 m_sessionStartMs = 0;

    // Held-idle runs: key (server|pid|start|gpu) → start of the run, and
    // whether it began at the server's first reading here.
    struct IdleRun
    {
        qint64 sinceMs = 0;
        bool atLeast = false;
    };
    QHash<QString, IdleRun> m_idle;
    QHash<QString, qint64> m_lastReadingMs;   // per server, last accounted reading
    QHash<QString, Snapshot> m_lastAccounted; // the reading the next interval is charged to
    QHash<QString, double> m_sessionHours;    // per user, local day of m_sessionDay
    QDate m_sessionDay;
    std::optional<QHash<QString, double>> m_historyHours;
    EnergyBook m_energy; // the readings of m_sessionDay seen here
};

} // namespace gw
