// The policy engine's cost, printed as figures (see docs/policies.md):
//   policy_eval_us_per_reading=  one 8-GPU server with 50 processes at 1 Hz,
//                                one engine on one thread
//   replay_day_ms=               24 h of 16 servers × 8 GPUs × 40 processes
//                                through the replay (ReplayFeeder: servers in
//                                parallel on idealThreadCount workers)
//   replay_day_one_engine_ms=    the same readings through one engine, in
//                                turn, on one thread (the replay before)
//   replay_readings_per_s=       replay_day_ms per reading
//   replay_week_ms=              7 days of the same fleet through the replay
//   journal_decode_readings_per_s=  readings read back from an agent journal
//                                (the stored record) and parsed, per second
// Readings are made up front, an hour at a time so memory stays bounded, and
// only the engine (or the decoding) is timed: an hour is handed over and
// drained before the clock stops.

#include "benchreference.h"
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "policy/policyengine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <limits>
#include <random>
#include <thread>

using namespace gw;

namespace {

constexpr qint64 kStartMs = 1'790'000'000'000;

// A server of 8 GPUs and `processes` jobs that come and go: each job holds a
// GPU for 10 min to 3 h, busy or idle (a notebook), for one of 12 users.
class Fleet
{
public:
    Fleet(int server, int processes, quint32 seed)
        : m_rng(seed)
    {
        m_server = QStringLiteral("gpu-node-%1").arg(server, 2, 10, QLatin1Char('0'));
        for (int g = 0; g < 8; ++g)
            m_uuids << QStringLiteral("GPU-%1-0000-4000-8000-%2")
                           .arg(server, 8, 10, QLatin1Char('0'))
                           .arg(g, 12, 10, QLatin1Char('0'));
        m_jobs.resize(size_t(processes));
        for (size_t i = 0; i < m_jobs.size(); ++i)
            restart(m_jobs[i], qint64(i) * 1000, qint64(i));
    }

    Snapshot at(int second)
    {
        const qint64 t = kStartMs + qint64(second) * 1000;
        Snapshot s;
        s.server = m_server;
        s.timestampMs = t;
        s.intervalMs = 1000;
        s.backend = QStringLiteral("synthetic");
        double util[8] = {};
        for (size_t i = 0; i < m_jobs.size(); ++i) {
            Job& j = m_jobs[i];
            if (t >= j.endMs)
                restart(j, t, qint64(i) + qint64(second) * 64);
            std::uniform_real_distribution<double> noise(-5, 5);
            const double u = std::clamp(j.busy + noise(m_rng), 0.0, 100.0);
            util[j.gpu] = std::min(100.0, util[j.gpu] + u / 5);
            GpuProcess p;
            p.pid = j.pid;
            p.startTimeMs = j.startMs;
            p.uid = 1000u + uint(j.user);
            p.user = QStringLiteral("user%1").arg(j.user);
            p.command = j.busy > 50 ? QStringLiteral("python train.py")
                                    : QStringLiteral("jupyter-notebook");
            p.gpuUuid = m_uuids[j.gpu];
            p.usedMemoryMiB = j.memoryMiB;
            s.processes << p;
        }
        for (int g = 0; g < 8; ++g) {
            GpuSample gpu;
            gpu.index = g;
            gpu.uuid = m_uuids[g];
            gpu.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
            gpu.utilizationGpuPercent = util[g];
            gpu.memoryTotalMiB = 81920;
            gpu.memoryUsedMiB = 20000;
            gpu.powerW = 60 + util[g] * 3;
            gpu.powerLimitW = 400;
            s.gpus << gpu;
        }
        return s;
    }

private:
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

