// Who owns a GPU process, as the desktop shows it (docs/owners.md,
// docs/desktop.md): the process tables' Owner, Account and Workload columns
// and their roles, the root process in a container no rule names, the
// filters by user, account, namespace and job, the overview's users line of
// owners, a GPU held by a pod with no process, and a server whose sampler
// runs in a PID namespace of its own.

#include "engine/livestate.h"
#include "model/linkstatus.h"
#include "models/fleetprocessmodel.h"
#include "models/overviewmodel.h"
#include "models/ownertext.h"
#include "models/processfilterproxy.h"
#include "models/processmodel.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "models/usertext.h"
#include "models/verdictbook.h"
#include "sources/demoworld.h"
#include "window/fleetprocesspage.h"
#include "window/liveheader.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {
// 12:35: carol's evaluation and eve's fine-tune both run, the embedding
// service on infer-03's MIG GPU too.
constexpr qint64 kT = 1795305600000 + 12 * 3'600'000 + 35 * 60'000;

void feedDemo(LiveState& fleet, qint64 t = kT)
{
    fleet.setClock([&fleet] { return fleet.newestTimestampMs(); });
    for (const Snapshot& s : DemoWorld().at(t))
        fleet.ingest(s);
}

int rowOfPid(const QAbstractItemModel& m, qint64 pid)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, 0).data(PidRole).toLongLong() == pid)
            return r;
    return -1;
}

QStringList column(const QAbstractItemModel& m, int column)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, column).data().toString();
    out.sort();
    return out;
}

// A reading of a sampler in a PID namespace of its own whose process, by
// chance, looks named: the desktop must not believe it.
Snapshot ownNamespaceReading()
{
    Snapshot s = DemoWorld().serverAt(1, kT);
    s.host.ownPidNamespace = true;
    return s;
}
} // namespace

