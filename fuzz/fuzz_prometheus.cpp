// A Prometheus query reply's "data", as vector and as matrix.
#include "sources/prometheusproducer.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonValue value = QJsonDocument::fromJson(bytes).object()[QLatin1String("data")];
    for (const char* type : {"vector", "matrix"}) {
        QString why;
        const auto out =
            gw::PrometheusProducer::snapshotsFromData(value, QLatin1String(type), QString(), &why);
        if (!out && why.isEmpty())
            __builtin_trap();
        // Absent stays absent: no value that is not a finite number.
        for (const auto& s : out.value_or(QList<gw::Snapshot>())) {
            for (const auto& g : s.gpus) {
                for (const auto& v : {g.utilizationGpuPercent, g.temperatureC, g.powerW,
                                      g.memoryUsedMiB, g.memoryTotalMiB}) {
                    if (v && !std::isfinite(*v))
                        __builtin_trap();
                }
            }
        }
    }
    return 0;
}
