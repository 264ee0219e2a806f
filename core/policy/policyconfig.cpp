#include "policy/policyconfig.h"

#include "policy/policyschema.h"

#include "util/duration.h"
#include "util/editdistance.h"

#include <QCoreApplication>
#include <QDir>
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

// (In a function whose return type names another namespace, a toml:: or
// std:: type, Qt 6.4's lupdate loses the class: messages there name the
// context themselves, QCoreApplication::translate("gw::policy", ...).)
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::policy)
};

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

// A Kubernetes namespace: an RFC 1123 label (lower-case letters, digits and
// '-', at most 63, a letter or digit at each end).
bool validNamespace(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$"));
    return re.match(name).hasMatch();
}

bool hasSpace(const QString& text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar ch) { return ch.isSpace(); });
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
        warnings << Message{where.begin, at(where) + Tr::tr("warning: ") + what};
    }

    // Every key must be known; a near miss is named.
    void onlyKnown(const toml::table& t, const QString& where,
                   const std::vector<std::string_view>& known)
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
            QString message = Tr::tr("unknown key \"%1\" in %2").arg(name, where);
            if (!best.isEmpty())
                message += Tr::tr(" (did you mean \"%1\"?)").arg(best);
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
        fail(n->source(), Tr::tr("\"%1\" must be true or false").arg(qs(key)));
        return std::nullopt;
    }

    std::optional<QString> string(const toml::node& n, const QString& what)
    {
        if (const auto* s = n.as_string())
            return QString::fromStdString(s->get());
        fail(n.source(), Tr::tr("%1 must be a string in quotes").arg(what));
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
            fail(n.source(), Tr::tr("%1 must be a number").arg(what));
            return std::nullopt;
        }
        if (!(v >= min && v <= max)) { // NaN fails too
            fail(n.source(),
                 Tr::tr("%1 must be between %2 and %3, not %4").arg(what).arg(min).arg(max).arg(v));
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
            fail(n.source(), Tr::tr("%1: %2").arg(what, why));
            return std::nullopt;
        }
        if (*ms < min || *ms > max) {
            fail(n.source(),
                 Tr::tr("%1 must be between %2 and %3, not \"%4\"")
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
                              const QList<PolicyChoice>& words)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return std::nullopt;
        const auto text = string(*n, QStringLiteral("\"%1\"").arg(qs(key)));
        if (!text)
            return std::nullopt;
        QStringList list;
        int index = 0;
        for (const PolicyChoice& w : words) {
            if (*text == QLatin1String(w.word))
                return index;
            list << QStringLiteral("\"%1\"").arg(QLatin1String(w.word));
            ++index;
        }
        fail(
            n->source(),
            Tr::tr("\"%1\" must be %2, not \"%3\"").arg(qs(key), list.join(Tr::tr(" or ")), *text));
        return std::nullopt;
    }

    const toml::array* array(const toml::table& t, std::string_view key)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return nullptr;
        if (const auto* a = n->as_array())
            return a;
        fail(n->source(),
             QCoreApplication::translate("gw::policy", "\"%1\" must be a list in brackets, [...]")
                 .arg(qs(key)));
        return nullptr;
    }

    const toml::table* table(const toml::node& n, const QString& what)
    {
        if (const auto* t = n.as_table())
            return t;
        fail(n.source(), QCoreApplication::translate("gw::policy", "%1 must be a table").arg(what));
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
            const auto s = string(n, Tr::tr("each entry of \"%1\"").arg(qs(key)));
            if (!s) {
                ok = false;
                continue;
            }
            if (accounts ? !validAccountName(*s) : s->trimmed().isEmpty()) {
                fail(n.source(), accounts ? Tr::tr("\"%1\" is not a valid user name").arg(*s)
                                          : Tr::tr("an entry of \"%1\" is empty").arg(qs(key)));
                ok = false;
                continue;
            }
            if (out.contains(*s))
                warn(n.source(), Tr::tr("\"%1\" is listed twice").arg(*s));
            else
                out << *s;
        }
        return ok ? std::optional(out) : std::nullopt;
    }

private:
    QString m_file;
};

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
            p.fail(key.source(), (groups ? Tr::tr("\"%1\" in %2 is not a valid group name")
                                         : Tr::tr("\"%1\" in %2 is not a valid user name"))
                                     .arg(share.name, section));
            continue;
        }
        const QString what = QStringLiteral("%1 \"%2\"").arg(section, share.name);
        if (const auto* entry = node.as_table()) {
            p.onlyKnown(*entry, what, {"share", "windows"});
            const toml::node* s = entry->get("share");
            if (!s) {
                p.fail(node.source(), Tr::tr("%1 needs a \"share\"").arg(what));
                continue;
            }
            const auto v = p.number(*s, Tr::tr("the share of %1").arg(what), 0, 100);
            if (!v)
                continue;
            share.sharePercent = *v;
            if (const toml::array* a = p.array(*entry, "windows")) {
                for (const toml::node& w : *a) {
                    const auto text = p.string(w, Tr::tr("each entry of \"windows\""));
                    if (!text)
                        continue;
                    QString why;
                    if (const auto window = parseQuotaWindow(*text, &why))
                        share.windows << *window;
                    else
                        p.fail(w.source(), Tr::tr("window \"%1\": %2").arg(*text, why));
                }
                if (a->empty())
                    p.fail(entry->get("windows")->source(),
                           Tr::tr("\"windows\" is empty: leave it out for a quota that always "
                                  "applies"));
            }
        } else if (node.is_number()) {
            const auto v = p.number(node, Tr::tr("the share of %1").arg(what), 0, 100);
            if (!v)
                continue;
            share.sharePercent = *v;
        } else {
            p.fail(
                node.source(),
                Tr::tr("%1 must be a share (0-100) or { share = …, windows = [...] }").arg(what));
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
               Tr::tr("the users' shares add up to %1 %, more than the server has; each is still "
                      "a ceiling")
                   .arg(listed));
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
        p.fail(n.source(), Tr::tr("%1 must be a number").arg(what));
        return std::nullopt;
    }
    if (!std::isfinite(v)) {
        p.fail(n.source(), Tr::tr("%1 must be a finite number, not %2").arg(what).arg(v));
        return std::nullopt;
    }
    if (!ok(v)) {
        p.fail(n.source(), Tr::tr("%1 must be %2, not %3").arg(what, need).arg(v));
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
    return negative ? limited(p, *n, QStringLiteral("\"%1\"").arg(qs(key)), atMostZero,
                              Tr::tr("0 or below"))
                    : limited(p, *n, QStringLiteral("\"%1\"").arg(qs(key)), atLeastZero,
                              Tr::tr("0 or more"));
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
            p.fail(key->source(), Tr::tr("a pattern in [tokens.prices] is empty: write a part of "
                                         "the GPU's name, such as \"RTX 3090\""));
            continue;
        }
        const auto same = std::find_if(out.prices.begin(), out.prices.end(), [&](const auto& x) {
            return x.pattern.compare(pattern, Qt::CaseInsensitive) == 0;
        });
        if (same != out.prices.end()) {
            p.fail(key->source(), Tr::tr("price \"%1\" repeats \"%2\" (line %3); patterns are "
                                         "matched ignoring case")
                                      .arg(pattern, same->pattern)
                                      .arg(same->line));
            continue;
        }
        const auto v = limited(p, *node, Tr::tr("the price of \"%1\"").arg(pattern), atLeastZero,
                               Tr::tr("0 or more tokens per GPU-hour"));
        if (v)
            out.prices << PolicyConfig::Tokens::Price{pattern, *v, line};
    }
}

