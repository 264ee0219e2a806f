// A cap of [accounts] passed without asking, end to end through the real
// gpuwarden-agent (issue 29): two real children of one person, listed by
// the fake NVML driver on GPUs 0 and 1, the person a member of an account
// capped at one GPU. The older child keeps its GPU; the newer one is an
// over_cap event: warned, then SIGTERM from the enforcer (dry_run = false),
// alerted on the webhook, and every step in the audit log (mode "policy").
// About 10 s.

#include "agentcall.h"
#include "agentprocess.h"
#include "policy/policyevent.h"
#include "sleepchild.h"
#include "webhookreceiver.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <pwd.h>
#include <unistd.h>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

const char* const kToken = "caps-test-token";

QString childUser()
{
    const passwd* pw = ::getpwuid(::geteuid() == 0 ? test::kNobodyUid : ::geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
}

QJsonObject get(QNetworkAccessManager& net, quint16 port, const QString& path)
{
    return test::callAgent(net, port, path, kToken).json();
}

// The newest version of the over_cap event about `pid`, from /v1/events.
std::optional<PolicyEvent> overCapEvent(QNetworkAccessManager& net, quint16 port, qint64 pid)
{
    std::optional<PolicyEvent> out;
    for (const QJsonValue& r : get(net, port, u"/v1/events?after=0"_s)[u"events"_s].toArray()) {
        QString error;
        const auto e = policyEventFromJson(r[u"event"_s].toObject(), &error);
        if (!e)
            qFatal("event record: %s", qPrintable(error));
        if (e->kind == PolicyEventKind::OverCap && e->pid == pid)
            out = e;
    }
    return out;
}

} // namespace

class TestAgentCaps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aJobPastItsAccountsCapIsWarnedThenStoppedAndAudited();
};

