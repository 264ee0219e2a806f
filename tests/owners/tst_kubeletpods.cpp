// Which pod holds which GPU, from the kubelet's pod-resources API: the
// resolver against a fake kubelet that is a real gRPC server speaking the
// same protocol (core/owners/podresources.proto) on a Unix socket. A reading
// never waits for it: the list comes in a later reading, a kubelet that
// stalls, is missing or lacks a method is said once, and one that goes
// away and comes back is read again.
#include "owners/kubeletclient.h"
#include "owners/ownerresolver.h"
#include "ownertests.h"

#include "fakekubelet.h"

#include <grpcpp/grpcpp.h>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

using namespace gw;
using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

using gw::test::ownerFixture;

const QString kGpuA = u"GPU-4b6a3f1e-7c1d-4e52-9b0a-1d2c3e4f5a6b"_s;
const QString kGpuB = u"GPU-9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"_s;
const QString kGpuFree = u"GPU-00000000-1111-4222-8333-444455556666"_s;
const QString kMig = u"MIG-2f1e0d9c-8b7a-5f64-a3b2-c1d0e9f8a7b6"_s;
const QString kMigParent = u"GPU-7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d"_s;
const QString kPodUid = u"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"_s;

using gw::test::FakeKubelet;

v1::AllocatableResourcesResponse nodeAllocatable();

// The fake kubelet of these tests: GetAllocatableResources answers the GPUs
// of node() below and a GPU no pod holds.
struct KubeletServer : gw::test::FakeKubeletServer
{
    explicit KubeletServer(QString socketPath)
        : FakeKubeletServer(std::move(socketPath))
    {
        service.setAllocatable(nodeAllocatable());
    }
};

using gw::test::addKubeletPod;

// The node of most tests: train-0 holds GPU A (container trainer), infer-1
// GPU B, notebook-2 a MIG instance of a third GPU; web-3 holds no GPU, and
// an SR-IOV network device that is no GPU. GPU "free" is held by no pod.
v1::ListPodResourcesResponse node()
{
    v1::ListPodResourcesResponse list;
    addKubeletPod(list, "vision", "train-0", "trainer", "nvidia.com/gpu", {kGpuA});
    addKubeletPod(list, "vision", "infer-1", "server", "nvidia.com/gpu", {kGpuB});
    addKubeletPod(list, "nlp", "notebook-2", "jupyter", "nvidia.com/mig-1g.10gb", {kMig});
    addKubeletPod(list, "web", "web-3", "nginx", "", {});
    addKubeletPod(list, "net", "router-4", "router", "intel.com/sriov", {u"0000:3b:02.1"_s});
    return list;
}

v1::AllocatableResourcesResponse nodeAllocatable()
{
    v1::AllocatableResourcesResponse allocatable;
    v1::ContainerDevices* gpus = allocatable.add_devices();
    gpus->set_resource_name("nvidia.com/gpu");
    for (const QString& id : {kGpuA, kGpuB, kGpuFree})
        gpus->add_device_ids(id.toStdString());
    v1::ContainerDevices* mig = allocatable.add_devices();
    mig->set_resource_name("nvidia.com/mig-1g.10gb");
    mig->add_device_ids(kMig.toStdString());
    return allocatable;
}

Workload kubernetesProcess(const QString& podUid = kPodUid)
{
    Workload w;
    w.kind = WorkloadKind::Kubernetes;
    w.podUid = podUid;
    w.id = QString(64, u'c');
    w.runtime = u"containerd"_s;
    return w;
}

qint64 msToRun(const std::function<void()>& f)
{
    QElapsedTimer t;
    t.start();
    f();
    return t.elapsed();
}

} // namespace

class TestKubeletPods : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString socket() const { return m_dir.filePath(u"kubelet.sock"_s); }

    OwnerResolver::Options options() const
    {
        OwnerResolver::Options o;
        o.kubeletSocket = socket();
        o.podmanSocket = m_dir.filePath(u"podman.sock"_s);
        o.dockerSocket = m_dir.filePath(u"docker.sock"_s);
        o.timeoutMs = 300;
        o.kubeletPollMs = 150;
        return o;
    }

