#pragma once

// GPU servers as a Prometheus server sees them: DCGM exporter's
// DCGM_FI_DEV_* gauges and our agent's gpuwarden_* families, read back
// through the HTTP API. One instant query per poll gives one Snapshot per
// host; one range query fills the past. A series Prometheus does not have
// stays absent in the snapshot, never 0; any broken reply fails the whole
// call with a message (see docs/prometheus.md). Nothing blocks: each call
// sends its request and answers from the event loop, like AgentLink.

#include "sources/prometheusapi.h"
#include "sources/source.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QUrl>

#include <optional>

class QUrlQuery;

namespace gw {

class PrometheusProducer final : public AsyncProducer
{
    Q_OBJECT
public:
    // Prometheus refuses a query_range whose (end - start) / step exceeds this.
    static constexpr int kMaxPointsPerSeries = 11000;
    static constexpr qint64 kMinStepMs = 1000;
    static constexpr int kDefaultTimeoutMs = PrometheusApi::kDefaultTimeoutMs;
    static constexpr qint64 kMaxReplyBytes = PrometheusApi::kMaxReplyBytes;

    explicit PrometheusProducer(QUrl base, QByteArray bearerToken = {}, QString hostFilter = {},
                                QObject* parent = nullptr);
    // Aborts the requests in flight; their callbacks are not called.
    ~PrometheusProducer() override;

    // Each answers once, from this object's thread's event loop, after the
    // reply (or its failure or timeout); none blocks.
    void init(StatusCallback done) override;
    void produce(SnapshotsCallback done) override;
    void backfill(qint64 fromMs, qint64 toMs, SnapshotsCallback done) override;

    // Why the last answered call returned nothing (empty after a good call).
    QString lastError() const { return m_lastError; }
    QString problem() const override;

    void setTimeoutMs(int ms)
    {
        m_timeoutMs = ms;
        if (m_api)
            m_api->setTimeoutMs(ms);
    }
    void setMaxReplyBytes(qint64 bytes)
    {
        m_maxReplyBytes = bytes;
        if (m_api)
            m_api->setMaxReplyBytes(bytes);
    }

    // The step backfill() asks for: whole seconds, at least kMinStepMs, and
    // coarse enough that no series of [fromMs, toMs) has more points than
    // kMaxPointsPerSeries.
    static qint64 backfillStepMs(qint64 fromMs, qint64 toMs);

    // The "data" of a query (resultType "vector") or query_range ("matrix")
    // reply as snapshots, one per host and time; nullopt with `why` when it
    // has the wrong shape. (The parser behind produce() and backfill().)
    static std::optional<QList<Snapshot>> snapshotsFromData(const QJsonValue& data,
                                                            const QString& resultType,
                                                            const QString& hostFilter,
                                                            QString* why);

    // The PromQL selecting every series this producer reads (restricted to
    // one host when a host filter is set).
    QString selector() const;

private:
    PrometheusApi& api();
    void fetchSnapshots(const QString& path, const QUrlQuery& query, const QString& resultType,
                        SnapshotsCallback done);
    QString initLine(const QString& version, const QList<Snapshot>& now) const;

    QUrl m_base;
    QByteArray m_token;
    QString m_hostFilter;
    PrometheusApi* m_api = nullptr; // a child, made on the thread that polls
    int m_timeoutMs = kDefaultTimeoutMs;
    qint64 m_maxReplyBytes = kMaxReplyBytes;
    QString m_lastError;
};

} // namespace gw
