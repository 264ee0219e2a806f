#include "numberoptions.h"

#include "cliio.h"
#include "coord/coordjson.h"
#include "sources/demoworld.h"
#include "util/duration.h"

#include <QRegularExpression>

namespace gw::cli {

namespace {

QString rangeText(const NumberOption& o)
{
    const QString lo = QString::number(o.lo, 'g', 12);
    const QString hi = QString::number(o.hi, 'g', 12);
    return o.kind == NumberOption::Kind::Percentage
               ? CliTr::tr("a percentage from %1 to %2").arg(lo, hi)
               : CliTr::tr("a whole number from %1 to %2").arg(lo, hi);
}

// Digits only (a sign for negatives): "1.0", "1e3" and "0x10" are not
// whole numbers here, as they are not to a script that wrote them.
std::optional<double> parse(const QString& text, NumberOption::Kind kind)
{
    const QString t = text.trimmed();
    if (kind == NumberOption::Kind::Whole) {
        static const QRegularExpression digits(QStringLiteral("^-?[0-9]{1,15}$"));
        if (!digits.match(t).hasMatch())
            return std::nullopt;
        return double(t.toLongLong());
    }
    static const QRegularExpression decimal(QStringLiteral("^-?[0-9]{1,15}(\\.[0-9]{1,15})?$"));
    if (!decimal.match(t).hasMatch())
        return std::nullopt;
    return t.toDouble();
}

} // namespace

const QList<NumberOption>& numberOptions()
{
    const auto s = [](const char* text) {
        return QString::fromUtf8(text);
    };
    const QStringList coord{s("select"), s("wait"), s("run")};
    static const QList<NumberOption> table{
        // snapshot: the wait between the two readings rates need.
        {s("interval-ms"), {s("snapshot")}, 0, 60'000},
        {s("interval-ms"), {s("record")}, 10, 3'600'000},
        {s("demo-servers"),
         {s("snapshot"), s("record"), s("select"), s("wait"), s("tokens"), s("report")},
         1,
         DemoWorld::kMaxServers},
        {s("gpus"), coord, 1, kMaxAllocateGpus},
        {s("max-util"), coord, 0, 100, NumberOption::Kind::Percentage},
        {s("attempt"), {s("advise")}, 0, 1000},
        // Spans: their ranges are checked where they are used.
        {s("duration"), {s("record")}, 0, 0, NumberOption::Kind::Span},
        {s("wait"), coord, 0, 0, NumberOption::Kind::Span},
        {s("ttl"), {s("select"), s("run")}, 0, 0, NumberOption::Kind::Span},
        {s("interval"), {s("run")}, 0, 0, NumberOption::Kind::Span},
        {s("last"), {s("report")}, 0, 0, NumberOption::Kind::Span},
    };
    return table;
}

std::optional<double> numberOption(const QCommandLineParser& parser, const QString& command,
                                   const QString& option, QString* error)
{
    QStringList takers;
    for (const NumberOption& o : numberOptions()) {
        if (o.name != option)
            continue;
        if (!o.commands.contains(command)) {
            for (const QString& c : o.commands) {
                if (!takers.contains(c))
                    takers << c;
            }
            continue;
        }
        const QString text = parser.value(option);
        if (o.kind == NumberOption::Kind::Span) {
            QString why;
            const auto span = parseDuration(text, &why);
            if (!span) {
                *error = CliTr::tr("--%1: %2").arg(option, why);
                return std::nullopt;
            }
            return double(span->count());
        }
        const auto v = parse(text, o.kind);
        if (!v || *v < o.lo || *v > o.hi) {
            *error = CliTr::tr("--%1 must be %2, not \"%3\"").arg(option, rangeText(o), text);
            return std::nullopt;
        }
        return v;
    }
    *error = CliTr::tr("%1 does not take --%2 (an option of %3)")
                 .arg(command, option, takers.join(QStringLiteral(", ")));
    return std::nullopt;
}

bool checkNumberOptions(const QCommandLineParser& parser, const QString& command, QString* error)
{
    QStringList seen;
    for (const NumberOption& o : numberOptions()) {
        if (seen.contains(o.name) || !parser.isSet(o.name))
            continue;
        seen << o.name;
        if (!numberOption(parser, command, o.name, error))
            return false;
    }
    if (parser.isSet(QStringLiteral("demo-servers")) && !parser.isSet(QStringLiteral("demo"))) {
        *error = CliTr::tr("--demo-servers is the size of the demo fleet: give --demo with it");
        return false;
    }
    return true;
}

int demoServersOption(const QCommandLineParser& parser)
{
    const QString name = QStringLiteral("demo-servers");
    return parser.isSet(name) ? parser.value(name).trimmed().toInt() : DemoWorld::kDefaultServers;
}

} // namespace gw::cli
