// An agent's GET /v1/history in CBOR as the desktop reads it
// (history/historywire.h, parseHistoryReplyCbor): whatever the bytes, a
// reply is read or refused with the key and byte named, never a crash; what
// is read holds finite, ordered buckets inside the range, goes through our
// own writer to the same reply, and makes readings in time order.
#include "history/historywire.h"
#include "remote/historyclient.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const std::optional<gw::HistoryReply> r = gw::parseHistoryReplyCbor(bytes, &error);
    if (!r) {
        if (error.isEmpty() || !error.contains(QStringLiteral("(byte ")))
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
    const std::optional<gw::HistoryReply> again =
        gw::parseHistoryReplyCbor(gw::historyReplyCbor(*r), &error);
    if (!again || again->series.size() != r->series.size())
        __builtin_trap();
    for (qsizetype i = 0; i < r->series.size(); ++i)
        if (!(again->series[i].buckets == r->series[i].buckets) ||
            again->series[i].gaps != r->series[i].gaps)
            __builtin_trap();
    const QList<gw::Snapshot> readings = gw::historyReadings(*r, QStringLiteral("s"), 0);
    for (qsizetype i = 1; i < readings.size(); ++i)
        if (readings[i].timestampMs <= readings[i - 1].timestampMs)
            __builtin_trap();
    return 0;
}
