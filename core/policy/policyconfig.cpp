#include "policy/policyconfig.h"

#include "util/duration.h"
#include "util/editdistance.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTimeZone>
#include <QUrl>

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>
#include <vector>

namespace gw {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::policy", s);
}

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

bool validAccountName(const QString& name)
{
    // POSIX portable user and group names (useradd's rule, upper case allowed
    // as some directories have it), at most 32 characters.
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.-]{0,31}\\$?$"));
    return re.match(name).hasMatch();
}

// Collects every mistake with its position; the file is refused if any.
class Parser
{
public:
    explicit Parser(QString file)
        : m_file(std::move(file))
    {}

    struct Message
    {
        toml::source_position where;
        QString text;
    };
    QList<Message> errors;
    QList<Message> warnings;

    // In file order (tables are walked in key order).
    static QStringList sorted(QList<Message> list)
    {
        std::stable_sort(list.begin(), list.end(),
                         [](const Message& a, const Message& b) { return a.where < b.where; });
        QStringList out;
        for (const Message& m : list)
            out << m.text;
        return out;
    }

    QString at(const toml::source_region& where) const
    {
        return QStringLiteral("%1:%2:%3: ")
            .arg(m_file)
            .arg(where.begin.line)
            .arg(where.begin.column);
    }
    void fail(const toml::source_region& where, const QString& what)
    {
        errors << Message{where.begin, at(where) + what};
    }
    void warn(const toml::source_region& where, const QString& what)
    {
        warnings << Message{where.begin, at(where) + tr("warning: ") + what};
    }

    // Every key must be known; a near miss is named.
    void onlyKnown(const toml::table& t, const QString& where,
                   std::initializer_list<std::string_view> known)
    {
        for (const auto& [key, node] : t) {
            if (std::find(known.begin(), known.end(), key.str()) != known.end())
                continue;
            const QString name = qs(key.str());
            QString best;
            int bestDistance = 3;
            for (std::string_view k : known) {
                const int d = editDistance(name, qs(k));
                if (d < bestDistance) {
                    bestDistance = d;
                    best = qs(k);
                }
            }
            QString message = tr("unknown key \"%1\" in %2").arg(name, where);
            if (!best.isEmpty())
                message += tr(" (did you mean \"%1\"?)").arg(best);
            fail(key.source(), message);
        }
    }

    std::optional<bool> boolean(const toml::table& t, std::string_view key)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return std::nullopt;
        if (const auto* b = n->as_boolean())
            return b->get();
        fail(n->source(), tr("\"%1\" must be true or false").arg(qs(key)));
        return std::nullopt;
    }

    std::optional<QString> string(const toml::node& n, const QString& what)
    {
        if (const auto* s = n.as_string())
            return QString::fromStdString(s->get());
        fail(n.source(), tr("%1 must be a string in quotes").arg(what));
        return std::nullopt;
    }

    // An integer or a float within [min, max].
    std::optional<double> number(const toml::node& n, const QString& what, double min, double max)
    {
        double v = 0;
        if (const auto* i = n.as_integer())
            v = double(i->get());
        else if (const auto* f = n.as_floating_point())
            v = f->get();
        else {
            fail(n.source(), tr("%1 must be a number").arg(what));
            return std::nullopt;
        }
        if (!(v >= min && v <= max)) { // NaN fails too
            fail(n.source(),
                 tr("%1 must be between %2 and %3, not %4").arg(what).arg(min).arg(max).arg(v));
            return std::nullopt;
        }
        return v;
    }
    std::optional<double> number(const toml::table& t, std::string_view key, double min, double max)
    {
        const toml::node* n = t.get(key);
        return n ? number(*n, QStringLiteral("\"%1\"").arg(qs(key)), min, max) : std::nullopt;
    }

    std::optional<qint64> duration(const toml::node& n, const QString& what, qint64 min, qint64 max)
    {
        const auto text = string(n, what);
        if (!text)
            return std::nullopt;
        QString why;
        const auto ms = parsePolicyDuration(*text, &why);
        if (!ms) {
            fail(n.source(), tr("%1: %2").arg(what, why));
            return std::nullopt;
        }
        if (*ms < min || *ms > max) {
            fail(n.source(),
                 tr("%1 must be between %2 and %3, not \"%4\"")
                     .arg(what, formatPolicyDuration(min), formatPolicyDuration(max), *text));
            return std::nullopt;
        }
        return ms;
    }
    std::optional<qint64> duration(const toml::table& t, std::string_view key, qint64 min,
                                   qint64 max)
    {
        const toml::node* n = t.get(key);
        return n ? duration(*n, QStringLiteral("\"%1\"").arg(qs(key)), min, max) : std::nullopt;
    }

    // A choice among fixed words.
    std::optional<int> choice(const toml::table& t, std::string_view key,
                              std::initializer_list<std::string_view> words)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return std::nullopt;
        const auto text = string(*n, QStringLiteral("\"%1\"").arg(qs(key)));
        if (!text)
            return std::nullopt;
        QStringList list;
        int index = 0;
        for (std::string_view w : words) {
            if (*text == qs(w))
                return index;
            list << QStringLiteral("\"%1\"").arg(qs(w));
            ++index;
        }
        fail(n->source(),
             tr("\"%1\" must be %2, not \"%3\"").arg(qs(key), list.join(tr(" or ")), *text));
        return std::nullopt;
    }

    const toml::array* array(const toml::table& t, std::string_view key)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return nullptr;
        if (const auto* a = n->as_array())
            return a;
        fail(n->source(), tr("\"%1\" must be a list in brackets, [...]").arg(qs(key)));
        return nullptr;
    }

    const toml::table* table(const toml::node& n, const QString& what)
    {
        if (const auto* t = n.as_table())
            return t;
        fail(n.source(), tr("%1 must be a table").arg(what));
        return nullptr;
    }

    std::optional<QStringList> names(const toml::table& t, std::string_view key, bool accounts)
    {
        const toml::array* a = array(t, key);
        if (!a)
            return std::nullopt;
        QStringList out;
        bool ok = true;
        for (const toml::node& n : *a) {
            const auto s = string(n, tr("each entry of \"%1\"").arg(qs(key)));
            if (!s) {
                ok = false;
                continue;
            }
            if (accounts ? !validAccountName(*s) : s->trimmed().isEmpty()) {
                fail(n.source(), accounts ? tr("\"%1\" is not a valid user name").arg(*s)
                                          : tr("an entry of \"%1\" is empty").arg(qs(key)));
                ok = false;
                continue;
            }
            if (out.contains(*s))
                warn(n.source(), tr("\"%1\" is listed twice").arg(*s));
            else
                out << *s;
        }
        return ok ? std::optional(out) : std::nullopt;
    }

