// Fits every screen (issue 24): the real window, as gpuwarden builds it
// (DesktopSession, the composition root its main() runs), and every page
// and dialog it opens lie inside the screen's available geometry on a
// 1024 × 700 screen with 144 dpi fonts, and on the same logical screen at
// scale 1.5 (1536 × 1050 pixels); the status bar is on the screen.
//
// The screen is the offscreen platform's, from its configfile (a JSON list
// of screens), set before the application starts: GW_SCREEN picks which
// ("dpi144", the default, or "scale1.5"); ctest runs both.

#include "app/desktopsession.h"
#include "desktopsessionfor.h"
#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"
#include "models/verdictbook.h"
#include "remote/serverlist.h"
#include "window/enforcementtab.h"
#include "window/eventspage.h"
#include "window/findgpusdialog.h"
#include "window/fleetprocesspage.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/priceeditor.h"
#include "window/reportdialog.h"
#include "window/serversdialog.h"
#include "window/servertree.h"
#include "window/statusline.h"
#include "window/tokensview.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

bool scaled()
{
    return qgetenv("GW_SCREEN") == "scale1.5";
}

// QT_FONT_DPI=144 as Qt 6 takes it on X11 (Xvfb 1024 × 700): a scale of
// 1.5 on the 1,024 × 700 pixels, a logical screen of 683 × 467.
bool x11FontDpi()
{
    return qgetenv("GW_SCREEN") == "x11fontdpi144";
}

