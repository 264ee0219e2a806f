#include "agent/keeperreplies.h"

#include "tokens/tokensjson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gw {

namespace {

// A whole number of JSON not below 0 and exact in a double (the agents
// write their integers so).
std::optional<qint64> wholeNumber(const QJsonValue& v)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (!(d >= 0 && d <= 9007199254740992.0) || d != double(qint64(d)))
        return std::nullopt;
    return qint64(d);
}

std::nullopt_t refuse(QString* error, const QString& what)
{
    if (error)
        *error = what;
    return std::nullopt;
}

} // namespace

std::optional<PeerUsagePage> peerUsagePageFromJson(const QByteArray& body, quint64 after,
                                                   QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (!doc.isObject())
        return refuse(error,
                      QStringLiteral("not a JSON object (%1)").arg(parseError.errorString()));
    const QJsonObject o = doc.object();
    PeerUsagePage page;
    page.stream = o.value(QStringLiteral("stream")).toString();
    if (page.stream.isEmpty())
        return refuse(error, QStringLiteral("stream: expected a non-empty string"));
    const auto next = wholeNumber(o.value(QStringLiteral("next")));
    if (!next || quint64(*next) < after)
        return refuse(error,
                      QStringLiteral("next: expected a whole number not below %1").arg(after));
    page.next = quint64(*next);
    const auto lastSequence = wholeNumber(o.value(QStringLiteral("last_sequence")));
    if (!lastSequence)
        return refuse(error, QStringLiteral("last_sequence: expected a whole number"));
    page.lastSequence = quint64(*lastSequence);
    const QJsonValue truncated = o.value(QStringLiteral("truncated"));
    if (!truncated.isBool())
        return refuse(error, QStringLiteral("truncated: expected true or false"));
    page.truncated = truncated.toBool();
    const QJsonValue usage = o.value(QStringLiteral("usage"));
    if (!usage.isArray())
        return refuse(error, QStringLiteral("usage: expected an array"));
    const QJsonArray items = usage.toArray();
    quint64 last = after;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString path = QStringLiteral("usage[%1]").arg(i);
        if (!items[i].isObject())
            return refuse(error, path + QStringLiteral(": expected an object"));
        QJsonObject item = items[i].toObject();
        const auto sequence = wholeNumber(item.take(QStringLiteral("sequence")));
        if (!sequence || quint64(*sequence) <= last || quint64(*sequence) > page.next)
            return refuse(error, path + QStringLiteral(".sequence: expected a number above %1, "
                                                       "not above next")
                                            .arg(last));
        QString why;
        const auto fact = usageFactFromJson(item, &why, path);
        if (!fact)
            return refuse(error, why);
        last = quint64(*sequence);
        page.facts.append({last, *fact});
    }
    // Older agents do not state their gaps.
    const QJsonValue gaps = o.value(QStringLiteral("gaps"));
    if (!gaps.isUndefined() && !gaps.isArray())
        return refuse(error, QStringLiteral("gaps: expected an array"));
    const QJsonArray list = gaps.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        QString why;
        const auto gap =
            coverageGapFromJson(list[i].toObject(), &why, QStringLiteral("gaps[%1]").arg(i));
        if (!gap)
            return refuse(error, why);
        page.gaps.append(*gap);
    }
    return page;
}

std::optional<BalanceView> balanceViewFromJson(const QJsonObject& o, QString* error)
{
    BalanceView v;
    const QJsonValue balances = o.value(QStringLiteral("balances"));
    if (!balances.isObject())
        return refuse(error, QStringLiteral("balances: expected an object"));
    const QJsonObject b = balances.toObject();
    for (auto it = b.begin(); it != b.end(); ++it) {
        if (!it.value().isDouble())
            return refuse(error, QStringLiteral("balances.%1: expected a number").arg(it.key()));
        v.balances.insert(it.key(), it.value().toDouble());
    }
    const QJsonValue cutOff = o.value(QStringLiteral("cut_off"));
    if (!cutOff.isArray())
        return refuse(error, QStringLiteral("cut_off: expected an array"));
    const QJsonArray users = cutOff.toArray();
    for (qsizetype i = 0; i < users.size(); ++i) {
        if (!users[i].isString())
            return refuse(error, QStringLiteral("cut_off[%1]: expected a string").arg(i));
        v.cutOff.append(users[i].toString());
    }
    const QJsonValue floor = o.value(QStringLiteral("overdraft_floor"));
    if (!floor.isDouble())
        return refuse(error, QStringLiteral("overdraft_floor: expected a number"));
    v.overdraftFloor = floor.toDouble();
    const auto asOf = wholeNumber(o.value(QStringLiteral("as_of_ms")));
    if (!asOf)
        return refuse(error, QStringLiteral("as_of_ms: expected a whole number"));
    v.asOfMs = *asOf;
    const QJsonValue keeper = o.value(QStringLiteral("keeper"));
    if (!keeper.isUndefined() && !keeper.isString())
        return refuse(error, QStringLiteral("keeper: expected a string"));
    v.keeper = keeper.toString();
    v.valid = true;
    return v;
}

} // namespace gw
