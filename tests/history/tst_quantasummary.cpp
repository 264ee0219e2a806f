#include "history/quantasummary.h"

#include <QTest>

#include <iterator>

using namespace gw;

class TestQuantaSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstValueSetsMinAndMax()
    {
        // Starting from 0 would report min 0 for an all-positive series and
        // max 0 for an all-negative one.
        QuantaSummary pos;
        pos.add(7);
        pos.add(9);
        QCOMPARE(pos, (QuantaSummary{7, 9, 16, 2}));
        QuantaSummary neg;
        neg.add(-3);
        neg.add(-5);
        QCOMPARE(neg, (QuantaSummary{-5, -3, -8, 2}));
    }

    void mergingPartsEqualsAddingEverySample()
    {
        // A query bucket built from minute roll-ups must equal one built from
        // the raw samples of those minutes.
        const qint64 samples[] = {4, -2, 10, 10, 3, 0, 8};
        QuantaSummary all;
        QuantaSummary first;
        QuantaSummary second;
        for (size_t i = 0; i < std::size(samples); ++i) {
            all.add(samples[i]);
            (i < 3 ? first : second).add(samples[i]);
        }
        QuantaSummary merged;
        merged.merge(second);
        merged.merge(first);
        QCOMPARE(merged, all);
        QCOMPARE(all, (QuantaSummary{-2, 10, 33, 7}));
    }

    void emptyPartsChangeNothing()
    {
        QuantaSummary s;
        s.merge(QuantaSummary{});
        QVERIFY(s.isEmpty());
        s.add(5);
        // An empty part's zero min must not become the minimum.
        s.merge(QuantaSummary{});
        s.merge(0, 0, 0, 0);
        QCOMPARE(s, (QuantaSummary{5, 5, 5, 1}));
    }
};

QTEST_GUILESS_MAIN(TestQuantaSummary)
#include "tst_quantasummary.moc"
