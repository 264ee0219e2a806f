#include "owners/kubeletclient.h"

#include "util/printable.h"

#include "podresources.grpc.pb.h"
#include "podresources.pb.h"

#include <grpcpp/grpcpp.h>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::owners)
};

QString text(const std::string& s)
{
    return printableText(QString::fromStdString(s));
}

void addDevices(QSet<QString>& to, const v1::ContainerDevices& devices)
{
    for (const std::string& id : devices.device_ids()) {
        QString key = kubeletDeviceKey(text(id));
        if (!key.isEmpty())
            to.insert(std::move(key));
    }
}

KubeletPods podsOf(const v1::ListPodResourcesResponse& reply)
{
    KubeletPods out;
    for (const v1::PodResources& pod : reply.pod_resources()) {
        ++out.pods;
        PodFacts facts;
        facts.name = text(pod.name());
        facts.namespaceName = text(pod.namespace_());
        if (facts.name.isEmpty())
            continue; // nothing to name it by: the kubelet always sends one
        for (const v1::ContainerResources& container : pod.containers()) {
            facts.container = text(container.name());
            for (const v1::ContainerDevices& devices : container.devices()) {
                for (const std::string& id : devices.device_ids()) {
                    const QString key = kubeletDeviceKey(text(id));
                    if (key.isEmpty())
                        continue;
                    QList<PodFacts>& holders = out.holders[key];
                    if (!holders.contains(facts)) // two replicas of one GPU: one holder
                        holders.append(facts);
                }
            }
        }
    }
    return out;
}

QSet<QString> allocatableOf(const v1::AllocatableResourcesResponse& reply)
{
    QSet<QString> out;
    for (const v1::ContainerDevices& devices : reply.devices())
        addDevices(out, devices);
    return out;
}

QString codeName(grpc::StatusCode code)
{
    switch (code) {
    case grpc::StatusCode::CANCELLED:
        return u"CANCELLED"_s;
    case grpc::StatusCode::UNKNOWN:
        return u"UNKNOWN"_s;
    case grpc::StatusCode::INVALID_ARGUMENT:
        return u"INVALID_ARGUMENT"_s;
    case grpc::StatusCode::NOT_FOUND:
        return u"NOT_FOUND"_s;
    case grpc::StatusCode::PERMISSION_DENIED:
        return u"PERMISSION_DENIED"_s;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
        return u"RESOURCE_EXHAUSTED"_s;
    case grpc::StatusCode::UNAVAILABLE:
        return u"UNAVAILABLE"_s;
    case grpc::StatusCode::INTERNAL:
        return u"INTERNAL"_s;
    default:
        return u"code %1"_s.arg(int(code));
    }
}

} // namespace

QString kubeletDeviceKey(QStringView deviceId)
{
    const qsizetype replica = deviceId.indexOf(u"::");
    return (replica >= 0 ? deviceId.first(replica) : deviceId).trimmed().toString();
}

std::optional<KubeletPods> parsePodResourcesList(QByteArrayView bytes, QString* error)
{
    v1::ListPodResourcesResponse reply;
    if (bytes.size() > kMaxKubeletReplyBytes ||
        !reply.ParseFromArray(bytes.data(), int(bytes.size()))) {
        if (error)
            *error = Tr::tr("the kubelet's reply is not a ListPodResourcesResponse");
        return std::nullopt;
    }
    return podsOf(reply);
}

std::optional<QSet<QString>> parseAllocatableResources(QByteArrayView bytes, QString* error)
{
    v1::AllocatableResourcesResponse reply;
    if (bytes.size() > kMaxKubeletReplyBytes ||
        !reply.ParseFromArray(bytes.data(), int(bytes.size()))) {
        if (error)
            *error = Tr::tr("the kubelet's reply is not an AllocatableResourcesResponse");
        return std::nullopt;
    }
    return allocatableOf(reply);
}

// The channel to the socket and its stub; kept between rounds, made again
// after a failure (a kubelet that restarted is a new server).
struct KubeletClient::Channel
{
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<v1::PodResourcesLister::Stub> stub;
};

