// The enforcer on a workload's own unit (docs/enforcement.md, "What acts on
// what"): a root process in a container owned by alice is stopped through
// the Engine API of a stand-in daemon on a Unix socket, a Slurm job is
// cancelled by a stand-in scancel; the same pid with another start time, a
// process whose cgroup no longer shows the container, root on the host and a
// pod are not acted on. A fake /proc tree gives the process; a real
// one-node Slurm gives a real job of nobody, cancelled by the real scancel
// (../shared/reference/real-components.md).

#include "../owners/ownertests.h"
#include "owners/cgroupworkload.h"
#include "policy/enforcer.h"
#include "sampling/procfs.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kServer = u"node-1"_s;
const QString kGpu = u"GPU-11111111-2222-3333-4444-555555555555"_s;
const QString kId = u"561bb04bdcbb0c4b4b4e3b7e7c1f6d0f4b3a1b2c3d4e5f60718293a4b5c6d7e8"_s;
const QString kOtherId = u"99999999dcbb0c4b4b4e3b7e7c1f6d0f4b3a1b2c3d4e5f60718293a4b5c6d7e8"_s;
constexpr qint64 kPid = 4242;

bool writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

PolicyAction actionAt(const QSignalSpy& spy, int i)
{
    return spy.at(i).at(1).value<PolicyAction>();
}

} // namespace

