// The health rule (core/policy/healthrule.h, docs/health.md): a GPU that
// leaves ok is one gpu_health event until it is ok again (unknown does not
// end it; a gap does not either); an application's XID is an xid event
// about the process the driver named, with its owner; both read back from
// their JSON as written, and their mistakes are named.
#include "policy/policyengine.h"
#include "policy/policyevent.h"

#include <QJsonArray>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1795340000000;

Snapshot reading(qint64 t, std::optional<HealthState> state, QStringList reasons = {})
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = t;
    s.intervalMs = 1000;
    s.backend = u"nvml"_s;
    GpuSample g;
    g.index = 2;
    g.uuid = u"GPU-2"_s;
    g.memoryUsedMiB = 1000;
    g.memoryTotalMiB = 80000;
    g.utilizationGpuPercent = 10;
    g.healthFacts = GpuHealthFacts{};
    if (state)
        g.health = GpuHealth{*state, reasons, kT0};
    s.gpus << g;
    GpuProcess p;
    p.pid = 4242;
    p.startTimeMs = kT0 - 60'000;
    p.user = u"root"_s;
    p.command = u"python train.py"_s;
    p.gpuUuid = g.uuid;
    p.usedMemoryMiB = 1000;
    p.owner = ProcessOwner{u"alice"_s, u"vision"_s, u"pod label"_s, false};
    s.processes << p;
    return s;
}

QList<PolicyEvent> ofKind(const PolicyStep& step, PolicyEventKind kind)
{
    QList<PolicyEvent> out;
    for (const PolicyEvent& e : step.changed)
        if (e.kind == kind)
            out << e;
    return out;
}

} // namespace

