#pragma once

// The loop behind `gpuwarden-cli record`: read at a steady interval for a
// given span and append every reading to a trace (model/trace.h). Where the
// readings come from is the caller's function (this machine, the demo fleet,
// an agent), so the loop is the same for all of them.

#include "model/snapshot.h"

#include <QString>

#include <chrono>
#include <functional>
#include <optional>

namespace gw {

struct RecordOptions
{
    QString path; // the trace to write (truncated)
    std::chrono::milliseconds duration{std::chrono::minutes(10)};
    std::chrono::milliseconds interval{std::chrono::seconds(1)};
    bool stopOnSignals = true; // SIGINT and SIGTERM end the recording early, cleanly
};

struct RecordResult
{
    qint64 written = 0;    // readings written
    qsizetype servers = 0; // of this many servers
    qint64 repeated = 0;   // readings not newer than the last of their server (an
                           // agent polled faster than it samples), left out
    qint64 failedReads = 0;
    bool interrupted = false; // stopped by SIGINT or SIGTERM
    QString error;            // the trace could not be opened or written; empty when fine
};

// The options of `gpuwarden-cli record`, checked: --duration as
// parseDuration() reads it (more than zero), --output not empty, and
// --interval-ms (empty: one second) a whole number from 10 to 3600000.
// Absent with a message naming the option otherwise.
std::optional<RecordOptions> recordOptions(const QString& duration, const QString& output,
                                           const QString& intervalMs, QString* error);

// One round of readings; on failure return nothing and set `error` (the
// recording goes on and reports it through `warn`).
using ReadRound = std::function<QList<Snapshot>(QString* error)>;

// Reads once at the start and then every `interval` until `duration` has
// passed (or a signal came), in the calling thread's event loop. `warn`, when
// given, hears about reads that failed.
RecordResult recordTrace(const RecordOptions& options, const ReadRound& read,
                         const std::function<void(const QString&)>& warn = {});

} // namespace gw
