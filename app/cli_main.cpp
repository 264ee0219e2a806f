// gpuwarden-cli: answers from the command line and from scripts.
//   gpuwarden-cli snapshot [--json] [--demo] [--source URL] [sampler options]
//   gpuwarden-cli token set --source URL      (the token on stdin)
//   gpuwarden-cli token remove --source URL

#include "model/snapshotjson.h"
#include "model/units.h"
#include "remote/agentclient.h"
#include "remote/secretstore.h"
#include "remote/sourceoption.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QLoggingCategory>
#include <QThread>

#include <chrono>
#include <cstdio>

#include <termios.h>
#include <unistd.h>

namespace {

using namespace std::chrono_literals;

void print(FILE* f, const QString& text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), f);
}

QString tr(const char* s)
{
    return QCoreApplication::translate("gpuwarden-cli", s);
}

QString humanReadable(const gw::Snapshot& s)
{
    using namespace gw;
    QString out;
    out += QStringLiteral("%1  %2  backend %3\n")
               .arg(s.server, QDateTime::fromMSecsSinceEpoch(s.timestampMs).toString(Qt::ISODate),
                    s.backend);
    const auto bytes = [](const std::optional<quint64>& v) {
        return v ? std::optional<double>(double(*v)) : std::nullopt;
    };
    out += QStringLiteral("host: CPU %1, memory %2 / %3, disk read %4 write %5\n")
               .arg(formatPercent(s.host.cpuPercent), formatBytes(bytes(s.host.memoryUsedBytes)),
                    formatBytes(bytes(s.host.memoryTotalBytes)),
                    formatBytesPerSec(s.host.diskReadBytesPerSec),
                    formatBytesPerSec(s.host.diskWriteBytesPerSec));
    for (const auto& g : s.gpus) {
        out += QStringLiteral("GPU %1  %2  util %3  mem %4 / %5  %6  %7 / %8%9\n")
                   .arg(g.index)
                   .arg(g.name, formatPercent(g.utilizationGpuPercent), formatMiB(g.memoryUsedMiB),
                        formatMiB(g.memoryTotalMiB), formatCelsius(g.temperatureC),
                        formatWatts(g.powerW), formatWatts(g.powerLimitW),
                        g.error.isEmpty() ? QString() : QStringLiteral("  ERROR: ") + g.error);
    }
    for (const auto& p : s.processes) {
        out += QStringLiteral("  pid %1  %2  %3  %4  %5\n")
                   .arg(p.pid)
                   .arg(p.ghost ? QStringLiteral("(not in /proc)") : p.user, p.gpuUuid,
                        formatMiB(p.usedMemoryMiB), p.command);
    }
    for (const auto& w : s.warnings)
        out += QStringLiteral("warning: ") + w + QLatin1Char('\n');
    return out;
}

int snapshotCommand(const QCommandLineParser& parser)
{
    QList<gw::Snapshot> snapshots;
    QString sourceError;
    const auto agent = gw::agentSourceOption(parser, &sourceError);
    if (!sourceError.isEmpty()) {
        print(stderr, QStringLiteral("gpuwarden-cli: ") + sourceError + QLatin1Char('\n'));
        return 2;
    }
    if (agent) {
        gw::AgentClient client(agent->url, agent->token);
        client.setPinnedSha256(agent->pinnedSha256);
        const gw::AgentReply reply = client.fetchSnapshotBlocking();
        if (!reply.snapshot) {
            print(stderr, QStringLiteral("gpuwarden-cli: ") + reply.error + QLatin1Char('\n'));
            // A refused token: say which one was sent, or where none was found.
            if (reply.error.contains(QLatin1String("HTTP 401")))
                print(stderr,
                      QStringLiteral("gpuwarden-cli: ") + agent->tokenOrigin + QLatin1Char('\n'));
            return 1;
        }
        snapshots.append(*reply.snapshot);
    } else if (parser.isSet(QStringLiteral("demo"))) {
        snapshots = gw::DemoWorld().at(QDateTime::currentMSecsSinceEpoch());
    } else {
        QString error;
        const auto options = gw::samplerOptions(parser, &error);
        if (!options) {
            print(stderr, QStringLiteral("gpuwarden-cli: ") + error + QLatin1Char('\n'));
            return 2;
        }
        gw::LocalProducer producer(*options, gw::backendOption(parser));
        print(stderr, producer.init() + QLatin1Char('\n'));
        // Rates (CPU %, disk I/O, per-process SM %) need two readings.
        bool ok = false;
        const int intervalMs = parser.value(QStringLiteral("interval-ms")).toInt(&ok);
        if (!ok || intervalMs < 0 || intervalMs > 60'000) {
            print(stderr,
                  QStringLiteral("gpuwarden-cli: --interval-ms: expected 0..60000, got \"%1\"\n")
                      .arg(parser.value(QStringLiteral("interval-ms"))));
            return 2;
        }
        if (intervalMs > 0) {
            producer.sampleOnce();
            QThread::msleep(ulong(intervalMs));
        }
        snapshots.append(producer.sampleOnce());
    }

    if (parser.isSet(QStringLiteral("json"))) {
        if (snapshots.size() == 1) {
            print(stdout, QString::fromUtf8(gw::toJsonBytes(snapshots.first())));
        } else {
            QByteArray all = "[\n";
            for (int i = 0; i < snapshots.size(); ++i)
                all += gw::toJsonBytes(snapshots[i]).trimmed() +
                       (i + 1 < snapshots.size() ? ",\n" : "\n");
            all += "]\n";
            print(stdout, QString::fromUtf8(all));
        }
    } else {
        for (const auto& s : snapshots)
            print(stdout, humanReadable(s));
    }
    return 0;
}

