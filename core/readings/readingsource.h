#pragma once

// What stands behind the reading stream (readingstream.h): one opened
// source of readings, in time order per server (servers may interleave).
// The trace reader, the history store's rebuilt readings, the demo fleet and
// the agents' /v1/readings (gw_remote's AgentReadings) each hand readings out
// through this; nothing reads them but the stream.

#include "model/snapshot.h"

#include <QString>

#include <optional>

namespace gw {

class ReadingSource
{
public:
    virtual ~ReadingSource() = default;
    // The next reading; nothing at the end, or on an error (then `error`
    // says it in words, and every later call ends the same way).
    virtual std::optional<Snapshot> next(QString* error) = 0;
    // Readings the source left out itself (servers not asked for).
    virtual quint64 skipped() const { return 0; }
};

} // namespace gw