// One call's state, owned by the client and destroyed on its thread: gRPC's
// callback holds only its address. (Its context holds the channel, and a
// channel whose last reference goes on one of gRPC's callback threads takes
// their shared completion queue down from within: gRPC 1.51 aborts.) The
// context's deadline bounds it; the client cancels it when it goes first
// and waits for its end.
struct KubeletClient::Call
{
    grpc::ClientContext context;
    v1::ListPodResourcesRequest listRequest;
    v1::ListPodResourcesResponse listReply;
    v1::AllocatableResourcesRequest allocatableRequest;
    v1::AllocatableResourcesResponse allocatableReply;
    bool ended = false; // gRPC is done with it (under the mailbox's lock)
};

// Where gRPC's threads leave answers: posted to the client's thread while
// the client lives, dropped once it is gone (its destructor empties this
// under the lock, so nothing is posted to a client being destroyed).
struct KubeletClient::Mailbox
{
    std::mutex mutex;
    std::condition_variable ended;
    KubeletClient* client = nullptr;

    // The last thing gRPC's callback does with `call`: marks it ended and
    // runs f(client) on the client's thread, unless the client is gone.
    template <typename F>
    void deliver(Call* call, F f)
    {
        {
            const std::lock_guard lock(mutex);
            call->ended = true;
            if (client)
                QMetaObject::invokeMethod(
                    client, [c = client, f = std::move(f)]() mutable { f(c); },
                    Qt::QueuedConnection);
        }
        ended.notify_all();
    }
};

KubeletClient::KubeletClient(QString socketPath, QObject* parent)
    : QObject(parent)
    , m_socketPath(std::move(socketPath))
    , m_mailbox(std::make_shared<Mailbox>())
{
    m_mailbox->client = this;
}

KubeletClient::~KubeletClient()
{
    {
        const std::lock_guard lock(m_mailbox->mutex);
        m_mailbox->client = nullptr;
    }
    if (m_inFlight) {
        // Cancelled, it ends at once (finding no one to tell); the call and
        // the channel then go here, not on gRPC's thread.
        m_inFlight->context.TryCancel();
        std::unique_lock lock(m_mailbox->mutex);
        m_mailbox->ended.wait(lock, [this] { return m_inFlight->ended; });
    }
}

void KubeletClient::ensureChannel()
{
    if (m_channel)
        return;
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(kMaxKubeletReplyBytes);
    // A channel of its own, not a subchannel shared (with its reconnection
    // back-off) with an earlier channel to the same socket.
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    m_channel = std::make_unique<Channel>();
    m_channel->channel = grpc::CreateCustomChannel("unix:" + m_socketPath.toStdString(),
                                                   grpc::InsecureChannelCredentials(), args);
    m_channel->stub = v1::PodResourcesLister::NewStub(m_channel->channel);
}

void KubeletClient::list(bool quietWhenAbsent)
{
    if (m_busy)
        return;
    m_lastRound.start();
    if (quietWhenAbsent && !QFileInfo::exists(m_socketPath))
        return;
    m_busy = true;
    // A missing socket or one the agent may not open is said plainly, not
    // in gRPC's words ("failed to connect to all addresses").
    const QByteArray path = QFile::encodeName(m_socketPath);
    if (!QFileInfo::exists(m_socketPath)) {
        fail(Failure::NoSocket, u"List"_s,
             Tr::tr("%1: no such socket (no kubelet on this node, or its pod-resources folder is "
                    "not mounted into the agent's container)")
                 .arg(m_socketPath));
        return;
    }
    if (faccessat(AT_FDCWD, path.constData(), W_OK, AT_EACCESS) != 0 && errno == EACCES) {
        fail(Failure::Permission, u"List"_s,
             Tr::tr("%1: permission denied (the agent needs root, or write access to the socket)")
                 .arg(m_socketPath));
        return;
    }
    startList();
}

