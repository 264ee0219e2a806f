// nvidia-smi's MIG listings (-L and -q text) and their join with the GPUs of
// --query-gpu. Input: the -L text, a line "--", then the -q text.
#include "sampling/smimig.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const qsizetype cut = bytes.indexOf("\n--\n");
    const QByteArrayView list = cut < 0 ? QByteArrayView(bytes) : QByteArrayView(bytes).first(cut);
    const QByteArrayView query = cut < 0 ? QByteArrayView() : QByteArrayView(bytes).sliced(cut + 4);
    QStringList warnings;
    const auto listed = gw::smimig::parseList(list, warnings);
    const auto queried = gw::smimig::parseQuery(query, warnings);

    // One MIG GPU per listed GPU, on the bus id of the queried GPU at the
    // same position, each with a process per queried pid.
    QList<gw::GpuSample> gpus;
    QList<gw::GpuProcess> processes;
    for (qsizetype i = 0; i < listed.size(); ++i) {
        gw::GpuSample g;
        g.index = listed[i].index;
        g.uuid = listed[i].uuid;
        g.migEnabled = true;
        if (i < queried.size()) {
            g.pciBusId = queried[i].busId;
            for (const auto& q : queried[i].processes) {
                gw::GpuProcess p;
                p.pid = q.pid;
                p.gpuUuid = g.uuid;
                processes.append(p);
            }
        }
        gpus.append(g);
    }
    gw::smimig::apply(gpus, processes, listed, queried, warnings);
    for (const auto& g : gpus) {
        for (const auto& m : g.migInstances) {
            if (m.uuid.isEmpty())
                __builtin_trap(); // an instance is keyed by its UUID
            for (const auto& v : {m.memoryUsedMiB, m.memoryTotalMiB}) {
                if (v && !std::isfinite(*v))
                    __builtin_trap();
            }
        }
    }
    for (const auto& p : processes) {
        if (!p.migUuid.isEmpty() && !p.migUuid.startsWith(QLatin1String("MIG-")))
            __builtin_trap();
    }
    return 0;
}
