// Who owns a process, from its workload's names through [owners]: each
// rule in its order, and the cases that must never read "root" for a
// person (root inside a container no rule names is the container).
#include "owners/ownerrules.h"

#include <QTest>

using namespace gw;
using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

const QString kId = u"561bb04bdcbb06efbd7936e1ad3f0530ac58c8f324e507878d81c8455bdc21b9"_s;

std::optional<Workload> container(WorkloadKind kind = WorkloadKind::Podman)
{
    Workload w;
    w.kind = kind;
    w.id = kId;
    if (kind == WorkloadKind::Kubernetes)
        w.podUid = u"3c1d5e2f-8a9b-4c0d-9e1f-2a3b4c5d6e7f"_s;
    return w;
}

ContainerFacts facts(const QString& name, QHash<QString, QString> labels = {})
{
    ContainerFacts f;
    f.id = kId;
    f.name = name;
    f.labels = std::move(labels);
    return f;
}

} // namespace

class TestOwnerRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aLabelNamesThePersonOfARootContainer()
    {
        WorkloadNames n;
        n.container = facts(
            u"job1"_s, {{u"gpuwarden.user"_s, u"alice"_s}, {u"gpuwarden.account"_s, u"vision"_s}});
        const Owner o = resolveOwner(u"root"_s, 0, container(), n, OwnerRules{});
        QCOMPARE(o.user, u"alice"_s);
        QCOMPARE(o.account, u"vision"_s);
        QCOMPARE(o.because, u"label gpuwarden.user of container job1"_s);
        QVERIFY(!o.isWorkload);
    }

    void rootInAContainerNoRuleNamesIsTheContainerNeverRoot()
    {
        WorkloadNames n;
        n.container = facts(u"job1"_s);
        Owner o = resolveOwner(u"root"_s, 0, container(), n, OwnerRules{});
        QCOMPARE(o.user, u"container:job1"_s);
        QVERIFY(o.isWorkload);
        QCOMPARE(o.because, u"container:job1 (root inside, no rule names a person)"_s);
        // Before the runtime has answered: its short id, still not root.
        o = resolveOwner(u"root"_s, 0, container(), WorkloadNames{}, OwnerRules{});
        QCOMPARE(o.user, u"container:561bb04bdcbb"_s);
        // Root on the host stays root (and stays protected elsewhere).
        Workload service;
        service.kind = WorkloadKind::Service;
        service.id = u"ollama.service"_s;
        o = resolveOwner(u"root"_s, 0, service, WorkloadNames{}, OwnerRules{});
        QCOMPARE(o.user, u"root"_s);
        QVERIFY(!o.isWorkload);
    }

    void aPersonInsideAContainerIsThePerson()
    {
        WorkloadNames n;
        n.container = facts(u"notebook"_s);
        const Owner o = resolveOwner(u"bob"_s, 1002, container(), n, OwnerRules{});
        QCOMPARE(o.user, u"bob"_s);
        QCOMPARE(o.because, u"the process's user"_s);
    }

    void aSlurmJobIsItsUserAndAccount()
    {
        WorkloadNames n;
        n.job = SlurmJob{};
        n.job->jobId = u"57"_s;
        n.job->user = u"bob"_s;
        n.job->account = u"vision"_s;
        Workload w;
        w.kind = WorkloadKind::Slurm;
        w.id = u"57"_s;
        Owner o = resolveOwner(u"bob"_s, 1002, w, n, OwnerRules{});
        QCOMPARE(o.user, u"bob"_s);
        QCOMPARE(o.account, u"vision"_s);
        QCOMPARE(o.because, u"Slurm job 57"_s);
        OwnerRules off;
        off.slurm = false;
        o = resolveOwner(u"bob"_s, 1002, w, n, off);
        QCOMPARE(o.account, QString());
    }

    void aNamespaceRuleGivesTheAccountAndMaybeThePerson()
    {
        OwnerRules rules;
        rules.namespaces.insert(u"vision"_s, OwnerMapping{QString(), u"vision"_s, 14});
        rules.namespaces.insert(u"team-a"_s, OwnerMapping{u"alice"_s, u"a"_s, 15});
        WorkloadNames n;
        n.pod = PodFacts{u"uid"_s, u"train-0"_s, u"vision"_s, {}, {}};
        Owner o = resolveOwner(u"root"_s, 0, container(WorkloadKind::Kubernetes), n, rules);
        QCOMPARE(o.user, u"pod:vision/train-0"_s); // no person named: the pod
        QCOMPARE(o.account, u"vision"_s);
        QVERIFY(o.isWorkload);
        n.pod->namespaceName = u"team-a"_s;
        o = resolveOwner(u"root"_s, 0, container(WorkloadKind::Kubernetes), n, rules);
        QCOMPARE(o.user, u"alice"_s);
        QCOMPARE(o.account, u"a"_s);
        QCOMPARE(o.because, u"namespace team-a (policy.toml:15)"_s);
        // A pod's label is asked before its namespace.
        n.pod->labels.insert(u"gpuwarden.user"_s, u"carol"_s);
        o = resolveOwner(u"root"_s, 0, container(WorkloadKind::Kubernetes), n, rules);
        QCOMPARE(o.user, u"carol"_s);
        QCOMPARE(o.because, u"label gpuwarden.user of pod team-a/train-0"_s);
    }

    void theLongestContainerPatternDecides()
    {
        OwnerRules rules;
        rules.containers << std::pair{u"*"_s, OwnerMapping{QString(), u"lab"_s, 20}}
                         << std::pair{u"alice-*"_s, OwnerMapping{u"alice"_s, QString(), 21}}
                         << std::pair{u"alice-big-*"_s, OwnerMapping{u"alice"_s, u"big"_s, 22}};
        WorkloadNames n;
        n.container = facts(u"alice-big-run3"_s);
        Owner o = resolveOwner(u"root"_s, 0, container(), n, rules);
        QCOMPARE(o.user, u"alice"_s);
        QCOMPARE(o.account, u"big"_s);
        QCOMPARE(o.because,
                 u"container name alice-big-run3 matches \"alice-big-*\" (policy.toml:22)"_s);
        n.container = facts(u"nightly"_s);
        o = resolveOwner(u"root"_s, 0, container(), n, rules);
        QCOMPARE(o.user, u"container:nightly"_s); // '*' names an account, no person
        QCOMPARE(o.account, u"lab"_s);
    }

    void globs()
    {
        QVERIFY(globMatches(u"*", u""));
        QVERIFY(globMatches(u"a*c", u"abbbc"));
        QVERIFY(globMatches(u"a?c", u"abc"));
        QVERIFY(!globMatches(u"a?c", u"ac"));
        QVERIFY(globMatches(u"*-run-*", u"x-run-7"));
        QVERIFY(!globMatches(u"Alice*", u"alice-1")); // case counts
        QVERIFY(!globMatches(u"", u"x"));
        // No blow-up on many stars against a long text.
        QVERIFY(!globMatches(u"*a*a*a*a*a*a*a*a*b", QString(4000, u'a')));
    }
};

QTEST_GUILESS_MAIN(TestOwnerRules)
#include "tst_ownerrules.moc"
