#pragma once

// The last hour per GPU, in memory, for live charts. Charts ask for a time
// range reduced to their pixel width, never for raw points. (The SQLite
// history store replaces this as the long-term record; the query shape stays.)

#include "model/metrics.h"
#include "model/snapshot.h"

#include <QHash>
#include <QPointF>

#include <array>
#include <deque>

namespace gw {

class LiveHistory
{
public:
    static constexpr qint64 kDefaultRetentionMs = 65 * 60 * 1000;

    explicit LiveHistory(qint64 retentionMs = kDefaultRetentionMs);

    // Adds one point per GPU of the snapshot; drops points older than the
    // retention, measured from the newest point of that GPU.
    void append(const Snapshot& s);

    // Points of one per-GPU metric (a MetricTarget::Gpu row) in [fromMs,
    // toMs], at most about `maxPoints`: consecutive points are averaged per
    // bucket when there are more. x is ms since the epoch, y in the metric's
    // unit (memory in MiB; the chart scales for display). A point with
    // y = NaN marks a gap: the value was absent, or no sample came for longer
    // than three sampling intervals. Absent values never count as 0.
    QList<QPointF> series(const QString& server, const QString& gpuUuid, MetricId metric,
                          qint64 fromMs, qint64 toMs, int maxPoints) const;

    qsizetype pointCount(const QString& server, const QString& gpuUuid) const;
    void clear() { m_series.clear(); }

private:
    struct Point
    {
        qint64 t;
        std::array<float, kGpuMetricCount> v; // by gpuMetricSlot(); NaN: absent
    };
    static QString key(const QString& server, const QString& uuid)
    {
        return server + QLatin1Char('\n') + uuid;
    }

    qint64 m_retentionMs;
    QHash<QString, std::deque<Point>> m_series;
};

} // namespace gw
