// `gpuwarden-cli report --source URL` (repeatable) against real agents over
// loopback: each agent streams its own record (GET /v1/readings, from its
// history store), the CLI merges the servers, and the report equals the one
// made from the same records as history files. The route's limits (400
// naming the parameter, 404 no_history), an agent cut off mid-reply (a
// loopback server that stops after two lines: exit 1, the agent and where it
// stopped named, nothing written) and a line that is not a reading.

#include "clitestenv.h"
#include "csvreader.h"
#include "history/historystore.h"
#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "sources/demoworld.h"

#include <QCborStreamReader>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <future>
#include <memory>
#include <thread>

using clitest::Run;
using namespace gw;

namespace {

const QByteArray kReadToken = "r3ad-token";
// Every kind of key the policy's JSON has: durations, shares with windows,
// prices, a time zone.
const QByteArray kPolicy = "[hog]\nthreshold_percent = 70\nduration = \"5m\"\n"
                           "[idle]\nconfirm_power = false\nwarnings = [\"10m\"]\n"
                           "[quota]\nwindow = \"2h\"\n[quota.users]\nalice = 30\n"
                           "bob = { share = 50, windows = [\"Mon-Fri 09:00-18:00\"] }\n"
                           "[alerts]\nwebhook_url = \"https://hooks.example/secret/path\"\n"
                           "[tokens]\ninitial = 100\nmonthly = 30\ntime_zone = \"Europe/Berlin\"\n"
                           "users = [\"alice\", \"bob\"]\n"
                           "[tokens.prices]\n\"A100\" = 2\n\"H100\" = 4.5\n";
constexpr qint64 kHour = 3'600'000;
// Two days ago, on the hour: far from the agents' own live readings.
const qint64 kFrom = (QDateTime::currentMSecsSinceEpoch() / kHour - 48) * kHour;
const qint64 kTo = kFrom + 2 * kHour;

// The rows with the report row's generated_at (now) blanked.
QList<QStringList> rowsOf(const QByteArray& csv)
{
    QString error;
    auto rows = gw::test::readCsv(csv, &error);
    if (!rows)
        qFatal("bad CSV: %s", qPrintable(error));
    for (QStringList& r : *rows)
        if (r.value(0) == QLatin1String("report") && r.size() > 4)
            r[4].clear();
    return *rows;
}

// A loopback HTTP server on a thread of its own that answers one request
// with `reply` and closes the connection: an agent that dies mid-reply.
class CutServer
{
public:
    explicit CutServer(QByteArray reply)
    {
        std::promise<quint16> port;
        auto ready = port.get_future();
        m_thread = std::thread([reply = std::move(reply), &port] {
            QTcpServer server;
            server.listen(QHostAddress::LocalHost, 0);
            port.set_value(server.serverPort());
            if (!server.waitForNewConnection(30'000))
                return;
            QTcpSocket* s = server.nextPendingConnection();
            QByteArray head;
            while (!head.contains("\r\n\r\n") && s->waitForReadyRead(10'000))
                head += s->readAll();
            s->write(reply);
            s->waitForBytesWritten(10'000);
            s->disconnectFromHost();
            if (s->state() != QAbstractSocket::UnconnectedState)
                s->waitForDisconnected(5'000);
            delete s;
        });
        m_port = ready.get();
    }
    ~CutServer() { m_thread.join(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

private:
    std::thread m_thread;
    quint16 m_port = 0;
};

QByteArray chunk(const QByteArray& data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

} // namespace

class TestCliReportSource : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_historyA, m_historyB, m_historyAll, m_policy;
    std::unique_ptr<clitest::AgentProcess> m_agentA, m_agentB;

    QString path(const QString& name) const { return m_tmp.filePath(name); }

    static QProcessEnvironment env()
    {
        QProcessEnvironment e = clitest::fakeNvmlEnv(QStringLiteral(GW_NVML_SELECT));
        e.insert(QStringLiteral("GPUWARDEN_TOKEN"), QString::fromLatin1(kReadToken));
        return e;
    }

    // Long enough for the sanitizer build, where agent and CLI run several times slower.
    Run cli(const QStringList& args) { return clitest::runCli(args, env(), {}, 300'000); }

    QStringList range() const
    {
        return {QStringLiteral("--from"), QString::number(kFrom),     QStringLiteral("--to"),
                QString::number(kTo),     QStringLiteral("--format"), QStringLiteral("csv")};
    }

    static bool fill(const QString& file, const QList<int>& servers)
    {
        QString error;
        auto store = HistoryStore::open(file, HistoryStore::Mode::ReadWrite, &error);
        if (!store)
            return false;
        const DemoWorld world;
        QList<Snapshot> batch;
        // The hour before the range too: a report reads it (the reading
        // before the range stands for time inside).
        for (qint64 t = kFrom - kHour; t < kTo; t += 1000) {
            for (int s : servers) {
                Snapshot r = world.serverAt(s, t);
                r.intervalMs = 1000;
                batch.append(r);
            }
            if (batch.size() >= 500) {
                if (!store->append(batch, &error))
                    return false;
                batch.clear();
            }
        }
        return store->append(batch, &error);
    }

    std::unique_ptr<clitest::AgentProcess> agent(const QString& name, const QString& history)
    {
        auto a = std::make_unique<clitest::AgentProcess>();
        QByteArray toml = "[agent]\nname = \"" + name.toUtf8() + "\"\n";
        if (!history.isEmpty())
            toml += "history = \"" + history.toUtf8() + "\"\n";
        toml += "[journal]\npath = \"\"\n[policy]\npath = \"" + m_policy.toUtf8() + "\"\n" +
                clitest::agentTokenToml("reader", "read", kReadToken);
        if (!a->start(path(name + QStringLiteral(".toml")), toml, env()))
            qWarning("agent %s: %s", qPrintable(name), qPrintable(a->why()));
        return a;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_historyA = path(QStringLiteral("a.sqlite"));
        m_historyB = path(QStringLiteral("b.sqlite"));
        m_historyAll = path(QStringLiteral("all.sqlite"));
        m_policy = path(QStringLiteral("policy.toml"));
        QVERIFY(clitest::writeFile(m_policy, kPolicy));
        QVERIFY(fill(m_historyA, {0}));
        QVERIFY(fill(m_historyB, {1, 2}));
        QVERIFY(fill(m_historyAll, {0, 1, 2}));
        m_agentA = agent(QStringLiteral("agent-a"), m_historyA);
        m_agentB = agent(QStringLiteral("agent-b"), m_historyB);
        QVERIFY(!m_agentA->url().isEmpty() && !m_agentB->url().isEmpty());
    }

    void cleanupTestCase()
    {
        m_agentA.reset();
        m_agentB.reset();
    }

    // Two agents merged: the report the history file of both gives.
    void sourcesGiveTheHistoryReport()
    {
        const QStringList policy{QStringLiteral("--policy"), m_policy};
        const Run fromHistory =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--history"), m_historyAll} +
                range() + policy);
        QVERIFY2(fromHistory.exitCode == 0, fromHistory.err.constData());
        const Run fromAgents =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"), m_agentA->url(),
                            QStringLiteral("--source"), m_agentB->url()} +
                range() + policy);
        QVERIFY2(fromAgents.exitCode == 0, fromAgents.err.constData());
        const QList<QStringList> expected = rowsOf(fromHistory.out);
        QVERIFY(expected.size() > 20);
        QVERIFY2(fromHistory.out.contains("infer-03") && fromHistory.out.contains("gpu-lab-01"),
                 fromHistory.out.constData());
        if (rowsOf(fromAgents.out) != expected)
            qWarning("history:\n%s\nagents:\n%s", fromHistory.out.constData(),
                     fromAgents.out.constData());
        QCOMPARE(rowsOf(fromAgents.out), expected);
    }

    // No --policy: the agents' effective policy (from its JSON: a read
    // token does not get the text), the same report.
    void theAgentsPolicyIsUsed()
    {
        const Run fromHistory =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--history"), m_historyAll,
                            QStringLiteral("--policy"), m_policy} +
                range());
        QVERIFY2(fromHistory.exitCode == 0, fromHistory.err.constData());
        const Run fromAgents =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"), m_agentA->url(),
                            QStringLiteral("--source"), m_agentB->url()} +
                range());
        QVERIFY2(fromAgents.exitCode == 0, fromAgents.err.constData());
        QVERIFY2(fromAgents.out.contains("Europe/Berlin"), fromAgents.out.constData());
        QVERIFY2(!fromAgents.err.contains("differ"), fromAgents.err.constData());
        QCOMPARE(rowsOf(fromAgents.out), rowsOf(fromHistory.out));
    }

    void differingPoliciesAreNamed()
    {
        const QString other = path(QStringLiteral("other.toml"));
        QVERIFY(clitest::writeFile(other, "[hog]\nthreshold_percent = 50\n"));
        auto d = std::make_unique<clitest::AgentProcess>();
        QVERIFY2(
            d->start(path(QStringLiteral("agent-d.toml")),
                     "[agent]\nname = \"agent-d\"\n[journal]\npath = \"\"\n[policy]\npath = \"" +
                         other.toUtf8() + "\"\n" +
                         clitest::agentTokenToml("reader", "read", kReadToken),
                     env()),
            qPrintable(d->why()));
        // Its policy is asked for before its readings (it keeps none).
        const Run r = cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"),
                                      m_agentA->url(), QStringLiteral("--source"), d->url()} +
                          range());
        QVERIFY2(r.err.contains("policies differ") && r.err.contains(d->url().toUtf8()),
                 r.err.constData());
    }

