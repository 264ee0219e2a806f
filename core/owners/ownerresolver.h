// What the runtimes say of the workloads of a reading, cached by id
// (docs/owners.md, "Names from the runtimes"): a container's names from the
// Engine API of its runtime, a Slurm job's from `scontrol show job -o -d`,
// a pod's from the kubelet's list of which pod holds which GPU.
// Never waits: a reading gets what is known now, and a name that arrives
// later is in the next reading. A runtime that does not answer is asked
// again after a while, and said once, not once a reading.
#pragma once

#include "model/workload.h"
#include "owners/kubeletclient.h"
#include "owners/ownerrules.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

namespace gw::owners {

class EngineClient;

class OwnerResolver : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString dockerSocket = QStringLiteral("/var/run/docker.sock");
        QString podmanSocket = QStringLiteral("/run/podman/podman.sock");
        QString scontrol = QStringLiteral("scontrol"); // on PATH; empty: Slurm not asked
        int timeoutMs = 2000;                          // a runtime's answer
        qint64 retryAfterMs = 30'000;                  // a failed lookup is asked again after this
        qint64 forgetAfterMs = 600'000;                // an id not seen this long is dropped
        int maxInFlight = 8;                           // lookups at once
        // The kubelet's pod-resources socket; empty: Kubernetes not asked.
        QString kubeletSocket = QString::fromLatin1(kKubeletPodResourcesSocket);
        // Its list is asked again after this, while pods are asked of; a
        // list older than three of these is not used.
        qint64 kubeletPollMs = 10'000;
    };

    explicit OwnerResolver(Options options, QObject* parent = nullptr);
    ~OwnerResolver() override;

    // What is known of `w` now; starts the lookups it still needs.
    WorkloadNames namesOf(const Workload& w);
    // The same for a process of `w` on the GPU or MIG instance `gpuUuid`;
    // for a Kubernetes workload also its pod: the one the kubelet assigned
    // that GPU to (Kubernetes assigns GPUs whole), with the container that
    // holds it and the pod uid of the cgroup. A pod once found this way is
    // also known by its uid for the pod's processes on a GPU that names
    // none. No pod where the GPU's holders disagree with the uid's pod, or
    // several pods share the GPU (time-slicing): never guessed.
    WorkloadNames namesOf(const Workload& w, QStringView gpuUuid);
    // The pod holding the GPU or MIG instance `gpuUuid` by the kubelet's
    // last list, whether or not it runs a process there (a GPU held by a
    // pod doing nothing is held idle); none where no pod, or several, hold
    // it. Asks the kubelet again when its list is due.
    std::optional<PodFacts> podHolding(QStringView gpuUuid) const;
    // Whether the kubelet may assign the GPU (GetAllocatableResources):
    // absent where not known (no list yet, or a kubelet before 1.21).
    std::optional<bool> kubeletManages(QStringView gpuUuid) const;
    // Lists of the kubelet received (for tests).
    int kubeletLists() const { return m_kubeletLists; }

    // Lookups answered or failed so far (for tests and /metrics).
    int answered() const { return m_answered; }
    int failed() const { return m_failed; }
    int inFlight() const { return m_inFlight; }
    qsizetype cached() const { return m_containers.size() + m_jobs.size(); }

Q_SIGNALS:
    // A name arrived (or a lookup failed for good): the next reading shows it.
    void learned();
    // Said once per cause and runtime: "…/docker.sock: no such file", a job
    // scontrol does not know.
    void warning(const QString& message);

private:
    template <typename T>
    struct Entry
    {
        std::optional<T> value;
        bool pending = false;
        bool gone = false;      // the runtime does not know it (ended)
        qint64 failedAtMs = -1; // the last failure, for the retry
        qint64 lastAskedMs = 0; // for forgetting
    };

    qint64 now() const { return m_clock.elapsed(); }
    template <typename T>
    bool shouldAsk(const Entry<T>& e) const;
    void askContainer(const QString& socket, const QString& id);
    void askJob(const QString& jobId);
    // A lookup's end: the value, "gone", or a failure said once per cause.
    template <typename T>
    void settle(QHash<QString, Entry<T>>& cache, const QString& id, std::optional<T> value,
                bool gone, const QString& cause, const QString& failure);
    void sayOnce(const QString& key, const QString& message);
    void forgetOld();
    // Asks the kubelet when due. Quietly nothing while its socket is absent
    // and no process has shown a pod: a node without a kubelet.
    void pollKubelet(bool forWorkload) const;
    void kubeletListed(const KubeletPods& pods);
    // The single pod holding `gpuUuid` by a fresh list (its container when
    // a single one holds it).
    std::optional<PodFacts> holderOf(QStringView gpuUuid) const;

    Options m_options;
    QElapsedTimer m_clock;
    QHash<QString, Entry<ContainerFacts>> m_containers; // by container id
    QHash<QString, Entry<SlurmJob>> m_jobs;             // by job id
    QHash<QString, EngineClient*> m_clients;            // by socket; children of this
    KubeletClient* m_kubelet = nullptr;                 // a child; null: not asked
    KubeletPods m_pods;                                 // its last list
    qint64 m_podsAtMs = -1;                             // when it came; -1: none yet
    // A pod uid (the cgroup's) → the pod it was found to be, through a GPU.
    QHash<QString, PodFacts> m_podByUid;
    bool m_kubernetesSeen = false;
    int m_kubeletLists = 0;
    QSet<QString> m_said;
    int m_inFlight = 0;
    int m_answered = 0;
    int m_failed = 0;
    qint64 m_lastForgetMs = 0;
};

} // namespace gw::owners
