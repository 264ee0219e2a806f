// The policy on the agent: GET/PUT /v1/policy with read and admin tokens,
// refusals with file:line:column, the file written with its previous
// version kept, edits on disk picked up, replays over published readings,
// the policy figures on /v1/info and /metrics, the binary refusing to start
// on a broken policy, and an edited value changing the verdict.
#include "agent/agentserver.h"
#include "agent/journalwriter.h"
#include "agent/metricsexport.h"
#include "journal/agentjournal.h"
#include "policy/policyservice.h"
#include "policytesthelpers.h"
#include "sources/demoworld.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace gw;
using namespace gwtest;

namespace {

const QByteArray kPolicy90 = "[hog]\nthreshold_percent = 90\nduration = \"2s\"\n";
const QByteArray kPolicy80 = "[hog]\nthreshold_percent = 80\nduration = \"2s\"\n";
const QByteArray kBroken = "[hog]\nthreshold_percent = 90\nduration = \"soon\"\n";

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

double hogThreshold(const QJsonObject& policyDoc)
{
    return policyDoc[QStringLiteral("policy")][QStringLiteral("hog")]
                    [QStringLiteral("threshold_percent")]
                        .toDouble();
}

PolicyConfig parsed(const QByteArray& text)
{
    const PolicyParseResult r = parsePolicy(text, QStringLiteral("test.toml"));
    return r.config.value_or(PolicyConfig{});
}

QList<PolicyEvent> eventsOf(const Reply& r, const QString& key = QStringLiteral("events"))
{
    QList<PolicyEvent> out;
    for (const auto& v : r.json()[key].toArray()) {
        const QJsonObject o = v.toObject().contains(QStringLiteral("event"))
                                  ? v[QStringLiteral("event")].toObject()
                                  : v.toObject();
        QString why;
        if (auto e = policyEventFromJson(o, &why))
            out.append(*e);
    }
    return out;
}

} // namespace

