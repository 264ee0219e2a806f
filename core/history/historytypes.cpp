#include "history/historytypes.h"

namespace gw {

QList<std::pair<qint64, qint64>> historyGaps(const QList<HistoryBucket>& buckets)
{
    QList<std::pair<qint64, qint64>> out;
    const HistoryBucket* last = nullptr; // the last non-empty bucket
    for (const HistoryBucket& b : buckets) {
        if (b.count <= 0)
            continue;
        if (b.gapBefore && last)
            out.append({last->endMs, b.startMs});
        last = &b;
    }
    return out;
}

} // namespace gw