// [owners.namespaces] vision = { user = "alice", account = "vision" }, and
// [owners.containers] with a name pattern as the key; in file order (toml++
// walks by key: the containers' order is how a tie of lengths is broken).
void parseOwnerMappings(Parser& p, const toml::table& t, const QString& section, bool patterns,
                        owners::OwnerRules& out)
{
    std::vector<std::pair<const toml::key*, const toml::node*>> entries;
    for (const auto& [key, node] : t)
        entries.emplace_back(&key, &node);
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return a.first->source().begin < b.first->source().begin;
    });
    for (const auto& [key, node] : entries) {
        const QString name = qs(key->str());
        if (patterns && name.trimmed().isEmpty()) {
            p.fail(
                key->source(),
                Tr::tr("a pattern in %1 is empty: write a container's name, with * for any run of "
                       "characters and ? for one, such as \"train-*\"")
                    .arg(section));
            continue;
        }
        if (!patterns && !validNamespace(name)) {
            p.fail(key->source(), Tr::tr("\"%1\" in %2 is not a Kubernetes namespace (lower-case "
                                         "letters, digits and '-', at most 63 characters)")
                                      .arg(name, section));
            continue;
        }
        const QString what = QStringLiteral("%1 \"%2\"").arg(section, name);
        const toml::table* entry = node->as_table();
        if (!entry) {
            p.fail(node->source(),
                   Tr::tr("%1 must be { user = \"…\", account = \"…\" }").arg(what));
            continue;
        }
        p.onlyKnown(*entry, what, {"user", "account"});
        owners::OwnerMapping m;
        m.line = int(key->source().begin.line);
        bool ok = true;
        const auto field = [&](std::string_view k, QString& target) {
            const toml::node* n = entry->get(k);
            if (!n)
                return;
            const auto text = p.string(*n, Tr::tr("\"%1\" of %2").arg(qs(k), what));
            if (!text) {
                ok = false;
            } else if (text->trimmed().isEmpty()) {
                p.fail(n->source(),
                       Tr::tr("\"%1\" of %2 is empty: leave it out instead").arg(qs(k), what));
                ok = false;
            } else {
                target = *text;
            }
        };
        field("user", m.user);
        field("account", m.account);
        if (!ok)
            continue;
        if (m.user.isEmpty() && m.account.isEmpty()) {
            // An entry of unknown keys only has been named by onlyKnown.
            if (entry->empty())
                p.fail(node->source(),
                       Tr::tr("%1 names neither a \"user\" nor an \"account\"").arg(what));
            continue;
        }
        if (patterns)
            out.containers.append({name, m});
        else
            out.namespaces.insert(name, m);
    }
}

// A key of [accounts] or [contacts] (or of the contacts file, `where`
// empty) that must be a table: the table, or nothing and the mistake said,
// with a near miss of a plain key in `known` and `hint` after it.
const toml::table* tableOfKey(Parser& p, const toml::key& key, const toml::node& node,
                              const std::vector<std::string_view>& known, const QString& where,
                              const QString& hint)
{
    if (const toml::table* table = node.as_table())
        return table;
    const QString name = qs(key.str());
    if (where.isEmpty()) {
        p.fail(key.source(),
               QCoreApplication::translate("gw::policy", "\"%1\" is not a table: write [%1]")
                   .arg(name));
        return nullptr;
    }
    QString message =
        QCoreApplication::translate("gw::policy", "unknown key \"%1\" in %2").arg(name, where);
    for (std::string_view k : known)
        if (editDistance(name, qs(k)) < 3)
            message +=
                QCoreApplication::translate("gw::policy", " (did you mean \"%1\"?)").arg(qs(k));
    p.fail(key.source(), message + hint);
    return nullptr;
}

// An account's name: what the owner rules give (a Slurm account, a
// namespace's account, a label's value): letters, digits, '.', '_', '-'.
bool validAccountLabel(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"));
    return re.match(name).hasMatch();
}

