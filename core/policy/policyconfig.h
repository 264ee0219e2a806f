#pragma once

// policy.toml: what counts as hogging or idling, what is done about it, and
// who may use how much of the server. Shared by the agent (which enforces it)
// and the desktop (which shows it). A broken file is refused as a whole, with
// every mistake as "file:line:column: reason"; see docs/policies.md.
//
// Units: percentages 0–100, fractions and multipliers 0–1, memory in MiB,
// durations in milliseconds (written "30s", "10m", "2h", "1d" in the file).

#include "model/snapshot.h"
#include "owners/ownerrules.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

// What the hog rule judges together (docs/policies.md, "Scopes"): each
// process, an owner's processes, a workload's (a container, a pod, a Slurm
// job), an account's. Per GPU in every case.
enum class HogScope
{
    Process,
    User,
    Workload,
    Account
};

enum class IdleAction
{
    Notify,
    Terminate
};

// "Mon-Fri 09:00-11:00": the days a window starts on and its start and end
// as minutes of the server's local day. End before start: it runs past
// midnight into the next day ("Fri 22:00-02:00" holds Saturday 01:00).
// Wall-clock minutes, so a DST change moves nothing.
struct QuotaWindow
{
    quint8 days = 0;     // bit 0 Monday … bit 6 Sunday
    int startMinute = 0; // 0..1439
    int endMinute = 0;   // 1..1440, != startMinute
    QString text;        // as written

    bool crossesMidnight() const { return endMinute < startMinute; }
    // dayOfWeek 1 (Monday) … 7 (Sunday), as QDate::dayOfWeek().
    bool contains(int dayOfWeek, int minuteOfDay) const;
    bool operator==(const QuotaWindow& o) const // the text is not compared
    {
        return days == o.days && startMinute == o.startMinute && endMinute == o.endMinute;
    }
};

struct QuotaShare
{
    QString name;               // user or Unix group (without '@')
    double sharePercent = 0;    // of the server's GPU capacity, 0–100
    QList<QuotaWindow> windows; // empty: always; else only inside one of them
    bool operator==(const QuotaShare&) const = default;
};

// An account of [accounts] (docs/policies.md, "[accounts]"): a lab, a
// project, a Kubernetes namespace or a Slurm account, its members and its
// limits. 0 GPUs: no cap.
struct AccountSpec
{
    QString name;       // as the owner rules give it ("vision", a Slurm account)
    QStringList users;  // members by name
    QStringList groups; // members by Unix group (without '@')
    int maxGpus = 0;    // GPUs and MIG instances at once, all members together
    int maxGpusPerMember = 0;
    std::optional<double> sharePercent;         // of the server's GPU capacity; absent: none set
    int line = 0;                               // in the file
    bool operator==(const AccountSpec& o) const // the line is not compared
    {
        return name == o.name && users == o.users && groups == o.groups && maxGpus == o.maxGpus &&
               maxGpusPerMember == o.maxGpusPerMember && sharePercent == o.sharePercent;
    }
};

// One person's ways to be told ([contacts.NAME] in policy.toml, or a table
// of the contacts file it names; docs/notices.md). Empty: not that way.
struct ContactSpec
{
    QString user;
    QString email;                 // "alice@lab.example"; empty: [contacts] email's pattern
    QString matrixRoom;            // "!room:server", a room the agent's Matrix account is in
    QString slackUrl;              // a Slack incoming webhook
    QString mattermostUrl;         // a Mattermost incoming webhook
    QString ntfyUrl;               // an ntfy topic, "https://ntfy.sh/alice-gpus"
    QString language;              // "de"; empty: the process's, else [contacts] language
    std::optional<bool> terminals; // absent: [contacts] terminals
    bool optOut = false;           // no notices that announce nothing enforced
    int line = 0;                  // in the file
    bool operator==(const ContactSpec& o) const // the line is not compared
    {
        return user == o.user && email == o.email && matrixRoom == o.matrixRoom &&
               slackUrl == o.slackUrl && mattermostUrl == o.mattermostUrl && ntfyUrl == o.ntfyUrl &&
               language == o.language && terminals == o.terminals && optOut == o.optOut;
    }
};

