// Names of containers from the Docker Engine API, which Docker serves on
// /var/run/docker.sock and Podman on /run/podman/podman.sock (docs/owners.md,
// "Names from the runtime"): GET /v1.41/containers/{id}/json over the Unix
// socket; and stopping one for enforcement (docs/enforcement.md), POST
// /v1.41/containers/{id}/stop. The reply's reading is pure (fuzzed); the
// calls are asynchronous on the caller's thread, bounded in time and size,
// and never block a reading.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace gw::owners {

struct ContainerFacts
{
    QString id;
    QString name; // without Docker's leading '/'
    QString image;
    QString user; // Config.User as configured ("", "1000", "alice:users")
    QHash<QString, QString> labels;
    qint64 pid = 0; // State.Pid: its first process on this host, 0 when stopped
    bool running = false;

    bool operator==(const ContainerFacts&) const = default;
};

// An HTTP/1.1 reply as read from a socket that the server closes after it:
// status, and the body undone from Content-Length or chunked framing. An
// incomplete or malformed reply is an error naming what is wrong.
struct HttpReply
{
    int status = 0;
    QByteArray body;
};
std::optional<HttpReply> parseHttpReply(const QByteArray& bytes, QString* error);

// GET /containers/{id}/json's body. A body that is not such an object is an
// error; a 404's body ({"message": …}) is read by the caller as "gone".
std::optional<ContainerFacts> parseContainerJson(const QByteArray& body, QString* error);

// The most of a reply that is read: a container's inspect is a few KiB
// (4,372 bytes for the real Podman one in the fixtures).
inline constexpr qsizetype kMaxEngineReplyBytes = 1024 * 1024;

// How a stop ended (POST /containers/{id}/stop): 204 stopped, 304 already
// stopped, 404 gone (the runtime does not know it), anything else failed
// with the daemon's message (or the socket's error, or no answer in time).
struct StopResult
{
    enum class Status
    {
        Stopped,
        AlreadyStopped,
        Gone,
        Failed
    };
    Status status = Status::Failed;
    QString error; // empty unless Gone or Failed
};

// The longest grace a stop asks the daemon for ([idle] kill_grace and
// [tokens.enforcement] kill_grace are far below it).
inline constexpr int kMaxStopSeconds = 3600;

// Asynchronous calls over a Unix socket, one connection each. `done` is
// called once, on the caller's thread and always from its event loop: for
// inspect, the facts or an error ("no such container" for a 404, the
// socket's error, "no answer within N ms").
class EngineClient : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(std::optional<ContainerFacts>, QString error, bool gone)>;
    using StopDone = std::function<void(StopResult)>;

    explicit EngineClient(QString socketPath, QObject* parent = nullptr);

    QString socketPath() const { return m_socketPath; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    void inspect(const QString& id, Done done);
    // POST /v1.41/containers/{id}/stop?t=N: the daemon sends the container's
    // stop signal (SIGTERM unless its image says otherwise), then SIGKILL
    // after N seconds, and answers once it has stopped; the answer is
    // waited for N seconds plus the timeout.
    void stop(const QString& id, int timeoutSeconds, StopDone done);

private:
    using Reply = std::function<void(std::optional<HttpReply>, QString error)>;
    void call(const QByteArray& method, const QByteArray& path, int timeoutMs, Reply done);
    // "SOCKET: HTTP 500: the daemon's message".
    QString daemonError(const HttpReply& reply) const;

    QString m_socketPath;
    int m_timeoutMs = 2000;
};

} // namespace gw::owners
