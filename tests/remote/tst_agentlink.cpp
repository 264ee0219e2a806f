// The desktop's side of remote monitoring against real agents over loopback:
// cursor backfill after an outage, agent restarts, backoff, visible states,
// TLS with certificates the test makes (trust on first use, a pinned
// certificate that changes is refused), clock offsets, and many servers at
// once without stalling the thread that owns them.
#include "agent/agentserver.h"
#include "freeport.h"
#include "remote/agentlink.h"
#include "remote/agentlinks.h"
#include "remote/serverlist.h"
#include "remote/sourceoption.h"
#include "sources/demoworld.h"
#include "testcert.h"
#include "wire/agentwire.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace gw;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

QUrl local(quint16 port, const char* scheme = "http")
{
    return QUrl(QStringLiteral("%1://127.0.0.1:%2").arg(QLatin1String(scheme)).arg(port));
}

AgentConfig agentConfig(quint16 port = 0)
{
    AgentConfig c;
    c.port = port;
    c.ringSize = 500;
    c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
    return c;
}

// Everything a link said, in order.
struct Recorder
{
    explicit Recorder(AgentLink& link)
    {
        QObject::connect(&link, &AgentLink::readings, &link,
                         [this](const QList<Snapshot>& s) { readings += s; });
        QObject::connect(&link, &AgentLink::statusChanged, &link,
                         [this](const LinkStatus& s) { states.append(s); });
    }
    bool waitFor(const std::function<bool()>& done, int ms = 10000)
    {
        return QTest::qWaitFor(done, ms);
    }
    LinkStatus last() const { return states.isEmpty() ? LinkStatus{} : states.last(); }

    QList<Snapshot> readings;
    QList<LinkStatus> states;
};

} // namespace

