// `gpuwarden-cli me` over the agent's real Unix socket (issue 29): an
// AgentServer in-process with [agent] socket, fed readings where nobody's
// job holds an idle GPU (an idle event staged to terminate, in dry run) and
// daemon's job a busy one, and daemon holds a reservation. The real CLI run
// as each of the two uids (the test is root and drops to them in the child)
// sees its own processes, event, next step and reservation, and of the
// other only totals: never their command, pid or name. The standing's
// pieces (next step, caps, tokens) by the pure function, and the socket's
// refusals.
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/selfstanding.h"
#include "agentcall.h"
#include "clime.h"
#include "policy/policyservice.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1'795'340'000'000;
const QByteArray kAllocate = "all0c";

QString nameOf(uint uid)
{
    const passwd* pw = ::getpwuid(uid);
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
}

Snapshot reading(qint64 t, const QString& idleUser, const QString& busyUser)
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = t;
    s.intervalMs = 1000;
    s.backend = u"demo"_s;
    for (int i = 0; i < 3; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = u"GPU-%1"_s.arg(i);
        g.name = u"NVIDIA A100-SXM4-80GB"_s;
        g.memoryTotalMiB = 81'920;
        g.memoryUsedMiB = i < 2 ? 20'480 : 0;
        g.utilizationGpuPercent = i == 1 ? 90 : 0;
        s.gpus << g;
    }
    const auto add = [&](const QString& user, uint uid, qint64 pid, int gpu, const char* cmd) {
        GpuProcess p;
        p.pid = pid;
        p.startTimeMs = kT0 - 60'000;
        p.uid = uid;
        p.user = user;
        p.command = QString::fromLatin1(cmd);
        p.gpuUuid = s.gpus[gpu].uuid;
        p.usedMemoryMiB = 20'480;
        s.processes << p;
    };
    add(idleUser, 65534, 4242, 0, "python notebook-of-nobody.py");
    add(busyUser, 1, 4343, 1, "python secret-train-of-daemon.py");
    return s;
}

} // namespace

