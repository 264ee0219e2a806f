// The policy engine replayed over the history store (`gpuwarden-cli replay
// --history`), printed as figures (see docs/history.md):
//   history_rebuild_readings_per_s=  readings rebuilt from the store alone
//   history_replay_readings_per_s=   rebuilt and fed to the policy engine
//   history_replay_day_ms_est=       the same extrapolated to 16 servers × 24 h
// One 8-GPU server with 40 processes (jobs that come and go) at 1 Hz for an
// hour is written to a store first; only reading it back (and the engine) is
// timed.

#include "benchreference.h"
#include "history/historyreadings.h"
#include "history/historystore.h"
#include "policy/policyengine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace gw;

namespace {

constexpr qint64 kStartMs = 1'790'000'000'000;
constexpr int kGpus = 8;
constexpr int kProcesses = 40;
constexpr int kSeconds = 3600;

struct Job
{
    qint64 pid = 0;
    qint64 startMs = 0;
    qint64 endMs = 0;
    int gpu = 0;
    int user = 0;
    double busy = 0;
    double memoryMiB = 0;
};

// Jobs of 10 min to 3 h on one of the GPUs, a quarter of them idle.
QList<Snapshot> hourOfOneServer()
{
    std::mt19937 rng(7);
    std::vector<Job> jobs(kProcesses);
    auto restart = [&](Job& j, qint64 t, qint64 salt) {
        std::uniform_int_distribution<int> gpu(0, kGpus - 1), user(0, 11), minutes(10, 180);
        j.pid = 10000 + salt;
        j.startMs = t;
        j.endMs = t + qint64(minutes(rng)) * 60'000;
        j.gpu = gpu(rng);
        j.user = user(rng);
        j.busy = std::uniform_real_distribution<double>(0, 1)(rng) < 0.25 ? 2 : 90;
        j.memoryMiB = std::uniform_real_distribution<double>(2000, 30000)(rng);
    };
    for (size_t i = 0; i < jobs.size(); ++i)
        restart(jobs[i], kStartMs - qint64(i) * 60'000, qint64(i));
    QList<Snapshot> out;
    for (int second = 0; second < kSeconds; ++second) {
        const qint64 t = kStartMs + qint64(second) * 1000;
        Snapshot s;
        s.server = QStringLiteral("gpu-node-01");
        s.timestampMs = t;
        s.intervalMs = 1000;
        double util[kGpus] = {};
        std::uniform_real_distribution<double> noise(-5, 5);
        for (size_t i = 0; i < jobs.size(); ++i) {
            Job& j = jobs[i];
            if (t >= j.endMs)
                restart(j, t, qint64(i) + qint64(second) * 64);
            const double u = std::clamp(j.busy + noise(rng), 0.0, 100.0);
            util[j.gpu] = std::min(100.0, util[j.gpu] + u / 5);
            GpuProcess p;
            p.pid = j.pid;
            p.startTimeMs = j.startMs;
            p.uid = 1000u + uint(j.user);
            p.user = QStringLiteral("user%1").arg(j.user);
            p.command = j.busy > 50 ? QStringLiteral("python train.py")
                                    : QStringLiteral("jupyter-notebook");
            p.gpuUuid = QStringLiteral("GPU-%1").arg(j.gpu);
            p.usedMemoryMiB = std::round(j.memoryMiB);
            s.processes << p;
        }
        for (int g = 0; g < kGpus; ++g) {
            GpuSample gpu;
            gpu.index = g;
            gpu.uuid = QStringLiteral("GPU-%1").arg(g);
            gpu.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
            gpu.utilizationGpuPercent = std::round(util[g]);
            gpu.memoryUsedMiB = 20000;
            gpu.temperatureC = 40 + std::round(util[g] / 4);
            gpu.powerW = 60 + util[g] * 3;
            s.gpus << gpu;
        }
        out << s;
    }
    return out;
}

PolicyConfig benchPolicy()
{
    PolicyConfig p;
    p.quota.users = {QuotaShare{QStringLiteral("user1"), 30, {}},
                     QuotaShare{QStringLiteral("user2"), 20, {}}};
    p.quota.defaultSharePercent = 25;
    p.idle.confirmPower = false; // the store keeps no power limit
    // Low enough that an hour of this fleet opens events (the default needs
    // one job on a GPU at ≥ 80 % for 10 min).
    p.hog.thresholdPercent = 30;
    p.hog.durationMs = 5 * 60'000;
    p.idle.timeWindowMs = 5 * 60'000;
    return p;
}

} // namespace

int main(int argc, char* argv[])
{
    gw::bench::printReference();
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    QString error;
    {
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        if (!store) {
            std::fprintf(stderr, "history: %s\n", qPrintable(error));
            return 1;
        }
        const QList<Snapshot> readings = hourOfOneServer();
        for (qsizetype i = 0; i < readings.size(); i += 60)
            if (!store->append(readings.mid(i, 60), &error)) {
                std::fprintf(stderr, "history: %s\n", qPrintable(error));
                return 1;
            }
        store->flush(&error);
    }
    const qint64 from = kStartMs;
    const qint64 to = kStartMs + qint64(kSeconds) * 1000;

    // Rebuilding alone; the median of three runs.
    QList<double> rebuildNs;
    quint64 rebuilt = 0;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto readings = HistoryReadings::open(path, {}, from, to, &error);
        if (!readings) {
            std::fprintf(stderr, "history: %s\n", qPrintable(error));
            return 1;
        }
        quint64 n = 0;
        quint64 processes = 0;
        while (auto r = readings->next(&error)) {
            ++n;
            processes += quint64(r->processes.size());
        }
        rebuildNs << double(timer.nsecsElapsed());
        rebuilt = n;
        if (n != quint64(kSeconds) || processes != quint64(kSeconds) * kProcesses) {
            std::fprintf(stderr, "history: rebuilt %llu readings, %llu processes: %s\n",
                         static_cast<unsigned long long>(n),
                         static_cast<unsigned long long>(processes), qPrintable(error));
            return 1;
        }
    }
    std::sort(rebuildNs.begin(), rebuildNs.end());
    std::printf("history_rebuild_readings_per_s=%.0f (8 GPUs, 40 processes, %llu readings)\n",
                double(rebuilt) / (rebuildNs[1] / 1e9), static_cast<unsigned long long>(rebuilt));

    // Rebuilt and replayed, as `gpuwarden-cli replay --history` does.
    QList<double> replayNs;
    ReplayResult result;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto readings = HistoryReadings::open(path, {}, from, to, &error);
        if (!readings) {
            std::fprintf(stderr, "history: %s\n", qPrintable(error));
            return 1;
        }
        result =
            replayReadings(benchPolicy(), {}, [&](QString* why) { return readings->next(why); });
        replayNs << double(timer.nsecsElapsed());
    }
    std::sort(replayNs.begin(), replayNs.end());
    const double perReadingNs = replayNs[1] / double(result.readings);
    std::printf("history_replay_readings_per_s=%.0f (8 GPUs, 40 processes, %llu readings, "
                "%lld events)\n",
                1e9 / perReadingNs, static_cast<unsigned long long>(result.readings),
                static_cast<long long>(result.events.size()));
    std::printf("history_replay_day_ms_est=%.0f (extrapolated from 1 server x 1 h to 16 servers "
                "x 24 h at 1 Hz, not measured)\n",
                perReadingNs * 16 * 24 * 3600 / 1e6);
    return result.error.isEmpty() ? 0 : 1;
}
