// Enforcement by token balance on a workload (docs/enforcement.md, "What
// acts on what"): the BalanceEnforcer's schedule against a root process in
// a container owned by alice (a fake /proc tree, a stand-in Engine API
// daemon): notify, renice, then the container stopped through the Engine
// API, "started" and "done" in the audit; a dry run asks nobody. Then a real
// agent over loopback and a real Podman container run as root, labelled for
// alice: the signal route's dry run, a reused start time refused, the real
// stop through Podman's service (the container gone), and host root
// refused.

#include "../owners/ownertests.h"
#include "../owners/podmanbox.h"
#include "agent/agentserver.h"
#include "agent/balanceenforcer.h"
#include "journal/agentjournal.h"
#include "owners/cgroupworkload.h"
#include "policytesthelpers.h"
#include "sampling/procfs.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <unistd.h>

using namespace gw;
using namespace gwtest;
using namespace Qt::StringLiterals;

namespace {

const QString kId = u"561bb04bdcbb0c4b4b4e3b7e7c1f6d0f4b3a1b2c3d4e5f60718293a4b5c6d7e8"_s;
const QString kLabel = u"container job1 (docker 561bb04bdcbb)"_s;

bool writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

QJsonArray auditOf(const BalanceEnforcer& be)
{
    quint64 last = 0;
    QJsonArray out;
    for (const QByteArray& j : be.audit().after(0, 1000, &last))
        out << QJsonDocument::fromJson(j).object();
    return out;
}

PolicyConfig autoPolicy(bool dryRun)
{
    PolicyConfig p;
    p.tokens.enabled = true;
    p.tokens.enforcement.mode = PolicyConfig::Tokens::Enforcement::Mode::Auto;
    p.tokens.enforcement.stepAfterMs = 1000;
    p.tokens.enforcement.killGraceMs = 2000;
    p.tokens.enforcement.dryRun = dryRun;
    return p;
}

} // namespace

class TestAgentEnforceWorkload : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;

    // pid 4242 in a fake /proc: root, in Docker container kId; the reading
    // of it owned by alice through the container's label.
    qint64 fakeProcess(const QString& proc)
    {
        writeFile(proc + u"/stat"_s, "cpu  1 2 3 4\nbtime 1700000000\n");
        writeFile(proc + u"/4242/stat"_s, "4242 (python) S 1 4242 4242 0 -1 4194560 100 0 0 0 10 "
                                          "5 0 0 20 0 1 0 12345 1000 100\n");
        writeFile(proc + u"/4242/status"_s, "Name:\tpython\nUid:\t0\t0\t0\t0\n");
        writeFile(proc + u"/4242/cgroup"_s,
                  "0::/system.slice/docker-" + kId.toLatin1() + ".scope\n");
        return 1'700'000'000'000 + 12345 * 1000 / sysconf(_SC_CLK_TCK);
    }

    static Snapshot containerReading(qint64 ms, qint64 start)
    {
        Snapshot s = reading(ms, 90);
        GpuProcess& p = s.processes[0];
        p.startTimeMs = start;
        p.uid = 0u;
        p.user = u"root"_s;
        Workload w;
        w.kind = WorkloadKind::Docker;
        w.id = kId;
        w.name = u"job1"_s;
        w.cgroupPath = u"/system.slice/docker-%1.scope"_s.arg(kId);
        w.labels.insert(u"gpuwarden.user"_s, u"alice"_s);
        p.workload = w;
        p.owner = ProcessOwner{u"alice"_s, {}, u"label gpuwarden.user of container job1"_s, false};
        return s;
    }

    struct Fixture
    {
        qint64 now = kT;
        QList<int> signals;
        QList<qint64> reniced;
    };

    std::unique_ptr<BalanceEnforcer> fakeEnforcer(Fixture& f, const QString& proc,
                                                  const QString& socket)
    {
        Enforcer::Options o;
        o.procRoot = proc;
        o.sendSignal = [&f](pid_t, int sig) {
            f.signals << sig;
            return 0;
        };
        o.setNice = [&f](pid_t pid, int) {
            f.reniced << qint64(pid);
            return 0;
        };
        o.workloads.dockerSocket = socket;
        o.workloads.scancel.clear();
        auto be = std::make_unique<BalanceEnforcer>([&f] { return f.now; }, o);
        be->setBalanceSource([] {
            BalanceView v;
            v.balances = {{u"alice"_s, -50.0}, {u"root"_s, -50.0}};
            v.valid = true;
            return v;
        });
        return be;
    }

