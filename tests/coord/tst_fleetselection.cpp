// The selection loops (core/coord/fleetselection.h) with a test clock and
// fake agents: one server read again every poll until enough units qualify
// or the wait is over, the agents' reservations respected, a fleet asked in
// ranked order with the agents that failed named, and the run record's
// test of whether the job took its GPUs (core/coord/runrecord.h).

#include "coord/fleetselection.h"
#include "coord/runrecord.h"
#include "util/duration.h"

#include <QTest>

#include <functional>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 kStart = 1'795'528'810'000; // 2026-11-24 14:00:10 UTC

// Time moves only when a loop pauses; every pause is kept.
class TestClock final : public SelectionClock
{
public:
    qint64 now = kStart;
    QList<qint64> pauses;

    qint64 nowMs() override { return now; }
    void pause(qint64 ms) override
    {
        pauses << ms;
        now += ms;
    }
};

GpuSample gpu(int index, double usedMiB, double utilisation)
{
    GpuSample g;
    g.index = index;
    g.uuid = u"GPU-%1"_s.arg(index);
    g.name = u"Fake GPU"_s;
    g.vendor = u"nvidia"_s;
    g.memoryUsedMiB = usedMiB;
    g.memoryTotalMiB = 80'000;
    g.utilizationGpuPercent = utilisation;
    return g;
}

