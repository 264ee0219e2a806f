#pragma once

// The hand-computed report fixture: one hour of three servers, every figure
// worked out in tst_reportbuilder.cpp's comments. Shared by the builder, the
// CSV and the CLI tests, so all three check the same numbers.
//
// Range [T0, T0 + 1 h), T0 = 2026-11-02 10:00 UTC, readings every 60 s.
// alpha: one A100 (GPU-a0), readings at T0 + 0, 1, 2, 3, 10, 11 min;
//        alice holds it from 0 to 3 min.
// beta:  one H100 (GPU-b0) in MIG mode, 7 slices, instance MIG-b0-1
//        (3g.40gb, 3 slices); readings at T0 + 30, 31, 32 min; bob on the
//        instance.
// gamma: one L40S (GPU-c0), one reading at T0 − 10 min, none in the range.

#include "model/snapshot.h"

#include <QDateTime>
#include <QTimeZone>

#include <optional>

namespace gw::test {

inline const qint64 kT0 =
    QDateTime(QDate(2026, 11, 2), QTime(10, 0), QTimeZone::utc()).toMSecsSinceEpoch();
constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;

// [tokens] prices A100 at 2 and H100 at 4 tokens per GPU-hour, initial 100,
// no monthly; [quota] gives alice 50 %, everyone else 25 %.
inline const char* const kReportPolicy = R"([hog]
threshold_percent = 80

[idle]
min_gpu_utilization = 10

[quota]
default_share = 25
users = { alice = 50 }

[tokens]
initial = 100
monthly = 0
daily = 0
default_price = 1
time_zone = "UTC"
[tokens.prices]
"A100" = 2
"H100" = 4
)";

inline Snapshot fixtureReading(const QString& server, qint64 atMs)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = atMs;
    s.backend = QStringLiteral("demo");
    s.intervalMs = kMinute;
    return s;
}

inline Snapshot alphaReading(int minute, std::optional<double> util, double memory,
                             std::optional<double> temp, std::optional<double> power, bool alice)
{
    Snapshot s = fixtureReading(QStringLiteral("alpha"), kT0 + minute * kMinute);
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-a0");
    g.name = QStringLiteral("NVIDIA A100-SXM4-40GB");
    g.vendor = QStringLiteral("nvidia");
    g.utilizationGpuPercent = util;
    g.memoryUsedMiB = memory;
    g.memoryTotalMiB = 40960;
    g.temperatureC = temp;
    g.powerW = power;
    s.gpus << g;
    if (alice) {
        GpuProcess p;
        p.pid = 100;
        p.startTimeMs = kT0 - kHour;
        p.user = QStringLiteral("alice");
        p.command = QStringLiteral("python train.py");
        p.gpuUuid = g.uuid;
        p.usedMemoryMiB = memory;
        s.processes << p;
    }
    return s;
}

inline Snapshot betaReading(int minute)
{
    Snapshot s = fixtureReading(QStringLiteral("beta"), kT0 + minute * kMinute);
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-b0");
    g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
    g.vendor = QStringLiteral("nvidia");
    g.memoryUsedMiB = 10000; // utilisation: none in MIG mode
    g.memoryTotalMiB = 81920;
    g.temperatureC = 45;
    g.powerW = 100;
    g.migEnabled = true;
    g.migSliceCount = 7;
    MigInstance m;
    m.index = 0;
    m.uuid = QStringLiteral("MIG-b0-1");
    m.profile = QStringLiteral("3g.40gb");
    m.computeSlices = 3;
    m.memoryUsedMiB = 10000;
    m.memoryTotalMiB = 40192;
    g.migInstances << m;
    s.gpus << g;
    GpuProcess p;
    p.pid = 200;
    p.startTimeMs = kT0;
    p.user = QStringLiteral("bob");
    p.command = QStringLiteral("python infer.py");
    p.gpuUuid = g.uuid;
    p.migUuid = m.uuid;
    p.usedMemoryMiB = 10000;
    s.processes << p;
    return s;
}

