// A writer killed with SIGKILL mid-ingest leaves a file that opens, passes
// integrity_check and holds every batch the writer had committed. The child is
// this binary started with --ingest <path>.

#include "history/historystore.h"
#include "integritycheck.h"
#include "sources/demoworld.h"

#include <QCoreApplication>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <thread>

using namespace gw;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000;
constexpr qint64 kStepMs = 1000;

// Appends one demo fleet second per batch, forever; after each commit says
// which timestamp is now stored.
int ingest(const QString& path)
{
    QString error;
    auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
    if (!store) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    DemoWorld fleet;
    for (qint64 t = kT0;; t += kStepMs) {
        if (!store->append(fleet.at(t), &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 3;
        }
        std::printf("%lld\n", static_cast<long long>(t));
        std::fflush(stdout);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

} // namespace

class TestHistoryCrash : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void killedWriterLosesNothingCommitted()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("crash.db"));
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--ingest"), path});
        QVERIFY(child.waitForStarted());
        QByteArray out;
        // Past the first hour: chunks sealed, roll-ups merged, new chunks open.
        const qint64 killAfter = kT0 + 3700 * kStepMs;
        qint64 lastReported = 0;
        while (lastReported < killAfter) {
            QVERIFY2(child.waitForReadyRead(10000), child.readAllStandardError().constData());
            out += child.readAllStandardOutput();
            const QList<QByteArray> lines = out.trimmed().split('\n');
            lastReported = lines.last().toLongLong();
        }
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished());
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        out += child.readAllStandardOutput();
        lastReported = out.trimmed().split('\n').last().toLongLong();

        QCOMPARE(test::integrityCheck(path), QStringLiteral("ok"));

        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        const QString server = DemoWorld::serverNames().first();
        const Snapshot ref = DemoWorld().serverAt(0, kT0);
        const SeriesKey key{server, ref.gpus.first().uuid, MetricId::GpuTemperature};
        const qint64 end = lastReported + 10 * kStepMs;
        const int points = int((end - kT0) / kStepMs);
        const HistoryResult r = store->query(key, kT0, end, points);
        qint64 newest = 0;
        qint64 samples = 0;
        for (const HistoryBucket& b : r.buckets) {
            if (b.count) {
                newest = b.startMs;
                samples += b.count;
            }
        }
        // Every reported commit is there; at most the batch in flight is not.
        QVERIFY2(newest >= lastReported, qPrintable(QString::number(lastReported - newest)));
        QVERIFY(newest <= lastReported + kStepMs);
        QCOMPARE(samples, (newest - kT0) / kStepMs + 1);

        // The roll-ups hold what the chunks hold.
        const HistoryResult hours = store->query(key, kT0 / 3600000 * 3600000, end + 3600000, 1);
        qint64 rolled = 0;
        for (const HistoryBucket& b : hours.buckets)
            rolled += b.count;
        QCOMPARE(hours.level, HistoryLevel::Hour);
        QCOMPARE(rolled, samples);

        // Ingest goes on after the crash.
        QVERIFY2(store->append(DemoWorld().at(newest + kStepMs), &error), qPrintable(error));
    }
};

int main(int argc, char** argv)
{
    if (argc == 3 && qstrcmp(argv[1], "--ingest") == 0) {
        QCoreApplication app(argc, argv);
        return ingest(QString::fromLocal8Bit(argv[2]));
    }
    QCoreApplication app(argc, argv);
    TestHistoryCrash test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_historycrash.moc"