// A server with `idle` idle GPUs and `busy` busy ones.
Snapshot server(const QString& name, int idle, int busy = 0)
{
    Snapshot s;
    s.server = name;
    s.timestampMs = kStart;
    s.backend = u"demo"_s;
    for (int i = 0; i < idle; ++i)
        s.gpus << gpu(i, 1'000, 0);
    for (int i = idle; i < idle + busy; ++i)
        s.gpus << gpu(i, 70'000, 95);
    return s;
}

GpuProcess process(const QString& user, const QString& gpuUuid, const QString& migUuid = {})
{
    GpuProcess p;
    p.pid = 4242;
    p.user = user;
    p.gpuUuid = gpuUuid;
    p.migUuid = migUuid;
    return p;
}

SelectionRequest ask(int gpus)
{
    SelectionRequest r;
    r.gpus = gpus;
    r.maxUtilizationPercent = 50;
    r.user = u"alice"_s;
    return r;
}

QStringList ids(const QList<Candidate>& units)
{
    QStringList out;
    for (const Candidate& c : units)
        out << c.id;
    return out;
}

ReservationBook none(qint64)
{
    return {};
}

// Agents answering from a script: a reading (or a reason for none) and the
// outcome of asking each; every ask is logged by address.
class FakeFleet final : public FleetAgents
{
public:
    struct Agent
    {
        QString address;
        std::optional<Snapshot> reading;
        Selection answer;
    };
    QList<Agent> agents;
    QStringList asked;

    qsizetype count() const override { return agents.size(); }
    QString address(qsizetype i) const override { return agents[i].address; }
    std::optional<Snapshot> latest(qsizetype i, QString* why) override
    {
        if (!agents[i].reading)
            *why = u"connection refused"_s;
        return agents[i].reading;
    }
    Selection ask(qsizetype i) override
    {
        asked << agents[i].address;
        return agents[i].answer;
    }
};

Selection granted(const QString& server)
{
    Selection s;
    s.outcome = Selection::Outcome::Granted;
    s.server = server;
    Candidate c;
    c.id = u"0"_s;
    c.gpuIndex = 0;
    s.units << c;
    return s;
}

Selection notEnough(const QString& why, const QStringList& refused = {})
{
    Selection s;
    s.outcome = Selection::Outcome::NotEnough;
    s.error = why;
    s.refused = refused;
    return s;
}

} // namespace

class TestFleetSelection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void enoughUnitsAreGrantedAtOnceBestFirst()
    {
        TestClock clock;
        Snapshot s = server(u"gpu-a"_s, 2, 1);
        s.gpus[1].utilizationGpuPercent = 20; // GPU 0 scores better than GPU 1
        const Selection r = rankUntilEnough(
            ask(2), {}, 60'000, [&](QString*) { return std::optional<Snapshot>(s); }, none, clock);
        QVERIFY(r.granted());
        QCOMPARE(ids(r.units), (QStringList{u"0"_s, u"1"_s}));
        QCOMPARE(r.server, u"gpu-a"_s);
        QCOMPARE(r.cudaVisibleDevices(), u"0,1"_s);
        QCOMPARE(r.refused.size(), 1); // the busy GPU 2, with its reason
        QVERIFY(clock.pauses.isEmpty());
    }

    void aWaitReadsAgainEveryPollUntilItsEndThenSaysTheShortfall()
    {
        TestClock clock;
        int reads = 0;
        const Selection r = rankUntilEnough(
            ask(2), {}, 5'000,
            [&](QString*) {
                ++reads;
                return std::optional<Snapshot>(server(u"gpu-a"_s, 1, 1));
            },
            none, clock);
        QCOMPARE(r.outcome, Selection::Outcome::NotEnough);
        QCOMPARE(clock.pauses, (QList<qint64>{kWaitPollMs, kWaitPollMs, 1'000}));
        QCOMPARE(reads, 4);
        QCOMPARE(r.error, u"2 GPUs asked, 1 qualifies (waited %1)"_s.arg(
                              formatDurationExact(std::chrono::seconds(5))));
        QCOMPARE(ids(r.units), QStringList{u"0"_s}); // what qualified, for the report
        QCOMPARE(r.waitedMs, 5'000);
    }

    void noWaitAnswersAfterOneReading()
    {
        TestClock clock;
        const Selection r = rankUntilEnough(
            ask(1), {}, 0, [&](QString*) { return std::optional<Snapshot>(server(u"a"_s, 0, 2)); },
            none, clock);
        QCOMPARE(r.outcome, Selection::Outcome::NotEnough);
        QCOMPARE(r.error, u"1 GPU asked, 0 qualify"_s);
        QVERIFY(clock.pauses.isEmpty());
    }

    void aGpuFreedDuringTheWaitIsGranted()
    {
        TestClock clock;
        int reads = 0;
        const Selection r = rankUntilEnough(
            ask(2), {}, 60'000,
            [&](QString*) {
                return std::optional<Snapshot>(server(u"gpu-a"_s, ++reads < 3 ? 1 : 2, 1));
            },
            none, clock);
        QVERIFY(r.granted());
        QCOMPARE(reads, 3);
        QCOMPARE(r.waitedMs, 2 * kWaitPollMs);
    }

    void aFailedReadingEndsTheWaitWithItsReason()
    {
        TestClock clock;
        const Selection r = rankUntilEnough(
            ask(1), {}, 60'000,
            [&](QString* why) {
                *why = u"no GPU found on this machine"_s;
                return std::optional<Snapshot>();
            },
            none, clock);
        QCOMPARE(r.outcome, Selection::Outcome::Failed);
        QCOMPARE(r.error, u"no GPU found on this machine"_s);
    }

    void unitsTheAgentHoldsAreNotFreeForTheRemainderOfTheirTime()
    {
        AllocationState state;
        state.nowMs = 500'000; // the agent's clock, far from ours
        Reservation held;
        held.id = u"r1"_s;
        held.server = u"gpu-a"_s;
        held.user = u"bob"_s;
        held.units = {u"0"_s};
        held.expiresMs = state.nowMs + 60'000;
        state.reservations << held;
        Reservation ended = held;
        ended.id = u"r2"_s;
        ended.units = {u"1"_s};
        ended.expiresMs = state.nowMs - 1;
        state.reservations << ended;

        const ReservationBook book = heldUnits(state, kStart);
        QCOMPARE(book.active().size(), 1);
        QVERIFY(book.holder(u"gpu-a"_s, u"0"_s, kStart + 59'000));
        QVERIFY(!book.holder(u"gpu-a"_s, u"0"_s, kStart + 60'000));
        QVERIFY(!book.holder(u"gpu-a"_s, u"1"_s, kStart));

        TestClock clock;
        const Selection r = rankUntilEnough(
            ask(2), {}, 0, [&](QString*) { return std::optional<Snapshot>(server(u"gpu-a"_s, 2)); },
            [&](qint64 now) { return heldUnits(state, now); }, clock);
        QCOMPARE(r.outcome, Selection::Outcome::NotEnough);
        QCOMPARE(ids(r.units), QStringList{u"1"_s});
        QVERIFY2(r.refused.join(u"\n"_s).contains(u"bob"_s), qPrintable(r.refused.join(u"\n"_s)));
    }

    void theFleetAsksServersInRankOrderUntilOneGrants()
    {
        FakeFleet fleet;
        fleet.agents = {
            {u"https://a:8787"_s, server(u"gpu-a"_s, 1, 3), granted(u"gpu-a"_s)},
            {u"https://b:8787"_s, server(u"gpu-b"_s, 4),
             notEnough(u"2 GPUs asked, 1 qualifies"_s, {u"GPU 3: busy"_s})},
            {u"https://c:8787"_s, server(u"gpu-c"_s, 3), granted(u"gpu-c"_s)},
        };
        TestClock clock;
        const Selection r = selectAcrossFleet(fleet, 2, 60'000, clock);
        QVERIFY(r.granted());
        // Most idle GPUs first: b (4), then c (3); a (1 idle) is never asked.
        QCOMPARE(fleet.asked, (QStringList{u"https://b:8787"_s, u"https://c:8787"_s}));
        QCOMPARE(r.server, u"gpu-c"_s);
        QCOMPARE(r.source, u"https://c:8787"_s);
        QCOMPARE(r.passedOver,
                 (QStringList{u"gpu-b: 2 GPUs asked, 1 qualifies"_s, u"gpu-b: GPU 3: busy"_s}));
        QVERIFY(clock.pauses.isEmpty());
    }

    void anAgentThatDoesNotAnswerIsLeftOutAndNamed()
    {
        FakeFleet fleet;
        fleet.agents = {
            {u"https://a:8787"_s, std::nullopt, granted(u"gpu-a"_s)},
            {u"https://b:8787"_s, server(u"gpu-b"_s, 2), granted(u"gpu-b"_s)},
        };
        TestClock clock;
        const Selection r = selectAcrossFleet(fleet, 1, 0, clock);
        QVERIFY(r.granted());
        QCOMPARE(fleet.asked, QStringList{u"https://b:8787"_s});
        QCOMPARE(r.passedOver, QStringList{u"https://a:8787: no answer: connection refused"_s});
    }

    void aServerTwoAgentsServeIsAskedOnce()
    {
        FakeFleet fleet;
        fleet.agents = {
            {u"https://a:8787"_s, server(u"gpu-a"_s, 2), notEnough(u"busy"_s)},
            {u"https://a2:8787"_s, server(u"gpu-a"_s, 2), granted(u"gpu-a"_s)},
        };
        TestClock clock;
        const Selection r = selectAcrossFleet(fleet, 1, 0, clock);
        QCOMPARE(r.outcome, Selection::Outcome::NotEnough);
        QCOMPARE(fleet.asked, QStringList{u"https://a:8787"_s});
        QCOMPARE(r.error, u"no server has a GPU that qualifies"_s);
        QCOMPARE(
            r.refused,
            (QStringList{u"https://a2:8787: serves gpu-a, as https://a:8787 does; asked once"_s,
                         u"gpu-a: busy"_s}));
    }

    void noAgentAnsweringIsAFailureThatNamesEach()
    {
        FakeFleet fleet;
        fleet.agents = {{u"https://a:8787"_s, std::nullopt, {}},
                        {u"https://b:8787"_s, std::nullopt, {}}};
        TestClock clock;
        const Selection r = selectAcrossFleet(fleet, 1, 0, clock);
        QCOMPARE(r.outcome, Selection::Outcome::Failed);
        QCOMPARE(r.error, u"none of the 2 agents answered\n"
                          "https://a:8787: no answer: connection refused\n"
                          "https://b:8787: no answer: connection refused"_s);
    }

    void theFleetIsAskedAgainEveryPollUntilTheWaitIsOver()
    {
        FakeFleet fleet;
        fleet.agents = {{u"https://a:8787"_s, server(u"gpu-a"_s, 1), notEnough(u"busy"_s)}};
        TestClock clock;
        const Selection r = selectAcrossFleet(fleet, 2, 3'000, clock);
        QCOMPARE(r.outcome, Selection::Outcome::NotEnough);
        QCOMPARE(r.error, u"no server has 2 GPUs that qualify"_s);
        QCOMPARE(clock.pauses, (QList<qint64>{kWaitPollMs, 1'000}));
        QCOMPARE(fleet.asked.size(), 3);
        QCOMPARE(r.waitedMs, 3'000);
    }

    void theJobRunsOnItsUnitsOnlyAsTheUserItWasSelectedFor()
    {
        Snapshot s = server(u"gpu-a"_s, 2);
        Candidate whole;
        whole.id = u"1"_s;
        whole.gpuIndex = 1;
        Candidate instance;
        instance.id = u"MIG-x"_s;
        instance.gpuIndex = 0;
        instance.migUuid = u"MIG-x"_s;

        QVERIFY(!jobRunsOn(s, {whole}, u"alice"_s));
        s.processes = {process(u"bob"_s, u"GPU-1"_s)};
        QVERIFY(!jobRunsOn(s, {whole}, u"alice"_s)); // someone else's process
        s.processes = {process(u"alice"_s, u"GPU-0"_s)};
        QVERIFY(!jobRunsOn(s, {whole}, u"alice"_s)); // another GPU
        s.processes = {process(u"alice"_s, u"GPU-1"_s, u"MIG-y"_s)};
        QVERIFY(!jobRunsOn(s, {whole}, u"alice"_s)); // an instance of the GPU, not the GPU
        s.processes = {process(u"alice"_s, u"GPU-1"_s)};
        QVERIFY(jobRunsOn(s, {whole}, u"alice"_s));
        s.processes = {process(u"alice"_s, u"GPU-0"_s, u"MIG-x"_s)};
        QVERIFY(jobRunsOn(s, {instance}, u"alice"_s));
        QVERIFY(!jobRunsOn(s, {whole}, u"alice"_s));
    }
};

QTEST_GUILESS_MAIN(TestFleetSelection)
#include "tst_fleetselection.moc"
