#include "remote/coordclient.h"

#include "wire/agentwire.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>

#include <algorithm>
#include <climits>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::CoordClient)
};

constexpr int kDefaultTimeoutMs = 10'000;
constexpr qint64 kMaxReplyBytes = 16 * 1024 * 1024;

// One request, waited for: the wire's checks, wording and failure kinds; a
// refused token (401) adds where the token came from.
AgentCall exchange(const AgentEndpoint& source, const QByteArray& verb, const QString& path,
                   const QUrlQuery& query, const QByteArray& body, int timeoutMs)
{
    const QString pathAndQuery =
        query.isEmpty() ? path : path + QLatin1Char('?') + query.toString(QUrl::FullyEncoded);
    return callAgentBlocking(
        source, {verb, pathAndQuery, body, "application/json", timeoutMs, kMaxReplyBytes});
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

AllocateReply requestAllocation(const AgentEndpoint& source, const AllocateBody& body)
{
    const qint64 timeout =
        std::clamp<qint64>(body.waitMs + kCoordReplyMarginMs, kDefaultTimeoutMs, INT_MAX);
    const AgentCall x = exchange(
        source, "POST", QStringLiteral("/v1/allocate"), {},
        QJsonDocument(allocateBodyJson(body)).toJson(QJsonDocument::Compact), int(timeout));
    AllocateReply out;
    out.httpStatus = x.status;
    out.error = x.error;
    // 409 explains itself in a JSON object too: what qualified, what not.
    if (!(x.status == 200 && x.ok()) && !(x.status == 409 && !x.object.isEmpty()))
        return out;
    const QJsonObject& o = x.object;
    out.waitedMs = o.value(QStringLiteral("waited_ms")).toInteger();
    for (const QJsonValue& v : o.value(QStringLiteral("refused")).toArray())
        out.refused << v.toString();
    for (const QJsonValue& v : o.value(QStringLiteral("notes")).toArray())
        out.notes << v.toString();
    QString why;
    if (x.status == 409) {
        // The error names how many qualified; the units that did are kept.
        out.error = x.message;
        if (out.error.isEmpty())
            out.error = x.error;
        out.overCap = x.code == QLatin1String("over_cap");
        readCandidates(o, "qualified", &out.granted, &why);
        return out;
    }
    const QString where =
        source.url.toString(QUrl::RemoveUserInfo) + QStringLiteral("/v1/allocate");
    out.reservation = reservationFromJson(o.value(QStringLiteral("reservation")).toObject(), &why);
    if (!out.reservation || !readCandidates(o, "granted", &out.granted, &why)) {
        out.reservation.reset();
        out.error = Tr::tr("%1: not an allocation: %2").arg(where, why);
        return out;
    }
    out.cudaVisibleDevices = o.value(QStringLiteral("cuda_visible_devices")).toString();
    if (out.cudaVisibleDevices.isEmpty())
        out.cudaVisibleDevices = out.reservation->units.join(QLatin1Char(','));
    return out;
}

bool releaseAllocation(const AgentEndpoint& source, const QString& id, QString* error)
{
    const AgentCall x =
        exchange(source, "DELETE",
                 QStringLiteral("/v1/allocate/") + QString::fromLatin1(QUrl::toPercentEncoding(id)),
                 {}, QByteArray(), kDefaultTimeoutMs);
    if (x.status == 200)
        return true;
    if (error)
        *error = x.error;
    return false;
}

std::optional<Advice> requestAdvice(const AgentEndpoint& source, const QString& user,
                                    Priority priority, int attempt, QString* error)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("user"), QString::fromLatin1(QUrl::toPercentEncoding(user)));
    q.addQueryItem(QStringLiteral("priority"), priorityName(priority));
    q.addQueryItem(QStringLiteral("attempt"), QString::number(attempt));
    const AgentCall x =
        exchange(source, "GET", QStringLiteral("/v1/advice"), q, QByteArray(), kDefaultTimeoutMs);
    if (!x.error.isEmpty()) {
        if (error)
            *error = x.error;
        return std::nullopt;
    }
    QString why;
    std::optional<Advice> advice = adviceFromJson(*x.json, &why);
    if (!advice && error)
        *error = Tr::tr("%1/v1/advice: not advice: %2")
                     .arg(source.url.toString(QUrl::RemoveUserInfo), why);
    return advice;
}

std::optional<AllocationState> requestAllocationState(const AgentEndpoint& source, QString* error)
{
    const AgentCall x = exchange(source, "GET", QStringLiteral("/v1/allocate"), {}, QByteArray(),
                                 kDefaultTimeoutMs);
    if (!x.error.isEmpty()) {
        if (error)
            *error = x.error;
        return std::nullopt;
    }
    QString why;
    std::optional<AllocationState> state = allocationStateFromJson(*x.json, &why);
    if (!state && error)
        *error = Tr::tr("%1/v1/allocate: not an allocation state: %2")
                     .arg(source.url.toString(QUrl::RemoveUserInfo), why);
    return state;
}

std::optional<QJsonObject> requestTokenBalances(const AgentEndpoint& source, QString* error)
{
    const AgentCall x = exchange(source, "GET", QStringLiteral("/v1/balances"), {}, QByteArray(),
                                 kDefaultTimeoutMs);
    if (x.error.isEmpty() && !x.json->value(QStringLiteral("balances")).isObject()) {
        if (error)
            *error = Tr::tr("%1/v1/balances: no \"balances\" object in the reply")
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

std::optional<QJsonArray> requestTokenLedger(const AgentEndpoint& source, const QString& user,
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
        const AgentCall x = exchange(source, "GET", QStringLiteral("/v1/ledger"), q, QByteArray(),
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
                *error = Tr::tr("%1/v1/ledger: the cursor did not move")
                             .arg(source.url.toString(QUrl::RemoveUserInfo));
            return std::nullopt;
        }
        after = next;
    }
    return out;
}

} // namespace gw
