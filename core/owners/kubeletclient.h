// Which pod holds which GPU, from the kubelet's pod-resources API v1 on its
// Unix socket (docs/owners.md, "Kubernetes"): gRPC's
// v1.PodResourcesLister.List and, where the kubelet has it,
// GetAllocatableResources. The calls are gRPC's asynchronous ones, each
// bounded by a deadline; their answers come back queued to this object's
// thread, so a kubelet that stalls never holds a reading. The reply's
// reading is pure (fuzzed). No gRPC type shows here: gw_owners links gRPC
// privately.
#pragma once

#include "owners/ownerrules.h"

#include <QByteArrayView>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>

namespace gw::owners {

// Where the kubelet serves the API (its --pod-resources-directory is fixed).
inline constexpr auto kKubeletPodResourcesSocket = "/var/lib/kubelet/pod-resources/kubelet.sock";

// The most of one reply that is read: a pod is some 200 bytes on the
// wire, so this is tens of thousands of pods.
inline constexpr int kMaxKubeletReplyBytes = 16 * 1024 * 1024;

// What the kubelet's List says of devices: each device id it assigned (a
// GPU's UUID "GPU-…", a MIG instance's "MIG-…"; a time-sliced GPU's
// replicas "GPU-…::N" as their GPU's id) → the pods' containers holding it,
// in the order listed (PodFacts with name, namespace and container; no uid
// and no labels: the API has neither).
struct KubeletPods
{
    QHash<QString, QList<PodFacts>> holders;
    qsizetype pods = 0; // pods listed, with devices or without
    // GetAllocatableResources: every device id the kubelet may assign;
    // absent where the kubelet has not said (no such method, an error).
    std::optional<QSet<QString>> allocatable;

    bool operator==(const KubeletPods&) const = default;
};

// A device id as the holders are keyed: a time-slicing replica's "::N"
// removed ("GPU-…::3" → "GPU-…").
QString kubeletDeviceKey(QStringView deviceId);

// The bytes of a ListPodResourcesResponse (protobuf) read as above. Bytes
// that are not such a message are an error; empty names and ids are kept
// out, and every name is made printable.
std::optional<KubeletPods> parsePodResourcesList(QByteArrayView bytes, QString* error);
// The bytes of an AllocatableResourcesResponse: its device ids, keyed as
// above.
std::optional<QSet<QString>> parseAllocatableResources(QByteArrayView bytes, QString* error);

class KubeletClient : public QObject
{
    Q_OBJECT

public:
    // Why a round failed, for "said once per cause".
    enum class Failure
    {
        NoSocket,      // the socket is not there (no kubelet, or not mounted)
        Permission,    // the socket is there, the agent may not connect
        Deadline,      // no answer within the timeout
        Unimplemented, // the kubelet has no such method (its version)
        Other,         // anything else gRPC says, with its code
    };
    Q_ENUM(Failure)

    explicit KubeletClient(QString socketPath, QObject* parent = nullptr);
    // Cancels what is in flight; nothing is called after.
    ~KubeletClient() override;

    QString socketPath() const { return m_socketPath; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; } // each call's deadline

    // Starts a round (List, then GetAllocatableResources unless the kubelet
    // said it has none) unless one is in flight. Its end comes from the
    // event loop, never from within: `listed` once, or `failed` (List
    // failed), and for GetAllocatableResources alone `failed` then `listed`
    // (its pods, `allocatable` absent). `quietWhenAbsent`: a socket that is
    // not there ends the round with no signal (a node with no kubelet).
    void list(bool quietWhenAbsent = false);
    bool busy() const { return m_busy; }
    // Since the last round started; -1: none did.
    qint64 sinceLastRoundMs() const { return m_lastRound.isValid() ? m_lastRound.elapsed() : -1; }
    // Whether the kubelet answered GetAllocatableResources with
    // UNIMPLEMENTED: it is not asked again.
    bool allocatableMissing() const { return m_allocatableMissing; }

Q_SIGNALS:
    void listed(const gw::owners::KubeletPods& pods);
    void failed(gw::owners::KubeletClient::Failure why, const QString& method,
                const QString& message);

private:
    struct Call;
    struct Channel;
    struct Mailbox;

    void startList();
    void startAllocatable(KubeletPods pods);
    void fail(Failure why, const QString& method, const QString& message);
    void ensureChannel();

    QString m_socketPath;
    int m_timeoutMs = 2000;
    bool m_busy = false;
    bool m_allocatableMissing = false;
    QElapsedTimer m_lastRound;
    std::shared_ptr<Mailbox> m_mailbox;
    std::unique_ptr<Channel> m_channel; // made again after a failure
    std::unique_ptr<Call> m_inFlight;   // cancelled when this goes, and waited for
};

} // namespace gw::owners
