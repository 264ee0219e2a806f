// The server tree: MIG instances and their processes as children, server
// summaries, sorting that keeps rows' identity, expand/collapse, and columns
// that fit their figures at any font size in a 1,024 px window, whatever
// state text a server shows.
#include "engine/livestate.h"
#include "models/desktopstores.h"
#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"
#include "sources/demoworld.h"
#include "window/liveheader.h"
#include "window/mainwindow.h"
#include "window/servertree.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QHeaderView>
#include <QSet>
#include <QStyledItemDelegate>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTest>

using namespace gw;

namespace {
constexpr qint64 kT = 1795305600000 + 12 * 3'600'000 + 35 * 60'000;

void clockAtNewest(LiveState& fleet)
{
    fleet.setClock([&fleet] { return fleet.newestTimestampMs(); });
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

MigInstance mig(int index, const QString& profile, int gi, double usedMiB, double totalMiB)
{
    MigInstance m;
    m.index = index;
    m.uuid = QStringLiteral("MIG-0000-%1").arg(index);
    m.profile = profile;
    m.gpuInstanceId = gi;
    m.computeInstanceId = 0;
    m.memoryUsedMiB = usedMiB;
    m.memoryTotalMiB = totalMiB;
    return m;
}

GpuProcess migProcess(qint64 pid, const QString& user, const QString& gpu, const QString& migUuid)
{
    GpuProcess p;
    p.pid = pid;
    p.user = user;
    p.command = QStringLiteral("python serve.py");
    p.gpuUuid = gpu;
    p.migUuid = migUuid;
    p.usedMemoryMiB = 8192;
    return p;
}

// infer-03 with its GPU 0 in MIG mode: a 3g.40gb instance with two
// processes (dave, erin) and a 2g.20gb one with none.
Snapshot migServer(qint64 t = kT)
{
    Snapshot s = DemoWorld().serverAt(2, t);
    GpuSample& g = s.gpus[0];
    g.migEnabled = true;
    g.migSliceCount = 7;
    g.utilizationGpuPercent.reset(); // not reported in MIG mode
    g.migInstances = {mig(1, QStringLiteral("3g.40gb"), 1, 16384, 40192),
                      mig(2, QStringLiteral("2g.20gb"), 5, 0, 19968)};
    QList<GpuProcess> others;
    for (const auto& p : std::as_const(s.processes))
        if (p.gpuUuid != g.uuid)
            others.append(p);
    s.processes = others;
    s.processes.append(migProcess(700, QStringLiteral("dave"), g.uuid, g.migInstances[0].uuid));
    s.processes.append(migProcess(701, QStringLiteral("erin"), g.uuid, g.migInstances[0].uuid));
    return s;
}

// Counts what the tree asks the delegate to measure.
class MeasuringDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const final
    {
        ++measured;
        return QStyledItemDelegate::sizeHint(option, index);
    }
    mutable int measured = 0;
};

int rowsOf(const QAbstractItemModel* model, const QModelIndex& parent = {})
{
    int rows = 0;
    for (int r = 0; r < model->rowCount(parent); ++r)
        rows += 1 + rowsOf(model, model->index(r, 0, parent));
    return rows;
}

} // namespace

