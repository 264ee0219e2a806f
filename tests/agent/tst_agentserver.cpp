// The agent over real loopback HTTP: its server class in-process, and the
// gpuwarden-agent binary end to end.
#include "agent/agentserver.h"
#include "agent/metricsexport.h"
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "sources/demoworld.h"

#include <QDateTime>
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

// One page of /v1/samples, reduced to what the tests compare.
struct Page
{
    int status = 0;
    QString instance;
    QString stream;
    qint64 nowMs = 0;
    quint64 next = 0;
    quint64 lastSequence = 0;
    bool truncated = false;
    QList<quint64> sequences;
    QList<qint64> timestamps;
};

Page samplesAfter(QNetworkAccessManager& nam, quint16 port, quint64 after, int limit,
                  const QByteArray& token)
{
    const Reply r = call(
        nam, port, QStringLiteral("/v1/samples?after=%1&limit=%2").arg(after).arg(limit), token);
    const QJsonObject o = r.json();
    Page p;
    p.status = r.status;
    p.instance = o[QStringLiteral("instance")].toString();
    p.stream = o[QStringLiteral("stream")].toString();
    p.nowMs = qint64(o[QStringLiteral("now_ms")].toDouble());
    p.next = quint64(o[QStringLiteral("next")].toDouble());
    p.lastSequence = quint64(o[QStringLiteral("last_sequence")].toDouble());
    p.truncated = o[QStringLiteral("truncated")].toBool();
    for (const auto& v : o[QStringLiteral("samples")].toArray()) {
        p.sequences.append(quint64(v[QStringLiteral("sequence")].toDouble()));
        p.timestamps.append(qint64(v[QStringLiteral("timestamp_ms")].toDouble()));
    }
    return p;
}

// Everything after `after`, page by page from `next`, as a client does.
struct Backfill
{
    QList<quint64> sequences;
    QHash<quint64, qint64> timestamps;
    QSet<QString> streams;
    QList<bool> truncated; // per page
    quint64 cursor = 0;
};

Backfill pageThrough(QNetworkAccessManager& nam, quint16 port, quint64 after, int limit,
                     const QByteArray& token)
{
    Backfill b;
    b.cursor = after;
    for (int guard = 0; guard < 1000; ++guard) {
        const Page p = samplesAfter(nam, port, b.cursor, limit, token);
        if (p.status != 200)
            break;
        b.streams.insert(p.stream);
        b.truncated.append(p.truncated);
        for (int i = 0; i < p.sequences.size(); ++i) {
            b.sequences.append(p.sequences[i]);
            b.timestamps.insert(p.sequences[i], p.timestamps[i]);
        }
        b.cursor = p.next;
        if (p.sequences.size() < limit)
            break;
    }
    return b;
}

