#include "remote/policyclient.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

namespace gw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gw::PolicyClient", text);
}

QStringList stringList(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue& e : v.toArray())
        if (e.isString())
            out << e.toString();
    return out;
}

// {"policy": {...}, "source", "version", "changed_ms", "previous", "persisted"}
bool readPolicyAnswer(const QJsonObject& o, PolicyReply* out, QString* why)
{
    if (!o.value(QStringLiteral("policy")).isObject()) {
        *why = tr("\"policy\": expected an object");
        return false;
    }
    out->policy = o.value(QStringLiteral("policy")).toObject();
    out->source = o.value(QStringLiteral("source")).toString();
    out->text = o.value(QStringLiteral("text")).toString();
    out->version = o.value(QStringLiteral("version")).toInteger();
    out->changedMs = o.value(QStringLiteral("changed_ms")).toInteger();
    if (o.value(QStringLiteral("previous")).isObject())
        out->previous = o.value(QStringLiteral("previous")).toObject();
    out->persisted = o.value(QStringLiteral("persisted")).toBool();
    return true;
}

} // namespace

PolicyClient::PolicyClient(RemoteServer server, QObject* parent)
    : QObject(parent)
    , m_server(std::move(server))
{}

bool PolicyClient::busy() const
{
    return !findChildren<QNetworkReply*>().isEmpty();
}

void PolicyClient::abort()
{
    for (QNetworkReply* r : findChildren<QNetworkReply*>()) {
        r->disconnect(this);
        r->abort();
        r->deleteLater();
    }
}

void PolicyClient::send(const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
                        int timeoutMs, std::function<void(const Raw&)> done)
{
    QUrl url = m_server.url;
    const QUrl relative(pathAndQuery);
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                relative.path());
    url.setQuery(relative.query());
    QNetworkRequest req(url);
    if (!m_server.token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + m_server.token);
    if (!body.isNull())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/toml"));
    req.setTransferTimeout(timeoutMs);
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    QNetworkReply* reply = body.isNull() ? m_nam->sendCustomRequest(req, verb)
                                         : m_nam->sendCustomRequest(req, verb, body);
    reply->setParent(this);
    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    const QByteArray pin = m_server.pinnedSha256;

    guardAgentReply(reply, pin, kMaxReplyBytes);
    connect(reply, &QNetworkReply::finished, this, [reply, where, done = std::move(done)] {
        reply->deleteLater();
        Raw out;
        out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray data = reply->isOpen() ? reply->readAll() : QByteArray();
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
        if (replyPinMismatch(reply)) {
            out.failure = AgentFailure::PinMismatch;
            out.error =
                tr("%1: the server's certificate differs from the pinned one; refused").arg(where);
        } else if (replyTooLarge(reply)) {
            out.failure = AgentFailure::Protocol;
            out.error =
                tr("%1: the reply is larger than %2 bytes; refused").arg(where).arg(kMaxReplyBytes);
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
        } else if (out.status != 200) {
            const QJsonObject e = doc.object().value(QStringLiteral("error")).toObject();
            const QString message = e.value(QStringLiteral("message")).toString();
            out.errors = stringList(e.value(QStringLiteral("errors")));
            out.failure = out.status == 401 || out.status == 403 ? AgentFailure::Auth
                                                                 : AgentFailure::Protocol;
            out.error = QStringLiteral("%1: HTTP %2%3")
                            .arg(where)
                            .arg(out.status)
                            .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message);
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

void PolicyClient::getPolicy(std::function<void(const PolicyReply&)> done)
{
    send("GET", QStringLiteral("/v1/policy"), QByteArray(), m_timeoutMs,
         [done = std::move(done)](const Raw& raw) {
             PolicyReply out;
             out.httpStatus = raw.status;
             out.failure = raw.failure;
             out.error = raw.error;
             QString why;
             if (raw.json && !readPolicyAnswer(*raw.json, &out, &why)) {
                 out.failure = AgentFailure::Protocol;
                 out.error = why;
             }
             out.ok = raw.json && out.error.isEmpty();
             done(out);
         });
}

void PolicyClient::putPolicy(const QByteArray& toml, std::function<void(const PolicyReply&)> done)
{
    // An empty policy is a policy (every default): send it as a body.
    const QByteArray body = toml.isNull() ? QByteArray("") : toml;
    send("PUT", QStringLiteral("/v1/policy"), body, m_timeoutMs,
         [done = std::move(done), name = m_server.name](const Raw& raw) {
             PolicyReply out;
             out.httpStatus = raw.status;
             out.failure = raw.failure;
             out.error = raw.error;
             out.errors = raw.errors;
             if (raw.status == 403) {
                 out.readOnlyToken = true;
                 out.error = tr("%1: this agent's token has read access only; changing the "
                                "policy needs a token with admin scope (HTTP 403)")
                                 .arg(name);
             }
             QString why;
             if (raw.json && !readPolicyAnswer(*raw.json, &out, &why)) {
                 out.failure = AgentFailure::Protocol;
                 out.error = why;
             }
             out.ok = raw.json && out.error.isEmpty();
             done(out);
         });
}

void PolicyClient::replay(const QByteArray& toml, qint64 fromMs, qint64 toMs,
                          std::function<void(const ReplayReply&)> done)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("from"), QString::number(fromMs));
    q.addQueryItem(QStringLiteral("to"), QString::number(toMs));
    const QByteArray body = toml.isNull() ? QByteArray("") : toml;
    send("POST", QStringLiteral("/v1/replay?") + q.toString(QUrl::FullyEncoded), body,
         m_replayTimeoutMs, [done = std::move(done)](const Raw& raw) {
             ReplayReply out;
             out.httpStatus = raw.status;
             out.failure = raw.failure;
             out.error = raw.error;
             out.errors = raw.errors;
             if (raw.json) {
                 const QJsonValue events = raw.json->value(QStringLiteral("events"));
                 if (!events.isArray()) {
                     out.failure = AgentFailure::Protocol;
                     out.error = tr("\"events\": expected an array");
                 } else {
                     out.readings =
                         quint64(raw.json->value(QStringLiteral("readings")).toInteger());
                     for (const QJsonValue& e : events.toArray())
                         out.events << e.toObject();
                 }
             }
             out.ok = raw.json && out.error.isEmpty();
             done(out);
         });
}

} // namespace gw
