#include "clitokens.h"

#include "cliio.h"
#include "policy/policyconfig.h"
#include "readingsoptions.h"
#include "remote/coordclient.h"
#include "remote/sourceoption.h"
#include "tokens/ledger.h"
#include "tokens/tokensjson.h"
#include "tokens/usage.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

#include <algorithm>
#include <chrono>

namespace gw::cli {

namespace {

constexpr qint64 kHourMs = std::chrono::milliseconds(std::chrono::hours(1)).count();

// The [tokens] of a policy file; nothing, with the exit code in *rc and the
// reasons printed, when it cannot be read, is refused or has no [tokens].
std::optional<PolicyConfig::Tokens> tokensRules(const QString& path, int* rc)
{
    const PolicyParseResult r = loadPolicyFile(path);
    for (const QString& w : r.warnings)
        note(w);
    if (!r.config) {
        *rc = fail(r.unreadable ? kExitFailed : kExitUsage, r.errors.join(QLatin1Char('\n')));
        return std::nullopt;
    }
    if (!r.config->tokens.enabled) {
        *rc = fail(kExitUsage, CliTr::tr("%1 has no [tokens] section").arg(path));
        return std::nullopt;
    }
    return r.config->tokens;
}

// Tokens for people: at most three decimals, no trailing zeros ("46", "0.5").
QString amountText(double v, bool sign = false)
{
    QString s = QString::number(v, 'f', 3);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    if (s == QLatin1String("-0"))
        s = QStringLiteral("0");
    if (sign && v > 0)
        s.prepend(QLatin1Char('+'));
    return s;
}

QString timeText(qint64 ms, const QTimeZone& zone)
{
    return QDateTime::fromMSecsSinceEpoch(ms, zone).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

// "no readings from gpu-node-3 2026-11-03 14:00–16:20: not charged" (the
// date once when both ends fall on one day).
QString gapText(const CoverageGap& g, const QTimeZone& zone)
{
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(g.fromMs, zone);
    const QDateTime to = QDateTime::fromMSecsSinceEpoch(g.toMs, zone);
    const QString end =
        from.date() == to.date() ? to.toString(QStringLiteral("HH:mm")) : timeText(g.toMs, zone);
    return CliTr::tr("no readings from %1 %2–%3: not charged")
        .arg(g.server, timeText(g.fromMs, zone), end);
}

// Columns padded to their widest cell: text columns (`text`, by index)
// left-aligned, figures right-aligned; the last column is not padded.
QString table(const QList<QStringList>& rows, const QList<int>& text)
{
    QList<qsizetype> width;
    for (const QStringList& row : rows)
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (width.size() <= i)
                width << 0;
            width[i] = std::max(width[i], row[i].size());
        }
    QString out;
    for (const QStringList& row : rows) {
        QStringList cells;
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (i == width.size() - 1 && text.contains(int(i)))
                cells << row[i];
            else
                cells << (text.contains(int(i)) ? row[i].leftJustified(width[i])
                                                : row[i].rightJustified(width[i]));
        }
        out += cells.join(QStringLiteral("  ")) + QLatin1Char('\n');
    }
    return out;
}

struct UserSums
{
    double spent = 0;               // usage charged in the range
    double granted = 0;             // grants, monthly and daily additions
    QMap<QString, double> gpuHours; // by GPU model
};

QMap<QString, UserSums> sumsOf(const Books& books)
{
    QMap<QString, UserSums> out;
    for (const QString& user : books.balances.keys())
        out[user];
    for (const LedgerEntry& e : books.entries) {
        UserSums& s = out[e.user];
        switch (e.kind) {
        case LedgerEntry::Kind::Usage:
            s.spent -= e.amount;
            s.gpuHours[e.gpuModel] += e.gpuHours;
            break;
        case LedgerEntry::Kind::Grant:
        case LedgerEntry::Kind::Monthly:
        case LedgerEntry::Kind::Daily:
            s.granted += e.amount;
            break;
        case LedgerEntry::Kind::Adjustment:
            break;
        }
    }
    return out;
}

QString booksText(const Books& books, const PolicyConfig::Tokens& rules, const QString& user,
                  const QTimeZone& zone)
{
    QString out;
    const QMap<QString, UserSums> sums = sumsOf(books);
    QList<QStringList> rows{{CliTr::tr("user"), CliTr::tr("balance"), CliTr::tr("spent"),
                             CliTr::tr("granted"), CliTr::tr("GPU-hours by model")}};
    for (auto it = books.balances.begin(); it != books.balances.end(); ++it) {
        const UserSums& s = sums.value(it.key());
        QStringList hours;
        for (auto h = s.gpuHours.begin(); h != s.gpuHours.end(); ++h)
            hours << QStringLiteral("%1 %2 h").arg(h.key(), amountText(h.value()));
        QString balance = amountText(it.value());
        if (books.cutOff.contains(it.key()))
            balance = CliTr::tr("%1 (at or below the floor, %2)")
                          .arg(balance, amountText(rules.overdraftFloor));
        rows << QStringList{it.key(), balance, amountText(s.spent), amountText(s.granted),
                            hours.isEmpty() ? CliTr::tr("none") : hours.join(QStringLiteral(", "))};
    }
    if (books.balances.isEmpty())
        out += CliTr::tr("no users in the range\n");
    else
        out += table(rows, {0, 4});
    if (!user.isEmpty()) {
        out += QLatin1Char('\n') + CliTr::tr("ledger of %1:").arg(user) + QLatin1Char('\n');
        QList<QStringList> lines{{CliTr::tr("time"), CliTr::tr("kind"), CliTr::tr("amount"),
                                  CliTr::tr("balance"), CliTr::tr("what")}};
        double balance = 0;
        for (const LedgerEntry& e : books.entries) {
            if (e.user != user)
                continue;
            balance += e.amount;
            lines << QStringList{timeText(e.atMs, zone), ledgerKindName(e.kind),
                                 amountText(e.amount, true), amountText(balance),
                                 e.detail.isEmpty() ? e.id : e.detail};
        }
        if (lines.size() == 1)
            out += CliTr::tr("no entries\n");
        else
            out += table(lines, {0, 1, 4});
    }
    if (!books.gaps.isEmpty())
        out += QLatin1Char('\n');
    for (const CoverageGap& g : books.gaps)
        out += gapText(g, zone) + QLatin1Char('\n');
    if (!books.warnings.isEmpty())
        out += QLatin1Char('\n');
    for (const QString& w : books.warnings)
        out += CliTr::tr("warning: %1").arg(w) + QLatin1Char('\n');
    return out;
}

QString compareText(const QList<BookDiff>& diffs, QString a, QString b)
{
    // The file names, unless they are the same.
    if (QFileInfo(a).fileName() != QFileInfo(b).fileName()) {
        a = QFileInfo(a).fileName();
        b = QFileInfo(b).fileName();
    }
    QList<QStringList> rows{{CliTr::tr("user"), CliTr::tr("balance (%1)").arg(a),
                             CliTr::tr("balance (%1)").arg(b), CliTr::tr("difference")}};
    for (const BookDiff& d : diffs)
        rows << QStringList{d.user, amountText(d.before), amountText(d.after),
                            amountText(d.after - d.before, true)};
    return table(rows, {0});
}

// --source URL: the books an agent keeps (/v1/balances, and with --user
// the user's /v1/ledger).
int tokensFromAgent(const QCommandLineParser& parser, const QString& user)
{
    QString error;
    const auto source = agentSourceOption(parser, &error);
    if (!source)
        return fail(kExitUsage, error);
    const auto balances = requestTokenBalances(*source, &error);
    if (!balances)
        return fail(kExitFailed, error);
    std::optional<QJsonArray> ledger;
    if (!user.isEmpty()) {
        ledger = requestTokenLedger(*source, user, &error);
        if (!ledger)
            return fail(kExitFailed, error);
    }
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject j = *balances;
        if (ledger)
            j.insert(QStringLiteral("entries"), *ledger);
        print(stdout, QString::fromUtf8(QJsonDocument(j).toJson(QJsonDocument::Indented)));
        return 0;
    }
    const QTimeZone zone = QTimeZone::systemTimeZone();
    const double floor = balances->value(QStringLiteral("overdraft_floor")).toDouble();
    QString out = CliTr::tr("token balances at %1, hours closed up to %2 (%3)\n\n")
                      .arg(source->url.toString(QUrl::RemoveUserInfo),
                           timeText(balances->value(QStringLiteral("as_of_ms")).toInteger(), zone),
                           QString::fromUtf8(zone.id()));
    QList<QStringList> rows{{CliTr::tr("user"), CliTr::tr("balance")}};
    const QJsonObject b = balances->value(QStringLiteral("balances")).toObject();
    for (auto it = b.begin(); it != b.end(); ++it) {
        QString balance = amountText(it.value().toDouble());
        if (it.value().toDouble() <= floor)
            balance = CliTr::tr("%1 (at or below the floor, %2)").arg(balance, amountText(floor));
        rows << QStringList{it.key(), balance};
    }
    out += rows.size() == 1 ? CliTr::tr("no users yet\n") : table(rows, {0});
    if (ledger) {
        out += QLatin1Char('\n') + CliTr::tr("ledger of %1:").arg(user) + QLatin1Char('\n');
        QList<QStringList> lines{{CliTr::tr("time"), CliTr::tr("kind"), CliTr::tr("amount"),
                                  CliTr::tr("balance"), CliTr::tr("what")}};
        double balance = 0;
        for (const QJsonValue& v : std::as_const(*ledger)) {
            const QJsonObject e = v.toObject();
            balance += e.value(QStringLiteral("amount")).toDouble();
            const QString detail = e.value(QStringLiteral("detail")).toString();
            lines << QStringList{
                timeText(e.value(QStringLiteral("at_ms")).toInteger(), zone),
                e.value(QStringLiteral("kind")).toString(),
                amountText(e.value(QStringLiteral("amount")).toDouble(), true), amountText(balance),
                detail.isEmpty() ? e.value(QStringLiteral("id")).toString() : detail};
        }
        out += lines.size() == 1 ? CliTr::tr("no entries\n") : table(lines, {0, 1, 4});
    }
    for (const QJsonValue& w : balances->value(QStringLiteral("warnings")).toArray())
        out += QLatin1Char('\n') + w.toString();
    print(stdout, out);
    return 0;
}

} // namespace

