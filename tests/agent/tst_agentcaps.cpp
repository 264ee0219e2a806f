// A cap of [accounts] passed without asking, end to end through the real
// gpuwarden-agent (issue 29): two real children of one person, listed by
// the fake NVML driver on GPUs 0 and 1, the person a member of an account
// capped at one GPU. The older child keeps its GPU; the newer one is an
// over_cap event: warned, then SIGTERM from the enforcer (dry_run = false),
// alerted on the webhook, and every step in the audit log (mode "policy").
// Then a job /v1/allocate granted: it keeps its GPU against one its owner
// started later without asking, though the granted job itself started
// last (the desk's grants reach the cap rule). About 20 s.

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

const QByteArray kGpus =
    "driver 550.54.15\nnvml 12.550.54.15\n"
    "gpu 0 name=\"NVIDIA A100-SXM4-80GB\" uuid=GPU-1d1e0000-0000-4000-8000-000000000001 "
    "bus=00000000:19:00.0 util=60 memutil=20 memused=4600MiB memtotal=81920MiB temp=51 "
    "power=252000 powerlimit=400000\n"
    "gpu 1 name=\"NVIDIA A100-SXM4-80GB\" uuid=GPU-1d1e0000-0000-4000-8000-000000000002 "
    "bus=00000000:1A:00.0 util=60 memutil=20 memused=4600MiB memtotal=81920MiB temp=50 "
    "power=251000 powerlimit=400000\n";

QByteArray procLine(int gpu, qint64 pid)
{
    return "proc " + QByteArray::number(gpu) + " compute pid=" + QByteArray::number(pid) +
           " mem=4096MiB\n";
}

// The real agent at 1 Hz on the fake NVML with `scenario`, `policy` and an
// admin token (kToken); its port, 0 when it did not start.
quint16 startAgent(QProcess& agent, const QTemporaryDir& dir, const QByteArray& scenario,
                   const QByteArray& policy)
{
    const QString scenarioPath = dir.filePath(u"caps.scenario"_s);
    test::writeTestFile(scenarioPath, scenario);
    const QString policyPath = dir.filePath(u"policy.toml"_s);
    test::writeTestFile(policyPath, policy);
    const QString config = dir.filePath(u"agent.toml"_s);
    test::writeTestFile(config,
                        "[agent]\ninterval_ms = 1000\nbackend = \"nvml\"\n[journal]\npath = \"" +
                            dir.filePath(u"journal.sqlite"_s).toUtf8() + "\"\n[policy]\npath = \"" +
                            policyPath.toUtf8() + "\"\n[[token]]\nname = \"test\"\nsha256 = \"" +
                            test::tokenHash(kToken) + "\"\nscope = \"admin\"\n");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(GW_FAKE_NVML_DIR));
    env.insert(u"GW_FAKE_NVML_SCENARIO"_s, scenarioPath);
    agent.setProcessEnvironment(env);
    return test::startAgentProcess(agent, QStringLiteral(GW_AGENT), {u"--config"_s, config});
}

// Stops the agent; what it wrote on stderr.
QByteArray stopAgent(QProcess& agent)
{
    agent.terminate();
    agent.waitForFinished(10'000);
    return agent.readAllStandardError();
}

// Waits up to `ms` for `child` to end.
bool ends(QProcess& child, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (child.state() != QProcess::NotRunning && clock.elapsed() < ms)
        QTest::qWait(100);
    return child.state() == QProcess::NotRunning;
}

} // namespace

