// gpuwarden-cli: answers from the command line and from scripts. Its
// commands, their options and --help are one table (cli/commands.*); each
// command lives in cli/ and runs the logic of core/. `gpuwarden-cli --help`
// lists them; docs/coordination.md, traces.md, policies.md, tokens.md and
// reports.md describe each.

#include "cliio.h"
#include "commands.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>

#include <memory>

namespace {

// `report` may draw a PDF with widgets (the app's chart, Qt Charts): it runs
// in a QApplication, on the offscreen platform when there is no display
// (cron, ssh). Every other command is a QCoreApplication. Any argument
// spelled "report" counts: the parser has not run yet.
std::unique_ptr<QCoreApplication> makeApplication(int& argc, char* argv[])
{
    if (!gw::cli::needsWidgets(argc, argv))
        return std::make_unique<QCoreApplication>(argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace

int main(int argc, char* argv[])
{
    const std::unique_ptr<QCoreApplication> app = makeApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpuwarden-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));

    QCommandLineParser parser;
    gw::cli::setUpParser(parser);
    if (!parser.parse(app->arguments()))
        return gw::cli::fail(gw::cli::kExitUsage, parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    gw::cli::applyVerbosity(parser);

    const QStringList positional = parser.positionalArguments();
    const gw::cli::Command* command = gw::cli::findCommand(positional);
    if (!command)
        return gw::cli::unknownCommand(positional);
    return gw::cli::invoke(*command,
                           {parser, positional.mid(command->words.size()), app->arguments()});
}
