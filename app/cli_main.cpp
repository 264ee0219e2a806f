// gpuwarden-cli: answers from the command line and from scripts.
//   gpuwarden-cli snapshot [--json] [--demo] [--source URL] [sampler options]
//   gpuwarden-cli record --duration 10m --output run.jsonl [--demo | --source URL]
//   gpuwarden-cli token set --source URL      (the token on stdin)
//   gpuwarden-cli token remove --source URL
//   gpuwarden-cli policy check FILE [--json]
//   gpuwarden-cli replay --trace run.jsonl | --history FILE [--policy policy.toml] [--from T]
//                        [--to T] [--server NAME] [--tz ZONE] [--json]
//   gpuwarden-cli select|wait --gpus N | --parallel tp=4,pp=2 | --task FILE [--min-free 8GiB]
//                        [--max-util 50] [--mig allow|only|never] [--wait 5m] [--ttl 2m]
//                        [--user U] [--source URL] [--json]          (clicoord.h)
//   gpuwarden-cli advise --source URL [--user U] [--priority P] [--attempt K] [--json]
//   gpuwarden-cli run --gpus N [select options] [--interval 1s] [--record FILE]
//                        [--trace FILE] -- CMD ARGS…                 (clirun.h)
//   gpuwarden-cli tokens --trace FILE | --history FILE --policy FILE [--from T] [--to T]
//                        [--tz ZONE] [--compare OTHER] [--user U] [--json]  (clitokens.h)
//   gpuwarden-cli report --trace FILE | --history FILE [--policy FILE] [--last 24h |
//                        --from T --to T] --format csv|pdf [--output PATH] [--split]
//                        [--paper a4|letter]                                 (clireport.h)

#include "clicoord.h"
#include "cliio.h"
#include "clireport.h"
#include "clirun.h"
#include "clitokens.h"
#include "model/snapshottext.h"
#include "policy/policycheck.h"
#include "remote/sourceoption.h"
#include "replaycommand.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/recorder.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QLoggingCategory>
#include <QTimeZone>

#include <memory>

namespace {

using gw::cli::fail;
using gw::cli::print;
using gw::cli::tr;

int snapshotCommand(const QCommandLineParser& parser)
{
    QList<gw::Snapshot> snapshots;
    QString sourceError;
    const auto agent = gw::agentSourceOption(parser, &sourceError);
    if (!sourceError.isEmpty())
        return fail(2, sourceError);
    if (agent) {
        const auto snapshot = gw::readAgentSnapshot(*agent, &sourceError);
        if (!snapshot)
            return fail(1, sourceError);
        snapshots.append(*snapshot);
    } else if (parser.isSet(QStringLiteral("demo"))) {
        snapshots = gw::DemoWorld().at(QDateTime::currentMSecsSinceEpoch());
    } else {
        QString error;
        const auto options = gw::samplerOptions(parser, &error);
        if (!options)
            return fail(2, error);
        gw::LocalProducer producer(*options, gw::backendOption(parser));
        print(stderr, producer.init() + QLatin1Char('\n'));
        const auto interval = gw::rateIntervalOption(parser, &error);
        if (!interval)
            return fail(2, error);
        snapshots.append(producer.sampleWithRates(*interval));
    }

    if (parser.isSet(QStringLiteral("json"))) {
        print(stdout, QString::fromUtf8(gw::snapshotsJson(snapshots)));
    } else {
        for (const auto& s : snapshots)
            print(stdout, gw::snapshotText(s));
    }
    return 0;
}

// Readings at a steady interval into a trace (docs/traces.md). An agent is
// polled for its latest reading; one it has not replaced yet is left out.
int recordCommand(const QCommandLineParser& parser)
{
    QString error;
    const auto options = gw::recordOptions(
        parser.value(QStringLiteral("duration")), parser.value(QStringLiteral("output")),
        parser.isSet(QStringLiteral("interval-ms")) ? parser.value(QStringLiteral("interval-ms"))
                                                    : QString(),
        &error);
    if (!options)
        return fail(2, error);
    const auto agent = gw::agentSourceOption(parser, &error);
    if (!error.isEmpty())
        return fail(2, error);
    gw::ReadRound read;
    std::unique_ptr<gw::LocalProducer> local;
    if (agent) {
        read = [&](QString* why) {
            const auto s = gw::readAgentSnapshot(*agent, why);
            return s ? QList<gw::Snapshot>{*s} : QList<gw::Snapshot>{};
        };
    } else if (parser.isSet(QStringLiteral("demo"))) {
        read = [world = gw::DemoWorld()](QString*) {
            return world.at(QDateTime::currentMSecsSinceEpoch());
        };
    } else {
        const auto sampler = gw::samplerOptions(parser, &error);
        if (!sampler)
            return fail(2, error);
        local = std::make_unique<gw::LocalProducer>(*sampler, gw::backendOption(parser));
        print(stderr, local->init() + QLatin1Char('\n'));
        read = [&](QString*) {
            return local->produce();
        };
    }
    const gw::RecordResult r = gw::recordTrace(
        *options, read, [](const QString& why) { fail(0, tr("reading failed: %1").arg(why)); });
    if (!r.error.isEmpty())
        fail(1, r.error);
    print(stderr,
          tr("gpuwarden-cli: %1 readings of %2 servers written to %3%4\n")
              .arg(r.written)
              .arg(r.servers)
              .arg(options->path, r.interrupted ? tr(" (stopped by a signal)") : QString()));
    return r.error.isEmpty() ? 0 : 1;
}

int tokenCommand(const QCommandLineParser& parser, const QString& verb)
{
    QString error;
    const std::optional<QUrl> url = gw::agentUrlOption(parser, &error);
    if (!url)
        return fail(2,
                    error.isEmpty() ? tr("token %1: --source URL is required").arg(verb) : error);
    gw::TokenChange change;
    if (verb == QLatin1String("set")) {
        const auto token = gw::tokenFromStdin(url->toString(QUrl::RemoveUserInfo), &error);
        if (!token)
            return fail(2, error);
        change = gw::storeAgentToken(*url, *token);
    } else {
        change = gw::forgetAgentToken(*url);
    }
    const QString& key = change.key;
    error = change.error;
    if (error.isEmpty()) {
        print(stderr,
              verb == QLatin1String("set")
                  ? tr("gpuwarden-cli: token stored in the keychain as \"%1\"\n").arg(key)
                  : tr("gpuwarden-cli: no token in the keychain as \"%1\" any more\n").arg(key));
        return 0;
    }
    print(stderr, tr("gpuwarden-cli: keychain, token %1 \"%2\": %3\n").arg(verb, key, error));
    return 1;
}

} // namespace