class TestHealthRule : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aGpuThatLeavesOkIsOneEventUntilOkAgain()
    {
        PolicyEngine engine(PolicyConfig{});
        QVERIFY(ofKind(engine.feed(reading(kT0, HealthState::Ok)), PolicyEventKind::GpuHealth)
                    .isEmpty());
        const QList<PolicyEvent> opened = ofKind(
            engine.feed(reading(kT0 + 1000, HealthState::Degraded, {u"a row remap waits"_s})),
            PolicyEventKind::GpuHealth);
        QCOMPARE(opened.size(), 1);
        const PolicyEvent& e = opened.first();
        QVERIFY(e.isOpen());
        QCOMPARE(e.gpuIndex, 2);
        QCOMPARE(e.gpuUuid, u"GPU-2"_s);
        QCOMPARE(e.pid, 0);
        QCOMPARE(e.startMs, kT0); // since the verdict left ok
        QCOMPARE(e.healthState, u"degraded"_s);
        QCOMPARE(policyEventText(e), u"GPU degraded: node-1 GPU 2: a row remap waits"_s);
        // The same verdict again: nothing new; worse: said at once, same event.
        QVERIFY(ofKind(engine.feed(
                           reading(kT0 + 2000, HealthState::Degraded, {u"a row remap waits"_s})),
                       PolicyEventKind::GpuHealth)
                    .isEmpty());
        const QList<PolicyEvent> worse =
            ofKind(engine.feed(reading(kT0 + 3000, HealthState::Failing,
                                       {u"XID 79 (GPU has fallen off the bus)"_s})),
                   PolicyEventKind::GpuHealth);
        QCOMPARE(worse.size(), 1);
        QCOMPARE(worse[0].id, e.id);
        QCOMPARE(worse[0].healthState, u"failing"_s);
        // Unknown (the sampler stopped reading health) and a gap: still open.
        QVERIFY(ofKind(engine.feed(reading(kT0 + 4000, std::nullopt)), PolicyEventKind::GpuHealth)
                    .isEmpty());
        QVERIFY(ofKind(engine.feed(reading(kT0 + 600'000, HealthState::Unknown)),
                       PolicyEventKind::GpuHealth)
                    .isEmpty());
        QCOMPARE(engine.openEvents().size(), 1);
        const QList<PolicyEvent> ended = ofKind(
            engine.feed(reading(kT0 + 601'000, HealthState::Ok)), PolicyEventKind::GpuHealth);
        QCOMPARE(ended.size(), 1);
        QCOMPARE(ended[0].id, e.id);
        QCOMPARE(ended[0].endMs, std::optional<qint64>(kT0 + 601'000));
        QCOMPARE(ended[0].endReason, u"healthy again"_s);
        QVERIFY(engine.openEvents().isEmpty());
    }

    void anApplicationsXidIsToldAboutItsProcessAndOwner()
    {
        PolicyEngine engine(PolicyConfig{});
        engine.feed(reading(kT0, HealthState::Ok));
        Snapshot r = reading(kT0 + 1000, HealthState::Ok);
        XidEvent x;
        x.xid = 13;
        x.atMs = kT0 + 900;
        x.source = XidEvent::Source::Both;
        x.pid = 4242;
        x.processName = u"python"_s;
        x.text = u"Graphics SM Warp Exception"_s;
        XidEvent hardware = x; // not the program's: the verdict tells of it
        hardware.xid = 79;
        r.gpus[0].healthFacts->xids = {x, hardware};
        const PolicyStep step = engine.feed(r);
        const QList<PolicyEvent> xids = ofKind(step, PolicyEventKind::Xid);
        QCOMPARE(xids.size(), 2); // opened, then ended: told once
        QVERIFY(xids[0].isOpen());
        const PolicyEvent& e = xids[1];
        QVERIFY(!e.isOpen());
        QCOMPARE(e.id, xids[0].id);
        QCOMPARE(e.xid, 13);
        QCOMPARE(e.pid, 4242);
        QCOMPARE(e.user, u"alice"_s);
        QCOMPARE(e.account, u"vision"_s);
        QCOMPARE(e.command, u"python train.py"_s);
        QCOMPARE(e.startMs, kT0 + 900);
        QVERIFY2(policyEventText(e).startsWith(u"XID 13"_s), qPrintable(policyEventText(e)));
        QVERIFY2(policyEventText(e).contains(u"alice"_s), qPrintable(policyEventText(e)));
        QVERIFY(engine.openEvents().isEmpty());
        QVERIFY(ofKind(step, PolicyEventKind::GpuHealth).isEmpty()); // the GPU is ok
    }

    void healthAndXidEventsReadBackAsWritten()
    {
        PolicyEvent h;
        h.id = u"gpu_health/node-1/GPU-2/1"_s;
        h.kind = PolicyEventKind::GpuHealth;
        h.server = u"node-1"_s;
        h.gpuUuid = u"GPU-2"_s;
        h.gpuIndex = 2;
        h.healthState = u"failing"_s;
        h.healthReasons = {u"XID 79"_s, u"a row remap waits"_s};
        h.xid = 13; // not carried by this kind: not kept
        QString error;
        const QJsonObject hj = toJson(h);
        QVERIFY(hj[u"xid"_s].isNull());
        QCOMPARE(hj[u"health_reasons"_s].toArray().size(), 2);
        const auto hb = policyEventFromJson(hj, &error);
        QVERIFY2(hb, qPrintable(error));
        h.xid = 0;
        QCOMPARE(*hb, h);
        PolicyEvent x;
        x.id = u"xid/node-1/GPU-2/13/4242/1"_s;
        x.kind = PolicyEventKind::Xid;
        x.server = u"node-1"_s;
        x.xid = 43;
        x.xidText = u"Ch 00000010"_s;
        x.healthState = u"failing"_s; // not carried: not kept
        const auto xb = policyEventFromJson(toJson(x), &error);
        QVERIFY2(xb, qPrintable(error));
        x.healthState.clear();
        QCOMPARE(*xb, x);
    }

    void badHealthAndXidEventsAreNamed_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<bool>("xid");
        QTest::addColumn<QString>("expected");
        QTest::newRow("state") << u"health_state"_s << QJsonValue(u"sick"_s) << false
                               << u"health_state: expected degraded or failing"_s;
        QTest::newRow("reasons") << u"health_reasons"_s << QJsonValue(u"x"_s) << false
                                 << u"health_reasons: expected an array"_s;
        QTest::newRow("reason") << u"health_reasons"_s << QJsonValue(QJsonArray{1}) << false
                                << u"health_reasons: expected strings"_s;
        QJsonArray many;
        for (int i = 0; i <= kMaxHealthReasons; ++i)
            many.append(u"r"_s);
        QTest::newRow("too many reasons") << u"health_reasons"_s << QJsonValue(many) << false
                                          << u"health_reasons: expected at most 32 reasons"_s;
        QTest::newRow("code") << u"xid"_s << QJsonValue(0) << true << u"xid: expected 1 to 999"_s;
        QTest::newRow("code text")
            << u"xid"_s << QJsonValue(u"79"_s) << true << u"xid: expected an integer"_s;
    }

    void badHealthAndXidEventsAreNamed()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(bool, xid);
        QFETCH(QString, expected);
        PolicyEvent e;
        e.id = u"x"_s;
        e.kind = xid ? PolicyEventKind::Xid : PolicyEventKind::GpuHealth;
        e.server = u"node-1"_s;
        e.xid = 13;
        e.healthState = u"degraded"_s;
        QJsonObject o = toJson(e);
        o.insert(key, value);
        QString error;
        QVERIFY(!policyEventFromJson(o, &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestHealthRule)
#include "tst_healthrule.moc"