inline Snapshot gammaReading()
{
    Snapshot s = fixtureReading(QStringLiteral("gamma"), kT0 - 10 * kMinute);
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-c0");
    g.name = QStringLiteral("NVIDIA L40S");
    g.vendor = QStringLiteral("nvidia");
    g.utilizationGpuPercent = 70;
    g.powerW = 250;
    s.gpus << g;
    return s;
}

// In time order per server, servers interleaved as a recorder writes them.
inline QList<Snapshot> reportFixture()
{
    return {
        gammaReading(),
        alphaReading(0, 100, 8000, 60, 300, true),
        alphaReading(1, 90, 8000, 70, 300, true),
        alphaReading(2, 50, 8000, 65, 200, true),
        alphaReading(3, 5, 8000, 50, 100, true),
        alphaReading(10, 0, 0, 40, std::nullopt, false),
        alphaReading(11, std::nullopt, 0, std::nullopt, 60, false),
        betaReading(30),
        betaReading(31),
        betaReading(32),
    };
}

// The content fixture: the policy engine's events, findings, chart buckets.
// Two hours [T0, T0 + 2 h) of one server, node-1, with two A100s, readings
// every 60 s at minutes 0–59 and 90–119 (a gap in between):
//   GPU 0: alice's "python train.py" (PID 500) at 100 % (even minutes) and
//          90 % (odd) from minute 0 to 39; from minute 40 no process, 0 %.
//   GPU 1: bob's "python notebook.py" (PID 600) holds 4000 MiB at 0 % from
//          minute 0 to 59; after the gap no process, 0 %.
// Every figure is worked out in tst_reportbuilder.cpp.
inline const char* const kContentPolicy = R"([hog]
threshold_percent = 80
duration = "10m"

[idle]
min_gpu_utilization = 10
time_window = "30m"
min_memory_mib = 1024
confirm_power = false

[quota]
window = "10m"
default_share = 100
users = { alice = 40 }

[adaptive]
enabled = false

[tokens]
initial = 2.5
monthly = 0
daily = 0
default_price = 3
time_zone = "UTC"
)";

inline Snapshot nodeReading(int minute)
{
    Snapshot s = fixtureReading(QStringLiteral("node-1"), kT0 + minute * kMinute);
    const bool alice = minute < 40;
    const bool bob = minute < 60;
    for (int i = 0; i < 2; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = QStringLiteral("GPU-n%1").arg(i);
        g.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
        g.vendor = QStringLiteral("nvidia");
        g.utilizationGpuPercent = i == 0 && alice ? (minute % 2 == 0 ? 100 : 90) : 0;
        g.memoryUsedMiB = i == 0 ? (alice ? 20000 : 0) : (bob ? 4000 : 0);
        g.memoryTotalMiB = 81920;
        g.powerW = 100;
        s.gpus << g;
    }
    if (alice) {
        GpuProcess p;
        p.pid = 500;
        p.startTimeMs = kT0 - kHour;
        p.user = QStringLiteral("alice");
        p.command = QStringLiteral("python train.py");
        p.gpuUuid = QStringLiteral("GPU-n0");
        p.usedMemoryMiB = 20000;
        s.processes << p;
    }
    if (bob) {
        GpuProcess p;
        p.pid = 600;
        p.startTimeMs = kT0 - kHour;
        p.user = QStringLiteral("bob");
        p.command = QStringLiteral("python notebook.py");
        p.gpuUuid = QStringLiteral("GPU-n1");
        p.usedMemoryMiB = 4000;
        s.processes << p;
    }
    return s;
}

inline QList<Snapshot> contentFixture()
{
    QList<Snapshot> out;
    for (int m = 0; m < 60; ++m)
        out << nodeReading(m);
    for (int m = 90; m < 120; ++m)
        out << nodeReading(m);
    return out;
}

} // namespace gw::test
