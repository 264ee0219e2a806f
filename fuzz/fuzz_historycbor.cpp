// An agent's GET /v1/history in CBOR as the desktop reads it
// (history/historywire.h, parseHistoryReplyCbor): whatever the bytes, a
// reply is read or refused with the key and byte named, never a crash; what
// is read holds finite, ordered buckets inside the range, goes through our
// own writer to the same reply, and makes readings in time order.
#include "history/historywire.h"
#include "historyreplycheck.h"

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
    gw::fuzz::checkHistoryReply(*r);
    const std::optional<gw::HistoryReply> again =
        gw::parseHistoryReplyCbor(gw::historyReplyCbor(*r), &error);
    if (!again || again->series.size() != r->series.size())
        __builtin_trap();
    for (qsizetype i = 0; i < r->series.size(); ++i)
        if (!(again->series[i].buckets == r->series[i].buckets) ||
            again->series[i].gaps != r->series[i].gaps)
            __builtin_trap();
    return 0;
}
