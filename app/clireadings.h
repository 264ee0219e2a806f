#pragma once

// Where `replay` and `tokens` read their readings: a trace (--trace FILE) or
// the history store (--history FILE, readings rebuilt by gw::HistoryReadings),
// within --from/--to (ISO 8601, "2026-11-24 09:00" in --tz, or milliseconds),
// optionally only some servers (--server). One parser of these options and one
// reader, so both commands take the same words.

#include "model/snapshot.h"
#include "model/trace.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <memory>
#include <optional>

namespace gw {

class HistoryReadings;

namespace cli {

struct ReadingsOptions
{
    QString tracePath;            // one of these two is set
    QString historyPath;          //
    std::optional<qint64> fromMs; // readings before are skipped
    std::optional<qint64> toMs;   // readings at or after are skipped; after fromMs
    QStringList servers;          // empty: every server
    QTimeZone timeZone;           // --tz, else the caller's default
    bool timeZoneGiven = false;   // --tz was given
};

// --trace | --history, --from, --to, --tz, --server of `command` ("replay"):
// nothing, and `error` in words (exit 2), when they are wrong. `zone` reads
// --from/--to when --tz is not given.
std::optional<ReadingsOptions> readingsOptions(const QCommandLineParser& parser,
                                               const QString& command, const QTimeZone& zone,
                                               QString* error);

// The readings the options name, in time order per server.
class ReadingsSource
{
public:
    // Nothing, with `error` in words (exit 1), when the file cannot be read.
    static std::unique_ptr<ReadingsSource> open(const ReadingsOptions& options, QString* error);
    ~ReadingsSource();
    ReadingsSource(const ReadingsSource&) = delete;
    ReadingsSource& operator=(const ReadingsSource&) = delete;

    // The next reading; nothing at the end or on an error (then `error` says
    // it, with the line of a trace).
    std::optional<Snapshot> next(QString* error);
    quint64 skipped() const { return m_skipped; } // trace readings outside the range

private:
    ReadingsSource() = default;
    ReadingsOptions m_options;
    TraceReader m_trace;
    std::unique_ptr<HistoryReadings> m_history;
    quint64 m_skipped = 0;
};

} // namespace cli
} // namespace gw
