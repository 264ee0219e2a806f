// `gpuwarden-cli select | wait | advise | run --source URL` against a real
// gpuwarden-agent reading the fake NVML (tests/nvml/scenarios/
// select.scenario: four GPUs scoring 0.58, 0.93, 0.43 and 0.85): the agent
// ranks and reserves, the CLI prints and passes the reasons on.

#include "clitestenv.h"
#include "model/trace.h"
#include "remote/coordclient.h"
#include "remote/sourceoption.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using clitest::Run;

namespace {

const QByteArray kReadToken = "r3ad-token";
const QByteArray kJobToken = "j0b-token";

// An "agent" that answers every request with `body` (HTTP 200): what a
// broken or hostile agent could send.
class CannedAgent
{
public:
    explicit CannedAgent(QByteArray body)
        : m_body(std::move(body))
    {
        m_server.listen(QHostAddress::LocalHost);
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    m_request += s->readAll();
                    const qsizetype end = m_request.indexOf("\r\n\r\n");
                    if (end < 0)
                        return;
                    const qsizetype at = m_request.toLower().indexOf("content-length:");
                    const qsizetype length =
                        at < 0 ? 0
                               : m_request.mid(at + 15, m_request.indexOf('\r', at) - at - 15)
                                     .trimmed()
                                     .toLongLong();
                    if (m_request.size() < end + 4 + length)
                        return;
                    s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                             "Connection: close\r\nContent-Length: " +
                             QByteArray::number(m_body.size()) + "\r\n\r\n" + m_body);
                    s->disconnectFromHost();
                    m_request.clear();
                });
                QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }

private:
    QTcpServer m_server;
    QByteArray m_body;
    QByteArray m_request;
};

} // namespace