    void restart(Job& j, qint64 t, qint64 salt)
    {
        std::uniform_int_distribution<int> gpu(0, 7), user(0, 11), minutes(10, 180);
        j.pid = 10000 + salt;
        j.startMs = kStartMs + t;
        j.endMs = t + qint64(minutes(m_rng)) * 60'000;
        j.gpu = gpu(m_rng);
        j.user = user(m_rng);
        j.busy = std::uniform_real_distribution<double>(0, 1)(m_rng) < 0.25 ? 2 : 90;
        j.memoryMiB = std::uniform_real_distribution<double>(2000, 30000)(m_rng);
    }

    QString m_server;
    QStringList m_uuids;
    std::vector<Job> m_jobs;
    std::mt19937 m_rng;
};

PolicyConfig benchPolicy()
{
    PolicyConfig p;
    p.quota.users = {QuotaShare{QStringLiteral("user1"), 30, {}},
                     QuotaShare{QStringLiteral("user2"), 20, {}}};
    p.quota.defaultSharePercent = 25;
    p.idle.action = IdleAction::Terminate;
    return p;
}

struct Replayed
{
    qint64 ns = 0;          // the replay: handing over and draining
    qint64 oneEngineNs = 0; // one engine, in turn (when asked)
    quint64 readings = 0;
    qsizetype events = 0;
    qsizetype oneEngineEvents = 0;
    int workers = 0;
};

// `days` of `servers` servers at 1 Hz, made an hour at a time, through the
// replay (and through one engine when `oneEngine`).
Replayed replayFleet(int servers, int days, bool oneEngine)
{
    std::vector<Fleet> fleet;
    for (int s = 0; s < servers; ++s)
        fleet.emplace_back(s + 1, 40, quint32(100 + s));
    Replayed out;
    out.workers = std::min(servers, QThread::idealThreadCount());
    ReplayFeeder feeder(benchPolicy(), {});
    PolicyEngine engine(benchPolicy());
    QSet<QString> oneEngineIds;
    for (int hour = 0; hour < days * 24; ++hour) {
        // Each server's hour made on a thread of its own (untimed; every
        // server has its own generator, so the readings are the same).
        std::vector<std::vector<Snapshot>> made(static_cast<size_t>(servers));
        {
            std::vector<std::thread> makers;
            const int threads = std::max(1, QThread::idealThreadCount());
            for (int w = 0; w < threads; ++w)
                makers.emplace_back([&, w] {
                    for (int f = w; f < servers; f += threads)
                        for (int i = hour * 3600; i < (hour + 1) * 3600; ++i)
                            made[size_t(f)].push_back(fleet[size_t(f)].at(i));
                });
            for (std::thread& t : makers)
                t.join();
        }
        QList<Snapshot> batch;
        batch.reserve(3600 * servers);
        for (int i = 0; i < 3600; ++i)
            for (auto& m : made)
                batch << std::move(m[size_t(i)]);
        made.clear();
        QElapsedTimer timer;
        timer.start();
        for (const Snapshot& s : batch)
            feeder.feed(s); // shares the reading: it is freed here, untimed
        feeder.drain();
        out.ns += timer.nsecsElapsed();
        if (oneEngine) {
            timer.start();
            for (const Snapshot& s : batch)
                for (const PolicyEvent& e : engine.feed(s).changed)
                    oneEngineIds.insert(e.id);
            out.oneEngineNs += timer.nsecsElapsed();
        }
        out.readings += quint64(batch.size());
    }
    QElapsedTimer timer;
    timer.start();
    out.events = feeder.finish().events.size();
    out.ns += timer.nsecsElapsed();
    out.oneEngineEvents = oneEngineIds.size();
    return out;
}

} // namespace

