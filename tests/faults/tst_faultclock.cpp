// The fault suite, clocks (issue 23, items 2 and 5, and the ledger part of
// 11): the real agent under libfaketime, its wall clock stepped while it
// runs (FAKETIME_TIMESTAMP_FILE re-read on every call, the monotonic clock
// left alone as a real step leaves it). A step back or forward never stops
// sampling, numbering, /v1/snapshot, /metrics or the policies, and it is an
// entry of /v1/events. A ledger adjustment beyond the documented maximum is
// refused with a 400 naming the amount, and every balance stays finite.
#include "agent/agentconfig.h"
#include "tokens/ledgerbody.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <optional>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kRead = "r3ad";
const QByteArray kAdmin = "adm1n";

QString libFaketime()
{
    for (const QString& p :
         {u"/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"_s,
          u"/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"_s,
          u"/usr/lib/faketime/libfaketime.so.1"_s, u"/usr/local/lib/faketime/libfaketime.so.1"_s}) {
        if (QFile::exists(p))
            return p;
    }
    return {};
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
           const QByteArray& token = kRead, const QByteArray& verb = "GET",
           const QByteArray& body = {})
{
    QNetworkRequest req(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(path)));
    req.setRawHeader("Authorization", "Bearer " + token);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    req.setTransferTimeout(5000);
    QNetworkReply* r = nam.sendCustomRequest(req, verb, body);
    QEventLoop loop;
    QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    Reply out{r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), r->readAll()};
    r->deleteLater();
    return out;
}

// One agent binary, demo readings every 100 ms, memory only, its clock
// faked when `clockFile` is given.
class Agent
{
public:
    bool start(const QString& dir, const QByteArray& policy, const QString& clockFile = {},
               const QString& journal = {})
    {
        const QString cfg = dir + u"/agent.toml"_s;
        const QString policyPath = dir + u"/policy.toml"_s;
        if (!writeFile(policyPath, policy) ||
            !writeFile(cfg, "[agent]\ninterval_ms = 100\n[journal]\npath = \"" + journal.toUtf8() +
                                "\"\n[policy]\npath = \"" + policyPath.toUtf8() +
                                "\"\n[[token]]\nname = \"reader\"\nsha256 = \"" +
                                sha256(kRead).toHex() +
                                "\"\n[[token]]\nname = \"boss\"\nscope = \"admin\"\nsha256 = \"" +
                                sha256(kAdmin).toHex() + "\"\n"))
            return false;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (!clockFile.isEmpty()) {
            env.insert(u"LD_PRELOAD"_s, libFaketime());
            env.insert(u"FAKETIME_TIMESTAMP_FILE"_s, clockFile);
            env.insert(u"FAKETIME_NO_CACHE"_s, u"1"_s);
            // A real step moves the wall clock only.
            env.insert(u"FAKETIME_DONT_FAKE_MONOTONIC"_s, u"1"_s);
            // Timed waits on a monotonic condition variable as they are:
            // libfaketime's "monotonic fix" (on by default with glibc)
            // shifts their deadline by the fake offset, so a wait for a
            // second ends at once with the clock a day ahead, or an hour
            // late with it set back — which no real clock step does.
            env.insert(u"FAKETIME_FORCE_MONOTONIC_FIX"_s, u"0"_s);
            // Under ASan the preloaded library comes first: tell it so.
            const QString asan = env.value(u"ASAN_OPTIONS"_s);
            env.insert(u"ASAN_OPTIONS"_s,
                       (asan.isEmpty() ? QString() : asan + u':') + u"verify_asan_link_order=0"_s);
        }
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        // GW_FAULT_AGENT: another build of the agent (the unfixed one, to
        // see the test fail).
        m_process.start(qEnvironmentVariable("GW_FAULT_AGENT", QStringLiteral(GW_AGENT)),
                        {u"--config"_s, cfg, u"--demo"_s, u"--port"_s, u"0"_s});
        if (!m_process.waitForReadyRead(10000))
            return false;
        const QByteArray line = m_process.readLine().trimmed();
        if (!line.startsWith("listening on 127.0.0.1:"))
            return false;
        port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        return true;
    }
    ~Agent()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000))
                m_process.kill();
        }
    }
    QByteArray log() { return m_process.readAllStandardError(); }
    bool stop()
    {
        m_process.terminate();
        return m_process.waitForFinished(10000) && m_process.exitCode() == 0;
    }

    quint16 port = 0;