class TestCliAgent : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QStringList m_machine;
    std::unique_ptr<clitest::AgentProcess> m_agent;
    QString m_url;

    QProcessEnvironment env(const QByteArray& token) const
    {
        QProcessEnvironment e = clitest::fakeNvmlEnv(QStringLiteral(GW_NVML_SELECT));
        e.insert(QStringLiteral("GPUWARDEN_TOKEN"), QString::fromLatin1(token));
        return e;
    }

    // The command word, then --source (before any "--" of run), then the rest.
    Run cli(const QStringList& args, const QByteArray& token = kJobToken)
    {
        return clitest::runCli(
            QStringList{args.first(), QStringLiteral("--source"), m_url} + args.mid(1), env(token));
    }

    gw::AgentEndpoint source() const
    {
        gw::AgentEndpoint s;
        s.url = QUrl(m_url);
        s.token = kJobToken;
        return s;
    }

    QList<gw::Reservation> reservations()
    {
        QString error;
        const auto state = gw::requestAllocationState(source(), &error);
        if (!state)
            qWarning("GET /v1/allocate: %s", qPrintable(error));
        return state ? state->reservations : QList<gw::Reservation>();
    }

    static QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }

    void startAgent(const QString& scenario, int gpus = 4)
    {
        m_agent = std::make_unique<clitest::AgentProcess>();
        QVERIFY2(m_agent->start(m_tmp.filePath(QStringLiteral("agent.toml")),
                                "[agent]\ninterval_ms = 100\n[journal]\npath = \"\"\n" +
                                    clitest::agentTokenToml("reader", "read", kReadToken) +
                                    clitest::agentTokenToml("jobs", "allocate", kJobToken),
                                clitest::fakeNvmlEnv(scenario)),
                 qPrintable(m_agent->why()));
        m_url = m_agent->url();
        // Ready once it has a reading of the fake GPUs.
        const auto ready = [this, gpus] {
            QString error;
            const auto s = gw::readAgentSnapshot(source(), &error);
            return s && s->gpus.size() == gpus;
        };
        QTRY_VERIFY_WITH_TIMEOUT(ready(), 10'000);
    }

    void stopAgent()
    {
        m_agent->stop();
        QCOMPARE(m_agent->process().exitStatus(), QProcess::NormalExit);
        m_agent.reset();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_machine = clitest::fakeMachine(m_tmp.filePath(QStringLiteral("machine")));
    }

    // A fresh agent for every test: no reservation leaks from one to the next.
    void init() { startAgent(QStringLiteral(GW_NVML_SELECT)); }

    void cleanup() { stopAgent(); }

    void selectReservesAtTheAgent()
    {
        Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("2"),
                     QStringLiteral("--user"), QStringLiteral("alice"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = json(r);
        QCOMPARE(o[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1,3"));
        const QJsonObject reservation = o[QStringLiteral("reservation")].toObject();
        QCOMPARE(reservation[QStringLiteral("user")].toString(), QStringLiteral("alice"));
        QCOMPARE(reservation[QStringLiteral("units")].toArray(),
                 (QJsonArray{QStringLiteral("1"), QStringLiteral("3")}));
        QVERIFY(r.err.contains("reserved on"));
        QVERIFY(!r.err.contains("nothing reserved"));

        const QList<gw::Reservation> held = reservations();
        QCOMPARE(held.size(), 1);
        QCOMPARE(held[0].id, reservation[QStringLiteral("id")].toString());

        // The held GPUs are refused to the next caller, with the reason.
        r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("3"),
                 QStringLiteral("--user"), QStringLiteral("bob")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(r.err.contains("3 GPUs asked, 2 qualify"), r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: GPU 1: reserved for alice until"),
                 r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: GPU 3: reserved for alice until"),
                 r.err.constData());

        // Two more fit: the export line, for eval.
        r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("2"),
                 QStringLiteral("--user"), QStringLiteral("bob")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=0,2\n"));
        QCOMPARE(reservations().size(), 2);
    }

    void tooFewAtTheAgentExitsThreeWithTheReasons()
    {
        const Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("4"),
                           QStringLiteral("--min-free"), QStringLiteral("50GiB"),
                           QStringLiteral("--max-util"), QStringLiteral("50")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("4 GPUs asked, 2 qualify"), r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: GPU 0: 90 % busy, at most 50 %\n"),
                 r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: GPU 2: 4,096 MiB free, needs 51,200\n"),
                 r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: GPU 1: qualifies"), r.err.constData());
        QVERIFY(reservations().isEmpty());
    }

    void aReadTokenMayNotReserve()
    {
        const Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("1")},
                          kReadToken);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("HTTP 403"), r.err.constData());
        QCOMPARE(r.out, QByteArray());
    }

    // wait reserves nothing, respects what others hold, and takes a GPU
    // whose reservation expires during the wait.
    void waitAtTheAgentSeesReservationsEnd()
    {
        Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("3"),
                     QStringLiteral("--user"), QStringLiteral("alice"), QStringLiteral("--ttl"),
                     QStringLiteral("3s"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject held = json(r);
        QCOMPARE(held[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1,3,0"));
        const qint64 expires =
            held[QStringLiteral("reservation")][QStringLiteral("expires_ms")].toInteger();
        QVERIFY(expires > 0);

        r = cli({QStringLiteral("wait"), QStringLiteral("--gpus"), QStringLiteral("2")},
                kReadToken);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("GPU 1: reserved for alice until"), r.err.constData());

        r = cli({QStringLiteral("wait"), QStringLiteral("--gpus"), QStringLiteral("2"),
                 QStringLiteral("--wait"), QStringLiteral("20s")},
                kReadToken);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=1,3\n"));
        // Granted only once the hold had ended.
        QVERIFY(QDateTime::currentMSecsSinceEpoch() >= expires);
        QVERIFY2(r.err.contains("nothing reserved"), r.err.constData());
        QVERIFY(reservations().isEmpty());
    }

    void adviseAsksTheAgent()
    {
        Run r =
            cli({QStringLiteral("advise"), QStringLiteral("--user"), QStringLiteral("alice"),
                 QStringLiteral("--priority"), QStringLiteral("high"), QStringLiteral("--json")},
                kReadToken);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = json(r);
        QCOMPARE(o[QStringLiteral("user")].toString(), QStringLiteral("alice"));
        QCOMPARE(o[QStringLiteral("priority")].toString(), QStringLiteral("high"));
        QVERIFY(o[QStringLiteral("allowed_share_percent")].isDouble());
        QVERIFY(o[QStringLiteral("start_now")].isBool());
        const QJsonObject factors = o[QStringLiteral("factors")].toObject();
        for (const char* f : {"quota", "band", "defensive"})
            QVERIFY2(!factors[QLatin1String(f)]
                          .toObject()[QStringLiteral("reason")]
                          .toString()
                          .isEmpty(),
                     f);

        r = cli({QStringLiteral("advise"), QStringLiteral("--user"), QStringLiteral("alice"),
                 QStringLiteral("--attempt"), QStringLiteral("2")},
                kReadToken);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("alice (normal priority) may use "), r.out.constData());
        QVERIFY(r.out.contains("\n  quota:     "));
        QVERIFY(r.out.contains("\n  load band: "));
        QVERIFY(r.out.contains("\n  defensive: "));
        QVERIFY2(r.out.contains("\nstart now: ") || r.out.contains("\nwait 120 s: "),
                 r.out.constData());

        r = cli({QStringLiteral("advise"), QStringLiteral("--priority"), QStringLiteral("urgent")},
                kReadToken);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--priority: unknown priority \"urgent\""), r.err.constData());
    }

    // run --source: reserved, the job runs on the GPU, its readings come from
    // the agent, and the reservation is given back when the job ends.
    void runReservesReadsTheAgentAndReleases()
    {
        const QString record = m_tmp.filePath(QStringLiteral("agent-record.json"));
        const QString trace = m_tmp.filePath(QStringLiteral("agent-trace.jsonl"));
        const Run r = cli({QStringLiteral("run"), QStringLiteral("--gpus"), QStringLiteral("1"),
                           QStringLiteral("--interval"), QStringLiteral("100ms"),
                           QStringLiteral("--record"), record, QStringLiteral("--trace"), trace,
                           QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                           QStringLiteral("echo \"$CUDA_VISIBLE_DEVICES\"; sleep 1")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("1\n"));
        QVERIFY2(r.err.contains("released: the job ended"), r.err.constData());
        QVERIFY(reservations().isEmpty());

        QFile f(record);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o[QStringLiteral("source")].toString(), m_url);
        QVERIFY(!o[QStringLiteral("reservation")].toString().isEmpty());
        const QJsonObject g = o[QStringLiteral("gpus")].toArray().at(0).toObject();
        QCOMPARE(g[QStringLiteral("id")].toString(), QStringLiteral("1"));
        // The agent reads every 100 ms; repeated readings count once.
        QVERIFY2(g[QStringLiteral("sample_count")].toInt() >= 3,
                 qPrintable(QString::number(g[QStringLiteral("sample_count")].toInt())));
        const QJsonObject util = g[QStringLiteral("utilization_percent")].toObject();
        QCOMPARE(util[QStringLiteral("min")].toDouble(), 10.0);
        QCOMPARE(util[QStringLiteral("max")].toDouble(), 10.0);
        QCOMPARE(util[QStringLiteral("mean")].toDouble(), 10.0);
        QString error;
        const auto readings = gw::readTrace(trace, &error);
        QVERIFY2(readings, qPrintable(error));
        QCOMPARE(readings->size(), g[QStringLiteral("sample_count")].toInt());
    }
    // A process of the job's user on its GPU ends the reservation before
    // the job does: run gives it back on sight (or finds the agent ended it
    // on the same sight). The process is this test's own, so the agent
    // finds its user in /proc.
    void runGivesTheReservationBackWhenTheJobsProcessAppears()
    {
        stopAgent();
        const QString scenario = m_tmp.filePath(QStringLiteral("busy.scenario"));
        QVERIFY(clitest::writeFile(
            scenario, "gpu 0 name=A util=90 memused=8GiB memtotal=80GiB\n"
                      "gpu 1 name=B util=10 memused=4GiB memtotal=80GiB\n"
                      "proc 1 compute pid=" +
                          QByteArray::number(QCoreApplication::applicationPid()) + " mem=1GiB\n"));
        startAgent(scenario, 2);
        const Run r = cli({QStringLiteral("run"), QStringLiteral("--gpus"), QStringLiteral("1"),
                           QStringLiteral("--interval"), QStringLiteral("100ms"),
                           QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("1")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("with CUDA_VISIBLE_DEVICES=1"), r.err.constData());
        QVERIFY2(r.err.contains("released: the job's processes appeared") ||
                     r.err.contains("already ended at the agent (the job's processes appeared)"),
                 r.err.constData());
        QVERIFY2(!r.err.contains("released: the job ended"), r.err.constData());
        QVERIFY(reservations().isEmpty());
    }
    // Unit ids come from the agent; eval must never run one. A hostile id
    // is single-quoted, and a grant of the wrong size is not used.
    void anAgentsAnswerIsNeverRunByEval()
    {
        const QString marker = m_tmp.filePath(QStringLiteral("pwned"));
        const QByteArray id = "0;touch " + marker.toUtf8() + ";'x";
        const QByteArray body =
            "{\"reservation\":{\"id\":\"r1\",\"server\":\"evil\",\"user\":\"alice\","
            "\"units\":[\"" +
            id +
            "\"],\"created_ms\":1,\"expires_ms\":2},"
            "\"cuda_visible_devices\":\"" +
            id + "\",\"granted\":[{\"id\":\"" + id +
            "\",\"gpu_index\":0,\"mig_uuid\":null,\"mig_index\":null,\"score\":1,"
            "\"free_mib\":1,\"utilization_percent\":0}],\"refused\":[],\"waited_ms\":0}";
        CannedAgent agent(body);
        QProcess p;
        p.setProcessEnvironment(env(kJobToken));
        p.start(QStringLiteral(GW_CLI),
                {QStringLiteral("select"), QStringLiteral("--source"), agent.url(),
                 QStringLiteral("--gpus"), QStringLiteral("1")});
        QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 20'000);
        QCOMPARE(p.exitCode(), 0);
        const QByteArray line = p.readAllStandardOutput();
        QCOMPARE(line, "export CUDA_VISIBLE_DEVICES='0;touch " + marker.toUtf8() + ";'\\''x'\n");

        QProcess bash;
        bash.start(QStringLiteral("bash"),
                   {QStringLiteral("-c"),
                    QStringLiteral("eval \"$1\"; printf '%s' \"$CUDA_VISIBLE_DEVICES\""),
                    QStringLiteral("bash"), QString::fromUtf8(line)});
        QVERIFY(bash.waitForFinished(10'000));
        QCOMPARE(bash.readAllStandardOutput(), id);
        QVERIFY(!QFile::exists(marker));

        // Asked for 2, granted 1: refused, nothing printed.
        p.start(QStringLiteral(GW_CLI),
                {QStringLiteral("select"), QStringLiteral("--source"), agent.url(),
                 QStringLiteral("--gpus"), QStringLiteral("2")});
        QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 20'000);
        QCOMPARE(p.exitCode(), 1);
        QCOMPARE(p.readAllStandardOutput(), QByteArray());
        QVERIFY(p.readAllStandardError().contains("the agent granted 1 units, 2 asked; not used"));
    }
};

QTEST_GUILESS_MAIN(TestCliAgent)
#include "tst_cliagent.moc"
