#include "policy/policyschema.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace gw {

namespace {

constexpr double kSecond = 1000;
constexpr double kMinute = 60 * kSecond;
constexpr double kHour = 60 * kMinute;
constexpr double kDay = 24 * kHour;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

using Type = PolicyKeyType;
using Tokens = PolicyConfig::Tokens;
using Mode = PolicyConfig::Tokens::Enforcement::Mode;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::policy)
};

QJsonValue duration(qint64 ms)
{
    return QJsonObject{{QStringLiteral("text"), formatPolicyDuration(ms)},
                       {QStringLiteral("ms"), ms}};
}

QJsonValue word(const char* w)
{
    return QString::fromLatin1(w);
}

QJsonValue sharesJson(const QList<QuotaShare>& shares)
{
    QJsonArray out;
    for (const QuotaShare& s : shares) {
        QJsonArray windows;
        for (const QuotaWindow& w : s.windows)
            windows << w.text;
        out << QJsonObject{{QStringLiteral("name"), s.name},
                           {QStringLiteral("share_percent"), s.sharePercent},
                           {QStringLiteral("windows"), windows}};
    }
    return out;
}

QString onOff(bool on)
{
    return on ? Tr::tr("on") : Tr::tr("off");
}

QString durations(const QList<qint64>& list)
{
    QStringList out;
    for (qint64 ms : list)
        out << formatPolicyDuration(ms);
    return out.join(QStringLiteral(", "));
}

// --- `policy check`'s lines ---------------------------------------------------

QString hogSummary(const PolicyConfig& c)
{
    const QString scope = c.hog.scope == HogScope::Process    ? Tr::tr("process")
                          : c.hog.scope == HogScope::User     ? Tr::tr("user")
                          : c.hog.scope == HogScope::Workload ? Tr::tr("workload")
                                                              : Tr::tr("account");
    return Tr::tr("hog: %1 % GPU for %2, per %3, alert %4")
        .arg(c.hog.thresholdPercent)
        .arg(formatPolicyDuration(c.hog.durationMs), scope, onOff(c.hog.alert));
}

QString idleSummary(const PolicyConfig& c)
{
    QString line =
        Tr::tr("idle: below %1 % GPU for %2 holding ≥ %3 MiB, power check %4; warnings "
               "%5; then %6%7, SIGKILL after %8")
            .arg(c.idle.minGpuUtilizationPercent)
            .arg(formatPolicyDuration(c.idle.timeWindowMs))
            .arg(c.idle.minMemoryMib)
            .arg(onOff(c.idle.confirmPower),
                 c.idle.warningsMs.isEmpty() ? Tr::tr("none") : durations(c.idle.warningsMs),
                 c.idle.action == IdleAction::Notify ? Tr::tr("notify") : Tr::tr("terminate"),
                 c.idle.dryRun ? Tr::tr(" (dry run)") : QString(),
                 formatPolicyDuration(c.idle.killGraceMs));
    if (!c.idle.exemptUsers.isEmpty() || !c.idle.exemptCommands.isEmpty())
        line += QLatin1Char('\n') +
                Tr::tr("idle exempt: %1")
                    .arg((c.idle.exemptUsers + c.idle.exemptCommands).join(QStringLiteral(", ")));
    return line;
}

QString quotaSummary(const PolicyConfig& c)
{
    const auto shares = [](const QList<QuotaShare>& list, const QString& prefix) {
        QStringList out;
        for (const QuotaShare& s : list) {
            QStringList windows;
            for (const QuotaWindow& w : s.windows)
                windows << w.text;
            out << QStringLiteral("%1%2 %3 %%4")
                       .arg(prefix, s.name)
                       .arg(s.sharePercent)
                       .arg(windows.isEmpty()
                                ? QString()
                                : QStringLiteral(" (%1)").arg(windows.join(QStringLiteral(", "))));
        }
        return out;
    };
    return Tr::tr("quota: over %1, default %2 %; %3")
        .arg(formatPolicyDuration(c.quota.windowMs))
        .arg(c.quota.defaultSharePercent)
        .arg((shares(c.quota.users, QString()) + shares(c.quota.groups, QStringLiteral("@")))
                 .join(QStringLiteral(", ")));
}

// [accounts.NAME] as JSON, with the file's keys: {"name", "members" (users,
// then "@groups"), "max_gpus", "max_gpus_per_member", "share" where set}.
QJsonValue accountsJson(const QList<AccountSpec>& accounts)
{
    QJsonArray out;
    for (const AccountSpec& a : accounts) {
        QStringList members = a.users;
        for (const QString& g : a.groups)
            members << QLatin1Char('@') + g;
        QJsonObject o{{QStringLiteral("name"), a.name},
                      {QStringLiteral("members"), QJsonArray::fromStringList(members)},
                      {QStringLiteral("max_gpus"), a.maxGpus},
                      {QStringLiteral("max_gpus_per_member"), a.maxGpusPerMember}};
        if (a.sharePercent)
            o.insert(QStringLiteral("share"), *a.sharePercent);
        out << o;
    }
    return out;
}

QString accountsSummary(const PolicyConfig& c)
{
    const auto& a = c.accounts;
    const auto cap = [](int n) {
        return n > 0 ? QString::number(n) : Tr::tr("no cap");
    };
    QStringList lines;
    lines << Tr::tr("accounts: GPUs per person %1; the cap rule %2")
                 .arg(cap(a.maxGpusPerUser), a.dryRun ? Tr::tr("in dry run") : Tr::tr("acts"));
    for (const AccountSpec& x : a.list) {
        QStringList members = x.users;
        for (const QString& g : x.groups)
            members << QLatin1Char('@') + g;
        lines << Tr::tr("account %1: %2; GPUs %3, per member %4%5")
                     .arg(x.name,
                          members.isEmpty() ? Tr::tr("(members from the owner rules)")
                                            : members.join(QStringLiteral(", ")),
                          cap(x.maxGpus), cap(x.maxGpusPerMember),
                          x.sharePercent ? Tr::tr("; share %1 %").arg(*x.sharePercent) : QString());
    }
    return lines.join(QLatin1Char('\n'));
}

