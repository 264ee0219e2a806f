// Enforcement by balance, the pure part (core/tokens/enforcement.h): demand
// from readings and refused allocations, candidates from balances and the
// newest reading, the graduated schedule with exact times; the route bodies.

#include "tokens/enforcement.h"
#include "tokens/enforcementbody.h"

#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1795000000000;
constexpr qint64 kMin = 60'000;

// node-1 with two GPUs at `util` %, every 60 s.
Snapshot reading(qint64 ms, std::optional<double> util0, std::optional<double> util1 = {})
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = ms;
    s.intervalMs = kMin;
    GpuSample a;
    a.index = 0;
    a.uuid = u"GPU-a"_s;
    a.utilizationGpuPercent = util0;
    GpuSample b = a;
    b.index = 1;
    b.uuid = u"GPU-b"_s;
    b.utilizationGpuPercent = util1 ? util1 : util0;
    s.gpus = {a, b};
    return s;
}

GpuProcess process(qint64 pid, const QString& user, const QString& gpu, double mib,
                   std::optional<uint> uid = 1000)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = kT0 - 3'600'000 + pid;
    p.uid = uid;
    p.user = user;
    p.command = u"python"_s;
    p.gpuUuid = gpu;
    p.usedMemoryMiB = mib;
    return p;
}

} // namespace

