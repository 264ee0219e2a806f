// The agent wire (core/wire) against a small HTTP(S) server of the test's
// own over loopback: what a request carries, each failure's kind and words,
// the size guard, the blocking wrapper, and a pinned certificate.
#include "freeport.h"
#include "httprequest.h"
#include "testcert.h"
#include "wire/agentwire.h"

#include <QFile>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

// Answers every request as it is told to, right or wrong; plain HTTP, or
// TLS with a certificate when given one.
class FakeAgent : public QObject
{
public:
    enum class Mode
    {
        Answer,    // the status and body below
        Truncated, // promises 5000 bytes, sends a few, hangs up
        Oversized, // promises 1 GiB and streams until the client hangs up
        Silent,    // reads the request, never answers
    };

    explicit FakeAgent(const test::Certificate* tls = nullptr)
    {
        if (tls) {
            auto* server = new QSslServer(this);
            QSslConfiguration c = QSslConfiguration::defaultConfiguration();
            QFile cert(tls->cert);
            QFile key(tls->key);
            if (cert.open(QIODevice::ReadOnly) && key.open(QIODevice::ReadOnly)) {
                c.setLocalCertificate(QSslCertificate(&cert, QSsl::Pem));
                c.setPrivateKey(QSslKey(&key, QSsl::Ec, QSsl::Pem));
            }
            c.setPeerVerifyMode(QSslSocket::VerifyNone);
            server->setSslConfiguration(c);
            m_server = server;
        } else {
            m_server = new QTcpServer(this);
        }
        m_server->listen(QHostAddress::LocalHost, 0);
        connect(m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket* s = m_server->nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                connect(s, &QTcpSocket::readyRead, s, [this, s, buffer] {
                    buffer->append(s->readAll());
                    if (const auto request = test::takeHttpRequest(*buffer)) {
                        requests << *request;
                        answer(s);
                    }
                });
            }
        });
    }

    QUrl url(const QString& path = {}) const
    {
        return QUrl(QStringLiteral("%1://127.0.0.1:%2%3")
                        .arg(qobject_cast<QSslServer*>(m_server) ? u"https" : u"http")
                        .arg(m_server->serverPort())
                        .arg(path));
    }

    Mode mode = Mode::Answer;
    QByteArray status = "200 OK";
    QByteArray body = "{}";
    QList<test::HttpRequest> requests;
    qint64 written = 0;

private:
    void answer(QTcpSocket* s)
    {
        auto head = [](const QByteArray& status, qint64 length) -> QByteArray {
            return "HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: " +
                   QByteArray::number(length) + "\r\n\r\n";
        };
        switch (mode) {
        case Mode::Answer:
            s->write(head(status, body.size()) + body);
            break;
        case Mode::Truncated:
            s->write(head("200 OK", 5000) + "{\"half");
            s->flush();
            s->disconnectFromHost();
            break;
        case Mode::Oversized: {
            s->write(head("200 OK", 1LL << 30));
            auto* t = new QTimer(s);
            connect(t, &QTimer::timeout, s, [this, s] {
                if (s->state() == QAbstractSocket::ConnectedState &&
                    s->bytesToWrite() < (4 << 20)) {
                    s->write(QByteArray(1 << 20, ' '));
                    written += 1 << 20;
                }
            });
            t->start(1);
            break;
        }
        case Mode::Silent:
            break;
        }
    }

    QTcpServer* m_server = nullptr;
};

AgentRequest get(const QString& path, int timeoutMs = 2000)
{
    AgentRequest r;
    r.pathAndQuery = path;
    r.timeoutMs = timeoutMs;
    return r;
}

} // namespace

