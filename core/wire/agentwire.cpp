#include "wire/agentwire.h"

#include "util/printable.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslError>
#include <QTimer>

#include <algorithm>
#include <climits>
#include <memory>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::AgentWire)
};

QByteArray sha256Of(const QSslCertificate& c)
{
    return c.isNull() ? QByteArray() : c.digest(QCryptographicHash::Sha256);
}

// The checks every reply gets while it arrives. TLS: a pin, when there is
// one, decides alone (a pinned self-signed certificate is accepted; any
// other certificate is refused, CA-signed or not); without one the
// handshake fails as Qt decides. Size: a reply announcing or growing past
// `maxBytes` is aborted while it arrives, not after it filled memory. Time:
// the whole reply within `deadlineMs`. What happened is left in the
// reply's properties for describeAgentReply().
void guard(QNetworkReply* reply, const QByteArray& pin, qint64 maxBytes, int deadlineMs)
{
    QObject::connect(reply, &QNetworkReply::sslErrors, reply,
                     [reply, pin](const QList<QSslError>& errors) {
                         QByteArray peer = sha256Of(reply->sslConfiguration().peerCertificate());
                         if (peer.isEmpty() && !errors.isEmpty())
                             peer = sha256Of(errors.first().certificate());
                         reply->setProperty("gw_peer", peer);
                         if (!pin.isEmpty() && peer == pin)
                             reply->ignoreSslErrors();
                         else if (!pin.isEmpty())
                             reply->setProperty("gw_pin_mismatch", true);
                     });
    QObject::connect(reply, &QNetworkReply::encrypted, reply, [reply, pin] {
        const QByteArray peer = sha256Of(reply->sslConfiguration().peerCertificate());
        reply->setProperty("gw_peer", peer);
        if (!pin.isEmpty() && peer != pin) {
            reply->setProperty("gw_pin_mismatch", true);
            reply->abort();
        }
    });
    // A Content-Length over the limit is refused before a byte of the
    // body is read; a reply without one when it has grown past the limit.
    const auto tooLarge = [reply] {
        if (reply->isRunning()) {
            reply->setProperty("gw_too_large", true);
            reply->abort();
        }
    };
    QObject::connect(reply, &QNetworkReply::metaDataChanged, reply, [reply, maxBytes, tooLarge] {
        bool known = false;
        const qint64 announced =
            reply->header(QNetworkRequest::ContentLengthHeader).toLongLong(&known);
        if (known && announced > maxBytes)
            tooLarge();
    });
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                     [maxBytes, tooLarge](qint64 received, qint64 total) {
                         if (received > maxBytes || total > maxBytes)
                             tooLarge();
                     });
    // The transfer timeout only sees silence: a reply trickling a byte
    // now and then would never end without a deadline for the whole.
    auto* deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    QObject::connect(deadline, &QTimer::timeout, reply, [reply] {
        if (reply->isRunning()) {
            reply->setProperty("gw_deadline", true);
            reply->abort();
        }
    });
    deadline->start(deadlineMs);
}

// How far the network layer may read ahead of callAgent's reading.
constexpr qint64 kReadAheadBytes = 1 << 20;

bool transient(int status)
{
    return status == 429 || status == 502 || status == 503 || status == 504;
}

} // namespace

int AgentRequest::deadline() const
{
    return deadlineMs > 0 ? deadlineMs : int(std::min<qint64>(INT_MAX, 2 * qint64(timeoutMs)));
}

bool replyPinMismatch(const QNetworkReply* reply)
{
    return reply->property("gw_pin_mismatch").toBool();
}

bool replyIsCbor(const QNetworkReply* reply)
{
    // "application/cbor", perhaps with parameters.
    const QByteArray type = reply->rawHeader("Content-Type");
    return type.split(';').first().trimmed().toLower() == "application/cbor";
}

QNetworkReply* sendAgentRequest(QNetworkAccessManager* nam, const AgentEndpoint& endpoint,
                                const AgentRequest& request)
{
    QNetworkRequest req(endpoint.routeUrl(request.pathAndQuery));
    if (!endpoint.token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + endpoint.token);
    if (!request.body.isNull())
        req.setHeader(QNetworkRequest::ContentTypeHeader, request.contentType);
    if (!request.accept.isEmpty())
        req.setRawHeader("Accept", request.accept);
    req.setTransferTimeout(request.timeoutMs);
    QNetworkReply* reply = request.body.isNull()
                               ? nam->sendCustomRequest(req, request.verb)
                               : nam->sendCustomRequest(req, request.verb, request.body);
    guard(reply, endpoint.pinnedSha256, request.maxReplyBytes, request.deadline());
    return reply;
}

