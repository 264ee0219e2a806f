// Enforcement's units (docs/enforcement.md, "What acts on what"): which unit
// a process is acted on through, `scancel` against a stand-in program (exit
// 0, exit 1 with its stderr, one that hangs past the timeout, one that is
// not there), and the stopper handing a container to its runtime's socket
// and a job to scancel.
#include "owners/workloadstop.h"
#include "ownertests.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(gw::GpuProcess)

using namespace gw;
using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

const QString kId = u"561bb04bdcbb0c4b4b4e3b7e7c1f6d0f4b3a1b2c3d4e5f60718293a4b5c6d7e8"_s;

GpuProcess processIn(WorkloadKind kind, const QString& user, bool ownerIsWorkload = false,
                     const QString& cgroupPath = {})
{
    GpuProcess p;
    p.pid = 4242;
    p.user = u"root"_s;
    Workload w;
    w.kind = kind;
    w.id = kind == WorkloadKind::Slurm ? u"57"_s : kId;
    w.cgroupPath = cgroupPath;
    p.workload = w;
    ProcessOwner o;
    o.user = user;
    o.isWorkload = ownerIsWorkload;
    p.owner = o;
    return p;
}

StopResult wait(const std::function<void(SlurmCanceller::Done)>& start)
{
    std::optional<StopResult> out;
    start([&out](StopResult r) { out = std::move(r); });
    QElapsedTimer clock;
    clock.start();
    while (!out && clock.elapsed() < 20000)
        QTest::qWait(10);
    return out.value_or(StopResult{StopResult::Status::Failed, u"the test: no answer in 20 s"_s});
}

} // namespace

