// A snapshot as an agent (or anything pretending to be one) sends it.
#include "model/snapshotjson.h"
#include "util/printable.h"

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
    // What is read is within the GPU limit, and its names are printable
    // (no control character reaches a terminal or a CSV cell).
    if (s) {
        qsizetype units = s->gpus.size();
        for (const gw::GpuSample& g : s->gpus) {
            units += g.migInstances.size();
            if (!gw::isPrintableText(g.name) || !gw::isPrintableText(g.uuid))
                __builtin_trap();
        }
        if (units > gw::kMaxGpusPerServer || !gw::isPrintableText(s->server))
            __builtin_trap();
        for (const gw::GpuProcess& p : s->processes)
            if (!gw::isPrintableText(p.user) || !gw::isPrintableText(p.command))
                __builtin_trap();
    }
    return 0;
}
