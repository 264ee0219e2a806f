// Gaps come from the record, not from pixels: the same readings asked for at
// any width (400 to 4,000 px) and over any range show the same gaps (as time
// spans, to within one bucket) and the same extremes, from the SQLite store
// (real file) and from the in-memory live history alike, for sampling
// intervals from 0.1 s to 60 s. Random but repeatable: a fixed seed.

#include "engine/livehistory.h"
#include "history/historystore.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace gw;

namespace {

constexpr qint64 kBase = 1'795'305'600'000; // a midnight, UTC
const QString kServer = QStringLiteral("gpu-lab-01");
const QString kGpu = QStringLiteral("GPU-gaps");

struct Reading
{
    qint64 t;
    double v;
};

struct Record
{
    qint64 intervalMs = 1000;
    QList<Reading> readings; // present values, in time order
    QList<qint64> spikes;    // times of the 100 % readings
    QList<qint64> drops;     // times of the 0 % readings
};

// Readings every interval (±10 % jitter), a random walk between 20 and 80
// with spikes to 100 and drops to 0, and outages from 1 to 40 intervals long.
Record makeRecord(qint64 intervalMs, qint64 spanMs, quint32 seed)
{
    QRandomGenerator rng(seed);
    Record r;
    r.intervalMs = intervalMs;
    double v = 50;
    qint64 t = kBase;
    const qint64 end = kBase + spanMs;
    while (t < end) {
        const int dice = rng.bounded(1000);
        if (dice < 8) {
            // An outage: 1 to 40 intervals without a reading.
            t += intervalMs * (1 + rng.bounded(40));
        }
        v = std::clamp(v + rng.bounded(11) - 5, 20.0, 80.0);
        double value = v;
        if (dice >= 990) {
            value = 100;
            r.spikes.append(t);
        } else if (dice >= 980) {
            value = 0;
            r.drops.append(t);
        }
        r.readings.append({t, value});
        const qint64 jitter = intervalMs / 10;
        t += intervalMs + (jitter > 0 ? qint64(rng.bounded(2 * jitter + 1)) - jitter : 0);
    }
    return r;
}

QList<Snapshot> snapshots(const Record& r)
{
    QList<Snapshot> out;
    out.reserve(r.readings.size());
    for (const Reading& x : r.readings) {
        Snapshot s;
        s.server = kServer;
        s.timestampMs = x.t;
        s.intervalMs = r.intervalMs;
        GpuSample g;
        g.uuid = kGpu;
        g.utilizationGpuPercent = x.v;
        s.gpus.append(g);
        out.append(s);
    }
    return out;
}

// The record's gaps inside [from, to): (last reading before, first after).
QList<std::pair<qint64, qint64>> trueGaps(const Record& r, qint64 from, qint64 to)
{
    QList<std::pair<qint64, qint64>> out;
    for (qsizetype i = 1; i < r.readings.size(); ++i) {
        const qint64 a = r.readings.at(i - 1).t, b = r.readings.at(i).t;
        if (a >= from && b < to && isRecordGap(b - a, r.intervalMs))
            out.append({a, b});
    }
    return out;
}

qint64 rollupUnit(HistoryLevel level)
{
    switch (level) {
    case HistoryLevel::Raw:
        return 0;
    case HistoryLevel::Minute:
        return 60'000;
    case HistoryLevel::Hour:
        return 3'600'000;
    }
    return 0;
}

// Checks one answer against the record; `what` names the case on failure.
void checkResult(const Record& rec, const HistoryResult& res, const QByteArray& what)
{
    QVERIFY2(res.error.isEmpty(), QByteArray(what + ": " + res.error.toUtf8()).constData());
    QVERIFY2(!res.buckets.isEmpty(), what.constData());
    QCOMPARE(res.intervalMs, rec.intervalMs);
    const qint64 w = res.buckets.first().endMs - res.buckets.first().startMs;
    const qint64 unit = rollupUnit(res.level);
    const auto shown = historyGaps(res.buckets);
    const auto real = trueGaps(rec, res.fromMs, res.toMs);

    // No false gap: each one shown is a real gap, its ends within a bucket.
    for (const auto& [a, b] : shown) {
        const bool found = std::any_of(real.cbegin(), real.cend(), [&](const auto& g) {
            return std::abs(g.first - a) <= w && std::abs(g.second - b) <= w;
        });
        QVERIFY2(found, QByteArray(what + " shows a gap the record does not have at " +
                                   QByteArray::number((a - kBase) / 1000) + " s")
                            .constData());
    }
    // No missed gap: each real one longer than a bucket (and, from roll-ups,
    // than the two roll-ups it may share readings with) is shown.
    for (const auto& [a, b] : real) {
        if (b - a <= w + 2 * unit + kGapIntervals * rec.intervalMs)
            continue;
        const bool found = std::any_of(shown.cbegin(), shown.cend(), [&](const auto& g) {
            return std::abs(g.first - a) <= w && std::abs(g.second - b) <= w;
        });
        QVERIFY2(found, QByteArray(what + " misses the gap from " +
                                   QByteArray::number((a - kBase) / 1000) + " s to " +
                                   QByteArray::number((b - kBase) / 1000) + " s")
                            .constData());
    }
    // Extremes survive: the highest and lowest reading in range, exactly,
    // and every spike and drop in the bucket holding it (or the roll-up's).
    double hi = -1, lo = 101;
    for (const Reading& x : rec.readings) {
        if (x.t >= res.fromMs && x.t < res.toMs) {
            hi = std::max(hi, x.v);
            lo = std::min(lo, x.v);
        }
    }
    double bhi = -1, blo = 101;
    for (const HistoryBucket& b : res.buckets) {
        if (b.count > 0) {
            bhi = std::max(bhi, b.max);
            blo = std::min(blo, b.min);
        }
    }
    QCOMPARE(bhi, hi);
    QCOMPARE(blo, lo);
    auto holds = [&](qint64 t, double value) {
        for (const HistoryBucket& b : res.buckets) {
            if (b.count > 0 && b.startMs <= t + unit && b.endMs > t - unit &&
                (value > 50 ? b.max == value : b.min == value))
                return true;
        }
        return false;
    };
    for (qint64 t : rec.spikes) {
        if (t >= res.fromMs + unit && t < res.toMs)
            QVERIFY2(holds(t, 100), QByteArray(what + " lost a spike").constData());
    }
    for (qint64 t : rec.drops) {
        if (t >= res.fromMs + unit && t < res.toMs)
            QVERIFY2(holds(t, 0), QByteArray(what + " lost a drop to 0").constData());
    }
}

} // namespace