class TestAgentWire : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aRequestCarriesTheTokenThePathAndTheBody()
    {
        FakeAgent agent;
        agent.body = "{\"answer\": 42}";
        // A path prefix on the endpoint (an agent behind a proxy) is kept.
        const AgentEndpoint endpoint{agent.url(QStringLiteral("/gw/")), "tok", {}, {}};
        AgentRequest r;
        r.verb = "PUT";
        r.pathAndQuery = QStringLiteral("/v1/policy?dry_run=1&user=a%20b");
        r.body = "[hog]\n";
        r.contentType = "application/toml";
        const AgentCall call = callAgentBlocking(endpoint, r);
        QVERIFY2(call.ok(), qPrintable(call.error));
        QCOMPARE(call.status, 200);
        QCOMPARE(call.failure, AgentFailure::None);
        QCOMPARE(call.error, QString());
        QCOMPARE(call.json->value(QStringLiteral("answer")).toInt(), 42);
        QCOMPARE(call.where, agent.url(QStringLiteral("/gw/v1/policy")).toString());
        QCOMPARE(agent.requests.size(), 1);
        const test::HttpRequest& seen = agent.requests.first();
        QCOMPARE(seen.method, QByteArray("PUT"));
        QCOMPARE(seen.target, QByteArray("/gw/v1/policy?dry_run=1&user=a%20b"));
        QCOMPARE(seen.headers.value("authorization"), QByteArray("Bearer tok"));
        QCOMPARE(seen.headers.value("content-type"), QByteArray("application/toml"));
        QCOMPARE(seen.body, QByteArray("[hog]\n"));

        // Without a token no Authorization header goes out; a GET has no body.
        callAgentBlocking({agent.url(), {}, {}, {}}, get(QStringLiteral("/v1/info")));
        QCOMPARE(agent.requests.size(), 2);
        QVERIFY(!agent.requests.last().headers.contains("authorization"));
        QVERIFY(!agent.requests.last().headers.contains("content-type"));
        QCOMPARE(agent.requests.last().target, QByteArray("/v1/info"));
    }

    void eachFailureHasItsKindAndWords_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QByteArray>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("failure");
        QTest::addColumn<QString>("words");
        const auto answer = int(FakeAgent::Mode::Answer);
        const QByteArray ok = "200 OK";
        QTest::newRow("401: unauthorized, with the token's origin")
            << answer << QByteArray("401 Unauthorized")
            << QByteArray(
                   "{\"error\": {\"code\": \"unauthorized\", \"message\": \"no such token\"}}")
            << int(AgentFailure::Auth)
            << QStringLiteral("/v1/x: HTTP 401: no such token\nthe token came from the test");
        QTest::newRow("403: forbidden")
            << answer << QByteArray("403 Forbidden")
            << QByteArray("{\"error\": {\"code\": \"forbidden\", \"message\": \"read only\"}}")
            << int(AgentFailure::Auth) << QStringLiteral("/v1/x: HTTP 403: read only");
        QTest::newRow("404: the code when there is no message")
            << answer << QByteArray("404 Not Found")
            << QByteArray("{\"error\": {\"code\": \"no_route\"}}") << int(AgentFailure::Protocol)
            << QStringLiteral("/v1/x: HTTP 404: no_route");
        QTest::newRow("409: a plain error string")
            << answer << QByteArray("409 Conflict")
            << QByteArray("{\"error\": \"2 asked, 1 free\"}") << int(AgentFailure::Protocol)
            << QStringLiteral("/v1/x: HTTP 409: 2 asked, 1 free");
        QTest::newRow("429: busy, try again")
            << answer << QByteArray("429 Too Many Requests") << QByteArray()
            << int(AgentFailure::Unreachable) << QStringLiteral("/v1/x: HTTP 429");
        QTest::newRow("502: a proxy's error page")
            << answer << QByteArray("502 Bad Gateway") << QByteArray("<html>proxy error</html>")
            << int(AgentFailure::Unreachable) << QStringLiteral("/v1/x: HTTP 502");
        QTest::newRow("500: the agent failed")
            << answer << QByteArray("500 Internal Server Error") << QByteArray("{}")
            << int(AgentFailure::Protocol) << QStringLiteral("/v1/x: HTTP 500");
        QTest::newRow("bad reply: malformed JSON")
            << answer << ok << QByteArray("{\"server\": \"x\", ") << int(AgentFailure::Protocol)
            << QStringLiteral("/v1/x: malformed JSON at offset");
        QTest::newRow("bad reply: not an object")
            << answer << ok << QByteArray("[1, 2]") << int(AgentFailure::Protocol)
            << QStringLiteral("/v1/x: expected a JSON object");
        QTest::newRow("broke off")
            << int(FakeAgent::Mode::Truncated) << ok << QByteArray()
            << int(AgentFailure::Unreachable) << QStringLiteral("/v1/x: the reply broke off (");
        QTest::newRow("too large")
            << int(FakeAgent::Mode::Oversized) << ok << QByteArray() << int(AgentFailure::Protocol)
            << QStringLiteral("/v1/x: the reply is larger than 1048576 bytes; refused");
        QTest::newRow("timeout") << int(FakeAgent::Mode::Silent) << ok << QByteArray()
                                 << int(AgentFailure::Unreachable)
                                 << QStringLiteral("/v1/x: no complete reply in time (the agent "
                                                   "is slow or stuck)");
    }

    void eachFailureHasItsKindAndWords()
    {
        QFETCH(int, mode);
        QFETCH(QByteArray, status);
        QFETCH(QByteArray, body);
        QFETCH(int, failure);
        QFETCH(QString, words);
        FakeAgent agent;
        agent.mode = FakeAgent::Mode(mode);
        agent.status = status;
        agent.body = body;
        const AgentEndpoint endpoint{
            agent.url(), "tok", QStringLiteral("the token came from the test"), {}};
        AgentRequest r = get(QStringLiteral("/v1/x?after=1"), 400);
        r.maxReplyBytes = 1 << 20;
        const AgentCall call = callAgentBlocking(endpoint, r);
        QVERIFY(!call.ok());
        QCOMPARE(int(call.failure), failure);
        // Every message starts with where it went (no query), then says what.
        QVERIFY2(call.error.startsWith(agent.url().toString() + words), qPrintable(call.error));
        QCOMPARE(call.where, agent.url(QStringLiteral("/v1/x")).toString());
    }

    void nobodyListeningIsUnreachable()
    {
        const QUrl url(QStringLiteral("http://127.0.0.1:%1").arg(test::freePort()));
        const AgentCall call =
            callAgentBlocking({url, "tok", {}, {}}, get(QStringLiteral("/v1/x")));
        QCOMPARE(call.status, 0);
        QCOMPARE(call.failure, AgentFailure::Unreachable);
        QVERIFY2(call.error.startsWith(url.toString() + QStringLiteral("/v1/x: unreachable: ")),
                 qPrintable(call.error));
        QVERIFY2(call.error.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(call.error));
    }

    void anErrorAnswerKeepsTheAgentsObject()
    {
        FakeAgent agent;
        agent.status = "409 Conflict";
        agent.body = "{\"error\": {\"code\": \"too_few\", \"message\": \"2 asked\", \"errors\": "
                     "[\"a\"]}, \"qualified\": [1]}";
        const AgentCall call =
            callAgentBlocking({agent.url(), {}, {}, {}}, get(QStringLiteral("/v1/allocate")));
        QCOMPARE(call.status, 409);
        QVERIFY(!call.json); // only a 2xx answer succeeds
        QCOMPARE(call.code, QStringLiteral("too_few"));
        QCOMPARE(call.message, QStringLiteral("2 asked"));
        QCOMPARE(call.errorObject.value(QStringLiteral("errors")).toArray().size(), 1);
        QCOMPARE(call.object.value(QStringLiteral("qualified")).toArray().size(), 1);
        QCOMPARE(call.body, agent.body);
    }

    void theSizeGuardCountsWhileTheReplyArrives()
    {
        FakeAgent agent;
        agent.body = "{\"pad\": \"" + QByteArray(1000, 'x') + "\"}";
        AgentRequest r = get(QStringLiteral("/v1/x"));
        // Exactly the limit is taken; one byte less is not.
        r.maxReplyBytes = agent.body.size();
        QVERIFY(callAgentBlocking({agent.url(), {}, {}, {}}, r).ok());
        r.maxReplyBytes = agent.body.size() - 1;
        QCOMPARE(callAgentBlocking({agent.url(), {}, {}, {}}, r).failure, AgentFailure::Protocol);

        // A reply of 1 GiB is cut off near the limit, not read to its end.
        agent.mode = FakeAgent::Mode::Oversized;
        r.maxReplyBytes = 2 << 20;
        const AgentCall call = callAgentBlocking({agent.url(), {}, {}, {}}, r);
        QVERIFY2(call.error.contains(QStringLiteral("larger than 2097152 bytes")),
                 qPrintable(call.error));
        // Qt reads on its own thread and reports progress queued: some MiB
        // more arrive before the abort, never the promised GiB.
        QVERIFY2(agent.written < (512 << 20), qPrintable(QString::number(agent.written)));
    }

    void theCallIsAsynchronousAndTheWrapperWaits()
    {
        FakeAgent agent;
        agent.body = "{\"n\": 1}";
        QNetworkAccessManager nam;
        QObject context;
        int called = 0;
        AgentCall got;
        callAgent(&nam, &context, {agent.url(), {}, {}, {}}, get(QStringLiteral("/v1/x")),
                  [&](const AgentCall& call) {
                      ++called;
                      got = call;
                  });
        QCOMPARE(called, 0); // not before the event loop turns
        QTRY_COMPARE(called, 1);
        QVERIFY(got.ok());
        QTest::qWait(100);
        QCOMPARE(called, 1); // once

        // The blocking wrapper answers the same.
        const AgentCall waited =
            callAgentBlocking({agent.url(), {}, {}, {}}, get(QStringLiteral("/v1/x")));
        QCOMPARE(waited.json, got.json);
        QCOMPARE(waited.status, got.status);
    }

    void aContextThatGoesAwayTakesItsCallWithIt()
    {
        FakeAgent agent;
        agent.mode = FakeAgent::Mode::Silent;
        QNetworkAccessManager nam;
        auto context = std::make_unique<QObject>();
        bool called = false;
        callAgent(&nam, context.get(), {agent.url(), {}, {}, {}}, get(QStringLiteral("/v1/x"), 200),
                  [&](const AgentCall&) { called = true; });
        QTRY_COMPARE(agent.requests.size(), 1);
        context.reset();
        QTest::qWait(400); // past the timeout
        QVERIFY(!called);
    }

    void aPinnedCertificateDecidesAlone()
    {
        QTemporaryDir dir;
        const test::Certificate cert = test::makeCertificate(dir, QStringLiteral("wire"));
        QVERIFY2(!cert.sha256.isEmpty(), "openssl could not make a certificate");
        FakeAgent agent(&cert);
        agent.body = "{\"ok\": true}";
        const AgentRequest r = get(QStringLiteral("/v1/info"));

        // Nothing pinned, no CA vouches: untrusted, the fingerprint offered.
        const AgentCall first = callAgentBlocking({agent.url(), "tok", {}, {}}, r);
        QCOMPARE(first.failure, AgentFailure::Untrusted);
        QCOMPARE(first.peerSha256, cert.sha256);
        QVERIFY2(first.error.contains(u"no trusted CA vouches for the server's certificate") &&
                     first.error.contains(formatFingerprint(cert.sha256)),
                 qPrintable(first.error));
        QVERIFY(agent.requests.isEmpty()); // the token never went out

        // Pinned: the self-signed certificate is accepted.
        const AgentCall pinned = callAgentBlocking({agent.url(), "tok", {}, cert.sha256}, r);
        QVERIFY2(pinned.ok(), qPrintable(pinned.error));
        QCOMPARE(pinned.peerSha256, cert.sha256);
        QCOMPARE(agent.requests.size(), 1);

        // Another pin: refused before a request is sent, both fingerprints said.
        QByteArray other = cert.sha256;
        other[0] = char(other[0] ^ 0x01);
        const AgentCall refused = callAgentBlocking({agent.url(), "tok", {}, other}, r);
        QCOMPARE(refused.failure, AgentFailure::PinMismatch);
        QCOMPARE(refused.status, 0);
        QVERIFY2(refused.error.contains(u"certificate changed and is refused") &&
                     refused.error.contains(u"differs from the pinned one") &&
                     refused.error.contains(formatFingerprint(other)) &&
                     refused.error.contains(formatFingerprint(cert.sha256)),
                 qPrintable(refused.error));
        QCOMPARE(agent.requests.size(), 1);
    }

    void fingerprintsReadAsAdminsWriteThem()
    {
        const QByteArray raw =
            QByteArray::fromHex("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
        const QString text = formatFingerprint(raw);
        QVERIFY(text.startsWith(u"00:11:22:33"));
        QVERIFY(text.endsWith(u"EE:FF"));
        QCOMPARE(parseFingerprint(text), raw);
        QCOMPARE(parseFingerprint(text.toLower().remove(u':')), raw);
        QCOMPARE(parseFingerprint(u"SHA256:"_s + text), raw);
        QCOMPARE(parseFingerprint(text.left(20)), QByteArray());
        QCOMPARE(parseFingerprint(QString(text).replace(u'A', u'G')), QByteArray());
    }

    void aRouteKeepsTheEndpointsPathAndTheQueryAsGiven()
    {
        const AgentEndpoint bare{QUrl(QStringLiteral("http://h:9807")), {}, {}, {}};
        QCOMPARE(bare.routeUrl(QStringLiteral("/v1/samples?after=5&limit=10")).toString(),
                 QStringLiteral("http://h:9807/v1/samples?after=5&limit=10"));
        const AgentEndpoint prefixed{QUrl(QStringLiteral("https://h/agents/a/")), {}, {}, {}};
        QCOMPARE(prefixed.routeUrl(QStringLiteral("/v1/allocate/id%2F1")).toEncoded(),
                 QByteArray("https://h/agents/a/v1/allocate/id%2F1"));
        QCOMPARE(prefixed.routeUrl(QStringLiteral("/api/v1/query?query=sum%28x%29%2B1"))
                     .query(QUrl::FullyEncoded),
                 QStringLiteral("query=sum%28x%29%2B1"));
    }
};

QTEST_GUILESS_MAIN(TestAgentWire)
#include "tst_agentwire.moc"
