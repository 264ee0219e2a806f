#include "report/reportchartprovider.h"

#include <QCoreApplication>
#include <QMetaObject>

#include <algorithm>
#include <cmath>

namespace gw {

ReportChartProvider::ReportChartProvider(const Report& report, QObject* parent)
    : HistoryProvider(parent)
{
    for (const UnitReport& u : report.units) {
        if (!u.migUuid.isEmpty() || u.utilisationBuckets.isEmpty())
            continue;
        m_buckets.insert(SeriesKey{u.server, u.gpuUuid, MetricId::GpuUtilization},
                         u.utilisationBuckets);
        qint64& newest = m_newest[u.server];
        for (const HistoryBucket& b : u.utilisationBuckets) {
            if (b.count > 0)
                newest = std::max(newest, b.endMs);
        }
    }
}

HistoryResult ReportChartProvider::answer(const SeriesKey& key, qint64 fromMs, qint64 toMs) const
{
    HistoryResult result;
    result.key = key;
    result.fromMs = fromMs;
    result.toMs = toMs;
    result.level = HistoryLevel::Raw;
    const auto it = m_buckets.constFind(key);
    if (it == m_buckets.cend()) {
        result.error = QCoreApplication::translate("gw::ReportChartProvider",
                                                   "The report has no utilisation for %1 on %2.")
                           .arg(key.target, key.server);
        return result;
    }
    qint64 width = 0;
    for (const HistoryBucket& b : *it) {
        if (b.endMs <= fromMs || b.startMs >= toMs)
            continue;
        width = std::max(width, b.endMs - b.startMs);
        result.buckets.append(b);
    }
    // The buckets are the series' resolution: gaps are their gapBefore marks.
    if (width > 0)
        result.intervalMs = width;
    return result;
}

quint64 ReportChartProvider::request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int)
{
    const quint64 id = m_nextId++;
    HistoryResult result = answer(key, fromMs, toMs);
    QMetaObject::invokeMethod(
        this, [this, id, result] { Q_EMIT resultReady(id, result); }, Qt::QueuedConnection);
    return id;
}

qint64 ReportChartProvider::newestMs(const QString& server) const
{
    return m_newest.value(server, 0);
}

} // namespace gw
