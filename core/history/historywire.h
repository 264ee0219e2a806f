#pragma once

// GET /v1/history on the wire: the agent writes its history store's reduced
// series with historyReplyJson(), the desktop reads them back with
// parseHistoryReply() (strict: every key checked, the key named on error).
// docs/agent-api.md, "GET /v1/history".
//
// A series is named "<target>/<metric number>": the store's own target
// ("GPU-…", a MIG UUID, "host", "proc:<id>") and the metric's number from
// model/metrics.h, which never changes meaning (docs/history.md). The server
// travels beside it, once per reply.

#include "history/historytypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace gw {

// "<target>/<metric number>".
QString historySeriesName(const SeriesKey& key);
// The key of a name (server left empty); absent with `error` for anything
// that is not a target, a slash and the number of a known metric.
std::optional<SeriesKey> historySeriesFromName(const QString& name, QString* error);

struct HistoryWireSeries
{
    SeriesKey key;
    // Only the buckets with readings (count > 0), in time order; each is
    // step_ms wide (the last may be cut at to_ms). gapBefore set from `gaps`.
    QList<HistoryBucket> buckets;
    QList<std::pair<qint64, qint64>> gaps; // [from, to) with no reading
};

struct HistoryReply
{
    qint64 nowMs = 0;
    QString server;
    qint64 fromMs = 0;
    qint64 toMs = 0;
    qint64 stepMs = 0;
    QList<HistoryWireSeries> series;
};

// The reply's JSON. Series results come from HistoryStore::query(); empty
// buckets are left out (they say nothing), gaps are written as spans.
QJsonObject historyReplyJson(const HistoryReply& reply);

// The same reply in CBOR (RFC 8949), asked for with `Accept:
// application/cbor` (docs/agent-api.md, "CBOR history"): a map with small
// integer keys (HistoryCborKey), each series' buckets as arrays
// [start_ms, min, max, mean, count] and its gaps as [from_ms, to_ms].
enum HistoryCborKey : quint8
{
    HistoryNowMs = 0,
    HistoryServer = 1,
    HistoryFromMs = 2,
    HistoryToMs = 3,
    HistoryStepMs = 4,
    HistorySeries = 5,
    // in each series
    HistorySeriesKey = 0,
    HistoryBuckets = 1,
    HistoryGaps = 2,
};
QByteArray historyReplyCbor(const HistoryReply& reply);

// Reads a reply. Absent with `error` naming the key ("series[2].buckets[5].
// max: …") when anything is missing, of the wrong type, out of order, out of
// range or inconsistent (min > mean, a bucket outside the range).
std::optional<HistoryReply> parseHistoryReply(const QJsonObject& o, QString* error);
// The same from CBOR, as strict, every mistake named by its JSON path and
// the byte offset where it was found ("series[0].buckets[3][1] (byte 212):
// expected a number, got a text string"); data that ends early, or anything
// after the reply, is an error too.
std::optional<HistoryReply> parseHistoryReplyCbor(const QByteArray& cbor, QString* error);

} // namespace gw
