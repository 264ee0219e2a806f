// The demo fleet under resources/demo-policy.toml: within two minutes of
// start the engine finds a hog, an idle job and a fair-share violation, and
// nothing is ever asked to be signalled (the demo's processes are made up).

#include "policy/demopolicy.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "sources/demoworld.h"

#include <QFile>
#include <QTest>

using namespace gw;

class TestDemoPolicy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void demoShowsEveryKindWithinTwoMinutes_data();
    void demoShowsEveryKindWithinTwoMinutes();
    void builtInCopyIsTheFile();
};

void TestDemoPolicy::builtInCopyIsTheFile()
{
    QFile f(QStringLiteral(GW_DEMO_POLICY));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(demoPolicyText(), f.readAll());
    const PolicyParseResult parsed = parsePolicy(demoPolicyText(), QLatin1String(kDemoPolicyName));
    QVERIFY(parsed.config);
    QVERIFY(parsed.config->idle.dryRun);
    // The demo keeps token books (the Tokens page), with a price for each
    // GPU model of the demo fleet.
    const PolicyConfig::Tokens& t = parsed.config->tokens;
    QVERIFY(t.enabled);
    QCOMPARE(t.initial, 100.0);
    QCOMPARE(t.monthly, 30.0);
    QCOMPARE(t.overdraftFloor, -10.0);
    for (const char* model : {"NVIDIA A100-SXM4-80GB", "NVIDIA H100 80GB HBM3", "NVIDIA L40S"}) {
        bool priced = false;
        for (const PolicyConfig::Tokens::Price& p : t.prices)
            priced = priced || QLatin1String(model).contains(p.pattern, Qt::CaseInsensitive);
        QVERIFY2(priced, model);
    }
}

void TestDemoPolicy::demoShowsEveryKindWithinTwoMinutes_data()
{
    QTest::addColumn<qint64>("startMs");
    // Any start: the hour's scripted phases must not matter.
    QTest::newRow("2026-11-24 09:00 UTC") << qint64(1'795'510'800'000);
    QTest::newRow("2026-11-24 09:35 UTC") << qint64(1'795'512'900'000);
    QTest::newRow("2026-11-24 21:58 UTC") << qint64(1'795'557'480'000);
}

void TestDemoPolicy::demoShowsEveryKindWithinTwoMinutes()
{
    QFETCH(qint64, startMs);
    const PolicyParseResult parsed = loadPolicyFile(QStringLiteral(GW_DEMO_POLICY));
    QVERIFY2(parsed.config, qPrintable(parsed.errors.join(QLatin1Char('\n'))));
    PolicyEngine::Options options;
    options.enforcing = true; // even so, dry_run keeps it from asking
    PolicyEngine engine(*parsed.config, options);
    const DemoWorld world;
    QSet<PolicyEventKind> kinds;
    QHash<PolicyEventKind, qint64> firstAt;
    for (qint64 t = startMs; t <= startMs + 120'000; t += 1000) {
        for (Snapshot s : world.at(t)) {
            s.intervalMs = 1000;
            const PolicyStep step = engine.feed(s);
            QVERIFY(step.enforce.isEmpty());
            for (const PolicyEvent& e : step.changed)
                if (!firstAt.contains(e.kind))
                    firstAt.insert(e.kind, e.detectedMs - startMs);
        }
    }
    QVERIFY2(firstAt.contains(PolicyEventKind::Hog), "no hog");
    QVERIFY2(firstAt.contains(PolicyEventKind::Idle), "no idle job");
    QVERIFY2(firstAt.contains(PolicyEventKind::FairShare), "no fair-share violation");
    for (auto it = firstAt.constBegin(); it != firstAt.constEnd(); ++it)
        QVERIFY(*it <= 120'000);
    qInfo("hog after %lld s, idle after %lld s, fair share after %lld s",
          firstAt.value(PolicyEventKind::Hog) / 1000, firstAt.value(PolicyEventKind::Idle) / 1000,
          firstAt.value(PolicyEventKind::FairShare) / 1000);
}

QTEST_GUILESS_MAIN(TestDemoPolicy)
#include "tst_demopolicy.moc"
