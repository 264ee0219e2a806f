#include "clireadings.h"

#include "cliio.h"
#include "history/historyreadings.h"
#include "model/snapshotjson.h"
#include "policy/policyreplay.h"
#include "remote/agentreadings.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimeZone>
#include <QUrlQuery>

#include <cmath>
#include <limits>
#include <utility>

namespace gw::cli {

void addDemoServersOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("demo-servers"),
                      QStringLiteral("report, tokens --demo: servers of the demo fleet (1..64, "
                                     "default 3)."),
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
        *error = tr("%1: give --trace FILE or --history FILE").arg(command);
        if ((kinds & kReadingsDemo) && (kinds & kReadingsAgents))
            *error += tr(" (or --demo, or --source URL)");
        return std::nullopt;
    }
    if (o.demo && parser.isSet(QStringLiteral("demo-servers"))) {
        const QString text = parser.value(QStringLiteral("demo-servers"));
        bool ok = false;
        const int n = text.toInt(&ok);
        if (!ok || n < 1 || n > DemoWorld::kMaxServers) {
            *error = tr("--demo-servers: expected 1..%1, got \"%2\"")
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
            *error = tr("--tz: \"%1\" is not a time zone (such as Europe/Berlin or UTC)")
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
            *error = tr("--%1: \"%2\" is not a time (write 2026-11-24T09:00:00+01:00, "
                        "2026-11-24 09:00 or milliseconds since the epoch)")
                         .arg(key, parser.value(key));
            return std::nullopt;
        }
        (key == QLatin1String("from") ? o.fromMs : o.toMs) = *ms;
    }
    if (o.fromMs && o.toMs && *o.toMs <= *o.fromMs) {
        *error = tr("%1: the range is empty (--to must be after --from)").arg(command);
        return std::nullopt;
    }
    if ((o.demo || agents) && !o.fromMs && !(kinds & kReadingsRangeLater)) {
        *error = tr("%1: %2 needs the range: give --from (and --to, default now)")
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

// The demo fleet sampled every second over [from, to): at each second every
// server (by index) in turn, made when asked for, so a day of 16 servers
// (1.38 million readings) streams in constant memory.
struct ReadingsSource::Demo
{
    DemoWorld world;
    QList<int> servers; // indexes asked for
    qint64 t = 0;
    qint64 to = 0;
    qsizetype next = 0;

    std::optional<Snapshot> read()
    {
        if (servers.isEmpty())
            return std::nullopt;
        if (next == servers.size()) {
            next = 0;
            t += kStepMs;
        }
        if (t >= to)
            return std::nullopt;
        Snapshot s = world.serverAt(servers[next++], t);
        s.intervalMs = kStepMs;
        return s;
    }

    static constexpr qint64 kStepMs = 1000;
};

std::unique_ptr<ReadingsSource> ReadingsSource::open(const ReadingsOptions& options, QString* error)
{
    std::unique_ptr<ReadingsSource> s(new ReadingsSource);
    s->m_options = options;
    if (options.demo) {
        if (!options.fromMs) {
            *error = tr("--demo: give the range (--from, and --to, default now)");
            return nullptr;
        }
        const qint64 from = *options.fromMs;
        const qint64 to = options.toMs.value_or(QDateTime::currentMSecsSinceEpoch());
        s->m_demo = std::make_unique<Demo>(Demo{DemoWorld(options.demoServers), {}, 0, to, 0});
        const QStringList names = s->m_demo->world.names();
        for (qsizetype i = 0; i < names.size(); ++i)
            if (options.servers.isEmpty() || options.servers.contains(names[i]))
                s->m_demo->servers.append(int(i));
        // The first whole second at or after `from`.
        constexpr qint64 step = Demo::kStepMs;
        s->m_demo->t = from % step == 0 ? from : from - ((from % step + step) % step) + step;
        return s;
    }
    if (!options.agents.isEmpty()) {
        if (!options.fromMs) {
            *error = tr("--source: give the range (--from, and --to, default now)");
            return nullptr;
        }
        QList<AgentReadings::Agent> agents;
        for (const AgentSource& a : options.agents)
            agents.append({a, {}, false});
        s->m_agents = std::make_unique<AgentReadings>(
            agents, *options.fromMs, options.toMs.value_or(QDateTime::currentMSecsSinceEpoch()),
            options.servers);
        return s;
    }
    if (!options.historyPath.isEmpty()) {
        s->m_history =
            HistoryReadings::open(options.historyPath, options.servers,
                                  options.fromMs.value_or(std::numeric_limits<qint64>::min()),
                                  options.toMs.value_or(std::numeric_limits<qint64>::max()), error);
        if (!s->m_history)
            return nullptr;
    } else if (!s->m_trace.open(options.tracePath, error)) {
        return nullptr;
    }
    return s;
}

ReadingsSource::~ReadingsSource() = default;

quint64 ReadingsSource::skipped() const
{
    return m_skipped + (m_agents ? m_agents->skipped() : 0);
}

std::optional<Snapshot> ReadingsSource::next(QString* error)
{
    if (m_demo)
        return m_demo->read();
    if (m_agents)
        return m_agents->next(error);
    if (m_history)
        return m_history->next(error);
    while (auto s = m_trace.next()) {
        if ((m_options.fromMs && s->timestampMs < *m_options.fromMs) ||
            (m_options.toMs && s->timestampMs >= *m_options.toMs) ||
            (!m_options.servers.isEmpty() && !m_options.servers.contains(s->server))) {
            ++m_skipped;
            continue;
        }
        return s;
    }
    if (m_trace.hasError())
        *error = m_trace.error();
    return std::nullopt;
}

} // namespace gw::cli