// `report` may draw a PDF with widgets (the app's chart, Qt Charts): it runs
// in a QApplication, on the offscreen platform when there is no display
// (cron, ssh). Every other command is a QCoreApplication. Any argument
// spelled "report" counts: the parser has not run yet.
std::unique_ptr<QCoreApplication> makeApplication(int& argc, char* argv[])
{
    bool report = false;
    for (int i = 1; i < argc; ++i)
        report = report || qstrcmp(argv[i], "report") == 0;
    if (!report)
        return std::make_unique<QCoreApplication>(argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QApplication>(argc, argv);
}

int main(int argc, char* argv[])
{
    const std::unique_ptr<QCoreApplication> application = makeApplication(argc, argv);
    QCoreApplication& app = *application;
    QCoreApplication::setApplicationName(QStringLiteral("gpuwarden-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "GPU Warden command line.\n\nCommands:\n"
        "  snapshot                    print one reading of this machine, the demo fleet or an "
        "agent\n"
        "  record --duration 10m --output FILE\n"
        "                              write readings at --interval-ms (default 1000) to a trace\n"
        "  token set --source URL      keep the agent's token (read from stdin) in the keychain\n"
        "  token remove --source URL   forget it\n"
        "  policy check FILE           check a policy.toml and print the effective policy\n"
        "  replay --trace FILE | --history FILE [--policy FILE]\n"
        "                              the events a policy finds in a trace\n"
        "  select --gpus N | --parallel tp=4,pp=2 | --task FILE\n"
        "                              the GPUs a job should take: prints\n"
        "                              export CUDA_VISIBLE_DEVICES=1,3 (reserved with --source)\n"
        "  wait --gpus N …             the same without reserving\n"
        "  advise --source URL         whether to start now, and the share allowed\n"
        "  run --gpus N … -- CMD ARGS  select, run CMD on its GPUs and record what it did\n"
        "  tokens --trace FILE | --history FILE --policy FILE\n"
        "                              the token books of a trace or history: balances, "
        "ledger\n"
        "  report --trace FILE | --history FILE --format csv|pdf\n"
        "                              a range's coverage, GPUs and users as CSV or PDF"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("snapshot | record | replay | policy check | token "
                                                "set | token remove | select | wait | advise | "
                                                "run | tokens | report"));
    parser.addOption({QStringLiteral("json"),
                      QStringLiteral("Print JSON (snake_case keys, null for absent values).")});
    parser.addOption({QStringLiteral("demo"), QStringLiteral("Read the simulated demo fleet.")});
    gw::addAgentSourceOption(parser);
    gw::addRateIntervalOption(parser);
    parser.addOption({QStringLiteral("duration"),
                      QStringLiteral("record: how long, such as 30s, 10m or 2h."),
                      QStringLiteral("span")});
    parser.addOption({QStringLiteral("output"),
                      QStringLiteral("record: the trace file to write (JSON Lines)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("trace"),
                      QStringLiteral("replay: the trace to replay; run: the trace to write "
                                     "(JSON Lines)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("history"),
                      QStringLiteral("replay: the history store to replay (readings rebuilt "
                                     "from it)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("server"),
                      QStringLiteral("replay --history: only this server (repeatable)."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("policy"),
                      QStringLiteral("replay: the policy.toml to apply (default: built-in); "
                                     "select, wait, run: its [allocate] weights."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("from"),
                      QStringLiteral("replay: skip readings before this time."),
                      QStringLiteral("time")});
    parser.addOption({QStringLiteral("to"),
                      QStringLiteral("replay: skip readings from this time on."),
                      QStringLiteral("time")});
    parser.addOption({QStringLiteral("tz"),
                      QStringLiteral("replay: the servers' time zone for quota windows "
                                     "(default: this machine's)."),
                      QStringLiteral("zone")});
    parser.addOption(
        {QStringLiteral("verbose"), QStringLiteral("Log what the samplers do to stderr.")});
    gw::addSamplerOptions(parser);
    gw::cli::addCoordOptions(parser);
    gw::cli::addRunOptions(parser);
    gw::cli::addTokensOptions(parser);
    gw::cli::addReportOptions(parser);
    if (!parser.parse(app.arguments()))
        return fail(2, parser.errorText());
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
    if (args.value(0) == QLatin1String("record") && args.size() == 1)
        return recordCommand(parser);
    if (args.value(0) == QLatin1String("replay") && args.size() == 1)
        return gw::cli::replayCommand(parser);
    if (args.value(0) == QLatin1String("tokens") && args.size() == 1)
        return gw::cli::tokensCommand(parser);
    if (args.value(0) == QLatin1String("report") && args.size() == 1)
        return gw::cli::reportCommand(parser);
    if (args.value(0) == QLatin1String("select") && args.size() == 1)
        return gw::cli::selectCommand(parser);
    if (args.value(0) == QLatin1String("wait") && args.size() == 1)
        return gw::cli::waitCommand(parser);
    if (args.value(0) == QLatin1String("advise") && args.size() == 1)
        return gw::cli::adviseCommand(parser);
    if (args.value(0) == QLatin1String("run")) {
        // CMD is what follows the first "--", whatever it looks like.
        const QStringList all = app.arguments();
        const qsizetype dashes = all.indexOf(QStringLiteral("--"));
        const QStringList command = dashes < 0 ? QStringList() : all.mid(dashes + 1);
        if (args.size() != 1 + command.size())
            return fail(2, QStringLiteral("run: the command goes after --, such as: gpuwarden-cli "
                                          "run --gpus 1 -- python train.py"));
        return gw::cli::runCommand(parser, command);
    }
    if (args.value(0) == QLatin1String("token") && args.size() == 2 &&
        (args[1] == QLatin1String("set") || args[1] == QLatin1String("remove")))
        return tokenCommand(parser, args[1]);
    if (args.value(0) == QLatin1String("policy") && args.value(1) == QLatin1String("check") &&
        args.size() == 3) {
        const auto r = gw::checkPolicyFile(args[2], parser.isSet(QStringLiteral("json")));
        print(stdout, r.out);
        print(stderr, r.err);
        return r.exitCode;
    }
    return fail(2, args.isEmpty()
                       ? QStringLiteral("no command given (try: snapshot, record, replay, policy "
                                        "check, token set, token remove, select, wait, advise, "
                                        "run, tokens)")
                       : QStringLiteral("unknown command \"%1\" (try: snapshot, record, replay, "
                                        "policy check, token set, token remove, select, wait, "
                                        "advise, run, tokens)")
                             .arg(args.join(QLatin1Char(' '))));
}
