#include "agent/agentconfig.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "util/duration.h"
#include "util/editdistance.h"

#include <toml++/toml.h>

#include <QStringList>
#include <QTime>
#include <QUrl>

#include <algorithm>
#include <string_view>

namespace gw {

QByteArray sha256(const QByteArray& data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256);
}

// Every key of agent.toml by its table, in the file's order: the parser
// refuses any other (with the nearest as a suggestion), and
// docs/guide/configuration.md lists exactly these (tst_agentconfig).
const QList<AgentConfigKey>& agentConfigKeys()
{
    static const QList<AgentConfigKey> keys = {
        {"agent", "listen"},
        {"agent", "port"},
        {"agent", "interval_ms"},
        {"agent", "backend"},
        {"agent", "history"},
        {"agent", "ring_size"},
        {"agent", "name"},
        {"agent", "kernel_log"},
        {"agent", "socket"},
        {"journal", "path"},
        {"journal", "retention_hours"},
        {"journal", "reserve_ahead"},
        {"policy", "path"},
        {"metrics", "labels"},
        {"limits", "max_body_bytes"},
        {"limits", "requests_per_second"},
        {"limits", "burst"},
        {"tls", "certificate"},
        {"tls", "key"},
        {"runtimes", "docker_socket"},
        {"runtimes", "podman_socket"},
        {"runtimes", "kubelet_socket"},
        {"runtimes", "scontrol"},
        {"runtimes", "scancel"},
        {"runtimes", "timeout_ms"},
        {"reports", "daily_at"},
        {"reports", "dir"},
        {"reports", "formats"},
        {"reports", "last"},
        {"tokens", "keeper"},
        {"tokens", "poll_interval"},
        {"tokens", "keeper_url"},
        {"tokens", "keeper_token_file"},
        {"tokens", "keeper_fingerprint"},
        {"tokens", "prometheus_url"},
        {"tokens", "prometheus_token_file"},
        {"tokens", "prometheus_fingerprint"},
        {"tokens.peer", "url"},
        {"tokens.peer", "token_file"},
        {"tokens.peer", "fingerprint"},
        {"token", "name"},
        {"token", "sha256"},
        {"token", "token_file"},
        {"token", "scope"},
    };
    return keys;
}

QList<std::string_view> agentConfigKeysOf(std::string_view table)
{
    // A table's own keys, and the tables under it by their last part
    // ("" has "agent" … "tokens"; "tokens" has "peer").
    QList<std::string_view> out;
    for (const AgentConfigKey& k : agentConfigKeys()) {
        const std::string_view t(k.table);
        if (t == table) {
            out << k.key;
            continue;
        }
        std::string_view under; // t below `table`, or empty
        if (table.empty())
            under = t;
        else if (t.size() > table.size() && t.starts_with(table) && t[table.size()] == '.')
            under = t.substr(table.size() + 1);
        const std::string_view child = under.substr(0, under.find('.'));
        if (!child.empty() && !out.contains(child))
            out << child;
    }
    return out;
}

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Raw SHA-256 from "AB:CD:…" (colons or blanks optional); empty when malformed.
QByteArray fingerprintBytes(const QString& text)
{
    QString hex = text.trimmed();
    if (hex.startsWith(QLatin1String("SHA256:"), Qt::CaseInsensitive))
        hex = hex.mid(7);
    hex.remove(QLatin1Char(':')).remove(QLatin1Char(' '));
    const QByteArray raw = QByteArray::fromHex(hex.toLatin1());
    if (hex.size() != 64 || raw.size() != 32 || raw.toHex() != hex.toLower().toLatin1())
        return {};
    return raw;
}

QString where(const QString& source, const toml::source_region& region)
{
    return QStringLiteral("%1:%2:%3").arg(source).arg(region.begin.line).arg(region.begin.column);
}

class Parser
{
public:
    Parser(QString source, QString* error)
        : m_source(std::move(source))
        , m_error(error)
    {}

    bool ok() const { return m_ok; }

    void fail(const toml::source_region& where, const QString& what)
    {
        if (!m_ok)
            return;
        m_ok = false;
        if (m_error)
            *m_error = QStringLiteral("%1:%2:%3: %4")
                           .arg(m_source)
                           .arg(where.begin.line)
                           .arg(where.begin.column)
                           .arg(what);
    }

