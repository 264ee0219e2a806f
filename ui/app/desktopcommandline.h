#pragma once

// The desktop's command line before there is a window: the application's
// names, the options in the order --help lists them, and the answers that
// need no display (--help, --version, a mistake), so they work over SSH and in
// scripts. gpuwarden's main() calls these and DesktopSession; nothing else.

#include "engine/desktopoptions.h"
#include "remote/sourceoption.h"

#include <QCommandLineParser>

#include <optional>

namespace gw {

void setDesktopApplicationNames();
void addDesktopOptions(QCommandLineParser& parser);

// True when the command line is answered without a window (help, version or
// an error); answerWithoutDisplay() then gives the answer and its exit code.
bool desktopNeedsNoDisplay(int argc, char* argv[]);
int answerDesktopWithoutDisplay(int argc, char* argv[]);

// Nonzero, with the reason on stderr, when QApplication could not open a
// window (no DISPLAY, WAYLAND_DISPLAY or -platform): it would abort.
int refuseWithoutDisplay(int argc, char* argv[]);

// What the desktop runs with, from the processed parser.
struct DesktopSetup
{
    DesktopOptions options;
    std::optional<AgentEndpoint> agent; // --source
};
std::optional<DesktopSetup> desktopSetup(const QCommandLineParser& parser, QString* error);

} // namespace gw