// The token from stdin, never argv (every user reads ps). A terminal gets a
// prompt and no echo; a pipe is read to its end.
std::optional<QByteArray> readToken(const QString& url, QString* error)
{
    constexpr qsizetype kMaxTokenBytes = 64 * 1024;
    QByteArray token;
    if (::isatty(STDIN_FILENO)) {
        print(stderr, tr("Token for %1 (not echoed): ").arg(url));
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
        print(stderr, QStringLiteral("\n"));
    } else {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            *error = tr("cannot read the token from standard input: %1").arg(in.errorString());
            return std::nullopt;
        }
        token = in.read(kMaxTokenBytes + 1);
    }
    token = token.trimmed();
    if (token.isEmpty()) {
        *error = tr("no token on standard input (pipe it in: printf %s \"$TOKEN\" | "
                    "gpuwarden-cli token set --source URL)");
        return std::nullopt;
    }
    if (token.size() > kMaxTokenBytes) {
        *error = tr("the token on standard input is longer than %1 bytes").arg(kMaxTokenBytes);
        return std::nullopt;
    }
    // It travels in an HTTP header: no spaces, no control characters.
    for (const char c : token) {
        if (uchar(c) <= 0x20 || uchar(c) == 0x7f) {
            *error = tr("the token contains spaces or control characters (one token, one line)");
            return std::nullopt;
        }
    }
    return token;
}

int tokenCommand(const QCommandLineParser& parser, const QString& verb)
{
    QString error;
    const std::optional<QUrl> url = gw::agentUrlOption(parser, &error);
    if (!url) {
        print(stderr,
              QStringLiteral("gpuwarden-cli: ") +
                  (error.isEmpty() ? tr("token %1: --source URL is required").arg(verb) : error) +
                  QLatin1Char('\n'));
        return 2;
    }
    const QString key = gw::SecretStore::tokenKey(*url);
    gw::SecretStore store;
    if (verb == QLatin1String("set")) {
        const auto token = readToken(url->toString(QUrl::RemoveUserInfo), &error);
        if (!token) {
            print(stderr, QStringLiteral("gpuwarden-cli: ") + error + QLatin1Char('\n'));
            return 2;
        }
        error = store.writeBlocking(key, *token);
        if (error.isEmpty()) {
            print(stderr, tr("gpuwarden-cli: token stored in the keychain as \"%1\"\n").arg(key));
            return 0;
        }
    } else {
        error = store.removeBlocking(key);
        if (error.isEmpty()) {
            print(stderr,
                  tr("gpuwarden-cli: no token in the keychain as \"%1\" any more\n").arg(key));
            return 0;
        }
    }
    print(stderr, tr("gpuwarden-cli: keychain, token %1 \"%2\": %3\n").arg(verb, key, error));
    return 1;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpuwarden-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "GPU Warden command line.\n\nCommands:\n"
        "  snapshot                    print one reading of this machine, the demo fleet or an "
        "agent\n"
        "  token set --source URL      keep the agent's token (read from stdin) in the keychain\n"
        "  token remove --source URL   forget it"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("snapshot | token set | token remove"));
    parser.addOption({QStringLiteral("json"),
                      QStringLiteral("Print JSON (snake_case keys, null for absent values).")});
    parser.addOption({QStringLiteral("demo"), QStringLiteral("Read the simulated demo fleet.")});
    gw::addAgentSourceOption(parser);
    parser.addOption(
        {QStringLiteral("interval-ms"),
         QStringLiteral(
             "Wait between the two readings that rates need (0: one reading, rates absent)."),
         QStringLiteral("ms"), QStringLiteral("250")});
    parser.addOption(
        {QStringLiteral("verbose"), QStringLiteral("Log what the samplers do to stderr.")});
    gw::addSamplerOptions(parser);
    if (!parser.parse(app.arguments())) {
        print(stderr, QStringLiteral("gpuwarden-cli: ") + parser.errorText() + QLatin1Char('\n'));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    // stderr carries the one line that names the backend; sampler chatter only on request.
    if (!parser.isSet(QStringLiteral("verbose")))
        QLoggingCategory::setFilterRules(QStringLiteral("gw.*.info=false\ngw.*.debug=false"));

    const QStringList args = parser.positionalArguments();
    if (args.value(0) == QLatin1String("snapshot") && args.size() == 1)
        return snapshotCommand(parser);
    if (args.value(0) == QLatin1String("token") && args.size() == 2 &&
        (args[1] == QLatin1String("set") || args[1] == QLatin1String("remove")))
        return tokenCommand(parser, args[1]);
    print(stderr,
          args.isEmpty()
              ? QStringLiteral("gpuwarden-cli: no command given (try: snapshot, token set, token "
                               "remove)\n")
              : QStringLiteral("gpuwarden-cli: unknown command \"%1\" (try: snapshot, token set, "
                               "token remove)\n")
                    .arg(args.join(QLatin1Char(' '))));
    return 2;
}
