#pragma once

// What the history store keeps and answers. Plain values, shared by the
// store (worker threads) and the charts (GUI thread).

#include "model/metrics.h"
#include "model/workload.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

#include <limits>
#include <optional>
#include <utility>

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

// Gaps come from the record, not from pixels: a series has a gap where it has
// no reading (or only absent values) for longer than kGapIntervals × its
// sampling interval, whatever the bucket width a chart asks for.
constexpr qint64 kGapIntervals = 3;
// The interval assumed for readings stored without one (history files of
// format 2, snapshots from agents that do not send interval_ms).
constexpr qint64 kDefaultSamplingIntervalMs = 1000;

// True when a hole of `holeMs` between two present readings is a gap for a
// series sampled every `intervalMs`.
constexpr bool isRecordGap(qint64 holeMs, qint64 intervalMs)
{
    return holeMs > kGapIntervals * (intervalMs > 0 ? intervalMs : kDefaultSamplingIntervalMs);
}

// One bucket of a reduced series. count == 0: no sample in the bucket; min/
// max/mean are then NaN. An empty bucket alone is not a gap (readings every
// 10 s leave most 1 s buckets empty); gapBefore is: the record has a gap that
// ends in this bucket, so a line must not be drawn into it from the previous
// non-empty bucket. Peaks survive reduction through min and max.
struct HistoryBucket
{
    qint64 startMs = 0;
    qint64 endMs = 0; // exclusive
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
    double mean = std::numeric_limits<double>::quiet_NaN();
    qint64 count = 0;
    bool gapBefore = false;

    // An empty bucket's NaNs are equal to each other: two answers with the
    // same empty buckets are the same answer.
    bool operator==(const HistoryBucket& o) const
    {
        const auto same = [](double a, double b) {
            return a == b || (a != a && b != b);
        };
        return startMs == o.startMs && endMs == o.endMs && same(min, o.min) && same(max, o.max) &&
               same(mean, o.mean) && count == o.count && gapBefore == o.gapBefore;
    }
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
    // The series' sampling interval in the range (the longest recorded there),
    // which decided the gaps; charts use it to pick lines or dense spans.
    qint64 intervalMs = kDefaultSamplingIntervalMs;
    QString error; // set when the query failed
};

// The gaps a result shows, as time spans [first, second): from the end of the
// last non-empty bucket before a gap to the start of the bucket it ends in.
// What charts leave blank; tests compare them across widths.
QList<std::pair<qint64, qint64>> historyGaps(const QList<HistoryBucket>& buckets);

// One MIG instance of a GPU as the store keeps it: the instance's memory is
// also a series (target: its MIG UUID, metric GpuMemoryUsed).
struct MigInstanceFact
{
    QString server;
    QString gpuUuid; // the parent GPU
    QString migUuid;
    QString profile;
    std::optional<double> memoryTotalMiB;
    qint64 firstSeenMs = 0;
    qint64 lastSeenMs = 0;

    bool operator==(const MigInstanceFact&) const = default;
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
    QString user; // the host user (of the uid); the person charged is ownerName()
    QString command;
    QString migUuid; // the MIG instance it runs on; empty: the whole GPU
    bool ghost = false;
    qint64 firstSeenMs = 0;
    qint64 lastSeenMs = 0;
    std::optional<double> maxMemoryMiB; // absent: the driver never reported it
    // Who owns it and what it runs in (docs/owners.md), as the latest
    // reading that said so: the runtimes answer a few readings after a
    // process appears, and rules change. Absent where no reading said
    // (files written before owners were kept, ghosts). Of the owner its
    // person, account, reason and whether it is the workload itself; of the
    // workload its kind, id, name, namespace and (Slurm) partition, not the
    // cgroup path, labels, image or Kubernetes container.
    std::optional<ProcessOwner> owner;
    std::optional<Workload> workload;

    bool operator==(const ProcessFact&) const = default;

    // The person charged and judged: the owner, else the host user (as
    // GpuProcess::ownerName()).
    const QString& ownerName() const { return owner ? owner->user : user; }
    // The owner's account; empty where none is known.
    QString account() const { return owner ? owner->account : QString(); }
};

// One stored point of a series, as recorded (no bucketing): its time, its
// value in the metric's unit at the metric's precision (absent: the reading
// had none, a gap in the value) and the sampling interval of its chunk.
struct RawSample
{
    qint64 ms = 0;
    std::optional<double> value;
    qint64 intervalMs = kDefaultSamplingIntervalMs;

    bool operator==(const RawSample&) const = default;
};

// One compressed chunk of a series as stored (historycodec.h), for readers
// that decode as they go and so hold compressed samples only
// (HistoryReadings). Samples: ChunkDecoder(data, startMs, count), values in
// quanta (÷ quantaPerUnit(key.metric)).
struct RawChunk
{
    SeriesKey key;
    qint64 seriesId = 0;
    qint64 startMs = 0; // the first sample's time
    qint64 endMs = 0;   // the last sample's time
    int count = 0;
    QByteArray data;
    qint64 intervalMs = kDefaultSamplingIntervalMs;
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
