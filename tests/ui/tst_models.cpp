#include "common/palette.h"
#include "darkpalette.h"
#include "engine/livestate.h"
#include "models/processmodel.h"
#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"
#include "models/usertext.h"
#include "sources/demoworld.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QImage>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTest>
#include <QTreeView>
#include <QVBoxLayout>

using namespace gw;

namespace {
constexpr qint64 kT = 1795305600000 + 12 * 3'600'000 + 35 * 60'000; // all five users busy

// Demo readings are from kT, long ago: the fleet's clock stands at its
// newest reading, so they are current.
void clockAtNewest(LiveState& fleet)
{
    fleet.setClock([&fleet] { return fleet.newestTimestampMs(); });
}

// How many pixels of image inside rect are exactly color.
int pixelsOf(const QImage& image, const QRect& rect, const QColor& color)
{
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x)
            n += image.pixelColor(x, y).rgb() == color.rgb() ? 1 : 0;
    }
    return n;
}
} // namespace

class TestModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void serverTreeModelHoldsServersAndGpus()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const auto& s : DemoWorld().at(kT))
            fleet.ingest(s);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowCount(model.index(0, 0)), 4);
        QCOMPARE(model.rowCount(model.index(1, 0)), 2);
        QCOMPARE(model.rowCount(model.index(2, 0)), 3); // infer-03 with its MIG H100
        const QModelIndex gpu0 = model.index(0, ServerTreeModel::UtilColumn, model.index(0, 0));
        QVERIFY(gpu0.data(RawValueRole).toDouble() >= 92);
        QVERIFY(gpu0.data().toString().endsWith(QStringLiteral(" %")));
        // A second round updates in place: no rows inserted or removed.
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        for (const auto& s : DemoWorld().at(kT + 1000))
            fleet.ingest(s);
        QCOMPARE(inserted.size(), 0);
        QCOMPARE(removed.size(), 0);
    }

    void statusTellsHeldMemoryFromIdle()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        // A moment when bob's notebook sits idle (it spikes now and then).
        qint64 t = kT;
        while (*DemoWorld().serverAt(0, t).gpus[1].utilizationGpuPercent >= 10)
            t += 1000;
        fleet.ingest(DemoWorld().serverAt(0, t));
        const QModelIndex server = model.index(0, 0);
        auto status = [&](int row) {
            return GpuState(model.index(row, 0, server).data(StatusRole).toInt());
        };
        QCOMPARE(status(0), GpuState::Busy); // alice training
        QCOMPARE(status(1), GpuState::Held); // bob's idle notebook holding 20 GiB
        QCOMPARE(status(3), GpuState::Idle); // free
    }

    void aGpuIsHotFromItsOwnSlowdownTemperature()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        Snapshot s = DemoWorld().serverAt(0, kT);
        s.gpus[0].temperatureC = 80; // under the 85 °C default
        s.gpus[0].slowdownTemperatureC = 78;
        s.gpus[1].temperatureC = 86; // over the default, under its own 90 °C
        s.gpus[1].slowdownTemperatureC = 90;
        s.gpus[2].temperatureC = 85; // no threshold reported: 85 °C
        s.gpus[2].slowdownTemperatureC.reset();
        fleet.ingest(s);
        const QModelIndex server = model.index(0, 0);
        auto state = [&](int row) {
            return GpuState(model.index(row, 0, server).data(StatusRole).toInt());
        };
        QCOMPARE(state(0), GpuState::Hot);
        QVERIFY(state(1) != GpuState::Hot);
        QCOMPARE(state(2), GpuState::Hot);
        QVERIFY(model.index(0, 0, server)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(stateText(GpuState::Hot)));
    }

    void dotsAreColouredFromTheViewsPalette()
    {
        // The model says the state; it paints nothing.
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        fleet.ingest(DemoWorld().serverAt(0, kT));
        const QModelIndex busy = model.index(0, 0, model.index(0, 0)); // alice training
        QCOMPARE(GpuState(busy.data(StatusRole).toInt()), GpuState::Busy);
        QVERIFY(!busy.data(Qt::DecorationRole).isValid());

        // Two windows on a light application: one light, one with a dark
        // palette of its own. Each tree's dot takes its window's colours.
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QVERIFY(!isDarkPalette(QApplication::palette()));
        QVERIFY(isDarkPalette(test::darkPalette()));
        auto dotPixels = [&](const QPalette* windowPalette, const QColor& color) {
            QWidget window;
            if (windowPalette)
                window.setPalette(*windowPalette);
            auto* tree = new QTreeView;
            tree->setModel(&model);
            tree->setItemDelegate(new ServerTreeDelegate(tree));
            tree->expandAll();
            (new QVBoxLayout(&window))->addWidget(tree);
            window.resize(500, 300);
            window.show();
            if (!QTest::qWaitForWindowExposed(&window))
                return -1;
            const QImage image = tree->viewport()->grab().toImage();
            const qreal dpr = image.devicePixelRatio();
            const QRectF row = tree->visualRect(busy);
            return pixelsOf(image, QRectF(row.topLeft() * dpr, row.size() * dpr).toRect(), color);
        };
        const QColor light = stateColor(DisplayState::Busy, QApplication::palette());
        const QColor dark = stateColor(DisplayState::Busy, test::darkPalette());
        QVERIFY(light != dark);
        const QPalette darkPalette = test::darkPalette();
        QVERIFY2(dotPixels(nullptr, light) > 10, "light window: light dot");
        QCOMPARE(dotPixels(nullptr, dark), 0);
        QVERIFY2(dotPixels(&darkPalette, dark) > 10, "dark window: dark dot");
        QCOMPARE(dotPixels(&darkPalette, light), 0);
    }

    void aServerThatIsDownSaysSoInItsDotsColour()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        Snapshot s = DemoWorld().serverAt(0, kT);
        fleet.ingest(s);
        LinkStatus link;
        link.server = s.server;
        link.state = LinkState::Unreachable;
        fleet.setConnection(link);
        const QModelIndex name = model.index(0, ServerTreeModel::NameColumn);
        const QPalette light = QApplication::palette();
        const QPalette dark = test::darkPalette();
        QCOMPARE(ServerTreeDelegate::dotColor(name, light), stateColor(DisplayState::Error, light));
        QCOMPARE(ServerTreeDelegate::dotColor(name, dark), stateColor(DisplayState::Error, dark));
        // The state in words, across the row, not in a figure column.
        QVERIFY(name.data(SummaryRole).toString().contains(linkStateText(LinkState::Unreachable)));
        QVERIFY(!model.index(0, ServerTreeModel::UtilColumn).data().isValid());
        // Only the name column has a dot.
        QVERIFY(!ServerTreeDelegate::dotColor(model.index(0, ServerTreeModel::UtilColumn), dark));
        // Its GPUs keep their last figures, greyed, with no verdict: stale.
        const QModelIndex gpu0 = model.index(0, 0, name);
        QVERIFY(gpu0.data(StaleRole).toBool());
        QVERIFY(!gpu0.data(StatusRole).isValid());
        QCOMPARE(ServerTreeDelegate::mark(gpu0), DisplayState::Stale);
        QVERIFY(model.index(0, ServerTreeModel::UtilColumn, name).data().isValid());
        link.state = LinkState::Connected;
        fleet.setConnection(link);
        // Connected and current: the server has no mark of its own, its GPUs speak.
        QVERIFY(!ServerTreeDelegate::dotColor(name, light));
        QCOMPARE(ServerTreeDelegate::mark(gpu0), DisplayState::Busy);
    }

    void lostGpuShowsAsErrorAndAbsentValuesAsNa()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        Snapshot s = DemoWorld().serverAt(1, kT);
        GpuSample lost;
        lost.index = 1;
        lost.uuid = s.gpus[1].uuid;
        lost.name = s.gpus[1].name;
        s.gpus[1] = lost;
        s.gpus[1].error = QStringLiteral(
            "GPU is lost (NVML_ERROR_GPU_IS_LOST from nvmlDeviceGetUtilizationRates)");
        fleet.ingest(s);
        const QModelIndex gpu1 = model.index(1, 0, model.index(0, 0));
        QCOMPARE(GpuState(gpu1.data(StatusRole).toInt()), GpuState::Error);
        QVERIFY(gpu1.data(Qt::ToolTipRole).toString().contains(QStringLiteral("GPU is lost")));
        const QModelIndex power = model.index(1, ServerTreeModel::PowerColumn, model.index(0, 0));
        QCOMPARE(power.data().toString(), QStringLiteral("n/a"));
        QVERIFY(!power.data(RawValueRole).isValid()); // absent, not 0
    }

    void gpuThatVanishesIsRemovedFromTheTree()
    {
        LiveState fleet;
        clockAtNewest(fleet);
        ServerTreeModel model(&fleet);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Snapshot s = DemoWorld().serverAt(0, kT);
        fleet.ingest(s);
        s.timestampMs += 1000;
        s.gpus.removeLast();
        fleet.ingest(s);
        QCOMPARE(model.rowCount(model.index(0, 0)), 3);
    }

    void processModelKeepsRowsAndSortsByRawValues()
    {
        ProcessModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Snapshot s = DemoWorld().serverAt(0, kT);
        model.setSnapshot(s);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, ProcessModel::OwnerColumn).data().toString(),
                 QStringLiteral("alice"));
        QCOMPARE(model.index(1, ProcessModel::MemoryColumn).data().toString(),
                 QStringLiteral("20.0 GiB"));
        QCOMPARE(model.index(1, ProcessModel::MemoryColumn).data(SortRole).toDouble(), 20480.0);
        QVERIFY(model.index(0, ProcessModel::RunningColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral(" d ")));

        // Next reading: same processes, new values → rows stay, only data changes.
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.setSnapshot(DemoWorld().serverAt(0, kT + 5000));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(inserted.size(), 0);
        QCOMPARE(model.rowCount(), 3);

        // A process ends: exactly that row goes.
        s.processes.removeAt(1);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.setSnapshot(s);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(model.rowCount(), 2);
    }

    void processModelMarksAStaleServersRows()
    {
        ProcessModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(DemoWorld().serverAt(0, kT));
        QVERIFY(!model.index(0, 0).data(StaleRole).toBool());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setStale(true);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed[0][2].value<QList<int>>(), QList<int>{StaleRole});
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(model.index(r, ProcessModel::OwnerColumn).data(StaleRole).toBool());
        model.setStale(true); // no change, no signal
        QCOMPARE(changed.size(), 1);
        // The rows stay: the last processes known, greyed, not dropped.
        QCOMPARE(model.rowCount(), 3);
        model.setStale(false);
        QVERIFY(!model.index(0, 0).data(StaleRole).toBool());
    }

    void processModelFiltersByGpuAndShowsGhosts()
    {
        ProcessModel model;
        const Snapshot s = DemoWorld().serverAt(2, kT);
        model.setSnapshot(s, s.gpus[1].uuid);
        QCOMPARE(model.rowCount(), 1);
        // A ghost's user reads as on the Processes page and in its totals.
        QCOMPARE(model.index(0, ProcessModel::OwnerColumn).data().toString(), unknownUserText());
        QCOMPARE(model.index(0, ProcessModel::RunningColumn).data().toString(),
                 QStringLiteral("n/a"));
        QCOMPARE(model.index(0, ProcessModel::SmColumn).data().toString(), QStringLiteral("n/a"));
        QVERIFY(model.index(0, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("namespace")));
        QCOMPARE(model.index(0, ProcessModel::MemoryColumn).data().toString(),
                 QStringLiteral("3.0 GiB"));
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
