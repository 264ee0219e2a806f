#include "app/desktopcommandline.h"

#include "common/translations.h"
#include "sampling/commandline.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <optional>

#ifdef Q_OS_LINUX
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#endif

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

#ifdef Q_OS_LINUX
namespace {

// Whether an X server listens for the local display `display` (":0",
// ":1.0", "unix:2"): its socket, abstract or in /tmp/.X11-unix. Nullopt for
// a display this cannot tell (a host, as ssh -X gives: "localhost:10.0").
std::optional<bool> localXServerListens(const QByteArray& display, QByteArray* socketPath)
{
    QByteArray rest = display;
    if (rest.startsWith("unix:"))
        rest = rest.mid(4);
    if (!rest.startsWith(':'))
        return std::nullopt;
    const QByteArray number = rest.mid(1).split('.').value(0);
    bool ok = false;
    number.toUInt(&ok);
    if (!ok)
        return std::nullopt;
    *socketPath = "/tmp/.X11-unix/X" + number;
    for (const bool abstract : {true, false}) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return std::nullopt;
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        // An abstract name starts with a NUL byte.
        const qsizetype offset = abstract ? 1 : 0;
        std::memcpy(address.sun_path + offset, socketPath->constData(),
                    size_t(std::min<qsizetype>(socketPath->size(),
                                               qsizetype(sizeof(address.sun_path)) - 1 - offset)));
        const socklen_t length =
            socklen_t(offsetof(sockaddr_un, sun_path) + size_t(offset + socketPath->size()) +
                      (abstract ? 0 : 1));
        const bool connected =
            ::connect(fd, reinterpret_cast<const sockaddr*>(&address), length) == 0;
        ::close(fd);
        if (connected)
            return true;
    }
    return false;
}

} // namespace
#endif

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
    // A DISPLAY nobody answers on: Qt would abort (and dump core) there.
    QByteArray socketPath;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        localXServerListens(qgetenv("DISPLAY"), &socketPath) == false) {
        std::fprintf(stderr,
                     "gpuwarden: cannot open a window on DISPLAY=%s: no X server listens at %s "
                     "(has it stopped, or is DISPLAY left from another session?). For a window "
                     "without a screen, set QT_QPA_PLATFORM=offscreen.\n",
                     qgetenv("DISPLAY").constData(), socketPath.constData());
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