void addTokensOptions(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("compare"),
                      QStringLiteral("tokens: a second policy.toml; each user's balance under "
                                     "both and the difference."),
                      QStringLiteral("file")});
}

int tokensCommand(const QCommandLineParser& parser)
{
    if (parser.isSet(QStringLiteral("source"))) {
        const QString user = parser.value(QStringLiteral("user")).trimmed();
        if (parser.isSet(QStringLiteral("user")) && user.isEmpty())
            return fail(kExitUsage, CliTr::tr("--user must name a user"));
        return tokensFromAgent(parser, user);
    }
    const QString policyPath = parser.value(QStringLiteral("policy"));
    if (policyPath.isEmpty())
        return fail(kExitUsage,
                    CliTr::tr("tokens: give --policy FILE (its [tokens] section prices the "
                              "GPU time)"));
    int rc = 0;
    const auto rules = tokensRules(policyPath, &rc);
    if (!rules)
        return rc;
    const QString comparePath = parser.value(QStringLiteral("compare"));
    std::optional<PolicyConfig::Tokens> other;
    if (parser.isSet(QStringLiteral("compare"))) {
        if (comparePath.isEmpty())
            return fail(kExitUsage, CliTr::tr("--compare must name a policy file"));
        other = tokensRules(comparePath, &rc);
        if (!other)
            return rc;
    }
    const QString user = parser.value(QStringLiteral("user")).trimmed();
    if (parser.isSet(QStringLiteral("user")) && user.isEmpty())
        return fail(kExitUsage, CliTr::tr("--user must name a user"));
    // Times in the books' zone unless --tz says otherwise.
    const QTimeZone booksZone = rules->timeZone.isEmpty() ? QTimeZone::systemTimeZone()
                                                          : QTimeZone(rules->timeZone.toUtf8());
    QString error;
    const auto options =
        readingsOptions(parser, QStringLiteral("tokens"), booksZone, &error, kReadingsDemo);
    if (!options)
        return fail(kExitUsage, error);
    const std::unique_ptr<ReadingStream> source = openReadings(*options, &error);
    if (!source)
        return fail(kExitFailed, error);

    UsageMeter meter;
    std::optional<qint64> first, last;
    while (const auto s = source->next(&error)) {
        meter.feed(*s);
        if (!first)
            first = s->timestampMs;
        // The end of the time the reading can stand for.
        last = std::max(last.value_or(s->timestampMs), s->timestampMs + s->intervalMs.value_or(0));
    }
    if (!error.isEmpty())
        return fail(kExitFailed, error);
    meter.finish();

    // The books charge an hour's use at its end, for the hours that end in
    // (from, until]: --to 02:00 charges use up to 02:00. Without --to, up to
    // the end of the last hour a reading stands in, so every reading read is
    // charged (and no addition due at that moment comes along).
    const qint64 fromMs = options->fromMs.value_or(first ? *first / kHourMs * kHourMs : 0);
    const qint64 untilMs =
        options->toMs.value_or(last ? (*last + kHourMs - 1) / kHourMs * kHourMs : fromMs + kHourMs);
    const QList<UsageFact> facts = meter.facts();
    Books books =
        buildBooks(facts, *rules, fromMs, untilMs, {}, meter.gpuModelsSeen(), meter.gaps());
    books.warnings = meter.warnings() +
                     (rules->charge == PolicyConfig::Tokens::Charge::Used ? meter.usedWarnings()
                                                                          : QStringList()) +
                     books.warnings;
    if (!first)
        books.warnings.prepend(CliTr::tr("no readings in the range"));
    // Intervals inferred and ranges mostly gaps: on stderr, and among the
    // books' warnings.
    books.warnings = noteReadings(*source, options->timeZone, fromMs, untilMs) + books.warnings;
    QList<BookDiff> diffs;
    if (other)
        diffs = compareBooks(books, buildBooks(facts, *other, fromMs, untilMs, {},
                                               meter.gpuModelsSeen(), meter.gaps()));

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject j = booksToJson(books);
        if (other) {
            QJsonArray compare;
            for (const BookDiff& d : diffs)
                compare << QJsonObject{{QStringLiteral("user"), d.user},
                                       {QStringLiteral("before"), d.before},
                                       {QStringLiteral("after"), d.after},
                                       {QStringLiteral("difference"), d.after - d.before}};
            j.insert(QStringLiteral("compare"), compare);
        }
        print(stdout, QString::fromUtf8(QJsonDocument(j).toJson(QJsonDocument::Indented)));
        return 0;
    }
    const QTimeZone zone = options->timeZone;
    QString out = CliTr::tr("token books %1 to %2 (%3), policy %4\n\n")
                      .arg(timeText(fromMs, zone), timeText(untilMs, zone),
                           QString::fromUtf8(zone.id()), policyPath);
    out += booksText(books, *rules, user, zone);
    if (other)
        out += QLatin1Char('\n') + compareText(diffs, policyPath, comparePath);
    print(stdout, out);
    return 0;
}

} // namespace gw::cli
