// Issue 26, item 1: no request waits for another. The real gpuwarden-agent
// over loopback, with a journal and a history store holding seven days
// (a reading a minute, so the setup takes seconds): while a 7-day
// /v1/replay runs, /healthz and /v1/samples (by cursor) keep a p99 under
// 20 ms; a second replay meanwhile is answered 503 busy with Retry-After at
// once; a caller that hangs up cancels its replay (its thread ends, the
// next replay is taken at once); and 7-day /v1/history queries hold no
// /healthz either.
#include "history/historystore.h"
#include "history/historywire.h"
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "sanitizers.h"
#include "sources/demoworld.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <vector>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

const QByteArray kRead = "r3ad";
constexpr qint64 kDayMs = 24 * 3'600'000LL;
// What the agent holds: a week, as the acceptance asks. Under the
// sanitizers a day: the same routes and code, and writing a week there took
// 58 s of a test that runs alone (RUN_SERIAL), beside a 15 s replay.
const qint64 kSpanMs = test::underAddressSanitizer() ? kDayMs : 7 * kDayMs;
const long long kSpanDays = kSpanMs / kDayMs;
constexpr qint64 kEveryMs = 60'000;
constexpr int kDemoServer = 4; // --demo-server's number: DemoWorld's index 3
// The latency every quick request keeps while the long ones run, above
// what the machine gives the same polls with nothing else asked (measured
// first; 0-1 ms on an idle machine, more on a shared CI runner).
constexpr qint64 kP99LimitMs = 20;

struct Reply
{
    int status = 0; // 0: no whole answer in time
    QByteArray head;
    QByteArray body;
    qint64 ms = 0; // from connecting to the whole answer
};

// One request on a connection of its own; the answer read whole. Blocking
// reads, so the time is the agent's and the kernel's (QTest::qWaitFor
// sleeps 10 ms between its looks, which would be most of what is measured).
Reply httpCall(quint16 port, const QByteArray& target, int timeoutMs = 5000)
{
    Reply r;
    QElapsedTimer clock;
    clock.start();
    QTcpSocket s;
    s.connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!s.waitForConnected(timeoutMs))
        return r;
    s.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kRead +
            "\r\nConnection: close\r\n\r\n");
    QByteArray buffer;
    qsizetype end = -1;
    qint64 length = -1;
    while (clock.elapsed() < timeoutMs) {
        if (s.bytesAvailable() == 0 &&
            !s.waitForReadyRead(int(std::max<qint64>(1, timeoutMs - clock.elapsed()))))
            break;
        buffer += s.readAll();
        end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            continue;
        const QRegularExpressionMatch m =
            QRegularExpression(u"(?i)\\r\\ncontent-length:\\s*(\\d+)"_s)
                .match(QString::fromLatin1(buffer.left(end + 2)));
        if (!m.hasMatch())
            return r;
        length = m.captured(1).toLongLong();
        if (buffer.size() >= end + 4 + length)
            break;
    }
    r.ms = clock.elapsed();
    if (end < 0 || length < 0 || buffer.size() < end + 4 + length)
        return r;
    r.head = buffer.left(end);
    r.body = buffer.mid(end + 4, length);
    r.status = r.head.split(' ').value(1).toInt();
    return r;
}

// A long request left running: its answer collected as it comes.
struct LongCall
{
    std::unique_ptr<QTcpSocket> socket = std::make_unique<QTcpSocket>();
    QByteArray received;
    qint64 answeredMs = -1; // on the test's clock

    LongCall(quint16 port, const QByteArray& target, const QElapsedTimer& clock)
    {
        QObject::connect(socket.get(), &QTcpSocket::readyRead, socket.get(), [this, &clock] {
            received += socket->readAll();
            const qsizetype end = received.indexOf("\r\n\r\n");
            const qsizetype length = received.indexOf("Content-Length: ");
            if (answeredMs < 0 && end > 0 && length > 0 &&
                received.size() >=
                    end + 4 + received.mid(length + 16, 12).split('\r').value(0).toLongLong())
                answeredMs = clock.elapsed();
        });
        socket->connectToHost(QStringLiteral("127.0.0.1"), port);
        socket->write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                      kRead + "\r\n\r\n");
    }
    int status() const { return received.split(' ').value(1).toInt(); }
    QJsonObject json() const
    {
        return QJsonDocument::fromJson(received.mid(received.indexOf("\r\n\r\n") + 4)).object();
    }
};

