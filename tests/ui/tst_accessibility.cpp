// Usable with a screen reader and the keyboard (issue 30): the real window
// as gpuwarden builds it (DesktopSession) on the demo fleet.
//
// - Every page and every dialog: the accessibility tree walked from the
//   window, every control shown (buttons, fields, lists, tables, tabs,
//   charts and their painted items) has a name; a failure lists each
//   unnamed one with its place in the tree and its class.
// - The painted views say what they paint (common/paintedaccessible.h):
//   each overview tile its server, GPU, state, figures and age; a history
//   chart its range and per series mean, peak and gaps; the timeline each
//   bar; the balance chart each user; the Tokens page's bar charts each bar.
// - Tab reaches every control of each page and comes back round.
#include "app/desktopsession.h"
#include "charts/balanceplot.h"
#include "charts/describedchartview.h"
#include "charts/eventtimeline.h"
#include "charts/historychart.h"
#include "charts/historyplot.h"
#include "desktopsessionfor.h"
#include "engine/desktopoptions.h"
#include "sources/demoworld.h"
#include "window/enforcementtab.h"
#include "window/eventspage.h"
#include "window/findgpusdialog.h"
#include "window/mainwindow.h"
#include "window/overviewpage.h"
#include "window/overviewview.h"
#include "window/policydialog.h"
#include "window/reportdialog.h"
#include "window/serversdialog.h"
#include "window/tokensview.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAccessible>
#include <QApplication>
#include <QButtonGroup>
#include <QCommandLineParser>
#include <QDialog>
#include <QImage>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

// The roles a person operates or reads as one thing: each needs a name.
bool needsName(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::PushButton:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::EditableText:
    case QAccessible::SpinBox:
    case QAccessible::Slider:
    case QAccessible::List:
    case QAccessible::ListItem:
    case QAccessible::Table:
    case QAccessible::Tree:
    case QAccessible::PageTab:
    case QAccessible::Chart:
    case QAccessible::Graphic:
    case QAccessible::ProgressBar:
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
    case QAccessible::Link:
        return true;
    default:
        return false;
    }
}

// Roles whose children are the view's rows and cells, named by its model:
// walked no further.
bool isItemView(QAccessible::Role role)
{
    return role == QAccessible::Table || role == QAccessible::Tree || (role == QAccessible::List);
}

QString describe(QAccessibleInterface* iface)
{
    QObject* o = iface->object();
    const QString cls = o ? QString::fromLatin1(o->metaObject()->className()) : u"(item)"_s;
    const QString name =
        o && !o->objectName().isEmpty() ? u" '%1'"_s.arg(o->objectName()) : QString();
    return u"%1%2 role 0x%3"_s.arg(cls, name).arg(int(iface->role()), 0, 16);
}

struct Walk
{
    QStringList unnamed;
    int controls = 0; // named or not
    int paintedItems = 0;
};

void walk(QAccessibleInterface* iface, const QString& path, Walk* out, int depth = 0)
{
    if (!iface || !iface->isValid() || depth > 60)
        return;
    const QAccessible::State state = iface->state();
    if (state.invisible)
        return;
    const QAccessible::Role role = iface->role();
    const QString here = path + u" > "_s + describe(iface);
    const QString shortHere =
        here.split(u" > "_s).mid(std::max<qsizetype>(0, here.count(u" > "_s) - 3)).join(u" > "_s);
    if (needsName(role)) {
        ++out->controls;
        if (!iface->object())
            ++out->paintedItems;
        if (iface->text(QAccessible::Name).trimmed().isEmpty())
            out->unnamed << shortHere;
    }
    // Rows and cells of an item view are named by its model; a painted
    // view's items (no object of their own) are ours to check.
    if (isItemView(role) && iface->object() && !dynamic_cast<AccessibleItems*>(iface->object()))
        return;
    for (int i = 0; i < iface->childCount(); ++i)
        walk(iface->child(i), here, out, depth + 1);
}

Walk walkWindow(QWidget* window)
{
    Walk w;
    walk(QAccessible::queryAccessibleInterface(window), QString(), &w);
    return w;
}

// Each unnamed control on a line of its own (a failure's message is cut
// short), and the count for the failure.
QString report(const QString& what, const Walk& w)
{
    for (const QString& u : w.unnamed)
        qWarning("%s: no name: %s", qPrintable(what), qPrintable(u));
    return u"%1: %2 of %3 controls have no name (listed above)"_s.arg(what)
        .arg(w.unnamed.size())
        .arg(w.controls);
}