// [accounts.NAME] members = ["alice", "@lab"], max_gpus, max_gpus_per_member,
// share: every key of [accounts] that is not one of its plain keys (`known`).
// A person is listed by name in one account at most; the accounts are kept
// by name (the first by name that lists a person's group is theirs).
void parseAccountTables(Parser& p, const toml::table& t, const std::vector<std::string_view>& known,
                        PolicyConfig::Accounts& out)
{
    QHash<QString, std::pair<QString, int>> listedIn; // user → account, line
    double shares = 0;
    const toml::node* lastShare = nullptr;
    for (const auto& [key, node] : t) {
        if (std::find(known.begin(), known.end(), key.str()) != known.end())
            continue;
        const QString name = qs(key.str());
        const toml::table* entry =
            tableOfKey(p, key, node, known, QStringLiteral("[accounts]"),
                       Tr::tr("; an account is a table, [accounts.%1]").arg(name));
        if (!entry)
            continue;
        if (!validAccountLabel(name)) {
            p.fail(key.source(), Tr::tr("\"%1\" is not an account name (letters, digits, '.', '_' "
                                        "and '-', at most 64 characters)")
                                     .arg(name));
            continue;
        }
        const QString what = QStringLiteral("[accounts.%1]").arg(name);
        p.onlyKnown(*entry, what, {"members", "max_gpus", "max_gpus_per_member", "share"});
        AccountSpec a;
        a.name = name;
        a.line = int(key.source().begin.line);
        bool ok = true;
        if (const toml::array* members = p.array(*entry, "members")) {
            for (const toml::node& n : *members) {
                const auto text = p.string(n, Tr::tr("each member of %1").arg(what));
                if (!text) {
                    ok = false;
                    continue;
                }
                const bool group = text->startsWith(QLatin1Char('@'));
                const QString member = group ? text->mid(1) : *text;
                if (!validAccountName(member)) {
                    p.fail(
                        n.source(),
                        Tr::tr("\"%1\" in %2 is not a user name or \"@group\"").arg(*text, what));
                    ok = false;
                    continue;
                }
                QStringList& list = group ? a.groups : a.users;
                if (list.contains(member)) {
                    p.warn(n.source(), Tr::tr("\"%1\" is listed twice").arg(*text));
                    continue;
                }
                if (!group) {
                    if (const auto other = listedIn.constFind(member);
                        other != listedIn.constEnd()) {
                        p.fail(n.source(),
                               Tr::tr("\"%1\" is a member of %2 and of [accounts.%3] (line %4): a "
                                      "person's use is charged to one account; a job names another "
                                      "through its Slurm account or its labels")
                                   .arg(member, what, other->first)
                                   .arg(other->second));
                        ok = false;
                        continue;
                    }
                    listedIn.insert(member, {name, int(n.source().begin.line)});
                }
                list << member;
            }
        } else if (entry->get("members")) {
            ok = false;
        }
        const auto count = [&](std::string_view k, int& target) {
            const toml::node* n = entry->get(k);
            if (!n)
                return;
            const QString field = Tr::tr("\"%1\" of %2").arg(qs(k), what);
            if (!n->is_integer()) {
                p.fail(n->source(), Tr::tr("%1 must be a whole number of GPUs").arg(field));
                ok = false;
            } else if (const auto v = p.number(*n, field, 0, kMaxGpusPerServer)) {
                target = int(*v);
            } else {
                ok = false;
            }
        };
        count("max_gpus", a.maxGpus);
        count("max_gpus_per_member", a.maxGpusPerMember);
        if (const toml::node* n = entry->get("share")) {
            if (const auto v = p.number(*n, Tr::tr("\"share\" of %1").arg(what), 0, 100)) {
                a.sharePercent = *v;
                shares += *v;
                if (!lastShare || lastShare->source().begin < n->source().begin)
                    lastShare = n;
            } else {
                ok = false;
            }
        }
        if (!ok)
            continue;
        if (a.maxGpus > 0 && a.maxGpusPerMember > a.maxGpus)
            p.warn(entry->get("max_gpus_per_member")->source(),
                   Tr::tr("%1: \"max_gpus_per_member\" (%2) is more than \"max_gpus\" (%3): no "
                          "member can reach it")
                       .arg(what)
                       .arg(a.maxGpusPerMember)
                       .arg(a.maxGpus));
        out.list << a;
    }
    if (shares > 100 && lastShare)
        p.warn(lastShare->source(),
               Tr::tr("the accounts' shares add up to %1 %, more than the server has").arg(shares));
    std::sort(out.list.begin(), out.list.end(),
              [](const AccountSpec& x, const AccountSpec& y) { return x.name < y.name; });
}

// An http:// or https:// URL with a host, or why not ("is not a valid URL, …").
QString httpUrlProblem(const QString& text)
{
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return Tr::tr("is not a valid URL, such as \"https://host.example.org/…\"");
    if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
        return Tr::tr("must be an http:// or https:// URL");
    return {};
}

bool validLanguage(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^[a-z]{2,3}([_-][A-Z]{2})?$"));
    return re.match(text).hasMatch();
}

bool validEmail(const QString& text)
{
    // What sendmail and a relay take without quoting: local@domain, no
    // spaces, no angle brackets, no header breaks.
    static const QRegularExpression re(
        QStringLiteral("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~{}-]+@[A-Za-z0-9{}]([A-Za-z0-9.{}-]*)$"));
    return re.match(text).hasMatch();
}

// One person's table ([contacts.NAME], or [NAME] in the contacts file).
std::optional<ContactSpec> parseContactTable(Parser& p, const toml::table& entry,
                                             const QString& user, const QString& what, int line)
{
    p.onlyKnown(
        entry, what,
        {"email", "matrix", "slack", "mattermost", "ntfy", "language", "terminals", "opt_out"});
    ContactSpec x;
    x.user = user;
    x.line = line;
    bool ok = true;
    const auto text = [&](std::string_view key, QString& target, auto problem) {
        const toml::node* n = entry.get(key);
        if (!n)
            return;
        const QString field = Tr::tr("\"%1\" of %2").arg(qs(key), what);
        const auto v = p.string(*n, field);
        if (!v) {
            ok = false;
            return;
        }
        if (v->isEmpty())
            return;
        if (const QString why = problem(*v); !why.isEmpty()) {
            p.fail(n->source(), Tr::tr("%1: \"%2\" %3").arg(field, *v, why));
            ok = false;
            return;
        }
        target = *v;
    };
    text("email", x.email, [](const QString& v) {
        return validEmail(v) && !v.contains(QLatin1Char('{'))
                   ? QString()
                   : Tr::tr("is not an e-mail address, such as \"alice@lab.example.org\"");
    });
    text("matrix", x.matrixRoom, [](const QString& v) {
        static const QRegularExpression re(QStringLiteral("^![^:\\s]+:[^\\s]+$"));
        return re.match(v).hasMatch()
                   ? QString()
                   : Tr::tr("is not a Matrix room id, such as \"!AbCdEf:matrix.example.org\" (a "
                            "room the agent's account is in, such as a direct chat)");
    });
    text("slack", x.slackUrl, httpUrlProblem);
    text("mattermost", x.mattermostUrl, httpUrlProblem);
    text("ntfy", x.ntfyUrl, httpUrlProblem);
    text("language", x.language, [](const QString& v) {
        return validLanguage(v) ? QString() : Tr::tr("is not a language code, such as \"de\"");
    });
    if (entry.get("terminals")) {
        if (const auto b = p.boolean(entry, "terminals"))
            x.terminals = *b;
        else
            ok = false;
    }
    if (entry.get("opt_out")) {
        if (const auto b = p.boolean(entry, "opt_out"))
            x.optOut = *b;
        else
            ok = false;
    }
    return ok ? std::optional<ContactSpec>(x) : std::nullopt;
}