class TestAgentPolicy : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void configPolicyPath()
    {
        const QByteArray token =
            "[[token]]\nname = \"t\"\nsha256 = \"" + sha256("tok").toHex() + "\"\n";
        QString error;
        auto c = AgentConfig::parse("[policy]\npath = \"/etc/gpuwarden/policy.toml\"\n" + token,
                                    QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->policyPath, QStringLiteral("/etc/gpuwarden/policy.toml"));
        c = AgentConfig::parse(token, QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->policyPath.isEmpty()); // the built-in defaults
        c = AgentConfig::parse("[policy]\nfile = \"x\"\n" + token, QStringLiteral("agent.toml"),
                               &error);
        QVERIFY(!c);
        QVERIFY2(error == QStringLiteral("agent.toml:2:8: unknown key \"file\" in [policy]") &&
                     error.contains(QStringLiteral("\"file\"")),
                 qPrintable(error));
    }

    void getDefaultsAndScopes()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        const Reply r = call(nam, server.port(), QStringLiteral("/v1/policy"), kReadToken);
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        QCOMPARE(o[QStringLiteral("source")].toString(), QStringLiteral("built-in defaults"));
        QCOMPARE(o[QStringLiteral("version")].toInt(), 1);
        QVERIFY(o[QStringLiteral("previous")].isNull());
        QCOMPARE(o[QStringLiteral("policy")].toObject(), policyToJson(PolicyConfig{}));

        QCOMPARE(call(nam, server.port(), QStringLiteral("/v1/policy")).status, 401);
        // PUT needs admin.
        Reply put = call(nam, server.port(), QStringLiteral("/v1/policy"), {}, "PUT", kPolicy80);
        QCOMPARE(put.status, 401);
        put = call(nam, server.port(), QStringLiteral("/v1/policy"), kReadToken, "PUT", kPolicy80);
        QCOMPARE(put.status, 403);
        QCOMPARE(put.errorMessage(),
                 QStringLiteral("token \"reader\" has the read scope; this needs admin"));
        QCOMPARE(server.policyVersion(), 1);
        QCOMPARE(
            call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken, "DELETE").status,
            405);
    }

    void putInMemoryWithoutPath()
    {
        AgentServer server(agentConfig());
        PolicyService service(PolicyConfig{});
        server.attachPolicy(&service, PolicyConfig{}, QString());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        const Reply r =
            call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken, "PUT", kPolicy80);
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        QCOMPARE(o[QStringLiteral("persisted")].toBool(), false);
        QVERIFY(o[QStringLiteral("message")].toString().contains(QStringLiteral("[policy] path")));
        QCOMPARE(o[QStringLiteral("version")].toInt(), 2);
        QCOMPARE(hogThreshold(o), 80.0);
        QCOMPARE(o[QStringLiteral("previous")][QStringLiteral("hog")]
                  [QStringLiteral("threshold_percent")]
                      .toDouble(),
                 PolicyConfig{}.hog.thresholdPercent);
        // Applied, not just stored: the service evaluates with it.
        QCOMPARE(service.policy().hog.thresholdPercent, 80.0);
        QCOMPARE(service.policy().hog.durationMs, 2000);
        // An empty body is refused.
        const Reply empty =
            call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken, "PUT", " \n");
        QCOMPARE(empty.status, 400);
    }

    void invalidPutKeepsPrevious()
    {
        const QString path = m_dir.filePath(QStringLiteral("invalid/policy.toml"));
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QVERIFY(writeFile(path, kPolicy90));
        AgentServer server(agentConfig());
        PolicyService service(parsed(kPolicy90));
        server.attachPolicy(&service, parsed(kPolicy90), path);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        const Reply r = call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken, "PUT",
                             "[hog]\nthreshold_percent = 150\nduration = \"soon\"\n[nope]\n");
        QCOMPARE(r.status, 422);
        QCOMPARE(r.errorCode(), QStringLiteral("invalid_policy"));
        const QJsonArray errors =
            r.json()[QStringLiteral("error")][QStringLiteral("errors")].toArray();
        QCOMPARE(errors.size(), 3);
        const QRegularExpression where(QStringLiteral("^policy\\.toml:(\\d+):(\\d+): .+"));
        QList<int> lines;
        for (const auto& e : errors) {
            const auto m = where.match(e.toString());
            QVERIFY2(m.hasMatch(), qPrintable(e.toString()));
            lines.append(m.captured(1).toInt());
        }
        QCOMPARE(lines, (QList<int>{2, 3, 4}));
        QCOMPARE(r.errorMessage(),
                 QStringLiteral("the policy has 3 error(s); nothing was changed"));
        // Nothing changed: the file, the version, the service.
        QCOMPARE(readFile(path), kPolicy90);
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".previous")));
        const QJsonObject now =
            call(nam, server.port(), QStringLiteral("/v1/policy"), kReadToken).json();
        QCOMPARE(now[QStringLiteral("version")].toInt(), 1);
        QCOMPARE(hogThreshold(now), 90.0);
        QCOMPARE(service.policy().hog.thresholdPercent, 90.0);
    }

    void validPutPersistsAndKeepsPrevious()
    {
        const QString path = m_dir.filePath(QStringLiteral("valid/policy.toml"));
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QVERIFY(writeFile(path, kPolicy90));
        AgentServer server(agentConfig());
        PolicyService service(parsed(kPolicy90));
        server.attachPolicy(&service, parsed(kPolicy90), path);
        QSignalSpy changed(&server, &AgentServer::policyChanged);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        const Reply r =
            call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken, "PUT", kPolicy80);
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        QCOMPARE(o[QStringLiteral("persisted")].toBool(), true);
        QCOMPARE(o[QStringLiteral("source")].toString(), path);
        QCOMPARE(o[QStringLiteral("version")].toInt(), 2);
        QCOMPARE(hogThreshold(o), 80.0);
        QCOMPARE(readFile(path), kPolicy80);
        QCOMPARE(readFile(path + QStringLiteral(".previous")), kPolicy90);
        QCOMPARE(service.policy().hog.thresholdPercent, 80.0);
        // GET answers the same.
        const QJsonObject got =
            call(nam, server.port(), QStringLiteral("/v1/policy"), kReadToken).json();
        QCOMPARE(got[QStringLiteral("version")].toInt(), 2);
        QCOMPARE(got[QStringLiteral("policy")], o[QStringLiteral("policy")]);
        QCOMPARE(got[QStringLiteral("previous")], o[QStringLiteral("previous")]);
        // The text in force goes to admins only (the JSON hides the webhook
        // URL's path; an editor saves from the text).
        QVERIFY(!got.contains(QStringLiteral("text")));
        const QJsonObject asAdmin =
            call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken).json();
        QCOMPARE(asAdmin[QStringLiteral("text")].toString().toUtf8(), kPolicy80);
        // Our own write is not applied a second time by the file watcher.
        QTest::qWait(int(AgentServer::kPolicyReloadDelay.count()) + 300);
        QCOMPARE(server.policyVersion(), 2);
        QCOMPARE(changed.size(), 1);
    }

    void fileEditPickedUp()
    {
        const QString path = m_dir.filePath(QStringLiteral("edit/policy.toml"));
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QVERIFY(writeFile(path, kPolicy90));
        AgentServer server(agentConfig());
        PolicyService service(parsed(kPolicy90));
        server.attachPolicy(&service, parsed(kPolicy90), path);
        QSignalSpy refused(&server, &AgentServer::policyRefused);

        // Written in place.
        QVERIFY(writeFile(path, kPolicy80));
        QTRY_COMPARE_WITH_TIMEOUT(server.policyVersion(), 2, 5000);
        QCOMPARE(service.policy().hog.thresholdPercent, 80.0);

        // Replaced the way editors save: a new file renamed over the old one.
        const QString tmp = path + QStringLiteral(".tmp");
        QVERIFY(writeFile(tmp, "[hog]\nthreshold_percent = 70\n"));
        QVERIFY(::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(path).constData()) ==
                0);
        QTRY_COMPARE_WITH_TIMEOUT(server.policyVersion(), 3, 5000);
        QCOMPARE(service.policy().hog.thresholdPercent, 70.0);

        // Still watched after the rename: a broken edit is refused, with
        // file:line:column, and the policy in force stays.
        QTest::ignoreMessage(
            QtWarningMsg, QRegularExpression(QStringLiteral("policy: .*policy\\.toml:3:\\d+: ")));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("refused; the "
                                                                             "policy in force")));
        QVERIFY(writeFile(path, kBroken));
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 5000);
        const QStringList errors = refused.first().first().toStringList();
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().startsWith(path + QStringLiteral(":3:")),
                 qPrintable(errors.first()));
        QCOMPARE(server.policyVersion(), 3);
        QCOMPARE(service.policy().hog.thresholdPercent, 70.0);

        // Fixed again: applied.
        QVERIFY(writeFile(path, kPolicy90));
        QTRY_COMPARE_WITH_TIMEOUT(server.policyVersion(), 4, 5000);
        QCOMPARE(service.policy().hog.thresholdPercent, 90.0);
        QStringList none;
        QVERIFY(server.reloadPolicy(&none)); // unchanged: nothing to do
        QCOMPARE(server.policyVersion(), 4);
    }

    void replay_data()
    {
        QTest::addColumn<bool>("journal");
        QTest::newRow("memory") << false;
        QTest::newRow("journal") << true;
    }

    void replay()
    {
        QFETCH(bool, journal);
        // Minutes ago, not a fixed date: the journal flushes on the wall
        // clock and removes what is older than its retention (a day).
        const qint64 t0 = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 600'000;
        AgentServer server(agentConfig());
        QString error;
        if (journal) {
            auto j = AgentJournal::open(
                m_dir.filePath(
                    QStringLiteral("replay-%1.sqlite").arg(QLatin1String(QTest::currentDataTag()))),
                &error);
            QVERIFY2(j, qPrintable(error));
            server.attachJournal(std::move(j));
        }
        QVERIFY2(server.listen(&error), qPrintable(error));
        for (int i = 0; i < 30; ++i)
            server.publish(reading(t0 + i * 1000, 85));
        if (journal) {
            // Stored, not only queued: the replay reads the file.
            QSignalSpy flushed(server.journal(), &JournalWriter::flushed);
            QVERIFY(flushed.wait(5000));
            QCOMPARE(flushed.first().first().toString(), QString());
            // And a few more still queued.
            for (int i = 30; i < 35; ++i)
                server.publish(reading(t0 + i * 1000, 85));
        }
        QNetworkAccessManager nam;
        const QString range = QStringLiteral("/v1/replay?from=%1&to=%2");

        Reply r = call(nam, server.port(), range.arg(t0 + 5000).arg(t0 + 15'000), kReadToken);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QStringLiteral("readings")].toInt(), 10); // [from, to)
        if (journal) { // stored and still queued readings together
            r = call(nam, server.port(), range.arg(t0 + 25'000).arg(t0 + 40'000), kReadToken);
            QCOMPARE(r.json()[QStringLiteral("readings")].toInt(), 10);
        }
        QVERIFY(r.json()[QStringLiteral("events")].isArray());

        // POST: the same with the policy in the body; it changes nothing.
        r = call(nam, server.port(), range.arg(t0).arg(t0 + 30'000), kReadToken, "POST", kPolicy80);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QStringLiteral("readings")].toInt(), 30);
        QCOMPARE(server.policyVersion(), 1);
        // With the engine, 85 % for 30 s is a hog at 80 % and 2 s.
        const QList<PolicyEvent> found = eventsOf(r);
        if (!found.isEmpty()) {
            QCOMPARE(found.first().kind, PolicyEventKind::Hog);
            QCOMPARE(found.first().pid, 4242);
        }
        const Reply at90 =
            call(nam, server.port(), range.arg(t0).arg(t0 + 30'000), kReadToken, "POST", kPolicy90);
        QCOMPARE(at90.status, 200);
        QVERIFY(eventsOf(at90).isEmpty());

        r = call(nam, server.port(), range.arg(t0).arg(t0 + 30'000), kReadToken, "POST", kBroken);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.errorCode(), QStringLiteral("invalid_policy"));
        QVERIFY(
            r.json()[QStringLiteral("error")][QStringLiteral("errors")][0].toString().startsWith(
                QStringLiteral("policy.toml:3:")));

        r = call(nam, server.port(), range.arg(t0).arg(t0 + 8 * 24 * 3'600'000LL), kReadToken);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.errorMessage(), QStringLiteral("the range is longer than 7 day(s)"));
        r = call(nam, server.port(), QStringLiteral("/v1/replay?from=%1").arg(t0), kReadToken);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.errorMessage(),
                 QStringLiteral("\"from\" and \"to\" are required (ms since the epoch)"));
        r = call(nam, server.port(), range.arg(t0).arg(t0), kReadToken);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.errorMessage(), QStringLiteral("\"to\" must be after \"from\""));
        r = call(nam, server.port(), range.arg(QStringLiteral("x")).arg(t0), kReadToken);
        QCOMPARE(r.status, 400);
        QCOMPARE(call(nam, server.port(), range.arg(t0).arg(t0 + 1000)).status, 401);
    }

    void replayCostOfAnHour()
    {
        // What an hour of a demo server (4 GPUs, its processes) at 1 Hz costs
        // to replay from the journal's file (on the replay's own thread).
        AgentServer server(agentConfig());
        QString error;
        auto j = AgentJournal::open(m_dir.filePath(QStringLiteral("hour.sqlite")), &error);
        QVERIFY2(j, qPrintable(error));
        server.attachJournal(std::move(j));
        QVERIFY2(server.listen(&error), qPrintable(error));
        const DemoWorld world;
        constexpr int kReadings = 3600;
        // The last hour: the journal flushes on the wall clock and removes
        // what is older than its retention (a day), also while the replay
        // reads; a fixed date would pass out of it.
        const qint64 start = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000 - 3'600'000;
        for (int i = 0; i < kReadings; ++i)
            server.publish(world.serverAt(0, start + i * 1000LL));
        // Stored: the writer flushes in batches (more than one under ASan).
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QString why;
                return server.journal()
                           ->read(kReadings - 1, std::numeric_limits<qint64>::max(), 1, &why)
                           .size() == 1;
            }(),
            20000);
        QNetworkAccessManager nam;
        QElapsedTimer timer;
        timer.start();
        // (The replay runs at nice 19: under the sanitizers, started beside
        // the suite's longest tests, it was seen to take over 30 s.)
        const Reply r =
            call(nam, server.port(),
                 QStringLiteral("/v1/replay?from=%1&to=%2").arg(start).arg(start + 3'600'000),
                 kReadToken, "GET", {}, {}, 60'000);
        const qint64 ms = timer.elapsed();
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QStringLiteral("readings")].toInt(), kReadings);
        qInfo("replay of %d demo readings (1 h at 1 Hz) from the journal: %lld ms", kReadings, ms);
    }

    void infoAndMetrics()
    {
        AgentServer server(agentConfig());
        PolicyService service(PolicyConfig{});
        server.attachPolicy(&service, PolicyConfig{}, QString());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        server.recordEvents({hogEvent(1, kT), idleEvent(2, kT)});
        PolicyEvent closed = hogEvent(3, kT);
        closed.endMs = kT + 1000;
        server.recordEvents({closed});
        QNetworkAccessManager nam;
        const QJsonObject info =
            call(nam, server.port(), QStringLiteral("/v1/info"), kReadToken).json();
        const QJsonObject policy = info[QStringLiteral("policy")].toObject();
        QCOMPARE(policy[QStringLiteral("version")].toInt(), 1);
        QCOMPARE(policy[QStringLiteral("source")].toString(), QStringLiteral("built-in defaults"));
        QCOMPARE(policy[QStringLiteral("open_events")].toInt(), 2);

        const Reply m = call(nam, server.port(), QStringLiteral("/metrics"), kReadToken);
        QCOMPARE(m.status, 200);
        QVERIFY(m.body.contains("gpuwarden_policy_open_events{kind=\"hog\"} 1\n"));
        QVERIFY(m.body.contains("gpuwarden_policy_open_events{kind=\"idle\"} 1\n"));
        QVERIFY(m.body.contains("gpuwarden_policy_open_events{kind=\"fair_share\"} 0\n"));
        QVERIFY(m.body.contains("gpuwarden_policy_events_total{kind=\"hog\"} 2\n"));
        QVERIFY(m.body.contains("# TYPE gpuwarden_policy_events_total counter\n"));
    }

    void policyMetricsPassPromtool()
    {
        PolicyMetrics pm;
        PolicyStatus st;
        st.server = QStringLiteral("node-1");
        st.loadPercent = 42.5;
        st.loadBand = 1;
        st.bandMultiplier = 0.5;
        st.defensive = true;
        st.users = {{QStringLiteral("alice"), 30, 15, 20}, {QStringLiteral("b\"ob"), 100, 50, 0}};
        pm.status = st;
        pm.openEvents = {{QStringLiteral("hog"), 1}, {QStringLiteral("idle"), 0}};
        pm.eventsTotal = {{QStringLiteral("hog"), 3}, {QStringLiteral("idle"), 0}};
        const QByteArray text = policyPrometheusText(pm);
        QVERIFY(text.contains("gpuwarden_policy_load_percent 42.5\n"));
        QVERIFY(text.contains("gpuwarden_policy_load_band 1\n"));
        QVERIFY(text.contains("gpuwarden_policy_defensive 1\n"));
        QVERIFY(text.contains("gpuwarden_policy_allowed_share_percent{user=\"alice\"} 15\n"));
        QVERIFY(text.contains("gpuwarden_policy_allowed_share_percent{user=\"b\\\"ob\"} 50\n"));
        const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
        if (promtool.isEmpty())
            QSKIP("promtool is not installed");
        QProcess p;
        p.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
        QVERIFY(p.waitForStarted());
        p.write(text);
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(10000));
        const QByteArray out = p.readAllStandardOutput() + p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0 && out.trimmed().isEmpty(), out.constData());
    }

    void agentRefusesBrokenPolicy()
    {
        const QString cfg = m_dir.filePath(QStringLiteral("agent-broken.toml"));
        const QString policyPath = m_dir.filePath(QStringLiteral("broken.toml"));
        QVERIFY(writeFile(cfg, "[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n[policy]\n"
                               "path = \"" +
                                   policyPath.toUtf8() +
                                   "\"\n[[token]]\nname = \"t\"\n"
                                   "sha256 = \"" +
                                   sha256("tok").toHex() + "\"\n"));
        QVERIFY(writeFile(policyPath, "[hog]\nthreshold_percent = 150\nduration = \"soon\"\n"));
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(agent.waitForFinished(10000));
        QCOMPARE(agent.exitCode(), 2);
        const QStringList lines = QString::fromUtf8(agent.readAllStandardError())
                                      .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 3, qPrintable(lines.join(QLatin1Char('\n'))));
        QVERIFY2(lines[0].startsWith(policyPath + QStringLiteral(":2:")), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith(policyPath + QStringLiteral(":3:")), qPrintable(lines[1]));
        QVERIFY(lines.last().contains(QStringLiteral("is refused; not starting")));

        // --policy overrides the configured path: a good file starts.
        const QString good = m_dir.filePath(QStringLiteral("good.toml"));
        QVERIFY(writeFile(good, kPolicy90));
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--policy"), good,
                     QStringLiteral("--demo"), QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(agent.waitForReadyRead(10000));
        const QByteArray line = agent.readLine().trimmed();
        QVERIFY2(line.startsWith("listening on 127.0.0.1:"), line.constData());
        const quint16 port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        QNetworkAccessManager nam;
        const QJsonObject o = call(nam, port, QStringLiteral("/v1/policy"), "tok").json();
        QCOMPARE(o[QStringLiteral("source")].toString(), good);
        QCOMPARE(hogThreshold(o), 90.0);

        // SIGHUP re-reads the file (and, unlike SIGHUP's default, leaves the agent running).
        QVERIFY(writeFile(good, kPolicy80));
        QByteArray err;
        QVERIFY(::kill(pid_t(agent.processId()), SIGHUP) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("policy version 2 in force"), 5000);
        QVERIFY2(err.contains(QByteArray("SIGHUP: re-reading " + QFile::encodeName(good))),
                 err.constData());
        QCOMPARE(agent.state(), QProcess::Running);
        QCOMPARE(hogThreshold(call(nam, port, QStringLiteral("/v1/policy"), "tok").json()), 80.0);
        agent.terminate();
        QVERIFY(agent.waitForFinished(10000));
        QCOMPARE(agent.exitCode(), 0);
    }

    void agentBinaryOnSighupWithoutAPolicyFileSaysSoAndGoesOn()
    {
        // gw::AgentApp's SIGHUP: nothing to re-read is said, not fatal, and
        // SIGTERM still ends the run cleanly.
        const QString cfg = m_dir.filePath(QStringLiteral("agent-hup.toml"));
        QVERIFY(writeFile(cfg, "[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n"
                               "[[token]]\nname = \"t\"\nsha256 = \"" +
                                   sha256("tok").toHex() + "\"\n"));
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(agent.waitForReadyRead(10000));
        const QByteArray line = agent.readLine().trimmed();
        QVERIFY2(line.startsWith("listening on 127.0.0.1:"), line.constData());
        const quint16 port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        QByteArray err;
        QVERIFY(::kill(pid_t(agent.processId()), SIGHUP) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("SIGHUP: no policy file to re-read"),
            5000);
        QCOMPARE(agent.state(), QProcess::Running);
        QNetworkAccessManager nam;
        const QJsonObject o = call(nam, port, QStringLiteral("/v1/policy"), "tok").json();
        QCOMPARE(o[QStringLiteral("version")].toInt(), 1);
        agent.terminate();
        QVERIFY(agent.waitForFinished(10000));
        QCOMPARE(agent.exitStatus(), QProcess::NormalExit);
        QCOMPARE(agent.exitCode(), 0);
    }

    void agentBinaryAppliesEditedPolicy()
    {
        // Through the real agent (app/agent_main.cpp's wiring): the demo
        // server's busy processes are no hog at threshold 100 %, and are at
        // 1 % once the file says so.
        const QString cfg = m_dir.filePath(QStringLiteral("agent-e2e.toml"));
        const QString policyPath = m_dir.filePath(QStringLiteral("e2e-policy.toml"));
        QVERIFY(writeFile(cfg, "[agent]\ninterval_ms = 200\n[journal]\npath = \"\"\n[policy]\n"
                               "path = \"" +
                                   policyPath.toUtf8() +
                                   "\"\n[[token]]\nname = \"t\"\n"
                                   "sha256 = \"" +
                                   sha256("tok").toHex() + "\"\n"));
        QVERIFY(writeFile(policyPath, "[hog]\nthreshold_percent = 100\nduration = \"1s\"\n"));
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(agent.waitForReadyRead(10000));
        const QByteArray line = agent.readLine().trimmed();
        QVERIFY2(line.startsWith("listening on 127.0.0.1:"), line.constData());
        const quint16 port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        QNetworkAccessManager nam;
        auto hogs = [&] {
            int n = 0;
            for (const PolicyEvent& e :
                 eventsOf(call(nam, port, QStringLiteral("/v1/events?after=0"), "tok")))
                n += e.kind == PolicyEventKind::Hog ? 1 : 0;
            return n;
        };
        QTest::qWait(2000); // ten readings
        QCOMPARE(hogs(), 0);
        QVERIFY(writeFile(policyPath, "[hog]\nthreshold_percent = 1\nduration = \"1s\"\n"));
        QTRY_COMPARE_WITH_TIMEOUT(call(nam, port, QStringLiteral("/v1/policy"), "tok")
                                      .json()[QStringLiteral("version")]
                                      .toInt(),
                                  2, 5000);
        QElapsedTimer waited;
        waited.start();
        while (hogs() == 0 && waited.elapsed() < 5000)
            QTest::qWait(200);
        const int found = hogs();
        agent.terminate();
        QVERIFY(agent.waitForFinished(10000));
        QCOMPARE(agent.exitCode(), 0);
        QVERIFY(found > 0);
    }

    void editedValueChangesVerdict()
    {
        // The wiring of app/agent_main.cpp: the service evaluates every
        // reading, its events go to the server, PUT changes what it applies.
        const QString path = m_dir.filePath(QStringLiteral("verdict/policy.toml"));
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QVERIFY(writeFile(path, kPolicy90));
        AgentServer server(agentConfig());
        PolicyEngine::Options options;
        options.enforcing = true;
        PolicyService service(parsed(kPolicy90), options);
        server.attachPolicy(&service, parsed(kPolicy90), path);
        connect(&service, &PolicyService::eventsChanged, &server, &AgentServer::recordEvents,
                Qt::QueuedConnection);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        auto feed = [&](qint64 from, int n) {
            QList<Snapshot> batch;
            for (int i = 0; i < n; ++i) {
                batch.append(reading(from + i * 1000, 85));
                server.publish(batch.last());
            }
            service.ingestBatch(batch);
            service.drain();
            QCoreApplication::processEvents(); // the queued eventsChanged
        };
        // 85 % for 10 s under threshold 90, duration 2 s: no hog.
        feed(kT, 10);
        QTest::qWait(100);
        QCOMPARE(server.lastEventSequence(), 0u);

        // The threshold edited to 80 through the API: the next readings make a hog.
        QCOMPARE(
            call(nam, server.port(), QStringLiteral("/v1/policy"), kAdminToken, "PUT", kPolicy80)
                .status,
            200);
        feed(kT + 10'000, 10);
        QTest::qWait(100);
        QCoreApplication::processEvents();
        QTRY_VERIFY(server.lastEventSequence() > 0);
        const Reply r = call(nam, server.port(), QStringLiteral("/v1/events?after=0"), kReadToken);
        const QList<PolicyEvent> events = eventsOf(r);
        QVERIFY(!events.isEmpty());
        QCOMPARE(events.first().kind, PolicyEventKind::Hog);
        QCOMPARE(events.first().pid, 4242);
        QVERIFY(events.first().startMs >= kT + 10'000);
    }
};

QTEST_GUILESS_MAIN(TestAgentPolicy)
#include "tst_agentpolicy.moc"
