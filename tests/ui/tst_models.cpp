#include "engine/livestate.h"
#include "fleetmodel.h"
#include "processmodel.h"
#include "roles.h"
#include "sources/demoworld.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace gw;

namespace {
constexpr qint64 kT = 1795305600000 + 12 * 3'600'000 + 35 * 60'000; // all five users busy
}

class TestModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fleetModelHoldsServersAndGpus()
    {
        LiveState fleet;
        FleetModel model(&fleet);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const auto& s : DemoWorld().at(kT))
            fleet.ingest(s);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowCount(model.index(0, 0)), 4);
        QCOMPARE(model.rowCount(model.index(1, 0)), 2);
        QCOMPARE(model.rowCount(model.index(2, 0)), 2);
        const QModelIndex gpu0 = model.index(0, FleetModel::UtilColumn, model.index(0, 0));
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
        FleetModel model(&fleet);
        // A moment when bob's notebook sits idle (it spikes now and then).
        qint64 t = kT;
        while (*DemoWorld().serverAt(0, t).gpus[1].utilizationGpuPercent >= 10)
            t += 1000;
        fleet.ingest(DemoWorld().serverAt(0, t));
        const QModelIndex server = model.index(0, 0);
        auto status = [&](int row) {
            return GpuStatus(model.index(row, 0, server).data(StatusRole).toInt());
        };
        QCOMPARE(status(0), GpuStatus::Busy); // alice training
        QCOMPARE(status(1), GpuStatus::Held); // bob's idle notebook holding 20 GiB
        QCOMPARE(status(3), GpuStatus::Idle); // free
    }

    void lostGpuShowsAsErrorAndAbsentValuesAsNa()
    {
        LiveState fleet;
        FleetModel model(&fleet);
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
        QCOMPARE(GpuStatus(gpu1.data(StatusRole).toInt()), GpuStatus::Error);
        QVERIFY(gpu1.data(Qt::ToolTipRole).toString().contains(QStringLiteral("GPU is lost")));
        const QModelIndex power = model.index(1, FleetModel::PowerColumn, model.index(0, 0));
        QCOMPARE(power.data().toString(), QStringLiteral("n/a"));
        QVERIFY(!power.data(RawValueRole).isValid()); // absent, not 0
    }

    void gpuThatVanishesIsRemovedFromTheTree()
    {
        LiveState fleet;
        FleetModel model(&fleet);
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
        QCOMPARE(model.index(0, ProcessModel::UserColumn).data().toString(),
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

    void processModelFiltersByGpuAndShowsGhosts()
    {
        ProcessModel model;
        const Snapshot s = DemoWorld().serverAt(2, kT);
        model.setSnapshot(s, s.gpus[1].uuid);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, ProcessModel::UserColumn).data().toString(),
                 QStringLiteral("(not in /proc)"));
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
