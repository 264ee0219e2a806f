#include "util/jobtracker.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>

#include <atomic>

using namespace gw;

namespace {
constexpr int kWaitMs = 10'000;
} // namespace

class TestJobTracker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theResultComesBackOnTheStartingThread()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        QThread* workThread = nullptr;
        QString workThreadName;
        QThread* doneThread = nullptr;
        int got = 0;
        const quint64 generation = jobs.start(
            [&](JobControl&) {
                workThread = QThread::currentThread();
                workThreadName = workThread->objectName();
                return 42;
            },
            [&](int result) {
                doneThread = QThread::currentThread();
                got = result;
            });
        QCOMPARE(generation, quint64(1));
        QVERIFY(jobs.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(got, 42, kWaitMs);
        QVERIFY(!jobs.isRunning());
        QVERIFY(workThread != QThread::currentThread());
        QCOMPARE(workThreadName, QStringLiteral("gw-test-job"));
        QCOMPARE(doneThread, QThread::currentThread());
    }

    void aNewerJobDropsTheOlderOnesResult()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        QSemaphore release;
        std::atomic<bool> oldSawCancel{false};
        QList<int> delivered;
        jobs.start(
            [&](JobControl& job) {
                release.acquire();
                oldSawCancel = job.isCancelled();
                return 1;
            },
            [&](int r) { delivered << r; });
        const quint64 newer =
            jobs.start([](JobControl&) { return 2; }, [&](int r) { delivered << r; });
        QCOMPARE(newer, quint64(2));
        QCOMPARE(jobs.generation(), quint64(2));
        QTRY_COMPARE_WITH_TIMEOUT(delivered, QList<int>{2}, kWaitMs);
        // The old job ends after the new one delivered: its answer is stale.
        release.release();
        QVERIFY(jobs.waitForThreads(kWaitMs));
        QCoreApplication::processEvents();
        QTest::qWait(50);
        QCOMPARE(delivered, QList<int>{2});
        QVERIFY(oldSawCancel.load());
        QVERIFY(!jobs.isRunning());
    }

    void discardDropsTheCurrentResult()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        QSemaphore release;
        bool delivered = false;
        jobs.start(
            [&](JobControl&) {
                release.acquire();
                return true;
            },
            [&](bool) { delivered = true; });
        jobs.discard();
        QVERIFY(!jobs.isRunning());
        release.release();
        QVERIFY(jobs.waitForThreads(kWaitMs));
        QTest::qWait(50);
        QVERIFY(!delivered);
    }

    void cancelStopsTheWorkAndDeliversWhatItSays()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        QSemaphore started;
        QString said;
        jobs.start(
            [&](JobControl& job) {
                started.release();
                while (!job.isCancelled())
                    QThread::msleep(1);
                return QStringLiteral("cancelled");
            },
            [&](const QString& r) { said = r; });
        QVERIFY(started.tryAcquire(1, kWaitMs));
        QVERIFY(jobs.isRunning());
        jobs.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(said, QStringLiteral("cancelled"), kWaitMs);
        QVERIFY(!jobs.isRunning());
    }

    void progressIsRateLimitedAndKeepsTheLastNote()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        jobs.setProgressIntervalMs(20);
        QList<int> notes;
        bool done = false;
        jobs.start(
            [&](JobControl& job) {
                // About 200 ms of work reporting every millisecond.
                QElapsedTimer clock;
                clock.start();
                int i = 0;
                while (clock.elapsed() < 200) {
                    ++i;
                    job.progress([&notes, i] { notes << i; });
                    QThread::msleep(1);
                }
                job.progress([&notes, i] { notes << -i; }, true);
            },
            [&] { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, kWaitMs);
        // At most one note per 20 ms (plus the last), each in order, all
        // before the result.
        QVERIFY2(notes.size() >= 3 && notes.size() <= 12,
                 qPrintable(QString::number(notes.size())));
        QVERIFY(notes.last() < 0);
        for (qsizetype i = 1; i + 1 < notes.size(); ++i)
            QVERIFY(notes[i] > notes[i - 1]);
    }

    void aStaleJobsProgressIsDropped()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        QSemaphore release;
        int oldNotes = 0;
        bool newDone = false;
        jobs.start(
            [&](JobControl& job) {
                release.acquire();
                job.progress([&] { ++oldNotes; }, true);
            },
            [] {});
        jobs.start([](JobControl&) {}, [&] { newDone = true; });
        release.release();
        QTRY_VERIFY_WITH_TIMEOUT(newDone, kWaitMs);
        QVERIFY(jobs.waitForThreads(kWaitMs));
        QTest::qWait(50);
        QCOMPARE(oldNotes, 0);
    }

    void destroyingTheTrackerCancelsAndWaitsForItsJob()
    {
        std::atomic<bool> sawCancel{false};
        std::atomic<bool> ended{false};
        bool delivered = false;
        QSemaphore started;
        {
            JobTracker jobs(QStringLiteral("gw-test-job"));
            jobs.start(
                [&](JobControl& job) {
                    started.release();
                    while (!job.isCancelled())
                        QThread::msleep(1);
                    sawCancel = true;
                    QThread::msleep(50); // still reading its owner's members
                    ended = true;
                },
                [&] { delivered = true; });
            QVERIFY(started.tryAcquire(1, kWaitMs));
        }
        QVERIFY(sawCancel.load());
        QVERIFY(ended.load());
        QTest::qWait(50);
        QVERIFY(!delivered);
    }

    void aJobFinishingAfterItsOwnerIsGoneDeliversNothing()
    {
        // A detaching tracker, as for work that holds only values: the owner
        // goes at once, the job ends later, its result goes nowhere.
        QSemaphore release;
        QSemaphore ended;
        QPointer<QThread> thread;
        auto* owner = new QObject;
        auto* jobs = new JobTracker(QStringLiteral("gw-test-job"), owner);
        jobs->setWaitOnDestroy(false);
        bool delivered = false;
        QElapsedTimer clock;
        jobs->start(
            [&release, &ended, &thread](JobControl& job) {
                thread = QThread::currentThread();
                release.acquire();
                job.progress([] {}, true);
                ended.release();
                return 7;
            },
            [&delivered](int) { delivered = true; });
        clock.start();
        delete owner;
        QVERIFY(clock.elapsed() < 1000); // did not wait
        release.release();
        QVERIFY(ended.tryAcquire(1, kWaitMs));
        // The thread object deletes itself once its work ended.
        QTRY_VERIFY_WITH_TIMEOUT(thread.isNull(), kWaitMs);
        QVERIFY(!delivered);
    }

    void aJobMayStartTheNextFromItsResult()
    {
        JobTracker jobs(QStringLiteral("gw-test-job"));
        QList<int> delivered;
        std::function<void(int)> onDone = [&](int r) {
            delivered << r;
            if (r < 3)
                jobs.start([r](JobControl&) { return r + 1; }, onDone);
        };
        jobs.start([](JobControl&) { return 1; }, onDone);
        QTRY_COMPARE_WITH_TIMEOUT(delivered, (QList<int>{1, 2, 3}), kWaitMs);
        QCOMPARE(jobs.generation(), quint64(3));
        QVERIFY(jobs.waitForThreads(kWaitMs));
    }
};

QTEST_GUILESS_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
