// A Prometheus /api/v1/query reply read as the agents' usage counters (the
// keeper's Prometheus path): strict reading, every refusal says why, what is
// read has finite values >= 0, and absorbing it twice takes nothing the
// second time.
#include "tokens/promusage.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const auto read = gw::usageCountersFromPromReply(bytes, &error);
    if (!read) {
        if (error.isEmpty())
            __builtin_trap();
        return 0;
    }
    for (const gw::UsageCounter& c : read->counters) {
        if (!std::isfinite(c.value) || c.value < 0)
            __builtin_trap();
    }
    gw::PromUsageCursor cursor;
    gw::absorbUsageCounters(*read, &cursor, nullptr);
    const auto restored = gw::PromUsageCursor::fromJson(cursor.toJson(), &error);
    if (!restored || !(*restored == cursor))
        __builtin_trap();
    if (!gw::absorbUsageCounters(*read, &cursor, nullptr).isEmpty())
        __builtin_trap();
    return 0;
}
