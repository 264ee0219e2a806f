#include "charts/historychart.h"
#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "common/palette.h"
#include "darkpalette.h"
#include "engine/livehistory.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "layoutcheck.h"
#include "models/desktopstores.h"
#include "models/processmodel.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "sanitizers.h"
#include "sources/demoworld.h"
#include "window/livegpupage.h"
#include "window/mainwindow.h"
#include "window/servertree.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace gw;

namespace {
constexpr qint64 kT = 1795305600000 + 12 * 3'600'000 + 35 * 60'000;

// An hour of demo history and the present, as the demo source delivers it.
// Opens `history` (a real store) and records [kT - spanMs, kT) of the demo
// fleet in it, waiting until the writer has committed; `recorded` gets the
// readings.
void recordDemo(HistoryService& history, qint64 spanMs, QList<Snapshot>* recorded)
{
    QSignalSpy opened(&history, &HistoryService::opened);
    QSignalSpy appended(&history, &HistoryProvider::dataAppended);
    history.start();
    QVERIFY(opened.wait(5000));
    *recorded = DemoProducer().backfill(kT - spanMs, kT);
    history.ingestBatch(*recorded);
    // A bound, not a figure: under the sanitizers, beside the rest of the
    // suite, an hour of the demo's readings took longer than 20 s to commit.
    QVERIFY(appended.wait(20000 * test::kSanitizerSlowdown));
}

void feedDemo(LiveState& fleet)
{
    // The demo's readings are from kT: the fleet's clock stands there, so
    // they are current (not stale).
    fleet.setClock([&fleet] { return fleet.newestTimestampMs(); });
    DemoProducer producer;
    fleet.ingestBatch(producer.backfill(kT - 3'600'000, kT));
    for (const auto& s : DemoWorld().at(kT))
        fleet.ingest(s);
}

QString shotPath(const QString& name)
{
    // Screenshots land in the build tree; docs/screenshots holds the chosen ones.
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }

