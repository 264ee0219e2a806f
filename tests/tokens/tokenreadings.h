#pragma once

// Synthetic readings for the token tests: servers with whole GPUs or MIG
// instances, processes of named users, sampled every `intervalMs`.

#include "model/snapshot.h"

#include <QDateTime>
#include <QTimeZone>

namespace gw::test {

inline qint64 utcMs(int y, int mo, int d, int h = 0, int mi = 0, int s = 0)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s), QTimeZone::utc()).toMSecsSinceEpoch();
}

inline qint64 localMs(const char* zone, int y, int mo, int d, int h = 0)
{
    return QDateTime(QDate(y, mo, d), QTime(h, 0), QTimeZone(zone)).toMSecsSinceEpoch();
}

inline GpuSample gpu(const QString& uuid, const QString& name, std::optional<double> util = 50)
{
    GpuSample g;
    g.index = 0;
    g.uuid = uuid;
    g.name = name;
    g.vendor = QStringLiteral("nvidia");
    g.utilizationGpuPercent = util;
    g.memoryTotalMiB = 24576;
    return g;
}

inline GpuProcess process(qint64 pid, const QString& user, const QString& gpuUuid, double memoryMiB,
                          std::optional<double> smUtil = std::nullopt)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = 1'000'000 + pid;
    p.user = user;
    p.command = QStringLiteral("python train.py");
    p.gpuUuid = gpuUuid;
    p.usedMemoryMiB = memoryMiB;
    p.smUtilPercent = smUtil;
    return p;
}

inline Snapshot reading(const QString& server, qint64 atMs, qint64 intervalMs)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = atMs;
    s.backend = QStringLiteral("demo");
    s.intervalMs = intervalMs;
    return s;
}

// `user` holds `gpus` GPUs named `model` on `server` for `count` readings
// `intervalMs` apart from `fromMs`.
inline QList<Snapshot> holding(const QString& server, const QString& user, const QString& model,
                               int gpus, qint64 fromMs, int count, qint64 intervalMs = 60'000)
{
    QList<Snapshot> out;
    for (int i = 0; i < count; ++i) {
        Snapshot s = reading(server, fromMs + i * intervalMs, intervalMs);
        for (int g = 0; g < gpus; ++g) {
            const QString uuid = QStringLiteral("GPU-%1-%2").arg(server).arg(g);
            GpuSample sample = gpu(uuid, model);
            sample.index = g;
            s.gpus << sample;
            s.processes << process(1000 + g, user, uuid, 4000);
        }
        out << s;
    }
    return out;
}

} // namespace gw::test