int main(int argc, char* argv[])
{
    gw::bench::printReference();
    QCoreApplication app(argc, argv);

    // One server, 50 processes, one hour of readings fed one by one.
    {
        Fleet fleet(1, 50, 11);
        QList<Snapshot> readings;
        const int seconds = 3600;
        for (int i = 0; i < seconds; ++i)
            readings << fleet.at(i);
        PolicyEngine::Options options;
        options.enforcing = true;
        PolicyEngine engine(benchPolicy(), options);
        QElapsedTimer timer;
        timer.start();
        quint64 events = 0;
        for (const Snapshot& s : readings)
            events += quint64(engine.feed(s).changed.size());
        const double us = double(timer.nsecsElapsed()) / 1e3 / seconds;
        std::printf("policy_eval_us_per_reading=%.2f (8 GPUs, 50 processes, %d readings, %llu "
                    "event changes)\n",
                    us, seconds, static_cast<unsigned long long>(events));
    }

    // A day of 16 servers × 8 GPUs × 40 processes, servers interleaved as
    // they arrive, through the parallel replay and through one engine.
    // bench_policy [servers [week days]]: fewer for a quick look; 0 days
    // leaves the week out.
    const int servers = argc > 1 ? QByteArray(argv[1]).toInt() : 16;
    const int weekDays = argc > 2 ? QByteArray(argv[2]).toInt() : 7;
    {
        const Replayed day = replayFleet(servers, 1, true);
        if (day.events != day.oneEngineEvents) {
            std::fprintf(stderr, "replay: %lld events in parallel, %lld through one engine\n",
                         static_cast<long long>(day.events),
                         static_cast<long long>(day.oneEngineEvents));
            return 1;
        }
        std::printf("replay_day_ms=%.0f (%d servers x 8 GPUs x 40 processes x 24 h at 1 Hz, %d "
                    "workers, %lld events)\n",
                    double(day.ns) / 1e6, servers, day.workers, static_cast<long long>(day.events));
        std::printf("replay_day_one_engine_ms=%.0f (the same through one engine on one thread)\n",
                    double(day.oneEngineNs) / 1e6);
        std::printf("replay_readings_per_s=%.0f\n", double(day.readings) / (double(day.ns) / 1e9));
    }
    if (weekDays > 0) {
        const Replayed week = replayFleet(servers, weekDays, false);
        std::printf("%s=%.0f (%d servers x 8 GPUs x 40 processes x %d days at 1 Hz, %d "
                    "workers, %lld events)\n",
                    weekDays == 7 ? "replay_week_ms" : "replay_days_ms", double(week.ns) / 1e6,
                    servers, weekDays, week.workers, static_cast<long long>(week.events));
    }

    // The stored record: an agent journal of one server, an hour, read back
    // and parsed, as /v1/replay and `replay --history` do before the engine.
    {
        QTemporaryDir dir;
        QString error;
        auto journal = AgentJournal::open(dir.filePath(QStringLiteral("j.sqlite")), &error);
        if (!journal) {
            std::fprintf(stderr, "journal: %s\n", qPrintable(error));
            return 1;
        }
        Fleet fleet(1, 40, 5);
        const int seconds = 3600;
        for (int i = 0; i < seconds; ++i) {
            const quint64 seq = journal->take(&error).value_or(0);
            const Snapshot s = fleet.at(i);
            QByteArray json = toJsonBytes(s, false);
            journal->append(seq, s.timestampMs, json);
            if (i % 60 == 59 && !journal->flush(s.timestampMs, &error)) {
                std::fprintf(stderr, "journal: %s\n", qPrintable(error));
                return 1;
            }
        }
        journal->flush(kStartMs + seconds * 1000, &error);
        QElapsedTimer timer;
        timer.start();
        quint64 after = 0;
        quint64 parsed = 0;
        for (;;) {
            const auto entries =
                journal->read(after, quint64(std::numeric_limits<qint64>::max()), 1000, &error);
            if (entries.isEmpty())
                break;
            for (const auto& e : entries) {
                if (snapshotFromJsonBytes(e.json, &error))
                    ++parsed;
                after = e.sequence;
            }
        }
        const double s = double(timer.nsecsElapsed()) / 1e9;
        std::printf("journal_decode_readings_per_s=%.0f (40 processes per reading, %llu read)\n",
                    double(parsed) / s, static_cast<unsigned long long>(parsed));
    }
    return 0;
}
