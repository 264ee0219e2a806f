// The fleet overview and the fleet-wide process view: 16 servers × 8 GPUs
// on one 1920 × 1080 screen, keyboard and mouse open the right GPU, sorting
// and filtering, stale servers without a verdict, MIG tiles, per-user
// totals, idle durations, CSV/JSON export.

#include "common/legend.h"
#include "common/palette.h"
#include "darkpalette.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "models/desktopstores.h"
#include "models/fleetprocessmodel.h"
#include "models/overviewmodel.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "models/verdictbook.h"
#include "tst_overview_fleet.h"
#include "window/fleetprocesspage.h"
#include "window/mainwindow.h"
#include "window/overviewpage.h"
#include "window/overviewview.h"
#include "window/servertree.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {
constexpr qint64 kNow = 1795305600000 + 12 * 3'600'000;

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

// The note above the per-user totals, as the page shows it.
QString hoursNoteOf(const QWidget* page)
{
    for (const QLabel* label : page->findChildren<QLabel*>())
        if (label->text().startsWith(u"Per owner"_qs))
            return label->text();
    return {};
}

void feed(LiveState& fleet, qint64 now)
{
    fleet.setClock([now] { return now; });
    fleet.ingestBatch(syntheticFleet(now));
    fleet.checkFreshness();
    QCoreApplication::processEvents(); // the models' coalesced rebuilds
}

// An RFC 4180 reader, for checking what the export writes.
QList<QStringList> parseCsv(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            row << field;
            field.clear();
        } else if (c == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n') {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}

int countPixels(const QImage& img, const QRect& r, const QColor& c)
{
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += img.pixelColor(x, y).rgb() == c.rgb() ? 1 : 0;
    return n;
}
} // namespace

