// An agent's GET /v1/history as the desktop reads it: whatever the bytes, a
// reply is read or refused with the key named, never a crash; what is read
// holds finite, ordered buckets inside the range, and the readings the
// backfill makes of it come in time order.
#include "history/historywire.h"
#include "historyreplycheck.h"

#include <QJsonDocument>

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
    gw::fuzz::checkHistoryReply(*r);
    return 0;
}
