// An agent's GET /v1/balances as the desktop reads it (keeper and relay
// fields included): whatever the bytes, a reply is read or refused with the
// key named, never a crash; what is read holds only finite balances and a
// known role.
#include "remote/tokensclient.h"

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
    if (const auto b = gw::agentBalancesFromJson(doc.object(), &error)) {
        for (double v : b->balances)
            if (!std::isfinite(v))
                __builtin_trap();
        if (b->role != QLatin1String("keeper") && b->role != QLatin1String("relay"))
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
