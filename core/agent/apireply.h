#pragma once

// The pieces every agent route's reply is made of: compact JSON with
// "Cache-Control: no-store", the JSON error document, and the cursor
// protocol's query and envelope (/v1/samples, /v1/events, /v1/usage,
// /v1/audit) written once.

#include <QByteArray>
#include <QByteArrayList>
#include <QHttpServerResponse>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QString>

class QHttpServerRequest;

namespace gw {

// The default and largest page of a cursor route.
inline constexpr int kDefaultSamplesLimit = 100;
inline constexpr int kMaxSamplesLimit = 1000;

// Compact JSON, not cached.
QHttpServerResponse
jsonReply(const QJsonObject& o,
          QHttpServerResponse::StatusCode status = QHttpServerResponse::StatusCode::Ok);
// Already serialized JSON, not cached.
QHttpServerResponse jsonBytesReply(const QByteArray& json);

// {"error": {"code": ..., "message": ...}} with the given HTTP status.
QHttpServerResponse jsonError(int status, const QString& code, const QString& message);

// A request header by name, any case; empty when absent.
QByteArray requestHeader(const QHttpServerRequest& request, const QByteArray& name);

// Whether the request's Accept asks for CBOR ("application/cbor", q above
// 0) before JSON: the readings' routes then answer in CBOR
// (model/snapshotcbor.h); JSON otherwise, the default.
bool acceptsCbor(const QHttpServerRequest& request);

// after= and limit= of a cursor route; the error in words when either is bad.
struct CursorQuery
{
    quint64 after = 0;
    int limit = 0;
    QString error;
};
CursorQuery cursorQuery(const QHttpServerRequest& request);

// Who answers a cursor page: the agent's instance and stream, and its clock.
struct CursorEnvelope
{
    QString instance;
    QString stream;
    qint64 nowMs = 0;
};

// One page of a cursor route: the records in `out` (serialized, spliced in
// as they are) after the envelope. Numbers after `after` that are no longer
// held (the ring or the journal's retention overtook them, or a crash lost
// them), before or inside this page, or after it when the page is not full,
// make it truncated: the caller learns of the hole instead of silently
// missing it. With nothing held up to the newest number, the cursor moves
// past the hole.
QByteArray cursorPage(const CursorEnvelope& envelope, const char* key, const QByteArrayList& out,
                      quint64 after, quint64 last, bool hole, int limit, quint64 lastSequence);
// What cursorPage says of such a page: its `next` and whether it is
// truncated (for a page written in another form, agent/samplescbor.h).
quint64 cursorPageNext(qsizetype count, quint64 after, quint64 last, bool hole, int limit,
                       quint64 lastSequence, bool* truncated);

// The page of a cursor route whose records are numbered up to
// `nextSequence - 1` and held in a ring in memory (`ring`: oldest first,
// each with its `sequence`), the older ones in the journal: the records after
// `query.after` older than the ring as `readJournal(after, ringOldest, limit,
// &why)` gives them (a list of {sequence, json}, oldest first; `why`, when
// set, is logged under `log` and, with `journalError`, stops the page: an
// empty answer and the reason there), then the ring's as `jsonOf(record)` writes them
// (/v1/samples, /v1/events). `page`, where given, writes the page in
// place of cursorPage (its arguments).
template <typename Ring, typename ReadJournal, typename JsonOf,
          typename Page = decltype(&cursorPage)>
QByteArray ringCursorPage(const CursorEnvelope& envelope, const char* key, const CursorQuery& query,
                          quint64 nextSequence, const Ring& ring, ReadJournal&& readJournal,
                          JsonOf&& jsonOf, const QLoggingCategory& (*log)(),
                          QString* journalError = nullptr, Page page = &cursorPage)
{
    QByteArrayList out;
    quint64 last = query.after;
    bool hole = false;
    auto take = [&](quint64 sequence, QByteArray json) {
        hole = hole || sequence != last + 1;
        last = sequence;
        out.append(std::move(json));
    };
    const quint64 ringOldest = ring.empty() ? nextSequence : ring.front().sequence;
    if (query.after + 1 < ringOldest) {
        QString why;
        for (auto& e : readJournal(query.after, ringOldest, query.limit, &why))
            take(e.sequence, std::move(e.json));
        if (!why.isEmpty()) {
            qCWarning(log).noquote() << "journal:" << why;
            // With journalError the caller answers "ask again" rather than
            // a page that would wrongly say the older records are gone.
            if (journalError) {
                *journalError = why;
                return {};
            }
        }
    }
    for (const auto& record : ring) {
        if (out.size() >= query.limit)
            break;
        if (record.sequence > last)
            take(record.sequence, jsonOf(record));
    }
    return page(envelope, key, out, query.after, last, hole, query.limit, nextSequence - 1);
}

} // namespace gw
