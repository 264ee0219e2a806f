// Find GPUs (Tools → Find GPUs…) and the reservations shown per GPU: the
// fleet's choice over hand-built readings (scores equal the formula, ties by
// index, refusal lines, stale servers last and never chosen, parallelism,
// reserved units, the policy's weights), the two table models under
// QAbstractItemModelTester with narrow updates, the dialog live over a
// LiveState with screenshots at 1024×700 in both palettes, the copied text,
// and the reservation lines on the GPU page and in the tree.
#include "darkpalette.h"
#include "engine/livestate.h"
#include "layoutcheck.h"
#include "models/desktopstores.h"
#include "models/findgpusmodels.h"
#include "models/fleetchoice.h"
#include "models/reservationsview.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "window/findgpusdialog.h"
#include "window/livegpupage.h"
#include "window/mainwindow.h"
#include "window/servertree.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTranslator>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

GpuSample gpu(int index, std::optional<double> util, double usedMiB, double totalMiB = 81920)
{
    GpuSample g;
    g.index = index;
    g.uuid = QStringLiteral("GPU-%1").arg(index);
    g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
    g.utilizationGpuPercent = util;
    g.memoryUsedMiB = usedMiB;
    g.memoryTotalMiB = totalMiB;
    return g;
}

Snapshot server(const QString& name, QList<GpuSample> gpus, qint64 at = kT)
{
    Snapshot s;
    s.server = name;
    s.timestampMs = at;
    s.intervalMs = 1000;
    s.backend = QStringLiteral("nvml");
    s.gpus = std::move(gpus);
    return s;
}

FleetServerInput input(const Snapshot& s, bool stale = false, qint64 ageMs = 1000)
{
    FleetServerInput in;
    in.server = s.server;
    in.latest = s;
    in.freshness.hasReading = true;
    in.freshness.stale = stale;
    in.freshness.ageMs = ageMs;
    in.freshness.intervalMs = 1000;
    return in;
}

