// ReportBuilder against the hand-computed fixture (reportfixture.h): every
// figure below is worked out in the comment beside it from the readings,
// never read off the code's output.

#include "policy/policyconfig.h"
#include "report/reportbuilder.h"
#include "reportfixture.h"

#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {

constexpr double kEps = 1e-9;

Report fixtureReport(bool withPolicy = true)
{
    ReportOptions options;
    options.fromMs = kT0;
    options.toMs = kT0 + kHour;
    options.generatedAtMs = kT0 + 2 * kHour;
    if (withPolicy) {
        const PolicyParseResult parsed =
            parsePolicy(QByteArray(kReportPolicy), QStringLiteral("policy.toml"));
        if (!parsed.config)
            qFatal("fixture policy refused: %s", qPrintable(parsed.errors.join(u'\n')));
        options.policy = parsed.config;
    } else {
        options.timeZone = QStringLiteral("UTC");
    }
    ReportBuilder builder(options);
    for (const Snapshot& s : reportFixture())
        builder.feed(s);
    return builder.finish();
}

const UnitReport* unit(const Report& r, const QString& server, const QString& mig = {})
{
    for (const UnitReport& u : r.units)
        if (u.server == server && u.migUuid == mig)
            return &u;
    return nullptr;
}

const UserReport* user(const Report& r, const QString& name)
{
    for (const UserReport& u : r.users)
        if (u.user == name)
            return &u;
    return nullptr;
}

void near(std::optional<double> actual, double expected, const char* what)
{
    QVERIFY2(actual.has_value(), what);
    QVERIFY2(std::abs(*actual - expected) < kEps, qPrintable(QStringLiteral("%1: %2, expected %3")
                                                                 .arg(QLatin1String(what))
                                                                 .arg(*actual, 0, 'g', 17)
                                                                 .arg(expected, 0, 'g', 17)));
}

} // namespace

class TestReportBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rangeScopeAndZone()
    {
        const Report r = fixtureReport();
        QCOMPARE(r.fromMs, kT0);
        QCOMPARE(r.toMs, kT0 + kHour);
        QCOMPARE(r.generatedAtMs, kT0 + 2 * kHour);
        QCOMPARE(r.timeZone, QStringLiteral("UTC")); // the policy's [tokens] time_zone
        QCOMPARE(r.servers, (QStringList{QStringLiteral("alpha"), QStringLiteral("beta"),
                                         QStringLiteral("gamma")}));
        QCOMPARE(r.busyThresholdPercent, 80.0);
        QCOMPARE(r.idleThresholdPercent, 10.0);
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(u'\n')));
    }

    void coverageFollowsTheBooksRule()
    {
        const Report r = fixtureReport();
        QCOMPARE(r.coverage.size(), 3);
        // alpha: six readings, each standing one minute (the next comes
        // after 1 min, or after 7 min > 3 × 1 min: a gap, so one interval;
        // the last one interval) = 6 min. Gaps: 3 min + 1 → 10 min, and
        // 11 min + 1 → the end (49 min > 3 min).
        const ServerCoverage& alpha = r.coverage[0];
        QCOMPARE(alpha.server, QStringLiteral("alpha"));
        QCOMPARE(alpha.coveredMs, 6 * kMinute);
        QCOMPARE(alpha.gaps, (QList<CoverageGap>{
                                 {QStringLiteral("alpha"), kT0 + 4 * kMinute, kT0 + 10 * kMinute},
                                 {QStringLiteral("alpha"), kT0 + 12 * kMinute, kT0 + kHour}}));
        // beta: three readings = 3 min; silent from the start to 30 min
        // (30 min > 3 min) and from 33 min to the end.
        const ServerCoverage& beta = r.coverage[1];
        QCOMPARE(beta.coveredMs, 3 * kMinute);
        QCOMPARE(beta.gaps,
                 (QList<CoverageGap>{{QStringLiteral("beta"), kT0, kT0 + 30 * kMinute},
                                     {QStringLiteral("beta"), kT0 + 33 * kMinute, kT0 + kHour}}));
        // gamma: its one reading at −10 min stands for [−10, −9) min, all
        // before the range: nothing covered, the whole hour a gap.
        const ServerCoverage& gamma = r.coverage[2];
        QCOMPARE(gamma.coveredMs, 0);
        QCOMPARE(gamma.gaps, (QList<CoverageGap>{{QStringLiteral("gamma"), kT0, kT0 + kHour}}));
    }

    void wholeGpuFigures()
    {
        const Report r = fixtureReport();
        const UnitReport* a = unit(r, QStringLiteral("alpha"));
        QVERIFY(a);
        QCOMPARE(a->gpuUuid, QStringLiteral("GPU-a0"));
        QCOMPARE(a->gpuModel, QStringLiteral("NVIDIA A100-SXM4-40GB"));
        QCOMPARE(a->coveredMs, 6 * kMinute);
        // Utilisation 100, 90, 50, 5, 0 one minute each (the last reading
        // has none): mean 245 / 5 = 49, peak 100.
        near(a->utilisationPercent.mean, 49, "utilisation mean");
        near(a->utilisationPercent.peak, 100, "utilisation peak");
        // Memory 8000 × 4 min + 0 × 2 min over 6 min = 5333.33…, peak 8000.
        near(a->memoryUsedMiB.mean, 32000.0 / 6, "memory mean");
        near(a->memoryUsedMiB.peak, 8000, "memory peak");
        // Temperature 60, 70, 65, 50, 40: 285 / 5 = 57, peak 70.
        near(a->temperatureC.mean, 57, "temperature mean");
        near(a->temperatureC.peak, 70, "temperature peak");
        // Power 300, 300, 200, 100, (none), 60: 960 / 5 = 192, peak 300.
        near(a->powerW.mean, 192, "power mean");
        near(a->powerW.peak, 300, "power peak");
        // Energy: 960 W × 60 s = 57 600 J = 57 600 / 3 600 000 kWh = 0.016.
        near(a->energyKWh, 0.016, "energy");
        // Busy (≥ 80 %): the minutes at 100 and 90 = 2 min.
        QCOMPARE(a->busyMs, std::optional<qint64>(2 * kMinute));
        // Held idle (< 10 % with a process on it): the minute at 5 % with
        // alice; the minute at 0 % has no process.
        QCOMPARE(a->heldIdleMs, std::optional<qint64>(kMinute));
    }

    void migInstanceIsAUnitOfItsOwn()
    {
        const Report r = fixtureReport();
        const UnitReport* b = unit(r, QStringLiteral("beta"));
        QVERIFY(b);
        QCOMPARE(b->coveredMs, 3 * kMinute);
        // No utilisation in MIG mode: mean, peak, busy and held idle absent,
        // not zero.
        QVERIFY(!b->utilisationPercent.mean);
        QVERIFY(!b->utilisationPercent.peak);
        QVERIFY(!b->busyMs);
        QVERIFY(!b->heldIdleMs);
        near(b->memoryUsedMiB.mean, 10000, "beta memory");
        near(b->powerW.mean, 100, "beta power");
        // 100 W × 180 s = 18 000 J = 0.005 kWh.
        near(b->energyKWh, 0.005, "beta energy");
        const UnitReport* m = unit(r, QStringLiteral("beta"), QStringLiteral("MIG-b0-1"));
        QVERIFY(m);
        QCOMPARE(m->migProfile, QStringLiteral("3g.40gb"));
        QCOMPARE(m->gpuUuid, QStringLiteral("GPU-b0"));
        QCOMPARE(m->coveredMs, 3 * kMinute);
        near(m->memoryUsedMiB.mean, 10000, "instance memory");
        QVERIFY(!m->powerW.mean);
        QVERIFY(!m->energyKWh);
        QVERIFY(!m->temperatureC.mean);
    }

    void gpuWithoutReadingsInRangeHasZeroCoverageNotZeroUse()
    {
        const Report r = fixtureReport();
        const UnitReport* c = unit(r, QStringLiteral("gamma"));
        QVERIFY(c);
        QCOMPARE(c->gpuModel, QStringLiteral("NVIDIA L40S"));
        QCOMPARE(c->coveredMs, 0);
        QVERIFY(!c->utilisationPercent.mean);
        QVERIFY(!c->powerW.mean);
        QVERIFY(!c->energyKWh);
        QVERIFY(!c->busyMs);
        QVERIFY(!c->heldIdleMs);
        QCOMPARE(r.units.size(), 4); // alpha, beta, beta's instance, gamma
    }

    void usersAsTheBooksCountThem()
    {
        const Report r = fixtureReport();
        // Fleet: covered hours of whole GPUs = 6 + 3 + 0 min = 0.15 h.
        near(r.fleetGpuHours, 0.15, "fleet");
        QCOMPARE(r.users.size(), 2);
        const UserReport* alice = user(r, QStringLiteral("alice"));
        QVERIFY(alice);
        // alice holds the whole A100 for 4 min = 1/15 h.
        QCOMPARE(alice->gpuHoursByModel.keys(),
                 QStringList{QStringLiteral("NVIDIA A100-SXM4-40GB")});
        QVERIFY(std::abs(alice->gpuHours - 1.0 / 15) < kEps);
        // (1/15) / 0.15 = 44.44… %; her quota 50 %.
        near(alice->sharePercent, 100.0 / 15 / 0.15, "alice share");
        near(alice->quotaPercent, 50, "alice quota");
        // 1/15 h × 2 tokens = 2/15 charged; 100 − 2/15 left.
        near(alice->tokensCharged, 2.0 / 15, "alice charged");
        near(alice->balance, 100 - 2.0 / 15, "alice balance");

        const UserReport* bob = user(r, QStringLiteral("bob"));
        QVERIFY(bob);
        // bob holds 3 of 7 slices for 3 min: 3/7 × 3/60 h = 3/140 h.
        QVERIFY(std::abs(bob->gpuHours - 3.0 / 140) < kEps);
        // (3/140) / 0.15 = 1/7 = 14.28… %; quota: the default 25 %.
        near(bob->sharePercent, 100.0 / 7, "bob share");
        near(bob->quotaPercent, 25, "bob quota");
        // 3/140 h × 4 tokens = 3/35.
        near(bob->tokensCharged, 3.0 / 35, "bob charged");
        near(bob->balance, 100 - 3.0 / 35, "bob balance");
    }

    void withoutPolicyQuotaAndTokensAreAbsent()
    {
        const Report r = fixtureReport(false);
        const UserReport* alice = user(r, QStringLiteral("alice"));
        QVERIFY(alice);
        QVERIFY(alice->sharePercent);
        QVERIFY(!alice->quotaPercent);
        QVERIFY(!alice->tokensCharged);
        QVERIFY(!alice->balance);
        // The defaults of [hog] and [idle] still decide busy and held idle.
        QCOMPARE(unit(r, QStringLiteral("alpha"))->busyMs, std::optional<qint64>(2 * kMinute));
    }

    void readingOutOfOrderIsSkippedAndSaid()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        builder.feed(alphaReading(1, 50, 0, 40, 100, false));
        builder.feed(alphaReading(0, 50, 0, 40, 100, false));
        const Report r = builder.finish();
        QCOMPARE(r.coverage[0].coveredMs, kMinute);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings[0].contains(QStringLiteral("not after the last one")),
                 qPrintable(r.warnings[0]));
    }

    void heldIdleNeedsMemoryHeld()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        // Minute 0: alice's process holds 0 MiB at 0 % (not held); minute
        // 1: 2000 MiB at 0 % (held); minute 2: 2000 MiB at 10 %, not below
        // the default minimum of 10 % (not idle). Held idle: 1 min of 3.
        builder.feed(alphaReading(0, 0, 0, 40, 100, true));
        builder.feed(alphaReading(1, 0, 2000, 40, 100, true));
        builder.feed(alphaReading(2, 10, 2000, 40, 100, true));
        const Report r = builder.finish();
        QCOMPARE(unit(r, QStringLiteral("alpha"))->heldIdleMs, std::optional<qint64>(kMinute));
        QCOMPARE(unit(r, QStringLiteral("alpha"))->busyMs, std::optional<qint64>(0));
    }

    void emptyRangeHasNoFleet()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        const Report r = ReportBuilder(options).finish();
        QVERIFY(r.units.isEmpty());
        QVERIFY(!r.fleetGpuHours);
        QVERIFY(r.users.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_reportbuilder.moc"
