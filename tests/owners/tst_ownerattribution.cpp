// Owners written into a reading (OwnerAttribution): a container's names
// arrive in a later reading, never holding one; a steady reading keeps the
// owners it had without deciding again; new rules or a name learned decide
// again; a ghost gets no owner; a process whose pid was reused by another is
// decided afresh. A fake Podman daemon on a Unix socket answers with a real
// inspect of a container labelled gpuwarden.user=alice.
#include "owners/ownerattribution.h"
#include "ownertests.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

const QString kId = u"561bb04bdcbb06efbd7936e1ad3f0530ac58c8f324e507878d81c8455bdc21b9"_s;

using gw::test::ownerFixture;

GpuProcess rootInPodman(qint64 pid = 4242, qint64 start = 1000)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = start;
    p.uid = 0;
    p.user = u"root"_s;
    p.gpuUuid = u"GPU-1"_s;
    Workload w;
    w.kind = WorkloadKind::Podman;
    w.id = kId;
    w.cgroupPath = u"/machine.slice/libpod-"_s + kId + u".scope"_s;
    p.workload = w;
    return p;
}

GpuProcess hostUser(qint64 pid, const QString& user, uint uid)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = 2000;
    p.uid = uid;
    p.user = user;
    p.gpuUuid = u"GPU-1"_s;
    return p;
}

Snapshot reading(const QList<GpuProcess>& processes)
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.processes = processes;
    return s;
}

struct FakeDaemon : gw::test::FakeEngine
{
    explicit FakeDaemon(const QString& path)
        : FakeEngine(path)
    {
        answer = [](const QByteArray&) -> QByteArray {
            const QByteArray bytes = ownerFixture(u"podman/container-job1.json"_s);
            return "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(bytes.size()) +
                   "\r\n\r\n" + bytes;
        };
    }
};

} // namespace

class TestOwnerAttribution : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    OwnerResolver::Options options()
    {
        OwnerResolver::Options o;
        o.podmanSocket = m_dir.filePath(u"podman.sock"_s);
        o.dockerSocket = m_dir.filePath(u"docker.sock"_s);
        o.scontrol.clear();
        o.timeoutMs = 500;
        o.retryAfterMs = 60'000;
        return o;
    }

private Q_SLOTS:
    void aContainersOwnerArrivesInALaterReadingWithoutHoldingOne()
    {
        FakeDaemon daemon(m_dir.filePath(u"podman.sock"_s));
        OwnerAttribution a(options());
        Snapshot first = reading({rootInPodman()});
        a.attribute(first);
        // Not answered yet: the container itself owns it, never "root".
        QVERIFY(first.processes[0].owner);
        QCOMPARE(first.processes[0].owner->user, u"container:561bb04bdcbb"_s);
        QVERIFY(first.processes[0].owner->isWorkload);
        QVERIFY(a.settle(2000));
        Snapshot second = reading({rootInPodman()});
        a.attribute(second);
        QCOMPARE(second.processes[0].owner->user, u"alice"_s);
        QCOMPARE(second.processes[0].owner->because, u"label gpuwarden.user of container job1"_s);
        QCOMPARE(second.processes[0].workload->name, u"job1"_s);
        QCOMPARE(second.processes[0].workload->labels.value(u"gpuwarden.user"_s), u"alice"_s);
        QCOMPARE(second.processes[0].ownerName(), u"alice"_s);
        QCOMPARE(daemon.requests, 1);
    }

    void aSteadyReadingKeepsItsOwners()
    {
        OwnerAttribution a(options());
        Snapshot first = reading({hostUser(10, u"bob"_s, 1001), hostUser(11, u"carol"_s, 1002)});
        a.attribute(first);
        QCOMPARE(a.cachedCount(), 2);
        QCOMPARE(first.processes[1].owner->user, u"carol"_s);
        Snapshot second = reading({hostUser(10, u"bob"_s, 1001)});
        a.attribute(second);
        QCOMPARE(a.cachedCount(), 1); // carol's process is gone: forgotten
        QCOMPARE(second.processes[0].owner->because, u"the process's user"_s);
    }

    void newRulesDecideAKeptOwnerAgain()
    {
        FakeDaemon daemon(m_dir.filePath(u"podman.sock"_s));
        OwnerAttribution a(options());
        Snapshot first = reading({rootInPodman()});
        a.attribute(first);
        QVERIFY(a.settle(2000));
        Snapshot second = reading({rootInPodman()});
        a.attribute(second);
        QCOMPARE(second.processes[0].owner->user, u"alice"_s); // the label's, and kept
        // Labels off, and a container name rule for job*: the kept owner
        // would still say alice.
        OwnerRules rules;
        rules.userLabel.clear();
        rules.containers.append({u"job*"_s, OwnerMapping{u"carol"_s, u"lab"_s, 3}});
        a.setRules(rules);
        QCOMPARE(a.rules().containers.size(), 1);
        Snapshot third = reading({rootInPodman()});
        a.attribute(third);
        QCOMPARE(third.processes[0].owner->user, u"carol"_s);
        QCOMPARE(third.processes[0].owner->account, u"lab"_s);
        QCOMPARE(daemon.requests, 1); // the names were kept: the runtime is not asked again
    }

    void aReusedPidIsDecidedAfresh()
    {
        OwnerAttribution a(options());
        Snapshot first = reading({hostUser(10, u"bob"_s, 1001)});
        a.attribute(first);
        GpuProcess reused = hostUser(10, u"dave"_s, 1003);
        reused.startTimeMs = 9000;
        Snapshot second = reading({reused});
        a.attribute(second);
        QCOMPARE(second.processes[0].owner->user, u"dave"_s);
    }

    void aGhostGetsNoOwner()
    {
        OwnerAttribution a(options());
        GpuProcess ghost;
        ghost.pid = 99;
        ghost.ghost = true;
        ghost.gpuUuid = u"GPU-1"_s;
        Snapshot s = reading({ghost});
        a.attribute(s);
        QVERIFY(!s.processes[0].owner);
        QVERIFY(s.processes[0].ownerName().isEmpty());
    }

    void aRuntimeThatIsNotThereIsSaidInTheReadingOnce()
    {
        OwnerAttribution a(options()); // no daemon on the socket
        Snapshot first = reading({rootInPodman()});
        a.attribute(first);
        QVERIFY(a.settle(2000));
        Snapshot second = reading({rootInPodman()});
        a.attribute(second);
        const QStringList said = first.warnings + second.warnings;
        QCOMPARE(said.size(), 1);
        QVERIFY2(said[0].contains(u"podman.sock"_s), qPrintable(said[0]));
        Snapshot third = reading({rootInPodman()});
        a.attribute(third);
        QVERIFY(third.warnings.isEmpty());
        QVERIFY(third.processes[0].owner->isWorkload); // still the container, never root
    }
};

QTEST_GUILESS_MAIN(TestOwnerAttribution)
#include "tst_ownerattribution.moc"
