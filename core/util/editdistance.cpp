#include "util/editdistance.h"

#include <QList>

#include <algorithm>

namespace gw {

int editDistance(const QString& a, const QString& b, Qt::CaseSensitivity cs)
{
    const auto same = [cs](QChar x, QChar y) {
        return cs == Qt::CaseSensitive ? x == y : x.toLower() == y.toLower();
    };
    // One row of the table at a time: row[j] is the distance between the
    // first i characters of a and the first j of b.
    QList<int> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            row[j] = std::min(
                {row[j] + 1, row[j - 1] + 1, diagonal + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

QString nearestSpelling(const QString& name, const QStringList& known, int maxEdits,
                        Qt::CaseSensitivity cs)
{
    QString best;
    int bestDistance = std::min<int>(maxEdits + 1, int(name.size()));
    for (const QString& k : known) {
        const int d = editDistance(name, k, cs);
        if (d < bestDistance) {
            bestDistance = d;
            best = k;
        }
    }
    return best;
}

} // namespace gw
