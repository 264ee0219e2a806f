// The agent's HTTP edge as an attacker meets it, over real loopback sockets:
// oversized bodies (chunked or not) refused while they arrive with the
// agent's memory staying near the limit, HEAD without a body, integers that
// are exact or refused.
#include "agent/agentserver.h"
#include "sources/demoworld.h"
#include "testcert.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <algorithm>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;
constexpr qint64 kLimit = 64 * 1024; // max_body_bytes' default
constexpr qint64 kUpload = 64 * 1024 * 1024;

AgentConfig config()
{
    AgentConfig c;
    c.port = 0;
    c.requestsPerSecond = 1000;
    c.burst = 1000;
    c.tokens = {{QStringLiteral("reader"), sha256("r3ad"), TokenScope::Read}};
    return c;
}

// One parsed HTTP/1.1 response.
struct Response
{
    int status = 0;
    QList<std::pair<QByteArray, QByteArray>> headers; // names lower-cased, in order
    QByteArray body;
    QByteArray header(const QByteArray& name) const
    {
        for (const auto& [k, v] : headers)
            if (k == name.toLower())
                return v;
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

// Takes the responses complete in `buffer` off its front; `heads` says,
// per expected response, whether it answers a HEAD (no body follows).
QList<Response> parseResponses(QByteArray& buffer, const QList<bool>& heads)
{
    QList<Response> out;
    while (out.size() < heads.size()) {
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            break;
        Response r;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        r.status = lines.first().split(' ').value(1).toInt();
        qint64 length = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            r.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
        }
        length = r.header("content-length").toLongLong();
        const qint64 bodyLength = heads[out.size()] ? 0 : length;
        if (buffer.size() < end + 4 + bodyLength)
            break;
        r.body = buffer.mid(end + 4, bodyLength);
        buffer.remove(0, end + 4 + bodyLength);
        out.append(r);
    }
    return out;
}

// Sends the requests on one connection, each once the previous one is
// answered (Qt 6.4's server does not take pipelined requests), and collects
// the responses; `heads` says which requests are HEADs. The event loop
// runs: the server may be in-process.
struct Exchange
{
    QList<Response> responses;
    QByteArray rest; // bytes after the expected responses
    bool closedByServer = false;
};

Exchange exchange(quint16 port, const QList<QByteArray>& requests, QList<bool> heads = {},
                  int timeoutMs = 5000)
{
    while (heads.size() < requests.size())
        heads.append(false);
    QTcpSocket s;
    s.connectToHost(QStringLiteral("127.0.0.1"), port);
    Exchange e;
    if (!QTest::qWaitFor([&] { return s.state() == QAbstractSocket::ConnectedState; }, 5000))
        return e;
    QByteArray buffer;
    for (qsizetype i = 0; i < requests.size(); ++i) {
        s.write(requests[i]);
        const QList<bool> head{heads[i]};
        [[maybe_unused]] const bool done = QTest::qWaitFor(
            [&] {
                buffer += s.readAll();
                QByteArray copy = buffer;
                return parseResponses(copy, head).size() == 1 ||
                       s.state() == QAbstractSocket::UnconnectedState;
            },
            timeoutMs);
        buffer += s.readAll();
        const QList<Response> got = parseResponses(buffer, head);
        if (got.isEmpty())
            break;
        e.responses += got;
        // A little longer, to see whether anything (a body after HEAD) follows.
        QTest::qWait(50);
        buffer += s.readAll();
        if (!buffer.isEmpty())
            break;
    }
    e.rest = buffer;
    e.closedByServer = s.state() == QAbstractSocket::UnconnectedState;
    return e;
}

QByteArray get(const QByteArray& method, const QByteArray& target, const QByteArray& extra = {})
{
    return method + ' ' + target +
           " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer r3ad\r\n" + extra + "\r\n";
}

QByteArray chunked(const QByteArray& body, qsizetype piece)
{
    QByteArray out;
    for (qsizetype i = 0; i < body.size(); i += piece) {
        const QByteArray part = body.mid(i, piece);
        out += QByteArray::number(part.size(), 16) + "\r\n" + part + "\r\n";
    }
    return out + "0\r\n\r\n";
}

// The agent process' peak resident memory, from /proc.
qint64 peakRssKiB(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

// Uploads kUpload bytes to the agent binary as a client that stops once it
// is answered. What was sent when the answer came, and the answer.
struct Upload
{
    qint64 sentWhenAnswered = -1;
    QByteArray answer;
    bool closed = false;
};

Upload upload(quint16 port, bool chunkedBody)
{
    QTcpSocket s;
    s.connectToHost(QStringLiteral("127.0.0.1"), port);
    Upload u;
    if (!s.waitForConnected(5000))
        return u;
    s.write(get("POST", "/healthz",
                chunkedBody ? QByteArray("Transfer-Encoding: chunked\r\n")
                            : "Content-Length: " + QByteArray::number(kUpload) + "\r\n"));
    const QByteArray piece(1024 * 1024, 'x');
    qint64 sent = 0;
    while (sent < kUpload && s.state() == QAbstractSocket::ConnectedState) {
        if (chunkedBody)
            s.write(QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n");
        else
            s.write(piece);
        sent += piece.size();
        s.waitForBytesWritten(2000);
        if (s.bytesAvailable() > 0 || s.waitForReadyRead(1)) {
            u.sentWhenAnswered = sent;
            break;
        }
    }
    for (int i = 0; i < 50 && s.state() == QAbstractSocket::ConnectedState; ++i)
        s.waitForReadyRead(100);
    u.answer = s.readAll();
    if (u.sentWhenAnswered < 0 && !u.answer.isEmpty())
        u.sentWhenAnswered = sent;
    u.closed = s.state() == QAbstractSocket::UnconnectedState || s.waitForDisconnected(3000);
    return u;
}

} // namespace

class TestAgentEdge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hugeUploadsAreRefusedWhileArrivingAndMemoryStaysNearTheLimit()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
        QFile f(cfg);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n[[token]]\nname = "
                "\"t\"\nsha256 = \"" +
                sha256("r3ad").toHex() + "\"\n");
        f.close();
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(agent.waitForReadyRead(10000));
        const QByteArray line = agent.readLine().trimmed();
        QVERIFY2(line.startsWith("listening on 127.0.0.1:"), line.constData());
        const quint16 port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        // Warm: a few answered requests and readings, so what follows is the uploads' cost.
        QTest::qWait(1500);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(exchange(port, {get("GET", "/v1/snapshot")}).responses.value(0).status, 200);
        const qint64 before = peakRssKiB(agent.processId());
        QVERIFY(before > 0);