struct LoadBand
{
    double upToPercent = 100; // this band holds server load <= upToPercent
    double multiplier = 1;    // applied to every quota, 0–1
    bool operator==(const LoadBand&) const = default;
};

struct PolicyConfig
{
    struct Hog
    {
        double thresholdPercent = 80;    // GPU utilisation at or above this …
        qint64 durationMs = 10 * 60'000; // … for this long is a hog
        HogScope scope = HogScope::Process;
        bool alert = true;
        bool operator==(const Hog&) const = default;
    } hog;

    struct Idle
    {
        double minGpuUtilizationPercent = 10; // below this …
        qint64 timeWindowMs = 30 * 60'000;    // … for this long is idle
        qint64 minMemoryMib = 1024;           // only processes holding at least this
        bool confirmPower = true;             // near-idle power and flat memory confirm
        QList<qint64> warningsMs{15 * 60'000, 5 * 60'000}; // before the action, longest first
        IdleAction action = IdleAction::Notify;
        QStringList exemptUsers;
        QStringList exemptCommands;
        bool dryRun = false;         // record what would be done, do nothing
        qint64 killGraceMs = 30'000; // SIGTERM, then SIGKILL after this
        bool operator==(const Idle&) const = default;
    } idle;

    struct Quota
    {
        qint64 windowMs = 60 * 60'000; // fair share measured over this sliding window
        // Fair share's memory (DecayedUsage): usage this long ago weighs
        // half; who waits first for a GPU. Slurm's default, 7 days.
        qint64 halfLifeMs = 7 * 24 * 3'600'000LL;
        double defaultSharePercent = 100; // users listed nowhere
        QList<QuotaShare> users;
        QList<QuotaShare> groups;
        bool operator==(const Quota&) const = default;
    } quota;

    struct Adaptive
    {
        bool enabled = true;
        // Increasing upToPercent, the last one 100.
        QList<LoadBand> bands{{30, 1.0}, {70, 0.5}, {100, 0.1}};
        double hostileHogFraction = 0.3;         // of hostileWindowMs with hogs present …
        qint64 hostileWindowMs = 24 * 3'600'000; // … means defensive mode
        double defensiveMultiplier = 0.1;
        bool operator==(const Adaptive&) const = default;
    } adaptive;

    // [accounts] (docs/policies.md): caps on GPUs held at once, per person
    // and per account, and the accounts' shares. Enforced where GPUs are
    // handed out (/v1/allocate), watched where they are not (the cap rule,
    // staged like [idle]).
    struct Accounts
    {
        int maxGpusPerUser = 0;  // every person, whatever their account; 0: no cap
        bool dryRun = true;      // the cap rule's actions recorded as "would"
        QList<AccountSpec> list; // by name
        bool operator==(const Accounts&) const = default;
    } accounts;

    // [contacts] (docs/notices.md): notices to the owner of what an event
    // is about, besides the admin's webhook. Absent [contacts]: enabled
    // false, no one told directly.
    struct Contacts
    {
        bool enabled = false;
        QString emailPattern; // "{user}@example.org"; empty: only the addresses listed
        QString file;         // more people, as [NAME] tables; read again when it changes
        QString sendmail = QStringLiteral("/usr/sbin/sendmail");
        QString smtpRelay; // "smtp://host:port": mail through it instead of sendmail
        QString from;      // empty: "gpuwarden-agent@<server>"
        QString matrixHomeserver;
        QString matrixTokenFile; // the access token, kept out of policy.toml
        bool terminals = true;   // write to the owner's terminals on the server (utmp)
        QString utmp = QStringLiteral("/var/run/utmp");
        QString language = QStringLiteral("en"); // when neither the person nor the process says
        QString templates;                       // a folder of <kind>[.<language>].txt
        QList<ContactSpec> list;                 // by user
        bool operator==(const Contacts&) const = default;
    } contacts;

