// The parallel replay (ReplayFeeder, replayReadings) against one engine fed
// every reading in turn: a day of several servers whose events interleave in
// time, with refused duplicates, a clock stepped back, a gap, a server that
// starts late, idle actions and quota groups, gives the same events (every
// field), in the same order, with the same refused count, for any number of
// workers; and a replay stopped by an error keeps what was read before it.

#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"

#include <QTest>

#include <random>

using namespace gw;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000; // 2026-09-21, a Monday
constexpr qint64 kIntervalMs = 10'000;
constexpr int kServers = 5;

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

// A day of `kServers` servers of 4 GPUs and 6 jobs each at 10 s, servers
// interleaved by time; jobs of 5 min to 2 h, busy, idle or in between.
QList<Snapshot> fleetDay()
{
    std::mt19937 rng(20261127);
    const auto restart = [&rng](Job& j, qint64 t, qint64 salt) {
        std::uniform_int_distribution<int> gpu(0, 3), user(0, 5), minutes(5, 120);
        j.pid = 1000 + salt;
        j.startMs = t;
        j.endMs = t + qint64(minutes(rng)) * 60'000;
        j.gpu = gpu(rng);
        j.user = user(rng);
        const double kind = std::uniform_real_distribution<double>(0, 1)(rng);
        j.busy = kind < 0.3 ? 2 : kind < 0.4 ? 50 : 95;
        j.memoryMiB = std::uniform_real_distribution<double>(2000, 30000)(rng);
    };
    std::vector<std::vector<Job>> jobs(kServers, std::vector<Job>(6));
    for (int s = 0; s < kServers; ++s)
        for (size_t i = 0; i < jobs[size_t(s)].size(); ++i)
            restart(jobs[size_t(s)][i], kT0 - qint64(i) * 60'000, qint64(s * 100 + int(i)));
    QList<Snapshot> out;
    const int steps = int(24 * 3600 * 1000 / kIntervalMs);
    for (int step = 0; step < steps; ++step) {
        for (int s = 0; s < kServers; ++s) {
            // node-5 starts late; node-3 is silent for ten minutes at noon.
            if (s == 4 && step < 360)
                continue;
            if (s == 2 && step >= 4320 && step < 4380)
                continue;
            qint64 t = kT0 + qint64(step) * kIntervalMs + s * 7;
            // node-2's clock is set back a minute once, at 18:00.
            if (s == 1 && step >= 6480)
                t -= 60'000;
            Snapshot r;
            r.server = QStringLiteral("node-%1").arg(s + 1);
            r.timestampMs = t;
            r.intervalMs = kIntervalMs;
            double util[4] = {};
            for (size_t i = 0; i < jobs[size_t(s)].size(); ++i) {
                Job& j = jobs[size_t(s)][i];
                if (t >= j.endMs)
                    restart(j, t, qint64(s * 100000 + step * 8 + int(i)));
                const double u = std::clamp(
                    j.busy + std::uniform_real_distribution<double>(-3, 3)(rng), 0.0, 100.0);
                util[j.gpu] = std::min(100.0, util[j.gpu] + u);
                GpuProcess p;
                p.pid = j.pid;
                p.startTimeMs = j.startMs;
                p.uid = 1000u + uint(j.user);
                p.user = QStringLiteral("user%1").arg(j.user);
                p.command = QStringLiteral("python train.py");
                p.gpuUuid = QStringLiteral("GPU-%1-%2").arg(s).arg(j.gpu);
                p.usedMemoryMiB = j.memoryMiB;
                r.processes << p;
            }
            for (int g = 0; g < 4; ++g) {
                GpuSample gpu;
                gpu.index = g;
                gpu.uuid = QStringLiteral("GPU-%1-%2").arg(s).arg(g);
                gpu.utilizationGpuPercent = util[g];
                gpu.memoryTotalMiB = 81920;
                gpu.powerW = 60 + util[g] * 3;
                gpu.powerLimitW = 400;
                r.gpus << gpu;
            }
            out << r;
            // node-4 sends some readings twice: refused.
            if (s == 3 && step % 500 == 0)
                out << r;
        }
    }
    return out;
}

PolicyConfig fleetPolicy()
{
    PolicyConfig p;
    p.hog.durationMs = 10 * 60'000;
    p.idle.action = IdleAction::Terminate;
    p.idle.timeWindowMs = 20 * 60'000;
    p.quota.defaultSharePercent = 20;
    p.quota.users = {QuotaShare{QStringLiteral("user1"), 30, {}}};
    p.quota.groups = {QuotaShare{QStringLiteral("lab"), 35, {}}};
    return p;
}

PolicyEngine::Options fleetOptions()
{
    PolicyEngine::Options o;
    o.timeZone = QTimeZone(QByteArrayLiteral("Europe/Berlin"));
    // Not thread-safe on purpose: the replay serialises the lookups.
    auto asked = std::make_shared<int>(0);
    o.groups = [asked](const QString& user) {
        ++*asked;
        return user == QLatin1String("user2") || user == QLatin1String("user3")
                   ? QStringList{QStringLiteral("lab")}
                   : QStringList{};
    };
    return o;
}

// The reference: one engine fed every reading in turn; each event once, in
// the order first reported, with its last version. `ties` counts readings
// that first reported more than one event (their order inside a reading
// matters to the merge).
struct Sequential
{
    ReplayResult result;
    int ties = 0;
};

Sequential sequentialReplay(const QList<Snapshot>& readings, qsizetype count)
{
    PolicyEngine engine(fleetPolicy(), fleetOptions());
    Sequential out;
    QHash<QString, qsizetype> at;
    for (qsizetype i = 0; i < count; ++i) {
        ++out.result.readings;
        int firsts = 0;
        for (const PolicyEvent& e : engine.feed(readings[i]).changed) {
            const auto it = at.constFind(e.id);
            if (it == at.constEnd()) {
                at.insert(e.id, out.result.events.size());
                out.result.events << e;
                ++firsts;
            } else {
                out.result.events[*it] = e;
            }
        }
        out.ties += firsts > 1 ? 1 : 0;
    }
    for (const PolicyEvent& e : engine.openEvents())
        out.result.events[at.value(e.id)] = e;
    out.result.refused = engine.refusedCount();
    return out;
}

void compareResults(const ReplayResult& parallel, const ReplayResult& sequential)
{
    QCOMPARE(parallel.readings, sequential.readings);
    QCOMPARE(parallel.refused, sequential.refused);
    QCOMPARE(parallel.error, sequential.error);
    QCOMPARE(parallel.events.size(), sequential.events.size());
    for (qsizetype i = 0; i < sequential.events.size(); ++i) {
        QCOMPARE(parallel.events[i].id, sequential.events[i].id);
        QVERIFY2(parallel.events[i] == sequential.events[i], qPrintable(sequential.events[i].id));
    }
}

} // namespace

class TestParallelReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameEventsAsOneEngine_data();
    void sameEventsAsOneEngine();
    void errorKeepsWhatWasRead();
    void drainThenFeedMore();

private:
    QList<Snapshot> m_readings;
    Sequential m_sequential;
};

void TestParallelReplay::initTestCase()
{
    m_readings = fleetDay();
    m_sequential = sequentialReplay(m_readings, m_readings.size());
    const QList<PolicyEvent>& events = m_sequential.result.events;
    // The day must exercise what the merge has to get right: events of
    // every kind, on every server, interleaved in time (a merge that put
    // one worker's events after another's would differ), readings that
    // first report several events, refusals and actions.
    QHash<PolicyEventKind, int> kinds;
    int switches = 0;
    bool acted = false;
    for (qsizetype i = 0; i < events.size(); ++i) {
        ++kinds[events[i].kind];
        switches += i > 0 && events[i].server != events[i - 1].server ? 1 : 0;
        acted = acted || !events[i].actions.isEmpty();
    }
    qInfo("%lld events, %d server switches, %d ties, %llu refused", qint64(events.size()), switches,
          m_sequential.ties, m_sequential.result.refused);
    QVERIFY(kinds.value(PolicyEventKind::Hog) > 10);
    QVERIFY(kinds.value(PolicyEventKind::Idle) > 10);
    QVERIFY(kinds.value(PolicyEventKind::FairShare) > 2);
    QVERIFY(switches > 10 * kServers);
    QVERIFY(m_sequential.ties > 0);
    QVERIFY(acted);
    QVERIFY(m_sequential.result.refused > 0);
}

void TestParallelReplay::sameEventsAsOneEngine_data()
{
    QTest::addColumn<int>("workers");
    QTest::newRow("one") << 1;
    QTest::newRow("two") << 2;
    QTest::newRow("three (servers share workers)") << 3;
    QTest::newRow("more than servers") << 8;
    QTest::newRow("ideal") << 0;
}

void TestParallelReplay::sameEventsAsOneEngine()
{
    QFETCH(int, workers);
    qsizetype at = 0;
    const ReplayResult parallel = replayReadings(
        fleetPolicy(), fleetOptions(),
        [&](QString*) -> std::optional<Snapshot> {
            if (at == m_readings.size())
                return std::nullopt;
            return m_readings[at++];
        },
        workers);
    compareResults(parallel, m_sequential.result);
}

void TestParallelReplay::errorKeepsWhatWasRead()
{
    // The source fails a third of the way in: what was read is replayed,
    // as one engine would have, and the error comes back.
    const qsizetype failAt = m_readings.size() / 3;
    Sequential expected = sequentialReplay(m_readings, failAt);
    expected.result.error = QStringLiteral("disk on fire");
    qsizetype at = 0;
    const ReplayResult parallel = replayReadings(
        fleetPolicy(), fleetOptions(),
        [&](QString* error) -> std::optional<Snapshot> {
            if (at == failAt) {
                *error = QStringLiteral("disk on fire");
                return std::nullopt;
            }
            return m_readings[at++];
        },
        3);
    QVERIFY(!expected.result.events.isEmpty());
    compareResults(parallel, expected.result);
}

void TestParallelReplay::drainThenFeedMore()
{
    // The benchmark's pattern: an hour handed over, drained, the next hour.
    ReplayFeeder feeder(fleetPolicy(), fleetOptions(), 2);
    for (qsizetype i = 0; i < m_readings.size(); ++i) {
        feeder.feed(m_readings[i]);
        if (i % 1800 == 1799)
            feeder.drain();
    }
    compareResults(feeder.finish(), m_sequential.result);
}

QTEST_GUILESS_MAIN(TestParallelReplay)
#include "tst_parallelreplay.moc"
