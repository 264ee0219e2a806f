#include "commands.h"

#include "basiccommands.h"
#include "clicoord.h"
#include "cliio.h"
#include "clime.h"
#include "clireport.h"
#include "clirun.h"
#include "clitokens.h"
#include "numberoptions.h"
#include "remote/sourceoption.h"
#include "replaycommand.h"
#include "sampling/commandline.h"

#include <QLoggingCategory>

namespace gw::cli {

namespace {

// The synopsis column of --help: a longer synopsis has its help on the
// lines below.
constexpr qsizetype kSynopsisWidth = 28;
constexpr qsizetype kIndent = 2;

// Every command's name in the table's order, joined by `separator`: the
// positional argument's line in --help and the list a mistaken command is
// answered with, so that neither can leave a command out.
QString commandNames(const QString& separator)
{
    QStringList names;
    for (const Command& c : commands())
        names << c.name();
    return names.join(separator);
}

// run: CMD is what follows the first "--", whatever it looks like.
int runAfterDashes(const Invocation& i)
{
    const qsizetype dashes = i.arguments.indexOf(QStringLiteral("--"));
    const QStringList command = dashes < 0 ? QStringList() : i.arguments.mid(dashes + 1);
    if (i.operands.size() != command.size())
        return fail(kExitUsage, QStringLiteral("run: the command goes after --, such as: "
                                               "gpuwarden-cli run --gpus 1 -- python train.py"));
    return runCommand(i.parser, command);
}

QList<Command> makeCommands()
{
    const auto s = [](const char* text) {
        return QString::fromUtf8(text);
    };
    return {
        {{s("snapshot")},
         0,
         s("snapshot"),
         {s("print one reading of this machine, the demo fleet or an agent")},
         nullptr,
         [](const Invocation& i) {
             return snapshotCommand(i.parser);
         }},
        {{s("record")},
         0,
         s("record --duration 10m --output FILE"),
         {s("write readings at --interval-ms (default 1000) to a trace")},
         nullptr,
         [](const Invocation& i) {
             return recordCommand(i.parser);
         }},
        {{s("token"), s("set")},
         0,
         s("token set --source URL"),
         {s("keep the agent's token (read from stdin) in the keychain")},
         nullptr,
         [](const Invocation& i) {
             return tokenCommand(i.parser, QStringLiteral("set"));
         }},
        {{s("token"), s("remove")},
         0,
         s("token remove --source URL"),
         {s("forget it")},
         nullptr,
         [](const Invocation& i) {
             return tokenCommand(i.parser, QStringLiteral("remove"));
         }},
        {{s("doctor")},
         0,
         s("doctor --source URL"),
         {s("the agent's check of its installation (admin token)")},
         nullptr,
         [](const Invocation& i) {
             return doctorCommand(i.parser);
         }},
        {{s("policy"), s("check")},
         1,
         s("policy check FILE"),
         {s("check a policy.toml and print the effective policy")},
         nullptr,
         [](const Invocation& i) {
             return policyCheckCommand(i.parser, i.operands.first());
         }},
        {{s("replay")},
         0,
         s("replay --trace FILE | --history FILE [--policy FILE]"),
         {s("the events a policy finds in a trace;"),
          s("--half-life D, --share NAME=P: what if, fair share at the end")},
         addReplayOptions,
         [](const Invocation& i) {
             return replayCommand(i.parser);
         }},
        {{s("select")},
         0,
         s("select --gpus N | --parallel tp=4,pp=2 | --task FILE"),
         {s("the GPUs a job should take: prints"),
          s("export CUDA_VISIBLE_DEVICES=1,3 (reserved with --source)")},
         addCoordOptions,
         [](const Invocation& i) {
             return selectCommand(i.parser);
         }},
        {{s("wait")},
         0,
         s("wait --gpus N …"),
         {s("the same without reserving")},
         nullptr,
         [](const Invocation& i) {
             return waitCommand(i.parser);
         }},
        {{s("advise")},
         0,
         s("advise --source URL"),
         {s("whether to start now, and the share allowed")},
         nullptr,
         [](const Invocation& i) {
             return adviseCommand(i.parser);
         }},
        {{s("me")},
         0,
         s("me [--socket PATH]"),
         {s("your own standing on this server, no token: processes, events,"),
          s("caps, fair share, tokens (from the agent's Unix socket)")},
         addMeOptions,
         [](const Invocation& i) {
             return meCommand(i.parser);
         }},
        {{s("run")},
         -1,
         s("run --gpus N … -- CMD ARGS"),
         {s("select, run CMD on its GPUs and record what it did")},
         addRunOptions,
         runAfterDashes},
        {{s("tokens")},
         0,
         s("tokens --trace FILE | --history FILE --policy FILE"),
         {s("the token books of a trace or history: balances, ledger")},
         addTokensOptions,
         [](const Invocation& i) {
             return tokensCommand(i.parser);
         }},
        {{s("report")},
         0,
         s("report --trace FILE | --history FILE --format csv|pdf"),
         {s("a range's coverage, GPUs and users as CSV or PDF")},
         addReportOptions,
         [](const Invocation& i) { return reportCommand(i.parser); },
         true},
    };
}

QString description()
{
    const QString indent(kIndent + kSynopsisWidth, QLatin1Char(' '));
    QStringList lines{QStringLiteral("GPU Warden command line."), QString(),
                      QStringLiteral("Commands:")};
    for (const Command& c : commands()) {
        const QString synopsis = QString(kIndent, QLatin1Char(' ')) + c.synopsis;
        if (c.synopsis.size() + 2 <= kSynopsisWidth) {
            lines << synopsis.leftJustified(kIndent + kSynopsisWidth) + c.help.value(0);
        } else {
            lines << synopsis << indent + c.help.value(0);
        }
        for (qsizetype h = 1; h < c.help.size(); ++h)
            lines << indent + c.help[h];
    }
    return lines.join(QLatin1Char('\n'));
}

// The options several commands share (their help names the commands), in
// the order --help has always listed them.
void addSharedOptions(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("json"),
                      QStringLiteral("Print JSON (snake_case keys, null for absent values).")});
    parser.addOption({QStringLiteral("demo"), QStringLiteral("Read the simulated demo fleet.")});
    addAgentSourceOption(parser);
    addRateIntervalOption(parser);
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
    addSamplerOptions(parser);
}

} // namespace

