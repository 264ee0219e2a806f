#include "sources/source.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <atomic>

using namespace gw;
using namespace std::chrono_literals;

namespace {
class CountingProducer final : public Producer
{
public:
    explicit CountingProducer(std::atomic<QThread*>* thread, std::atomic<bool>* destroyed = nullptr)
        : m_thread(thread)
        , m_destroyed(destroyed)
    {}
    ~CountingProducer() override
    {
        if (m_destroyed)
            *m_destroyed = true;
    }
    QString init() override
    {
        *m_thread = QThread::currentThread();
        return QStringLiteral("counting");
    }
    QList<Snapshot> produce() override
    {
        Snapshot s;
        s.server = QStringLiteral("c");
        s.timestampMs = ++m_n;
        return {s};
    }
    QList<Snapshot> backfill(qint64, qint64) override
    {
        Snapshot s;
        s.server = QStringLiteral("past");
        return {s, s};
    }

private:
    std::atomic<QThread*>* m_thread;
    std::atomic<bool>* m_destroyed;
    qint64 m_n = 0;
};
// Knows the past one reading every 50 ms, and takes long to tell it the
// first time (a week of a fleet to simulate, a slow server).
class SlowBackfillProducer final : public Producer
{
public:
    static constexpr qint64 kStepMs = 50;
    QString init() override { return QStringLiteral("slow backfill"); }
    QList<Snapshot> produce() override { return {at(QDateTime::currentMSecsSinceEpoch())}; }
    QList<Snapshot> backfill(qint64 fromMs, qint64 toMs) override
    {
        if (m_calls++ == 0)
            QThread::msleep(600);
        QList<Snapshot> out;
        for (qint64 t = (fromMs + kStepMs - 1) / kStepMs * kStepMs; t < toMs; t += kStepMs)
            out.append(at(t));
        return out;
    }

private:
    static Snapshot at(qint64 ms)
    {
        Snapshot s;
        s.server = QStringLiteral("s");
        s.timestampMs = ms;
        return s;
    }
    int m_calls = 0;
};

// Knows the past one reading a second, as much of it as asked.
class SecondsProducer final : public Producer
{
public:
    QString init() override { return QStringLiteral("seconds"); }
    QList<Snapshot> produce() override { return {at(QDateTime::currentMSecsSinceEpoch())}; }
    QList<Snapshot> backfill(qint64 fromMs, qint64 toMs) override
    {
        QList<Snapshot> out;
        for (qint64 t = (fromMs + 999) / 1000 * 1000; t < toMs; t += 1000)
            out.append(at(t));
        return out;
    }

private:
    static Snapshot at(qint64 ms)
    {
        Snapshot s;
        s.server = QStringLiteral("s");
        s.timestampMs = ms;
        return s;
    }
};
// Fails its 2nd and 3rd readings, then recovers.
class FlakyProducer final : public Producer
{
public:
    QString init() override { return QStringLiteral("flaky at start"); }
    QList<Snapshot> produce() override
    {
        ++m_n;
        if (m_n == 2 || m_n == 3)
            return {};
        Snapshot s;
        s.server = QStringLiteral("f");
        s.timestampMs = m_n;
        return {s};
    }
    QString problem() const override
    {
        return m_n == 2 || m_n == 3 ? QStringLiteral("server stopped answering") : QString();
    }

private:
    int m_n = 0;
};
// Answers at once and notes when each poll started (read after stop(),
// once the worker thread has ended).
class TimedProducer final : public Producer
{
public:
    explicit TimedProducer(QList<qint64>* startsMs)
        : m_startsMs(startsMs)
    {
        m_clock.start();
    }
    QString init() override { return QStringLiteral("timed"); }
    QList<Snapshot> produce() override
    {
        m_startsMs->append(m_clock.elapsed());
        return {Snapshot()};
    }

private:
    QList<qint64>* m_startsMs;
    QElapsedTimer m_clock;
};

// What a SlowProducer saw, readable from the test's thread.
struct SlowRecord
{
    std::atomic<int> polls{0};
    std::atomic<int> open{0};
    std::atomic<int> mostOpen{0};
    std::atomic<bool> destroyed{false};
};

// Answers each poll `delay` later from its event loop, like a server; the
// answer's timer belongs to the producer, so it dies with it.
class SlowProducer final : public AsyncProducer
{
public:
    SlowProducer(SlowRecord* record, std::chrono::milliseconds delay)
        : m_record(record)
        , m_delay(delay)
    {}
    ~SlowProducer() override { m_record->destroyed = true; }
    void init(StatusCallback done) override { done(QStringLiteral("slow")); }
    void produce(SnapshotsCallback done) override
    {
        ++m_record->polls;
        const int open = ++m_record->open;
        m_record->mostOpen = std::max(m_record->mostOpen.load(), open);
        QTimer::singleShot(m_delay, this, [this, done] {
            --m_record->open;
            Snapshot s;
            s.server = QStringLiteral("slow");
            done({s});
        });
    }

private:
    SlowRecord* m_record;
    std::chrono::milliseconds m_delay;
};
} // namespace

