// Enforcement by token balance on a real agent (in-process, real HTTP over
// loopback, a real SQLite journal) against a real child process listed on a
// GPU in the agent's readings (docs/tokens.md, "Enforcement"): the issue's
// acceptance — notify, renice, terminate (and SIGKILL) only after the
// configured steps, under high demand; never when enforcement is off; never
// a reused pid; a read token gets 403; every step in the audit.

#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/balanceenforcer.h"
#include "journal/agentjournal.h"
#include "policy/policyconfig.h"
#include "policytesthelpers.h"
#include "sampling/procfs.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <unistd.h>

using namespace gw;
using namespace gwtest;
using namespace Qt::StringLiterals;

namespace {

constexpr uint kNobody = 65534;
const QString kGpu = u"GPU-0000"_s;

struct Child
{
    QProcess process;
    qint64 pid = 0;
    qint64 startMs = 0;
};

// `sh -c 'trap "" TERM; exec sleep 60'` ignores SIGTERM, so the SIGKILL
// step is seen too; as nobody when the test runs as root (root is never
// signalled).
bool startChild(Child& c, bool ignoreTerm)
{
    if (::geteuid() == 0) {
        c.process.setChildProcessModifier([] {
            if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                ::_exit(127);
        });
    }
    if (ignoreTerm)
        c.process.start(u"sh"_s, {u"-c"_s, u"trap \"\" TERM; exec sleep 60"_s});
    else
        c.process.start(u"sleep"_s, {u"60"_s});
    if (!c.process.waitForStarted())
        return false;
    c.pid = c.process.processId();
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 5000) {
        QFile comm(u"/proc/%1/comm"_s.arg(c.pid));
        if (comm.open(QIODevice::ReadOnly) && comm.readAll() == "sleep\n")
            break;
        QTest::qWait(5);
    }
    ProcFs procfs;
    const auto info = procfs.lookup(c.pid);
    if (!info || info->startTimeMs <= 0)
        return false;
    c.startMs = info->startTimeMs;
    return true;
}

void stop(Child& c)
{
    if (c.process.state() != QProcess::NotRunning) {
        c.process.kill();
        c.process.waitForFinished();
    }
}

// The process's nice value, field 19 of /proc/<pid>/stat.
std::optional<int> niceOf(qint64 pid)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 17)
        return std::nullopt;
    return fields[16].toInt(); // state is field 3, nice field 19
}

// One reading of node-1, now: one GPU at `util` %, the child held by alice.
Snapshot readingOf(const Child& c, double util = 50)
{
    Snapshot s = reading(QDateTime::currentMSecsSinceEpoch(), util);
    s.processes[0].pid = c.pid;
    s.processes[0].startTimeMs = c.startMs;
    s.processes[0].uid = uint(::geteuid() == 0 ? kNobody : ::geteuid());
    s.processes[0].command = u"sleep"_s;
    s.gpus[0].uuid = kGpu;
    s.processes[0].gpuUuid = kGpu;
    return s;
}

PolicyConfig policy(const QString& mode, qint64 stepMs = 1000)
{
    PolicyConfig p;
    p.tokens.enabled = true;
    using Mode = PolicyConfig::Tokens::Enforcement::Mode;
    p.tokens.enforcement.mode = mode == u"auto"_s      ? Mode::Auto
                                : mode == u"propose"_s ? Mode::Propose
                                                       : Mode::Off;
    p.tokens.enforcement.stepAfterMs = stepMs;
    p.tokens.enforcement.killGraceMs = 1000;
    return p;
}

} // namespace