QString adaptiveSummary(const PolicyConfig& c)
{
    QStringList bands;
    for (const LoadBand& b : c.adaptive.bands)
        bands << QStringLiteral("≤%1 % busy ×%2").arg(b.upToPercent).arg(b.multiplier);
    return Tr::tr("adaptive: %1; %2; defensive ×%3 when hogs are present over %4 % of %5")
        .arg(onOff(c.adaptive.enabled), bands.join(QStringLiteral(", ")))
        .arg(c.adaptive.defensiveMultiplier)
        .arg(c.adaptive.hostileHogFraction * 100)
        .arg(formatPolicyDuration(c.adaptive.hostileWindowMs));
}

QString alertsSummary(const PolicyConfig& c)
{
    if (c.alerts.webhookUrl.isEmpty())
        return Tr::tr("alerts: no webhook");
    return Tr::tr(
               "alerts: webhook %1, at most one per kind and user every %2, %3 retries, timeout %4")
        .arg(redactedWebhookUrl(c.alerts.webhookUrl), formatPolicyDuration(c.alerts.rateLimitMs))
        .arg(c.alerts.retries)
        .arg(formatPolicyDuration(c.alerts.timeoutMs));
}

// [contacts.NAME] as JSON: the person, their address and language, and the
// other ways they are told by name only: webhook and topic URLs carry their
// secret in the path, so the writer leaves the tables out (redacted).
QJsonValue contactsJson(const QList<ContactSpec>& contacts)
{
    QJsonArray out;
    for (const ContactSpec& x : contacts) {
        QJsonObject o{{QStringLiteral("user"), x.user}};
        if (!x.email.isEmpty())
            o.insert(QStringLiteral("email"), x.email);
        if (!x.matrixRoom.isEmpty())
            o.insert(QStringLiteral("matrix"), x.matrixRoom);
        if (!x.slackUrl.isEmpty())
            o.insert(QStringLiteral("slack"), redactedWebhookUrl(x.slackUrl));
        if (!x.mattermostUrl.isEmpty())
            o.insert(QStringLiteral("mattermost"), redactedWebhookUrl(x.mattermostUrl));
        if (!x.ntfyUrl.isEmpty())
            o.insert(QStringLiteral("ntfy"), redactedWebhookUrl(x.ntfyUrl));
        if (!x.language.isEmpty())
            o.insert(QStringLiteral("language"), x.language);
        if (x.terminals)
            o.insert(QStringLiteral("terminals"), *x.terminals);
        o.insert(QStringLiteral("opt_out"), x.optOut);
        out << o;
    }
    return out;
}

QString contactsSummary(const PolicyConfig& c)
{
    const auto& k = c.contacts;
    QStringList ways;
    if (!k.smtpRelay.isEmpty())
        ways << Tr::tr("mail through %1").arg(redactedWebhookUrl(k.smtpRelay));
    else
        ways << Tr::tr("mail through %1").arg(k.sendmail);
    if (!k.matrixHomeserver.isEmpty())
        ways << Tr::tr("Matrix at %1").arg(redactedWebhookUrl(k.matrixHomeserver));
    ways << (k.terminals ? Tr::tr("terminals") : Tr::tr("no terminals"));
    const qsizetype quiet =
        std::count_if(k.list.begin(), k.list.end(), [](const ContactSpec& x) { return x.optOut; });
    return Tr::tr("contacts: %1 listed%2%3; default address %4; %5")
        .arg(k.list.size())
        .arg(k.file.isEmpty() ? QString() : Tr::tr(", more in %1").arg(k.file),
             quiet > 0 ? Tr::tr(", %1 opted out of notices that enforce nothing").arg(quiet)
                       : QString(),
             k.emailPattern.isEmpty() ? Tr::tr("none") : k.emailPattern,
             ways.join(QStringLiteral(", ")));
}

QString allocateSummary(const PolicyConfig& c)
{
    return Tr::tr(
               "allocate: score %1 × free memory + %2 × idle; reservations last %3, waits at most "
               "%4")
        .arg(c.allocate.freeMemoryWeight)
        .arg(c.allocate.idleWeight)
        .arg(formatPolicyDuration(c.allocate.defaultTtlMs),
             formatPolicyDuration(c.allocate.maxWaitMs));
}

const char* chargeWord(Tokens::Charge charge)
{
    switch (charge) {
    case Tokens::Charge::Held:
        return "held";
    case Tokens::Charge::Used:
        return "used";
    case Tokens::Charge::Energy:
        return "energy";
    }
    return "held";
}

