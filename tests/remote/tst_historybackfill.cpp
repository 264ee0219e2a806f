// The desktop's backfill beyond the one-hour catch-up: a real in-process
// agent serving its history store (/v1/history) with a clock two hours
// ahead, and the desktop's own history file, last written three days ago.
#include "agent/agentserver.h"
#include "history/historystore.h"
#include "historyagent.h"
#include "remote/agentlinks.h"
#include "remote/historybackfill.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>

using namespace gw;

namespace {

constexpr qint64 kMinuteMs = 60'000;
constexpr qint64 kHourMs = 3'600'000;
constexpr qint64 kDayMs = 24 * kHourMs;
constexpr qint64 kSkewMs = 2 * kHourMs; // the agent's clock runs two hours ahead

// A value that differs minute by minute, so a reading filed a minute off is
// caught.
double utilisationAt(qint64 agentMs)
{
    return double((agentMs / kMinuteMs) % 97);
}

// One reading a minute of a two-GPU server in [from, to) of `clock`, filed
// under `server`; `shift` turns the times into the agent's for the values.
QList<Snapshot> minutes(const QString& server, qint64 from, qint64 to, qint64 shift)
{
    QList<Snapshot> out;
    for (qint64 ms = from; ms < to; ms += kMinuteMs) {
        Snapshot s;
        s.server = server;
        s.timestampMs = ms;
        s.intervalMs = kMinuteMs;
        s.host.cpuPercent = 12.5;
        GpuSample a;
        a.index = 0;
        a.uuid = QStringLiteral("GPU-a");
        a.utilizationGpuPercent = utilisationAt(ms + shift);
        GpuSample b;
        b.index = 1;
        b.uuid = QStringLiteral("GPU-b");
        b.memoryUsedMiB = 2048;
        s.gpus = {a, b};
        out << s;
    }
    return out;
}

} // namespace

