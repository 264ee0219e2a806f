// The books brought forward hour by hour (RunningBooks, docs/tokens.md,
// "Books brought forward") equal the books made whole by buildBooks, to the
// last entry: 40 days of 24 users on 3 servers with 4 GPU models and MIG
// instances, across a month's end and a change of daylight saving time, with
// listed users, dailies that depend on balances, adjustments (one at the
// very instant an hour closes, two at one instant), facts of one key in
// pieces, late facts (a peer's hours), facts stamped ahead, hours without
// use, gaps and the clock set back. A skipped or doubled hour is caught;
// closing an hour on the books of a month keeps every entry before it.
#include "tokens/ledger.h"
#include "tokens/usage.h"

#include <QDateTime>
#include <QTest>
#include <QTimeZone>

#include <algorithm>
#include <numeric>
#include <random>

using namespace gw;

namespace {

constexpr qint64 kHourMs = 3'600'000;
constexpr int kDays = 40;

PolicyConfig::Tokens rules(PolicyConfig::Tokens::DailyWhen when)
{
    PolicyConfig::Tokens t;
    t.enabled = true;
    t.prices = {{QStringLiteral("RTX 2080"), 0.5, 11},
                {QStringLiteral("RTX 3090"), 1, 12},
                {QStringLiteral("A6000"), 4, 13},
                {QStringLiteral("RTX A6000"), 3.5, 14},
                {QStringLiteral("H100"), 8, 15},
                {QStringLiteral("B200"), 12, 16}}; // matches no GPU seen: a warning
    t.initial = 20;
    t.monthly = 10;
    t.daily = 2;
    t.dailyWhen = when;
    t.overdraftFloor = -15;
    t.timeZone = QStringLiteral("Europe/Berlin");
    t.users = {QStringLiteral("listed-1"), QStringLiteral("listed-2"), QStringLiteral("u03")};
    return t;
}

// 2026-10-20 00:00 in Berlin: the clocks go back on 25 October, the month
// ends on the 31st and again on 30 November.
qint64 start()
{
    return QDateTime(QDate(2026, 10, 20), QTime(0, 0), QTimeZone("Europe/Berlin"))
        .toMSecsSinceEpoch();
}

struct History
{
    QList<UsageFact> facts;        // in the order they arrive
    QList<qint64> arrivesMs;       // when each arrives
    QList<Adjustment> adjustments; // in time order
    QList<CoverageGap> gaps;       // said as found
    QList<qint64> gapFoundMs;
};

// What each hour brings. Some hours nobody works; a fact may come in pieces
// (the same key twice, merged in order), late (up to 30 hours after its
// hour, as a peer's page), or stamped ahead of the clock (charged once its
// hour has really ended).
History history()
{
    History h;
    std::mt19937 rng(2611);
    const QStringList models{
        QStringLiteral("NVIDIA GeForce RTX 2080 Ti"), QStringLiteral("NVIDIA GeForce RTX 3090"),
        QStringLiteral("NVIDIA RTX A6000"), QStringLiteral("NVIDIA H100 80GB HBM3")};
    const qint64 from = start();
    for (int hour = 0; hour < kDays * 24; ++hour) {
        const qint64 hourMs = from + hour * kHourMs;
        if (rng() % 9 == 0)
            continue; // nobody
        for (int s = 0; s < 3; ++s) {
            const int n = int(rng() % 5);
            for (int k = 0; k < n; ++k) {
                UsageFact f;
                f.server = QStringLiteral("node-%1").arg(s);
                // Users come and go: u00…u23, some first seen weeks in.
                f.user = QStringLiteral("u%1").arg(int(rng() % (6 + std::min(18, hour / 40))), 2,
                                                   10, QLatin1Char('0'));
                f.gpuModel = models[(s + k) % models.size()];
                if (f.gpuModel.contains(QLatin1String("H100")) && rng() % 2) {
                    f.migProfile = QStringLiteral("3g.40gb");
                    f.migSlices = 3;
                    f.gpuSlices = 7;
                }
                if (rng() % 5 == 0)
                    f.account = QStringLiteral("proj-%1").arg(rng() % 3);
                f.hourStartMs = hourMs;
                f.heldGpuSeconds = double(rng() % 36'001) / 7;
                f.usedGpuSeconds = f.heldGpuSeconds * double(rng() % 101) / 100;
                qint64 arrives = hourMs + kHourMs + qint64(rng() % 1000);
                if (s == 2 && rng() % 8 == 0)
                    arrives += qint64(1 + rng() % 8) * kHourMs; // a peer's, late
                else if (s == 2 && rng() % 50 == 0)
                    arrives += 30 * kHourMs; // a peer down for a day
                else if (rng() % 97 == 0)
                    arrives -= 3 * kHourMs; // stamped ahead: stored before its hour ends
                if (rng() % 6 == 0) {
                    UsageFact piece = f; // in two pieces, the second later
                    piece.heldGpuSeconds /= 3;
                    piece.usedGpuSeconds /= 3;
                    f.heldGpuSeconds -= piece.heldGpuSeconds;
                    f.usedGpuSeconds -= piece.usedGpuSeconds;
                    h.facts << piece;
                    h.arrivesMs << arrives;
                    arrives += kHourMs / 2 + qint64(rng() % 3) * kHourMs;
                }
                h.facts << f;
                h.arrivesMs << arrives;
            }
        }
        if (rng() % 23 == 0) {
            // An admin's adjustment, sometimes at the very instant an hour
            // closes, twice at one instant now and then.
            const qint64 at = hourMs + (rng() % 3 == 0 ? 0 : qint64(rng() % kHourMs));
            const Adjustment a{QStringLiteral("u%1").arg(int(rng() % 26), 2, 10, QLatin1Char('0')),
                               at, double(int(rng() % 41) - 20), QStringLiteral("boss"),
                               QStringLiteral("correction %1").arg(hour)};
            h.adjustments << a;
            if (rng() % 4 == 0)
                h.adjustments << Adjustment{a.user, at, 5, a.by, QStringLiteral("and more")};
        }
        if (rng() % 150 == 0) {
            h.gaps << CoverageGap{QStringLiteral("node-%1").arg(rng() % 3), hourMs + 600'000,
                                  hourMs + 2 * kHourMs};
            h.gapFoundMs << hourMs + 2 * kHourMs;
        }
    }
    // A newcomer known first by an adjustment at the very end of an hour the
    // books are brought to (run()): granted before that hour's use.
    h.adjustments << Adjustment{QStringLiteral("newcomer"), from + 300 * kHourMs, 7,
                                QStringLiteral("boss"), QStringLiteral("welcome")};
    std::stable_sort(h.adjustments.begin(), h.adjustments.end(),
                     [](const Adjustment& a, const Adjustment& b) { return a.atMs < b.atMs; });
    // In the order of arrival, ties as made.
    QList<qsizetype> order(h.facts.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](qsizetype a, qsizetype b) { return h.arrivesMs[a] < h.arrivesMs[b]; });
    History sorted = h;
    for (qsizetype i = 0; i < order.size(); ++i) {
        sorted.facts[i] = h.facts[order[i]];
        sorted.arrivesMs[i] = h.arrivesMs[order[i]];
    }
    return sorted;
}

// The first difference, said; empty when equal.
QString difference(const Books& a, const Books& b)
{
    for (qsizetype i = 0; i < std::min(a.entries.size(), b.entries.size()); ++i) {
        if (!(a.entries[i] == b.entries[i]))
            return QStringLiteral("entry %1: %2 (%3) against %4 (%5)")
                .arg(i)
                .arg(a.entries[i].id)
                .arg(a.entries[i].amount, 0, 'g', 17)
                .arg(b.entries[i].id)
                .arg(b.entries[i].amount, 0, 'g', 17);
    }
    if (a.entries.size() != b.entries.size())
        return QStringLiteral("%1 entries against %2").arg(a.entries.size()).arg(b.entries.size());
    for (auto it = a.balances.cbegin(); it != a.balances.cend(); ++it)
        if (!b.balances.contains(it.key()) || b.balances.value(it.key()) != it.value())
            return QStringLiteral("balance of %1: %2 against %3")
                .arg(it.key())
                .arg(it.value(), 0, 'g', 17)
                .arg(b.balances.value(it.key()), 0, 'g', 17);
    if (a.balances.keys() != b.balances.keys())
        return QStringLiteral("users %1 against %2")
            .arg(a.balances.keys().join(u' '), b.balances.keys().join(u' '));
    if (a.cutOff != b.cutOff)
        return QStringLiteral("cut off %1 against %2")
            .arg(a.cutOff.join(u' '), b.cutOff.join(u' '));
    if (a.warnings != b.warnings)
        return QStringLiteral("warnings %1 against %2")
            .arg(a.warnings.join(u'|'), b.warnings.join(u'|'));
    if (a.gaps != b.gaps)
        return QStringLiteral("%1 gaps against %2").arg(a.gaps.size()).arg(b.gaps.size());
    return a == b ? QString() : QStringLiteral("unequal");
}

// How the agent goes: each hour closes a little after its end (`now + 1`
// the books' end), with what has arrived by then.
struct Run
{
    enum class Fault
    {
        None,
        SkipAnHour,   // one hour's facts never taken
        DoubleAnHour, // one hour's facts taken twice
    };
    Fault fault = Fault::None;
    qint64 faultHourMs = 0;    // the hour skipped or doubled
    qint64 setBackAtHour = -1; // the clock set back two hours there, then on again
    int compareEveryHours = 0; // also compared with a whole making this often (at 1, 1 + this, …)
};

struct Outcome
{
    Books kept;  // brought forward
    Books whole; // buildBooks over the same, at the end
    qint64 untilMs = 0;
    QString firstDifference;     // at a compared hour before the end
    qsizetype wholeAdvances = 0; // advances that made everything again
    qsizetype made = 0;          // entries made over all advances
};

Outcome run(const History& h, const PolicyConfig::Tokens& r, const Run& how)
{
    Outcome out;
    const qint64 from = start();
    RunningBooks books(r, from);
    QList<UsageFact> taken;
    QList<Adjustment> adjustments;
    QList<CoverageGap> gaps;
    qsizetype nextFact = 0, nextAdjustment = 0, nextGap = 0;
    const qint64 skipped = how.faultHourMs;
    auto takeUntil = [&](qint64 t) {
        QList<UsageFact> fresh;
        for (; nextFact < h.facts.size() && h.arrivesMs[nextFact] <= t; ++nextFact) {
            const UsageFact& f = h.facts[nextFact];
            if (how.fault == Run::Fault::SkipAnHour && f.hourStartMs == skipped)
                continue;
            fresh << f;
            if (how.fault == Run::Fault::DoubleAnHour && f.hourStartMs == skipped)
                fresh << f;
        }
        QList<Adjustment> freshAdjustments;
        for (; nextAdjustment < h.adjustments.size() && h.adjustments[nextAdjustment].atMs <= t;
             ++nextAdjustment)
            freshAdjustments << h.adjustments[nextAdjustment];
        for (; nextGap < h.gaps.size() && h.gapFoundMs[nextGap] <= t; ++nextGap)
            gaps << h.gaps[nextGap];
        books.addFacts(fresh);
        books.addAdjustments(freshAdjustments);
        books.setGaps(gaps);
        taken += fresh;
        adjustments += freshAdjustments;
    };
    auto advance = [&](qint64 untilMs) {
        books.advanceTo(untilMs);
        out.wholeAdvances += books.lastUpdate().whole ? 1 : 0;
        out.made += books.lastUpdate().made;
    };
    for (int hour = 1; hour <= kDays * 24 + 40; ++hour) {
        const qint64 end = from + hour * kHourMs;
        qint64 now = end + 1500 + hour % 7;
        if (hour == how.setBackAtHour) {
            now -= 2 * kHourMs; // set back: the range shrinks
        } else if (hour % 5 == 0) {
            // Now and then the books to the hour's very end, with all of its
            // facts or half (the rest come late, at that end): its use is in,
            // its midnight's additions and adjustments at it are not.
            takeUntil(end + (hour % 10 == 0 ? 1000 : 500));
            advance(end);
        }
        takeUntil(now);
        advance(now + 1);
        if (how.compareEveryHours > 0 && hour % how.compareEveryHours == 1 &&
            out.firstDifference.isEmpty()) {
            const QString d = difference(
                books.books(), buildBooks(taken, r, from, now + 1, adjustments, {}, gaps));
            if (!d.isEmpty())
                out.firstDifference = QStringLiteral("hour %1: %2").arg(hour).arg(d);
        }
        out.untilMs = now + 1;
    }
    out.kept = books.books();
    out.whole = buildBooks(taken, r, from, out.untilMs, adjustments, {}, gaps);
    return out;
}

} // namespace

