// GET /v1/doctor's reply as `gpuwarden-cli doctor --source` reads it: any
// bytes; findings read back are written as they were read.
#include "model/doctorfinding.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonObject o = QJsonDocument::fromJson(bytes).object();
    QString error;
    const auto findings = gw::doctorFromJson(o.value(QStringLiteral("findings")).toArray(), &error);
    if (!findings) {
        if (error.isEmpty())
            __builtin_trap(); // refused without saying why
        return 0;
    }
    const auto again = gw::doctorFromJson(gw::doctorJson(*findings), &error);
    if (!again || *again != *findings)
        __builtin_trap();
    (void)gw::doctorText(*findings);
    const int status = gw::doctorExitCode(*findings);
    if (status < 0 || status > 2)
        __builtin_trap();
    return 0;
}