class TestHistoryBackfill : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Closed for three days: after the backfill the desktop's store has the
    // three days (up to the hour the catch-up brings), on its own clock,
    // with no gap where it was closed.
    void closedForThreeDaysSeesThem()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const qint64 now = QDateTime::currentMSecsSinceEpoch() / kMinuteMs * kMinuteMs;
        const qint64 closedAt = now - 3 * kDayMs;
        QString error;

        // The agent recorded four days on its clock (under its own name).
        const QString agentFile = dir.filePath(QStringLiteral("agent.sqlite"));
        {
            auto store = HistoryStore::open(agentFile, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->append(minutes(QStringLiteral("gpu-node-7"), now + kSkewMs - 4 * kDayMs,
                                           now + kSkewMs, 0),
                                   &error),
                     qPrintable(error));
            QVERIFY(store->flush(&error));
        }
        AgentServer agent(gw::test::historyAgentConfig(agentFile));
        agent.setClock([] { return QDateTime::currentMSecsSinceEpoch() + kSkewMs; });
        QVERIFY2(agent.listen(&error), qPrintable(error));

        // The desktop saw the server (as "lab1") for two days, until three
        // days ago.
        const QString desktopFile = dir.filePath(QStringLiteral("desktop.sqlite"));
        auto desktop = HistoryStore::open(desktopFile, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(desktop, qPrintable(error));
        QVERIFY(desktop->append(
            minutes(QStringLiteral("lab1"), closedAt - 2 * kDayMs, closedAt, kSkewMs), &error));
        const std::optional<qint64> newest = desktop->newestSampleMs(&error);
        QVERIFY(newest);

        QNetworkAccessManager nam;
        const RemoteServer server{QStringLiteral("lab1"),
                                  QUrl(QStringLiteral("http://127.0.0.1:%1").arg(agent.port())),
                                  "r3ad",
                                  {}};
        HistoryBackfill backfill(server, &nam);
        qint64 stored = 0;
        connect(&backfill, &HistoryBackfill::readings, this, [&](const QList<Snapshot>& batch) {
            QString why;
            QVERIFY2(desktop->append(batch, &why), qPrintable(why));
            stored += batch.size();
        });
        QSignalSpy finished(&backfill, &HistoryBackfill::finished);
        const qint64 until = now - AgentLink::kCatchUpMs;
        backfill.start(desktop->seriesOf(QStringLiteral("lab1")), *newest + 1, until);
        QVERIFY(finished.wait(60'000));
        QCOMPARE(finished.first().at(0).toString(), QString());
        QVERIFY(std::abs(backfill.clockOffsetMs() - kSkewMs) < 1000);
        // 3 days less the catch-up hour, one a minute (the desktop's last
        // minute again is dropped as already stored).
        const qint64 expected = (until - closedAt) / kMinuteMs;
        QVERIFY2(std::abs(stored - expected) <= 2, qPrintable(QString::number(stored)));
        QCOMPARE(finished.first().at(1).toLongLong(), stored);

        const SeriesKey util{QStringLiteral("lab1"), QStringLiteral("GPU-a"),
                             MetricId::GpuUtilization};
        // Every hour of the three days has its readings, and there is no gap
        // from the desktop's own record into the backfilled one.
        const HistoryResult hours = desktop->query(util, closedAt - kDayMs, until, 96);
        QVERIFY(hours.error.isEmpty());
        for (const HistoryBucket& b : hours.buckets)
            QVERIFY2(b.count > 0 || b.startMs >= until - kHourMs,
                     qPrintable(QDateTime::fromMSecsSinceEpoch(b.startMs).toString()));
        QVERIFY(historyGaps(hours.buckets).isEmpty());
        // On the desktop's clock: the value at t is the agent's at t + 2 h.
        const QList<RawSample> day2 =
            desktop->samples(util, now - 2 * kDayMs, now - 2 * kDayMs + 10 * kMinuteMs, &error);
        QCOMPARE(day2.size(), 10);
        for (const RawSample& s : day2) {
            QCOMPARE(s.ms % kMinuteMs, 0);
            QCOMPARE(s.value, std::optional<double>(utilisationAt(s.ms + kSkewMs)));
            QCOMPARE(s.intervalMs, kMinuteMs);
        }
        const SeriesKey memory{QStringLiteral("lab1"), QStringLiteral("GPU-b"),
                               MetricId::GpuMemoryUsed};
        QCOMPARE(desktop->samples(memory, now - kDayMs, now - kDayMs + kMinuteMs).value(0).value,
                 std::optional<double>(2048));
    }

    // The same through the fleet of links, as the desktop runs it: the
    // backfill's readings come first, then the link's catch-up, so the
    // store keeps them all (none dropped as older) and has the three days.
    void linksBackfillBeforeTheyCatchUp()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const qint64 now = QDateTime::currentMSecsSinceEpoch() / kMinuteMs * kMinuteMs;
        const qint64 closedAt = now - 3 * kDayMs;
        QString error;
        const QString agentFile = dir.filePath(QStringLiteral("agent.sqlite"));
        {
            auto store = HistoryStore::open(agentFile, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(store->append(
                minutes(QStringLiteral("gpu-node-7"), now + kSkewMs - 4 * kDayMs, now + kSkewMs, 0),
                &error));
            QVERIFY(store->flush(&error));
        }
        AgentServer agent(gw::test::historyAgentConfig(agentFile));
        agent.setClock([] { return QDateTime::currentMSecsSinceEpoch() + kSkewMs; });
        QVERIFY2(agent.listen(&error), qPrintable(error));
        // The agent's newest readings: the link's catch-up.
        for (const Snapshot& s :
             minutes(QStringLiteral("gpu-node-7"), now + kSkewMs - 5 * kMinuteMs, now + kSkewMs, 0))
            agent.publish(s);

        const QString desktopFile = dir.filePath(QStringLiteral("desktop.sqlite"));
        auto desktop = HistoryStore::open(desktopFile, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(desktop, qPrintable(error));
        QVERIFY(desktop->append(
            minutes(QStringLiteral("lab1"), closedAt - 2 * kDayMs, closedAt, kSkewMs), &error));

        AgentLinks links;
        links.setBackfillHistory(desktopFile);
        // The backfill waits for the catch-up gate (closed for a while, as
        // while the window lags), then comes all the same.
        auto gateOpen = std::make_shared<std::atomic<bool>>(false);
        links.setCatchUpGate([gateOpen] { return gateOpen->load(); });
        qint64 received = 0;
        qint64 newestReceived = 0;
        bool inOrder = true;
        connect(&links, &AgentLinks::readings, this, [&](const QList<Snapshot>& batch) {
            for (const Snapshot& s : batch) {
                inOrder = inOrder && s.timestampMs > newestReceived;
                newestReceived = std::max(newestReceived, s.timestampMs);
            }
            QString why;
            QVERIFY2(desktop->append(batch, &why), qPrintable(why));
            received += batch.size();
        });
        links.setServers(
            {RemoteServer{QStringLiteral("lab1"),
                          QUrl(QStringLiteral("http://127.0.0.1:%1").arg(agent.port())),
                          "r3ad",
                          {}}});
        QTest::qWait(1500);
        QCOMPARE(received, 0);
        gateOpen->store(true);
        QTRY_VERIFY_WITH_TIMEOUT(newestReceived >= now - 2 * kMinuteMs, 30'000);
        links.stop();
        QVERIFY(inOrder);
        QCOMPARE(desktop->droppedSampleCount(), 0);
        const SeriesKey util{QStringLiteral("lab1"), QStringLiteral("GPU-a"),
                             MetricId::GpuUtilization};
        const HistoryResult hours = desktop->query(util, closedAt, now - AgentLink::kCatchUpMs, 71);
        for (const HistoryBucket& b : hours.buckets)
            QVERIFY2(b.count > 0, qPrintable(QDateTime::fromMSecsSinceEpoch(b.startMs).toString()));
        QVERIFY(received >= (3 * kDayMs - AgentLink::kCatchUpMs) / kMinuteMs);
    }

    // Nothing to fill: finished at once, nothing asked.
    void nothingToFillFinishesAtOnce()
    {
        QNetworkAccessManager nam;
        HistoryBackfill backfill(
            RemoteServer{QStringLiteral("x"), QUrl(QStringLiteral("http://127.0.0.1:1")), {}, {}},
            &nam);
        QSignalSpy finished(&backfill, &HistoryBackfill::finished);
        backfill.start({}, 0, 1000);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).toString(), QString());
    }

    // An agent that keeps no history: the backfill stops and says so.
    void agentWithoutHistorySaysSo()
    {
        AgentConfig config;
        config.port = 0;
        config.tokens = {{QStringLiteral("reader"),
                          QCryptographicHash::hash("r3ad", QCryptographicHash::Sha256),
                          TokenScope::Read}};
        AgentServer agent(config);
        QString error;
        QVERIFY(agent.listen(&error));
        QNetworkAccessManager nam;
        HistoryBackfill backfill(
            RemoteServer{QStringLiteral("lab2"),
                         QUrl(QStringLiteral("http://127.0.0.1:%1").arg(agent.port())),
                         "r3ad",
                         {}},
            &nam);
        QSignalSpy finished(&backfill, &HistoryBackfill::finished);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        backfill.start(
            {SeriesKey{QStringLiteral("lab2"), QStringLiteral("host"), MetricId::HostCpu}},
            now - kDayMs, now - kHourMs);
        QVERIFY(finished.wait(10'000));
        QCOMPARE(finished.first().at(0).toString(), QStringLiteral("lab2 keeps no history"));
    }

    // Another agent at the URL than the one the desktop's rows are of: its
    // history is not filled in under them (the link keeps the two apart).
    void anotherAgentAtTheUrlIsNotFilledIn()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const qint64 now = QDateTime::currentMSecsSinceEpoch() / kMinuteMs * kMinuteMs;
        QString error;
        const QString agentFile = dir.filePath(QStringLiteral("agent.sqlite"));
        {
            auto store = HistoryStore::open(agentFile, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(store->append(minutes(QStringLiteral("n"), now - kDayMs, now, 0), &error));
            QVERIFY(store->flush(&error));
        }
        AgentServer agent(gw::test::historyAgentConfig(agentFile));
        QVERIFY2(agent.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        const RemoteServer server{QStringLiteral("lab3"),
                                  QUrl(QStringLiteral("http://127.0.0.1:%1").arg(agent.port())),
                                  "r3ad",
                                  {}};
        const QList<SeriesKey> keys{
            SeriesKey{QStringLiteral("lab3"), QStringLiteral("GPU-a"), MetricId::GpuUtilization}};
        for (const bool same : {false, true}) {
            HistoryBackfill backfill(server, &nam);
            backfill.setExpectedAgent(same ? agent.identity().id : QStringLiteral("another-agent"));
            qint64 handed = 0;
            connect(&backfill, &HistoryBackfill::readings, this,
                    [&](const QList<Snapshot>& batch) { handed += batch.size(); });
            QSignalSpy finished(&backfill, &HistoryBackfill::finished);
            backfill.start(keys, now - kDayMs / 2, now - kHourMs);
            QVERIFY(finished.wait(30'000));
            if (same) {
                QCOMPARE(finished.first().at(0).toString(), QString());
                QVERIFY(handed > 0);
            } else {
                QVERIFY2(finished.first().at(0).toString().contains(
                             QStringLiteral("is another agent now")),
                         qPrintable(finished.first().at(0).toString()));
                QCOMPARE(handed, 0);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestHistoryBackfill)
#include "tst_historybackfill.moc"