QString tokensSummary(const PolicyConfig& c)
{
    if (!c.tokens.enabled)
        return Tr::tr("tokens: no books");
    const auto& t = c.tokens;
    QStringList prices;
    for (const auto& p : t.prices)
        prices << QStringLiteral("%1 %2").arg(p.pattern).arg(p.perGpuHour);
    prices << Tr::tr("others %1").arg(t.defaultPrice);
    const QString pricing =
        t.charge == Tokens::Charge::Energy
            ? Tr::tr("%1 per kWh (energy used)").arg(t.perKwh)
            : Tr::tr("%1 per GPU-hour (%2)")
                  .arg(prices.join(QStringLiteral(", ")), t.charge == Tokens::Charge::Held
                                                              ? Tr::tr("memory held")
                                                              : Tr::tr("weighted by use"));
    QStringList lines;
    lines << Tr::tr("tokens: %1; initial %2, monthly %3, daily %4 %5, floor %6; days in %7")
                 .arg(pricing)
                 .arg(t.initial)
                 .arg(t.monthly)
                 .arg(t.daily)
                 .arg(t.dailyWhen == Tokens::DailyWhen::Negative ? Tr::tr("while negative")
                                                                 : Tr::tr("always"))
                 .arg(t.overdraftFloor)
                 .arg(t.timeZone.isEmpty() ? Tr::tr("this machine's zone") : t.timeZone);
    if (!t.users.isEmpty())
        lines << Tr::tr("tokens users: %1").arg(t.users.join(QStringLiteral(", ")));
    const auto& e = t.enforcement;
    lines << Tr::tr("tokens enforcement: %1%2; demand %3 % for %4%5; steps every %6, kill grace %7")
                 .arg(enforceModeName(e.mode), e.dryRun ? Tr::tr(" (dry run)") : QString())
                 .arg(e.demandUtilisationPercent)
                 .arg(formatPolicyDuration(e.demandForMs),
                      e.demandOnRefusedAllocation ? Tr::tr(" or a refused allocation") : QString(),
                      formatPolicyDuration(e.stepAfterMs), formatPolicyDuration(e.killGraceMs));
    return lines.join(QLatin1Char('\n'));
}

QString energySummary(const PolicyConfig& c)
{
    const auto& e = c.energy;
    const QString price =
        e.pricePerKwh ? Tr::tr("%1 %2 per kWh")
                            .arg(*e.pricePerKwh)
                            .arg(e.currency.isEmpty() ? Tr::tr("(no currency)") : e.currency)
                      : Tr::tr("no price");
    const QString co2 = e.gramsCo2PerKwh ? Tr::tr("%1 g CO2 per kWh").arg(*e.gramsCo2PerKwh)
                                         : Tr::tr("no CO2 intensity");
    return Tr::tr("energy: %1; %2").arg(price, co2);
}

QString ownersSummary(const PolicyConfig& c)
{
    const auto& o = c.owners;
    const auto mapping = [](const QString& name, const owners::OwnerMapping& m) {
        QStringList to;
        if (!m.user.isEmpty())
            to << m.user;
        if (!m.account.isEmpty())
            to << Tr::tr("account %1").arg(m.account);
        return QStringLiteral("%1 → %2").arg(name, to.join(QStringLiteral(", ")));
    };
    QStringList lines;
    lines << Tr::tr("owners: labels %1 and %2, Slurm's user and account %3")
                 .arg(o.userLabel.isEmpty() ? Tr::tr("(none)") : o.userLabel,
                      o.accountLabel.isEmpty() ? Tr::tr("(none)") : o.accountLabel, onOff(o.slurm));
    if (!o.namespaces.isEmpty()) {
        QStringList names = o.namespaces.keys();
        names.sort();
        QStringList out;
        for (const QString& n : std::as_const(names))
            out << mapping(n, o.namespaces.value(n));
        lines << Tr::tr("owners namespaces: %1").arg(out.join(QStringLiteral("; ")));
    }
    if (!o.containers.isEmpty()) {
        QStringList out;
        for (const auto& [pattern, m] : o.containers)
            out << mapping(pattern, m);
        lines << Tr::tr("owners containers: %1").arg(out.join(QStringLiteral("; ")));
    }
    const auto& x = c.exempt;
    if (!x.isEmpty()) {
        QStringList out;
        const auto add = [&out](const QString& what, const QStringList& list) {
            if (!list.isEmpty())
                out << QStringLiteral("%1 %2").arg(what, list.join(QStringLiteral(", ")));
        };
        add(Tr::tr("namespaces"), x.namespaces);
        add(Tr::tr("labels"), x.labels);
        add(Tr::tr("accounts"), x.accounts);
        add(Tr::tr("Slurm jobs"), x.jobs);
        lines << Tr::tr("owners exempt: %1").arg(out.join(QStringLiteral("; ")));
    }
    return lines.join(QLatin1Char('\n'));
}

QJsonValue mappingsJson(const QList<std::pair<QString, owners::OwnerMapping>>& list,
                        const char* nameKey)
{
    QJsonArray out;
    for (const auto& [name, m] : list)
        out << QJsonObject{{QLatin1String(nameKey), name},
                           {QStringLiteral("user"), m.user},
                           {QStringLiteral("account"), m.account},
                           {QStringLiteral("line"), m.line}};
    return out;
}

// [owners.namespaces] in file order (then by name: a rule made in code has no line).
QJsonValue namespacesJson(const QHash<QString, owners::OwnerMapping>& namespaces)
{
    QList<std::pair<QString, owners::OwnerMapping>> list;
    for (auto it = namespaces.cbegin(); it != namespaces.cend(); ++it)
        list.append({it.key(), it.value()});
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
        return std::tie(a.second.line, a.first) < std::tie(b.second.line, b.first);
    });
    return mappingsJson(list, "name");
}

// --- the table ------------------------------------------------------------------

// Short forms for the rows.
#define GW_GET(...)                                                                                \
    [](const PolicyConfig& c) -> QJsonValue {                                                      \
        return __VA_ARGS__;                                                                        \
    }
#define GW_SET(...)                                                                                \
    [](PolicyConfig& c, const QVariant& v) {                                                       \
        __VA_ARGS__;                                                                               \
    }

