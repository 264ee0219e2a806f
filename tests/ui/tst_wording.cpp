// The small words of the desktop: a count reads "1 instance", never
// "1 instances" (plurals through tr() with n, in the app's English
// translation), and a process without a user has one word for it in every
// table (the Details page, the Processes page and its totals, the overview).

#include "engine/livestate.h"
#include "models/fleetprocessmodel.h"
#include "models/overviewmodel.h"
#include "models/processmodel.h"
#include "models/usertext.h"
#include "window/fleetprocesspage.h"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QTest>
#include <QTranslator>

using namespace gw;

namespace {

constexpr qint64 kNow = 1795305600000;

// One server: GPU 0 in MIG mode with a single instance, GPU 1 with a ghost
// (a process the driver reports and /proc does not show: no user).
Snapshot server()
{
    Snapshot s;
    s.server = QStringLiteral("lab-1");
    s.host.hostname = s.server;
    s.timestampMs = kNow;
    s.intervalMs = 1000;
    s.backend = QStringLiteral("nvml");
    GpuSample mig;
    mig.index = 0;
    mig.uuid = QStringLiteral("GPU-mig");
    mig.name = QStringLiteral("NVIDIA A100-SXM4-40GB");
    mig.memoryTotalMiB = 40960;
    mig.migEnabled = true;
    mig.migSliceCount = 7;
    MigInstance whole;
    whole.uuid = QStringLiteral("MIG-whole");
    whole.profile = QStringLiteral("7g.40gb");
    whole.computeSlices = 7;
    whole.memoryTotalMiB = 40192;
    whole.memoryUsedMiB = 100;
    mig.migInstances = {whole};
    s.gpus.append(mig);
    GpuSample g;
    g.index = 1;
    g.uuid = QStringLiteral("GPU-ghost");
    g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
    g.memoryTotalMiB = 81559;
    g.memoryUsedMiB = 20000;
    g.utilizationGpuPercent = 40;
    s.gpus.append(g);
    GpuProcess ghost;
    ghost.pid = 4242;
    ghost.gpuUuid = g.uuid;
    ghost.ghost = true;
    ghost.usedMemoryMiB = 20000;
    s.processes.append(ghost);
    return s;
}

void feed(LiveState& fleet)
{
    fleet.setClock([] { return kNow; });
    fleet.ingest(server());
    fleet.checkFreshness();
    QCoreApplication::processEvents();
}

} // namespace

class TestWording : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSingleMigInstanceIsOneInstance()
    {
        // The app loads gpuwarden_en.qm for an English locale.
        QTranslator en;
        QVERIFY2(en.load(QStringLiteral(GW_EN_QM)), GW_EN_QM);
        QVERIFY(QCoreApplication::installTranslator(&en));
        LiveState fleet;
        OverviewModel model(&fleet);
        feed(fleet);
        const OverviewTile* mig = nullptr;
        for (const OverviewTile& t : model.tiles())
            if (t.uuid == u"GPU-mig"_qs)
                mig = &t;
        QVERIFY(mig);
        const QString d = mig->description();
        QCoreApplication::removeTranslator(&en);
        QVERIFY2(d.contains(u"MIG, 1 instance, utilisation not reported"_qs), qPrintable(d));
    }

    void noCountIsShownBeforeAPluralNounWithoutN()
    {
        // A count put in with %1 before a plural noun reads "1 servers" when
        // it is 1: counts go through tr(text, nullptr, n). Reviewed
        // exceptions: the count there is never 1, or not a count.
        static const QRegularExpression plainCount(QStringLiteral(
            R"re(tr\("[^"]*%L?\d (servers|GPUs|users|processes|readings|instances|)re"
            R"re(events|jobs|entries|errors|warnings|gaps|days|hours)\b[^"]*"(?!\s*,\s*nullptr))re"));
        const QStringList neverOne = {
            // worldSize > the most that may be asked for (at least 2).
            u"needs %2 GPUs; at most"_qs,
            // Only when fewer are shown than there are: at least 2.
            u"top %1 of %2 users"_qs,
            u"lowest %1 of %2 users"_qs,
            // Not a count: "Show hog events".
            u"Show %1 events"_qs,
        };
        QStringList found;
        // The desktop's own texts (ui/), read with the app's translation;
        // core/ speaks to the command line and the agent too, which load none
        // and spell their singulars out.
        for (const QString& root : {u"ui"_qs}) {
            QDirIterator it(QStringLiteral(GW_SOURCE_DIR "/") + root, {u"*.cpp"_qs, u"*.h"_qs},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(f.readAll());
                auto matches = plainCount.globalMatch(text);
                while (matches.hasNext()) {
                    const QString m = matches.next().captured(0);
                    if (std::none_of(neverOne.cbegin(), neverOne.cend(),
                                     [&](const QString& e) { return m.contains(e); }))
                        found << f.fileName().mid(int(qstrlen(GW_SOURCE_DIR)) + 1) + u": "_qs + m;
                }
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void aGhostsUserIsOneWordInEveryTable()
    {
        LiveState fleet;
        FleetProcessPage page(&fleet);
        OverviewModel overview(&fleet);
        feed(fleet);
        const QString word = unknownUserText();

        // The Processes page: its table and its totals.
        FleetProcessModel* m = page.model();
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->index(0, FleetProcessModel::OwnerColumn).data().toString(), word);
        const QList<UserTotal> totals = m->userTotals();
        QCOMPARE(totals.size(), 1);
        QCOMPARE(totals[0].user, word);
        QStandardItemModel* shown = page.totals();
        QVERIFY(shown->rowCount() >= 1);
        QCOMPARE(shown->item(0, 0)->text(), word);

        // The Details page's process table.
        ProcessModel details;
        details.setSnapshot(server(), u"GPU-ghost"_qs);
        QCOMPARE(details.rowCount(), 1);
        QCOMPARE(details.index(0, ProcessModel::OwnerColumn).data().toString(), word);

        // The overview's tile lists its users.
        for (const OverviewTile& t : overview.tiles())
            if (t.uuid == u"GPU-ghost"_qs) {
                QVERIFY2(t.description().contains(u"users "_qs + word),
                         qPrintable(t.description()));
                QVERIFY(!t.description().contains(u'?'));
            }
    }
};

QTEST_MAIN(TestWording)
#include "tst_wording.moc"