class TestAgentCaps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aJobPastItsAccountsCapIsWarnedThenStoppedAndAudited();
    void aGrantedJobKeepsItsGpuAgainstOneStartedWithoutAsking();
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
    QProcess agent;
    const quint16 port = startAgent(
        agent, dir, kGpus + procLine(0, olderPid) + procLine(1, newerPid),
        "[hog]\nduration = \"1h\"\n"
        "[idle]\naction = \"terminate\"\nwarnings = [\"4s\"]\nkill_grace = \"5s\"\n"
        "[accounts]\ndry_run = false\n"
        "[accounts.vision]\nmembers = [\"" +
            user.toUtf8() + "\"]\nmax_gpus = 1\n" + "[alerts]\nwebhook_url = \"http://127.0.0.1:" +
            QByteArray::number(receiver.port()) + "/hook\"\n");
    QVERIFY2(port, agent.readAllStandardError().constData());

    // The newer child dies of SIGTERM after the warning; the older lives.
    if (!ends(newer, 30'000))
        QFAIL(
            qPrintable(u"the child past the cap lives: "_s + QString::fromUtf8(stopAgent(agent))));
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
    stopAgent(agent);
    older.kill();
    older.waitForFinished();
}

// One GPU per person. The person asks /v1/allocate for one GPU and is
// granted it; before the granted job starts, they start another on the
// other GPU without asking: past the cap against the open reservation.
// Then the granted job starts (the reservation is taken up): it is the
// newest process, yet its GPU counts from the grant, so the unasked job
// stays past the cap and is stopped; the granted job lives.
void TestAgentCaps::aGrantedJobKeepsItsGpuAgainstOneStartedWithoutAsking()
{
    const QString user = childUser();
    QVERIFY(!user.isEmpty());
    QTemporaryDir dir;
    const QString procs = dir.filePath(u"procs"_s);
    const auto writeProcs = [&](const QByteArray& lines) {
        // A new file renamed over the old: the fake driver never reads half.
        test::writeTestFile(procs + u".new"_s, lines);
        return ::rename(qPrintable(procs + u".new"_s), qPrintable(procs)) == 0;
    };
    QVERIFY(writeProcs({}));
    QProcess agent;
    const quint16 port =
        startAgent(agent, dir, kGpus + "procfile " + procs.toUtf8() + '\n',
                   "[hog]\nduration = \"1h\"\n"
                   "[idle]\naction = \"terminate\"\nwarnings = [\"4s\"]\nkill_grace = \"5s\"\n"
                   "[accounts]\ndry_run = false\nmax_gpus_per_user = 1\n");
    QVERIFY2(port, agent.readAllStandardError().constData());
    QNetworkAccessManager net;
    // Granted as soon as the agent has a reading.
    test::AgentReply grant;
    const auto granted = [&] {
        grant = test::callAgent(net, port, u"/v1/allocate"_s, kToken, "POST",
                                "{\"user\": \"" + user.toUtf8() +
                                    "\", \"gpus\": 1, \"ttl_seconds\": 300}");
        return grant.status == 200;
    };
    (void)QTest::qWaitFor(granted, 10'000);
    QVERIFY2(grant.status == 200, grant.body.constData());
    const QJsonArray units = grant.json()[u"reservation"_s][u"units"_s].toArray();
    QCOMPARE(units.size(), 1);
    const int grantedGpu = units[0].toString().toInt();
    const int other = 1 - grantedGpu;

    // A process's start time is read from /proc against the boot time in
    // whole seconds (a second early at most): the unasked job starts well
    // after the grant.
    QTest::qWait(1'500);
    QProcess unasked;
    QVERIFY(test::startSleepChild(unasked));
    const qint64 unaskedPid = unasked.processId(); // 0 once it ended
    QVERIFY(writeProcs(procLine(other, unaskedPid)));
    std::optional<PolicyEvent> e;
    QTRY_VERIFY_WITH_TIMEOUT(e = overCapEvent(net, port, unaskedPid), 10'000);
    QCOMPARE(e->heldGpus, 2); // its GPU and the one reserved
    QCOMPARE(e->capScope, u"user"_s);

    QProcess grantedJob;
    QTest::qWait(50); // start times apart (the kernel counts in 10 ms ticks)
    QVERIFY(test::startSleepChild(grantedJob));
    const qint64 grantedPid = grantedJob.processId();
    QVERIFY(writeProcs(procLine(other, unaskedPid) + procLine(grantedGpu, grantedPid)));
    // The reservation is taken up: none open.
    QTRY_VERIFY_WITH_TIMEOUT(test::callAgent(net, port, u"/v1/allocate"_s, kToken)
                                 .json()[u"reservations"_s]
                                 .toArray()
                                 .isEmpty(),
                             10'000);

    if (!ends(unasked, 30'000))
        QFAIL(qPrintable(u"the job started without asking lives: "_s +
                         QString::fromUtf8(stopAgent(agent))));
    QCOMPARE(unasked.exitStatus(), QProcess::CrashExit);
    QCOMPARE(unasked.exitCode(), SIGTERM);
    QCOMPARE(grantedJob.state(), QProcess::Running);
    const auto actions = [&] {
        QStringList out;
        for (const PolicyAction& a : e->actions)
            out << a.detail;
        return out.join(u"; "_s);
    };
    (void)QTest::qWaitFor(
        [&] { return (e = overCapEvent(net, port, unaskedPid)) && e->actions.size() >= 3; },
        10'000);
    QVERIFY2(e && e->actions.size() >= 3, qPrintable(e ? actions() : u"no event"_s));
    QCOMPARE(e->actions[1].kind, PolicyAction::Kind::Terminate);
    QVERIFY(!e->actions[1].simulated);
    QCOMPARE(e->gpuIndex, other);
    QVERIFY(!overCapEvent(net, port, grantedPid));
    stopAgent(agent);
    grantedJob.kill();
    grantedJob.waitForFinished();
}

QTEST_GUILESS_MAIN(TestAgentCaps)
#include "tst_agentcaps.moc"