QByteArray replayTarget(qint64 from, qint64 to)
{
    return "/v1/replay?from=" + QByteArray::number(from) + "&to=" + QByteArray::number(to);
}

qint64 p99(std::vector<qint64> ms)
{
    if (ms.empty())
        return -1;
    std::sort(ms.begin(), ms.end());
    return ms[(ms.size() * 99 + 99) / 100 - 1];
}

// The agent's threads named `prefix` (/proc/<pid>/task/*/comm, 15 characters).
int threadsNamed(qint64 pid, const QByteArray& prefix)
{
    int n = 0;
    const QDir tasks(u"/proc/%1/task"_s.arg(pid));
    for (const QString& t : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(t + u"/comm"_s));
        if (comm.open(QIODevice::ReadOnly) && comm.readAll().startsWith(prefix))
            ++n;
    }
    return n;
}

// The real agent on the demo server, its journal and history written
// beforehand: a week of readings a minute apart, ending now.
class WeekAgent
{
public:
    bool prepare(QString* error)
    {
        if (!m_dir.isValid())
            return false;
        m_end = QDateTime::currentMSecsSinceEpoch();
        m_start = m_end - kSpanMs;
        AgentJournal::Options options;
        options.retention = std::chrono::hours(200); // as the agent's agent.toml says
        std::unique_ptr<AgentJournal> journal =
            AgentJournal::open(m_dir.filePath(u"journal.sqlite"_s), options, error);
        if (!journal)
            return false;
        std::unique_ptr<HistoryStore> history = HistoryStore::open(
            m_dir.filePath(u"history.sqlite"_s), HistoryStore::Mode::ReadWrite, error);
        if (!history)
            return false;
        const DemoWorld world(DemoWorld::kMaxServers);
        QList<Snapshot> batch;
        for (qint64 at = m_start; at < m_end; at += kEveryMs) {
            Snapshot s = world.serverAt(kDemoServer - 1, at);
            s.intervalMs = kEveryMs;
            const std::optional<quint64> sequence = journal->take(error);
            if (!sequence)
                return false;
            journal->append(*sequence, s.timestampMs, toJsonBytes(s, false));
            ++m_readings;
            batch << std::move(s);
            if (batch.size() == 2000 || at + kEveryMs >= m_end) {
                if (!journal->flush(at, error) || !history->append(batch, error))
                    return false;
                m_gpus.clear();
                for (const GpuSample& g : batch.last().gpus)
                    m_gpus << g.uuid;
                batch.clear();
            }
        }
        return journal->close(m_end, error) && history->flush(error);
    }

    bool start()
    {
        const QByteArray toml =
            "[agent]\ninterval_ms = 1000\nhistory = \"" +
            m_dir.filePath(u"history.sqlite"_s).toUtf8() + "\"\n[journal]\npath = \"" +
            m_dir.filePath(u"journal.sqlite"_s).toUtf8() +
            "\"\nretention_hours = 200\n[limits]\nrequests_per_second = 100000\nburst = 100000\n"
            "[[token]]\nname = \"reader\"\nscope = \"read\"\nsha256 = \"" +
            QCryptographicHash::hash(kRead, QCryptographicHash::Sha256).toHex() + "\"\n";
        const QString config = m_dir.filePath(u"agent.toml"_s);
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly) || f.write(toml) != toml.size())
            return false;
        f.close();
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QStringLiteral(GW_AGENT),
                        {u"--config"_s, config, u"--demo"_s, u"--demo-server"_s,
                         QString::number(kDemoServer), u"--port"_s, u"0"_s});
        if (!m_process.waitForStarted(5000))
            return false;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 10'000 && m_port == 0) {
            if (!m_process.canReadLine() && !m_process.waitForReadyRead(1000))
                continue;
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("listening on 127.0.0.1:"))
                m_port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        }
        return m_port != 0;
    }

    ~WeekAgent()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(10'000))
            m_process.kill();
    }

    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    qint64 startMs() const { return m_start; }
    qint64 endMs() const { return m_end; }
    int readings() const { return m_readings; }
    // A 7-day /v1/history of every GPU's first two metrics at the finest
    // level a week keeps.
    QByteArray historyTarget() const
    {
        QStringList series;
        for (const QString& uuid : m_gpus)
            for (int metric : {1, 2})
                series << uuid + u'/' + QString::number(metric);
        return "/v1/history?from=" + QByteArray::number(m_end - kSpanMs + 60'000) +
               "&to=" + QByteArray::number(m_end) +
               "&points=10000&series=" + series.join(u',').toUtf8();
    }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    qint64 m_start = 0;
    qint64 m_end = 0;
    int m_readings = 0;
    QStringList m_gpus;
};

} // namespace