    // The agent's webhook (Slack-compatible JSON POST); see docs/enforcement.md.
    struct Alerts
    {
        QString webhookUrl;               // http or https; empty: no webhook
        qint64 rateLimitMs = 10 * 60'000; // at most one alert per event kind and user in this span
        int retries = 5;                  // after the first attempt, with backoff
        qint64 timeoutMs = 10'000;        // per attempt
        bool operator==(const Alerts&) const = default;
    } alerts;

    // GPU selection for jobs (docs/coordination.md): score = freeMemoryWeight
    // × free-memory fraction + idleWeight × idle fraction.
    struct Allocate
    {
        double freeMemoryWeight = 0.6;
        double idleWeight = 0.4;
        qint64 defaultTtlMs = 120'000;  // a reservation lasts this long unless asked otherwise
        qint64 maxWaitMs = 10 * 60'000; // the longest a caller may wait for GPUs
        bool operator==(const Allocate&) const = default;
    } allocate;

    // Token books (docs/tokens.md): GPU time priced per GPU model, per-user
    // balances, additions. Absent [tokens]: enabled false, no books kept.
    struct Tokens
    {
        bool enabled = false;
        struct Price
        {
            QString pattern;       // matched in the GPU's name, case ignored ("RTX 3090", "H100")
            double perGpuHour = 0; // tokens per GPU-hour, >= 0
            int line = 0;          // in the file, for the "matches no GPU seen" warning
            bool operator==(const Price& o) const // the line is not compared
            {
                return pattern == o.pattern && perGpuHour == o.perGpuHour;
            }
        };
        // The longest pattern found in a GPU's name decides (so "RTX A6000"
        // wins over "A6000" whatever the order); no match: defaultPrice.
        QList<Price> prices;
        double defaultPrice = 1;
        double initial = 100; // granted when a user is first seen or listed
        double monthly =
            30; // on the 1st of each month, 00:00 server time; a new user gets the month's too
        double overdraftFloor = -10; // at or below: cut off (candidates at any demand)
        double daily = 1;            // added at 00:00 server time
        enum class DailyWhen
        {
            Negative, // only while the balance is below zero (to recover)
            Always
        } dailyWhen = DailyWhen::Negative;
        enum class Charge
        {
            Held,  // every second a process holds memory on a GPU
            Used,  // weighted by the process's utilisation
            Energy // the GPU's energy split between its users, at perKwh
        } charge = Charge::Held;
        double perKwh = 10; // tokens per kWh under charge = energy
        QString timeZone;   // IANA id for month and day boundaries; empty: the machine's zone
        QStringList users;  // listed users get `initial` when the books start
        // Enforcement by balance (docs/tokens.md, "Enforcement"): the same
        // [tokens] section, rules only; the agent acts on them.
        struct Enforcement
        {
            enum class Mode
            {
                Off,     // nothing done; candidates still listed
                Propose, // the due step waits for an admin's confirmation
                Auto     // steps performed on schedule
            } mode = Mode::Off;
            double demandUtilisationPercent = 90;  // mean GPU utilisation of every reading …
            qint64 demandForMs = 10 * 60'000;      // … over this long is high demand
            bool demandOnRefusedAllocation = true; // a 409 from /v1/allocate: high for demandForMs
            qint64 stepAfterMs = 5 * 60'000;       // notify → renice → terminate
            qint64 killGraceMs = 30'000;           // SIGTERM → SIGKILL
            QStringList protectedUsers;
            QStringList protectedCommands;
            bool dryRun = false; // every action recorded as "would"
            bool operator==(const Enforcement&) const = default;
        } enforcement;
        bool operator==(const Tokens&) const = default;
    } tokens;

