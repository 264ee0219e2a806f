#include "readingsoptions.h"

#include "cliio.h"
#include "policy/policyreplay.h"
#include "remote/agentreadings.h"

#include <QTimeZone>

namespace gw::cli {

void addDemoServersOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("demo-servers"),
                      QStringLiteral("snapshot, record, select, wait, report, tokens --demo: "
                                     "servers of the demo fleet (1..64, default 3)."),
                      QStringLiteral("n")});
}

std::optional<ReadingsOptions> readingsOptions(const QCommandLineParser& parser,
                                               const QString& command, const QTimeZone& zone,
                                               QString* error, unsigned kinds)
{
    ReadingsOptions o;
    o.tracePath = parser.value(QStringLiteral("trace"));
    o.historyPath = parser.value(QStringLiteral("history"));
    o.demo = (kinds & kReadingsDemo) && parser.isSet(QStringLiteral("demo"));
    const bool agents = (kinds & kReadingsAgents) && parser.isSet(QStringLiteral("source"));
    const int given =
        int(!o.tracePath.isEmpty()) + int(!o.historyPath.isEmpty()) + int(o.demo) + int(agents);
    if (given != 1) {
        // One sentence for all, the other sources after it.
        *error = CliTr::tr("%1: give --trace FILE or --history FILE").arg(command);
        if ((kinds & kReadingsDemo) && (kinds & kReadingsAgents))
            *error += CliTr::tr(" (or --demo, or --source URL)");
        return std::nullopt;
    }
    if (o.demo && parser.isSet(QStringLiteral("demo-servers"))) {
        const QString text = parser.value(QStringLiteral("demo-servers"));
        bool ok = false;
        const int n = text.toInt(&ok);
        if (!ok || n < 1 || n > DemoWorld::kMaxServers) {
            *error = CliTr::tr("--demo-servers: expected 1..%1, got \"%2\"")
                         .arg(DemoWorld::kMaxServers)
                         .arg(text);
            return std::nullopt;
        }
        o.demoServers = n;
    }
    o.servers = parser.values(QStringLiteral("server"));
    o.timeZone = zone;
    if (parser.isSet(QStringLiteral("tz"))) {
        o.timeZone = QTimeZone(parser.value(QStringLiteral("tz")).toUtf8());
        o.timeZoneGiven = true;
        if (!o.timeZone.isValid()) {
            *error = CliTr::tr("--tz: \"%1\" is not a time zone (such as Europe/Berlin or UTC)")
                         .arg(parser.value(QStringLiteral("tz")));
            return std::nullopt;
        }
    }
    for (const char* name : {"from", "to"}) {
        const QString key = QLatin1String(name);
        if (!parser.isSet(key))
            continue;
        const auto ms = parseReplayTime(parser.value(key), o.timeZone);
        if (!ms) {
            *error = CliTr::tr("--%1: \"%2\" is not a time (write 2026-11-24T09:00:00+01:00, "
                               "2026-11-24 09:00 or milliseconds since the epoch)")
                         .arg(key, parser.value(key));
            return std::nullopt;
        }
        (key == QLatin1String("from") ? o.fromMs : o.toMs) = *ms;
    }
    if (o.fromMs && o.toMs && *o.toMs <= *o.fromMs) {
        *error = CliTr::tr("%1: the range is empty (--to must be after --from)").arg(command);
        return std::nullopt;
    }
    if ((o.demo || agents) && !o.fromMs && !(kinds & kReadingsRangeLater)) {
        *error = CliTr::tr("%1: %2 needs the range: give --from (and --to, default now)")
                     .arg(command, o.demo ? QStringLiteral("--demo") : QStringLiteral("--source"));
        return std::nullopt;
    }
    if (agents) {
        o.agents = agentSourcesOption(parser, error);
        if (o.agents.isEmpty())
            return std::nullopt;
    }
    return o;
}

ReadingSpec readingSpec(const ReadingsOptions& options)
{
    ReadingSpec spec;
    if (options.demo) {
        spec = ReadingSpec::demo(options.demoServers);
    } else if (!options.agents.isEmpty()) {
        QList<AgentReadings::Agent> agents;
        for (const AgentEndpoint& a : options.agents)
            agents.append({a, {}, false});
        spec = agentReadingsSpec(agents);
    } else if (!options.historyPath.isEmpty()) {
        spec = ReadingSpec::history(options.historyPath);
    } else {
        spec = ReadingSpec::trace(options.tracePath);
    }
    return spec.within(options.fromMs, options.toMs, options.servers);
}

std::unique_ptr<ReadingStream> openReadings(const ReadingsOptions& options, QString* error)
{
    return ReadingStream::open(readingSpec(options), error);
}

QStringList readingsNotes(const ReadingStream& stream, const QTimeZone& zone,
                          std::optional<qint64> fromMs, std::optional<qint64> toMs)
{
    return stream.notes() +
           (fromMs && toMs ? stream.gapWarnings(*fromMs, *toMs, zone) : stream.gapWarnings(zone));
}

QStringList noteReadings(const ReadingStream& stream, const QTimeZone& zone,
                         std::optional<qint64> fromMs, std::optional<qint64> toMs)
{
    const QStringList lines = readingsNotes(stream, zone, fromMs, toMs);
    for (const QString& line : lines)
        note(line);
    return lines;
}

} // namespace gw::cli
