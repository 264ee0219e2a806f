// The bodies of POST /v1/processes/<pid>/signal and POST
// /v1/enforcement/<id>: strict parsing, every refusal says why, and what
// parses is a known step with a start time above 0 and a reason.
#include "tokens/enforcementbody.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto b = gw::signalBodyFromJson(bytes, &error)) {
        if (b->startTimeMs <= 0 || b->reason.isEmpty() || gw::enforceStepName(b->action).isEmpty())
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    error.clear();
    if (const auto d = gw::decisionBodyFromJson(bytes, &error)) {
        if (gw::enforceStepName(d->step).isEmpty())
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