    // [energy] (docs/health.md, "Energy"): what a kWh costs and emits, for
    // the report's cost and CO2 figures. An absent key: that figure absent.
    struct Energy
    {
        std::optional<double> pricePerKwh;    // in `currency`, >= 0
        QString currency;                     // "EUR", "€"; empty: none named
        std::optional<double> gramsCo2PerKwh; // the grid's intensity, >= 0
        bool operator==(const Energy&) const = default;
    } energy;

    // [owners] (docs/owners.md, "Owner rules"): who owns a process, from its
    // workload; what the agent's OwnerAttribution resolves with.
    owners::OwnerRules owners;
    // [owners] exempt_*: processes no rule flags (hog, idle, fair share),
    // whoever owns them (docs/policies.md, "Exemptions").
    struct Exempt
    {
        QStringList namespaces; // Kubernetes namespaces
        QStringList labels;     // "key=value", or "key" for any value: a container's or pod's
        QStringList accounts;   // the owner's account
        QStringList jobs;       // Slurm job ids
        bool isEmpty() const
        {
            return namespaces.isEmpty() && labels.isEmpty() && accounts.isEmpty() && jobs.isEmpty();
        }
        bool operator==(const Exempt&) const = default;
    } exempt;

    bool operator==(const PolicyConfig&) const = default;
};

struct PolicyParseResult
{
    std::optional<PolicyConfig> config; // absent when errors is not empty
    QStringList errors;                 // "file:line:column: reason", in file order
    QStringList warnings;               // same form; do not refuse the file
    bool unreadable = false;            // loadPolicyFile: the file could not be read
};

PolicyParseResult parsePolicy(const QByteArray& text, const QString& fileName);
PolicyParseResult loadPolicyFile(const QString& path);
// The contacts file [contacts] file names: one [NAME] table per person, with
// the keys of [contacts.NAME]. Errors as parsePolicy's.
struct ContactsFileResult
{
    QList<ContactSpec> contacts; // by user; empty when errors is not empty
    QStringList errors;
    QStringList warnings;
};
ContactsFileResult parseContactsFile(const QByteArray& text, const QString& fileName);

// "Mon-Fri 09:00-11:00" → window; nullopt and *why otherwise.
std::optional<QuotaWindow> parseQuotaWindow(const QString& text, QString* why);
// "30s", "10m", "2h", "1d" → milliseconds; nullopt and *why otherwise.
std::optional<qint64> parsePolicyDuration(const QString& text, QString* why);
QString formatPolicyDuration(qint64 ms); // largest unit that divides it: "90s", "10m"
// "https://hooks.slack.com/…": scheme, host and port; the rest hidden.
QString redactedWebhookUrl(const QString& url);
// Why a process is exempt from every rule ("namespace kube-system", "label
// gpuwarden.exempt=true", "account ops", "Slurm job 57"); empty: it is not.
QString exemptionOf(const PolicyConfig::Exempt& exempt, const GpuProcess& process);
// "process", "user", "workload", "account".
QString hogScopeName(HogScope scope);

// "off", "propose", "auto".
QString enforceModeName(PolicyConfig::Tokens::Enforcement::Mode mode);

// The effective policy (defaults filled in), snake_case keys as in the file,
// durations as both text and milliseconds. The webhook URL is shown as its
// scheme and host only (webhook URLs carry their secret in the path).
QJsonObject policyToJson(const PolicyConfig& policy);
// A few lines for people (`policy check`), a line or two per section.
QString policySummary(const PolicyConfig& policy);
// The TOML of a policy in policyToJson's shape (what GET /v1/policy
// answers), which parsePolicy reads back to the same policy: sections and
// keys in the schema's order (docs/policies.md), keys it does not know
// after them, the redacted webhook URL left out. The one JSON→TOML writer.
QByteArray policyTomlFromJson(const QJsonObject& policy);

} // namespace gw