        for (const bool isChunked : {false, true}) {
            const Upload u = upload(port, isChunked);
            QVERIFY2(u.answer.startsWith("HTTP/1.1 413 "), u.answer.left(200).constData());
            QVERIFY(u.answer.contains("\r\nConnection: close\r\n"));
            QVERIFY(u.answer.contains("\"code\":\"too_large\""));
            QVERIFY2(u.closed, "the agent kept the connection open");
            // Answered long before the upload was through.
            QVERIFY2(u.sentWhenAnswered > 0 && u.sentWhenAnswered <= 16 * 1024 * 1024,
                     qPrintable(QString::number(u.sentWhenAnswered)));
            qInfo("%s upload of 64 MiB: answered 413 after %lld MiB sent",
                  isChunked ? "chunked" : "Content-Length",
                  static_cast<long long>(u.sentWhenAnswered / (1024 * 1024)));
        }
        // The agent still serves.
        QCOMPARE(exchange(port, {get("GET", "/healthz")}).responses.value(0).status, 200);
        const qint64 after = peakRssKiB(agent.processId());
        const qint64 grewKiB = after - before;
        qInfo("agent peak RSS (VmHWM) %lld KiB before, %lld KiB after two 64 MiB uploads: +%lld "
              "KiB (limit %lld KiB)",
              static_cast<long long>(before), static_cast<long long>(after),
              static_cast<long long>(grewKiB), static_cast<long long>(kLimit / 1024));
        QVERIFY2(grewKiB * 1024 <= kLimit + 16 * 1024 * 1024, qPrintable(QString::number(grewKiB)));
        agent.terminate();
        QVERIFY(agent.waitForFinished(5000));
        QCOMPARE(agent.exitCode(), 0);
    }

    void aBodyUnderTheLimitReachesTheRouteAndTheConnectionGoesOn()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        const QByteArray body(kLimit - 1, 'b');
        // Content-Length, then chunked, then a plain GET: one connection.
        const Exchange e = exchange(
            server.port(),
            {get("GET", "/healthz", "Content-Length: " + QByteArray::number(body.size()) + "\r\n") +
                 body,
             get("GET", "/healthz", "Transfer-Encoding: chunked\r\n") + chunked(body, 4000),
             get("GET", "/healthz")});
        QCOMPARE(e.responses.size(), 3);
        for (const Response& r : e.responses) {
            QCOMPARE(r.status, 200);
            QCOMPARE(r.json()[QStringLiteral("status")].toString(), QStringLiteral("ok"));
        }
        QVERIFY(!e.closedByServer);
    }

    void oneByteOverTheLimitIsRefused_data()
    {
        QTest::addColumn<QByteArray>("request");
        const QByteArray body(kLimit + 1, 'b');
        QTest::newRow("content-length") << QByteArray(
            get("GET", "/healthz", "Content-Length: " + QByteArray::number(body.size()) + "\r\n") +
            body);
        QTest::newRow("chunked, in small chunks") << QByteArray(
            get("GET", "/healthz", "Transfer-Encoding: chunked\r\n") + chunked(body, 1000));
        // Refused on the size line, before the chunk's data.
        QTest::newRow("chunked, one chunk")
            << QByteArray(get("GET", "/healthz", "Transfer-Encoding: chunked\r\n") +
                          QByteArray::number(body.size(), 16) + "\r\n");
    }

    void oneByteOverTheLimitIsRefused()
    {
        QFETCH(QByteArray, request);
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        const Exchange e = exchange(server.port(), {request});
        QCOMPARE(e.responses.value(0).status, 413);
        QCOMPARE(e.responses.value(0).json()[QStringLiteral("error")][QStringLiteral("code")],
                 QStringLiteral("too_large"));
        QCOMPARE(e.responses.value(0).header("connection"), QByteArray("close"));
        QVERIFY(e.closedByServer);
    }

    void framingThatCouldSmuggleARequestIsRefused_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        QTest::newRow("both framings")
            << QByteArray(
                   get("POST", "/healthz", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n") +
                   "0\r\n\r\n")
            << 400;
        QTest::newRow("two lengths")
            << QByteArray(get("POST", "/healthz", "Content-Length: 5\r\nContent-Length: 6\r\n") +
                          "12345")
            << 400;
        QTest::newRow("signed length") << get("POST", "/healthz", "Content-Length: +5\r\n") << 400;
        QTest::newRow("unknown coding")
            << get("POST", "/healthz", "Transfer-Encoding: gzip\r\n") << 400;
        QTest::newRow("bad chunk size")
            << QByteArray(get("POST", "/healthz", "Transfer-Encoding: chunked\r\n") +
                          "zz\r\nab\r\n")
            << 400;
        QTest::newRow("chunk longer than its size")
            << QByteArray(get("POST", "/healthz", "Transfer-Encoding: chunked\r\n") +
                          "2\r\nabc\r\n0\r\n\r\n")
            << 400;
        QTest::newRow("huge head")
            << get("GET", "/healthz", "X-Filler: " + QByteArray(20000, 'f') + "\r\n") << 431;
    }

    void framingThatCouldSmuggleARequestIsRefused()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        const Exchange e = exchange(server.port(), {request});
        QCOMPARE(e.responses.value(0).status, status);
        QVERIFY(!e.responses.value(0)
                     .json()[QStringLiteral("error")][QStringLiteral("message")]
                     .toString()
                     .isEmpty());
        QVERIFY(e.closedByServer);
    }

    void oversizedBodiesAreRefusedOverTlsToo()
    {
        QTemporaryDir dir;
        const test::Certificate cert = test::makeCertificate(dir, QStringLiteral("agent"));
        QVERIFY(!cert.sha256.isEmpty());
        AgentConfig c = config();
        c.tlsCertificate = cert.cert;
        c.tlsKey = cert.key;
        AgentServer server(c);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QSslSocket s;
        QFile certFile(cert.cert);
        QVERIFY(certFile.open(QIODevice::ReadOnly));
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setCaCertificates({QSslCertificate(&certFile, QSsl::Pem)});
        s.setSslConfiguration(tls);
        s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server.port());
        QVERIFY(QTest::qWaitFor([&] { return s.isEncrypted(); }, 10000));
        // A good request first: the connection is kept.
        s.write(get("GET", "/healthz"));
        QByteArray buffer;
        QVERIFY(QTest::qWaitFor(
            [&] {
                buffer += s.readAll();
                QByteArray copy = buffer;
                return parseResponses(copy, {false}).size() == 1;
            },
            5000));
        QCOMPARE(parseResponses(buffer, {false}).value(0).status, 200);
        s.write(get("POST", "/healthz", "Content-Length: 100000000\r\n"));
        QVERIFY(QTest::qWaitFor(
            [&] {
                buffer += s.readAll();
                return s.state() == QAbstractSocket::UnconnectedState;
            },
            5000));
        buffer += s.readAll();
        QVERIFY2(buffer.startsWith("HTTP/1.1 413 "), buffer.constData());
    }

    void headHasGetsStatusAndHeadersAndNoBody()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, kT));
        for (const QByteArray& target :
             {QByteArray("/healthz"), QByteArray("/v1/snapshot"), QByteArray("/v1/samples?after=0"),
              QByteArray("/v1/processes"), QByteArray("/metrics"), QByteArray("/nowhere")}) {
            // HEAD then GET on one connection: were there a body after the
            // HEAD answer, the GET's answer would not parse.
            const Exchange e =
                exchange(server.port(), {get("HEAD", target), get("GET", target)}, {true, false});
            QCOMPARE(e.responses.size(), 2);
            QVERIFY2(e.rest.isEmpty(), e.rest.constData());
            const Response& head = e.responses[0];
            const Response& getReply = e.responses[1];
            QCOMPARE(head.status, getReply.status);
            // The same fields (their order carries no meaning).
            auto headHeaders = head.headers;
            auto getHeaders = getReply.headers;
            std::sort(headHeaders.begin(), headHeaders.end());
            std::sort(getHeaders.begin(), getHeaders.end());
            QCOMPARE(headHeaders, getHeaders);
            QCOMPARE(head.header("content-length").toLongLong(), getReply.body.size());
            QVERIFY(getReply.body.size() > 0);
        }
        // Refusals too: no body after the 401.
        const Exchange refused = exchange(
            server.port(), {"HEAD /v1/info HTTP/1.1\r\nHost: x\r\n\r\n", get("GET", "/healthz")},
            {true, false});
        QCOMPARE(refused.responses.value(0).status, 401);
        QCOMPARE(refused.responses.value(1).status, 200);
    }

    void otherMethodsAreRefusedWithAllow_data()
    {
        QTest::addColumn<QByteArray>("method");
        for (const char* m : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"})
            QTest::newRow(m) << QByteArray(m);
    }

    void otherMethodsAreRefusedWithAllow()
    {
        QFETCH(QByteArray, method);
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        const Response r =
            exchange(server.port(), {get(method, "/v1/info", "Content-Length: 0\r\n")})
                .responses.value(0);
        QCOMPARE(r.status, 405);
        QCOMPARE(r.header("allow"), QByteArray("GET, HEAD"));
        QCOMPARE(r.json()[QStringLiteral("error")][QStringLiteral("code")],
                 QStringLiteral("method_not_allowed"));
    }

    void cursorsAreExactOrRefused_data()
    {
        QTest::addColumn<QByteArray>("after");
        QTest::addColumn<int>("status");
        QTest::newRow("2^53 + 1") << QByteArray("9007199254740993") << 200;
        QTest::newRow("largest") << QByteArray("9223372036854775807") << 200;
        QTest::newRow("2^63") << QByteArray("9223372036854775808") << 400;
        QTest::newRow("2^64 - 1") << QByteArray("18446744073709551615") << 400;
        QTest::newRow("2^64") << QByteArray("18446744073709551616") << 400;
        QTest::newRow("negative") << QByteArray("-1") << 400;
        QTest::newRow("plus") << QByteArray("%2B1") << 400;
        QTest::newRow("blank") << QByteArray("%201") << 400;
        QTest::newRow("exponent") << QByteArray("1e3") << 400;
        QTest::newRow("fraction") << QByteArray("1.0") << 400;
        QTest::newRow("hex") << QByteArray("0x10") << 400;
        QTest::newRow("empty") << QByteArray("") << 400;
        QTest::newRow("twice") << QByteArray("1&after=2") << 400;
    }

    void cursorsAreExactOrRefused()
    {
        QFETCH(QByteArray, after);
        QFETCH(int, status);
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, kT));
        const Exchange e = exchange(server.port(), {get("GET", "/v1/samples?after=" + after)});
        const Response r = e.responses.value(0);
        QCOMPARE(r.status, status);
        if (status == 200) {
            // Echoed digit for digit (a cursor past the stream's end is
            // answered with no readings and the same cursor).
            QVERIFY2(r.body.contains(QByteArray("\"next\":" + after + ',')), r.body.constData());
            QCOMPARE(quint64(r.json()[QStringLiteral("next")].toInteger()), after.toULongLong());
            QCOMPARE(r.json()[QStringLiteral("samples")].toArray().size(), 0);
        } else {
            const QString message =
                r.json()[QStringLiteral("error")][QStringLiteral("message")].toString();
            QVERIFY2(message.contains(QStringLiteral("\"after\"")), qPrintable(message));
        }
    }

    void limitsAreCheckedExactly_data()
    {
        QTest::addColumn<QByteArray>("limit");
        QTest::addColumn<int>("status");
        QTest::newRow("smallest") << QByteArray("1") << 200;
        QTest::newRow("largest") << QByteArray("1000") << 200;
        QTest::newRow("zero") << QByteArray("0") << 400;
        QTest::newRow("over") << QByteArray("1001") << 400;
        QTest::newRow("2^32 + 1, which an int would wrap to 1") << QByteArray("4294967297") << 400;
        QTest::newRow("huge") << QByteArray("99999999999999999999") << 400;
        QTest::newRow("word") << QByteArray("ten") << 400;
    }

    void limitsAreCheckedExactly()
    {
        QFETCH(QByteArray, limit);
        QFETCH(int, status);
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        const Response r =
            exchange(server.port(), {get("GET", "/v1/samples?limit=" + limit)}).responses.value(0);
        QCOMPARE(r.status, status);
        if (status != 200)
            QVERIFY(
                r.json()[QStringLiteral("error")][QStringLiteral("message")].toString().contains(
                    QStringLiteral("\"limit\"")));
    }

    void sequenceNumbersAreWrittenAsExactIntegers()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, kT));
        const Response r =
            exchange(server.port(), {get("GET", "/v1/samples?after=0")}).responses.value(0);
        QCOMPARE(r.status, 200);
        // Digits, never 1e+… or 1.0.
        QVERIFY2(r.body.contains("\"next\":1,"), r.body.constData());
        QVERIFY(r.body.contains("\"last_sequence\":1,"));
        QVERIFY(r.body.contains("\"sequence\":1"));
        QVERIFY(r.json()[QStringLiteral("now_ms")].toInteger() > 1'700'000'000'000);
    }
};

QTEST_GUILESS_MAIN(TestAgentEdge)
#include "tst_agentedge.moc"