// Every table of `t` but the keys in `known`: a person's contacts, by name.
void parseContactTables(Parser& p, const toml::table& t, const std::vector<std::string_view>& known,
                        const QString& section, QList<ContactSpec>& out)
{
    for (const auto& [key, node] : t) {
        if (std::find(known.begin(), known.end(), key.str()) != known.end())
            continue;
        const QString name = qs(key.str());
        const toml::table* entry =
            tableOfKey(p, key, node, known, section,
                       Tr::tr("; a person's contacts are a table, [contacts.%1]").arg(name));
        if (!entry)
            continue;
        if (!validAccountName(name)) {
            p.fail(key.source(), Tr::tr("\"%1\" is not a user name").arg(name));
            continue;
        }
        const QString what = section.isEmpty() ? QStringLiteral("[%1]").arg(name)
                                               : QStringLiteral("[contacts.%1]").arg(name);
        if (auto x = parseContactTable(p, *entry, name, what, int(key.source().begin.line)))
            out << *x;
    }
    std::sort(out.begin(), out.end(),
              [](const ContactSpec& x, const ContactSpec& y) { return x.user < y.user; });
}

// [contacts]'s strings: each its own check.
void parseContactsText(Parser& p, const toml::node& n, std::string_view key,
                       PolicyConfig::Contacts& c)
{
    const QString field = QStringLiteral("\"%1\"").arg(qs(key));
    const auto v = p.string(n, field);
    if (!v)
        return;
    const auto fail = [&](const QString& why) {
        p.fail(n.source(), Tr::tr("%1: \"%2\" %3").arg(field, *v, why));
    };
    const auto path = [&](QString& target, bool mayBeEmpty) {
        if (v->isEmpty() && mayBeEmpty)
            target.clear();
        else if (!QDir::isAbsolutePath(*v) || v->contains(QLatin1Char('\0')))
            fail(Tr::tr("must be an absolute path"));
        else
            target = *v;
    };
    // Empty: none; else `why` it is refused, or taken.
    const auto take = [&](QString& target, const QString& why) {
        if (v->isEmpty())
            target.clear();
        else if (!why.isEmpty())
            fail(why);
        else
            target = *v;
    };
    if (key == "email") {
        const bool pattern = validEmail(*v) && v->count(QLatin1Char('{')) == v->count(u"{user}") &&
                             v->count(QLatin1Char('}')) == v->count(u"{user}");
        take(c.emailPattern,
             pattern
                 ? QString()
                 : Tr::tr("is not an address pattern, such as \"{user}@example.org\" ({user} is "
                          "the only placeholder)"));
    } else if (key == "file") {
        path(c.file, true);
    } else if (key == "sendmail") {
        path(c.sendmail, false);
    } else if (key == "smtp_relay") {
        const QUrl url(*v, QUrl::StrictMode);
        const bool relay = url.isValid() && url.scheme() == QLatin1String("smtp") &&
                           !url.host().isEmpty() && url.path().isEmpty() &&
                           url.userInfo().isEmpty();
        take(c.smtpRelay,
             relay ? QString() : Tr::tr("is not a relay, such as \"smtp://mail.example.org:25\""));
    } else if (key == "from") {
        take(c.from,
             validEmail(*v) && !v->contains(QLatin1Char('{'))
                 ? QString()
                 : Tr::tr("is not an e-mail address, such as \"gpuwarden@lab.example.org\""));
    } else if (key == "matrix_homeserver") {
        take(c.matrixHomeserver, httpUrlProblem(*v));
    } else if (key == "matrix_token_file") {
        path(c.matrixTokenFile, true);
    } else if (key == "utmp") {
        path(c.utmp, false);
    } else if (key == "templates") {
        path(c.templates, true);
    } else if (key == "language") {
        if (validLanguage(*v))
            c.language = *v;
        else
            fail(Tr::tr("is not a language code, such as \"en\" or \"de\""));
    }
}

// idle's warnings: each shorter than the time window, none twice, longest first.
void parseWarnings(Parser& p, const toml::table& t, const PolicyKey& k, PolicyConfig& c)
{
    auto& idle = c.idle;
    const toml::array* a = p.array(t, k.name);
    if (!a)
        return;
    QList<qint64> warnings;
    bool ok = true;
    for (const toml::node& n : *a) {
        const auto ms =
            p.duration(n, Tr::tr("each entry of \"warnings\""), qint64(k.min), qint64(k.max));
        if (!ms) {
            ok = false;
            continue;
        }
        if (*ms >= idle.timeWindowMs) {
            p.fail(n.source(),
                   Tr::tr("warning \"%1\" must be shorter than \"time_window\" (%2)")
                       .arg(formatPolicyDuration(*ms), formatPolicyDuration(idle.timeWindowMs)));
            ok = false;
        } else if (warnings.contains(*ms)) {
            p.fail(n.source(),
                   Tr::tr("warning \"%1\" is given twice").arg(formatPolicyDuration(*ms)));
            ok = false;
        } else {
            warnings << *ms;
        }
    }
    if (ok) {
        std::sort(warnings.begin(), warnings.end(), std::greater<>());
        idle.warningsMs = warnings;
    }
}

