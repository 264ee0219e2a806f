#pragma once

// One call to an agent's JSON routes, as every desktop client makes it
// (PolicyClient, TokensClient, EnforcementClient): the server's bearer
// token, its pinned certificate and a size limit checked while the reply
// arrives (guardAgentReply), a timeout, and the outcome in one line for
// people with a failure kind: refused pin, too large, TLS not trusted, no
// answer in time, unreachable, an HTTP status outside 2xx (with the agent's
// own "error" object), a body that is not a JSON object. What the JSON
// means is the caller's to read.

#include "remote/agentclient.h"
#include "remote/agentlink.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

class QNetworkAccessManager;
class QObject;

namespace gw {

struct AgentCall
{
    int status = 0; // 0: no HTTP answer
    AgentFailure failure = AgentFailure::None;
    QString error;                   // set when the call failed
    std::optional<QJsonObject> json; // a 2xx answer's object
    // A non-2xx answer's {"error": {"code", "message", "errors"}}.
    QString code;
    QString message;
    QJsonObject errorObject;
};

// Sends `verb` to the server's URL + `pathAndQuery` with `body` (null: none)
// of `contentType`. The reply is a child of `context`; `done` runs once on
// its thread, unless the reply is aborted and disconnected first.
void callAgent(QNetworkAccessManager* nam, QObject* context, const RemoteServer& server,
               const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
               const QByteArray& contentType, int timeoutMs, qint64 maxReplyBytes,
               std::function<void(const AgentCall&)> done);

} // namespace gw
