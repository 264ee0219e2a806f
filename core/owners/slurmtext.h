// What Slurm's own tools print about a job, read as facts (docs/owners.md,
// "Slurm"): `scontrol show job -o -d ID` (one line of Key=Value pairs) and
// `scontrol listpids` (a table). Pure text in; running the tools is the
// resolver's.
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw::owners {

struct SlurmJob
{
    QString jobId;
    QString name;
    QString user; // "gwbob" of UserId=gwbob(1001)
    std::optional<uint> uid;
    QString account; // empty for Slurm's "(null)": no account given
    QString partition;
    QString state; // RUNNING, PENDING, CANCELLED, …
    QString nodeList;
    // GPUs: how many (TRES's gres/gpu=N) and which (the -d line's
    // GRES=gpu[:type]:N(IDX:0,2-3) indices on this node); absent where the
    // job names none.
    std::optional<int> gpuCount;
    QList<int> gpuIndices;

    bool operator==(const SlurmJob&) const = default;
};

// One line of `scontrol show job -o [-d] ID`. A line with no JobId, or a
// UserId not of the form name(uid), is an error in `error`, not a job.
std::optional<SlurmJob> parseScontrolJob(QByteArrayView line, QString* error);

struct SlurmPid
{
    qint64 pid = 0;
    QString jobId;
    QString step; // "batch", "extern", "0", …

    bool operator==(const SlurmPid&) const = default;
};

// `scontrol listpids [ID]`: the heading "PID JOBID STEPID LOCALID GLOBALID",
// then one row per process. "There are no steps for job N …" is no rows and
// no warning; a row that is not numbers where numbers go is said in
// `warnings` and skipped.
QList<SlurmPid> parseListPids(QByteArrayView text, QStringList* warnings);

// "0,2-3" → {0, 2, 3}; absent on anything else (or more than 1024 GPUs).
std::optional<QList<int>> parseIndexList(QStringView text);

} // namespace gw::owners
