// gpuwarden: the desktop application. Parses the command line and runs a
// DesktopSession (ui/app), which makes and wires the parts.

#include "app/desktopcommandline.h"
#include "app/desktopsession.h"
#include "common/translations.h"
#include "util/quitsignals.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char* argv[])
{
    gw::setDesktopApplicationNames();
    // --help, --version and a mistake need no display (over SSH, in a script).
    if (gw::desktopNeedsNoDisplay(argc, argv))
        return gw::answerDesktopWithoutDisplay(argc, argv);
    if (const int rc = gw::refuseWithoutDisplay(argc, argv))
        return rc;

    QApplication app(argc, argv);
    // SIGTERM/SIGINT (logout, Ctrl+C) leave the loop, so history commits and
    // the demo's private folder goes: from the start, since the history is
    // written before the window shows.
    const auto quitSignals = gw::QuitOnSignals::quitApplication();
    QApplication::setDesktopFileName(QStringLiteral("gpuwarden"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpuwarden.svg")));
    gw::installTranslations(app);

    QCommandLineParser parser;
    gw::addDesktopOptions(parser);
    parser.process(app); // checked already; Qt's own options are gone from arguments()
    QString error;
    auto setup = gw::desktopSetup(parser, &error);
    if (!setup) {
        std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(error));
        return 2;
    }
    gw::DesktopSession session(std::move(*setup));
    return session.exec();
}
