#include "sources/prometheusapi.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <memory>

namespace gw {

PrometheusApi::PrometheusApi(QUrl base, QByteArray bearerToken, QObject* parent)
    : QObject(parent)
    , m_base(std::move(base))
    , m_token(std::move(bearerToken))
{}

PrometheusApi::~PrometheusApi()
{
    // Requests still open go now, on this thread, without their callbacks:
    // whoever asked is going away with this object (Source::stop()).
    if (!m_nam)
        return;
    const auto open = m_nam->findChildren<QNetworkReply*>(Qt::FindDirectChildrenOnly);
    for (QNetworkReply* reply : open) {
        reply->disconnect(this);
        reply->abort();
        delete reply;
    }
}

void PrometheusApi::get(const QString& path, const QUrlQuery& query, Callback done)
{
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    QUrl url = m_base;
    QString basePath = url.path();
    while (basePath.endsWith(QLatin1Char('/')))
        basePath.chop(1);
    url.setPath(basePath + path);
    url.setQuery(query);
    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);

    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token);
    request.setTransferTimeout(m_timeoutMs);
    QNetworkReply* reply = m_nam->get(request);

    // The body is kept as it arrives, so an endless reply is cut at the cap
    // instead of filling memory first.
    struct Body
    {
        QByteArray bytes;
        bool tooLarge = false;
    };
    const auto body = std::make_shared<Body>();
    const qint64 maxBytes = m_maxReplyBytes;
    connect(reply, &QNetworkReply::readyRead, reply, [reply, body, maxBytes] {
        body->bytes += reply->readAll();
        if (body->bytes.size() > maxBytes && !body->tooLarge) {
            body->tooLarge = true;
            reply->abort();
        }
    });
    // `this` as the context: the destructor cuts this connection before it
    // aborts the reply, so `done` never runs for a producer that is gone.
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, body, where, done = std::move(done)] {
                reply->deleteLater();
                if (!body->tooLarge && reply->isOpen())
                    body->bytes += reply->readAll();
                done(readReply(reply, body->bytes, body->tooLarge, where));
            });
}

PrometheusApi::Result PrometheusApi::readReply(QNetworkReply* reply, const QByteArray& body,
                                               bool tooLarge, const QString& where) const
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString reason =
        reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString().trimmed();
    const QNetworkReply::NetworkError netError = reply->error();
    const QString netErrorText = reply->errorString();

    Result r;
    r.httpStatus = status;
    auto fail = [&](const QString& why) -> Result {
        r.error = where + QLatin1String(": ") + why;
        return r;
    };
    if (tooLarge)
        return fail(tr("the reply is larger than %1 MiB; refused (ask for a shorter range or "
                       "one host)")
                        .arg(m_maxReplyBytes / (1024 * 1024.0), 0, 'f', 1));
    if (netError == QNetworkReply::OperationCanceledError ||
        netError == QNetworkReply::TimeoutError)
        return fail(tr("no complete reply within %1 s").arg(m_timeoutMs / 1000.0));
    if (status == 0)
        return fail(netErrorText);

    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    const QJsonObject o = doc.object();
    // Prometheus explains a refused query in the body, whatever the status.
    if (o[QLatin1String("status")].toString() == QLatin1String("error"))
        return fail(tr("HTTP %1, %2: %3")
                        .arg(status)
                        .arg(o[QLatin1String("errorType")].toString(),
                             o[QLatin1String("error")].toString()));
    if (status != 200)
        return fail(tr("HTTP %1 %2").arg(status).arg(reason));
    if (netError != QNetworkReply::NoError)
        return fail(tr("the reply broke off (%1)").arg(netErrorText));
    if (pe.error != QJsonParseError::NoError)
        return fail(tr("malformed JSON at offset %1: %2").arg(pe.offset).arg(pe.errorString()));
    if (!doc.isObject())
        return fail(tr("unexpected reply: not a JSON object"));
    if (o[QLatin1String("status")].toString() != QLatin1String("success"))
        return fail(tr("unexpected reply: status is not \"success\""));
    if (!o.contains(QLatin1String("data")))
        return fail(tr("unexpected reply: no data"));
    r.data = o[QLatin1String("data")];
    for (const QJsonValue& w : o[QLatin1String("warnings")].toArray())
        r.warnings << where + QLatin1String(": ") + w.toString();
    return r;
}

} // namespace gw