// [adaptive] bands: { up_to, multiplier }, up_to rising to 100.
void parseBands(Parser& p, const toml::table& t, const PolicyKey& k, PolicyConfig& c)
{
    const toml::array* list = p.array(t, k.name);
    if (!list)
        return;
    QList<LoadBand> bands;
    bool ok = true;
    for (const toml::node& n : *list) {
        const toml::table* band = p.table(n, Tr::tr("each band ({ up_to = …, multiplier = … })"));
        if (!band) {
            ok = false;
            continue;
        }
        p.onlyKnown(*band, Tr::tr("a band"), {"up_to", "multiplier"});
        const toml::node* upTo = band->get("up_to");
        const toml::node* mult = band->get("multiplier");
        if (!upTo || !mult) {
            p.fail(n.source(), Tr::tr("a band needs \"up_to\" (percent busy) and "
                                      "\"multiplier\" (0-1)"));
            ok = false;
            continue;
        }
        const auto u = p.number(*upTo, QStringLiteral("\"up_to\""), k.min, k.max);
        const auto m = p.number(*mult, QStringLiteral("\"multiplier\""), 0, 1);
        if (!u || !m) {
            ok = false;
            continue;
        }
        if (!bands.isEmpty() && *u <= bands.last().upToPercent) {
            p.fail(upTo->source(), Tr::tr("bands must go up: \"up_to\" %1 after %2")
                                       .arg(*u)
                                       .arg(bands.last().upToPercent));
            ok = false;
            continue;
        }
        if (*u == 0) {
            p.fail(upTo->source(), Tr::tr("\"up_to\" must be above 0"));
            ok = false;
            continue;
        }
        bands << LoadBand{*u, *m};
    }
    if (ok && bands.isEmpty()) {
        p.fail(t.get(k.name)->source(), Tr::tr("\"bands\" is empty"));
    } else if (ok && bands.last().upToPercent != 100) {
        p.fail(t.get(k.name)->source(),
               Tr::tr("the last band must reach \"up_to\" = 100, not %1, so every load has one")
                   .arg(bands.last().upToPercent));
    } else if (ok) {
        c.adaptive.bands = bands;
    }
}

void parseWebhookUrl(Parser& p, const toml::node& n, PolicyConfig& c)
{
    const auto text = p.string(n, QStringLiteral("\"webhook_url\""));
    if (!text)
        return;
    const QUrl url(*text, QUrl::StrictMode);
    if (text->isEmpty()) {
        c.alerts.webhookUrl.clear();
    } else if (!url.isValid() || url.host().isEmpty()) {
        p.fail(n.source(), Tr::tr("\"webhook_url\": \"%1\" is not a valid URL, such as "
                                  "\"https://hooks.example.com/services/…\"")
                               .arg(*text));
    } else if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) {
        p.fail(n.source(),
               Tr::tr("\"webhook_url\": \"%1\" must be an http:// or https:// URL").arg(*text));
    } else {
        c.alerts.webhookUrl = *text;
    }
}

void parseTimeZone(Parser& p, const toml::node& n, PolicyConfig& c)
{
    const auto id = p.string(n, QStringLiteral("\"time_zone\""));
    if (!id)
        return;
    if (id->isEmpty())
        p.fail(n.source(), Tr::tr("\"time_zone\" is empty: leave it out for this machine's zone"));
    else if (!QTimeZone::isTimeZoneIdAvailable(id->toUtf8()))
        p.fail(n.source(), Tr::tr("\"time_zone\": \"%1\" is not a known time zone; write "
                                  "an IANA name such as \"Europe/Berlin\" or \"UTC\"")
                               .arg(*id));
    else
        c.tokens.timeZone = *id;
}

void parseCurrency(Parser& p, const toml::node& n, PolicyConfig& c)
{
    const auto text = p.string(n, QStringLiteral("\"currency\""));
    if (!text)
        return;
    const bool printable = std::all_of(text->cbegin(), text->cend(),
                                       [](QChar ch) { return ch.isPrint() && !ch.isSpace(); });
    if (text->isEmpty() || text->size() > 8 || !printable)
        p.fail(n.source(), Tr::tr("\"currency\": \"%1\" is not a currency as a report writes it: "
                                  "1 to 8 characters, no spaces, such as \"EUR\" or \"€\"")
                               .arg(*text));
    else
        c.energy.currency = *text;
}

// A key of a plain type, checked against its row and stored by its setter.
void parsePlainKey(Parser& p, const toml::table& t, const PolicyKey& k, PolicyConfig& c)
{
    const std::string_view key(k.name);
    switch (k.type) {
    case PolicyKeyType::Number:
        if (const auto v = p.number(t, key, k.min, k.max))
            k.set(c, *v);
        return;
    case PolicyKeyType::WholeNumber:
    case PolicyKeyType::Integer:
        if (const toml::node* n = t.get(key)) {
            const QString what = QStringLiteral("\"%1\"").arg(qs(key));
            if (const auto v = p.number(*n, what, k.min, k.max)) {
                if (k.type == PolicyKeyType::Integer && !n->is_integer())
                    p.fail(n->source(), Tr::tr("%1 must be a whole number").arg(what));
                else if (*v != double(qint64(*v)))
                    p.fail(n->source(), Tr::tr("%1 must be a whole number of %2")
                                            .arg(what, QString::fromUtf8(k.unit)));
                else
                    k.set(c, *v);
            }
        }
        return;
    case PolicyKeyType::Amount:
        if (const auto v = tokenAmount(p, t, key, k.max == 0))
            k.set(c, *v);
        return;
    case PolicyKeyType::Duration:
        if (const auto v = p.duration(t, key, qint64(k.min), qint64(k.max)))
            k.set(c, *v);
        return;
    case PolicyKeyType::Boolean:
        if (const auto v = p.boolean(t, key))
            k.set(c, *v);
        return;
    case PolicyKeyType::Choice:
        if (const auto v = p.choice(t, key, k.choices))
            k.set(c, *v);
        return;
    case PolicyKeyType::Names:
    case PolicyKeyType::Accounts:
        if (const auto v = p.names(t, key, k.type == PolicyKeyType::Accounts))
            k.set(c, *v);
        return;
    case PolicyKeyType::Label:
        if (const toml::node* n = t.get(key)) {
            const QString what = QStringLiteral("\"%1\"").arg(qs(key));
            if (const auto v = p.string(*n, what)) {
                if (hasSpace(*v) || v->contains(QLatin1Char('=')))
                    p.fail(n->source(), Tr::tr("%1: \"%2\" is not a label key (no spaces, no '='); "
                                               "write \"\" for none")
                                            .arg(what, *v));
                else
                    k.set(c, *v);
            }
        }
        return;
    default:
        return;
    }
}

