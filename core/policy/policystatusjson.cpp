#include "policy/policystatusjson.h"

#include <QJsonArray>

#include <algorithm>

namespace gw {

QJsonObject policyStatusSharesJson(const PolicyStatus& status)
{
    QJsonObject users;
    for (const PolicyStatus::User& u : status.users)
        users.insert(u.user,
                     QJsonObject{{QStringLiteral("quota_percent"), u.quotaPercent},
                                 {QStringLiteral("allowed_percent"), u.allowedPercent},
                                 {QStringLiteral("share_percent"), u.sharePercent},
                                 {QStringLiteral("decayed_usage_hours"), u.decayedUsageHours},
                                 {QStringLiteral("fair_share_factor"), u.fairShareFactor}});
    QJsonObject accounts;
    for (const PolicyStatus::Account& a : status.accounts)
        accounts.insert(
            a.account,
            QJsonObject{{QStringLiteral("users"), QJsonArray::fromStringList(a.users)},
                        {QStringLiteral("decayed_usage_hours"), a.decayedUsageHours},
                        {QStringLiteral("share_percent"),
                         a.sharePercent ? QJsonValue(*a.sharePercent) : QJsonValue()},
                        {QStringLiteral("fair_share_factor"),
                         a.fairShareFactor ? QJsonValue(*a.fairShareFactor) : QJsonValue()}});
    return QJsonObject{{QStringLiteral("users"), users}, {QStringLiteral("accounts"), accounts}};
}

PolicyStatus policyStatusSharesFromJson(const QJsonObject& policy, const QString& server,
                                        qint64 atMs)
{
    PolicyStatus s;
    s.server = server;
    s.atMs = atMs;
    const auto number = [](const QJsonObject& o, const char* key, double fallback) {
        const QJsonValue v = o.value(QLatin1String(key));
        return v.isDouble() ? v.toDouble() : fallback;
    };
    const QJsonObject users = policy.value(QStringLiteral("users")).toObject();
    for (auto it = users.begin(); it != users.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        // Without its factor (an agent from before fair share with memory)
        // the user is not told: a factor of 1 would be made up.
        if (it.key().isEmpty() || !o.value(QStringLiteral("fair_share_factor")).isDouble())
            continue;
        PolicyStatus::User u;
        u.user = it.key();
        u.quotaPercent = number(o, "quota_percent", 100);
        u.allowedPercent = number(o, "allowed_percent", u.quotaPercent);
        u.sharePercent = number(o, "share_percent", 0);
        u.decayedUsageHours = number(o, "decayed_usage_hours", 0);
        u.fairShareFactor = o.value(QStringLiteral("fair_share_factor")).toDouble();
        s.users << u;
    }
    const QJsonObject accounts = policy.value(QStringLiteral("accounts")).toObject();
    for (auto it = accounts.begin(); it != accounts.end(); ++it) {
        if (!it.value().isObject() || it.key().isEmpty())
            continue;
        const QJsonObject o = it.value().toObject();
        PolicyStatus::Account a;
        a.account = it.key();
        for (const QJsonValue& v : o.value(QStringLiteral("users")).toArray())
            if (v.isString())
                a.users << v.toString();
        a.decayedUsageHours = number(o, "decayed_usage_hours", 0);
        if (o.value(QStringLiteral("share_percent")).isDouble())
            a.sharePercent = o.value(QStringLiteral("share_percent")).toDouble();
        if (o.value(QStringLiteral("fair_share_factor")).isDouble())
            a.fairShareFactor = o.value(QStringLiteral("fair_share_factor")).toDouble();
        s.accounts << a;
    }
    return s;
}

} // namespace gw
