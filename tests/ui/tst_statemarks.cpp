// One legend: every view that shows a GPU's state draws the mark of the one
// table (common/palette.h: stateMark, paintStateMark, stateIcon), and "not
// reported" never looks like "stale". The views are rendered offscreen and
// searched for the table's mark, in the light and the dark palette.

#include "common/legend.h"
#include "common/palette.h"
#include "darkpalette.h"
#include "engine/livestate.h"
#include "models/desktopstores.h"
#include "models/fleetprocessmodel.h"
#include "models/overviewmodel.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "tst_overview_fleet.h"
#include "window/fleetprocesspage.h"
#include "window/mainwindow.h"
#include "window/overviewpage.h"
#include "window/overviewview.h"
#include "window/servertree.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QTableView>
#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {

constexpr qint64 kNow = 1795305600000 + 12 * 3'600'000;

void feed(LiveState& fleet)
{
    fleet.setClock([] { return kNow; });
    fleet.ingestBatch(syntheticFleet(kNow));
    fleet.checkFreshness();
    QCoreApplication::processEvents();
}

QList<DisplayState> everyState()
{
    QList<DisplayState> all;
    for (int s = 0; s <= int(DisplayState::Connecting); ++s)
        all.append(DisplayState(s));
    return all;
}

QImage markImage(DisplayState state, const QPalette& palette, int side)
{
    QImage img(side, side, QImage::Format_ARGB32);
    img.fill(Qt::transparent);
    QPainter p(&img);
    paintStateMark(&p, QRectF(0, 0, side, side), state, palette);
    return img;
}

bool near(QRgb a, QRgb b, int tolerance)
{
    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
               std::abs(qBlue(a) - qBlue(b)) <=
           tolerance;
}

// Whether `img` shows the table's mark of `state` (at any size a view uses)
// somewhere in `area`: every pixel the mark covers fully has its colour, and
// none that it leaves bare inside it does.
bool showsMark(const QImage& image, const QRect& area, DisplayState state, const QPalette& palette)
{
    const QImage img = image.convertToFormat(QImage::Format_ARGB32);
    const QRgb color = stateColor(state, palette).rgb();
    for (int side = 10; side <= 32; ++side) {
        const QImage ref = markImage(state, palette, side);
        QList<std::pair<QPoint, int>> full; // a pixel and how far it may be off
        QList<QPoint> bare;
        // Bare pixels count inside the mark's own square (paintStateMark
        // fills about 0.62 of its box): beside it a view may draw anything.
        const QRectF inner(side * 0.19, side * 0.19, side * 0.62, side * 0.62);
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) {
                const int a = qAlpha(ref.pixel(x, y));
                // Nearly covered: the background shows through by (255 - a).
                if (a >= 200)
                    full.append({{x, y}, 40 + (255 - a) * 3});
                else if (a == 0 && inner.contains(QPointF(x + 0.5, y + 0.5)))
                    bare.append({x, y});
            }
        if (full.size() < 4)
            continue;
        // The mark's box may stand out of a short row (its mark does not).
        const QRect r = area.adjusted(0, -side / 4, 0, side / 4).intersected(img.rect());
        for (int oy = r.top(); oy + side - 1 <= r.bottom(); ++oy)
            for (int ox = r.left(); ox + side - 1 <= r.right(); ++ox) {
                bool ok = true;
                for (const auto& [q, tolerance] : full)
                    if (!near(img.pixel(ox + q.x(), oy + q.y()), color, tolerance)) {
                        ok = false;
                        break;
                    }
                if (!ok)
                    continue;
                for (const QPoint& q : bare)
                    if (near(img.pixel(ox + q.x(), oy + q.y()), color, 60)) {
                        ok = false;
                        break;
                    }
                if (ok)
                    return true;
            }
    }
    return false;
}

QPalette paletteFor(bool dark)
{
    return dark ? darkPalette() : QApplication::palette();
}

} // namespace