AgentCall describeAgentReply(QNetworkReply* reply, const AgentEndpoint& endpoint,
                             const AgentRequest& request, const QByteArray& body)
{
    AgentCall out;
    out.where = reply->url().toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.peerSha256 = reply->property("gw_peer").toByteArray();
    out.body = body;
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    out.object = doc.object();
    const QString& where = out.where;
    const QNetworkReply::NetworkError error = reply->error();
    if (replyPinMismatch(reply)) {
        out.failure = AgentFailure::PinMismatch;
        out.error =
            Tr::tr("%1: the server's certificate changed and is refused: it differs from the "
                   "pinned one. Pinned SHA-256 %2, offered %3. If the certificate was "
                   "replaced on purpose, check the new fingerprint on the server and pin it "
                   "again.")
                .arg(where, formatFingerprint(endpoint.pinnedSha256),
                     formatFingerprint(out.peerSha256));
    } else if (error == QNetworkReply::SslHandshakeFailedError && endpoint.pinnedSha256.isEmpty() &&
               !out.peerSha256.isEmpty()) {
        out.failure = AgentFailure::Untrusted;
        out.error =
            Tr::tr("%1: no trusted CA vouches for the server's certificate (%2). Its SHA-256 "
                   "fingerprint is %3; pin it only after checking it on the server.")
                .arg(where, reply->errorString(), formatFingerprint(out.peerSha256));
    } else if (reply->property("gw_too_large").toBool()) {
        out.failure = AgentFailure::Protocol;
        out.error = Tr::tr("%1: the reply is larger than %2 bytes; refused")
                        .arg(where)
                        .arg(request.maxReplyBytes);
    } else if (reply->property("gw_deadline").toBool()) {
        out.failure = AgentFailure::Unreachable;
        out.error = Tr::tr("%1: no complete reply within %2 s, the deadline of the whole call (the "
                           "agent sends too slowly)")
                        .arg(where)
                        .arg(QString::number(request.deadline() / 1000.0));
    } else if (error == QNetworkReply::OperationCanceledError ||
               error == QNetworkReply::TimeoutError) {
        out.failure = AgentFailure::Unreachable;
        out.error = Tr::tr("%1: no complete reply in time (the agent is slow or stuck)").arg(where);
    } else if (out.status == 0) {
        out.failure = AgentFailure::Unreachable;
        out.error = Tr::tr("%1: unreachable: %2").arg(where, reply->errorString());
    } else if (out.status < 200 || out.status > 299) {
        // The agent explains itself in {"error": {"code", "message"}}.
        const QJsonValue e = out.object.value(QStringLiteral("error"));
        out.errorObject = e.toObject();
        out.code = out.errorObject.value(QStringLiteral("code")).toString();
        out.message = e.isString() ? e.toString()
                                   : out.errorObject.value(QStringLiteral("message")).toString();
        out.failure = out.status == 401 || out.status == 403 ? AgentFailure::Auth
                      : transient(out.status)                ? AgentFailure::Unreachable
                                                             : AgentFailure::Protocol;
        // The agent's words, on the one line that names it: a newline or
        // an escape sequence in them must not forge a line of output.
        const QString said = printableText(!out.message.isEmpty() ? out.message : out.code);
        out.error = QStringLiteral("%1: HTTP %2%3")
                        .arg(where)
                        .arg(out.status)
                        .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
        if (out.status == 401 && !endpoint.tokenOrigin.isEmpty())
            out.error += QLatin1Char('\n') + endpoint.tokenOrigin;
    } else if (error != QNetworkReply::NoError) {
        // 2xx but broken off: Content-Length promised more than came.
        out.failure = AgentFailure::Unreachable;
        out.error = Tr::tr("%1: the reply broke off (%2)").arg(where, reply->errorString());
    } else if (request.accept.contains("application/cbor") && replyIsCbor(reply)) {
        out.cbor = true; // read by the caller, which asked for it
    } else if (pe.error != QJsonParseError::NoError) {
        out.failure = AgentFailure::Protocol;
        out.error = Tr::tr("%1: malformed JSON at offset %2: %3")
                        .arg(where)
                        .arg(pe.offset)
                        .arg(pe.errorString());
    } else if (!doc.isObject()) {
        out.failure = AgentFailure::Protocol;
        out.error = Tr::tr("%1: expected a JSON object").arg(where);
    } else {
        out.json = out.object;
    }
    return out;
}

void callAgent(QNetworkAccessManager* nam, QObject* context, const AgentEndpoint& endpoint,
               const AgentRequest& request, std::function<void(const AgentCall&)> done)
{
    QNetworkReply* reply = sendAgentRequest(nam, endpoint, request);
    reply->setParent(context);
    // The body is taken as it arrives and the network layer reads no
    // further ahead than kReadAheadBytes: what is held is the limit plus
    // that, not whatever a fast sender pushed before the guard could look.
    reply->setReadBufferSize(kReadAheadBytes);
    auto body = std::make_shared<QByteArray>();
    const auto take = [reply, body, max = request.maxReplyBytes] {
        // A reply cut off (its transfer timeout, an abort by the guard) is
        // closed: reading it would only log "QIODevice::read: device not open".
        if (!reply->isOpen())
            return;
        // What has arrived, never more than the room left: read(n) makes
        // an n-byte buffer before it knows what is there, and with n the
        // reply's limit (16 MiB) every readyRead of every poll took and
        // gave back that much, which left the heap fragmented (the
        // desktop's memory crept by ~0.4 MiB a minute with 16 agents).
        body->append(reply->read(std::min(reply->bytesAvailable(), max + 1 - body->size())));
        if (body->size() > max && reply->isRunning()) {
            reply->setProperty("gw_too_large", true);
            reply->abort();
        }
    };
    QObject::connect(reply, &QNetworkReply::readyRead, context, take);
    QObject::connect(reply, &QNetworkReply::finished, context,
                     [reply, body, take, endpoint, request, done = std::move(done)] {
                         reply->deleteLater();
                         take();
                         done(describeAgentReply(reply, endpoint, request, *body));
                     });
}

AgentCall callAgentBlocking(const AgentEndpoint& endpoint, const AgentRequest& request)
{
    QNetworkAccessManager nam;
    QObject context;
    QEventLoop loop;
    AgentCall result;
    callAgent(&nam, &context, endpoint, request, [&](const AgentCall& call) {
        result = call;
        loop.quit();
    });
    loop.exec();
    return result;
}

} // namespace gw
