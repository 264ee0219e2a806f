#pragma once

// Where a reading stream reads (readingstream.h): a trace file, a history
// store, the simulated demo fleet, or any source an opener makes (the
// agents' GET /v1/readings: remote/agentreadings.h, agentReadingsSpec(),
// so that only what links gw_remote reaches agents), within a range and
// for some servers.

#include "readings/readingsource.h"
#include "sources/demoworld.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace gw {

struct ReadingSpec
{
    enum class Kind
    {
        Trace,   // `path`: JSON Lines of snapshots (docs/traces.md)
        History, // `path`: a history store, readings rebuilt (history/historyreadings.h)
        Demo,    // DemoWorld of `demoServers`, one reading a second; needs fromMs
        Opener,  // `opener` makes the source
    };
    using Opener =
        std::function<std::unique_ptr<ReadingSource>(const ReadingSpec& spec, QString* error)>;

    Kind kind = Kind::Trace;
    QString path;
    int demoServers = DemoWorld::kDefaultServers;
    Opener opener;
    std::optional<qint64> fromMs; // readings before are skipped
    std::optional<qint64> toMs;   // readings at or after are skipped (demo: default now)
    QStringList servers;          // empty: every server

    static ReadingSpec trace(const QString& path);
    static ReadingSpec history(const QString& path);
    static ReadingSpec demo(int servers);
    static ReadingSpec fromOpener(Opener opener);
    // The same spec within [fromMs, toMs) for `servers`.
    ReadingSpec within(std::optional<qint64> from, std::optional<qint64> to,
                       const QStringList& only = {}) const;
};

// The source `spec` names, opened; nothing with `error` in words when it
// cannot be (a file that cannot be read, the demo without a start).
std::unique_ptr<ReadingSource> openReadingSource(const ReadingSpec& spec, QString* error);

} // namespace gw
