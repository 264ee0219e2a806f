// [accounts] (core/policy/accounts.h, docs/policies.md "[accounts]"): the
// section read, written back and refused with file:line:column; whom an
// account charges; what a reading and the reservations hold; the caps a
// request passes, as a table; and the cap rule through the policy engine:
// the newest units past a cap are over_cap events staged as [idle] stages,
// in dry run by default, ended when the holding is back within the cap.
#include "policy/accounts.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"
#include "policy/policyschema.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1'795'340'000'000;

PolicyConfig policy(const QByteArray& toml)
{
    const PolicyParseResult r = parsePolicy(toml, u"policy.toml"_s);
    if (!r.config)
        qFatal("policy refused: %s", qPrintable(r.errors.join(u'\n')));
    return *r.config;
}

GpuSample gpu(int index)
{
    GpuSample g;
    g.index = index;
    g.uuid = u"GPU-%1"_s.arg(index);
    g.memoryUsedMiB = 8'000;
    g.memoryTotalMiB = 80'000;
    g.utilizationGpuPercent = 50; // busy (not idle), no hog
    return g;
}

// A process of `user` on GPU `index` started `ageS` seconds before kT0.
GpuProcess process(const QString& user, int index, qint64 pid, qint64 ageS,
                   const QString& account = {})
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = kT0 - ageS * 1000;
    p.uid = 1000 + uint(pid % 100);
    p.user = user;
    p.command = u"python train.py"_s;
    p.gpuUuid = u"GPU-%1"_s.arg(index);
    p.usedMemoryMiB = 8'000;
    if (!account.isEmpty())
        p.owner = ProcessOwner{user, account, u"Slurm job"_s, false};
    return p;
}

Snapshot reading(qint64 t, int gpus, const QList<GpuProcess>& processes)
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = t;
    s.intervalMs = 1000;
    s.backend = u"nvml"_s;
    for (int i = 0; i < gpus; ++i)
        s.gpus << gpu(i);
    s.processes = processes;
    return s;
}

QStringList unitsOf(const QList<UnitHold>& held)
{
    QStringList out;
    for (const UnitHold& h : held)
        out << h.unit;
    return out;
}

// The over_cap events a step changed, each as it stands last (a step may
// hand an event on more than once).
QList<PolicyEvent> overCap(const PolicyStep& step)
{
    QList<PolicyEvent> out;
    for (const PolicyEvent& e : step.changed) {
        if (e.kind != PolicyEventKind::OverCap)
            continue;
        const auto same = std::find_if(out.begin(), out.end(),
                                       [&](const PolicyEvent& x) { return x.id == e.id; });
        if (same != out.end())
            *same = e;
        else
            out << e;
    }
    return out;
}

const QByteArray kLab = R"([accounts]
max_gpus_per_user = 16

[accounts.vision]
members = ["alice", "bob", "@vision-lab"]
max_gpus = 3
max_gpus_per_member = 2
share = 40

[accounts.students]
members = ["@students"]
max_gpus_per_member = 1
)";

} // namespace

