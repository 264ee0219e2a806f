#include "remote/policyclient.h"
#include "wire/agentwire.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::PolicyClient)
};

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
        *why = Tr::tr("\"policy\": expected an object");
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
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    const AgentRequest request{verb,      pathAndQuery,  body, "application/toml",
                               timeoutMs, kMaxReplyBytes};
    callAgent(m_nam, this, m_server, request, [done = std::move(done)](const AgentCall& call) {
        Raw out;
        out.status = call.status;
        out.failure = call.failure;
        out.error = call.error;
        out.errors = stringList(call.errorObject.value(QStringLiteral("errors")));
        out.json = call.json;
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
                 out.error = Tr::tr("%1: this agent's token has read access only; changing the "
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
                     out.error = Tr::tr("\"events\": expected an array");
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