    // Every key of `table` must be one of `known`: a typo is an error, not
    // a silently ignored setting.
    void onlyKnown(const toml::table& table, const QString& name, std::string_view section)
    {
        const QList<std::string_view> known = agentConfigKeysOf(section);
        for (const auto& [key, node] : table) {
            if (known.contains(key.str()))
                continue;
            QString message = QStringLiteral("unknown key \"%1\" in %2").arg(qs(key.str()), name);
            // A near miss is named: "pol_interval" → "poll_interval".
            QString best;
            int bestDistance = 3;
            for (std::string_view k : known) {
                const int d = editDistance(qs(key.str()), qs(k));
                if (d < bestDistance) {
                    bestDistance = d;
                    best = qs(k);
                }
            }
            if (!best.isEmpty())
                message += QStringLiteral(" (did you mean \"%1\"?)").arg(best);
            fail(node.source(), message);
        }
    }

    std::optional<bool> boolean(const toml::table& t, std::string_view key)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return std::nullopt;
        if (const auto* b = n->as_boolean())
            return b->get();
        fail(n->source(), QStringLiteral("\"%1\" must be true or false").arg(QLatin1String(key)));
        return std::nullopt;
    }

    std::optional<QString> string(const toml::table& t, std::string_view key)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return std::nullopt;
        if (const auto* s = n->as_string())
            return QString::fromStdString(s->get());
        fail(n->source(), QStringLiteral("\"%1\" must be a string").arg(QLatin1String(key)));
        return std::nullopt;
    }

    std::optional<qint64> integer(const toml::table& t, std::string_view key, qint64 min,
                                  qint64 max)
    {
        const toml::node* n = t.get(key);
        if (!n)
            return std::nullopt;
        const auto* i = n->as_integer();
        if (!i) {
            fail(n->source(),
                 QStringLiteral("\"%1\" must be a whole number").arg(QLatin1String(key)));
            return std::nullopt;
        }
        if (i->get() < min || i->get() > max) {
            fail(n->source(), QStringLiteral("\"%1\" must be between %2 and %3, not %4")
                                  .arg(QLatin1String(key))
                                  .arg(min)
                                  .arg(max)
                                  .arg(i->get()));
            return std::nullopt;
        }
        return i->get();
    }

    const QString& source() const { return m_source; }

    const toml::table* table(const toml::table& root, std::string_view key)
    {
        const toml::node* n = root.get(key);
        if (!n)
            return nullptr;
        if (const auto* t = n->as_table())
            return t;
        fail(n->source(), QStringLiteral("\"%1\" must be a table ([%1])").arg(QLatin1String(key)));
        return nullptr;
    }

private:
    QString m_source;
    QString* m_error;
    bool m_ok = true;
};

// An agent's address as [tokens] takes it: http or https, a host, no path,
// query or credentials (the routes are added to it).
std::optional<QString> sourceUrl(Parser& p, const toml::table& t, std::string_view key,
                                 const QString& what)
{
    const auto text = p.string(t, key);
    if (!text)
        return std::nullopt;
    const QUrl url(*text, QUrl::StrictMode);
    const bool ok =
        url.isValid() && !url.host().isEmpty() &&
        (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) &&
        (url.path().isEmpty() || url.path() == QLatin1String("/")) && !url.hasQuery() &&
        !url.hasFragment() && url.userInfo().isEmpty();
    if (!ok) {
        p.fail(t.get(key)->source(), QStringLiteral("%1: \"%2\" must be an agent's address such as "
                                                    "https://node-2:9807, not \"%3\"")
                                         .arg(what, QLatin1String(key), *text));
        return std::nullopt;
    }
    QString out = *text;
    while (out.endsWith(QLatin1Char('/')))
        out.chop(1);
    return out;
}

std::optional<QByteArray> fingerprint(Parser& p, const toml::table& t, std::string_view key,
                                      const QString& what)
{
    const auto text = p.string(t, key);
    if (!text)
        return std::nullopt;
    const QByteArray raw = fingerprintBytes(*text);
    if (raw.isEmpty()) {
        p.fail(t.get(key)->source(),
               QStringLiteral("%1: \"%2\" must be the certificate's SHA-256 fingerprint, 64 hex "
                              "digits (colons allowed) as the desktop shows it")
                   .arg(what, QLatin1String(key)));
        return std::nullopt;
    }
    return raw;
}