class TestStateMarks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStringLiteral("Fusion")); }

    void theTableCoversEveryStateAndNoTwoShareAMark_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void theTableCoversEveryStateAndNoTwoShareAMark()
    {
        QFETCH(bool, dark);
        const QPalette pal = paletteFor(dark);
        const QList<DisplayState> all = everyState();
        // The legend explains every state.
        const QList<DisplayState> legend = legendStates();
        QCOMPARE(QSet<DisplayState>(legend.cbegin(), legend.cend()),
                 QSet<DisplayState>(all.cbegin(), all.cend()));
        for (int i = 0; i < all.size(); ++i) {
            const StateMark a = stateMark(all[i], pal);
            QCOMPARE(a.shape, stateShape(all[i]));
            QCOMPARE(a.color, stateColor(all[i], pal));
            QVERIFY(a.color.isValid());
            QVERIFY(!stateName(all[i]).isEmpty());
            for (int j = i + 1; j < all.size(); ++j) {
                QVERIFY2(!(a == stateMark(all[j], pal)),
                         qPrintable(stateName(all[i]) + u" / "_qs + stateName(all[j])));
                // Painted, too: no two marks are the same picture.
                QVERIFY(markImage(all[i], pal, 16) != markImage(all[j], pal, 16));
            }
        }
    }

    void notReportedLooksNeitherStaleNorLikeAVerdict_data()
    {
        theTableCoversEveryStateAndNoTwoShareAMark_data();
    }
    void notReportedLooksNeitherStaleNorLikeAVerdict()
    {
        QFETCH(bool, dark);
        const QPalette pal = paletteFor(dark);
        // Its own shape: greys alone do not tell it from stale (nor in print).
        QVERIFY(stateShape(DisplayState::NotReported) != stateShape(DisplayState::Stale));
        QVERIFY(stateShape(DisplayState::NotReported) != stateShape(DisplayState::Busy));
        // Their outlines differ in a good part of the box (greyscale reading).
        const QImage n = markImage(DisplayState::NotReported, pal, 16);
        const QImage s = markImage(DisplayState::Stale, pal, 16);
        int differ = 0;
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x)
                differ += (qAlpha(n.pixel(x, y)) > 127) != (qAlpha(s.pixel(x, y)) > 127);
        QVERIFY2(differ >= 30, qPrintable(QString::number(differ)));
        QVERIFY(!showsMark(n, n.rect(), DisplayState::Stale, pal));
        QVERIFY(showsMark(n, n.rect(), DisplayState::NotReported, pal));
    }

    void theOverviewDrawsEachStateWithTheTablesMark_data()
    {
        theTableCoversEveryStateAndNoTwoShareAMark_data();
    }
    void theOverviewDrawsEachStateWithTheTablesMark()
    {
        QFETCH(bool, dark);
        LiveState fleet;
        OverviewPage page(&fleet);
        page.setPalette(paletteFor(dark));
        page.resize(1920, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        feed(fleet);
        OverviewView* view = page.view();
        const QPalette pal = view->palette();
        const QImage img = view->viewport()->grab().toImage();
        const int line = view->fontMetrics().height();
        QSet<DisplayState> seen;
        const OverviewModel* m = page.model();
        for (const OverviewGroup& g : m->groups()) {
            for (int t : g.tiles) {
                const OverviewTile& tile = m->tiles()[t];
                const QRect r = view->tileRect(g.server, tile.uuid);
                if (r.isEmpty() || !img.rect().contains(r))
                    continue;
                // The mark sits at the tile's top left.
                const QRect corner(r.left(), r.top(), 3 * line, 2 * line + 4);
                if (seen.contains(tile.state))
                    continue;
                QVERIFY2(showsMark(img, corner, tile.state, pal),
                         qPrintable(g.server + u' ' + tile.uuid + u' ' + stateName(tile.state)));
                if (tile.state == DisplayState::NotReported)
                    QVERIFY(!showsMark(img, corner, DisplayState::Stale, pal));
                if (tile.state == DisplayState::Stale)
                    QVERIFY(!showsMark(img, corner, DisplayState::NotReported, pal));
                seen.insert(tile.state);
            }
        }
        for (DisplayState s :
             {DisplayState::Free, DisplayState::Busy, DisplayState::IdleHeld, DisplayState::Hot,
              DisplayState::NotReported, DisplayState::Stale, DisplayState::Error})
            QVERIFY2(seen.contains(s), qPrintable(stateName(s)));
        // Below the tiles, the legend of those marks.
        QCOMPARE(page.legend()->states(), legendStates());
    }

    void theDetailsTreeDrawsEachStateWithTheTablesMark_data()
    {
        theTableCoversEveryStateAndNoTwoShareAMark_data();
    }
    void theDetailsTreeDrawsEachStateWithTheTablesMark()
    {
        QFETCH(bool, dark);
        LiveState fleet;
        ServerTreeModel model(&fleet);
        ServerTree tree(&model);
        tree.setPalette(paletteFor(dark));
        tree.resize(900, 4000);
        tree.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tree));
        feed(fleet);
        tree.expandAll();
        // A selected row's icon is drawn tinted by the style: none selected.
        tree.selectionModel()->clear();
        QCoreApplication::processEvents();
        const QImage img = tree.viewport()->grab().toImage();
        const QPalette pal = tree.palette();
        QSet<DisplayState> seen;
        for (int s = 0; s < model.rowCount(); ++s) {
            const QModelIndex server = model.index(s, 0);
            for (int r = 0; r < model.rowCount(server); ++r) {
                const QModelIndex gpu = model.index(r, 0, server);
                const QVariant v = gpu.data(DisplayStateRole);
                if (!v.isValid())
                    continue;
                const auto state = DisplayState(v.toInt());
                const QRect rect = tree.visualRect(gpu);
                if (seen.contains(state) || !img.rect().contains(rect))
                    continue;
                QVERIFY2(showsMark(img, rect, state, pal),
                         qPrintable(gpu.data(GpuUuidRole).toString() + u' ' + stateName(state)));
                seen.insert(state);
            }
        }
        for (DisplayState s : {DisplayState::Busy, DisplayState::NotReported, DisplayState::Stale,
                               DisplayState::Error})
            QVERIFY2(seen.contains(s), qPrintable(stateName(s)));
    }

    void theProcessesPageDrawsEachStateWithTheTablesMark_data()
    {
        theTableCoversEveryStateAndNoTwoShareAMark_data();
    }
    void theProcessesPageDrawsEachStateWithTheTablesMark()
    {
        QFETCH(bool, dark);
        LiveState fleet;
        FleetProcessPage page(&fleet);
        page.setPalette(paletteFor(dark));
        page.resize(1600, 4000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        feed(fleet);
        QTableView* table = page.table();
        table->selectionModel()->clear();
        const QImage img = table->viewport()->grab().toImage();
        const QPalette pal = table->palette();
        const QAbstractItemModel* m = table->model();
        const int column = FleetProcessModel::StateColumn;
        QVERIFY(m->rowCount() > 0);
        QSet<DisplayState> seen;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, column);
            const auto state = DisplayState(i.data(RawValueRole).toInt());
            const QRect rect = table->visualRect(i);
            if (seen.contains(state) || !img.rect().contains(rect))
                continue;
            QVERIFY2(showsMark(img, rect, state, pal), qPrintable(stateName(state)));
            seen.insert(state);
        }
        for (DisplayState s : {DisplayState::Busy, DisplayState::NotReported, DisplayState::Stale})
            QVERIFY2(seen.contains(s), qPrintable(stateName(s)));
    }

    // Pictures to look at: the overview, the Details page and the Processes
    // page with every state, light and dark (build/tests/ui/screenshots/).
    void screenshotsOfTheMarks()
    {
        for (const bool dark : {false, true}) {
            LiveState fleet;
            DesktopStores stores;
            MainWindow w(&fleet, &stores);
            w.setPalette(paletteFor(dark));
            w.resize(1440, 900);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            feed(fleet);
            const QString suffix = dark ? u"-dark.png"_qs : u"-light.png"_qs;
            QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
            const QString dir = QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/marks-");
            QVERIFY(w.grab().save(dir + u"overview"_qs + suffix));
            w.showDetails();
            w.serverTree()->expandAll();
            QCoreApplication::processEvents();
            QVERIFY(w.grab().save(dir + u"details"_qs + suffix));
            w.showFleetProcesses();
            QCoreApplication::processEvents();
            QVERIFY(w.grab().save(dir + u"processes"_qs + suffix));
        }
    }
};

QTEST_MAIN(TestStateMarks)
#include "tst_statemarks.moc"