class TestAgentEnforce : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;
    std::unique_ptr<AgentServer> m_server;

    void startServer(const PolicyConfig& p, const QString& journal = u"journal.db"_s)
    {
        m_server = std::make_unique<AgentServer>(agentConfig());
        QString error;
        auto j = AgentJournal::open(m_dir.filePath(journal), &error);
        QVERIFY2(j, qPrintable(error));
        m_server->attachJournal(std::move(j));
        m_server->attachPolicy(nullptr, p, {});
        QVERIFY2(m_server->listen(&error), qPrintable(error));
    }

    Reply get(const QString& path, const QByteArray& token = kReadToken)
    {
        return call(m_nam, m_server->port(), path, token);
    }
    Reply post(const QString& path, const QByteArray& body, const QByteArray& token = kAdminToken)
    {
        return call(m_nam, m_server->port(), path, token, "POST", body);
    }

    // alice's balance to `balance` (she is granted 130 at her first entry).
    void setBalance(double balance)
    {
        const Reply r =
            post(u"/v1/ledger"_s, QJsonDocument(QJsonObject{{u"user"_s, u"alice"_s},
                                                            {u"amount"_s, balance - 130},
                                                            {u"reason"_s, u"test"_s}})
                                      .toJson());
        QVERIFY2(r.status == 201, r.body.constData());
        QCOMPARE(r.json()[u"balance"_s].toDouble(), balance);
    }

    // Readings every 100 ms for `ms`.
    void feed(const Child& c, qint64 ms)
    {
        QElapsedTimer t;
        t.start();
        do {
            m_server->publish(readingOf(c));
            QTest::qWait(100);
        } while (t.elapsed() < ms);
    }

    QJsonArray auditEntries()
    {
        const Reply r = get(u"/v1/audit?after=0&limit=1000"_s);
        return r.json()[u"audit"_s].toArray();
    }