    // --demo: the simulated fleet every second, offline, the same twice.
    void theDemoFleet()
    {
        const QStringList args =
            QStringList{QStringLiteral("report"), QStringLiteral("--demo"),
                        QStringLiteral("--demo-servers"), QStringLiteral("5")} +
            range();
        const Run a = cli(args);
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QList<QStringList> rows = rowsOf(a.out);
        QStringList covered;
        const qsizetype server = rows.value(0).indexOf(QStringLiteral("server"));
        const qsizetype hours = rows.value(0).indexOf(QStringLiteral("covered_hours"));
        for (const QStringList& r : rows)
            if (r.value(0) == QLatin1String("coverage"))
                covered << r.value(server) + QLatin1Char('=') + r.value(hours);
        QCOMPARE(covered, (QStringList{QStringLiteral("gpu-lab-01=2"),
                                       QStringLiteral("gpu-lab-02=2"), QStringLiteral("infer-03=2"),
                                       QStringLiteral("node-04=2"), QStringLiteral("node-05=2")}));
        QCOMPARE(rowsOf(cli(args).out), rows);
        // The demo's report equals the report of its readings in a history file.
        const Run fromHistory =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--history"), m_historyAll} +
                range());
        const Run demo3 =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--demo")} + range());
        QVERIFY2(demo3.exitCode == 0, demo3.err.constData());
        QCOMPARE(rowsOf(demo3.out).size(), rowsOf(fromHistory.out).size());

