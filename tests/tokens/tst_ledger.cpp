// The token books: the worked example built from readings through
// the usage meter (84 tokens, 46 left), balances below the floor not
// clamped, daily and monthly additions at local midnight across months, DST
// and zones, grants, warnings and gaps, a price change replayed, and entries
// that are only ever appended.
#include "tokens/ledger.h"
#include "tokens/usage.h"

#include "tokenreadings.h"

#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {

const char* const kBerlin = "Europe/Berlin";

PolicyConfig::Tokens rules(const char* zone = kBerlin)
{
    PolicyConfig::Tokens t;
    t.enabled = true;
    t.prices = {{QStringLiteral("RTX 2080"), 0.5, 12},
                {QStringLiteral("RTX 3090"), 1, 13},
                {QStringLiteral("RTX A6000"), 4, 14},
                {QStringLiteral("A6000"), 2, 15}, // shorter: loses to "RTX A6000"
                {QStringLiteral("H100"), 8, 16}};
    t.timeZone = QString::fromLatin1(zone);
    return t;
}

// The worked example: in November alice holds 8 × RTX 2080 for 5 h, 4 × RTX
// 3090 for 10 h and 2 × RTX A6000 for 3 h, on three servers.
QList<Snapshot> workedExample()
{
    QList<Snapshot> r;
    r << holding(QStringLiteral("node-2080"), QStringLiteral("alice"),
                 QStringLiteral("NVIDIA GeForce RTX 2080 Ti"), 8, utcMs(2026, 11, 3, 9), 5 * 60);
    r << holding(QStringLiteral("node-3090"), QStringLiteral("alice"),
                 QStringLiteral("NVIDIA GeForce RTX 3090"), 4, utcMs(2026, 11, 4, 8, 30), 10 * 60);
    r << holding(QStringLiteral("node-a6000"), QStringLiteral("alice"),
                 QStringLiteral("NVIDIA RTX A6000"), 2, utcMs(2026, 11, 5, 22, 15), 3 * 60);
    return r;
}

struct Metered
{
    QList<UsageFact> facts;
    QList<CoverageGap> gaps;
    QSet<QString> models;
};

Metered meter(const QList<Snapshot>& readings)
{
    UsageMeter m;
    for (const Snapshot& s : readings)
        m.feed(s);
    m.finish();
    return {m.facts(), m.gaps(), m.gpuModelsSeen()};
}

double sumOf(const Books& b, LedgerEntry::Kind kind, const QString& user)
{
    double sum = 0;
    for (const LedgerEntry& e : b.entries)
        if (e.kind == kind && e.user == user)
            sum += e.amount;
    return sum;
}

QList<LedgerEntry> ofKind(const Books& b, LedgerEntry::Kind kind)
{
    QList<LedgerEntry> out;
    for (const LedgerEntry& e : b.entries)
        if (e.kind == kind)
            out << e;
    return out;
}

QDateTime local(qint64 ms, const char* zone)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone(zone));
}

} // namespace

