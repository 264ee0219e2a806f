// Advice: quota × band × defensive with their reasons, the priorities'
// rules, the backoff; from hand-built statuses and from a real policy engine
// fed readings at the band edges (29/30/70/71 %) and into defensive mode.
#include "coord/advice.h"

#include "policy/policyengine.h"

#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000;
constexpr qint64 kSecond = 1000;

PolicyStatus status(double load, int band, double multiplier, bool defensive = false)
{
    PolicyStatus s;
    s.server = QStringLiteral("node-1");
    s.atMs = kT0;
    s.loadPercent = load;
    s.loadBand = band;
    s.bandMultiplier = multiplier;
    s.defensive = defensive;
    s.hogFraction = defensive ? 0.4 : 0.05;
    s.defensiveMultiplier = defensive ? 0.1 : 1;
    s.users << PolicyStatus::User{QStringLiteral("alice"), 50, 50 * multiplier, 20};
    return s;
}

PolicyConfig policyWithAlice()
{
    PolicyConfig p;
    p.quota.users << QuotaShare{QStringLiteral("alice"), 50, {}};
    p.quota.users << QuotaShare{QStringLiteral("carol"), 40, {}};
    return p;
}

Snapshot reading(qint64 t, double util, const char* user)
{
    Snapshot s;
    s.server = QStringLiteral("node-1");
    s.timestampMs = t;
    s.intervalMs = kSecond;
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-0");
    g.name = QStringLiteral("NVIDIA A100");
    g.utilizationGpuPercent = util;
    g.memoryTotalMiB = 40960;
    g.memoryUsedMiB = 8192;
    g.powerW = 200;
    g.powerLimitW = 400;
    s.gpus << g;
    GpuProcess p;
    p.pid = 4242;
    p.startTimeMs = 1'700'000'000'000;
    p.uid = 1000;
    p.user = QString::fromLatin1(user);
    p.command = QStringLiteral("python train.py");
    p.gpuUuid = g.uuid;
    p.usedMemoryMiB = 8192;
    p.smUtilPercent = util;
    s.processes << p;
    return s;
}

} // namespace

