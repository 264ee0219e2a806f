// The client side of the agent protocol against a real agent and against a
// server that misbehaves on purpose, over loopback.
#include "agent/agentserver.h"
#include "freeport.h"
#include "remote/sourceoption.h"
#include "sources/demoworld.h"
#include "testcert.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

// Answers every request the way it is told to, right or wrong.
class RogueServer : public QObject
{
public:
    enum Mode
    {
        Malformed,
        WrongShape,
        Truncated,
        Oversized,
        Silent,
        NotJsonError
    };

    explicit RogueServer(Mode mode)
        : m_mode(mode)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] { answer(s); });
            }
        });
    }
    quint16 port() const { return m_server.serverPort(); }

private:
    void answer(QTcpSocket* s)
    {
        s->readAll();
        auto reply = [s](const QByteArray& status, const QByteArray& body, qint64 length = -1) {
            s->write("HTTP/1.1 " + status +
                     "\r\nContent-Type: application/json\r\nContent-Length: " +
                     QByteArray::number(length < 0 ? body.size() : length) + "\r\n\r\n" + body);
        };
        switch (m_mode) {
        case Malformed:
            reply("200 OK", "{\"server\": \"x\", ");
            break;
        case WrongShape:
            reply("200 OK", "{\"server\": 5, \"timestamp_ms\": 1, \"backend\": \"x\"}");
            break;
        case NotJsonError:
            reply("502 Bad Gateway", "<html>proxy error</html>");
            break;
        case Truncated:
            reply("200 OK", "{\"server\": \"half", 5000);
            s->flush();
            s->disconnectFromHost();
            break;
        case Oversized: {
            reply("200 OK", QByteArray(), 1LL << 30);
            // Stream until the client hangs up.
            auto* t = new QTimer(s);
            connect(t, &QTimer::timeout, s, [s] {
                if (s->state() == QAbstractSocket::ConnectedState && s->bytesToWrite() < (4 << 20))
                    s->write(QByteArray(1 << 20, ' '));
            });
            t->start(1);
            break;
        }
        case Silent:
            break; // accepts, reads, never answers
        }
    }

    Mode m_mode;
    QTcpServer m_server;
};

QUrl local(quint16 port)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

} // namespace

class TestAgentClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsTheAgentsSnapshot()
    {
        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
        AgentServer server(c);
        QString error;
        QVERIFY(server.listen(&error));
        const Snapshot s = DemoWorld().serverAt(1, kT);
        server.publish(s);
        const std::optional<Snapshot> r =
            readAgentSnapshot({local(server.port()), "tok", {}, {}}, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(*r, s);

        const std::optional<Snapshot> refused =
            readAgentSnapshot({local(server.port()), "nope", {}, {}}, &error);
        QVERIFY(!refused);
        QVERIFY2(error.endsWith(QStringLiteral("HTTP 401: the token is not known to this agent")),
                 qPrintable(error));
        // The token's origin, when known, on its own line.
        readAgentSnapshot({local(server.port()), "nope", QStringLiteral("from the test"), {}},
                          &error);
        QVERIFY2(error.endsWith(QStringLiteral("this agent\nfrom the test")), qPrintable(error));
    }

    void nobodyListeningSaysSo()
    {
        const quint16 port = test::freePort();
        QString error;
        QVERIFY(!readAgentSnapshot({local(port), "tok", {}, {}}, &error));
        QVERIFY2(error.contains(QStringLiteral("refused"), Qt::CaseInsensitive), qPrintable(error));
    }

    void badRepliesGiveClearErrors_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("malformed JSON") << int(RogueServer::Malformed)
                                        << QStringLiteral("/v1/snapshot: malformed JSON at offset");
        QTest::newRow("wrong shape")
            << int(RogueServer::WrongShape)
            << QStringLiteral("not a snapshot: server: expected a string, got a number");
        QTest::newRow("truncated")
            << int(RogueServer::Truncated) << QStringLiteral("the reply broke off");
        QTest::newRow("oversized")
            << int(RogueServer::Oversized)
            << QStringLiteral("the reply is larger than 16777216 bytes; refused");
        QTest::newRow("silent") << int(RogueServer::Silent)
                                << QStringLiteral("no complete reply in time");
        QTest::newRow("proxy error page")
            << int(RogueServer::NotJsonError) << QStringLiteral("HTTP 502");
    }

    void badRepliesGiveClearErrors()
    {
        QFETCH(int, mode);
        QFETCH(QString, expected);
        RogueServer rogue{RogueServer::Mode(mode)};
        QString error;
        QVERIFY(!readAgentSnapshot({local(rogue.port()), "tok", {}, {}}, &error, 400));
        QVERIFY2(error.startsWith(local(rogue.port()).toString()), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void cliReadsAnAgentWithTheTokenFromTheEnvironment()
    {
        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
        AgentServer server(c);
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(2, kT));

        auto runCli = [&](const QStringList& args, const QByteArray& token) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QString::fromLatin1(token));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(GW_CLI), args);
            // The agent lives in this thread: keep its event loop turning.
            for (int i = 0; i < 200 && p.state() != QProcess::NotRunning; ++i)
                QTest::qWait(50);
            return std::tuple{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
        };
        const QString url = local(server.port()).toString();
        auto [rc, out, err] = runCli(
            {QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("--source"), url},
            "tok");
        QCOMPARE(rc, 0);
        QCOMPARE(QJsonDocument::fromJson(out).object()[QStringLiteral("server")].toString(),
                 QStringLiteral("infer-03"));
        std::tie(rc, out, err) =
            runCli({QStringLiteral("snapshot"), QStringLiteral("--source"), url}, "bad");
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains("HTTP 401"), err.constData());
        // A refused token: the CLI says which one it sent, on its own line.
        QVERIFY2(err.contains("\ngpuwarden-cli: the token came from GPUWARDEN_TOKEN\n"),
                 err.constData());
        std::tie(rc, out, err) = runCli(
            {QStringLiteral("snapshot"), QStringLiteral("--source"), QStringLiteral("ftp://x")},
            "tok");
        QCOMPARE(rc, 2);
        QVERIFY2(err.contains("--source: expected an http:// or https:// URL"), err.constData());

        // An agent with a self-signed certificate: refused without a pin
        // (the fingerprint is shown), read with the right one, refused with
        // another; a malformed pin is a usage error.
        QTemporaryDir dir;
        const test::Certificate cert = test::makeCertificate(dir, QStringLiteral("cli"));
        QVERIFY2(!cert.sha256.isEmpty(), "openssl could not make a certificate");
        c.tlsCertificate = cert.cert;
        c.tlsKey = cert.key;
        AgentServer tls(c);
        QVERIFY2(tls.listen(&error), qPrintable(error));
        tls.publish(DemoWorld().serverAt(2, kT));
        const QString https = QStringLiteral("https://127.0.0.1:%1").arg(tls.port());
        const QString fingerprint = formatFingerprint(cert.sha256);
        std::tie(rc, out, err) = runCli({QStringLiteral("snapshot"), QStringLiteral("--json"),
                                         QStringLiteral("--source"), https},
                                        "tok");
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains(fingerprint.toLatin1()), err.constData());
        std::tie(rc, out, err) =
            runCli({QStringLiteral("snapshot"), QStringLiteral("--json"),
                    QStringLiteral("--source"), https, QStringLiteral("--pin"), fingerprint},
                   "tok");
        QVERIFY2(rc == 0, err.constData());
        QCOMPARE(QJsonDocument::fromJson(out).object()[QStringLiteral("server")].toString(),
                 QStringLiteral("infer-03"));
        QByteArray other = cert.sha256;
        other[0] = char(other[0] ^ 0x01);
        std::tie(rc, out, err) = runCli({QStringLiteral("snapshot"), QStringLiteral("--source"),
                                         https, QStringLiteral("--pin"), formatFingerprint(other)},
                                        "tok");
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains("certificate changed and is refused"), err.constData());
        std::tie(rc, out, err) = runCli({QStringLiteral("snapshot"), QStringLiteral("--source"),
                                         https, QStringLiteral("--pin"), QStringLiteral("AB:CD")},
                                        "tok");
        QCOMPARE(rc, 2);
        QVERIFY2(err.contains("--pin: expected a SHA-256 fingerprint"), err.constData());
    }
};

QTEST_GUILESS_MAIN(TestAgentClient)
#include "tst_agentclient.moc"
