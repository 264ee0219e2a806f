#include "replaycommand.h"

#include "cliio.h"
#include "policy/policyengine.h"
#include "policy/policyreplay.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gw::cli {

void addReplayOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {QStringLiteral("half-life"),
         CliTr::tr("replay: what if [quota] half_life were DURATION (1h–90d); the fair "
                   "share each user ends with is printed"),
         QStringLiteral("DURATION")});
    parser.addOption(
        {QStringLiteral("share"),
         CliTr::tr("replay: what if user NAME's [quota] share were PERCENT (repeatable)"),
         QStringLiteral("NAME=PERCENT")});
}

std::optional<WhatIf> whatIfOptions(const QCommandLineParser& parser, QString* error)
{
    WhatIf w;
    if (parser.isSet(QStringLiteral("half-life"))) {
        QString why;
        const QString text = parser.value(QStringLiteral("half-life"));
        const auto ms = parsePolicyDuration(text, &why);
        if (!ms || *ms < 3'600'000 || *ms > 90LL * 24 * 3'600'000) {
            *error = CliTr::tr("--half-life: \"%1\" is not a duration from 1h to 90d%2")
                         .arg(text, why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
            return std::nullopt;
        }
        w.halfLifeMs = ms;
    }
    for (const QString& share : parser.values(QStringLiteral("share"))) {
        const QString name = share.section(QLatin1Char('='), 0, 0).trimmed();
        bool ok = false;
        const double percent = share.section(QLatin1Char('='), 1).toDouble(&ok);
        if (name.isEmpty() || !share.contains(QLatin1Char('=')) || !ok || percent < 0 ||
            percent > 100) {
            *error = CliTr::tr("--share: \"%1\" is not NAME=PERCENT with a percent from 0 to 100")
                         .arg(share);
            return std::nullopt;
        }
        w.shares << QuotaShare{name, percent, {}};
    }
    return w;
}

QString fairShareSummary(const QList<PolicyStatus>& statuses, bool json)
{
    if (json) {
        QJsonArray servers;
        for (const PolicyStatus& st : statuses) {
            QJsonArray users, accounts;
            for (const PolicyStatus::User& u : st.users)
                users << QJsonObject{{QStringLiteral("user"), u.user},
                                     {QStringLiteral("quota_percent"), u.quotaPercent},
                                     {QStringLiteral("decayed_usage_hours"), u.decayedUsageHours},
                                     {QStringLiteral("fair_share_factor"), u.fairShareFactor}};
            for (const PolicyStatus::Account& a : st.accounts)
                accounts << QJsonObject{
                    {QStringLiteral("account"), a.account},
                    {QStringLiteral("decayed_usage_hours"), a.decayedUsageHours},
                    {QStringLiteral("fair_share_factor"),
                     a.fairShareFactor ? QJsonValue(*a.fairShareFactor) : QJsonValue()}};
            servers << QJsonObject{{QStringLiteral("server"), st.server},
                                   {QStringLiteral("at_ms"), st.atMs},
                                   {QStringLiteral("users"), users},
                                   {QStringLiteral("accounts"), accounts}};
        }
        return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("fair_share"), servers}})
                                     .toJson(QJsonDocument::Compact)) +
               QLatin1Char('\n');
    }
    QString out;
    for (const PolicyStatus& st : statuses) {
        QStringList users;
        for (const PolicyStatus::User& u : st.users)
            if (u.decayedUsageHours > 0)
                users << CliTr::tr("%1 %2 h, factor %3")
                             .arg(u.user, QString::number(u.decayedUsageHours, 'f', 2),
                                  QString::number(u.fairShareFactor, 'f', 3));
        for (const PolicyStatus::Account& a : st.accounts)
            users << CliTr::tr("account %1 %2 h%3")
                         .arg(a.account, QString::number(a.decayedUsageHours, 'f', 2),
                              a.fairShareFactor
                                  ? CliTr::tr(", factor %1")
                                        .arg(QString::number(*a.fairShareFactor, 'f', 3))
                                  : QString());
        out += CliTr::tr("fair share at the end, %1: %2\n")
                   .arg(st.server, users.isEmpty() ? CliTr::tr("no usage remembered")
                                                   : users.join(QStringLiteral("; ")));
    }
    return out;
}