class TestAccounts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSectionIsReadAndWrittenBack()
    {
        const PolicyConfig c = policy(kLab);
        QCOMPARE(c.accounts.maxGpusPerUser, 16);
        QVERIFY(c.accounts.dryRun); // the default
        QCOMPARE(c.accounts.list.size(), 2);
        const AccountSpec& students = c.accounts.list[0]; // by name
        QCOMPARE(students.name, u"students"_s);
        QCOMPARE(students.groups, QStringList{u"students"_s});
        QCOMPARE(students.maxGpus, 0);
        QCOMPARE(students.maxGpusPerMember, 1);
        QVERIFY(!students.sharePercent);
        const AccountSpec& vision = c.accounts.list[1];
        QCOMPARE(vision.users, (QStringList{u"alice"_s, u"bob"_s}));
        QCOMPARE(vision.groups, QStringList{u"vision-lab"_s});
        QCOMPARE(vision.maxGpus, 3);
        QCOMPARE(vision.maxGpusPerMember, 2);
        QCOMPARE(vision.sharePercent, 40.0);
        QCOMPARE(vision.line, 4);

        // The one JSON→TOML writer gives a file that reads back the same.
        const QJsonObject json = policyToJson(c);
        const QJsonObject accounts = json[u"accounts"_s].toObject();
        QCOMPARE(accounts[u"max_gpus_per_user"_s].toInt(), 16);
        QCOMPARE(accounts[u"accounts"_s].toArray().size(), 2);
        const QByteArray toml = policyTomlFromJson(json);
        QVERIFY2(
            toml.contains("[accounts.vision]\nmembers = [\"alice\", \"bob\", \"@vision-lab\"]"),
            toml.constData());
        const PolicyParseResult back = parsePolicy(toml, u"written.toml"_s);
        QVERIFY2(back.config, qPrintable(back.errors.join(u'\n')));
        QCOMPARE(back.config->accounts, c.accounts);

        // `policy check` says it in a few lines.
        const QString summary = policySummary(c);
        QVERIFY2(summary.contains(u"accounts: GPUs per person 16; the cap rule in dry run"_s),
                 qPrintable(summary));
        QVERIFY2(
            summary.contains(
                u"account vision: alice, bob, @vision-lab; GPUs 3, per member 2; share 40 %"_s),
            qPrintable(summary));

        // No [accounts]: no section in the effective policy, no caps.
        QVERIFY(!policyToJson(PolicyConfig{}).contains(u"accounts"_s));
    }

    void mistakesAreNamedWhereTheyAre_data()
    {
        QTest::addColumn<QByteArray>("toml");
        QTest::addColumn<QString>("error");
        QTest::newRow("near miss") << QByteArray("[accounts]\nmax_gpu_per_user = 3\n")
                                   << u"policy.toml:2:1: unknown key \"max_gpu_per_user\" in "
                                      "[accounts] (did you mean \"max_gpus_per_user\"?); an "
                                      "account is a table, [accounts.max_gpu_per_user]"_s;
        QTest::newRow("per user not whole")
            << QByteArray("[accounts]\nmax_gpus_per_user = 2.5\n")
            << u"policy.toml:2:21: \"max_gpus_per_user\" must be a whole number"_s;
        QTest::newRow("per user over")
            << QByteArray("[accounts]\nmax_gpus_per_user = 300\n")
            << u"policy.toml:2:21: \"max_gpus_per_user\" must be between 0 and 256, not 300"_s;
        QTest::newRow("member") << QByteArray("[accounts.vision]\nmembers = [\"al ice\"]\n")
                                << u"policy.toml:2:12: \"al ice\" in [accounts.vision] is not a "
                                   "user name or \"@group\""_s;
        QTest::newRow("member not text") << QByteArray("[accounts.vision]\nmembers = [3]\n")
                                         << u"policy.toml:2:12: each member of [accounts.vision] "
                                            "must be a string in quotes"_s;
        QTest::newRow("two accounts")
            << QByteArray("[accounts.nlp]\nmembers = [\"bob\"]\n[accounts.vision]\nmembers = "
                          "[\"alice\", \"bob\"]\n")
            << u"policy.toml:4:21: \"bob\" is a member of [accounts.vision] and of "
               "[accounts.nlp] (line 2): a person's use is charged to one account; a job names "
               "another through its Slurm account or its labels"_s;
        QTest::newRow("fraction of a GPU")
            << QByteArray("[accounts.vision]\nmax_gpus = 2.5\n")
            << u"policy.toml:2:12: \"max_gpus\" of [accounts.vision] must be a whole number of "
               "GPUs"_s;
        QTest::newRow("negative") << QByteArray("[accounts.vision]\nmax_gpus_per_member = -1\n")
                                  << u"policy.toml:2:23: \"max_gpus_per_member\" of "
                                     "[accounts.vision] must be between 0 and 256, not -1"_s;
        QTest::newRow("share") << QByteArray("[accounts.vision]\nshare = 120\n")
                               << u"policy.toml:2:9: \"share\" of [accounts.vision] must be "
                                  "between 0 and 100, not 120"_s;
        QTest::newRow("unknown key")
            << QByteArray("[accounts.vision]\nmaxgpus = 2\n")
            << u"policy.toml:2:1: unknown key \"maxgpus\" in [accounts.vision] (did you mean "
               "\"max_gpus\"?)"_s;
        QTest::newRow("name") << QByteArray("[accounts.\"vi sion\"]\nmax_gpus = 2\n")
                              << u"policy.toml:1:11: \"vi sion\" is not an account name "
                                 "(letters, digits, '.', '_' and '-', at most 64 characters)"_s;
        QTest::newRow("members not a list")
            << QByteArray("[accounts.vision]\nmembers = \"alice\"\n")
            << u"policy.toml:2:11: \"members\" must be a list in brackets, [...]"_s;
        QTest::newRow("dry run") << QByteArray("[accounts]\ndry_run = \"no\"\n")
                                 << u"policy.toml:2:11: \"dry_run\" must be true or false"_s;
    }
    void mistakesAreNamedWhereTheyAre()
    {
        QFETCH(QByteArray, toml);
        QFETCH(QString, error);
        const PolicyParseResult r = parsePolicy(toml, u"policy.toml"_s);
        QVERIFY(!r.config);
        QVERIFY2(r.errors.contains(error), qPrintable(r.errors.join(u'\n')));
    }

    void warningsDoNotRefuseTheFile()
    {
        const PolicyParseResult r =
            parsePolicy("[accounts.a]\nmax_gpus = 2\nmax_gpus_per_member = 4\nshare = 70\n"
                        "[accounts.b]\nshare = 40\nmembers = [\"x\", \"x\"]\n",
                        u"policy.toml"_s);
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QCOMPARE(r.warnings,
                 (QStringList{u"policy.toml:3:23: warning: [accounts.a]: \"max_gpus_per_member\" "
                              "(4) is more than \"max_gpus\" (2): no member can reach it"_s,
                              u"policy.toml:6:9: warning: the accounts' shares add up to 110 %, "
                              "more than the server has"_s,
                              u"policy.toml:7:17: warning: \"x\" is listed twice"_s}));
        QCOMPARE(r.config->accounts.list[1].users, QStringList{u"x"_s});
    }

    // The workload's account first, then a listing by name, then the first
    // account by name that lists one of the person's groups.
    void whomAnAccountCharges_data()
    {
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("workload");
        QTest::addColumn<QString>("account");
        QTest::newRow("by name") << u"alice"_s << QString() << u"vision"_s;
        QTest::newRow("the job's own") << u"alice"_s << u"nlp"_s << u"nlp"_s;
        QTest::newRow("by group") << u"dora"_s << QString() << u"students"_s;
        QTest::newRow("two groups: first by name") << u"erin"_s << QString() << u"students"_s;
        QTest::newRow("listed nowhere") << u"frank"_s << QString() << QString();
        QTest::newRow("no one") << QString() << QString() << QString();
    }
    void whomAnAccountCharges()
    {
        QFETCH(QString, user);
        QFETCH(QString, workload);
        QFETCH(QString, account);
        const PolicyConfig c = policy(kLab);
        const AccountGroups groups = [](const QString& u) -> QStringList {
            if (u == u"dora"_s)
                return {u"dora"_s, u"students"_s};
            if (u == u"erin"_s)
                return {u"vision-lab"_s, u"students"_s};
            return {u};
        };
        QCOMPARE(accountOf(c.accounts, user, workload, groups), account);
        // Without a resolver groups never match.
        if (user == u"dora"_s)
            QCOMPARE(accountOf(c.accounts, user, workload, {}), QString());
    }

    // What is held: a unit once per holder however many processes run on
    // it, MIG instances by uuid, reservations with the processes, exempt
    // processes not at all; oldest first.
    void holdingsCountUnitsOldestFirst()
    {
        PolicyConfig c = policy(kLab + "\n[owners]\nexempt_jobs = [\"57\"]\n");
        Snapshot r = reading(kT0, 4,
                             {process(u"alice"_s, 2, 11, 10), process(u"alice"_s, 0, 12, 300),
                              process(u"alice"_s, 0, 13, 5), process(u"bob"_s, 1, 14, 60)});
        GpuProcess mig = process(u"bob"_s, 3, 15, 30);
        mig.migUuid = u"MIG-aaaa"_s;
        r.processes << mig;
        GpuProcess exempt = process(u"bob"_s, 3, 16, 900);
        Workload job;
        job.kind = WorkloadKind::Slurm;
        job.id = u"57"_s;
        exempt.workload = job;
        r.processes << exempt;
        const Holdings h = holdingsOf(r, c, {ReservedUnits{u"alice"_s, {u"3"_s}, kT0 - 1'000}}, {});
        QCOMPARE(unitsOf(h.byUser[u"alice"_s]), (QStringList{u"0"_s, u"2"_s, u"3"_s}));
        QCOMPARE(h.byUser[u"alice"_s][0].processes, (QList<qsizetype>{1, 2}));
        QCOMPARE(h.byUser[u"alice"_s][0].sinceMs, kT0 - 300'000);
        QVERIFY(h.byUser[u"alice"_s][2].processes.isEmpty()); // reserved only
        QCOMPARE(unitsOf(h.byUser[u"bob"_s]), (QStringList{u"1"_s, u"MIG-aaaa"_s}));
        QCOMPARE(unitsOf(h.byAccount[u"vision"_s]),
                 (QStringList{u"0"_s, u"1"_s, u"MIG-aaaa"_s, u"2"_s, u"3"_s}));
        QCOMPARE(unitsOf(h.byMember[Holdings::memberKey(u"vision"_s, u"bob"_s)]),
                 (QStringList{u"1"_s, u"MIG-aaaa"_s}));
        QCOMPARE(h.processAccount.value(5), u"vision"_s);
    }

    void capsAsATable_data()
    {
        QTest::addColumn<QString>("user");
        QTest::addColumn<int>("heldByUser");
        QTest::addColumn<int>("heldByOthers"); // other members of vision
        QTest::addColumn<int>("requested");
        QTest::addColumn<QString>("verdict"); // empty: none
        QTest::newRow("within") << u"alice"_s << 1 << 0 << 1 << QString();
        QTest::newRow("member's cap")
            << u"alice"_s << 2 << 0 << 1
            << u"cap of 2 GPUs per member of account vision: alice holds 2, asks for 1 more"_s;
        QTest::newRow("account's cap exactly") << u"alice"_s << 1 << 1 << 1 << QString();
        QTest::newRow("account's cap")
            << u"alice"_s << 1 << 2 << 1
            << u"cap of 3 GPUs for account vision: account vision holds 3, asks for 1 more"_s;
        QTest::newRow("person's cap first")
            << u"carol"_s << 16 << 0 << 1
            << u"cap of 16 GPUs per person: carol holds 16, asks for 1 more"_s;
        QTest::newRow("no account") << u"carol"_s << 3 << 0 << 10 << QString();
        QTest::newRow("one") << u"dora"_s << 1 << 0 << 1
                             << u"cap of 1 GPU per member of account students: dora holds 1, "
                                "asks for 1 more"_s;
    }
    void capsAsATable()
    {
        QFETCH(QString, user);
        QFETCH(int, heldByUser);
        QFETCH(int, heldByOthers);
        QFETCH(int, requested);
        QFETCH(QString, verdict);
        const PolicyConfig c = policy(kLab);
        const AccountGroups groups = [](const QString& u) -> QStringList {
            return u == u"dora"_s ? QStringList{u"students"_s} : QStringList{};
        };
        QList<ReservedUnits> reserved;
        int unit = 0;
        for (int i = 0; i < heldByUser; ++i)
            reserved << ReservedUnits{user, {QString::number(unit++)}, kT0};
        for (int i = 0; i < heldByOthers; ++i)
            reserved << ReservedUnits{u"bob"_s, {QString::number(unit++)}, kT0};
        const Holdings h = holdingsOf(reading(kT0, 32, {}), c, reserved, groups);
        const QString account = accountOf(c.accounts, user, {}, groups);
        const auto cap = capPassed(c.accounts, h, user, account, requested);
        QCOMPARE(cap ? cap->text(user) : QString(), verdict);
    }

    // Fair share with memory per account: vision (alice and bob, share
    // 60 %) and nlp (carol, 40 %) on a 4-GPU server, each job one GPU at
    // 100 %: a quarter of the server a second. alice and carol a minute
    // (59 s remembered: the last reading's span is not known yet), bob 30 s.
    // vision 14.75 + 7.5 = 22.25 server-seconds, nlp 14.75, of 37.
    void accountsRememberTheirMembersUsage()
    {
        PolicyEngine engine(policy("[accounts.vision]\nmembers = [\"alice\", \"bob\"]\nshare = 60\n"
                                   "[accounts.nlp]\nmembers = [\"carol\"]\nshare = 40\n"
                                   "[accounts.ops]\nmembers = [\"dave\"]\n"));
        for (int i = 0; i < 60; ++i) {
            QList<GpuProcess> jobs{process(u"alice"_s, 0, 11, 60), process(u"carol"_s, 2, 13, 60)};
            if (i < 30)
                jobs << process(u"bob"_s, 1, 12, 60);
            for (GpuProcess& p : jobs)
                p.smUtilPercent = 100;
            engine.feed(reading(kT0 + i * 1000, 4, jobs));
        }
        const PolicyStatus st = engine.status(u"node-1"_s);
        QCOMPARE(st.accounts.size(), 2); // ops remembers no one
        const PolicyStatus::Account& nlp = st.accounts[0];
        const PolicyStatus::Account& vision = st.accounts[1];
        QCOMPARE(nlp.account, u"nlp"_s);
        QCOMPARE(vision.users, (QStringList{u"alice"_s, u"bob"_s}));
        QVERIFY(qAbs(vision.decayedUsageHours * 3600 - 22.25) < 1e-2);
        QVERIFY(qAbs(nlp.decayedUsageHours * 3600 - 14.75) < 1e-2);
        QCOMPARE(vision.sharePercent, 60.0);
        QVERIFY(qAbs(*vision.fairShareFactor - std::exp2(-(22.25 / 37) / 0.6)) < 1e-3);
        QVERIFY(qAbs(*nlp.fairShareFactor - std::exp2(-(14.75 / 37) / 0.4)) < 1e-3);
    }

    // What a job's workload names as its account (a Slurm job's) is that
    // account's usage, whoever runs it: alice (a member of vision) runs one
    // job for vision's share and one under Slurm account nlp; carol's job
    // names physics, which no table lists. vision keeps alice's own 14.75
    // server-seconds, nlp gets her other 14.75, physics carol's 14.75 (usage
    // and no factor: no share). Her own usage is the whole 29.5.
    void workloadAccountsGetWhatRanForThem()
    {
        PolicyEngine engine(policy("[accounts.vision]\nmembers = [\"alice\"]\nshare = 60\n"
                                   "[accounts.nlp]\nmembers = [\"bob\"]\nshare = 40\n"));
        for (int i = 0; i < 60; ++i) {
            QList<GpuProcess> jobs{process(u"alice"_s, 0, 11, 60),
                                   process(u"alice"_s, 1, 12, 60, u"nlp"_s),
                                   process(u"carol"_s, 2, 13, 60, u"physics"_s)};
            for (GpuProcess& p : jobs)
                p.smUtilPercent = 100;
            engine.feed(reading(kT0 + i * 1000, 4, jobs));
        }
        const PolicyStatus st = engine.status(u"node-1"_s);
        QCOMPARE(st.accounts.size(), 3);
        const PolicyStatus::Account& nlp = st.accounts[0];
        const PolicyStatus::Account& physics = st.accounts[1];
        const PolicyStatus::Account& vision = st.accounts[2];
        QCOMPARE(nlp.account, u"nlp"_s);
        QCOMPARE(nlp.users, QStringList{u"alice"_s});
        QVERIFY2(qAbs(nlp.decayedUsageHours * 3600 - 14.75) < 1e-2,
                 qPrintable(QString::number(nlp.decayedUsageHours * 3600)));
        QCOMPARE(physics.account, u"physics"_s);
        QCOMPARE(physics.users, QStringList{u"carol"_s});
        QVERIFY(qAbs(physics.decayedUsageHours * 3600 - 14.75) < 1e-2);
        QVERIFY(!physics.sharePercent);
        QVERIFY(!physics.fairShareFactor);
        QCOMPARE(vision.users, QStringList{u"alice"_s});
        QVERIFY2(qAbs(vision.decayedUsageHours * 3600 - 14.75) < 1e-2,
                 qPrintable(QString::number(vision.decayedUsageHours * 3600)));
        // Factors of the usage of all (44.25) against the listed shares.
        QVERIFY(qAbs(*vision.fairShareFactor - std::exp2(-(14.75 / 44.25) / 0.6)) < 1e-3);
        QVERIFY(qAbs(*nlp.fairShareFactor - std::exp2(-(14.75 / 44.25) / 0.4)) < 1e-3);
        const auto alice = std::find_if(st.users.cbegin(), st.users.cend(),
                                        [](const auto& u) { return u.user == u"alice"_s; });
        QVERIFY(alice != st.users.cend());
        QVERIFY(qAbs(alice->decayedUsageHours * 3600 - 29.5) < 1e-2);

        // All of a person's usage run for a workload's account: nothing left
        // for their own.
        PolicyEngine labelledOnly(policy("[accounts.vision]\nmembers = [\"alice\"]\nshare = 60\n"));
        for (int i = 0; i < 10; ++i) {
            GpuProcess job = process(u"alice"_s, 0, 11, 60, u"nlp"_s);
            job.smUtilPercent = 100;
            labelledOnly.feed(reading(kT0 + i * 1000, 4, {job}));
        }
        const PolicyStatus only = labelledOnly.status(u"node-1"_s);
        QCOMPARE(only.accounts.size(), 1);
        QCOMPARE(only.accounts[0].account, u"nlp"_s);
    }

    // bob's job on a fourth GPU of vision (cap 3) without asking: the
    // newest is over the cap; [idle]'s warnings, then its action, all
    // simulated in dry run; back within the cap ends it.
    void theCapRuleStagesLikeIdle()
    {
        PolicyConfig c = policy(kLab + "\n[idle]\naction = \"terminate\"\nwarnings = [\"10m\", "
                                       "\"1m\"]\ntime_window = \"30m\"\n");
        PolicyEngine::Options options;
        options.enforcing = true;
        PolicyEngine engine(c, options);
        const QList<GpuProcess> within{process(u"alice"_s, 0, 11, 600),
                                       process(u"alice"_s, 1, 12, 500),
                                       process(u"bob"_s, 2, 13, 400)};
        QVERIFY(overCap(engine.feed(reading(kT0, 4, within))).isEmpty());
        const QList<GpuProcess> past = within + QList{process(u"bob"_s, 3, 14, 0)};
        const QList<PolicyEvent> opened = overCap(engine.feed(reading(kT0 + 1'000, 4, past)));
        QCOMPARE(opened.size(), 1);
        PolicyEvent e = opened.last();
        QCOMPARE(e.pid, 14);
        QCOMPARE(e.user, u"bob"_s);
        QCOMPARE(e.account, u"vision"_s);
        QCOMPARE(e.capScope, u"account"_s);
        QCOMPARE(e.capGpus, 3);
        QCOMPARE(e.heldGpus, 4);
        // The process's use while past the cap: its GPU's 50 %, held alone.
        QCOMPARE(e.peakPercent, 50.0);
        QCOMPARE(e.meanPercent, 50.0);
        QCOMPARE(
            policyEventText(e),
            u"Over a GPU cap: python train.py (PID 14, bob) on node-1 GPU 3 (cap of 3 GPUs for "
            "account vision: account vision holds 4)"_s);
        QCOMPARE(e.actions.size(), 1); // the first warning at once: 10 min ahead
        QCOMPARE(e.actions[0].kind, PolicyAction::Kind::Warning);
        QVERIFY(e.actions[0].simulated);
        QCOMPARE(e.actions[0].detail, u"over cap: terminate in 10m"_s);
        // The wire form reads back.
        QString error;
        const auto back = policyEventFromJson(toJson(e), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, e);

        PolicyStep last;
        for (qint64 t = 2; t <= 601; ++t)
            for (const PolicyEvent& x :
                 overCap(last = engine.feed(reading(kT0 + t * 1'000, 4, past))))
                e = x;
        QCOMPARE(e.actions.size(), 3);
        QCOMPARE(e.actions[1].detail, u"over cap: terminate in 1m"_s);
        QCOMPARE(e.actions[2].kind, PolicyAction::Kind::Terminate);
        QVERIFY(e.actions[2].simulated);
        QCOMPARE(e.actions[2].detail, u"dry run: would send SIGTERM to PID 14"_s);
        QVERIFY(last.enforce.isEmpty());
        QCOMPARE(engine.status(u"node-1"_s).verdicts.size(), 1);
        QVERIFY(engine.status(u"node-1"_s).verdicts[0].overCap);

        // alice's second job ends: back within the cap.
        QList<GpuProcess> fewer = past;
        fewer.removeAt(1);
        const QList<PolicyEvent> ended = overCap(engine.feed(reading(kT0 + 602'000, 4, fewer)));
        QCOMPARE(ended.size(), 1);
        QVERIFY(!ended[0].isOpen());
        QCOMPARE(ended[0].endReason, u"back within the cap"_s);
    }

    // Out of dry run the SIGTERM is asked of the enforcer; root's is not.
    void outOfDryRunTheActionIsAsked()
    {
        PolicyConfig c = policy("[accounts]\nmax_gpus_per_user = 1\ndry_run = false\n[idle]\n"
                                "action = \"terminate\"\nwarnings = []\n");
        PolicyEngine::Options options;
        options.enforcing = true;
        PolicyEngine engine(c, options);
        GpuProcess rootJob = process(u"root"_s, 2, 21, 1);
        rootJob.uid = 0;
        const PolicyStep step =
            engine.feed(reading(kT0, 4,
                                {process(u"alice"_s, 0, 11, 60), process(u"alice"_s, 1, 12, 30),
                                 process(u"root"_s, 3, 22, 60), rootJob}));
        const QList<PolicyEvent> events = overCap(step);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].pid, 12); // the newer of alice's
        QCOMPARE(events[0].capScope, u"user"_s);
        QCOMPARE(events[0].actions.last().kind, PolicyAction::Kind::Terminate);
        QVERIFY(!events[0].actions.last().simulated);
        QCOMPARE(events[1].pid, 21);
        QCOMPARE(events[1].actions.last().kind, PolicyAction::Kind::Refused);
        QCOMPARE(step.enforce.size(), 1);
        QCOMPARE(step.enforce[0].pid, 12);
    }

    // What /v1/allocate granted counts from its grant (Options::grants): a
    // job granted GPU 1 ten minutes ago, started after a job alice began
    // on GPU 0 without asking, keeps its unit; the unasked one is past
    // the cap. A reservation not yet taken up holds its unit the same way.
    // Without the grants the rule ranks by start time alone (the granted
    // job is the newer one).
    void grantedUnitsCountFromTheirGrant()
    {
        const PolicyConfig c = policy("[accounts]\nmax_gpus_per_user = 1\n");
        const QList<GpuProcess> jobs{process(u"alice"_s, 0, 11, 300), // unasked, 5 min ago
                                     process(u"alice"_s, 1, 12, 60)}; // granted, started 1 min ago
        QList<ReservedUnits> grants{{u"alice"_s, {u"1"_s}, kT0 - 600'000}};
        QStringList askedFor;
        PolicyEngine::Options options;
        options.grants = [&](const QString& server) {
            askedFor << server;
            return grants;
        };
        PolicyEngine engine(c, options);
        QList<PolicyEvent> events = overCap(engine.feed(reading(kT0, 2, jobs)));
        QCOMPARE(askedFor, QStringList{u"node-1"_s});
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].pid, 11);
        QCOMPARE(events[0].gpuIndex, 0);
        QCOMPARE(events[0].heldGpus, 2);

        PolicyEngine blind(c);
        events = overCap(blind.feed(reading(kT0, 2, jobs)));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].pid, 12);

        // A reservation still open (its job not started) holds GPU 1: the
        // job started without asking on GPU 0 is past the cap.
        PolicyEngine waiting(c, options);
        events = overCap(waiting.feed(reading(kT0, 2, {jobs[0]})));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].pid, 11);
        QCOMPARE(events[0].heldGpus, 2);
        // Given back: within the cap again.
        grants.clear();
        events = overCap(waiting.feed(reading(kT0 + 1'000, 2, {jobs[0]})));
        QCOMPARE(events.size(), 1);
        QVERIFY(!events[0].isOpen());
        QCOMPARE(events[0].endReason, u"back within the cap"_s);
    }

    // [idle] action = "notify": the event is the notice; nothing staged.
    void withNotifyTheEventIsTheNotice()
    {
        PolicyEngine engine(policy("[accounts]\nmax_gpus_per_user = 1\n"));
        const QList<PolicyEvent> events = overCap(engine.feed(
            reading(kT0, 2, {process(u"alice"_s, 0, 11, 60), process(u"alice"_s, 1, 12, 30)})));
        QCOMPARE(events.size(), 1);
        QVERIFY(events[0].actions.isEmpty());
        // A policy without caps ends what was open.
        engine.setPolicy(PolicyConfig{});
        const QList<PolicyEvent> ended = overCap(engine.feed(reading(
            kT0 + 1000, 2, {process(u"alice"_s, 0, 11, 60), process(u"alice"_s, 1, 12, 30)})));
        QCOMPARE(ended.size(), 1);
        QCOMPARE(ended[0].endReason, u"no cap in the policy"_s);
    }

    void badWireFormsAreNamed_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("scope") << u"cap_scope"_s << QJsonValue(u"team"_s)
                               << u"cap_scope: expected user, member or account, got \"team\""_s;
        QTest::newRow("cap") << u"cap_gpus"_s << QJsonValue(0)
                             << u"cap_gpus: expected 1 to 256, got 0"_s;
        QTest::newRow("held") << u"held_gpus"_s << QJsonValue(u"3"_s)
                              << u"held_gpus: expected an integer"_s;
    }
    void badWireFormsAreNamed()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        PolicyEngine engine(policy("[accounts]\nmax_gpus_per_user = 1\n"));
        const QList<PolicyEvent> events = overCap(engine.feed(
            reading(kT0, 2, {process(u"alice"_s, 0, 11, 60), process(u"alice"_s, 1, 12, 30)})));
        QCOMPARE(events.size(), 1);
        QJsonObject o = toJson(events[0]);
        o.insert(key, value);
        QString why;
        QVERIFY(!policyEventFromJson(o, &why));
        QCOMPARE(why, error);
    }
};

QTEST_GUILESS_MAIN(TestAccounts)
#include "tst_accounts.moc"
