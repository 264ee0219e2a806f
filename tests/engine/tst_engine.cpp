#include "engine/engine.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "history/historystore.h"
#include "sources/demoworld.h"
#include "sources/source.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace gw;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kT0 = 1795305600000 + 12 * 3'600'000; // a fixed noon

Snapshot reading(const QString& server, qint64 ms)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = ms;
    return s;
}

// Stands for a source: Engine::attach() takes anything with this signal.
class FakeSource final : public QObject
{
    Q_OBJECT
Q_SIGNALS:
    void produced(const QList<gw::Snapshot>& snapshots);
};

// Records what it is handed, and on which thread; thread-safe.
class Recorder final : public QObject
{
public:
    void consume(const QList<Snapshot>& readings)
    {
        QMutexLocker lock(&m_lock);
        m_threads.insert(QThread::currentThread());
        m_readings.append(readings);
        m_calls.release();
    }
    QList<Snapshot> readings() const
    {
        QMutexLocker lock(&m_lock);
        return m_readings;
    }
    QSet<QThread*> threads() const
    {
        QMutexLocker lock(&m_lock);
        return m_threads;
    }
    QList<qint64> timesOf(const QString& server) const
    {
        QList<qint64> out;
        for (const auto& s : readings())
            if (s.server == server)
                out.append(s.timestampMs);
        return out;
    }
    QSemaphore m_calls;

private:
    mutable QMutex m_lock;
    QList<Snapshot> m_readings;
    QSet<QThread*> m_threads;
};

