#pragma once

// gpuwarden-cli's commands as one table (cli/ is the command line's front
// end, as ui/ is the desktop's): each row names the words that call it, its
// entry in --help, the options it adds and the function that runs it.
// main() sets up the parser from the table, finds the row of the positional
// arguments and runs it. Adding a command is a row here and its function.

#include <QCommandLineParser>
#include <QList>
#include <QStringList>

namespace gw::cli {

// What a command's function is given.
struct Invocation
{
    const QCommandLineParser& parser;
    QStringList operands;  // the positional arguments after the command's words
    QStringList arguments; // the whole command line (run: CMD is what follows "--")
};

struct Command
{
    QStringList words; // "snapshot"; "token", "set"
    int operands = 0;  // positional arguments after the words; -1: any (the command checks)
    QString synopsis;  // --help: "record --duration 10m --output FILE"
    QStringList help;  // --help: the lines beside or below the synopsis
    void (*addOptions)(QCommandLineParser&) = nullptr; // options of its own, after the shared ones
    int (*run)(const Invocation&) = nullptr;
    bool widgets = false; // draws with widgets (a PDF): runs in a QApplication

    QString name() const { return words.join(QLatin1Char(' ')); }
};

// Every command, in the order --help lists them.
const QList<Command>& commands();

// The description (the commands' synopses and help), --help and
// --version, the options every command shares and each command's own.
void setUpParser(QCommandLineParser& parser);
// After parsing: the samplers' log lines only with --verbose (stderr
// carries the one line that names the backend).
void applyVerbosity(const QCommandLineParser& parser);

// Runs the row: its numeric options checked first (numberoptions.h), so a
// value the row's path would not read is refused rather than ignored.
int invoke(const Command& command, const Invocation& invocation);

// The row the positional arguments call, or nullptr.
const Command* findCommand(const QStringList& positional);
// No row takes them: what is said. A command's words with the wrong number
// of operands ("policy check" without its FILE) are answered with what is
// missing and the command's synopsis; anything else with every command of
// the table offered.
QString unknownCommandMessage(const QStringList& positional);
// No row takes them: the error on stderr; answers the exit code (2).
int unknownCommand(const QStringList& positional);

// Whether any argument is spelled as a command that draws with widgets:
// the application object is made before the parser runs.
bool needsWidgets(int argc, const char* const argv[]);

} // namespace gw::cli
