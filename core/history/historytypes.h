#pragma once

// What the history store keeps and answers. Plain values, shared by the
// store (worker threads) and the charts (GUI thread).

#include "model/metrics.h"

#include <QList>
#include <QMetaType>
#include <QString>

#include <limits>
#include <optional>

namespace gw {

// One series: a metric of a target on a server. Targets: a GPU UUID, "host",
// or "proc:<process fact id>" for a GPU process. The metric ids and what
// they mean are the table in model/metrics.h.
struct SeriesKey
{
    QString server;
    QString target;
    MetricId metric = MetricId::GpuUtilization;

    bool operator==(const SeriesKey&) const = default;
};

inline size_t qHash(const SeriesKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.server, k.target, quint8(k.metric));
}

// One bucket of a reduced series. count == 0: no sample in the bucket (a gap);
// min/max/mean are then NaN. Peaks survive reduction through min and max.
struct HistoryBucket
{
    qint64 startMs = 0;
    qint64 endMs = 0; // exclusive
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
    double mean = std::numeric_limits<double>::quiet_NaN();
    qint64 count = 0;

    bool operator==(const HistoryBucket&) const = default;
};

enum class HistoryLevel : quint8
{
    Raw,
    Minute,
    Hour
};

struct HistoryResult
{
    SeriesKey key;
    qint64 fromMs = 0;
    qint64 toMs = 0;
    HistoryLevel level = HistoryLevel::Raw;
    QList<HistoryBucket> buckets; // in time order, at most 2 × the points asked for
    QString error;                // set when the query failed
};

// Who used which GPU, when and how much: the facts hog detection, token
// accounting and reports are computed from.
struct ProcessFact
{
    qint64 id = 0; // store-assigned; series target "proc:<id>"
    QString server;
    QString gpuUuid;
    QString gpuModel;
    qint64 pid = 0;
    qint64 startTimeMs = 0; // 0: unknown (ghost)
    std::optional<uint> uid;
    QString user;
    QString command;
    bool ghost = false;
    qint64 firstSeenMs = 0;
    qint64 lastSeenMs = 0;
    std::optional<double> maxMemoryMiB; // absent: the driver never reported it

    bool operator==(const ProcessFact&) const = default;
};

struct RetentionPolicy
{
    qint64 rawMs = 7LL * 24 * 3600 * 1000;
    qint64 minuteMs = 90LL * 24 * 3600 * 1000;
    qint64 hourMs = 2LL * 365 * 24 * 3600 * 1000;
};

} // namespace gw

Q_DECLARE_METATYPE(gw::SeriesKey)
Q_DECLARE_METATYPE(gw::HistoryResult)