void TestAgentCaps::aJobPastItsAccountsCapIsWarnedThenStoppedAndAudited()
{
    const QString user = childUser();
    QVERIFY(!user.isEmpty());
    QProcess older;
    QProcess newer;
    QVERIFY(test::startSleepChild(older));
    QTest::qWait(50); // start times apart (the kernel counts in 10 ms ticks)
    QVERIFY(test::startSleepChild(newer));
    const qint64 olderPid = older.processId();
    const qint64 newerPid = newer.processId();

    test::WebhookReceiver receiver;
    QVERIFY(receiver.listen());
    QTemporaryDir dir;
    const QString scenario = dir.filePath(u"caps.scenario"_s);
    test::writeTestFile(
        scenario,
        "driver 550.54.15\nnvml 12.550.54.15\n"
        "gpu 0 name=\"NVIDIA A100-SXM4-80GB\" uuid=GPU-1d1e0000-0000-4000-8000-000000000001 "
        "bus=00000000:19:00.0 util=60 memutil=20 memused=4600MiB memtotal=81920MiB temp=51 "
        "power=252000 powerlimit=400000\n"
        "gpu 1 name=\"NVIDIA A100-SXM4-80GB\" uuid=GPU-1d1e0000-0000-4000-8000-000000000002 "
        "bus=00000000:1A:00.0 util=60 memutil=20 memused=4600MiB memtotal=81920MiB temp=50 "
        "power=251000 powerlimit=400000\n"
        "proc 0 compute pid=" +
            QByteArray::number(olderPid) +
            " mem=4096MiB\nproc 1 compute pid=" + QByteArray::number(newerPid) + " mem=4096MiB\n");
    const QString policy = dir.filePath(u"policy.toml"_s);
    test::writeTestFile(policy,
                        "[hog]\nduration = \"1h\"\n"
                        "[idle]\naction = \"terminate\"\nwarnings = [\"4s\"]\nkill_grace = \"5s\"\n"
                        "[accounts]\ndry_run = false\n"
                        "[accounts.vision]\nmembers = [\"" +
                            user.toUtf8() + "\"]\nmax_gpus = 1\n" +
                            "[alerts]\nwebhook_url = \"http://127.0.0.1:" +
                            QByteArray::number(receiver.port()) + "/hook\"\n");
    const QString config = dir.filePath(u"agent.toml"_s);
    test::writeTestFile(config,
                        "[agent]\ninterval_ms = 1000\nbackend = \"nvml\"\n[journal]\npath = \"" +
                            dir.filePath(u"journal.sqlite"_s).toUtf8() + "\"\n[policy]\npath = \"" +
                            policy.toUtf8() + "\"\n[[token]]\nname = \"test\"\nsha256 = \"" +
                            test::tokenHash(kToken) + "\"\nscope = \"read\"\n");
    QProcess agent;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(GW_FAKE_NVML_DIR));
    env.insert(u"GW_FAKE_NVML_SCENARIO"_s, scenario);
    agent.setProcessEnvironment(env);
    const quint16 port =
        test::startAgentProcess(agent, QStringLiteral(GW_AGENT), {u"--config"_s, config});
    QVERIFY2(port, agent.readAllStandardError().constData());

    // The newer child dies of SIGTERM after the warning; the older lives.
    QElapsedTimer clock;
    clock.start();
    while (newer.state() != QProcess::NotRunning && clock.elapsed() < 30'000)
        QTest::qWait(100);
    const auto stop = [&] {
        agent.terminate();
        agent.waitForFinished(10'000);
        return agent.readAllStandardError();
    };
    if (newer.state() != QProcess::NotRunning) {
        const QByteArray log = stop();
        QFAIL(qPrintable(u"the child past the cap lives: "_s + QString::fromUtf8(log)));
    }
    QCOMPARE(newer.exitStatus(), QProcess::CrashExit);
    QCOMPARE(newer.exitCode(), SIGTERM);
    QCOMPARE(older.state(), QProcess::Running);

    QNetworkAccessManager net;
    std::optional<PolicyEvent> e;
    QTRY_VERIFY_WITH_TIMEOUT((e = overCapEvent(net, port, newerPid)) && e->actions.size() >= 3,
                             10'000);
    QCOMPARE(e->user, user);
    QCOMPARE(e->account, u"vision"_s);
    QCOMPARE(e->capScope, u"account"_s);
    QCOMPARE(e->capGpus, 1);
    QCOMPARE(e->heldGpus, 2);
    QCOMPARE(e->gpuIndex, 1);
    QCOMPARE(e->actions[0].kind, PolicyAction::Kind::Warning);
    QCOMPARE(e->actions[0].detail, u"over cap: terminate in 4s"_s);
    QCOMPARE(e->actions[1].kind, PolicyAction::Kind::Terminate);
    QVERIFY(!e->actions[1].simulated);
    QVERIFY2(e->actions[1].atMs - e->actions[0].atMs >= 3'000,
             qPrintable(QString::number(e->actions[1].atMs - e->actions[0].atMs)));
    QCOMPARE(e->actions[2].kind, PolicyAction::Kind::Terminate);
    QVERIFY2(e->actions[2].detail.startsWith(u"SIGTERM sent to process %1"_s.arg(newerPid)),
             qPrintable(e->actions[2].detail));
    QVERIFY(!overCapEvent(net, port, olderPid));

    // Every step in the audit log, by the agent, as the policy's.
    QJsonArray audit;
    QTRY_VERIFY_WITH_TIMEOUT(
        (audit = get(net, port, u"/v1/audit?after=0"_s)[u"audit"_s].toArray()).size() >= 3, 10'000);
    QStringList steps;
    for (const QJsonValue& v : audit) {
        QCOMPARE(v[u"by"_s].toString(), u"agent"_s);
        QCOMPARE(v[u"mode"_s].toString(), u"policy"_s);
        QCOMPARE(v[u"pid"_s].toInteger(), newerPid);
        QCOMPARE(v[u"user"_s].toString(), user);
        QVERIFY2(v[u"why"_s].toString().startsWith(u"Over a GPU cap: "_s),
                 qPrintable(v[u"why"_s].toString()));
        steps << v[u"action"_s].toString() + u' ' + v[u"outcome"_s].toString();
    }
    QCOMPARE(steps.mid(0, 3),
             (QStringList{u"notify done"_s, u"terminate done"_s, u"terminate done"_s}));

    // The owner's alert reached the webhook.
    const QString alert = u"sleep 600 (PID %1, %2) on "_s.arg(newerPid).arg(user);
    const auto alerted = [&] {
        for (const QString& text : receiver.texts())
            if (text.startsWith(u"Over a GPU cap: "_s) && text.contains(alert) &&
                text.contains(u"(cap of 1 GPU for account vision: account vision holds 2)"_s))
                return true;
        return false;
    };
    (void)QTest::qWaitFor(alerted, 15'000);
    QVERIFY2(alerted(), qPrintable(receiver.texts().join(u'\n')));
    stop();
    older.kill();
    older.waitForFinished();
}

QTEST_GUILESS_MAIN(TestAgentCaps)
#include "tst_agentcaps.moc"
