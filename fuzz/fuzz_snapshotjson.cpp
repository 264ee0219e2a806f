// A snapshot as an agent (or anything pretending to be one) sends it.
#include "model/snapshotjson.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString why;
    const auto s = gw::snapshotFromJsonBytes(bytes, &why);
    // Either a snapshot or a reason, never neither; a snapshot survives the
    // round trip through our own writer.
    if (!s && why.isEmpty())
        __builtin_trap();
    if (s && !gw::snapshotFromJson(gw::toJson(*s), &why))
        __builtin_trap();
    return 0;
}