class TstAdvice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalUnderItsShare()
    {
        const Advice a = adviceFor(status(45, 1, 0.5), policyWithAlice(), QStringLiteral("alice"),
                                   Priority::Normal, 0);
        QCOMPARE(a.quota.value, 50.0);
        QCOMPARE(a.quota.reason, QStringLiteral("quota 50% for alice, as in effect now"));
        QCOMPARE(a.band.value, 0.5);
        QCOMPARE(a.band.reason, QStringLiteral("load 45% is in band 2 (up to 70%): ×0.5"));
        QCOMPARE(a.defensive.value, 1.0);
        QCOMPARE(a.defensive.reason,
                 QStringLiteral("not defensive: hogs for 5% of the last 1d (at most 30%): ×1"));
        QCOMPARE(a.allowedSharePercent, 25.0);
        QCOMPARE(a.sharePercent, 20.0);
        QVERIFY(a.startNow);
        QCOMPARE(a.waitSeconds, 0);
        QCOMPARE(a.reason, QStringLiteral("start now: alice uses 20% of the server, under the 25% "
                                          "allowed"));
    }

    void normalOverItsShareWaitsWithBackoff()
    {
        const PolicyStatus s = status(85, 2, 0.1);
        const Advice a =
            adviceFor(s, policyWithAlice(), QStringLiteral("alice"), Priority::Normal, 0);
        QCOMPARE(a.allowedSharePercent, 5.0);
        QVERIFY(!a.startNow);
        QCOMPARE(a.waitSeconds, 30);
        QCOMPARE(a.reason, QStringLiteral("wait 30 s: alice uses 20% of the server, at or over the "
                                          "5% allowed"));
        QCOMPARE(adviceFor(s, policyWithAlice(), QStringLiteral("alice"), Priority::Normal, 2)
                     .waitSeconds,
                 120);
        QCOMPARE(adviceFor(s, policyWithAlice(), QStringLiteral("alice"), Priority::Normal, 40)
                     .waitSeconds,
                 900);
    }

    void backoff()
    {
        QCOMPARE(adviceBackoffSeconds(-3), 30);
        QCOMPARE(adviceBackoffSeconds(0), 30);
        QCOMPARE(adviceBackoffSeconds(1), 60);
        QCOMPARE(adviceBackoffSeconds(4), 480);
        QCOMPARE(adviceBackoffSeconds(5), 900); // 960 capped
        QCOMPARE(adviceBackoffSeconds(std::numeric_limits<int>::max()), 900);
    }

    void highKeepsItsQuotaUnderLoad()
    {
        const Advice a = adviceFor(status(85, 2, 0.1), policyWithAlice(), QStringLiteral("alice"),
                                   Priority::High, 0);
        QCOMPARE(a.band.value, 1.0);
        QCOMPARE(a.band.reason, QStringLiteral("high priority keeps its quota under load: ×1 (load "
                                               "85% is in band 3 (up to 100%): ×0.1 for others)"));
        QCOMPARE(a.allowedSharePercent, 50.0);
        QVERIFY(a.startNow);
    }

    void highStillDefensive()
    {
        const Advice a = adviceFor(status(20, 0, 1, true), policyWithAlice(),
                                   QStringLiteral("alice"), Priority::High, 1);
        QCOMPARE(a.defensive.value, 0.1);
        QCOMPARE(a.defensive.reason,
                 QStringLiteral("defensive mode: hogs for 40% of the last 1d (over 30%): ×0.1"));
        QCOMPARE(a.allowedSharePercent, 5.0);
        QVERIFY(!a.startNow);
        QCOMPARE(a.waitSeconds, 60);
    }

    void lowPausesFirst()
    {
        // Top band: waits though it uses nothing.
        Advice a = adviceFor(status(85, 2, 0.1), policyWithAlice(), QStringLiteral("bob"),
                             Priority::Low, 0);
        QCOMPARE(a.sharePercent, 0.0);
        QVERIFY(!a.startNow);
        QCOMPARE(a.reason,
                 QStringLiteral("wait 30 s: low priority pauses first: the server is in "
                                "its top load band (load 85% is in band 3 (up to 100%))"));
        // Defensive: waits.
        a = adviceFor(status(10, 0, 1, true), policyWithAlice(), QStringLiteral("bob"),
                      Priority::Low, 0);
        QVERIFY(!a.startNow);
        QCOMPARE(a.reason, QStringLiteral("wait 30 s: low priority pauses first: the server is in "
                                          "defensive mode"));
        // A middle band: as normal.
        a = adviceFor(status(50, 1, 0.5), policyWithAlice(), QStringLiteral("bob"), Priority::Low,
                      0);
        QVERIFY(a.startNow);
        QCOMPARE(a.allowedSharePercent, 50.0);
    }

    void quotaOfUsersNotSeen()
    {
        Advice a = adviceFor(status(10, 0, 1), policyWithAlice(), QStringLiteral("carol"),
                             Priority::Normal, 0);
        QCOMPARE(a.quota.value, 40.0);
        QCOMPARE(a.quota.reason, QStringLiteral("quota 40% for carol from [quota.users]"));
        a = adviceFor(status(10, 0, 1), policyWithAlice(), QStringLiteral("bob"), Priority::Normal,
                      0);
        QCOMPARE(a.quota.value, 100.0);
        QCOMPARE(
            a.quota.reason,
            QStringLiteral("default quota 100% (bob has no quota of their own in effect now)"));
    }

    void adaptiveOff()
    {
        PolicyConfig p = policyWithAlice();
        p.adaptive.enabled = false;
        const Advice a = adviceFor(status(85, 0, 1), p, QStringLiteral("alice"), Priority::Low, 0);
        QCOMPARE(a.band.reason, QStringLiteral("adaptive quotas are off: ×1"));
        QCOMPARE(a.defensive.reason, QStringLiteral("adaptive quotas are off: ×1"));
        QCOMPARE(a.allowedSharePercent, 50.0);
        QVERIFY(a.startNow);
    }

    void priorities()
    {
        QString error;
        QCOMPARE(parsePriority(QStringLiteral(" HIGH "), &error), Priority::High);
        QCOMPARE(parsePriority(QStringLiteral("normal"), &error), Priority::Normal);
        QCOMPARE(parsePriority(QStringLiteral("low"), &error), Priority::Low);
        QVERIFY(!parsePriority(QStringLiteral("urgent"), &error));
        QCOMPARE(error, QStringLiteral("unknown priority \"urgent\" (high, normal or low)"));
        QCOMPARE(priorityName(Priority::Low), QStringLiteral("low"));
    }

    // A real engine, default bands (30 % ×1, 70 % ×0.5, 100 % ×0.1), alice's
    // job the only load; bob asks.
    void followsTheEngineAtBandEdges_data()
    {
        QTest::addColumn<double>("load");
        QTest::addColumn<int>("band");
        QTest::addColumn<double>("bobAllowed");
        QTest::addColumn<bool>("bobLowStarts");
        QTest::addColumn<bool>("aliceNormalStarts");
        QTest::newRow("29%") << 29.0 << 0 << 100.0 << true << true;
        QTest::newRow("30%") << 30.0 << 0 << 100.0 << true << true;
        QTest::newRow("70%") << 70.0 << 1 << 50.0 << true << false;
        QTest::newRow("71%") << 71.0 << 2 << 10.0 << false << false;
    }
    void followsTheEngineAtBandEdges()
    {
        QFETCH(double, load);
        QFETCH(int, band);
        QFETCH(double, bobAllowed);
        QFETCH(bool, bobLowStarts);
        QFETCH(bool, aliceNormalStarts);
        PolicyConfig policy;
        PolicyEngine engine(policy);
        for (int i = 0; i < 20; ++i)
            engine.feed(reading(kT0 + i * kSecond, load, "alice"));
        const PolicyStatus s = engine.status(QStringLiteral("node-1"));
        QCOMPARE(s.loadBand, band);
        QVERIFY(!s.defensive);
        const Advice bob = adviceFor(s, policy, QStringLiteral("bob"), Priority::Normal, 0);
        QCOMPARE(bob.allowedSharePercent, bobAllowed);
        QVERIFY(bob.startNow);
        QCOMPARE(adviceFor(s, policy, QStringLiteral("bob"), Priority::Low, 0).startNow,
                 bobLowStarts);
        QCOMPARE(adviceFor(s, policy, QStringLiteral("bob"), Priority::High, 0).allowedSharePercent,
                 100.0);
        const Advice alice = adviceFor(s, policy, QStringLiteral("alice"), Priority::Normal, 0);
        QCOMPARE(alice.sharePercent, load);
        QCOMPARE(alice.startNow, aliceNormalStarts);
        // High keeps its quota at every edge: alice (100 %) may start.
        QVERIFY(adviceFor(s, policy, QStringLiteral("alice"), Priority::High, 0).startNow);
    }

    // Hogs for most of a short hostile window: defensive mode, in the advice.
    void followsTheEngineIntoDefensiveMode()
    {
        PolicyConfig policy;
        policy.hog.thresholdPercent = 80;
        policy.hog.durationMs = 5 * kSecond;
        policy.adaptive.hostileWindowMs = 60 * kSecond;
        PolicyEngine engine(policy);
        for (int i = 0; i < 60; ++i)
            engine.feed(reading(kT0 + i * kSecond, 95, "alice"));
        const PolicyStatus s = engine.status(QStringLiteral("node-1"));
        QVERIFY2(s.defensive, qPrintable(QString::number(s.hogFraction)));
        const Advice bob = adviceFor(s, policy, QStringLiteral("bob"), Priority::High, 0);
        QCOMPARE(bob.defensive.value, 0.1);
        QVERIFY(bob.defensive.reason.startsWith(QLatin1String("defensive mode: hogs for ")));
        QCOMPARE(bob.allowedSharePercent, 10.0);
        QVERIFY(bob.startNow);
        QVERIFY(!adviceFor(s, policy, QStringLiteral("bob"), Priority::Low, 0).startNow);
    }
};

QTEST_GUILESS_MAIN(TstAdvice)
#include "tst_advice.moc"