const QList<Command>& commands()
{
    static const QList<Command> table = makeCommands();
    return table;
}

void setUpParser(QCommandLineParser& parser)
{
    parser.setApplicationDescription(description());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), commandNames(QStringLiteral(" | ")));
    addSharedOptions(parser);
    for (const Command& c : commands()) {
        if (c.addOptions)
            c.addOptions(parser);
    }
}

void applyVerbosity(const QCommandLineParser& parser)
{
    if (!parser.isSet(QStringLiteral("verbose")))
        QLoggingCategory::setFilterRules(QStringLiteral("gw.*.info=false\ngw.*.debug=false"));
}

const Command* findCommand(const QStringList& positional)
{
    for (const Command& c : commands()) {
        const qsizetype words = c.words.size();
        if (positional.size() < words || positional.mid(0, words) != c.words)
            continue;
        if (c.operands < 0 || positional.size() == words + c.operands)
            return &c;
    }
    return nullptr;
}

int invoke(const Command& command, const Invocation& invocation)
{
    QString error;
    if (!checkNumberOptions(invocation.parser, command.name(), &error))
        return fail(kExitUsage, error);
    return command.run(invocation);
}

QString unknownCommandMessage(const QStringList& positional)
{
    for (const Command& c : commands()) {
        const qsizetype words = c.words.size();
        if (c.operands < 0 || positional.size() < words || positional.mid(0, words) != c.words)
            continue;
        const qsizetype given = positional.size() - words;
        // The synopsis names the operands after the words: "policy check FILE".
        const QStringList synopsis = c.synopsis.split(QLatin1Char(' '));
        const QString missing =
            synopsis.mid(words + given, c.operands - given).join(QLatin1Char(' '));
        return given < c.operands
                   ? CliTr::tr("%1: %2 is missing (%3)").arg(c.name(), missing, c.synopsis)
                   : CliTr::tr("%1: too many arguments (%2): %3")
                         .arg(c.name(), positional.mid(words + c.operands).join(QLatin1Char(' ')),
                              c.synopsis);
    }
    const QString offered = commandNames(QStringLiteral(", "));
    return positional.isEmpty() ? QStringLiteral("no command given (try: %1)").arg(offered)
                                : QStringLiteral("unknown command \"%1\" (try: %2)")
                                      .arg(positional.join(QLatin1Char(' ')), offered);
}

int unknownCommand(const QStringList& positional)
{
    return fail(kExitUsage, unknownCommandMessage(positional));
}

bool needsWidgets(int argc, const char* const argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const Command& c : commands()) {
            if (c.widgets && c.words.size() == 1 &&
                qstrcmp(argv[i], c.words.first().toUtf8().constData()) == 0)
                return true;
        }
    }
    return false;
}

} // namespace gw::cli
