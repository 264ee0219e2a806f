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
//           mig_uuid)
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

#include "util/sqlitefile.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>

namespace gw::historyschema {

// 2: adaptive Rice value codes, minute roll-ups packed per hour; 3: sampling
// intervals, MIG instances, a process's MIG instance.
constexpr int kVersion = 3;

// Creates the tables in an empty file, or checks that an existing one is ours
// and of a version we read. `why` in words for an admin.
bool prepare(QSqlDatabase& db, const QString& path, bool writable, QString* why);

// How SQLite errors about the history file are worded (sqlitefile.h).
const sqlitefile::Wording& wording();

// "cannot write history to /x: the disk is full" and the like.
QString describe(const QString& path, const QSqlError& error, bool writing);

} // namespace gw::historyschema
