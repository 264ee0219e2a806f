// Freshness end to end: a server whose readings stop is shown stale in every
// view of the window (tree rows greyed with the stale mark and no verdict,
// the header, the status line, the host page, the process list), its age
// moves on, and all of it recovers when readings come back. Three ways
// readings stop: a real agent (the in-process AgentServer over loopback,
// read by AgentLinks as the desktop does) is shut down mid-run; one target of
// a source that polls several servers (as Prometheus does) stops while the
// others go on; a local sampler starts failing.
#include "agent/agentserver.h"
#include "common/palette.h"
#include "darkpalette.h"
#include "engine/engine.h"
#include "engine/livestate.h"
#include "models/desktopstores.h"
#include "models/processmodel.h"
#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"
#include "remote/agentlinks.h"
#include "sources/demoworld.h"
#include "sources/source.h"
#include "window/hostpage.h"
#include "window/liveheader.h"
#include "window/mainwindow.h"
#include "window/processpane.h"
#include "window/servertree.h"
#include "window/statusline.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QMutex>
#include <QStyleFactory>
#include <QTest>
#include <QTimer>

#include <atomic>

using namespace gw;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kIntervalMs = 200;
constexpr qint64 kT = 1795305600000 + 12 * 3'600'000 + 35 * 60'000;
// Stale within three intervals (of sampling, or of arrival where readings
// come less often: a loaded machine polls late), plus one freshness check
// and a poll's round trip; generous for two shared cores.
int staleWithinMs(const LiveState& fleet, const QString& server)
{
    const Freshness f = fleet.freshness(server);
    const qint64 ms =
        LiveState::kStaleIntervals * std::max(f.intervalMs, f.arrivalIntervalMs) + 1500;
    qInfo("%s: interval %lld ms, arrivals every %lld ms: stale within %lld ms", qPrintable(server),
          f.intervalMs, f.arrivalIntervalMs, ms);
    return int(ms);
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

// A demo server's reading now, as a server sampled every kIntervalMs.
Snapshot readingNow(int demoServer, const QString& name = {})
{
    Snapshot s = DemoWorld().serverAt(demoServer, QDateTime::currentMSecsSinceEpoch());
    if (!name.isEmpty())
        s.server = name;
    s.intervalMs = kIntervalMs;
    return s;
}

// What each view of the window says about `server`, shown with its first
// GPU selected, then the server itself. Empty: every view says stale.
QStringList viewsNotStale(MainWindow& w, const QString& server)
{
    QStringList missing;
    ServerTreeModel* m = w.serverTreeModel();
    const QModelIndex row = m->serverIndex(server);
    const QModelIndex gpu = m->index(0, 0, row);
    if (!gpu.data(StaleRole).toBool())
        missing << QStringLiteral("tree GPU row not greyed");
    if (gpu.data(StatusRole).isValid())
        missing << QStringLiteral("tree GPU row still has a verdict");
    if (ServerTreeDelegate::mark(gpu) != DisplayState::Stale)
        missing << QStringLiteral("tree GPU row mark is not stale");
    if (!row.data(StaleRole).toBool())
        missing << QStringLiteral("tree server row not greyed");
    if (!row.data(SummaryRole).toString().contains(QStringLiteral("last reading")))
        missing << QStringLiteral("tree server row: ") + row.data(SummaryRole).toString();
    w.selectGpu(server, gpu.data(GpuUuidRole).toString());
    if (!w.liveHeader()->staleLine().contains(QStringLiteral("last reading")))
        missing << QStringLiteral("header (GPU)");
    if (!w.processModel()->isStale() || w.processPane()->staleLine().isEmpty())
        missing << QStringLiteral("process list");
    if (!w.statusLine()->staleSummary().contains(QStringLiteral("stale")))
        missing << QStringLiteral("status line summary");
    if (!w.statusLine()->updatedText().contains(QStringLiteral("last reading")))
        missing << QStringLiteral("status line: ") + w.statusLine()->updatedText();
    w.selectServer(server);
    if (!w.hostPage()->greyed() ||
        !w.hostPage()->lastReadingLine().contains(QStringLiteral("stale")))
        missing << QStringLiteral("host page: ") + w.hostPage()->lastReadingLine();
    if (!w.liveHeader()->staleLine().contains(QStringLiteral("last reading")))
        missing << QStringLiteral("header (server)");
    return missing;
}

// Empty: every view shows current figures and verdicts.
QStringList viewsNotFresh(MainWindow& w, const QString& server)
{
    QStringList wrong;
    ServerTreeModel* m = w.serverTreeModel();
    const QModelIndex row = m->serverIndex(server);
    const QModelIndex gpu = m->index(0, 0, row);
    if (gpu.data(StaleRole).toBool() || !gpu.data(StatusRole).isValid())
        wrong << QStringLiteral("tree GPU row");
    if (ServerTreeDelegate::mark(gpu) == DisplayState::Stale)
        wrong << QStringLiteral("tree GPU mark");
    if (row.data(StaleRole).toBool() || row.data(DisplayStateRole).isValid())
        wrong << QStringLiteral("tree server row");
    w.selectGpu(server, gpu.data(GpuUuidRole).toString());
    if (!w.liveHeader()->staleLine().isEmpty())
        wrong << QStringLiteral("header");
    if (w.processModel()->isStale() || !w.processPane()->staleLine().isEmpty())
        wrong << QStringLiteral("process list");
    if (!w.statusLine()->updatedText().startsWith(QStringLiteral("Updated")))
        wrong << QStringLiteral("status line: ") + w.statusLine()->updatedText();
    w.selectServer(server);
    if (w.hostPage()->greyed())
        wrong << QStringLiteral("host page");
    return wrong;
}

// A producer for several servers (as a Prometheus server answers for its
// targets) whose servers can stop reporting one by one, or fail as a whole
// (a local sampler that stops answering).
class Targets final : public Producer
{
public:
    explicit Targets(QStringList names)
        : m_names(std::move(names))
    {}
    QString init() override { return QStringLiteral("test targets"); }
    QList<Snapshot> produce() override
    {
        QList<Snapshot> out;
        if (m_failing)
            return out;
        QMutexLocker lock(&m_mutex);
        for (int i = 0; i < m_names.size(); ++i) {
            if (!m_stopped.contains(m_names[i])) {
                Snapshot s = DemoWorld().serverAt(i, QDateTime::currentMSecsSinceEpoch());
                s.server = m_names[i];
                out.append(s); // the Source stamps its interval
            }
        }
        return out;
    }
    QString problem() const override
    {
        return m_failing ? QStringLiteral("the sampler stopped answering") : QString();
    }
    void stop(const QString& name)
    {
        QMutexLocker lock(&m_mutex);
        m_stopped.insert(name);
    }
    void resume(const QString& name)
    {
        QMutexLocker lock(&m_mutex);
        m_stopped.remove(name);
    }
    std::atomic<bool> m_failing{false};

private:
    QStringList m_names;
    QMutex m_mutex;
    QSet<QString> m_stopped;
};

} // namespace