// [tokens] (docs/tokens.md, "Keeper of several agents").
void parseTokens(Parser& p, const toml::table& t, TokenKeeping& k)
{
    p.onlyKnown(t, QStringLiteral("[tokens]"), "tokens");
    k.keeper = p.boolean(t, "keeper").value_or(true);
    if (const auto text = p.string(t, "poll_interval")) {
        QString why;
        const auto span = parseDuration(*text, &why);
        if (!span || *span < std::chrono::seconds(1) || *span > std::chrono::hours(24))
            p.fail(t.get("poll_interval")->source(),
                   QStringLiteral("\"poll_interval\" must be a duration from 1s to 24h such as "
                                  "\"60s\", not \"%1\"%2")
                       .arg(*text, why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why)));
        else
            k.pollInterval = *span;
    }
    if (const toml::node* peers = t.get("peer")) {
        const toml::array* list = peers->as_array();
        if (!list)
            p.fail(peers->source(), QStringLiteral("peers are written as [[tokens.peer]] tables"));
        if (list && !k.keeper)
            p.fail(peers->source(),
                   QStringLiteral("[[tokens.peer]] is for the keeper only; this agent has "
                                  "keeper = false and reads the books from keeper_url"));
        for (size_t i = 0; list && i < list->size(); ++i) {
            const toml::table* peer = list->get(i)->as_table();
            if (!peer) {
                p.fail(list->get(i)->source(),
                       QStringLiteral("each [[tokens.peer]] must be a table"));
                break;
            }
            const QString what = QStringLiteral("[[tokens.peer]] %1").arg(i + 1);
            p.onlyKnown(*peer, QStringLiteral("[[tokens.peer]]"), "tokens.peer");
            const TokenSource s(sourceUrl(p, *peer, "url", what).value_or(QString()),
                                p.string(*peer, "token_file").value_or(QString()), {},
                                fingerprint(p, *peer, "fingerprint", what).value_or(QByteArray()),
                                where(p.source(), peer->source()));
            if (!peer->get("url"))
                p.fail(peer->source(), QStringLiteral("%1 has no \"url\"").arg(what));
            else if (!peer->get("token_file") || s.tokenFile.isEmpty())
                p.fail(peer->source(),
                       QStringLiteral("%1 (%2) has no \"token_file\": the keeper reads "
                                      "/v1/usage with a read token")
                           .arg(what, s.address));
            for (const TokenSource& other : std::as_const(k.peers)) {
                if (!s.address.isEmpty() && other.address == s.address)
                    p.fail(peer->get("url")->source(),
                           QStringLiteral("%1: %2 is listed twice").arg(what, s.address));
            }
            k.peers.append(s);
        }
    }
    if (const toml::node* prom = t.get("prometheus_url")) {
        if (!k.keeper) {
            p.fail(prom->source(), QStringLiteral("\"prometheus_url\" is for the keeper only; "
                                                  "this agent has keeper = false"));
        } else {
            const QString what = QStringLiteral("[tokens]");
            const TokenSource s(
                sourceUrl(p, t, "prometheus_url", what).value_or(QString()),
                p.string(t, "prometheus_token_file").value_or(QString()), {},
                fingerprint(p, t, "prometheus_fingerprint", what).value_or(QByteArray()),
                where(p.source(), prom->source()));
            for (const TokenSource& peer : std::as_const(k.peers)) {
                if (peer.address == s.address)
                    p.fail(prom->source(),
                           QStringLiteral("\"prometheus_url\" %1 is also a [[tokens.peer]]")
                               .arg(s.address));
            }
            k.prometheus = s;
        }
    } else {
        for (std::string_view key : {"prometheus_token_file", "prometheus_fingerprint"}) {
            if (const toml::node* n = t.get(key))
                p.fail(n->source(),
                       QStringLiteral("\"%1\" without \"prometheus_url\"").arg(QLatin1String(key)));
        }
    }
    const toml::node* url = t.get("keeper_url");
    if (k.keeper) {
        for (std::string_view key : {"keeper_url", "keeper_token_file", "keeper_fingerprint"}) {
            if (const toml::node* n = t.get(key))
                p.fail(n->source(),
                       QStringLiteral("\"%1\" is for keeper = false: this agent keeps the "
                                      "books itself (keeper = true, the default)")
                           .arg(QLatin1String(key)));
        }
        return;
    }
    if (!url) {
        p.fail(t.source(), QStringLiteral("[tokens] keeper = false needs \"keeper_url\" (and "
                                          "\"keeper_token_file\"): where the books are kept"));
        return;
    }
    const QString what = QStringLiteral("[tokens]");
    const TokenSource s(sourceUrl(p, t, "keeper_url", what).value_or(QString()),
                        p.string(t, "keeper_token_file").value_or(QString()), {},
                        fingerprint(p, t, "keeper_fingerprint", what).value_or(QByteArray()),
                        where(p.source(), url->source()));
    if (s.tokenFile.isEmpty())
        p.fail(t.source(), QStringLiteral("[tokens] keeper = false needs \"keeper_token_file\": "
                                          "a read token of the keeper"));
    k.keeperSource = s;
}

} // namespace

