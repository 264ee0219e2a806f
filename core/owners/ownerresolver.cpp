#include "owners/ownerresolver.h"

#include "owners/engineapi.h"
#include "owners/slurmrun.h"

#include <QLoggingCategory>
#include <QProcess>
#include <QTimer>

#include <memory>

Q_LOGGING_CATEGORY(lcOwners, "gw.owners")

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

} // namespace

OwnerResolver::OwnerResolver(Options options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    m_clock.start();
    if (!m_options.kubeletSocket.isEmpty()) {
        m_kubelet = new KubeletClient(m_options.kubeletSocket, this);
        m_kubelet->setTimeoutMs(m_options.timeoutMs);
        connect(m_kubelet, &KubeletClient::listed, this, &OwnerResolver::kubeletListed);
        connect(m_kubelet, &KubeletClient::failed, this,
                [this](KubeletClient::Failure why, const QString& method, const QString& message) {
                    sayOnce(u"kubelet %1 %2"_s.arg(method).arg(int(why)),
                            tr("pod names are not available: %1").arg(message));
                });
    }
}

OwnerResolver::~OwnerResolver()
{
    // A scontrol still running is killed as its QProcess goes with this
    // object's children, after the caches are gone: its signals must find
    // nothing to call. (The Engine API's answers come queued to their
    // client, which goes with them.)
    for (QProcess* p : findChildren<QProcess*>(Qt::FindDirectChildrenOnly))
        p->disconnect();
}

template <typename T>
bool OwnerResolver::shouldAsk(const Entry<T>& e) const
{
    return !e.pending && !e.value && !e.gone && m_inFlight < m_options.maxInFlight &&
           (e.failedAtMs < 0 || now() - e.failedAtMs >= m_options.retryAfterMs);
}