QList<quint64> range(quint64 from, quint64 to)
{
    QList<quint64> out;
    for (quint64 s = from; s <= to; ++s)
        out.append(s);
    return out;
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Starts the agent binary in demo mode; its port, 0 when it did not start.
quint16 startAgent(QProcess& agent, const QString& config)
{
    agent.start(QStringLiteral(GW_AGENT),
                {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                 QStringLiteral("--port"), QStringLiteral("0")});
    if (!agent.waitForReadyRead(10000))
        return 0;
    const QByteArray line = agent.readLine().trimmed();
    if (!line.startsWith("listening on 127.0.0.1:"))
        return 0;
    return quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
}

quint64 lastSequenceOf(QNetworkAccessManager& nam, quint16 port)
{
    return quint64(call(nam, port, QStringLiteral("/v1/info"), "tok")
                       .json()[QStringLiteral("last_sequence")]
                       .toDouble());
}

// The fastest sampling the configuration accepts, and a journal.
QByteArray journalConfig(const QString& journal)
{
    return "[agent]\ninterval_ms = 100\n[journal]\npath = \"" + journal.toUtf8() +
           "\"\n[[token]]\nname = \"t\"\nsha256 = \"" + sha256("tok").toHex() + "\"\n";
}

QByteArray demoReading(quint64 sequence, qint64 ms)
{
    QJsonObject o = toJson(DemoWorld().serverAt(0, ms));
    o.insert(QStringLiteral("sequence"), double(sequence));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
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
        server.publish(DemoWorld().serverAt(0, kT));
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/info"), "r3ad").status, 200);
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/info"), "adm1n").status, 200);
    }

    void snapshotIsTheCliPayload()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/snapshot"), "r3ad").status, 503);
        const Snapshot s = DemoWorld().serverAt(2, kT);
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
            server.publish(DemoWorld().serverAt(0, kT + i * 1000));
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
            server.publish(DemoWorld().serverAt(0, kT + i * 1000));
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
        server.publish(DemoWorld().serverAt(0, kT));
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
        Snapshot s = DemoWorld().serverAt(2, kT); // infer-03: a ghost process, no fans
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

    // /v1/snapshot, the newest readings of /v1/samples and the readings'
    // part of /metrics are written once per reading and served from there:
    // byte for byte what a fresh write gives (an agent that never answered
    // before, the same state), and new as soon as a reading, a policy event
    // or a reservation changes what they say.
    void cachedRepliesAreTheFreshOnesAndFollowTheState()
    {
        AgentConfig c = config();
        c.ringSize = 200;
        AgentServer server(c);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        const auto served = [](const Snapshot& s, quint64 sequence) {
            QJsonObject o = toJson(s);
            o.insert(QStringLiteral("sequence"), qint64(sequence));
            return QJsonDocument(o).toJson(QJsonDocument::Compact);
        };
        const auto get = [&](const AgentServer& from, const QByteArray& path) {
            const Reply r = call(m_nam, from.port(), QString::fromLatin1(path), "r3ad");
            return r.status == 200 ? r.body : QByteArray::number(r.status);
        };
        // More readings than are kept serialized: the older ones are
        // written again when asked for, the newer come as kept.
        const DemoWorld world;
        const int n = int(SampleLog::kSerializedKept) + 20;
        QList<Snapshot> readings;
        for (int i = 0; i < n; ++i) {
            readings.append(world.serverAt(2, kT + i * 1000));
            server.publish(readings.last());
        }
        QByteArrayList all;
        for (int i = 0; i < n; ++i)
            all.append(served(readings[i], quint64(i + 1)));
        for (int twice = 0; twice < 2; ++twice) {
            QCOMPARE(get(server, "/v1/snapshot"), served(readings.last(), quint64(n)));
            QVERIFY(get(server, "/v1/samples?after=0&limit=1000")
                        .endsWith(QByteArray(",\"samples\":[" + all.join(',') + "]}")));
            QVERIFY(get(server, "/v1/samples?after=80")
                        .endsWith(QByteArray(",\"samples\":[" + all.mid(80).join(',') + "]}")));
        }
        // A new reading is served at once.
        const Snapshot next = world.serverAt(2, kT + n * 1000);
        server.publish(next);
        QCOMPARE(get(server, "/v1/snapshot"), served(next, quint64(n + 1)));
        QVERIFY(get(server, QByteArray("/v1/samples?after=" + QByteArray::number(n)))
                    .endsWith(QByteArray(",\"samples\":[" + served(next, quint64(n + 1)) + "]}")));

        // /metrics: the same as an agent with the same state writes it fresh
        // (but for the energy since the start, which counts every reading).
        const auto lasting = [](const QByteArray& metrics) {
            QByteArray out;
            for (const QByteArray& line : metrics.split('\n'))
                if (!line.contains("gpuwarden_user_energy_"))
                    out += line + '\n';
            return out;
        };
        AgentServer fresh(c);
        QVERIFY2(fresh.listen(&error), qPrintable(error));
        fresh.publish(next);
        const QByteArray first = get(server, "/metrics");
        QVERIFY(first.startsWith(prometheusText(next, c.metricLabels)));
        QCOMPARE(get(server, "/metrics"), first);
        QCOMPARE(lasting(get(fresh, "/metrics")), lasting(first));
        // A new reading changes the readings' part.
        const Snapshot later = world.serverAt(2, kT + (n + 60) * 1000);
        QVERIFY(prometheusText(later, c.metricLabels) != prometheusText(next, c.metricLabels));
        server.publish(later);
        fresh.publish(later);
        const QByteArray second = get(server, "/metrics");
        QVERIFY(second.startsWith(prometheusText(later, c.metricLabels)));
        QCOMPARE(lasting(get(fresh, "/metrics")), lasting(second));
        // A policy event changes the rest; the reading did not change.
        PolicyEvent hog;
        hog.kind = PolicyEventKind::Hog;
        hog.server = next.server;
        hog.startMs = kT;
        hog.detectedMs = kT + 10'000;
        hog.gpuUuid = next.gpus[0].uuid;
        hog.gpuIndex = 0;
        hog.pid = 7801;
        hog.user = QStringLiteral("alice");
        hog.command = QStringLiteral("python");
        hog.peakPercent = 95;
        hog.meanPercent = 91;
        hog.durationMs = 10'000;
        hog.id = QStringLiteral("hog/%1/7801/%2").arg(next.server).arg(kT);
        server.recordEvents({hog});
        fresh.recordEvents({hog});
        const QByteArray third = get(server, "/metrics");
        QVERIFY(third != second);
        QVERIFY(third.contains("gpuwarden_policy_open_events{kind=\"hog\"} 1\n"));
        QCOMPARE(lasting(get(fresh, "/metrics")), lasting(third));
        QCOMPARE(get(server, "/metrics"), third);
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
        server.publish(DemoWorld().serverAt(0, kT));

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

    void withoutAJournalTheStreamIsTheInstance()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        QCOMPARE(server.stream(), server.instance());
        server.publish(DemoWorld().serverAt(0, kT));
        const Page p = samplesAfter(m_nam, server.port(), 0, 10, "r3ad");
        QCOMPARE(p.stream, server.instance());
        QCOMPARE(p.instance, server.instance());
        const QJsonObject info =
            call(m_nam, server.port(), QStringLiteral("/v1/info"), "r3ad").json();
        QCOMPARE(info[QStringLiteral("stream")].toString(), server.instance());
        QCOMPARE(info[QStringLiteral("journal")].toBool(), false);
    }

    void theJournalServesOldCursorsAndOutlivesTheServer()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("journal.sqlite"));
        QString error;
        QString stream;
        QString firstInstance;
        {
            AgentServer server(config()); // ring of 50
            auto journal = AgentJournal::open(file, &error);
            QVERIFY2(journal, qPrintable(error));
            stream = journal->stream();
            server.attachJournal(std::move(journal));
            QVERIFY(server.listen(&error));
            firstInstance = server.instance();
            QCOMPARE(server.stream(), stream);
            for (int i = 0; i < 120; ++i)
                server.publish(DemoWorld().serverAt(0, kT + i * 1000));
            // Older than the ring: from the journal (queued readings
            // included), then the ring, with no seam.
            const Backfill b = pageThrough(m_nam, server.port(), 5, 33, "r3ad");
            QCOMPARE(b.sequences, range(6, 120));
            QVERIFY(!b.truncated.contains(true));
            QCOMPARE(b.timestamps.value(6), kT + 5000);
            QCOMPARE(b.timestamps.value(70), kT + 69000);
            QCOMPARE(b.streams, QSet<QString>{stream});
            QVERIFY(server.closeJournal(&error));
        }
        // The next agent on the same file.
        AgentServer server(config());
        auto journal = AgentJournal::open(file, &error);
        QVERIFY2(journal, qPrintable(error));
        server.attachJournal(std::move(journal));
        QVERIFY(server.listen(&error));
        QCOMPARE(server.lastSequence(), quint64(120));
        QVERIFY(server.instance() != firstInstance);
        for (int i = 0; i < 5; ++i)
            server.publish(DemoWorld().serverAt(0, kT + 200'000 + i * 1000));
        const Page p = samplesAfter(m_nam, server.port(), 100, 1000, "r3ad");
        QCOMPARE(p.stream, stream);
        QCOMPARE(p.instance, server.instance());
        QCOMPARE(p.sequences, range(101, 125));
        QVERIFY(!p.truncated);
        QCOMPARE(p.timestamps.first(), kT + 100'000); // as stamped before the restart
        QCOMPARE(p.timestamps.last(), kT + 204'000);
        QCOMPARE(p.next, quint64(125));
        const QJsonObject info =
            call(m_nam, server.port(), QStringLiteral("/v1/info"), "r3ad").json();
        QCOMPARE(info[QStringLiteral("stream")].toString(), stream);
        QCOMPARE(info[QStringLiteral("last_sequence")].toInt(), 125);
        QCOMPARE(info[QStringLiteral("journal")].toBool(), true);
    }

    void aCursorInsideALostRangeIsToldItIsTruncated()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("journal.sqlite"));
        QString error;
        AgentJournal::Options o;
        o.reserveAhead = 20;
        {
            auto journal = AgentJournal::open(file, o, &error);
            QVERIFY2(journal, qPrintable(error));
            for (int i = 0; i < 10; ++i) {
                const quint64 seq = journal->take(&error).value_or(0);
                journal->append(seq, kT + i * 1000, demoReading(seq, kT + i * 1000));
            }
            QVERIFY(journal->flush(kT + 10'000, &error));
            for (int i = 10; i < 13; ++i) { // handed out, then the process died
                const quint64 seq = journal->take(&error).value_or(0);
                journal->append(seq, kT + i * 1000, demoReading(seq, kT + i * 1000));
            }
        } // no close(): as a crash
        auto journal = AgentJournal::open(file, o, &error);
        QVERIFY2(journal, qPrintable(error));
        QVERIFY(journal->uncleanStart());
        const quint64 lost = journal->lastSequence(); // 11 .. lost are gone
        QVERIFY2(lost >= 13, qPrintable(QString::number(lost)));
        AgentServer server(config());
        server.attachJournal(std::move(journal));
        QVERIFY(server.listen(&error));

        // Before any new reading: the hole is reported, the cursor moves past it.
        Page p = samplesAfter(m_nam, server.port(), 12, 100, "r3ad");
        QVERIFY(p.truncated);
        QVERIFY(p.sequences.isEmpty());
        QCOMPARE(p.lastSequence, lost);
        QCOMPARE(p.next, lost);
        // A cursor before the hole gets what was stored, and the hole.
        p = samplesAfter(m_nam, server.port(), 8, 100, "r3ad");
        QCOMPARE(p.sequences, range(9, 10));
        QVERIFY(p.truncated);

        server.publish(DemoWorld().serverAt(0, kT + 60'000));
        for (quint64 cursor : {quint64(10), quint64(11), quint64(12), lost - 1}) {
            p = samplesAfter(m_nam, server.port(), cursor, 100, "r3ad");
            QVERIFY2(p.truncated, qPrintable(QString::number(cursor)));
            QCOMPARE(p.sequences, QList<quint64>{lost + 1});
        }
        // Before the hole with a full page: the hole is reported on the page
        // that reaches it, not before.
        p = samplesAfter(m_nam, server.port(), 0, 5, "r3ad");
        QCOMPARE(p.sequences, range(1, 5));
        QVERIFY(!p.truncated);
        // Past the hole, or caught up: nothing is missing.
        p = samplesAfter(m_nam, server.port(), lost, 100, "r3ad");
        QVERIFY(!p.truncated);
        QCOMPARE(p.sequences, QList<quint64>{lost + 1});
        p = samplesAfter(m_nam, server.port(), lost + 1, 100, "r3ad");
        QVERIFY(!p.truncated);
        QVERIFY(p.sequences.isEmpty());
    }

    void nowMsIsTheAgentsOwnClock()
    {
        // An agent whose clock is an hour ahead; its readings carry the same
        // clock, and so does now_ms, which is how a client measures the offset.
        constexpr qint64 kSkewMs = 3'600'000;
        auto skewed = [] {
            return QDateTime::currentMSecsSinceEpoch() + kSkewMs;
        };
        AgentServer server(config());
        server.setClock(skewed);
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, skewed()));
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        const Page p = samplesAfter(m_nam, server.port(), 0, 10, "r3ad");
        const qint64 after = QDateTime::currentMSecsSinceEpoch();
        QVERIFY2(p.nowMs >= before + kSkewMs && p.nowMs <= after + kSkewMs,
                 qPrintable(QString::number(p.nowMs - before)));
        QCOMPARE(p.sequences.size(), 1);
        QVERIFY(qAbs(p.nowMs - p.timestamps.first()) < 5000);
        const qint64 infoNow = qint64(call(m_nam, server.port(), QStringLiteral("/v1/info"), "r3ad")
                                          .json()[QStringLiteral("now_ms")]
                                          .toDouble());
        QVERIFY(infoNow >= before + kSkewMs &&
                infoNow <= QDateTime::currentMSecsSinceEpoch() + kSkewMs);
    }

    void agentRestartedAfterSigtermLosesNoReading()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
        QVERIFY(writeFile(cfg, journalConfig(dir.filePath(QStringLiteral("journal.sqlite")))));
        QProcess agent;
        quint16 port = startAgent(agent, cfg);
        QVERIFY(port);
        QTRY_VERIFY_WITH_TIMEOUT(lastSequenceOf(m_nam, port) >= 10, 10000);
        // A client reads up to a cursor...
        const Backfill seen = pageThrough(m_nam, port, 0, 1000, "tok");
        QVERIFY(seen.cursor >= 10);
        QCOMPARE(seen.sequences, range(1, seen.cursor));
        QCOMPARE(seen.streams.size(), 1);
        const QString stream = *seen.streams.begin();
        // ...stops reading while the agent samples on, then the agent stops.
        QTest::qWait(1500);
        agent.terminate();
        QVERIFY(agent.waitForFinished(5000));
        QCOMPARE(agent.exitStatus(), QProcess::NormalExit);
        QCOMPARE(agent.exitCode(), 0);
        const qint64 stoppedAt = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(2000);

        QProcess again;
        port = startAgent(again, cfg);
        QVERIFY(port);
        // The restarted agent's own readings (its ring starts empty).
        QTRY_COMPARE_WITH_TIMEOUT(call(m_nam, port, QStringLiteral("/v1/snapshot"), "tok").status,
                                  200, 10000);
        QTest::qWait(500);
        // Small pages, so the walk crosses journal blocks, the restart and the ring.
        const Backfill b = pageThrough(m_nam, port, seen.cursor, 7, "tok");
        QVERIFY(!b.sequences.isEmpty());
        QCOMPARE(b.sequences, range(seen.cursor + 1, b.sequences.last()));
        QVERIFY2(!b.truncated.contains(true), "a clean restart lost readings");
        QCOMPARE(b.streams, QSet<QString>{stream});
        // Readings from before the stop (about 15 of them) keep their times;
        // the ones after the restart come after the pause.
        int beforeStop = 0;
        qint64 previous = 0;
        for (quint64 s : b.sequences) {
            const qint64 ts = b.timestamps.value(s);
            QVERIFY(ts > previous);
            if (ts < stoppedAt)
                ++beforeStop;
            else
                QVERIFY2(ts >= stoppedAt + 1500, qPrintable(QString::number(ts - stoppedAt)));
            previous = ts;
        }
        QVERIFY2(beforeStop >= 5, qPrintable(QString::number(beforeStop)));
        // Readings the client had already seen are the same readings.
        const Backfill old = pageThrough(m_nam, port, seen.cursor - 3, 3, "tok");
        for (quint64 s = seen.cursor - 2; s <= seen.cursor; ++s)
            QCOMPARE(old.timestamps.value(s), seen.timestamps.value(s));
        const QJsonObject info = call(m_nam, port, QStringLiteral("/v1/info"), "tok").json();
        QCOMPARE(info[QStringLiteral("stream")].toString(), stream);
        again.terminate();
        QVERIFY(again.waitForFinished(5000));
    }

    void agentKilledNeverReusesANumberAndReportsTheLoss()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
        QVERIFY(writeFile(cfg, journalConfig(dir.filePath(QStringLiteral("journal.sqlite")))));
        QProcess agent;
        quint16 port = startAgent(agent, cfg);
        QVERIFY(port);
        QTRY_VERIFY_WITH_TIMEOUT(lastSequenceOf(m_nam, port) >= 15, 10000);
        const Backfill seen = pageThrough(m_nam, port, 0, 1000, "tok");
        const quint64 handedOut = seen.cursor; // served, maybe not yet on disk
        QVERIFY(handedOut >= 15);
        agent.kill();
        QVERIFY(agent.waitForFinished(5000));
        QCOMPARE(agent.exitStatus(), QProcess::CrashExit);

        QProcess again;
        port = startAgent(again, cfg);
        QVERIFY(port);
        // last_sequence jumps past the reservation at once; wait for a reading
        // of the new run itself, or the page below may hold only the old ones.
        QTRY_COMPARE_WITH_TIMEOUT(call(m_nam, port, QStringLiteral("/v1/snapshot"), "tok").status,
                                  200, 10000);
        QVERIFY(lastSequenceOf(m_nam, port) > handedOut + 3);
        const QByteArray err = again.readAllStandardError();
        QVERIFY2(err.contains("did not stop cleanly"), err.constData());

        const Backfill all = pageThrough(m_nam, port, 0, 1000, "tok");
        QCOMPARE(*all.streams.begin(), *seen.streams.begin());
        // Strictly increasing: no number twice.
        for (int i = 1; i < all.sequences.size(); ++i)
            QVERIFY(all.sequences[i] > all.sequences[i - 1]);
        // What was stored is served as it was; then one hole; then new readings,
        // numbered after everything the killed agent handed out.
        int jump = -1;
        for (int i = 1; i < all.sequences.size(); ++i) {
            if (all.sequences[i] != all.sequences[i - 1] + 1) {
                QCOMPARE(jump, -1);
                jump = i;
            }
        }
        QVERIFY2(jump > 0, "no lost range after a kill");
        const quint64 lastKept = all.sequences[jump - 1];
        const quint64 firstNew = all.sequences[jump];
        QVERIFY(lastKept <= handedOut);
        QVERIFY2(
            firstNew > handedOut,
            qPrintable(
                QStringLiteral("%1 reused (handed out up to %2)").arg(firstNew).arg(handedOut)));
        for (quint64 s = 1; s <= lastKept; ++s)
            QCOMPARE(all.timestamps.value(s), seen.timestamps.value(s));
        QCOMPARE(all.sequences.mid(0, jump), range(1, lastKept));
        // The client reading from 0 in one page was told of the hole.
        QVERIFY(all.truncated.contains(true));
        // Cursors inside the lost range, including the killed agent's last
        // one, are told too.
        for (quint64 cursor : {lastKept, handedOut, firstNew - 2}) {
            const Page p = samplesAfter(m_nam, port, cursor, 1000, "tok");
            QVERIFY2(p.truncated, qPrintable(QString::number(cursor)));
            QCOMPARE(p.sequences.first(), firstNew);
        }
        QVERIFY(!samplesAfter(m_nam, port, firstNew - 1, 1000, "tok").truncated);
        again.terminate();
        QVERIFY(again.waitForFinished(5000));
    }

    void agentWithAnUnusableJournalServesFromMemory()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
        const QString journal = dir.filePath(QStringLiteral("missing/journal.sqlite"));
        QVERIFY(writeFile(cfg, journalConfig(journal)));
        QProcess agent;
        const quint16 port = startAgent(agent, cfg);
        QVERIFY(port);
        QTRY_VERIFY_WITH_TIMEOUT(lastSequenceOf(m_nam, port) >= 2, 10000);
        const QByteArray err = agent.readAllStandardError();
        const QByteArray expected = "gpuwarden-agent: journal: cannot open the journal " +
                                    journal.toUtf8() + ": the file or its folder does not exist";
        QVERIFY2(err.contains(expected), err.constData());
        QVERIFY2(err.contains("readings are kept in memory only"), err.constData());
        const QJsonObject info = call(m_nam, port, QStringLiteral("/v1/info"), "tok").json();
        QCOMPARE(info[QStringLiteral("stream")].toString(),
                 info[QStringLiteral("instance")].toString());
        QCOMPARE(info[QStringLiteral("journal")].toBool(), false);
        const Page p = samplesAfter(m_nam, port, 0, 1000, "tok");
        QCOMPARE(p.sequences, range(1, p.sequences.last()));
        agent.terminate();
        QVERIFY(agent.waitForFinished(5000));
        QCOMPARE(agent.exitCode(), 0);
    }

    void agentBinaryServesAndRefusesABadConfig()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("agent.toml"));
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[agent]\ninterval_ms = 200\n[journal]\npath = \"\"\n[[token]]\nname = "
                "\"t\"\nsha256 = \"" +
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