private:
    QString m_file;
};

void parseHog(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(t, QStringLiteral("[hog]"), {"threshold_percent", "duration", "scope", "alert"});
    if (const auto v = p.number(t, "threshold_percent", 0, 100))
        c.hog.thresholdPercent = *v;
    if (const auto v = p.duration(t, "duration", kSecond, 7 * kDay))
        c.hog.durationMs = *v;
    if (const auto v = p.choice(t, "scope", {"process", "user"}))
        c.hog.scope = *v == 0 ? HogScope::Process : HogScope::User;
    if (const auto v = p.boolean(t, "alert"))
        c.hog.alert = *v;
}

void parseIdle(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(t, QStringLiteral("[idle]"),
                {"min_gpu_utilization", "time_window", "min_memory_mib", "confirm_power",
                 "warnings", "action", "exempt_users", "exempt_commands", "dry_run", "kill_grace"});
    auto& idle = c.idle;
    if (const auto v = p.number(t, "min_gpu_utilization", 0, 100))
        idle.minGpuUtilizationPercent = *v;
    if (const auto v = p.duration(t, "time_window", kMinute, 7 * kDay))
        idle.timeWindowMs = *v;
    if (const toml::node* n = t.get("min_memory_mib")) {
        if (const auto v =
                p.number(*n, QStringLiteral("\"min_memory_mib\""), 0, 16 * 1024 * 1024)) {
            if (*v != double(qint64(*v)))
                p.fail(n->source(), tr("\"min_memory_mib\" must be a whole number of MiB"));
            else
                idle.minMemoryMib = qint64(*v);
        }
    }
    if (const auto v = p.boolean(t, "confirm_power"))
        idle.confirmPower = *v;
    if (const toml::array* a = p.array(t, "warnings")) {
        QList<qint64> warnings;
        bool ok = true;
        for (const toml::node& n : *a) {
            const auto ms = p.duration(n, tr("each entry of \"warnings\""), kSecond, 7 * kDay);
            if (!ms) {
                ok = false;
                continue;
            }
            if (*ms >= idle.timeWindowMs) {
                p.fail(n.source(), tr("warning \"%1\" must be shorter than \"time_window\" (%2)")
                                       .arg(formatPolicyDuration(*ms),
                                            formatPolicyDuration(idle.timeWindowMs)));
                ok = false;
            } else if (warnings.contains(*ms)) {
                p.fail(n.source(),
                       tr("warning \"%1\" is given twice").arg(formatPolicyDuration(*ms)));
                ok = false;
            } else {
                warnings << *ms;
            }
        }
        if (ok) {
            std::sort(warnings.begin(), warnings.end(), std::greater<>());
            idle.warningsMs = warnings;
        }
    } else if (!t.get("warnings")) {
        // The defaults must still fit a shorter time window.
        idle.warningsMs.removeIf([&](qint64 w) { return w >= idle.timeWindowMs; });
    }
    if (const auto v = p.choice(t, "action", {"notify", "terminate"}))
        idle.action = *v == 0 ? IdleAction::Notify : IdleAction::Terminate;
    if (const auto v = p.names(t, "exempt_users", true))
        idle.exemptUsers = *v;
    if (const auto v = p.names(t, "exempt_commands", false))
        idle.exemptCommands = *v;
    if (const auto v = p.boolean(t, "dry_run"))
        idle.dryRun = *v;
    if (const auto v = p.duration(t, "kill_grace", kSecond, 10 * kMinute))
        idle.killGraceMs = *v;
}

