#include "remote/coordclient.h"

#include "remote/agentclient.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <algorithm>
#include <climits>

namespace gw {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::CoordClient", s);
}

constexpr int kDefaultTimeoutMs = 10'000;
constexpr qint64 kMaxReplyBytes = 16 * 1024 * 1024;

struct Exchange
{
    int status = 0;                  // 0: no HTTP answer
    std::optional<QJsonObject> json; // the body, whatever the status, when it is a JSON object
    QString error;                   // empty on 200 with a JSON object
};

// The agent explains itself in {"error": {"code", "message"}}; a plain
// string is taken too.
QString errorMessage(const QJsonObject& o)
{
    const QJsonValue e = o.value(QStringLiteral("error"));
    if (e.isString())
        return e.toString();
    return e.toObject().value(QStringLiteral("message")).toString();
}

// One request, waited for in a local event loop, with AgentClient's checks.
Exchange exchange(const AgentSource& source, const QByteArray& verb, const QString& path,
                  const QUrlQuery& query, const QByteArray& body, int timeoutMs)
{
    QUrl url = source.url;
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) + path);
    url.setQuery(query);
    QNetworkRequest req(url);
    if (!source.token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + source.token);
    if (!body.isNull())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    req.setTransferTimeout(timeoutMs);
    QNetworkAccessManager nam;
    QNetworkReply* reply =
        body.isNull() ? nam.sendCustomRequest(req, verb) : nam.sendCustomRequest(req, verb, body);
    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    const QByteArray pin = source.pinnedSha256;

    guardAgentReply(reply, pin, kMaxReplyBytes);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();

    Exchange out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray data = reply->isOpen() ? reply->readAll() : QByteArray();
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error == QJsonParseError::NoError && doc.isObject())
        out.json = doc.object();
    if (replyPinMismatch(reply)) {
        out.error = tr("%1: the server's certificate differs from the pinned one (%2); refused")
                        .arg(where, formatFingerprint(pin));
    } else if (replyTooLarge(reply)) {
        out.error =
            tr("%1: the reply is larger than %2 bytes; refused").arg(where).arg(kMaxReplyBytes);
    } else if (reply->error() == QNetworkReply::OperationCanceledError ||
               reply->error() == QNetworkReply::TimeoutError) {
        out.error = tr("%1: no complete reply in time (the agent is slow or stuck)").arg(where);
    } else if (out.status == 0) {
        out.error = QStringLiteral("%1: %2").arg(where, reply->errorString());
    } else if (out.status != 200) {
        const QString message = out.json ? errorMessage(*out.json) : QString();
        out.error = QStringLiteral("%1: HTTP %2%3")
                        .arg(where)
                        .arg(out.status)
                        .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message);
        if (out.status == 401)
            out.error += QLatin1Char('\n') + source.tokenOrigin;
    } else if (!out.json) {
        out.error = pe.error != QJsonParseError::NoError
                        ? tr("%1: malformed JSON at offset %2: %3")
                              .arg(where)
                              .arg(pe.offset)
                              .arg(pe.errorString())
                        : tr("%1: expected a JSON object").arg(where);
    }
    delete reply;
    return out;
}

// The candidates of `key` in a reply; false with `why` when one is bad.
bool readCandidates(const QJsonObject& o, const char* key, QList<Candidate>* out, QString* why)
{
    const QJsonArray a = o.value(QLatin1String(key)).toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        QString error;
        const std::optional<Candidate> c = candidateFromJson(a.at(i).toObject(), &error);
        if (!c) {
            *why = QStringLiteral("%1[%2]: %3").arg(QLatin1String(key)).arg(i).arg(error);
            return false;
        }
        out->append(*c);
    }
    return true;
}

} // namespace

AllocateReply requestAllocation(const AgentSource& source, const AllocateBody& body)
{
    const qint64 timeout =
        std::clamp<qint64>(body.waitMs + kCoordReplyMarginMs, kDefaultTimeoutMs, INT_MAX);
    const Exchange x = exchange(
        source, "POST", QStringLiteral("/v1/allocate"), {},
        QJsonDocument(allocateBodyJson(body)).toJson(QJsonDocument::Compact), int(timeout));
    AllocateReply out;
    out.httpStatus = x.status;
    out.error = x.error;
    if (!x.json || (x.status != 200 && x.status != 409))
        return out;
    const QJsonObject& o = *x.json;
    out.waitedMs = o.value(QStringLiteral("waited_ms")).toInteger();
    for (const QJsonValue& v : o.value(QStringLiteral("refused")).toArray())
        out.refused << v.toString();
    QString why;
    if (x.status == 409) {
        // The error names how many qualified; the units that did are kept.
        out.error = errorMessage(o);
        if (out.error.isEmpty())
            out.error = x.error;
        readCandidates(o, "qualified", &out.granted, &why);
        return out;
    }
    const QString where =
        source.url.toString(QUrl::RemoveUserInfo) + QStringLiteral("/v1/allocate");
    out.reservation = reservationFromJson(o.value(QStringLiteral("reservation")).toObject(), &why);
    if (!out.reservation || !readCandidates(o, "granted", &out.granted, &why)) {
        out.reservation.reset();
        out.error = tr("%1: not an allocation: %2").arg(where, why);
        return out;
    }
    out.cudaVisibleDevices = o.value(QStringLiteral("cuda_visible_devices")).toString();
    if (out.cudaVisibleDevices.isEmpty())
        out.cudaVisibleDevices = out.reservation->units.join(QLatin1Char(','));
    return out;
}

