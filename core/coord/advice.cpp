#include "coord/advice.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::coord)
};

// "12.5", "50", "0.1": at most two decimals, no trailing zeros.
QString num(double v)
{
    QString s = QString::number(v, 'f', 2);
    while (s.contains(QLatin1Char('.')) &&
           (s.endsWith(QLatin1Char('0')) || s.endsWith(QLatin1Char('.'))))
        s.chop(1);
    return s;
}

QString pct(double v)
{
    return num(v) + QLatin1Char('%');
}

QString duration(qint64 ms)
{
    return formatPolicyDuration(ms);
}

AdviceFactor quotaFactor(const PolicyStatus& status, const PolicyConfig& policy,
                         const QString& user)
{
    for (const PolicyStatus::User& u : status.users)
        if (u.user == user)
            return {u.quotaPercent,
                    Tr::tr("quota %1 for %2, as in effect now").arg(pct(u.quotaPercent), user)};
    const QDateTime at = status.atMs > 0 ? QDateTime::fromMSecsSinceEpoch(status.atMs)
                                         : QDateTime::currentDateTime();
    const int day = at.date().dayOfWeek();
    const int minute = at.time().hour() * 60 + at.time().minute();
    for (const QuotaShare& q : policy.quota.users) {
        if (q.name != user)
            continue;
        bool applies = q.windows.isEmpty();
        for (const QuotaWindow& w : q.windows)
            applies = applies || w.contains(day, minute);
        if (applies)
            return {q.sharePercent,
                    Tr::tr("quota %1 for %2 from [quota.users]").arg(pct(q.sharePercent), user)};
    }
    return {policy.quota.defaultSharePercent,
            Tr::tr("default quota %1 (%2 has no quota of their own in effect now)")
                .arg(pct(policy.quota.defaultSharePercent), user)};
}

QString bandText(const PolicyStatus& status, const PolicyConfig& policy)
{
    const QList<LoadBand>& bands = policy.adaptive.bands;
    const double upTo = status.loadBand >= 0 && status.loadBand < bands.size()
                            ? bands[status.loadBand].upToPercent
                            : 100;
    return Tr::tr("load %1 is in band %2 (up to %3)")
        .arg(pct(status.loadPercent))
        .arg(status.loadBand + 1)
        .arg(pct(upTo));
}

} // namespace

QString priorityName(Priority priority)
{
    switch (priority) {
    case Priority::High:
        return QStringLiteral("high");
    case Priority::Normal:
        break;
    case Priority::Low:
        return QStringLiteral("low");
    }
    return QStringLiteral("normal");
}

std::optional<Priority> parsePriority(const QString& text, QString* error)
{
    const QString t = text.trimmed().toLower();
    for (Priority p : {Priority::High, Priority::Normal, Priority::Low})
        if (t == priorityName(p))
            return p;
    if (error)
        *error = Tr::tr("unknown priority \"%1\" (high, normal or low)").arg(text.trimmed());
    return std::nullopt;
}

int adviceBackoffSeconds(int attempt)
{
    int seconds = kAdviceBackoffBaseSeconds;
    for (int i = 0; i < attempt && seconds < kAdviceBackoffMaxSeconds; ++i)
        seconds *= 2;
    return std::min(seconds, kAdviceBackoffMaxSeconds);
}

Advice adviceFor(const PolicyStatus& status, const PolicyConfig& policy, const QString& user,
                 Priority priority, int attempt)
{
    Advice a;
    a.user = user;
    a.priority = priority;
    a.quota = quotaFactor(status, policy, user);
    for (const PolicyStatus::User& u : status.users)
        if (u.user == user)
            a.sharePercent = u.sharePercent;

    const bool adaptive = policy.adaptive.enabled;
    if (!adaptive) {
        a.band = {1, Tr::tr("adaptive quotas are off: ×1")};
    } else if (priority == Priority::High) {
        a.band = {1, Tr::tr("high priority keeps its quota under load: ×1 (%1: ×%2 for others)")
                         .arg(bandText(status, policy), num(status.bandMultiplier))};
    } else {
        a.band = {status.bandMultiplier,
                  Tr::tr("%1: ×%2").arg(bandText(status, policy), num(status.bandMultiplier))};
    }

    const QString window = duration(policy.adaptive.hostileWindowMs);
    if (!adaptive) {
        a.defensive = {1, Tr::tr("adaptive quotas are off: ×1")};
    } else if (status.defensive) {
        a.defensive = {status.defensiveMultiplier,
                       Tr::tr("defensive mode: hogs for %1 of the last %2 (over %3): ×%4")
                           .arg(pct(status.hogFraction * 100), window,
                                pct(policy.adaptive.hostileHogFraction * 100),
                                num(status.defensiveMultiplier))};
    } else {
        a.defensive = {1, Tr::tr("not defensive: hogs for %1 of the last %2 (at most %3): ×1")
                              .arg(pct(status.hogFraction * 100), window,
                                   pct(policy.adaptive.hostileHogFraction * 100))};
    }
    a.allowedSharePercent = a.quota.value * a.band.value * a.defensive.value;

    const bool topBand = adaptive && policy.adaptive.bands.size() >= 2 &&
                         status.loadBand == int(policy.adaptive.bands.size()) - 1;
    QString why;
    if (priority == Priority::Low && topBand) {
        a.startNow = false;
        why = Tr::tr("low priority pauses first: the server is in its top load band (%1)")
                  .arg(bandText(status, policy));
    } else if (priority == Priority::Low && adaptive && status.defensive) {
        a.startNow = false;
        why = Tr::tr("low priority pauses first: the server is in defensive mode");
    } else if (a.sharePercent + 1e-9 < a.allowedSharePercent) {
        a.startNow = true;
        why = Tr::tr("%1 uses %2 of the server, under the %3 allowed")
                  .arg(user, pct(a.sharePercent), pct(a.allowedSharePercent));
    } else {
        a.startNow = false;
        why = Tr::tr("%1 uses %2 of the server, at or over the %3 allowed")
                  .arg(user, pct(a.sharePercent), pct(a.allowedSharePercent));
    }
    a.waitSeconds = a.startNow ? 0 : adviceBackoffSeconds(attempt);
    a.reason = a.startNow ? Tr::tr("start now: %1").arg(why)
                          : Tr::tr("wait %1 s: %2").arg(a.waitSeconds).arg(why);
    return a;
}

} // namespace gw
