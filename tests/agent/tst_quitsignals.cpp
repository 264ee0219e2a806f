// SIGTERM/SIGINT reach the main thread's event loop through the self-pipe,
// whichever thread the signal interrupted.
#include "util/quitsignals.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <csignal>
#include <thread>

using namespace gw;

class TestQuitSignals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sigtermRunsTheSlotOnTheMainThread()
    {
        QuitOnSignals quit;
        QVERIFY(quit.isActive());
        QThread* ranOn = nullptr;
        int number = 0;
        connect(&quit, &QuitOnSignals::received, this, [&](int n) {
            ranOn = QThread::currentThread();
            number = n;
        });
        QSignalSpy spy(&quit, &QuitOnSignals::received);
        QCOMPARE(std::raise(SIGTERM), 0);
        // Nothing ran inside the handler: only the event loop delivers it.
        QCOMPARE(spy.count(), 0);
        QVERIFY(spy.wait(2000));
        QCOMPARE(number, SIGTERM);
        QCOMPARE(ranOn, QCoreApplication::instance()->thread());
    }

    void aSignalCaughtOnAnotherThreadStillArrivesOnTheMainThread()
    {
        QuitOnSignals quit;
        QThread* ranOn = nullptr;
        connect(&quit, &QuitOnSignals::received, this,
                [&](int) { ranOn = QThread::currentThread(); });
        QSignalSpy spy(&quit, &QuitOnSignals::received);
        // raise() delivers to the calling thread.
        std::thread([] { std::raise(SIGINT); }).join();
        QVERIFY(spy.wait(2000));
        QCOMPARE(spy.first().first().toInt(), SIGINT);
        QCOMPARE(ranOn, QCoreApplication::instance()->thread());
    }

    void quitApplicationLeavesTheEventLoop()
    {
        const auto quit = QuitOnSignals::quitApplication();
        QVERIFY(quit->isActive());
        // Raised from inside the loop; exec() returns only if it quits.
        QMetaObject::invokeMethod(
            this, [] { std::raise(SIGTERM); }, Qt::QueuedConnection);
        QTimer guard; // not the test: a way out should the signal not quit
        guard.setSingleShot(true);
        connect(&guard, &QTimer::timeout, this, [] { QCoreApplication::exit(3); });
        guard.start(5000);
        QCOMPARE(QCoreApplication::exec(), 0);
    }

    void onlyOneInstanceInstallsAndTheHandlersGoWithIt()
    {
        const auto handler = [] {
            struct sigaction current = {};
            if (::sigaction(SIGTERM, nullptr, &current) != 0)
                return static_cast<void (*)(int)>(nullptr);
            return current.sa_handler;
        };
        const auto before = handler(); // QtTest's own, or the default
        {
            QuitOnSignals first;
            QuitOnSignals second;
            QVERIFY(first.isActive());
            QVERIFY(!second.isActive());
            QVERIFY(handler() != before);
        }
        // Gone with the instance: the previous handler is back.
        QVERIFY(handler() == before);
        // Restored: a new instance can install again.
        QuitOnSignals again;
        QVERIFY(again.isActive());
        struct sigaction current = {};
        QCOMPARE(::sigaction(SIGTERM, nullptr, &current), 0);
        QVERIFY(current.sa_handler != SIG_DFL);
    }

    void sighupIsLeftAloneUnlessAskedFor()
    {
        const auto hupHandler = [] {
            struct sigaction current = {};
            ::sigaction(SIGHUP, nullptr, &current);
            return current.sa_handler;
        };
        const auto before = hupHandler();
        {
            QuitOnSignals quit;
            QVERIFY(hupHandler() == before);
        }
        {
            QuitOnSignals quit(QuitOnSignals::HangUp::Deliver);
            QVERIFY(hupHandler() != before);
        }
        QVERIFY(hupHandler() == before);
    }

    void sighupCallsTheHangUpHandlerAndTheLoopGoesOn()
    {
        int hangUps = 0;
        const auto quit = QuitOnSignals::quitApplication([&] {
            ++hangUps;
            if (hangUps == 2)
                std::raise(SIGTERM); // the way out: SIGTERM still quits
            else
                std::raise(SIGHUP);
        });
        QMetaObject::invokeMethod(
            this, [] { std::raise(SIGHUP); }, Qt::QueuedConnection);
        QTimer guard; // not the test: a way out should the signals not arrive
        guard.setSingleShot(true);
        connect(&guard, &QTimer::timeout, this, [] { QCoreApplication::exit(3); });
        guard.start(5000);
        QCOMPARE(QCoreApplication::exec(), 0);
        QCOMPARE(hangUps, 2);
    }
};

QTEST_GUILESS_MAIN(TestQuitSignals)
#include "tst_quitsignals.moc"
