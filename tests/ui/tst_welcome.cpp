// The first start with nothing to watch (issue 28): no GPU here and no
// server added. The overview shows the welcome panel instead of empty
// tiles, and the tiles as soon as a GPU reports or a server is added
// (live, not at the next start); its three ways on (add an agent, the
// demo, the guide) do what they say, and say so when they cannot. Renders
// the panel at 1024 × 700 and 1920 × 1080, light and dark.

#include "darkpalette.h"
#include "engine/livestate.h"
#include "model/snapshot.h"
#include "models/overviewmodel.h"
#include "screenshotpath.h"
#include "window/overviewpage.h"
#include "window/overviewview.h"
#include "window/welcomepanel.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

Snapshot reading(const QString& server, int gpus, qint64 t = 1'795'305'600'000)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = t;
    s.intervalMs = 1000;
    for (int i = 0; i < gpus; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = u"GPU-%1-%2"_s.arg(server).arg(i);
        g.name = u"NVIDIA A100-SXM4-80GB"_s;
        g.utilizationGpuPercent = 10;
        s.gpus << g;
    }
    return s;
}

LinkStatus remote(const QString& server, LinkState state)
{
    LinkStatus l;
    l.server = server;
    l.state = state;
    l.error = u"connection refused"_s;
    return l;
}

// `w` lies whole inside `outer`'s rectangle (not scrolled or cut off).
bool wholeInside(QWidget* outer, QWidget* w)
{
    const QRect r(w->mapTo(outer, QPoint(0, 0)), w->size());
    return outer->rect().contains(r);
}

} // namespace