PolicyCheckOutcome replayOutcome(const ReadingsOptions& readings, const QString& policyPath,
                                 bool json, const WhatIf& whatIf)
{
    PolicyCheckOutcome outcome;
    std::optional<PolicyConfig> policy = replayPolicy(policyPath, &outcome);
    if (!policy)
        return outcome;
    if (whatIf.halfLifeMs)
        policy->quota.halfLifeMs = *whatIf.halfLifeMs;
    for (const QuotaShare& share : whatIf.shares) {
        policy->quota.users.removeIf([&](const QuotaShare& q) { return q.name == share.name; });
        policy->quota.users << share;
    }
    if (readings.fromMs && readings.toMs && *readings.toMs <= *readings.fromMs) {
        outcome.err += CliTr::tr("replay: the range is empty (--to must be after --from)\n");
        outcome.exitCode = kExitUsage;
        return outcome;
    }
    QString error;
    const std::unique_ptr<ReadingStream> stream = openReadings(readings, &error);
    if (!stream) {
        outcome.err += error + QLatin1Char('\n');
        outcome.exitCode = kExitFailed;
        return outcome;
    }
    const bool history = !readings.historyPath.isEmpty();
    if (history && policy->idle.confirmPower)
        outcome.err +=
            CliTr::tr("note: the history keeps no GPU power limit, so idle confirm_power "
                      "checks only that memory stays flat\n");
    PolicyEngine::Options options;
    options.timeZone = readings.timeZone;
    const ReplayResult r =
        replayReadings(*policy, options, [&](QString* why) { return stream->next(why); });
    const std::array<int, 3> counts =
        printReplayEvents(r.events, json, readings.timeZone, &outcome);
    for (const QString& line :
         readingsNotes(*stream, readings.timeZone, readings.fromMs, readings.toMs))
        outcome.err += QStringLiteral("gpuwarden-cli: ") + line + QLatin1Char('\n');
    const qsizetype servers = stream->servers().size();
    outcome.err +=
        CliTr::tr("%1: %2 readings of %3 replayed (%4 outside the range): %5 hog, %6 idle, %7 "
                  "fair-share events (policy: %8)\n")
            .arg(history ? readings.historyPath : readings.tracePath)
            .arg(r.readings)
            .arg(servers == 1 ? CliTr::tr("1 server") : CliTr::tr("%1 servers").arg(servers))
            .arg(stream->skipped())
            .arg(counts[0])
            .arg(counts[1])
            .arg(counts[2])
            .arg(policyPath.isEmpty() ? CliTr::tr("built-in defaults") : policyPath);
    if (whatIf.any()) {
        const QString summary = fairShareSummary(r.statuses, json);
        if (json)
            outcome.out += summary;
        else
            outcome.err +=
                CliTr::tr("what if: half-life %1%2\n")
                    .arg(formatPolicyDuration(policy->quota.halfLifeMs),
                         whatIf.shares.isEmpty()
                             ? QString()
                             : CliTr::tr(", %1 share(s) replaced").arg(whatIf.shares.size())) +
                summary;
    }
    if (!r.error.isEmpty()) {
        outcome.err += r.error + QLatin1Char('\n');
        outcome.exitCode = kExitFailed;
    }
    return outcome;
}

int replayCommand(const QCommandLineParser& parser)
{
    QString error;
    const auto readings =
        readingsOptions(parser, QStringLiteral("replay"), QTimeZone::systemTimeZone(), &error);
    if (!readings)
        return fail(kExitUsage, error);
    const auto whatIf = whatIfOptions(parser, &error);
    if (!whatIf)
        return fail(kExitUsage, error);
    const PolicyCheckOutcome r = replayOutcome(*readings, parser.value(QStringLiteral("policy")),
                                               parser.isSet(QStringLiteral("json")), *whatIf);
    print(stdout, r.out);
    print(stderr, r.err);
    return r.exitCode;
}

} // namespace gw::cli