class TestOverview : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }

    void opensOnTheOverviewWithEveryGpuVisibleAt1920x1080()
    {
        for (const bool dark : {false, true}) {
            LiveState fleet;
            DesktopStores stores;
            MainWindow w(&fleet, &stores);
            if (dark)
                w.setPalette(darkPalette());
            w.resize(1920, 1080);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            feed(fleet, kNow);
            QVERIFY(w.overviewShown());
            OverviewView* view = w.overviewPage()->view();
            QCOMPARE(view->tileCount(), 128);
            QCOMPARE(view->verticalScrollBar()->maximum(), 0);
            QVERIFY2(view->contentHeight() <= view->viewport()->height(),
                     qPrintable(QStringLiteral("%1 > %2")
                                    .arg(view->contentHeight())
                                    .arg(view->viewport()->height())));
            for (int i = 0; i < 16; ++i) {
                for (int j = 0; j < 8; ++j) {
                    const QRect r =
                        view->tileRect(nodeName(i), QStringLiteral("GPU-%1-%2").arg(i).arg(j));
                    QVERIFY(!r.isEmpty());
                    QVERIFY2(view->viewport()->rect().contains(r),
                             qPrintable(nodeName(i) + QString::number(j)));
                    // Readable: the figures are not elided away.
                    QVERIFY(r.width() >=
                            view->fontMetrics().horizontalAdvance(u"80.0 / 80.0 GiB"_qs));
                }
            }
            // A busy tile shows its utilisation, memory and users.
            const QString text = view->tileText(nodeName(0), QStringLiteral("GPU-0-2"));
            QVERIFY2(text.contains(u" %"_qs) && text.contains(u"GiB"_qs), qPrintable(text));
            QCOMPARE(w.overviewPage()->legend()->states(), legendStates());
            QApplication::processEvents();
            QVERIFY(w.grab().save(
                shotPath(dark ? u"overview-dark-1920.png"_qs : u"overview-light-1920.png"_qs)));
        }
    }

    void at1024x700ItScrollsAndStaysReadable()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feed(fleet, kNow);
        OverviewView* view = w.overviewPage()->view();
        QCOMPARE(view->tileCount(), 128);
        QVERIFY(view->verticalScrollBar()->maximum() > 0);
        // Moving the focus to the last tile scrolls it into view.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_End);
        const QRect last = view->tileRect(view->focusServer(), view->focusUuid());
        QVERIFY(view->viewport()->rect().contains(last));
        view->verticalScrollBar()->setValue(0);
        QVERIFY(w.grab().save(shotPath(u"overview-1024.png"_qs)));
    }

    void aLargerFontGivesWiderTilesNotClippedFigures()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        QFont f = page.font();
        f.setPointSizeF(f.pointSizeF() * 1.5);
        page.setFont(f);
        page.resize(1920, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        feed(fleet, kNow);
        QCOMPARE(page.view()->tileCount(), 128);
        const QChar ellipsis(0x2026);
        for (const OverviewTile& t : page.model()->tiles()) {
            const QStringList lines = page.view()->tileText(t.server, t.uuid).split(u'\n');
            // Figures (first line, temperature, memory, power) are never elided.
            for (int i : {0, 1, 2, 4})
                QVERIFY2(!lines[i].contains(ellipsis), qPrintable(t.server + u' ' + lines[i]));
            QVERIFY(page.view()->tileRect(t.server, t.uuid).width() >=
                    page.view()->fontMetrics().horizontalAdvance(u"80.0 / 80.0 GiB"_qs));
        }
    }

    // 16 servers in a 1024 px window with 144 dpi fonts (1.5 × 96): the
    // cards are narrow, and their headers were cut before the freshness, the
    // part an admin reads them for. The name is elided, the freshness stays.
    void narrowCardHeadersKeepTheirFreshnessWhole()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        QFont f = page.font();
        f.setPointSizeF(f.pointSizeF() * 1.5);
        page.setFont(f);
        page.resize(1024, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        fleet.setClock([] { return kNow; });
        QList<Snapshot> readings = syntheticFleet(kNow);
        for (Snapshot& s : readings) // a host name beside each name, as agents have
            s.host.hostname = s.server + u".cluster.example.org"_qs;
        fleet.ingestBatch(readings);
        fleet.checkFreshness();
        QCoreApplication::processEvents();
        const QChar ellipsis(0x2026);
        int elidedNames = 0;
        for (const OverviewGroup& g : page.model()->groups()) {
            const QString header = page.view()->cardHeaderText(g.server);
            const QString fresh = g.freshnessText();
            QVERIFY2(header.endsWith(fresh) && !fresh.contains(ellipsis),
                     qPrintable(g.server + u": \""_qs + header + u"\" lacks \""_qs + fresh + u'"'));
            // Something of the name is left to tell the cards apart.
            QVERIFY2(header.startsWith(g.server.left(3)), qPrintable(header));
            elidedNames += header.contains(ellipsis) ? 1 : 0;
        }
        QVERIFY(page.view()
                    ->cardHeaderText(nodeName(kStaleServer))
                    .endsWith(u"stale, last reading 4 min 00 s ago"_qs));
        QVERIFY(page.grab().save(shotPath(u"overview-1024-144dpi.png"_qs)));
        qInfo("%d of 16 headers elided", elidedNames);
    }

    void keyboardAndClickOpenTheRightGpu()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feed(fleet, kNow);
        OverviewView* view = w.overviewPage()->view();
        view->setFocus();
        QCOMPARE(view->focusServer(), nodeName(0));
        QCOMPARE(view->focusUuid(), u"GPU-0-0"_qs);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->focusUuid(), u"GPU-0-1"_qs);
        QTest::keyClick(view, Qt::Key_Left);
        QCOMPARE(view->focusUuid(), u"GPU-0-0"_qs);
        // Down: the tile right below, in the next row of cards.
        const QRect before = view->tileRect(view->focusServer(), view->focusUuid());
        QTest::keyClick(view, Qt::Key_Down);
        const QRect below = view->tileRect(view->focusServer(), view->focusUuid());
        QVERIFY(below.top() > before.bottom());
        QCOMPARE(below.left(), before.left());
        QTest::keyClick(view, Qt::Key_Up);
        QCOMPARE(view->tileRect(view->focusServer(), view->focusUuid()), before);
        QTest::keyClick(view, Qt::Key_Down);
        QTest::keyClick(view, Qt::Key_Down); // the card below
        const QString server = view->focusServer();
        const QString uuid = view->focusUuid();
        QVERIFY(server != nodeName(0));
        QVERIFY(view->accessibleDescription().contains(server));
        QTest::keyClick(view, Qt::Key_Return);
        QVERIFY(w.detailsShown());
        QCOMPARE(w.serverTree()->currentIndex().data(ServerRole).toString(), server);
        QCOMPARE(w.serverTree()->currentIndex().data(GpuUuidRole).toString(), uuid);

        // A click opens the clicked GPU.
        w.showOverview();
        QApplication::processEvents();
        const QRect target = view->tileRect(nodeName(12), u"GPU-12-6"_qs);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, target.center());
        QVERIFY(w.detailsShown());
        QCOMPARE(w.serverTree()->currentIndex().data(ServerRole).toString(), nodeName(12));
        QCOMPARE(w.serverTree()->currentIndex().data(GpuUuidRole).toString(), u"GPU-12-6"_qs);
    }

    void sortsAndFilters()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        page.resize(1600, 1000);
        feed(fleet, kNow);
        OverviewModel* m = page.model();
        QCOMPARE(m->groups().size(), 16);
        QCOMPARE(m->groups().first().server, nodeName(0));

        page.sortChoice()->setCurrentIndex(
            page.sortChoice()->findData(int(OverviewModel::SortKey::Utilisation)));
        QCOMPARE(m->sortKey(), OverviewModel::SortKey::Utilisation);
        double previousTop = 101;
        for (const OverviewGroup& g : m->groups()) {
            double previous = 101;
            for (int t : g.tiles) {
                const auto u = m->tiles()[t].utilPercent;
                if (!u || m->tiles()[t].stale)
                    continue;
                QVERIFY2(*u <= previous, qPrintable(g.server));
                previous = *u;
            }
            const OverviewTile& top = m->tiles()[g.tiles.first()];
            if (top.utilPercent && !top.stale) {
                QVERIFY(*top.utilPercent <= previousTop);
                previousTop = *top.utilPercent;
            }
        }
        // Stale and not-reported GPUs sort last, not as 0.
        QCOMPARE(m->groups().last().server, nodeName(kStaleServer));

        page.sortChoice()->setCurrentIndex(
            page.sortChoice()->findData(int(OverviewModel::SortKey::Temperature)));
        QCOMPARE(m->tiles()[m->groups().first().tiles.first()].uuid, u"GPU-2-5"_qs); // 91 °C

        // By user: every tile shown has carol on it, and every GPU of hers is shown.
        page.filterEdit()->setText(u"carol"_qs);
        int carols = 0;
        for (const OverviewTile& t : m->tiles())
            carols += t.users.contains(u"carol"_qs) ? 1 : 0;
        QVERIFY(carols > 0);
        QCOMPARE(m->shownTileCount(), carols);
        for (const OverviewGroup& g : m->groups())
            for (int t : g.tiles)
                QVERIFY(m->tiles()[t].users.contains(u"carol"_qs));
        QCOMPARE(page.view()->tileCount(), carols);

        // By model.
        page.filterEdit()->setText(u"A100"_qs);
        QCOMPARE(m->groups().size(), 1);
        QCOMPARE(m->groups().first().server, nodeName(kA100Server));
        QCOMPARE(m->shownTileCount(), 8);

        // By state.
        page.filterEdit()->clear();
        page.stateChoice()->setCurrentIndex(
            page.stateChoice()->findData(int(DisplayState::IdleHeld)));
        int held = 0;
        for (int i = 0; i < 16; ++i)
            for (int j = 0; j < 8; ++j)
                held += i != kStaleServer && isHeld(i, j) && !isLost(i, j) && !isMig(i, j) ? 1 : 0;
        QCOMPARE(m->shownTileCount(), held);
        for (const OverviewGroup& g : m->groups())
            for (int t : g.tiles)
                QCOMPARE(m->tiles()[t].state, DisplayState::IdleHeld);
        page.stateChoice()->setCurrentIndex(page.stateChoice()->findData(int(DisplayState::Error)));
        QCOMPARE(m->shownTileCount(), 1);
        page.stateChoice()->setCurrentIndex(0);
        QCOMPARE(m->shownTileCount(), 128);
    }

    void staleServerIsGreyedWithItsAgeAndNoVerdict()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        page.resize(1920, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        feed(fleet, kNow);
        OverviewModel* m = page.model();
        for (const OverviewGroup& g : m->groups()) {
            const bool stale = g.server == nodeName(kStaleServer);
            QCOMPARE(g.freshness.stale, stale);
            QCOMPARE(g.headerText().contains(u"stale"_qs), stale);
            for (int t : g.tiles) {
                const OverviewTile& tile = m->tiles()[t];
                QCOMPARE(tile.state == DisplayState::Stale, stale);
                if (stale) {
                    QVERIFY(tile.description().contains(u"4 min"_qs));
                    QVERIFY(!tile.description().contains(stateName(DisplayState::Busy)));
                    QVERIFY(
                        page.view()->tileText(g.server, tile.uuid).contains(u"4 min 00 s ago"_qs));
                }
            }
        }
        // No verdict colour is painted on a stale tile; a fresh busy one has its.
        const QImage img = page.view()->viewport()->grab().toImage();
        const QPalette pal = page.view()->palette();
        const QRect staleTile = page.view()->tileRect(nodeName(kStaleServer), u"GPU-6-1"_qs);
        const QRect busyTile = page.view()->tileRect(nodeName(0), u"GPU-0-2"_qs);
        QVERIFY(isHeld(6, 1) == false && !isFree(6, 1));
        for (DisplayState s :
             {DisplayState::Busy, DisplayState::Free, DisplayState::IdleHeld, DisplayState::Hot})
            QCOMPARE(countPixels(img, staleTile, stateColor(s, pal)), 0);
        QVERIFY(countPixels(img, busyTile, stateColor(DisplayState::Busy, pal)) > 4);

        // It comes back when a fresh reading arrives.
        Snapshot back = syntheticFleet(kNow + 1000)[kStaleServer];
        back.timestampMs = kNow + 1000;
        fleet.ingest(back);
        fleet.setClock([] { return kNow + 1000; });
        fleet.checkFreshness();
        QCoreApplication::processEvents();
        for (const OverviewGroup& g : m->groups())
            QVERIFY2(!g.freshness.stale, qPrintable(g.server + g.headerText()));
    }

    // docs/health.md: a failing or degraded GPU is marked on its tile and
    // its row of the tree, with its reasons; a stale one is not judged.
    void aFaultyGpuIsMarkedOnItsTileAndInTheTree()
    {
        LiveState fleet;
        fleet.setClock([] { return kNow; });
        QList<Snapshot> readings = syntheticFleet(kNow);
        readings[1].gpus[3].health = GpuHealth{
            HealthState::Failing,
            {u"XID 79 (GPU has fallen off the bus) at 2026-11-22T11:59:00Z: reset the GPU"_qs},
            kNow - 60'000};
        readings[1].gpus[4].health =
            GpuHealth{HealthState::Degraded, {u"a row remap waits for a GPU reset"_qs}, kNow};
        readings[1].gpus[5].health = GpuHealth{HealthState::Ok, {}, std::nullopt};
        readings[kStaleServer].gpus[0].health = readings[1].gpus[3].health;
        OverviewPage page(&fleet);
        page.resize(1024, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        fleet.ingestBatch(readings);
        fleet.checkFreshness();
        QCoreApplication::processEvents();
        const auto tileOf = [&](const QString& uuid) -> const OverviewTile* {
            for (const OverviewTile& t : page.model()->tiles())
                if (t.uuid == uuid)
                    return &t;
            return nullptr;
        };
        const OverviewTile* failing = tileOf(u"GPU-1-3"_qs);
        QVERIFY(failing && failing->verdict && failing->verdict->faultyGpu);
        QVERIFY2(failing->description().contains(u"GPU failing: XID 79"_qs),
                 qPrintable(failing->description()));
        QVERIFY(failing->description().contains(u"faulty GPU"_qs));
        const OverviewTile* degraded = tileOf(u"GPU-1-4"_qs);
        QVERIFY(degraded->verdict && degraded->verdict->faultyGpu);
        QVERIFY(degraded->description().contains(u"GPU degraded: a row remap waits"_qs));
        QVERIFY(!tileOf(u"GPU-1-5"_qs)->verdict); // ok: no mark
        const OverviewTile* stale = tileOf(u"GPU-%1-0"_qs.arg(kStaleServer));
        QVERIFY(!stale->verdict && !stale->health); // stale: no verdict of any kind
        QVERIFY(page.view()->viewport()->grab().save(shotPath(u"overview-faulty-gpu.png"_qs)));

        ServerTreeModel tree(&fleet);
        QCoreApplication::processEvents();
        QModelIndex gpuRow;
        for (int s = 0; s < tree.rowCount(); ++s) {
            const QModelIndex server = tree.index(s, 0);
            for (int k = 0; k < tree.rowCount(server); ++k) {
                const QModelIndex row = tree.index(k, 0, server);
                if (tree.data(row, GpuUuidRole).toString() == u"GPU-1-3"_qs)
                    gpuRow = row;
            }
        }
        QVERIFY(gpuRow.isValid());
        QVERIFY(tree.data(gpuRow, VerdictFlagsRole).toInt() != 0);
        const QString tip = tree.data(gpuRow, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"GPU failing:\n  XID 79"_qs), qPrintable(tip));
    }

    void aServerThatNeverAnsweredSaysWhy()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        page.resize(1200, 800);
        feed(fleet, kNow);
        LinkStatus down;
        down.server = u"remote-9"_qs;
        down.state = LinkState::Unreachable;
        down.error = u"connection refused"_qs;
        fleet.setConnection(down);
        QCoreApplication::processEvents();
        const OverviewGroup* g = nullptr;
        for (const OverviewGroup& group : page.model()->groups())
            if (group.server == down.server)
                g = &group;
        QVERIFY(g);
        QVERIFY(g->tiles.isEmpty());
        QVERIFY(!g->freshness.hasReading);
        QCOMPARE(g->headerText(), linkStateText(LinkState::Unreachable));
        QCOMPARE(page.model()->totalGpuCount(), 128);
    }

    void migTileShowsItsInstancesAndNoUtilisation()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        page.resize(1920, 1000);
        feed(fleet, kNow);
        const OverviewTile* mig = nullptr;
        for (const OverviewTile& t : page.model()->tiles())
            if (t.uuid == u"GPU-4-2"_qs)
                mig = &t;
        QVERIFY(mig);
        QVERIFY(mig->mig);
        QVERIFY(!mig->utilPercent.has_value());
        QCOMPARE(mig->state, DisplayState::NotReported);
        QCOMPARE(mig->migInstances.size(), 4);
        const QString d = mig->description();
        QVERIFY2(d.contains(u"utilisation not reported"_qs), qPrintable(d));
        QVERIFY(d.contains(u"3g.40gb: 19.5 GiB of 39.3 GiB"_qs));
        QVERIFY(!d.contains(u"utilisation 0"_qs));
        const QString text = page.view()->tileText(nodeName(4), u"GPU-4-2"_qs);
        QVERIFY2(text.contains(u"util n/r"_qs), qPrintable(text));
        QVERIFY(text.contains(u"4 instances"_qs));
        QVERIFY(!text.contains(u"0 %"_qs));
        // Sorting by utilisation puts it after every GPU that reports one.
        page.model()->setSortKey(OverviewModel::SortKey::Utilisation);
        for (const OverviewGroup& g : page.model()->groups())
            if (g.server == nodeName(4))
                QCOMPARE(page.model()->tiles()[g.tiles.last()].uuid, u"GPU-4-2"_qs);
    }

    void processViewListsEveryProcessWithTotals()
    {
        LiveState fleet;
        FleetProcessPage page(&fleet);
        page.model()->setClock([] { return kNow; });
        feed(fleet, kNow);
        int processes = 0;
        QHash<QString, QSet<QString>> units;
        QHash<QString, double> memory;
        for (const Snapshot& s : syntheticFleet(kNow)) {
            processes += int(s.processes.size());
            for (const GpuProcess& p : s.processes) {
                units[p.user].insert(s.server + p.gpuUuid + p.migUuid);
                memory[p.user] += p.usedMemoryMiB.value_or(0);
            }
        }
        QCOMPARE(page.model()->rowCount(), processes);
        QCOMPARE(page.proxy()->rowCount(), processes);
        const QList<UserTotal> totals = page.model()->userTotals();
        QCOMPARE(totals.size(), units.size());
        for (const UserTotal& t : totals) {
            QCOMPARE(t.units, int(units[t.user].size()));
            QCOMPARE(t.memoryMiB.value_or(-1), memory[t.user]);
        }
        QCOMPARE(page.totals()->rowCount(), int(totals.size()));
        QVERIFY(!page.model()->gpuHoursFromHistory());
        QVERIFY(
            page.totals()->headerData(4, Qt::Horizontal).toString().contains(u"this session"_qs));

        // MIG rows name their profile; stale rows say so.
        bool sawMig = false, sawStale = false;
        for (const FleetProcessRow& r : page.model()->rows()) {
            if (!r.migUuid.isEmpty()) {
                sawMig = true;
                QVERIFY(r.gpuText().startsWith(u"2 · "_qs));
                QCOMPARE(r.state, DisplayState::NotReported);
            }
            if (r.server == nodeName(kStaleServer)) {
                sawStale = true;
                QCOMPARE(r.state, DisplayState::Stale);
                QVERIFY(r.stateText().contains(u"4 min"_qs));
                QVERIFY(r.idleText().isEmpty());
            }
        }
        QVERIFY(sawMig && sawStale);

        // A second reading one second later: each user is charged one second
        // per GPU held (a MIG instance by its share of the GPU).
        QList<Snapshot> next = syntheticFleet(kNow + 1000);
        fleet.setClock([] { return kNow + 1000; });
        fleet.ingestBatch(next);
        QCoreApplication::processEvents();
        QHash<QString, double> expected;
        for (const Snapshot& s : syntheticFleet(kNow)) {
            QSet<QString> seen;
            for (const GpuProcess& p : s.processes) {
                const QString key = p.user + s.server + p.gpuUuid + p.migUuid;
                if (seen.contains(key))
                    continue;
                seen.insert(key);
                double w = 1;
                if (!p.migUuid.isEmpty())
                    w = double(*s.gpuByUuid(p.gpuUuid)->migByUuid(p.migUuid)->computeSlices) / 7;
                expected[p.user] += w / 3600.0;
            }
        }
        for (const UserTotal& t : page.model()->userTotals())
            QVERIFY2(qAbs(t.gpuHours - expected[t.user]) < 1e-9,
                     qPrintable(t.user + QString::number(t.gpuHours)));
        // Energy: each GPU's power over the second (trapezoids, estimated:
        // the synthetic GPUs have no counter), all of it someone's or
        // nobody's, none lost.
        double watts = 0;
        const QList<Snapshot> before = syntheticFleet(kNow);
        for (qsizetype s = 0; s < next.size(); ++s)
            for (const GpuSample& g : next[s].gpus)
                if (const GpuSample* b = before[s].gpuByUuid(g.uuid); b && b->powerW && g.powerW)
                    watts += (*b->powerW + *g.powerW) / 2;
        double kWh = 0;
        for (const UserTotal& t : page.model()->userTotals()) {
            kWh += t.energyKWh.value_or(0);
            QVERIFY(t.energyEstimatedKWh <= t.energyKWh.value_or(0) + 1e-12);
        }
        QVERIFY(watts > 0);
        QVERIFY2(qAbs(kWh - watts / 3.6e6) < 1e-6 * kWh,
                 qPrintable(QStringLiteral("%1 kWh, %2 W for 1 s").arg(kWh).arg(watts)));
        QVERIFY(page.totals()->headerData(5, Qt::Horizontal).toString().contains(u"Energy"_qs));

        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.grab().save(shotPath(u"processes.png"_qs)));

        // With history: the totals come from it, and the column says so.
        page.model()->setHistoryGpuHours({{u"alice"_qs, 5.5}}, kNow - 12 * 3'600'000);
        QVERIFY(page.model()->gpuHoursFromHistory());
        QVERIFY(page.totals()->headerData(4, Qt::Horizontal).toString().contains(u"history"_qs));
        QCOMPARE(page.totals()->item(0, 0)->text(), u"alice"_qs);
        QCOMPARE(page.totals()->item(0, 4)->text(), u"5.50"_qs);
    }

    void processModelAndItsProxyPassTheModelTester()
    {
        LiveState fleet;
        FleetProcessPage page(&fleet);
        page.model()->setClock([] { return kNow; });
        QAbstractItemModelTester modelTester(
            page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            page.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        feed(fleet, kNow);
        QVERIFY(page.model()->rowCount() > 0);
        const int all = page.model()->rowCount();

        // Processes end on one server and a new one starts on another; a
        // server goes silent (stale): rows go, come and change in place.
        QList<Snapshot> next = syntheticFleet(kNow + 1000);
        const int ended = int(next[0].processes.size());
        QVERIFY(ended > 0);
        next[0].processes.clear();
        GpuProcess started = next[1].processes.value(0);
        started.pid = 424242;
        started.user = u"zoe"_qs;
        next[1].processes.append(started);
        next.removeAt(kStaleServer);
        fleet.setClock([] { return kNow + 1000; });
        page.model()->setClock([] { return kNow + 10 * 60'000; });
        fleet.ingestBatch(next);
        fleet.checkFreshness();
        QCoreApplication::processEvents();
        QCOMPARE(page.model()->rowCount(), all - ended + 1);

        // Filtered, sorted by every column both ways, then shown whole again.
        page.setFilter(u"user:zoe"_qs);
        QCOMPARE(page.proxy()->rowCount(), 1);
        page.setFilter(QString());
        for (int c = 0; c < page.model()->columnCount(); ++c) {
            page.proxy()->sort(c, Qt::AscendingOrder);
            page.proxy()->sort(c, Qt::DescendingOrder);
        }
        QCOMPARE(page.proxy()->rowCount(), page.model()->rowCount());

        // Every server gone from the readings but one: the rest stay as they
        // were (stale), the one changes; then the fleet as before.
        fleet.ingestBatch({syntheticFleet(kNow + 2000).first()});
        QCoreApplication::processEvents();
        feed(fleet, kNow + 3000);
        QCOMPARE(page.model()->rowCount(), all);
    }

    void gpuHoursFromFactsMergeOverlaps()
    {
        auto fact = [](const QString& user, const QString& gpu, qint64 a, qint64 b) {
            ProcessFact f;
            f.server = u"s"_qs;
            f.user = user;
            f.gpuUuid = gpu;
            f.firstSeenMs = a;
            f.lastSeenMs = b;
            return f;
        };
        const qint64 h = 3'600'000;
        const QList<ProcessFact> facts = {
            fact(u"alice"_qs, u"G0"_qs, 0, 2 * h),    // 2 h
            fact(u"alice"_qs, u"G0"_qs, h, 3 * h),    // overlaps: 1 h more
            fact(u"alice"_qs, u"G1"_qs, 0, h),        // another GPU: 1 h
            fact(u"bob"_qs, u"G0"_qs, -5 * h, h / 2), // clipped at 0: 0.5 h
            fact(u"carol"_qs, u"G2"_qs, -2 * h, -h),  // before the day: nothing
        };
        const QHash<QString, double> hours = gpuHoursFromFacts(facts, 0, 10 * h);
        QCOMPARE(hours.value(u"alice"_qs), 4.0);
        QCOMPARE(hours.value(u"bob"_qs), 0.5);
        QVERIFY(!hours.contains(u"carol"_qs));
    }

    void gpuHoursComeFromARealHistoryFile()
    {
        QTemporaryDir dir;
        HistoryService history(dir.filePath(u"history.sqlite"_qs));
        QSignalSpy opened(&history, &HistoryService::opened);
        QSignalSpy appended(&history, &HistoryProvider::dataAppended);
        history.start();
        QVERIFY(opened.wait(5000));
        // Two readings of today, ten minutes apart.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 t0 =
            std::max(now - 600'000, QDate::currentDate().startOfDay().toMSecsSinceEpoch());
        QList<Snapshot> batch;
        for (qint64 t : {t0, now}) {
            Snapshot s = syntheticFleet(t, 1, 2).first();
            batch.append(s);
        }
        history.ingestBatch(batch);
        QVERIFY(appended.wait(20000));
        LiveState fleet;
        FleetProcessPage page(&fleet);
        page.setHistory(&history);
        QTRY_VERIFY_WITH_TIMEOUT(page.model()->gpuHoursFromHistory(), 10000);
        // bob's process on GPU 1, seen at both readings: held from t0 to now.
        double bob = 0;
        for (const UserTotal& t : page.model()->userTotals())
            if (t.user == u"bob"_qs)
                bob = t.gpuHours;
        QVERIFY2(qAbs(bob - double(now - t0) / 3'600'000.0) < 1e-6,
                 qPrintable(QString::number(bob)));
        history.stop();
    }

    // Until the history's first answer the GPU-hours say "loading…": a zero
    // there would claim no use; the note never says the history is off.
    void gpuHoursSayLoadingUntilTheHistoryAnswers()
    {
        QTemporaryDir dir;
        HistoryService history(dir.filePath(u"history.sqlite"_qs));
        LiveState fleet;
        FleetProcessPage page(&fleet);
        feed(fleet, QDateTime::currentMSecsSinceEpoch());
        page.model()->rebuild();
        page.setHistory(&history); // not open yet: its file does not exist
        QVERIFY(page.totals()->rowCount() > 0);
        for (int row = 0; row < page.totals()->rowCount(); ++row)
            QCOMPARE(page.totals()->item(row, 4)->text(), u"loading…"_qs);
        QVERIFY2(page.totals()->headerData(4, Qt::Horizontal).toString().contains(u"loading"_qs),
                 qPrintable(page.totals()->headerData(4, Qt::Horizontal).toString()));
        QVERIFY2(!hoursNoteOf(&page).contains(u"history is off"_qs),
                 qPrintable(hoursNoteOf(&page)));
        page.resize(1024, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.grab().save(shotPath(u"processes-hours-loading.png"_qs)));

        // Once open (the file made), the history answers: figures, from it.
        history.start();
        QTRY_VERIFY_WITH_TIMEOUT(page.model()->gpuHoursFromHistory(), 10000);
        for (int row = 0; row < page.totals()->rowCount(); ++row)
            QVERIFY(page.totals()->item(row, 4)->text() != u"loading…"_qs);
        QVERIFY(hoursNoteOf(&page).contains(u"recorded process history"_qs));
        history.stop();
    }

    // A history that cannot be opened is off, and the note says why.
    void aHistoryThatCannotOpenIsOffAndSaysWhy()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(u"history.sqlite"_qs)); // a folder: no database there
        HistoryService history(dir.filePath(u"history.sqlite"_qs));
        LiveState fleet;
        FleetProcessPage page(&fleet);
        page.setHistory(&history);
        QSignalSpy failed(&history, &HistoryService::failed);
        history.start();
        QVERIFY(failed.wait(5000));
        QVERIFY(!page.model()->gpuHoursFromHistory());
        QVERIFY2(hoursNoteOf(&page).contains(u"history is off: "_qs),
                 qPrintable(hoursNoteOf(&page)));
        history.stop();
    }

    void idleDurationComesFromTheLiveRecord()
    {
        LiveState fleet;
        fleet.setClock([] { return kNow; });
        FleetProcessModel model(&fleet);
        // Server 0, GPU 0 is held idle ((0 + 0) % 5 == 0). Five minutes of
        // readings: busy until 2 min in, then held idle.
        for (int k = 0; k <= 300; ++k) {
            const qint64 t = kNow - 300'000 + k * 1000;
            Snapshot s = syntheticFleet(t, 1, 1).first();
            if (k < 120)
                s.gpus[0].utilizationGpuPercent = 60;
            fleet.ingest(s);
            if (k == 0)
                QCoreApplication::processEvents();
        }
        fleet.setClock([] { return kNow; });
        QCoreApplication::processEvents();
        model.rebuild();
        QVERIFY(model.rowCount() > 0);
        const FleetProcessRow& r = model.rowAt(0);
        QCOMPARE(r.state, DisplayState::IdleHeld);
        QVERIFY(r.idleForMs.has_value());
        QCOMPARE(*r.idleForMs, 180'000);
        QVERIFY(!r.idleAtLeast);
        QCOMPARE(r.idleText(), u"idle for 3 min 00 s"_qs);
    }

    void idleSinceTheFirstReadingSaysAtLeast()
    {
        LiveState fleet;
        fleet.setClock([] { return kNow; });
        fleet.ingest(syntheticFleet(kNow - 2000, 1, 1).first());
        FleetProcessModel model(&fleet);
        fleet.ingest(syntheticFleet(kNow, 1, 1).first());
        QCoreApplication::processEvents();
        const FleetProcessRow& r = model.rowAt(0);
        QCOMPARE(r.state, DisplayState::IdleHeld);
        QVERIFY(r.idleAtLeast);
        QCOMPARE(*r.idleForMs, 2000);
        QCOMPARE(r.idleText(), u"idle for ≥ 2 s"_qs);
    }

    void exportWritesWhatIsShown()
    {
        LiveState fleet;
        FleetProcessPage page(&fleet);
        feed(fleet, kNow);
        // CSV: RFC 4180, the awkward command survives a round trip.
        const QByteArray csv = fleetProcessesCsv(page.shownRows());
        QVERIFY(csv.contains("\"bash -c \"\"echo a,b\"\"\nnext line\""));
        QVERIFY(csv.endsWith("\r\n"));
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(csv));
        QCOMPARE(rows.size(), page.proxy()->rowCount() + 1);
        const QStringList header = rows.first();
        QCOMPARE(header.first(), u"server"_qs);
        const int commandCol = int(header.indexOf(u"command"_qs));
        const int memoryCol = int(header.indexOf(u"memory_mib"_qs));
        bool found = false;
        for (const QStringList& row : rows) {
            QCOMPARE(row.size(), header.size());
            if (row[commandCol] == u"bash -c \"echo a,b\"\nnext line"_qs)
                found = true;
        }
        QVERIFY(found);

        // Filtered by a user from the context menu: only that user's rows.
        int carolRow = -1;
        for (int r = 0; r < page.proxy()->rowCount(); ++r)
            if (page.proxy()->index(r, FleetProcessModel::OwnerColumn).data().toString() ==
                u"carol"_qs)
                carolRow = r;
        QVERIFY(carolRow >= 0);
        QMenu* menu = page.contextMenuFor(carolRow);
        QAction* filter = nullptr;
        QAction* history = nullptr;
        for (QAction* a : menu->actions()) {
            if (a->text().contains(u"carol"_qs))
                filter = a;
            if (a->text().contains(u"history"_qs))
                history = a;
        }
        QVERIFY(filter && history);
        QSignalSpy open(&page, &FleetProcessPage::openHistoryRequested);
        history->trigger();
        QCOMPARE(open.size(), 1);
        filter->trigger();
        QCOMPARE(page.filterEdit()->text(), u"user:carol"_qs);
        QVERIFY(page.proxy()->rowCount() > 0);
        for (int r = 0; r < page.proxy()->rowCount(); ++r)
            QCOMPARE(page.proxy()->index(r, FleetProcessModel::OwnerColumn).data().toString(),
                     u"carol"_qs);

        QTemporaryDir dir;
        QString error;
        QVERIFY(page.exportTo(dir.filePath(u"p.json"_qs), &error));
        QFile f(dir.filePath(u"p.json"_qs));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray array = QJsonDocument::fromJson(f.readAll()).array();
        QCOMPARE(array.size(), page.proxy()->rowCount());
        for (const QJsonValue& v : array) {
            QCOMPARE(v[u"user"_qs].toString(), u"carol"_qs);
            QVERIFY(v[u"memory_mib"_qs].isDouble());
            QVERIFY(v[u"pid"_qs].isDouble());
        }
        QVERIFY(page.exportTo(dir.filePath(u"p.csv"_qs), &error));
        QFile c(dir.filePath(u"p.csv"_qs));
        QVERIFY(c.open(QIODevice::ReadOnly));
        QCOMPARE(parseCsv(QString::fromUtf8(c.readAll())).size(), page.proxy()->rowCount() + 1);
        QVERIFY(!page.exportTo(dir.filePath(u"missing/dir/p.csv"_qs), &error));
        QVERIFY(error.contains(u"Cannot write"_qs));
        Q_UNUSED(memoryCol);

        // Absent values are empty in CSV and null in JSON, never 0.
        FleetProcessRow ghost;
        ghost.server = u"s"_qs;
        ghost.pid = 7;
        ghost.ghost = true;
        const QList<QStringList> g = parseCsv(QString::fromUtf8(fleetProcessesCsv({ghost})));
        QCOMPARE(g[1][header.indexOf(u"memory_mib"_qs)], QString());
        const QJsonArray j = QJsonDocument::fromJson(fleetProcessesJson({ghost})).array();
        QVERIFY(j[0][u"memory_mib"_qs].isNull());
        QVERIFY(j[0][u"sm_percent"_qs].isNull());
    }
};

QTEST_MAIN(TestOverview)
#include "tst_overview.moc"