QString rectText(const QRect& r)
{
    return u"%1,%2 %3×%4"_s.arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// A session as gpuwarden runs it, with its settings in `dir`; `size`, when
// valid, is the window size left there by an earlier run. With `history`,
// the demo keeps its history (the Details page gains its History tab).
std::unique_ptr<DesktopSession> session(const QTemporaryDir& dir, const QStringList& args,
                                        QSize size = {}, bool history = false)
{
    const QString ini = dir.filePath(u"settings.ini"_s);
    {
        QSettings s(ini, QSettings::IniFormat);
        s.clear();
        if (size.isValid())
            s.setValue(u"window/size"_s, size);
    }
    QStringList options{u"--settings"_s, ini};
    if (!history)
        options << u"--no-history"_s;
    return test::sessionFor(options + args);
}

// Empty when `w`'s frame lies inside its screen's available geometry, else
// what is outside.
QString outside(const QWidget* w, const QString& what)
{
    const QRect room = w->screen()->availableGeometry();
    const QRect frame = w->frameGeometry();
    if (room.contains(frame))
        return {};
    return u"%1: frame %2 (minimum size %3×%4) outside the screen's %5"_s.arg(
        what, rectText(frame), QString::number(w->minimumSize().width()),
        QString::number(w->minimumSize().height()), rectText(room));
}

// What asks for the room: `w` and its widgets down to `depth`, each with
// its minimum size (hint), for a failure's message.
void whatAsks(const QWidget* w, int depth, QStringList* out, const QString& indent = {})
{
    const QSize m = w->minimumSize().expandedTo(w->minimumSizeHint());
    out->append(u"%1%2 %3×%4"_s.arg(indent, QString::fromLatin1(w->metaObject()->className()))
                    .arg(m.width())
                    .arg(m.height()));
    if (depth == 0)
        return;
    for (const QWidget* c : w->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
        if (!c->isWindow() && c->minimumSizeHint().height() > 30)
            whatAsks(c, depth - 1, out, indent + u"  "_s);
}

} // namespace

class TestScreenFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        const QScreen* screen = QGuiApplication::primaryScreen();
        QCOMPARE(screen->geometry().size(), x11FontDpi() ? QSize(683, 467) : QSize(1024, 700));
        if (scaled() || x11FontDpi()) {
            QCOMPARE(screen->devicePixelRatio(), 1.5);
        } else {
            QCOMPARE(screen->devicePixelRatio(), 1.0);
            QCOMPARE(screen->logicalDotsPerInch(), 144.0);
        }
        qInfo("screen %s, available %s, dpr %g, logical dpi %g, font %g pt = %d px",
              qPrintable(rectText(screen->geometry())),
              qPrintable(rectText(screen->availableGeometry())), screen->devicePixelRatio(),
              screen->logicalDotsPerInch(), QApplication::font().pointSizeF(),
              QFontMetrics(QApplication::font()).height());
    }

    // The demo, as `gpuwarden --demo` opens it the first time: every page.
    void theWindowAndEveryPageFit()
    {
        QTemporaryDir dir;
        const auto made = session(dir, {u"--demo"_s});
        QVERIFY(made);
        MainWindow* w = made->window();
        made->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        // The demo's first readings, so the tables have their rows.
        QTest::qWait(1500);
        qInfo("the window opens at %s (minimum size %d×%d, its central widget's minimum "
              "size hint %d×%d)",
              qPrintable(rectText(w->frameGeometry())), w->minimumSize().width(),
              w->minimumSize().height(), w->centralWidget()->minimumSizeHint().width(),
              w->centralWidget()->minimumSizeHint().height());
        QStringList problems;
        const auto check = [&](const QString& page) {
            QApplication::processEvents();
            if (const QString o = outside(w, page); !o.isEmpty())
                problems << o;
            QStatusBar* bar = w->statusBar();
            const QRect barRect(bar->mapToGlobal(QPoint(0, 0)), bar->size());
            if (!bar->isVisible() || !w->screen()->availableGeometry().contains(barRect))
                problems << u"%1: the status bar at %2 is not on the screen"_s.arg(
                    page, rectText(barRect));
        };
        test::visitEveryPage(w, check);
        if (!problems.isEmpty()) {
            QStringList asks;
            whatAsks(w, 9, &asks);
            qInfo("%s", qPrintable(asks.join(u'\n')));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        made->stop();
    }

    // A size left by a run on a larger screen opens fitted, every page too.
    void aSizeLeftOnALargerScreenIsFitted()
    {
        QTemporaryDir dir;
        const auto made = session(dir, {u"--demo"_s}, QSize(1920, 1200));
        QVERIFY(made);
        made->start();
        MainWindow* w = made->window();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QVERIFY2(outside(w, u"window"_s).isEmpty(), qPrintable(outside(w, u"window"_s)));
        // Most of the screen is used: shrunk only as far as needed.
        QVERIFY(w->frameGeometry().height() > 600);
        made->stop();
    }

    // Every dialog of the demo's window: the policy, Find GPUs, the report,
    // the price editor and the balance adjustment.
    void everyDialogFits()
    {
        QTemporaryDir dir;
        const auto made = session(dir, {u"--demo"_s});
        QVERIFY(made);
        MainWindow* w = made->window();
        made->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QStringList problems;
        problems << test::visitEveryDialog(w, [&](QDialog* d, const QString& what) {
            qInfo("%s at %s", qPrintable(what), qPrintable(rectText(d->frameGeometry())));
            if (const QString o = outside(d, what); !o.isEmpty())
                problems << o;
        });
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        made->stop();
    }

    // Without the demo, File → Servers… and its Add Server dialog.
    void theServerDialogsFit()
    {
        QTemporaryDir dir;
        const auto made = session(dir, {u"--no-local"_s});
        QVERIFY(made);
        MainWindow* w = made->window();
        made->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        ServersDialog* servers = w->showServersDialog();
        QVERIFY(servers);
        QVERIFY(QTest::qWaitForWindowExposed(servers));
        QVERIFY2(outside(servers, u"Servers"_s).isEmpty(),
                 qPrintable(outside(servers, u"Servers"_s)));
        QString addProblem = u"not opened"_s;
        QTimer::singleShot(0, this, [&addProblem] {
            QTimer::singleShot(200, [&addProblem] {
                auto* edit = qobject_cast<ServerEditDialog*>(QApplication::activeModalWidget());
                if (!edit)
                    return;
                addProblem = outside(edit, u"Add Server"_s);
                qInfo("Add Server at %s", qPrintable(rectText(edit->frameGeometry())));
                edit->reject();
            });
        });
        QPushButton* add = nullptr;
        for (QPushButton* b : servers->findChildren<QPushButton*>())
            if (b->text() == u"&Add…"_s)
                add = b;
        QVERIFY(add);
        add->click(); // modal: returns once the timer rejected it
        QVERIFY2(addProblem.isEmpty(), qPrintable(addProblem));
        servers->close();
        made->stop();
    }

    // The Details page of the 16-server demo: no sideways scroll, and each
    // GPU row of the tree reads "GPU n" beside its hog or idle badges (they
    // took the whole name: "…").
    void theDetailsPageOfSixteenServersFitsItsWidth()
    {
        QTemporaryDir dir;
        const auto made = session(
            dir, {u"--demo"_s, u"--demo-servers"_s, u"16"_s, u"--page"_s, u"details"_s}, {}, true);
        QVERIFY(made);
        MainWindow* w = made->window();
        made->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        ServerTree* tree = w->serverTree();
        ServerTreeModel* model = w->serverTreeModel();
        // Every GPU row of every server; those with badges among them.
        const auto gpuRows = [model] {
            QList<QModelIndex> rows;
            for (int s = 0; s < model->rowCount(); ++s)
                for (int g = 0; g < model->rowCount(model->index(s, 0)); ++g)
                    rows.append(model->index(g, 0, model->index(s, 0)));
            return rows;
        };
        const auto badged = [&] {
            int n = 0;
            for (const QModelIndex& gpu : gpuRows())
                n += gpu.data(VerdictFlagsRole).toInt() != 0;
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() == 16 && badged() >= 2, 30000);
        // The tree refits its columns (and the names' room) within a second.
        QTest::qWait(ServerTree::kFitInterval + 200);
        QVERIFY(w->detailsShown());
        auto* area = qobject_cast<QScrollArea*>(
            w->centralWidget()->findChild<QTabWidget*>()->currentWidget());
        QVERIFY(area);
        const QWidget* page = area->widget();
        const QString sizes = u"page's least width %1, view %2 wide, window %3"_s.arg(
            QString::number(page->minimumSizeHint().width()),
            QString::number(area->viewport()->width()), rectText(w->frameGeometry()));
        qInfo("%s; tree needs %d (names %d)", qPrintable(sizes), tree->neededWidth(),
              tree->minimumNameWidth());
        QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
        QVERIFY(w->grab().save(
            QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/details-16-1024x700-144dpi.png")));
        // Badges come and go with the readings: a row that gained one gets
        // its room when the tree refits (within kFitInterval).
        const auto unreadNames = [&] {
            QStringList unread;
            for (const QModelIndex& gpu : gpuRows()) {
                // "GPU 3" of "GPU 3 · NVIDIA A100-SXM4-80GB".
                const QString prefix = gpu.data().toString().section(u" · "_s, 0, 0);
                const QString shown = tree->shownName(gpu);
                if (!shown.startsWith(prefix))
                    unread << u"%1 \"%2\" (badges %3)"_s.arg(
                        gpu.data().toString(), shown,
                        ServerTreeDelegate::badgeWords(gpu.data(VerdictFlagsRole).toInt())
                            .join(u' '));
            }
            return unread.join(u'\n');
        };
        QTRY_VERIFY2_WITH_TIMEOUT(unreadNames().isEmpty(), qPrintable(unreadNames()),
                                  3 * ServerTree::kFitInterval);
        QTRY_VERIFY2_WITH_TIMEOUT(page->minimumSizeHint().width() <= area->viewport()->width(),
                                  qPrintable(sizes), 3 * ServerTree::kFitInterval);
        QCOMPARE(area->horizontalScrollBar()->maximum(), 0);
        made->stop();
    }

    // The Processes page of the 16-server demo: its legend under the
    // tables reads whole without scrolling (its last line was below the
    // view's edge, the page a little taller than the window).
    void theProcessesLegendIsReadWithoutScrolling()
    {
        QTemporaryDir dir;
        const auto made = session(dir, {u"--demo"_s, u"--page"_s, u"processes"_s});
        QVERIFY(made);
        MainWindow* w = made->window();
        made->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QTest::qWait(1500);
        auto* area = qobject_cast<QScrollArea*>(
            w->centralWidget()->findChild<QTabWidget*>()->currentWidget());
        QVERIFY(area);
        QLabel* legend = nullptr;
        for (QLabel* l : area->findChildren<QLabel*>())
            if (l->accessibleName() == u"Legend"_s)
                legend = l;
        QVERIFY(legend);
        const QRect shown(legend->mapTo(area->viewport(), QPoint(0, 0)), legend->size());
        const QString at =
            u"legend at %1 (needs %2 px high at %3 wide) in a view of %4; the "
            u"page's least height %5"_s.arg(
                rectText(shown), QString::number(legend->heightForWidth(legend->width())),
                QString::number(legend->width()), rectText(area->viewport()->rect()),
                QString::number(area->widget()->minimumSizeHint().height()));
        qInfo("%s", qPrintable(at));
        QVERIFY2(area->viewport()->rect().contains(shown), qPrintable(at));
        QVERIFY2(legend->height() >= legend->heightForWidth(legend->width()), qPrintable(at));
        QCOMPARE(area->verticalScrollBar()->maximum(), 0);
        made->stop();
    }

    // docs/screenshots/processes-1024x700-144dpi.png: the Processes page
    // of the demo as it opens at 1024 × 700 with 144 dpi fonts.
    void processesPageScreenshot()
    {
        if (scaled())
            QSKIP("the screenshot is taken at 144 dpi");
        QTemporaryDir dir;
        const auto made = session(dir, {u"--demo"_s, u"--page"_s, u"processes"_s});
        QVERIFY(made);
        MainWindow* w = made->window();
        made->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QTest::qWait(2500);
        QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
        QVERIFY(w->grab().save(
            QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/processes-1024x700-144dpi.png")));
        made->stop();
    }
};

int main(int argc, char* argv[])
{
    // Before QApplication: the platform reads them once.
    QTemporaryDir dir;
    const QString config = dir.filePath(u"screen.json"_s);
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly))
        return 1;
    if (scaled()) {
        f.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1536, "height": 1050,
                    "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        qputenv("QT_SCALE_FACTOR", "1.5");
    } else if (x11FontDpi()) {
        f.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1024, "height": 700,
                    "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        qputenv("QT_SCALE_FACTOR", "1.5");
    } else {
        // 144 dpi fonts on an unscaled screen, as QT_FONT_DPI=144 gives on
        // X11: a base of 144 keeps the scale factor at 1 (QT_FONT_DPI on
        // the offscreen platform would scale the whole screen by 1.5).
        f.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1024, "height": 700,
                    "logicalDpi": 144, "logicalBaseDpi": 144, "dpr": 1}]})");
    }
    f.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestScreenFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_screenfit.moc"
