// Owners through the policies (docs/policies.md "[owners]", "Scopes",
// "Exemptions"): the [owners] section read with every mistake at its
// position, written back by the one writer and read back equal; the rules
// judging the owner, not the Unix user; hogs of a workload's and of an
// account's processes together; exemptions by namespace, label, account and
// Slurm job; events naming the owner and the workload, and events written
// before owners still read.
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"
#include "policy/policyschema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000;
constexpr qint64 kSecond = 1000;

PolicyParseResult parse(const char* text)
{
    return parsePolicy(QByteArray(text), u"policy.toml"_s);
}

GpuSample gpu(int index, std::optional<double> util)
{
    GpuSample g;
    g.index = index;
    g.uuid = u"GPU-%1"_s.arg(index);
    g.name = u"NVIDIA A100"_s;
    g.utilizationGpuPercent = util;
    g.memoryTotalMiB = 40960;
    g.powerW = 60;
    g.powerLimitW = 400;
    return g;
}

// A process of Unix user `user` on GPU 0, `util` % of it (the driver's
// figure), owned by `owner` (none: the Unix user is the owner).
GpuProcess proc(qint64 pid, const QString& user, double util, const QString& owner = {},
                const QString& account = {})
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = 1'700'000'000'000 + pid;
    p.uid = user == "root"_L1 ? 0u : 1000u;
    p.user = user;
    p.command = u"python train.py"_s;
    p.gpuUuid = u"GPU-0"_s;
    p.usedMemoryMiB = 4096;
    p.smUtilPercent = util;
    if (!owner.isEmpty() || !account.isEmpty()) {
        ProcessOwner o;
        o.user = owner.isEmpty() ? user : owner;
        o.account = account;
        o.because = u"test"_s;
        p.owner = o;
    }
    return p;
}

Workload container(const QString& id, const QString& name)
{
    Workload w;
    w.kind = WorkloadKind::Docker;
    w.id = id;
    w.name = name;
    w.cgroupPath = u"/system.slice/docker-%1.scope"_s.arg(id);
    return w;
}

Workload pod(const QString& uid, const QString& containerId, const QString& ns, const QString& name)
{
    Workload w;
    w.kind = WorkloadKind::Kubernetes;
    w.id = containerId;
    w.podUid = uid;
    w.namespaceName = ns;
    w.name = name;
    w.runtime = u"containerd"_s;
    return w;
}

Workload slurmJob(const QString& id)
{
    Workload w;
    w.kind = WorkloadKind::Slurm;
    w.id = id;
    w.step = u"0"_s;
    w.name = u"train"_s;
    return w;
}

Snapshot reading(qint64 t, QList<GpuProcess> processes, double gpuUtil = 100)
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = t;
    s.intervalMs = kSecond;
    s.gpus = {gpu(0, gpuUtil)};
    s.processes = std::move(processes);
    return s;
}

PolicyConfig hogPolicy(HogScope scope)
{
    PolicyConfig p;
    p.hog.thresholdPercent = 80;
    p.hog.durationMs = 5 * kSecond;
    p.hog.scope = scope;
    return p;
}

// Every event's newest version, in order of first appearance.
QList<PolicyEvent> replay(const PolicyConfig& policy, const QList<GpuProcess>& processes,
                          int readings = 10, double gpuUtil = 100)
{
    PolicyEngine engine(policy);
    QList<PolicyEvent> events;
    for (int i = 0; i < readings; ++i)
        for (const PolicyEvent& e :
             engine.feed(reading(kT0 + i * kSecond, processes, gpuUtil)).changed) {
            const auto same = std::find_if(events.begin(), events.end(),
                                           [&](const PolicyEvent& x) { return x.id == e.id; });
            if (same == events.end())
                events << e;
            else
                *same = e;
        }
    return events;
}

QList<PolicyEvent> ofKind(const QList<PolicyEvent>& events, PolicyEventKind kind)
{
    QList<PolicyEvent> out;
    for (const PolicyEvent& e : events)
        if (e.kind == kind)
            out << e;
    return out;
}

} // namespace

