#include "agent/historyroute.h"

#include "agent/apiinteger.h"
#include "agent/apireply.h"
#include "history/historystore.h"
#include "history/historywire.h"
#include "model/snapshotcbor.h"

#include <QCoreApplication>
#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QUrlQuery>

namespace gw {

namespace {

Q_LOGGING_CATEGORY(lcHistoryRoute, "gw.agent.history")

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::HistoryRoute)
};

QHttpServerResponse badRequest(const QString& reason)
{
    return jsonError(400, QStringLiteral("bad_request"), reason);
}

// The one value of a text parameter; an error when it is given twice.
std::optional<QString> textParameter(const QUrlQuery& q, const QString& name, QString* error)
{
    const QStringList all = q.allQueryItemValues(name, QUrl::FullyDecoded);
    if (all.size() > 1) {
        *error = Tr::tr("\"%1\" is given more than once").arg(name);
        return std::nullopt;
    }
    if (all.isEmpty())
        return std::nullopt;
    return all.first();
}

} // namespace

// One request's question, checked, as values: what the worker answers.
struct HistoryRoute::Query
{
    QString path;
    RetentionPolicy retention;
    QList<SeriesKey> keys;
    QString server; // empty: the store's only one
    qint64 fromMs = 0;
    qint64 toMs = 0;
    qint64 wanted = 0;
    qint64 nowMs = 0;
    QByteArray accept; // the request's Accept header
    bool cbor = false; // it asks for CBOR
};

HistoryRoute::HistoryRoute(QString path, RetentionPolicy retention, std::function<qint64()> nowMs)
    : m_path(std::move(path))
    , m_retention(retention)
    , m_now(std::move(nowMs))
    , m_workers(QStringLiteral("gw-history-query"), kMaxQueries, kMaxQueriesWaiting,
                kBusyRetrySeconds,
                Tr::tr("%1 history queries are running and %2 waiting, the most this agent holds; "
                       "ask again in %n s",
                       nullptr, kBusyRetrySeconds)
                    .arg(kMaxQueries)
                    .arg(kMaxQueriesWaiting))
{}

HistoryRoute::~HistoryRoute() = default;

QHttpServerResponse HistoryRoute::notKept()
{
    return jsonError(404, QStringLiteral("no_history"),
                     Tr::tr("this agent keeps no history (agent.toml has no \"history\")"));
}

void HistoryRoute::addRoutes(RouteTable& table)
{
    table.addAnswering(QStringLiteral("/v1/history"), QHttpServerRequest::Method::Get, Scope::Read,
                       [this](const RouteRequest& r, QHttpServerResponder&& responder) {
                           const bool head = r.http.method() == QHttpServerRequest::Method::Head;
                           std::variant<QHttpServerResponse, Query> checked = check(r.http);
                           if (auto* refused = std::get_if<QHttpServerResponse>(&checked))
                               return sendResponse(head, *refused, std::move(responder));
                           // The store is read on a worker: a week of
                           // series takes long enough to hold every other
                           // request.
                           m_workers.run(head, std::move(responder),
                                         [query = std::get<Query>(std::move(checked))](
                                             const std::atomic<bool>& cancelled) {
                                             return answer(query, cancelled);
                                         });
                       });
}

