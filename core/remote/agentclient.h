#pragma once

// Reads a gpuwarden-agent over HTTP(S). Every way a reply can go wrong (no
// answer, refused token, truncated or malformed body, too large, too slow,
// a certificate nobody vouches for or one that differs from the pinned one)
// ends in one clear message and a failure kind; nothing is half-read into a
// snapshot.

#include "model/snapshot.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <functional>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace gw {

// Why a request failed, for the server's visible state.
enum class AgentFailure
{
    None,
    Unreachable, // refused, no route, DNS, reset, timed out
    Auth,        // 401 or 403
    Untrusted,   // TLS certificate not trusted and nothing pinned: ask the admin
    PinMismatch, // TLS certificate differs from the pinned one: refused
    Protocol,    // the agent answered, but not what was asked (bad JSON, HTTP 5xx, too large)
};

struct AgentReply
{
    std::optional<Snapshot> snapshot;
    QString error; // set when snapshot is absent
};

struct AgentJsonReply
{
    std::optional<QJsonObject> json;
    QString error; // set when json is absent
    AgentFailure failure = AgentFailure::None;
    int httpStatus = 0;
    // SHA-256 of the server's certificate (DER) over TLS, to offer for
    // pinning or to show beside a mismatch; empty over plain HTTP.
    QByteArray peerSha256;
};

// "AB:CD:…" as admins compare fingerprints, from raw SHA-256 bytes.
QString formatFingerprint(const QByteArray& sha256);
// Raw bytes from hex with or without colons/spaces; empty when malformed.
QByteArray parseFingerprint(const QString& text);

// The checks every reply from an agent gets while it arrives, for each of
// its clients. TLS: a pin, when there is one, decides alone (a pinned
// self-signed certificate is accepted; any other certificate is refused,
// CA-signed or not); without one the handshake fails as Qt decides. Size:
// a reply growing past `maxBytes` is aborted while it arrives, not after it
// filled memory. What happened is left in the reply's properties for the
// caller's message: replyPeerSha256(), replyPinMismatch(), replyTooLarge().
void guardAgentReply(QNetworkReply* reply, const QByteArray& pin, qint64 maxBytes);
QByteArray replyPeerSha256(const QNetworkReply* reply); // empty over plain HTTP
bool replyPinMismatch(const QNetworkReply* reply);
bool replyTooLarge(const QNetworkReply* reply);

class AgentClient final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultTimeoutMs = 5000;
    static constexpr qint64 kMaxReplyBytes = 16 * 1024 * 1024;

    explicit AgentClient(QUrl base, QByteArray token, QObject* parent = nullptr);

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    // Share one manager (and its keep-alive connections) across clients; the
    // manager must live on this object's thread and outlive it.
    void setNetworkAccessManager(QNetworkAccessManager* nam) { m_nam = nam; }
    // With a pin, only a certificate with this SHA-256 is accepted, whether
    // or not a CA vouches for it; without one, the system CAs decide.
    void setPinnedSha256(QByteArray sha256) { m_pin = std::move(sha256); }
    QByteArray pinnedSha256() const { return m_pin; }
    void setMaxReplyBytes(qint64 bytes) { m_maxReplyBytes = bytes; }

    // GET /v1/snapshot; `done` runs on this object's thread.
    void fetchSnapshot(std::function<void(const AgentReply&)> done);

    // The same, waiting in a local event loop (for the command line and for
    // producers on their worker thread).
    AgentReply fetchSnapshotBlocking();

    // GET of any JSON route ("/v1/samples?after=5"), with the same checks.
    void fetchJson(const QString& pathAndQuery, std::function<void(const AgentJsonReply&)> done);
    AgentJsonReply fetchJsonBlocking(const QString& pathAndQuery);

private:
    QUrl m_base;
    QByteArray m_token;
    QNetworkAccessManager* m_nam = nullptr; // made on first use unless shared
    QByteArray m_pin;
    int m_timeoutMs = kDefaultTimeoutMs;
    qint64 m_maxReplyBytes = kMaxReplyBytes;
};

} // namespace gw