WorkloadNames OwnerResolver::namesOf(const Workload& w)
{
    if (now() - m_lastForgetMs >= 60'000)
        forgetOld();
    WorkloadNames names;
    QString socket;
    if (w.kind == WorkloadKind::Docker ||
        (w.kind == WorkloadKind::Kubernetes && w.runtime == "docker"_L1))
        socket = m_options.dockerSocket;
    else if (w.kind == WorkloadKind::Podman)
        socket = m_options.podmanSocket;
    if (!socket.isEmpty() && !w.id.isEmpty()) {
        Entry<ContainerFacts>& e = m_containers[w.id];
        e.lastAskedMs = now();
        if (shouldAsk(e))
            askContainer(socket, w.id);
        names.container = e.value;
    } else if (w.kind == WorkloadKind::Slurm && !w.id.isEmpty() && !m_options.scontrol.isEmpty()) {
        Entry<SlurmJob>& e = m_jobs[w.id];
        e.lastAskedMs = now();
        if (shouldAsk(e))
            askJob(w.id);
        names.job = e.value;
    }
    return names;
}

WorkloadNames OwnerResolver::namesOf(const Workload& w, QStringView gpuUuid)
{
    WorkloadNames names = namesOf(w);
    if (w.kind != WorkloadKind::Kubernetes || !m_kubelet)
        return names;
    m_kubernetesSeen = true;
    pollKubelet(true);
    std::optional<PodFacts> held = holderOf(gpuUuid);
    const auto linked = w.podUid.isEmpty() ? m_podByUid.cend() : m_podByUid.constFind(w.podUid);
    if (held && linked != m_podByUid.cend() &&
        (held->namespaceName != linked->namespaceName || held->name != linked->name)) {
        // The pod of this uid was found on another GPU to be another pod:
        // one of the two sees a GPU not assigned to it. Not guessed.
        sayOnce(u"pod uid "_s + w.podUid,
                tr("pod %1 runs on %2, which the kubelet assigned to pod %3/%4, while another "
                   "GPU showed it to be pod %5/%6: its pod is not named")
                    .arg(w.podUid, gpuUuid.toString(), held->namespaceName, held->name,
                         linked->namespaceName, linked->name));
        return names;
    }
    if (held) {
        held->uid = w.podUid;
        if (!w.podUid.isEmpty() && linked == m_podByUid.cend()) {
            PodFacts pod = *held;
            pod.container.clear(); // the uid names the pod, not one of its containers
            m_podByUid.insert(w.podUid, pod);
        }
        names.pod = std::move(held);
    } else if (linked != m_podByUid.cend()) {
        names.pod = *linked;
    }
    return names;
}

std::optional<PodFacts> OwnerResolver::podHolding(QStringView gpuUuid) const
{
    if (!m_kubelet)
        return std::nullopt;
    pollKubelet(false);
    std::optional<PodFacts> held = holderOf(gpuUuid);
    if (held) {
        for (auto it = m_podByUid.cbegin(); it != m_podByUid.cend(); ++it) {
            if (it->namespaceName == held->namespaceName && it->name == held->name) {
                held->uid = it.key();
                break;
            }
        }
    }
    return held;
}

std::optional<bool> OwnerResolver::kubeletManages(QStringView gpuUuid) const
{
    if (!m_kubelet)
        return std::nullopt;
    pollKubelet(false);
    if (m_podsAtMs < 0 || now() - m_podsAtMs > 3 * m_options.kubeletPollMs || !m_pods.allocatable)
        return std::nullopt;
    return m_pods.allocatable->contains(kubeletDeviceKey(gpuUuid));
}

std::optional<PodFacts> OwnerResolver::holderOf(QStringView gpuUuid) const
{
    if (m_podsAtMs < 0 || now() - m_podsAtMs > 3 * m_options.kubeletPollMs)
        return std::nullopt; // none yet, or the kubelet stopped answering
    const auto it = m_pods.holders.constFind(kubeletDeviceKey(gpuUuid));
    if (it == m_pods.holders.cend() || it->isEmpty())
        return std::nullopt;
    PodFacts pod = it->first();
    for (const PodFacts& other : *it) {
        if (other.namespaceName != pod.namespaceName || other.name != pod.name)
            return std::nullopt; // shared by several pods (time-slicing)
        if (other.container != pod.container)
            pod.container.clear(); // by several containers of the pod
    }
    return pod;
}

void OwnerResolver::pollKubelet(bool forWorkload) const
{
    if (m_kubelet->busy())
        return;
    const qint64 since = m_kubelet->sinceLastRoundMs();
    if (since >= 0 && since < m_options.kubeletPollMs)
        return;
    m_kubelet->list(!forWorkload && !m_kubernetesSeen);
}

void OwnerResolver::kubeletListed(const KubeletPods& pods)
{
    m_pods = pods;
    m_podsAtMs = now();
    ++m_kubeletLists;
    // A kubelet that answers again is said again when it next fails.
    m_said.removeIf([](const QString& key) { return key.startsWith("kubelet "_L1); });
    // A pod no longer listed has ended: its uid is forgotten.
    QSet<std::pair<QString, QString>> listed;
    for (const QList<PodFacts>& holders : std::as_const(m_pods.holders))
        for (const PodFacts& p : holders)
            listed.insert({p.namespaceName, p.name});
    m_podByUid.removeIf([&listed](const auto& it) {
        return !listed.contains({it.value().namespaceName, it.value().name});
    });
    Q_EMIT learned();
}

void OwnerResolver::askContainer(const QString& socket, const QString& id)
{
    EngineClient*& client = m_clients[socket];
    if (!client) {
        client = new EngineClient(socket, this);
        client->setTimeoutMs(m_options.timeoutMs);
    }
    m_containers[id].pending = true;
    ++m_inFlight;
    client->inspect(
        id, [this, id, socket](std::optional<ContainerFacts> facts, QString error, bool gone) {
            settle(m_containers, id, std::move(facts), gone, u"engine "_s + socket,
                   tr("container names are not available: %1").arg(error));
        });
}

void OwnerResolver::askJob(const QString& jobId)
{
    m_jobs[jobId].pending = true;
    ++m_inFlight;
    const int ms = m_options.timeoutMs;
    runSlurm(this, m_options.scontrol, {u"show"_s, u"job"_s, u"-o"_s, u"-d"_s, jobId}, ms,
             [this, jobId, ms](const SlurmRunResult& r) {
                 const QString failure = tr("Slurm job names are not available: %1");
                 using E = SlurmRunResult::Ending;
                 if (r.ok()) {
                     QString error;
                     auto job = parseScontrolJob(r.out, &error);
                     settle(m_jobs, jobId, std::move(job), false, u"scontrol"_s,
                            failure.arg(error));
                 } else if (r.jobGone()) {
                     // "slurm_load_jobs error: Invalid job id specified": ended, purged.
                     settle<SlurmJob>(m_jobs, jobId, std::nullopt, true, u"scontrol"_s, {});
                 } else {
                     const QString why =
                         r.ending == E::TimedOut
                             ? tr("%1 did not answer within %2 ms").arg(m_options.scontrol).arg(ms)
                         : r.ending == E::NotStarted
                             ? r.error
                             : tr("scontrol show job %1: %2")
                                   .arg(jobId, QString::fromLocal8Bit(r.err.trimmed().left(200)));
                     settle<SlurmJob>(m_jobs, jobId, std::nullopt, false, u"scontrol"_s,
                                      failure.arg(why));
                 }
             });
}

template <typename T>
void OwnerResolver::settle(QHash<QString, Entry<T>>& cache, const QString& id,
                           std::optional<T> value, bool gone, const QString& cause,
                           const QString& failure)
{
    --m_inFlight;
    const auto it = cache.find(id);
    if (it == cache.end())
        return; // forgotten meanwhile
    it->pending = false;
    if (value) {
        it->value = std::move(value);
        it->failedAtMs = -1;
        ++m_answered;
    } else if (gone) {
        it->gone = true; // the runtime does not know it: ended
        ++m_answered;
    } else {
        it->failedAtMs = now();
        ++m_failed;
        sayOnce(cause, failure);
    }
    Q_EMIT learned();
}

void OwnerResolver::sayOnce(const QString& key, const QString& message)
{
    if (m_said.contains(key))
        return;
    m_said.insert(key);
    qCWarning(lcOwners).noquote() << message;
    Q_EMIT warning(message);
}

void OwnerResolver::forgetOld()
{
    m_lastForgetMs = now();
    const qint64 before = now() - m_options.forgetAfterMs;
    m_containers.removeIf([before](const auto& it) {
        return !it.value().pending && it.value().lastAskedMs < before;
    });
    m_jobs.removeIf([before](const auto& it) {
        return !it.value().pending && it.value().lastAskedMs < before;
    });
}

} // namespace gw::owners