private Q_SLOTS:
    void autoStopsTheContainerOfAnOwnerOverBudget()
    {
        const QString proc = m_dir.filePath(u"proc-auto"_s);
        const qint64 start = fakeProcess(proc);
        const QString socket = m_dir.filePath(u"auto.sock"_s);
        gw::test::FakeEngine daemon(socket);
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        daemon.delayMs = 100; // the daemon answers once the container stopped
        Fixture f;
        auto be = fakeEnforcer(f, proc, socket);
        be->setPolicy(autoPolicy(false));
        for (int step = 0; step < 3; ++step) {
            be->published(containerReading(f.now, start));
            f.now += 1000;
        }
        // notify, renice, and the stop asked; its answer comes later.
        QJsonArray audit = auditOf(*be);
        QCOMPARE(audit.size(), 3);
        QCOMPARE(audit[2][u"action"_s].toString(), u"stop"_s);
        QCOMPARE(audit[2][u"outcome"_s].toString(), u"started"_s);
        QTRY_COMPARE(auditOf(*be).size(), 4);
        audit = auditOf(*be);
        QStringList steps;
        for (const QJsonValue& e : audit)
            steps << e[u"action"_s].toString() + u' ' + e[u"outcome"_s].toString();
        QCOMPARE(steps, (QStringList{u"notify done"_s, u"renice done"_s, u"stop started"_s,
                                     u"stop done"_s}));
        for (const QJsonValue& e : audit) {
            QCOMPARE(e[u"user"_s].toString(), u"alice"_s);
            QCOMPARE(e[u"workload"_s].toString(), kLabel);
            QCOMPARE(e[u"pid"_s].toInteger(), 4242);
        }
        QCOMPARE(audit[2][u"detail"_s].toString(),
                 u"asked to stop %1 through the Engine API at %2: process 4242 (python, alice) "
                 "runs in it"_s.arg(kLabel, socket));
        QCOMPARE(audit[3][u"detail"_s].toString(),
                 u"%1 stopped through the Engine API at %2 (its stop signal, SIGKILL after 2 s): "
                 "process 4242 (python, alice) ran in it"_s.arg(kLabel, socket));
        QCOMPARE(daemon.requests, 1);
        QVERIFY(daemon.lastRequest.startsWith(
            QByteArray("POST /v1.41/containers/" + kId.toLatin1() + "/stop?t=2 ")));
        QCOMPARE(f.reniced, (QList<qint64>{4242}));
        QVERIFY(f.signals.isEmpty()); // the process itself is never signalled
        // The kill step is the stop's own: the process gone, nothing more.
        QVERIFY(QDir(proc + u"/4242"_s).removeRecursively());
        Snapshot after = containerReading(f.now + 5000, start);
        after.processes.clear();
        f.now += 5000;
        be->published(after);
        QCOMPARE(auditOf(*be).size(), 4);
        QCOMPARE(daemon.requests, 1);
    }

    void aDryRunAsksNobody()
    {
        const QString proc = m_dir.filePath(u"proc-dry"_s);
        const qint64 start = fakeProcess(proc);
        const QString socket = m_dir.filePath(u"dry.sock"_s);
        gw::test::FakeEngine daemon(socket);
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        Fixture f;
        auto be = fakeEnforcer(f, proc, socket);
        be->setPolicy(autoPolicy(true));
        for (int step = 0; step < 5; ++step) {
            be->published(containerReading(f.now, start));
            f.now += 2000;
        }
        const QJsonArray audit = auditOf(*be);
        QStringList steps;
        for (const QJsonValue& e : audit)
            steps << e[u"action"_s].toString() + u' ' + e[u"outcome"_s].toString();
        QCOMPARE(steps, (QStringList{u"notify would"_s, u"renice would"_s, u"stop would"_s,
                                     u"stop would"_s}));
        QCOMPARE(audit[2][u"detail"_s].toString(),
                 u"dry run: would stop %1 through the Engine API at %2: process 4242 (python, "
                 "alice) runs in it"_s.arg(kLabel, socket));
        QTest::qWait(100);
        QCOMPARE(daemon.requests, 0);
        QVERIFY(f.reniced.isEmpty());
        QVERIFY(f.signals.isEmpty());
        const QJsonObject state = QJsonDocument::fromJson(be->state().data()).object();
        QCOMPARE(state[u"candidates"_s][0][u"workload"_s].toString(), kLabel);
    }

    // The acceptance on this machine: a real Podman container run
    // as root, labelled for alice, its process listed on a GPU of a real
    // agent; the admin's signal route (../shared/reference/real-components.md).
    void aRealRootContainerIsStoppedThroughPodman()
    {
        if (const QString why = gw::test::PodmanBox::unavailable(); !why.isEmpty())
            QSKIP(qPrintable(why));
        gw::test::PodmanBox podman;
        if (!podman.makeImage())
            QSKIP(qPrintable(u"podman cannot import an image here: "_s + podman.error()));
        const QString name = u"gw-enforce-%1"_s.arg(QCoreApplication::applicationPid());
        const QString id = podman.start(name, {u"gpuwarden.user=alice"_s});
        if (id.isEmpty())
            QSKIP(qPrintable(u"podman cannot run a container here: "_s + podman.error()));
        const qint64 pid = podman.hostPid(name);
        QVERIFY2(pid > 1, qPrintable(podman.error()));
        const QString sock = podman.serve();
        QVERIFY2(!sock.isEmpty(), "Podman's service did not make its socket");

        // The reading, as the sampler and the owner attribution make it:
        // the container's process, root, its workload from its real cgroup,
        // owned by alice through the label.
        ProcFs procfs;
        const auto info = procfs.lookup(pid);
        QVERIFY(info && info->startTimeMs > 0);
        QFile cgroupFile(u"/proc/%1/cgroup"_s.arg(pid));
        QVERIFY(cgroupFile.open(QIODevice::ReadOnly));
        Workload w = owners::readProcCgroup(cgroupFile.readAll()).workload;
        QCOMPARE(w.kind, WorkloadKind::Podman);
        QCOMPARE(w.id, id);
        w.name = name;
        Snapshot s = reading(QDateTime::currentMSecsSinceEpoch(), 50);
        GpuProcess& p = s.processes[0];
        p.pid = pid;
        p.startTimeMs = info->startTimeMs;
        p.uid = 0u;
        p.user = u"root"_s;
        p.command = u"sleep"_s;
        p.workload = w;
        p.owner = ProcessOwner{u"alice"_s, {}, u"label gpuwarden.user"_s, false};

        // Host root beside it: a root child of this test, on the host.
        QProcess hostRoot;
        hostRoot.start(u"sleep"_s, {u"60"_s});
        QVERIFY(hostRoot.waitForStarted());
        auto stopHostRoot = qScopeGuard([&] {
            hostRoot.kill();
            hostRoot.waitForFinished();
        });
        QTRY_VERIFY(procfs.lookup(hostRoot.processId()).has_value());
        GpuProcess host = p;
        host.pid = hostRoot.processId();
        host.startTimeMs = procfs.lookup(host.pid)->startTimeMs;
        host.workload.reset();
        host.owner = ProcessOwner{u"root"_s, {}, u"the process's user"_s, false};
        s.processes << host;

        AgentServer server(agentConfig());
        QString error;
        auto journal = AgentJournal::open(m_dir.filePath(u"podman.db"_s), &error);
        QVERIFY2(journal, qPrintable(error));
        server.attachJournal(std::move(journal));
        PolicyConfig policy;
        policy.tokens.enabled = true;
        policy.tokens.enforcement.killGraceMs = 1000; // busybox sleep as pid 1 ignores SIGTERM
        server.attachPolicy(nullptr, policy, {});
        owners::WorkloadStopper::Options where;
        where.dockerSocket = m_dir.filePath(u"no-docker.sock"_s);
        where.podmanSocket = sock;
        where.scancel.clear();
        server.balanceEnforcer()->setWorkloadOptions(where);
        QVERIFY2(server.listen(&error), qPrintable(error));
        server.publish(s);

        const auto post = [&](qint64 target, const QString& action, qint64 start, bool dry) {
            return call(m_nam, server.port(), u"/v1/processes/%1/signal"_s.arg(target), kAdminToken,
                        "POST",
                        QJsonDocument(QJsonObject{{u"action"_s, action},
                                                  {u"start_time_ms"_s, start},
                                                  {u"reason"_s, u"over budget"_s},
                                                  {u"dry_run"_s, dry}})
                            .toJson());
        };
        const QString label = u"container %1 (podman %2)"_s.arg(name, id.left(12));
        // Dry run first: what would be done, and nothing is.
        Reply r = post(pid, u"terminate"_s, info->startTimeMs, true);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"outcome"_s].toString(), u"would"_s);
        QCOMPARE(r.json()[u"detail"_s].toString(),
                 u"dry run: would stop %1 through the Engine API at %2: process %3 (sleep, alice) "
                 "runs in it"_s.arg(label, sock)
                     .arg(pid));
        QVERIFY(QFile::exists(u"/proc/%1"_s.arg(pid)));
        // The same pid with another start time: refused.
        r = post(pid, u"terminate"_s, info->startTimeMs - 5000, false);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorCode(), u"pid_reused"_s);
        // Host root: never.
        r = post(host.pid, u"terminate"_s, *host.startTimeMs, false);
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorCode(), u"protected"_s);
        QVERIFY(r.errorMessage().endsWith(u"runs as root: never signalled"_s));
        QCOMPARE(hostRoot.state(), QProcess::Running);
        // The stop, for real: accepted, then done, the container stopped.
        QElapsedTimer clock;
        clock.start();
        r = post(pid, u"terminate"_s, info->startTimeMs, false);
        QCOMPARE(r.status, 202);
        QCOMPARE(r.json()[u"outcome"_s].toString(), u"started"_s);
        QCOMPARE(r.json()[u"audit"_s][u"workload"_s].toString(), label);
        QTRY_COMPARE_WITH_TIMEOUT(server.balanceEnforcer()->audit().lastSequence(), quint64(5),
                                  20000);
        qInfo("the real stop took %lld ms", qint64(clock.elapsed()));
        const QJsonArray audit = auditOf(*server.balanceEnforcer());
        QCOMPARE(audit[4][u"action"_s].toString(), u"stop"_s);
        QCOMPARE(audit[4][u"outcome"_s].toString(), u"done"_s);
        QCOMPARE(audit[4][u"user"_s].toString(), u"alice"_s);
        QVERIFY2(audit[4][u"detail"_s].toString().startsWith(label + u" stopped through"_s),
                 qPrintable(audit[4][u"detail"_s].toString()));
        QTRY_VERIFY(!QFile::exists(u"/proc/%1"_s.arg(pid)));
        QByteArray running;
        QVERIFY(podman.run({u"inspect"_s, u"-f"_s, u"{{.State.Running}}"_s, name}, &running));
        QCOMPARE(running, QByteArray("false"));
        QCOMPARE(hostRoot.state(), QProcess::Running);
    }
};

QTEST_GUILESS_MAIN(TestAgentEnforceWorkload)
#include "tst_agentenforceworkload.moc"
