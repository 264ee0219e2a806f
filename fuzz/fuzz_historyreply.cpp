// An agent's GET /v1/history as the desktop reads it: whatever the bytes, a
// reply is read or refused with the key named, never a crash; what is read
// holds finite, ordered buckets inside the range, and the readings the
// backfill makes of it come in time order.
#include "history/historywire.h"
#include "remote/historyclient.h"

#include <QJsonDocument>

#include <cmath>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return 0;
    QString error;
    const std::optional<gw::HistoryReply> r = gw::parseHistoryReply(doc.object(), &error);
    if (!r) {
        if (error.isEmpty())
            __builtin_trap();
        return 0;
    }
    if (r->toMs <= r->fromMs || r->stepMs < 1 || r->server.isEmpty())
        __builtin_trap();
    for (const gw::HistoryWireSeries& s : r->series) {
        qint64 last = std::numeric_limits<qint64>::min();
        for (const gw::HistoryBucket& b : s.buckets) {
            if (!std::isfinite(b.min) || !std::isfinite(b.max) || !std::isfinite(b.mean) ||
                b.min > b.max || b.count < 1 || b.startMs < last || b.startMs >= r->toMs)
                __builtin_trap();
            last = b.endMs;
        }
    }
    const QList<gw::Snapshot> readings = gw::historyReadings(*r, QStringLiteral("s"), 0);
    for (qsizetype i = 1; i < readings.size(); ++i)
        if (readings[i].timestampMs <= readings[i - 1].timestampMs)
            __builtin_trap();
    return 0;
}