private Q_SLOTS:
    void aPodHoldingAGpuIsHeldWithNoProcess()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        QVERIFY(kubelet.start());
        OwnerResolver::Options o = options();
        o.kubeletPollMs = 60'000; // however slow this machine, one round
        OwnerResolver resolver(o);
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QVERIFY(!resolver.podHolding(kGpuA)); // not yet: the reading does not wait
        QVERIFY(learned.wait(5000));
        const auto held = resolver.podHolding(kGpuA);
        QVERIFY(held);
        QCOMPARE(held->namespaceName, u"vision"_s);
        QCOMPARE(held->name, u"train-0"_s);
        QCOMPARE(held->container, u"trainer"_s);
        QVERIFY(held->uid.isEmpty()); // the API has no uid, and no process showed one
        QVERIFY(held->labels.isEmpty());
        QCOMPARE(resolver.podHolding(kGpuB)->name, u"infer-1"_s);
        QVERIFY(!resolver.podHolding(kGpuFree));
        QCOMPARE(kubelet.service.lists.load(), 1); // asked once, not per call
    }

    void podsWithoutGpusHoldNothing()
    {
        QString error;
        const auto pods =
            parsePodResourcesList(QByteArray::fromStdString(node().SerializeAsString()), &error);
        QVERIFY2(pods, qPrintable(error));
        QCOMPARE(pods->pods, 5);
        // GPU A, GPU B, the MIG instance and the network device: web-3 holds none.
        QCOMPARE(pods->holders.size(), 4);
        for (const QList<PodFacts>& holders : pods->holders)
            for (const PodFacts& p : holders)
                QVERIFY(p.name != u"web-3"_s);
        QCOMPARE(pods->holders.value(u"0000:3b:02.1"_s).value(0).name, u"router-4"_s);
        QVERIFY(!pods->allocatable);
    }

    void aMigInstanceIsHeldByItsPodNotItsGpu()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        resolver.podHolding(kMig);
        QVERIFY(learned.wait(5000));
        const auto held = resolver.podHolding(kMig);
        QVERIFY(held);
        QCOMPARE(held->name, u"notebook-2"_s);
        QCOMPARE(held->namespaceName, u"nlp"_s);
        QCOMPARE(held->container, u"jupyter"_s);
        QVERIFY(!resolver.podHolding(kMigParent)); // the GPU itself is not the pod's
        const WorkloadNames n = resolver.namesOf(kubernetesProcess(), kMig);
        QVERIFY(n.pod);
        QCOMPARE(n.pod->name, u"notebook-2"_s);
    }

    void aProcessIsNamedByThePodHoldingItsGpu()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QVERIFY(!resolver.namesOf(kubernetesProcess(), kGpuA).pod); // asked, not waited for
        QVERIFY(learned.wait(5000));
        const WorkloadNames n = resolver.namesOf(kubernetesProcess(), kGpuA);
        QVERIFY(n.pod);
        QCOMPARE(n.pod->uid, kPodUid); // the cgroup's
        QCOMPARE(n.pod->namespaceName, u"vision"_s);
        QCOMPARE(n.pod->name, u"train-0"_s);
        QCOMPARE(n.pod->container, u"trainer"_s);
        // Owner rules then see the pod: a namespace rule, else the pod itself.
        OwnerRules rules;
        rules.namespaces.insert(u"vision"_s, OwnerMapping{u"alice"_s, u"cv-lab"_s, 7});
        const Owner o = resolveOwner(u"root"_s, 0u, kubernetesProcess(), n, rules);
        QCOMPARE(o.user, u"alice"_s);
        QCOMPARE(o.account, u"cv-lab"_s);
        QCOMPARE(resolveOwner(u"root"_s, 0u, kubernetesProcess(), n, {}).user,
                 u"pod:vision/train-0"_s);
        // Once found, the pod is known by its uid on a GPU no pod holds.
        const WorkloadNames elsewhere = resolver.namesOf(kubernetesProcess(), kGpuFree);
        QVERIFY(elsewhere.pod);
        QCOMPARE(elsewhere.pod->name, u"train-0"_s);
        QVERIFY(elsewhere.pod->container.isEmpty()); // which container is not known there
        // ...and podHolding names its uid too.
        QCOMPARE(resolver.podHolding(kGpuA)->uid, kPodUid);
        // A process that is not in a pod is not named by the GPU's pod.
        Workload podman;
        podman.kind = WorkloadKind::Podman;
        podman.id = QString(64, u'a');
        QVERIFY(!resolver.namesOf(podman, kGpuA).pod);
    }

    void aProcessOnAGpuNoPodHoldsHasNoPod()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        resolver.namesOf(kubernetesProcess(), kGpuFree);
        QVERIFY(learned.wait(5000));
        const WorkloadNames n = resolver.namesOf(kubernetesProcess(), kGpuFree);
        QVERIFY(!n.pod);
        // Root in it is its pod by uid, never "root".
        QCOMPARE(resolveOwner(u"root"_s, 0u, kubernetesProcess(), n, {}).user, u"pod:0f1e2d3c"_s);
    }

    void aPodUidSeenOnAnotherPodsGpuIsNotNamed()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        resolver.namesOf(kubernetesProcess(), kGpuA);
        QVERIFY(learned.wait(5000));
        QCOMPARE(resolver.namesOf(kubernetesProcess(), kGpuA).pod->name, u"train-0"_s);
        // The same pod uid on GPU B, which the kubelet gave infer-1.
        QVERIFY(!resolver.namesOf(kubernetesProcess(), kGpuB).pod);
        QVERIFY(!resolver.namesOf(kubernetesProcess(), kGpuB).pod);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0][0].toString().contains(u"not named"_s),
                 qPrintable(warnings[0][0].toString()));
    }

    void aGpuSharedByPodsNamesNone()
    {
        // Time-slicing: replicas GPU-…::N of one GPU given to two pods.
        v1::ListPodResourcesResponse list;
        addKubeletPod(list, "a", "one", "c", "nvidia.com/gpu", {kGpuA + u"::0"_s});
        addKubeletPod(list, "b", "two", "c", "nvidia.com/gpu", {kGpuA + u"::1"_s});
        addKubeletPod(list, "c", "three", "c", "nvidia.com/gpu",
                      {kGpuB + u"::0"_s, kGpuB + u"::3"_s});
        KubeletServer kubelet(socket());
        kubelet.service.setPods(list);
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        resolver.podHolding(kGpuA);
        QVERIFY(learned.wait(5000));
        QVERIFY(!resolver.podHolding(kGpuA));
        QVERIFY(!resolver.namesOf(kubernetesProcess(), kGpuA).pod);
        QCOMPARE(resolver.podHolding(kGpuB)->name, u"three"_s); // two replicas, one pod
    }

    void aMissingSocketIsSaidOnce()
    {
        OwnerResolver resolver(options()); // nothing listens
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        // No process showed a pod: a node without a kubelet, said nothing.
        QVERIFY(!resolver.podHolding(kGpuA));
        QTest::qWait(200);
        QCOMPARE(warnings.size(), 0);
        QVERIFY(!resolver.namesOf(kubernetesProcess(), kGpuA).pod);
        QVERIFY(warnings.wait(5000));
        for (int poll = 0; poll < 2; ++poll) { // two more rounds, each failing
            QTest::qWait(200);
            QVERIFY(!resolver.namesOf(kubernetesProcess(), kGpuA).pod);
        }
        QTest::qWait(200);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0][0].toString(),
                 u"pod names are not available: "_s + socket() +
                     u": no such socket (no kubelet on this node, or its pod-resources folder "
                     "is not mounted into the agent's container)"_s);
    }

    void aSocketNoOneServesIsSaid()
    {
        // What a kubelet that died leaves: the file, no one listening.
        {
            KubeletServer kubelet(socket());
            QVERIFY(kubelet.start());
            kubelet.server->Shutdown();
            kubelet.server.reset();
        }
        if (!QFileInfo::exists(socket())) { // gRPC took its socket with it: make one
            QFile f(socket());
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        OwnerResolver resolver(options());
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        resolver.podHolding(kGpuA);
        QVERIFY(warnings.wait(5000));
        const QString said = warnings[0][0].toString();
        QVERIFY2(
            said.startsWith(u"pod names are not available: "_s + socket() + u": List failed: "_s),
            qPrintable(said));
        QVERIFY2(said.endsWith(u"(UNAVAILABLE)"_s), qPrintable(said));
        QVERIFY(!resolver.podHolding(kGpuA));
        QFile::remove(socket());
    }

    void aStalledKubeletNeverHoldsAReading()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        kubelet.service.stall = true;
        QVERIFY(kubelet.start());
        // A deadline of 1 s: a reading that waited for the kubelet would
        // take it, one that does not takes a few ms however loaded the
        // machine (the first call also opens gRPC's channel).
        OwnerResolver::Options o = options();
        o.timeoutMs = 1000;
        OwnerResolver resolver(o);
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        QList<qint64> ms;
        ms << msToRun([&] { resolver.namesOf(kubernetesProcess(), kGpuA); });
        QTRY_COMPARE_WITH_TIMEOUT(kubelet.service.lists.load(), 1, 5000); // the kubelet holds it
        ms << msToRun([&] { resolver.namesOf(kubernetesProcess(), kGpuA); });
        ms << msToRun([&] { resolver.podHolding(kGpuA); });
        const qint64 longest = *std::max_element(ms.cbegin(), ms.cend());
        QVERIFY2(longest < 250, qPrintable(u"a reading waited %1 ms"_s.arg(longest)));
        qInfo("a reading's calls while the kubelet stalls: %lld, %lld, %lld ms", ms[0], ms[1],
              ms[2]);
        QVERIFY(warnings.wait(5000));
        QCOMPARE(warnings[0][0].toString(), u"pod names are not available: "_s + socket() +
                                                u": no answer to List within 1000 ms"_s);
        // Answering again, it is read.
        kubelet.service.stall = false;
        QTRY_VERIFY_WITH_TIMEOUT(resolver.namesOf(kubernetesProcess(), kGpuA).pod, 5000);
        QCOMPARE(warnings.size(), 1);
    }

    void goingWhileTheKubeletStallsCallsNothing()
    {
        KubeletServer kubelet(socket());
        kubelet.service.stall = true;
        QVERIFY(kubelet.start());
        OwnerResolver::Options o = options();
        o.timeoutMs = 10'000;
        const qint64 ms = msToRun([&] {
            OwnerResolver resolver(o);
            resolver.podHolding(kGpuA);
            QTRY_COMPARE_WITH_TIMEOUT(kubelet.service.lists.load(), 1, 5000);
        }); // the call is cancelled; its end reaches no resolver
        QVERIFY2(ms < 3000, qPrintable(QString::number(ms)));
        QTest::qWait(100);
    }

    void aKubeletWithoutGetAllocatableStillNamesPods()
    {
        KubeletServer kubelet(socket());
        kubelet.service.setPods(node());
        kubelet.service.setAllocatable(std::nullopt); // UNIMPLEMENTED
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        resolver.podHolding(kGpuA);
        QVERIFY(learned.wait(5000));
        QCOMPARE(resolver.podHolding(kGpuA)->name, u"train-0"_s);
        QVERIFY(!resolver.kubeletManages(kGpuA)); // not known
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0][0].toString().contains(u"no GetAllocatableResources"_s),
                 qPrintable(warnings[0][0].toString()));
        QCOMPARE(kubelet.service.allocatableCalls.load(), 1);
        // The next rounds do not ask it again, nor say it again.
        QTRY_VERIFY_WITH_TIMEOUT((resolver.podHolding(kGpuA), resolver.kubeletLists() >= 3), 5000);
        QCOMPARE(kubelet.service.allocatableCalls.load(), 1);
        QCOMPARE(warnings.size(), 1);
    }

    void theGpusTheKubeletMayAssignAreKnown()
    {
        KubeletServer kubelet(socket()); // nodeAllocatable()
        kubelet.service.setPods(node());
        QVERIFY(kubelet.start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        QVERIFY(!resolver.kubeletManages(kGpuFree));
        QVERIFY(learned.wait(5000));
        QCOMPARE(resolver.kubeletManages(kGpuFree), std::optional<bool>(true));
        QCOMPARE(resolver.kubeletManages(kMig), std::optional<bool>(true));
        QCOMPARE(resolver.kubeletManages(kMigParent), std::optional<bool>(false));
        QCOMPARE(warnings.size(), 0);
    }

    void aKubeletThatGoesAwayAndComesBackIsReadAgain()
    {
        auto kubelet = std::make_unique<KubeletServer>(socket());
        kubelet->service.setPods(node());
        QVERIFY(kubelet->start());
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        resolver.namesOf(kubernetesProcess(), kGpuA);
        QVERIFY(learned.wait(5000));
        QCOMPARE(resolver.podHolding(kGpuA)->name, u"train-0"_s);
        QCOMPARE(warnings.size(), 0);

        kubelet.reset(); // gone, its socket with it
        QTRY_VERIFY_WITH_TIMEOUT(
            (resolver.namesOf(kubernetesProcess(), kGpuA), !warnings.isEmpty()), 5000);
        QVERIFY2(warnings[0][0].toString().contains(u"no such socket"_s),
                 qPrintable(warnings[0][0].toString()));
        // A list older than three polls is not used: the pods may have ended.
        QTRY_VERIFY_WITH_TIMEOUT(!resolver.podHolding(kGpuA), 5000);

        // Back, with train-0 ended and train-5 on GPU A.
        KubeletServer again(socket());
        v1::ListPodResourcesResponse list = node();
        list.mutable_pod_resources(0)->set_name("train-5");
        again.service.setPods(list);
        QVERIFY(again.start());
        QTRY_VERIFY_WITH_TIMEOUT(resolver.podHolding(kGpuA), 5000);
        QCOMPARE(resolver.podHolding(kGpuA)->name, u"train-5"_s);
        // The uid's old pod ended: the new one is found through its GPU.
        QCOMPARE(resolver.namesOf(kubernetesProcess(), kGpuA).pod->name, u"train-5"_s);
        QCOMPARE(warnings.size(), 1); // said once while away
    }

    void theKubeletsWholeReplyIsReadAndWhatIsNotNeededSkipped()
    {
        QString error;
        const auto pods = parsePodResourcesList(ownerFixture(u"kubelet/list-full.bin"_s), &error);
        QVERIFY2(pods, qPrintable(error));
        QCOMPARE(pods->pods, 4);
        QCOMPARE(pods->holders.size(), 4);
        const PodFacts trainer{{}, u"train-0"_s, u"vision"_s, u"trainer"_s, {}};
        QCOMPARE(pods->holders.value(kGpuA), QList<PodFacts>{trainer});
        QCOMPARE(pods->holders.value(kGpuB), QList<PodFacts>{trainer});
        const PodFacts jupyter{{}, u"notebook-2"_s, u"nlp"_s, u"jupyter"_s, {}};
        QCOMPARE(pods->holders.value(kMig), QList<PodFacts>{jupyter});
        // Two replicas of one time-sliced GPU in one container: one holder.
        const PodFacts worker{{}, u"shared-4"_s, u"batch"_s, u"worker"_s, {}};
        QCOMPARE(pods->holders.value(kGpuFree), QList<PodFacts>{worker});
        const auto allocatable =
            parseAllocatableResources(ownerFixture(u"kubelet/allocatable.bin"_s), &error);
        QVERIFY2(allocatable, qPrintable(error));
        QCOMPARE(*allocatable, (QSet<QString>{kGpuA, kGpuB, kMig}));
    }

    void bytesThatAreNoListAreAnError()
    {
        QString error;
        QVERIFY(!parsePodResourcesList("\x0a\x05\x0a\x03", &error)); // cut inside a pod
        QCOMPARE(error, u"the kubelet's reply is not a ListPodResourcesResponse"_s);
        error.clear();
        QVERIFY(!parsePodResourcesList("\xff\xff\xff", &error));
        QVERIFY(!error.isEmpty());
        // An empty message is a node with no pods, not an error.
        const auto none = parsePodResourcesList({}, &error);
        QVERIFY(none);
        QCOMPARE(none->pods, 0);
        // A name with a control character is made printable.
        v1::ListPodResourcesResponse list;
        addKubeletPod(list, "ns", "evil\x1b[2J", "c", "nvidia.com/gpu", {kGpuA});
        const auto evil =
            parsePodResourcesList(QByteArray::fromStdString(list.SerializeAsString()), &error);
        QVERIFY(evil);
        QCOMPARE(evil->holders.value(kGpuA).value(0).name, u"evil\\x1b[2J"_s);
    }
};

QTEST_GUILESS_MAIN(TestKubeletPods)
#include "tst_kubeletpods.moc"