QList<PolicySection> makeSchema()
{
    QList<PolicySection> s;
    s << PolicySection{
        "hog",
        QT_TRANSLATE_NOOP("gw::PolicySchema", "Hog: a GPU kept busy"),
        {
            {"threshold_percent",
             Type::Number,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "GPU utilisation at or above which a process counts towards a hog"),
             {},
             GW_GET(c.hog.thresholdPercent),
             GW_SET(c.hog.thresholdPercent = v.toDouble()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Utilisation at least:")},
            {"duration",
             Type::Duration,
             kSecond,
             7 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "held this long makes a hog"),
             {},
             GW_GET(duration(c.hog.durationMs)),
             GW_SET(c.hog.durationMs = v.toLongLong()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "For at least:"),
             "10m"},
            {"scope",
             Type::Choice,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "each process on its own, or an owner's, a workload's or an account's "
                 "processes together"),
             {{"process", QT_TRANSLATE_NOOP("gw::PolicySchema", "each process")},
              {"user", QT_TRANSLATE_NOOP("gw::PolicySchema", "an owner's processes together")},
              {"workload", QT_TRANSLATE_NOOP("gw::PolicySchema",
                                             "a container's, pod's or job's processes together")},
              {"account",
               QT_TRANSLATE_NOOP("gw::PolicySchema", "an account's processes together")}},
             GW_GET(hogScopeName(c.hog.scope)),
             GW_SET(c.hog.scope = HogScope(v.toInt())),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Judge:")},
            {"alert",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "raise an alert when a hog is found"),
             {},
             GW_GET(c.hog.alert),
             GW_SET(c.hog.alert = v.toBool()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Alert when a hog is found")},
        },
        nullptr,
        hogSummary};
    s << PolicySection{
        "idle",
        QT_TRANSLATE_NOOP("gw::PolicySchema", "Idle: GPU memory held but unused"),
        {
            {"min_gpu_utilization",
             Type::Number,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "below this GPU utilisation a process is idle"),
             {},
             GW_GET(c.idle.minGpuUtilizationPercent),
             GW_SET(c.idle.minGpuUtilizationPercent = v.toDouble()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Utilisation below:")},
            {"time_window",
             Type::Duration,
             kMinute,
             7 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "idle for this long is judged idle"),
             {},
             GW_GET(duration(c.idle.timeWindowMs)),
             GW_SET(c.idle.timeWindowMs = v.toLongLong()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "For at least:"),
             "30m"},
            {"min_memory_mib",
             Type::WholeNumber,
             0,
             16 * 1024 * 1024,
             "MiB",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "only processes holding at least this much GPU memory count"),
             {},
             GW_GET(c.idle.minMemoryMib),
             GW_SET(c.idle.minMemoryMib = qint64(v.toDouble())),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Holding at least:")},
            {"confirm_power",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "near-idle power draw and flat memory must confirm an idle verdict"),
             {},
             GW_GET(c.idle.confirmPower),
             GW_SET(c.idle.confirmPower = v.toBool())},
            {"warnings",
             Type::Durations,
             kSecond,
             7 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "warnings before the action, as time left before it"),
             {},
             GW_GET([&] {
                 QJsonArray out;
                 for (qint64 w : c.idle.warningsMs)
                     out << duration(w);
                 return out;
             }()),
             nullptr,
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Warn before acting:"),
             "15m, 5m"},
            {"action",
             Type::Choice,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "what is done to an idle process"),
             {{"notify", QT_TRANSLATE_NOOP("gw::PolicySchema", "notify the owner")},
              {"terminate", QT_TRANSLATE_NOOP("gw::PolicySchema", "terminate the process")}},
             GW_GET(word(c.idle.action == IdleAction::Notify ? "notify" : "terminate")),
             GW_SET(c.idle.action = v.toInt() == 0 ? IdleAction::Notify : IdleAction::Terminate),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Then:")},
            {"dry_run",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "record what would be done, do nothing"),
             {},
             GW_GET(c.idle.dryRun),
             GW_SET(c.idle.dryRun = v.toBool()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "Dry run: record what would be done, do nothing")},
            {"exempt_users",
             Type::Accounts,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "user names never touched"),
             {},
             GW_GET(QJsonArray::fromStringList(c.idle.exemptUsers)),
             GW_SET(c.idle.exemptUsers = v.toStringList()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Exempt users:"),
             QT_TRANSLATE_NOOP("gw::PolicySchema", "user names, comma-separated")},
            {"exempt_commands",
             Type::Names,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "command names never touched"),
             {},
             GW_GET(QJsonArray::fromStringList(c.idle.exemptCommands)),
             GW_SET(c.idle.exemptCommands = v.toStringList()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Exempt commands:"),
             QT_TRANSLATE_NOOP("gw::PolicySchema", "commands, comma-separated")},
            {"kill_grace",
             Type::Duration,
             kSecond,
             10 * kMinute,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "after SIGTERM, SIGKILL follows after this"),
             {},
             GW_GET(duration(c.idle.killGraceMs)),
             GW_SET(c.idle.killGraceMs = v.toLongLong())},
        },
        nullptr,
        idleSummary};
    s << PolicySection{
        "quota",
        QT_TRANSLATE_NOOP("gw::PolicySchema", "Fair share: quotas"),
        {
            {"window",
             Type::Duration,
             kMinute,
             7 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "fair share is measured over this sliding window"),
             {},
             GW_GET(duration(c.quota.windowMs)),
             GW_SET(c.quota.windowMs = v.toLongLong()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Measured over:"),
             "1h"},
            {"half_life",
             Type::Duration,
             kHour,
             90 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "fair share's memory: usage this long ago weighs half; the "
                               "caller who used least lately gets the next free GPU"),
             {},
             GW_GET(duration(c.quota.halfLifeMs)),
             GW_SET(c.quota.halfLifeMs = v.toLongLong()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Memory (half-life):"),
             "7d"},
            {"default_share",
             Type::Number,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "share of the server for users listed nowhere (100: no limit)"),
             {},
             GW_GET(c.quota.defaultSharePercent),
             GW_SET(c.quota.defaultSharePercent = v.toDouble()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Users not listed:")},
            {"users",
             Type::Shares,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "one key per user name"),
             {},
             GW_GET(sharesJson(c.quota.users))},
            {"groups",
             Type::Shares,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "one key per Unix group (members resolved on the server)"),
             {},
             GW_GET(sharesJson(c.quota.groups))},
        },
        nullptr,
        quotaSummary};
    s << PolicySection{
        "accounts",
        QT_TRANSLATE_NOOP("gw::PolicySchema", "Accounts: caps on GPUs at once"),
        {
            {"max_gpus_per_user",
             Type::Integer,
             0,
             double(kMaxGpusPerServer),
             "GPUs",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "GPUs and MIG instances one person holds at once, whatever the account; 0: "
                 "no cap"),
             {},
             GW_GET(c.accounts.maxGpusPerUser),
             GW_SET(c.accounts.maxGpusPerUser = v.toInt()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "GPUs per person at most:")},
            {"dry_run",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "the cap rule's steps for a holding past a cap recorded as \"would\", "
                 "nothing done"),
             {},
             GW_GET(c.accounts.dryRun),
             GW_SET(c.accounts.dryRun = v.toBool()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Dry run: record what the cap rule would do")},
            {"accounts",
             Type::AccountTables,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "[accounts.NAME]: members = [\"alice\", \"@lab\"], max_gpus, "
                               "max_gpus_per_member (0: no cap), share (% of the server)"),
             {},
             GW_GET(accountsJson(c.accounts.list))},
        },
        [](const PolicyConfig& c) { return c.accounts != PolicyConfig::Accounts{}; },
        accountsSummary};
    s << PolicySection{
        "adaptive",
        QT_TRANSLATE_NOOP("gw::PolicySchema", "Adaptive quotas"),
        {
            {"enabled",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "tighten quotas as the server gets busy"),
             {},
             GW_GET(c.adaptive.enabled),
             GW_SET(c.adaptive.enabled = v.toBool()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Tighten quotas as the server gets busy")},
            {"bands",
             Type::Bands,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "a server at most up_to percent busy multiplies every quota by multiplier"),
             {},
             GW_GET([&] {
                 QJsonArray out;
                 for (const LoadBand& b : c.adaptive.bands)
                     out << QJsonObject{{QStringLiteral("up_to"), b.upToPercent},
                                        {QStringLiteral("multiplier"), b.multiplier}};
                 return out;
             }())},
            {"hostile_hog_fraction",
             Type::Number,
             0,
             1,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "hogs present more than this fraction of hostile_window …"),
             {},
             GW_GET(c.adaptive.hostileHogFraction),
             GW_SET(c.adaptive.hostileHogFraction = v.toDouble())},
            {"hostile_window",
             Type::Duration,
             kHour,
             30 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "… switch to defensive mode"),
             {},
             GW_GET(duration(c.adaptive.hostileWindowMs)),
             GW_SET(c.adaptive.hostileWindowMs = v.toLongLong())},
            {"defensive_multiplier",
             Type::Number,
             0,
             1,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "every quota times this in defensive mode"),
             {},
             GW_GET(c.adaptive.defensiveMultiplier),
             GW_SET(c.adaptive.defensiveMultiplier = v.toDouble())},
        },
        nullptr,
        adaptiveSummary};
    s << PolicySection{
        "alerts",
        nullptr,
        {
            {"webhook_url",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "an http:// or https:// URL; empty: no webhook"),
             {},
             GW_GET(redactedWebhookUrl(c.alerts.webhookUrl)),
             nullptr,
             true},
            {"rate_limit",
             Type::Duration,
             kSecond,
             kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "at most one alert per event kind and user in this span"),
             {},
             GW_GET(duration(c.alerts.rateLimitMs)),
             GW_SET(c.alerts.rateLimitMs = v.toLongLong())},
            {"retries",
             Type::Integer,
             0,
             20,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "retries after a failed POST"),
             {},
             GW_GET(c.alerts.retries),
             GW_SET(c.alerts.retries = int(v.toDouble()))},
            {"timeout",
             Type::Duration,
             kSecond,
             5 * kMinute,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "per attempt"),
             {},
             GW_GET(duration(c.alerts.timeoutMs)),
             GW_SET(c.alerts.timeoutMs = v.toLongLong())},
        },
        nullptr,
        alertsSummary};
    s << PolicySection{
        "contacts",
        nullptr,
        {
            {"email",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "the address of a person listed without one, {user} their name: "
                 "\"{user}@example.org\"; empty: e-mail only to the addresses listed"),
             {},
             GW_GET(c.contacts.emailPattern)},
            {"file",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "an absolute path: more people, one [NAME] table each with the keys of "
                 "[contacts.NAME]; read again when it changes"),
             {},
             GW_GET(c.contacts.file)},
            {"sendmail",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "the sendmail program mail is handed to (sendmail -t -oi)"),
             {},
             GW_GET(c.contacts.sendmail)},
            {"smtp_relay",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "\"smtp://host:port\": mail through this relay instead of sendmail"),
             {},
             GW_GET(c.contacts.smtpRelay)},
            {"from",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "the sender's address; empty: gpuwarden-agent@ the server's name"),
             {},
             GW_GET(c.contacts.from)},
            {"matrix_homeserver",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "an http:// or https:// URL: the Matrix server the notices are sent through"),
             {},
             GW_GET(c.contacts.matrixHomeserver)},
            {"matrix_token_file",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "an absolute path: the file holding the Matrix account's access token"),
             {},
             GW_GET(c.contacts.matrixTokenFile)},
            {"terminals",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "write each notice to the owner's terminals on the server, as write(1) "
                 "does (never to a terminal closed with mesg n)"),
             {},
             GW_GET(c.contacts.terminals),
             GW_SET(c.contacts.terminals = v.toBool())},
            {"utmp",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "an absolute path: the utmp file that says who is logged in where"),
             {},
             GW_GET(c.contacts.utmp)},
            {"language",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "the notices' language when neither the person nor the process says "
                               "(\"en\", \"de\", \"zh\")"),
             {},
             GW_GET(c.contacts.language)},
            {"templates",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "an absolute path: a folder of <kind>.txt and <kind>.<language>.txt that "
                 "word the notices instead of the built-in text"),
             {},
             GW_GET(c.contacts.templates)},
            {"contacts",
             Type::ContactTables,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "[contacts.NAME]: email, matrix (a room id), slack, mattermost, ntfy (URLs), "
                 "language, terminals, opt_out"),
             {},
             GW_GET(contactsJson(c.contacts.list)),
             nullptr,
             true},
        },
        [](const PolicyConfig& c) { return c.contacts.enabled; },
        contactsSummary};
    s << PolicySection{
        "allocate",
        nullptr,
        {
            {"free_memory_weight",
             Type::Number,
             0,
             1,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "weight of the free-memory fraction in a GPU's score"),
             {},
             GW_GET(c.allocate.freeMemoryWeight),
             GW_SET(c.allocate.freeMemoryWeight = v.toDouble())},
            {"idle_weight",
             Type::Number,
             0,
             1,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "weight of the idle fraction (1 − utilisation); not both 0"),
             {},
             GW_GET(c.allocate.idleWeight),
             GW_SET(c.allocate.idleWeight = v.toDouble())},
            {"default_ttl",
             Type::Duration,
             kSecond,
             kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "how long a reservation holds when the caller names none"),
             {},
             GW_GET(duration(c.allocate.defaultTtlMs)),
             GW_SET(c.allocate.defaultTtlMs = v.toLongLong())},
            {"max_wait",
             Type::Duration,
             kSecond,
             kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "the longest a caller may wait for GPUs"),
             {},
             GW_GET(duration(c.allocate.maxWaitMs)),
             GW_SET(c.allocate.maxWaitMs = v.toLongLong())},
        },
        nullptr,
        allocateSummary};
    s << PolicySection{
        "tokens",
        nullptr,
        {
            {"initial",
             Type::Amount,
             0,
             kInfinity,
             "tokens",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "granted when a user is first seen or listed"),
             {},
             GW_GET(c.tokens.initial),
             GW_SET(c.tokens.initial = v.toDouble())},
            {"monthly",
             Type::Amount,
             0,
             kInfinity,
             "tokens",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "added on the 1st of each month at 00:00 in time_zone"),
             {},
             GW_GET(c.tokens.monthly),
             GW_SET(c.tokens.monthly = v.toDouble())},
            {"overdraft_floor",
             Type::Amount,
             -kInfinity,
             0,
             "tokens",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "at or below this balance a user's processes are candidates at any demand"),
             {},
             GW_GET(c.tokens.overdraftFloor),
             GW_SET(c.tokens.overdraftFloor = v.toDouble())},
            {"daily",
             Type::Amount,
             0,
             kInfinity,
             "tokens",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "added each day at 00:00 in time_zone …"),
             {},
             GW_GET(c.tokens.daily),
             GW_SET(c.tokens.daily = v.toDouble())},
            {"daily_when",
             Type::Choice,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "… while the balance is below zero, or always"),
             {{"negative", QT_TRANSLATE_NOOP("gw::PolicySchema", "while negative")},
              {"always", QT_TRANSLATE_NOOP("gw::PolicySchema", "always")}},
             GW_GET(
                 word(c.tokens.dailyWhen == Tokens::DailyWhen::Negative ? "negative" : "always")),
             GW_SET(c.tokens.dailyWhen =
                        v.toInt() == 0 ? Tokens::DailyWhen::Negative : Tokens::DailyWhen::Always)},
            {"charge",
             Type::Choice,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "every second memory is held, weighted by utilisation, or the energy used"),
             {{"held", QT_TRANSLATE_NOOP("gw::PolicySchema", "memory held")},
              {"used", QT_TRANSLATE_NOOP("gw::PolicySchema", "weighted by use")},
              {"energy", QT_TRANSLATE_NOOP("gw::PolicySchema", "energy used")}},
             GW_GET(word(chargeWord(c.tokens.charge))),
             GW_SET(c.tokens.charge = Tokens::Charge(v.toInt()))},
            {"per_kwh",
             Type::Amount,
             0,
             kInfinity,
             "tokens/kWh",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "under charge = \"energy\": tokens per kWh, in place of the GPU-hour prices"),
             {},
             GW_GET(c.tokens.perKwh),
             GW_SET(c.tokens.perKwh = v.toDouble())},
            {"default_price",
             Type::Amount,
             0,
             kInfinity,
             "tokens/GPU-hour",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "the price of a GPU that no pattern matches"),
             {},
             GW_GET(c.tokens.defaultPrice),
             GW_SET(c.tokens.defaultPrice = v.toDouble())},
            {"time_zone",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "IANA name for month and day boundaries; absent: this machine's"),
             {},
             GW_GET(c.tokens.timeZone.isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                : QJsonValue(c.tokens.timeZone))},
            {"users",
             Type::Accounts,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "users granted initial from the start of the books"),
             {},
             GW_GET(QJsonArray::fromStringList(c.tokens.users)),
             GW_SET(c.tokens.users = v.toStringList())},
            {"prices",
             Type::Prices,
             0,
             kInfinity,
             "tokens/GPU-hour",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "\"PATTERN\" = PRICE for a GPU whose name contains PATTERN"),
             {},
             GW_GET([&] {
                 QJsonArray out;
                 for (const auto& p : c.tokens.prices)
                     out << QJsonObject{{QStringLiteral("pattern"), p.pattern},
                                        {QStringLiteral("per_gpu_hour"), p.perGpuHour},
                                        {QStringLiteral("line"), p.line}};
                 return out;
             }())},
            {"enforce",
             Type::Choice,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "enforcement by balance"),
             {{"off", QT_TRANSLATE_NOOP("gw::PolicySchema", "off")},
              {"propose", QT_TRANSLATE_NOOP("gw::PolicySchema", "propose")},
              {"auto", QT_TRANSLATE_NOOP("gw::PolicySchema", "auto")}},
             GW_GET(enforceModeName(c.tokens.enforcement.mode)),
             GW_SET(c.tokens.enforcement.mode = v.toInt() == 0   ? Mode::Off
                                                : v.toInt() == 1 ? Mode::Propose
                                                                 : Mode::Auto)},
            {"demand_utilisation",
             Type::Number,
             0,
             100,
             "%",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "high demand: every reading's mean GPU utilisation at least this …"),
             {},
             GW_GET(c.tokens.enforcement.demandUtilisationPercent),
             GW_SET(c.tokens.enforcement.demandUtilisationPercent = v.toDouble())},
            {"demand_for",
             Type::Duration,
             kMinute,
             kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "… for this long without a gap"),
             {},
             GW_GET(duration(c.tokens.enforcement.demandForMs)),
             GW_SET(c.tokens.enforcement.demandForMs = v.toLongLong())},
            {"demand_on_refused_allocation",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "a refused allocation is high demand for demand_for"),
             {},
             GW_GET(c.tokens.enforcement.demandOnRefusedAllocation),
             GW_SET(c.tokens.enforcement.demandOnRefusedAllocation = v.toBool())},
            {"step_after",
             Type::Duration,
             kSecond,
             7 * kDay,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "notify → renice → terminate, each this long after the last"),
             {},
             GW_GET(duration(c.tokens.enforcement.stepAfterMs)),
             GW_SET(c.tokens.enforcement.stepAfterMs = v.toLongLong())},
            {"kill_grace",
             Type::Duration,
             kSecond,
             10 * kMinute,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "SIGTERM → SIGKILL if it still runs"),
             {},
             GW_GET(duration(c.tokens.enforcement.killGraceMs)),
             GW_SET(c.tokens.enforcement.killGraceMs = v.toLongLong())},
            {"protected_users",
             Type::Accounts,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "users never touched"),
             {},
             GW_GET(QJsonArray::fromStringList(c.tokens.enforcement.protectedUsers)),
             GW_SET(c.tokens.enforcement.protectedUsers = v.toStringList())},
            {"protected_commands",
             Type::Names,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "process names never touched"),
             {},
             GW_GET(QJsonArray::fromStringList(c.tokens.enforcement.protectedCommands)),
             GW_SET(c.tokens.enforcement.protectedCommands = v.toStringList())},
            {"dry_run",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "every action recorded as \"would\", nothing done"),
             {},
             GW_GET(c.tokens.enforcement.dryRun),
             GW_SET(c.tokens.enforcement.dryRun = v.toBool())},
        },
        [](const PolicyConfig& c) { return c.tokens.enabled; },
        tokensSummary};
    s << PolicySection{
        "energy",
        nullptr,
        {
            {"price_per_kwh",
             Type::Amount,
             0,
             kInfinity,
             "currency/kWh",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "what a kWh costs, for the report's cost; absent: no cost"),
             {},
             GW_GET(c.energy.pricePerKwh ? QJsonValue(*c.energy.pricePerKwh)
                                         : QJsonValue(QJsonValue::Undefined)),
             GW_SET(c.energy.pricePerKwh = v.toDouble())},
            {"currency",
             Type::Text,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "the price's currency as the report writes it (\"EUR\", \"€\")"),
             {},
             GW_GET(c.energy.currency.isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                : QJsonValue(c.energy.currency))},
            {"grams_co2_per_kwh",
             Type::Amount,
             0,
             kInfinity,
             "g/kWh",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "the grid's CO2 per kWh, for the report's emissions; absent: none"),
             {},
             GW_GET(c.energy.gramsCo2PerKwh ? QJsonValue(*c.energy.gramsCo2PerKwh)
                                            : QJsonValue(QJsonValue::Undefined)),
             GW_SET(c.energy.gramsCo2PerKwh = v.toDouble())},
        },
        [](const PolicyConfig& c) { return c.energy != PolicyConfig::Energy{}; },
        energySummary};
    s << PolicySection{
        "owners",
        QT_TRANSLATE_NOOP("gw::PolicySchema", "Owners: who a process belongs to"),
        {
            {"user_label",
             Type::Label,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "a container's or pod's label naming its person; \"\": none"),
             {},
             GW_GET(c.owners.userLabel),
             GW_SET(c.owners.userLabel = v.toString()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Person label:"),
             "gpuwarden.user"},
            {"account_label",
             Type::Label,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "a container's or pod's label naming its account; \"\": none"),
             {},
             GW_GET(c.owners.accountLabel),
             GW_SET(c.owners.accountLabel = v.toString()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Account label:"),
             "gpuwarden.account"},
            {"slurm",
             Type::Boolean,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "a Slurm job's user and account, as Slurm gives them"),
             {},
             GW_GET(c.owners.slurm),
             GW_SET(c.owners.slurm = v.toBool()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "A Slurm job is owned by its user and account")},
            {"namespaces",
             Type::Owners,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "NAMESPACE = { user = \"…\", account = \"…\" }: a Kubernetes namespace's "
                 "person and account"),
             {},
             GW_GET(namespacesJson(c.owners.namespaces))},
            {"containers",
             Type::Owners,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "\"PATTERN\" = { user = \"…\", account = \"…\" }: a container name matching "
                 "PATTERN (* and ?); the longest pattern decides"),
             {},
             GW_GET(mappingsJson(c.owners.containers, "pattern"))},
            {"exempt_namespaces",
             Type::Names,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema",
                               "Kubernetes namespaces whose processes no rule flags"),
             {},
             GW_GET(QJsonArray::fromStringList(c.exempt.namespaces)),
             GW_SET(c.exempt.namespaces = v.toStringList()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Exempt namespaces:"),
             "kube-system"},
            {"exempt_labels",
             Type::Names,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP(
                 "gw::PolicySchema",
                 "a container's or pod's labels, \"key=value\" or \"key\" (any value), that "
                 "no rule flags"),
             {},
             GW_GET(QJsonArray::fromStringList(c.exempt.labels)),
             GW_SET(c.exempt.labels = v.toStringList()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Exempt labels:"),
             "gpuwarden.exempt=true"},
            {"exempt_accounts",
             Type::Names,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "accounts whose processes no rule flags"),
             {},
             GW_GET(QJsonArray::fromStringList(c.exempt.accounts)),
             GW_SET(c.exempt.accounts = v.toStringList()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Exempt accounts:")},
            {"exempt_jobs",
             Type::Names,
             0,
             0,
             "",
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Slurm job ids whose processes no rule flags"),
             {},
             GW_GET(QJsonArray::fromStringList(c.exempt.jobs)),
             GW_SET(c.exempt.jobs = v.toStringList()),
             false,
             QT_TRANSLATE_NOOP("gw::PolicySchema", "Exempt Slurm jobs:"),
             "1234, 1240"},
        },
        nullptr,
        ownersSummary};
    return s;
}