class TestRunningBooks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hourByHourEqualsMadeWhole_data()
    {
        QTest::addColumn<bool>("always");
        QTest::addColumn<qint64>("setBackAtHour");
        QTest::newRow("daily while negative") << false << qint64(-1);
        QTest::newRow("daily always") << true << qint64(-1);
        QTest::newRow("clock set back") << false << qint64(500);
    }
    void hourByHourEqualsMadeWhole()
    {
        QFETCH(bool, always);
        QFETCH(qint64, setBackAtHour);
        const History h = history();
        const PolicyConfig::Tokens r = rules(always ? PolicyConfig::Tokens::DailyWhen::Always
                                                    : PolicyConfig::Tokens::DailyWhen::Negative);
        Run how;
        how.setBackAtHour = setBackAtHour;
        how.compareEveryHours = 50;
        const Outcome o = run(h, r, how);
        QVERIFY2(o.firstDifference.isEmpty(), qPrintable(o.firstDifference));
        QVERIFY2(o.kept == o.whole, qPrintable(difference(o.kept, o.whole)));
        // The history is what it claims: a month and more of every kind.
        QVERIFY(o.whole.entries.size() > 5000);
        QVERIFY(o.whole.balances.size() >= 20);
        QVERIFY(!o.whole.cutOff.isEmpty());
        QVERIFY(!o.whole.gaps.isEmpty());
        QCOMPARE(o.whole.warnings.size(), 1);
        for (LedgerEntry::Kind k :
             {LedgerEntry::Kind::Grant, LedgerEntry::Kind::Monthly, LedgerEntry::Kind::Daily,
              LedgerEntry::Kind::Usage, LedgerEntry::Kind::Adjustment})
            QVERIFY2(std::any_of(o.whole.entries.cbegin(), o.whole.entries.cend(),
                                 [k](const LedgerEntry& e) { return e.kind == k; }),
                     qPrintable(ledgerKindName(k)));
        // Made whole only at the start (and when the clock went back); the
        // hours appended to what was kept, late facts making a few hours
        // again: far from the ~500 × the books a making per hour costs.
        QCOMPARE(o.wholeAdvances, setBackAtHour < 0 ? 1 : 2);
        QVERIFY2(
            o.made < 8 * o.whole.entries.size(),
            qPrintable(
                QStringLiteral("%1 made for %2 entries").arg(o.made).arg(o.whole.entries.size())));
    }

    void aSkippedOrDoubledHourIsCaught()
    {
        // The comparison is exact enough to see one hour missing or taken
        // twice among 40 days.
        const History h = history();
        const PolicyConfig::Tokens r = rules(PolicyConfig::Tokens::DailyWhen::Negative);
        for (Run::Fault fault : {Run::Fault::SkipAnHour, Run::Fault::DoubleAnHour}) {
            Run how;
            how.fault = fault;
            how.faultHourMs = h.facts[h.facts.size() / 2].hourStartMs;
            const Outcome o = run(h, r, how);
            // Made whole from all of the facts, not those taken.
            const Books right =
                buildBooks(h.facts, r, start(), o.untilMs, h.adjustments, {}, h.gaps);
            QVERIFY(!difference(o.kept, right).isEmpty());
        }
    }

    void closingAnHourKeepsEveryEntryBeforeIt()
    {
        // A month of books, then one more hour: nothing before it is made
        // again, and the hour's use (and a midnight's additions) is appended.
        const History h = history();
        const PolicyConfig::Tokens r = rules(PolicyConfig::Tokens::DailyWhen::Always);
        const qint64 from = start();
        RunningBooks books(r, from);
        const qint64 monthMs = from + 30 * 24 * kHourMs;
        QList<UsageFact> facts;
        for (const UsageFact& f : h.facts)
            if (f.hourStartMs + kHourMs <= monthMs)
                facts << f;
        books.addFacts(facts);
        books.advanceTo(monthMs + 1);
        QVERIFY(books.lastUpdate().whole);
        const qsizetype month = books.books().entries.size();
        QList<UsageFact> next;
        for (const UsageFact& f : h.facts)
            if (f.hourStartMs + kHourMs == monthMs + kHourMs)
                next << f;
        QVERIFY(!next.isEmpty());
        books.addFacts(next);
        books.advanceTo(monthMs + kHourMs + 1);
        QCOMPARE(books.lastUpdate().whole, false);
        QCOMPARE(books.lastUpdate().kept, month);
        QVERIFY(books.lastUpdate().made >= next.size());
        QVERIFY(books.lastUpdate().made < 4 * next.size() + 60);
        // A late fact of ten hours before: made again from there only.
        UsageFact late = next.first();
        late.server = QStringLiteral("node-late");
        late.hourStartMs -= 10 * kHourMs;
        books.addFacts({late});
        books.advanceTo(monthMs + kHourMs + 1);
        QVERIFY(!books.lastUpdate().whole);
        QVERIFY(books.lastUpdate().kept > month - 400);
        QVERIFY(books.lastUpdate().kept < month);
        facts << next << late;
        QCOMPARE(books.books(), buildBooks(facts, r, from, monthMs + kHourMs + 1));
    }

    void nothingNewKeepsEverything()
    {
        const History h = history();
        const PolicyConfig::Tokens r = rules(PolicyConfig::Tokens::DailyWhen::Negative);
        RunningBooks books(r, start());
        books.addFacts(h.facts.mid(0, 500));
        const qint64 until = start() + 5 * 24 * kHourMs + 7;
        const Books first = books.advanceTo(until);
        books.advanceTo(until);
        QCOMPARE(books.lastUpdate().made, 0);
        QCOMPARE(books.lastUpdate().kept, first.entries.size());
        QCOMPARE(books.books(), first);
    }
};

QTEST_GUILESS_MAIN(TestRunningBooks)
#include "tst_runningbooks.moc"
