#pragma once

// /v1/samples in CBOR (docs/agent-api.md, "CBOR samples"): the page of the
// cursor protocol that SampleLog answers with `Accept: application/cbor`,
// the same readings, numbers, `next` and `truncated` as its JSON page. The
// ring's readings are written from their snapshots; the journal's, kept as
// JSON, are read and written again (only an old cursor reaches them).

#include "agent/apireply.h"
#include "model/snapshotcbor.h"

#include <QByteArray>
#include <QByteArrayList>

namespace gw {

// Already written CBOR, not cached.
QHttpServerResponse cborBytesReply(const QByteArray& cbor);

// A reading the journal kept (its JSON line) as a CBOR reading map with
// its sequence; empty, with the reason logged, if it cannot be read (then
// the page leaves it out as a hole and says it is truncated).
QByteArray journalSampleCbor(const QByteArray& json, quint64 sequence);

// The CBOR page: ringCursorPage's arguments (agent/apireply.h) for the
// samples.
template <typename Ring, typename ReadJournal>
QByteArray samplesCborPage(const CursorEnvelope& envelope, const CursorQuery& query,
                           quint64 nextSequence, const Ring& ring, ReadJournal&& readJournal,
                           const QLoggingCategory& (*log)(), QString* journalError)
{
    auto readCbor = [&readJournal](quint64 after, quint64 before, int limit, QString* why) {
        auto entries = readJournal(after, before, limit, why);
        decltype(entries) out;
        out.reserve(entries.size());
        for (auto& e : entries) {
            e.json = journalSampleCbor(e.json, e.sequence);
            if (!e.json.isEmpty()) // else a hole: the page says it is truncated
                out.append(std::move(e));
        }
        return out;
    };
    auto page = [](const CursorEnvelope& e, const char*, const QByteArrayList& out, quint64 after,
                   quint64 last, bool hole, int limit, quint64 lastSequence) {
        bool truncated = false;
        const quint64 next =
            cursorPageNext(out.size(), after, last, hole, limit, lastSequence, &truncated);
        return samplesPageCbor(e.instance, e.stream, e.nowMs, next, lastSequence, truncated, out);
    };
    return ringCursorPage(
        envelope, "samples", query, nextSequence, ring, readCbor,
        [](const auto& n) { return toCbor(n.snapshot, n.sequence); }, log, journalError, page);
}

} // namespace gw
