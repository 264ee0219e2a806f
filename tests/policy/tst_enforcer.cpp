// The enforcer against real child processes and the real /proc: SIGTERM
// arrives, SIGKILL follows a child that ignores SIGTERM, and a request whose
// start time, GPU or owner is wrong leaves the child running. A fake /proc
// tree with an injected signal function covers the rest.

#include "policy/enforcer.h"
#include "sampling/procfs.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr uint kNobody = 65534;
const QString kServer = u"node-1"_s;
const QString kGpu = u"GPU-11111111-2222-3333-4444-555555555555"_s;

// A child running `program args`, as nobody when the test runs as root (the
// enforcer never signals root), started and exec'd.
struct Child
{
    QProcess process;
    qint64 pid = 0;
    qint64 startMs = 0;
};

bool startChild(Child& c, const QString& program, const QStringList& args, bool asRoot = false)
{
    if (::geteuid() == 0 && !asRoot) {
        c.process.setChildProcessModifier([] {
            if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                ::_exit(127);
        });
    }
    c.process.start(program, args);
    if (!c.process.waitForStarted())
        return false;
    c.pid = c.process.processId();
    // Started is not exec'd: wait until the pid is sleep itself (a shell has
    // set its trap by then, and the uid is nobody's).
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

Snapshot readingWith(const Child& c, const QString& gpu = kGpu, const QString& mig = {})
{
    Snapshot s;
    s.server = kServer;
    s.timestampMs = QDateTime::currentMSecsSinceEpoch();
    GpuProcess p;
    p.pid = c.pid;
    p.startTimeMs = c.startMs;
    p.user = u"nobody"_s;
    p.command = u"sleep 60"_s;
    p.gpuUuid = gpu;
    p.migUuid = mig;
    p.usedMemoryMiB = 2048;
    s.processes << p;
    return s;
}

EnforcementRequest requestFor(const Child& c, const QString& gpu = kGpu)
{
    EnforcementRequest r;
    r.eventId = u"idle/node-1/%1/1000"_s.arg(c.pid);
    r.server = kServer;
    r.signal = EnforcementRequest::Signal::Terminate;
    r.pid = c.pid;
    r.processStartMs = c.startMs;
    r.gpuUuid = gpu;
    r.atMs = QDateTime::currentMSecsSinceEpoch();
    return r;
}

PolicyAction actionAt(const QSignalSpy& spy, int i)
{
    return spy.at(i).at(1).value<PolicyAction>();
}

// An event loop may have seen the exit already (QTRY_ runs it).
bool finished(Child& c)
{
    return c.process.state() == QProcess::NotRunning || c.process.waitForFinished(5000);
}

bool stillRunning(Child& c)
{
    // A refusal is immediate; give a stray signal time to land anyway.
    return !c.process.waitForFinished(200) && c.process.state() == QProcess::Running;
}

void stop(Child& c)
{
    if (c.process.state() != QProcess::NotRunning) {
        c.process.kill();
        c.process.waitForFinished();
    }
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

} // namespace

class TestEnforcer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sigtermReachesTheChildAndItsExitIsReported()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        Enforcer::Options o;
        o.killGraceMs = 300;
        Enforcer e(o);
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(readingWith(c));
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        e.enforce(requestFor(c));

        QCOMPARE(spy.count(), 1);
        const PolicyAction term = actionAt(spy, 0);
        QCOMPARE(spy.at(0).at(0).toString(), requestFor(c).eventId);
        QCOMPARE(term.kind, PolicyAction::Kind::Terminate);
        QCOMPARE(term.simulated, false);
        QVERIFY(term.atMs >= before);
        QCOMPARE(term.detail, u"SIGTERM sent to process %1 (sleep, nobody); SIGKILL in 0.3 s if "
                              "it is still running"_s.arg(c.pid));
        QCOMPARE(e.pendingCount(), 1);

        QVERIFY(finished(c));
        QCOMPARE(c.process.exitStatus(), QProcess::CrashExit);
        QCOMPARE(c.process.exitCode(), SIGTERM);

        // After the grace period: exited, so no SIGKILL.
        QTRY_COMPARE(spy.count(), 2);
        const PolicyAction after = actionAt(spy, 1);
        QCOMPARE(after.kind, PolicyAction::Kind::Terminate);
        QCOMPARE(
            after.detail,
            u"process %1 (sleep, nobody) exited within 0.3 s of SIGTERM; no SIGKILL needed"_s.arg(
                c.pid));
        QCOMPARE(e.pendingCount(), 0);
    }

    void sigkillFollowsAChildThatIgnoresSigterm()
    {
        Child c;
        // The ignored disposition survives exec: the pid is sleep itself.
        QVERIFY(startChild(c, u"sh"_s, {u"-c"_s, u"trap \"\" TERM; exec sleep 60"_s}));
        Enforcer::Options o;
        o.killGraceMs = 400;
        Enforcer e(o);
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(readingWith(c));
        QElapsedTimer sent;
        sent.start();
        e.enforce(requestFor(c));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Terminate);
        // SIGTERM arrived and was ignored.
        QVERIFY(stillRunning(c));
        QCOMPARE(spy.count(), 1);

        QTRY_COMPARE(spy.count(), 2);
        QVERIFY2(sent.elapsed() >= 400, qPrintable(QString::number(sent.elapsed())));
        const PolicyAction kill = actionAt(spy, 1);
        QCOMPARE(kill.kind, PolicyAction::Kind::Kill);
        QCOMPARE(kill.simulated, false);
        QCOMPARE(
            kill.detail,
            u"SIGKILL sent to process %1 (sleep, nobody): still running 0.4 s after SIGTERM"_s.arg(
                c.pid));
        QVERIFY(finished(c));
        QCOMPARE(c.process.exitStatus(), QProcess::CrashExit);
        QCOMPARE(c.process.exitCode(), SIGKILL);
        QCOMPARE(e.pendingCount(), 0);
    }

    void aRepeatedTerminateIsIgnoredWhileTheGraceRuns()
    {
        Child c;
        QVERIFY(startChild(c, u"sh"_s, {u"-c"_s, u"trap \"\" TERM; exec sleep 60"_s}));
        Enforcer::Options o;
        o.killGraceMs = 200;
        Enforcer e(o);
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(readingWith(c));
        e.enforce(requestFor(c));
        e.enforce(requestFor(c));
        QCOMPARE(spy.count(), 1);
        QTRY_COMPARE(spy.count(), 2);
        QCOMPARE(actionAt(spy, 1).kind, PolicyAction::Kind::Kill);
        QVERIFY(finished(c));
        QCOMPARE(c.process.exitCode(), SIGKILL);
        QTest::qWait(300); // no second SIGKILL round
        QCOMPARE(spy.count(), 2);
    }

    void aDirectKillRequestSendsSigkill()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(readingWith(c));
        EnforcementRequest r = requestFor(c);
        r.signal = EnforcementRequest::Signal::Kill;
        e.enforce(r);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Kill);
        QCOMPARE(actionAt(spy, 0).detail,
                 u"SIGKILL sent to process %1 (sleep, nobody)"_s.arg(c.pid));
        QVERIFY(finished(c));
        QCOMPARE(c.process.exitCode(), SIGKILL);
        QCOMPARE(e.pendingCount(), 0);
    }

    void aReusedPidIsNeverSignalled()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);
        // The event was about an earlier process with this pid: its start
        // time is 5 s earlier (the reading still lists the pid on the GPU).
        e.setLatest(readingWith(c));
        EnforcementRequest r = requestFor(c);
        r.processStartMs = c.startMs - 5000;
        e.enforce(r);
        QCOMPARE(spy.count(), 1);
        const PolicyAction a = actionAt(spy, 0);
        QCOMPARE(a.kind, PolicyAction::Kind::Refused);
        QCOMPARE(a.simulated, false);
        QVERIFY2(
            a.detail.startsWith(u"pid %1 now belongs to another process (started "_s.arg(c.pid)),
            qPrintable(a.detail));
        QVERIFY(a.detail.endsWith(u": not signalled"_s));
        QVERIFY(stillRunning(c));
        QCOMPARE(e.pendingCount(), 0);

        // Within a second is the same process (btime is whole seconds).
        r.processStartMs = c.startMs + 900;
        e.enforce(r);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(actionAt(spy, 1).kind, PolicyAction::Kind::Terminate);
        QVERIFY(finished(c));
        QCOMPARE(c.process.exitCode(), SIGTERM);
    }

    void inspectSaysWhyNotAndReniceLowersPriority()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);
        // No reading: not on the GPU.
        QCOMPARE(e.inspect(requestFor(c)).outcome, Enforcer::CheckOutcome::NotOnGpu);
        e.setLatest(readingWith(c));
        const Enforcer::CheckResult ok = e.inspect(requestFor(c));
        QCOMPARE(ok.outcome, Enforcer::CheckOutcome::Ok);
        QCOMPARE(ok.who, u"process %1 (sleep, nobody)"_s.arg(c.pid));
        // Another start time: gone (the pid names another process).
        EnforcementRequest reused = requestFor(c);
        reused.processStartMs = c.startMs - 10'000;
        QCOMPARE(e.inspect(reused).outcome, Enforcer::CheckOutcome::Gone);
        QCOMPARE(e.renice(reused).outcome, Enforcer::CheckOutcome::Gone);
        // This process and pid 1: protected.
        EnforcementRequest own = requestFor(c);
        own.pid = ::getpid();
        QCOMPARE(e.inspect(own).outcome, Enforcer::CheckOutcome::Protected);
        own.pid = 1;
        QCOMPARE(e.inspect(own).outcome, Enforcer::CheckOutcome::Protected);
        // Renice: nice 19, the process runs on; nothing reported as a PolicyAction.
        const Enforcer::CheckResult r = e.renice(requestFor(c));
        QCOMPARE(r.outcome, Enforcer::CheckOutcome::Ok);
        QCOMPARE(r.detail, u"process %1 (sleep, nobody) reniced to 19"_s.arg(c.pid));
        QFile stat(u"/proc/%1/stat"_s.arg(c.pid));
        QVERIFY(stat.open(QIODevice::ReadOnly));
        const QByteArray text = stat.readAll();
        QCOMPARE(text.mid(text.lastIndexOf(')') + 2).split(' ').value(16), QByteArray("19"));
        QVERIFY(stillRunning(c));
        QCOMPARE(spy.count(), 0);
        stop(c);
    }

    void aProcessThatNoLongerHoldsTheGpuIsNotSignalled()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);

        // No reading of the server at all.
        e.enforce(requestFor(c));
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 0).detail,
                 u"no reading of node-1 to check that process %1 (sleep) still holds %2: not "
                 "signalled"_s.arg(c.pid)
                     .arg(kGpu));

        // The newest reading has it on another GPU.
        e.setLatest(readingWith(c, u"GPU-other"_s));
        e.enforce(requestFor(c));
        QCOMPARE(actionAt(spy, 1).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 1).detail,
                 u"process %1 (sleep) no longer holds %2: not signalled"_s.arg(c.pid).arg(kGpu));

        // On the GPU, but another MIG instance.
        e.setLatest(readingWith(c, kGpu, u"MIG-aaaa"_s));
        EnforcementRequest r = requestFor(c);
        r.migUuid = u"MIG-bbbb"_s;
        e.enforce(r);
        QCOMPARE(actionAt(spy, 2).detail,
                 u"process %1 (sleep) no longer holds MIG-bbbb: not signalled"_s.arg(c.pid));

        // A reading of the same pid with another start time is another process.
        Snapshot s = readingWith(c);
        s.processes[0].startTimeMs = c.startMs + 10'000;
        e.setLatest(s);
        e.enforce(requestFor(c));
        QCOMPARE(actionAt(spy, 3).detail,
                 u"process %1 (sleep) no longer holds %2: not signalled"_s.arg(c.pid).arg(kGpu));

        QCOMPARE(spy.count(), 4);
        QVERIFY(stillRunning(c));
        stop(c);
    }

    void startTimeUnknownIsRefused()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(readingWith(c));
        EnforcementRequest r = requestFor(c);
        r.processStartMs.reset();
        e.enforce(r);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 0).detail,
                 u"pid %1: start time unknown: not signalled"_s.arg(c.pid));
        QVERIFY(stillRunning(c));
        stop(c);
    }

    void anExitedProcessIsReported()
    {
        Child c;
        QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}));
        const EnforcementRequest r = requestFor(c);
        const Snapshot reading = readingWith(c);
        stop(c); // exited and reaped
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(reading);
        e.enforce(r);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        // Unless the pid was reused at once, which the start time catches.
        const QString detail = actionAt(spy, 0).detail;
        QVERIFY2(detail == u"process %1 has exited: not signalled"_s.arg(r.pid) ||
                     detail.startsWith(u"pid %1 now belongs to another process"_s.arg(r.pid)),
                 qPrintable(detail));
    }

    void rootIsNeverSignalled()
    {
        Child c;
        if (::geteuid() == 0) {
            QVERIFY(startChild(c, u"sleep"_s, {u"60"_s}, true));
        } else {
            QSKIP("needs root to start a child owned by root");
        }
        Enforcer e;
        QSignalSpy spy(&e, &Enforcer::acted);
        e.setLatest(readingWith(c));
        e.enforce(requestFor(c));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 0).detail,
                 u"process %1 (sleep) runs as root: never signalled"_s.arg(c.pid));
        QVERIFY(stillRunning(c));
        stop(c);
    }

    void selfParentAndLowPidsAreNeverSignalled_data()
    {
        QTest::addColumn<qint64>("pid");
        QTest::addColumn<QString>("detail");
        QTest::newRow("init") << qint64(1) << u"pid 1 is never signalled"_s;
        QTest::newRow("zero") << qint64(0) << u"pid 0 is never signalled"_s;
        QTest::newRow("negative (a process group)") << qint64(-5) << u"pid -5 is never signalled"_s;
        QTest::newRow("beyond pid_t")
            << qint64(1) + INT_MAX << u"pid 2147483648 is never signalled"_s;
        QTest::newRow("itself") << qint64(::getpid())
                                << u"pid %1 is GPU Warden's own process: never signalled"_s.arg(
                                       ::getpid());
        QTest::newRow("its parent")
            << qint64(::getppid())
            << u"pid %1 is the parent of GPU Warden's process: never signalled"_s.arg(::getppid());
    }
    void selfParentAndLowPidsAreNeverSignalled()
    {
        QFETCH(qint64, pid);
        QFETCH(QString, detail);
        QList<std::pair<pid_t, int>> sent;
        Enforcer::Options o;
        o.sendSignal = [&](pid_t p, int sig) {
            sent << std::pair(p, sig);
            return 0;
        };
        Enforcer e(o);
        QSignalSpy spy(&e, &Enforcer::acted);
        // Even when the reading lists it on the GPU with its real start time.
        ProcFs procfs;
        const auto info = procfs.lookup(pid);
        Snapshot s;
        s.server = kServer;
        GpuProcess p;
        p.pid = pid;
        p.startTimeMs = info ? info->startTimeMs : 1;
        p.gpuUuid = kGpu;
        s.processes << p;
        e.setLatest(s);
        EnforcementRequest r;
        r.eventId = u"idle/x"_s;
        r.server = kServer;
        r.pid = pid;
        r.processStartMs = p.startTimeMs;
        r.gpuUuid = kGpu;
        e.enforce(r);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(actionAt(spy, 0).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 0).detail, detail);
        QVERIFY(sent.isEmpty());
    }

    // A /proc tree of our own and an injected signal function: the clock,
    // the pid path, a zombie, a failing kill.
    void fakeProcTreeAndInjectedSignals()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString root = dir.path();
        const long tps = sysconf(_SC_CLK_TCK);
        QVERIFY(writeFile(root + u"/stat"_s, "cpu  1 2 3 4\nbtime 1700000000\nprocesses 9\n"));
        const auto stat = [](char state) -> QByteArray {
            return QByteArray("4242 (py thon) ") + state +
                   " 1 4242 4242 0 -1 4194560 100 0 0 0 10 5 0 0 20 0 1 0 12345 1000 100\n";
        };
        QVERIFY(writeFile(root + u"/4242/stat"_s, stat('S')));
        QVERIFY(writeFile(root + u"/4242/status"_s,
                          "Name:\tpy thon\nState:\tS\nUid:\t1000\t1000\t1000\t1000\n"));
        const qint64 start = 1'700'000'000'000 + 12345 * 1000 / tps;

        QList<std::pair<pid_t, int>> sent;
        int failWith = 0;
        Enforcer::Options o;
        o.procRoot = root;
        o.killGraceMs = 100;
        o.clock = [] {
            return qint64(42);
        };
        o.sendSignal = [&](pid_t p, int sig) {
            sent << std::pair(p, sig);
            if (failWith) {
                errno = failWith;
                return -1;
            }
            return 0;
        };
        Enforcer e(o);
        QCOMPARE(e.killGraceMs(), 100);
        QSignalSpy spy(&e, &Enforcer::acted);
        Snapshot s;
        s.server = kServer;
        GpuProcess gp;
        gp.pid = 4242;
        gp.startTimeMs = start;
        gp.user = u"alice"_s;
        gp.gpuUuid = kGpu;
        s.processes << gp;
        e.setLatest(s);
        EnforcementRequest r;
        r.eventId = u"idle/node-1/4242/1"_s;
        r.server = kServer;
        r.pid = 4242;
        r.processStartMs = start;
        r.gpuUuid = kGpu;

        // Still there after the grace period: SIGKILL.
        e.enforce(r);
        QCOMPARE(sent, (QList<std::pair<pid_t, int>>{{4242, SIGTERM}}));
        QCOMPARE(actionAt(spy, 0),
                 (PolicyAction{PolicyAction::Kind::Terminate, 42, false,
                               u"SIGTERM sent to process 4242 (py thon, alice); SIGKILL in 0.1 s "
                               "if it is still running"_s}));
        QTRY_COMPARE(spy.count(), 2);
        QCOMPARE(sent, (QList<std::pair<pid_t, int>>{{4242, SIGTERM}, {4242, SIGKILL}}));
        QCOMPARE(actionAt(spy, 1).kind, PolicyAction::Kind::Kill);

        // A zombie after SIGTERM has exited: no SIGKILL.
        sent.clear();
        e.enforce(r);
        QVERIFY(writeFile(root + u"/4242/stat"_s, stat('Z')));
        QTRY_COMPARE(spy.count(), 4);
        QCOMPARE(sent, (QList<std::pair<pid_t, int>>{{4242, SIGTERM}}));
        QCOMPARE(actionAt(spy, 3).detail,
                 u"process 4242 (py thon, alice) exited within 0.1 s of SIGTERM; no SIGKILL "
                 "needed"_s);

        // A zombie is not signalled at all.
        sent.clear();
        e.enforce(r);
        QCOMPARE(actionAt(spy, 4).detail, u"process 4242 has exited: not signalled"_s);
        QVERIFY(sent.isEmpty());

        // Root by its effective uid only (a setuid program).
        QVERIFY(writeFile(root + u"/4242/stat"_s, stat('S')));
        QVERIFY(writeFile(root + u"/4242/status"_s, "Name:\tx\nUid:\t1000\t0\t0\t0\n"));
        e.enforce(r);
        QCOMPARE(actionAt(spy, 5).detail,
                 u"process 4242 (py thon) runs as root: never signalled"_s);
        QVERIFY(sent.isEmpty());

        // kill() fails.
        QVERIFY(writeFile(root + u"/4242/status"_s, "Name:\tx\nUid:\t1000\t1000\t1000\t1000\n"));
        failWith = EPERM;
        e.enforce(r);
        QCOMPARE(actionAt(spy, 6).kind, PolicyAction::Kind::Refused);
        QCOMPARE(actionAt(spy, 6).detail,
                 u"SIGTERM to process 4242 (py thon, alice) failed: %1"_s.arg(
                     QString::fromLocal8Bit(strerror(EPERM))));
        QCOMPARE(e.pendingCount(), 0);
        failWith = 0;

        // Gone from the tree during the grace period.
        sent.clear();
        e.enforce(r);
        QVERIFY(QDir(root + u"/4242"_s).removeRecursively());
        QCOMPARE(spy.count(), 8);
        QTRY_COMPARE(spy.count(), 9);
        QCOMPARE(actionAt(spy, 8).kind, PolicyAction::Kind::Terminate);
        QVERIFY(actionAt(spy, 8).detail.endsWith(u"no SIGKILL needed"_s));
        QCOMPARE(sent, (QList<std::pair<pid_t, int>>{{4242, SIGTERM}}));

        // Gone before: "has exited".
        e.enforce(r);
        QCOMPARE(actionAt(spy, 9).detail, u"process 4242 has exited: not signalled"_s);
    }

    void destroyingTheEnforcerCancelsThePendingKill()
    {
        Child c;
        QVERIFY(startChild(c, u"sh"_s, {u"-c"_s, u"trap \"\" TERM; exec sleep 60"_s}));
        {
            Enforcer::Options o;
            o.killGraceMs = 100;
            Enforcer e(o);
            e.setLatest(readingWith(c));
            e.enforce(requestFor(c));
            QCOMPARE(e.pendingCount(), 1);
        }
        QTest::qWait(250);
        QVERIFY(stillRunning(c));
        stop(c);
    }
};

QTEST_GUILESS_MAIN(TestEnforcer)
#include "tst_enforcer.moc"
