#include "agent/tokencommand.h"

#include <QCommandLineParser>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>

#include <toml++/toml.h>

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace gw {

namespace tokenfile {

QByteArray newToken()
{
    QByteArray raw(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32*>(raw.data()),
                                         reinterpret_cast<quint32*>(raw.data() + raw.size()));
    return raw.toHex();
}

bool validName(const QString& name)
{
    static const QRegularExpression kName(QStringLiteral("^[A-Za-z0-9._@-]{1,64}$"));
    return kName.match(name).hasMatch();
}

std::optional<TokenScope> scopeFromName(const QString& name)
{
    for (const TokenScope s : {TokenScope::Read, TokenScope::Allocate, TokenScope::Admin})
        if (scopeName(s) == name)
            return s;
    return std::nullopt;
}

QString scopeName(TokenScope scope)
{
    switch (scope) {
    case TokenScope::Read:
        return QStringLiteral("read");
    case TokenScope::Allocate:
        return QStringLiteral("allocate");
    case TokenScope::Admin:
        return QStringLiteral("admin");
    }
    return {};
}

QByteArray stanza(const QString& name, TokenScope scope, const QByteArray& token)
{
    return "[[token]]\nname = \"" + name.toUtf8() + "\"\nsha256 = \"" + sha256(token).toHex() +
           "\"\nscope = \"" + scopeName(scope).toUtf8() + "\"\n";
}

namespace {

// The file as the agent reads it, or why not.
std::optional<AgentConfig> check(const QByteArray& text, const QString& source, QString* error)
{
    QString why;
    std::optional<AgentConfig> config = AgentConfig::parse(text, source, &why);
    if (!config && error)
        *error = why;
    return config;
}

bool named(const AgentConfig& config, const QString& name)
{
    for (const AgentToken& t : config.tokens)
        if (t.name == name)
            return true;
    return false;
}

// The name a [[token]] table's body gives, read with the TOML parser.
QString tableName(const QByteArray& body)
{
    try {
        const toml::table t = toml::parse(std::string_view(body.constData(), size_t(body.size())));
        if (const auto name = t["name"].value<std::string>())
            return QString::fromStdString(*name);
    } catch (const toml::parse_error&) {
    }
    return {};
}

} // namespace

std::optional<QByteArray> add(const QByteArray& text, const QString& source, const QString& name,
                              TokenScope scope, const QByteArray& token, QString* error)
{
    if (!validName(name)) {
        *error = QStringLiteral("\"%1\" is not a token name: 1 to 64 letters, digits and . _ @ -")
                     .arg(name);
        return std::nullopt;
    }
    QByteArray out = text;
    if (!out.isEmpty() && !out.endsWith('\n'))
        out += '\n';
    if (!out.isEmpty() && !out.endsWith("\n\n"))
        out += '\n';
    out += stanza(name, scope, token);
    // Checked with the table added: a file broken otherwise is refused
    // with the parser's own message.
    const std::optional<AgentConfig> after = check(out, source, error);
    if (!after)
        return std::nullopt;
    qsizetype named = 0;
    for (const AgentToken& t : after->tokens)
        named += t.name == name ? 1 : 0;
    if (named > 1) {
        *error = QStringLiteral("%1 has a token named \"%2\" already (gpuwarden-agent token "
                                "revoke %2 first, or choose another name)")
                     .arg(source, name);
        return std::nullopt;
    }
    // The agent reads the new token as made.
    if (after->tokens.isEmpty() || after->tokens.last().sha256 != sha256(token)) {
        *error = QStringLiteral("%1: the token's table could not be added at the end of the file")
                     .arg(source);
        return std::nullopt;
    }
    return out;
}

std::optional<QByteArray> remove(const QByteArray& text, const QString& source, const QString& name,
                                 QString* error)
{
    const std::optional<AgentConfig> before = check(text, source, error);
    if (!before)
        return std::nullopt;
    if (!named(*before, name)) {
        QStringList names;
        for (const AgentToken& t : before->tokens)
            names << t.name;
        *error = QStringLiteral("%1 has no token named \"%2\" (it has: %3)")
                     .arg(source, name, names.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    // Tables by their header lines: a [[token]] table runs to the next
    // header or the end. The result is read again below, so a cut in the
    // wrong place is refused, never written.
    static const QRegularExpression kHeader(QStringLiteral("^\\s*\\["));
    static const QRegularExpression kTokenHeader(
        QStringLiteral("^\\s*\\[\\[\\s*token\\s*\\]\\]\\s*(#.*)?$"));
    const QList<QByteArray> lines = text.split('\n');
    QByteArray out;
    qsizetype removed = 0;
    for (qsizetype i = 0; i < lines.size();) {
        const QString line = QString::fromUtf8(lines[i]);
        qsizetype end = i + 1;
        if (kTokenHeader.match(line).hasMatch()) {
            QByteArray body;
            while (end < lines.size() && !kHeader.match(QString::fromUtf8(lines[end])).hasMatch())
                body += lines[end++] + '\n';
            if (tableName(body) == name) {
                ++removed;
                // Blank lines and comments at its end stay: they come
                // before the next table and most likely speak of it.
                qsizetype keep = end;
                while (keep > i + 1 && (lines[keep - 1].trimmed().isEmpty() ||
                                        lines[keep - 1].trimmed().startsWith('#')))
                    --keep;
                // One blank line between what was before and after, not two.
                if (keep < end && lines[keep].trimmed().isEmpty() &&
                    (out.isEmpty() || out.endsWith("\n\n")))
                    ++keep;
                for (qsizetype k = keep; k < end; ++k)
                    out += lines[k] + (k + 1 < lines.size() ? "\n" : "");
                i = end;
                continue;
            }
        }
        for (qsizetype k = i; k < end; ++k)
            out += lines[k] + (k + 1 < lines.size() ? "\n" : "");
        i = end;
    }
    // The blank line `add` put before a table it appended goes with it.
    while (!text.endsWith("\n\n") && out.endsWith("\n\n"))
        out.chop(1);
    const std::optional<AgentConfig> after = check(out, source, error);
    if (!after)
        return std::nullopt;
    if (removed == 0 || named(*after, name) ||
        after->tokens.size() != before->tokens.size() - removed) {
        *error = QStringLiteral("%1: the table of \"%2\" could not be told apart in the file; "
                                "remove it by hand")
                     .arg(source, name);
        return std::nullopt;
    }
    return out;
}

} // namespace tokenfile

namespace {

void say(const QString& text)
{
    std::fprintf(stderr, "gpuwarden-agent token: %s\n", qPrintable(text));
}

std::optional<QByteArray> readConfig(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        say(QStringLiteral("cannot read %1: %2").arg(path, f.errorString()));
        return std::nullopt;
    }
    return f.readAll();
}

// Written whole or not at all (a file beside it, renamed over it), with
// the old file's owner and mode: agent.toml names the tokens' hashes, so
// it stays as private as it was.
bool writeConfig(const QString& path, const QByteArray& text, QString* error)
{
    struct stat st = {};
    const bool known = ::stat(QFile::encodeName(path).constData(), &st) == 0;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = f.errorString();
        return false;
    }
    if (known) {
        // The owner: only root may give the file away; anyone else keeps it.
        if (::fchown(f.handle(), st.st_uid, st.st_gid) != 0 && ::geteuid() == 0) {
            *error = QStringLiteral("cannot keep the file's owner");
            f.cancelWriting();
            return false;
        }
        if (::fchmod(f.handle(), st.st_mode & 07777) != 0) {
            *error = QStringLiteral("cannot keep the file's mode");
            f.cancelWriting();
            return false;
        }
    }
    if (f.write(text) != text.size() || !f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

const char* const kReload = "a running agent takes it on SIGHUP (systemctl reload gpuwarden-agent)";

int newToken(const QString& path, const QString& name, TokenScope scope, bool printOnly)
{
    const std::optional<QByteArray> text = readConfig(path);
    if (!text)
        return kTokenFailed;
    const QByteArray token = tokenfile::newToken();
    QString error;
    const std::optional<QByteArray> edited =
        tokenfile::add(*text, path, name, scope, token, &error);
    if (!edited) {
        say(error);
        return kTokenFailed;
    }
    bool written = false;
    if (!printOnly) {
        written = writeConfig(path, *edited, &error);
        if (!written)
            say(QStringLiteral("cannot write %1 (%2)").arg(path, error));
    }
    if (written) {
        say(QStringLiteral("token \"%1\" (%2) added to %3; %4. It is shown once, here:")
                .arg(name, tokenfile::scopeName(scope), path, QLatin1String(kReload)));
    } else {
        say(QStringLiteral("add this table to %1 (then SIGHUP the agent); the token is shown "
                           "once, after it:")
                .arg(path));
        std::fprintf(stderr, "\n%s\n", tokenfile::stanza(name, scope, token).constData());
    }
    std::fprintf(stdout, "%s\n", token.constData());
    std::fflush(stdout);
    return written ? kTokenDone : kTokenNotAdded;
}

int listTokens(const QString& path)
{
    const std::optional<QByteArray> text = readConfig(path);
    if (!text)
        return kTokenFailed;
    QString error;
    const std::optional<AgentConfig> config = AgentConfig::parse(*text, path, &error);
    if (!config) {
        say(error);
        return kTokenFailed;
    }
    qsizetype width = 4;
    for (const AgentToken& t : config->tokens)
        width = std::max(width, t.name.size());
    std::fprintf(stdout, "%-*s  %-8s  %s\n", int(width), "NAME", "SCOPE", "SHA-256");
    for (const AgentToken& t : config->tokens) {
        const QString hash =
            t.tokenFile.isEmpty()
                ? QString::fromLatin1(t.sha256.toHex().left(16)) + QStringLiteral("…")
                : QStringLiteral("(token_file %1)").arg(t.tokenFile);
        std::fprintf(stdout, "%-*s  %-8s  %s\n", int(width), qPrintable(t.name),
                     qPrintable(tokenfile::scopeName(t.scope)), qPrintable(hash));
    }
    return kTokenDone;
}

int revokeToken(const QString& path, const QString& name)
{
    const std::optional<QByteArray> text = readConfig(path);
    if (!text)
        return kTokenFailed;
    QString error;
    const std::optional<QByteArray> edited = tokenfile::remove(*text, path, name, &error);
    if (!edited) {
        say(error);
        return kTokenFailed;
    }
    if (!writeConfig(path, *edited, &error)) {
        say(QStringLiteral("cannot write %1 (%2); remove the [[token]] table named \"%3\" by "
                           "hand")
                .arg(path, error, name));
        return kTokenFailed;
    }
    say(QStringLiteral("token \"%1\" removed from %2; %3").arg(name, path, QLatin1String(kReload)));
    // A leaked last token is revoked all the same; the agent then answers
    // /healthz alone.
    if (const auto left = AgentConfig::parse(*edited, path, &error); left && left->tokens.isEmpty())
        say(QStringLiteral("no token is left: every route but /healthz will answer 401"));
    return kTokenDone;
}

} // namespace

int runTokenCommand(const QStringList& arguments, const QString& defaultConfig)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Makes, lists and revokes the agent's bearer tokens in agent.toml.\n"
                       "  new --name NAME --scope read|allocate|admin   a new token, printed once\n"
                       "  list                                           the tokens, their scopes\n"
                       "  revoke NAME                                    removes a token\n"
                       "A running agent takes the change on SIGHUP."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("new, list or revoke"));
    parser.addOption({QStringLiteral("config"),
                      QStringLiteral("Agent configuration (default %1).").arg(defaultConfig),
                      QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("name"), QStringLiteral("new: the token's name."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("scope"),
                      QStringLiteral("new: read, allocate or admin (default read)."),
                      QStringLiteral("scope")});
    parser.addOption({QStringLiteral("print"),
                      QStringLiteral("new: print the table to add instead of writing it.")});
    if (!parser.parse(QStringList{QStringLiteral("gpuwarden-agent token")} + arguments)) {
        say(parser.errorText());
        return kTokenUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return kTokenDone;
    }
    const QStringList words = parser.positionalArguments();
    const QString command = words.value(0);
    const QString path = parser.isSet(QStringLiteral("config"))
                             ? parser.value(QStringLiteral("config"))
                             : defaultConfig;
    if (command == QLatin1String("new") && words.size() == 1) {
        if (!parser.isSet(QStringLiteral("name"))) {
            say(QStringLiteral("new needs --name NAME"));
            return kTokenUsage;
        }
        const QString scopeText = parser.isSet(QStringLiteral("scope"))
                                      ? parser.value(QStringLiteral("scope"))
                                      : QStringLiteral("read");
        const std::optional<TokenScope> scope = tokenfile::scopeFromName(scopeText);
        if (!scope) {
            say(QStringLiteral("--scope must be read, allocate or admin, not \"%1\"")
                    .arg(scopeText));
            return kTokenUsage;
        }
        return newToken(path, parser.value(QStringLiteral("name")), *scope,
                        parser.isSet(QStringLiteral("print")));
    }
    if (command == QLatin1String("list") && words.size() == 1)
        return listTokens(path);
    if (command == QLatin1String("revoke") && words.size() == 2)
        return revokeToken(path, words[1]);
    say(QStringLiteral("expected new --name NAME [--scope SCOPE], list or revoke NAME (--help "
                       "says more)"));
    return kTokenUsage;
}

} // namespace gw