TokenSource::TokenSource(const QString& address, QString tokenFile, QByteArray token,
                         QByteArray pinnedSha256, QString where)
    // No token origin: the entry's place is in agent.toml, and a refusal
    // names the address.
    : AgentEndpoint{QUrl(address), std::move(token), {}, std::move(pinnedSha256)}
    , address(address)
    , tokenFile(std::move(tokenFile))
    , where(std::move(where))
{}

std::optional<AgentConfig> AgentConfig::load(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: cannot read the agent configuration: %2")
                         .arg(path, f.errorString());
        return std::nullopt;
    }
    auto c = parse(f.readAll(), path, error);
    if (c && !c->readTokenFiles(QFileInfo(path).absolutePath(), error))
        return std::nullopt;
    if (c)
        c->path = path;
    return c;
}

namespace {

// A token's file: its first line, where only its owner may read it (a token
// opens every reading of the lab; ssh insists the same for its keys).
std::optional<QByteArray> readSecretLine(const QString& path, QString* why)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("cannot be read: %1").arg(f.errorString());
        return std::nullopt;
    }
    if (f.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther)) {
        *why = QStringLiteral("group or others may read it; chmod 600 it (a Kubernetes Secret: "
                              "defaultMode 0400)");
        return std::nullopt;
    }
    const QByteArray token = f.readLine(4096).trimmed();
    if (token.isEmpty()) {
        *why = QStringLiteral("its first line is empty; it must hold the token");
        return std::nullopt;
    }
    return token;
}

} // namespace

bool AgentConfig::readTokenFiles(const QString& baseDirectory, QString* error)
{
    QList<TokenSource*> sources;
    for (TokenSource& s : keeping.peers)
        sources.append(&s);
    if (keeping.keeperSource)
        sources.append(&*keeping.keeperSource);
    // Prometheus is often read without a token.
    if (keeping.prometheus && !keeping.prometheus->tokenFile.isEmpty())
        sources.append(&*keeping.prometheus);
    // The first line of `file`, or nothing with why in *error naming where
    // it was asked for and for what.
    const auto read = [&](const QString& file, const QString& where,
                          const QString& whose) -> std::optional<QByteArray> {
        const QString path = QDir(baseDirectory).absoluteFilePath(file);
        QString why;
        std::optional<QByteArray> token = readSecretLine(path, &why);
        if (!token && error)
            *error = QStringLiteral("%1: token_file %2 for %3: %4").arg(where, path, whose, why);
        return token;
    };
    for (TokenSource* s : std::as_const(sources)) {
        const std::optional<QByteArray> token = read(s->tokenFile, s->where, s->address);
        if (!token)
            return false;
        s->token = *token;
    }
    for (AgentToken& t : tokens) {
        if (t.tokenFile.isEmpty())
            continue;
        const std::optional<QByteArray> token =
            read(t.tokenFile, t.where, QStringLiteral("token \"%1\"").arg(t.name));
        if (!token)
            return false;
        t.sha256 = gw::sha256(*token);
    }
    return true;
}

