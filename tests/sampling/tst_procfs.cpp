#include "faketree.h"
#include "sampling/procfs.h"
#include "util/textparse.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace gw;
using namespace Qt::StringLiterals;
using gw::test::writeFile;

namespace {

QByteArray statLine(qint64 pid, const QByteArray& comm, quint64 startTicks)
{
    // Field 22 is starttime; the fields between are plausible filler.
    return QByteArray::number(pid) + " (" + comm + ") S 1 " + QByteArray::number(pid) + ' ' +
           QByteArray::number(pid) + " 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 " +
           QByteArray::number(startTicks) + " 12345 67 18446744073709551615\n";
}

QByteArray statusWithUid(uint uid)
{
    const QByteArray u = QByteArray::number(uid);
    return "Name:\tpython3\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t1\nPid:\t1\n"
           "Uid:\t" +
           u + "\t0\t0\t0\nGid:\t100\t100\t100\t100\nVmRSS:\t    1996 kB\n";
}

} // namespace

class TestProcFs : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString proc() const { return m_dir.path() + QStringLiteral("/proc"); }

    void addProcess(qint64 pid, const QByteArray& comm, quint64 startTicks, uint uid,
                    const QByteArray& cmdline)
    {
        const QString dir = QString::number(pid) + QLatin1Char('/');
        QVERIFY(writeFile(proc(), dir + QStringLiteral("stat"), statLine(pid, comm, startTicks)));
        QVERIFY(writeFile(proc(), dir + QStringLiteral("status"), statusWithUid(uid)));
        QVERIFY(writeFile(proc(), dir + QStringLiteral("cmdline"), cmdline));
    }

    static void resolveTestUsers(ProcFs& fs)
    {
        fs.setUserResolver([](uint uid) {
            return uid == 1000   ? QStringLiteral("alice")
                   : uid == 2000 ? QStringLiteral("bob")
                                 : QString::number(uid);
        });
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(proc()).removeRecursively();
        QVERIFY(writeFile(
            proc(), QStringLiteral("stat"),
            "cpu  1 2 3 4 5 6 7 8 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\nbtime 1700000000\n"));
    }

    void numbersAreStrict()
    {
        // ProcFs and the samplers rely on these never turning junk into 0.
        QCOMPARE(parseU64(" 42\n"), std::optional<quint64>(42));
        QCOMPARE(parseI64("-1"), std::optional<qint64>(-1));
        QVERIFY(!parseI64("+-5").has_value());
        QVERIFY(!parseU64("-1").has_value());
        QVERIFY(!parseU64("12abc").has_value());
        QVERIFY(!parseU64("").has_value());
        QVERIFY(!parseDouble("+-1.5").has_value());
        QVERIFY(!parseDouble("nan").has_value());
        QCOMPARE(parseDouble("631.95"), std::optional<double>(631.95));
    }

    void startTicksAreCountedFromTheLastParenthesis()
    {
        QCOMPARE(parseProcStatStartTicks(statLine(7, "my (odd) prog) x", 4242)),
                 std::optional<quint64>(4242));
        QCOMPARE(parseProcStatStartTicks(statLine(7, "two words", 99)), std::optional<quint64>(99));
        QVERIFY(!parseProcStatStartTicks("7 (truncated) S 1 2 3").has_value());
        QVERIFY(!parseProcStatStartTicks("no parenthesis at all").has_value());
    }

    void commWithSpacesAndParenthesisBecomesBracketedCommandWhenCmdlineIsEmpty()
    {
        addProcess(77, "kworker/0:1 (evil) name", 500, 0, QByteArray());
        ProcFs fs(proc());
        resolveTestUsers(fs);
        const auto info = fs.lookup(77);
        QVERIFY(info.has_value());
        QCOMPARE(info->command, QStringLiteral("[kworker/0:1 (evil) name]"));
    }

    // A script given on the command line (`python3 -c "…"`, as recorded on
    // a real H200 host) keeps its newlines in /proc/PID/cmdline: the command
    // is still one line in every table, CSV and log.
    void controlCharactersInAnArgumentBecomeSpaces()
    {
        addProcess(101, "python3", 4321, 1000,
                   QByteArray("python3\0-c\0\nimport torch\n\tb = a @ a\r\n\0", 38));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        const auto info = fs.lookup(101);
        QVERIFY(info.has_value());
        QCOMPARE(info->command, QStringLiteral("python3 -c  import torch  b = a @ a  "));
    }

    void startTimeIsBootTimePlusTicks()
    {
        addProcess(100, "python3", 4321, 1000, QByteArray("python3\0train.py\0", 17));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QCOMPARE(fs.bootTimeMs(), std::optional<qint64>(1700000000000));
        const auto info = fs.lookup(100);
        QVERIFY(info.has_value());
        const long hz = sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100;
        QCOMPARE(info->startTimeMs, 1700000000000 + qint64(4321) * 1000 / hz);
        QCOMPARE(info->command, QStringLiteral("python3 train.py"));
    }

    void missingBootTimeLeavesStartTimeUnknown()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("stat"), "cpu  1 2 3 4\n"));
        addProcess(100, "python3", 4321, 1000, QByteArray("python3\0", 8));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QCOMPARE(fs.lookup(100)->startTimeMs, 0);
        QList<GpuProcess> list{GpuProcess{}};
        list[0].pid = 100;
        fs.enrich(list);
        QVERIFY2(!list[0].startTimeMs.has_value(), "ms since boot must not pose as an epoch time");
    }

    void uidIsTheRealUidOfTabSeparatedStatus()
    {
        addProcess(200, "python3", 1, 1000, QByteArray("python3\0", 8));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        const auto info = fs.lookup(200);
        QVERIFY(info.has_value());
        QCOMPARE(info->uid, 1000u); // real uid, not the effective 0 beside it
        QCOMPARE(info->user, QStringLiteral("alice"));
    }

    void exitAndReuseAreSeenWithoutRereadingInTheSameEnrich()
    {
        addProcess(500, "a", 10, 1000, QByteArray("a\0", 2));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QList<GpuProcess> list(1);
        list[0].pid = 500;
        fs.enrich(list);
        QCOMPARE(list[0].user, QStringLiteral("alice"));
        QCOMPARE(fs.cachedCount(), 1);
        QVERIFY(QDir(proc() + QStringLiteral("/500")).removeRecursively());
        addProcess(500, "b", 20, 2000, QByteArray("b\0", 2));
        fs.enrich(list);
        QCOMPARE(list[0].user, QStringLiteral("bob"));
        QCOMPARE(list[0].command, QStringLiteral("b"));
        list.clear();
        fs.enrich(list);
        QCOMPARE(fs.cachedCount(), 0); // descriptors of gone pids are released
    }

    void realProcUsesPidfdsAndSeesARealExit()
    {
        ProcFs fs(QStringLiteral("/proc"));
        QVERIFY(fs.isKernelProc());
        QVERIFY(!ProcFs(proc()).isKernelProc());
        QProcess child;
        child.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(child.waitForStarted());
        const qint64 pid = child.processId();
        // QProcess may say "started" while the child is still between fork and
        // exec, when the kernel shows no command line yet (seen under ASan).
        const auto execed = [pid] {
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            return cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains("sleep");
        };
        QTRY_VERIFY(execed());
        const auto info = fs.lookup(pid);
        QVERIFY(info.has_value());
        QVERIFY2(info->command.endsWith(QStringLiteral("sleep 30")), qPrintable(info->command));
        QCOMPARE(info->uid, uint(getuid()));
        QVERIFY(info->startTimeMs > 1'600'000'000'000); // an epoch time, not ms since boot
        QList<GpuProcess> list(1);
        list[0].pid = pid;
        fs.enrich(list);
        QVERIFY(!list[0].ghost);
        child.kill();
        QVERIFY(child.waitForFinished()); // reaped: the pidfd now reports the exit
        fs.enrich(list);
        QVERIFY(list[0].ghost);
    }

    // The workload of docs/owners.md, from each process's cgroup file: read
    // with the rest, once per process; a garbled file is said once, names
    // no workload, and does not cost the process its other facts.
    void workloadComesFromTheCgroupFileOncePerProcess()
    {
        const QByteArray id = "561bb04bdcbb06efbd7936e1ad3f0530ac58c8f324e507878d81c8455bdc21b9";
        addProcess(500, "python3", 1, 0, QByteArray("python3\0train.py\0", 18));
        QVERIFY(writeFile(proc(), QStringLiteral("500/cgroup"),
                          "4:memory:/libpod_parent/libpod-" + id + "\n0::/libpod_parent/libpod-" +
                              id + "\n"));
        addProcess(501, "python3", 1, 1000, QByteArray("python3\0\0", 9)); // no cgroup file
        addProcess(502, "python3", 1, 2000, QByteArray("python3\0\0", 9));
        QVERIFY(writeFile(proc(), QStringLiteral("502/cgroup"), "garbage\n"));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QList<GpuProcess> list(3);
        list[0].pid = 500;
        list[1].pid = 501;
        list[2].pid = 502;
        QStringList warnings;
        fs.enrich(list, &warnings);
        QVERIFY(list[0].workload.has_value());
        QCOMPARE(list[0].workload->kind, WorkloadKind::Podman);
        QCOMPARE(list[0].workload->id, QString::fromLatin1(id));
        QCOMPARE(list[0].user, QStringLiteral("0"));
        QVERIFY(!list[1].workload.has_value()); // not read: not "none"
        QCOMPARE(list[1].user, QStringLiteral("alice"));
        QVERIFY(list[2].workload.has_value());
        QCOMPARE(list[2].workload->kind, WorkloadKind::None);
        QCOMPARE(list[2].user, QStringLiteral("bob"));
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0].startsWith(u"pid 502: "_s + proc() + u"/502/cgroup: line 1: not"_s),
                 qPrintable(warnings[0]));
        // Cached: the next reading neither reads the files again nor
        // repeats the warning.
        QVERIFY(writeFile(proc(), QStringLiteral("500/cgroup"), "0::/\n"));
        warnings.clear();
        fs.enrich(list, &warnings);
        QCOMPARE(list[0].workload->kind, WorkloadKind::Podman);
        QVERIFY(warnings.isEmpty());
    }

    void aProcInAPidNamespaceOfItsOwnNamesNoProcess()
    {
        // A pid the driver gives is the host's: here the same number is a
        // process of the container (alice's python), not the GPU's.
        addProcess(300, "python3", 1, 1000, QByteArray("python3\0a.py\0", 13));
        QVERIFY(writeFile(proc(), QStringLiteral("self/status"),
                          "Name:\tgpuwarden-agent\nNSpid:\t48213\t7\n"));
        QCOMPARE(inOwnPidNamespace(proc()), std::optional<bool>(true));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QVERIFY(fs.ownPidNamespace());
        QList<GpuProcess> list(1);
        list[0].pid = 300;
        list[0].command = QStringLiteral("from the driver");
        QStringList warnings;
        fs.enrich(list, &warnings);
        QVERIFY(list[0].ghost);
        QVERIFY(list[0].user.isEmpty());
        QCOMPARE(list[0].command, QStringLiteral("from the driver"));
        QVERIFY(!list[0].workload);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0].contains(u"PID namespace of its own"_s), qPrintable(warnings[0]));
        warnings.clear();
        fs.enrich(list, &warnings);
        QVERIFY(warnings.isEmpty()); // said once
    }

    void aContainersOwnProcIsSeenByItsNamespace()
    {
        // In a container with its own /proc, NSpid has one field: the
        // namespace link tells.
        QVERIFY(QDir().mkpath(proc() + QStringLiteral("/self/ns")));
        QVERIFY(QFile::link(QStringLiteral("pid:[4026532417]"),
                            proc() + QStringLiteral("/self/ns/pid")));
        QVERIFY(writeFile(proc(), QStringLiteral("self/status"), "Name:\tagent\nNSpid:\t7\n"));
        QCOMPARE(inOwnPidNamespace(proc()), std::optional<bool>(true));
        QVERIFY(QFile::remove(proc() + QStringLiteral("/self/ns/pid")));
        QVERIFY(QFile::link(QStringLiteral("pid:[4026531836]"),
                            proc() + QStringLiteral("/self/ns/pid")));
        QCOMPARE(inOwnPidNamespace(proc()), std::optional<bool>(false));
    }

    void theHostsPidNamespaceIsOneNSpid()
    {
        QVERIFY(writeFile(proc(), QStringLiteral("self/status"),
                          "Name:\tgpuwarden-agent\nNSpid:\t48213\n"));
        QCOMPARE(inOwnPidNamespace(proc()), std::optional<bool>(false));
        QVERIFY(!ProcFs(proc()).ownPidNamespace());
        QVERIFY(writeFile(proc(), QStringLiteral("self/status"), "Name:\told-kernel\n"));
        QCOMPARE(inOwnPidNamespace(proc()), std::nullopt);
    }

    void vanishedPidIsKeptAsGhost()
    {
        addProcess(300, "python3", 1, 1000, QByteArray("python3\0a.py\0", 13));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QList<GpuProcess> list(2);
        list[0].pid = 300;
        list[1].pid = 301; // not in this /proc: another namespace or exited
        list[1].command = QStringLiteral("from the driver");
        list[1].usedMemoryMiB = 512;
        fs.enrich(list);
        QCOMPARE(list.size(), 2);
        QVERIFY(!list[0].ghost);
        QCOMPARE(list[0].user, QStringLiteral("alice"));
        QVERIFY(list[0].startTimeMs.has_value());
        QVERIFY(list[1].ghost);
        QCOMPARE(list[1].command, QStringLiteral("from the driver"));
        QCOMPARE(list[1].usedMemoryMiB, std::optional<double>(512));
        QVERIFY(!list[1].startTimeMs.has_value());
        QVERIFY(!fs.lookup(301).has_value());
    }

    void reusedPidWithNewStartTimeIsReadAfresh()
    {
        addProcess(400, "python3", 1000, 1000, QByteArray("python3\0old.py\0", 15));
        ProcFs fs(proc());
        resolveTestUsers(fs);
        QCOMPARE(fs.lookup(400)->user, QStringLiteral("alice"));

        // Same process (same start): cached, the cmdline is not read again.
        QVERIFY(writeFile(proc(), QStringLiteral("400/cmdline"), QByteArray("changed\0", 8)));
        QCOMPARE(fs.lookup(400)->command, QStringLiteral("python3 old.py"));

        // The process exits and the pid is reused by a new process of another
        // user: as in the kernel, that is a new /proc/400 directory.
        QVERIFY(QDir(proc() + QStringLiteral("/400")).removeRecursively());
        QVERIFY(!fs.lookup(400).has_value());
        addProcess(400, "bash", 2000, 2000, QByteArray("bash\0-c\0new\0", 12));
        const auto info = fs.lookup(400);
        QVERIFY(info.has_value());
        QCOMPARE(info->user, QStringLiteral("bob"));
        QCOMPARE(info->uid, 2000u);
        QCOMPARE(info->command, QStringLiteral("bash -c new"));
    }
};

QTEST_GUILESS_MAIN(TestProcFs)
#include "tst_procfs.moc"