// A structured key: its own routine.
void parseStructuredKey(Parser& p, const toml::table& t, const PolicySection& s, const PolicyKey& k,
                        PolicyConfig& c)
{
    const toml::node* n = t.get(k.name);
    switch (k.type) {
    case PolicyKeyType::Durations:
        parseWarnings(p, t, k, c);
        return;
    case PolicyKeyType::Bands:
        parseBands(p, t, k, c);
        return;
    case PolicyKeyType::Text:
        if (!n)
            return;
        if (std::string_view(s.name) == "contacts")
            parseContactsText(p, *n, k.name, c.contacts);
        else if (std::string_view(k.name) == "time_zone")
            parseTimeZone(p, *n, c);
        else if (std::string_view(k.name) == "currency")
            parseCurrency(p, *n, c);
        else
            parseWebhookUrl(p, *n, c);
        return;
    case PolicyKeyType::Shares:
    case PolicyKeyType::Prices:
    case PolicyKeyType::Owners: {
        if (!n)
            return;
        const QString where =
            QStringLiteral("[%1.%2]").arg(QLatin1String(s.name), QLatin1String(k.name));
        const toml::table* table = p.table(*n, where);
        if (!table)
            return;
        if (k.type == PolicyKeyType::Owners)
            parseOwnerMappings(p, *table, where, std::string_view(k.name) == "containers",
                               c.owners);
        else if (k.type == PolicyKeyType::Prices)
            parsePrices(p, *table, c.tokens);
        else if (std::string_view(k.name) == "groups")
            parseShares(p, *table, where, true, c.quota.groups);
        else
            parseShares(p, *table, where, false, c.quota.users);
        return;
    }
    default:
        return;
    }
}

// [owners] exempt_*: what a list of names cannot say of its entries.
void finishOwners(Parser& p, const toml::table& t, PolicyConfig& c)
{
    const auto check = [&](std::string_view key, QStringList& list, const auto& bad) {
        const toml::array* a = t.get(key) ? t.get(key)->as_array() : nullptr;
        if (!a)
            return;
        for (const toml::node& n : *a) {
            const auto* text = n.as_string();
            if (!text)
                continue; // named by names()
            const QString entry = QString::fromStdString(text->get());
            if (const QString why = bad(entry); !why.isEmpty()) {
                p.fail(n.source(), why);
                list.removeAll(entry);
            }
        }
    };
    check("exempt_namespaces", c.exempt.namespaces, [](const QString& name) {
        return name.trimmed().isEmpty() || validNamespace(name)
                   ? QString()
                   : Tr::tr("\"%1\" in \"exempt_namespaces\" is not a Kubernetes namespace "
                            "(lower-case "
                            "letters, digits and '-', at most 63 characters)")
                         .arg(name);
    });
    check("exempt_labels", c.exempt.labels, [](const QString& label) {
        const QString key = label.section(QLatin1Char('='), 0, 0);
        return label.trimmed().isEmpty() || (!key.isEmpty() && !hasSpace(key))
                   ? QString()
                   : Tr::tr("\"%1\" in \"exempt_labels\" is not a label: write \"key=value\", or "
                            "\"key\" for any value")
                         .arg(label);
    });
    check("exempt_jobs", c.exempt.jobs, [](const QString& job) {
        static const QRegularExpression digits(QStringLiteral("^[0-9]{1,10}$"));
        return job.trimmed().isEmpty() || digits.match(job).hasMatch()
                   ? QString()
                   : Tr::tr("\"%1\" in \"exempt_jobs\" is not a Slurm job id (a number, such as "
                            "\"1234\")")
                         .arg(job);
    });
}

// What no one key's row can say: rules across the keys of a section.
void finishSection(Parser& p, const toml::table& t, std::string_view section, PolicyConfig& c)
{
    if (section == "idle" && !t.get("warnings")) {
        // The defaults must still fit a shorter time window.
        c.idle.warningsMs.removeIf([&](qint64 w) { return w >= c.idle.timeWindowMs; });
    } else if (section == "allocate" && (t.get("free_memory_weight") || t.get("idle_weight")) &&
               c.allocate.freeMemoryWeight + c.allocate.idleWeight <= 0) {
        p.fail(t.source(), Tr::tr("[allocate]: \"free_memory_weight\" and \"idle_weight\" are both "
                                  "0: every GPU would score the same"));
    } else if (section == "tokens") {
        c.tokens.enabled = true; // the section's presence switches the books on
    } else if (section == "contacts") {
        c.contacts.enabled = true; // and the notices to owners
    } else if (section == "owners") {
        finishOwners(p, t, c);
    } else if (section == "energy" && t.get("currency") && !t.get("price_per_kwh")) {
        p.warn(
            t.get("currency")->source(),
            Tr::tr("[energy]: \"currency\" without \"price_per_kwh\": the report shows no cost"));
    }
}