class TestAgentMe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theCliShowsEachUserTheirOwnStandingOnly()
    {
        if (::geteuid() != 0)
            QSKIP("runs the CLI as two users: needs root");
        const QString nobody = nameOf(65534), daemon = nameOf(1);
        QVERIFY(!nobody.isEmpty() && !daemon.isEmpty());
        QCOMPARE(cli::defaultSocketPath(), QLatin1String(AgentConfig::kDefaultSocketPath));

        QTemporaryDir dir;
        QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0755) == 0);
        AgentConfig config;
        config.port = 0;
        config.socketPath = dir.filePath(u"agent.sock"_s);
        config.tokens = {{u"runner"_s, sha256(kAllocate), TokenScope::Allocate}};
        AgentServer server(config);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QVERIFY(server.selfDesk());
        QCOMPARE(server.selfDesk()->path(), config.socketPath);

        const PolicyParseResult parsed =
            parsePolicy("[idle]\ntime_window = \"1m\"\naction = \"terminate\"\nwarnings = "
                        "[\"30s\"]\ndry_run = true\n[accounts]\nmax_gpus_per_user = 2\n",
                        u"policy.toml"_s);
        QVERIFY2(parsed.config, qPrintable(parsed.errors.join(u'\n')));
        PolicyService service(*parsed.config);
        server.attachPolicy(&service, *parsed.config, {});
        QList<Snapshot> readings;
        for (int i = 0; i <= 65; ++i)
            readings << reading(kT0 + i * 1000, nobody, daemon);
        service.ingestBatch(readings);
        service.drain();
        server.publish(readings.last());
        QNetworkAccessManager nam;
        const test::AgentReply held =
            test::callAgent(nam, server.port(), u"/v1/allocate"_s, kAllocate, "POST",
                            "{\"user\":\"" + daemon.toUtf8() + "\"}");
        QCOMPARE(held.status, 200);

        const auto me = [&](uint uid, bool json) {
            QProcess cli;
            cli.setChildProcessModifier([uid] {
                if (::setgid(uid == 1 ? 1 : 65534) != 0 || ::setuid(uid) != 0)
                    ::_exit(127);
            });
            QStringList args{u"me"_s, u"--socket"_s, config.socketPath};
            if (json)
                args << u"--json"_s;
            cli.start(QStringLiteral(GW_CLI), args);
            // The agent answers on this thread: wait without blocking it.
            if (!QTest::qWaitFor([&] { return cli.state() == QProcess::NotRunning; }, 20'000))
                cli.kill();
            const QByteArray said = cli.readAllStandardOutput() + cli.readAllStandardError();
            return std::pair{cli.exitCode(), said};
        };

        const auto [rcNobody, outNobody] = me(65534, true);
        QVERIFY2(rcNobody == 0, outNobody.constData());
        const QJsonObject a = QJsonDocument::fromJson(outNobody).object();
        QCOMPARE(a[u"user"_s].toString(), nobody);
        QCOMPARE(a[u"uid"_s].toInteger(), 65534);
        QCOMPARE(a[u"server"_s].toString(), u"node-1"_s);
        QCOMPARE(a[u"processes"_s].toArray().size(), 1);
        QCOMPARE(a[u"processes"_s][0][u"pid"_s].toInteger(), 4242);
        QCOMPARE(a[u"others"_s][u"users"_s].toInt(), 1);
        QCOMPARE(a[u"others"_s][u"processes"_s].toInt(), 1);
        const QJsonArray events = a[u"events"_s].toArray();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0][u"kind"_s].toString(), u"idle"_s);
        QVERIFY2(events[0][u"text"_s].toString().contains(u"notebook-of-nobody"_s),
                 qPrintable(events[0][u"text"_s].toString()));
        const QJsonObject next = events[0][u"next"_s].toObject();
        QCOMPARE(next[u"step"_s].toString(), u"terminate"_s); // its one warning is out
        QVERIFY(next[u"dry_run"_s].toBool());
        QCOMPARE(a[u"reservations"_s].toArray().size(), 0);
        QCOMPARE(a[u"caps"_s][0][u"scope"_s].toString(), u"user"_s);
        QCOMPARE(a[u"caps"_s][0][u"held"_s].toInt(), 1);
        QVERIFY(a[u"tokens"_s].isNull()); // no [tokens]: said, not zero
        // Nothing of daemon's: not the command, not the pid, not the name.
        QVERIFY2(!outNobody.contains("secret-train") && !outNobody.contains("4343") &&
                     !outNobody.contains(daemon.toUtf8()),
                 outNobody.constData());

        const auto [rcDaemon, outDaemon] = me(1, true);
        QVERIFY2(rcDaemon == 0, outDaemon.constData());
        const QJsonObject b = QJsonDocument::fromJson(outDaemon).object();
        QCOMPARE(b[u"user"_s].toString(), daemon);
        QCOMPARE(b[u"processes"_s][0][u"pid"_s].toInteger(), 4343);
        QCOMPARE(b[u"events"_s].toArray().size(), 0);
        QCOMPARE(b[u"reservations"_s].toArray().size(), 1);
        QCOMPARE(b[u"caps"_s][0][u"held"_s].toInt(), 2); // its job's GPU and the reserved one
        QVERIFY2(!outDaemon.contains("notebook-of-nobody") && !outDaemon.contains("4242") &&
                     !outDaemon.contains(nobody.toUtf8()),
                 outDaemon.constData());

        // For people: a few lines, the next step among them.
        const auto [rcText, text] = me(65534, false);
        QCOMPARE(rcText, 0);
        QVERIFY2(text.contains("your processes: 1") && text.contains("next: terminate at") &&
                     text.contains("dry run") && text.contains("[tokens] is off"),
                 text.constData());
        QCOMPARE(server.selfDesk()->answered(), quint64(3));
    }

    void theSocketRefusesWhatItDoesNotKnow()
    {
        QTemporaryDir dir;
        AgentConfig config;
        config.port = 0;
        config.socketPath = dir.filePath(u"agent.sock"_s);
        AgentServer server(config);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QLocalSocket socket;
        socket.connectToServer(config.socketPath);
        QVERIFY(socket.waitForConnected(5000));
        socket.write("everyone\n");
        QVERIFY(QTest::qWaitFor([&] { return socket.canReadLine(); }, 5000));
        const QJsonObject o = QJsonDocument::fromJson(socket.readLine()).object();
        QCOMPARE(o[u"error"_s].toString(),
                 u"unknown request \"everyone\": the one request is \"me\""_s);
        QCOMPARE(server.selfDesk()->answered(), quint64(0));
        // An agent without a reading yet: said so, not a reading at 00:00.
        QVERIFY(cli::standingText(QJsonObject{{u"user"_s, u"alice"_s}})
                    .startsWith(u"alice: the agent has no reading yet\n"_s));

        // The CLI says where it looked when no agent listens there.
        QProcess cli;
        cli.start(QStringLiteral(GW_CLI), {u"me"_s, u"--socket"_s, dir.filePath(u"none.sock"_s)});
        QVERIFY(cli.waitForFinished(20'000));
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY2(cli.readAllStandardError().contains("cannot reach the agent at"),
                 "no reason given");
    }

    // The next step of a staged event, by hand: warnings 10m and 1m before a
    // SIGTERM 10m after the verdict.
    void nextStepsOfAStagedEvent()
    {
        PolicyConfig policy;
        policy.idle.action = IdleAction::Terminate;
        policy.idle.warningsMs = {600'000, 60'000};
        PolicyEvent e;
        e.kind = PolicyEventKind::Idle;
        e.detectedMs = kT0;
        auto next = nextStepOf(e, policy);
        QVERIFY(next);
        QCOMPARE(next->step, u"warning"_s);
        QCOMPARE(next->atMs, kT0);
        e.actions << PolicyAction{PolicyAction::Kind::Warning, kT0, true, {}};
        next = nextStepOf(e, policy);
        QCOMPARE(next->atMs, kT0 + 540'000);
        e.actions << PolicyAction{PolicyAction::Kind::Warning, kT0 + 540'000, true, {}};
        next = nextStepOf(e, policy);
        QCOMPARE(next->step, u"terminate"_s);
        QCOMPARE(next->atMs, kT0 + 600'000);
        QVERIFY(!next->dryRun);
        e.kind = PolicyEventKind::OverCap; // the cap rule's dry run is [accounts]'
        QVERIFY(nextStepOf(e, policy)->dryRun);
        e.actions << PolicyAction{PolicyAction::Kind::Terminate, kT0 + 600'000, false, {}};
        QVERIFY(!nextStepOf(e, policy)); // done
        policy.idle.action = IdleAction::Notify;
        e.actions.clear();
        QVERIFY(!nextStepOf(e, policy)); // a notice only
    }

    // With [tokens]: the balance, what holding costs now (the A100's price),
    // and today's and this month's closed hours by model and account.
    void tokensAndUsageOfTheCaller()
    {
        SelfFacts f;
        f.user = u"alice"_s;
        f.nowMs =
            QDateTime(QDate(2026, 11, 28), QTime(15, 30), QTimeZone::utc()).toMSecsSinceEpoch();
        f.timeZone = QTimeZone::utc();
        const Snapshot s = reading(f.nowMs, u"alice"_s, u"bob"_s);
        f.latest = &s;
        f.policy.tokens.enabled = true;
        f.policy.tokens.prices = {{u"A100"_s, 4, 0}};
        f.booksKept = true;
        f.balance = 12.5;
        const auto fact = [](const char* user, const char* account, int day, int hour, double s) {
            UsageFact x;
            x.user = QString::fromLatin1(user);
            x.account = QString::fromLatin1(account);
            x.gpuModel = u"NVIDIA A100-SXM4-80GB"_s;
            x.hourStartMs = QDateTime(QDate(2026, 11, day), QTime(hour, 0), QTimeZone::utc())
                                .toMSecsSinceEpoch();
            x.heldGpuSeconds = s;
            return x;
        };
        f.facts = {fact("alice", "vision", 28, 9, 3600), fact("alice", "", 28, 10, 1800),
                   fact("alice", "vision", 2, 9, 7200),  fact("alice", "vision", 1, 9, 3600),
                   fact("bob", "nlp", 28, 9, 3600),      fact("alice", "vision", 27, 23, 900)};
        f.facts[2].hourStartMs = QDateTime(QDate(2026, 10, 31), QTime(9, 0), QTimeZone::utc())
                                     .toMSecsSinceEpoch(); // last month
        const QJsonObject o = selfStandingJson(f);
        QCOMPARE(o[u"tokens"_s][u"balance"_s].toDouble(), 12.5);
        QCOMPARE(o[u"tokens"_s][u"charge_per_hour_now"_s].toDouble(), 4.0); // one A100 held
        const QJsonObject today = o[u"usage"_s][u"today"_s].toObject();
        QCOMPARE(today[u"gpu_hours"_s].toDouble(), 1.5);
        QCOMPARE(today[u"by_account"_s][u"vision"_s].toDouble(), 1.0);
        QCOMPARE(today[u"by_account"_s][u""_s].toDouble(), 0.5);
        const QJsonObject month = o[u"usage"_s][u"month"_s].toObject();
        QCOMPARE(month[u"gpu_hours"_s].toDouble(), 1.5 + 1.0 + 0.25); // 28th, 1st, 27th
        QCOMPARE(month[u"by_model"_s][u"NVIDIA A100-SXM4-80GB"_s].toDouble(), 2.75);
        QVERIFY(!QJsonDocument(o).toJson().contains("nlp")); // bob's account is his
    }
};

QTEST_GUILESS_MAIN(TestAgentMe)
#include "tst_agentme.moc"