    void viewMenuSwitchesPagesAndExpandsTheTree()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feedDemo(fleet);
        QMenu* view = nullptr;
        for (QAction* a : w.menuBar()->actions()) {
            if (a->text() == QStringLiteral("&View"))
                view = a->menu();
        }
        QVERIFY(view);
        // File, View, Help, in that order.
        QCOMPARE(w.menuBar()->actions().value(1)->menu(), view);
        const QList<QAction*> items = view->actions();
        auto item = [&](const QString& text) -> QAction* {
            for (QAction* a : items) {
                if (a->text() == text)
                    return a;
            }
            return nullptr;
        };
        QVERIFY(item(QStringLiteral("&Processes")));
        QCOMPARE(item(QStringLiteral("&Processes"))->shortcut(),
                 QKeySequence(QStringLiteral("Ctrl+2")));
        item(QStringLiteral("&Processes"))->trigger();
        QVERIFY(!w.overviewShown() && !w.detailsShown());
        item(QStringLiteral("&Overview"))->trigger();
        QVERIFY(w.overviewShown());
        // Expand all from the menu opens the tree's page, every server expanded.
        QVERIFY(items.contains(w.serverTree()->expandAllAction()));
        w.serverTree()->collapseAllAction()->trigger();
        w.serverTree()->expandAllAction()->trigger();
        QVERIFY(w.detailsShown());
        for (int r = 0; r < w.serverTreeModel()->rowCount(); ++r)
            QVERIFY(w.serverTree()->isExpanded(w.serverTreeModel()->index(r, 0)));
        item(QStringLiteral("&Details"))->trigger();
        QVERIFY(w.detailsShown());
    }

    void opensOnTheDemoFleet()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.setBackendStatus(DemoProducer().init());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feedDemo(fleet);
        // The window opens on the fleet overview; the details are a tab away.
        QVERIFY(w.overviewShown());
        w.showDetails();

        // Models hold the fleet.
        ServerTreeModel* m = w.serverTreeModel();
        QCOMPARE(m->rowCount(), 3);
        QCOMPARE(m->index(0, 0).data().toString(), QStringLiteral("gpu-lab-01"));
        QCOMPARE(m->rowCount(m->index(0, 0)), 4);
        QCOMPARE(m->rowCount(m->index(2, 0)), 3); // infer-03 with its MIG H100

        // The first GPU is selected by itself: alice's training job is listed.
        QCOMPARE(w.serverTree()->currentIndex().data(GpuUuidRole).toString(),
                 fleet.latest(QStringLiteral("gpu-lab-01"))->gpus[0].uuid);
        QCOMPARE(w.processModel()->rowCount(), 1);
        QCOMPARE(w.processModel()->index(0, ProcessModel::OwnerColumn).data().toString(),
                 QStringLiteral("alice"));

        // Four charts drawn from history, reduced to their width.
        w.refreshCharts();
        QCOMPARE(w.liveGpuPage()->charts().size(), 4);
        for (HistoryPlot* c : w.liveGpuPage()->charts()) {
            QTRY_VERIFY2(c->presentBucketCount(0) > 100,
                         qPrintable(QString::number(c->presentBucketCount(0))));
            QVERIFY(c->presentBucketCount(0) <= c->model()->pixelWidth() + 1);
        }
        QVERIFY(!w.banner()->isVisible());
        QCOMPARE(w.statusText(), QStringLiteral("Demo mode: a simulated fleet of 3 servers."));
        QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-demo.png"))));
    }

    void windowSelectorChangesTheChartRange()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        w.showDetails();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feedDemo(fleet);
        HistoryPlot* util = w.liveGpuPage()->utilisationChart();
        w.setWindowMinutes(5);
        w.refreshCharts();
        QTRY_VERIFY(!util->model()->isPending(0) && util->presentBucketCount(0) > 0);
        const auto five = util->presentBucketCount(0);
        w.setWindowMinutes(60);
        w.refreshCharts();
        QTRY_VERIFY(!util->model()->isPending(0) && util->presentBucketCount(0) > five);
        const auto sixty = util->presentBucketCount(0);
        QVERIFY2(five < sixty, qPrintable(QStringLiteral("%1 vs %2").arg(five).arg(sixty)));
        QVERIFY(five >= 140); // 5 min of 2 s backfill ≈ 150 points
    }

    void processTableSortsAndFilters()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        feedDemo(fleet);
        w.selectServer(QStringLiteral("gpu-lab-01"));
        QSortFilterProxyModel* proxy = w.processProxy();
        QCOMPARE(proxy->rowCount(), 3);
        proxy->sort(ProcessModel::MemoryColumn, Qt::DescendingOrder);
        QCOMPARE(proxy->index(0, ProcessModel::OwnerColumn).data().toString(),
                 QStringLiteral("alice"));
        proxy->sort(ProcessModel::MemoryColumn, Qt::AscendingOrder);
        QCOMPARE(proxy->index(0, ProcessModel::OwnerColumn).data().toString(),
                 QStringLiteral("bob"));
        w.setProcessFilter(QStringLiteral("eval.py"));
        QCOMPARE(proxy->rowCount(), 1);
        QCOMPARE(proxy->index(0, ProcessModel::OwnerColumn).data().toString(),
                 QStringLiteral("carol"));
        w.setProcessFilter({});
        QCOMPARE(proxy->rowCount(), 3);
    }

    void noGpuSaysSoAndStillShowsTheHost()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        w.showDetails();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString why = QStringLiteral("No GPU found; showing the host only. nvml: cannot load "
                                           "NVML library libnvidia-ml.so.1; "
                                           "nvidia-smi: nvidia-smi not found on PATH; amdgpu: no "
                                           "amdgpu device under /sys/class/drm.");
        w.setBackendStatus(why);
        Snapshot s;
        s.server = QStringLiteral("workstation");
        s.timestampMs = kT;
        s.backend = QStringLiteral("host");
        s.host.hostname = s.server;
        s.host.cpuPercent = 23;
        s.host.cpuCount = 16;
        s.host.memoryTotalBytes = 64ull << 30;
        s.host.memoryUsedBytes = 21ull << 30;
        s.host.cgroupVersion = QStringLiteral("v1");
        fleet.ingest(s);
        // Nothing to click: the host page shows by itself.
        QCOMPARE(w.serverTree()->currentIndex().data(ServerRole).toString(), s.server);
        QVERIFY(w.banner()->isVisible());
        QVERIFY(w.banner()->text().contains(QStringLiteral("No GPU found on this machine.")));
        QVERIFY(w.banner()->text().contains(QStringLiteral("nvidia-smi not found on PATH")));
        bool hostShown = false;
        for (QLabel* l : w.findChildren<QLabel*>())
            hostShown = hostShown || l->text() == QStringLiteral("21.0 GiB used of 64.0 GiB");
        QVERIFY(hostShown);
        QApplication::processEvents();
        for (QLabel* l : w.findChildren<QLabel*>()) {
            if (l->text() == QStringLiteral("21.0 GiB used of 64.0 GiB")) {
                QVERIFY2(l->width() >= l->fontMetrics().horizontalAdvance(l->text()),
                         "host figures must not be clipped");
            }
        }
        QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-no-gpu.png"))));
    }

    void aSelectionTheUserMadeStays()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        fleet.ingest(DemoWorld().serverAt(0, kT));
        // The user clicks the second GPU of the first server (not through our API).
        const QModelIndex gpu1 = w.serverTreeModel()->index(1, 0, w.serverTreeModel()->index(0, 0));
        w.serverTree()->setCurrentIndex(gpu1);
        fleet.ingest(DemoWorld().serverAt(1, kT));
        fleet.ingest(DemoWorld().serverAt(2, kT));
        QCOMPARE(w.serverTree()->currentIndex().data(GpuUuidRole).toString(),
                 fleet.latest(QStringLiteral("gpu-lab-01"))->gpus[1].uuid);
    }

    void darkPaletteRecoloursCharts()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.setPalette(test::darkPalette());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feedDemo(fleet);
        w.selectGpu(QStringLiteral("gpu-lab-02"),
                    fleet.latest(QStringLiteral("gpu-lab-02"))->gpus[0].uuid);
        w.refreshCharts();
        HistoryPlot* c = w.liveGpuPage()->utilisationChart();
        QCOMPARE(c->palette().color(QPalette::Base), test::darkPalette().color(QPalette::Base));
        // GPU 0's series colour, as in the History tab, in its dark variant.
        QCOMPARE(c->model()->colorAt(0), seriesColor(0, test::darkPalette()));
        QVERIFY(c->model()->colorAt(0) != seriesColor(0, QPalette()));
        for (HistoryPlot* chart : w.liveGpuPage()->charts())
            QTRY_VERIFY(!chart->model()->isPending(0)); // lines drawn, not "Loading…"
        QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-dark.png"))));
    }

    void historyTabShowsWhatWasRecorded()
    {
        // A week of the demo fleet recorded in a real store, read back by the
        // History tab through the reader thread.
        QTemporaryDir dir;
        HistoryService history(dir.filePath(QStringLiteral("history.sqlite")));
        QList<Snapshot> week;
        recordDemo(history, 7 * 24 * 3'600'000LL, &week);
        if (QTest::currentTestFailed())
            return;

        LiveState fleet;
        // Shown as just recorded: the newest reading is the present.
        const qint64 newest = week.last().timestampMs;
        fleet.setClock([newest] { return newest; });
        fleet.ingestBatch(week.mid(week.size() - 3 * 1800));
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.setHistory(&history);
        w.resize(1280, 820);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectServer(QStringLiteral("gpu-lab-01"));
        w.showHistory(0);
        HistoryChartModel* model = w.historyChart()->model();
        QCOMPARE(model->seriesCount(), 4); // the four GPUs of gpu-lab-01 on one chart

        auto waitForData = [&] {
            for (int i = 0; i < 100; ++i) {
                bool all = true;
                for (int r = 0; r < model->seriesCount(); ++r) {
                    qint64 n = 0;
                    for (const auto& b : model->buckets(r))
                        n += b.count;
                    all = all && n > 0;
                }
                if (all)
                    return true;
                QTest::qWait(50);
            }
            return false;
        };
        QVERIFY(waitForData());
        // GPU 0 trains around the clock: the last 24 h average above 90 %.
        double sum = 0;
        qint64 n = 0;
        for (const auto& b : model->buckets(0)) {
            if (b.count > 0) {
                sum += b.mean * b.count;
                n += b.count;
            }
        }
        QVERIFY2(sum / n > 90, qPrintable(QString::number(sum / n)));
        QTest::qWait(150);
        QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-history-24h.png"))));

        w.historyChart()->followNow(7 * 24 * 3'600'000LL);
        QTest::qWait(100);
        QVERIFY(waitForData());
        // The whole week was stored (one 35,460-snapshot backfill), not just its end.
        const auto& week7 = model->buckets(0);
        const auto firstWithData = std::find_if(week7.begin(), week7.end(),
                                                [](const HistoryBucket& b) { return b.count > 0; });
        QVERIFY(firstWithData - week7.begin() < week7.size() / 20);
        QTest::qWait(150);
        QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-history-7d.png"))));

        w.showHistory(3); // power, zoomed into two hours
        model = w.historyChart()->model();
        model->zoomTo(kT - 5 * 3'600'000LL, kT - 3 * 3'600'000LL);
        QTest::qWait(100);
        QVERIFY(waitForData());
        QTest::qWait(150);
        QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-history-zoom.png"))));
        history.stop();
    }

    void liveMemoryChartScalesItsAxisOnce()
    {
        // LiveHistory hands MiB; the chart shows the unit displayScale picks
        // for its axis top, the capacity: an 80 GiB board reads in GiB, a
        // small one in MiB.
        LiveHistory history;
        LiveGpuPage page(&history);
        GpuSample g;
        g.memoryTotalMiB = 81559;
        page.showGpu(g);
        QCOMPARE(page.memoryChart()->unitSymbol(), QStringLiteral("GiB"));
        QCOMPARE(page.memoryChart()->valueMax(), 81559 / 1024.0);
        g.memoryTotalMiB = 512;
        page.showGpu(g);
        QCOMPARE(page.memoryChart()->unitSymbol(), QStringLiteral("MiB"));
        QCOMPARE(page.memoryChart()->valueMax(), 512.0);
        QCOMPARE(page.utilisationChart()->unitSymbol(), QStringLiteral("%"));
        QCOMPARE(page.utilisationChart()->valueMax(), 100.0);
    }

    void historyTabOffersEveryGpuAndHostRowOfTheMetricTable()
    {
        // The metric list is the table's: SM clock, one row there, is offered,
        // stored and charted without a line in the window for it.
        QTemporaryDir dir;
        HistoryService history(dir.filePath(QStringLiteral("history.sqlite")));
        QList<Snapshot> recent;
        recordDemo(history, 10 * 60'000, &recent);
        if (QTest::currentTestFailed())
            return;

        LiveState fleet;
        fleet.ingestBatch(recent);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.setHistory(&history);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectServer(QStringLiteral("gpu-lab-01"));

        QComboBox* list = nullptr;
        for (QComboBox* c : w.findChildren<QComboBox*>())
            if (c->findText(metricTitle(metricDef(MetricId::GpuUtilization))) >= 0)
                list = c;
        QVERIFY(list);
        QStringList want;
        for (const MetricDef& d : metricTable())
            if (d.target != MetricTarget::Process)
                want << metricTitle(d);
        QStringList have;
        for (int i = 0; i < list->count(); ++i)
            have << list->itemText(i);
        QCOMPARE(have, want);

        const int clock = list->findText(QStringLiteral("GPU SM clock"));
        QVERIFY(clock >= 0);
        w.showHistory(clock);
        HistoryChartModel* model = w.historyChart()->model();
        model->followNow(10 * 60'000);
        QCOMPARE(model->seriesCount(), 4);
        QCOMPARE(model->metric(), MetricId::GpuSmClock);
        double peak = 0;
        for (int i = 0; i < 100 && peak == 0; ++i) {
            QTest::qWait(50);
            for (int r = 0; r < model->seriesCount(); ++r)
                for (const HistoryBucket& b : model->buckets(r))
                    if (b.count > 0)
                        peak = std::max(peak, b.max);
        }
        // The demo's training GPU runs its SMs at a boost clock, far above idle.
        QVERIFY2(peak > 1000, qPrintable(QString::number(peak)));
        QVERIFY(model->index(0, HistoryChartModel::LastValueColumn)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral(" MHz")));
        history.stop();
    }

    // Run twice by ctest: as is, and as tst_mainwindow_hidpi with
    // QT_SCALE_FACTOR=2, where a layout that only fits at 1× shows.
    void layoutHoldsAtMinimumSizeAnd1024x700()
    {
        if (!qEnvironmentVariableIsEmpty("QT_SCALE_FACTOR"))
            QCOMPARE(qreal(qEnvironmentVariable("QT_SCALE_FACTOR").toDouble()),
                     QApplication::primaryScreen()->devicePixelRatio());
        struct Case
        {
            bool minimum; // else 1024 × 700
            bool allTreeColumns;
        };
        for (const Case& c : {Case{false, true}, Case{true, false}}) {
            // A fresh window each time, as opened at that size.
            LiveState fleet;
            DesktopStores stores;
            MainWindow w(&fleet, &stores);
            w.setBackendStatus(DemoProducer().init());
            w.show();
            w.showDetails();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            feedDemo(fleet);
            QApplication::processEvents();
            const QSize minimum = w.minimumSizeHint().expandedTo(w.minimumSize());
            // The design: a 1024 × 700 screen (a laptop, a VNC session) holds
            // the whole window, every tree column readable.
            QVERIFY2(
                minimum.width() <= 1024 && minimum.height() <= 700,
                qPrintable(
                    QStringLiteral("minimum %1 × %2").arg(minimum.width()).arg(minimum.height())));
            const QSize size = c.minimum ? minimum : QSize(1024, 700);
            w.resize(size);
            QApplication::processEvents();
            w.refreshCharts();
            const QString at = QStringLiteral("at %1 × %2, dpr %3: ")
                                   .arg(size.width())
                                   .arg(size.height())
                                   .arg(w.devicePixelRatioF());
            QCOMPARE(w.size(), size);
            QStringList problems = test::layoutProblems(&w);

            // The status line lies inside the window, below the pages.
            QStatusBar* status = w.statusBar();
            if (!status->isVisible() || !w.rect().contains(status->geometry()))
                problems.append(QStringLiteral("status line outside the window"));
            if (!w.statusText().isEmpty() && status->height() < status->fontMetrics().height())
                problems.append(QStringLiteral("status line too low for its text"));

            // The tree shows its server and GPU names; at 1024 × 700 every
            // column's header within the viewport.
            QTreeView* tree = w.serverTree();
            const int shown = c.allTreeColumns ? tree->model()->columnCount() : 1;
            for (int col = 0; col < shown; ++col) {
                const int right =
                    tree->header()->sectionViewportPosition(col) + tree->header()->sectionSize(col);
                if (tree->header()->isSectionHidden(col) || right > tree->viewport()->width())
                    problems.append(QStringLiteral("tree column %1 ends at %2 of %3")
                                        .arg(col)
                                        .arg(right)
                                        .arg(tree->viewport()->width()));
            }
            // The four charts have room to draw.
            for (HistoryPlot* chart : w.liveGpuPage()->charts()) {
                if (chart->width() < chart->minimumWidth() ||
                    chart->height() < chart->minimumHeight())
                    problems.append(QStringLiteral("%1 squeezed to %2 × %3")
                                        .arg(chart->title())
                                        .arg(chart->width())
                                        .arg(chart->height()));
            }
            QVERIFY2(problems.isEmpty(), qPrintable(at + problems.join(QStringLiteral("; "))));
            QVERIFY(w.grab().save(shotPath(QStringLiteral("main-window-%1x%2-dpr%3.png")
                                               .arg(size.width())
                                               .arg(size.height())
                                               .arg(w.devicePixelRatioF()))));
        }
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
