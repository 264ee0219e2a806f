// The loop behind `gpuwarden-cli record` (sources/recorder.h): its options,
// its rounds, repeats left out, failed reads survived, a full disk and a
// signal ending it.
#include "model/trace.h"
#include "sources/recorder.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

using namespace gw;
using namespace std::chrono_literals;

namespace {

Snapshot reading(const QString& server, qint64 ms)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = ms;
    s.backend = QStringLiteral("host");
    return s;
}

} // namespace

class TestRecorder : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void options_data()
    {
        QTest::addColumn<QString>("duration");
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("interval");
        QTest::addColumn<QString>("error"); // empty: accepted
        QTest::newRow("fine") << "10m"
                              << "run.jsonl"
                              << ""
                              << "";
        QTest::newRow("interval") << "3s"
                                  << "run.jsonl"
                                  << "200"
                                  << "";
        QTest::newRow("no duration") << ""
                                     << "run.jsonl"
                                     << ""
                                     << "--duration is required";
        QTest::newRow("bad duration") << "ten minutes"
                                      << "run.jsonl"
                                      << ""
                                      << "--duration: expected a whole number";
        QTest::newRow("zero duration") << "0m"
                                       << "run.jsonl"
                                       << ""
                                       << "more than zero";
        QTest::newRow("no output") << "10m"
                                   << ""
                                   << ""
                                   << "--output FILE is required";
        QTest::newRow("interval too small") << "10m"
                                            << "x"
                                            << "5"
                                            << "--interval-ms: expected";
        QTest::newRow("interval not a number") << "10m"
                                               << "x"
                                               << "1s"
                                               << "--interval-ms: expected 10..3600000, got \"1s\"";
    }
    void options()
    {
        QFETCH(QString, duration);
        QFETCH(QString, output);
        QFETCH(QString, interval);
        QFETCH(QString, error);
        QString why;
        const auto o = recordOptions(duration, output, interval, &why);
        if (error.isEmpty()) {
            QVERIFY2(o, qPrintable(why));
            QCOMPARE(o->path, output);
            QCOMPARE(o->interval, interval.isEmpty() ? 1000ms : 200ms);
        } else {
            QVERIFY(!o);
            QVERIFY2(why.contains(error), qPrintable(why));
        }
    }

    void recordsRoundsAndLeavesOutRepeats()
    {
        RecordOptions o;
        o.path = m_dir.filePath(QStringLiteral("rounds.jsonl"));
        o.duration = 1000ms;
        o.interval = 100ms;
        int round = 0;
        QStringList warnings;
        const auto r = recordTrace(
            o,
            [&](QString* error) -> QList<Snapshot> {
                ++round;
                if (round == 3) {
                    *error = QStringLiteral("agent not answering");
                    return {};
                }
                // "b" answers the same reading twice in a row (polled too fast).
                return {reading(QStringLiteral("a"), 1000 + round),
                        reading(QStringLiteral("b"), 5000 + round / 2)};
            },
            [&](const QString& w) { warnings << w; });
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(!r.interrupted);
        QVERIFY2(round >= 8 && round <= 12, qPrintable(QString::number(round)));
        QCOMPARE(r.failedReads, 1);
        QCOMPARE(warnings, QStringList{QStringLiteral("agent not answering")});
        QCOMPARE(r.servers, 2);
        QString error;
        const auto back = readTrace(o.path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->size(), r.written);
        QCOMPARE(r.written + r.repeated, 2 * (round - 1));
        QVERIFY(r.repeated >= 3);
    }

    void fullDiskEndsItAtOnce()
    {
        if (!QFile::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full");
        RecordOptions o;
        o.path = QStringLiteral("/dev/full");
        o.duration = 10s;
        o.interval = 100ms;
        int rounds = 0;
        QElapsedTimer t;
        t.start();
        const auto r = recordTrace(o, [&](QString*) {
            ++rounds;
            return QList<Snapshot>{reading(QStringLiteral("a"), 1000 + rounds)};
        });
        QVERIFY(t.elapsed() < 2000);
        QCOMPARE(rounds, 1);
        QCOMPARE(r.written, 0);
        QVERIFY2(r.error.contains(QStringLiteral("No space left on device")), qPrintable(r.error));
    }

    void signalStopsItWithWholeLines()
    {
        RecordOptions o;
        o.path = m_dir.filePath(QStringLiteral("signal.jsonl"));
        o.duration = 30s;
        o.interval = 50ms;
        QTimer::singleShot(400ms, [] { std::raise(SIGTERM); });
        QElapsedTimer t;
        t.start();
        qint64 ms = 0;
        const auto r = recordTrace(
            o, [&](QString*) { return QList<Snapshot>{reading(QStringLiteral("a"), ++ms)}; });
        QVERIFY(t.elapsed() < 5000);
        QVERIFY(r.interrupted);
        QVERIFY(r.error.isEmpty());
        QVERIFY(r.written >= 3);
        QString error;
        const auto back = readTrace(o.path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->size(), r.written);
    }
};

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
