#pragma once

// What a read history reply must hold, however it came (JSON or CBOR): a
// range, finite ordered buckets inside it, and readings in time order from
// the backfill. Traps on the first that does not hold.

#include "history/historywire.h"
#include "remote/historyclient.h"

#include <cmath>
#include <limits>

namespace gw::fuzz {

inline void checkHistoryReply(const HistoryReply& r)
{
    if (r.toMs <= r.fromMs || r.stepMs < 1 || r.server.isEmpty())
        __builtin_trap();
    for (const HistoryWireSeries& s : r.series) {
        qint64 last = std::numeric_limits<qint64>::min();
        for (const HistoryBucket& b : s.buckets) {
            if (!std::isfinite(b.min) || !std::isfinite(b.max) || !std::isfinite(b.mean) ||
                b.min > b.max || b.count < 1 || b.startMs < last || b.startMs >= r.toMs)
                __builtin_trap();
            last = b.endMs;
        }
    }
    const QList<Snapshot> readings = historyReadings(r, QStringLiteral("s"), 0);
    for (qsizetype i = 1; i < readings.size(); ++i)
        if (readings[i].timestampMs <= readings[i - 1].timestampMs)
            __builtin_trap();
}

} // namespace gw::fuzz