class TestPolicyOwners : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsAreTheOwnerRulesDefaults()
    {
        const auto r = parse("");
        QVERIFY(r.config);
        QCOMPARE(r.config->owners, owners::OwnerRules());
        QCOMPARE(r.config->owners.userLabel, u"gpuwarden.user"_s);
        QCOMPARE(r.config->owners.accountLabel, u"gpuwarden.account"_s);
        QVERIFY(r.config->owners.slurm);
        QVERIFY(r.config->exempt.isEmpty());
    }

    void everyOwnersKeyRead()
    {
        const auto r = parse(R"([owners]
user_label = "lab.user"
account_label = ""
slurm = false
exempt_namespaces = ["kube-system"]
exempt_labels = ["gpuwarden.exempt=true", "reserved"]
exempt_accounts = ["ops"]
exempt_jobs = ["4711"]

[owners.namespaces]
vision = { user = "alice", account = "vision" }
nlp = { account = "nlp" }

[owners.containers]
"train-*" = { user = "bob" }
"eval-?" = { user = "carol", account = "eval" }
)");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QVERIFY(r.warnings.isEmpty());
        const owners::OwnerRules& o = r.config->owners;
        QCOMPARE(o.userLabel, u"lab.user"_s);
        QCOMPARE(o.accountLabel, QString());
        QVERIFY(!o.slurm);
        QCOMPARE(o.namespaces.size(), 2);
        QCOMPARE(o.namespaces.value(u"vision"_s).user, u"alice"_s);
        QCOMPARE(o.namespaces.value(u"vision"_s).account, u"vision"_s);
        QCOMPARE(o.namespaces.value(u"vision"_s).line, 11); // kept for messages
        QCOMPARE(o.namespaces.value(u"nlp"_s).user, QString());
        QCOMPARE(o.namespaces.value(u"nlp"_s).account, u"nlp"_s);
        // File order, not toml++'s key order.
        QCOMPARE(o.containers.size(), 2);
        QCOMPARE(o.containers[0].first, u"train-*"_s);
        QCOMPARE(o.containers[0].second.user, u"bob"_s);
        QCOMPARE(o.containers[0].second.line, 15);
        QCOMPARE(o.containers[1].first, u"eval-?"_s);
        QCOMPARE(o.containers[1].second.account, u"eval"_s);
        const PolicyConfig::Exempt& x = r.config->exempt;
        QCOMPARE(x.namespaces, QStringList{u"kube-system"_s});
        QCOMPARE(x.labels, (QStringList{u"gpuwarden.exempt=true"_s, u"reserved"_s}));
        QCOMPARE(x.accounts, QStringList{u"ops"_s});
        QCOMPARE(x.jobs, QStringList{u"4711"_s});

        // `policy check`'s lines.
        const QString summary = policySummary(*r.config);
        QVERIFY2(summary.contains(u"owners: labels lab.user and (none), Slurm's user and "
                                  "account off\n"_s),
                 qPrintable(summary));
        QVERIFY2(summary.contains(u"owners namespaces: nlp → account nlp; vision → alice, "
                                  "account vision\n"_s),
                 qPrintable(summary));
        QVERIFY2(summary.contains(u"owners containers: train-* → bob; eval-? → carol, account "
                                  "eval\n"_s),
                 qPrintable(summary));
        QVERIFY2(summary.contains(u"owners exempt: namespaces kube-system; labels "
                                  "gpuwarden.exempt=true, reserved; accounts ops; Slurm jobs "
                                  "4711\n"_s),
                 qPrintable(summary));

        // The effective JSON: tables as lists in file order, with their lines.
        const QJsonObject j = policyToJson(*r.config)[u"owners"_s].toObject();
        QCOMPARE(j[u"user_label"_s].toString(), u"lab.user"_s);
        QCOMPARE(j[u"slurm"_s].toBool(true), false);
        const QJsonArray ns = j[u"namespaces"_s].toArray();
        QCOMPARE(ns.size(), 2);
        QCOMPARE(ns[0][u"name"_s].toString(), u"vision"_s);
        QCOMPARE(ns[0][u"line"_s].toInt(), 11);
        QCOMPARE(ns[1][u"name"_s].toString(), u"nlp"_s);
        QCOMPARE(j[u"containers"_s][1][u"pattern"_s].toString(), u"eval-?"_s);
        QCOMPARE(j[u"exempt_jobs"_s].toArray(), QJsonArray{u"4711"_s});
    }

    void writerRoundTripReadsBackEqual()
    {
        PolicyConfig c;
        c.owners.userLabel = u"lab.user"_s;
        c.owners.slurm = false;
        c.owners.namespaces.insert(u"vision"_s, {u"alice"_s, u"vision"_s, 0});
        c.owners.namespaces.insert(u"nlp"_s, {QString(), u"nlp"_s, 0});
        c.owners.containers.append({u"train *"_s, {u"bob"_s, QString(), 0}}); // a quoted key
        c.owners.containers.append({u"eval-?"_s, {QString(), u"eval"_s, 0}});
        // Characters TOML must have escaped: a quote, a control character, DEL.
        c.owners.containers.append({u"odd\"\u0001\u007f"_s, {u"dave"_s, QString(), 0}});
        c.exempt.namespaces = {u"kube-system"_s};
        c.exempt.labels = {u"gpuwarden.exempt=true"_s};
        c.exempt.accounts = {u"ops"_s};
        c.exempt.jobs = {u"4711"_s, u"4712"_s};
        c.hog.scope = HogScope::Account;
        const QByteArray toml = policyTomlFromJson(policyToJson(c));
        QVERIFY2(toml.contains("\n[owners.namespaces]\nnlp = { account = \"nlp\" }\nvision = { "
                               "user = \"alice\", account = \"vision\" }\n"),
                 toml.constData());
        QVERIFY2(toml.contains("\n[owners.containers]\n\"train *\" = { user = \"bob\" }\n"
                               "\"eval-?\" = { account = \"eval\" }\n"),
                 toml.constData());
        const auto r = parsePolicy(toml, u"p"_s);
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n') + u'\n' + QString::fromUtf8(toml)));
        QVERIFY(*r.config == c);
        // … and again: the writer gives the same text for what it read.
        QCOMPARE(policyTomlFromJson(policyToJson(*r.config)), toml);
        // A changed mapping is a different policy (only the line is not compared).
        PolicyConfig other = c;
        other.owners.containers[1].second.account = u"vision"_s;
        QVERIFY(!(other == c));
    }

    void mistakesNamedWithTheirPosition_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown key")
            << QByteArray("[owners]\nuser_lable = \"x\"\n")
            << u"policy.toml:2:1: unknown key \"user_lable\" in [owners] (did you mean "
               "\"user_label\"?)"_s;
        QTest::newRow("label with a space")
            << QByteArray("[owners]\nuser_label = \"gpu warden\"\n")
            << u"policy.toml:2:14: \"user_label\": \"gpu warden\" is not a label key (no spaces, "
               "no '='); write \"\" for none"_s;
        QTest::newRow("label not a string")
            << QByteArray("[owners]\naccount_label = 3\n")
            << u"policy.toml:2:17: \"account_label\" must be a string in quotes"_s;
        QTest::newRow("slurm not a boolean")
            << QByteArray("[owners]\nslurm = \"yes\"\n")
            << u"policy.toml:2:9: \"slurm\" must be true or false"_s;
        QTest::newRow("mapping naming neither")
            << QByteArray("[owners.namespaces]\nvision = {}\n")
            << u"policy.toml:2:10: [owners.namespaces] \"vision\" names neither a \"user\" nor "
               "an \"account\""_s;
        QTest::newRow("mapping key misspelt")
            << QByteArray("[owners.namespaces]\nvision = { usr = \"alice\" }\n")
            << u"policy.toml:2:12: unknown key \"usr\" in [owners.namespaces] \"vision\" (did you "
               "mean \"user\"?)"_s;
        QTest::newRow("mapping not a table")
            << QByteArray("[owners.containers]\n\"train-*\" = \"bob\"\n")
            << u"policy.toml:2:13: [owners.containers] \"train-*\" must be { user = \"…\", "
               "account = \"…\" }"_s;
        QTest::newRow("user not a string")
            << QByteArray("[owners.containers]\n\"train-*\" = { user = 7 }\n")
            << u"policy.toml:2:22: \"user\" of [owners.containers] \"train-*\" must be a string "
               "in quotes"_s;
        QTest::newRow("account empty")
            << QByteArray("[owners.namespaces]\nvision = { account = \"\" }\n")
            << u"policy.toml:2:22: \"account\" of [owners.namespaces] \"vision\" is empty: leave "
               "it out instead"_s;
        QTest::newRow("empty pattern")
            << QByteArray("[owners.containers]\n\"\" = { user = \"bob\" }\n")
            << u"policy.toml:2:1: a pattern in [owners.containers] is empty: write a container's "
               "name, with * for any run of characters and ? for one, such as \"train-*\""_s;
        QTest::newRow("not a namespace")
            << QByteArray("[owners.namespaces]\nVision = { user = \"alice\" }\n")
            << u"policy.toml:2:1: \"Vision\" in [owners.namespaces] is not a Kubernetes namespace "
               "(lower-case letters, digits and '-', at most 63 characters)"_s;
        QTest::newRow("table not a table")
            << QByteArray("[owners]\nnamespaces = 3\n")
            << u"policy.toml:2:14: [owners.namespaces] must be a table"_s;
        QTest::newRow("exempt job not a number")
            << QByteArray("[owners]\nexempt_jobs = [\"47x\"]\n")
            << u"policy.toml:2:16: \"47x\" in \"exempt_jobs\" is not a Slurm job id (a number, "
               "such as \"1234\")"_s;
        QTest::newRow("exempt job an integer")
            << QByteArray("[owners]\nexempt_jobs = [4711]\n")
            << u"policy.toml:2:16: each entry of \"exempt_jobs\" must be a string in quotes"_s;
        QTest::newRow("exempt label without a key")
            << QByteArray("[owners]\nexempt_labels = [\"=true\"]\n")
            << u"policy.toml:2:18: \"=true\" in \"exempt_labels\" is not a label: write "
               "\"key=value\", or \"key\" for any value"_s;
        QTest::newRow("exempt namespace")
            << QByteArray("[owners]\nexempt_namespaces = [\"Kube_System\"]\n")
            << u"policy.toml:2:22: \"Kube_System\" in \"exempt_namespaces\" is not a Kubernetes "
               "namespace (lower-case letters, digits and '-', at most 63 characters)"_s;
        QTest::newRow("exempt entry empty")
            << QByteArray("[owners]\nexempt_accounts = [\"\"]\n")
            << u"policy.toml:2:20: an entry of \"exempt_accounts\" is empty"_s;
        QTest::newRow("scope")
            << QByteArray("[hog]\nscope = \"pod\"\n")
            << u"policy.toml:2:9: \"scope\" must be \"process\" or \"user\" or \"workload\" or "
               "\"account\", not \"pod\""_s;
    }
    void mistakesNamedWithTheirPosition()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const auto r = parsePolicy(text, u"policy.toml"_s);
        QVERIFY(!r.config);
        QCOMPARE(r.errors, QStringList{error});
    }

    void everyMistakeOfAFileInFileOrder()
    {
        // docs/policies.md's example, as it is written there.
        const auto r = parse(R"([owners]
user_label = "gpu warden"

[owners.namespaces]
vision = { usr = "alice" }
nlp = {}
Vision = { user = "alice" }

[owners.containers]
"" = { user = "bob" }
"train-*" = { user = 7 }
)");
        QVERIFY(!r.config);
        QCOMPARE(
            r.errors,
            (QStringList{
                u"policy.toml:2:14: \"user_label\": \"gpu warden\" is not a label key (no spaces, "
                "no '='); write \"\" for none"_s,
                u"policy.toml:5:12: unknown key \"usr\" in [owners.namespaces] \"vision\" (did you "
                "mean \"user\"?)"_s,
                u"policy.toml:6:7: [owners.namespaces] \"nlp\" names neither a \"user\" nor an "
                "\"account\""_s,
                u"policy.toml:7:1: \"Vision\" in [owners.namespaces] is not a Kubernetes namespace "
                "(lower-case letters, digits and '-', at most 63 characters)"_s,
                u"policy.toml:10:1: a pattern in [owners.containers] is empty: write a container's "
                "name, with * for any run of characters and ? for one, such as \"train-*\""_s,
                u"policy.toml:11:22: \"user\" of [owners.containers] \"train-*\" must be a string "
                "in quotes"_s}));
    }

    void scopesRead()
    {
        for (const auto& [word, scope] :
             {std::pair{"process", HogScope::Process}, std::pair{"user", HogScope::User},
              std::pair{"workload", HogScope::Workload}, std::pair{"account", HogScope::Account}}) {
            const auto r =
                parsePolicy("[hog]\nscope = \"" + QByteArray(word) + "\"\n", u"policy.toml"_s);
            QVERIFY2(r.config, word);
            QCOMPARE(r.config->hog.scope, scope);
            QCOMPARE(hogScopeName(scope), QString::fromLatin1(word));
            QVERIFY2(policySummary(*r.config).contains(u", per %1,"_s.arg(QLatin1String(word))),
                     word);
        }
    }

    void hogJudgesTheOwnerNotTheUnixUser()
    {
        // Two root processes in containers labelled for alice, 50 % each: in
        // scope "user" that is alice at 100 %, never root.
        PolicyConfig policy = hogPolicy(HogScope::User);
        GpuProcess a = proc(100, u"root"_s, 50, u"alice"_s);
        a.workload = container(QString(64, u'a'), u"job1"_s);
        GpuProcess b = proc(101, u"root"_s, 50, u"alice"_s);
        b.workload = container(QString(64, u'b'), u"job2"_s);
        GpuProcess c = proc(102, u"root"_s, 50); // host root: alone, below the threshold
        const QList<PolicyEvent> events = replay(policy, {a, b, c});
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].user, u"alice"_s);
        QCOMPARE(events[0].peakPercent, 100.0);
        QVERIFY(events[0].id.endsWith(u"/GPU-0/user:alice/"_s + QString::number(kT0)));
        QCOMPARE(events[0].workloadKind, QString()); // two workloads
    }

    void hogByWorkload()
    {
        // Two processes of one container at 45 % each: 90 % for the
        // container; a process of another container at 45 % is no hog. In
        // scope "process" none of them is one.
        GpuProcess a = proc(100, u"root"_s, 45, u"container:job1"_s);
        a.workload = container(QString(64, u'a'), u"job1"_s);
        GpuProcess b = proc(101, u"root"_s, 45, u"container:job1"_s);
        b.workload = a.workload;
        GpuProcess c = proc(102, u"alice"_s, 45);
        c.workload = container(QString(64, u'c'), u"job2"_s);
        QVERIFY(replay(hogPolicy(HogScope::Process), {a, b, c}).isEmpty());
        const QList<PolicyEvent> events = replay(hogPolicy(HogScope::Workload), {a, b, c});
        QCOMPARE(events.size(), 1);
        const PolicyEvent& e = events[0];
        QCOMPARE(e.pid, 0);
        QCOMPARE(e.peakPercent, 90.0);
        QCOMPARE(e.user, u"container:job1"_s);
        QCOMPARE(e.workloadKind, u"docker"_s);
        QCOMPARE(e.workloadId, QString(64, u'a'));
        QCOMPARE(e.workloadName, u"container job1"_s);
        QVERIFY2(e.id.contains(u"/GPU-0/workload:docker:"_s + QString(64, u'a') + u'/'),
                 qPrintable(e.id));
        QCOMPARE(policyEventText(e),
                 u"GPU hog: container job1 (container:job1) at 90 % for 5 s on node-1 GPU 0"_s);

        // A pod's containers are judged together: the pod is the unit.
        GpuProcess p1 = proc(200, u"root"_s, 45, u"alice"_s, u"vision"_s);
        p1.workload = pod(u"11111111-2222-3333-4444-555555555555"_s, QString(64, u'1'), u"vision"_s,
                          u"train-0"_s);
        GpuProcess p2 = p1;
        p2.pid = 201;
        p2.workload->id = QString(64, u'2'); // the pod's other container
        const QList<PolicyEvent> pods = replay(hogPolicy(HogScope::Workload), {p1, p2});
        QCOMPARE(pods.size(), 1);
        QCOMPARE(pods[0].workloadKind, u"kubernetes"_s);
        QCOMPARE(pods[0].workloadId, u"11111111-2222-3333-4444-555555555555"_s);
        QCOMPARE(pods[0].workloadName, u"pod vision/train-0"_s);
        QCOMPARE(pods[0].account, u"vision"_s);

        // A process with no workload read is judged with its owner's.
        GpuProcess bare1 = proc(300, u"bob"_s, 45);
        GpuProcess bare2 = proc(301, u"bob"_s, 45);
        const QList<PolicyEvent> bare = replay(hogPolicy(HogScope::Workload), {bare1, bare2});
        QCOMPARE(bare.size(), 1);
        QCOMPARE(bare[0].user, u"bob"_s);
        QVERIFY(bare[0].id.contains(u"/user:bob/"_s));
    }

    void hogByAccount()
    {
        // alice and bob of account vision at 45 % each: the account is a
        // hog at 90 %; carol of account nlp at 45 % is not.
        const GpuProcess a = proc(100, u"alice"_s, 45, u"alice"_s, u"vision"_s);
        const GpuProcess b = proc(101, u"bob"_s, 45, u"bob"_s, u"vision"_s);
        const GpuProcess c = proc(102, u"carol"_s, 45, u"carol"_s, u"nlp"_s);
        QVERIFY(replay(hogPolicy(HogScope::User), {a, b, c}).isEmpty());
        const QList<PolicyEvent> events = replay(hogPolicy(HogScope::Account), {a, b, c});
        QCOMPARE(events.size(), 1);
        const PolicyEvent& e = events[0];
        QCOMPARE(e.account, u"vision"_s);
        QCOMPARE(e.user, QString()); // of several owners
        QCOMPARE(e.peakPercent, 90.0);
        QVERIFY2(e.id.contains(u"/GPU-0/account:vision/"_s), qPrintable(e.id));
        QCOMPARE(policyEventText(e), u"GPU hog: account vision at 90 % for 5 s on node-1 GPU 0"_s);

        // Without an account, a process is judged with its owner's.
        const QList<PolicyEvent> none = replay(
            hogPolicy(HogScope::Account), {proc(200, u"dave"_s, 45), proc(201, u"dave"_s, 45)});
        QCOMPARE(none.size(), 1);
        QCOMPARE(none[0].user, u"dave"_s);
        QCOMPARE(none[0].account, QString());
    }

    void scopeChangeClosesTheRunsOfTheOldScope()
    {
        const GpuProcess a = proc(100, u"alice"_s, 90, u"alice"_s, u"vision"_s);
        PolicyEngine engine(hogPolicy(HogScope::User));
        QList<PolicyEvent> changed;
        for (int i = 0; i < 8; ++i)
            changed += engine.feed(reading(kT0 + i * kSecond, {a})).changed;
        QCOMPARE(engine.openEvents().size(), 1);
        QVERIFY(engine.openEvents()[0].id.contains(u"/user:alice/"_s));
        engine.setPolicy(hogPolicy(HogScope::Account));
        const auto step = engine.feed(reading(kT0 + 8 * kSecond, {a}));
        QCOMPARE(step.changed.size(), 1);
        QCOMPARE(step.changed[0].endReason, u"policy changed"_s);
        for (int i = 9; i < 16; ++i)
            engine.feed(reading(kT0 + i * kSecond, {a}));
        QCOMPARE(engine.openEvents().size(), 1);
        QVERIFY(engine.openEvents()[0].id.contains(u"/account:vision/"_s));
    }

    void exemptionsFlagNothing_data()
    {
        QTest::addColumn<QByteArray>("owners");
        QTest::addColumn<int>("exempt"); // which of the four processes
        QTest::newRow("namespace") << QByteArray("exempt_namespaces = [\"vision\"]") << 0;
        QTest::newRow("label with value")
            << QByteArray("exempt_labels = [\"gpuwarden.exempt=true\"]") << 1;
        QTest::newRow("label any value")
            << QByteArray("exempt_labels = [\"gpuwarden.exempt\"]") << 1;
        QTest::newRow("account") << QByteArray("exempt_accounts = [\"ops\"]") << 2;
        QTest::newRow("slurm job") << QByteArray("exempt_jobs = [\"4711\"]") << 3;
    }
    void exemptionsFlagNothing()
    {
        QFETCH(QByteArray, owners);
        QFETCH(int, exempt);
        // Four processes, each alone on a GPU at 95 %, idle-looking memory
        // holders too on another reading set: a pod in namespace vision, a
        // labelled container, a process of account ops, a Slurm job.
        QList<GpuProcess> ps;
        ps << proc(100, u"root"_s, 95, u"alice"_s, u"vision"_s);
        ps[0].workload = pod(u"11111111-2222-3333-4444-555555555555"_s, QString(64, u'1'),
                             u"vision"_s, u"train-0"_s);
        ps << proc(101, u"root"_s, 95, u"container:job1"_s);
        ps[1].workload = container(QString(64, u'b'), u"job1"_s);
        ps[1].workload->labels.insert(u"gpuwarden.exempt"_s, u"true"_s);
        ps << proc(102, u"carol"_s, 95, u"carol"_s, u"ops"_s);
        ps << proc(103, u"dave"_s, 95, u"dave"_s, u"physics"_s);
        ps[3].workload = slurmJob(u"4711"_s);
        for (qsizetype i = 0; i < ps.size(); ++i)
            ps[i].gpuUuid = u"GPU-%1"_s.arg(i);
        const auto r =
            parsePolicy("[hog]\nduration = \"5s\"\n[owners]\n" + owners + '\n', u"policy.toml"_s);
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QCOMPARE(exemptionOf(r.config->exempt, ps[exempt]).isEmpty(), false);
        for (qsizetype i = 0; i < ps.size(); ++i)
            if (i != exempt)
                QVERIFY2(exemptionOf(r.config->exempt, ps[i]).isEmpty(), qPrintable(ps[i].user));

        PolicyEngine engine(*r.config);
        QSet<qint64> flagged;
        for (int i = 0; i < 10; ++i) {
            Snapshot s = reading(kT0 + i * kSecond, ps);
            s.gpus = {gpu(0, 95), gpu(1, 95), gpu(2, 95), gpu(3, 95)};
            for (const PolicyEvent& e : engine.feed(s).changed)
                flagged << e.pid;
        }
        QCOMPARE(flagged.size(), 3);
        QVERIFY(!flagged.contains(ps[exempt].pid));

        // Idle: the exempt process holds memory unused and is never idle.
        PolicyConfig idle = *r.config;
        idle.idle.timeWindowMs = 30 * kSecond;
        idle.idle.warningsMs = {};
        PolicyEngine idleEngine(idle);
        QSet<qint64> idles;
        for (int i = 0; i < 40; ++i) {
            Snapshot s = reading(kT0 + i * kSecond, ps);
            s.gpus = {gpu(0, 1), gpu(1, 1), gpu(2, 1), gpu(3, 1)};
            for (GpuProcess& p : s.processes)
                p.smUtilPercent.reset();
            for (const PolicyEvent& e : idleEngine.feed(s).changed)
                if (e.kind == PolicyEventKind::Idle)
                    idles << e.pid;
        }
        QCOMPARE(idles.size(), 3);
        QVERIFY(!idles.contains(ps[exempt].pid));
    }

    void exemptedWhileJudgedEndsTheRun()
    {
        GpuProcess a = proc(100, u"alice"_s, 95, u"alice"_s, u"ops"_s);
        PolicyConfig policy = hogPolicy(HogScope::Process);
        PolicyEngine engine(policy);
        for (int i = 0; i < 8; ++i)
            engine.feed(reading(kT0 + i * kSecond, {a}));
        QCOMPARE(engine.openEvents().size(), 1);
        policy.exempt.accounts = {u"ops"_s};
        engine.setPolicy(policy);
        const auto step = engine.feed(reading(kT0 + 8 * kSecond, {a}));
        QCOMPARE(step.changed.size(), 1);
        QCOMPARE(step.changed[0].endReason, u"exempt"_s);
        QVERIFY(engine.openEvents().isEmpty());
    }

    void fairShareAndIdleJudgeTheOwner()
    {
        // Root in a container owned by alice, alone on the server's only GPU
        // at 100 %, with a 30 % quota for alice: alice is over quota, not root.
        PolicyConfig policy;
        policy.quota.windowMs = 20 * kSecond;
        policy.quota.users = {QuotaShare{u"alice"_s, 30, {}}};
        policy.adaptive.enabled = false;
        policy.hog.durationMs = 7 * 24 * 3'600'000LL;
        GpuProcess a = proc(100, u"root"_s, 100, u"alice"_s, u"vision"_s);
        a.workload = container(QString(64, u'a'), u"job1"_s);
        const QList<PolicyEvent> fair = ofKind(replay(policy, {a}, 20), PolicyEventKind::FairShare);
        QCOMPARE(fair.size(), 1);
        QCOMPARE(fair[0].user, u"alice"_s);
        // exempt_users names owners.
        policy.idle.timeWindowMs = 30 * kSecond;
        policy.idle.warningsMs = {};
        GpuProcess idler = a;
        idler.smUtilPercent.reset();
        QList<PolicyEvent> idles = ofKind(replay(policy, {idler}, 40, 1), PolicyEventKind::Idle);
        QCOMPARE(idles.size(), 1);
        QCOMPARE(idles[0].user, u"alice"_s);
        QCOMPARE(idles[0].workloadName, u"container job1"_s);
        policy.idle.exemptUsers = {u"alice"_s};
        QVERIFY(ofKind(replay(policy, {idler}, 40, 1), PolicyEventKind::Idle).isEmpty());
        policy.idle.exemptUsers = {u"root"_s}; // the Unix user is not the owner
        QCOMPARE(ofKind(replay(policy, {idler}, 40, 1), PolicyEventKind::Idle).size(), 1);
    }

    void eventNamesTheOwnerAndWorkloadAndRoundTrips()
    {
        GpuProcess a = proc(100, u"root"_s, 95, u"bob"_s, u"vision"_s);
        a.workload = slurmJob(u"57"_s);
        const QList<PolicyEvent> events = replay(hogPolicy(HogScope::Process), {a});
        QCOMPARE(events.size(), 1);
        const PolicyEvent& e = events[0];
        QCOMPARE(e.user, u"bob"_s);
        QCOMPARE(e.account, u"vision"_s);
        QCOMPARE(e.workloadKind, u"slurm"_s);
        QCOMPARE(e.workloadId, u"57"_s);
        QCOMPARE(e.workloadName, u"Slurm job 57"_s);
        QCOMPARE(e.jobId, u"57"_s);
        QCOMPARE(policyEventText(e), u"GPU hog: python train.py (PID 100, bob, Slurm job 57) at "
                                     "95 % for 5 s on node-1 GPU 0"_s);
        const QJsonObject o = toJson(e);
        QCOMPARE(o[u"account"_s].toString(), u"vision"_s);
        QCOMPARE(o[u"workload_kind"_s].toString(), u"slurm"_s);
        QCOMPARE(o[u"workload_id"_s].toString(), u"57"_s);
        QCOMPARE(o[u"workload_name"_s].toString(), u"Slurm job 57"_s);
        QCOMPARE(o[u"job_id"_s].toString(), u"57"_s);
        QString error;
        const auto back = policyEventFromJson(
            QJsonDocument::fromJson(QJsonDocument(o).toJson()).object(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, e);
        // A login session is a workload, but not one a sentence names.
        PolicyEvent session = e;
        session.workloadKind = u"session"_s;
        session.workloadName = u"session 3"_s;
        QVERIFY(!policyEventText(session).contains(u"session"_s));
    }

    void eventNamesTheOwnerAsOfTheVerdict()
    {
        // The runtime answers after the run began: the first readings show
        // the container itself as the owner, later ones alice.
        GpuProcess early = proc(100, u"root"_s, 95, u"container:aaaaaaaaaaaa"_s);
        early.workload = container(QString(64, u'a'), QString());
        GpuProcess late = proc(100, u"root"_s, 95, u"alice"_s, u"vision"_s);
        late.workload = container(QString(64, u'a'), u"job1"_s);
        PolicyEngine engine(hogPolicy(HogScope::Process));
        QList<PolicyEvent> changed;
        for (int i = 0; i < 10; ++i)
            changed += engine.feed(reading(kT0 + i * kSecond, {i < 2 ? early : late})).changed;
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed[0].startMs, kT0); // the run kept its start
        QCOMPARE(changed[0].user, u"alice"_s);
        QCOMPARE(changed[0].account, u"vision"_s);
        QCOMPARE(changed[0].workloadName, u"container job1"_s);
    }

    void eventsWrittenBeforeOwnersStillRead()
    {
        // An event as an agent wrote it before owners (no account, no workload).
        const QByteArray old = R"({"id":"hog/node-1/GPU-0/100@1/1","kind":"hog","server":"node-1",
            "start_ms":1,"detected_ms":2,"end_ms":null,"end_reason":"","gpu_uuid":"GPU-0",
            "gpu_index":0,"mig_uuid":"","pid":100,"process_start_ms":1,"user":"alice",
            "command":"python","peak_percent":95,"mean_percent":90,"memory_mib":null,
            "quota_percent":null,"excess_percent":null,"duration_ms":600000,"estimated":false,
            "actions":[]})";
        QString error;
        const auto e = policyEventFromJson(QJsonDocument::fromJson(old).object(), &error);
        QVERIFY2(e, qPrintable(error));
        QCOMPARE(e->user, u"alice"_s);
        QCOMPARE(e->account, QString());
        QCOMPARE(e->workloadKind, QString());
        QCOMPARE(e->jobId, QString());
        QCOMPARE(policyEventText(*e), u"GPU hog: python (PID 100, alice) at 90 % for 10 min on "
                                      "node-1 GPU 0"_s);
        // A mistyped new key is still an error naming it.
        QJsonObject bad = QJsonDocument::fromJson(old).object();
        bad.insert(u"job_id"_s, 57);
        QVERIFY(!policyEventFromJson(bad, &error));
        QCOMPARE(error, u"job_id: expected a string"_s);
    }
};

QTEST_GUILESS_MAIN(TestPolicyOwners)
#include "tst_policyowners.moc"