        Run bad = cli({QStringLiteral("report"), QStringLiteral("--demo"),
                       QStringLiteral("--demo-servers"), QStringLiteral("0"),
                       QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--demo-servers must be a whole number from 1 to 64, not \"0\""),
                 bad.err.constData());
        bad = cli({QStringLiteral("tokens"), QStringLiteral("--demo"), QStringLiteral("--policy"),
                   m_policy});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("tokens: --demo needs the range"), bad.err.constData());
    }

    void theRouteNamesItsParameters()
    {
        QNetworkAccessManager nam;
        auto get = [&](const QString& query, QByteArray* body) {
            QNetworkRequest req(QUrl(m_agentA->url() + QStringLiteral("/v1/readings") + query));
            req.setRawHeader("Authorization", "Bearer " + kReadToken);
            QNetworkReply* r = nam.get(req);
            QSignalSpy done(r, &QNetworkReply::finished);
            done.wait(10'000);
            *body = r->readAll();
            const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            delete r;
            return status;
        };
        QByteArray body;
        QCOMPARE(get(QStringLiteral("?from=abc&to=5"), &body), 400);
        QVERIFY2(body.contains("from"), body.constData());
        QCOMPARE(get(QStringLiteral("?from=5"), &body), 400);
        QVERIFY2(body.contains("\\\"to\\\""), body.constData());
        QCOMPARE(get(QStringLiteral("?from=0&to=99999999999"), &body), 400);
        QVERIFY2(body.contains("longer than 31 day"), body.constData());
        // Without a token: refused.
        QNetworkReply* r = nam.get(
            QNetworkRequest(QUrl(m_agentA->url() + QStringLiteral("/v1/readings?from=1&to=2"))));
        QSignalSpy done(r, &QNetworkReply::finished);
        done.wait(10'000);
        QCOMPARE(r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);
        delete r;
        // HEAD: the headers, no body.
        {
            QNetworkRequest req(
                QUrl(m_agentA->url() +
                     QStringLiteral("/v1/readings?from=%1&to=%2").arg(kFrom).arg(kFrom + 10'000)));
            req.setRawHeader("Authorization", "Bearer " + kReadToken);
            QNetworkReply* head = nam.head(req);
            QSignalSpy headDone(head, &QNetworkReply::finished);
            QVERIFY(headDone.wait(10'000));
            QCOMPARE(head->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
            QCOMPARE(head->rawHeader("Content-Type"), QByteArray("application/x-ndjson"));
            QVERIFY(head->readAll().isEmpty());
            delete head;
        }
        // The stream itself: lines of readings of the range, in time order.
        QCOMPARE(get(QStringLiteral("?from=%1&to=%2").arg(kFrom).arg(kFrom + 10'000), &body), 200);
        const QList<QByteArray> lines = body.trimmed().split('\n');
        QCOMPARE(lines.size(), 10);
        QString error;
        const auto first = snapshotFromJsonBytes(lines.first(), &error);
        QVERIFY2(first, qPrintable(error));
        QCOMPARE(first->server, QStringLiteral("gpu-lab-01"));
        QCOMPARE(first->timestampMs, kFrom);
    }

    // Asked for CBOR (as the CLI asks), the route answers one CBOR array of
    // the same readings; JSON stays the default.
    void theRouteAnswersCborWhenAsked()
    {
        QNetworkAccessManager nam;
        const QString query = QStringLiteral("?from=%1&to=%2").arg(kFrom).arg(kFrom + 10'000);
        auto get = [&](const QByteArray& accept, QByteArray* type) {
            QNetworkRequest req(QUrl(m_agentA->url() + QStringLiteral("/v1/readings") + query));
            req.setRawHeader("Authorization", "Bearer " + kReadToken);
            if (!accept.isEmpty())
                req.setRawHeader("Accept", accept);
            QNetworkReply* reply = nam.get(req);
            QSignalSpy done(reply, &QNetworkReply::finished);
            done.wait(10'000);
            *type = reply->rawHeader("Content-Type");
            const QByteArray body = reply->readAll();
            delete reply;
            return body;
        };
        QByteArray type;
        const QByteArray json = get("application/json, application/cbor;q=0.5", &type);
        QCOMPARE(type, QByteArray("application/x-ndjson"));
        QCOMPARE(get({}, &type), json);
        const QByteArray body = get("application/cbor", &type);
        QCOMPARE(type, QByteArray("application/cbor"));
        QVERIFY(body.size() < json.size() / 2);
        QCOMPARE(quint8(body.front()), quint8(0x9f)); // an array of indefinite length…
        QCOMPARE(quint8(body.back()), quint8(0xff));  // …ended: the whole range
        const QList<QByteArray> lines = json.trimmed().split('\n');
        QCOMPARE(lines.size(), 10);
        qsizetype at = 1;
        for (const QByteArray& line : lines) {
            QCborStreamReader r(body.mid(at));
            QString error;
            const auto fromCbor = snapshotFromCbor(r, &error);
            QVERIFY2(fromCbor, qPrintable(error));
            QCOMPARE(*fromCbor, *snapshotFromJsonBytes(line, &error));
            at += r.currentOffset();
        }
        QCOMPARE(at, body.size() - 1);
    }

    void aCborReplyCutOffMidReading()
    {
        const DemoWorld world;
        QByteArray cbor(1, char(0x9f));
        for (int i = 0; i < 2; ++i)
            cbor += toCbor(world.serverAt(0, kFrom + i * 1000));
        cbor += toCbor(world.serverAt(0, kFrom + 2000)).left(40);
        CutServer cut("HTTP/1.1 200 OK\r\nContent-Type: application/cbor\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n" +
                      chunk(cbor));
        const Run r = cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"),
                                      cut.url(), QStringLiteral("--policy"), m_policy} +
                          range());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(cut.url().toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("stopped after reading 2"), r.err.constData());
    }

    void aCborReadingThatIsNotOne()
    {
        const DemoWorld world;
        QByteArray cbor = QByteArray(1, char(0x9f)) + toCbor(world.serverAt(0, kFrom));
        cbor += QByteArray::fromHex("a10105"); // {1: 5}: a server that is a number
        CutServer cut("HTTP/1.1 200 OK\r\nContent-Type: application/cbor\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n" +
                      chunk(cbor + char(0xff)) + "0\r\n\r\n");
        const Run r = cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"),
                                      cut.url(), QStringLiteral("--policy"), m_policy} +
                          range());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains((cut.url() + QStringLiteral(": reading 2: server: ")).toUtf8()),
                 r.err.constData());
    }

    void anAgentWithoutHistorySaysSo()
    {
        auto bare = agent(QStringLiteral("agent-c"), QString());
        const Run r =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"), bare->url()} +
                range());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(bare->url().toUtf8()) && r.err.contains("HTTP 404") &&
                     r.err.contains("keeps no history"),
                 r.err.constData());
    }

    void anAgentCutOffMidReply()
    {
        const DemoWorld world;
        QByteArray lines;
        for (int i = 0; i < 2; ++i)
            lines += toJsonBytes(world.serverAt(0, kFrom + i * 1000), false) + '\n';
        CutServer cut("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n" +
                      chunk(lines));
        const QString output = path(QStringLiteral("cut.csv"));
        const Run r =
            cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"), m_agentA->url(),
                            QStringLiteral("--source"), cut.url(), QStringLiteral("--output"),
                            output, QStringLiteral("--policy"), m_policy} +
                range());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(cut.url().toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("stopped after line 2"), r.err.constData());
        QVERIFY(!QFile::exists(output));
    }

    void aLineThatIsNotAReading()
    {
        const DemoWorld world;
        const QByteArray lines =
            toJsonBytes(world.serverAt(0, kFrom), false) + "\n{\"server\": 5}\n";
        CutServer cut("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n" +
                      chunk(lines) + "0\r\n\r\n");
        const Run r = cli(QStringList{QStringLiteral("report"), QStringLiteral("--source"),
                                      cut.url(), QStringLiteral("--policy"), m_policy} +
                          range());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains((cut.url() + QStringLiteral(": line 2: ")).toUtf8()),
                 r.err.constData());
    }
};

QTEST_MAIN(TestCliReportSource)
#include "tst_clireportsource.moc"