std::variant<QHttpServerResponse, HistoryRoute::Query>
HistoryRoute::check(const QHttpServerRequest& request) const
{
    if (m_path.isEmpty())
        return notKept();
    const QUrlQuery q = request.query();
    QString error;
    // The longest range: what the longest-kept level (hour roll-ups) holds.
    const qint64 maxRangeMs =
        std::max({m_retention.rawMs, m_retention.minuteMs, m_retention.hourMs});
    const IntegerParameter from = integerParameter(q, QStringLiteral("from"), 0, kMaxSequence);
    const IntegerParameter to = integerParameter(q, QStringLiteral("to"), 0, kMaxSequence);
    const IntegerParameter points = integerParameter(q, QStringLiteral("points"), 1, kMaxPoints);
    const IntegerParameter step = integerParameter(q, QStringLiteral("step"), 1, maxRangeMs);
    for (const IntegerParameter* p : {&from, &to, &points, &step})
        if (!p->error.isEmpty())
            return badRequest(p->error);
    if (!from.value || !to.value)
        return badRequest(Tr::tr("\"from\" and \"to\" are required (ms since the epoch)"));
    if (*to.value <= *from.value)
        return badRequest(Tr::tr("\"to\" must be after \"from\""));
    const qint64 rangeMs = *to.value - *from.value;
    if (rangeMs > maxRangeMs)
        return badRequest(Tr::tr("the range is longer than the history keeps (%n day(s))", nullptr,
                                 int(maxRangeMs / (24 * 3'600'000LL))));
    if (points.value && step.value)
        return badRequest(Tr::tr("give \"points\" or \"step\", not both"));
    if (!points.value && !step.value)
        return badRequest(Tr::tr("\"points\" or \"step\" is required"));
    const qint64 wanted = points.value ? *points.value : (rangeMs + *step.value - 1) / *step.value;
    if (wanted > kMaxPoints)
        return badRequest(
            Tr::tr("\"step\" gives %1 buckets; at most %2 are served").arg(wanted).arg(kMaxPoints));

    const std::optional<QString> seriesText = textParameter(q, QStringLiteral("series"), &error);
    if (!error.isEmpty())
        return badRequest(error);
    if (!seriesText || seriesText->isEmpty())
        return badRequest(
            Tr::tr("\"series\" is required (<target>/<metric number>, comma-separated)"));
    const QStringList names = seriesText->split(QLatin1Char(','));
    if (names.size() > kMaxSeries)
        return badRequest(
            Tr::tr("%1 series asked for; at most %2 are served").arg(names.size()).arg(kMaxSeries));
    QList<SeriesKey> keys;
    for (const QString& name : names) {
        const std::optional<SeriesKey> key = historySeriesFromName(name, &error);
        if (!key)
            return badRequest(QStringLiteral("series: ") + error);
        keys.append(*key);
    }
    const std::optional<QString> serverParam = textParameter(q, QStringLiteral("server"), &error);
    if (!error.isEmpty())
        return badRequest(error);

    Query query;
    query.path = m_path;
    query.retention = m_retention;
    query.keys = keys;
    query.server = serverParam.value_or(QString());
    query.fromMs = *from.value;
    query.toMs = *to.value;
    query.wanted = wanted;
    query.nowMs = m_now();
    query.accept = request.value(QByteArrayLiteral("Accept"));
    query.cbor = acceptsCbor(request);
    return query;
}

// On the worker's thread: a connection of its own to the store, for this
// query (a QSqlDatabase belongs to the thread that opened it).
QHttpServerResponse HistoryRoute::answer(const Query& query, const std::atomic<bool>& cancelled)
{
    QString error;
    const std::unique_ptr<HistoryStore> store =
        HistoryStore::open(query.path, HistoryStore::Mode::ReadOnly, &error, query.retention);
    if (!store) {
        qCWarning(lcHistoryRoute) << "history:" << error;
        return jsonError(503, QStringLiteral("history_unavailable"), error);
    }
    const qint64 rangeMs = query.toMs - query.fromMs;
    const qint64 wanted = query.wanted;
    QString server;
    if (!query.server.isEmpty()) {
        server = query.server;
    } else {
        // An agent records one server; name it when the store holds another.
        const QStringList servers = store->servers();
        if (servers.size() != 1)
            return badRequest(servers.isEmpty()
                                  ? Tr::tr("the history holds no server yet; give \"server\"")
                                  : Tr::tr("\"server\" is required: the history holds %1")
                                        .arg(servers.join(u", ")));
        server = servers.first();
    }

    HistoryReply reply;
    reply.nowMs = query.nowMs;
    reply.server = server;
    reply.fromMs = query.fromMs;
    reply.toMs = query.toMs;
    reply.stepMs = std::max<qint64>(1, (rangeMs + wanted - 1) / wanted);
    bool stepFromStore = false;
    for (SeriesKey key : std::as_const(query.keys)) {
        if (cancelled) // the caller hung up: nobody reads the answer
            return jsonError(503, QStringLiteral("cancelled"), QString());
        key.server = server;
        HistoryWireSeries s;
        s.key = key;
        if (store->hasSeries(key)) {
            const HistoryResult r = store->query(key, reply.fromMs, reply.toMs, int(wanted));
            if (!r.error.isEmpty()) {
                qCWarning(lcHistoryRoute) << "history:" << r.error;
                return jsonError(503, QStringLiteral("history_unavailable"), r.error);
            }
            // Every series of one request is reduced at the same level, so
            // their buckets share the width.
            if (!stepFromStore && !r.buckets.isEmpty()) {
                reply.stepMs = r.buckets.first().endMs - r.buckets.first().startMs;
                stepFromStore = true;
            }
            s.gaps = historyGaps(r.buckets);
            for (const HistoryBucket& b : r.buckets)
                if (b.count > 0)
                    s.buckets.append(b);
        }
        reply.series.append(std::move(s));
    }
    QHttpServerResponse out =
        query.cbor ? QHttpServerResponse(QByteArray(kCborMediaType), historyReplyCbor(reply))
                   : QHttpServerResponse(
                         QByteArrayLiteral("application/json"),
                         QJsonDocument(historyReplyJson(reply)).toJson(QJsonDocument::Compact));
    out.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    out.addHeader(QByteArrayLiteral("Vary"), QByteArrayLiteral("Accept"));
    return out;
}

} // namespace gw