class TestEnforcement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void demandAfterTheRunLastsDemandFor()
    {
        DemandTracker d;
        EnforcementRules rules; // 90 % for 10 min
        d.setRules(rules);
        for (int i = 0; i <= 9; ++i)
            d.reading(reading(kT0 + i * kMin, 95, 92));
        // 9 min of readings at or above: not yet.
        QVERIFY(!d.state(kT0 + 9 * kMin).high);
        d.reading(reading(kT0 + 10 * kMin, 91));
        const auto s = d.state(kT0 + 10 * kMin);
        QVERIFY(s.high);
        QCOMPARE(*s.sinceMs, kT0 + 10 * kMin);
        QCOMPARE(s.reason, u"GPU utilisation 91 % ≥ 90 % for 10 min"_s);
        // One reading below restarts the run.
        d.reading(reading(kT0 + 11 * kMin, 89.9));
        QVERIFY(!d.state(kT0 + 11 * kMin).high);
        for (int i = 12; i <= 21; ++i)
            d.reading(reading(kT0 + i * kMin, 100));
        QVERIFY(!d.state(kT0 + 21 * kMin).high); // 9 min since 12
        d.reading(reading(kT0 + 22 * kMin, 100));
        QCOMPARE(*d.state(kT0 + 22 * kMin).sinceMs, kT0 + 22 * kMin);
        // Readings stopping (the agent's sampler stuck): no longer high.
        QVERIFY(!d.state(kT0 + 22 * kMin + 4 * kMin).high);
    }

    void demandGapRestartsAndUnknownUtilisationIsNotHigh()
    {
        DemandTracker d;
        d.setRules(EnforcementRules());
        for (int i = 0; i <= 5; ++i)
            d.reading(reading(kT0 + i * kMin, 99));
        // 4 min silent (> 3 intervals): a gap, the run starts again.
        for (int i = 9; i <= 18; ++i)
            d.reading(reading(kT0 + i * kMin, 99));
        QVERIFY(!d.state(kT0 + 18 * kMin).high);
        d.reading(reading(kT0 + 19 * kMin, 99));
        QCOMPARE(*d.state(kT0 + 19 * kMin).sinceMs, kT0 + 19 * kMin);
        // A reading whose GPUs report no utilisation ends the run; one
        // without GPUs is ignored.
        d.reading(reading(kT0 + 20 * kMin, std::nullopt));
        QVERIFY(!d.state(kT0 + 20 * kMin).high);
        Snapshot host = reading(kT0 + 21 * kMin, 99);
        host.gpus.clear();
        d.reading(host);
        QVERIFY(!d.state(kT0 + 20 * kMin).high);
        // The mean of the GPUs decides: 100 and 79 → 89.5 < 90.
        DemandTracker m;
        m.setRules(EnforcementRules());
        for (int i = 0; i <= 10; ++i)
            m.reading(reading(kT0 + i * kMin, 100, 79));
        QVERIFY(!m.state(kT0 + 10 * kMin).high);
    }

    void refusedAllocationIsHighForDemandFor()
    {
        DemandTracker d;
        EnforcementRules rules;
        d.setRules(rules);
        d.refusedAllocation(kT0);
        auto s = d.state(kT0 + 1);
        QVERIFY(s.high);
        QCOMPARE(*s.sinceMs, kT0);
        QCOMPARE(s.reason, u"an allocation could not be served at 2026-11-18T11:06:40Z"_s);
        QVERIFY(d.state(kT0 + 10 * kMin - 1).high);
        QVERIFY(!d.state(kT0 + 10 * kMin).high);
        rules.demandOnRefusedAllocation = false;
        d.setRules(rules);
        QVERIFY(!d.state(kT0 + 1).high);
    }

    void candidates()
    {
        Snapshot s = reading(kT0, 95);
        s.processes = {process(300, u"alice"_s, u"GPU-a"_s, 30210),
                       process(300, u"alice"_s, u"GPU-b"_s, 1000), // same process, second GPU
                       process(200, u"bob"_s, u"GPU-b"_s, 4096),
                       process(100, u"root"_s, u"GPU-a"_s, 100, 0u),
                       process(400, u"carol"_s, u"GPU-a"_s, 100),
                       process(500, u"dave"_s, u"GPU-a"_s, 100),
                       process(600, u"erin"_s, u"GPU-a"_s, 100)};
        s.processes[6].startTimeMs.reset(); // no identity: never
        const QMap<QString, double> balances{{u"alice"_s, -12.5}, {u"bob"_s, -3},
                                             {u"root"_s, -100},   {u"carol"_s, -50},
                                             {u"erin"_s, -50},    {u"frank"_s, -50}};
        EnforcementRules rules;
        rules.protectedUsers = {u"carol"_s};
        // Low demand: only alice, at or below the floor.
        auto c = findCandidates(s, balances, -10, false, rules);
        QCOMPARE(c.size(), 1);
        QCOMPARE(c[0].id, u"alice/300/%1"_s.arg(kT0 - 3'600'000 + 300));
        QCOMPARE(c[0].pid, 300);
        QCOMPARE(*c[0].gpuIndex, 0);
        QCOMPARE(c[0].gpuUuid, u"GPU-a"_s);
        QCOMPARE(*c[0].memoryMib, 31210.0); // both GPUs
        QCOMPARE(c[0].balance, -12.5);
        QCOMPARE(c[0].floor, -10.0);
        QCOMPARE(c[0].why, u"balance -12.5 at or below the floor -10"_s);
        // High demand: bob below zero too; dave has no balance, root and
        // carol (protected) never.
        c = findCandidates(s, balances, -10, true, rules);
        QCOMPARE(c.size(), 2);
        QCOMPARE(c[0].user, u"bob"_s);
        QCOMPARE(c[0].why, u"balance -3 below zero under high demand"_s);
        QCOMPARE(c[1].user, u"alice"_s);
        // A protected command.
        rules.protectedCommands = {u"python"_s};
        QVERIFY(findCandidates(s, balances, -10, true, rules).isEmpty());
        // The balance exactly at the floor counts; zero never does.
        QCOMPARE(findCandidates(s, {{u"alice"_s, -10}}, -10, false, {}).size(), 1);
        QVERIFY(findCandidates(s, {{u"alice"_s, 0}}, -10, true, {}).isEmpty());
    }

    // Root in a container owned by someone is a candidate, charged to its
    // owner, acted on through the container; root on the host never is.
    void rootInAnOwnedWorkloadIsACandidateHostRootNever()
    {
        const auto inWorkload = [](GpuProcess p, WorkloadKind kind, const QString& owner,
                                   bool ownerIsWorkload = false) {
            Workload w;
            w.kind = kind;
            w.id = kind == WorkloadKind::Slurm ? u"57"_s : u"561bb04bdcbb0c4b"_s;
            w.name = u"job1"_s;
            w.namespaceName = u"vision"_s;
            p.workload = w;
            p.owner = ProcessOwner{owner, u"vision"_s, u"a rule"_s, ownerIsWorkload};
            return p;
        };
        Snapshot s = reading(kT0, 95);
        s.processes = {
            process(100, u"root"_s, u"GPU-a"_s, 100, 0u), // host root
            inWorkload(process(200, u"root"_s, u"GPU-a"_s, 100, 0u), WorkloadKind::Docker,
                       u"alice"_s),
            inWorkload(process(300, u"root"_s, u"GPU-a"_s, 100, 0u), WorkloadKind::Docker,
                       u"root"_s), // rules that name root: root's
            inWorkload(process(400, u"root"_s, u"GPU-b"_s, 100, 0u), WorkloadKind::Kubernetes,
                       u"pod:vision/train-0"_s, true),
            inWorkload(process(500, u"bob"_s, u"GPU-b"_s, 100), WorkloadKind::Slurm, u"bob"_s),
            inWorkload(process(600, u"root"_s, u"GPU-b"_s, 100, 0u), WorkloadKind::Lxc,
                       u"carol"_s)}; // LXC is acted on as a process: root stays protected
        const QMap<QString, double> balances{{u"root"_s, -50},
                                             {u"alice"_s, -50},
                                             {u"bob"_s, -50},
                                             {u"carol"_s, -50},
                                             {u"pod:vision/train-0"_s, -50}};
        auto c = findCandidates(s, balances, -10, false, {});
        QCOMPARE(c.size(), 3);
        QCOMPARE(c[0].pid, 200);
        QCOMPARE(c[0].user, u"alice"_s);
        QCOMPARE(c[0].id, u"alice/200/%1"_s.arg(kT0 - 3'600'000 + 200));
        QCOMPARE(c[0].workload, u"container job1 (docker 561bb04bdcbb)"_s);
        QCOMPARE(c[1].pid, 400);
        QCOMPARE(c[1].workload, u"pod vision/job1"_s);
        QCOMPARE(c[1].id, u"pod:vision:train-0/400/%1"_s.arg(kT0 - 3'600'000 + 400));
        QCOMPARE(c[2].pid, 500);
        QCOMPARE(c[2].workload, u"Slurm job 57"_s);
        // Protected users name owners: alice's container is hers, root's
        // inside it is not host root.
        EnforcementRules rules;
        rules.protectedUsers = {u"alice"_s};
        c = findCandidates(s, balances, -10, false, rules);
        QCOMPARE(c.size(), 2);
        QCOMPARE(c[0].pid, 400);
        rules.protectedUsers = {u"root"_s};
        QCOMPARE(findCandidates(s, balances, -10, false, rules).size(), 3);
    }

    void scheduleWithExactTimes()
    {
        EnforcementRules rules; // 5 min apart, 30 s grace
        const qint64 since = kT0;
        QCOMPARE(*nextStep(since, {}, rules), (DueStep{EnforceStep::Notify, kT0}));
        QList<StepRecord> done{{EnforceStep::Notify, kT0 + 7, u"done"_s}};
        QCOMPARE(*nextStep(since, done, rules), (DueStep{EnforceStep::Renice, kT0 + 7 + 5 * kMin}));
        done << StepRecord{EnforceStep::Renice, kT0 + 5 * kMin + 100, u"would"_s};
        QCOMPARE(*nextStep(since, done, rules),
                 (DueStep{EnforceStep::Terminate, kT0 + 10 * kMin + 100}));
        done << StepRecord{EnforceStep::Terminate, kT0 + 10 * kMin + 200, u"refused"_s};
        QCOMPARE(*nextStep(since, done, rules),
                 (DueStep{EnforceStep::Kill, kT0 + 10 * kMin + 200 + 30'000}));
        done << StepRecord{EnforceStep::Kill, kT0 + 11 * kMin, u"done"_s};
        QVERIFY(!nextStep(since, done, rules));
        // A declined step ends it.
        QVERIFY(!nextStep(since, {{EnforceStep::Notify, kT0, u"declined"_s}}, rules));
        rules.stepAfterMs = 1000;
        QCOMPARE(nextStep(since, {{EnforceStep::Notify, kT0, u"done"_s}}, rules)->dueMs,
                 kT0 + 1000);
    }

    void planKeepsStepsPerProcessAndForgetsWhoLeaves()
    {
        Snapshot s = reading(kT0, 95);
        s.processes = {process(300, u"alice"_s, u"GPU-a"_s, 1000)};
        const auto c = findCandidates(s, {{u"alice"_s, -20}}, -10, false, {});
        EnforcementPlan plan;
        plan.setRules(EnforcementRules());
        plan.update(c, kT0);
        QCOMPARE(plan.rows().size(), 1);
        QCOMPARE(plan.rows()[0].sinceMs, kT0);
        QCOMPARE(*plan.rows()[0].due, (DueStep{EnforceStep::Notify, kT0}));
        plan.record(c[0].id, {EnforceStep::Notify, kT0 + 1000, u"done"_s});
        plan.update(c, kT0 + 2000); // still a candidate: since and steps kept
        QCOMPARE(plan.rows()[0].sinceMs, kT0);
        QCOMPARE(*plan.rows()[0].due, (DueStep{EnforceStep::Renice, kT0 + 1000 + 5 * kMin}));
        plan.record(u"nobody"_s, {EnforceStep::Notify, kT0, u"done"_s}); // ignored
        plan.update({}, kT0 + 3000);
        QVERIFY(plan.rows().isEmpty());
        QVERIFY(!plan.row(c[0].id));
        plan.update(c, kT0 + 4000); // back: from notify again
        QCOMPARE(*plan.row(c[0].id)->due, (DueStep{EnforceStep::Notify, kT0 + 4000}));
        // A reused pid is another process: another id.
        Snapshot reused = s;
        reused.processes[0].startTimeMs = kT0;
        const auto other = findCandidates(reused, {{u"alice"_s, -20}}, -10, false, {});
        QVERIFY(other[0].id != c[0].id);
        plan.update(other, kT0 + 5000);
        QCOMPARE(plan.rows().size(), 1);
        QCOMPARE(plan.rows()[0].sinceMs, kT0 + 5000);
        QVERIFY(plan.rows()[0].done.isEmpty());
    }

    void signalBody_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error");
        QTest::newRow("ok") << QByteArray(R"({"action":"renice","start_time_ms":1794990000000,)"
                                          R"("reason":"over budget","dry_run":true})")
                            << QString();
        QTest::newRow("not json") << QByteArray("{") << QString();
        QTest::newRow("array") << QByteArray("[]") << u"the body must be a JSON object"_s;
        QTest::newRow("unknown key")
            << QByteArray(R"({"action":"kill","start_time_ms":1,"reason":"x","pid":3})")
            << u"pid: unknown key (expected action, start_time_ms, reason, dry_run)"_s;
        QTest::newRow("bad action")
            << QByteArray(R"({"action":"stop","start_time_ms":1,"reason":"x"})")
            << u"action: required, one of \"notify\", \"renice\", \"terminate\", \"kill\""_s;
        QTest::newRow("no start")
            << QByteArray(R"({"action":"kill","reason":"x"})")
            << u"start_time_ms: required, the process's start time in ms since the epoch"_s;
        QTest::newRow("fraction") << QByteArray(
                                         R"({"action":"kill","start_time_ms":1.5,"reason":"x"})")
                                  << u"start_time_ms: must be a whole number of ms above 0"_s;
        QTest::newRow("negative") << QByteArray(
                                         R"({"action":"kill","start_time_ms":-1,"reason":"x"})")
                                  << u"start_time_ms: must be a whole number of ms above 0"_s;
        QTest::newRow("huge") << QByteArray(
                                     R"({"action":"kill","start_time_ms":1e300,"reason":"x"})")
                              << u"start_time_ms: must be a whole number of ms above 0"_s;
        QTest::newRow("blank reason")
            << QByteArray(R"({"action":"kill","start_time_ms":1,"reason":"  "})")
            << u"reason: required, why the process is signalled"_s;
        QTest::newRow("dry_run string")
            << QByteArray(R"({"action":"kill","start_time_ms":1,"reason":"x","dry_run":"no"})")
            << u"dry_run: must be true or false"_s;
    }
    void signalBody()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        QString why;
        const auto b = signalBodyFromJson(body, &why);
        if (QTest::currentDataTag() == QByteArray("ok")) {
            QVERIFY2(b, qPrintable(why));
            QCOMPARE(b->action, EnforceStep::Renice);
            QCOMPARE(b->startTimeMs, 1794990000000);
            QCOMPARE(b->reason, u"over budget"_s);
            QVERIFY(b->dryRun);
            return;
        }
        QVERIFY(!b);
        if (error.isEmpty())
            QVERIFY(why.startsWith(u"the body is not JSON"_s));
        else
            QCOMPARE(why, error);
    }

    void decisionBody()
    {
        QString why;
        auto d = decisionBodyFromJson(R"({"decision":"confirm","step":"renice"})", &why);
        QVERIFY2(d, qPrintable(why));
        QVERIFY(d->confirm);
        QCOMPARE(d->step, EnforceStep::Renice);
        QVERIFY(d->reason.isEmpty());
        d = decisionBodyFromJson(R"({"decision":"decline","step":"kill","reason":"her paper"})",
                                 &why);
        QVERIFY(d && !d->confirm);
        QCOMPARE(d->reason, u"her paper"_s);
        QVERIFY(!decisionBodyFromJson(R"({"decision":"yes","step":"kill"})", &why));
        QCOMPARE(why, u"decision: required, \"confirm\" or \"decline\""_s);
        QVERIFY(!decisionBodyFromJson(R"({"decision":"confirm"})", &why));
        QCOMPARE(why, u"step: required, one of \"notify\", \"renice\", \"terminate\", \"kill\""_s);
        QVERIFY(!decisionBodyFromJson(R"({"decision":"confirm","step":"kill","reason":3})", &why));
        QCOMPARE(why, u"reason: must be a string"_s);
    }
};

QTEST_GUILESS_MAIN(TestEnforcement)
#include "tst_enforcement.moc"