// The widgets of `root` that Tab should reach: shown, enabled, taking
// focus by Tab.
QList<QWidget*> tabTargets(QWidget* root)
{
    QList<QWidget*> out;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (w->isVisibleTo(root->window()) && w->isVisible() && w->isEnabled() &&
            (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy() && w->window() == root->window())
            out.append(w);
    }
    return out;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup()
    {
        if (m_session)
            m_session->stop();
        m_session.reset();
        m_dir.reset();
    }

    void everyPageNamesEveryControl()
    {
        MainWindow* w = open({u"--demo"_s});
        QVERIFY(w);
        QTest::qWait(1500); // the demo's first readings
        QStringList problems;
        int controls = 0;
        const auto check = [&](const QString& page) {
            QApplication::processEvents();
            const Walk found = walkWindow(w);
            controls += found.controls;
            qInfo("%s: %d controls (%d of them drawn items)", qPrintable(page), found.controls,
                  found.paintedItems);
            if (!found.unnamed.isEmpty())
                problems << report(page, found);
        };
        check(u"Overview"_s);
        w->showFleetProcesses();
        check(u"Processes"_s);
        w->showDetails();
        w->selectGpu(DemoWorld::serverNames().first(),
                     DemoWorld().serverAt(0, 0).gpus.first().uuid);
        check(u"Details"_s);
        w->showHistory(0);
        check(u"History"_s);
        w->selectServer(DemoWorld::serverNames().first());
        check(u"Server (host page)"_s);
        w->showEvents();
        check(u"Events"_s);
        w->showTokens();
        QVERIFY(QTest::qWaitFor([&] { return !w->tokensView()->users().isEmpty(); }, 20000));
        check(u"Tokens"_s);
        w->tokensTabs()->setCurrentWidget(w->enforcementTab());
        check(u"Enforcement"_s);
        w->tokensTabs()->setCurrentIndex(2);
        check(u"Fair share"_s);
        QVERIFY(controls > 50);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // The dialogs the window opens: policy, Find GPUs, report, prices,
    // balance adjustment, Servers and Add Server.
    void everyDialogNamesEveryControl()
    {
        MainWindow* w = open({u"--demo"_s});
        QVERIFY(w);
        QStringList problems;
        problems << test::visitEveryDialog(w, [&](QDialog* d, const QString& what) {
            const Walk found = walkWindow(d);
            qInfo("%s: %d controls", qPrintable(what), found.controls);
            if (found.controls == 0)
                problems << what + u": no controls found"_s;
            if (!found.unnamed.isEmpty())
                problems << report(what, found);
        });
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void theServerDialogsNameEveryControl()
    {
        MainWindow* w = open({u"--no-local"_s});
        QVERIFY(w);
        ServersDialog* servers = w->showServersDialog();
        QVERIFY(servers);
        QVERIFY(QTest::qWaitForWindowExposed(servers));
        const Walk list = walkWindow(servers);
        QString addProblem = u"not opened"_s;
        QTimer::singleShot(200, this, [&addProblem] {
            auto* edit = qobject_cast<ServerEditDialog*>(QApplication::activeModalWidget());
            if (!edit)
                return;
            const Walk found = walkWindow(edit);
            addProblem = found.unnamed.isEmpty() ? QString() : report(u"Add Server"_s, found);
            edit->reject();
        });
        for (QPushButton* b : servers->findChildren<QPushButton*>())
            if (b->text() == u"&Add…"_s)
                b->click();
        QVERIFY2(list.unnamed.isEmpty(), qPrintable(report(u"Servers"_s, list)));
        QVERIFY2(addProblem.isEmpty(), qPrintable(addProblem));
        servers->close();
    }

    // The painted views as a screen reader reads them.
    void paintedViewsSayWhatTheyShow()
    {
        MainWindow* w = open({u"--demo"_s});
        QVERIFY(w);
        OverviewView* view = w->overviewPage()->view();
        QVERIFY(QTest::qWaitFor([&] { return view->tileCount() >= 8; }, 10000));

        // Overview: a child per tile, in order; server and GPU; the state,
        // figures and the reading's age.
        QAccessibleInterface* overview = QAccessible::queryAccessibleInterface(view);
        QVERIFY(overview);
        QCOMPARE(overview->role(), QAccessible::List);
        QVERIFY(overview->childCount() >= view->tileCount());
        const QString server = DemoWorld::serverNames().first();
        QAccessibleInterface* tile = overview->child(0);
        QVERIFY(tile && tile->isValid());
        QCOMPARE(tile->role(), QAccessible::ListItem);
        QCOMPARE(tile->text(QAccessible::Name), u"%1 GPU 0"_s.arg(server));
        const QString said = tile->text(QAccessible::Description);
        for (const QString& part :
             {u"utilisation"_s, u"memory"_s, u"temperature"_s, u"power"_s, u"old"_s})
            QVERIFY2(said.contains(part), qPrintable(said));
        QVERIFY2(said.contains(u"busy"_s) || said.contains(u"free"_s) || said.contains(u"idle"_s) ||
                     said.contains(u"hot"_s),
                 qPrintable(said));
        QCOMPARE(overview->indexOfChild(tile), 0);
        QVERIFY(tile->rect().isValid());
        QCOMPARE(overview->childAt(tile->rect().center().x(), tile->rect().center().y()), tile);
        // Pressing a tile opens its GPU, as Enter does.
        QAccessibleActionInterface* press = tile->actionInterface();
        QVERIFY(press);
        press->doAction(QAccessibleActionInterface::pressAction());
        QVERIFY(w->detailsShown());
        QCOMPARE(w->selectedServer(), server);

        // The history chart of that GPU: its range, each series' summary.
        w->showHistory(0);
        HistoryChart* chart = w->historyChart();
        QVERIFY(chart);
        HistoryPlot* plot = chart->plot();
        QVERIFY(QTest::qWaitFor(
            [&] {
                QAccessibleInterface* p = QAccessible::queryAccessibleInterface(plot);
                return p->childCount() > 0 &&
                       p->child(0)->text(QAccessible::Description).contains(u"mean"_s);
            },
            20000));
        QAccessibleInterface* plotIface = QAccessible::queryAccessibleInterface(plot);
        QCOMPARE(plotIface->role(), QAccessible::Chart);
        const QString range = plotIface->text(QAccessible::Description);
        QVERIFY2(range.contains(u" from "_s) && range.contains(u" to "_s) &&
                     range.contains(u"series"_s),
                 qPrintable(range));
        const QString series = plotIface->child(0)->text(QAccessible::Description);
        QVERIFY2(series.contains(u"mean"_s) && series.contains(u"peak"_s) &&
                     series.contains(u"gap"_s),
                 qPrintable(series));
        QVERIFY(!plotIface->child(0)->text(QAccessible::Name).isEmpty());

        // The Tokens page: each user on the balance chart and each bar.
        w->showTokens();
        QVERIFY(QTest::qWaitFor([&] { return !w->tokensView()->users().isEmpty(); }, 20000));
        const QStringList users = w->tokensView()->users();
        QAccessibleInterface* balance =
            QAccessible::queryAccessibleInterface(w->tokensView()->balancePlot());
        QCOMPARE(balance->childCount(), users.size());
        QCOMPARE(balance->child(0)->text(QAccessible::Name), users.first());
        QVERIFY2(balance->child(0)->text(QAccessible::Description).contains(u"balance"_s),
                 qPrintable(balance->child(0)->text(QAccessible::Description)));
        int barCharts = 0;
        for (DescribedChartView* bars : w->tokensView()->findChildren<DescribedChartView*>()) {
            ++barCharts;
            QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(bars);
            QCOMPARE(iface->role(), QAccessible::Chart);
            QVERIFY(!iface->text(QAccessible::Description).isEmpty());
            for (int i = 0; i < bars->items().size(); ++i)
                QVERIFY(!iface->child(i)->text(QAccessible::Name).isEmpty());
        }
        QCOMPARE(barCharts, 2);
        for (DescribedChartView* bars : w->tokensView()->findChildren<DescribedChartView*>()) {
            if (bars->accessibleName() == u"Balance per user"_s)
                QCOMPARE(
                    QAccessible::queryAccessibleInterface(bars)->child(0)->text(QAccessible::Name),
                    users.first());
        }

        // The policy timeline on the Events page: a child per bar.
        w->showEvents();
        EventTimeline* timeline = w->eventsPage()->findChild<EventTimeline*>();
        QVERIFY(timeline);
        QAccessibleInterface* events = QAccessible::queryAccessibleInterface(timeline);
        QVERIFY2(events->text(QAccessible::Description).startsWith(u"Policy events of the last"_s),
                 qPrintable(events->text(QAccessible::Description)));
        // The demo has policy events from its history.
        QVERIFY(QTest::qWaitFor([&] { return timeline->accessibleItemCount() > 0; }, 20000));
        QAccessibleInterface* bar = events->child(0);
        QVERIFY(bar && bar->isValid());
        const QString barName = bar->text(QAccessible::Name);
        QVERIFY2(barName.contains(u": "_s), qPrintable(barName));
        const QString barSaid = bar->text(QAccessible::Description);
        QVERIFY2(barSaid.contains(u" → "_s), qPrintable(barSaid)); // its times, as the tooltip
        QVERIFY(bar->rect().isValid() || bar->state().invisible);
    }

    // Where the keyboard is shows on the painted views too: the overview's
    // tile, the history chart and the timeline draw their focus.
    void focusIsVisibleOnPaintedViews()
    {
        MainWindow* w = open({u"--demo"_s});
        QVERIFY(w);
        QApplication::setActiveWindow(w);
        const auto highlighted = [](QWidget* view, QWidget* paints) {
            const QImage image = paints->grab().toImage();
            const QRgb h = view->palette().color(QPalette::Highlight).rgb();
            int n = 0;
            for (int x = 0; x < image.width(); ++x)
                n += (image.pixel(x, 1) == h) + (image.pixel(x, image.height() - 2) == h);
            return n;
        };
        w->showEvents();
        EventTimeline* timeline = w->eventsPage()->findChild<EventTimeline*>();
        QVERIFY(timeline);
        timeline->clearFocus();
        QApplication::processEvents();
        const int before = highlighted(timeline, timeline->viewport());
        timeline->setFocus(Qt::TabFocusReason);
        QVERIFY(QTest::qWaitFor([&] { return timeline->hasFocus(); }));
        const int focused = highlighted(timeline, timeline->viewport());
        QVERIFY2(focused > before + timeline->viewport()->width(),
                 qPrintable(
                     u"%1 highlighted pixels on the edges without focus, %2 with"_s.arg(before).arg(
                         focused)));

        const Snapshot first = DemoWorld().serverAt(0, 0);
        w->selectGpu(DemoWorld::serverNames().first(), first.gpus.first().uuid);
        w->showHistory(0);
        HistoryPlot* plot = w->historyChart()->plot();
        plot->clearFocus();
        QApplication::processEvents();
        const int plotBefore = highlighted(plot, plot);
        plot->setFocus(Qt::TabFocusReason);
        QVERIFY(QTest::qWaitFor([&] { return plot->hasFocus(); }));
        QVERIFY(highlighted(plot, plot) > plotBefore + plot->width());
    }

    // Tab goes round every control of each page: none is out of reach and
    // none keeps the focus.
    void tabReachesEveryControlOfEachPage()
    {
        MainWindow* w = open({u"--demo"_s});
        QVERIFY(w);
        QApplication::setActiveWindow(w);
        QTest::qWait(1000);
        QStringList problems;
        const auto check = [&](const QString& page) {
            QApplication::processEvents();
            const QList<QWidget*> targets = tabTargets(w);
            QSet<QWidget*> reached;
            if (!QApplication::focusWidget())
                QTest::keyClick(w, Qt::Key_Tab);
            for (int i = 0; i < 3 * targets.size() + 10; ++i) {
                QWidget* at = QApplication::focusWidget();
                if (!at)
                    break;
                reached.insert(at);
                if (qEnvironmentVariableIsSet("GW_TAB_TRACE"))
                    qInfo("%s: %s '%s'", qPrintable(page), at->metaObject()->className(),
                          qPrintable(at->accessibleName()));
                QTest::keyClick(at, Qt::Key_Tab);
                if (QApplication::focusWidget() == at && !qobject_cast<QAbstractScrollArea*>(at)) {
                    problems << u"%1: Tab stays on %2"_s.arg(
                        page, QString::fromLatin1(at->metaObject()->className()));
                    break;
                }
            }
            // An exclusive group of buttons is one stop, as radio buttons
            // are: Tab reaches the checked one, the arrows the others.
            const auto groupReached = [&](QWidget* t) {
                auto* b = qobject_cast<QAbstractButton*>(t);
                if (!b || !b->group() || !b->group()->exclusive())
                    return false;
                for (QAbstractButton* other : b->group()->buttons())
                    if (reached.contains(other))
                        return true;
                return false;
            };
            QStringList missed;
            for (QWidget* t : targets)
                if (!reached.contains(t) && !groupReached(t))
                    missed << u"%1 '%2' %3"_s.arg(QString::fromLatin1(t->metaObject()->className()),
                                                  t->objectName(), t->accessibleName());
            qInfo("%s: Tab reached %lld of %lld controls", qPrintable(page),
                  qlonglong(targets.size() - missed.size()), qlonglong(targets.size()));
            if (!missed.isEmpty())
                problems << u"%1: Tab never reaches %2"_s.arg(page, missed.join(u", "_s));
        };
        test::visitEveryPage(w, check);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

private:
    // The session gpuwarden runs for `args` (its settings in a folder of
    // the test's own), started and shown; null when refused.
    MainWindow* open(const QStringList& args)
    {
        m_dir = std::make_unique<QTemporaryDir>();
        const QString ini = m_dir->filePath(u"settings.ini"_s);
        m_session = test::sessionFor(QStringList{u"--settings"_s, ini} + args);
        if (!m_session)
            return nullptr;
        m_session->start();
        return QTest::qWaitForWindowExposed(m_session->window()) ? m_session->window() : nullptr;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<DesktopSession> m_session;
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
