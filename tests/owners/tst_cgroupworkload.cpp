// The workload of a process from its /proc/PID/cgroup: every shape of
// docs/owners.md from its fixture (real files where these machines can run
// the runtime, the runtimes' documentation for the rest), and broken files
// that must say so and name no workload.
#include "owners/cgroupworkload.h"
#include "ownertests.h"

#include <QFile>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(gw::WorkloadKind)

namespace {

const QString kId1 = u"4f3c1e6b2a9d8c7e5f1a0b3c2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f80"_s;
const QString kId2 = u"9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203f4e5d6c7b8a9"_s;
const QString kPod = u"3c1d5e2f-8a9b-4c0d-9e1f-2a3b4c5d6e7f"_s;
const QString kRecordedPodman =
    u"561bb04bdcbb06efbd7936e1ad3f0530ac58c8f324e507878d81c8455bdc21b9"_s;

QByteArray fixture(const QString& name)
{
    return gw::test::ownerFixture(u"cgroup/"_s + name);
}

Workload classify(const QString& path)
{
    return owners::classifyCgroupPath(path);
}

} // namespace

class TestCgroupWorkload : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyShapeFromItsFixture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<WorkloadKind>("kind");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("pod");
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("step");
        QTest::addColumn<int>("uid"); // -1: none

        using K = WorkloadKind;
        // Recorded here.
        QTest::newRow("podman rootful, cgroupfs (real)")
            << u"podman-rootful-cgroupfs.txt"_s << K::Podman << kRecordedPodman << QString()
            << u"podman"_s << QString() << -1;
        QTest::newRow("podman's conmon is not the container (real)")
            << u"podman-conmon-cgroupfs.txt"_s << K::Unknown << QString() << QString() << QString()
            << QString() << -1;
        QTest::newRow("slurm v1 batch step (real)")
            << u"slurm-v1-proctrack-cgroup-batch.txt"_s << K::Slurm << u"1"_s << QString()
            << QString() << u"batch"_s << 1001;
        QTest::newRow("slurm v1 step 0 (real)")
            << u"slurm-v1-proctrack-cgroup-step0.txt"_s << K::Slurm << u"2"_s << QString()
            << QString() << u"0"_s << 1001;
        QTest::newRow("a host process in a sandbox's cgroup (real)")
            << u"host-process-api.txt"_s << K::Unknown << QString() << QString() << QString()
            << QString() << -1;
        // From the runtimes' documentation.
        QTest::newRow("docker, systemd, v2") << u"docker-systemd-v2.txt"_s << K::Docker << kId1
                                             << QString() << u"docker"_s << QString() << -1;
        QTest::newRow("docker, cgroupfs, v1") << u"docker-cgroupfs-v1.txt"_s << K::Docker << kId1
                                              << QString() << u"docker"_s << QString() << -1;
        QTest::newRow("podman rootful, systemd, v2")
            << u"podman-rootful-systemd-v2.txt"_s << K::Podman << kId2 << QString() << u"podman"_s
            << QString() << -1;
        QTest::newRow("podman rootless, systemd, v2")
            << u"podman-rootless-systemd-v2.txt"_s << K::Podman << kId2 << QString() << u"podman"_s
            << QString() << -1;
        QTest::newRow("k8s containerd, systemd, burstable")
            << u"k8s-containerd-systemd-v2.txt"_s << K::Kubernetes << kId1 << kPod
            << u"containerd"_s << QString() << -1;
        QTest::newRow("k8s containerd, systemd, guaranteed")
            << u"k8s-containerd-guaranteed-systemd-v2.txt"_s << K::Kubernetes << kId1 << kPod
            << u"containerd"_s << QString() << -1;
        QTest::newRow("k8s cgroupfs (runtime not told)")
            << u"k8s-cgroupfs-v1.txt"_s << K::Kubernetes << kId1 << kPod << QString() << QString()
            << -1;
        QTest::newRow("k8s cri-o, systemd") << u"k8s-crio-systemd-v2.txt"_s << K::Kubernetes << kId2
                                            << kPod << u"cri-o"_s << QString() << -1;
        QTest::newRow("k8s cri-o's conmon: the pod, no container")
            << u"k8s-crio-conmon-systemd-v2.txt"_s << K::Kubernetes << QString() << kPod
            << QString() << QString() << -1;
        QTest::newRow("k8s pod's own cgroup") << u"k8s-pod-only-systemd-v2.txt"_s << K::Kubernetes
                                              << QString() << kPod << QString() << QString() << -1;
        QTest::newRow("slurm v2 step 0") << u"slurm-v2-step0.txt"_s << K::Slurm << u"42"_s
                                         << QString() << QString() << u"0"_s << -1;
        QTest::newRow("slurm v2 batch") << u"slurm-v2-batch.txt"_s << K::Slurm << u"42"_s
                                        << QString() << QString() << u"batch"_s << -1;
        QTest::newRow("slurmstepd itself is no job")
            << u"slurm-v2-stepd-itself.txt"_s << K::Unknown << QString() << QString() << QString()
            << QString() << -1;
        QTest::newRow("lxc payload, a service inside")
            << u"lxc-payload-v2.txt"_s << K::Lxc << u"trainer"_s << QString() << QString()
            << QString() << -1;
        QTest::newRow("lxc legacy v1") << u"lxc-legacy-v1.txt"_s << K::Lxc << u"trainer"_s
                                       << QString() << QString() << QString() << -1;
        QTest::newRow("lxc monitor is not the container")
            << u"lxc-monitor-v2.txt"_s << K::Unknown << QString() << QString() << QString()
            << QString() << -1;
        QTest::newRow("systemd session") << u"systemd-session-v2.txt"_s << K::Session << u"3"_s
                                         << QString() << QString() << QString() << 1000;
        QTest::newRow("systemd user service")
            << u"systemd-user-service-v2.txt"_s << K::UserService << u"jupyter.service"_s
            << QString() << QString() << QString() << 1000;
        QTest::newRow("systemd service")
            << u"systemd-service-v2.txt"_s << K::Service << u"ollama.service"_s << QString()
            << QString() << QString() << -1;
        QTest::newRow("systemd service, cgroup deleted")
            << u"systemd-service-deleted-v2.txt"_s << K::Service << u"ollama.service"_s << QString()
            << QString() << QString() << -1;
        QTest::newRow("root cgroup: none") << u"root-v2.txt"_s << K::None << QString() << QString()
                                           << QString() << QString() << -1;
        QTest::newRow("unknown shape kept as its path")
            << u"unknown-shape-v2.txt"_s << K::Unknown << QString() << QString() << QString()
            << QString() << -1;
    }
    void everyShapeFromItsFixture()
    {
        QFETCH(QString, file);
        QFETCH(WorkloadKind, kind);
        QFETCH(QString, id);
        QFETCH(QString, pod);
        QFETCH(QString, runtime);
        QFETCH(QString, step);
        QFETCH(int, uid);
        const owners::CgroupReading r = owners::readProcCgroup(fixture(file));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(u'\n')));
        QCOMPARE(workloadKindName(r.workload.kind), workloadKindName(kind));
        QCOMPARE(r.workload.id, id);
        QCOMPARE(r.workload.podUid, pod);
        QCOMPARE(r.workload.runtime, runtime);
        QCOMPARE(r.workload.step, step);
        QCOMPARE(r.workload.uid ? int(*r.workload.uid) : -1, uid);
        // The path it was read from is always kept (for an unknown shape,
        // the one fact), and is one of the file's.
        if (kind != WorkloadKind::None) {
            QVERIFY(!r.workload.cgroupPath.isEmpty());
            QVERIFY(fixture(file).contains(r.workload.cgroupPath.toUtf8()));
        }
    }

    void garbledLinesAreSaidAndNameNoWorkload()
    {
        const owners::CgroupReading r = owners::readProcCgroup(fixture(u"garbled.txt"_s));
        QCOMPARE(r.workload.kind, WorkloadKind::None);
        QCOMPARE(r.warnings.size(), 5);
        QVERIFY2(r.warnings[0].startsWith(u"line 1: not \"hierarchy-ID:controllers:path\""_s),
                 qPrintable(r.warnings[0]));
        QVERIFY(r.warnings[4].startsWith(u"line 5: "_s));
    }

    void aGarbledLineBesideGoodOnesIsSaidAndSkipped()
    {
        const owners::CgroupReading r = owners::readProcCgroup(fixture(u"mixed-garbled.txt"_s));
        QCOMPARE(r.workload.kind, WorkloadKind::Docker);
        QCOMPARE(r.workload.id, kId1);
        QCOMPARE(r.warnings,
                 QStringList{u"line 2: not \"hierarchy-ID:controllers:path\": not a line"_s});
    }

    void aFileCutShortReadsOnlyItsWholeLines()
    {
        // v1: the last line (an id cut at 30 digits) is not read; the whole
        // line before it still names the container.
        const owners::CgroupReading v1 = owners::readProcCgroup(fixture(u"truncated-v1.txt"_s));
        QCOMPARE(v1.workload.kind, WorkloadKind::Docker);
        QCOMPARE(v1.workload.id, kId1);
        QCOMPARE(v1.warnings.size(), 1);
        QVERIFY2(v1.warnings[0].contains(u"line 2: the file ends inside this line"_s),
                 qPrintable(v1.warnings[0]));
        // v2: its one line is cut: nothing is named.
        const owners::CgroupReading v2 = owners::readProcCgroup(fixture(u"truncated-v2.txt"_s));
        QCOMPARE(v2.workload.kind, WorkloadKind::None);
        QCOMPARE(v2.warnings.size(), 1);
    }

    void aCutIdIsNoContainer()
    {
        // An id that is not 64 hex digits is not guessed at.
        const Workload w = classify(u"/docker/4f3c1e6b2a9d"_s);
        QCOMPARE(w.kind, WorkloadKind::Unknown);
        QCOMPARE(w.cgroupPath, u"/docker/4f3c1e6b2a9d"_s);
        QCOMPARE(classify(u"/system.slice/docker-"_s + kId1.toUpper() + u".scope"_s).kind,
                 WorkloadKind::Unknown);
        QCOMPARE(classify(u"/kubepods/besteffort/podnot-a-uid/"_s + kId1).kind,
                 WorkloadKind::Unknown);
    }

    void theInnermostWorkloadSpeaks()
    {
        // A Kubernetes node in a Docker container (kind): the pod inside.
        const Workload k =
            classify(u"/docker/"_s + kId2 + u"/kubepods/besteffort/pod"_s + kPod + u"/"_s + kId1);
        QCOMPARE(k.kind, WorkloadKind::Kubernetes);
        QCOMPARE(k.id, kId1);
        QCOMPARE(k.podUid, kPod);
        // A service inside a container: the container.
        const Workload s =
            classify(u"/system.slice/docker-"_s + kId1 + u".scope/system.slice/foo.service"_s);
        QCOMPARE(s.kind, WorkloadKind::Docker);
    }

    void aWorkloadOnAnyLineBeatsASessionOnTheFirst()
    {
        // Slurm's proctrack/cgroup names the job on the freezer line only;
        // systemd's line shows the login session the job was started from.
        const QByteArray text = "9:name=systemd:/user.slice/user-1001.slice/session-4.scope\n"
                                "6:freezer:/slurm_vm/uid_1001/job_7/step_0\n"
                                "0::/\n";
        const Workload w = owners::readProcCgroup(text).workload;
        QCOMPARE(w.kind, WorkloadKind::Slurm);
        QCOMPARE(w.id, u"7"_s);
    }

    void aHugeFileIsReadOnlyToItsLimit()
    {
        QByteArray text = "0::/system.slice/ollama.service\n";
        while (text.size() <= owners::kMaxCgroupFileBytes)
            text += "3:cpuset:/\n";
        const owners::CgroupReading r = owners::readProcCgroup(text);
        QCOMPARE(r.workload.kind, WorkloadKind::Service);
        QVERIFY(!r.warnings.isEmpty());
        QVERIFY(r.warnings[0].contains(u"more than the 65536 read"_s));
    }

    void kindNamesRoundTrip()
    {
        for (int k = int(WorkloadKind::None); k <= int(WorkloadKind::Unknown); ++k) {
            const auto kind = WorkloadKind(k);
            QCOMPARE(workloadKindFromName(workloadKindName(kind)), kind);
        }
        QVERIFY(!workloadKindFromName(u"vm"_s));
    }
};

QTEST_GUILESS_MAIN(TestCgroupWorkload)
#include "tst_cgroupworkload.moc"
