#pragma once

// The desktop's side of an agent's policy routes (docs/policies.md):
//
//   GET  /v1/policy               read scope: the effective policy
//   PUT  /v1/policy               admin scope, body = policy.toml: validated,
//                                 applied, the previous version kept
//   POST /v1/replay?from=&to=     read scope, body = policy.toml: the events
//                                 that policy would have produced over the
//                                 agent's journal
//
// Through the agent wire (wire/agentwire.h: pinned certificate, size limit,
// timeout); every failure ends in one line for people and a failure kind.
// Events come back as JSON objects (the caller parses them with
// policyEventFromJson), so this library stays free of the policy engine.

#include "remote/agentlink.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace gw {

struct PolicyReply
{
    bool ok = false;
    int httpStatus = 0; // 0: no HTTP answer
    AgentFailure failure = AgentFailure::None;
    QString error;      // one line, set when !ok
    QStringList errors; // 422: the agent's reasons, "policy.toml:3:1: …"
    // 403 on PUT: the token was accepted for reading but not for changing.
    bool readOnlyToken = false;

    // 200: the effective policy (policyToJson's shape) and where it stands.
    QJsonObject policy;
    QString source;
    // The text the policy came from; only for an admin token (the JSON hides
    // the webhook URL's path, so saving must start from this).
    QString text;
    qint64 version = 0;
    qint64 changedMs = 0;
    std::optional<QJsonObject> previous;
    bool persisted = false;
};

struct ReplayReply
{
    bool ok = false;
    int httpStatus = 0;
    AgentFailure failure = AgentFailure::None;
    QString error;
    QStringList errors; // 422: the policy sent was refused
    quint64 readings = 0;
    QList<QJsonObject> events; // PolicyEvent JSON, as the agent sent them
};

class PolicyClient final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 10'000;
    static constexpr int kReplayTimeoutMs = 120'000; // a day of readings
    static constexpr qint64 kMaxReplyBytes = 64 * 1024 * 1024;

    explicit PolicyClient(RemoteServer server, QObject* parent = nullptr);

    RemoteServer server() const { return m_server; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setReplayTimeoutMs(int ms) { m_replayTimeoutMs = ms; }

    // `done` runs on this object's thread, once, unless abort() or the
    // client's destruction comes first.
    void getPolicy(std::function<void(const PolicyReply&)> done);
    void putPolicy(const QByteArray& toml, std::function<void(const PolicyReply&)> done);
    void replay(const QByteArray& toml, qint64 fromMs, qint64 toMs,
                std::function<void(const ReplayReply&)> done);
    // Drops every request in flight; their `done` is not called.
    void abort();
    bool busy() const;

private:
    struct Raw
    {
        int status = 0;
        AgentFailure failure = AgentFailure::None;
        QString error;
        QStringList errors;
        std::optional<QJsonObject> json;
    };
    void send(const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
              int timeoutMs, std::function<void(const Raw&)> done);

    RemoteServer m_server;
    QNetworkAccessManager* m_nam = nullptr;
    int m_timeoutMs = kTimeoutMs;
    int m_replayTimeoutMs = kReplayTimeoutMs;
};

} // namespace gw