bool releaseAllocation(const AgentSource& source, const QString& id, QString* error)
{
    const Exchange x =
        exchange(source, "DELETE",
                 QStringLiteral("/v1/allocate/") + QString::fromLatin1(QUrl::toPercentEncoding(id)),
                 {}, QByteArray(), kDefaultTimeoutMs);
    if (x.status == 200)
        return true;
    if (error)
        *error = x.error;
    return false;
}

std::optional<Advice> requestAdvice(const AgentSource& source, const QString& user,
                                    Priority priority, int attempt, QString* error)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("user"), QString::fromLatin1(QUrl::toPercentEncoding(user)));
    q.addQueryItem(QStringLiteral("priority"), priorityName(priority));
    q.addQueryItem(QStringLiteral("attempt"), QString::number(attempt));
    const Exchange x =
        exchange(source, "GET", QStringLiteral("/v1/advice"), q, QByteArray(), kDefaultTimeoutMs);
    if (!x.error.isEmpty()) {
        if (error)
            *error = x.error;
        return std::nullopt;
    }
    QString why;
    std::optional<Advice> advice = adviceFromJson(*x.json, &why);
    if (!advice && error)
        *error =
            tr("%1/v1/advice: not advice: %2").arg(source.url.toString(QUrl::RemoveUserInfo), why);
    return advice;
}

std::optional<AllocationState> requestAllocationState(const AgentSource& source, QString* error)
{
    const Exchange x = exchange(source, "GET", QStringLiteral("/v1/allocate"), {}, QByteArray(),
                                kDefaultTimeoutMs);
    if (!x.error.isEmpty()) {
        if (error)
            *error = x.error;
        return std::nullopt;
    }
    QString why;
    std::optional<AllocationState> state = allocationStateFromJson(*x.json, &why);
    if (!state && error)
        *error = tr("%1/v1/allocate: not an allocation state: %2")
                     .arg(source.url.toString(QUrl::RemoveUserInfo), why);
    return state;
}

std::optional<QJsonObject> requestTokenBalances(const AgentSource& source, QString* error)
{
    const Exchange x = exchange(source, "GET", QStringLiteral("/v1/balances"), {}, QByteArray(),
                                kDefaultTimeoutMs);
    if (x.error.isEmpty() && !x.json->value(QStringLiteral("balances")).isObject()) {
        if (error)
            *error = tr("%1/v1/balances: no \"balances\" object in the reply")
                         .arg(source.url.toString(QUrl::RemoveUserInfo));
        return std::nullopt;
    }
    if (!x.error.isEmpty()) {
        if (error)
            *error = x.error;
        return std::nullopt;
    }
    return *x.json;
}

std::optional<QJsonArray> requestTokenLedger(const AgentSource& source, const QString& user,
                                             QString* error)
{
    QJsonArray out;
    qint64 after = 0;
    // A bound on pages, so a misbehaving agent cannot keep us here.
    for (int page = 0; page < 10'000; ++page) {
        QUrlQuery q;
        if (!user.isEmpty())
            q.addQueryItem(QStringLiteral("user"), user);
        q.addQueryItem(QStringLiteral("after"), QString::number(after));
        const Exchange x = exchange(source, "GET", QStringLiteral("/v1/ledger"), q, QByteArray(),
                                    kDefaultTimeoutMs);
        if (!x.error.isEmpty()) {
            if (error)
                *error = x.error;
            return std::nullopt;
        }
        const QJsonArray entries = x.json->value(QStringLiteral("entries")).toArray();
        for (const QJsonValue& e : entries)
            out.append(e);
        const qint64 next = x.json->value(QStringLiteral("next")).toInteger(-1);
        if (!x.json->value(QStringLiteral("truncated")).toBool() || entries.isEmpty())
            return out;
        if (next <= after) {
            if (error)
                *error = tr("%1/v1/ledger: the cursor did not move")
                             .arg(source.url.toString(QUrl::RemoveUserInfo));
            return std::nullopt;
        }
        after = next;
    }
    return out;
}

} // namespace gw