class TestFreshness : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); }

    void anAgentStoppedMidRunIsStaleEverywhereAndRecovers()
    {
        AgentConfig config;
        config.port = 0; // any free port: 9807 may be taken (another suite, a running agent)
        config.ringSize = 500;
        config.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
        auto agent = std::make_unique<AgentServer>(config);
        QString error;
        QVERIFY2(agent->listen(&error), qPrintable(error));
        const quint16 port = agent->port();
        // The agent samples every kIntervalMs.
        QTimer sampling;
        sampling.setInterval(int(kIntervalMs));
        connect(&sampling, &QTimer::timeout, this, [&] {
            if (agent)
                agent->publish(readingNow(0));
        });
        agent->publish(readingNow(0));
        sampling.start();

        // The desktop's side, wired as gpuwarden_main wires it.
        Engine engine;
        LiveState fleet;
        fleet.setFreshnessCheckInterval(100);
        engine.addConsumer(&fleet, &LiveState::ingestBatch);
        AgentLinks links{std::chrono::milliseconds(kIntervalMs)};
        engine.attach(&links);
        connect(&links, &AgentLinks::statusChanged, &fleet, &LiveState::setConnection);
        const QString lab = QStringLiteral("lab-a");
        links.setServers(
            {RemoteServer{lab, QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), "tok", {}}});
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY_WITH_TIMEOUT(fleet.latest(lab) && !fleet.freshness(lab).stale, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.serverTreeModel()->rowCount(w.serverTreeModel()->serverIndex(lab)) == 4, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, lab), QStringList(), 5000);
        QCOMPARE(fleet.freshness(lab).intervalMs, kIntervalMs); // the agent's own interval

        // The agent goes away mid-run.
        QElapsedTimer since;
        int within = staleWithinMs(fleet, lab);
        since.start();
        agent.reset();
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotStale(w, lab), QStringList(), within);
        const qint64 tookMs = since.elapsed();
        qInfo("stale in every view %lld ms after the agent stopped (interval %lld ms)", tookMs,
              kIntervalMs);
        // The last figures stay, greyed: 4 GPUs with their utilisation.
        const QModelIndex gpu0 = w.serverTreeModel()->index(0, ServerTreeModel::UtilColumn,
                                                            w.serverTreeModel()->serverIndex(lab));
        QVERIFY(gpu0.data(RawValueRole).isValid());
        // The age moves on while it is down.
        const QString before = w.liveHeader()->staleLine();
        QTRY_VERIFY_WITH_TIMEOUT(w.liveHeader()->staleLine() != before, 3000);
        QVERIFY(w.grab().save(shotPath(QStringLiteral("stale-agent.png"))));

        // It comes back on the same port and samples again.
        agent = std::make_unique<AgentServer>([&] {
            AgentConfig c = config;
            c.port = port;
            return c;
        }());
        QVERIFY2(agent->listen(&error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, lab), QStringList(), 15000);

        // The agent still answers but stops sampling: its link stays
        // connected (the link's own stale state needs 5 s), yet within three
        // intervals every view says stale from the readings' age alone.
        within = staleWithinMs(fleet, lab);
        sampling.stop();
        since.restart();
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotStale(w, lab), QStringList(), within);
        const qint64 staleMs = since.elapsed();
        qInfo("stale in every view %lld ms after the agent stopped sampling", staleMs);
        // The link calls itself stale 5 s after its last new reading (up to
        // an arrival interval before sampling stopped); on a machine so busy
        // that the views took that long, its state says nothing about what
        // made the views stale.
        if (staleMs + fleet.freshness(lab).arrivalIntervalMs < 4500)
            QCOMPARE(fleet.connection(lab)->state, LinkState::Connected);
        QCOMPARE(ServerTreeDelegate::mark(w.serverTreeModel()->serverIndex(lab)),
                 DisplayState::Stale);
        sampling.start();
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, lab), QStringList(), 5000);
        sampling.stop();
        links.stop();
    }

    void aPolledTargetThatStopsIsStaleAndTheOthersAreNot()
    {
        Engine engine;
        LiveState fleet;
        fleet.setFreshnessCheckInterval(100);
        engine.addConsumer(&fleet, &LiveState::ingestBatch);
        auto producer = std::make_unique<Targets>(
            QStringList{QStringLiteral("prom-a"), QStringLiteral("prom-b")});
        Targets* targets = producer.get();
        Source source(std::move(producer), std::chrono::milliseconds(kIntervalMs));
        engine.attach(&source);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(fleet.latest(QStringLiteral("prom-b")), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, QStringLiteral("prom-a")), QStringList(), 5000);
        // The Source stamped its own interval on readings that had none.
        QCOMPARE(fleet.freshness(QStringLiteral("prom-a")).intervalMs, kIntervalMs);

        const int within = staleWithinMs(fleet, QStringLiteral("prom-a"));
        targets->stop(QStringLiteral("prom-a"));
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotStale(w, QStringLiteral("prom-a")), QStringList(),
                                  within);
        QVERIFY(!fleet.freshness(QStringLiteral("prom-b")).stale);
        QCOMPARE(viewsNotFresh(w, QStringLiteral("prom-b")), QStringList());
        QCOMPARE(w.statusLine()->staleSummary(), QStringLiteral("1 servers stale"));

        targets->resume(QStringLiteral("prom-a"));
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, QStringLiteral("prom-a")), QStringList(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(w.statusLine()->staleSummary().isEmpty(), 3000);
        source.stop();
    }

    // The status line's count is of the servers whose newest reading is
    // older than their threshold, as the tree shows them at that moment:
    // two fresh and one stale is "1 servers stale" naming that one; the
    // stale one's new reading clears it at once (it waited for the next
    // freshness check, up to a second in which the tree said fresh and the
    // status line still said stale), and a fresh one turned stale is
    // counted instead.
    void theStaleCountIsOfServersWhoseNewestReadingIsTooOld()
    {
        qint64 now = kT;
        LiveState fleet;
        fleet.setClock([&now] { return now; });
        fleet.setFreshnessCheckInterval(3'600'000); // checked by hand below
        const auto reading = [&](const QString& server, qint64 at) {
            Snapshot s = DemoWorld().serverAt(0, at);
            s.server = server;
            s.intervalMs = 1000;
            return s;
        };
        const QString a = QStringLiteral("alpha");
        const QString b = QStringLiteral("bravo");
        const QString c = QStringLiteral("charlie");
        fleet.ingest(reading(c, now - 10'000)); // ten intervals old
        fleet.ingest(reading(a, now - 500));
        fleet.ingest(reading(b, now));
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        fleet.checkFreshness();
        const auto staleInTree = [&] {
            QStringList out;
            for (const QString& server : {a, b, c})
                if (w.serverTreeModel()->serverIndex(server).data(StaleRole).toBool())
                    out << server;
            return out;
        };
        QCOMPARE(staleInTree(), QStringList{c});
        QCOMPARE(w.statusLine()->staleSummary(), QStringLiteral("1 servers stale"));
        QVERIFY2(w.statusLine()->staleToolTip().startsWith(c + QStringLiteral(": ")),
                 qPrintable(w.statusLine()->staleToolTip()));

        // charlie reads again: fresh everywhere, before any check.
        fleet.ingest(reading(c, now));
        QCoreApplication::processEvents();
        QCOMPARE(staleInTree(), QStringList());
        QCOMPARE(w.statusLine()->staleSummary(), QString());

        // Five seconds on, only bravo and charlie read again: alpha is stale.
        now += 5000;
        fleet.ingest(reading(b, now));
        fleet.ingest(reading(c, now));
        QCoreApplication::processEvents();
        QCOMPARE(staleInTree(), QStringList{a});
        QCOMPARE(w.statusLine()->staleSummary(), QStringLiteral("1 servers stale"));
        QVERIFY2(w.statusLine()->staleToolTip().startsWith(a + QStringLiteral(": ")),
                 qPrintable(w.statusLine()->staleToolTip()));
    }

    // docs/screenshots/stale-server*.png: the demo fleet with gpu-lab-02's
    // agent stopped four minutes ago, one of its GPUs selected.
    void staleServerScreenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void staleServerScreenshots()
    {
        QFETCH(bool, dark);
        constexpr qint64 kDownFor = 4 * 60'000;
        const QString down = QStringLiteral("gpu-lab-02");
        LiveState fleet;
        fleet.setClock([] { return kT; });
        QList<Snapshot> readings;
        for (const Snapshot& s : DemoProducer().backfill(kT - 15 * 60'000, kT + 1)) {
            if (s.server != down || s.timestampMs <= kT - kDownFor)
                readings.append(s);
        }
        fleet.ingestBatch(readings);
        LinkStatus link;
        link.server = down;
        link.state = LinkState::Unreachable;
        link.error = QStringLiteral("connection refused");
        fleet.setConnection(link);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        if (dark)
            w.setPalette(test::darkPalette());
        w.setBackendStatus(QStringLiteral("Watching 3 servers."));
        w.resize(1280, 820);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(viewsNotStale(w, down), QStringList());
        QCOMPARE(viewsNotFresh(w, QStringLiteral("gpu-lab-01")), QStringList());
        QVERIFY(w.statusLine()->staleSummary().contains(QStringLiteral("1 servers stale")));
        w.selectGpu(down, fleet.latest(down)->gpus[0].uuid);
        QVERIFY(w.liveHeader()->staleLine().contains(QStringLiteral("4 min ago")));
        w.refreshCharts();
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotPath(dark ? QStringLiteral("stale-server-dark.png")
                                            : QStringLiteral("stale-server.png"))));
    }

    void aLocalSamplerThatFailsIsStale()
    {
        Engine engine;
        LiveState fleet;
        fleet.setFreshnessCheckInterval(100);
        engine.addConsumer(&fleet, &LiveState::ingestBatch);
        auto producer = std::make_unique<Targets>(QStringList{QStringLiteral("workstation")});
        Targets* sampler = producer.get();
        Source source(std::move(producer), std::chrono::milliseconds(kIntervalMs));
        engine.attach(&source);
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        connect(&source, &Source::statusChanged, &w, &MainWindow::setBackendStatus);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        source.start();
        const QString ws = QStringLiteral("workstation");
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, ws), QStringList(), 5000);

        const int within = staleWithinMs(fleet, ws);
        sampler->m_failing = true;
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotStale(w, ws), QStringList(), within);
        // The source says why, beside the stale views.
        QTRY_VERIFY_WITH_TIMEOUT(
            w.statusText().contains(QStringLiteral("the sampler stopped answering")), 3000);

        sampler->m_failing = false;
        QTRY_COMPARE_WITH_TIMEOUT(viewsNotFresh(w, ws), QStringList(), 5000);
        source.stop();
    }
};

QTEST_MAIN(TestFreshness)
#include "tst_freshness.moc"
