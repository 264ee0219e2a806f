#include "history/historyservice.h"
#include "sources/demoworld.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gw;

namespace {
constexpr qint64 kT0 = 1795305600000 + 12 * 3'600'000; // a fixed noon

SeriesKey utilOf(const Snapshot& s, int gpu)
{
    return SeriesKey{s.server, s.gpus[gpu].uuid, MetricId::GpuUtilization};
}

// Ten minutes of the demo fleet, one reading every 2 s.
QList<Snapshot> tenMinutes()
{
    QList<Snapshot> out;
    for (qint64 t = kT0; t < kT0 + 600'000; t += 2000)
        out.append(DemoWorld().at(t));
    return out;
}

HistoryResult ask(HistoryService& h, const SeriesKey& key, qint64 from, qint64 to, int points)
{
    QSignalSpy spy(&h, &HistoryProvider::resultReady);
    const quint64 id = h.request(key, from, to, points);
    HistoryResult result;
    bool got = false;
    for (int i = 0; i < 100 && !got; ++i) {
        if (spy.isEmpty())
            spy.wait(100);
        for (const auto& args : std::as_const(spy)) {
            if (args.at(0).toULongLong() == id) {
                result = args.at(1).value<HistoryResult>();
                got = true;
            }
        }
    }
    return result;
}
} // namespace

class TestHistoryService : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void storedReadingsComeBackThroughTheReaderThread()
    {
        QTemporaryDir dir;
        HistoryService h(dir.filePath(QStringLiteral("h.sqlite")));
        QSignalSpy opened(&h, &HistoryService::opened);
        QSignalSpy appended(&h, &HistoryProvider::dataAppended);
        h.start();
        QVERIFY(opened.wait(5000));
        const auto batch = tenMinutes();
        h.ingestBatch(batch);
        QVERIFY(appended.wait(5000)); // committed within about a second
        QCOMPARE(h.newestMs(QStringLiteral("gpu-lab-01")), batch.last().timestampMs);

        const SeriesKey key = utilOf(batch.first(), 0);
        const HistoryResult r = ask(h, key, kT0, kT0 + 600'000, 300);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.buckets.size(), 300);
        // Every 2 s bucket holds exactly the reading taken then.
        for (int i = 0; i < 300; i += 37) {
            const Snapshot& s = batch[i * 3];
            QCOMPARE(r.buckets[i].count, 1);
            QCOMPARE(r.buckets[i].mean, *s.gpus[0].utilizationGpuPercent);
        }
    }

    // More than kCommitReadings in one second (a demo's backfill): stored
    // whole, in several transactions, and backlog() says what is still to
    // be written until it is.
    void aBatchLargerThanATransactionIsStoredWholeAndItsBacklogCounted()
    {
        QTemporaryDir dir;
        HistoryService h(dir.filePath(QStringLiteral("h.sqlite")));
        QSignalSpy opened(&h, &HistoryService::opened);
        QSignalSpy appended(&h, &HistoryProvider::dataAppended);
        h.start();
        QVERIFY(opened.wait(5000));
        QList<Snapshot> hour;
        for (qint64 t = kT0; t < kT0 + 3'600'000; t += 2000)
            hour.append(DemoWorld(3).at(t));
        QVERIFY(hour.size() > HistoryService::kCommitReadings);
        QCOMPARE(h.backlog(), 0);
        h.ingestBatch(hour);
        QCOMPARE(h.backlog(), hour.size());
        QTRY_COMPARE_WITH_TIMEOUT(h.backlog(), 0, 10000);
        QVERIFY(!appended.isEmpty() || appended.wait(5000));
        const HistoryResult r = ask(h, utilOf(hour.first(), 0), kT0, kT0 + 3'600'000, 60);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        qint64 samples = 0;
        for (const auto& b : r.buckets)
            samples += b.count;
        QCOMPARE(samples, 1800);
    }

    void historyOutlivesARestart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("h.sqlite"));
        const auto batch = tenMinutes();
        {
            HistoryService h(path);
            QSignalSpy opened(&h, &HistoryService::opened);
            h.start();
            QVERIFY(opened.wait(5000));
            h.ingestBatch(batch);
            h.stop(); // commits what is pending
        }
        HistoryService again(path);
        QSignalSpy opened(&again, &HistoryService::opened);
        again.start();
        QVERIFY(opened.wait(5000));
        const HistoryResult r = ask(again, utilOf(batch.first(), 1), kT0, kT0 + 600'000, 60);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        qint64 samples = 0;
        for (const auto& b : r.buckets)
            samples += b.count;
        QCOMPARE(samples, 300);
    }

    void unusablePathIsReportedAndIngestGoesOn()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plain.txt"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a directory\n");
        f.close();
        // A path below a regular file cannot exist, even for root.
        HistoryService h(file + QStringLiteral("/history.sqlite"));
        QSignalSpy failed(&h, &HistoryService::failed);
        h.start();
        QVERIFY(failed.wait(5000));
        QVERIFY2(failed.first().first().toString().contains(QStringLiteral("plain.txt")),
                 qPrintable(failed.first().first().toString()));
        QVERIFY(!h.isOpen());
        h.ingestBatch(tenMinutes()); // must not crash or block
        const HistoryResult r =
            ask(h, utilOf(DemoWorld().serverAt(0, kT0), 0), kT0, kT0 + 1000, 10);
        QVERIFY(!r.error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHistoryService)
#include "tst_historyservice.moc"