#undef GW_GET
#undef GW_SET

QString trimmedNumber(double v)
{
    return QString::number(v, 'g', 15);
}

} // namespace

const QList<PolicySection>& policySchema()
{
    static const QList<PolicySection> schema = makeSchema();
    return schema;
}

const PolicySection* policySection(const QString& name)
{
    for (const PolicySection& s : policySchema())
        if (name == QLatin1String(s.name))
            return &s;
    return nullptr;
}

const PolicyKey* policyKey(const QString& section, const QString& key)
{
    if (const PolicySection* s = policySection(section))
        for (const PolicyKey& k : s->keys)
            if (key == QLatin1String(k.name))
                return &k;
    return nullptr;
}

QString policySchemaText(const char* text)
{
    return QCoreApplication::translate("gw::PolicySchema", text);
}

QString policyKeyTypeName(PolicyKeyType type)
{
    switch (type) {
    case Type::Number:
        return QStringLiteral("number");
    case Type::WholeNumber:
        return QStringLiteral("whole number");
    case Type::Integer:
        return QStringLiteral("integer");
    case Type::Amount:
        return QStringLiteral("amount");
    case Type::Duration:
        return QStringLiteral("duration");
    case Type::Boolean:
        return QStringLiteral("boolean");
    case Type::Choice:
        return QStringLiteral("choice");
    case Type::Names:
        return QStringLiteral("list of names");
    case Type::Accounts:
        return QStringLiteral("list of user names");
    case Type::Label:
        return QStringLiteral("label key");
    case Type::Text:
        return QStringLiteral("string");
    case Type::Durations:
        return QStringLiteral("list of durations");
    case Type::Bands:
        return QStringLiteral("list of bands");
    case Type::Shares:
        return QStringLiteral("table of shares");
    case Type::Prices:
        return QStringLiteral("table of prices");
    case Type::Owners:
        return QStringLiteral("table of owners");
    case Type::AccountTables:
        return QStringLiteral("tables of accounts");
    case Type::ContactTables:
        return QStringLiteral("tables of contacts");
    }
    return {};
}

