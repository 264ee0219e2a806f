// LiveState::freshness(): how old each server's newest reading is, on a clock
// the test steps. Stale after three sampling intervals (the reading's own
// interval, or the default), or while the link is not connected; the
// re-check announces flips once and ticks while something is stale.
#include "engine/livestate.h"

#include <QSignalSpy>
#include <QTest>

using namespace gw;

namespace {
constexpr qint64 kT = 1795305600000;

Snapshot reading(const QString& server, qint64 t, std::optional<qint64> intervalMs)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = t;
    s.intervalMs = intervalMs;
    return s;
}
} // namespace

class TestLiveStateFreshness : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void staleAfterThreeOfItsOwnIntervals()
    {
        LiveState fleet;
        qint64 now = kT;
        fleet.setClock([&] { return now; });
        QVERIFY(!fleet.freshness(QStringLiteral("a")).hasReading);
        fleet.ingest(reading(QStringLiteral("a"), kT, 2000));         // every 2 s
        fleet.ingest(reading(QStringLiteral("b"), kT, std::nullopt)); // the 1 s default
        now = kT + 3000;
        Freshness a = fleet.freshness(QStringLiteral("a"));
        QVERIFY(a.hasReading);
        QVERIFY(!a.stale);
        QCOMPARE(a.ageMs, 3000);
        QCOMPARE(a.intervalMs, 2000);
        QVERIFY(!fleet.freshness(QStringLiteral("b")).stale); // 3 s: not more than 3 × 1 s
        now = kT + 3001;
        const Freshness b = fleet.freshness(QStringLiteral("b"));
        QVERIFY(b.stale);
        QCOMPARE(b.intervalMs, LiveState::kDefaultIntervalMs);
        now = kT + 6000; // exactly three intervals: not yet
        QVERIFY(!fleet.freshness(QStringLiteral("a")).stale);
        now = kT + 6001;
        QVERIFY(fleet.freshness(QStringLiteral("a")).stale);
        // A new reading makes it current again.
        fleet.ingest(reading(QStringLiteral("a"), kT + 6000, 2000));
        a = fleet.freshness(QStringLiteral("a"));
        QVERIFY(!a.stale);
        QCOMPARE(a.ageMs, 1);
    }

    void aFleetPolledLessOftenThanItSamplesDoesNotFlicker()
    {
        // Agents sample every second; a large fleet is polled every 5 s, so
        // five readings arrive together. Between polls the newest is up to
        // 6 s old: not stale. When the batches stop, stale after three polls.
        LiveState fleet;
        qint64 now = kT;
        fleet.setClock([&] { return now; });
        auto poll = [&] {
            QList<Snapshot> batch;
            for (qint64 t = now - 4000; t <= now; t += 1000)
                batch.append(reading(QStringLiteral("a"), t, 1000));
            fleet.ingestBatch(batch);
        };
        for (int i = 0; i < 4; ++i, now += 5000)
            poll();
        now -= 5000;
        QCOMPARE(fleet.freshness(QStringLiteral("a")).arrivalIntervalMs, 5000);
        now += 4900; // just before the next poll
        QVERIFY(!fleet.freshness(QStringLiteral("a")).stale);
        now += 100;
        poll();
        now += 15'000; // three polls missed
        QVERIFY(!fleet.freshness(QStringLiteral("a")).stale);
        now += 1;
        QVERIFY(fleet.freshness(QStringLiteral("a")).stale);
        // Back after a minute's outage: one long gap does not widen the
        // allowance (the shortest of the last gaps counts).
        now += 45'000;
        poll();
        QCOMPARE(fleet.freshness(QStringLiteral("a")).arrivalIntervalMs, 5000);
        // A server read every second keeps the sampling interval's limit.
        fleet.ingest(reading(QStringLiteral("b"), now, 1000));
        now += 1000;
        fleet.ingest(reading(QStringLiteral("b"), now, 1000));
        now += 3001;
        QVERIFY(fleet.freshness(QStringLiteral("b")).stale);
    }

    void aReadingFromTheFutureIsAgeZero()
    {
        LiveState fleet;
        fleet.setClock([] { return kT; });
        fleet.ingest(reading(QStringLiteral("a"), kT + 5000, 1000));
        QCOMPARE(fleet.freshness(QStringLiteral("a")).ageMs, 0);
        QVERIFY(!fleet.freshness(QStringLiteral("a")).stale);
    }

    void aLinkThatIsNotConnectedIsStaleWhateverTheAge()
    {
        LiveState fleet;
        fleet.setClock([] { return kT + 100; });
        fleet.ingest(reading(QStringLiteral("a"), kT, 1000));
        LinkStatus link;
        link.server = QStringLiteral("a");
        link.state = LinkState::Unreachable;
        fleet.setConnection(link);
        QVERIFY(fleet.freshness(QStringLiteral("a")).stale);
        link.state = LinkState::Connected;
        fleet.setConnection(link);
        QVERIFY(!fleet.freshness(QStringLiteral("a")).stale);
    }

    void theCheckAnnouncesFlipsOnceAndTicksWhileStale()
    {
        LiveState fleet;
        fleet.setFreshnessCheckInterval(3'600'000); // the test checks by hand
        qint64 now = kT;
        fleet.setClock([&] { return now; });
        fleet.ingest(reading(QStringLiteral("a"), kT, 1000));
        fleet.ingest(reading(QStringLiteral("b"), kT, 1000));
        QSignalSpy flips(&fleet, &LiveState::freshnessChanged);
        QSignalSpy ticks(&fleet, &LiveState::staleTick);
        QSignalSpy updated(&fleet, &LiveState::serverUpdated);
        fleet.checkFreshness(); // both fresh: noted, nothing said
        QCOMPARE(flips.size(), 0);
        QCOMPARE(ticks.size(), 0);
        now = kT + 5000;
        fleet.ingest(reading(QStringLiteral("b"), kT + 4500, 1000)); // b goes on
        updated.clear();
        fleet.checkFreshness();
        QCOMPARE(flips.size(), 1);
        QCOMPARE(flips[0][0].toString(), QStringLiteral("a"));
        QCOMPARE(flips[0][1].toBool(), true);
        QCOMPARE(updated.size(), 1); // the views redraw a
        QCOMPARE(ticks.size(), 1);
        fleet.checkFreshness(); // still stale: no second flip, another tick
        QCOMPARE(flips.size(), 1);
        QCOMPARE(ticks.size(), 2);
        fleet.ingest(reading(QStringLiteral("a"), kT + 5000, 1000)); // it answers again
        fleet.checkFreshness();
        QCOMPARE(flips.size(), 2);
        QCOMPARE(flips[1][1].toBool(), false);
        QCOMPARE(ticks.size(), 2); // nothing stale: no tick
    }

    void theTimerChecksByItself()
    {
        LiveState fleet;
        fleet.setFreshnessCheckInterval(20);
        qint64 now = kT;
        fleet.setClock([&] { return now; });
        fleet.ingest(reading(QStringLiteral("a"), kT, 1000));
        QSignalSpy flips(&fleet, &LiveState::freshnessChanged);
        QTest::qWait(60); // the first check notes it fresh
        now = kT + 10'000;
        QVERIFY(flips.wait(2000));
        QCOMPARE(flips[0][1].toBool(), true);
    }

    void aRemovedServerIsForgotten()
    {
        LiveState fleet;
        fleet.setClock([] { return kT + 60'000; });
        fleet.ingest(reading(QStringLiteral("a"), kT, 1000));
        fleet.removeServer(QStringLiteral("a"));
        QVERIFY(!fleet.freshness(QStringLiteral("a")).hasReading);
    }
};

QTEST_GUILESS_MAIN(TestLiveStateFreshness)
#include "tst_livestatefreshness.moc"