// alice = 30, or alice = { share = 30, windows = ["Mon-Fri 09:00-11:00"] }
void parseShares(Parser& p, const toml::table& t, const QString& section, bool groups,
                 QList<QuotaShare>& out)
{
    double listed = 0;
    const toml::node* last = nullptr;
    for (const auto& [key, node] : t) {
        QuotaShare share;
        share.name = qs(key.str());
        if (!validAccountName(share.name)) {
            p.fail(key.source(), (groups ? tr("\"%1\" in %2 is not a valid group name")
                                         : tr("\"%1\" in %2 is not a valid user name"))
                                     .arg(share.name, section));
            continue;
        }
        const QString what = QStringLiteral("%1 \"%2\"").arg(section, share.name);
        if (const auto* entry = node.as_table()) {
            p.onlyKnown(*entry, what, {"share", "windows"});
            const toml::node* s = entry->get("share");
            if (!s) {
                p.fail(node.source(), tr("%1 needs a \"share\"").arg(what));
                continue;
            }
            const auto v = p.number(*s, tr("the share of %1").arg(what), 0, 100);
            if (!v)
                continue;
            share.sharePercent = *v;
            if (const toml::array* a = p.array(*entry, "windows")) {
                for (const toml::node& w : *a) {
                    const auto text = p.string(w, tr("each entry of \"windows\""));
                    if (!text)
                        continue;
                    QString why;
                    if (const auto window = parseQuotaWindow(*text, &why))
                        share.windows << *window;
                    else
                        p.fail(w.source(), tr("window \"%1\": %2").arg(*text, why));
                }
                if (a->empty())
                    p.fail(entry->get("windows")->source(),
                           tr("\"windows\" is empty: leave it out for a quota that always "
                              "applies"));
            }
        } else if (node.is_number()) {
            const auto v = p.number(node, tr("the share of %1").arg(what), 0, 100);
            if (!v)
                continue;
            share.sharePercent = *v;
        } else {
            p.fail(node.source(),
                   tr("%1 must be a share (0-100) or { share = …, windows = [...] }").arg(what));
            continue;
        }
        if (!groups && share.windows.isEmpty()) {
            listed += share.sharePercent;
            if (!last || last->source().begin < node.source().begin)
                last = &node; // the last in the file (tables are walked by key)
        }
        out << share;
    }
    if (!groups && listed > 100 && last)
        p.warn(last->source(),
               tr("the users' shares add up to %1 %, more than the server has; each is still "
                  "a ceiling")
                   .arg(listed));
}

void parseQuota(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(t, QStringLiteral("[quota]"), {"window", "default_share", "users", "groups"});
    if (const auto v = p.duration(t, "window", kMinute, 7 * kDay))
        c.quota.windowMs = *v;
    if (const auto v = p.number(t, "default_share", 0, 100))
        c.quota.defaultSharePercent = *v;
    if (const toml::node* n = t.get("users"))
        if (const toml::table* users = p.table(*n, QStringLiteral("[quota.users]")))
            parseShares(p, *users, QStringLiteral("[quota.users]"), false, c.quota.users);
    if (const toml::node* n = t.get("groups"))
        if (const toml::table* groups = p.table(*n, QStringLiteral("[quota.groups]")))
            parseShares(p, *groups, QStringLiteral("[quota.groups]"), true, c.quota.groups);
}

void parseAdaptive(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(
        t, QStringLiteral("[adaptive]"),
        {"enabled", "bands", "hostile_hog_fraction", "hostile_window", "defensive_multiplier"});
    auto& a = c.adaptive;
    if (const auto v = p.boolean(t, "enabled"))
        a.enabled = *v;
    if (const toml::array* list = p.array(t, "bands")) {
        QList<LoadBand> bands;
        bool ok = true;
        for (const toml::node& n : *list) {
            const toml::table* band = p.table(n, tr("each band ({ up_to = …, multiplier = … })"));
            if (!band) {
                ok = false;
                continue;
            }
            p.onlyKnown(*band, tr("a band"), {"up_to", "multiplier"});
            const toml::node* upTo = band->get("up_to");
            const toml::node* mult = band->get("multiplier");
            if (!upTo || !mult) {
                p.fail(n.source(), tr("a band needs \"up_to\" (percent busy) and "
                                      "\"multiplier\" (0-1)"));
                ok = false;
                continue;
            }
            const auto u = p.number(*upTo, QStringLiteral("\"up_to\""), 0, 100);
            const auto m = p.number(*mult, QStringLiteral("\"multiplier\""), 0, 1);
            if (!u || !m) {
                ok = false;
                continue;
            }
            if (!bands.isEmpty() && *u <= bands.last().upToPercent) {
                p.fail(upTo->source(), tr("bands must go up: \"up_to\" %1 after %2")
                                           .arg(*u)
                                           .arg(bands.last().upToPercent));
                ok = false;
                continue;
            }
            if (*u == 0) {
                p.fail(upTo->source(), tr("\"up_to\" must be above 0"));
                ok = false;
                continue;
            }
            bands << LoadBand{*u, *m};
        }
        if (ok && bands.isEmpty()) {
            p.fail(t.get("bands")->source(), tr("\"bands\" is empty"));
        } else if (ok && bands.last().upToPercent != 100) {
            p.fail(t.get("bands")->source(),
                   tr("the last band must reach \"up_to\" = 100, not %1, so every load has one")
                       .arg(bands.last().upToPercent));
        } else if (ok) {
            a.bands = bands;
        }
    }
    if (const auto v = p.number(t, "hostile_hog_fraction", 0, 1))
        a.hostileHogFraction = *v;
    if (const auto v = p.duration(t, "hostile_window", kHour, 30 * kDay))
        a.hostileWindowMs = *v;
    if (const auto v = p.number(t, "defensive_multiplier", 0, 1))
        a.defensiveMultiplier = *v;
}