void KubeletClient::startList()
{
    ensureChannel();
    m_inFlight = std::make_unique<Call>();
    Call* call = m_inFlight.get();
    call->context.set_deadline(std::chrono::system_clock::now() +
                               std::chrono::milliseconds(m_timeoutMs));
    m_channel->stub->async()->List(
        &call->context, &call->listRequest, &call->listReply,
        [call, mailbox = m_mailbox](grpc::Status status) {
            // gRPC's thread: read the reply here, hand over values.
            std::optional<KubeletPods> pods;
            if (status.ok())
                pods = podsOf(call->listReply);
            mailbox->deliver(call, [status = std::move(status),
                                    pods = std::move(pods)](KubeletClient* client) mutable {
                client->m_inFlight.reset();
                if (!pods) {
                    const bool deadline = status.error_code() == grpc::DEADLINE_EXCEEDED;
                    const bool unimplemented = status.error_code() == grpc::UNIMPLEMENTED;
                    client->fail(deadline        ? Failure::Deadline
                                 : unimplemented ? Failure::Unimplemented
                                                 : Failure::Other,
                                 u"List"_s,
                                 deadline ? Tr::tr("%1: no answer to List within %2 ms")
                                                .arg(client->m_socketPath)
                                                .arg(client->m_timeoutMs)
                                 : unimplemented
                                     ? Tr::tr("%1: the kubelet has no v1 pod-resources API "
                                              "(Kubernetes before 1.20)")
                                           .arg(client->m_socketPath)
                                     : Tr::tr("%1: List failed: %2 (%3)")
                                           .arg(client->m_socketPath,
                                                text(status.error_message()).left(300),
                                                codeName(status.error_code())));
                    return;
                }
                if (client->m_allocatableMissing) {
                    client->m_busy = false;
                    Q_EMIT client->listed(*pods);
                    return;
                }
                client->startAllocatable(std::move(*pods));
            });
        });
}

void KubeletClient::startAllocatable(KubeletPods pods)
{
    m_inFlight = std::make_unique<Call>();
    Call* call = m_inFlight.get();
    call->context.set_deadline(std::chrono::system_clock::now() +
                               std::chrono::milliseconds(m_timeoutMs));
    m_channel->stub->async()->GetAllocatableResources(
        &call->context, &call->allocatableRequest, &call->allocatableReply,
        [call, mailbox = m_mailbox, pods = std::move(pods)](grpc::Status status) mutable {
            if (status.ok())
                pods.allocatable = allocatableOf(call->allocatableReply);
            mailbox->deliver(call, [status = std::move(status),
                                    pods = std::move(pods)](KubeletClient* client) mutable {
                client->m_inFlight.reset();
                client->m_busy = false;
                if (!status.ok()) {
                    // The pods stand; which devices the kubelet may assign
                    // is not known.
                    const bool unimplemented = status.error_code() == grpc::UNIMPLEMENTED;
                    client->m_allocatableMissing = unimplemented;
                    const QString message =
                        unimplemented
                            ? Tr::tr("%1: the kubelet has no GetAllocatableResources (Kubernetes "
                                     "before 1.21): which GPUs it may assign is not known, which "
                                     "pod holds which GPU still is")
                                  .arg(client->m_socketPath)
                            : Tr::tr("%1: GetAllocatableResources failed: %2 (%3)")
                                  .arg(client->m_socketPath, text(status.error_message()).left(300),
                                       codeName(status.error_code()));
                    Q_EMIT client->failed(unimplemented ? Failure::Unimplemented
                                          : status.error_code() == grpc::DEADLINE_EXCEEDED
                                              ? Failure::Deadline
                                              : Failure::Other,
                                          u"GetAllocatableResources"_s, message);
                }
                Q_EMIT client->listed(pods);
            });
        });
}

void KubeletClient::fail(Failure why, const QString& method, const QString& message)
{
    // The next round makes a new channel: the kubelet may have restarted.
    m_channel.reset();
    QMetaObject::invokeMethod(
        this,
        [this, why, method, message] {
            m_busy = false;
            Q_EMIT failed(why, method, message);
        },
        Qt::QueuedConnection);
}

} // namespace gw::owners