class TestAgentLink : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void backfillsAnOutageWithoutAGapAndFollowsARestart()
    {
        AgentConfig c = agentConfig();
        auto server = std::make_unique<AgentServer>(c);
        QString error;
        QVERIFY(server->listen(&error));
        const quint16 port = server->port();
        qint64 t = kT;
        auto publish = [&](AgentServer& s, int n) {
            for (int i = 0; i < n; ++i, t += 1000)
                s.publish(DemoWorld().serverAt(0, t));
        };
        publish(*server, 5);

        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("lab-1"), local(port), "tok", {}}, &nam);
        link.setPollInterval(100ms);
        Recorder rec(link);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 5; }));
        QCOMPARE(rec.last().state, LinkState::Connected);
        QCOMPARE(rec.readings.first().server, QStringLiteral("lab-1")); // the configured name

        // The workstation stops polling for a while; the agent goes on.
        link.stop();
        publish(*server, 300);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 305; }));
        for (int i = 1; i < rec.readings.size(); ++i)
            QCOMPARE(rec.readings[i].timestampMs - rec.readings[i - 1].timestampMs, 1000);
        QVERIFY(!rec.last().readingsLost);

        // An agent without a journal restarts on the same port: a new
        // stream numbered from 1, read from its start.
        server.reset();
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::Unreachable; }));
        server = std::make_unique<AgentServer>(agentConfig(port));
        QVERIFY2(server->listen(&error), qPrintable(error));
        publish(*server, 3);
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 308; }, 15000));
        QCOMPARE(rec.readings[305].timestampMs, rec.readings[304].timestampMs + 1000);
        QCOMPARE(link.cursor(), 3u);
        QCOMPARE(rec.last().state, LinkState::Connected);
        QVERIFY(rec.last().error.isEmpty());
    }

    void agentStoppedAndRestartedLosesNothingAfterBackfill()
    {
        // The real agent with its journal; the workstation stops reading for
        // a while, the agent is stopped (SIGTERM) and started again on the
        // same port; when the link comes back, it holds every reading the
        // agent ever took, once, in order.
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
        QFile f(cfg);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[agent]\ninterval_ms = 100\n[journal]\npath = \"" +
                dir.filePath(QStringLiteral("journal.sqlite")).toUtf8() +
                "\"\n[[token]]\nname = \"ws\"\nsha256 = \"" + sha256("tok").toHex() + "\"\n");
        f.close();
        const quint16 port = test::freePort();
        auto startAgent = [&](QProcess& p) {
            p.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QString::number(port)});
            return p.waitForReadyRead(10000) && p.readLine().startsWith("listening on");
        };
        QProcess agent;
        QVERIFY(startAgent(agent));

        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("lab"), local(port), "tok", {}}, &nam);
        link.setPollInterval(100ms);
        Recorder rec(link);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.readings.size() >= 10; }));
        link.stop(); // the workstation looks away; the agent samples on
        const int seenBefore = int(rec.readings.size());
        QTest::qWait(1000);
        agent.terminate();
        QVERIFY(agent.waitForFinished(5000));
        QCOMPARE(agent.exitCode(), 0);
        // It says what it serves: one server of the demo fleet, not three.
        const QByteArray said = agent.readAllStandardError();
        QVERIFY2(said.contains("Demo mode: one simulated server, gpu-lab-01."), said.constData());
        QVERIFY2(!said.contains("3 servers"), said.constData());
        QTest::qWait(1500); // down for a while: nothing is sampled, nothing to miss
        QProcess again;
        QVERIFY(startAgent(again));
        const qint64 restartedAt = QDateTime::currentMSecsSinceEpoch();
        link.start();
        QVERIFY(rec.waitFor(
            [&] {
                return !rec.readings.isEmpty() &&
                       rec.readings.last().timestampMs > restartedAt + 1000;
            },
            15000));
        link.stop();
        QVERIFY(rec.readings.size() > seenBefore + 15); // the unseen second, then the restart
        QVERIFY(!rec.last().readingsLost);

        // The agent's complete record, read afresh from sequence 0.
        const AgentEndpoint endpoint{local(port), "tok", {}, {}};
        QList<qint64> all;
        quint64 cursor = 0;
        while (quint64(all.size()) < link.cursor()) {
            AgentRequest request;
            request.pathAndQuery = QStringLiteral("/v1/samples?after=%1&limit=1000").arg(cursor);
            const AgentCall r = callAgentBlocking(endpoint, request);
            QVERIFY2(r.json, qPrintable(r.error));
            QVERIFY(!(*r.json)[QStringLiteral("truncated")].toBool());
            const QJsonArray samples = (*r.json)[QStringLiteral("samples")].toArray();
            QVERIFY(!samples.isEmpty());
            for (const auto& v : samples)
                all.append(qint64(v.toObject()[QStringLiteral("timestamp_ms")].toDouble()));
            cursor = quint64((*r.json)[QStringLiteral("next")].toDouble());
        }
        QCOMPARE(quint64(rec.readings.size()), link.cursor()); // numbered 1…N, none skipped
        for (int i = 0; i < rec.readings.size(); ++i)
            QCOMPARE(rec.readings[i].timestampMs, all[i]); // each once, in order
        again.terminate();
        again.waitForFinished(5000);
    }

    void firstContactReadsTheLastHourAndAResumeContinues()
    {
        // An agent with more than an hour of readings at 1 Hz: a new link
        // takes the last hour (not the whole journal); a link resuming a
        // cursor of the same stream takes what came after it; an older or
        // foreign resume point is capped to the hour too.
        AgentConfig c = agentConfig();
        c.ringSize = 6000;
        AgentServer server(c);
        QString error;
        QVERIFY(server.listen(&error));
        for (int i = 0; i < 5000; ++i)
            server.publish(DemoWorld().serverAt(0, kT + i * 1000));
        QNetworkAccessManager nam;
        auto readAll = [&](const QString& stream, quint64 cursor) {
            AgentLink link({QStringLiteral("lab"), local(server.port()), "tok", {}}, &nam);
            if (!stream.isEmpty())
                link.resumeAt(stream, cursor);
            Recorder rec(link);
            link.start();
            rec.waitFor([&] { return rec.last().cursor == 5000; });
            QTest::qWait(200);
            return std::pair{rec.readings, rec.last()};
        };
        const auto [fresh, status] = readAll({}, 0);
        const qint64 hour = AgentLink::kCatchUpMs / 1000;
        QCOMPARE(fresh.size(), hour);
        QCOMPARE(fresh.first().timestampMs, kT + (5000 - hour) * 1000);
        QVERIFY(!status.readingsLost);
        QCOMPARE(status.stream, server.stream());

        const auto resumed = readAll(server.stream(), 4990).first;
        QCOMPARE(resumed.size(), 10);
        QCOMPARE(resumed.first().timestampMs, kT + 4990 * 1000);
        QCOMPARE(readAll(server.stream(), 100).first.size(), hour);
        QCOMPARE(readAll(QStringLiteral("another-stream"), 4990).first.size(), hour);
    }

    void anAgentBackWithoutNewReadingsIsConnectedAgain()
    {
        AgentConfig c = agentConfig();
        auto server = std::make_unique<AgentServer>(c);
        QString error;
        QVERIFY(server->listen(&error));
        const quint16 port = server->port();
        server->publish(DemoWorld().serverAt(0, kT));
        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("lab"), local(port), "tok", {}}, &nam);
        link.setPollInterval(100ms);
        Recorder rec(link);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 1; }));
        server.reset();
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::Unreachable; }));
        // Back, answering, but not sampling yet: reachable is not unreachable.
        server = std::make_unique<AgentServer>(agentConfig(port));
        QVERIFY(server->listen(&error));
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::Connected; }, 8000));
        QVERIFY(rec.last().error.isEmpty());
    }

    void samplesTravelDeflatedAndArriveWhole()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY(server.listen(&error));
        for (int i = 0; i < 100; ++i)
            server.publish(DemoWorld().serverAt(0, kT + i * 1000));
        QNetworkAccessManager nam;
        auto get = [&](const QByteArray& acceptEncoding) {
            QNetworkRequest req(
                QUrl(QStringLiteral("http://127.0.0.1:%1/v1/samples?after=0").arg(server.port())));
            req.setRawHeader("Authorization", "Bearer tok");
            if (!acceptEncoding.isEmpty())
                req.setRawHeader("Accept-Encoding", acceptEncoding);
            QNetworkReply* r = nam.get(req);
            QSignalSpy done(r, &QNetworkReply::finished);
            done.wait(5000);
            r->deleteLater();
            return std::tuple{r->rawHeader("Content-Encoding"), r->readAll(),
                              r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt()};
        };
        const auto [plainEncoding, plain, plainStatus] = get("identity");
        QCOMPARE(plainStatus, 200);
        QVERIFY(plainEncoding.isEmpty());
        const auto [rawEncoding, raw, rawStatus] = get("gzip;q=0.5, deflate");
        QCOMPARE(rawEncoding, QByteArray("deflate"));
        QVERIFY2(raw.size() * 5 < plain.size(),
                 qPrintable(QStringLiteral("%1 vs %2").arg(raw.size()).arg(plain.size())));
        QCOMPARE(std::get<0>(get("deflate;q=0")), QByteArray()); // refused: plain
        // What the desktop gets (Qt asks for it and inflates): the same JSON.
        const auto [autoEncoding, inflated, autoStatus] = get({});
        QCOMPARE(autoStatus, 200);
        auto samples = [](const QByteArray& body) {
            return QJsonDocument::fromJson(body).object()[QStringLiteral("samples")].toArray();
        };
        QCOMPARE(samples(inflated).size(), 100);
        QCOMPARE(samples(inflated), samples(plain));
    }

    void unreachableBacksOffAndSaysWhy()
    {
        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("gone"), local(test::freePort()), "tok", {}}, &nam);
        link.setPollInterval(100ms);
        Recorder rec(link);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.states.size() >= 3; }, 8000)); // 2 failures
        QCOMPARE(rec.states[0].state, LinkState::Connecting);
        QCOMPARE(rec.states[1].state, LinkState::Unreachable);
        QVERIFY2(rec.states[1].error.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(rec.states[1].error));
        QCOMPARE(rec.states[1].retryInMs, 1000);
        QCOMPARE(rec.states[2].retryInMs, 2000); // exponential, not the 100 ms poll
    }

    // The agent answers 401 to both; the admin must be told which to fix:
    // give a token, or replace the one given.
    void aMissingTokenAndARefusedOneAreToldApart()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, kT));
        QNetworkAccessManager nam;
        AgentLink wrong({QStringLiteral("lab"), local(server.port()), "wrong", {}}, &nam);
        AgentLink none({QStringLiteral("lab2"), local(server.port()), {}, {}}, &nam);
        Recorder wrongRec(wrong);
        Recorder noneRec(none);
        wrong.start();
        none.start();
        QVERIFY(wrongRec.waitFor([&] { return wrongRec.last().state != LinkState::Connecting; }));
        QVERIFY(noneRec.waitFor([&] { return noneRec.last().state != LinkState::Connecting; }));
        QCOMPARE(wrongRec.last().state, LinkState::TokenRefused);
        QCOMPARE(noneRec.last().state, LinkState::NoToken);
        QCOMPARE(linkStateText(wrongRec.last().state), QStringLiteral("the token was refused"));
        QCOMPARE(linkStateText(noneRec.last().state), QStringLiteral("no token given"));
        // The agent's own words stay beside it.
        QVERIFY2(wrongRec.last().error.contains(QStringLiteral("HTTP 401")),
                 qPrintable(wrongRec.last().error));
        QVERIFY2(noneRec.last().error.contains(QStringLiteral("HTTP 401")),
                 qPrintable(noneRec.last().error));
        QVERIFY(wrongRec.readings.isEmpty());
        QVERIFY(noneRec.readings.isEmpty());
    }

    void overflowedRingIsReportedAsLostReadings()
    {
        AgentConfig c = agentConfig();
        c.ringSize = 20;
        AgentServer server(c);
        QString error;
        QVERIFY(server.listen(&error));
        for (int i = 0; i < 50; ++i)
            server.publish(DemoWorld().serverAt(0, kT + i * 1000));
        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("lab"), local(server.port()), "tok", {}}, &nam);
        Recorder rec(link);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 20; }));
        QVERIFY(rec.last().readingsLost);
    }

    void agentThatStopsSamplingGoesStale()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, kT));
        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("lab"), local(server.port()), "tok", {}}, &nam);
        link.setPollInterval(200ms);
        Recorder rec(link);
        link.start();
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::Connected; }));
        // Reachable, but nothing new for longer than the stale limit (5 s).
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::Stale; }, 9000));
        QVERIFY(rec.last().error.contains(QStringLiteral("no new reading")));
        server.publish(DemoWorld().serverAt(0, kT + 1000));
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::Connected; }));
        QVERIFY(rec.last().error.isEmpty());
    }

    void clockOffsetIsMeasuredAndReadingsShifted()
    {
        // An agent whose clock runs an hour ahead of ours: its readings are
        // put on our clock, and the offset is shown.
        constexpr qint64 kAhead = 3'600'000;
        AgentServer server(agentConfig());
        server.setClock([] { return QDateTime::currentMSecsSinceEpoch() + kAhead; });
        QString error;
        QVERIFY(server.listen(&error));
        const qint64 agentNow = QDateTime::currentMSecsSinceEpoch() + kAhead;
        server.publish(DemoWorld().serverAt(0, agentNow));
        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("lab"), local(server.port()), "tok", {}}, &nam);
        link.setPollInterval(100ms);
        Recorder rec(link);
        link.start();
        // The first reply measures; readings from then on are shifted.
        QVERIFY(rec.waitFor([&] { return rec.last().clockOffsetMs != 0; }));
        QVERIFY2(std::abs(rec.last().clockOffsetMs - kAhead) < 500,
                 qPrintable(QString::number(rec.last().clockOffsetMs)));
        server.publish(DemoWorld().serverAt(0, agentNow + 1000));
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 2; }));
        QVERIFY(std::abs(rec.readings.last().timestampMs - (agentNow + 1000 - kAhead)) < 500);

        // A clock within the tolerance is left alone (no jitter).
        AgentServer near(agentConfig());
        near.setClock([] { return QDateTime::currentMSecsSinceEpoch() + 300; });
        QVERIFY(near.listen(&error));
        near.publish(DemoWorld().serverAt(0, kT));
        AgentLink nearLink({QStringLiteral("near"), local(near.port()), "tok", {}}, &nam);
        Recorder nearRec(nearLink);
        nearLink.start();
        QVERIFY(nearRec.waitFor([&] { return nearRec.readings.size() == 1; }));
        QCOMPARE(nearRec.last().clockOffsetMs, 0);
        QCOMPARE(nearRec.readings.first().timestampMs, kT);
    }

    void tlsCertificateIsPinnedOnFirstUseAndAChangedOneRefused()
    {
        QTemporaryDir dir;
        const test::Certificate a = test::makeCertificate(dir, QStringLiteral("a"));
        const test::Certificate b = test::makeCertificate(dir, QStringLiteral("b"));
        QVERIFY2(!a.sha256.isEmpty() && !b.sha256.isEmpty(), "openssl could not make certificates");
        QVERIFY(a.sha256 != b.sha256);

        AgentConfig c = agentConfig();
        c.tlsCertificate = a.cert;
        c.tlsKey = a.key;
        auto server = std::make_unique<AgentServer>(c);
        QString error;
        QVERIFY2(server->listen(&error), qPrintable(error));
        const quint16 port = server->port();
        server->publish(DemoWorld().serverAt(0, kT));

        // First contact: no CA vouches for it, nothing pinned → the admin is
        // asked, with the fingerprint to compare; nothing is read meanwhile.
        QNetworkAccessManager nam;
        auto first = std::make_unique<AgentLink>(
            RemoteServer{QStringLiteral("tls"), local(port, "https"), "tok", {}}, &nam);
        Recorder firstRec(*first);
        first->start();
        QVERIFY(firstRec.waitFor([&] { return firstRec.last().state == LinkState::Untrusted; }));
        QCOMPARE(firstRec.last().offeredSha256, a.sha256);
        QVERIFY(firstRec.last().error.contains(formatFingerprint(a.sha256)));
        QVERIFY(firstRec.readings.isEmpty());
        first.reset();

        // The admin confirmed: pinned, the self-signed certificate is accepted.
        QNetworkAccessManager nam2;
        AgentLink pinned({QStringLiteral("tls"), local(port, "https"), "tok", a.sha256}, &nam2);
        pinned.setPollInterval(100ms);
        Recorder rec(pinned);
        pinned.start();
        QVERIFY(rec.waitFor([&] { return rec.readings.size() == 1; }));
        QCOMPARE(rec.last().state, LinkState::Connected);

        // The agent comes back with another certificate: refused, and said so.
        server.reset();
        c.port = port;
        c.tlsCertificate = b.cert;
        c.tlsKey = b.key;
        server = std::make_unique<AgentServer>(c);
        QVERIFY2(server->listen(&error), qPrintable(error));
        server->publish(DemoWorld().serverAt(0, kT + 1000));
        QVERIFY(rec.waitFor([&] { return rec.last().state == LinkState::PinMismatch; }, 15000));
        QCOMPARE(rec.last().offeredSha256, b.sha256);
        QVERIFY2(rec.last().error.contains(formatFingerprint(a.sha256)) &&
                     rec.last().error.contains(formatFingerprint(b.sha256)),
                 qPrintable(rec.last().error));
        QTest::qWait(300);
        QCOMPARE(rec.readings.size(), 1); // nothing read from the impostor
    }

    void fingerprintsParseAndFormat()
    {
        const QByteArray raw = QCryptographicHash::hash("x", QCryptographicHash::Sha256);
        const QString text = formatFingerprint(raw);
        QCOMPARE(text.size(), 32 * 3 - 1);
        QCOMPARE(parseFingerprint(text), raw);
        QCOMPARE(parseFingerprint(QStringLiteral("SHA256:") + text.toLower()), raw);
        QCOMPARE(parseFingerprint(QString::fromLatin1(raw.toHex())), raw);
        QVERIFY(parseFingerprint(text.chopped(3)).isEmpty());
        QVERIFY(parseFingerprint(QString(text).replace(0, 1, QLatin1Char('G'))).isEmpty());
    }

    void pollIntervalWidensWithFleetSize()
    {
        QCOMPARE(AgentLinks::pollInterval(1000ms, 1), 1000ms);
        QCOMPARE(AgentLinks::pollInterval(1000ms, 20), 1000ms);
        QCOMPARE(AgentLinks::pollInterval(1000ms, 40), 2000ms);
        QCOMPARE(AgentLinks::pollInterval(1000ms, 100), 5000ms);
        QCOMPARE(AgentLinks::pollInterval(1000ms, 5000), 10000ms);
        QCOMPARE(AgentLinks::pollInterval(30000ms, 100), 30000ms); // never below the base
    }

    void manyServersAtOnceWithADeadOneAndAStuckOne()
    {
        // Two live agents, one closed port, one that accepts and never
        // answers: each gets its own state, and the GUI thread never waits.
        std::vector<std::unique_ptr<AgentServer>> agents;
        QString error;
        for (int i = 0; i < 2; ++i) {
            agents.push_back(std::make_unique<AgentServer>(agentConfig()));
            QVERIFY(agents.back()->listen(&error));
            agents.back()->publish(DemoWorld().serverAt(i, kT));
        }
        QTcpServer stuck; // accepts the connection, says nothing
        QVERIFY(stuck.listen(QHostAddress::LocalHost, 0));

        AgentLinks fleet(200ms);
        QHash<QString, QList<Snapshot>> got;
        connect(&fleet, &AgentLinks::readings, this, [&](const QList<Snapshot>& s) {
            for (const auto& x : s)
                got[x.server].append(x);
        });
        fleet.setServers({{QStringLiteral("a"), local(agents[0]->port()), "tok", {}},
                          {QStringLiteral("b"), local(agents[1]->port()), "tok", {}},
                          {QStringLiteral("dead"), local(test::freePort()), "tok", {}},
                          {QStringLiteral("stuck"), local(stuck.serverPort()), "tok", {}}});

        // The GUI thread's event loop keeps turning while links wait.
        QElapsedTimer gap;
        gap.start();
        qint64 worstGapMs = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, this,
                [&] { worstGapMs = std::max(worstGapMs, gap.restart()); });
        tick.start(10);
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto s = fleet.statuses();
                return s.value(QStringLiteral("a")).state == LinkState::Connected &&
                       s.value(QStringLiteral("b")).state == LinkState::Connected &&
                       s.value(QStringLiteral("dead")).state == LinkState::Unreachable;
            },
            10000));
        QCOMPARE(got.value(QStringLiteral("a")).size(), 1);
        QCOMPARE(got.value(QStringLiteral("b")).size(), 1);
        QCOMPARE(got.value(QStringLiteral("b")).first().gpus.size(),
                 DemoWorld().serverAt(1, kT).gpus.size());
        // The stuck one stays "connecting" until its 5 s timeout, then says so.
        QCOMPARE(fleet.statuses().value(QStringLiteral("stuck")).state, LinkState::Connecting);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return fleet.statuses().value(QStringLiteral("stuck")).state ==
                       LinkState::Unreachable;
            },
            8000));
        QVERIFY2(fleet.statuses()
                     .value(QStringLiteral("stuck"))
                     .error.contains(QStringLiteral("no complete reply in time")),
                 qPrintable(fleet.statuses().value(QStringLiteral("stuck")).error));
        QVERIFY2(worstGapMs < 250, qPrintable(QString::number(worstGapMs)));

        // Removing a server stops it and says so; the others go on.
        QSignalSpy removed(&fleet, &AgentLinks::serverRemoved);
        fleet.setServers({{QStringLiteral("a"), local(agents[0]->port()), "tok", {}}});
        QVERIFY(QTest::qWaitFor([&] { return removed.size() == 3; }, 3000));
        QCOMPARE(fleet.statuses().size(), 1);
        agents[0]->publish(DemoWorld().serverAt(0, kT + 1000));
        QVERIFY(QTest::qWaitFor([&] { return got.value(QStringLiteral("a")).size() == 2; }));
        fleet.stop();
    }

    void aTimedOutReplyLogsNoDeviceNotOpen()
    {
        // A reply cut off by its transfer timeout is closed; reading it
        // anyway made Qt log "QIODevice::read (QNetworkReplyHttpImpl):
        // device not open" after every timeout of a stuck agent.
        static QStringList logged;
        logged.clear();
        const QtMessageHandler previous = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext&, const QString& m) { logged.append(m); });
        QTcpServer stuck; // accepts the connection, says nothing
        QVERIFY(stuck.listen(QHostAddress::LocalHost, 0));
        const AgentEndpoint agent{local(stuck.serverPort()), "tok", {}, {}};
        for (const QString& path : {QStringLiteral("/v1/info"), QStringLiteral("/v1/snapshot")}) {
            AgentRequest request;
            request.pathAndQuery = path;
            request.timeoutMs = 300;
            const AgentCall r = callAgentBlocking(agent, request);
            QCOMPARE(r.failure, AgentFailure::Unreachable);
            QVERIFY2(r.error.contains(QStringLiteral("no complete reply in time")),
                     qPrintable(r.error));
        }
        qInstallMessageHandler(previous);
        for (const QString& m : std::as_const(logged))
            QVERIFY2(!m.contains(QStringLiteral("device not open")), qPrintable(m));
    }

    void anAgentUrlWithoutAPortMeansTheAgentsPort_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("url");
        const int agent = int(ServerEntry::Kind::Agent);
        const int prometheus = int(ServerEntry::Kind::Prometheus);
        QTest::newRow("http") << "http://gpu-node-7" << agent << "http://gpu-node-7:9807";
        QTest::newRow("https, slash")
            << "https://gpu-node-7/" << agent << "https://gpu-node-7:9807";
        QTest::newRow("a port given") << "http://gpu-node-7:80" << agent << "http://gpu-node-7:80";
        QTest::newRow("behind a proxy path")
            << "https://proxy.lab/warden/node7" << agent << "https://proxy.lab:9807/warden/node7";
        QTest::newRow("Prometheus keeps its scheme's default")
            << "http://prom.lab" << prometheus << "http://prom.lab";
    }
    void anAgentUrlWithoutAPortMeansTheAgentsPort()
    {
        QFETCH(QString, typed);
        QFETCH(int, kind);
        QFETCH(QString, url);
        static_assert(kAgentDefaultPort == AgentConfig::kDefaultPort);
        QString error;
        QCOMPARE(parseServerUrl(typed, &error, ServerEntry::Kind(kind)), QUrl(url));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        if (kind != int(ServerEntry::Kind::Agent))
            return;
        // --source of gpuwarden and gpuwarden-cli goes through the same function.
        QCommandLineParser parser;
        addAgentSourceOption(parser);
        QVERIFY(parser.parse({QStringLiteral("cli"), QStringLiteral("--source"), typed}));
        QCOMPARE(agentUrlOption(parser, &error), std::optional<QUrl>(QUrl(url)));
    }
};

QTEST_GUILESS_MAIN(TestAgentLink)
#include "tst_agentlink.moc"