class TestOwners : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filterWordsNameTheirFields()
    {
        const ProcessFilter f(u"account:vision  python ns:team-a JOB:57 user:container:job1"_s);
        QCOMPARE(f.account, u"vision"_s);
        QCOMPARE(f.nameSpace, u"team-a"_s);
        QCOMPARE(f.job, u"57"_s);
        QCOMPARE(f.user, u"container:job1"_s);
        QCOMPARE(f.text(), u"python"_s);
        QVERIFY(!f.isEmpty());
        // A word with an unknown key, or an empty value, is free text.
        const ProcessFilter g(u"http://x account:"_s);
        QCOMPARE(g.text(), u"http://x account:"_s);
        QVERIFY(g.account.isEmpty());
        QVERIFY(ProcessFilter(u"  "_s).isEmpty());

        ProcessOwnerText o;
        o.ownerRaw = u"dave"_s;
        o.hostUser = u"root"_s;
        o.account = u"Inference"_s;
        QVERIFY(ProcessFilter(u"user:dave"_s).matchesFields(o));
        QVERIFY(ProcessFilter(u"user:root"_s).matchesFields(o));         // the host user too
        QVERIFY(ProcessFilter(u"account:inference"_s).matchesFields(o)); // any case
        QVERIFY(!ProcessFilter(u"account:vision"_s).matchesFields(o));
        QVERIFY(!ProcessFilter(u"job:57"_s).matchesFields(o));
        QVERIFY(!ProcessFilter(u"namespace:vision"_s).matchesFields(o));
    }

    void processTableShowsOwnerAccountAndWorkload()
    {
        ProcessModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(DemoWorld().serverAt(1, kT)); // gpu-lab-02
        QCOMPARE(model.headerData(ProcessModel::OwnerColumn, Qt::Horizontal).toString(),
                 u"Owner"_s);
        QCOMPARE(model.headerData(ProcessModel::AccountColumn, Qt::Horizontal).toString(),
                 u"Account"_s);
        QCOMPARE(model.headerData(ProcessModel::WorkloadColumn, Qt::Horizontal).toString(),
                 u"Workload"_s);
        // dave's Triton runs as root in a Docker container its label gives
        // to dave: the owner is dave, root is a detail with the reason.
        const int triton = rowOfPid(model, 5120);
        QVERIFY(triton >= 0);
        QCOMPARE(model.index(triton, ProcessModel::OwnerColumn).data().toString(), u"dave"_s);
        QCOMPARE(model.index(triton, ProcessModel::AccountColumn).data().toString(),
                 u"inference"_s);
        QCOMPARE(model.index(triton, ProcessModel::WorkloadColumn).data().toString(),
                 u"container triton"_s);
        const QString tip =
            model.index(triton, ProcessModel::OwnerColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"Host user root"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"label gpuwarden.user of container triton"_s), qPrintable(tip));
        QCOMPARE(model.index(triton, 0).data(OwnerRole).toString(), u"dave"_s);
        QCOMPARE(model.index(triton, 0).data(HostUserRole).toString(), u"root"_s);
        QCOMPARE(model.index(triton, ProcessModel::OwnerColumn).data(SortRole).toString(),
                 u"dave"_s);
        // eve's fine-tune: a Slurm job of account vision.
        const int tune = rowOfPid(model, 6230);
        QVERIFY(tune >= 0);
        QCOMPARE(model.index(tune, ProcessModel::WorkloadColumn).data().toString(),
                 u"Slurm job 5830"_s);
        QCOMPARE(model.index(tune, 0).data(AccountRole).toString(), u"vision"_s);
        QCOMPARE(model.index(tune, 0).data(JobRole).toString(), u"5830"_s);
        QVERIFY(model.index(tune, 0).data(NamespaceRole).toString().isEmpty());
        // Its owner is its user: no "host user" line.
        QVERIFY(!model.index(tune, ProcessModel::OwnerColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(u"Host user"_s));

        // The pod of svc-infer names its namespace.
        model.setSnapshot(DemoWorld().serverAt(2, kT));
        const int serve = rowOfPid(model, 7801);
        QVERIFY(serve >= 0);
        QCOMPARE(model.index(serve, ProcessModel::WorkloadColumn).data().toString(),
                 u"pod vision/llm-serve-0"_s);
        QCOMPARE(model.index(serve, 0).data(NamespaceRole).toString(), u"vision"_s);
    }

    void verdictsOnAnOwnerOrAnAccountMarkTheirProcesses()
    {
        // dave is over quota (a verdict on the user, no pid), and account
        // vision's processes are a hog (scope = "account"): dave's Triton
        // runs as root but is dave's; eve's job is of account vision.
        VerdictBook verdicts;
        PolicyStatus status;
        status.server = u"gpu-lab-02"_s;
        ProcessVerdict quota;
        quota.user = u"dave"_s;
        quota.overQuota = true;
        ProcessVerdict hog;
        hog.account = u"vision"_s;
        hog.hog = true;
        status.verdicts = {quota, hog};
        verdicts.setStatus(status);
        ProcessModel model;
        model.setVerdicts(&verdicts);
        model.setSnapshot(DemoWorld().serverAt(1, kT)); // gpu-lab-02
        const int triton = rowOfPid(model, 5120);
        const int tune = rowOfPid(model, 6230);
        QVERIFY(triton >= 0 && tune >= 0);
        const auto flags = [&](int row) {
            return model.index(row, ProcessModel::CommandColumn).data(VerdictFlagsRole).toInt();
        };
        QCOMPARE(flags(triton), int(OverQuotaVerdict));
        QCOMPARE(flags(tune), int(HogVerdict));
    }

    void rootInAContainerNoRuleNamesIsTheContainerNeverRoot()
    {
        ProcessModel model;
        model.setSnapshot(DemoWorld().serverAt(2, kT)); // infer-03
        const int embed = rowOfPid(model, 8377);
        QVERIFY(embed >= 0);
        QCOMPARE(model.processAt(embed).user, u"root"_s);
        QCOMPARE(model.index(embed, ProcessModel::OwnerColumn).data().toString(),
                 u"container:embed-svc"_s);
        QVERIFY(!column(model, ProcessModel::OwnerColumn).contains(u"root"_s));

        // The same on the Processes page and in its totals.
        LiveState fleet;
        FleetProcessModel fleetModel(&fleet);
        feedDemo(fleet);
        fleetModel.rebuild();
        const QStringList owners = column(fleetModel, FleetProcessModel::OwnerColumn);
        QVERIFY(owners.contains(u"container:embed-svc"_s));
        QVERIFY(owners.contains(u"dave"_s));
        QVERIFY2(!owners.contains(u"root"_s), qPrintable(owners.join(u", ")));
        QStringList totals;
        for (const UserTotal& t : fleetModel.userTotals())
            totals << t.user;
        QVERIFY(totals.contains(u"dave"_s));
        QVERIFY(!totals.contains(u"root"_s));
        // Exported with the host user beside the owner.
        const QByteArray csv = fleetProcessesCsv(fleetModel.rows());
        QVERIFY(csv.startsWith("server,gpu_index,gpu_uuid,mig_profile,mig_uuid,pid,user,owner,"
                               "account,workload,"));
        QVERIFY(csv.contains(",root,dave,inference,container triton,"));
    }

    void historyGpuHoursGoToTheOwnerOfAProcessShown()
    {
        constexpr qint64 h = 3'600'000;
        ProcessFact root;
        root.server = u"gpu-lab-02"_s;
        root.gpuUuid = u"GPU-a"_s;
        root.pid = 5120;
        root.startTimeMs = 1000;
        root.user = u"root"_s;
        root.firstSeenMs = 0;
        root.lastSeenMs = 2 * h;
        ProcessFact ended = root; // a root process no longer shown: its user
        ended.pid = 77;
        ended.gpuUuid = u"GPU-b"_s;
        ended.lastSeenMs = h;
        const QHash<QString, QString> owners{
            {processKeyOf(u"gpu-lab-02"_s, 5120, 1000), u"dave"_s}};
        const QHash<QString, double> hours = gpuHoursFromFacts({root, ended}, 0, 10 * h, owners);
        QCOMPARE(hours.value(u"dave"_s), 2.0);
        QCOMPARE(hours.value(u"root"_s), 1.0);

        // The model names the owners of the rows it shows.
        LiveState fleet;
        FleetProcessModel model(&fleet);
        feedDemo(fleet);
        model.rebuild();
        const QHash<QString, QString> shown = model.ownersOfRows();
        const GpuProcess triton = [] {
            for (const GpuProcess& p : DemoWorld().serverAt(1, kT).processes)
                if (p.pid == 5120)
                    return p;
            return GpuProcess();
        }();
        QVERIFY(triton.startTimeMs);
        QCOMPARE(shown.value(processKeyOf(u"gpu-lab-02"_s, 5120, *triton.startTimeMs)), u"dave"_s);
    }

    void processesPageFiltersByAccountNamespaceAndJob()
    {
        LiveState fleet;
        FleetProcessPage page(&fleet);
        feedDemo(fleet);
        page.model()->rebuild();
        QSortFilterProxyModel* proxy = page.proxy();
        const int all = proxy->rowCount();
        QVERIFY(all >= 8);
        const auto pids = [proxy] {
            QList<qint64> out;
            for (int r = 0; r < proxy->rowCount(); ++r)
                out << proxy->index(r, 0).data(PidRole).toLongLong();
            std::sort(out.begin(), out.end());
            return out;
        };
        page.setFilter(u"account:vision"_s);
        QCOMPARE(pids(), (QList<qint64>{6230, 7801})); // eve's job, svc-infer's pod
        page.setFilter(u"namespace:vision"_s);
        QCOMPARE(pids(), QList<qint64>{7801});
        page.setFilter(u"job:4711"_s);
        QCOMPARE(pids(), QList<qint64>{4512}); // carol's evaluation
        page.setFilter(u"user:dave"_s);
        QCOMPARE(pids(), QList<qint64>{5120}); // the owner, though root runs it
        page.setFilter(u"account:vision vllm"_s);
        QCOMPARE(pids(), QList<qint64>{7801});
        page.setFilter(u"Slurm job"_s); // free text reads the workload too
        QCOMPARE(pids(), (QList<qint64>{4512, 6230}));
        page.setFilter({});
        QCOMPARE(proxy->rowCount(), all);

        // The row's menu filters by what it names.
        int tune = -1;
        for (int r = 0; r < proxy->rowCount(); ++r)
            if (proxy->index(r, 0).data(PidRole).toLongLong() == 6230)
                tune = r;
        QVERIFY(tune >= 0);
        QMenu* menu = page.contextMenuFor(tune);
        QAction* byAccount = nullptr;
        QAction* byJob = nullptr;
        for (QAction* a : menu->actions()) {
            const QString text = a->text().remove(u'&');
            if (text == u"Filter by account vision"_s)
                byAccount = a;
            if (text == u"Filter by job 5830"_s)
                byJob = a;
        }
        QVERIFY(byAccount && byJob);
        byJob->trigger();
        QCOMPARE(page.filterEdit()->text(), u"job:5830"_s);
        QCOMPARE(pids(), QList<qint64>{6230});
        byAccount->trigger();
        QCOMPARE(page.filterEdit()->text(), u"account:vision"_s);
        QCOMPARE(proxy->rowCount(), 2);
        delete menu;

        // The Details page's table filters the same way.
        ProcessModel model;
        ProcessFilterProxy details;
        details.setSourceModel(&model);
        model.setSnapshot(DemoWorld().serverAt(1, kT));
        details.setFilterText(u"account:inference"_s);
        QCOMPARE(details.rowCount(), 1);
        QCOMPARE(details.index(0, 0).data(PidRole).toLongLong(), 5120);
        details.setFilterText(u"user:root"_s);
        QCOMPARE(details.rowCount(), 1);
        details.setFilterText(u"tritonserver"_s);
        QCOMPARE(details.rowCount(), 1);
        details.setFilterText({});
        QCOMPARE(details.rowCount(), model.rowCount());
    }

    void overviewUsersLineListsOwners()
    {
        LiveState fleet;
        OverviewModel model(&fleet);
        feedDemo(fleet);
        model.rebuild();
        const auto tile = [&model](const QString& server, int index) -> const OverviewTile* {
            for (const OverviewTile& t : model.tiles())
                if (t.server == server && t.index == index)
                    return &t;
            return nullptr;
        };
        const OverviewTile* triton = tile(u"gpu-lab-02"_s, 0);
        QVERIFY(triton);
        QCOMPARE(triton->users, QStringList{u"dave"_s}); // not root
        QVERIFY(triton->description().contains(u"users dave"_s));
        const OverviewTile* mig = tile(u"infer-03"_s, 2);
        QVERIFY(mig);
        QCOMPARE(mig->users, (QStringList{u"alice"_s, u"bob"_s, u"container:embed-svc"_s}));
        // The overview's filter finds a GPU by its owner.
        model.setTextFilter(u"dave"_s);
        QCOMPARE(model.shownTileCount(), 1);
        model.setTextFilter({});

        // A GPU held by a pod with no process says so.
        const OverviewTile* held = tile(u"gpu-lab-01"_s, 3);
        QVERIFY(held);
        QVERIFY(held->users.isEmpty());
        QCOMPARE(held->heldBy, u"held by pod vision/notebook-carol-0 (carol)"_s);
        QVERIFY(held->description().contains(u"no processes; held by pod vision/"_s));
        model.setTextFilter(u"notebook-carol"_s);
        QCOMPARE(model.shownTileCount(), 1);
    }

    void gpuPageAndTreeSayWhoHoldsAnIdleGpu()
    {
        const Snapshot s = DemoWorld().serverAt(0, kT);
        LiveHeader header;
        header.showGpu(s, s.gpus[3]);
        QVERIFY2(header.subtitle().startsWith(u"held by pod vision/notebook-carol-0 (carol) · "_s),
                 qPrintable(header.subtitle()));
        header.showGpu(s, s.gpus[0]);
        QVERIFY(!header.subtitle().contains(u"held by"_s));

        LiveState fleet;
        ServerTreeModel tree(&fleet);
        feedDemo(fleet);
        const QModelIndex gpu3 = tree.index(3, 0, tree.index(0, 0));
        QVERIFY(gpu3.data(Qt::ToolTipRole).toString().contains(u"held by pod vision/"_s));
        // The tree's process rows (under MIG instances) name the owner: the
        // container, not root.
        const QModelIndex mig = tree.index(2, 0, tree.index(2, 0)); // infer-03's GPU 2
        QStringList shown;
        for (int i = 0; i < tree.rowCount(mig); ++i) {
            const QModelIndex instance = tree.index(i, 0, mig);
            for (int k = 0; k < tree.rowCount(instance); ++k)
                shown << tree.index(k, 0, instance).data().toString();
        }
        QVERIFY2(shown.size() == 3, qPrintable(shown.join(u"; ")));
        QVERIFY2(
            std::any_of(shown.cbegin(), shown.cend(),
                        [](const QString& t) { return t.startsWith(u"container:embed-svc · "_s); }),
            qPrintable(shown.join(u"; ")));
        QVERIFY(std::none_of(shown.cbegin(), shown.cend(),
                             [](const QString& t) { return t.startsWith(u"root"_s); }));
    }

    void ownPidNamespaceIsSaidAndNamesNoOwner()
    {
        const Snapshot s = ownNamespaceReading();
        QVERIFY(!s.processes.isEmpty());

        ProcessModel model;
        model.setSnapshot(s);
        QVERIFY(model.pidsHidden());
        for (int r = 0; r < model.rowCount(); ++r) {
            QCOMPARE(model.index(r, ProcessModel::OwnerColumn).data().toString(),
                     unknownUserText());
            QVERIFY(model.index(r, ProcessModel::AccountColumn).data().toString().isEmpty());
            QVERIFY(model.index(r, ProcessModel::WorkloadColumn).data().toString().isEmpty());
            QVERIFY(model.index(r, 0).data(OwnerRole).toString().isEmpty());
            QCOMPARE(model.index(r, ProcessModel::OwnerColumn).data(Qt::ToolTipRole).toString(),
                     ownPidNamespaceText());
        }
        // The next reading from the host's namespace names them again.
        model.setSnapshot(DemoWorld().serverAt(1, kT + 2000));
        QVERIFY(!model.pidsHidden());
        QCOMPARE(model.index(rowOfPid(model, 5120), ProcessModel::OwnerColumn).data().toString(),
                 u"dave"_s);

        LiveState fleet;
        fleet.setClock([&fleet] { return fleet.newestTimestampMs(); });
        FleetProcessModel fleetModel(&fleet);
        OverviewModel overview(&fleet);
        ServerTreeModel tree(&fleet);
        fleet.ingest(s);
        fleetModel.rebuild();
        overview.rebuild();
        QCOMPARE(fleetModel.rowCount(), int(s.processes.size()));
        for (int r = 0; r < fleetModel.rowCount(); ++r) {
            QCOMPARE(fleetModel.index(r, FleetProcessModel::OwnerColumn).data().toString(),
                     unknownUserText());
            QVERIFY(fleetModel.rowAt(r).owner.account.isEmpty());
        }
        for (const OverviewTile& t : overview.tiles())
            for (const QString& u : t.users)
                QCOMPARE(u, unknownUserText());
        // Where the server's state is said: its summary and tooltip.
        const QModelIndex server = tree.index(0, 0);
        const QString summary = server.data(SummaryRole).toString();
        QVERIFY2(summary.contains(u"own PID namespace: no process named"_s), qPrintable(summary));
        QVERIFY(!summary.contains(u"users"_s)); // no owner counted
        QVERIFY(server.data(Qt::ToolTipRole).toString().contains(ownPidNamespaceText()));

        // The agent's degraded reason says the same: said once, in words.
        LinkStatus link;
        link.server = s.server;
        link.state = LinkState::Connected;
        link.degraded = u"own_pid_namespace: the agent runs in a PID namespace of its own"_s;
        fleet.setConnection(link);
        const QString withLink = tree.index(0, 0).data(SummaryRole).toString();
        QVERIFY2(!withLink.contains(u"degraded"_s), qPrintable(withLink));
        QVERIFY(withLink.contains(u"own PID namespace"_s));

        LiveHeader header;
        header.showServer(s, nullptr);
        QVERIFY(header.subtitle().contains(u"own PID namespace: no process named"_s));
    }
};

QTEST_MAIN(TestOwners)
#include "tst_owners.moc"