std::optional<AgentConfig> AgentConfig::parse(const QByteArray& text, const QString& source,
                                              QString* error)
{
    // Debian's tomlplusplus is built with exceptions: a syntax error is a
    // parse_error, turned into a message with its position here.
    toml::table parsed;
    try {
        parsed = toml::parse(std::string_view(text.constData(), size_t(text.size())),
                             std::string_view());
    } catch (const toml::parse_error& e) {
        if (error)
            *error = QStringLiteral("%1:%2:%3: %4")
                         .arg(source)
                         .arg(e.source().begin.line)
                         .arg(e.source().begin.column)
                         .arg(QString::fromUtf8(e.description().data(),
                                                qsizetype(e.description().size())));
        return std::nullopt;
    }
    const toml::table& root = parsed;
    Parser p(source, error);
    AgentConfig c;
    p.onlyKnown(root, QStringLiteral("the file"), "");

    if (const toml::table* a = p.table(root, "agent")) {
        p.onlyKnown(*a, QStringLiteral("[agent]"), "agent");
        if (const auto listen = p.string(*a, "listen")) {
            if (!c.listen.setAddress(*listen))
                p.fail(a->get("listen")->source(),
                       QStringLiteral("\"listen\" must be an IP address such as 127.0.0.1 or ::1, "
                                      "not \"%1\"")
                           .arg(*listen));
        }
        if (const auto port = p.integer(*a, "port", 1, 65535))
            c.port = quint16(*port);
        if (const auto ms = p.integer(*a, "interval_ms", 100, 3'600'000))
            c.intervalMs = int(*ms);
        if (const auto b = p.string(*a, "backend")) {
            static const QStringList known{QStringLiteral("auto"), QStringLiteral("nvml"),
                                           QStringLiteral("nvidia-smi"), QStringLiteral("amdgpu"),
                                           QStringLiteral("host")};
            if (!known.contains(*b))
                p.fail(a->get("backend")->source(),
                       QStringLiteral("\"backend\" must be one of %1, not \"%2\"")
                           .arg(known.join(QStringLiteral(", ")), *b));
            c.backend = *b;
        }
        c.historyPath = p.string(*a, "history").value_or(QString());
        if (const auto k = p.string(*a, "kernel_log"))
            c.kernelLog = *k;
        if (const auto socket = p.string(*a, "socket")) {
            if (!socket->isEmpty() && !QDir::isAbsolutePath(*socket))
                p.fail(a->get("socket")->source(),
                       QStringLiteral("\"socket\" must be an absolute path, such as "
                                      "/run/gpuwarden/agent.sock, or \"\" for none, not \"%1\"")
                           .arg(*socket));
            else
                c.socketPath = *socket;
        }
        if (const auto n = p.integer(*a, "ring_size", 10, 1'000'000))
            c.ringSize = int(*n);
        if (const auto name = p.string(*a, "name")) {
            // The name every reading carries: desktops, reservations and
            // reports show it, so it must be printable and short.
            const bool printable = std::none_of(name->cbegin(), name->cend(), [](QChar ch) {
                return ch.category() == QChar::Other_Control || ch.isSpace();
            });
            if (name->isEmpty() || name->size() > 64 || !printable)
                p.fail(a->get("name")->source(),
                       QStringLiteral("\"name\" must be 1 to 64 characters without blanks, such "
                                      "as gpu-node-3, not \"%1\"")
                           .arg(*name));
            else
                c.serverName = *name;
        }
    }

    c.journalPath =
        c.historyPath.isEmpty()
            ? QDir(QLatin1String(kDefaultStateDirectory))
                  .filePath(QLatin1String(kDefaultJournalFile))
            : QFileInfo(c.historyPath).dir().filePath(QLatin1String(kDefaultJournalFile));
    if (const toml::table* j = p.table(root, "journal")) {
        p.onlyKnown(*j, QStringLiteral("[journal]"), "journal");
        if (const auto path = p.string(*j, "path"))
            c.journalPath = *path; // "" turns the journal off
        if (const auto h = p.integer(*j, "retention_hours", 1, 24 * 366))
            c.journalRetention = std::chrono::hours(*h);
        if (const auto n = p.integer(*j, "reserve_ahead", 10, 1'000'000))
            c.journalReserveAhead = quint64(*n);
    }

    if (const toml::table* pol = p.table(root, "policy")) {
        p.onlyKnown(*pol, QStringLiteral("[policy]"), "policy");
        if (const auto path = p.string(*pol, "path"))
            c.policyPath = *path; // "" : the built-in defaults
    }

    if (const toml::table* r = p.table(root, "runtimes")) {
        // Where the container runtimes and Slurm answer (docs/owners.md); ""
        // leaves one unasked.
        p.onlyKnown(*r, QStringLiteral("[runtimes]"), "runtimes");
        if (const auto v = p.string(*r, "docker_socket"))
            c.runtimes.dockerSocket = *v;
        if (const auto v = p.string(*r, "podman_socket"))
            c.runtimes.podmanSocket = *v;
        if (const auto v = p.string(*r, "kubelet_socket"))
            c.runtimes.kubeletSocket = *v;
        if (const auto v = p.string(*r, "scontrol"))
            c.runtimes.scontrol = *v;
        if (const auto v = p.string(*r, "scancel"))
            c.scancel = *v;
        if (const auto ms = p.integer(*r, "timeout_ms", 100, 60'000))
            c.runtimes.timeoutMs = int(*ms);
    }

    if (const toml::table* m = p.table(root, "metrics")) {
        p.onlyKnown(*m, QStringLiteral("[metrics]"), "metrics");
        if (const auto labels = p.string(*m, "labels")) {
            if (*labels == QLatin1String("dcgm"))
                c.metricLabels = MetricLabels::Dcgm;
            else if (*labels == QLatin1String("snake_case"))
                c.metricLabels = MetricLabels::SnakeCase;
            else
                p.fail(m->get("labels")->source(),
                       QStringLiteral("\"labels\" must be \"dcgm\" or \"snake_case\", not \"%1\"")
                           .arg(*labels));
        }
    }

    if (const toml::table* l = p.table(root, "limits")) {
        p.onlyKnown(*l, QStringLiteral("[limits]"), "limits");
        if (const auto n = p.integer(*l, "max_body_bytes", 0, 64LL * 1024 * 1024))
            c.maxBodyBytes = *n;
        if (const auto n = p.integer(*l, "requests_per_second", 1, 1'000'000))
            c.requestsPerSecond = double(*n);
        if (const auto n = p.integer(*l, "burst", 1, 1'000'000))
            c.burst = int(*n);
    }

    if (const toml::table* t = p.table(root, "tls")) {
        p.onlyKnown(*t, QStringLiteral("[tls]"), "tls");
        c.tlsCertificate = p.string(*t, "certificate").value_or(QString());
        c.tlsKey = p.string(*t, "key").value_or(QString());
        if (c.tlsCertificate.isEmpty() != c.tlsKey.isEmpty())
            p.fail(t->source(), QStringLiteral("[tls] needs both \"certificate\" and \"key\""));
    }

    if (const toml::node* tokens = root.get("token")) {
        const toml::array* list = tokens->as_array();
        if (!list)
            p.fail(tokens->source(), QStringLiteral("tokens are written as [[token]] tables"));
        for (size_t i = 0; list && i < list->size(); ++i) {
            const toml::table* t = list->get(i)->as_table();
            if (!t) {
                p.fail(list->get(i)->source(), QStringLiteral("each [[token]] must be a table"));
                break;
            }
            p.onlyKnown(*t, QStringLiteral("[[token]]"), "token");
            AgentToken token;
            token.name = p.string(*t, "name").value_or(QStringLiteral("token %1").arg(i + 1));
            token.where = where(p.source(), t->source());
            if (t->get("token_file")) {
                // The token from a file (a Secret mounted in a pod): hashed
                // when the file is read, never written in this one.
                token.tokenFile = p.string(*t, "token_file").value_or(QString());
                if (t->get("sha256"))
                    p.fail(t->get("sha256")->source(),
                           QStringLiteral("token \"%1\": give \"sha256\" or \"token_file\", not "
                                          "both")
                               .arg(token.name));
                else if (token.tokenFile.isEmpty())
                    p.fail(t->get("token_file")->source(),
                           QStringLiteral("token \"%1\": \"token_file\" is empty").arg(token.name));
            } else {
                const QString hex = p.string(*t, "sha256").value_or(QString());
                const QByteArray raw = QByteArray::fromHex(hex.toLatin1());
                if (hex.size() != 64 || raw.size() != 32 || raw.toHex() != hex.toLower().toLatin1())
                    p.fail(t->get("sha256") ? t->get("sha256")->source() : t->source(),
                           QStringLiteral("token \"%1\": \"sha256\" must be the 64 hex digits of "
                                          "the token's SHA-256 (e.g. printf %s TOKEN | sha256sum), "
                                          "or give \"token_file\"")
                               .arg(token.name));
                token.sha256 = raw;
            }
            const QString scope = p.string(*t, "scope").value_or(QStringLiteral("read"));
            if (scope == QLatin1String("read"))
                token.scope = TokenScope::Read;
            else if (scope == QLatin1String("allocate"))
                token.scope = TokenScope::Allocate;
            else if (scope == QLatin1String("admin"))
                token.scope = TokenScope::Admin;
            else
                p.fail(t->get("scope")->source(),
                       QStringLiteral("token \"%1\": \"scope\" must be \"read\", \"allocate\" "
                                      "or \"admin\", not \"%2\"")
                           .arg(token.name, scope));
            c.tokens.append(token);
        }
    }
    if (const toml::table* t = p.table(root, "tokens"))
        parseTokens(p, *t, c.keeping);

    if (const toml::table* r = p.table(root, "reports")) {
        p.onlyKnown(*r, QStringLiteral("[reports]"), "reports");
        DailyReportConfig d;
        d.where = where(source, r->source());
        if (const auto at = p.string(*r, "daily_at")) {
            const QTime t = QTime::fromString(*at, QStringLiteral("HH:mm"));
            if (!t.isValid() || at->size() != 5)
                p.fail(r->get("daily_at")->source(),
                       QStringLiteral("\"daily_at\" must be a time of day such as \"07:00\" "
                                      "(24-hour HH:MM), not \"%1\"")
                           .arg(*at));
            else
                d.minuteOfDay = t.hour() * 60 + t.minute();
        } else {
            p.fail(r->source(), QStringLiteral("[reports] needs \"daily_at\" (such as \"07:00\")"));
        }
        if (const auto dir = p.string(*r, "dir"); dir && !dir->isEmpty())
            d.dir = *dir;
        else if (!dir)
            p.fail(r->source(), QStringLiteral("[reports] needs \"dir\", the folder the reports "
                                               "are written to"));
        else
            p.fail(r->get("dir")->source(), QStringLiteral("\"dir\" must name a folder"));
        if (const toml::node* formats = r->get("formats")) {
            const toml::array* list = formats->as_array();
            d.formats.clear();
            if (!list || list->empty())
                p.fail(formats->source(), QStringLiteral("\"formats\" must be a list such as "
                                                         "[\"csv\", \"pdf\"]"));
            for (size_t i = 0; list && i < list->size(); ++i) {
                const auto* f = list->get(i)->as_string();
                const QString name = f ? QString::fromStdString(f->get()) : QString();
                if (name != QLatin1String("csv") && name != QLatin1String("pdf")) {
                    p.fail(list->get(i)->source(),
                           QStringLiteral("\"formats\": \"%1\" is not a format (\"csv\" or "
                                          "\"pdf\")%2")
                               .arg(name, editDistance(name.toLower(), QStringLiteral("csv")) <= 2
                                              ? QStringLiteral(" (did you mean \"csv\"?)")
                                          : editDistance(name.toLower(), QStringLiteral("pdf")) <= 2
                                              ? QStringLiteral(" (did you mean \"pdf\"?)")
                                              : QString()));
                    break;
                }
                if (!d.formats.contains(name))
                    d.formats.append(name);
            }
        }
        if (const auto text = p.string(*r, "last")) {
            QString why;
            const auto span = parseDuration(*text, &why);
            if (!span || *span < std::chrono::hours(1) || *span > std::chrono::hours(31 * 24))
                p.fail(
                    r->get("last")->source(),
                    QStringLiteral("\"last\" must be a duration from 1h to 31d such as "
                                   "\"24h\", not \"%1\"%2")
                        .arg(*text, why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why)));
            else
                d.last = std::chrono::duration_cast<std::chrono::milliseconds>(*span);
        }
        if (p.ok() && c.historyPath.isEmpty())
            p.fail(r->source(), QStringLiteral("[reports] needs the agent's record: set "
                                               "\"history\" in [agent]"));
        c.dailyReport = d;
    }

    // No [[token]] is a file as installed: the agent starts, records, and
    // answers /healthz alone (every other route 401) until `token new` and
    // a SIGHUP add one. The agent and the doctor say so.
    if (!p.ok())
        return std::nullopt;
    return c;
}

} // namespace gw
