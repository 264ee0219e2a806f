#pragma once

// A HistoryProvider over a Report's chart buckets (UnitReport::
// utilisationBuckets), so the report's PDF draws utilisation with the app's
// own chart (HistoryChartModel + HistoryPlot). Keys: server, the GPU's UUID
// as target, GpuUtilization. Answers come queued, as a real provider's do;
// a caller that paints at once delivers them with
// QCoreApplication::sendPostedEvents.

#include "history/historyprovider.h"
#include "report/report.h"

#include <QHash>

namespace gw {

class ReportChartProvider final : public HistoryProvider
{
    Q_OBJECT
public:
    explicit ReportChartProvider(const Report& report, QObject* parent = nullptr);

    // The buckets overlapping [fromMs, toMs) of the unit, at the report's
    // resolution whatever `points` asks; an unknown key answers no buckets
    // and an error naming it.
    quint64 request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points) final;
    qint64 newestMs(const QString& server) const final;

    // The answer request() would give, now; for tests.
    HistoryResult answer(const SeriesKey& key, qint64 fromMs, qint64 toMs) const;

private:
    QHash<SeriesKey, QList<HistoryBucket>> m_buckets;
    QHash<QString, qint64> m_newest;
    quint64 m_nextId = 1;
};

} // namespace gw