QString policyKeyRange(const PolicyKey& k)
{
    switch (k.type) {
    case Type::Number:
    case Type::WholeNumber:
    case Type::Integer:
    case Type::Bands:
    case Type::Shares:
        return QStringLiteral("%1–%2").arg(trimmedNumber(k.min), trimmedNumber(k.max));
    case Type::Amount:
    case Type::Prices:
        return k.min == 0 ? QStringLiteral("≥ 0") : QStringLiteral("≤ 0");
    case Type::Duration:
    case Type::Durations:
        return QStringLiteral("%1–%2").arg(formatPolicyDuration(qint64(k.min)),
                                           formatPolicyDuration(qint64(k.max)));
    case Type::Choice: {
        QStringList words;
        for (const PolicyChoice& c : k.choices)
            words << QStringLiteral("\"%1\"").arg(QLatin1String(c.word));
        return words.join(QStringLiteral(", "));
    }
    case Type::Boolean:
    case Type::Names:
    case Type::Accounts:
    case Type::Label:
    case Type::Text:
    case Type::Owners:
    case Type::AccountTables:
    case Type::ContactTables:
        return {};
    }
    return {};
}

QByteArray policyTomlValue(const QJsonValue& v)
{
    if (v.isBool())
        return v.toBool() ? "true" : "false";
    if (v.isDouble()) {
        const double d = v.toDouble();
        if (std::floor(d) == d && std::abs(d) < 1e15)
            return QByteArray::number(qint64(d));
        return QByteArray::number(d, 'g', QLocale::FloatingPointShortest);
    }
    if (v.isString()) // a JSON string is a TOML basic string, but for DEL, which TOML escapes
        return QJsonDocument(QJsonArray{v})
            .toJson(QJsonDocument::Compact)
            .chopped(1)
            .mid(1)
            .replace('\x7f', "\\u007F");
    if (v.isObject() && v.toObject().contains(QStringLiteral("text"))) // a duration
        return policyTomlValue(v.toObject().value(QStringLiteral("text")));
    if (v.isArray()) {
        QByteArrayList items;
        for (const QJsonValue& item : v.toArray())
            items.append(policyTomlValue(item));
        return '[' + items.join(", ") + ']';
    }
    if (v.isObject()) {
        QByteArrayList items;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            items.append(policyTomlKey(it.key()) + " = " + policyTomlValue(it.value()));
        return "{ " + items.join(", ") + " }";
    }
    return "\"\"";
}

QByteArray policyTomlKey(const QString& key)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_-]+$"));
    return bare.match(key).hasMatch() ? key.toUtf8() : policyTomlValue(QJsonValue(key));
}

} // namespace gw
