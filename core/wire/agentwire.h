#pragma once

// One call to an agent, as every client of an agent makes it (the desktop's
// links, policy, tokens, enforcement and history clients, the command line,
// coordination, the agent's keeper link, the readings of reports): the
// endpoint's bearer token, its pinned certificate, a size limit checked
// while the reply arrives, a timeout, and the outcome sorted into one
// failure kind with one line for people. What the JSON means is the
// caller's to read.
//
// What goes wrong, in the order it is decided, and what it is called:
//   the certificate differs from the pinned one     PinMismatch
//   no CA vouches for the certificate, none pinned  Untrusted (fingerprint shown)
//   the reply announced or grew past the size limit Protocol  ("larger than N bytes")
//   the whole call outlasted its deadline           Unreachable ("within N s")
//   no byte of progress within the idle timeout     Unreachable
//   no HTTP answer (refused, no route, DNS, reset)  Unreachable ("unreachable: " + Qt's reason)
//   HTTP 401 / 403                                  Auth      (+ the token's origin on 401)
//   HTTP 429 / 502 / 503 / 504                      Unreachable
//   any other status outside 2xx                    Protocol
//   a 2xx reply that broke off                      Unreachable
//   a 2xx body that is not a JSON object            Protocol

#include "wire/agentendpoint.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class QObject;

namespace gw {

// Why a call failed, for what the caller shows (a server's state, a retry).
enum class AgentFailure
{
    None,
    Unreachable, // refused, no route, DNS, reset, timed out, a proxy's 502/503/504, 429
    Auth,        // 401 or 403
    Untrusted,   // TLS certificate not trusted and nothing pinned: ask the admin
    PinMismatch, // TLS certificate differs from the pinned one: refused
    Protocol,    // the agent answered, but not what was asked (bad JSON, HTTP 5xx, too large)
};

struct AgentRequest
{
    static constexpr int kDefaultTimeoutMs = 10'000;
    static constexpr qint64 kDefaultMaxReplyBytes = 16 * 1024 * 1024;

    QByteArray verb = QByteArrayLiteral("GET");
    QString pathAndQuery; // "/v1/samples?after=5", query percent-encoded
    QByteArray body;      // null: none sent
    QByteArray contentType = QByteArrayLiteral("application/json"); // of the body
    int timeoutMs = kDefaultTimeoutMs; // without a byte of progress (transfer timeout)
    // Refused as soon as a Content-Length announces more, or as soon as
    // more has arrived: what is held never grows much past it.
    qint64 maxReplyBytes = kDefaultMaxReplyBytes;
    // The whole call, from sending to the last byte, whatever trickles in
    // meanwhile; 0: twice timeoutMs (deadline()).
    int deadlineMs = 0;
    // The forms of answer asked for ("application/cbor"); empty: none named
    // (the agent answers JSON). Whatever is asked, the answer's Content-Type
    // says what came: an older agent answers JSON.
    QByteArray accept = QByteArray();

    int deadline() const;
};

struct AgentCall
{
    int status = 0; // 0: no HTTP answer
    AgentFailure failure = AgentFailure::None;
    QString error; // one line for people (two on 401 with an origin); set on failure
    std::optional<QJsonObject> json; // a 2xx answer's object: set exactly when the call succeeded
    QByteArray body;                 // the body as it came (any status)
    QJsonObject object;              // the body's JSON object whatever the status; empty if none
    // A non-2xx answer's {"error": {"code", "message", "errors"}} (or a
    // plain "error" string, taken as the message).
    QString code;
    QString message;
    QJsonObject errorObject;
    // SHA-256 of the server's certificate (DER) over TLS, to offer for
    // pinning or to show beside a mismatch; empty over plain HTTP.
    QByteArray peerSha256;
    QString where; // the route's URL without user info and query, as messages name it
    // A 2xx answer in CBOR (Content-Type application/cbor) to a request
    // whose `accept` named it: the body, for the caller's CBOR reader; then
    // `json` is not set and there is no failure. Never set otherwise.
    bool cbor = false;

    bool ok() const { return json.has_value(); }
};

// Sends `request` to `endpoint` through `nam`. The reply is a child of
// `context`, so a context that goes away takes its calls in flight with it
// (aborted, `done` not run); `done` runs once on the context's thread.
void callAgent(QNetworkAccessManager* nam, QObject* context, const AgentEndpoint& endpoint,
               const AgentRequest& request, std::function<void(const AgentCall&)> done);

// The same, waited for in a local event loop with a manager of its own
// (for the command line, and for readers on a worker thread). Needs a
// QCoreApplication and a thread with an event dispatcher.
AgentCall callAgentBlocking(const AgentEndpoint& endpoint, const AgentRequest& request);

// For a reply read while it arrives (line by line): the request sent with
// every check of callAgent in place. The caller owns the reply; once it
// has finished (or to word a non-2xx status seen early), describeAgentReply
// sorts it as callAgent would, without reading the body unless asked to.
QNetworkReply* sendAgentRequest(QNetworkAccessManager* nam, const AgentEndpoint& endpoint,
                                const AgentRequest& request);
AgentCall describeAgentReply(QNetworkReply* reply, const AgentEndpoint& endpoint,
                             const AgentRequest& request, const QByteArray& body);
// Whether the reply's Content-Type is CBOR (model/snapshotcbor.h).
bool replyIsCbor(const QNetworkReply* reply);
// The reply was cut off because its certificate is not the pinned one.
bool replyPinMismatch(const QNetworkReply* reply);

} // namespace gw
