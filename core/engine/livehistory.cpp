#include "engine/livehistory.h"

#include <QMetaObject>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gw {

namespace {
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
float f(const std::optional<double>& v)
{
    return v ? float(*v) : kNaN;
}
} // namespace

LiveHistory::LiveHistory(qint64 retentionMs)
    : m_retentionMs(retentionMs)
{}

void LiveHistory::append(const Snapshot& s)
{
    const qint64 interval =
        s.intervalMs && *s.intervalMs > 0
            ? std::min<qint64>(*s.intervalMs, std::numeric_limits<qint32>::max())
            : kDefaultSamplingIntervalMs;
    for (const auto& g : s.gpus) {
        auto& d = m_series[key(s.server, g.uuid)];
        // The clock-event reasons NVML names fit in its low 31 bits.
        const std::optional<quint64> reasons =
            g.error.isEmpty() && g.healthFacts ? g.healthFacts->clockEventReasons : std::nullopt;
        Point p{s.timestampMs,
                qint32(interval),
                {},
                reasons ? qint32(*reasons & 0x7fff'ffffU) : qint32(-1)};
        std::size_t slot = 0;
        for (const MetricDef& def : metricTable()) {
            if (def.target == MetricTarget::Gpu)
                p.v[slot++] = g.error.isEmpty() ? f(metricValue(def, g)) : kNaN;
        }
        if (!d.empty() && d.back().t >= p.t) {
            // Out of order (a backfill overlapping live data): keep time order.
            auto it = std::lower_bound(d.begin(), d.end(), p.t,
                                       [](const Point& a, qint64 t) { return a.t < t; });
            if (it != d.end() && it->t == p.t)
                *it = p;
            else
                d.insert(it, p);
        } else {
            d.push_back(p);
        }
        const qint64 oldest = d.back().t - m_retentionMs;
        while (!d.empty() && d.front().t < oldest)
            d.pop_front();
        qint64& newest = m_newest[s.server];
        newest = std::max(newest, d.back().t);
    }
}

HistoryResult LiveHistory::query(const SeriesKey& k, qint64 fromMs, qint64 toMs, int points) const
{
    HistoryResult r;
    r.key = k;
    r.fromMs = fromMs;
    r.toMs = toMs;
    r.level = HistoryLevel::Raw;
    if (points <= 0 || toMs <= fromMs) {
        r.error = QStringLiteral("invalid history query: empty range or no points");
        return r;
    }
    const std::optional<std::size_t> slot = gpuMetricSlot(k.metric);
    const qint64 span = toMs - fromMs;
    const qint64 width = std::max<qint64>(1, (span + points - 1) / points);
    const qint64 n = (span + width - 1) / width;
    struct Acc
    {
        double min = std::numeric_limits<double>::infinity();
        double max = -std::numeric_limits<double>::infinity();
        double sum = 0;
        qint64 count = 0;
        bool gapBefore = false;
    };
    std::vector<Acc> acc(static_cast<size_t>(n));
    const auto it = m_series.constFind(key(k.server, k.target));
    qint64 longest = 0;
    if (it != m_series.cend() && slot) {
        const auto& d = *it;
        auto first = std::lower_bound(d.begin(), d.end(), fromMs,
                                      [](const Point& a, qint64 t) { return a.t < t; });
        // The last present reading before the range decides whether it opens
        // in a gap.
        qint64 prevMs = std::numeric_limits<qint64>::min();
        qint64 prevInterval = 0;
        for (auto p = first; p != d.begin();) {
            --p;
            if (!std::isnan(p->v[*slot])) {
                prevMs = p->t;
                prevInterval = p->intervalMs;
                break;
            }
        }
        for (auto p = first; p != d.end() && p->t < toMs; ++p) {
            const float v = p->v[*slot];
            if (std::isnan(v))
                continue; // an absent value is no reading
            Acc& a = acc[size_t((p->t - fromMs) / width)];
            if (prevMs != std::numeric_limits<qint64>::min() &&
                isRecordGap(p->t - prevMs, std::max<qint64>(p->intervalMs, prevInterval)))
                a.gapBefore = true;
            prevMs = p->t;
            prevInterval = p->intervalMs;
            longest = std::max<qint64>(longest, p->intervalMs);
            a.min = std::min(a.min, double(v));
            a.max = std::max(a.max, double(v));
            a.sum += v;
            ++a.count;
        }
    }
    r.intervalMs = longest > 0 ? longest : kDefaultSamplingIntervalMs;
    r.buckets.reserve(n);
    for (qint64 i = 0; i < n; ++i) {
        HistoryBucket b;
        b.startMs = fromMs + i * width;
        b.endMs = std::min(toMs, b.startMs + width);
        const Acc& a = acc[size_t(i)];
        if (a.count > 0) {
            b.min = a.min;
            b.max = a.max;
            b.mean = a.sum / double(a.count);
            b.count = a.count;
            b.gapBefore = a.gapBefore;
        }
        r.buckets.append(b);
    }
    return r;
}

QList<LiveHistory::Reading> LiveHistory::readings(const QString& server, const QString& gpuUuid,
                                                  MetricId metric) const
{
    QList<Reading> out;
    const std::optional<std::size_t> slot = gpuMetricSlot(metric);
    const auto it = m_series.constFind(key(server, gpuUuid));
    if (!slot || it == m_series.cend())
        return out;
    out.reserve(qsizetype(it->size()));
    for (const Point& p : *it)
        out.append(Reading{p.t, p.intervalMs, double(p.v[*slot])});
    return out;
}

LiveHistory::ClockEvents LiveHistory::clockEvents(const QString& server, const QString& gpuUuid,
                                                  qint64 fromMs, qint64 toMs, quint64 mask) const
{
    ClockEvents out;
    const auto it = m_series.constFind(key(server, gpuUuid));
    if (it == m_series.cend() || toMs <= fromMs)
        return out;
    const auto& d = *it;
    const auto said = [](const Point& a) {
        return a.clockEvents >= 0;
    };
    const auto joined = [](const Point& a, const Point& b) {
        return !isRecordGap(b.t - a.t, std::max(a.intervalMs, b.intervalMs));
    };
    // A reading reaches halfway to the next one at most, and a joined next
    // one is at most kGapIntervals intervals on: start at the first reading
    // that can reach into the range.
    auto first = std::lower_bound(d.begin(), d.end(), fromMs,
                                  [](const Point& a, qint64 t) { return a.t < t; });
    while (first != d.begin() &&
           std::prev(first)->t + kGapIntervals * std::prev(first)->intervalMs > fromMs)
        --first;
    // Readings that did not say their reasons are holes like a missing one.
    const Point* prev = nullptr;
    for (auto q = first; q != d.begin();)
        if (said(*--q)) {
            prev = &*q;
            break;
        }
    auto cur = std::find_if(first, d.end(), said);
    while (cur != d.end() && cur->t - cur->intervalMs < toMs) {
        const auto next = std::find_if(std::next(cur), d.end(), said);
        const qint64 begin =
            prev && joined(*prev, *cur) ? (prev->t + cur->t) / 2 : cur->t - cur->intervalMs / 2;
        const qint64 end = next != d.end() && joined(*cur, *next) ? (cur->t + next->t) / 2
                                                                  : cur->t + cur->intervalMs / 2;
        const qint64 a = std::max(begin, fromMs), b = std::min(end, toMs);
        if (a < b) {
            out.reported = true;
            const quint64 reasons = quint64(cur->clockEvents) & mask;
            const bool continues = !out.runs.isEmpty() && out.runs.last().reasons == reasons &&
                                   out.runs.last().toMs == a;
            if (reasons != 0 && continues)
                out.runs.last().toMs = b;
            else if (reasons != 0)
                out.runs.append({a, b, reasons});
        }
        prev = &*cur;
        cur = next;
    }
    return out;
}

qsizetype LiveHistory::pointCount(const QString& server, const QString& gpuUuid) const
{
    const auto it = m_series.constFind(key(server, gpuUuid));
    return it == m_series.cend() ? 0 : qsizetype(it->size());
}

LiveHistoryProvider::LiveHistoryProvider(const LiveHistory* history, QObject* parent)
    : HistoryProvider(parent)
    , m_history(history)
{}

quint64 LiveHistoryProvider::request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points)
{
    const quint64 id = ++m_nextId;
    // Reduced now (the data may change before the answer is delivered),
    // delivered once the caller has noted the id.
    QMetaObject::invokeMethod(
        this,
        [this, id, r = m_history->query(key, fromMs, toMs, points)] { Q_EMIT resultReady(id, r); },
        Qt::QueuedConnection);
    return id;
}

qint64 LiveHistoryProvider::newestMs(const QString& server) const
{
    return m_history->newestMs(server);
}

} // namespace gw
