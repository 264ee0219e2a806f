#pragma once

// A HistoryProvider for chart tests, the chart bench and screenshots. Answers
// asynchronously (queued, like the real one's reader threads) with buckets
// reduced from the demo fleet's deterministic signal, with outages (gaps) at
// fixed times. Tests can hold answers back and release them in any order, and
// read which requests were made.
//
// Header-only and without Q_OBJECT, so the bench can include it as well.

#include "charts/historychartmodel.h"
#include "history/historyprovider.h"
#include "sources/demoworld.h"

#include <QHash>
#include <QMetaObject>
#include <QPair>

#include <algorithm>
#include <cmath>

namespace gw::test {

class FakeHistoryProvider final : public HistoryProvider
{
public:
    struct Request
    {
        quint64 id = 0;
        SeriesKey key;
        qint64 fromMs = 0;
        qint64 toMs = 0;
        int points = 0;
    };

    static constexpr qint64 kSampleMs = 1000; // the simulated sampling period

    explicit FakeHistoryProvider(qint64 nowMs, QObject* parent = nullptr)
        : HistoryProvider(parent)
        , m_now(nowMs)
    {}

    quint64 request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points) override
    {
        const Request r{++m_lastId, key, fromMs, toMs, points};
        m_requests.append(r);
        if (m_hold)
            m_held.append(r);
        else
            QMetaObject::invokeMethod(
                this, [this, r] { deliver(r); }, Qt::QueuedConnection);
        return r.id;
    }

    qint64 newestMs(const QString&) const override { return m_now; }

    // New samples up to nowMs for these servers.
    void advance(qint64 nowMs, const QStringList& servers)
    {
        m_now = nowMs;
        Q_EMIT dataAppended(servers);
    }

    void setHoldAnswers(bool hold) { m_hold = hold; }
    // Answers a held request now (synchronously), by id.
    void release(quint64 id)
    {
        for (qsizetype i = 0; i < m_held.size(); ++i) {
            if (m_held.at(i).id == id) {
                deliver(m_held.takeAt(i));
                return;
            }
        }
    }
    void releaseAll()
    {
        while (!m_held.isEmpty())
            deliver(m_held.takeFirst());
    }

    const QList<Request>& requests() const { return m_requests; }
    void clearRequests() { m_requests.clear(); }
    qsizetype heldCount() const { return m_held.size(); }

    // Outages: the built-in ones (every series drops out for 25 min every 8 h,
    // gpu-lab-02 for a 90 min nightly maintenance) and explicit ones.
    void setBuiltInGaps(bool on) { m_builtInGaps = on; }
    void addGap(const QString& target, qint64 fromMs, qint64 toMs)
    {
        m_gaps.append({target, fromMs, toMs});
    }
    void setError(const QString& error) { m_error = error; }
    // The contract allows up to 2 buckets per point; the bench asks for the worst case.
    void setBucketsPerPoint(int n) { m_bucketsPerPoint = std::clamp(n, 1, 2); }

