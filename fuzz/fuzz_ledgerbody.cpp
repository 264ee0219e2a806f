// The body of POST /v1/ledger (an admin's adjustment): strict parsing, every
// refusal says why, and what parses is a finite non-zero amount with a user
// and a reason.
#include "tokens/ledgerbody.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto b = gw::ledgerBodyFromJson(bytes, &error)) {
        if (!std::isfinite(b->amount) || b->amount == 0 || b->user.isEmpty() || b->reason.isEmpty())
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
