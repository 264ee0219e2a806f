// gpuwarden-cli: answers from the command line and from scripts.
//   gpuwarden-cli snapshot [--json] [--demo] [--source URL] [sampler options]
//   gpuwarden-cli token set --source URL      (the token on stdin)
//   gpuwarden-cli token remove --source URL

#include "model/snapshotjson.h"
#include "model/snapshottext.h"
#include "remote/agentclient.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
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
        const auto interval = gw::rateIntervalOption(parser, &error);
        if (!interval) {
            print(stderr, QStringLiteral("gpuwarden-cli: ") + error + QLatin1Char('\n'));
            return 2;
        }
        if (interval->count() > 0) {
            producer.sampleOnce();
            QThread::msleep(ulong(interval->count()));
        }
        snapshots.append(producer.sampleOnce());
    }

    if (parser.isSet(QStringLiteral("json"))) {
        print(stdout, QString::fromUtf8(gw::snapshotsJson(snapshots)));
    } else {
        for (const auto& s : snapshots)
            print(stdout, gw::snapshotText(s));
    }
    return 0;
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
        const auto token = gw::tokenFromStdin(url->toString(QUrl::RemoveUserInfo), &error);
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
