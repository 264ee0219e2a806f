// The events timeline and the Events page: lanes, the bars' geometry for
// known events, open events running to now, hover text, click to select and
// activate, scrolling lanes, the kind colours; the page's selection in both
// views and its activation through the main window (the GPU selected, the
// History tab at the event's range). Renders the page with a realistic day
// to PNG (1024×700 and 1920×1080, light and dark) for docs/screenshots.

#include "charts/eventtimeline.h"
#include "charts/historychart.h"
#include "common/datetimetext.h"
#include "common/palette.h"
#include "darkpalette.h"
#include "engine/livestate.h"
#include "eventfixtures.h"
#include "fakehistoryprovider.h"
#include "models/desktopstores.h"
#include "models/eventbook.h"
#include "models/eventmodel.h"
#include "models/fleetprocessmodel.h"
#include "models/processmodel.h"
#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"
#include "models/verdictbook.h"
#include "report/report.h"
#include "window/eventspage.h"
#include "window/fleetprocesspage.h"
#include "window/mainwindow.h"
#include "window/processpane.h"
#include "window/servertree.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QStyle>
#include <QStyleFactory>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QTranslator>

#include <climits>
#include <cmath>

using namespace gw;
using namespace gw::test;

namespace {

// A round local time, so the screenshots' axis reads well: 2026-05-28 15:40.
const qint64 kNow = QDateTime(QDate(2026, 5, 28), QTime(15, 40)).toMSecsSinceEpoch();

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

double luminance(const QColor& c)
{
    auto lin = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString idOf(const QList<PolicyEvent>& events, const QString& prefix)
{
    for (const PolicyEvent& e : events)
        if (e.id.startsWith(prefix))
            return e.id;
    return {};
}

Snapshot serverReading(const QString& server, int gpus, qint64 at)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = at;
    s.backend = QStringLiteral("demo");
    s.intervalMs = 1000;
    for (int i = 0; i < gpus; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = gpuUuid(server, i);
        g.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
        g.utilizationGpuPercent = 50;
        g.memoryUsedMiB = 1000;
        g.memoryTotalMiB = 81920;
        s.gpus << g;
    }
    return s;
}

} // namespace

class TestEventTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }

    void lanesPerGpuAndPerUser()
    {
        EventBook book;
        book.addEvents(realisticEvents(kNow));
        EventTimeline t(&book);
        t.setNowMs(kNow);
        t.setSpanMs(24 * kHour);
        t.resize(1000, 500);
        QCOMPARE(t.laneLabels(),
                 (QStringList{
                     QStringLiteral("dgx-a100 · GPU 5"), QStringLiteral("gpu-lab-01 · GPU 0"),
                     QStringLiteral("gpu-lab-01 · GPU 1"), QStringLiteral("gpu-lab-01 · GPU 2"),
                     QStringLiteral("gpu-lab-01 · all GPUs"), QStringLiteral("gpu-lab-02 · GPU 1"),
                     QStringLiteral("gpu-lab-02 · GPU 3"), QStringLiteral("gpu-lab-02 · all GPUs"),
                     QStringLiteral("gpu-node-3 · GPU 0"), QStringLiteral("gpu-node-3 · GPU 3"),
                     QStringLiteral("gpu-node-3 · all GPUs")}));
        // Only the lanes with an event in range: the last hour has the open ones.
        t.setSpanMs(kHour);
        QCOMPARE(t.laneLabels(), (QStringList{QStringLiteral("gpu-lab-01 · GPU 0"),
                                              QStringLiteral("gpu-lab-01 · all GPUs"),
                                              QStringLiteral("gpu-lab-02 · GPU 1"),
                                              QStringLiteral("gpu-lab-02 · GPU 3")}));
        t.setLaneMode(EventTimeline::LaneMode::User);
        QCOMPARE(t.laneLabels(), (QStringList{QStringLiteral("alice"), QStringLiteral("chen"),
                                              QStringLiteral("frank")}));
        t.setSpanMs(24 * kHour);
        QCOMPARE(t.laneCount(), 7); // alice bob chen dana erik frank gita
        // A filter (the table's) hides events, and lanes with them.
        t.setFilter([](const PolicyEvent& e) { return e.kind == PolicyEventKind::FairShare; });
        QCOMPARE(t.laneLabels(), (QStringList{QStringLiteral("alice"), QStringLiteral("chen"),
                                              QStringLiteral("dana")}));
        book.clear();
        QCOMPARE(t.laneCount(), 0);
    }

    void barsSitWhereTheirTimesAre()
    {
        EventBook book;
        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        EventTimeline t(&book);
        t.setNowMs(kNow);
        t.setSpanMs(6 * kHour);
        t.resize(1200, 600);
        t.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t));
        const QRectF plot = t.plotRect();
        QVERIFY(plot.width() > 800);
        // The range maps onto the plot's width.
        QCOMPARE(t.xOf(kNow - 6 * kHour), plot.left());
        QCOMPARE(t.xOf(kNow), plot.right());

        // bob's hog: 4 h 20 min ago to 3 h 35 min ago.
        const QString bob = idOf(events, QStringLiteral("hog/gpu-lab-01/5120"));
        QRectF r = t.barRect(bob);
        QVERIFY(!r.isEmpty());
        QCOMPARE(r.left(), t.xOf(kNow - 4 * kHour - 20 * kMin));
        QCOMPARE(r.right(), t.xOf(kNow - 4 * kHour + 25 * kMin));
        const double perHour = plot.width() / 6;
        QVERIFY(std::abs(r.width() - perHour * 0.75) < 0.01);
        // In its lane (gpu-lab-01 · GPU 2, the fourth).
        const int lane = int(t.laneLabels().indexOf(QStringLiteral("gpu-lab-01 · GPU 2")));
        QVERIFY(lane >= 0);
        const double laneH = plot.height() / t.laneCount();
        QVERIFY(r.top() > plot.top() + lane * laneH);
        QVERIFY(r.bottom() < plot.top() + (lane + 1) * laneH);

        // An open event runs to now.
        const QString chen = idOf(events, QStringLiteral("hog/gpu-lab-02/7781"));
        r = t.barRect(chen);
        QCOMPARE(r.left(), t.xOf(kNow - 90 * kMin));
        QCOMPARE(r.right(), t.xOf(kNow));
        // Now moves on: so does its end.
        t.setNowMs(kNow + 10 * kMin);
        QCOMPARE(t.barRect(chen).right(), t.xOf(kNow + 10 * kMin));

        // One that began before the range starts at its left edge.
        t.setNowMs(kNow);
        const QString alice = idOf(events, QStringLiteral("hog/gpu-lab-01/41234"));
        t.setSpanMs(4 * kHour);
        QCOMPARE(t.barRect(alice).left(), t.plotRect().left());
        // Out of range: no bar.
        t.setSpanMs(kHour);
        QVERIFY(t.barRect(alice).isEmpty());
        // A very short event stays visible (3 px).
        PolicyEvent blip =
            hogEvent(QStringLiteral("gpu-lab-01"), 0, 1, QStringLiteral("x"), QStringLiteral("x"),
                     kNow - 30 * kMin, kNow - 30 * kMin, 90, 90);
        t.setSpanMs(7 * 24 * kHour);
        book.addEvents({blip});
        QCOMPARE(t.barRect(blip.id).width(), 3.0);

        // The axis ticks fall on round local times.
        t.setSpanMs(6 * kHour);
        const QList<qint64> ticks = t.tickTimes();
        QVERIFY(ticks.size() >= 4);
        for (qint64 tick : ticks) {
            const QTime time = QDateTime::fromMSecsSinceEpoch(tick).time();
            QCOMPARE(time.minute() % 30, 0);
            QCOMPARE(time.second(), 0);
        }
        t.setSpanMs(7 * 24 * kHour);
        for (qint64 tick : t.tickTimes())
            QCOMPARE(QDateTime::fromMSecsSinceEpoch(tick).time(), QTime(0, 0));
    }

    void hoverShowsTheEventAndClickActivatesIt()
    {
        EventBook book;
        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        EventTimeline t(&book);
        t.setNowMs(kNow);
        t.resize(1200, 600);
        t.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t));
        const QString idle = idOf(events, QStringLiteral("idle/gpu-lab-02/18002"));
        const QRectF r = t.barRect(idle);
        QCOMPARE(t.eventAt(r.center()), idle);
        QCOMPARE(t.eventAt(QPointF(r.center().x(), 2)), QString()); // the axis
        QCOMPARE(t.eventAt(QPointF(2, r.center().y())), QString()); // the label
        const QString tip = t.toolTipFor(idle);
        QVERIFY2(tip.startsWith(QStringLiteral("Idle GPU: python")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("→ ongoing")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("30512 MiB held")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Last action: warning: terminate in 30m")),
                 qPrintable(tip));

        // The tooltip event shows it.
        const QPoint at = r.center().toPoint();
        QHelpEvent help(QEvent::ToolTip, at, t.viewport()->mapToGlobal(at));
        QApplication::sendEvent(t.viewport(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), tip);

        QSignalSpy selected(&t, &EventTimeline::eventSelected);
        QSignalSpy activated(&t, &EventTimeline::eventActivated);
        QTest::mouseClick(t.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), idle);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(t.selectedEvent(), idle);
        // Enter on the timeline opens the selected one again.
        t.setFocus();
        QTest::keyClick(&t, Qt::Key_Return);
        QCOMPARE(activated.size(), 2);
        QCOMPARE(activated.at(1).at(0).toString(), idle);
        activated.clear();
        // Empty space: nothing.
        QTest::mouseClick(t.viewport(), Qt::LeftButton, {},
                          QPoint(int(t.plotRect().left()) + 2, int(r.center().y())));
        QCOMPARE(activated.size(), 0);
    }

    void manyLanesScroll()
    {
        EventBook book;
        book.addEvents(manyEvents(600, kNow, 6 * kHour, 16, 8));
        EventTimeline t(&book);
        t.setNowMs(kNow);
        t.resize(900, 400);
        t.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t));
        QVERIFY(t.laneCount() > 100);
        QScrollBar* sb = t.verticalScrollBar();
        QVERIFY(sb->maximum() > 0);
        QCOMPARE(sb->value(), 0);
        // The last lane's event comes into view on demand.
        const QString lastId = book.at(book.count() - 1).id;
        QString deepest;
        int deepestLane = -1;
        for (const PolicyEvent& e : book.events()) {
            const QRectF r = t.barRect(e.id);
            if (!r.isEmpty() && r.top() > deepestLane) {
                deepestLane = int(r.top());
                deepest = e.id;
            }
        }
        QVERIFY(t.barRect(deepest).top() > t.viewport()->height());
        t.ensureEventVisible(deepest);
        QVERIFY(sb->value() > 0);
        const QRectF r = t.barRect(deepest);
        QVERIFY(r.top() >= 0);
        QVERIFY(r.bottom() <= t.viewport()->height());
        QCOMPARE(t.eventAt(r.center()), deepest);
    }

    void kindColoursReadOnBothPalettes()
    {
        const QPalette light = QApplication::style()->standardPalette();
        const QPalette dark = test::darkPalette();
        const PolicyEventKind kinds[] = {PolicyEventKind::Hog, PolicyEventKind::Idle,
                                         PolicyEventKind::FairShare};
        QSet<QString> letters;
        QSet<int> patterns;
        for (const QPalette& p : {light, dark}) {
            QSet<QRgb> colors;
            for (PolicyEventKind k : kinds) {
                const QColor c = eventKindColor(k, p);
                QVERIFY2(contrast(c, p.color(QPalette::Base)) >= 3.0, qPrintable(c.name()));
                // Its letter reads on it.
                QVERIFY2(contrast(c, textColorOn(c)) >= 4.5, qPrintable(c.name()));
                colors.insert(c.rgb());
                letters.insert(eventKindLetter(k));
                patterns.insert(int(eventKindPattern(k)));
            }
            QCOMPARE(colors.size(), 3);
        }
        // Not by colour alone: three letters, three fills.
        QCOMPARE(letters.size(), 3);
        QCOMPARE(patterns.size(), 3);
    }

    // A kind added to policyEventKinds() shows everywhere a kind is shown:
    // its check box in the events page's legend, its bar in the timeline in
    // its colour, its pill in the tree and its badge on a process, its own
    // verdict bit, and its count (or hours) in the report's per-user figures.
    void everyKindIsCoveredByLegendBadgesAndCounts()
    {
        EventBook pageBook;
        EventsPage page(&pageBook);
        int flagsSeen = 0;
        int counted = 0;
        const QList<PolicyEventKindInfo>& kinds = policyEventKinds();
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            const PolicyEventKindInfo& k = kinds[i];
            const QByteArray name(k.name);
            QCOMPARE(int(k.kind), int(i)); // its slot
            QCheckBox* check = page.kindCheck(k.kind);
            QVERIFY2(check, name);
            QCOMPARE(check->text(), policyEventKindText(k.filter));

            EventBook book;
            PolicyEvent e = hogEvent(QStringLiteral("s"), 0, 7, QStringLiteral("u"),
                                     QStringLiteral("c"), kNow - 2 * kHour, kNow - kHour, 90, 90);
            e.kind = k.kind;
            e.id = QString::fromLatin1(k.name) + QStringLiteral("/s/7");
            book.addEvents({e});
            EventTimeline t(&book);
            t.setNowMs(kNow);
            t.setSpanMs(3 * kHour);
            t.resize(800, 300);
            const QImage image = t.grab().toImage();
            const QRect bar = t.barRect(e.id).toAlignedRect();
            QVERIFY2(!bar.isEmpty(), name);
            const QRgb fill = eventKindColor(k.kind, t.palette()).rgb();
            bool drawn = false;
            for (int x = bar.left() + 2; x < bar.right() && !drawn; ++x)
                drawn = image.pixel(x, bar.center().y()) == fill;
            QVERIFY2(drawn, name);

            const int flag = verdictFlag(k.kind);
            QVERIFY2(!(flagsSeen & flag), name);
            flagsSeen |= flag;
            QCOMPARE(ServerTreeDelegate::badgeWords(flag),
                     QStringList{policyEventKindText(k.pill)});
            ProcessVerdict v;
            v.*k.verdict = true;
            QCOMPARE(verdictFlags(v), flag);
            QCOMPARE(VerdictBook::badgeWords(v), QStringList{policyEventKindText(k.badge)});

            qsizetype rows = 0;
            for (const UserEventCount& c : userEventCounts())
                rows += c.kind == k.kind;
            QCOMPARE(rows, k.tally == PolicyEventTally::Events ? 1 : 0);
            counted += int(rows);
        }
        QCOMPARE(int(userEventCounts().size()), counted);
    }

    void pageSelectionIsOneInBothViews()
    {
        EventBook book;
        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        EventsPage page(&book);
        page.timeline()->setNowMs(kNow);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCOMPARE(page.table()->model()->rowCount(), events.size());
        QVERIFY(page.spanButton(6 * kHour)->isChecked());
        QCOMPARE(page.countText(), QStringLiteral("12 events, 4 open"));

        // A row selected: its bar highlighted.
        const QModelIndex row3 = page.table()->model()->index(3, 0);
        page.table()->setCurrentIndex(row3);
        const QString id = row3.data(EventModel::EventIdRole).toString();
        QCOMPARE(page.timeline()->selectedEvent(), id);
        QCOMPARE(page.selectedEvent(), id);

        // A bar clicked: its row selected, and the event activated.
        QSignalSpy activated(&page, &EventsPage::eventActivated);
        const QString chen = idOf(events, QStringLiteral("hog/gpu-lab-02/7781"));
        QTest::mouseClick(page.timeline()->viewport(), Qt::LeftButton, {},
                          page.timeline()->barRect(chen).center().toPoint());
        QCOMPARE(page.table()->currentIndex().data(EventModel::EventIdRole).toString(), chen);
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).value<PolicyEvent>().id, chen);
        // Enter on a row activates it.
        page.table()->setFocus();
        QTest::keyClick(page.table(), Qt::Key_Return);
        QCOMPARE(activated.size(), 2);
        QCOMPARE(activated.at(1).at(0).value<PolicyEvent>().id, chen);

        // The filter row narrows both views.
        page.kindCheck(PolicyEventKind::Hog)->setChecked(false);
        QCOMPARE(page.table()->model()->rowCount(), 6);
        QVERIFY(page.timeline()->barRect(chen).isEmpty());
        QCOMPARE(page.countText(), QStringLiteral("6 shown of 12 events, 4 open"));
        page.kindCheck(PolicyEventKind::Hog)->setChecked(true);
        page.serverChoice()->setCurrentIndex(
            page.serverChoice()->findData(QStringLiteral("gpu-lab-02")));
        QCOMPARE(page.table()->model()->rowCount(), 3);
        page.userChoice()->setCurrentIndex(page.userChoice()->findData(QStringLiteral("frank")));
        QCOMPARE(page.table()->model()->rowCount(), 1);
        page.serverChoice()->setCurrentIndex(0);
        page.userChoice()->setCurrentIndex(0);
        page.filterEdit()->setText(QStringLiteral("torchrun"));
        QCOMPARE(page.table()->model()->rowCount(), 1);
        QVERIFY(!page.timeline()->barRect(chen).isEmpty());
        page.filterEdit()->clear();
        page.openOnlyCheck()->setChecked(true);
        QCOMPARE(page.table()->model()->rowCount(), 4);
        page.openOnlyCheck()->setChecked(false);
        // Range and lanes.
        page.spanButton(kHour)->click();
        QCOMPARE(page.timeline()->spanMs(), kHour);
        page.laneChoice()->setCurrentIndex(1);
        QCOMPARE(page.timeline()->laneMode(), EventTimeline::LaneMode::User);
        // A server that appears later is in the choice.
        book.addEvents({hogEvent(QStringLiteral("zz-new"), 0, 1, QStringLiteral("u"),
                                 QStringLiteral("c"), kNow - kMin, std::nullopt, 90, 90)});
        QVERIFY(page.serverChoice()->findData(QStringLiteral("zz-new")) > 0);

        const auto [from, to] = EventsPage::historyRange(events.at(2), kNow);
        QCOMPARE(from, kNow - 4 * kHour - 20 * kMin - 9 * kMin);
        QCOMPARE(to, kNow - 4 * kHour + 25 * kMin + 9 * kMin);
        const auto [openFrom, openTo] = EventsPage::historyRange(events.at(3), kNow);
        QCOMPARE(openFrom, kNow - 90 * kMin - 18 * kMin);
        QCOMPARE(openTo, kNow);
    }

    void activationOpensTheGpuAndItsHistory()
    {
        LiveState fleet;
        fleet.setClock([] { return kNow; });
        fleet.ingest(serverReading(QStringLiteral("gpu-lab-01"), 4, kNow));
        Snapshot lab2 = serverReading(QStringLiteral("gpu-lab-02"), 4, kNow);
        for (qint64 pid : {18002, 18003}) {
            GpuProcess p;
            p.pid = pid;
            p.user = QStringLiteral("frank");
            p.command = QStringLiteral("python");
            p.gpuUuid = gpuUuid(lab2.server, 3);
            p.usedMemoryMiB = 30512;
            lab2.processes << p;
        }
        fleet.ingest(lab2);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        FakeHistoryProvider history(kNow);
        w.setHistory(&history);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // View → Events, Ctrl+4.
        QTest::keyClick(&w, Qt::Key_4, Qt::ControlModifier);
        QVERIFY(w.eventsShown());
        const QList<PolicyEvent> events = realisticEvents(kNow);
        w.eventBook()->addEvents(events);
        QCOMPARE(w.eventsPage()->table()->model()->rowCount(), events.size());

        const PolicyEvent& idle = events.at(7); // frank's on gpu-lab-02 GPU 3, open
        QCOMPARE(idle.id, idOf(events, QStringLiteral("idle/gpu-lab-02/18002")));
        w.openEvent(idle);
        QVERIFY(w.detailsShown());
        // Open: up to the fleet's newest reading, with a fifth of its length before.
        QCOMPARE(w.historyChart()->model()->fromMs(), idle.startMs - 36 * kMin);
        QCOMPARE(w.historyChart()->model()->toMs(), kNow);
        QVERIFY(w.historyChart()->isVisible());
        // Its GPU is the selection, its process the selected row.
        QCOMPARE(w.processModel()->rowCount(), 2);
        const QModelIndexList rows =
            w.processPane()->findChild<QTableView*>()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().data(PidRole).toLongLong(), 18002);

        // Through the page: a click on a bar.
        w.showEvents();
        const PolicyEvent& bob = events.at(2);
        EventTimeline* t = w.eventsPage()->timeline();
        t->setNowMs(kNow);
        t->setSpanMs(6 * kHour);
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->barRect(bob.id).center().toPoint());
        QVERIFY(w.detailsShown());
        QCOMPARE(w.historyChart()->model()->fromMs(), bob.startMs - 9 * kMin);
        QCOMPARE(w.historyChart()->model()->toMs(), *bob.endMs + 9 * kMin);
    }

    void verdictBadgesInTheTreeAndProcessTables()
    {
        LiveState fleet;
        fleet.setClock([] { return kNow; });
        Snapshot s = serverReading(QStringLiteral("gpu-lab-01"), 2, kNow);
        GpuProcess hog;
        hog.pid = 41890;
        hog.startTimeMs = kNow - 3 * kHour;
        hog.user = QStringLiteral("alice");
        hog.command = QStringLiteral("python");
        hog.gpuUuid = gpuUuid(s.server, 0);
        hog.usedMemoryMiB = 30000;
        GpuProcess other = hog;
        other.pid = 500;
        other.user = QStringLiteral("bob");
        other.gpuUuid = gpuUuid(s.server, 1);
        s.processes << hog << other;
        fleet.ingest(s);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        PolicyStatus status;
        status.server = s.server;
        ProcessVerdict v;
        v.pid = hog.pid;
        v.processStartMs = hog.startTimeMs;
        v.gpuUuid = hog.gpuUuid;
        v.user = hog.user;
        v.hog = true;
        v.reason = QStringLiteral("GPU hog: python (PID 41890, alice) at 96 % for 2 h");
        status.verdicts << v;
        ServerTreeModel* tree = w.serverTreeModel();
        QSignalSpy treeChanged(tree, &QAbstractItemModel::dataChanged);
        w.verdictBook()->setStatus(status);
        QVERIFY(!treeChanged.isEmpty());

        // The tree: a badge on GPU 0, none on GPU 1; the reason in the tooltip.
        const QModelIndex gpu0 = tree->gpuIndex(s.server, hog.gpuUuid);
        const QModelIndex gpu1 = tree->gpuIndex(s.server, other.gpuUuid);
        QCOMPARE(gpu0.data(VerdictFlagsRole).toInt(), int(HogVerdict));
        QVERIFY(!gpu1.data(VerdictFlagsRole).isValid());
        QVERIFY2(gpu0.data(Qt::ToolTipRole).toString().contains(v.reason),
                 qPrintable(gpu0.data(Qt::ToolTipRole).toString()));
        QCOMPARE(ServerTreeDelegate::badgeWords(HogVerdict | OverQuotaVerdict),
                 (QStringList{QStringLiteral("hog"), QStringLiteral("quota")}));

        // The Details page's processes (the server selected).
        w.selectServer(s.server);
        ProcessModel* pm = w.processModel();
        QCOMPARE(pm->rowCount(), 2);
        int hogRow = pm->processAt(0).pid == hog.pid ? 0 : 1;
        QCOMPARE(pm->index(hogRow, ProcessModel::CommandColumn).data(VerdictFlagsRole).toInt(),
                 int(HogVerdict));
        QVERIFY(!pm->index(hogRow, ProcessModel::CommandColumn)
                     .data(Qt::DecorationRole)
                     .value<QIcon>()
                     .isNull());
        QCOMPARE(pm->index(hogRow, ProcessModel::CommandColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("hog\n") + v.reason);
        QVERIFY(
            !pm->index(1 - hogRow, ProcessModel::CommandColumn).data(VerdictFlagsRole).isValid());

        // The fleet's Processes page.
        FleetProcessModel* fm = w.fleetProcessPage()->model();
        fm->rebuild();
        int flagged = 0;
        for (int r = 0; r < fm->rowCount(); ++r)
            if (fm->index(r, FleetProcessModel::CommandColumn).data(VerdictFlagsRole).toInt() ==
                HogVerdict) {
                ++flagged;
                QCOMPARE(fm->rowAt(r).pid, hog.pid);
            }
        QCOMPARE(flagged, 1);

        // A reused pid (another start time) is another process: no badge.
        ProcessVerdict stale = v;
        stale.processStartMs = *hog.startTimeMs - kHour;
        status.verdicts = {stale};
        w.verdictBook()->setStatus(status);
        QVERIFY(!pm->index(hogRow, ProcessModel::CommandColumn).data(VerdictFlagsRole).isValid());
        // The verdict gone: the badges go.
        status.verdicts.clear();
        w.verdictBook()->setStatus(status);
        QVERIFY(!gpu0.data(VerdictFlagsRole).isValid());

        // Back with idle + over quota, for the picture.
        v.hog = false;
        v.idle = true;
        v.overQuota = true;
        status.verdicts = {v};
        w.verdictBook()->setStatus(status);
        w.serverTree()->expandAll();
        QCoreApplication::processEvents();
        QVERIFY(w.grab().save(shotPath(QStringLiteral("verdict-badges.png"))));
    }

    // Issue 24: the book at its cap dropped its oldest events and the page
    // said nothing. Now a notice says how many went, why, and where they
    // can still be seen; not before the cap is passed.
    void pageSaysWhenOlderEventsWereDropped()
    {
        EventBook book;
        book.setLimits({20 * EventBook::kEventBytes, 7 * 24 * kHour});
        EventsPage page(&book);
        page.timeline()->setNowMs(kNow);
        page.resize(1024, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const auto notice = [&page] {
            for (const QLabel* l : page.findChildren<QLabel*>())
                if (l->isVisible() && l->text().contains(QStringLiteral("no longer shown")))
                    return l->text();
            return QString();
        };
        book.addEvents(closedEvents(20, kNow - 20 * kHour, 0, 30 * kMin));
        QCOMPARE(book.count(), 20);
        QVERIFY2(notice().isEmpty(), qPrintable(notice()));
        book.addEvents(closedEvents(3, kNow - 2 * kHour, 20, 30 * kMin));
        QCOMPARE(book.count(), 20);
        QVERIFY2(notice().contains(QStringLiteral("3 older closed events are no longer shown")),
                 qPrintable(notice()));
        QCOMPARE(notice(), page.droppedText());
        // From when it is whole: the start of the oldest closed event kept,
        // in the locale's words.
        QCOMPARE(book.completeFromMs(), kNow - 20 * kHour + 3 * 30 * kMin);
        qint64 oldestKept = LLONG_MAX;
        for (const PolicyEvent& e : book.events())
            if (!e.isOpen())
                oldestKept = std::min(oldestKept, e.startMs);
        QCOMPARE(book.completeFromMs(), oldestKept);
        const QString from = dateTimeText(QDateTime::fromMSecsSinceEpoch(oldestKept));
        QVERIFY2(notice().contains(QStringLiteral("it is complete from ") + from),
                 qPrintable(notice()));
        // The cap and its memory, and where the events can still be seen:
        // judged here, by default on this computer without a history file.
        QVERIFY2(notice().contains(QStringLiteral("keeps up to 20 (about 14 KiB of memory)")),
                 qPrintable(notice()));
        QVERIFY2(notice().contains(QStringLiteral("This computer's events are kept only here; "
                                                  "Tools → Policy… replays")),
                 qPrintable(notice()));
        QVERIFY(!notice().contains(QStringLiteral("/v1/events")));
        page.setLocalSource({true, true});
        QVERIFY2(notice().contains(QStringLiteral("The demo's events are made here from its "
                                                  "readings and kept nowhere else; its readings "
                                                  "are in this run's history file")),
                 qPrintable(notice()));
        // An agent's events dropped: the agent still serves them.
        book.addAgentEvents({storedEvent(900, kNow - 30 * kHour, kNow - 29 * kHour)});
        QVERIFY2(notice().contains(QStringLiteral("4 older closed events")), qPrintable(notice()));
        QVERIFY2(notice().contains(QStringLiteral("GET /v1/events?after=SEQ")),
                 qPrintable(notice()));
        // Cleared: nothing was dropped from what there is now.
        book.clear();
        QVERIFY(notice().isEmpty());
        QVERIFY(page.droppedNotice()->isHidden());

        // One, in English with the app's plural forms.
        QTranslator en;
        QVERIFY2(en.load(QStringLiteral(GW_EN_QM)), GW_EN_QM);
        QVERIFY(QCoreApplication::installTranslator(&en));
        book.addEvents(closedEvents(21, kNow - 20 * kHour, 0, 30 * kMin));
        const QString one = notice();
        QCoreApplication::removeTranslator(&en);
        QVERIFY2(one.startsWith(QStringLiteral("1 older closed event is no longer shown")),
                 qPrintable(one));
    }

    // The Events page with the default cap passed, for docs/desktop.md: a
    // day of events after three of the demo's, the oldest of them dropped.
    void renderThePageWithDroppedEvents()
    {
        EventBook book;
        const int cap = book.limits().maxEvents();
        book.addEvents(closedEvents(cap + 1200, kNow - 6 * 24 * kHour, 0, 10'000));
        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        QCOMPARE(book.count(), cap);
        QCOMPARE(book.dropped().closed, 1200 + int(events.size()));
        EventsPage page(&book);
        page.setLocalSource({true, true});
        page.timeline()->setNowMs(kNow);
        page.setSpanMs(24 * kHour);
        page.resize(1024, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCoreApplication::processEvents();
        QVERIFY(page.droppedNotice()->isVisible());
        QVERIFY2(page.droppedText().startsWith(
                     QStringLiteral("1,212 older closed events are no longer shown: this view "
                                    "keeps up to 22,795 (about 16 MiB of memory)")),
                 qPrintable(page.droppedText()));
        // The notice is read whole: its height holds its wrapped lines.
        QLabel* notice = page.droppedNotice();
        QVERIFY(notice->height() >= notice->heightForWidth(notice->width()));
        QVERIFY(page.grab().save(shotPath(QStringLiteral("events-dropped.png"))));
    }

    void renderThePage_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("dark");
        QTest::newRow("1024x700") << QSize(1024, 700) << false;
        QTest::newRow("1024x700-dark") << QSize(1024, 700) << true;
        QTest::newRow("1920x1080") << QSize(1920, 1080) << false;
        QTest::newRow("1920x1080-dark") << QSize(1920, 1080) << true;
    }

    void renderThePage()
    {
        QFETCH(QSize, size);
        QFETCH(bool, dark);
        EventBook book;
        QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        EventsPage page(&book);
        if (dark)
            page.setPalette(test::darkPalette());
        page.timeline()->setNowMs(kNow);
        page.setSpanMs(24 * kHour);
        page.resize(size);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.selectEvent(idOf(events, QStringLiteral("idle/gpu-lab-01/22001")));
        QCoreApplication::processEvents();
        // Every lane label fits its column whole at these sizes.
        const QFontMetrics fm = page.timeline()->fontMetrics();
        for (const QString& label : page.timeline()->laneLabels())
            QVERIFY2(fm.horizontalAdvance(label) + 12 <= page.timeline()->plotRect().left(),
                     qPrintable(label));
        const QImage image = page.grab().toImage();
        QCOMPARE(image.size(), size * page.devicePixelRatio());
        const QString name = QStringLiteral("events-%1%2.png")
                                 .arg(QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                                      dark ? QStringLiteral("-dark") : QString());
        QVERIFY(image.save(shotPath(name)));
    }
};

QTEST_MAIN(TestEventTimeline)
#include "tst_eventtimeline.moc"
