#pragma once

// A synthetic fleet for the overview's tests and benchmark: 16 servers × 8
// GPUs with every state the overview draws (busy, free, idle with memory
// held, hot, an error, a MIG-partitioned GPU, a stale server), users, and a
// command with a comma, quotes and a line break.

#include "model/snapshot.h"

#include <QList>
#include <QString>

namespace gw::test {

inline QString nodeName(int i)
{
    return QStringLiteral("gpu-node-%1").arg(i + 1, 2, 10, QLatin1Char('0'));
}

inline const QStringList& fleetUsers()
{
    static const QStringList users = {QStringLiteral("alice"), QStringLiteral("bob"),
                                      QStringLiteral("carol"), QStringLiteral("dave"),
                                      QStringLiteral("erin"),  QStringLiteral("frank")};
    return users;
}

// Which GPUs are what (server i, GPU j).
inline bool isFree(int i, int j)
{
    return (i * 8 + j) % 7 == 3;
}
inline bool isHeld(int i, int j)
{
    return !isFree(i, j) && (i + j) % 5 == 0;
}
inline bool isMig(int i, int j)
{
    return i == 4 && j == 2;
}
inline bool isLost(int i, int j)
{
    return i == 9 && j == 7;
}
inline bool isHot(int i, int j)
{
    return i == 2 && j == 5;
}
inline constexpr int kStaleServer = 6;
// Processes started before this (a process keeps its start time across readings).
inline constexpr qint64 kFleetStartMs = 1795305600000;
inline constexpr int kA100Server = 11;

// The fleet at `now` (the stale server's reading 4 minutes older).
inline QList<Snapshot> syntheticFleet(qint64 now, int servers = 16, int gpus = 8)
{
    QList<Snapshot> fleet;
    for (int i = 0; i < servers; ++i) {
        Snapshot s;
        s.server = nodeName(i);
        s.timestampMs = i == kStaleServer ? now - 4 * 60'000 : now;
        s.backend = QStringLiteral("nvml");
        s.intervalMs = 1000;
        s.host.hostname = s.server;
        for (int j = 0; j < gpus; ++j) {
            GpuSample g;
            g.index = j;
            g.uuid = QStringLiteral("GPU-%1-%2").arg(i).arg(j);
            g.vendor = QStringLiteral("nvidia");
            g.name = i == kA100Server ? QStringLiteral("NVIDIA A100-SXM4-40GB")
                                      : QStringLiteral("NVIDIA H100 80GB HBM3");
            g.memoryTotalMiB = i == kA100Server ? 40960 : 81559;
            if (isLost(i, j)) {
                g.error = QStringLiteral("GPU is lost");
                s.gpus.append(g);
                continue;
            }
            const double util = isFree(i, j) ? 0 : isHeld(i, j) ? 2 : 15 + (i * 37 + j * 53) % 85;
            g.utilizationGpuPercent = util;
            g.temperatureC = isHot(i, j) ? 91 : 33 + util * 0.45;
            g.slowdownTemperatureC = 87;
            g.powerW = 70 + util * 6;
            g.powerLimitW = 700;
            if (isMig(i, j)) {
                g.utilizationGpuPercent.reset();
                g.migEnabled = true;
                g.migSliceCount = 7;
                const struct
                {
                    const char* profile;
                    int slices;
                    double total, used;
                } parts[] = {{"3g.40gb", 3, 40192, 20000},
                             {"2g.20gb", 2, 19968, 5000},
                             {"1g.10gb", 1, 9728, 0},
                             {"1g.10gb", 1, 9728, 9000}};
                int k = 0;
                for (const auto& part : parts) {
                    MigInstance m;
                    m.index = k;
                    m.uuid = QStringLiteral("MIG-%1-%2-%3").arg(i).arg(j).arg(k);
                    m.profile = QString::fromLatin1(part.profile);
                    m.computeSlices = part.slices;
                    m.memoryTotalMiB = part.total;
                    m.memoryUsedMiB = part.used;
                    g.migInstances.append(m);
                    if (part.used > 0) {
                        GpuProcess p;
                        p.pid = 50000 + k;
                        p.startTimeMs = kFleetStartMs - 7'200'000;
                        p.user = fleetUsers()[k % fleetUsers().size()];
                        p.command = QStringLiteral("python serve.py --slice %1").arg(k);
                        p.gpuUuid = g.uuid;
                        p.migUuid = m.uuid;
                        p.usedMemoryMiB = part.used;
                        s.processes.append(p);
                    }
                    ++k;
                }
                g.memoryUsedMiB = 34000;
                s.gpus.append(g);
                continue;
            }
            double used = 0;
            if (!isFree(i, j)) {
                const int n = 1 + (i + j) % 2;
                for (int k = 0; k < n; ++k) {
                    GpuProcess p;
                    p.pid = 1000 + i * 100 + j * 10 + k;
                    p.startTimeMs = kFleetStartMs - qint64(i + 1) * 3'600'000;
                    p.uid = 1000 + uint((i + j + k) % 6);
                    p.user = fleetUsers()[(i + j + k) % fleetUsers().size()];
                    p.command = QStringLiteral("python train.py --model=resnet%1").arg(j * 10 + k);
                    if (i == 0 && j == 1 && k == 0)
                        p.command = QStringLiteral("bash -c \"echo a,b\"\nnext line");
                    p.gpuUuid = g.uuid;
                    p.usedMemoryMiB = 4096.0 * (1 + (i + k) % 8);
                    p.smUtilPercent = isHeld(i, j) ? 0 : util / n;
                    used += *p.usedMemoryMiB;
                    s.processes.append(p);
                }
            }
            g.memoryUsedMiB = std::min(used + 512, *g.memoryTotalMiB);
            s.gpus.append(g);
        }
        fleet.append(s);
    }
    return fleet;
}

} // namespace gw::test
