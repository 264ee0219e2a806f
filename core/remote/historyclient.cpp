#include "remote/historyclient.h"

#include "model/snapshotcbor.h"

#include <QDateTime>
#include <QMap>
#include <QUrlQuery>

namespace gw {

void fetchHistory(QNetworkAccessManager* nam, QObject* context, const RemoteServer& server,
                  const QList<SeriesKey>& keys, qint64 fromMs, qint64 toMs, qint64 stepMs,
                  int timeoutMs, std::function<void(const HistoryFetch&)> done)
{
    QStringList names;
    for (const SeriesKey& k : keys)
        names << historySeriesName(k);
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("series"), names.join(QLatin1Char(',')));
    q.addQueryItem(QStringLiteral("from"), QString::number(fromMs));
    q.addQueryItem(QStringLiteral("to"), QString::number(toMs));
    q.addQueryItem(QStringLiteral("step"), QString::number(stepMs));
    AgentRequest request{
        "GET",        QStringLiteral("/v1/history?") + q.toString(QUrl::FullyEncoded),
        QByteArray(), "application/json",
        timeoutMs,    kMaxHistoryReplyBytes};
    // CBOR where the agent offers it (docs/agent-api.md, "CBOR history");
    // an older agent answers JSON, read as before.
    request.accept = QByteArray(kCborMediaType) + ", application/json;q=0.5";
    callAgent(nam, context, server, request, [done = std::move(done)](const AgentCall& call) {
        HistoryFetch out;
        out.call = call;
        out.receivedMs = QDateTime::currentMSecsSinceEpoch();
        if (call.json || call.cbor) {
            QString why;
            out.reply = call.cbor ? parseHistoryReplyCbor(call.body, &why)
                                  : parseHistoryReply(*call.json, &why);
            if (!out.reply) {
                out.call.failure = AgentFailure::Protocol;
                out.call.error = QStringLiteral("/v1/history: ") + why;
            }
        }
        done(out);
    });
}

QList<Snapshot> historyReadings(const HistoryReply& reply, const QString& serverName,
                                qint64 shiftMs)
{
    // By time, the readings being built; GPUs in the order the reply names
    // them, so their index is stable across the backfill.
    QMap<qint64, Snapshot> byTime;
    QStringList gpuOrder;
    for (const HistoryWireSeries& s : reply.series) {
        const MetricDef* def = findMetric(s.key.metric);
        if (!def || def->target == MetricTarget::Process)
            continue;
        const bool gpu = def->target == MetricTarget::Gpu;
        if (gpu && !gpuOrder.contains(s.key.target))
            gpuOrder << s.key.target;
        for (const HistoryBucket& b : s.buckets) {
            Snapshot& snap = byTime[b.startMs];
            if (snap.server.isEmpty()) {
                snap.server = serverName;
                snap.timestampMs = b.startMs + shiftMs;
                snap.backend = QStringLiteral("history");
                snap.intervalMs = reply.stepMs;
            }
            if (!gpu) {
                if (def->writeHost)
                    def->writeHost(snap.host, b.mean);
                continue;
            }
            GpuSample* g = nullptr;
            for (GpuSample& x : snap.gpus)
                if (x.uuid == s.key.target)
                    g = &x;
            if (!g) {
                GpuSample fresh;
                fresh.uuid = s.key.target;
                fresh.index = int(gpuOrder.indexOf(s.key.target));
                snap.gpus.append(fresh);
                g = &snap.gpus.last();
            }
            if (def->gpuField)
                (*g).*(def->gpuField) = b.mean;
        }
    }
    return byTime.values();
}

} // namespace gw
