#include "remote/agentcall.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

namespace gw {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::AgentCall", s);
}

} // namespace

void callAgent(QNetworkAccessManager* nam, QObject* context, const RemoteServer& server,
               const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
               const QByteArray& contentType, int timeoutMs, qint64 maxReplyBytes,
               std::function<void(const AgentCall&)> done)
{
    QUrl url = server.url;
    const QUrl relative(pathAndQuery);
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                    relative.path(QUrl::FullyEncoded),
                QUrl::StrictMode);
    url.setQuery(relative.query());
    QNetworkRequest req(url);
    if (!server.token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + server.token);
    if (!body.isNull())
        req.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    req.setTransferTimeout(timeoutMs);
    QNetworkReply* reply =
        body.isNull() ? nam->sendCustomRequest(req, verb) : nam->sendCustomRequest(req, verb, body);
    reply->setParent(context);
    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    guardAgentReply(reply, server.pinnedSha256, maxReplyBytes);
    QObject::connect(
        reply, &QNetworkReply::finished, context,
        [reply, where, maxReplyBytes, done = std::move(done)] {
            reply->deleteLater();
            AgentCall out;
            out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QByteArray data = reply->isOpen() ? reply->readAll() : QByteArray();
            QJsonParseError pe{};
            const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
            if (replyPinMismatch(reply)) {
                out.failure = AgentFailure::PinMismatch;
                out.error = tr("%1: the server's certificate differs from the pinned one; refused")
                                .arg(where);
            } else if (replyTooLarge(reply)) {
                out.failure = AgentFailure::Protocol;
                out.error = tr("%1: the reply is larger than %2 bytes; refused")
                                .arg(where)
                                .arg(maxReplyBytes);
            } else if (reply->error() == QNetworkReply::SslHandshakeFailedError) {
                out.failure = AgentFailure::Untrusted;
                out.error = tr("%1: %2 (check the certificate in File → Servers…)")
                                .arg(where, reply->errorString());
            } else if (reply->error() == QNetworkReply::OperationCanceledError ||
                       reply->error() == QNetworkReply::TimeoutError) {
                out.failure = AgentFailure::Unreachable;
                out.error = tr("%1: no complete reply in time").arg(where);
            } else if (out.status == 0) {
                out.failure = AgentFailure::Unreachable;
                out.error = QStringLiteral("%1: %2").arg(where, reply->errorString());
            } else if (out.status < 200 || out.status > 299) {
                out.errorObject = doc.object().value(QStringLiteral("error")).toObject();
                out.code = out.errorObject.value(QStringLiteral("code")).toString();
                out.message = out.errorObject.value(QStringLiteral("message")).toString();
                out.failure = out.status == 401 || out.status == 403 ? AgentFailure::Auth
                                                                     : AgentFailure::Protocol;
                const QString said = !out.message.isEmpty() ? out.message : out.code;
                out.error = QStringLiteral("%1: HTTP %2%3")
                                .arg(where)
                                .arg(out.status)
                                .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
            } else if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
                out.failure = AgentFailure::Protocol;
                out.error = pe.error != QJsonParseError::NoError
                                ? tr("%1: malformed JSON at offset %2: %3")
                                      .arg(where)
                                      .arg(pe.offset)
                                      .arg(pe.errorString())
                                : tr("%1: expected a JSON object").arg(where);
            } else {
                out.json = doc.object();
            }
            done(out);
        });
}

} // namespace gw
