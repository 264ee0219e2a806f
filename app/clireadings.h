#pragma once

// Where `replay`, `tokens` and `report` read their readings: a trace (--trace
// FILE), the history store (--history FILE, readings rebuilt by
// gw::HistoryReadings), the simulated demo fleet (--demo [--demo-servers N],
// DemoWorld sampled every second over the range; tokens and report) or
// agents (--source URL, repeatable; their GET /v1/readings; report),
// within --from/--to (ISO 8601, "2026-11-24 09:00" in --tz, or milliseconds),
// optionally only some servers (--server). One parser of these options and one
// reader, so both commands take the same words.

#include "model/snapshot.h"
#include "model/trace.h"
#include "policy/policyconfig.h"
#include "remote/sourceoption.h"
#include "sources/demoworld.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <memory>
#include <optional>

namespace gw {

class AgentReadings;
class HistoryReadings;

namespace cli {

// The sources a command takes besides --trace and --history.
enum ReadingsKind : unsigned
{
    kReadingsFiles = 0,        // --trace or --history only
    kReadingsDemo = 1u << 0,   // --demo
    kReadingsAgents = 1u << 1, // --source URL (repeatable)
    // The command sets the range itself (report: --last); otherwise --demo
    // and --source need --from.
    kReadingsRangeLater = 1u << 2,
};

struct ReadingsOptions
{
    QString tracePath;                            // one of these (or demo, or agents) is set
    QString historyPath;                          //
    bool demo = false;                            // --demo: the simulated fleet; needs fromMs
    int demoServers = DemoWorld::kDefaultServers; // --demo-servers
    QList<AgentSource> agents;                    // --source URL, each with its token
    std::optional<qint64> fromMs;                 // readings before are skipped
    std::optional<qint64> toMs;                   // readings at or after are skipped; after fromMs
    QStringList servers;                          // empty: every server
    QTimeZone timeZone;                           // --tz, else the caller's default
    bool timeZoneGiven = false;                   // --tz was given
};

// --trace | --history, --from, --to, --tz, --server of `command` ("replay"):
// nothing, and `error` in words (exit 2), when they are wrong. `zone` reads
// --from/--to when --tz is not given.
// `kinds` (ReadingsKind bits): which other sources the command takes.
std::optional<ReadingsOptions> readingsOptions(const QCommandLineParser& parser,
                                               const QString& command, const QTimeZone& zone,
                                               QString* error, unsigned kinds = kReadingsFiles);
// --demo-servers, for the commands that take --demo as a readings source.
void addDemoServersOption(QCommandLineParser& parser);

// The readings the options name, in time order per server.
class ReadingsSource
{
public:
    // Nothing, with `error` in words (exit 1), when the file cannot be read
    // or an agent cannot be asked; --demo without fromMs is refused here.
    static std::unique_ptr<ReadingsSource> open(const ReadingsOptions& options, QString* error);
    ~ReadingsSource();
    ReadingsSource(const ReadingsSource&) = delete;
    ReadingsSource& operator=(const ReadingsSource&) = delete;

    // The next reading; nothing at the end or on an error (then `error` says
    // it, with the line of a trace).
    std::optional<Snapshot> next(QString* error);
    quint64 skipped() const; // readings outside the range or the servers asked for

private:
    ReadingsSource() = default;
    ReadingsOptions m_options;
    TraceReader m_trace;
    std::unique_ptr<HistoryReadings> m_history;
    struct Demo;
    std::unique_ptr<Demo> m_demo;
    std::unique_ptr<AgentReadings> m_agents;
    quint64 m_skipped = 0;
};

} // namespace cli
} // namespace gw
