// A policy event as an agent serves it (/v1/events, /v1/replay): strict
// parsing, and what parses survives our own writer unchanged.
#include "policy/policyevent.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return 0;
    QString error;
    const auto e = gw::policyEventFromJson(doc.object(), &error);
    if (!e) {
        if (error.isEmpty()) // a refusal always says why
            __builtin_trap();
        return 0;
    }
    const QString text = gw::policyEventText(*e);
    QString again;
    const auto back = gw::policyEventFromJson(gw::toJson(*e), &again);
    if (!back || !(*back == *e))
        __builtin_trap();
    return 0;
}
