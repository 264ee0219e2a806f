// Fair share with memory (issue 29): decayed usage against hand-computed
// values and against a brute-force sum over every second of a week whose
// local days include a clock change; the classic fair-share factor
// 2^(-U/S) as a table.

#include "policy/decayedusage.h"

#include <QTest>
#include <QTimeZone>

#include <cmath>

using namespace gw;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kHour = 3'600'000;
constexpr qint64 kDay = 24 * kHour;
constexpr qint64 kNow = 1'795'305'600'000; // 2026-11-23 00:00 UTC

bool near(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max(1.0, std::abs(b));
}

} // namespace

class TestDecayedUsage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void handComputedValues()
    {
        // A one-day half-life: a day ago weighs half, two days a quarter.
        DecayedUsage u(24h);
        QVERIFY(u.add(u"alice"_qs, kNow - kDay, kNow - kDay, 3600));
        QVERIFY(u.add(u"bob"_qs, kNow - 2 * kDay, kNow - 2 * kDay, 3600));
        QCOMPARE(*u.at(u"alice"_qs, kNow), 1800.0);
        QCOMPARE(*u.at(u"bob"_qs, kNow), 900.0);
        QCOMPARE(*u.totalAt(kNow), 2700.0);
        QCOMPARE(*u.at(u"carol"_qs, kNow), 0.0);
        // A day later each has halved again.
        QCOMPARE(*u.at(u"alice"_qs, kNow + kDay), 900.0);

        // A GPU busy the whole last day (86,400 GPU-seconds): the mean of
        // 2^(-t/h) over one half-life is (1 - 1/2) / ln 2 = 0.7213475…
        DecayedUsage day(24h);
        QVERIFY(day.add(u"alice"_qs, kNow - kDay, kNow, 86'400));
        QVERIFY(near(*day.at(u"alice"_qs, kNow), 86'400 * 0.5 / std::log(2.0)));
        QVERIFY(near(*day.at(u"alice"_qs, kNow), 62'324.4258, 1e-8));
    }

    void orderDoesNotMatterTheFutureIsNotAsked()
    {
        DecayedUsage a(6h), b(6h);
        QVERIFY(a.add(u"x"_qs, kNow - 10 * kHour, kNow - 9 * kHour, 3600));
        QVERIFY(a.add(u"x"_qs, kNow - 2 * kHour, kNow - kHour, 1800));
        QVERIFY(b.add(u"x"_qs, kNow - 2 * kHour, kNow - kHour, 1800));
        QVERIFY(b.add(u"x"_qs, kNow - 10 * kHour, kNow - 9 * kHour, 3600)); // older, added later
        QVERIFY(near(*a.at(u"x"_qs, kNow), *b.at(u"x"_qs, kNow)));
        QCOMPARE(a.newestMs(), kNow - kHour);
        // Asked before the newest usage: no answer, not a wrong one.
        QVERIFY(!a.at(u"x"_qs, kNow - 2 * kHour));
        QVERIFY(!a.totalAt(kNow - 2 * kHour));
        // Refused: negative, not a number, a reversed span; nothing changes.
        QVERIFY(!a.add(u"x"_qs, kNow, kNow, -1));
        QVERIFY(!a.add(u"x"_qs, kNow, kNow, std::nan("")));
        QVERIFY(!a.add(u"x"_qs, kNow, kNow - 1, 1));
        QCOMPARE(a.newestMs(), kNow - kHour);
        // Years ago with a one-hour half-life: 0, not a NaN or an overflow.
        QVERIFY(a.add(u"old"_qs, kNow - 3650 * kDay, kNow - 3650 * kDay + kHour, 3600));
        QCOMPARE(*a.at(u"old"_qs, kNow), 0.0);
    }

    void aWeekWithAClockChangeMatchesEverySecondSummed()
    {
        // alice keeps one GPU busy 09:00–17:00 local time in Berlin every day
        // of 2026-10-21…27; on the 25th the clocks go back at 03:00 (a day
        // of 25 hours). Asked at 2026-10-28 00:00 local with a one-day
        // half-life: the closed form against a sum over every second.
        const QTimeZone berlin("Europe/Berlin");
        QVERIFY(berlin.isValid());
        const auto local = [&](int day, int hour) {
            return QDateTime(QDate(2026, 10, day), QTime(hour, 0), berlin).toMSecsSinceEpoch();
        };
        QCOMPARE(local(26, 0) - local(25, 0), 25 * kHour); // the long day
        DecayedUsage u(24h);
        const qint64 at = local(28, 0);
        const double h = double(kDay) / 1000.0;
        double summed = 0;
        for (int day = 21; day <= 27; ++day) {
            const qint64 from = local(day, 9), to = local(day, 17);
            QVERIFY(u.add(u"alice"_qs, from, to, double(to - from) / 1000.0));
            for (qint64 s = from / 1000; s < to / 1000; ++s)
                summed += std::exp2(-(double(at / 1000 - s) - 0.5) / h);
        }
        QVERIFY2(near(*u.at(u"alice"_qs, at), summed, 1e-7),
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(*u.at(u"alice"_qs, at), 0, 'f', 6)
                                .arg(summed, 0, 'f', 6)));
        // The same in hours of UTC: 7 × 8 h used, the newest weighing most.
        QVERIFY(summed > 0.5 * 8 * 3600 && summed < 7 * 8 * 3600);
    }

    void classicFactor_data()
    {
        QTest::addColumn<double>("usage");
        QTest::addColumn<double>("totalUsage");
        QTest::addColumn<double>("share");
        QTest::addColumn<double>("totalShares");
        QTest::addColumn<double>("factor");
        QTest::newRow("no usage") << 0.0 << 100.0 << 1.0 << 4.0 << 1.0;
        QTest::newRow("nobody used anything") << 0.0 << 0.0 << 1.0 << 4.0 << 1.0;
        QTest::newRow("exactly its share") << 25.0 << 100.0 << 1.0 << 4.0 << 0.5;
        QTest::newRow("twice its share") << 50.0 << 100.0 << 1.0 << 4.0 << 0.25;
        QTest::newRow("half its share") << 12.5 << 100.0 << 1.0 << 4.0 << std::sqrt(0.5);
        QTest::newRow("everything on a quarter share") << 100.0 << 100.0 << 1.0 << 4.0 << 1.0 / 16;
        QTest::newRow("no share, some usage") << 1.0 << 100.0 << 0.0 << 4.0 << 0.0;
    }

    void classicFactor()
    {
        QFETCH(double, usage);
        QFETCH(double, totalUsage);
        QFETCH(double, share);
        QFETCH(double, totalShares);
        QFETCH(double, factor);
        QVERIFY(near(fairShareFactor(usage, totalUsage, share, totalShares), factor, 1e-12));
    }

    void recentUseWeighsMoreThanOld()
    {
        // The same GPU-hours, alice's today and bob's a week ago, equal
        // shares: alice waits behind bob.
        DecayedUsage u(24h);
        QVERIFY(u.add(u"alice"_qs, kNow - 2 * kHour, kNow - kHour, 3600));
        QVERIFY(u.add(u"bob"_qs, kNow - 7 * kDay, kNow - 7 * kDay + kHour, 3600));
        const double total = *u.totalAt(kNow);
        const double alice = fairShareFactor(*u.at(u"alice"_qs, kNow), total, 1, 2);
        const double bob = fairShareFactor(*u.at(u"bob"_qs, kNow), total, 1, 2);
        QVERIFY(alice < bob);
        QVERIFY(near(alice, std::exp2(-2 * *u.at(u"alice"_qs, kNow) / total)));
    }
};

QTEST_GUILESS_MAIN(TestDecayedUsage)
#include "tst_decayedusage.moc"
