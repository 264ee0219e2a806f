#pragma once

// The numeric options of gpuwarden-cli (numbers and spans), read by one parser: each row names
// the option, the commands that take it and the range there. Before a
// command runs, every numeric option given is checked against its row, so
// no value is ignored because the path a command takes does not read it
// (`snapshot --demo --interval-ms abc` is refused, not answered), and an
// option the command does not take is refused by name.

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw::cli {

struct NumberOption
{
    enum class Kind
    {
        Whole,      // digits only: "a whole number from 1 to 64"
        Percentage, // a decimal: "a percentage from 0 to 100"
        Span,       // a number and a unit, "30s" (util/duration.h); the range is the command's
    };
    QString name;         // "interval-ms"
    QStringList commands; // the commands that take it, by name ("snapshot")
    double lo = 0;
    double hi = 0;
    Kind kind = Kind::Whole;
};

// Every numeric option of every command.
const QList<NumberOption>& numberOptions();

// The value of `option` as `command` takes it (a span in milliseconds):
// absent with `error` (exit 2) when it is not a number of its kind within
// its range, or when `command` does not take it. Call only when the option
// is set.
std::optional<double> numberOption(const QCommandLineParser& parser, const QString& command,
                                   const QString& option, QString* error);

// Every numeric option set on the command line, checked for `command`; the
// first mistake in `error` (exit 2).
bool checkNumberOptions(const QCommandLineParser& parser, const QString& command, QString* error);

// --demo-servers, checked by checkNumberOptions; the default fleet's size
// when it is not given.
int demoServersOption(const QCommandLineParser& parser);

} // namespace gw::cli