private:
    QProcess m_process;
};

qint64 lastSequence(QNetworkAccessManager& nam, quint16 port)
{
    return call(nam, port, u"/v1/samples?after=0&limit=1"_s).json()[u"last_sequence"_s].toInteger();
}

QList<QJsonObject> events(QNetworkAccessManager& nam, quint16 port)
{
    QList<QJsonObject> out;
    const Reply r = call(nam, port, u"/v1/events?after=0&limit=1000"_s);
    for (const auto& v : r.json()[u"events"_s].toArray())
        out << v[u"event"_s].toObject();
    return out;
}

} // namespace

class TestFaultClock : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("QT_LOGGING_RULES", "qt.network.ssl=false");
    }

    void wallClockStepsAreEventsNotStops()
    {
        if (libFaketime().isEmpty())
            QSKIP("libfaketime is not installed (Debian package faketime)");
        const QString dir = m_dir.filePath(u"steps"_s);
        QVERIFY(QDir().mkpath(dir));
        const QString clock = dir + u"/clock"_s;
        QVERIFY(writeFile(clock, "+0\n"));
        Agent agent;
        // Every busy process of the demo is a hog after a second: the
        // policy's verdicts show it sees the readings.
        QVERIFY2(agent.start(dir, "[hog]\nthreshold_percent = 1\nduration = \"1s\"\n", clock),
                 agent.log().constData());
        QNetworkAccessManager nam;
        QTRY_VERIFY_WITH_TIMEOUT(lastSequence(nam, agent.port) >= 5, 10000);

        // Each phase: the clock set by `offset`; the agent's readings follow
        // it, keep being numbered, and the policies keep judging them.
        struct Phase
        {
            const char* file;
            qint64 offsetS; // of the agent's wall clock against ours
            qint64 stepS;   // the step into this phase, as the event says it
        };
        const Phase phases[] = {
            {"-3600\n", -3600, -3600}, {"+86400\n", 86400, 90000}, {"+0\n", 0, -86400}};
        int steps = 0;
        for (const Phase& phase : phases) {
            const qint64 before = lastSequence(nam, agent.port);
            const QByteArray metricsBefore = call(nam, agent.port, u"/metrics"_s).body;
            QVERIFY(writeFile(clock, phase.file));
            const qint64 steppedAtMs = QDateTime::currentMSecsSinceEpoch() + phase.offsetS * 1000;
            // Numbering goes on: ten readings a second.
            QTRY_VERIFY2_WITH_TIMEOUT(lastSequence(nam, agent.port) >= before + 10,
                                      qPrintable(u"phase %1: last_sequence stuck at %2"_s
                                                     .arg(QString::fromLatin1(phase.file).trimmed())
                                                     .arg(lastSequence(nam, agent.port))),
                                      5000);
            // /v1/snapshot is the newest reading, stamped with the clock as
            // set (within a second of it).
            const QJsonObject snap = call(nam, agent.port, u"/v1/snapshot"_s).json();
            QVERIFY(snap[u"sequence"_s].toInteger() > before);
            const qint64 expected = QDateTime::currentMSecsSinceEpoch() + phase.offsetS * 1000;
            const qint64 stamped = snap[u"timestamp_ms"_s].toInteger();
            QVERIFY2(std::abs(stamped - expected) < 2000,
                     qPrintable(u"stamped %1, expected about %2"_s.arg(stamped).arg(expected)));
            // /metrics follows the readings (the demo's figures move).
            QTRY_VERIFY_WITH_TIMEOUT(call(nam, agent.port, u"/metrics"_s).body != metricsBefore,
                                     5000);
            // The step is an event, with its size.
            ++steps;
            QList<QJsonObject> clockSteps;
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    clockSteps.clear();
                    for (const QJsonObject& e : events(nam, agent.port))
                        if (e[u"kind"_s].toString() == u"clock_step"_s)
                            clockSteps << e;
                    return clockSteps.size() == steps;
                }(),
                5000);
            const QJsonObject step = clockSteps.last();
            QVERIFY2(std::abs(step[u"step_ms"_s].toInteger() - phase.stepS * 1000) < 2000,
                     QJsonDocument(step).toJson().constData());
            QVERIFY(std::abs(step[u"start_ms"_s].toInteger() - steppedAtMs) < 2000);
            QVERIFY2(step[u"end_reason"_s].toString().startsWith(
                         phase.stepS < 0 ? u"wall clock stepped back "_s
                                         : u"wall clock stepped forward "_s),
                     qPrintable(step[u"end_reason"_s].toString()));
            // The policies judge the readings after the step: a hog begun
            // on the new clock.
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    for (const QJsonObject& e : events(nam, agent.port))
                        if (e[u"kind"_s].toString() == u"hog"_s &&
                            e[u"start_ms"_s].toInteger() >= steppedAtMs - 1000 &&
                            e[u"start_ms"_s].toInteger() <= steppedAtMs + 5000)
                            return true;
                    return false;
                }(),
                5000);
        }
        const QByteArray log = agent.log();
        QVERIFY2(log.contains("wall clock stepped back 3600 s at "), log.constData());
        QVERIFY2(log.contains("wall clock stepped back 86400 s at "), log.constData());
    }

    void booksAfterAnExcursionKeepToTheClock_data()
    {
        QTest::addColumn<bool>("whileRunning");
        QTest::newRow("set right while the agent runs") << true;
        QTest::newRow("set right while it is down") << false;
    }

    void booksAfterAnExcursionKeepToTheClock()
    {
        QFETCH(bool, whileRunning);
        if (libFaketime().isEmpty())
            QSKIP("libfaketime is not installed (Debian package faketime)");
        const QString dir = m_dir.filePath(whileRunning ? u"books-running"_s : u"books-down"_s);
        QVERIFY(QDir().mkpath(dir));
        const QString clock = dir + u"/clock"_s;
        const QString journal = dir + u"/journal.sqlite"_s;
        // The agent's clock: 12 s before an hour ends (not today's last): time
        // for the excursion and a restart (under ASan too) before it ends.
        const qint64 hour = 3'600'000;
        const qint64 real = QDateTime::currentMSecsSinceEpoch();
        qint64 end = real - real % hour + hour;
        if (end % (24 * hour) == 0)
            end += hour;
        const qint64 offsetS = (end - 12'000 - real) / 1000;
        auto agentNow = [offsetS] {
            return QDateTime::currentMSecsSinceEpoch() + offsetS * 1000;
        };
        const QByteArray atHome = "+" + QByteArray::number(offsetS) + "\n";
        const QByteArray policy = "[tokens]\ninitial = 100\ndaily = 5\ndaily_when = \"always\"\n"
                                  "time_zone = \"UTC\"\ndefault_price = 1\n";
        QVERIFY(writeFile(clock, atHome));
        QNetworkAccessManager nam;
        {
            Agent agent;
            QVERIFY2(agent.start(dir, policy, clock, journal), agent.log().constData());
            QTRY_VERIFY_WITH_TIMEOUT(lastSequence(nam, agent.port) >= 5, 10000);
            // A day ahead for a second, then set right.
            QVERIFY(writeFile(clock, "+" + QByteArray::number(offsetS + 86400) + "\n"));
            const qint64 seen = lastSequence(nam, agent.port);
            QTRY_VERIFY_WITH_TIMEOUT(lastSequence(nam, agent.port) >= seen + 10, 5000);
            if (whileRunning) {
                QVERIFY(writeFile(clock, atHome));
                QTest::qWait(500);
            }
            QVERIFY2(agent.stop(), agent.log().constData());
        }
        QVERIFY(writeFile(clock, atHome));
        Agent agent;
        QVERIFY2(agent.start(dir, policy, clock, journal), agent.log().constData());
        QTRY_VERIFY2_WITH_TIMEOUT(lastSequence(nam, agent.port) >= 3, agent.log().constData(),
                                  10000);
        // Not ahead of the clock.
        QJsonObject b = call(nam, agent.port, u"/v1/balances"_s).json();
        QVERIFY2(b[u"as_of_ms"_s].toInteger() <= agentNow() + 60'000,
                 QJsonDocument(b).toJson().constData());
        // No daily grant for a day that has not come.
        auto earlyGrants = [&] {
            QStringList out;
            const QJsonObject l = call(nam, agent.port, u"/v1/ledger?limit=10000"_s).json();
            for (const auto& v : l[u"entries"_s].toArray())
                if (v[u"kind"_s].toString() == u"daily"_s &&
                    v[u"at_ms"_s].toInteger() > agentNow() + 60'000)
                    out << QString::fromUtf8(QJsonDocument(v.toObject()).toJson());
            return out;
        };
        QVERIFY2(earlyGrants().isEmpty(), qPrintable(earlyGrants().join(u'\n')));
        // The real hour that ends now is charged, and the books move to it.
        const qint64 facts = call(nam, agent.port, u"/v1/usage?after=0&limit=1"_s)
                                 .json()[u"last_sequence"_s]
                                 .toInteger();
        QTRY_VERIFY_WITH_TIMEOUT(
            call(nam, agent.port, u"/v1/balances"_s).json()[u"as_of_ms"_s].toInteger() == end,
            20000);
        const QJsonObject usage =
            call(nam, agent.port, u"/v1/usage?after=%1&limit=100"_s.arg(facts)).json();
        bool charged = false;
        for (const auto& v : usage[u"usage"_s].toArray())
            charged = charged || v[u"hour_start_ms"_s].toInteger() == end - hour;
        QVERIFY2(charged, QJsonDocument(usage).toJson().constData());
        QVERIFY(earlyGrants().isEmpty());
    }

    void ledgerAdjustmentIsBounded()
    {
        const QString dir = m_dir.filePath(u"ledger"_s);
        QVERIFY(QDir().mkpath(dir));
        Agent agent;
        QVERIFY2(agent.start(dir, "[tokens]\ninitial = 100\n"), agent.log().constData());
        QNetworkAccessManager nam;
        // 1e308 once would be finite; twice, infinite. Refused, naming the
        // amount and the limit.
        for (const QByteArray& amount :
             {QByteArray("1e308"), QByteArray("-1e308"), QByteArray("1000000001")}) {
            const Reply r = call(nam, agent.port, u"/v1/ledger"_s, kAdmin, "POST",
                                 R"({"user":"alice","amount":)" + amount + R"(,"reason":"x"})");
            QCOMPARE(r.status, 400);
            const QString message = r.json()[u"error"_s][u"message"_s].toString();
            QVERIFY2(message.startsWith(u"amount: "_s) && message.contains(u"at most 1000000000"_s),
                     r.body.constData());
        }
        // The largest allowed, twice: accepted, and the balance is a number.
        for (int i = 0; i < 2; ++i) {
            const Reply r = call(nam, agent.port, u"/v1/ledger"_s, kAdmin, "POST",
                                 R"({"user":"alice","amount":1000000000,"reason":"most"})");
            QCOMPARE(r.status, 201);
            const QJsonValue balance = r.json()[u"balance"_s];
            QVERIFY2(balance.isDouble() && std::isfinite(balance.toDouble()), r.body.constData());
        }
        const QJsonValue alice =
            call(nam, agent.port, u"/v1/balances"_s).json()[u"balances"_s][u"alice"_s];
        QVERIFY(alice.isDouble());
        // Twice the maximum on top of her grants (initial and monthly).
        QVERIFY2(alice.toDouble() >= 2e9 && alice.toDouble() < 2e9 + 1000,
                 qPrintable(QString::number(alice.toDouble(), 'f')));
    }
};

QTEST_GUILESS_MAIN(TestFaultClock)
#include "tst_faultclock.moc"
