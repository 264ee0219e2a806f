#pragma once

// The history file's tables, its version check and upgrade, and SQLite errors
// phrased for an admin. Version 3:
//
//   meta(key PRIMARY KEY, value)          ("application", "gpuwarden-history")
//   series(id, server, target, metric, interval_ms)
//                                         one row per SeriesKey; interval_ms:
//                                         its latest sampling interval
//   chunk(id, series, start_ms, end_ms, count, sealed, data, interval_ms)
//                                         compressed samples (historycodec.h),
//                                         all taken at one sampling interval
//                                         (a new interval starts a new chunk);
//                                         the open chunk of a series is
//                                         rewritten by every commit
//   rollup(level, series, bucket_s, min_q, max_q, sum_q, count)  WITHOUT ROWID
//                                         per minute (1) and hour (2); values
//                                         in quanta of the metric's precision, so
//                                         rows stay small integers
//   process(id, server, gpu_uuid, gpu_model, pid, start_ms, uid, user,
//           command, ghost, first_seen_ms, last_seen_ms, max_memory_mib,
//           mig_uuid, owner, account, owner_because, owner_is_workload,
//           workload_kind, workload_id, workload_name, workload_namespace,
//           workload_partition)
//                                         the owner and workload columns
//                                         (kOwnerColumns) are added, if
//                                         missing, by any writer (no new
//                                         version: older readers name their
//                                         columns and ignore these); a reader
//                                         of a file without them reads NULL
//   mig_instance(id, server, gpu_uuid, mig_uuid, profile, memory_total_mib,
//           first_seen_ms, last_seen_ms)  one row per MIG instance seen
//   server_identity(agent_id PRIMARY KEY, server UNIQUE, bound_ms)
//                                         which agent (its /v1/info
//                                         agent_id) the rows under a server
//                                         name are; created, if missing, by
//                                         any writer (no new version: older
//                                         readers ignore it)
//
// Format 2 files are upgraded in place when opened for writing: the new
// columns are added (intervals NULL = kDefaultSamplingIntervalMs, mig_uuid
// NULL = the whole GPU) and mig_instance is created, in one transaction.

#include "model/workload.h"
#include "util/sqlitefile.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

#include <optional>

namespace gw::historyschema {

// 2: adaptive Rice value codes, minute roll-ups packed per hour; 3: sampling
// intervals, MIG instances, a process's MIG instance.
constexpr int kVersion = 3;

// The process table's owner and workload columns with their types, in
// their order (docs/history.md, "Owners and workloads"): NULL owner, no
// owner known; NULL workload_kind, no workload known.
struct Column
{
    const char* name;
    const char* type;
};
inline constexpr Column kOwnerColumns[] = {
    {"owner", "TEXT"},
    {"account", "TEXT"},
    {"owner_because", "TEXT"},
    {"owner_is_workload", "INTEGER"},
    {"workload_kind", "TEXT"},
    {"workload_id", "TEXT"},
    {"workload_name", "TEXT"},
    {"workload_namespace", "TEXT"},
    {"workload_partition", "TEXT"},
};

// The owner columns for a SELECT ("owner, account, …"), or as many NULLs
// for a file without them.
QString ownerColumnList(bool present);
// A row's owner and workload from its owner columns, the first at `first`
// (NULL owner: absent; NULL workload_kind: absent).
void readOwnerColumns(const QSqlQuery& q, int first, std::optional<ProcessOwner>* owner,
                      std::optional<Workload>* workload);
// Binds the owner columns' values, in their order (absent: NULLs).
void bindOwnerColumns(QSqlQuery& q, const std::optional<ProcessOwner>& owner,
                      const std::optional<Workload>& workload);

// Whether the file's process table has every owner column (a file written
// before they were kept has none). Absent, with `why`, when it cannot be read.
std::optional<bool> hasOwnerColumns(QSqlDatabase& db, const QString& path, QString* why);

// Creates the tables in an empty file, or checks that an existing one is ours
// and of a version we read. `why` in words for an admin.
bool prepare(QSqlDatabase& db, const QString& path, bool writable, QString* why);

// How SQLite errors about the history file are worded (sqlitefile.h).
const sqlitefile::Wording& wording();

// "cannot write history to /x: the disk is full" and the like.
QString describe(const QString& path, const QSqlError& error, bool writing);

} // namespace gw::historyschema