class TestWelcome : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aMachineWithoutAGpuAndNoServerIsWelcomed()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        page.resize(1024, 600);
        page.show();
        // Before the first reading, the grace: not yet (a GPU machine's
        // first reading would make it flash).
        QVERIFY(!page.welcomeShown());
        QTRY_VERIFY_WITH_TIMEOUT(page.welcomeShown(), OverviewPage::kFirstReadingGraceMs + 2000);

        // The local machine reports, no GPU: still welcome.
        fleet.ingest(reading(u"vm"_s, 0));
        QVERIFY(page.welcomeShown());
        QVERIFY(page.nothingToWatch());

        // An agent added (not answering yet): its tile, at once.
        fleet.setConnection(remote(u"gpu-node-1"_s, LinkState::Connecting));
        QVERIFY(!page.welcomeShown());
        page.model()->rebuild();
        const auto& groups = page.model()->groups();
        const auto card = std::find_if(groups.begin(), groups.end(),
                                       [](const auto& g) { return g.server == u"gpu-node-1"_s; });
        QVERIFY(card != groups.end());
        QCOMPARE(card->link, std::optional(LinkState::Connecting));
        // Removed again: welcome again.
        fleet.removeServer(u"gpu-node-1"_s);
        QVERIFY(page.welcomeShown());
    }

    void aGpuThatReportsBringsTheTiles()
    {
        LiveState fleet;
        OverviewPage page(&fleet);
        page.show();
        fleet.ingest(reading(u"vm"_s, 0));
        QVERIFY(page.welcomeShown()); // a local server without GPU, reported
        // The same machine's next reading has a GPU (a driver loaded).
        fleet.ingest(reading(u"vm"_s, 1, 1'795'305'601'000));
        QVERIFY(!page.welcomeShown());
        QTRY_COMPARE(page.view()->tileCount(), 1);

        // A machine with GPUs is never welcomed, grace or not.
        LiveState gpus;
        OverviewPage other(&gpus);
        gpus.ingest(reading(u"gpu-lab-01"_s, 4));
        QTest::qWait(OverviewPage::kFirstReadingGraceMs + 200);
        QVERIFY(!other.welcomeShown());
        QVERIFY(!other.nothingToWatch());
    }

    void theThreeWaysOnDoWhatTheySay()
    {
        WelcomePanel panel;
        QStringList launched;
        bool launchWorks = true;
        panel.setLauncher([&](const QString& program, const QStringList& args) {
            launched << program + u' ' + args.join(u' ');
            return launchWorks;
        });
        QStringList opened;
        bool openWorks = true;
        panel.setOpener([&](const QString& path) {
            opened << path;
            return openWorks;
        });
        panel.show();

        QSignalSpy add(&panel, &WelcomePanel::addAgentRequested);
        panel.addAgentButton()->click();
        QCOMPARE(add.size(), 1);

        // The demo: this program with --demo, in a window of its own.
        panel.demoButton()->click();
        QCOMPARE(launched, QStringList{QCoreApplication::applicationFilePath() + u" --demo"_s});
        QVERIFY(panel.problem()->isHidden());
        launchWorks = false;
        panel.demoButton()->click();
        QVERIFY(!panel.problem()->isHidden());
        QVERIFY(panel.problem()->text().contains(u"--demo"_s));

        // The guide: the sources' front page (this build is not installed).
        panel.guideButton()->click();
        QVERIFY(panel.problem()->isHidden());
        QCOMPARE(opened.size(), 1);
        QVERIFY2(opened[0].endsWith(u"docs/guide/README.md"_s), qPrintable(opened[0]));
        QCOMPARE(WelcomePanel::guidePath(), opened[0]);
        // No viewer: the path in words.
        openWorks = false;
        panel.guideButton()->click();
        QVERIFY(!panel.problem()->isHidden());
        QVERIFY(panel.problem()->text().contains(QDir::toNativeSeparators(opened[0])));

        // The commands: install, token, reload; copied as shown.
        const QString commands = panel.commands()->toPlainText();
        QCOMPARE(commands, WelcomePanel::agentCommands());
        QVERIFY(commands.contains(u"gpuwarden-agent_" GW_VERSION "_amd64.deb"_s));
        QVERIFY(commands.contains(u"gpuwarden-agent token new --name my-desktop --scope read"_s));
        QVERIFY(commands.contains(u"systemctl reload gpuwarden-agent"_s));
        QApplication::clipboard()->clear();
        panel.copyButton()->click();
        QCOMPARE(QApplication::clipboard()->text(), commands);

        // Without a server list (File → Servers… off), no way to add one.
        panel.setAddAgentEnabled(false);
        QVERIFY(!panel.addAgentButton()->isEnabled());
        QVERIFY(!panel.addAgentButton()->toolTip().isEmpty());
    }

    void fitsTheSmallScreenAndTheLarge_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("dark");
        QTest::addColumn<QString>("shot");
        QTest::newRow("1024x700") << QSize(1024, 560) << false << u"welcome-1024x700.png"_s;
        QTest::newRow("1024x700 dark")
            << QSize(1024, 560) << true << u"welcome-1024x700-dark.png"_s;
        QTest::newRow("1920x1080") << QSize(1920, 940) << false << u"welcome-1920x1080.png"_s;
    }

    void fitsTheSmallScreenAndTheLarge()
    {
        QFETCH(QSize, size);
        QFETCH(bool, dark);
        QFETCH(QString, shot);
        // The overview's share of a window of that screen (menus, tabs and
        // status bar take the rest).
        LiveState fleet;
        OverviewPage page(&fleet);
        if (dark)
            page.setPalette(test::darkPalette());
        page.resize(size);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        fleet.ingest(reading(u"vm"_s, 0));
        QVERIFY(page.welcomeShown());
        WelcomePanel* w = page.welcome();
        QVERIFY(page.grab().save(test::screenshotPath(shot)));
        // Every way on visible without scrolling, the commands whole.
        for (QWidget* part :
             {static_cast<QWidget*>(w->addAgentButton()), static_cast<QWidget*>(w->demoButton()),
              static_cast<QWidget*>(w->guideButton()), static_cast<QWidget*>(w->commands())})
            QVERIFY2(part->isVisible() && wholeInside(&page, part), qPrintable(part->objectName()));
        QCOMPARE(w->commands()->horizontalScrollBar()->isVisible(), false);
        // Its last line whole inside the box (it has no scroll bar to reach it).
        QTextCursor end(w->commands()->document());
        end.movePosition(QTextCursor::End);
        QVERIFY(w->commands()->cursorRect(end).bottom() < w->commands()->viewport()->height());
    }
};

QTEST_MAIN(TestWelcome)
#include "tst_welcome.moc"
