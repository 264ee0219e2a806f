#pragma once

// Where `replay`, `tokens` and `report` read their readings: a trace (--trace
// FILE), the history store (--history FILE, readings rebuilt by
// gw::HistoryReadings), the simulated demo fleet (--demo [--demo-servers N],
// DemoWorld sampled every second over the range; tokens and report) or
// agents (--source URL, repeatable; their GET /v1/readings; report),
// within --from/--to (ISO 8601, "2026-11-24 09:00" in --tz, or milliseconds),
// optionally only some servers (--server). One parser of these options, and
// the one reading stream (readings/readingstream.h) reads what they name.

#include "policy/policyconfig.h"
#include "readings/readingstream.h"
#include "remote/sourceoption.h"
#include "sources/demoworld.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <memory>
#include <optional>

namespace gw::cli {

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
    QList<AgentEndpoint> agents;                  // --source URL, each with its token
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

// The spec the options name: one source, within --from/--to, for --server.
ReadingSpec readingSpec(const ReadingsOptions& options);
// The stream the options name; nothing, with `error` in words (exit 1),
// when the file cannot be read or an agent cannot be asked; --demo and
// --source without fromMs are refused here.
std::unique_ptr<ReadingStream> openReadings(const ReadingsOptions& options, QString* error);
// The stream's notes (intervals inferred) and its gap warnings over
// [fromMs, toMs) (either absent: what was read).
QStringList readingsNotes(const ReadingStream& stream, const QTimeZone& zone,
                          std::optional<qint64> fromMs = {}, std::optional<qint64> toMs = {});
// The same, each also a "gpuwarden-cli: …" line on stderr.
QStringList noteReadings(const ReadingStream& stream, const QTimeZone& zone,
                         std::optional<qint64> fromMs = {}, std::optional<qint64> toMs = {});

} // namespace gw::cli
