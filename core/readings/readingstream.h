#pragma once

// The one reading stream: every command and window that reads recorded
// readings (`gpuwarden-cli replay`, `tokens`, `report`, the agent's daily
// report, the desktop's report dialog) opens one from specs
// (readingspec.h) and reads it with next(). See docs/traces.md, "Reading
// streams".
//
//   * Merged: the sources of several specs are read together, the earliest
//     head next (equal times by server name, then by spec), so a stream of
//     sources each in time order is in time order. Each source keeps its own
//     order (a trace in the order of its lines, which is time order per
//     server).
//   * Within each spec's range and servers: what a source does not leave out
//     itself is skipped here, and counted (skipped()).
//   * The time rule's input: a server whose readings carry no sampling
//     interval has it inferred from their spacing and set on them
//     (intervalinference.h); notes() says so once per server, with the value.
//   * Gaps: what it handed on is measured with the time rule
//     (policy/policyengine.h, isReadingGap), so gapWarnings() can say when
//     most of a range is gaps.
//
// Not thread-safe: open and read it on one thread (the agents' source runs
// local event loops on it).

#include "readings/intervalinference.h"
#include "readings/readingspec.h"

#include <QHash>
#include <QList>
#include <QStringList>
#include <QTimeZone>

#include <memory>
#include <optional>
#include <vector>

namespace gw {

class ReadingStream
{
public:
    // Opens every spec's source; nothing (with `error` in words) when one
    // cannot be opened.
    static std::unique_ptr<ReadingStream> open(const QList<ReadingSpec>& specs, QString* error);
    static std::unique_ptr<ReadingStream> open(const ReadingSpec& spec, QString* error);
    ~ReadingStream();
    ReadingStream(const ReadingStream&) = delete;
    ReadingStream& operator=(const ReadingStream&) = delete;

    // The next reading; nothing at the end, or on an error (then `error`
    // says it, with the line of a trace; every later call ends the same).
    std::optional<Snapshot> next(QString* error);

    quint64 readCount() const { return m_handed; } // handed on so far
    quint64 skipped() const;                       // outside the range or servers asked for
    QStringList servers() const;                   // the servers handed on, by name

    // Said once per server whose interval was inferred (or could not be),
    // in the order found: for stderr, or a report's warnings.
    const QStringList& notes() const { return m_inference.notes(); }
    std::optional<qint64> inferredIntervalMs(const QString& server) const
    {
        return m_inference.inferredMs(server);
    }
    // One line per server whose time from its first reading to the end of
    // its last, within [fromMs, toMs), is more than half gaps (silences of
    // more than 3 intervals), with the share; empty when none. Times in
    // `zone`.
    QStringList gapWarnings(qint64 fromMs, qint64 toMs, const QTimeZone& zone) const;
    // The same over what was read (each server from its first reading to
    // the end of its last).
    QStringList gapWarnings(const QTimeZone& zone) const;

private:
    struct Input
    {
        ReadingSpec spec;
        std::unique_ptr<ReadingSource> source;
        std::optional<Snapshot> head;
        bool ended = false;
        quint64 skipped = 0;
    };
    struct Gaps
    {
        qint64 firstMs = 0;
        qint64 lastMs = 0;
        std::optional<qint64> intervalMs; // of the last reading
        QList<std::pair<qint64, qint64>> gaps;
    };
    ReadingStream() = default;
    bool fill(Input& in, QString* error); // in.head from its source, in range
    std::optional<Snapshot> merged(QString* error);
    void measure(const Snapshot& r);

    std::vector<Input> m_inputs;
    IntervalInference m_inference;
    QHash<QString, Gaps> m_gaps;
    quint64 m_handed = 0;
    bool m_ended = false;
    QString m_error;
};

} // namespace gw