void parseSection(Parser& p, const toml::table& t, const PolicySection& s, PolicyConfig& c)
{
    std::vector<std::string_view> known;
    // [accounts], [contacts]: every other key is an account, a person
    bool tables = false;
    for (const PolicyKey& k : s.keys) {
        if (k.type == PolicyKeyType::AccountTables || k.type == PolicyKeyType::ContactTables)
            tables = true;
        else
            known.emplace_back(k.name);
    }
    if (!tables)
        p.onlyKnown(t, QStringLiteral("[%1]").arg(QLatin1String(s.name)), known);
    for (const PolicyKey& k : s.keys) {
        if (k.set)
            parsePlainKey(p, t, k, c);
        else if (k.type == PolicyKeyType::AccountTables)
            parseAccountTables(p, t, known, c.accounts);
        else if (k.type == PolicyKeyType::ContactTables)
            parseContactTables(p, t, known, QStringLiteral("[contacts]"), c.contacts.list);
        else
            parseStructuredKey(p, t, s, k, c);
    }
    finishSection(p, t, s.name, c);
}

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
        *why = Tr::tr("\"%1\" is not a time of day HH:MM").arg(s);
        return std::nullopt;
    }
    const int h = m.captured(1).toInt();
    const int min = m.captured(2).toInt();
    if (min > 59 || h > 24 || (h == 24 && (min != 0 || !end))) {
        *why = Tr::tr("\"%1\" is not a time of day (00:00 to 23:59, or 24:00 as an end)").arg(s);
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
        *why = Tr::tr("write days and a time range, such as \"Mon-Fri 09:00-17:00\"");
        return std::nullopt;
    }
    QuotaWindow w;
    w.text = text.simplified();
    for (const QString& item : parts[0].split(QLatin1Char(','))) {
        const QStringList range = item.split(QLatin1Char('-'));
        const int from = dayIndex(range.value(0));
        const int to = range.size() == 2 ? dayIndex(range[1]) : from;
        if (range.size() > 2 || from < 0 || to < 0) {
            *why = Tr::tr("\"%1\" is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, "
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
        *why = Tr::tr("\"%1\" is not a time range such as 09:00-17:00").arg(parts[1]);
        return std::nullopt;
    }
    const auto start = minuteOfDay(times[0], false, why);
    if (!start)
        return std::nullopt;
    const auto end = minuteOfDay(times[1], true, why);
    if (!end)
        return std::nullopt;
    if (*start == *end) {
        *why = Tr::tr("the window starts and ends at the same time");
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
        *why = Tr::tr("\"%1\" is not a duration: write a whole number and s, m, h or d, such as "
                      "\"30s\", \"10m\", \"2h\"")
                   .arg(text);
        return std::nullopt;
    }
    if (span->count() == 0) {
        *why = Tr::tr("\"%1\" must be longer than zero").arg(text);
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

namespace {

// The TOML of `text`, or nothing and its syntax error ("file:line:column: …").
std::optional<toml::table> parseToml(const QByteArray& text, const QString& fileName,
                                     QStringList& errors)
{
    try {
        return toml::parse(std::string_view(text.constData(), size_t(text.size())),
                           std::string_view());
    } catch (const toml::parse_error& e) {
        errors << QStringLiteral("%1:%2:%3: %4")
                      .arg(fileName)
                      .arg(e.source().begin.line)
                      .arg(e.source().begin.column)
                      .arg(qs(e.description()));
        return std::nullopt;
    }
}

} // namespace

PolicyParseResult parsePolicy(const QByteArray& text, const QString& fileName)
{
    PolicyParseResult result;
    const std::optional<toml::table> parsed = parseToml(text, fileName, result.errors);
    if (!parsed)
        return result;
    const toml::table& root = *parsed;
    Parser p(fileName);
    PolicyConfig c;
    for (const auto& [key, node] : root) {
        // A plain name, not the binding: clang 14 (the fuzz build) refuses
        // structured bindings captured in a lambda.
        const std::string_view name = key.str();
        const PolicySection* section = policySection(qs(name));
        if (!section) {
            QStringList known;
            for (const PolicySection& s : policySchema())
                known << QStringLiteral("[%1]").arg(QLatin1String(s.name));
            p.fail(key.source(), Tr::tr("unknown section [%1]; the known sections are %2")
                                     .arg(qs(key.str()), known.join(QStringLiteral(", "))));
            continue;
        }
        if (const toml::table* t =
                p.table(node, Tr::tr("\"%1\" (write it as a section, [%1])").arg(qs(key.str()))))
            parseSection(p, *t, *section, c);
    }
    result.errors = Parser::sorted(p.errors);
    result.warnings = Parser::sorted(p.warnings);
    if (result.errors.isEmpty())
        result.config = c;
    return result;
}

ContactsFileResult parseContactsFile(const QByteArray& text, const QString& fileName)
{
    ContactsFileResult result;
    const std::optional<toml::table> root = parseToml(text, fileName, result.errors);
    if (!root)
        return result;
    Parser p(fileName);
    QList<ContactSpec> contacts;
    parseContactTables(p, *root, {}, QString(), contacts);
    result.errors = Parser::sorted(p.errors);
    result.warnings = Parser::sorted(p.warnings);
    if (result.errors.isEmpty())
        result.contacts = contacts;
    return result;
}

PolicyParseResult loadPolicyFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        PolicyParseResult result;
        result.unreadable = true;
        result.errors << Tr::tr("%1: cannot read the policy: %2").arg(path, f.errorString());
        return result;
    }
    return parsePolicy(f.readAll(), path);
}

QString exemptionOf(const PolicyConfig::Exempt& x, const GpuProcess& p)
{
    if (x.isEmpty())
        return {};
    if (!x.accounts.isEmpty()) {
        const QString account = p.account();
        if (!account.isEmpty() && x.accounts.contains(account))
            return Tr::tr("account %1").arg(account);
    }
    if (!p.workload)
        return {};
    const Workload& w = *p.workload;
    if (!w.namespaceName.isEmpty() && x.namespaces.contains(w.namespaceName))
        return Tr::tr("namespace %1").arg(w.namespaceName);
    if (w.kind == WorkloadKind::Slurm && !w.id.isEmpty() && x.jobs.contains(w.id))
        return Tr::tr("Slurm job %1").arg(w.id);
    for (const QString& label : x.labels) {
        const qsizetype eq = label.indexOf(QLatin1Char('='));
        const auto it = w.labels.constFind(eq < 0 ? label : label.left(eq));
        if (it != w.labels.cend() && (eq < 0 || *it == QStringView(label).mid(eq + 1)))
            return Tr::tr("label %1").arg(label);
    }
    return {};
}

QString hogScopeName(HogScope scope)
{
    switch (scope) {
    case HogScope::Process:
        return QStringLiteral("process");
    case HogScope::User:
        return QStringLiteral("user");
    case HogScope::Workload:
        return QStringLiteral("workload");
    case HogScope::Account:
        return QStringLiteral("account");
    }
    return {};
}

QString enforceModeName(PolicyConfig::Tokens::Enforcement::Mode mode)
{
    using Mode = PolicyConfig::Tokens::Enforcement::Mode;
    return mode == Mode::Off       ? QStringLiteral("off")
           : mode == Mode::Propose ? QStringLiteral("propose")
                                   : QStringLiteral("auto");
}

QJsonObject policyToJson(const PolicyConfig& c)
{
    QJsonObject out;
    for (const PolicySection& s : policySchema()) {
        if (s.present && !s.present(c))
            continue;
        QJsonObject section;
        for (const PolicyKey& k : s.keys)
            if (const QJsonValue v = k.get(c); !v.isUndefined())
                section.insert(QLatin1String(k.name), v);
        out.insert(QLatin1String(s.name), section);
    }
    return out;
}

QString policySummary(const PolicyConfig& c)
{
    QStringList lines;
    for (const PolicySection& s : policySchema())
        lines << s.summary(c);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

namespace {

// [quota.users] and [quota.groups]: name = share, or with windows.
QByteArray sharesToml(const QJsonArray& shares)
{
    QByteArray out;
    for (const QJsonValue& v : shares) {
        const QJsonObject s = v.toObject();
        const QJsonArray windows = s.value(QStringLiteral("windows")).toArray();
        const QByteArray share = policyTomlValue(s.value(QStringLiteral("share_percent")));
        out += policyTomlKey(s.value(QStringLiteral("name")).toString()) + " = ";
        out += windows.isEmpty()
                   ? share
                   : "{ share = " + share + ", windows = " + policyTomlValue(windows) + " }";
        out += '\n';
    }
    return out;
}

// [tokens.prices]: {"pattern", "per_gpu_hour"} in file order.
QByteArray pricesToml(const QJsonArray& prices)
{
    QByteArray out;
    for (const QJsonValue& v : prices) {
        const QJsonObject price = v.toObject();
        out += policyTomlKey(price.value(QStringLiteral("pattern")).toString()) + " = " +
               policyTomlValue(price.value(QStringLiteral("per_gpu_hour"))) + '\n';
    }
    return out;
}

// [owners.namespaces] and [owners.containers]: NAME = { user, account }, in
// the JSON's order (file order), what is empty left out.
QByteArray ownersToml(const QJsonArray& mappings)
{
    QByteArray out;
    for (const QJsonValue& v : mappings) {
        const QJsonObject m = v.toObject();
        const QString name = m.contains(QStringLiteral("pattern"))
                                 ? m.value(QStringLiteral("pattern")).toString()
                                 : m.value(QStringLiteral("name")).toString();
        QByteArrayList fields;
        for (const char* field : {"user", "account"})
            if (const QString text = m.value(QLatin1String(field)).toString(); !text.isEmpty())
                fields << QByteArray(field) + " = " + policyTomlValue(text);
        out += policyTomlKey(name) + " = { " + fields.join(", ") + " }\n";
    }
    return out;
}

// [accounts.NAME] tables from {"name", "members", "max_gpus",
// "max_gpus_per_member", "share"}: one table each, its keys as given but the
// name.
QByteArray accountsToml(const QJsonArray& accounts)
{
    QByteArray out;
    for (const QJsonValue& v : accounts) {
        const QJsonObject a = v.toObject();
        out += "\n[accounts." + policyTomlKey(a.value(QStringLiteral("name")).toString()) + "]\n";
        for (const char* key : {"members", "max_gpus", "max_gpus_per_member", "share"})
            if (const QJsonValue value = a.value(QLatin1String(key)); !value.isUndefined())
                out += QByteArray(key) + " = " + policyTomlValue(value) + '\n';
    }
    return out;
}

} // namespace

QByteArray policyTomlFromJson(const QJsonObject& policy)
{
    QByteArrayList sections;
    const auto write = [&](const QString& name, const QJsonObject& o) {
        const PolicySection* schema = policySection(name);
        QStringList order; // the schema's order, then keys it does not know
        if (schema)
            for (const PolicyKey& k : schema->keys)
                order << QLatin1String(k.name);
        for (const QString& k : o.keys())
            if (!order.contains(k))
                order << k;
        QByteArray body = '[' + policyTomlKey(name) + "]\n";
        QByteArray tables;
        for (const QString& k : std::as_const(order)) {
            if (!o.contains(k))
                continue;
            const PolicyKey* key = schema ? policyKey(name, k) : nullptr;
            if (key && key->redacted)
                continue; // shown hidden: it cannot be written back
            const QJsonValue v = o.value(k);
            if (key && key->type == PolicyKeyType::AccountTables) {
                tables += accountsToml(v.toArray());
                continue;
            }
            if (key && key->isTable()) {
                const QByteArray lines =
                    key->type == PolicyKeyType::Prices   ? pricesToml(v.toArray())
                    : key->type == PolicyKeyType::Owners ? ownersToml(v.toArray())
                                                         : sharesToml(v.toArray());
                if (!lines.isEmpty())
                    tables += "\n[" + policyTomlKey(name) + '.' + policyTomlKey(k) + "]\n" + lines;
                continue;
            }
            body += policyTomlKey(k) + " = " + policyTomlValue(v) + '\n';
        }
        sections << body + tables;
    };
    QStringList done;
    for (const PolicySection& s : policySchema()) {
        const QString name = QLatin1String(s.name);
        if (policy.value(name).isObject()) {
            write(name, policy.value(name).toObject());
            done << name;
        }
    }
    for (auto it = policy.begin(); it != policy.end(); ++it)
        if (!done.contains(it.key()))
            write(it.key(), it.value().toObject());
    return sections.join('\n');
}

} // namespace gw
