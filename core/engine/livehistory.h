#pragma once

// The last hour per GPU, in memory: one more history provider, so the Live
// tab's charts are the same painted charts as the History tab's and work
// whether or not a history file is kept. Queries answer like the SQLite
// store's: a range reduced to about as many buckets as the chart has pixels
// (min, max, mean, count per bucket), gaps decided from the record (no
// reading for longer than kGapIntervals × the series' sampling interval),
// never from the bucket width.

#include "history/historyprovider.h"
#include "history/historytypes.h"
#include "model/metrics.h"
#include "model/snapshot.h"

#include <QHash>

#include <array>
#include <deque>

namespace gw {

class LiveHistory
{
public:
    static constexpr qint64 kDefaultRetentionMs = 65 * 60 * 1000;

    explicit LiveHistory(qint64 retentionMs = kDefaultRetentionMs);

    // Adds one point per GPU of the snapshot, with the snapshot's sampling
    // interval (kDefaultSamplingIntervalMs when it has none); drops points
    // older than the retention, measured from the newest point of that GPU.
    void append(const Snapshot& s);

    // One per-GPU metric (a MetricTarget::Gpu row) of key.target (a GPU UUID)
    // in [fromMs, toMs) reduced to buckets of equal width, about `points` of
    // them, exactly as HistoryStore::query() answers. Absent values are no
    // reading: never 0.
    HistoryResult query(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points) const;

    // The readings of one per-GPU metric as recorded, oldest first: time,
    // value (NaN: absent) and the sampling interval they were taken at. For
    // questions about exact times ("since when idle"), where buckets would
    // round.
    struct Reading
    {
        qint64 t;
        qint64 intervalMs;
        double value;
    };
    QList<Reading> readings(const QString& server, const QString& gpuUuid, MetricId metric) const;

    // The GPU's clock-event reasons (GpuHealthFacts::clockEventReasons) in
    // [fromMs, toMs), only the bits of `mask`: runs of readings with the
    // same reasons, a run of none left out. A reading is an instant; it
    // stands for the time halfway to its neighbours, or half an interval
    // where the record has a gap (isRecordGap) or ends; runs are clipped to
    // the range. `reported`: a reading in the range said its reasons at all
    // (the driver may not), so "none" is never said for "unknown".
    struct ClockEventRun
    {
        qint64 fromMs;
        qint64 toMs;
        quint64 reasons;
    };
    struct ClockEvents
    {
        bool reported = false;
        QList<ClockEventRun> runs;
    };
    ClockEvents clockEvents(const QString& server, const QString& gpuUuid, qint64 fromMs,
                            qint64 toMs, quint64 mask) const;

    // Newest point of any GPU of the server; 0 when none.
    qint64 newestMs(const QString& server) const { return m_newest.value(server, 0); }
    qsizetype pointCount(const QString& server, const QString& gpuUuid) const;
    // Forgets the server's GPUs (it left the list, or another agent answers
    // at its URL now).
    void removeServer(const QString& server)
    {
        const QString prefix = key(server, QString());
        m_series.removeIf([&](const auto& it) { return it.key().startsWith(prefix); });
        m_newest.remove(server);
    }
    void clear()
    {
        m_series.clear();
        m_newest.clear();
    }

private:
    struct Point
    {
        qint64 t;
        qint32 intervalMs;
        std::array<float, kGpuMetricCount> v; // by gpuMetricSlot(); NaN: absent
        qint32 clockEvents;                   // NVML's low bits; -1: not said
    };
    static QString key(const QString& server, const QString& uuid)
    {
        return server + QLatin1Char('\n') + uuid;
    }

    qint64 m_retentionMs;
    QHash<QString, std::deque<Point>> m_series;
    QHash<QString, qint64> m_newest;
};

// A LiveHistory as a HistoryProvider for the painted charts. Answers on the
// next turn of the event loop (the provider contract: never inside
// request()); whoever appends to the history calls notifyAppended() so
// following charts ask again. The history must outlive the provider.
class LiveHistoryProvider final : public HistoryProvider
{
    Q_OBJECT
public:
    explicit LiveHistoryProvider(const LiveHistory* history, QObject* parent = nullptr);

    quint64 request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points) final;
    qint64 newestMs(const QString& server) const final;
    void notifyAppended(const QStringList& servers) { Q_EMIT dataAppended(servers); }

private:
    const LiveHistory* m_history;
    quint64 m_nextId = 0;
};

} // namespace gw