class TestWorkloadStop : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // A stand-in scancel: a shell script that logs its arguments.
    QString script(const QString& name, const QByteArray& body)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write("#!/bin/sh\necho \"$@\" >> " + m_dir.filePath(u"calls"_s).toLocal8Bit() + "\n" +
                body);
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }
    QByteArray calls()
    {
        QFile f(m_dir.filePath(u"calls"_s));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private Q_SLOTS:
    void init() { QFile::remove(m_dir.filePath(u"calls"_s)); }

    void theUnitIsTheWorkloadUnlessItIsHostRoot_data()
    {
        QTest::addColumn<GpuProcess>("process");
        QTest::addColumn<int>("unit");
        QTest::newRow("root in a Docker container owned by alice")
            << processIn(WorkloadKind::Docker, u"alice"_s) << int(StopUnit::Container);
        QTest::newRow("root in a rootful Podman container owned by itself")
            << processIn(WorkloadKind::Podman, u"container:job1"_s, true,
                         u"/machine.slice/libpod-%1.scope"_s.arg(kId))
            << int(StopUnit::Container);
        QTest::newRow("a rootless Podman container: its user's own")
            << processIn(WorkloadKind::Podman, u"alice"_s, false,
                         u"/user.slice/user-1000.slice/user@1000.service/user.slice/"
                         "libpod-%1.scope"_s.arg(kId))
            << int(StopUnit::Process);
        QTest::newRow("a Slurm job of bob")
            << processIn(WorkloadKind::Slurm, u"bob"_s) << int(StopUnit::SlurmJob);
        GpuProcess rootJob = processIn(WorkloadKind::Slurm, u"root"_s);
        QTest::newRow("a Slurm job of root") << rootJob << int(StopUnit::Process);
        GpuProcess uid0Job = processIn(WorkloadKind::Slurm, u"bob"_s);
        uid0Job.workload->uid = 0u;
        QTest::newRow("a Slurm job in uid_0") << uid0Job << int(StopUnit::Process);
        QTest::newRow("a pod") << processIn(WorkloadKind::Kubernetes, u"pod:vision/train-0"_s, true)
                               << int(StopUnit::PodNotify);
        QTest::newRow("a container whose rules name root")
            << processIn(WorkloadKind::Docker, u"root"_s) << int(StopUnit::Process);
        QTest::newRow("LXC") << processIn(WorkloadKind::Lxc, u"alice"_s) << int(StopUnit::Process);
        QTest::newRow("a session")
            << processIn(WorkloadKind::Session, u"alice"_s) << int(StopUnit::Process);
        GpuProcess noOwner = processIn(WorkloadKind::Docker, u"alice"_s);
        noOwner.owner.reset();
        QTest::newRow("no owner known") << noOwner << int(StopUnit::Process);
        GpuProcess noId = processIn(WorkloadKind::Docker, u"alice"_s);
        noId.workload->id.clear();
        QTest::newRow("no id") << noId << int(StopUnit::Process);
        GpuProcess host;
        host.pid = 1;
        host.user = u"root"_s;
        QTest::newRow("host root") << host << int(StopUnit::Process);
    }

    void theUnitIsTheWorkloadUnlessItIsHostRoot()
    {
        QFETCH(GpuProcess, process);
        QFETCH(int, unit);
        QCOMPARE(int(stopUnitOf(process)), unit);
    }

    void scancelExitZeroIsStopped()
    {
        SlurmCanceller c(script(u"scancel-ok"_s, "exit 0\n"));
        const StopResult r = wait([&](auto done) { c.cancel(u"57"_s, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Stopped));
        QCOMPARE(r.error, QString());
        QCOMPARE(calls(), QByteArray("57\n"));
    }

    void scancelFailingSaysItsStderr()
    {
        const QString program = script(
            u"scancel-denied"_s,
            "echo 'scancel: error: Kill job error on job id 57: Access/permission denied' >&2\n"
            "exit 1\n");
        SlurmCanceller c(program);
        StopResult r = wait([&](auto done) { c.cancel(u"57"_s, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Failed));
        QCOMPARE(r.error, program + u" 57 exited with 1: scancel: error: Kill job error on job id "
                                    "57: Access/permission denied"_s);
        SlurmCanceller gone(script(
            u"scancel-gone"_s,
            "echo 'scancel: error: Kill job error on job id 58: Invalid job id specified' >&2\n"
            "exit 1\n"));
        r = wait([&](auto done) { gone.cancel(u"58"_s, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Gone));
        SlurmCanceller silent(script(u"scancel-silent"_s, "exit 3\n"));
        r = wait([&](auto done) { silent.cancel(u"59"_s, done); });
        QCOMPARE(r.error,
                 m_dir.filePath(u"scancel-silent"_s) + u" 59 exited with 3, saying nothing"_s);
    }

    void aHangingScancelIsKilledAtItsTimeout()
    {
        const QString program = script(u"scancel-hangs"_s, "exec sleep 30\n");
        SlurmCanceller c(program);
        c.setTimeoutMs(300);
        QElapsedTimer clock;
        clock.start();
        const StopResult r = wait([&](auto done) { c.cancel(u"57"_s, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Failed));
        QCOMPARE(r.error, program + u" 57 did not end within 300 ms"_s);
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    }

    void aMissingScancelIsAnErrorAndNeverSynchronous()
    {
        SlurmCanceller c(m_dir.filePath(u"no-scancel"_s));
        bool called = false;
        std::optional<StopResult> out;
        c.cancel(u"57"_s, [&](StopResult r) {
            called = true;
            out = r;
        });
        QVERIFY(!called); // from the event loop, never within cancel()
        QTRY_VERIFY(out.has_value());
        QCOMPARE(int(out->status), int(StopResult::Status::Failed));
        QVERIFY2(out->error.startsWith(m_dir.filePath(u"no-scancel"_s) + u": "_s),
                 qPrintable(out->error));
    }

    void theStopperAsksEachWorkloadsRuntime()
    {
        gw::test::FakeEngine docker(m_dir.filePath(u"docker.sock"_s));
        docker.reply = "HTTP/1.1 204 No Content\r\n\r\n";
        gw::test::FakeEngine podman(m_dir.filePath(u"podman.sock"_s));
        podman.reply = "HTTP/1.1 304 Not Modified\r\n\r\n";
        WorkloadStopper::Options o;
        o.dockerSocket = m_dir.filePath(u"docker.sock"_s);
        o.podmanSocket = m_dir.filePath(u"podman.sock"_s);
        o.scancel = script(u"scancel-ok"_s, "exit 0\n");
        WorkloadStopper stopper(o);
        const Workload docked = *processIn(WorkloadKind::Docker, u"alice"_s).workload;
        StopResult r = wait([&](auto done) { stopper.stop(docked, 30, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Stopped));
        QCOMPARE(stopper.means(docked), u"the Engine API at "_s + o.dockerSocket);
        QVERIFY(docker.lastRequest.startsWith(
            QByteArray("POST /v1.41/containers/" + kId.toLatin1() + "/stop?t=30 ")));
        QCOMPARE(podman.requests, 0);
        r = wait([&](auto done) {
            stopper.stop(*processIn(WorkloadKind::Podman, u"alice"_s).workload, 5, done);
        });
        QCOMPARE(int(r.status), int(StopResult::Status::AlreadyStopped));
        QCOMPARE(podman.requests, 1);
        const Workload job = *processIn(WorkloadKind::Slurm, u"bob"_s).workload;
        r = wait([&](auto done) { stopper.stop(job, 5, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Stopped));
        QCOMPARE(stopper.means(job), o.scancel);
        QCOMPARE(calls(), QByteArray("57\n"));
        Workload lxc;
        lxc.kind = WorkloadKind::Lxc;
        lxc.id = u"web"_s;
        QCOMPARE(stopper.means(lxc), QString());
        r = wait([&](auto done) { stopper.stop(lxc, 5, done); });
        QCOMPARE(int(r.status), int(StopResult::Status::Failed));
        QCOMPARE(r.error,
                 u"LXC container web is not stopped by GPU Warden (docs/enforcement.md)"_s);
        QCOMPARE(docker.requests, 1);
    }
};

QTEST_GUILESS_MAIN(TestWorkloadStop)
#include "tst_workloadstop.moc"