class TestSource : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void samplesOffTheGuiThreadAndDeliversOnIt()
    {
        std::atomic<QThread*> producerThread{nullptr};
        Source source(std::make_unique<CountingProducer>(&producerThread), 20ms);
        QSignalSpy status(&source, &Source::statusChanged);
        QSignalSpy snaps(&source, &Source::snapshotReady);
        QThread* receivedOn = nullptr;
        connect(&source, &Source::snapshotReady, this,
                [&] { receivedOn = QThread::currentThread(); });
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(snaps.size() >= 3, 5000);
        QCOMPARE(status.first().first().toString(), QStringLiteral("counting"));
        QVERIFY(producerThread.load() != nullptr);
        QVERIFY(producerThread.load() != QThread::currentThread());
        QCOMPARE(receivedOn, QThread::currentThread());
        // In order, none lost.
        for (int i = 0; i < 3; ++i)
            QCOMPARE(snaps.at(i).first().value<Snapshot>().timestampMs, qint64(i + 1));
        source.stop();
        QVERIFY(!source.isRunning());
        const auto n = snaps.size();
        QTest::qWait(80);
        QCOMPARE(snaps.size(), n); // nothing after stop
    }

    void aPollOfManyServersIsHandedOnOnce()
    {
        // produced() feeds the engine: one batch per poll, however many
        // servers it read, not one hand-over (and one lock) per server.
        class ThreeServers final : public Producer
        {
        public:
            QString init() override { return QStringLiteral("three"); }
            QList<Snapshot> produce() override
            {
                QList<Snapshot> out;
                for (const char* name : {"a", "b", "c"}) {
                    Snapshot s;
                    s.server = QString::fromLatin1(name);
                    s.timestampMs = ++m_t;
                    out.append(s);
                }
                return out;
            }

        private:
            qint64 m_t = 0;
        };
        // Batches still queued when the test ends go with the receiver.
        QList<qsizetype> batches;
        QObject receiver;
        Source source(std::make_unique<ThreeServers>(), 20ms);
        connect(&source, &Source::produced, &receiver,
                [&](const QList<Snapshot>& b) { batches.append(b.size()); });
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(batches.size() >= 2, 5000);
        source.stop();
        QVERIFY(std::all_of(batches.begin(), batches.end(), [](qsizetype n) { return n == 3; }));
    }

    void aProblemReplacesTheStatusWhileItLasts()
    {
        Source source(std::make_unique<FlakyProducer>(), 20ms);
        QSignalSpy status(&source, &Source::statusChanged);
        QSignalSpy snaps(&source, &Source::snapshotReady);
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(snaps.size() >= 3, 5000);
        source.stop();
        QStringList said;
        for (const auto& args : status)
            said.append(args.first().toString());
        // Once each, in order: no repeat while the problem lasts.
        QCOMPARE(said, (QStringList{QStringLiteral("flaky at start"),
                                    QStringLiteral("server stopped answering"),
                                    QStringLiteral("flaky at start")}));
    }

    void backfillComesBeforeLiveData()
    {
        std::atomic<QThread*> t{nullptr};
        Source source(std::make_unique<CountingProducer>(&t), 1000ms);
        QStringList order;
        connect(&source, &Source::backfillReady, this, [&](const QList<Snapshot>& s) {
            order.append(QStringLiteral("backfill %1").arg(s.size()));
        });
        connect(&source, &Source::snapshotReady, this,
                [&] { order.append(QStringLiteral("live")); });
        source.start(60min);
        QTRY_VERIFY_WITH_TIMEOUT(order.size() >= 2, 5000);
        QCOMPARE(order.first(), QStringLiteral("backfill 2"));
        QCOMPARE(order.at(1), QStringLiteral("live"));
    }

    // The first live reading comes once the backfill is made: what passed
    // meanwhile is backfilled too, so the record has no silence between the
    // past and the present (which a report would call a gap).
    void noSilenceBetweenTheBackfillAndTheFirstLiveReading()
    {
        Source source(std::make_unique<SlowBackfillProducer>(), 50ms);
        QList<qint64> times;
        int live = 0;
        connect(&source, &Source::backfillReady, this, [&](const QList<Snapshot>& past) {
            for (const Snapshot& s : past)
                times.append(s.timestampMs);
        });
        connect(&source, &Source::snapshotReady, this, [&](const Snapshot& s) {
            times.append(s.timestampMs);
            ++live;
        });
        source.start(1s);
        QTRY_VERIFY_WITH_TIMEOUT(live >= 2, 5000);
        source.stop();
        QVERIFY(times.size() > 20);
        for (qsizetype i = 1; i < times.size(); ++i) {
            QVERIFY2(times[i] > times[i - 1], qPrintable(QString::number(i)));
            // Within the rule of gaps: 3 intervals.
            QVERIFY2(times[i] - times[i - 1] <= 3 * SlowBackfillProducer::kStepMs,
                     qPrintable(QStringLiteral("%1 ms of silence before reading %2 of %3")
                                    .arg(times[i] - times[i - 1])
                                    .arg(i)
                                    .arg(times.size())));
        }
    }

    // Six hours at 1 Hz: 21,600 readings. They come in parts of about
    // kBackfillPartReadings (a week of 16 demo servers made at once was
    // 2.3 GB), every one of them once and in order; a part after the first
    // waits while the gate is closed, and the present shows meanwhile.
    void aLongBackfillComesInPartsAsTheGateAllowsWhileThePresentShows()
    {
        Source source(std::make_unique<SecondsProducer>(), 50ms);
        std::atomic<bool> open{false};
        source.setBackfillGate([&open] { return open.load(); });
        QList<qint64> times;
        qsizetype largestPart = 0;
        int parts = 0;
        int presents = 0;
        int live = 0;
        QList<int> progress;
        connect(&source, &Source::backfillReady, this, [&](const QList<Snapshot>& past) {
            ++parts;
            largestPart = std::max(largestPart, past.size());
            for (const Snapshot& s : past)
                times.append(s.timestampMs);
        });
        connect(&source, &Source::presentReady, this, [&](const QList<Snapshot>& present) {
            QCOMPARE(present.size(), 1);
            QCOMPARE(live, 0); // only while the past is made
            ++presents;
        });
        connect(&source, &Source::snapshotReady, this, [&] { ++live; });
        connect(&source, &Source::backfillProgress, this, [&](int p) { progress.append(p); });
        const qint64 started = QDateTime::currentMSecsSinceEpoch();
        source.start(6h);
        // The gate is closed: the first part, and the present again and again.
        QTRY_VERIFY_WITH_TIMEOUT(presents >= 3, 5000);
        QCOMPARE(parts, 1);
        QCOMPARE(live, 0);
        open = true;
        QTRY_VERIFY_WITH_TIMEOUT(live >= 1, 10000);
        source.stop();
        QVERIFY2(largestPart <= 2 * Source::kBackfillPartReadings,
                 qPrintable(QString::number(largestPart)));
        QVERIFY2(parts >= 21'600 / (2 * Source::kBackfillPartReadings),
                 qPrintable(QString::number(parts)));
        QVERIFY(times.size() >= 21'600);
        QVERIFY(times.first() >= started - 6 * 3'600'000 &&
                times.first() < started - 6 * 3'600'000 + 2000);
        for (qsizetype i = 1; i < times.size(); ++i)
            QCOMPARE(times[i] - times[i - 1], 1000);
        QVERIFY(progress.size() > 2);
        QVERIFY(std::is_sorted(progress.cbegin(), progress.cend()));
        QCOMPARE(progress.last(), 100);
    }

    void destroyingARunningSourceStopsIt()
    {
        std::atomic<QThread*> t{nullptr};
        std::atomic<bool> destroyed{false};
        auto source =
            std::make_unique<Source>(std::make_unique<CountingProducer>(&t, &destroyed), 5ms);
        QSignalSpy snaps(source.get(), &Source::snapshotReady);
        source->start();
        QTRY_VERIFY(snaps.size() >= 1);
        QVERIFY(!destroyed);
        source.reset();
        // The destructor joined the worker, which closed the producer (its
        // samplers) on its own thread before returning.
        QVERIFY(destroyed);
    }

    void pollsStartOneIntervalApart()
    {
        QList<qint64> starts;
        Source source(std::make_unique<TimedProducer>(&starts), 100ms);
        QSignalSpy snaps(&source, &Source::snapshotReady);
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(snaps.size() >= 4, 5000);
        source.stop();
        QVERIFY(starts.size() >= 4);
        // Not back to back: a coarse timer may fire up to 5 % early, and the
        // starts are read in whole ms (94 ms seen under ASan).
        for (qsizetype i = 1; i < starts.size(); ++i)
            QVERIFY2(starts[i] - starts[i - 1] >= 90,
                     qPrintable(QStringLiteral("poll %1 started %2 ms after the one before")
                                    .arg(i)
                                    .arg(starts[i] - starts[i - 1])));
    }

    void aSlowProducerDelaysTheNextPollInsteadOfOverlapping()
    {
        SlowRecord record;
        // Each answer takes more than seven intervals.
        Source source(std::make_unique<SlowProducer>(&record, 150ms), 20ms);
        QSignalSpy snaps(&source, &Source::snapshotReady);
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(snaps.size() >= 4, 5000);
        source.stop();
        QCOMPARE(record.mostOpen.load(), 1);
        // Every poll answered but perhaps the last, cut off by stop().
        QVERIFY(record.polls - snaps.size() <= 1);
    }

    void stopDuringAPollDestroysTheProducerWithoutItsAnswer()
    {
        SlowRecord record;
        Source source(std::make_unique<SlowProducer>(&record, 10s), 20ms);
        QSignalSpy snaps(&source, &Source::snapshotReady);
        QSignalSpy status(&source, &Source::statusChanged);
        source.start();
        QTRY_COMPARE_WITH_TIMEOUT(record.polls.load(), 1, 5000);
        QElapsedTimer clock;
        clock.start();
        source.stop();
        QVERIFY2(clock.elapsed() < 1000, "stop() waited for the answer");
        QVERIFY(!source.isRunning());
        QVERIFY(record.destroyed);
        QCOMPARE(record.open.load(), 1); // never answered
        QCOMPARE(record.polls.load(), 1);
        QCOMPARE(snaps.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSource)
#include "tst_source.moc"