void parseAlerts(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(t, QStringLiteral("[alerts]"), {"webhook_url", "rate_limit", "retries", "timeout"});
    auto& a = c.alerts;
    if (const toml::node* n = t.get("webhook_url")) {
        if (const auto text = p.string(*n, QStringLiteral("\"webhook_url\""))) {
            const QUrl url(*text, QUrl::StrictMode);
            if (text->isEmpty()) {
                a.webhookUrl.clear();
            } else if (!url.isValid() || url.host().isEmpty()) {
                p.fail(n->source(), tr("\"webhook_url\": \"%1\" is not a valid URL, such as "
                                       "\"https://hooks.example.com/services/…\"")
                                        .arg(*text));
            } else if (url.scheme() != QLatin1String("http") &&
                       url.scheme() != QLatin1String("https")) {
                p.fail(n->source(),
                       tr("\"webhook_url\": \"%1\" must be an http:// or https:// URL").arg(*text));
            } else {
                a.webhookUrl = *text;
            }
        }
    }
    if (const auto v = p.duration(t, "rate_limit", kSecond, kDay))
        a.rateLimitMs = *v;
    if (const toml::node* n = t.get("retries")) {
        if (const auto v = p.number(*n, QStringLiteral("\"retries\""), 0, 20)) {
            if (!n->is_integer())
                p.fail(n->source(), tr("\"retries\" must be a whole number"));
            else
                a.retries = int(*v);
        }
    }
    if (const auto v = p.duration(t, "timeout", kSecond, 5 * kMinute))
        a.timeoutMs = *v;
}

void parseAllocate(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(t, QStringLiteral("[allocate]"),
                {"free_memory_weight", "idle_weight", "default_ttl", "max_wait"});
    auto& a = c.allocate;
    const auto freeMemory = p.number(t, "free_memory_weight", 0, 1);
    const auto idle = p.number(t, "idle_weight", 0, 1);
    if (freeMemory)
        a.freeMemoryWeight = *freeMemory;
    if (idle)
        a.idleWeight = *idle;
    if ((freeMemory || idle) && a.freeMemoryWeight + a.idleWeight <= 0)
        p.fail(t.source(), tr("[allocate]: \"free_memory_weight\" and \"idle_weight\" are both "
                              "0: every GPU would score the same"));
    if (const auto v = p.duration(t, "default_ttl", kSecond, kDay))
        a.defaultTtlMs = *v;
    if (const auto v = p.duration(t, "max_wait", kSecond, kDay))
        a.maxWaitMs = *v;
}

// A finite number with `ok(v)` true, else `need` named in the error.
std::optional<double> limited(Parser& p, const toml::node& n, const QString& what,
                              bool (*ok)(double), const QString& need)
{
    double v = 0;
    if (const auto* i = n.as_integer())
        v = double(i->get());
    else if (const auto* f = n.as_floating_point())
        v = f->get();
    else {
        p.fail(n.source(), tr("%1 must be a number").arg(what));
        return std::nullopt;
    }
    if (!std::isfinite(v)) {
        p.fail(n.source(), tr("%1 must be a finite number, not %2").arg(what).arg(v));
        return std::nullopt;
    }
    if (!ok(v)) {
        p.fail(n.source(), tr("%1 must be %2, not %3").arg(what, need).arg(v));
        return std::nullopt;
    }
    return v;
}

bool atLeastZero(double v)
{
    return v >= 0;
}
bool atMostZero(double v)
{
    return v <= 0;
}

std::optional<double> tokenAmount(Parser& p, const toml::table& t, std::string_view key,
                                  bool negative = false)
{
    const toml::node* n = t.get(key);
    if (!n)
        return std::nullopt;
    return negative
               ? limited(p, *n, QStringLiteral("\"%1\"").arg(qs(key)), atMostZero, tr("0 or below"))
               : limited(p, *n, QStringLiteral("\"%1\"").arg(qs(key)), atLeastZero,
                         tr("0 or more"));
}

// "RTX 3090" = 1: tokens per GPU-hour, kept in file order (toml++ walks by key).
void parsePrices(Parser& p, const toml::table& t, PolicyConfig::Tokens& out)
{
    std::vector<std::pair<const toml::key*, const toml::node*>> entries;
    for (const auto& [key, node] : t)
        entries.emplace_back(&key, &node);
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return a.first->source().begin < b.first->source().begin;
    });
    for (const auto& [key, node] : entries) {
        const QString pattern = qs(key->str());
        const int line = int(key->source().begin.line);
        if (pattern.trimmed().isEmpty()) {
            p.fail(key->source(), tr("a pattern in [tokens.prices] is empty: write a part of "
                                     "the GPU's name, such as \"RTX 3090\""));
            continue;
        }
        const auto same = std::find_if(out.prices.begin(), out.prices.end(), [&](const auto& x) {
            return x.pattern.compare(pattern, Qt::CaseInsensitive) == 0;
        });
        if (same != out.prices.end()) {
            p.fail(key->source(), tr("price \"%1\" repeats \"%2\" (line %3); patterns are "
                                     "matched ignoring case")
                                      .arg(pattern, same->pattern)
                                      .arg(same->line));
            continue;
        }
        const auto v = limited(p, *node, tr("the price of \"%1\"").arg(pattern), atLeastZero,
                               tr("0 or more tokens per GPU-hour"));
        if (v)
            out.prices << PolicyConfig::Tokens::Price{pattern, *v, line};
    }
}

// The enforcement keys of [tokens] (docs/tokens.md, "Enforcement").
void parseEnforcement(Parser& p, const toml::table& t, PolicyConfig::Tokens::Enforcement& e)
{
    using Mode = PolicyConfig::Tokens::Enforcement::Mode;
    if (const auto v = p.choice(t, "enforce", {"off", "propose", "auto"}))
        e.mode = *v == 0 ? Mode::Off : (*v == 1 ? Mode::Propose : Mode::Auto);
    if (const auto v = p.number(t, "demand_utilisation", 0, 100))
        e.demandUtilisationPercent = *v;
    if (const auto v = p.duration(t, "demand_for", kMinute, kDay))
        e.demandForMs = *v;
    if (const auto v = p.boolean(t, "demand_on_refused_allocation"))
        e.demandOnRefusedAllocation = *v;
    if (const auto v = p.duration(t, "step_after", kSecond, 7 * kDay))
        e.stepAfterMs = *v;
    if (const auto v = p.duration(t, "kill_grace", kSecond, 10 * kMinute))
        e.killGraceMs = *v;
    if (const auto v = p.names(t, "protected_users", true))
        e.protectedUsers = *v;
    if (const auto v = p.names(t, "protected_commands", false))
        e.protectedCommands = *v;
    if (const auto v = p.boolean(t, "dry_run"))
        e.dryRun = *v;
}