class TestServerTree : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }

    void aMigGpuShowsItsInstancesAndTheirProcesses()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Snapshot s = migServer();
        fleet.ingest(s);
        const QModelIndex server = model.serverIndex(s.server);
        const QModelIndex gpu = model.gpuIndex(s.server, s.gpus[0].uuid);
        QVERIFY(gpu.isValid());
        QCOMPARE(model.rowCount(gpu), 2);
        QCOMPARE(model.rowCount(model.gpuIndex(s.server, s.gpus[1].uuid)), 0); // not MIG

        // Utilisation is absent, never 0, and says why.
        const QModelIndex util = model.index(gpu.row(), ServerTreeModel::UtilColumn, server);
        QCOMPARE(util.data().toString(), QStringLiteral("n/a"));
        QVERIFY(!util.data(RawValueRole).isValid());
        QVERIFY(util.data(Qt::ToolTipRole).toString().contains(QStringLiteral("MIG mode")));
        QVERIFY(gpu.data(Qt::ToolTipRole).toString().contains(QStringLiteral("MIG mode")));
        QCOMPARE(ServerTreeDelegate::mark(gpu), DisplayState::NotReported);

        // The instances: profile, GPU and compute instance, memory, UUID.
        const QModelIndex big = model.index(0, 0, gpu);
        QCOMPARE(ServerTreeModel::rowKind(big), ServerTreeModel::RowKind::MigInstance);
        QCOMPARE(big.data().toString(), QStringLiteral("3g.40gb · GI 1 · CI 0"));
        QCOMPARE(big.data(MigUuidRole).toString(), s.gpus[0].migInstances[0].uuid);
        QCOMPARE(big.data(GpuUuidRole).toString(), s.gpus[0].uuid);
        QVERIFY(big.data(Qt::ToolTipRole).toString().contains(s.gpus[0].migInstances[0].uuid));
        QCOMPARE(model.index(0, ServerTreeModel::MemoryColumn, gpu).data().toString(),
                 QStringLiteral("16.0 / 39.3 GiB"));
        QCOMPARE(model.index(0, ServerTreeModel::UtilColumn, gpu).data().toString(),
                 QStringLiteral("n/a"));
        QCOMPARE(model.index(1, 0, gpu).data().toString(), QStringLiteral("2g.20gb · GI 5 · CI 0"));

        // Its processes, with their users, one line across the row.
        QCOMPARE(model.rowCount(big), 2);
        QCOMPARE(model.rowCount(model.index(1, 0, gpu)), 0);
        const QModelIndex dave = model.index(0, 0, big);
        QCOMPARE(ServerTreeModel::rowKind(dave), ServerTreeModel::RowKind::Process);
        QVERIFY(ServerTreeModel::spansRow(dave));
        QVERIFY(dave.data().toString().startsWith(QStringLiteral("dave · 8.0 GiB · pid 700")));
        QCOMPARE(dave.data(PidRole).toLongLong(), 700);
        QVERIFY(model.index(1, 0, big).data().toString().startsWith(QStringLiteral("erin")));

        // erin's job ends, frank's starts on the small instance: rows follow.
        s.timestampMs += 1000;
        s.processes.removeLast();
        s.processes.append(migProcess(702, QStringLiteral("frank"), s.gpus[0].uuid,
                                      s.gpus[0].migInstances[1].uuid));
        fleet.ingest(s);
        QCOMPARE(model.rowCount(model.index(0, 0, gpu)), 1);
        QCOMPARE(model.rowCount(model.index(1, 0, gpu)), 1);
        QVERIFY(model.index(0, 0, model.index(1, 0, gpu))
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("frank")));
        // The summary counts the MIG GPU busy by its processes, and its users.
        QVERIFY2(server.data(SummaryRole).toString().contains(QStringLiteral("users")),
                 qPrintable(server.data(SummaryRole).toString()));

        // MIG mode switched off: the instances go.
        s.timestampMs += 1000;
        s.gpus[0].migEnabled = false;
        s.gpus[0].migInstances.clear();
        s.gpus[0].utilizationGpuPercent = 40;
        fleet.ingest(s);
        QCOMPARE(model.rowCount(gpu), 0);
        QCOMPARE(util.data().toString(), QStringLiteral("40 %"));
    }

    void serverRowsSummariseTheirGpus()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        const Snapshot s = DemoWorld().serverAt(0, kT);
        fleet.ingest(s);
        int busy = 0;
        for (const auto& g : s.gpus)
            busy += *g.utilizationGpuPercent >= 10 ? 1 : 0;
        QSet<QString> users;
        for (const auto& p : s.processes)
            users.insert(p.user);
        QVERIFY(busy > 0 && busy < s.gpus.size());
        const QString summary = model.serverIndex(s.server).data(SummaryRole).toString();
        QVERIFY2(summary.startsWith(QStringLiteral("%1 · %2 of %3 busy · %4 users")
                                        .arg(s.server)
                                        .arg(busy)
                                        .arg(s.gpus.size())
                                        .arg(users.size())),
                 qPrintable(summary));
        // The name stays the row's DisplayRole (what other code compares).
        QCOMPARE(model.serverIndex(s.server).data().toString(), s.server);
        // No figure on a server row: they would widen the figure columns.
        for (int c = ServerTreeModel::UtilColumn; c < ServerTreeModel::ColumnCount; ++c)
            QVERIFY(!model.index(0, c).data().isValid());
    }

    void aDegradedAgentIsSaidInItsServersSummaryAndTooltip()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        const Snapshot s = DemoWorld().serverAt(0, kT);
        fleet.ingest(s);
        LinkStatus link;
        link.server = s.server;
        link.state = LinkState::Connected;
        link.degraded = QStringLiteral("journal_full: cannot write the journal /j: the disk is "
                                       "full\nnumbering_refused: sequence 103 is not covered");
        fleet.setConnection(link);
        const QModelIndex row = model.serverIndex(s.server);
        const QString summary = row.data(SummaryRole).toString();
        QVERIFY2(summary.startsWith(
                     s.server + QStringLiteral(" · degraded: journal_full, numbering_refused · ")),
                 qPrintable(summary));
        QVERIFY(row.data(Qt::ToolTipRole).toString().contains(QStringLiteral("the disk is full")));
        link.degraded.clear(); // healthy again: nothing said
        fleet.setConnection(link);
        QVERIFY(!model.serverIndex(s.server)
                     .data(SummaryRole)
                     .toString()
                     .contains(QStringLiteral("degraded")));
    }

    void sortingOrdersServersAndGpusAndFollowsReadings()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const auto& s : DemoWorld().at(kT))
            fleet.ingest(s);
        fleet.ingest(migServer()); // a MIG GPU and its children move with their GPU
        const QPersistentModelIndex gpu1 = model.gpuIndex(
            QStringLiteral("gpu-lab-01"), fleet.latest(QStringLiteral("gpu-lab-01"))->gpus[1].uuid);
        const QString gpu1Uuid = gpu1.data(GpuUuidRole).toString();

        auto column = [&](const QModelIndex& parent, int c) {
            QList<double> values;
            for (int r = 0; r < model.rowCount(parent); ++r)
                values.append(model.index(r, c, parent).data(SortRole).toDouble());
            return values;
        };
        model.sort(ServerTreeModel::PowerColumn, Qt::DescendingOrder);
        const QList<double> serverPower = column({}, ServerTreeModel::PowerColumn);
        QVERIFY(std::is_sorted(serverPower.rbegin(), serverPower.rend()));
        for (int r = 0; r < model.rowCount(); ++r) {
            const QList<double> power = column(model.index(r, 0), ServerTreeModel::PowerColumn);
            QVERIFY(std::is_sorted(power.rbegin(), power.rend()));
        }
        // A persistent index (a selection) still names the same GPU.
        QVERIFY(gpu1.isValid());
        QCOMPARE(gpu1.data(GpuUuidRole).toString(), gpu1Uuid);
        const QModelIndex migGpu =
            model.gpuIndex(QStringLiteral("infer-03"), migServer().gpus[0].uuid);
        QCOMPARE(model.rowCount(migGpu), 2);

        // Temperature, hottest first; new readings keep it sorted.
        model.sort(ServerTreeModel::TempColumn, Qt::DescendingOrder);
        for (const auto& s : DemoWorld().at(kT + 60'000))
            fleet.ingest(s);
        for (int r = 0; r < model.rowCount(); ++r) {
            const QList<double> temp = column(model.index(r, 0), ServerTreeModel::TempColumn);
            QVERIFY(std::is_sorted(temp.rbegin(), temp.rend()));
        }
        // By name: servers A→Z, GPUs by index.
        model.sort(ServerTreeModel::NameColumn, Qt::AscendingOrder);
        QStringList names;
        for (int r = 0; r < model.rowCount(); ++r)
            names << model.index(r, 0).data().toString();
        QCOMPARE(names, (QStringList{QStringLiteral("gpu-lab-01"), QStringLiteral("gpu-lab-02"),
                                     QStringLiteral("infer-03")}));
        QCOMPARE(model.index(1, 0, model.index(0, 0)).data(GpuUuidRole).toString(), gpu1Uuid);
    }

    void sortingInTheViewKeepsTheUsersSelection()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        ServerTree tree(&model);
        for (const auto& s : DemoWorld().at(kT))
            fleet.ingest(s);
        // Unsorted until asked: servers in the order they came.
        QCOMPARE(tree.header()->sortIndicatorSection(), -1);
        const QString picked = fleet.latest(QStringLiteral("gpu-lab-02"))->gpus[1].uuid;
        tree.setCurrentIndex(model.gpuIndex(QStringLiteral("gpu-lab-02"), picked));
        tree.sortByColumn(ServerTreeModel::UtilColumn, Qt::DescendingOrder);
        QCOMPARE(tree.currentIndex().data(GpuUuidRole).toString(), picked);
        // The busiest server on top (mean utilisation of its GPUs).
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(model.index(r - 1, ServerTreeModel::UtilColumn).data(SortRole).toDouble() >=
                    model.index(r, ServerTreeModel::UtilColumn).data(SortRole).toDouble());
        const Snapshot* top = fleet.latest(model.index(0, 0).data().toString());
        // Over the GPUs that report it (a MIG GPU does not): never as 0.
        double sum = 0;
        int reported = 0;
        for (const auto& g : top->gpus) {
            if (g.utilizationGpuPercent) {
                sum += *g.utilizationGpuPercent;
                ++reported;
            }
        }
        QVERIFY(reported > 0);
        const double mean = sum / reported;
        QCOMPARE(model.index(0, ServerTreeModel::UtilColumn).data(SortRole).toDouble(), mean);
        for (const auto& s : DemoWorld().at(kT + 30'000))
            fleet.ingest(s);
        QCOMPARE(tree.currentIndex().data(GpuUuidRole).toString(), picked);
        QVERIFY(tree.isFirstColumnSpanned(0, {})); // still spanned after moving
    }

    void expandAllAndCollapseAll()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        ServerTree tree(&model);
        for (const auto& s : DemoWorld().at(kT))
            fleet.ingest(s);
        fleet.ingest(migServer(kT + 1000));
        tree.collapseAllAction()->trigger();
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(!tree.isExpanded(model.index(r, 0)));
        tree.expandAllAction()->trigger();
        const QModelIndex migGpu =
            model.gpuIndex(QStringLiteral("infer-03"), migServer().gpus[0].uuid);
        QVERIFY(tree.isExpanded(model.index(0, 0)));
        QVERIFY(tree.isExpanded(migGpu));
        QVERIFY(tree.isExpanded(model.index(0, 0, migGpu)));
        // Both are offered on the tree's context menu and as shortcuts.
        QVERIFY(tree.actions().contains(tree.expandAllAction()));
        QVERIFY(!tree.expandAllAction()->shortcut().isEmpty());
    }

    // The figure columns are as wide as their figures, but a reading of a
    // 16-server fleet does not measure every row of the tree again (with
    // ResizeToContents each of its ~50 dataChanged a second did: 16,853
    // measures for one reading of 136 rows, three quarters of the Details
    // page's CPU while idle); they are fitted once within
    // ServerTree::kFitInterval.
    void aReadingOfTheFleetDoesNotMeasureEveryRow()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        const DemoWorld world(16);
        fleet.ingestBatch(world.at(kT));
        w.resize(1280, 820);
        w.show();
        w.showDetails();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ServerTree* tree = w.serverTree();
        tree->expandAll();
        auto* delegate = new MeasuringDelegate(tree);
        tree->setItemDelegate(delegate);
        QTest::qWait(ServerTree::kFitInterval + 100);
        const int rows = rowsOf(tree->model());
        QVERIFY(rows > 100); // 16 servers, 113 GPUs, MIG instances and their processes

        delegate->measured = 0;
        fleet.ingestBatch(world.at(kT + 1000));
        QApplication::processEvents();
        QVERIFY2(delegate->measured < rows,
                 qPrintable(QStringLiteral("%1 measures for one reading of %2 rows")
                                .arg(delegate->measured)
                                .arg(rows)));

        QTest::qWait(ServerTree::kFitInterval + 100);
        QVERIFY(delegate->measured > 0); // fitted once
        for (int c = ServerTreeModel::UtilColumn; c < ServerTreeModel::ColumnCount; ++c)
            QCOMPARE(tree->header()->sectionSize(c),
                     std::max(tree->sizeHintForColumn(c), tree->header()->sectionSizeHint(c)));
    }

    void columnsFitAt1024AtEveryFontSize_data()
    {
        QTest::addColumn<int>("points");
        QTest::newRow("9 pt") << 9;
        QTest::newRow("12 pt") << 12;
        QTest::newRow("16 pt") << 16;
    }

    void columnsFitAt1024AtEveryFontSize()
    {
        QFETCH(int, points);
        LiveState fleet;
        clockAtNewest(fleet);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        QFont font = QApplication::font();
        font.setPointSize(points);
        w.setFont(font);
        for (const auto& s : DemoWorld().at(kT))
            fleet.ingest(s);
        fleet.ingest(migServer());
        w.resize(1024, 700);
        w.show();
        w.showDetails(); // the tree's page; the window opens on the overview
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ServerTree* tree = w.serverTree();
        tree->expandAll();
        QApplication::processEvents();
        const int utilBefore = tree->header()->sectionSize(ServerTreeModel::UtilColumn);

        // A server refusing our token: its state in words, not in a column.
        LinkStatus link;
        link.server = QStringLiteral("gpu-lab-02");
        link.state = LinkState::AuthFailed;
        link.error = QStringLiteral("authentication failed (HTTP 401)");
        fleet.setConnection(link);
        QApplication::processEvents();
        QCOMPARE(tree->header()->sectionSize(ServerTreeModel::UtilColumn), utilBefore);

        const QString at =
            QStringLiteral("%1 pt, window %2 × %3: ").arg(points).arg(w.width()).arg(w.height());
        QVERIFY(w.grab().save(shotPath(QStringLiteral("tree-%1pt.png").arg(points))));
        for (int c = 0; c < ServerTreeModel::ColumnCount; ++c)
            qInfo("column %d: %d px (hint %d)", c, tree->header()->sectionSize(c),
                  tree->header()->sectionSizeHint(c));
        qInfo("tree %d wide, needs %d; window minimum %d; pages minimum %d", tree->width(),
              tree->neededWidth(), w.minimumSizeHint().width(),
              w.liveHeader()->parentWidget()->minimumSizeHint().width());
        // Every page of the window fits: none sets a minimum wider than the screen.
        for (QTabWidget* t : w.findChildren<QTabWidget*>()) {
            for (int i = 0; i < t->count(); ++i)
                QVERIFY2(t->widget(i)->minimumSizeHint().width() <= 1024,
                         qPrintable(at + t->tabText(i)));
        }
        QVERIFY2(w.width() <= 1024, qPrintable(at));
        QStringList problems;
        const int viewport = tree->viewport()->width();
        for (int c = 0; c < ServerTreeModel::ColumnCount; ++c) {
            const int right =
                tree->header()->sectionViewportPosition(c) + tree->header()->sectionSize(c);
            if (tree->header()->isSectionHidden(c) || right > viewport)
                problems
                    << QStringLiteral("column %1 ends at %2 of %3").arg(c).arg(right).arg(viewport);
        }
        // Every figure fits its column: nothing elided.
        const QFontMetrics fm = tree->fontMetrics();
        std::function<void(const QModelIndex&)> visit = [&](const QModelIndex& parent) {
            for (int r = 0; r < tree->model()->rowCount(parent); ++r) {
                const QModelIndex first = tree->model()->index(r, 0, parent);
                if (!ServerTreeModel::spansRow(first)) {
                    // Figures whole; names at 9 pt too (at larger sizes
                    // they may give way, beyond "GPU 0 ·").
                    for (int c = points == 9 ? 0 : 1; c < ServerTreeModel::ColumnCount; ++c) {
                        const QModelIndex idx = tree->model()->index(r, c, parent);
                        const QString text = idx.data().toString();
                        const QRect rect = tree->visualRect(idx);
                        // The text, beside the mark where there is one.
                        const int mark = ServerTreeDelegate::mark(idx) ? fm.height() : 0;
                        if (!text.isEmpty() && rect.width() < fm.horizontalAdvance(text) + mark)
                            problems << QStringLiteral("\"%1\" (%2 px) in %3 px")
                                            .arg(text)
                                            .arg(fm.horizontalAdvance(text))
                                            .arg(rect.width());
                    }
                }
                visit(first);
            }
        };
        visit({});
        if (tree->header()->sectionSize(ServerTreeModel::NameColumn) < tree->minimumNameWidth())
            problems << QStringLiteral("names squeezed to %1 px")
                            .arg(tree->header()->sectionSize(ServerTreeModel::NameColumn));
        // Rows that span: a process under its MIG instance reads whole.
        const QModelIndex migGpu =
            w.serverTreeModel()->gpuIndex(QStringLiteral("infer-03"), migServer().gpus[0].uuid);
        const QModelIndex dave =
            w.serverTreeModel()->index(0, 0, w.serverTreeModel()->index(0, 0, migGpu));
        QVERIFY(tree->isFirstColumnSpanned(dave.row(), dave.parent()));
        QVERIFY(tree->isFirstColumnSpanned(0, {}));
        QVERIFY2(problems.isEmpty(), qPrintable(at + problems.join(QStringLiteral("; "))));
        QVERIFY(w.grab().save(shotPath(QStringLiteral("tree-%1pt.png").arg(points))));
    }
};

QTEST_MAIN(TestServerTree)
#include "tst_servertree.moc"
