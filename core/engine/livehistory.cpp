#include "engine/livehistory.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
    for (const auto& g : s.gpus) {
        auto& d = m_series[key(s.server, g.uuid)];
        Point p{s.timestampMs, {}};
        std::size_t slot = 0;
        for (const MetricDef& def : metricTable()) {
            if (def.target == MetricTarget::Gpu)
                p.v[slot++] = f(metricValue(def, g));
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
    }
}

QList<QPointF> LiveHistory::series(const QString& server, const QString& gpuUuid, MetricId metric,
                                   qint64 fromMs, qint64 toMs, int maxPoints) const
{
    QList<QPointF> out;
    const auto it = m_series.constFind(key(server, gpuUuid));
    const std::optional<std::size_t> slot = gpuMetricSlot(metric);
    if (it == m_series.cend() || !slot || toMs <= fromMs || maxPoints < 2)
        return out;
    const auto& d = *it;
    auto first = std::lower_bound(d.begin(), d.end(), fromMs,
                                  [](const Point& a, qint64 t) { return a.t < t; });
    auto last =
        std::upper_bound(first, d.end(), toMs, [](qint64 t, const Point& a) { return t < a.t; });
    const qsizetype n = last - first;
    if (n == 0)
        return out;

    // Typical sampling interval: median of a few gaps, so one outage does not
    // count as the norm.
    std::vector<qint64> gaps;
    for (auto p = first; p + 1 < last && gaps.size() < 64; ++p)
        gaps.push_back((p + 1)->t - p->t);
    qint64 interval = 1000;
    if (!gaps.empty()) {
        std::nth_element(gaps.begin(), gaps.begin() + gaps.size() / 2, gaps.end());
        interval = std::max<qint64>(1, gaps[gaps.size() / 2]);
    }
    const double bucketMs = std::max(double(toMs - fromMs) / maxPoints, double(interval));
    const double gapMs = std::max(3.0 * interval, 2.0 * bucketMs);
    const double nan = std::numeric_limits<double>::quiet_NaN();

    out.reserve(std::min<qsizetype>(n, maxPoints) + 8);
    double lastT = -1;
    auto emit = [&](double t, double v) {
        if (lastT >= 0 && t - lastT > gapMs && !out.isEmpty() && !std::isnan(out.back().y()))
            out.append(QPointF((lastT + t) / 2, nan));
        out.append(QPointF(t, v));
        lastT = t;
    };

    // The point at exactly toMs would open a bucket past the width: fold it into the last.
    const qint64 lastBucket = maxPoints - 1;
    auto bucketOf = [&](qint64 t) {
        return std::min(lastBucket, qint64(double(t - fromMs) / bucketMs));
    };
    auto p = first;
    while (p != last) {
        const qint64 bucket = bucketOf(p->t);
        double sumT = 0, sumV = 0;
        int count = 0, present = 0;
        for (; p != last && bucketOf(p->t) == bucket; ++p) {
            sumT += double(p->t);
            ++count;
            const float v = p->v[*slot];
            if (!std::isnan(v)) {
                sumV += v;
                ++present;
            }
        }
        const double t = sumT / count;
        emit(t, present ? sumV / present : nan);
    }
    return out;
}

qsizetype LiveHistory::pointCount(const QString& server, const QString& gpuUuid) const
{
    const auto it = m_series.constFind(key(server, gpuUuid));
    return it == m_series.cend() ? 0 : qsizetype(it->size());
}

} // namespace gw