class TestLedger : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void priceIsTheLongestPatternCaseIgnored()
    {
        const PolicyConfig::Tokens t = rules();
        QCOMPARE(priceFor(t, QStringLiteral("NVIDIA RTX A6000")), 4.0);
        QCOMPARE(priceFor(t, QStringLiteral("nvidia a6000 ada")), 2.0);
        QCOMPARE(priceFor(t, QStringLiteral("NVIDIA GeForce rtx 2080 Ti")), 0.5);
        QCOMPARE(priceFor(t, QStringLiteral("Tesla V100")), 1.0); // the default
    }

    void workedExampleComesOutExactly()
    {
        const Metered m = meter(workedExample());
        QVERIFY(m.gaps.isEmpty());
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 12, 1), {}, m.models, m.gaps);
        const QString alice = QStringLiteral("alice");
        QCOMPARE(sumOf(b, LedgerEntry::Kind::Usage, alice), -84.0);
        QCOMPARE(sumOf(b, LedgerEntry::Kind::Grant, alice), 130.0);
        QCOMPARE(b.balances.value(alice), 46.0);
        QVERIFY(b.cutOff.isEmpty());
        // Per model: 20 + 40 + 24.
        double byModel[3] = {0, 0, 0};
        for (const LedgerEntry& e : ofKind(b, LedgerEntry::Kind::Usage)) {
            QCOMPARE(e.atMs, e.hourStartMs + 3'600'000);
            byModel[e.gpuModel.contains(QStringLiteral("2080"))   ? 0
                    : e.gpuModel.contains(QStringLiteral("3090")) ? 1
                                                                  : 2] += e.amount;
        }
        QCOMPARE(byModel[0], -20.0);
        QCOMPARE(byModel[1], -40.0);
        QCOMPARE(byModel[2], -24.0);
        // Ids name the facts.
        QVERIFY(b.entries.contains([&] {
            for (const LedgerEntry& e : b.entries)
                if (e.id ==
                    QStringLiteral("usage/alice/node-3090/NVIDIA GeForce RTX 3090/2026-11-04T09"))
                    return e;
            return LedgerEntry{};
        }()));
        // Prices matching no GPU seen are said (H100; A6000 matches).
        QCOMPARE(b.warnings,
                 QStringList{QStringLiteral("price \"H100\" (line 16) matches no GPU seen")});
        // Sorted: time, then kind.
        for (qsizetype i = 1; i < b.entries.size(); ++i)
            QVERIFY(b.entries[i - 1].atMs <= b.entries[i].atMs);
    }

    void chargeUsedTakesTheUsedSeconds()
    {
        Metered m = meter(workedExample());
        PolicyConfig::Tokens t = rules();
        t.charge = PolicyConfig::Tokens::Charge::Used;
        const Books b =
            buildBooks(m.facts, t, localMs(kBerlin, 2026, 11, 1), localMs(kBerlin, 2026, 12, 1));
        // The synthetic GPUs run at 50 %.
        QCOMPARE(sumOf(b, LedgerEntry::Kind::Usage, QStringLiteral("alice")), -42.0);
    }

    void chargeEnergyTakesTheKWhEachUserDrew()
    {
        // Two hours of one H100 with its counter (300 W: 18 000 J a minute),
        // alice's and bob's processes at 75 % and 25 % of its SMs; 10 tokens
        // per kWh. 120 spans: 119 from the counter, the last one interval at
        // its power: 120 × 18 000 J = 0.6 kWh; alice 0.45, bob 0.15.
        QList<Snapshot> readings;
        const qint64 t0 = utcMs(2026, 11, 3, 9);
        for (int k = 0; k < 120; ++k) {
            Snapshot s = reading(QStringLiteral("node-h"), t0 + k * 60'000, 60'000);
            GpuSample g = gpu(QStringLiteral("GPU-h"), QStringLiteral("NVIDIA H100 80GB HBM3"));
            g.powerW = 300;
            g.healthFacts = GpuHealthFacts{};
            g.healthFacts->energyMj = 5'000'000'000ull + quint64(k) * 18'000'000ull;
            s.gpus << g;
            s.processes << process(1, QStringLiteral("alice"), g.uuid, 8000, 75.0)
                        << process(2, QStringLiteral("bob"), g.uuid, 8000, 25.0);
            readings << s;
        }
        Metered m = meter(readings);
        PolicyConfig::Tokens t = rules();
        t.charge = PolicyConfig::Tokens::Charge::Energy;
        t.perKwh = 10;
        const Books b =
            buildBooks(m.facts, t, localMs(kBerlin, 2026, 11, 1), localMs(kBerlin, 2026, 12, 1));
        QVERIFY(qFuzzyCompare(sumOf(b, LedgerEntry::Kind::Usage, QStringLiteral("alice")), -4.5));
        QVERIFY(qFuzzyCompare(sumOf(b, LedgerEntry::Kind::Usage, QStringLiteral("bob")), -1.5));
        const QList<LedgerEntry> u = ofKind(b, LedgerEntry::Kind::Usage);
        QCOMPARE(u.size(), 4); // two users × two hours
        for (const LedgerEntry& e : u) {
            QCOMPARE(e.pricePerKwh, 10.0);
            QCOMPARE(e.pricePerGpuHour, 0.0);
            QVERIFY(qFuzzyCompare(e.gpuHours, 0.5)); // held, as people read it
            QVERIFY2(e.detail.contains(QStringLiteral("kWh on NVIDIA H100 80GB HBM3 of node-h")) &&
                         e.detail.contains(QStringLiteral("at 10 tokens per kWh")),
                     qPrintable(e.detail));
        }
        QVERIFY2(b.warnings.isEmpty(), qPrintable(b.warnings.join(u'\n')));
        // Replayed at another price: the same facts, the new price.
        t.perKwh = 20;
        const Books again =
            buildBooks(m.facts, t, localMs(kBerlin, 2026, 11, 1), localMs(kBerlin, 2026, 12, 1));
        QVERIFY(
            qFuzzyCompare(sumOf(again, LedgerEntry::Kind::Usage, QStringLiteral("alice")), -9.0));
        // The same use under charge = "held" costs GPU-hours, as before.
        t.charge = PolicyConfig::Tokens::Charge::Held;
        const Books held =
            buildBooks(m.facts, t, localMs(kBerlin, 2026, 11, 1), localMs(kBerlin, 2026, 12, 1));
        QVERIFY(qFuzzyCompare(sumOf(held, LedgerEntry::Kind::Usage, QStringLiteral("alice")),
                              -8.0)); // 1 GPU-hour (half the GPU for 2 h) × 8
    }

    void chargeEnergyWithoutEnergyIsSaid()
    {
        // GPUs that report no power and no counter (the worked example's)
        // draw nothing to charge: said, naming whose use it was.
        Metered m = meter(workedExample());
        PolicyConfig::Tokens t = rules();
        t.charge = PolicyConfig::Tokens::Charge::Energy;
        const Books b =
            buildBooks(m.facts, t, localMs(kBerlin, 2026, 11, 1), localMs(kBerlin, 2026, 12, 1));
        QCOMPARE(sumOf(b, LedgerEntry::Kind::Usage, QStringLiteral("alice")), 0.0);
        bool said = false;
        for (const QString& w : b.warnings)
            said = said || (w.contains(QStringLiteral("charge = \"energy\": 86 GPU-hours of use "
                                                      "(alice)")) &&
                            w.contains(QStringLiteral("charged nothing")));
        QVERIFY2(said, qPrintable(b.warnings.join(u'\n')));
    }

    void migEntryStatesItsFraction()
    {
        UsageFact f{QStringLiteral("h"),
                    QStringLiteral("carol"),
                    QStringLiteral("NVIDIA H100 80GB HBM3"),
                    QStringLiteral("3g.40gb"),
                    3,
                    7,
                    utcMs(2026, 11, 2, 10),
                    3600.0 * 3 / 7,
                    0,
                    {}};
        const Books b =
            buildBooks({f}, rules(), localMs(kBerlin, 2026, 11, 1), localMs(kBerlin, 2026, 12, 1));
        const QList<LedgerEntry> u = ofKind(b, LedgerEntry::Kind::Usage);
        QCOMPARE(u.size(), 1);
        QCOMPARE(u[0].migProfile, QStringLiteral("3g.40gb"));
        QCOMPARE(u[0].migSlices, 3);
        QCOMPARE(u[0].gpuSlices, 7);
        QCOMPARE(u[0].pricePerGpuHour, 8.0);
        QVERIFY(qFuzzyCompare(u[0].amount, -8.0 * 3 / 7));
        QVERIFY2(u[0].detail.contains(QStringLiteral("3/7")), qPrintable(u[0].detail));
        QVERIFY(u[0].id.endsWith(QStringLiteral("/3g.40gb/2026-11-02T10")));
    }

    void belowTheFloorIsNotClampedAndCutOff()
    {
        // 150 GPU-hours of RTX 3090: 130 - 150 = -20, below the floor of -10.
        const Metered m =
            meter(holding(QStringLiteral("n"), QStringLiteral("alice"), QStringLiteral("RTX 3090"),
                          5, utcMs(2026, 11, 10, 0), 30 * 60));
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 11, 11, 12));
        QCOMPARE(b.balances.value(QStringLiteral("alice")), -20.0);
        QCOMPARE(b.cutOff, QStringList{QStringLiteral("alice")});
    }

    void dailyWhileNegativeAcrossAMonthBoundary()
    {
        // 140 GPU-hours on 28 November: -10; then +1 a day at local midnight
        // until the 1st brings the monthly 30 (before the daily: none then).
        const Metered m =
            meter(holding(QStringLiteral("n"), QStringLiteral("alice"), QStringLiteral("RTX 3090"),
                          7, utcMs(2026, 11, 28, 1), 20 * 60));
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 12, 5));
        const QList<LedgerEntry> daily = ofKind(b, LedgerEntry::Kind::Daily);
        QCOMPARE(daily.size(), 2);
        QCOMPARE(local(daily[0].atMs, kBerlin),
                 QDateTime(QDate(2026, 11, 29), QTime(0, 0), QTimeZone(kBerlin)));
        QCOMPARE(local(daily[1].atMs, kBerlin).date(), QDate(2026, 11, 30));
        QCOMPARE(daily[0].id, QStringLiteral("daily/alice/2026-11-29"));
        const QList<LedgerEntry> monthly = ofKind(b, LedgerEntry::Kind::Monthly);
        QCOMPARE(monthly.size(), 1);
        QCOMPARE(monthly[0].atMs, localMs(kBerlin, 2026, 12, 1));
        QCOMPARE(monthly[0].id, QStringLiteral("monthly/alice/2026-12"));
        QCOMPARE(b.balances.value(QStringLiteral("alice")), -10.0 + 2 + 30);
    }

    void theHourEndingAtMidnightComesFirst()
    {
        // 10 × RTX 3090 for 14 h up to local midnight (23:00 UTC): 130 - 140
        // = -10 only with the last hour, which is charged at midnight itself.
        const Metered m =
            meter(holding(QStringLiteral("n"), QStringLiteral("alice"), QStringLiteral("RTX 3090"),
                          10, utcMs(2026, 11, 28, 9), 14 * 60));
        const qint64 midnight = localMs(kBerlin, 2026, 11, 29);
        QCOMPARE(midnight, utcMs(2026, 11, 28, 23));
        // The books up to that midnight hold its last hour, not its additions.
        const Books to = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1), midnight);
        QCOMPARE(sumOf(to, LedgerEntry::Kind::Usage, QStringLiteral("alice")), -140.0);
        QCOMPARE(to.balances.value(QStringLiteral("alice")), -10.0);
        QVERIFY(ofKind(to, LedgerEntry::Kind::Daily).isEmpty());
        // Past it, the daily sees the balance after that hour: below zero.
        const Books past =
            buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1), midnight + 1);
        const QList<LedgerEntry> daily = ofKind(past, LedgerEntry::Kind::Daily);
        QCOMPARE(daily.size(), 1);
        QCOMPARE(daily[0].atMs, midnight);
        QCOMPARE(past.entries.mid(0, to.entries.size()), to.entries);
        QCOMPARE(past.entries.last().kind, LedgerEntry::Kind::Daily);
        QCOMPARE(past.balances.value(QStringLiteral("alice")), -9.0);
    }

    void dailyAtLocalMidnightAcrossDst_data()
    {
        QTest::addColumn<QByteArray>("zone");
        QTest::addColumn<QDate>("from");
        QTest::addColumn<QDate>("shortDay");
        QTest::addColumn<QDate>("longDay");
        QTest::newRow("Berlin spring")
            << QByteArray(kBerlin) << QDate(2026, 3, 27) << QDate(2026, 3, 29) << QDate();
        QTest::newRow("Berlin autumn")
            << QByteArray(kBerlin) << QDate(2026, 10, 23) << QDate() << QDate(2026, 10, 25);
        QTest::newRow("New York spring")
            << QByteArray("America/New_York") << QDate(2026, 3, 6) << QDate(2026, 3, 8) << QDate();
        QTest::newRow("New York autumn, on the 1st")
            << QByteArray("America/New_York") << QDate(2026, 10, 29) << QDate()
            << QDate(2026, 11, 1);
    }
    void dailyAtLocalMidnightAcrossDst()
    {
        QFETCH(QByteArray, zone);
        QFETCH(QDate, from);
        QFETCH(QDate, shortDay);
        QFETCH(QDate, longDay);
        const QTimeZone tz(zone);
        QVERIFY(tz.isValid());
        PolicyConfig::Tokens t = rules(zone.constData());
        t.dailyWhen = PolicyConfig::Tokens::DailyWhen::Always;
        t.users = {QStringLiteral("bob")};
        const qint64 fromMs = QDateTime(from, QTime(0, 0), tz).toMSecsSinceEpoch();
        const qint64 untilMs = QDateTime(from.addDays(6), QTime(0, 0), tz).toMSecsSinceEpoch();
        const Books b = buildBooks({}, t, fromMs, untilMs);
        const QList<LedgerEntry> daily = ofKind(b, LedgerEntry::Kind::Daily);
        // Not on the day of the grant (its own), then every day.
        QCOMPARE(daily.size(), 5);
        for (int i = 0; i < daily.size(); ++i) {
            const QDateTime at = QDateTime::fromMSecsSinceEpoch(daily[i].atMs, tz);
            QCOMPARE(at.date(), from.addDays(i + 1));
            QCOMPARE(at.time(), QTime(0, 0));
            if (i > 0) {
                const QDate prev = from.addDays(i);
                const qint64 hours = (daily[i].atMs - daily[i - 1].atMs) / 3'600'000;
                QCOMPARE(hours, prev == shortDay ? 23 : prev == longDay ? 25 : 24);
            }
        }
        const bool firstOfMonthInRange = from.month() != from.addDays(5).month();
        QCOMPARE(ofKind(b, LedgerEntry::Kind::Monthly).size(), firstOfMonthInRange ? 1 : 0);
        QCOMPARE(b.balances.value(QStringLiteral("bob")),
                 130.0 + 5 + (firstOfMonthInRange ? 30 : 0));
    }

    void aNewUserGetsInitialAndTheMonthsAddition()
    {
        const Metered m =
            meter(holding(QStringLiteral("n"), QStringLiteral("dave"), QStringLiteral("RTX 3090"),
                          1, utcMs(2026, 11, 15, 10), 60));
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 12, 1));
        const QList<LedgerEntry> g = ofKind(b, LedgerEntry::Kind::Grant);
        QCOMPARE(g.size(), 1);
        QCOMPARE(g[0].amount, 130.0);
        QCOMPARE(g[0].atMs, utcMs(2026, 11, 15, 11)); // with the first charge, before it
        QCOMPARE(b.entries.first().kind, LedgerEntry::Kind::Grant);
        QCOMPARE(b.balances.value(QStringLiteral("dave")), 129.0);
        QVERIFY(ofKind(b, LedgerEntry::Kind::Monthly).isEmpty());
    }

    void aListedUserIsGrantedAtTheStart()
    {
        PolicyConfig::Tokens t = rules();
        t.users = {QStringLiteral("erin")};
        const qint64 from = localMs(kBerlin, 2026, 11, 1);
        const Books b = buildBooks({}, t, from, localMs(kBerlin, 2027, 1, 1));
        QCOMPARE(b.entries.first().kind, LedgerEntry::Kind::Grant);
        QCOMPARE(b.entries.first().atMs, from);
        QCOMPARE(b.entries.first().id, QStringLiteral("grant/erin"));
        // Granted with November's addition; December's on the 1st.
        QCOMPARE(b.balances.value(QStringLiteral("erin")), 160.0);
    }

    void adjustmentsAreEntriesWithWhoAndWhy()
    {
        const Metered m = meter(workedExample());
        const Adjustment a{QStringLiteral("alice"), utcMs(2026, 11, 20, 9), 10,
                           QStringLiteral("admin"), QStringLiteral("conference deadline")};
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 12, 1), {a, a});
        const QList<LedgerEntry> adj = ofKind(b, LedgerEntry::Kind::Adjustment);
        QCOMPARE(adj.size(), 2);
        QCOMPARE(adj[0].by, QStringLiteral("admin"));
        QCOMPARE(adj[0].reason, QStringLiteral("conference deadline"));
        QVERIFY(adj[0].id != adj[1].id);
        QCOMPARE(b.balances.value(QStringLiteral("alice")), 66.0);
    }

    void aPriceForAGpuSeenIdleIsNoWarning()
    {
        const Metered m = meter(workedExample());
        QSet<QString> seen = m.models;
        seen.insert(QStringLiteral("NVIDIA H100 80GB HBM3")); // seen, never used
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 12, 1), {}, seen);
        QVERIFY2(b.warnings.isEmpty(), qPrintable(b.warnings.join(u'\n')));
    }

    void gapsAreSaidInTheBooks()
    {
        QList<Snapshot> r = holding(QStringLiteral("node-3"), QStringLiteral("alice"),
                                    QStringLiteral("RTX 3090"), 1, utcMs(2026, 11, 3, 13), 60);
        r << holding(QStringLiteral("node-3"), QStringLiteral("alice"), QStringLiteral("RTX 3090"),
                     1, utcMs(2026, 11, 3, 16, 20), 60);
        const Metered m = meter(r);
        const Books b = buildBooks(m.facts, rules(), localMs(kBerlin, 2026, 11, 1),
                                   localMs(kBerlin, 2026, 12, 1), {}, m.models, m.gaps);
        QCOMPARE(b.gaps.size(), 1);
        QCOMPARE(b.gaps[0], (CoverageGap{QStringLiteral("node-3"), utcMs(2026, 11, 3, 14),
                                         utcMs(2026, 11, 3, 16, 20)}));
        QCOMPARE(sumOf(b, LedgerEntry::Kind::Usage, QStringLiteral("alice")), -2.0);
    }

    void aPriceChangeIsReplayed()
    {
        const Metered m =
            meter(workedExample() + holding(QStringLiteral("node-a6000"), QStringLiteral("bob"),
                                            QStringLiteral("NVIDIA RTX A6000"), 1,
                                            utcMs(2026, 11, 20, 10), 60));
        const qint64 from = localMs(kBerlin, 2026, 11, 1), until = localMs(kBerlin, 2026, 12, 1);
        const Books before = buildBooks(m.facts, rules(), from, until);
        PolicyConfig::Tokens dearer = rules();
        dearer.prices[2].perGpuHour = 5; // RTX A6000: 4 → 5
        const Books after = buildBooks(m.facts, dearer, from, until);
        const QList<BookDiff> d = compareBooks(before, after);
        QCOMPARE(d.size(), 2);
        QCOMPARE(d[0], (BookDiff{QStringLiteral("alice"), 46.0, 40.0}));
        QCOMPARE(d[1], (BookDiff{QStringLiteral("bob"), 126.0, 125.0}));
    }

    void booksReadBackFromTheirLedger()
    {
        // What the price editor does with the books an agent keeps: rebuilds
        // them from their own entries. Same rules: the same balances; a
        // dearer A6000: the same as from the original facts.
        QList<Snapshot> r = workedExample();
        r << holding(QStringLiteral("n"), QStringLiteral("frank"), QStringLiteral("RTX 3090"), 8,
                     utcMs(2026, 11, 12, 0), 20 * 60);
        const Metered m = meter(r);
        PolicyConfig::Tokens t = rules();
        t.users = {QStringLiteral("erin")};
        const qint64 from = localMs(kBerlin, 2026, 11, 1), until = localMs(kBerlin, 2026, 12, 3);
        const QList<Adjustment> adjustments{{QStringLiteral("frank"), utcMs(2026, 11, 20, 9), 15,
                                             QStringLiteral("boss"), QStringLiteral("refund")}};
        const Books books = buildBooks(m.facts, t, from, until, adjustments, m.models, m.gaps);
        const BooksRecord rec = recordOfBooks(books);
        QCOMPARE(rec.fromMs, from);
        QCOMPARE(rec.adjustments, adjustments);
        QSet<QString> charged;
        for (const UsageFact& f : m.facts)
            charged.insert(f.gpuModel);
        QCOMPARE(rec.modelsSeen, charged);
        const Books again =
            buildBooks(rec.facts, t, rec.fromMs, until, rec.adjustments, rec.modelsSeen, rec.gaps);
        QCOMPARE(again.balances.keys(), books.balances.keys());
        for (auto it = books.balances.cbegin(); it != books.balances.cend(); ++it)
            QCOMPARE(again.balances.value(it.key()), it.value());
        PolicyConfig::Tokens dearer = t;
        dearer.prices[2].perGpuHour = 5;
        const QList<BookDiff> fromFacts = compareBooks(
            books, buildBooks(m.facts, dearer, from, until, adjustments, m.models, m.gaps));
        const QList<BookDiff> fromLedger =
            compareBooks(again, buildBooks(rec.facts, dearer, rec.fromMs, until, rec.adjustments,
                                           rec.modelsSeen, rec.gaps));
        QCOMPARE(fromLedger.size(), fromFacts.size());
        for (int i = 0; i < fromFacts.size(); ++i) {
            QCOMPARE(fromLedger[i].user, fromFacts[i].user);
            QCOMPARE(fromLedger[i].after, fromFacts[i].after);
        }
    }

    void entriesAreOnlyAppended()
    {
        // A user going negative (dailies), another listed, usage over weeks.
        QList<Snapshot> r = workedExample();
        r << holding(QStringLiteral("n"), QStringLiteral("frank"), QStringLiteral("RTX 3090"), 8,
                     utcMs(2026, 11, 12, 0), 20 * 60);
        r << holding(QStringLiteral("n"), QStringLiteral("frank"), QStringLiteral("RTX 3090"), 2,
                     utcMs(2026, 12, 2, 0), 5 * 60);
        const Metered m = meter(r);
        PolicyConfig::Tokens t = rules();
        t.users = {QStringLiteral("erin")};
        const qint64 from = localMs(kBerlin, 2026, 11, 1);
        const Books whole = buildBooks(m.facts, t, from, localMs(kBerlin, 2026, 12, 10));
        QCOMPARE(buildBooks(m.facts, t, from, localMs(kBerlin, 2026, 12, 10)), whole);
        QVERIFY(!ofKind(whole, LedgerEntry::Kind::Daily).isEmpty());
        int cuts = 0;
        for (qint64 until = from; until <= localMs(kBerlin, 2026, 12, 10); until += 7 * 3'600'000) {
            const Books part = buildBooks(m.facts, t, from, until);
            QVERIFY(part.entries.size() <= whole.entries.size());
            for (qsizetype i = 0; i < part.entries.size(); ++i)
                QCOMPARE(part.entries[i], whole.entries[i]);
            ++cuts;
        }
        QVERIFY(cuts > 100);
        // Ids are unique.
        QSet<QString> ids;
        for (const LedgerEntry& e : whole.entries)
            ids.insert(e.id);
        QCOMPARE(ids.size(), whole.entries.size());
    }
};

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_ledger.moc"
