#include "remote/agentclient.h"

#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslCertificate>
#include <QSslError>

namespace gw {

namespace {

QByteArray sha256Of(const QSslCertificate& c)
{
    return c.isNull() ? QByteArray() : c.digest(QCryptographicHash::Sha256);
}

} // namespace

void guardAgentReply(QNetworkReply* reply, const QByteArray& pin, qint64 maxBytes)
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
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                     [reply, maxBytes](qint64 received, qint64) {
                         if (received > maxBytes) {
                             reply->setProperty("gw_too_large", true);
                             reply->abort();
                         }
                     });
}

QByteArray replyPeerSha256(const QNetworkReply* reply)
{
    return reply->property("gw_peer").toByteArray();
}

bool replyPinMismatch(const QNetworkReply* reply)
{
    return reply->property("gw_pin_mismatch").toBool();
}

bool replyTooLarge(const QNetworkReply* reply)
{
    return reply->property("gw_too_large").toBool();
}

QString formatFingerprint(const QByteArray& sha256)
{
    return QString::fromLatin1(sha256.toHex(':').toUpper());
}

QByteArray parseFingerprint(const QString& text)
{
    QString hex = text.trimmed();
    if (hex.startsWith(QLatin1String("SHA256:"), Qt::CaseInsensitive))
        hex = hex.mid(7);
    hex.remove(QLatin1Char(':')).remove(QLatin1Char(' '));
    if (hex.size() != 64)
        return {};
    for (const QChar c : std::as_const(hex)) {
        if (!c.isDigit() && !(c.toLower() >= QLatin1Char('a') && c.toLower() <= QLatin1Char('f')))
            return {};
    }
    return QByteArray::fromHex(hex.toLatin1());
}

AgentClient::AgentClient(QUrl base, QByteArray token, QObject* parent)
    : QObject(parent)
    , m_base(std::move(base))
    , m_token(std::move(token))
{
    qRegisterMetaType<gw::Snapshot>();
}

void AgentClient::fetchJson(const QString& pathAndQuery,
                            std::function<void(const AgentJsonReply&)> done)
{
    QUrl url = m_base;
    const QUrl relative(pathAndQuery);
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                relative.path());
    url.setQuery(relative.query());
    QNetworkRequest req(url);
    if (!m_token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + m_token);
    req.setTransferTimeout(m_timeoutMs);
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    QNetworkReply* reply = m_nam->get(req);
    // Owned by this client: a client that goes away takes its requests in
    // flight with it (aborted), even when the manager is shared.
    reply->setParent(this);
    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    const qint64 maxBytes = m_maxReplyBytes;
    const QByteArray pin = m_pin;

    guardAgentReply(reply, pin, maxBytes);
    connect(reply, &QNetworkReply::finished, this, [reply, where, maxBytes, pin, done] {
        reply->deleteLater();
        AgentJsonReply out;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        // A reply cut off (its transfer timeout, abort() above) is closed:
        // reading it would only log "QIODevice::read: device not open".
        const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
        out.httpStatus = status;
        out.peerSha256 = replyPeerSha256(reply);
        const bool tlsFailed = reply->error() == QNetworkReply::SslHandshakeFailedError;
        if (replyPinMismatch(reply)) {
            out.failure = AgentFailure::PinMismatch;
            out.error = QCoreApplication::translate(
                            "gw::AgentClient",
                            "%1: the server's certificate changed and is refused. Pinned "
                            "SHA-256 %2, offered %3. If the certificate was replaced on "
                            "purpose, check the new fingerprint on the server and pin it again.")
                            .arg(where, formatFingerprint(pin), formatFingerprint(out.peerSha256));
        } else if (tlsFailed && pin.isEmpty() && !out.peerSha256.isEmpty()) {
            out.failure = AgentFailure::Untrusted;
            out.error = QCoreApplication::translate(
                            "gw::AgentClient",
                            "%1: no trusted CA vouches for the server's certificate (%2). "
                            "Its SHA-256 fingerprint is %3; pin it only after checking it on "
                            "the server.")
                            .arg(where, reply->errorString(), formatFingerprint(out.peerSha256));
        } else if (replyTooLarge(reply)) {
            out.failure = AgentFailure::Protocol;
            out.error = QStringLiteral("%1: the reply is larger than %2 bytes; refused")
                            .arg(where)
                            .arg(maxBytes);
        } else if (reply->error() == QNetworkReply::OperationCanceledError ||
                   reply->error() == QNetworkReply::TimeoutError) {
            out.failure = AgentFailure::Unreachable;
            out.error = QStringLiteral("%1: no complete reply in time (the agent is slow or stuck)")
                            .arg(where);
        } else if (status == 0) {
            out.failure = AgentFailure::Unreachable;
            out.error = QStringLiteral("%1: %2").arg(where, reply->errorString());
        } else if (status != 200) {
            // The agent explains itself in {"error": {"code", "message"}}.
            const QJsonObject e =
                QJsonDocument::fromJson(body).object()[QStringLiteral("error")].toObject();
            const QString message = e[QStringLiteral("message")].toString();
            out.failure = status == 401 || status == 403 ? AgentFailure::Auth
                          : status == 429 || status == 502 || status == 503 || status == 504
                              ? AgentFailure::Unreachable
                              : AgentFailure::Protocol;
            out.error = QStringLiteral("%1: HTTP %2%3")
                            .arg(where)
                            .arg(status)
                            .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message);
        } else if (reply->error() != QNetworkReply::NoError) {
            // 200 but broken off: Content-Length promised more than came.
            out.failure = AgentFailure::Unreachable;
            out.error =
                QStringLiteral("%1: the reply broke off (%2)").arg(where, reply->errorString());
        } else {
            QJsonParseError pe{};
            const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
            if (pe.error != QJsonParseError::NoError || !doc.isObject())
                out.failure = AgentFailure::Protocol;
            if (pe.error != QJsonParseError::NoError)
                out.error = QStringLiteral("%1: malformed JSON at offset %2: %3")
                                .arg(where)
                                .arg(pe.offset)
                                .arg(pe.errorString());
            else if (!doc.isObject())
                out.error = QStringLiteral("%1: expected a JSON object").arg(where);
            else
                out.json = doc.object();
        }
        done(out);
    });
}

AgentJsonReply AgentClient::fetchJsonBlocking(const QString& pathAndQuery)
{
    QEventLoop loop;
    AgentJsonReply result;
    fetchJson(pathAndQuery, [&](const AgentJsonReply& r) {
        result = r;
        loop.quit();
    });
    loop.exec();
    return result;
}

void AgentClient::fetchSnapshot(std::function<void(const AgentReply&)> done)
{
    fetchJson(QStringLiteral("/v1/snapshot"), [this, done](const AgentJsonReply& r) {
        AgentReply out;
        if (!r.json) {
            out.error = r.error;
        } else {
            QString why;
            out.snapshot = snapshotFromJson(*r.json, &why);
            if (!out.snapshot)
                out.error =
                    QStringLiteral("%1: not a snapshot: %2")
                        .arg(m_base.toString(QUrl::RemoveUserInfo) + QStringLiteral("/v1/snapshot"),
                             why);
        }
        done(out);
    });
}

AgentReply AgentClient::fetchSnapshotBlocking()
{
    QEventLoop loop;
    AgentReply result;
    fetchSnapshot([&](const AgentReply& r) {
        result = r;
        loop.quit();
    });
    loop.exec();
    return result;
}

} // namespace gw
