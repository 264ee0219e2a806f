#pragma once

// The agent's numbered readings: a memory ring of the newest (agent.toml
// ring_size) and, with a journal, every reading on disk under the same
// numbers. Serves GET /v1/snapshot, /v1/processes and /v1/samples?after=N
// (older cursors from the journal, then the ring: one cursor for live data
// and backfill), and the readings of a time range for /v1/replay.
// On the agent's HTTP thread.

#include "agent/apireply.h"
#include "agent/routetable.h"
#include "model/snapshot.h"

#include <deque>
#include <functional>
#include <optional>

namespace gw {

class JournalWriter;

class SampleLog final : public RouteDesk
{
public:
    // /v1/samples replies at least this large are deflated for clients that
    // accept it.
    static constexpr qsizetype kDeflateFromBytes = 2048;
    // The newest readings are kept serialized as well (as /v1/samples and
    // /v1/snapshot serve them), written once when they arrive rather than
    // for every client that asks: live followers ask for the newest few.
    // Older ones are serialized again when asked for (a backfill).
    static constexpr qsizetype kSerializedKept = 64;

    // `ringSize`: readings kept in memory; `envelope`: the cursor pages'
    // instance, stream and clock.
    SampleLog(qsizetype ringSize, std::function<CursorEnvelope()> envelope);

    // Not owned; null: memory only. Numbering continues after `next - 1`.
    void setJournal(JournalWriter* journal, quint64 next);
    // Numbers and keeps `snapshot` (and queues it for the journal); the
    // stored reading. When the journal has no reservation for its number
    // the reading is not numbered: it is the newest (latest(),
    // /v1/snapshot without "sequence") but never enters the ring, the
    // journal or /v1/samples, so no number is ever given twice.
    const Snapshot& publish(const Snapshot& snapshot);

    // The newest reading, numbered or not.
    const Snapshot* latest() const;
    quint64 lastSequence() const { return m_nextSequence - 1; }
    // Counts publish() calls: what is derived from latest() and cached
    // (/metrics' readings part) is stale when this has moved.
    quint64 published() const { return m_published; }

    // The readings with from <= time < to, oldest first: from the journal
    // when there is one, else from the ring. Null with an error in words
    // when the journal cannot be read. A journal's reader touches nothing
    // of this object and reads on the journal's thread: it may be called on
    // another thread while the journal is attached. The ring's walks the
    // ring: on this thread only.
    using Reader = std::function<std::optional<Snapshot>(QString*)>;
    Reader readRange(qint64 fromMs, qint64 toMs) const;
    bool journaled() const { return m_journal != nullptr; }

    void addRoutes(RouteTable& table) override;

private:
    QHttpServerResponse snapshot() const;
    QHttpServerResponse processes() const;
    QHttpServerResponse samples(const QHttpServerRequest& request) const;

    struct Numbered
    {
        quint64 sequence;
        Snapshot snapshot;
        // As /v1/samples serves it (sampleJson()); empty for all but the
        // newest kSerializedKept.
        QByteArray json;
    };
    qsizetype m_ringSize;
    std::function<CursorEnvelope()> m_envelope;
    std::deque<Numbered> m_ring;
    // The newest reading when it could not be numbered.
    std::optional<Snapshot> m_unnumbered;
    // /v1/snapshot's body for m_unnumbered, written at the first request.
    mutable QByteArray m_unnumberedJson;
    quint64 m_published = 0;
    quint64 m_nextSequence = 1;
    JournalWriter* m_journal = nullptr;
};

} // namespace gw