private Q_SLOTS:
    // Candidates ranked by fair share with memory (issue 29): who used
    // most lately (the lowest factor) first, then by pid; without factors,
    // by pid.
    void candidatesAreRankedByFairShareFactor()
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        BalanceEnforcer enforcer([now] { return now; });
        enforcer.setPolicy(policy(u"off"_s));
        enforcer.setBalanceSource([] {
            BalanceView v;
            v.balances = {{u"alice"_s, -50}, {u"bob"_s, -50}};
            v.valid = true;
            return v;
        });
        Snapshot s = reading(now, 50);
        s.gpus[0].uuid = kGpu;
        GpuProcess bob = s.processes[0];
        bob.pid = 10;
        bob.startTimeMs = now - 60'000;
        bob.uid = 1001;
        bob.user = u"bob"_s;
        bob.owner.reset();
        bob.gpuUuid = kGpu;
        bob.usedMemoryMiB = 1024;
        GpuProcess alice = bob;
        alice.pid = 20;
        alice.uid = 1000;
        alice.user = u"alice"_s;
        s.processes = {bob, alice};
        const auto order = [&] {
            enforcer.published(s);
            QStringList users;
            for (const QJsonValue& c : QJsonDocument::fromJson(enforcer.state().data())
                                           .object()[u"candidates"_s]
                                           .toArray())
                users << c[u"user"_s].toString() + u' ' +
                             (c[u"fair_share_factor"_s].isNull()
                                  ? u"-"_s
                                  : QString::number(c[u"fair_share_factor"_s].toDouble()));
            return users;
        };
        QCOMPARE(order(), (QStringList{u"bob -"_s, u"alice -"_s}));
        enforcer.setFairShareFactors([] {
            return QHash<QString, double>{{u"alice"_s, 0.3}, {u"bob"_s, 0.9}};
        });
        QCOMPARE(order(), (QStringList{u"alice 0.3"_s, u"bob 0.9"_s}));
    }

    void offNeverActs()
    {
        Child c;
        QVERIFY(startChild(c, false));
        startServer(policy(u"off"_s), u"off.db"_s);
        setBalance(-50); // at or below the floor: a candidate at any demand
        feed(c, 2500);   // longer than notify + renice + terminate
        const QJsonObject e = get(u"/v1/enforcement"_s).json();
        QCOMPARE(e[u"mode"_s].toString(), u"off"_s);
        const QJsonArray cands = e[u"candidates"_s].toArray();
        QCOMPARE(cands.size(), 1);
        const QJsonObject cand = cands[0].toObject();
        QCOMPARE(cand[u"id"_s].toString(), u"alice/%1/%2"_s.arg(c.pid).arg(c.startMs));
        QCOMPARE(cand[u"balance"_s].toDouble(), -50.0);
        QCOMPARE(cand[u"floor"_s].toDouble(), -10.0);
        QCOMPARE(cand[u"why"_s].toString(), u"balance -50 at or below the floor -10"_s);
        QVERIFY(cand[u"step"_s].isNull());
        QVERIFY(cand[u"done"_s].toArray().isEmpty());
        const Reply confirm = post(u"/v1/enforcement/"_s + cand[u"id"_s].toString(),
                                   R"({"decision":"confirm","step":"notify"})");
        QCOMPARE(confirm.status, 409);
        QCOMPARE(confirm.errorCode(), u"step_not_due"_s);
        QVERIFY(auditEntries().isEmpty());
        QCOMPARE(c.process.state(), QProcess::Running);
        QCOMPARE(*niceOf(c.pid), 0);
        stop(c);
    }

    void autoUnderHighDemandNotifiesRenicesTerminates()
    {
        Child c;
        QVERIFY(startChild(c, true));
        startServer(policy(u"auto"_s), u"auto.db"_s);
        setBalance(-5); // below zero, above the floor: only under high demand
        feed(c, 1500);
        QVERIFY(get(u"/v1/enforcement"_s).json()[u"candidates"_s].toArray().isEmpty());
        QVERIFY(auditEntries().isEmpty());

        // A refused allocation is high demand.
        const Reply refused = call(m_nam, m_server->port(), u"/v1/allocate"_s, kAdminToken, "POST",
                                   R"({"user":"bob","gpus":1,"min_free_mib":1000000})");
        QCOMPARE(refused.status, 409);
        QElapsedTimer t;
        t.start();
        while (c.process.state() == QProcess::Running && t.elapsed() < 15'000) {
            m_server->publish(readingOf(c));
            QTest::qWait(100);
        }
        QCOMPARE(c.process.state(), QProcess::NotRunning);
        QCOMPARE(c.process.exitStatus(), QProcess::CrashExit);

        const QJsonArray audit = auditEntries();
        QCOMPARE(audit.size(), 4);
        const QStringList actions{u"notify"_s, u"renice"_s, u"terminate"_s, u"kill"_s};
        qint64 previous = 0;
        for (int i = 0; i < 4; ++i) {
            const QJsonObject a = audit[i].toObject();
            QCOMPARE(a[u"sequence"_s].toInteger(), i + 1);
            QCOMPARE(a[u"action"_s].toString(), actions[i]);
            QCOMPARE(a[u"outcome"_s].toString(), u"done"_s);
            QCOMPARE(a[u"by"_s].toString(), u"agent"_s);
            QCOMPARE(a[u"mode"_s].toString(), u"auto"_s);
            QCOMPARE(a[u"user"_s].toString(), u"alice"_s);
            QCOMPARE(a[u"pid"_s].toInteger(), c.pid);
            QCOMPARE(a[u"start_time_ms"_s].toInteger(), c.startMs);
            QCOMPARE(a[u"gpu_index"_s].toInt(), 0);
            QCOMPARE(a[u"why"_s].toString(), u"balance -5 below zero under high demand"_s);
            // Each step only after the configured time (1 s) since the last.
            if (i > 0)
                // (The SIGKILL's timer starts just before the SIGTERM's
                // entry is written: a millisecond may fall between.)
                QVERIFY2(a[u"at_ms"_s].toInteger() - previous >= (i == 3 ? 990 : 1000),
                         qPrintable(QString::number(a[u"at_ms"_s].toInteger() - previous)));
            previous = a[u"at_ms"_s].toInteger();
        }
        QVERIFY(audit[1][u"detail"_s].toString().endsWith(u"reniced to 19"_s));
        QVERIFY(audit[2][u"detail"_s].toString().startsWith(u"SIGTERM sent to process"_s));
        QVERIFY(audit[3][u"detail"_s].toString().startsWith(u"SIGKILL sent to process"_s));

        // /metrics counts them.
        const Reply metrics = get(u"/metrics"_s);
        QVERIFY2(metrics.body.contains("gpuwarden_enforcement_actions_total{action=\"renice\","
                                       "outcome=\"done\"} 1\n"),
                 metrics.body.constData());
        QVERIFY(metrics.body.contains(
            "gpuwarden_enforcement_actions_total{action=\"kill\",outcome=\"done\"} 1\n"));

        // A read token reads but never acts.
        const Reply readOnly =
            post(u"/v1/processes/%1/signal"_s.arg(c.pid),
                 R"({"action":"kill","start_time_ms":1,"reason":"x"})", kReadToken);
        QCOMPARE(readOnly.status, 403);

        // The audit outlives the agent: the same entries from the journal.
        m_server.reset();
        startServer(policy(u"auto"_s), u"auto.db"_s);
        QCOMPARE(auditEntries(), audit);
    }

    void autoNeverTouchesAReusedPid()
    {
        // The reading lists the child's pid with another start time: the
        // process it names is gone and the pid now belongs to another. Every
        // step is refused (audited) and the child is left alone.
        Child c;
        QVERIFY(startChild(c, false));
        startServer(policy(u"auto"_s), u"reused.db"_s);
        setBalance(-50);
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 5500) {
            Snapshot s = readingOf(c);
            s.processes[0].startTimeMs = c.startMs - 60'000;
            m_server->publish(s);
            QTest::qWait(100);
        }
        const QJsonArray audit = auditEntries();
        QCOMPARE(audit.size(), 4); // notify, renice, terminate, kill: each refused once
        for (const QJsonValue& a : audit) {
            QCOMPARE(a[u"outcome"_s].toString(), u"refused"_s);
            QVERIFY2(a[u"detail"_s].toString().contains(u"now belongs to another process"_s),
                     qPrintable(a[u"detail"_s].toString()));
        }
        QCOMPARE(c.process.state(), QProcess::Running);
        QVERIFY(!c.process.waitForFinished(200));
        QCOMPARE(*niceOf(c.pid), 0);
        stop(c);
    }

    void autoDryRunRecordsWhatItWouldDo()
    {
        Child c;
        QVERIFY(startChild(c, false));
        PolicyConfig p = policy(u"auto"_s);
        p.tokens.enforcement.dryRun = true;
        startServer(p, u"dry.db"_s);
        setBalance(-50);
        feed(c, 5500);
        const QJsonObject e = get(u"/v1/enforcement"_s).json();
        QVERIFY(e[u"dry_run"_s].toBool());
        const QJsonArray audit = auditEntries();
        QCOMPARE(audit.size(), 4);
        const QStringList actions{u"notify"_s, u"renice"_s, u"terminate"_s, u"kill"_s};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(audit[i][u"action"_s].toString(), actions[i]);
            QCOMPARE(audit[i][u"outcome"_s].toString(), u"would"_s);
            QVERIFY(audit[i][u"detail"_s].toString().startsWith(u"dry run: would "_s));
        }
        QCOMPARE(c.process.state(), QProcess::Running);
        QVERIFY(!c.process.waitForFinished(200));
        QCOMPARE(*niceOf(c.pid), 0);
        stop(c);
    }

    void reniceIsSeenBeforeTerminate()
    {
        // A longer step: the renice lands and the process still runs.
        Child c;
        QVERIFY(startChild(c, false));
        startServer(policy(u"auto"_s, 60'000), u"renice.db"_s);
        setBalance(-50);
        feed(c, 300);
        const QJsonArray audit = auditEntries();
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit[0][u"action"_s].toString(), u"notify"_s);
        const QJsonObject cand = get(u"/v1/enforcement"_s).json()[u"candidates"_s][0].toObject();
        QCOMPARE(cand[u"step"_s].toString(), u"renice"_s);
        QCOMPARE(cand[u"due_ms"_s].toInteger(), audit[0][u"at_ms"_s].toInteger() + 60'000);
        QCOMPARE(cand[u"awaiting_confirmation"_s].toBool(), false);
        QCOMPARE(cand[u"done"_s][0][u"step"_s].toString(), u"notify"_s);
        QCOMPARE(c.process.state(), QProcess::Running);
        QCOMPARE(*niceOf(c.pid), 0);
        stop(c);
    }

    void signalRouteRefusesAndAudits()
    {
        Child c;
        QVERIFY(startChild(c, false));
        PolicyConfig p = policy(u"off"_s);
        startServer(p, u"signal.db"_s);
        m_server->publish(readingOf(c));
        const QString path = u"/v1/processes/%1/signal"_s.arg(c.pid);
        const auto body = [&](const QString& action, qint64 start, bool dry = false) {
            return QJsonDocument(QJsonObject{{u"action"_s, action},
                                             {u"start_time_ms"_s, start},
                                             {u"reason"_s, u"over budget"_s},
                                             {u"dry_run"_s, dry}})
                .toJson();
        };
        // A bad body: 400 naming the key, not audited (nothing was asked of a process).
        Reply r = post(path, R"({"action":"kill","reason":"x"})");
        QCOMPARE(r.status, 400);
        QVERIFY(r.errorMessage().startsWith(u"start_time_ms"_s));
        // Another start time: a reused pid.
        r = post(path, body(u"terminate"_s, c.startMs - 5000));
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorCode(), u"pid_reused"_s);
        QCOMPARE(r.json()[u"audit"_s][u"outcome"_s].toString(), u"refused"_s);
        // The agent itself.
        ProcFs procfs;
        const qint64 own = ::getpid();
        r = post(u"/v1/processes/%1/signal"_s.arg(own),
                 body(u"kill"_s, procfs.lookup(own)->startTimeMs));
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorCode(), u"protected"_s);
        // Dry run: would, and it lives.
        r = post(path, body(u"terminate"_s, c.startMs, true));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"outcome"_s].toString(), u"would"_s);
        QVERIFY(c.process.state() == QProcess::Running && !c.process.waitForFinished(200));
        // Renice, for real.
        r = post(path, body(u"renice"_s, c.startMs));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"outcome"_s].toString(), u"done"_s);
        QCOMPARE(r.json()[u"audit"_s][u"by"_s].toString(), u"boss"_s);
        QCOMPARE(r.json()[u"audit"_s][u"mode"_s].toString(), u"manual"_s);
        QCOMPARE(*niceOf(c.pid), 19);
        // A protected user.
        p.tokens.enforcement.protectedUsers = {u"alice"_s};
        m_server->attachPolicy(nullptr, p, {});
        r = post(path, body(u"terminate"_s, c.startMs));
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorCode(), u"protected"_s);
        // No longer on the GPU.
        Snapshot gone = readingOf(c);
        gone.processes.clear();
        m_server->publish(gone);
        r = post(path, body(u"terminate"_s, c.startMs));
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorCode(), u"not_on_gpu"_s);
        QCOMPARE(c.process.state(), QProcess::Running);
        // Every refusal and action in the audit.
        const QJsonArray audit = auditEntries();
        QStringList outcomes;
        for (const QJsonValue& v : audit)
            outcomes << v[u"outcome"_s].toString();
        QCOMPARE(outcomes, (QStringList{u"refused"_s, u"refused"_s, u"would"_s, u"done"_s,
                                        u"refused"_s, u"refused"_s}));
        stop(c);
    }

    void auditInMemoryWithoutJournal()
    {
        m_server = std::make_unique<AgentServer>(agentConfig());
        m_server->attachPolicy(nullptr, policy(u"off"_s), {});
        QString error;
        QVERIFY2(m_server->listen(&error), qPrintable(error));
        const Reply r = post(u"/v1/processes/1/signal"_s,
                             R"({"action":"kill","start_time_ms":1000,"reason":"init"})");
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorCode(), u"protected"_s);
        const QJsonObject page = get(u"/v1/audit?after=0&limit=10"_s).json();
        QCOMPARE(page[u"last_sequence"_s].toInteger(), 1);
        QCOMPARE(page[u"next"_s].toInteger(), 1);
        QCOMPARE(page[u"truncated"_s].toBool(), false);
        const QJsonArray audit = page[u"audit"_s].toArray();
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit[0][u"pid"_s].toInteger(), 1);
        QCOMPARE(audit[0][u"outcome"_s].toString(), u"refused"_s);
        QCOMPARE(audit[0][u"detail"_s].toString(), u"pid 1 is never signalled"_s);
        QVERIFY(audit[0][u"gpu_index"_s].isNull());
        QVERIFY(get(u"/v1/audit?after=1"_s).json()[u"audit"_s].toArray().isEmpty());
        QCOMPARE(get(u"/v1/audit?after=x"_s).status, 400);
    }

    void proposeWaitsForConfirmation()
    {
        Child c;
        QVERIFY(startChild(c, false));
        startServer(policy(u"propose"_s), u"propose.db"_s);
        setBalance(-50);
        feed(c, 1500);
        QVERIFY(auditEntries().isEmpty()); // nothing without an admin
        QJsonObject cand = get(u"/v1/enforcement"_s).json()[u"candidates"_s][0].toObject();
        const QString id = cand[u"id"_s].toString();
        QCOMPARE(cand[u"step"_s].toString(), u"notify"_s);
        QVERIFY(cand[u"awaiting_confirmation"_s].toBool());
        // The wrong step, an unknown id, a read token.
        Reply r = post(u"/v1/enforcement/"_s + id, R"({"decision":"confirm","step":"renice"})");
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorCode(), u"step_not_due"_s);
        r = post(u"/v1/enforcement/nobody/1/2"_s, R"({"decision":"confirm","step":"notify"})");
        QCOMPARE(r.status, 404);
        r = post(u"/v1/enforcement/"_s + id, R"({"decision":"confirm","step":"notify"})",
                 kReadToken);
        QCOMPARE(r.status, 403);
        r = post(u"/v1/enforcement/"_s + id, R"({"decision":"confirm","step":"notify"})");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"outcome"_s].toString(), u"done"_s);
        QCOMPARE(r.json()[u"audit"_s][u"mode"_s].toString(), u"propose"_s);
        feed(c, 1200);
        cand = get(u"/v1/enforcement"_s).json()[u"candidates"_s][0].toObject();
        QCOMPARE(cand[u"step"_s].toString(), u"renice"_s);
        QVERIFY(cand[u"awaiting_confirmation"_s].toBool());
        r = post(u"/v1/enforcement/"_s + id,
                 R"({"decision":"decline","step":"renice","reason":"deadline tonight"})");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"outcome"_s].toString(), u"declined"_s);
        feed(c, 300);
        cand = get(u"/v1/enforcement"_s).json()[u"candidates"_s][0].toObject();
        QVERIFY(cand[u"step"_s].isNull());
        const QJsonArray audit = auditEntries();
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit[1][u"action"_s].toString(), u"decline"_s);
        QCOMPARE(audit[1][u"by"_s].toString(), u"boss"_s);
        QCOMPARE(c.process.state(), QProcess::Running);
        QCOMPARE(*niceOf(c.pid), 0);
        stop(c);
    }
};

QTEST_GUILESS_MAIN(TestAgentEnforce)
#include "tst_agentenforce.moc"
