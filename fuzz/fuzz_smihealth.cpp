// nvidia-smi's health query as the nvidia-smi fallback reads it
// (core/sampling/smihealth.h): any bytes.
#include "sampling/smihealth.h"
#include "util/printable.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char*>(data), qsizetype(size));
    QStringList warnings;
    const QList<gw::smihealth::GpuFacts> gpus = gw::smihealth::parse(text, warnings);
    // Every GPU read has an index, nothing nvidia-smi cannot report (energy,
    // XIDs) is made up, and every warning says something, printably.
    for (const gw::smihealth::GpuFacts& g : gpus) {
        if (g.index < 0 || g.index > 1024 || !g.facts.xids.isEmpty() || g.facts.energyMj)
            __builtin_trap();
    }
    for (const QString& w : warnings)
        if (w.isEmpty() || !gw::isPrintableText(w))
            __builtin_trap();
    return 0;
}