class TestEnforcerWorkload : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_proc;
    qint64 m_start = 0;
    QString socketPath() const { return m_dir.filePath(u"docker.sock"_s); }

    // pid 4242, "py thon", all uids 0 (root), in `cgroup`.
    void writeProcess(const QByteArray& cgroup, const QByteArray& uids = "0\t0\t0\t0")
    {
        QVERIFY(writeFile(m_proc + u"/4242/stat"_s,
                          "4242 (py thon) S 1 4242 4242 0 -1 4194560 100 0 0 0 10 5 0 0 20 0 1 0 "
                          "12345 1000 100\n"));
        QVERIFY(writeFile(m_proc + u"/4242/status"_s,
                          "Name:\tpy thon\nState:\tS\nUid:\t" + uids + "\n"));
        QVERIFY(writeFile(m_proc + u"/4242/cgroup"_s, cgroup));
    }

    // The newest reading: the process on kGpu, as root, in `workload`
    // (none: on the host) owned by `owner`.
    Snapshot reading(std::optional<Workload> workload, const QString& owner,
                     bool ownerIsWorkload = false) const
    {
        Snapshot s;
        s.server = kServer;
        GpuProcess p;
        p.pid = kPid;
        p.startTimeMs = m_start;
        p.user = u"root"_s;
        p.uid = 0u;
        p.command = u"python train.py"_s;
        p.gpuUuid = kGpu;
        p.usedMemoryMiB = 2048;
        p.workload = std::move(workload);
        if (!owner.isEmpty())
            p.owner = ProcessOwner{owner, {}, u"label gpuwarden.user"_s, ownerIsWorkload};
        s.processes << p;
        return s;
    }

    static Workload container(WorkloadKind kind = WorkloadKind::Docker, const QString& id = kId)
    {
        Workload w;
        w.kind = kind;
        w.id = id;
        w.name = u"job1"_s;
        w.cgroupPath = kind == WorkloadKind::Podman ? u"/machine.slice/libpod-%1.scope"_s.arg(id)
                                                    : u"/system.slice/docker-%1.scope"_s.arg(id);
        return w;
    }

    EnforcementRequest request(const QString& event = u"idle/node-1/4242/1"_s) const
    {
        EnforcementRequest r;
        r.eventId = event;
        r.server = kServer;
        r.pid = kPid;
        r.processStartMs = m_start;
        r.gpuUuid = kGpu;
        return r;
    }

    Enforcer::Options options(QList<int>* sent, const QString& scancel = {})
    {
        Enforcer::Options o;
        o.procRoot = m_proc;
        o.killGraceMs = 3000;
        o.clock = [] {
            return qint64(42);
        };
        o.sendSignal = [sent](pid_t, int sig) {
            *sent << sig;
            return 0;
        };
        o.workloads.dockerSocket = socketPath();
        o.workloads.podmanSocket = m_dir.filePath(u"podman.sock"_s);
        o.workloads.scancel = scancel;
        o.workloads.timeoutMs = 2000;
        return o;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_proc = m_dir.filePath(u"proc"_s);
        QDir(m_proc).removeRecursively();
        QVERIFY(writeFile(m_proc + u"/stat"_s, "cpu  1 2 3 4\nbtime 1700000000\nprocesses 9\n"));
        m_start = 1'700'000'000'000 + 12345 * 1000 / sysconf(_SC_CLK_TCK);
    }

    void aRootProcessInAnOwnedContainerIsStoppedThroughTheEngineApi()
    {
        gw::test::FakeEngine daemon(socketPath());
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        writeProcess("0::/system.slice/docker-" + kId.toLatin1() + ".scope\n");
        QList<int> sent;
        Enforcer e(options(&sent));
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading(container(), u"alice"_s));

        const Enforcer::CheckResult c = e.inspect(request());
        QCOMPARE(int(c.outcome), int(Enforcer::CheckOutcome::Ok));
        QCOMPARE(int(c.unit), int(owners::StopUnit::Container));
        QCOMPARE(c.workload, u"container job1 (docker 561bb04bdcbb)"_s);
        QCOMPARE(e.wouldStop(c), u"stop container job1 (docker 561bb04bdcbb) through the Engine "
                                 "API at "_s +
                                     socketPath());
        QCOMPARE(daemon.requests, 0); // inspecting asks nobody

        e.enforce(request());
        QCOMPARE(spy.count(), 0); // the runtime answers later
        QCOMPARE(e.stoppingCount(), 1);
        // A second event on the same container waits for the same stop.
        e.enforce(request(u"hog/node-1/4242/1"_s));
        QTRY_COMPARE(spy.count(), 2);
        QCOMPARE(daemon.requests, 1);
        QVERIFY2(daemon.lastRequest.startsWith(QByteArray(
                     "POST /v1.41/containers/" + kId.toLatin1() + "/stop?t=3 HTTP/1.1\r\n")),
                 daemon.lastRequest.constData());
        const QString detail = u"container job1 (docker 561bb04bdcbb) stopped through the Engine "
                               "API at %1 (its stop signal, SIGKILL after 3 s): process 4242 "
                               "(py thon, alice) ran in it"_s.arg(socketPath());
        QCOMPARE(spy.at(0).at(0).toString(), u"idle/node-1/4242/1"_s);
        QCOMPARE(actionAt(spy, 0),
                 (PolicyAction{PolicyAction::Kind::Terminate, 42, false, detail}));
        QCOMPARE(spy.at(1).at(0).toString(), u"hog/node-1/4242/1"_s);
        QCOMPARE(actionAt(spy, 1).detail, detail);
        QCOMPARE(e.stoppingCount(), 0);
        QVERIFY(sent.isEmpty()); // no signal to the process itself

        // A direct Kill: the stop without grace.
        auto kill = request();
        kill.signal = EnforcementRequest::Signal::Kill;
        e.enforce(kill);
        QTRY_COMPARE(spy.count(), 3);
        QCOMPARE(actionAt(spy, 2).kind, PolicyAction::Kind::Kill);
        QVERIFY(daemon.lastRequest.startsWith(
            QByteArray("POST /v1.41/containers/" + kId.toLatin1() + "/stop?t=0 ")));
    }

    void theSamePidWithAnotherStartTimeIsNotStopped()
    {
        gw::test::FakeEngine daemon(socketPath());
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        writeProcess("0::/system.slice/docker-" + kId.toLatin1() + ".scope\n");
        QList<int> sent;
        Enforcer e(options(&sent));
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading(container(), u"alice"_s));
        auto r = request();
        r.processStartMs = m_start - 5000;
        e.enforce(r);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QVERIFY2(actionAt(spy, 0).detail.startsWith(u"pid 4242 now belongs to another process"_s),
                 qPrintable(actionAt(spy, 0).detail));
        QCOMPARE(int(e.inspect(r).outcome), int(Enforcer::CheckOutcome::Gone));
        QTest::qWait(100);
        QCOMPARE(daemon.requests, 0);
        QCOMPARE(e.stoppingCount(), 0);
    }

    void aProcessNoLongerInThatContainerIsNotStopped()
    {
        gw::test::FakeEngine daemon(socketPath());
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        writeProcess("0::/system.slice/docker-" + kOtherId.toLatin1() + ".scope\n");
        QList<int> sent;
        Enforcer e(options(&sent));
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading(container(), u"alice"_s));
        e.enforce(request());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QCOMPARE(
            actionAt(spy, 0).detail,
            u"process 4242 (py thon, alice) no longer runs in container job1 (docker "
            "561bb04bdcbb) (its cgroup shows /system.slice/docker-%1.scope): not stopped"_s.arg(
                kOtherId));
        // Its cgroup unreadable: none.
        QVERIFY(QFile::remove(m_proc + u"/4242/cgroup"_s));
        e.enforce(request());
        QVERIFY(actionAt(spy, 1).detail.endsWith(u"(its cgroup shows none): not stopped"_s));
        QTest::qWait(100);
        QCOMPARE(daemon.requests, 0);
        QVERIFY(sent.isEmpty());
    }

    void rootOnTheHostStaysProtected()
    {
        gw::test::FakeEngine daemon(socketPath());
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        writeProcess("0::/\n");
        QList<int> sent;
        Enforcer e(options(&sent));
        QSignalSpy spy(&e, &Enforcer::acted);
        // No workload, owner root.
        e.setLatest(reading(std::nullopt, u"root"_s));
        e.enforce(request());
        QCOMPARE(actionAt(spy, 0).detail,
                 u"process 4242 (py thon) runs as root: never signalled"_s);
        QCOMPARE(int(e.inspect(request()).outcome), int(Enforcer::CheckOutcome::Protected));
        // A container whose rules name root is root's: protected too.
        writeProcess("0::/system.slice/docker-" + kId.toLatin1() + ".scope\n");
        e.setLatest(reading(container(), u"root"_s));
        e.enforce(request());
        QCOMPARE(actionAt(spy, 1).detail,
                 u"process 4242 (py thon) runs as root: never signalled"_s);
        // The reading says the container, the process is not listed on the
        // GPU asked: protected, never stopped.
        auto other = request();
        other.gpuUuid = u"GPU-other"_s;
        e.setLatest(reading(container(), u"alice"_s));
        e.enforce(other);
        QCOMPARE(actionAt(spy, 2).detail,
                 u"process 4242 (py thon) runs as root: never signalled"_s);
        QCOMPARE(e.renice(other).outcome, Enforcer::CheckOutcome::Protected);
        QTest::qWait(100);
        QCOMPARE(daemon.requests, 0);
        QVERIFY(sent.isEmpty());
    }

    // GPU Warden's own container is never stopped: from inside it, the
    // process is the unit (root in it protected, as on the host).
    void gpuWardensOwnContainerIsNeverStopped()
    {
        gw::test::FakeEngine daemon(socketPath());
        daemon.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        const QByteArray cgroup = "0::/system.slice/docker-" + kId.toLatin1() + ".scope\n";
        writeProcess(cgroup);
        QVERIFY(writeFile(m_proc + u"/77/cgroup"_s, cgroup));
        QList<int> sent;
        auto o = options(&sent);
        o.ownPid = 77;
        Enforcer e(o);
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading(container(), u"alice"_s));
        QCOMPARE(int(e.inspect(request()).unit), int(owners::StopUnit::Process));
        e.enforce(request());
        QCOMPARE(actionAt(spy, 0).detail,
                 u"process 4242 (py thon) runs as root: never signalled"_s);
        // Not root: signalled, as any process.
        writeProcess(cgroup, "1000\t1000\t1000\t1000");
        e.enforce(request());
        QCOMPARE(actionAt(spy, 1).kind, PolicyAction::Kind::Terminate);
        QVERIFY2(actionAt(spy, 1).detail.startsWith(u"SIGTERM sent to process 4242"_s),
                 qPrintable(actionAt(spy, 1).detail));
        QCOMPARE(sent, (QList<int>{SIGTERM}));
        QTest::qWait(100);
        QCOMPARE(daemon.requests, 0);
    }

    void aFailedOrUnknownStopIsRefusedWithTheDaemonsWords()
    {
        gw::test::FakeEngine podman(m_dir.filePath(u"podman.sock"_s));
        podman.reply = "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 27\r\n\r\n"
                       "{\"message\":\"storage full\"}\n";
        writeProcess("0::/machine.slice/libpod-" + kId.toLatin1() + ".scope\n");
        QList<int> sent;
        Enforcer e(options(&sent));
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading(container(WorkloadKind::Podman), u"container:job1"_s, true));
        e.enforce(request());
        QTRY_COMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 0).detail,
                 u"stopping container job1 (podman 561bb04bdcbb) through the Engine API at %1 "
                 "failed: %1: HTTP 500: storage full"_s.arg(m_dir.filePath(u"podman.sock"_s)));
        podman.reply = "HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}";
        e.enforce(request());
        QTRY_COMPARE(spy.count(), 2);
        QCOMPARE(actionAt(spy, 1).kind, PolicyAction::Kind::Refused);
        QVERIFY2(actionAt(spy, 1).detail.endsWith(u"(no such container): not stopped"_s),
                 qPrintable(actionAt(spy, 1).detail));
        podman.reply = "HTTP/1.1 304 Not Modified\r\n\r\n";
        e.enforce(request());
        QTRY_COMPARE(spy.count(), 3);
        QCOMPARE(actionAt(spy, 2).kind, PolicyAction::Kind::Terminate);
        QVERIFY(actionAt(spy, 2).detail.contains(u" was already stopped "_s));
        QVERIFY(sent.isEmpty());
    }

    void aSlurmJobIsCancelledWithScancel()
    {
        const QString scancel = m_dir.filePath(u"scancel"_s);
        const QString log = m_dir.filePath(u"scancel.log"_s);
        QFile::remove(log);
        QVERIFY(writeFile(scancel, "#!/bin/sh\necho \"$@\" >> " + log.toLocal8Bit() + "\n"));
        QVERIFY(QFile::setPermissions(scancel, QFile::ReadOwner | QFile::ExeOwner));
        writeProcess("4:freezer:/slurm/uid_1001/job_57/step_0\n0::/\n", "1001\t1001\t1001\t1001");
        QList<int> sent;
        Enforcer e(options(&sent, scancel));
        QSignalSpy spy(&e, &Enforcer::acted);
        Workload job;
        job.kind = WorkloadKind::Slurm;
        job.id = u"57"_s;
        job.step = u"0"_s;
        job.uid = 1001u;
        job.cgroupPath = u"/slurm/uid_1001/job_57/step_0"_s;
        Snapshot s = reading(job, u"bob"_s);
        s.processes[0].user = u"bob"_s;
        s.processes[0].uid = 1001u;
        e.setLatest(s);
        e.enforce(request());
        QTRY_COMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Terminate);
        QCOMPARE(actionAt(spy, 0).detail,
                 u"Slurm job 57 cancelled with %1: process 4242 (py thon, bob) ran in it"_s.arg(
                     scancel));
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("57\n"));
        QVERIFY(sent.isEmpty());
    }

    void aRealSlurmJobIsCancelledWithScancel()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to start Slurm");
        for (const char* p : {"slurmctld", "slurmd", "sbatch", "scancel", "scontrol", "munged"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(p)).isEmpty() &&
                !QFile::exists(u"/usr/sbin/"_s + QString::fromLatin1(p)))
                QSKIP("needs slurmctld, slurmd, slurm-client and munge (.ci/install-deps.sh)");
        QTemporaryDir work;
        // nobody's sbatch reads slurm.conf there.
        QVERIFY(QFile::setPermissions(work.path(), QFile::ReadOwner | QFile::WriteOwner |
                                                       QFile::ExeOwner | QFile::ReadOther |
                                                       QFile::ExeOther));
        const QString script = QStringLiteral(GW_TEST_SOURCE_DIR "/../owners/slurm-one-node.sh");
        // Ports of its own: other suites may run a Slurm beside it.
        const int base = 17000 + int(QCoreApplication::applicationPid() % 400) * 2;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"GW_SLURMCTLD_PORT"_s, QString::number(base));
        env.insert(u"GW_SLURMD_PORT"_s, QString::number(base + 1));
        const QString conf = work.filePath(u"slurm.conf"_s);
        env.insert(u"SLURM_CONF"_s, conf);
        const auto run = [&](const QString& program, const QStringList& args, QByteArray* out,
                             int ms = 20000) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(program, args);
            const bool ended = p.waitForFinished(ms);
            const bool ok = ended && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
            if (out) // its answer; what it said on stderr when it failed
                *out = ok ? p.readAllStandardOutput().trimmed()
                          : p.readAllStandardOutput() + p.readAllStandardError().trimmed();
            return ok;
        };
        QByteArray said;
        auto stopSlurm = qScopeGuard([&] {
            run(u"sh"_s, {script, u"stop"_s, work.path()}, nullptr, 30000);
        });
        if (!run(u"sh"_s, {script, u"start"_s, work.path()}, &said, 60000))
            QSKIP(qPrintable(u"Slurm does not start here: "_s +
                             QString::fromLocal8Bit(said.right(300))));
        // A job of nobody's.
        QByteArray job;
        QVERIFY2(run(u"su"_s,
                     {u"-s"_s, u"/bin/sh"_s, u"nobody"_s, u"-c"_s,
                      u"SLURM_CONF=%1 sbatch --parsable --chdir=/tmp --output=/dev/null "
                      "--wrap 'sleep 120'"_s.arg(conf)},
                     &job),
                 job.constData());
        QByteArray state;
        QElapsedTimer clock;
        clock.start();
        do {
            run(u"scontrol"_s, {u"show"_s, u"job"_s, u"-o"_s, QString::fromLatin1(job)}, &state);
            if (!state.contains("JobState=RUNNING"))
                QTest::qWait(200);
        } while (!state.contains("JobState=RUNNING") && clock.elapsed() < 30000);
        QVERIFY2(state.contains("JobState=RUNNING"), state.constData());
        // Its sleep, as listpids and /proc show it.
        qint64 pid = 0;
        clock.restart();
        while (!pid && clock.elapsed() < 10000) {
            QByteArray pids;
            run(u"scontrol"_s, {u"listpids"_s, QString::fromLatin1(job)}, &pids);
            for (const QByteArray& line : pids.split('\n')) {
                const qint64 candidate = line.split(' ').value(0).toLongLong();
                QFile comm(u"/proc/%1/comm"_s.arg(candidate));
                if (candidate > 1 && comm.open(QIODevice::ReadOnly) && comm.readAll() == "sleep\n")
                    pid = candidate;
            }
            if (!pid)
                QTest::qWait(100);
        }
        QVERIFY2(pid > 1, "no sleep of the job in scontrol listpids");
        QFile cgroup(u"/proc/%1/cgroup"_s.arg(pid));
        QVERIFY(cgroup.open(QIODevice::ReadOnly));
        const Workload w = owners::readProcCgroup(cgroup.readAll()).workload;
        QCOMPARE(w.kind, WorkloadKind::Slurm);
        QCOMPARE(w.id, QString::fromLatin1(job));
        ProcFs procfs;
        const auto info = procfs.lookup(pid);
        QVERIFY(info && info->startTimeMs > 0);
        Snapshot s;
        s.server = kServer;
        GpuProcess p;
        p.pid = pid;
        p.startTimeMs = info->startTimeMs;
        p.user = u"nobody"_s;
        p.uid = 65534u;
        p.command = u"sleep"_s;
        p.gpuUuid = kGpu;
        p.workload = w;
        p.owner = ProcessOwner{u"nobody"_s, {}, u"Slurm job %1"_s.arg(w.id), false};
        s.processes << p;

        Enforcer::Options o;
        o.workloads.scancel = u"scancel"_s;
        o.workloads.timeoutMs = 10000;
        const QByteArray oldConf = qgetenv("SLURM_CONF");
        qputenv("SLURM_CONF", conf.toLocal8Bit()); // scancel inherits it
        auto restore = qScopeGuard([&] {
            if (oldConf.isEmpty())
                qunsetenv("SLURM_CONF");
            else
                qputenv("SLURM_CONF", oldConf);
        });
        Enforcer e(o);
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(s);
        auto r = request();
        r.pid = pid;
        r.processStartMs = info->startTimeMs;
        e.enforce(r);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 15000);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Terminate);
        QCOMPARE(
            actionAt(spy, 0).detail,
            u"Slurm job %1 cancelled with scancel: process %2 (sleep, nobody) ran in it"_s.arg(w.id)
                .arg(pid));
        QTRY_VERIFY_WITH_TIMEOUT(
            !procfs.lookup(pid) || procfs.lookup(pid)->startTimeMs != info->startTimeMs, 10000);
        // Slurm shows COMPLETING while its steps end, then CANCELLED.
        QTRY_VERIFY2_WITH_TIMEOUT(
            (run(u"scontrol"_s, {u"show"_s, u"job"_s, u"-o"_s, QString::fromLatin1(job)}, &state),
             state.contains("JobState=CANCELLED")),
            state.constData(), 15000);
    }

    void aPodIsNotifiedOnly()
    {
        Workload pod;
        pod.kind = WorkloadKind::Kubernetes;
        pod.id = kId;
        pod.podUid = u"0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"_s;
        pod.runtime = u"containerd"_s;
        pod.name = u"train-0"_s;
        pod.namespaceName = u"vision"_s;
        pod.cgroupPath = u"/kubepods/pod0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/"_s + kId;
        writeProcess("0::" + pod.cgroupPath.toLatin1() + "\n");
        QList<int> sent;
        Enforcer e(options(&sent));
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading(pod, u"pod:vision/train-0"_s, true));
        const Enforcer::CheckResult c = e.inspect(request());
        QCOMPARE(int(c.outcome), int(Enforcer::CheckOutcome::Ok)); // notify passes
        QCOMPARE(int(c.unit), int(owners::StopUnit::PodNotify));
        e.enforce(request());
        QCOMPARE(spy.count(), 1);
        const QString why = u"process 4242 (py thon, pod:vision/train-0) runs in pod "
                            "vision/train-0: a pod is only notified, never signalled or stopped "
                            "by GPU Warden"_s;
        QCOMPARE(actionAt(spy, 0), (PolicyAction{PolicyAction::Kind::Refused, 42, false, why}));
        const Enforcer::CheckResult renice = e.renice(request());
        QCOMPARE(int(renice.outcome), int(Enforcer::CheckOutcome::Protected));
        QCOMPARE(renice.detail, why);
        QVERIFY(sent.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEnforcerWorkload)
#include "tst_enforcerworkload.moc"