void parseTokens(Parser& p, const toml::table& t, PolicyConfig& c)
{
    p.onlyKnown(t, QStringLiteral("[tokens]"),
                {"initial", "monthly", "overdraft_floor", "daily", "daily_when", "charge",
                 "default_price", "time_zone", "users", "prices", "enforce", "demand_utilisation",
                 "demand_for", "demand_on_refused_allocation", "step_after", "kill_grace",
                 "protected_users", "protected_commands", "dry_run"});
    auto& k = c.tokens;
    k.enabled = true;
    if (const auto v = tokenAmount(p, t, "initial"))
        k.initial = *v;
    if (const auto v = tokenAmount(p, t, "monthly"))
        k.monthly = *v;
    if (const auto v = tokenAmount(p, t, "overdraft_floor", true))
        k.overdraftFloor = *v;
    if (const auto v = tokenAmount(p, t, "daily"))
        k.daily = *v;
    if (const auto v = p.choice(t, "daily_when", {"negative", "always"}))
        k.dailyWhen = *v == 0 ? PolicyConfig::Tokens::DailyWhen::Negative
                              : PolicyConfig::Tokens::DailyWhen::Always;
    if (const auto v = p.choice(t, "charge", {"held", "used"}))
        k.charge =
            *v == 0 ? PolicyConfig::Tokens::Charge::Held : PolicyConfig::Tokens::Charge::Used;
    if (const auto v = tokenAmount(p, t, "default_price"))
        k.defaultPrice = *v;
    if (const toml::node* n = t.get("time_zone")) {
        if (const auto id = p.string(*n, QStringLiteral("\"time_zone\""))) {
            if (id->isEmpty())
                p.fail(n->source(),
                       tr("\"time_zone\" is empty: leave it out for this machine's zone"));
            else if (!QTimeZone::isTimeZoneIdAvailable(id->toUtf8()))
                p.fail(n->source(), tr("\"time_zone\": \"%1\" is not a known time zone; write "
                                       "an IANA name such as \"Europe/Berlin\" or \"UTC\"")
                                        .arg(*id));
            else
                k.timeZone = *id;
        }
    }
    if (const auto v = p.names(t, "users", true))
        k.users = *v;
    if (const toml::node* n = t.get("prices"))
        if (const toml::table* prices = p.table(*n, QStringLiteral("[tokens.prices]")))
            parsePrices(p, *prices, k);
    parseEnforcement(p, t, k.enforcement);
}

// One entry per [section]; a later issue adds its section here.
struct Section
{
    std::string_view name;
    void (*parse)(Parser&, const toml::table&, PolicyConfig&);
};
constexpr Section kSections[] = {
    {"hog", parseHog},           {"idle", parseIdle},     {"quota", parseQuota},
    {"adaptive", parseAdaptive}, {"alerts", parseAlerts}, {"allocate", parseAllocate},
    {"tokens", parseTokens},
};

