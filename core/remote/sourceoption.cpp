#include "remote/sourceoption.h"

#include "model/snapshotjson.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
#include "wire/agentwire.h"

#include <QCoreApplication>
#include <QFile>

#include <cstdio>

#include <termios.h>
#include <unistd.h>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::CommandLine)
};

void printToStderr(const QString& text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), stderr);
}
} // namespace

void addAgentSourceOption(QCommandLineParser& p, SourceUse use)
{
    p.addOption(
        {QStringLiteral("source"),
         use == SourceUse::InsteadOfThisMachine
             ? Tr::tr("Read a gpuwarden-agent at this URL instead of this machine (port 9807 "
                      "unless given; token from GPUWARDEN_TOKEN, else from the keychain).")
             : Tr::tr("Also watch the gpuwarden-agent at this URL, beside this machine and "
                      "the servers of File → Servers… (port 9807 unless given; token from "
                      "GPUWARDEN_TOKEN, else from the keychain)."),
         Tr::tr("url")});
    p.addOption({QStringLiteral("pin"),
                 Tr::tr("With an https:// --source: accept only the certificate with this SHA-256 "
                        "fingerprint (AB:CD:…, as openssl x509 -fingerprint -sha256 prints it), "
                        "self-signed or not."),
                 Tr::tr("sha256")});
}

namespace {

// One --source value, checked and normalised as the Servers dialog does (a
// URL without a port means the agent's default port, 9807).
std::optional<QUrl> checkedUrl(const QString& text, QString* error)
{
    QString why;
    const QUrl url = parseServerUrl(text, &why);
    if (!why.isEmpty()) {
        *error = Tr::tr("--source: expected an http:// or https:// URL of an agent, got \"%1\": %2")
                     .arg(text, why);
        return std::nullopt;
    }
    return url;
}

// The agent at `url` with its token (GPUWARDEN_TOKEN, else the keychain)
// and --pin.
std::optional<AgentEndpoint> sourceFor(const QCommandLineParser& p, const QUrl& url, QString* error)
{
    AgentEndpoint source{url, qgetenv("GPUWARDEN_TOKEN"), {}, {}};
    if (p.isSet(QStringLiteral("pin"))) {
        source.pinnedSha256 = parseFingerprint(p.value(QStringLiteral("pin")));
        if (source.pinnedSha256.isEmpty()) {
            *error =
                Tr::tr("--pin: expected a SHA-256 fingerprint (64 hex digits, colons allowed), "
                       "got \"%1\"")
                    .arg(p.value(QStringLiteral("pin")));
            return std::nullopt;
        }
        if (url.scheme() != QLatin1String("https")) {
            *error = Tr::tr("--pin needs an https:// --source");
            return std::nullopt;
        }
    }
    if (!source.token.isEmpty()) {
        source.tokenOrigin = Tr::tr("the token came from GPUWARDEN_TOKEN");
        return source;
    }
    const QString key = SecretStore::tokenKey(url);
    const SecretResult stored = SecretStore().readBlocking(key);
    if (stored.secret && !stored.secret->isEmpty()) {
        source.token = *stored.secret;
        source.tokenOrigin = Tr::tr("the token came from the keychain (key \"%1\")").arg(key);
    } else if (!stored.error.isEmpty()) {
        // The command line shows the backend's own words too.
        source.tokenOrigin =
            Tr::tr("no token: GPUWARDEN_TOKEN is not set and the keychain could not be read (key "
                   "\"%1\"): %2")
                .arg(key, stored.error.text());
    } else {
        source.tokenOrigin =
            Tr::tr("no token: GPUWARDEN_TOKEN is not set and the keychain has none under \"%1\" "
                   "(store one with: gpuwarden-cli token set --source URL)")
                .arg(key);
    }
    return source;
}

} // namespace

std::optional<QUrl> agentUrlOption(const QCommandLineParser& p, QString* error)
{
    if (!p.isSet(QStringLiteral("source")))
        return std::nullopt;
    const QStringList values = p.values(QStringLiteral("source"));
    if (values.size() > 1) {
        *error =
            Tr::tr("--source is given %1 times; this command reads one agent").arg(values.size());
        return std::nullopt;
    }
    return checkedUrl(values.first(), error);
}

std::optional<AgentEndpoint> agentSourceOption(const QCommandLineParser& p, QString* error)
{
    const std::optional<QUrl> url = agentUrlOption(p, error);
    if (!url)
        return std::nullopt;
    return sourceFor(p, *url, error);
}

QList<AgentEndpoint> agentSourcesOption(const QCommandLineParser& p, QString* error)
{
    QList<AgentEndpoint> sources;
    QList<QUrl> seen;
    for (const QString& text : p.values(QStringLiteral("source"))) {
        const auto url = checkedUrl(text, error);
        if (!url)
            return {};
        if (seen.contains(*url)) {
            *error = Tr::tr("--source %1 is given twice").arg(url->toString());
            return {};
        }
        seen << *url;
        const auto source = sourceFor(p, *url, error);
        if (!source)
            return {};
        sources << *source;
    }
    return sources;
}

std::optional<QByteArray> tokenFromStdin(const QString& url, QString* error)
{
    QByteArray token;
    if (::isatty(STDIN_FILENO)) {
        printToStderr(Tr::tr("Token for %1 (not echoed): ").arg(url));
        termios saved{};
        const bool quiet = ::tcgetattr(STDIN_FILENO, &saved) == 0;
        if (quiet) {
            termios noEcho = saved;
            noEcho.c_lflag &= ~tcflag_t(ECHO);
            ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &noEcho);
        }
        for (int c = std::getchar(); c != EOF && c != '\n' && token.size() <= kMaxTokenBytes;
             c = std::getchar())
            token.append(char(c));
        if (quiet)
            ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
        printToStderr(QStringLiteral("\n"));
    } else {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            *error = Tr::tr("cannot read the token from standard input: %1").arg(in.errorString());
            return std::nullopt;
        }
        token = in.read(kMaxTokenBytes + 1);
    }
    token = token.trimmed();
    if (token.isEmpty()) {
        *error = Tr::tr("no token on standard input (pipe it in: printf %s \"$TOKEN\" | "
                        "gpuwarden-cli token set --source URL)");
        return std::nullopt;
    }
    if (token.size() > kMaxTokenBytes) {
        *error = Tr::tr("the token on standard input is longer than %1 bytes").arg(kMaxTokenBytes);
        return std::nullopt;
    }
    // The check the Servers dialog and the server list make too.
    *error = validateToken(token);
    if (!error->isEmpty())
        return std::nullopt;
    return token;
}

std::optional<Snapshot> readAgentSnapshot(const AgentEndpoint& source, QString* error,
                                          int timeoutMs)
{
    AgentRequest request;
    request.pathAndQuery = QStringLiteral("/v1/snapshot");
    request.timeoutMs = timeoutMs;
    const AgentCall call = callAgentBlocking(source, request);
    if (!call.json) {
        *error = call.error;
        return std::nullopt;
    }
    QString why;
    std::optional<Snapshot> snapshot = snapshotFromJson(*call.json, &why);
    if (!snapshot)
        *error = QStringLiteral("%1: not a snapshot: %2").arg(call.where, why);
    return snapshot;
}

TokenChange storeAgentToken(const QUrl& url, const QByteArray& token)
{
    const QString key = SecretStore::tokenKey(url);
    return {key, SecretStore().writeBlocking(key, token)};
}

TokenChange forgetAgentToken(const QUrl& url)
{
    const QString key = SecretStore::tokenKey(url);
    return {key, SecretStore().removeBlocking(key)};
}

} // namespace gw