// The demo's first server, a reading every 2 s of simulated time per tick.
class DemoTicks final : public Producer
{
public:
    QString init() override { return QStringLiteral("ticks"); }
    QList<Snapshot> produce() override { return {m_world.serverAt(0, kT0 + 2000 * m_n++)}; }

private:
    DemoWorld m_world;
    qint64 m_n = 0;
};

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void interleavedSourcesReachConsumersInTimeOrder()
    {
        Engine engine;
        FakeSource a;
        FakeSource b;
        engine.attach(&a);
        engine.attach(&b);
        Recorder queued;
        Recorder direct;
        engine.addConsumer(&queued, &Recorder::consume);
        engine.addThreadSafeConsumer(&direct, &Recorder::consume);

        Q_EMIT a.produced({reading(QStringLiteral("s"), 1000)});
        Q_EMIT b.produced({reading(QStringLiteral("s"), 2000)});
        // b's backfill reaches back before what a already gave: only the
        // part after it goes on.
        Q_EMIT b.produced({reading(QStringLiteral("s"), 1500), reading(QStringLiteral("s"), 3000)});
        Q_EMIT a.produced({reading(QStringLiteral("s"), 2500)});
        Q_EMIT a.produced({reading(QStringLiteral("s"), 4000)});

        const QList<qint64> expected{1000, 2000, 3000, 4000};
        QCOMPARE(direct.timesOf(QStringLiteral("s")), expected);
        QCoreApplication::processEvents();
        QCOMPARE(queued.timesOf(QStringLiteral("s")), expected);
        QCOMPARE(engine.droppedCount(), quint64(2));
    }

    void twoProducingThreadsNeverReverseAServersTime()
    {
        // Two threads race to submit readings of one server stamped from a
        // shared clock; whatever the engine accepts, every consumer sees in
        // increasing time, and nothing is lost that was not counted as dropped.
        Engine engine;
        Recorder queued;
        Recorder direct;
        engine.addConsumer(&queued, &Recorder::consume);
        engine.addThreadSafeConsumer(&direct, &Recorder::consume);
        std::atomic<qint64> clock{kT0};
        constexpr int kPerThread = 2000;
        auto run = [&] {
            for (int i = 0; i < kPerThread; ++i)
                engine.submit({reading(QStringLiteral("s"), clock.fetch_add(1))});
        };
        std::unique_ptr<QThread> t1(QThread::create(run));
        std::unique_ptr<QThread> t2(QThread::create(run));
        t1->start();
        t2->start();
        QVERIFY(t1->wait(10'000));
        QVERIFY(t2->wait(10'000));
        QCoreApplication::processEvents();

        for (const Recorder* r : {&direct, &queued}) {
            const auto times = r->timesOf(QStringLiteral("s"));
            QVERIFY(!times.isEmpty());
            QVERIFY(std::is_sorted(times.cbegin(), times.cend()));
            QCOMPARE(quint64(times.size()) + engine.droppedCount(), quint64(2 * kPerThread));
        }
        QCOMPARE(queued.readings(), direct.readings());
    }

    void olderReadingIsNotHandedOn()
    {
        Engine engine;
        Recorder r;
        engine.addThreadSafeConsumer(&r, &Recorder::consume);
        engine.submit({reading(QStringLiteral("a"), 10'000)});
        engine.submit({reading(QStringLiteral("a"), 5000), reading(QStringLiteral("b"), 5000)});
        engine.submit({reading(QStringLiteral("a"), 10'000)}); // as new: not older, goes on
        QCOMPARE(r.timesOf(QStringLiteral("a")), (QList<qint64>{10'000, 10'000}));
        // Another server's time is its own.
        QCOMPARE(r.timesOf(QStringLiteral("b")), QList<qint64>{5000});
        QCOMPARE(engine.droppedCount(), quint64(1));
    }

    void clockSteppedBackIsHandedOnInTheOrderMade()
    {
        // A producer kept in the order made (the agent's sampler): a reading
        // stamped before its predecessor is the wall clock set back, handed
        // on, and the server's time goes on from there. Another producer's
        // older reading is still dropped.
        Engine engine;
        Recorder r;
        engine.addThreadSafeConsumer(&r, &Recorder::consume);
        FakeSource sampler;
        FakeSource other;
        engine.attach(&sampler, Engine::Order::AsMade);
        engine.attach(&other);
        Q_EMIT sampler.produced({reading(QStringLiteral("a"), 3'600'000)});
        Q_EMIT sampler.produced({reading(QStringLiteral("a"), 1000)});
        Q_EMIT sampler.produced({reading(QStringLiteral("a"), 2000)});
        Q_EMIT other.produced({reading(QStringLiteral("a"), 1500)});
        QCOMPARE(r.timesOf(QStringLiteral("a")), (QList<qint64>{3'600'000, 1000, 2000}));
        QCOMPARE(engine.steppedBackCount(), quint64(1));
        QCOMPARE(engine.droppedCount(), quint64(1));
        // A producer in time order is not kept in the order made.
        Q_EMIT other.produced({reading(QStringLiteral("b"), 5000)});
        Q_EMIT other.produced({reading(QStringLiteral("b"), 4000)});
        QCOMPARE(r.timesOf(QStringLiteral("b")), QList<qint64>{5000});
    }

    void queuedConsumerRunsOnItsOwnThread()
    {
        Engine engine;
        Recorder onMain;
        engine.addConsumer(&onMain, &Recorder::consume);
        std::unique_ptr<QThread> producer(
            QThread::create([&] { engine.submit({reading(QStringLiteral("s"), 1)}); }));
        producer->start();
        QVERIFY(producer->wait(5000));
        QVERIFY(onMain.readings().isEmpty()); // not before this thread's loop runs
        QTRY_COMPARE(onMain.readings().size(), 1);
        QCOMPARE(onMain.threads(), QSet<QThread*>{QThread::currentThread()});
    }

    // A consumer registered for one producer's readings (the desktop's
    // policies: this machine's source) gets those and no other's, queued or
    // direct; the others still get everything.
    void consumerOfOneProducerGetsOnlyItsReadings()
    {
        Engine engine;
        QObject local;
        QObject agents;
        Recorder all;
        Recorder onlyLocal;
        Recorder onlyLocalDirect;
        engine.addConsumer(&all, &Recorder::consume);
        engine.addConsumer(&onlyLocal, &Recorder::consume, &local);
        engine.addThreadSafeConsumer(&onlyLocalDirect, &Recorder::consume, &local);
        engine.submit({reading(QStringLiteral("here"), 1)}, &local);
        engine.submit({reading(QStringLiteral("node-7"), 1)}, &agents);
        engine.submit({reading(QStringLiteral("node-8"), 1)});
        engine.submit({reading(QStringLiteral("here"), 2)}, &local);
        QCoreApplication::processEvents();
        QCOMPARE(all.readings().size(), 4);
        QCOMPARE(onlyLocal.timesOf(QStringLiteral("here")), (QList<qint64>{1, 2}));
        QCOMPARE(onlyLocal.readings().size(), 2);
        QCOMPARE(onlyLocalDirect.timesOf(QStringLiteral("here")), (QList<qint64>{1, 2}));
        QCOMPARE(onlyLocalDirect.readings().size(), 2);
    }

    void registeredConsumerIsCalledUnregisteredIsNot()
    {
        Engine engine;
        Recorder kept;
        Recorder removed;
        Recorder removedDirect;
        engine.addConsumer(&kept, &Recorder::consume);
        engine.addConsumer(&removed, &Recorder::consume);
        engine.addThreadSafeConsumer(&removedDirect, &Recorder::consume);
        engine.submit({reading(QStringLiteral("s"), 1)});
        // Removed with a delivery already queued to it: that one is dropped too.
        engine.removeConsumer(&removed);
        engine.removeConsumer(&removedDirect);
        engine.submit({reading(QStringLiteral("s"), 2)});
        {
            Recorder destroyed;
            engine.addConsumer(&destroyed, &Recorder::consume);
        } // gone: the engine must not post to it
        engine.submit({reading(QStringLiteral("s"), 3)});
        QCoreApplication::processEvents();
        QCOMPARE(kept.timesOf(QStringLiteral("s")), (QList<qint64>{1, 2, 3}));
        QVERIFY(removed.readings().isEmpty());
        QCOMPARE(removedDirect.timesOf(QStringLiteral("s")), QList<qint64>{1});
    }

    // How far the queued consumers are behind, in readings: what the demo's
    // backfill waits on before its next part. Counted down when a delivery
    // runs, and when it is discarded (its receiver gone).
    void queuedReadingsCountWhatTheConsumersHaveNotTaken()
    {
        Engine engine;
        Recorder a;
        Recorder b;
        Recorder direct;
        engine.addConsumer(&a, &Recorder::consume);
        engine.addConsumer(&b, &Recorder::consume);
        engine.addThreadSafeConsumer(&direct, &Recorder::consume);
        QCOMPARE(engine.queuedReadings(), 0);
        engine.submit({reading(QStringLiteral("s"), 1), reading(QStringLiteral("t"), 1)});
        engine.submit({reading(QStringLiteral("s"), 2)});
        QCOMPARE(engine.queuedReadings(), 2 * 3); // two queued consumers, three readings
        QCoreApplication::processEvents();
        QCOMPARE(engine.queuedReadings(), 0);
        QCOMPARE(a.readings().size(), 3);
        {
            Recorder gone;
            engine.addConsumer(&gone, &Recorder::consume);
            engine.submit({reading(QStringLiteral("s"), 3)});
            QCOMPARE(engine.queuedReadings(), 3);
        }
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCOMPARE(engine.queuedReadings(), 0);
    }

    void liveStateFollowsTheEngine()
    {
        Engine engine;
        LiveState state;
        engine.addConsumer(&state, &LiveState::ingestBatch);
        QSignalSpy updated(&state, &LiveState::serverUpdated);
        const DemoWorld world;
        const Snapshot newer = world.serverAt(0, kT0 + 2000);
        engine.submit({newer});
        engine.submit({world.serverAt(0, kT0)});
        QTRY_COMPARE(updated.size(), 1);
        QVERIFY(state.latest(newer.server));
        QCOMPARE(state.latest(newer.server)->timestampMs, newer.timestampMs);
        // The older reading reached no consumer: not even the live charts.
        QCOMPARE(state.history().pointCount(newer.server, newer.gpus.first().uuid), 1);
    }

    // The demo shows its present first and fills its past behind it: a
    // past older than the latest goes to the live charts' history alone and
    // tells no view to update (a week in ~100 parts repainted the tree and
    // the overview ~100 times).
    void aPastOlderThanTheLatestUpdatesNoView()
    {
        LiveState state;
        QSignalSpy updated(&state, &LiveState::serverUpdated);
        const DemoWorld world;
        const Snapshot present = world.serverAt(0, kT0 + 600'000);
        state.ingestBatch({present});
        QCOMPARE(updated.size(), 1);
        QList<Snapshot> past;
        for (qint64 t = kT0; t < kT0 + 600'000; t += 2000)
            past.append(world.serverAt(0, t));
        state.ingestBatch(past);
        QCOMPARE(updated.size(), 1);
        QCOMPARE(state.latest(present.server)->timestampMs, present.timestampMs);
        QCOMPARE(state.history().pointCount(present.server, present.gpus.first().uuid), 301);
        state.ingestBatch({world.serverAt(0, kT0 + 602'000)});
        QCOMPARE(updated.size(), 2);
    }

    void historyWriterGetsReadingsWhileTheGuiThreadIsBlocked()
    {
        // The GUI thread runs no event loop for the whole test: readings go
        // from the sampling thread to the writer thread and onto disk
        // without it; the live state, which lives here, gets nothing until
        // this thread's loop runs.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("h.sqlite"));
        HistoryService history(path);
        Engine engine;
        LiveState state;
        Recorder probe;
        engine.addConsumer(&state, &LiveState::ingestBatch);
        engine.addThreadSafeConsumer(&history, &HistoryService::ingestBatch);
        engine.addThreadSafeConsumer(&probe, &Recorder::consume);
        Source source(std::make_unique<DemoTicks>(), 10ms);
        engine.attach(&source);
        history.start();
        source.start();
        QVERIFY(probe.m_calls.tryAcquire(20, 10'000));
        source.stop();
        history.stop(); // commits on the writer thread; needs no loop here

        QVERIFY(!probe.threads().contains(QThread::currentThread()));
        QVERIFY(state.servers().isEmpty());
        const QString server = DemoWorld::serverNames().first();
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->servers(), QStringList{server});
        const auto series = store->seriesOf(server);
        QVERIFY(!series.isEmpty());
        const auto stored = store->query(series.first(), kT0, kT0 + 3'600'000, 10'000);
        QVERIFY2(stored.error.isEmpty(), qPrintable(stored.error));
        QVERIFY(!stored.buckets.isEmpty());
        QCOMPARE(history.newestMs(server), probe.readings().last().timestampMs);

        QCoreApplication::processEvents();
        QCOMPARE(state.servers(), QStringList{server});
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