const char* const kDayNames[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

int dayIndex(const QString& s)
{
    for (int i = 0; i < 7; ++i)
        if (s.compare(QLatin1String(kDayNames[i]), Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

std::optional<int> minuteOfDay(const QString& s, bool end, QString* why)
{
    static const QRegularExpression re(QStringLiteral("^(\\d\\d):(\\d\\d)$"));
    const auto m = re.match(s);
    if (!m.hasMatch()) {
        *why = tr("\"%1\" is not a time of day HH:MM").arg(s);
        return std::nullopt;
    }
    const int h = m.captured(1).toInt();
    const int min = m.captured(2).toInt();
    if (min > 59 || h > 24 || (h == 24 && (min != 0 || !end))) {
        *why = tr("\"%1\" is not a time of day (00:00 to 23:59, or 24:00 as an end)").arg(s);
        return std::nullopt;
    }
    return h * 60 + min;
}

} // namespace

bool QuotaWindow::contains(int dayOfWeek, int minute) const
{
    const int day = dayOfWeek - 1;
    const auto startsOn = [&](int d) {
        return (days >> ((d + 7) % 7)) & 1;
    };
    if (!crossesMidnight())
        return startsOn(day) && minute >= startMinute && minute < endMinute;
    // Evening part on a start day, or the morning after one.
    return (startsOn(day) && minute >= startMinute) || (startsOn(day - 1) && minute < endMinute);
}

std::optional<QuotaWindow> parseQuotaWindow(const QString& text, QString* why)
{
    QString dummy;
    if (!why)
        why = &dummy;
    const QStringList parts = text.simplified().split(QLatin1Char(' '));
    if (parts.size() != 2) {
        *why = tr("write days and a time range, such as \"Mon-Fri 09:00-17:00\"");
        return std::nullopt;
    }
    QuotaWindow w;
    w.text = text.simplified();
    for (const QString& item : parts[0].split(QLatin1Char(','))) {
        const QStringList range = item.split(QLatin1Char('-'));
        const int from = dayIndex(range.value(0));
        const int to = range.size() == 2 ? dayIndex(range[1]) : from;
        if (range.size() > 2 || from < 0 || to < 0) {
            *why = tr("\"%1\" is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, "
                      "Sun; \"Mon-Fri\", \"Sat,Sun\")")
                       .arg(item);
            return std::nullopt;
        }
        for (int d = from;; d = (d + 1) % 7) { // "Fri-Mon" wraps over the weekend
            w.days |= quint8(1u << d);
            if (d == to)
                break;
        }
    }
    const QStringList times = parts[1].split(QLatin1Char('-'));
    if (times.size() != 2) {
        *why = tr("\"%1\" is not a time range such as 09:00-17:00").arg(parts[1]);
        return std::nullopt;
    }
    const auto start = minuteOfDay(times[0], false, why);
    if (!start)
        return std::nullopt;
    const auto end = minuteOfDay(times[1], true, why);
    if (!end)
        return std::nullopt;
    if (*start == *end) {
        *why = tr("the window starts and ends at the same time");
        return std::nullopt;
    }
    w.startMinute = *start;
    w.endMinute = *end;
    return w;
}

std::optional<qint64> parsePolicyDuration(const QString& text, QString* why)
{
    QString dummy;
    if (!why)
        why = &dummy;
    // The one duration reader (util/duration.h), with the policy file's own
    // limits: s, m, h or d (no ms), at most nine digits, more than zero.
    const bool inLimits = text.size() <= 10 && !text.endsWith(QLatin1String("ms"));
    const std::optional<std::chrono::milliseconds> span =
        inLimits ? parseDuration(text) : std::nullopt;
    if (!span) {
        *why = tr("\"%1\" is not a duration: write a whole number and s, m, h or d, such as "
                  "\"30s\", \"10m\", \"2h\"")
                   .arg(text);
        return std::nullopt;
    }
    if (span->count() == 0) {
        *why = tr("\"%1\" must be longer than zero").arg(text);
        return std::nullopt;
    }
    return span->count();
}

QString formatPolicyDuration(qint64 ms)
{
    return formatDurationExact(std::chrono::milliseconds(ms));
}

QString redactedWebhookUrl(const QString& text)
{
    if (text.isEmpty())
        return {};
    const QUrl url(text);
    QString shown = url.scheme() + QStringLiteral("://") + url.host();
    if (url.port() >= 0)
        shown += QLatin1Char(':') + QString::number(url.port());
    if (!(url.path().isEmpty() || url.path() == QLatin1String("/")) || url.hasQuery())
        shown += QStringLiteral("/…");
    return shown;
}

PolicyParseResult parsePolicy(const QByteArray& text, const QString& fileName)
{
    PolicyParseResult result;
    toml::table root;
    try {
        root = toml::parse(std::string_view(text.constData(), size_t(text.size())),
                           std::string_view());
    } catch (const toml::parse_error& e) {
        result.errors << QStringLiteral("%1:%2:%3: %4")
                             .arg(fileName)
                             .arg(e.source().begin.line)
                             .arg(e.source().begin.column)
                             .arg(qs(e.description()));
        return result;
    }
    Parser p(fileName);
    PolicyConfig c;
    for (const auto& [key, node] : root) {
        // A plain name, not the binding: clang 14 (the fuzz build) refuses
        // structured bindings captured in a lambda.
        const std::string_view name = key.str();
        const auto* section = std::find_if(std::begin(kSections), std::end(kSections),
                                           [name](const Section& s) { return s.name == name; });
        if (section == std::end(kSections)) {
            QStringList known;
            for (const Section& s : kSections)
                known << QStringLiteral("[%1]").arg(qs(s.name));
            p.fail(key.source(), tr("unknown section [%1]; the known sections are %2")
                                     .arg(qs(key.str()), known.join(QStringLiteral(", "))));
            continue;
        }
        if (const toml::table* t =
                p.table(node, tr("\"%1\" (write it as a section, [%1])").arg(qs(key.str()))))
            section->parse(p, *t, c);
    }
    result.errors = Parser::sorted(p.errors);
    result.warnings = Parser::sorted(p.warnings);
    if (result.errors.isEmpty())
        result.config = c;
    return result;
}

PolicyParseResult loadPolicyFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        PolicyParseResult result;
        result.unreadable = true;
        result.errors << tr("%1: cannot read the policy: %2").arg(path, f.errorString());
        return result;
    }
    return parsePolicy(f.readAll(), path);
}

namespace {

QJsonObject durationJson(qint64 ms)
{
    return QJsonObject{{QStringLiteral("text"), formatPolicyDuration(ms)},
                       {QStringLiteral("ms"), ms}};
}

QJsonArray sharesJson(const QList<QuotaShare>& shares)
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

QString dailyWhenName(PolicyConfig::Tokens::DailyWhen w)
{
    return w == PolicyConfig::Tokens::DailyWhen::Negative ? QStringLiteral("negative")
                                                          : QStringLiteral("always");
}

QString chargeName(PolicyConfig::Tokens::Charge c)
{
    return c == PolicyConfig::Tokens::Charge::Held ? QStringLiteral("held")
                                                   : QStringLiteral("used");
}

// Keys as in the file, so the desktop's form writes it back as [tokens]; the
// machine's zone (time_zone unset) is left out, as it is in the file.
QJsonObject tokensJson(const PolicyConfig::Tokens& t)
{
    QJsonArray prices;
    for (const auto& p : t.prices)
        prices << QJsonObject{{QStringLiteral("pattern"), p.pattern},
                              {QStringLiteral("per_gpu_hour"), p.perGpuHour},
                              {QStringLiteral("line"), p.line}};
    QJsonObject o{{QStringLiteral("initial"), t.initial},
                  {QStringLiteral("monthly"), t.monthly},
                  {QStringLiteral("overdraft_floor"), t.overdraftFloor},
                  {QStringLiteral("daily"), t.daily},
                  {QStringLiteral("daily_when"), dailyWhenName(t.dailyWhen)},
                  {QStringLiteral("charge"), chargeName(t.charge)},
                  {QStringLiteral("default_price"), t.defaultPrice},
                  {QStringLiteral("users"), QJsonArray::fromStringList(t.users)},
                  {QStringLiteral("prices"), prices}};
    if (!t.timeZone.isEmpty())
        o.insert(QStringLiteral("time_zone"), t.timeZone);
    const auto& e = t.enforcement;
    o.insert(QStringLiteral("enforce"), enforceModeName(e.mode));
    o.insert(QStringLiteral("demand_utilisation"), e.demandUtilisationPercent);
    o.insert(QStringLiteral("demand_for"), durationJson(e.demandForMs));
    o.insert(QStringLiteral("demand_on_refused_allocation"), e.demandOnRefusedAllocation);
    o.insert(QStringLiteral("step_after"), durationJson(e.stepAfterMs));
    o.insert(QStringLiteral("kill_grace"), durationJson(e.killGraceMs));
    o.insert(QStringLiteral("protected_users"), QJsonArray::fromStringList(e.protectedUsers));
    o.insert(QStringLiteral("protected_commands"), QJsonArray::fromStringList(e.protectedCommands));
    o.insert(QStringLiteral("dry_run"), e.dryRun);
    return o;
}

} // namespace

QString enforceModeName(PolicyConfig::Tokens::Enforcement::Mode mode)
{
    using Mode = PolicyConfig::Tokens::Enforcement::Mode;
    return mode == Mode::Off       ? QStringLiteral("off")
           : mode == Mode::Propose ? QStringLiteral("propose")
                                   : QStringLiteral("auto");
}

QJsonObject policyToJson(const PolicyConfig& c)
{
    QJsonArray warnings;
    for (qint64 w : c.idle.warningsMs)
        warnings << durationJson(w);
    QJsonArray bands;
    for (const LoadBand& b : c.adaptive.bands)
        bands << QJsonObject{{QStringLiteral("up_to"), b.upToPercent},
                             {QStringLiteral("multiplier"), b.multiplier}};
    QJsonObject out{
        {QStringLiteral("hog"),
         QJsonObject{{QStringLiteral("threshold_percent"), c.hog.thresholdPercent},
                     {QStringLiteral("duration"), durationJson(c.hog.durationMs)},
                     {QStringLiteral("scope"), c.hog.scope == HogScope::Process
                                                   ? QStringLiteral("process")
                                                   : QStringLiteral("user")},
                     {QStringLiteral("alert"), c.hog.alert}}},
        {QStringLiteral("idle"),
         QJsonObject{
             {QStringLiteral("min_gpu_utilization"), c.idle.minGpuUtilizationPercent},
             {QStringLiteral("time_window"), durationJson(c.idle.timeWindowMs)},
             {QStringLiteral("min_memory_mib"), c.idle.minMemoryMib},
             {QStringLiteral("confirm_power"), c.idle.confirmPower},
             {QStringLiteral("warnings"), warnings},
             {QStringLiteral("action"), c.idle.action == IdleAction::Notify
                                            ? QStringLiteral("notify")
                                            : QStringLiteral("terminate")},
             {QStringLiteral("exempt_users"), QJsonArray::fromStringList(c.idle.exemptUsers)},
             {QStringLiteral("exempt_commands"), QJsonArray::fromStringList(c.idle.exemptCommands)},
             {QStringLiteral("dry_run"), c.idle.dryRun},
             {QStringLiteral("kill_grace"), durationJson(c.idle.killGraceMs)}}},
        {QStringLiteral("quota"),
         QJsonObject{{QStringLiteral("window"), durationJson(c.quota.windowMs)},
                     {QStringLiteral("default_share"), c.quota.defaultSharePercent},
                     {QStringLiteral("users"), sharesJson(c.quota.users)},
                     {QStringLiteral("groups"), sharesJson(c.quota.groups)}}},
        {QStringLiteral("adaptive"),
         QJsonObject{{QStringLiteral("enabled"), c.adaptive.enabled},
                     {QStringLiteral("bands"), bands},
                     {QStringLiteral("hostile_hog_fraction"), c.adaptive.hostileHogFraction},
                     {QStringLiteral("hostile_window"), durationJson(c.adaptive.hostileWindowMs)},
                     {QStringLiteral("defensive_multiplier"), c.adaptive.defensiveMultiplier}}},
        {QStringLiteral("alerts"),
         QJsonObject{{QStringLiteral("webhook_url"), redactedWebhookUrl(c.alerts.webhookUrl)},
                     {QStringLiteral("rate_limit"), durationJson(c.alerts.rateLimitMs)},
                     {QStringLiteral("retries"), c.alerts.retries},
                     {QStringLiteral("timeout"), durationJson(c.alerts.timeoutMs)}}},
        {QStringLiteral("allocate"),
         QJsonObject{{QStringLiteral("free_memory_weight"), c.allocate.freeMemoryWeight},
                     {QStringLiteral("idle_weight"), c.allocate.idleWeight},
                     {QStringLiteral("default_ttl"), durationJson(c.allocate.defaultTtlMs)},
                     {QStringLiteral("max_wait"), durationJson(c.allocate.maxWaitMs)}}},
    };
    // Present only when the file has [tokens]: its presence switches the books on.
    if (c.tokens.enabled)
        out.insert(QStringLiteral("tokens"), tokensJson(c.tokens));
    return out;
}

QString policySummary(const PolicyConfig& c)
{
    QStringList warnings;
    for (qint64 w : c.idle.warningsMs)
        warnings << formatPolicyDuration(w);
    const auto shares = [](const QList<QuotaShare>& list, const QString& prefix) {
        QStringList out;
        for (const QuotaShare& s : list)
            out << QStringLiteral("%1%2 %3 %%4")
                       .arg(prefix, s.name)
                       .arg(s.sharePercent)
                       .arg(s.windows.isEmpty() ? QString() : QStringLiteral(" (%1)").arg([&] {
                           QStringList t;
                           for (const QuotaWindow& w : s.windows)
                               t << w.text;
                           return t.join(QStringLiteral(", "));
                       }()));
        return out;
    };
    QStringList bands;
    for (const LoadBand& b : c.adaptive.bands)
        bands << QStringLiteral("≤%1 % busy ×%2").arg(b.upToPercent).arg(b.multiplier);
    QStringList lines;
    lines << tr("hog: %1 % GPU for %2, per %3, alert %4")
                 .arg(c.hog.thresholdPercent)
                 .arg(formatPolicyDuration(c.hog.durationMs),
                      c.hog.scope == HogScope::Process ? tr("process") : tr("user"),
                      c.hog.alert ? tr("on") : tr("off"));
    lines << tr("idle: below %1 % GPU for %2 holding ≥ %3 MiB, power check %4; warnings %5; "
                "then %6%7, SIGKILL after %8")
                 .arg(c.idle.minGpuUtilizationPercent)
                 .arg(formatPolicyDuration(c.idle.timeWindowMs))
                 .arg(c.idle.minMemoryMib)
                 .arg(c.idle.confirmPower ? tr("on") : tr("off"),
                      warnings.isEmpty() ? tr("none") : warnings.join(QStringLiteral(", ")),
                      c.idle.action == IdleAction::Notify ? tr("notify") : tr("terminate"),
                      c.idle.dryRun ? tr(" (dry run)") : QString(),
                      formatPolicyDuration(c.idle.killGraceMs));
    if (!c.idle.exemptUsers.isEmpty() || !c.idle.exemptCommands.isEmpty())
        lines << tr("idle exempt: %1")
                     .arg((c.idle.exemptUsers + c.idle.exemptCommands).join(QStringLiteral(", ")));
    lines << tr("quota: over %1, default %2 %; %3")
                 .arg(formatPolicyDuration(c.quota.windowMs))
                 .arg(c.quota.defaultSharePercent)
                 .arg((shares(c.quota.users, QString()) +
                       shares(c.quota.groups, QStringLiteral("@")))
                          .join(QStringLiteral(", ")));
    lines << tr("adaptive: %1; %2; defensive ×%3 when hogs are present over %4 % of %5")
                 .arg(c.adaptive.enabled ? tr("on") : tr("off"), bands.join(QStringLiteral(", ")))
                 .arg(c.adaptive.defensiveMultiplier)
                 .arg(c.adaptive.hostileHogFraction * 100)
                 .arg(formatPolicyDuration(c.adaptive.hostileWindowMs));
    if (c.alerts.webhookUrl.isEmpty())
        lines << tr("alerts: no webhook");
    else
        lines << tr("alerts: webhook %1, at most one per kind and user every %2, %3 retries, "
                    "timeout %4")
                     .arg(redactedWebhookUrl(c.alerts.webhookUrl),
                          formatPolicyDuration(c.alerts.rateLimitMs))
                     .arg(c.alerts.retries)
                     .arg(formatPolicyDuration(c.alerts.timeoutMs));
    lines << tr("allocate: score %1 × free memory + %2 × idle; reservations last %3, waits at "
                "most %4")
                 .arg(c.allocate.freeMemoryWeight)
                 .arg(c.allocate.idleWeight)
                 .arg(formatPolicyDuration(c.allocate.defaultTtlMs),
                      formatPolicyDuration(c.allocate.maxWaitMs));
    if (!c.tokens.enabled) {
        lines << tr("tokens: no books");
    } else {
        const auto& t = c.tokens;
        QStringList prices;
        for (const auto& p : t.prices)
            prices << QStringLiteral("%1 %2").arg(p.pattern).arg(p.perGpuHour);
        prices << tr("others %1").arg(t.defaultPrice);
        lines << tr("tokens: %1 per GPU-hour (%2); initial %3, monthly %4, daily %5 %6, floor "
                    "%7; days in %8")
                     .arg(prices.join(QStringLiteral(", ")),
                          t.charge == PolicyConfig::Tokens::Charge::Held ? tr("memory held")
                                                                         : tr("weighted by use"))
                     .arg(t.initial)
                     .arg(t.monthly)
                     .arg(t.daily)
                     .arg(t.dailyWhen == PolicyConfig::Tokens::DailyWhen::Negative
                              ? tr("while negative")
                              : tr("always"))
                     .arg(t.overdraftFloor)
                     .arg(t.timeZone.isEmpty() ? tr("this machine's zone") : t.timeZone);
        if (!t.users.isEmpty())
            lines << tr("tokens users: %1").arg(t.users.join(QStringLiteral(", ")));
        const auto& e = t.enforcement;
        lines << tr("tokens enforcement: %1%2; demand %3 % for %4%5; steps every %6, kill "
                    "grace %7")
                     .arg(enforceModeName(e.mode), e.dryRun ? tr(" (dry run)") : QString())
                     .arg(e.demandUtilisationPercent)
                     .arg(formatPolicyDuration(e.demandForMs),
                          e.demandOnRefusedAllocation ? tr(" or a refused allocation") : QString(),
                          formatPolicyDuration(e.stepAfterMs), formatPolicyDuration(e.killGraceMs));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace gw
