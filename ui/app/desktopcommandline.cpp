#include "app/desktopcommandline.h"

#include "common/translations.h"
#include "sampling/commandline.h"

#include <QCoreApplication>

#include <cstdio>

namespace gw {

namespace {

// What is wrong with the command line, empty when nothing is: the parser's
// verdict, then the values (without the keychain, which --source asks later).
QString commandLineError(QCommandLineParser& parser, const QStringList& arguments)
{
    if (!parser.parse(DesktopOptions::withoutQtOptions(arguments)))
        return parser.errorText();
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all")) ||
        parser.isSet(QStringLiteral("version")))
        return {};
    QString error;
    const bool agentSource = agentUrlOption(parser, &error).has_value();
    if (error.isEmpty())
        DesktopOptions::parse(parser, agentSource, &error);
    return error;
}

} // namespace

void setDesktopApplicationNames()
{
    QCoreApplication::setApplicationName(QStringLiteral("GPU Warden"));
    QCoreApplication::setOrganizationName(QStringLiteral("gpuwarden"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));
}

void addDesktopOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Monitoring and admin for shared GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    DesktopOptions::addOptions(parser);
    addAgentSourceOption(parser, SourceUse::BesideThisMachine);
    DesktopOptions::addWatchOptions(parser);
    addSamplerOptions(parser);
}

bool desktopNeedsNoDisplay(int argc, char* argv[])
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));
    QCommandLineParser parser; // untranslated: only asked whether it has an answer
    addDesktopOptions(parser);
    return !commandLineError(parser, args).isEmpty() || parser.isSet(QStringLiteral("help")) ||
           parser.isSet(QStringLiteral("help-all")) || parser.isSet(QStringLiteral("version"));
}

int answerDesktopWithoutDisplay(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    setDesktopApplicationNames();
    installTranslations(app);
    QCommandLineParser parser;
    addDesktopOptions(parser);
    if (const QString error = commandLineError(parser, QCoreApplication::arguments());
        !error.isEmpty()) {
        std::fprintf(stderr, "gpuwarden: %s\n%s\n", qPrintable(error),
                     qPrintable(QCoreApplication::translate(
                         "main", "Try gpuwarden --help for the options.")));
        return 2;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
                    qPrintable(QCoreApplication::applicationVersion()));
        return 0;
    }
    std::fputs(qPrintable(parser.helpText()), stdout);
    return 0;
}

int refuseWithoutDisplay([[maybe_unused]] int argc, [[maybe_unused]] char* argv[])
{
#ifdef Q_OS_LINUX
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "-platform" || a == "--platform" || a.startsWith("-platform=") ||
            a.startsWith("--platform="))
            return 0;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fprintf(stderr, "gpuwarden: no display to open a window on (DISPLAY and "
                             "WAYLAND_DISPLAY are not set). Over SSH, use ssh -X or run "
                             "gpuwarden-cli; for a window without a screen, set "
                             "QT_QPA_PLATFORM=offscreen.\n");
        return 1;
    }
#endif
    return 0;
}

std::optional<DesktopSetup> desktopSetup(const QCommandLineParser& parser, QString* error)
{
    DesktopSetup setup;
    setup.agent = agentSourceOption(parser, error);
    if (!error->isEmpty())
        return std::nullopt;
    auto options = DesktopOptions::parse(parser, setup.agent.has_value(), error);
    if (!options)
        return std::nullopt;
    setup.options = std::move(*options);
    return setup;
}

} // namespace gw