class TestHistoryGaps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameGapsAndExtremesAtAnyWidth_data()
    {
        QTest::addColumn<qint64>("intervalMs");
        QTest::addColumn<qint64>("spanMs");
        // Up to about 6,000 readings each, so the suite stays quick.
        QTest::newRow("0.1 s") << qint64(100) << qint64(10 * 60'000);
        QTest::newRow("0.5 s") << qint64(500) << qint64(45 * 60'000);
        QTest::newRow("1 s") << qint64(1000) << qint64(100 * 60'000);
        QTest::newRow("5 s") << qint64(5000) << qint64(8 * 3'600'000);
        QTest::newRow("15 s") << qint64(15'000) << qint64(24 * 3'600'000);
        QTest::newRow("60 s") << qint64(60'000) << qint64(4 * 24 * 3'600'000);
    }

    void sameGapsAndExtremesAtAnyWidth()
    {
        QFETCH(qint64, intervalMs);
        QFETCH(qint64, spanMs);
        const Record rec = makeRecord(intervalMs, spanMs, 20261123u + quint32(intervalMs));
        QVERIFY(rec.readings.size() > 100);

        QTemporaryDir dir;
        QString error;
        auto store = HistoryStore::open(dir.filePath(QStringLiteral("h.db")),
                                        HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY2(store->append(snapshots(rec), &error), qPrintable(error));
        // The live history keeps the same readings (retention: all of them).
        LiveHistory live(spanMs + 3'600'000);
        for (const Snapshot& s : snapshots(rec))
            live.append(s);

        QRandomGenerator rng(7u + quint32(intervalMs));
        const SeriesKey key{kServer, kGpu, MetricId::GpuUtilization};
        const qint64 end = rec.readings.last().t + 1;
        for (int round = 0; round < 6; ++round) {
            // The whole record, then ranges of random start and length.
            qint64 from = kBase, to = end;
            if (round > 0) {
                const qint64 len = std::max<qint64>(100 * intervalMs,
                                                    qint64(rng.bounded(1.0) * double(end - kBase)));
                from = kBase +
                       qint64(rng.bounded(1.0) * double(std::max<qint64>(1, end - kBase - len)));
                to = std::min(end, from + len);
            }
            for (int width : {400, 1000, 1280, 2540, 4000}) {
                const QByteArray what =
                    QByteArray("interval " + QByteArray::number(intervalMs) + " ms, range " +
                               QByteArray::number((from - kBase) / 1000) + "–" +
                               QByteArray::number((to - kBase) / 1000) + " s, width " +
                               QByteArray::number(width));
                const HistoryResult stored = store->query(key, from, to, width);
                checkResult(rec, stored, QByteArray("store: " + what));
                if (QTest::currentTestFailed())
                    return;
                const HistoryResult inMemory = live.query(key, from, to, width);
                checkResult(rec, inMemory, QByteArray("live: " + what));
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestHistoryGaps)
#include "tst_historygaps.moc"