double formula(double util, double used, double total, double wFree = 0.6, double wIdle = 0.4)
{
    return wFree * (total - used) / total + wIdle * (1 - util / 100);
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

// A fleet of four: two fresh servers that fit, one that is busy, one stale.
void feedFleet(LiveState& fleet)
{
    fleet.ingest(server(QStringLiteral("gpu-lab-01"),
                        {gpu(0, 95, 70000), gpu(1, 3, 2000), gpu(2, 40, 30000), gpu(3, 0, 500)}));
    fleet.ingest(server(QStringLiteral("gpu-lab-02"),
                        {gpu(0, 10, 1000), gpu(1, 12, 1500), gpu(2, 8, 80000), gpu(3, 2, 800),
                         gpu(4, 99, 79000), gpu(5, 5, 100), gpu(6, 20, 9000), gpu(7, 1, 300)}));
    fleet.ingest(server(QStringLiteral("train-03"), {gpu(0, 100, 80000), gpu(1, 97, 78000)}));
    // Most idle GPUs of all, but its last reading is five minutes old.
    fleet.ingest(server(QStringLiteral("old-04"),
                        {gpu(0, 0, 0), gpu(1, 0, 0), gpu(2, 0, 0), gpu(3, 0, 0), gpu(4, 0, 0),
                         gpu(5, 0, 0), gpu(6, 0, 0), gpu(7, 0, 0), gpu(8, 0, 0)},
                        kT - 5 * 60'000));
}

} // namespace

class TestFindGpus : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void scoresEqualTheFormulaBestFirstTiesByIndex()
    {
        const Snapshot s =
            server(QStringLiteral("a"), {gpu(0, 50, 40960), gpu(1, 10, 8192), gpu(2, 10, 8192),
                                         gpu(3, 0, 0), gpu(4, 80, 1000)});
        SelectionRequest r;
        r.gpus = 2;
        const FleetChoice c = chooseAcrossFleet({input(s)}, r, {}, kT);
        QCOMPARE(c.best, 0);
        UnitChoiceModel units;
        QAbstractItemModelTester tester(&units,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        units.setServer(c, QStringLiteral("a"));
        QCOMPARE(units.qualifiedCount(), 5);
        const QStringList order{QStringLiteral("3"), QStringLiteral("1"), QStringLiteral("2"),
                                QStringLiteral("4"), QStringLiteral("0")};
        const QList<double> expected{formula(0, 0, 81920), formula(10, 8192, 81920),
                                     formula(10, 8192, 81920), formula(80, 1000, 81920),
                                     formula(50, 40960, 81920)};
        for (int row = 0; row < 5; ++row) {
            QCOMPARE(units.index(row, UnitChoiceModel::UnitColumn).data(RawValueRole).toString(),
                     order[row]);
            QCOMPARE(units.index(row, UnitChoiceModel::ScoreColumn).data(RawValueRole).toDouble(),
                     expected[row]);
            QCOMPARE(units.index(row, UnitChoiceModel::ScoreColumn).data().toString(),
                     QString::number(expected[row], 'f', 3));
        }
        // 1 and 2 score the same: the lower index first, and it is chosen.
        QCOMPARE(units.index(1, UnitChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("chosen"));
        QCOMPARE(units.index(2, UnitChoiceModel::NoteColumn).data().toString(), QString());
        QCOMPARE(c.cudaVisibleDevices(), QStringLiteral("3,1"));
        QCOMPARE(units.index(0, UnitChoiceModel::UtilColumn).data(RawValueRole).toDouble(), 0.0);
        QCOMPARE(units.index(1, UnitChoiceModel::FreeColumn).data(RawValueRole).toDouble(),
                 81920.0 - 8192);
    }

    void weightsOfThePolicyInForceAreUsed()
    {
        const Snapshot s = server(QStringLiteral("a"), {gpu(0, 90, 0), gpu(1, 0, 40960)});
        SelectionRequest r;
        // Memory alone: the busy GPU with all its memory free wins.
        FleetChoice c = chooseAcrossFleet({input(s)}, r, {1.0, 0.0}, kT);
        QCOMPARE(c.cudaVisibleDevices(), QStringLiteral("0"));
        QCOMPARE(c.servers[0].ranking.qualified[0].score, 1.0);
        // The defaults: idle matters too.
        c = chooseAcrossFleet({input(s)}, r, {}, kT);
        QCOMPARE(c.cudaVisibleDevices(), QStringLiteral("1"));
        QCOMPARE(c.servers[0].ranking.qualified[0].score, formula(0, 40960, 81920));
    }

    void refusedUnitsSayWhyInGpuOrder()
    {
        Snapshot s = server(QStringLiteral("a"),
                            {gpu(0, 20, 0), gpu(3, 5, 79820), gpu(2, 87, 0), gpu(1, 10, 0)});
        s.gpus[3].error = QStringLiteral("GPU is lost");
        SelectionRequest r;
        r.gpus = 1;
        r.minFreeMiB = 8192;
        r.maxUtilizationPercent = 50;
        const FleetChoice c = chooseAcrossFleet({input(s)}, r, {}, kT);
        UnitChoiceModel units;
        QAbstractItemModelTester tester(&units,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        units.setServer(c, QStringLiteral("a"));
        QCOMPARE(units.qualifiedCount(), 1);
        QCOMPARE(units.refusedCount(), 3);
        QStringList lines;
        for (int row = 1; row < units.rowCount(); ++row)
            lines << units.index(row, UnitChoiceModel::NoteColumn).data(SummaryRole).toString();
        QCOMPARE(lines, (QStringList{QStringLiteral("GPU 1: error: GPU is lost"),
                                     QStringLiteral("GPU 2: 87 % busy, at most 50 %"),
                                     QStringLiteral("GPU 3: 2,100 MiB free, needs 8,192")}));
        QCOMPARE(units.index(3, UnitChoiceModel::UnitColumn).data().toString(),
                 QStringLiteral("GPU 3"));
        QCOMPARE(units.index(3, UnitChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("refused: 2,100 MiB free, needs 8,192"));
        QVERIFY(!units.index(3, UnitChoiceModel::ScoreColumn).data(RawValueRole).isValid());
    }

    void migInstancesAreUnitsWhenAsked()
    {
        Snapshot s = server(QStringLiteral("a"), {gpu(0, 90, 70000), gpu(1, std::nullopt, 0)});
        GpuSample& g = s.gpus[1];
        g.migEnabled = true;
        for (int i = 0; i < 2; ++i) {
            MigInstance m;
            m.index = i;
            m.uuid = QStringLiteral("MIG-%1").arg(i);
            m.memoryTotalMiB = 40000;
            m.memoryUsedMiB = i == 0 ? 30000 : 10000;
            g.migInstances << m;
        }
        SelectionRequest r;
        r.gpus = 1;
        r.mig = SelectionRequest::Mig::Only;
        const FleetChoice c = chooseAcrossFleet({input(s)}, r, {}, kT);
        QCOMPARE(c.cudaVisibleDevices(), QStringLiteral("MIG-1"));
        UnitChoiceModel units;
        QAbstractItemModelTester tester(&units,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        units.setServer(c, QStringLiteral("a"));
        QCOMPARE(units.qualifiedCount(), 2);
        QCOMPARE(units.index(0, UnitChoiceModel::UnitColumn).data().toString(),
                 QStringLiteral("GPU 1 MIG 1"));
        QCOMPARE(units.index(0, UnitChoiceModel::ScoreColumn).data(RawValueRole).toDouble(),
                 30000.0 / 40000);
        QCOMPARE(units.index(0, UnitChoiceModel::UtilColumn).data().toString(),
                 QStringLiteral("n/a (MIG)"));
        QVERIFY(!units.index(0, UnitChoiceModel::UtilColumn).data(RawValueRole).isValid());
        // Never: the whole GPU 0 only; GPU 1 in MIG mode offers nothing.
        r.mig = SelectionRequest::Mig::Never;
        QCOMPARE(chooseAcrossFleet({input(s)}, r, {}, kT).cudaVisibleDevices(),
                 QStringLiteral("0"));
        QCOMPARE(selectCommandLine(r, {}, {}, {}),
                 QStringLiteral("gpuwarden-cli select --gpus 1 --mig never"));
    }

    void reservedUnitsAreRefusedAsTheAgentWould()
    {
        const Snapshot s = server(QStringLiteral("a"), {gpu(0, 0, 0), gpu(1, 0, 0), gpu(2, 50, 0)});
        FleetServerInput in = input(s);
        Reservation held;
        held.id = QStringLiteral("r1");
        held.server = QStringLiteral("a");
        held.user = QStringLiteral("alice");
        held.units = {QStringLiteral("0"), QStringLiteral("1")};
        held.createdMs = kT - 30'000;
        held.expiresMs = kT + 90'000;
        in.reservations = {held};
        SelectionRequest r;
        r.gpus = 1;
        FleetChoice c = chooseAcrossFleet({in}, r, {}, kT);
        QCOMPARE(c.cudaVisibleDevices(), QStringLiteral("2"));
        const QString until = QDateTime::fromMSecsSinceEpoch(kT + 90'000)
                                  .toLocalTime()
                                  .toString(QStringLiteral("HH:mm:ss"));
        QCOMPARE(c.servers[0].ranking.refused,
                 (QStringList{QStringLiteral("GPU 0: reserved for alice until ") + until,
                              QStringLiteral("GPU 1: reserved for alice until ") + until}));
        // Once it expired, its units are free again.
        c = chooseAcrossFleet({in}, r, {}, kT + 90'000);
        QCOMPARE(c.cudaVisibleDevices(), QStringLiteral("0"));
    }

    void serversRankByIdleGpusStaleLastNeverChosen()
    {
        LiveState fleet;
        fleet.setClock([] { return kT + 500; });
        feedFleet(fleet);
        QList<FleetServerInput> inputs;
        for (const QString& name : fleet.servers()) {
            FleetServerInput in;
            in.server = name;
            in.latest = *fleet.latest(name);
            in.freshness = fleet.freshness(name);
            inputs << in;
        }
        // A server watched that never answered.
        FleetServerInput silent;
        silent.server = QStringLiteral("new-05");
        inputs << silent;
        SelectionRequest r;
        r.gpus = 2;
        const FleetChoice c = chooseAcrossFleet(inputs, r, {}, kT + 500);
        ServerChoiceModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setChoice(c);
        QStringList order;
        for (int row = 0; row < model.rowCount(); ++row)
            order << model.index(row, ServerChoiceModel::ServerColumn).data().toString();
        QCOMPARE(order, (QStringList{QStringLiteral("gpu-lab-02"), QStringLiteral("gpu-lab-01"),
                                     QStringLiteral("train-03"), QStringLiteral("old-04"),
                                     QStringLiteral("new-05")}));
        QCOMPARE(model.index(0, ServerChoiceModel::IdleColumn).data().toString(),
                 QStringLiteral("6 of 8 idle"));
        QCOMPARE(model.index(0, ServerChoiceModel::IdleColumn).data(RawValueRole).toInt(), 6);
        QCOMPARE(c.best, 0);
        QCOMPARE(model.index(0, ServerChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("best: CUDA_VISIBLE_DEVICES=7,3"));
        QCOMPARE(model.index(1, ServerChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("fits"));
        QCOMPARE(model.index(2, ServerChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("fits")); // busy, but nothing refuses them without a limit
        QCOMPARE(model.index(3, ServerChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("stale — last reading 5 min ago"));
        QVERIFY(model.index(3, 0).data(StaleRole).toBool());
        QVERIFY(!model.index(0, 0).data(StaleRole).toBool());
        // The stale server's units are greyed (StaleRole) and say why.
        UnitChoiceModel units;
        units.setServer(c, QStringLiteral("old-04"));
        QVERIFY(units.rowCount() > 0);
        QVERIFY(units.index(0, UnitChoiceModel::UnitColumn).data(StaleRole).toBool());
        QCOMPARE(units.index(0, UnitChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("stale figures"));
        units.setServer(c, QStringLiteral("gpu-lab-02"));
        QVERIFY(!units.index(0, UnitChoiceModel::UnitColumn).data(StaleRole).toBool());
        QVERIFY(!c.servers[3].fits);
        QCOMPARE(model.index(4, ServerChoiceModel::NoteColumn).data().toString(),
                 QStringLiteral("no reading yet"));
        QVERIFY(!model.index(4, ServerChoiceModel::QualifiedColumn).data(RawValueRole).isValid());

        // Only the stale server has nine idle GPUs: nothing is chosen.
        r.gpus = 9;
        const FleetChoice none = chooseAcrossFleet(inputs, r, {}, kT + 500);
        QCOMPARE(none.best, -1);
        QCOMPARE(none.cudaVisibleDevices(), QString());
        QCOMPARE(none.servers[0].server, QStringLiteral("gpu-lab-02"));
        QCOMPARE(none.servers[3].server, QStringLiteral("old-04"));
    }

    void modelsUpdateRowsInPlace()
    {
        SelectionRequest r;
        r.gpus = 1;
        const auto pair = [&](double util1) {
            return chooseAcrossFleet(
                {input(server(QStringLiteral("a"), {gpu(0, 0, 0), gpu(1, util1, 0)})),
                 input(server(QStringLiteral("b"), {gpu(0, 90, 0)}))},
                r, {}, kT);
        };
        ServerChoiceModel servers;
        UnitChoiceModel units;
        QAbstractItemModelTester t1(&servers,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&units, QAbstractItemModelTester::FailureReportingMode::QtTest);
        servers.setChoice(pair(20));
        units.setServer(pair(20), QStringLiteral("a"));
        QSignalSpy serverReset(&servers, &QAbstractItemModel::modelReset);
        QSignalSpy serverChanged(&servers, &QAbstractItemModel::dataChanged);
        QSignalSpy unitReset(&units, &QAbstractItemModel::modelReset);
        QSignalSpy unitChanged(&units, &QAbstractItemModel::dataChanged);
        // GPU 1 gets busier: same rows, its figures change.
        servers.setChoice(pair(25));
        units.setServer(pair(25), QStringLiteral("a"));
        QCOMPARE(serverReset.size(), 0);
        QCOMPARE(serverChanged.size(), 0); // no server's text changed
        QCOMPARE(unitReset.size(), 0);
        QCOMPARE(unitChanged.size(), 1);
        QCOMPARE(unitChanged[0][0].toModelIndex().row(), 1);
        QCOMPARE(unitChanged[0][1].toModelIndex().row(), 1);
        // It leaves the idle criterion (30 %): server a's idle count moves.
        servers.setChoice(pair(35));
        QCOMPARE(serverReset.size(), 0);
        QCOMPARE(serverChanged.size(), 1);
        QCOMPARE(serverChanged[0][0].toModelIndex().row(), 0);
    }

    void dialogFollowsTheFleetLive()
    {
        LiveState fleet;
        qint64 now = kT + 500;
        fleet.setClock([&now] { return now; });
        feedFleet(fleet);
        FindGpusDialog d(&fleet);
        d.setClock([&now] { return now; });
        d.setGpus(2);
        QCOMPARE(d.choice().bestServer()->server, QStringLiteral("gpu-lab-02"));
        QCOMPARE(d.message(), QStringLiteral("Best: gpu-lab-02 — CUDA_VISIBLE_DEVICES=7,3 (the "
                                             "agent scores and reserves the same when the job "
                                             "asks)."));
        QCOMPARE(d.unitModel()->server(), QStringLiteral("gpu-lab-02"));
        QVERIFY(d.copyButton()->isEnabled());

        // A new reading: gpu-lab-02 fills up; the choice moves to gpu-lab-01
        // after the delay, without any call.
        QSignalSpy recomputed(&d, &FindGpusDialog::recomputed);
        now += 1000;
        fleet.ingest(
            server(QStringLiteral("gpu-lab-02"),
                   {gpu(0, 100, 81000), gpu(1, 100, 81000), gpu(2, 100, 81000), gpu(3, 100, 81000),
                    gpu(4, 100, 81000), gpu(5, 100, 81000), gpu(6, 100, 81000), gpu(7, 100, 81000)},
                   now));
        fleet.ingest(server(QStringLiteral("gpu-lab-01"),
                            {gpu(0, 95, 70000), gpu(1, 3, 2000), gpu(2, 40, 30000), gpu(3, 0, 500)},
                            now));
        QVERIFY(recomputed.wait(2000));
        QCOMPARE(d.choice().bestServer()->server, QStringLiteral("gpu-lab-01"));
        QCOMPARE(d.choice().cudaVisibleDevices(), QStringLiteral("3,1"));

        // A server picked in the table stays shown while the best moves.
        d.showServer(QStringLiteral("train-03"));
        QCOMPARE(d.unitModel()->server(), QStringLiteral("train-03"));
        d.setMinFree(QStringLiteral("8GiB"));
        QCOMPARE(d.unitModel()->server(), QStringLiteral("train-03"));
        QCOMPARE(d.unitModel()->refusedCount(), 2);
        QCOMPARE(d.unitModel()->index(0, UnitChoiceModel::NoteColumn).data(SummaryRole).toString(),
                 QStringLiteral("GPU 0: 1,920 MiB free, needs 8,192"));
    }

    void parallelismAndBadInputs()
    {
        LiveState fleet;
        fleet.setClock([] { return kT + 500; });
        feedFleet(fleet);
        FindGpusDialog d(&fleet);
        d.setParallelism(QStringLiteral("tp=4,pp=2"));
        QCOMPARE(d.choice().request.gpus, 8);
        QCOMPARE(d.inputProblem(), QStringLiteral("tp=4,pp=2 → world size 8 GPUs"));
        QCOMPARE(d.choice().bestServer()->server, QStringLiteral("gpu-lab-02"));
        QCOMPARE(d.choice().cudaVisibleDevices().split(QLatin1Char(',')).size(), 8);

        d.setParallelism(QStringLiteral("tp=4,pq=2"));
        QVERIFY(d.inputProblem().startsWith(QStringLiteral("Parallelism: unknown key \"pq\"")));
        QCOMPARE(d.message(), QStringLiteral("Correct the request above to see a choice."));
        QVERIFY(d.choice().servers.isEmpty());
        QVERIFY(!d.copyButton()->isEnabled());

        d.setParallelism(QString());
        d.setMinFree(QStringLiteral("8 parsecs"));
        QVERIFY(d.inputProblem().startsWith(QStringLiteral("Free memory: ")));
        QVERIFY(d.copyText().isEmpty());

        // Nothing qualifies: said, with the way to wait.
        d.setMinFree(QStringLiteral("80GiB"));
        d.setGpus(3);
        QCOMPARE(d.choice().best, -1);
        QCOMPARE(d.message(), QStringLiteral("No server has 3 GPUs that qualify now. Each "
                                             "server's refusals say why; `gpuwarden-cli select "
                                             "--wait` waits for them."));
    }

    void emptyFleetSaysSo()
    {
        LiveState fleet;
        FindGpusDialog d(&fleet);
        QVERIFY(d.choice().servers.isEmpty());
        QVERIFY(d.message().startsWith(QStringLiteral("No server is watched")));
        QVERIFY(!d.copyButton()->isEnabled());
    }

    void copyGivesCudaVisibleDevicesAndTheCliLine()
    {
        LiveState fleet;
        fleet.setClock([] { return kT + 500; });
        feedFleet(fleet);
        FindGpusDialog d(&fleet);
        d.setAgents([] {
            return QList<RemoteServer>{{QStringLiteral("gpu-lab-02"),
                                        QUrl(QStringLiteral("https://gpu-lab-02:8321/")),
                                        {},
                                        {}}};
        });
        d.setGpus(2);
        d.setMinFree(QStringLiteral("8GiB"));
        d.setMaxUtilization(50);
        d.setMig(SelectionRequest::Mig::Never);
        const QString expected =
            QStringLiteral("CUDA_VISIBLE_DEVICES=7,3\n# on gpu-lab-02; to reserve them for a job: "
                           "eval \"$(gpuwarden-cli select --gpus 2 --min-free 8GiB --max-util 50 "
                           "--mig never --source https://gpu-lab-02:8321)\"\n");
        QCOMPARE(d.copyText(), expected);
        d.copyButton()->click();
        QCOMPARE(QGuiApplication::clipboard()->text(), expected);

        d.setParallelism(QStringLiteral("tp=2, pp=1"));
        QVERIFY(d.copyText().contains(QStringLiteral("select --parallel 'tp=2, pp=1' --min-free")));
        QCOMPARE(shellQuoted(QStringLiteral("it's")), QStringLiteral("'it'\\''s'"));
    }

    void screenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void screenshots()
    {
        QFETCH(bool, dark);
        LiveState fleet;
        fleet.setClock([] { return kT + 500; });
        feedFleet(fleet);
        FindGpusDialog d(&fleet);
        d.setClock([] { return kT + 500; });
        d.setReservations([](const QString& s) {
            Reservation r;
            r.id = QStringLiteral("r1");
            r.server = s;
            r.user = QStringLiteral("alice");
            r.units = {QStringLiteral("7")};
            r.createdMs = kT - 60'000;
            r.expiresMs = kT + 60'000;
            return s == QLatin1String("gpu-lab-02") ? QList<Reservation>{r} : QList<Reservation>{};
        });
        if (dark)
            d.setPalette(test::darkPalette());
        d.setGpus(2);
        d.setMinFree(QStringLiteral("8GiB"));
        d.setMaxUtilization(50);
        d.resize(1024, 700);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QCOMPARE(d.size(), QSize(1024, 700));
        QCOMPARE(test::layoutProblems(&d), QStringList());
        // Every column of both tables shows its text whole.
        for (QTableView* t : {d.serverTable(), d.unitTable()}) {
            int width = 0;
            for (int c = 0; c < t->model()->columnCount(); ++c)
                width += t->columnWidth(c);
            QVERIFY2(width <= t->viewport()->width(),
                     qPrintable(QStringLiteral("%1 px of columns in %2 px")
                                    .arg(width)
                                    .arg(t->viewport()->width())));
        }
        // At ratio 2 (tst_findgpus_hidpi) beside, not over, the 1× shots.
        const QString scale = d.devicePixelRatio() > 1 ? QStringLiteral("-scale2") : QString();
        QVERIFY(
            d.grab().save(shotPath(QStringLiteral("find-gpus-1024x700%1%2.png")
                                       .arg(dark ? QStringLiteral("-dark") : QString(), scale))));
    }

    void reservationLinesSayWhoSinceAndUntil()
    {
        ReservationsView view;
        qint64 now = kT;
        view.setClock([&now] { return now; });
        QSignalSpy changed(&view, &ReservationsView::changed);
        AllocationState st;
        st.nowMs = kT;
        Reservation r;
        r.id = QStringLiteral("r1");
        r.server = QStringLiteral("a");
        r.user = QStringLiteral("alice");
        r.units = {QStringLiteral("1"), QStringLiteral("3")};
        r.createdMs = kT - 60'000;
        r.expiresMs = kT + 60'000;
        st.reservations = {r};
        st.waiting = {{QStringLiteral("bob"), 1, 8192, kT - 120'000, kT + 600'000},
                      {QStringLiteral("carol"), 2, 0, kT - 30'000, kT + 10'000}};
        view.setState(QStringLiteral("a"), st);
        QCOMPARE(changed.size(), 1);
        view.setState(QStringLiteral("a"), st); // the same again: nothing moves
        QCOMPARE(changed.size(), 1);

        const auto hhmm = [](qint64 ms) {
            return QDateTime::fromMSecsSinceEpoch(ms).toLocalTime().toString(
                QStringLiteral("HH:mm"));
        };
        const QString reserved = QStringLiteral("Reserved for alice since %1 until %2 (2 GPUs: "
                                                "1, 3)")
                                     .arg(hhmm(kT - 60'000), hhmm(kT + 60'000));
        const QString waits = QStringLiteral("2 jobs waiting for GPUs (bob since %1, carol since "
                                             "%2)")
                                  .arg(hhmm(kT - 120'000), hhmm(kT - 30'000));
        QCOMPARE(view.gpuLines(QStringLiteral("a"), gpu(3, 0, 0), true),
                 (QStringList{reserved, waits}));
        QCOMPARE(view.gpuLines(QStringLiteral("a"), gpu(2, 0, 0), true), QStringList{waits});
        QCOMPARE(view.gpuMark(QStringLiteral("a"), gpu(1, 0, 0)), QStringLiteral("reserved"));
        QCOMPARE(view.gpuMark(QStringLiteral("a"), gpu(2, 0, 0)), QString());

        // The link is down: the lines say how old they are.
        now = kT + 4000;
        QCOMPARE(view.gpuLines(QStringLiteral("a"), gpu(2, 0, 0), false),
                 QStringList{QStringLiteral("as of 4 s ago: ") + waits});
        // Old even with the link up; carol's deadline passed, alice's
        // reservation expired: not shown although no answer said so.
        now = kT + 61'000;
        // (The singular "1 job" comes from gpuwarden_en.ts, not loaded here.)
        const QStringList late = view.gpuLines(QStringLiteral("a"), gpu(3, 0, 0), true);
        QCOMPARE(late.size(), 1);
        QVERIFY2(late[0].startsWith(QStringLiteral("as of 1 min ago: 1 job")), qPrintable(late[0]));
        QVERIFY(late[0].endsWith(QStringLiteral("waiting for GPUs (bob since ") +
                                 hhmm(kT - 120'000) + QLatin1Char(')')));
        QCOMPARE(view.gpuMark(QStringLiteral("a"), gpu(1, 0, 0)), QString());
        view.removeServer(QStringLiteral("a"));
        QVERIFY(view.gpuLines(QStringLiteral("a"), gpu(3, 0, 0), true).isEmpty());
    }

    void englishPluralsComeFromTheTranslation()
    {
        // The app loads gpuwarden_en.qm for an English locale: one GPU, one job.
        QTranslator en;
        QVERIFY2(en.load(QStringLiteral(GW_EN_QM)), GW_EN_QM);
        QVERIFY(QCoreApplication::installTranslator(&en));
        Reservation r;
        r.user = QStringLiteral("alice");
        r.units = {QStringLiteral("3")};
        r.createdMs = kT;
        r.expiresMs = kT + 60'000;
        const QString one = ReservationsView::reservationText(r);
        const QString waits =
            ReservationsView::waitingText({{QStringLiteral("bob"), 1, 0, kT, kT}});
        QCoreApplication::removeTranslator(&en);
        QVERIFY2(one.endsWith(QStringLiteral("(1 GPU: 3)")), qPrintable(one));
        QVERIFY2(waits.startsWith(QStringLiteral("1 job waiting for GPUs (bob since ")),
                 qPrintable(waits));
    }

    void reservationsShowOnTheGpuPageAndInTheTree()
    {
        LiveState fleet;
        qint64 now = kT + 500;
        fleet.setClock([&now] { return now; });
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.reservations()->setClock([&now] { return now; });
        fleet.ingest(server(QStringLiteral("gpu-lab-01"), {gpu(0, 0, 0), gpu(1, 3, 2000)}));
        w.selectGpu(QStringLiteral("gpu-lab-01"), QStringLiteral("GPU-0"));
        QCOMPARE(w.liveGpuPage()->reservationText(), QString());

        AllocationState st;
        st.nowMs = now;
        Reservation r;
        r.id = QStringLiteral("r1");
        r.server = QStringLiteral("gpu-lab-01");
        r.user = QStringLiteral("alice");
        r.units = {QStringLiteral("0")};
        r.createdMs = kT;
        r.expiresMs = kT + 120'000;
        st.reservations = {r};
        w.reservations()->setState(QStringLiteral("gpu-lab-01"), st);
        QVERIFY2(w.liveGpuPage()->reservationText().startsWith(
                     QStringLiteral("Reserved for alice since ")),
                 qPrintable(w.liveGpuPage()->reservationText()));
        QVERIFY(w.liveGpuPage()->reservationText().endsWith(QStringLiteral(": 0)")));
        // The tree's GPU row: a mark and the line in its tooltip.
        const QModelIndex g0 =
            w.serverTreeModel()->gpuIndex(QStringLiteral("gpu-lab-01"), QStringLiteral("GPU-0"));
        // Ahead of the model name, which a narrow column elides.
        QVERIFY2(g0.data().toString().startsWith(QStringLiteral("GPU 0 · reserved · ")),
                 qPrintable(g0.data().toString()));
        QVERIFY(g0.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Reserved for alice")));
        const QModelIndex g1 =
            w.serverTreeModel()->gpuIndex(QStringLiteral("gpu-lab-01"), QStringLiteral("GPU-1"));
        QVERIFY(!g1.data().toString().contains(QStringLiteral("reserved")));
        // Not an agent (no link): shown as of its age once it is old.
        now += 20'000;
        fleet.ingest(
            server(QStringLiteral("gpu-lab-01"), {gpu(0, 0, 0), gpu(1, 3, 2000)}, now - 100));
        QVERIFY(w.liveGpuPage()->reservationText().startsWith(QStringLiteral("as of 20 s ago: ")));

        // Tools → Find GPUs… with Ctrl+F opens the dialog over the same fleet.
        QAction* find = nullptr;
        for (QAction* a : w.menuBar()->findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(QStringLiteral("Ctrl+F")))
                find = a;
        QVERIFY(find);
        find->trigger();
        auto* dialog = w.findChild<FindGpusDialog*>();
        QVERIFY(dialog);
        dialog->setClock([&now] { return now; });
        // GPU 0 (the best by score) is alice's: the choice is GPU 1.
        QCOMPARE(dialog->choice().cudaVisibleDevices(), QStringLiteral("1"));
        QVERIFY(dialog->choice().servers[0].ranking.refused.value(0).startsWith(
            QStringLiteral("GPU 0: reserved for alice until ")));
        QCOMPARE(w.showFindGpusDialog(), dialog); // raised, not a second one

        // As an admin sees it: the line under the charts, the tree's mark.
        dialog->close();
        st.nowMs = now;
        st.reservations[0].units = {QStringLiteral("0"), QStringLiteral("1")};
        st.waiting = {{QStringLiteral("bob"), 2, 8192, now - 60'000, now + 240'000},
                      {QStringLiteral("carol"), 1, 0, now - 20'000, now + 60'000}};
        w.reservations()->setState(QStringLiteral("gpu-lab-01"), st);
        w.serverTree()->expandAllAction()->trigger();
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.liveGpuPage()->findChild<QLabel*>(QStringLiteral("reservations"))->isVisible());
        QVERIFY(w.grab().save(shotPath(QStringLiteral("gpu-page-reservations-1024x700.png"))));
    }
};

QTEST_MAIN(TestFindGpus)
#include "tst_findgpus.moc"
