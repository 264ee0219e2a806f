#pragma once

// Reads a gpuwarden-agent over HTTP(S). Every way a reply can go wrong (no
// answer, refused token, truncated or malformed body, too large, too slow)
// ends in one clear message; nothing is half-read into a snapshot.

#include "snapshot.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace gw {

struct AgentReply
{
    std::optional<Snapshot> snapshot;
    QString error; // set when snapshot is absent
};

struct AgentJsonReply
{
    std::optional<QJsonObject> json;
    QString error; // set when json is absent
};

class AgentClient final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultTimeoutMs = 5000;
    static constexpr qint64 kMaxReplyBytes = 16 * 1024 * 1024;

    explicit AgentClient(QUrl base, QByteArray token, QObject* parent = nullptr);

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
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
    QNetworkAccessManager* m_nam;
    int m_timeoutMs = kDefaultTimeoutMs;
    qint64 m_maxReplyBytes = kMaxReplyBytes;
};

} // namespace gw
