// The agent over real loopback HTTP: its server class in-process, and the
// gpuwarden-agent binary end to end.
#include "agentserver.h"
#include "demofleet.h"
#include "snapshotjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

struct Reply
{
    int status = 0;
    QByteArray body;
    QByteArray contentType;
    QByteArray header(const char* name) const { return headers.value(QByteArray(name).toLower()); }
    QHash<QByteArray, QByteArray> headers;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
           const QByteArray& token = {}, const QByteArray& method = "GET",
           const QByteArray& body = {})
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    if (!token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + token);
    QNetworkReply* r = nam.sendCustomRequest(req, method, body);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(5000);
    Reply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = r->readAll();
    for (const auto& [k, v] : r->rawHeaderPairs())
        out.headers.insert(k.toLower(), v);
    r->deleteLater();
    return out;
}

AgentConfig config()
{
    AgentConfig c;
    c.port = 0; // any free port
    c.ringSize = 50;
    c.tokens = {{QStringLiteral("reader"), sha256("r3ad"), TokenScope::Read},
                {QStringLiteral("boss"), sha256("adm1n"), TokenScope::Admin}};
    return c;
}

} // namespace

class TestAgentServer : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

private Q_SLOTS:
    void healthNeedsNoTokenEverythingElseDoes()
    {
        AgentServer server(config());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QVERIFY(server.port() != 0);
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/healthz")).status, 200);
        for (const auto* path :
             {"/v1/info", "/v1/snapshot", "/v1/samples", "/v1/processes", "/metrics"}) {
            const Reply none = call(m_nam, server.port(), QString::fromLatin1(path));
            QCOMPARE(none.status, 401);
            QCOMPARE(none.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
                     QStringLiteral("unauthorized"));
            QCOMPARE(none.header("WWW-Authenticate"), QByteArray("Bearer"));
            const Reply wrong = call(m_nam, server.port(), QString::fromLatin1(path), "r3ad!");
            QCOMPARE(wrong.status, 401);
            QVERIFY(wrong.json()[QStringLiteral("error")][QStringLiteral("message")]
                        .toString()
                        .contains(QStringLiteral("not known")));
        }
        // Both scopes may read.
        server.publish(DemoFleet().serverAt(0, kT));
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/info"), "r3ad").status, 200);
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/info"), "adm1n").status, 200);
    }

    void snapshotIsTheCliPayload()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/snapshot"), "r3ad").status, 503);
        const Snapshot s = DemoFleet().serverAt(2, kT);
        server.publish(s);
        const Reply r = call(m_nam, server.port(), QStringLiteral("/v1/snapshot"), "r3ad");
        QCOMPARE(r.status, 200);
        QVERIFY(r.header("Content-Type").startsWith("application/json"));
        QString why;
        const auto back = snapshotFromJsonBytes(r.body, &why);
        QVERIFY2(back, qPrintable(why));
        QCOMPARE(*back, s);
        QCOMPARE(r.json()[QStringLiteral("sequence")].toInt(), 1);
        const Reply procs = call(m_nam, server.port(), QStringLiteral("/v1/processes"), "r3ad");
        QCOMPARE(procs.json()[QStringLiteral("processes")].toArray().size(), s.processes.size());
    }

    void samplesAfterACursorGiveLiveDataAndBackfill()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        for (int i = 0; i < 10; ++i)
            server.publish(DemoFleet().serverAt(0, kT + i * 1000));
        Reply r = call(m_nam, server.port(), QStringLiteral("/v1/samples?after=7"), "r3ad");
        QCOMPARE(r.status, 200);
        QJsonArray samples = r.json()[QStringLiteral("samples")].toArray();
        QCOMPARE(samples.size(), 3);
        QCOMPARE(samples[0].toObject()[QStringLiteral("sequence")].toInt(), 8);
        QCOMPARE(samples[2].toObject()[QStringLiteral("timestamp_ms")].toDouble(),
                 double(kT + 9000));
        QCOMPARE(r.json()[QStringLiteral("next")].toInt(), 10);
        QCOMPARE(r.json()[QStringLiteral("instance")].toString(), server.instance());
        // Paging with limit, resuming from `next`.
        r = call(m_nam, server.port(), QStringLiteral("/v1/samples?after=0&limit=4"), "r3ad");
        QCOMPARE(r.json()[QStringLiteral("samples")].toArray().size(), 4);
        QCOMPARE(r.json()[QStringLiteral("next")].toInt(), 4);
        QVERIFY(!r.json()[QStringLiteral("truncated")].toBool());
        // Caught up: nothing new, the cursor stays.
        r = call(m_nam, server.port(), QStringLiteral("/v1/samples?after=10"), "r3ad");
        QCOMPARE(r.json()[QStringLiteral("samples")].toArray().size(), 0);
        QCOMPARE(r.json()[QStringLiteral("next")].toInt(), 10);
        // An outage longer than the ring: the hole is reported, not hidden.
        for (int i = 10; i < 80; ++i)
            server.publish(DemoFleet().serverAt(0, kT + i * 1000));
        r = call(m_nam, server.port(), QStringLiteral("/v1/samples?after=5&limit=1000"), "r3ad");
        QVERIFY(r.json()[QStringLiteral("truncated")].toBool());
        QCOMPARE(r.json()[QStringLiteral("samples")].toArray().size(), 50);
    }

    void badRequestsGetJsonErrors_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("bad cursor") << QStringLiteral("/v1/samples?after=abc") << QByteArray("GET")
                                    << QByteArray() << 400 << QStringLiteral("bad_request");
        QTest::newRow("limit too big")
            << QStringLiteral("/v1/samples?limit=5000") << QByteArray("GET") << QByteArray() << 400
            << QStringLiteral("bad_request");
        QTest::newRow("no such route") << QStringLiteral("/v2/everything") << QByteArray("GET")
                                       << QByteArray() << 404 << QStringLiteral("not_found");
        QTest::newRow("post") << QStringLiteral("/v1/info") << QByteArray("POST")
                              << QByteArray("{}") << 405 << QStringLiteral("method_not_allowed");
        QTest::newRow("oversized body")
            << QStringLiteral("/v1/info") << QByteArray("GET") << QByteArray(200'000, 'x') << 413
            << QStringLiteral("too_large");
    }

    void badRequestsGetJsonErrors()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoFleet().serverAt(0, kT));
        const Reply r = call(m_nam, server.port(), path, "r3ad", method, body);
        QCOMPARE(r.status, status);
        QCOMPARE(r.json()[QStringLiteral("error")][QStringLiteral("code")].toString(), code);
        QVERIFY(!r.json()[QStringLiteral("error")][QStringLiteral("message")].toString().isEmpty());
    }

    void aFloodingClientIsSlowedDown()
    {
        AgentConfig c = config();
        c.requestsPerSecond = 1;
        c.burst = 5;
        AgentServer server(c);
        QString error;
        QVERIFY(server.listen(&error));
        int ok = 0, limited = 0;
        for (int i = 0; i < 12; ++i) {
            const Reply r = call(m_nam, server.port(), QStringLiteral("/healthz"));
            ok += r.status == 200 ? 1 : 0;
            if (r.status == 429) {
                ++limited;
                QCOMPARE(r.header("Retry-After"), QByteArray("1"));
            }
        }
        QVERIFY2(ok >= 5 && ok <= 7,
                 qPrintable(QString::number(ok))); // the burst, and maybe one refill
        QCOMPARE(ok + limited, 12);
    }

    void metricsSpeakDcgmAndLeaveAbsentValuesOut()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        Snapshot s = DemoFleet().serverAt(2, kT); // infer-03: a ghost process, no fans
        s.gpus[1].powerW.reset();
        server.publish(s);
        const Reply r = call(m_nam, server.port(), QStringLiteral("/metrics"), "r3ad");
        QCOMPARE(r.status, 200);
        QVERIFY(r.header("Content-Type").startsWith("text/plain; version=0.0.4"));
        const QString text = QString::fromUtf8(r.body);
        QVERIFY(text.contains(QStringLiteral("# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n")));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_FB_USED{gpu=\"0\",UUID=\"") +
                              s.gpus[0].uuid));
        QVERIFY(text.contains(
            QStringLiteral("modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"infer-03\"} ")));
        // GPU 1's power is absent: GPU 0 has a line, GPU 1 none (not a 0).
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"")));
        QVERIFY(!text.contains(QStringLiteral("DCGM_FI_DEV_POWER_USAGE{gpu=\"1\"")));
        QVERIFY(!text.contains(QStringLiteral("gpuwarden_gpu_fan_percent"))); // no fans at all
        // Per-process memory with pid and user labels, the ghost included.
        QVERIFY(text.contains(
            QStringLiteral("gpuwarden_process_gpu_memory_mib{pid=\"7801\",user=\"svc-infer\"")));
        QVERIFY(text.contains(QStringLiteral(
            "gpuwarden_process_gpu_memory_mib{pid=\"91234\",user=\"(not in /proc)\"")));
        QVERIFY(text.endsWith(QLatin1Char('\n')));
    }

    void tlsServesHttpsWithTheConfiguredCertificate()
    {
        // A certificate the test makes, as an admin would with openssl.
        QTemporaryDir dir;
        const QString cert = dir.filePath(QStringLiteral("agent.crt"));
        const QString key = dir.filePath(QStringLiteral("agent.key"));
        QProcess openssl;
        openssl.start(QStringLiteral("openssl"),
                      {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                       QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                       QStringLiteral("-days"), QStringLiteral("1"), QStringLiteral("-subj"),
                       QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
                       QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"),
                       key, QStringLiteral("-out"), cert});
        QVERIFY(openssl.waitForFinished(30000));
        QCOMPARE(openssl.exitCode(), 0);

        AgentConfig c = config();
        c.tlsCertificate = cert;
        c.tlsKey = key;
        AgentServer server(c);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        server.publish(DemoFleet().serverAt(0, kT));

        // Trusting exactly that certificate, HTTPS works.
        QFile certFile(cert);
        QVERIFY(certFile.open(QIODevice::ReadOnly));
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setCaCertificates({QSslCertificate(&certFile, QSsl::Pem)});
        QNetworkRequest req(
            QUrl(QStringLiteral("https://127.0.0.1:%1/v1/info").arg(server.port())));
        req.setSslConfiguration(tls);
        req.setRawHeader("Authorization", "Bearer r3ad");
        QNetworkReply* r = m_nam.get(req);
        QSignalSpy done(r, &QNetworkReply::finished);
        QVERIFY(done.wait(10000));
        QCOMPARE(r->error(), QNetworkReply::NoError);
        QCOMPARE(r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        r->deleteLater();

        // Without trusting it the handshake fails: no silent fallback.
        QNetworkRequest untrusted(
            QUrl(QStringLiteral("https://127.0.0.1:%1/healthz").arg(server.port())));
        QNetworkAccessManager fresh; // no cached connection from the trusted request
        QNetworkReply* u = fresh.get(untrusted);
        QSignalSpy udone(u, &QNetworkReply::finished);
        QVERIFY(udone.wait(10000));
        QCOMPARE(u->error(), QNetworkReply::SslHandshakeFailedError);
        u->deleteLater();

        // Plain HTTP to the TLS port gets no answer.
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/healthz")).status, 0);
    }

    void badTlsFilesStopTheStart()
    {
        QTemporaryDir dir;
        const QString junk = dir.filePath(QStringLiteral("junk.pem"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a certificate\n");
        f.close();
        AgentConfig c = config();
        c.tlsCertificate = junk;
        c.tlsKey = junk;
        AgentServer server(c);
        QString error;
        QVERIFY(!server.listen(&error));
        QVERIFY2(error.contains(QStringLiteral("not a PEM certificate and private key")),
                 qPrintable(error));
    }

    void agentBinaryServesAndRefusesABadConfig()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("agent.toml"));
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[agent]\ninterval_ms = 200\n[[token]]\nname = \"t\"\nsha256 = \"" +
                sha256("tok").toHex() + "\"\n");
        f.close();
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), good, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(agent.waitForReadyRead(10000));
        const QByteArray line = agent.readLine().trimmed();
        QVERIFY2(line.startsWith("listening on 127.0.0.1:"), line.constData());
        const quint16 port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        QTRY_VERIFY_WITH_TIMEOUT(
            call(m_nam, port, QStringLiteral("/v1/snapshot"), "tok").status == 200, 5000);
        const Reply info = call(m_nam, port, QStringLiteral("/v1/info"), "tok");
        QCOMPARE(info.json()[QStringLiteral("backend")].toString(), QStringLiteral("demo"));
        QCOMPARE(info.json()[QStringLiteral("gpus")].toArray().size(), 4);
        agent.terminate();
        QVERIFY(agent.waitForFinished(5000));
        QCOMPARE(agent.exitStatus(), QProcess::NormalExit);

        const QString bad = dir.filePath(QStringLiteral("bad.toml"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("[agent]\nlisten = \"127.0.0.1\"\nprot = 1\n");
        b.close();
        QProcess broken;
        broken.start(QStringLiteral(GW_AGENT), {QStringLiteral("--config"), bad});
        QVERIFY(broken.waitForFinished(10000));
        QCOMPARE(broken.exitCode(), 2);
        const QByteArray err = broken.readAllStandardError();
        const QByteArray expected = bad.toUtf8() + ":3:8: unknown key \"prot\" in [agent]";
        QVERIFY2(err.contains(expected), err.constData());
    }
};

QTEST_GUILESS_MAIN(TestAgentServer)
#include "tst_agentserver.moc"
