#pragma once

// The history file's tables, its version check, and SQLite errors phrased for
// an admin. Version 1:
//
//   meta(key PRIMARY KEY, value)          ("application", "gpuwarden-history")
//   series(id, server, target, metric)    one row per SeriesKey
//   chunk(id, series, start_ms, end_ms, count, sealed, data)
//                                         compressed samples (historycodec.h);
//                                         the open chunk of a series is
//                                         rewritten by every commit
//   rollup(level, series, bucket_s, min_q, max_q, sum_q, count)  WITHOUT ROWID
//                                         per minute (1) and hour (2); values
//                                         in quanta of the metric's precision, so
//                                         rows stay small integers
//   process(id, server, gpu_uuid, gpu_model, pid, start_ms, uid, user,
//           command, ghost, first_seen_ms, last_seen_ms, max_memory_mib)

#include "util/sqlitefile.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>

namespace gw::historyschema {

constexpr int kVersion = 2; // 2: adaptive Rice value codes, minute roll-ups packed per hour

// Creates the tables in an empty file, or checks that an existing one is ours
// and of a version we read. `why` in words for an admin.
bool prepare(QSqlDatabase& db, const QString& path, bool writable, QString* why);

// How SQLite errors about the history file are worded (sqlitefile.h).
const sqlitefile::Wording& wording();

// "cannot write history to /x: the disk is full" and the like.
QString describe(const QString& path, const QSqlError& error, bool writing);

} // namespace gw::historyschema