    bool inGap(const SeriesKey& key, qint64 ms) const
    {
        for (const Gap& g : m_gaps) {
            if ((g.target.isEmpty() || g.target == key.target) && ms >= g.fromMs && ms < g.toMs)
                return true;
        }
        if (!m_builtInGaps)
            return false;
        constexpr qint64 hour = 3'600'000;
        const qint64 phase = qint64(qHash(key.target) % 8) * hour;
        if ((ms + phase) % (8 * hour) < 25 * 60'000)
            return true;
        return key.server == QLatin1String("gpu-lab-02") && (ms - 3 * hour) % (24 * hour) >= 0 &&
               (ms - 3 * hour) % (24 * hour) < 90 * 60'000;
    }

    // The value the demo fleet reports for a series at a moment (NaN: none).
    double valueAt(const SeriesKey& key, qint64 ms) const
    {
        const int server = int(DemoWorld::serverNames().indexOf(key.server));
        if (server < 0)
            return std::nan("");
        const GpuSample* g = nullptr;
        for (const GpuSample& each : gpusAt(server, ms)) {
            if (each.uuid == key.target)
                g = &each;
        }
        if (!g)
            return std::nan("");
        // Any per-GPU row of the metric table (others read absent).
        const MetricDef* d = findMetric(key.metric);
        const std::optional<double> v = d ? metricValue(*d, *g) : std::nullopt;
        return v ? *v : std::nan("");
    }

    // What the provider answers for a request; tests compare with it.
    HistoryResult compute(const Request& r) const
    {
        HistoryResult out;
        out.key = r.key;
        out.fromMs = r.fromMs;
        out.toMs = r.toMs;
        out.error = m_error;
        const qint64 span = r.toMs - r.fromMs;
        if (span <= 0 || r.points <= 0 || !m_error.isEmpty())
            return out;
        const qint64 buckets = qint64(r.points) * m_bucketsPerPoint;
        const qint64 width = std::max(kSampleMs, (span + buckets - 1) / buckets);
        out.level = width >= 3'600'000 ? HistoryLevel::Hour
                    : width >= 60'000  ? HistoryLevel::Minute
                                       : HistoryLevel::Raw;
        out.intervalMs = kSampleMs;
        // Gaps from the record: a bucket after a look that found no reading
        // (an outage longer than the gap rule's 3 samples) opens after a gap.
        bool missedSinceLast = false;
        bool seenAny = false;
        for (qint64 start = r.fromMs; start < r.toMs; start += width) {
            HistoryBucket b;
            b.startMs = start;
            b.endMs = std::min(start + width, r.toMs);
            // A few evenly spread looks per bucket stand in for every sample.
            const qint64 samples = std::max<qint64>(1, (b.endMs - b.startMs) / kSampleMs);
            const int looks = int(std::min<qint64>(samples, 6));
            double sum = 0;
            int seen = 0;
            for (int i = 0; i < looks; ++i) {
                const qint64 t = b.startMs + (b.endMs - b.startMs) * (2 * i + 1) / (2 * looks);
                const double v = inGap(r.key, t) ? std::nan("") : valueAt(r.key, t);
                if (std::isnan(v)) {
                    missedSinceLast = true;
                    continue;
                }
                if (seen == 0 && seenAny && missedSinceLast)
                    b.gapBefore = true;
                seenAny = true;
                missedSinceLast = false;
                b.min = seen == 0 ? v : std::min(b.min, v);
                b.max = seen == 0 ? v : std::max(b.max, v);
                sum += v;
                ++seen;
            }
            if (seen > 0) {
                b.mean = sum / seen;
                b.count = std::max<qint64>(1, samples * seen / looks);
            }
            out.buckets.append(b);
        }
        return out;
    }

    // The eight GPUs of the demo fleet (4 + 2 + 2), one series each.
    static QList<HistorySeries> demoGpuSeries(MetricId metric)
    {
        QList<HistorySeries> out;
        const QStringList servers = DemoWorld::serverNames();
        for (int i = 0; i < servers.size(); ++i) {
            for (const GpuSample& g : DemoWorld().serverAt(i, 0).gpus) {
                HistorySeries s;
                s.key = {servers.at(i), g.uuid, metric};
                s.name = QStringLiteral("%1 GPU%2").arg(servers.at(i)).arg(g.index);
                out.append(s);
            }
        }
        return out;
    }

private:
    struct Gap
    {
        QString target; // empty: every series
        qint64 fromMs;
        qint64 toMs;
    };

    void deliver(const Request& r) { Q_EMIT resultReady(r.id, compute(r)); }

    // A server's GPUs in the demo reading of a moment, kept: a chart asks for
    // each of a server's GPUs at the same moments, and building the whole
    // reading is what answering costs (most of tst_historychart's time under
    // the sanitizers). Dropped whole past 8,192 moments.
    const QList<GpuSample>& gpusAt(int server, qint64 ms) const
    {
        const QPair<int, qint64> key(server, ms);
        auto it = m_readings.constFind(key);
        if (it != m_readings.cend())
            return *it;
        if (m_readings.size() >= 8192)
            m_readings.clear();
        return *m_readings.insert(key, m_fleet.serverAt(server, ms).gpus);
    }

    DemoWorld m_fleet;
    mutable QHash<QPair<int, qint64>, QList<GpuSample>> m_readings;
    qint64 m_now;
    quint64 m_lastId = 0;
    bool m_hold = false;
    bool m_builtInGaps = true;
    int m_bucketsPerPoint = 1;
    QString m_error;
    QList<Request> m_requests;
    QList<Request> m_held;
    QList<Gap> m_gaps;
};

} // namespace gw::test
