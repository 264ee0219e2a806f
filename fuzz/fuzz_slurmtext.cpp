// What Slurm's tools print, as the owner lookup reads it (core/owners):
// `scontrol show job -o -d` lines and `scontrol listpids` tables.
#include "owners/slurmtext.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto job = gw::owners::parseScontrolJob(text, &error)) {
        if (job->jobId.isEmpty() || !job->uid || job->gpuIndices.size() > 1024)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap(); // refused without a reason
    }
    QStringList warnings;
    for (const auto& row : gw::owners::parseListPids(text, &warnings)) {
        if (row.pid <= 0 || row.jobId.isEmpty())
            __builtin_trap();
    }
    return 0;
}
