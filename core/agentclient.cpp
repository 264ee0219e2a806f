#include "agentclient.h"

#include "snapshotjson.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace gw {

AgentClient::AgentClient(QUrl base, QByteArray token, QObject* parent)
    : QObject(parent)
    , m_base(std::move(base))
    , m_token(std::move(token))
    , m_nam(new QNetworkAccessManager(this))
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
    QNetworkReply* reply = m_nam->get(req);
    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    const qint64 maxBytes = m_maxReplyBytes;

    // A reply that grows past the limit is cut off while it arrives, not
    // after it has filled memory.
    connect(reply, &QNetworkReply::downloadProgress, reply,
            [reply, maxBytes](qint64 received, qint64) {
                if (received > maxBytes) {
                    reply->setProperty("gw_too_large", true);
                    reply->abort();
                }
            });
    connect(reply, &QNetworkReply::finished, this, [reply, where, maxBytes, done] {
        reply->deleteLater();
        AgentJsonReply out;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        if (reply->property("gw_too_large").toBool()) {
            out.error = QStringLiteral("%1: the reply is larger than %2 bytes; refused")
                            .arg(where)
                            .arg(maxBytes);
        } else if (reply->error() == QNetworkReply::OperationCanceledError ||
                   reply->error() == QNetworkReply::TimeoutError) {
            out.error = QStringLiteral("%1: no complete reply in time (the agent is slow or stuck)")
                            .arg(where);
        } else if (status == 0) {
            out.error = QStringLiteral("%1: %2").arg(where, reply->errorString());
        } else if (status != 200) {
            // The agent explains itself in {"error": {"code", "message"}}.
            const QJsonObject e =
                QJsonDocument::fromJson(body).object()[QStringLiteral("error")].toObject();
            const QString message = e[QStringLiteral("message")].toString();
            out.error = QStringLiteral("%1: HTTP %2%3")
                            .arg(where)
                            .arg(status)
                            .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message);
        } else if (reply->error() != QNetworkReply::NoError) {
            // 200 but broken off: Content-Length promised more than came.
            out.error =
                QStringLiteral("%1: the reply broke off (%2)").arg(where, reply->errorString());
        } else {
            QJsonParseError pe{};
            const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
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