class TestReplayOffPath : public QObject
{
    Q_OBJECT

    WeekAgent m_agent;
    quint64 m_cursor = 0;

    // One /healthz and one /v1/samples after the cursor; their times added
    // to `ms`. False when either failed.
    bool pollOnce(std::vector<qint64>& ms)
    {
        const Reply health = httpCall(m_agent.port(), "/healthz");
        const Reply samples =
            httpCall(m_agent.port(), "/v1/samples?after=" + QByteArray::number(m_cursor));
        if (health.status != 200 || samples.status != 200) {
            qWarning("healthz %d, samples %d: %s", health.status, samples.status,
                     samples.body.left(300).constData());
            return false;
        }
        const QJsonObject page = QJsonDocument::fromJson(samples.body).object();
        m_cursor = quint64(page[u"next"_s].toInteger());
        ms.push_back(health.ms);
        ms.push_back(samples.ms);
        return true;
    }

    // The p99 of the same polls over a second with nothing else asked: what
    // the machine itself gives (a shared CI machine adds its own delays).
    qint64 quietP99()
    {
        std::vector<qint64> ms;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 1000) {
            if (!pollOnce(ms))
                return -1;
            QTest::qWait(10);
        }
        return p99(ms);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QElapsedTimer clock;
        clock.start();
        QString error;
        QVERIFY2(m_agent.prepare(&error), qPrintable(error));
        const qint64 setupMs = clock.elapsed();
        QVERIFY(m_agent.start());
        QTRY_COMPARE_WITH_TIMEOUT(httpCall(m_agent.port(), "/v1/snapshot").status, 200, 5000);
        const Reply first = httpCall(m_agent.port(), "/v1/samples?after=0&limit=1");
        QCOMPARE(first.status, 200);
        m_cursor = quint64(QJsonDocument::fromJson(first.body)[u"last_sequence"_s].toInteger());
        qInfo("a %lld-day span every %llds: %d readings in the journal and the history, written in "
              "%lld ms",
              kSpanDays, static_cast<long long>(kEveryMs / 1000), m_agent.readings(),
              static_cast<long long>(setupMs));
    }

    // The replays run one after another for at least 3 s (a week takes
    // about a second here); meanwhile /healthz and /v1/samples every 10 ms
    // keep a p99 under 20 ms, and a second replay asked while one runs is
    // answered busy at once.
    void aWeeksReplayHoldsNoPoll()
    {
        const qint64 quiet = quietP99();
        QVERIFY(quiet >= 0);
        QElapsedTimer clock;
        clock.start();
        std::vector<qint64> ms;
        int replays = 0;
        int refused = 0;
        qint64 replayMs = 0;
        while (clock.elapsed() < 3000 || replays == 0) {
            LongCall replay(m_agent.port(), replayTarget(m_agent.startMs(), m_agent.endMs()),
                            clock);
            const qint64 askedMs = clock.elapsed();
            bool secondAsked = false;
            while (replay.answeredMs < 0 && clock.elapsed() < 60'000 * test::kSanitizerSlowdown) {
                QVERIFY(pollOnce(ms));
                if (!secondAsked && clock.elapsed() - askedMs > 50) {
                    // A second one while it runs: busy, with when to ask again.
                    secondAsked = true;
                    const Reply second =
                        httpCall(m_agent.port(), replayTarget(m_agent.startMs(), m_agent.endMs()));
                    if (replay.answeredMs < 0) {
                        QCOMPARE(second.status, 503);
                        QVERIFY2(second.head.contains("\r\nRetry-After: 5"), second.head.data());
                        QVERIFY2(second.body.contains("\"code\":\"busy\""), second.body.data());
                        QVERIFY2(second.ms < 500, qPrintable(QString::number(second.ms)));
                        ++refused;
                    }
                }
                QTest::qWait(10);
            }
            QVERIFY2(replay.answeredMs >= 0, "the replay did not end within 60 s");
            QCOMPARE(replay.status(), 200);
            const QJsonObject o = replay.json();
            QCOMPARE(o[u"readings"_s].toInteger(), m_agent.readings());
            QVERIFY(!o.contains(u"truncated"_s));
            replayMs = replay.answeredMs - askedMs;
            ++replays;
        }
        qInfo(
            "%d replays of the %lld-day span (the last %lld ms), %d second ones refused busy; %zu "
            "quick requests meanwhile: p99 %lld ms, slowest %lld ms (p99 %lld ms with nothing "
            "else)",
            replays, kSpanDays, static_cast<long long>(replayMs), refused, ms.size(),
            static_cast<long long>(p99(ms)),
            static_cast<long long>(*std::max_element(ms.begin(), ms.end())),
            static_cast<long long>(quiet));
        QVERIFY2(ms.size() >= 50, "too few requests while the replays ran to say anything");
        QVERIFY2(refused >= 1, "no replay ran long enough to ask a second one meanwhile");
        // Under 20 ms more than the machine's own p99 (0-1 ms when idle).
        QVERIFY2(p99(ms) < kP99LimitMs + quiet, qPrintable(QString::number(p99(ms))));
    }

    // A caller that hangs up mid-replay: its replay's thread ends within a
    // second (a week takes longer than that here), and a new replay is
    // taken at once, not answered busy.
    void aReplayWhoseCallerHangsUpIsCancelled()
    {
        QElapsedTimer clock;
        clock.start();
        auto first = std::make_unique<LongCall>(
            m_agent.port(), replayTarget(m_agent.startMs(), m_agent.endMs()), clock);
        QTRY_COMPARE_WITH_TIMEOUT(threadsNamed(m_agent.pid(), "gw-policy-repla"), 1, 5000);
        QTest::qWait(100);
        QCOMPARE(first->answeredMs, -1); // still running
        first->socket->abort();
        first.reset();
        const qint64 hungUpMs = clock.elapsed();
        // Taken at once: answered 200 after a whole replay, not 503.
        LongCall next(m_agent.port(), replayTarget(m_agent.startMs(), m_agent.endMs()), clock);
        // The hung-up one's thread ends long before a replay would.
        QTRY_VERIFY_WITH_TIMEOUT(threadsNamed(m_agent.pid(), "gw-policy-repla") <= 1,
                                 1000 * test::kSanitizerSlowdown);
        const qint64 cancelledMs = clock.elapsed() - hungUpMs;
        QTRY_VERIFY_WITH_TIMEOUT(next.answeredMs >= 0, 60'000 * test::kSanitizerSlowdown);
        QCOMPARE(next.status(), 200);
        QCOMPARE(next.json()[u"readings"_s].toInteger(), m_agent.readings());
        const qint64 replayMs = next.answeredMs - hungUpMs;
        qInfo("the hung-up replay's thread ended within %lld ms; a whole replay takes %lld ms",
              static_cast<long long>(cancelledMs), static_cast<long long>(replayMs));
        // Ending within a second says nothing when a replay is that quick.
        QVERIFY2(replayMs > 2 * cancelledMs, qPrintable(QString::number(replayMs)));
        QTRY_COMPARE_WITH_TIMEOUT(threadsNamed(m_agent.pid(), "gw-policy-repla"), 0, 2000);
    }

    // Three 7-day /v1/history queries at once (two read, one waits) while
    // /healthz and /v1/samples are polled: p99 under 20 ms; each query is
    // answered whole.
    void weeksOfHistoryHoldNoPoll()
    {
        const qint64 quiet = quietP99();
        QVERIFY(quiet >= 0);
        QElapsedTimer clock;
        clock.start();
        std::vector<qint64> ms;
        int rounds = 0;
        qint64 queryMs = 0;
        while (clock.elapsed() < 3000 || rounds == 0) {
            std::vector<std::unique_ptr<LongCall>> queries;
            const qint64 askedMs = clock.elapsed();
            for (int i = 0; i < 3; ++i)
                queries.push_back(
                    std::make_unique<LongCall>(m_agent.port(), m_agent.historyTarget(), clock));
            auto answered = [&] {
                return std::all_of(queries.begin(), queries.end(),
                                   [](const auto& q) { return q->answeredMs >= 0; });
            };
            while (!answered() && clock.elapsed() < 60'000 * test::kSanitizerSlowdown) {
                QVERIFY(pollOnce(ms));
                QTest::qWait(10);
            }
            QVERIFY2(answered(), "the history queries did not end within 60 s");
            for (const auto& q : queries) {
                QVERIFY2(q->status() == 200, q->received.left(400).constData());
                QString error;
                const std::optional<HistoryReply> reply = parseHistoryReply(q->json(), &error);
                QVERIFY2(reply, qPrintable(error));
                QVERIFY(!reply->series.isEmpty());
                QVERIFY(!reply->series.first().buckets.isEmpty());
                queryMs = std::max(queryMs, q->answeredMs - askedMs);
            }
            ++rounds;
        }
        qInfo("%d rounds of three %lld-day history queries (the slowest %lld ms); %zu quick "
              "requests meanwhile: p99 %lld ms, slowest %lld ms (p99 %lld ms with nothing else)",
              rounds, kSpanDays, static_cast<long long>(queryMs), ms.size(),
              static_cast<long long>(p99(ms)),
              static_cast<long long>(*std::max_element(ms.begin(), ms.end())),
              static_cast<long long>(quiet));
        QVERIFY2(ms.size() >= 20, "too few requests while the queries ran to say anything");
        QVERIFY2(p99(ms) < kP99LimitMs + quiet, qPrintable(QString::number(p99(ms))));
    }

    // The bound on a replay's memory: past `maxEvents` events it stops after
    // the reading that brought it there and says when that was; the events
    // up to there are those of the whole replay's, each as it stood.
    void aReplayPastItsEventCapSaysWhereItStopped()
    {
        const PolicyParseResult parsed =
            parsePolicy("[hog]\nthreshold_percent = 0\nduration = \"1s\"\n", u"policy.toml"_s);
        QVERIFY(parsed.config);
        const DemoWorld world(DemoWorld::kMaxServers);
        const qint64 from = m_agent.endMs() - 6 * 3'600'000LL;
        auto readings = [&] {
            return [&, at = from](QString*) mutable -> std::optional<Snapshot> {
                if (at >= m_agent.endMs())
                    return std::nullopt;
                Snapshot s = world.serverAt(kDemoServer - 1, at);
                s.intervalMs = kEveryMs;
                at += kEveryMs;
                return s;
            };
        };
        const ReplayResult whole = replayReadings(*parsed.config, {}, readings());
        QCOMPARE(whole.stoppedAtMs, -1);
        QVERIFY2(whole.events.size() > 4, qPrintable(QString::number(whole.events.size())));
        const qsizetype cap = whole.events.size() / 2;
        const ReplayResult cut = replayReadingsUpTo(*parsed.config, {}, readings(), cap);
        QVERIFY(cut.error.isEmpty());
        QVERIFY(cut.stoppedAtMs >= from);
        QVERIFY(cut.stoppedAtMs < m_agent.endMs());
        QVERIFY(cut.events.size() >= cap);
        QVERIFY(cut.events.size() < whole.events.size());
        QVERIFY(cut.readings < whole.readings);
        // Each event found before the cut is one of the whole replay's.
        for (const PolicyEvent& e : cut.events)
            QVERIFY(std::any_of(whole.events.cbegin(), whole.events.cend(),
                                [&](const PolicyEvent& w) { return w.id == e.id; }));
        qInfo("%lld events in 6 hours; capped at %lld: stopped after %llu readings",
              static_cast<long long>(whole.events.size()), static_cast<long long>(cap),
              static_cast<unsigned long long>(cut.readings));
    }
};

QTEST_GUILESS_MAIN(TestReplayOffPath)
#include "tst_replayoffpath.moc"
