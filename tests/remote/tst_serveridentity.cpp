// One identity per server (issue 24): the whole desktop (DesktopSession, as
// `gpuwarden --no-local` builds it) watching real demo agents over loopback
// whose host names collide ("gpu-lab-01", as every one-server demo agent is
// called) and differ from their URLs. Each server shows once, under the name
// the desktop watches it under, and the hog its agent judged reaches that
// server's rows in the tree, the Processes page and the overview; servers a
// hand-written settings file lists without a name stay servers of their own.
// The server is keyed by its agent's identity (/v1/info "agent_id"): one
// agent under two entries is said, never merged; the history written under
// the host:port a server had is found under the name it is given; another
// agent at a server's URL is said and its history kept apart.
#include "app/desktopcommandline.h"
#include "app/desktopsession.h"
#include "desktopsessionfor.h"
#include "engine/livestate.h"
#include "freeport.h"
#include "history/historystore.h"
#include "models/desktopstores.h"
#include "models/eventbook.h"
#include "models/fleetprocessmodel.h"
#include "models/overviewmodel.h"
#include "models/servertreemodel.h"
#include "models/verdictbook.h"
#include "privatebus.h"
#include "remote/secretstore.h"
#include "sources/demoworld.h"
#include "window/fleetprocesspage.h"
#include "window/mainwindow.h"
#include "window/overviewpage.h"
#include "window/statusline.h"
#include "wire/agentwire.h"

#include <QApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>

using namespace gw;
using gw::test::sessionFor;

namespace {

constexpr auto kHostName = "gpu-lab-01"; // the one-server demo agent's host

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QUrl local(quint16 port)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

// A settings file listing agents by URL, under these names (empty: none, as
// a hand-written file may have it).
bool writeServers(const QString& path, const QList<QUrl>& urls, const QStringList& names = {})
{
    QSettings s(path, QSettings::IniFormat);
    s.beginWriteArray(QStringLiteral("servers"), int(urls.size()));
    for (int i = 0; i < urls.size(); ++i) {
        s.setArrayIndex(i);
        s.setValue(QStringLiteral("id"), QString::number(i + 1));
        s.setValue(QStringLiteral("name"), names.value(i));
        s.setValue(QStringLiteral("url"), urls[i].toString());
    }
    s.endArray();
    s.sync();
    return s.status() == QSettings::NoError;
}

// The agent's identity as it says it on /v1/info.
QString agentIdAt(const QUrl& url)
{
    AgentEndpoint endpoint;
    endpoint.url = url;
    endpoint.token = "tok";
    AgentRequest request;
    request.pathAndQuery = QStringLiteral("/v1/info");
    const AgentCall call = callAgentBlocking(endpoint, request);
    return call.json ? (*call.json)[QStringLiteral("agent_id")].toString() : QString();
}

QString tipOf(const ServerTreeModel* tree, const QString& server)
{
    return tree->serverIndex(server).data(Qt::ToolTipRole).toString();
}

// Raw utilisation samples of a server's first GPU in the history file.
QList<RawSample> historySamples(HistoryStore& store, const QString& server)
{
    const QString gpu = store.gpusOf(server).value(0);
    return store.samples({server, gpu, MetricId::GpuUtilization}, 0,
                         QDateTime::currentMSecsSinceEpoch() + 60'000);
}

QStringList serversInTree(const ServerTreeModel* tree)
{
    QStringList out;
    for (int i = 0; i < tree->rowCount(); ++i)
        out << tree->index(i, 0).data(Qt::DisplayRole).toString();
    out.sort();
    return out;
}

// Some GPU row of `server` in the tree carries the hog mark.
bool treeMarksHog(const ServerTreeModel* tree, const QString& server)
{
    const QModelIndex s = tree->serverIndex(server);
    for (int i = 0; s.isValid() && i < tree->rowCount(s); ++i) {
        if (tree->index(i, ServerTreeModel::NameColumn, s).data(VerdictFlagsRole).toInt() &
            HogVerdict)
            return true;
    }
    return false;
}

// Some process row of `server` on the Processes page carries the hog mark.
bool processesMarkHog(FleetProcessModel* model, const QString& server)
{
    model->rebuild();
    for (int i = 0; i < model->rowCount(); ++i) {
        if (model->rowAt(i).server == server &&
            model->index(i, FleetProcessModel::CommandColumn).data(VerdictFlagsRole).toInt() &
                HogVerdict)
            return true;
    }
    return false;
}

} // namespace

class TestServerIdentity : public QObject
{
    Q_OBJECT

    test::PrivateBus m_bus;
    QTemporaryDir m_dir;
    QProcess m_agents[2];
    QUrl m_urls[2];

    bool startAgent(int i)
    {
        const quint16 port = test::freePort();
        m_urls[i] = local(port);
        return startAgentAt(m_agents[i], m_dir.filePath(QStringLiteral("agent%1").arg(i)), port);
    }

    // A demo agent (host name gpu-lab-01) with its journal, so its identity,
    // in `dir`.
    bool startAgentAt(QProcess& agent, const QString& dir, quint16 port)
    {
        QDir().mkpath(dir);
        const QString policy = dir + QStringLiteral("/policy.toml");
        const QString config = dir + QStringLiteral("/agent.toml");
        // A hog within a second: the demo's trainers run above 90 %.
        if (!writeFile(policy, "[hog]\nthreshold_percent = 50\nduration = \"1s\"\n") ||
            !writeFile(config,
                       "[agent]\ninterval_ms = 200\n[journal]\npath = \"" + dir.toUtf8() +
                           "/journal.sqlite\"\n[policy]\npath = \"" + policy.toUtf8() +
                           "\"\n[[token]]\nname = \"ws\"\nsha256 = \"" +
                           QCryptographicHash::hash("tok", QCryptographicHash::Sha256).toHex() +
                           "\"\n"))
            return false;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QString::number(port)});
        // stdout says where it listens once it does.
        return agent.waitForReadyRead(10000) && agent.readLine().startsWith("listening on");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // The tokens of the listed servers live in a keychain of the test's
        // own (qtkeychain talks to the first session bus it finds).
        QVERIFY2(m_bus.start(true), qPrintable(m_bus.error()));
        const QProcessEnvironment env = m_bus.environment();
        for (const QString& key : env.keys())
            qputenv(key.toLocal8Bit(), env.value(key).toLocal8Bit());
        qputenv("GPUWARDEN_TOKEN", "tok"); // --source's token
        QVERIFY(m_dir.isValid());
        for (int i = 0; i < 2; ++i)
            QVERIFY2(startAgent(i), m_agents[i].readAllStandardError().constData());
        SecretStore secrets;
        for (const QUrl& url : m_urls)
            QCOMPARE(secrets.writeBlocking(SecretStore::tokenKey(url), "tok"), QString());
    }

    void cleanupTestCase()
    {
        for (QProcess& agent : m_agents) {
            agent.terminate();
            agent.waitForFinished(5000);
        }
        m_bus.stop();
    }

    void agentsWithOneHostNameKeepTheirOwnRowsAndHogs()
    {
        // `gpuwarden --no-local --source URL` beside a server listed by URL
        // alone; both agents call themselves gpu-lab-01 and both judge a hog.
        const QString ini = m_dir.filePath(QStringLiteral("one.ini"));
        QVERIFY(writeServers(ini, {m_urls[1]}));
        auto session = sessionFor({QStringLiteral("--no-local"), QStringLiteral("--no-history"),
                                   QStringLiteral("--settings"), ini, QStringLiteral("--source"),
                                   m_urls[0].toString()});
        QVERIFY(session);
        MainWindow* window = session->window();
        const ServerTreeModel* tree = window->serverTreeModel();
        FleetProcessModel* processes = window->fleetProcessPage()->model();
        QStringList names{m_urls[0].authority(), m_urls[1].authority()};
        names.sort();

        const bool marked = QTest::qWaitFor(
            [&] {
                return treeMarksHog(tree, names[0]) && treeMarksHog(tree, names[1]) &&
                       processesMarkHog(processes, names[0]) &&
                       processesMarkHog(processes, names[1]);
            },
            20000);
        QVERIFY2(marked, qPrintable(serversInTree(tree).join(QLatin1String(", "))));

        // Each server once, under one name; the agents' shared host name
        // names nothing.
        QCOMPARE(serversInTree(tree), names);
        QVERIFY(!tree->serverIndex(QLatin1String(kHostName)).isValid());
        for (const QString& server : names) {
            const QString tip = tree->serverIndex(server).data(Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QStringLiteral("Host name gpu-lab-01")), qPrintable(tip));
        }
        OverviewModel* overview = window->overviewPage()->model();
        overview->rebuild();
        QStringList groups;
        for (const OverviewGroup& g : overview->groups()) {
            groups << g.server;
            QCOMPARE(g.host, QLatin1String(kHostName)); // a detail, beside the name
        }
        groups.sort();
        QCOMPARE(groups, names);
        // The overview's tiles take the verdicts as its model next rebuilds
        // (on the next reading): waited for, like the tree's marks above.
        for (const QString& server : names) {
            const bool tileMarked = QTest::qWaitFor(
                [&] {
                    overview->rebuild();
                    return std::any_of(overview->tiles().cbegin(), overview->tiles().cend(),
                                       [&](const OverviewTile& t) {
                                           return t.server == server && t.verdict && t.verdict->hog;
                                       });
                },
                10000);
            QVERIFY2(tileMarked, qPrintable(server));
        }

        // The events (and the status line's alerts made from them) name the
        // same servers, one hog of each: the agents' equal ids never merge.
        std::set<QString> hogServers;
        for (const PolicyEvent& e : session->stores()->events()->events()) {
            QVERIFY2(names.contains(e.server), qPrintable(e.server + QLatin1String(" ") + e.id));
            QVERIFY2(!e.id.contains(QLatin1String(kHostName)), qPrintable(e.id));
            if (e.kind == PolicyEventKind::Hog && e.isOpen())
                hogServers.insert(e.server);
        }
        QCOMPARE(hogServers.size(), 2u);
        // The status line's alert of a new hog names its server as the tree
        // does, never by the agent's host name.
        const StatusLine* status = window->statusLine();
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                         return status->text().contains(names[0]) ||
                                status->text().contains(names[1]);
                     },
                     5000),
                 qPrintable(status->text()));
        QVERIFY2(!status->text().contains(QLatin1String(kHostName)), qPrintable(status->text()));

        // For the eye (docs/screenshots): the mark in the overview, on the
        // Processes page and in the tree, one server each.
        QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
        const QString shots = QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/");
        window->resize(1280, 820);
        window->show();
        window->showOverview();
        QTest::qWait(300);
        QVERIFY(window->grab().save(shots + QStringLiteral("identity-overview.png")));
        window->showFleetProcesses();
        QTest::qWait(300);
        QVERIFY(window->grab().save(shots + QStringLiteral("identity-processes.png")));
        window->selectGpu(names[0], tree->index(0, 0, tree->serverIndex(names[0]))
                                        .data(Qt::ToolTipRole)
                                        .toString()
                                        .section(QLatin1Char('\n'), 0, 0));
        QTest::qWait(300);
        QVERIFY(window->grab().save(shots + QStringLiteral("identity-details.png")));
        session->stop();
    }

    void serversListedWithoutANameStayTheirOwn()
    {
        // A hand-written settings file with `name=` empty: every server stays
        // its own in the tree and the overview (under its host:port), none
        // merged into one nameless node.
        const QString ini = m_dir.filePath(QStringLiteral("three.ini"));
        const QUrl dead = local(test::freePort());
        QVERIFY(writeServers(ini, {m_urls[0], m_urls[1], dead}));
        auto session = sessionFor({QStringLiteral("--no-local"), QStringLiteral("--no-history"),
                                   QStringLiteral("--settings"), ini});
        QVERIFY(session);
        const ServerTreeModel* tree = session->window()->serverTreeModel();
        QStringList names{m_urls[0].authority(), m_urls[1].authority(), dead.authority()};
        names.sort();
        const bool all = QTest::qWaitFor(
            [&] {
                return serversInTree(tree) == names &&
                       tree->rowCount(tree->serverIndex(m_urls[0].authority())) == 4 &&
                       tree->rowCount(tree->serverIndex(m_urls[1].authority())) == 4;
            },
            20000);
        QVERIFY2(all, qPrintable(serversInTree(tree).join(QLatin1String(", "))));
        OverviewModel* overview = session->window()->overviewPage()->model();
        overview->rebuild();
        QCOMPARE(overview->totalGpuCount(), 8);
        QCOMPARE(overview->groups().size(), 3);
        session->stop();
    }

    void serversListedTwiceUnderOneNameStayTheirOwn()
    {
        // A hand-written file that names two servers alike (the Servers
        // dialog would refuse it): the second is watched under the name and
        // its host:port, not dropped.
        const QString ini = m_dir.filePath(QStringLiteral("twice.ini"));
        QVERIFY(writeServers(ini, {m_urls[0], m_urls[1]},
                             {QStringLiteral("lab"), QStringLiteral("lab")}));
        auto session = sessionFor({QStringLiteral("--no-local"), QStringLiteral("--no-history"),
                                   QStringLiteral("--settings"), ini});
        QVERIFY(session);
        const ServerTreeModel* tree = session->window()->serverTreeModel();
        const QString second = QStringLiteral("lab (%1)").arg(m_urls[1].authority());
        const bool both = QTest::qWaitFor(
            [&] {
                return serversInTree(tree) == QStringList{QStringLiteral("lab"), second} &&
                       tree->rowCount(tree->serverIndex(QStringLiteral("lab"))) == 4 &&
                       tree->rowCount(tree->serverIndex(second)) == 4;
            },
            20000);
        QVERIFY2(both, qPrintable(serversInTree(tree).join(QLatin1String(", "))));
        session->stop();
    }

    void oneAgentUnderTwoEntriesIsSaidAndTheHistoryFollowsTheIdentity()
    {
        // agent 0 listed twice ("lab", "lab again"), agent 1 as "other";
        // all three call their host gpu-lab-01. The history holds half a
        // minute of agent 1 from when it was watched by URL (host:port).
        const QString ini = m_dir.filePath(QStringLiteral("entries.ini"));
        QVERIFY(writeServers(
            ini, {m_urls[0], m_urls[0], m_urls[1]},
            {QStringLiteral("lab"), QStringLiteral("lab again"), QStringLiteral("other")}));
        const QString historyPath = m_dir.filePath(QStringLiteral("entries.sqlite"));
        const qint64 before = QDateTime::currentMSecsSinceEpoch() - 7'200'000;
        {
            QString error;
            auto store = HistoryStore::open(historyPath, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QList<Snapshot> old;
            for (int i = 0; i < 30; ++i) {
                Snapshot s = DemoWorld().serverAt(0, before + i * 1000);
                s.server = m_urls[1].authority();
                old << s;
            }
            QVERIFY2(store->append(old, &error), qPrintable(error));
            QVERIFY2(store->flush(&error), qPrintable(error));
        }
        const QString id0 = agentIdAt(m_urls[0]);
        const QString id1 = agentIdAt(m_urls[1]);
        QVERIFY(!id0.isEmpty() && !id1.isEmpty() && id0 != id1);

        auto session = sessionFor({QStringLiteral("--no-local"), QStringLiteral("--history"),
                                   historyPath, QStringLiteral("--settings"), ini});
        QVERIFY(session);
        const ServerTreeModel* tree = session->window()->serverTreeModel();
        const StatusLine* status = session->window()->statusLine();
        const QString agent0 = QStringLiteral("Agent ") + id0;
        const bool known = QTest::qWaitFor(
            [&] {
                return tipOf(tree, QStringLiteral("lab")).contains(agent0) &&
                       tipOf(tree, QStringLiteral("lab again")).contains(agent0) &&
                       tipOf(tree, QStringLiteral("other"))
                           .contains(QStringLiteral("Agent ") + id1) &&
                       status->text().contains(QStringLiteral("are one agent"));
            },
            20000);
        QVERIFY2(known, qPrintable(tipOf(tree, QStringLiteral("lab")) + QLatin1Char('\n') +
                                   status->text()));
        // Said, in the status line and both tooltips; not merged: two rows.
        QVERIFY2(status->text().contains(id0), qPrintable(status->text()));
        QVERIFY2(status->text().contains(QStringLiteral("lab and lab again are one agent")) ||
                     status->text().contains(QStringLiteral("lab again and lab are one agent")),
                 qPrintable(status->text()));
        QVERIFY(tipOf(tree, QStringLiteral("lab"))
                    .contains(QStringLiteral("The same agent as lab again")));
        QVERIFY(tipOf(tree, QStringLiteral("lab again"))
                    .contains(QStringLiteral("The same agent as lab")));
        QVERIFY(!tipOf(tree, QStringLiteral("other")).contains(QStringLiteral("The same agent")));
        QCOMPARE(serversInTree(tree),
                 (QStringList{QStringLiteral("lab"), QStringLiteral("lab again"),
                              QStringLiteral("other")}));
        QCOMPARE(session->state()->sameAgentAs(QStringLiteral("other")), QStringList());
        // The history moved to "other" on first contact: a reading of it
        // lands after the old rows, in one series.
        const bool moved = QTest::qWaitFor(
            [&] {
                QString error;
                auto store = HistoryStore::open(historyPath, HistoryStore::Mode::ReadOnly, &error);
                return store && historySamples(*store, QStringLiteral("other")).size() > 30;
            },
            15000);
        session->stop();
        QVERIFY(moved);
        // And said.
        QVERIFY2(status->text().contains(QStringLiteral("History: the history of \"%1\" (the same "
                                                        "agent) is now under other")
                                             .arg(m_urls[1].authority())),
                 qPrintable(status->text()));
        QString error;
        auto store = HistoryStore::open(historyPath, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(!store->servers().contains(m_urls[1].authority()));
        QVERIFY(!store->servers().contains(QLatin1String(kHostName)));
        const QList<RawSample> other = historySamples(*store, QStringLiteral("other"));
        QCOMPARE(other.first().ms, before);
        const QHash<QString, QString> bound = store->serverIdentities();
        QCOMPARE(bound.value(QStringLiteral("other")), id1);
        // The agent listed twice keeps one entry's history: the first that
        // heard from it.
        QCOMPARE(bound.size(), 2);
        QVERIFY(bound.value(QStringLiteral("lab")) == id0 ||
                bound.value(QStringLiteral("lab again")) == id0);
    }

    void anotherAgentAtAServersUrlIsSaidAndKeptApart()
    {
        // "swap" is watched at a port where one agent answers, then,
        // after it stops, another: the desktop says so, drops what it held
        // of the first, and keeps the two histories apart.
        const quint16 port = test::freePort();
        QProcess first;
        QProcess second;
        const auto stopAgents = qScopeGuard([&] {
            for (QProcess* agent : {&first, &second}) {
                agent->terminate();
                agent->waitForFinished(5000);
            }
        });
        QCOMPARE(SecretStore().writeBlocking(SecretStore::tokenKey(local(port)), "tok"), QString());
        QVERIFY(startAgentAt(first, m_dir.filePath(QStringLiteral("swap-a")), port));
        const QString idA = agentIdAt(local(port));
        QVERIFY(!idA.isEmpty());
        const QString ini = m_dir.filePath(QStringLiteral("swap.ini"));
        QVERIFY(writeServers(ini, {local(port)}, {QStringLiteral("swap")}));
        const QString historyPath = m_dir.filePath(QStringLiteral("swap.sqlite"));
        auto session = sessionFor({QStringLiteral("--no-local"), QStringLiteral("--history"),
                                   historyPath, QStringLiteral("--settings"), ini});
        QVERIFY(session);
        const ServerTreeModel* tree = session->window()->serverTreeModel();
        const StatusLine* status = session->window()->statusLine();
        const auto swapEvents = [&] {
            QList<PolicyEvent> out;
            for (const PolicyEvent& e : session->stores()->events()->events())
                if (e.server == QLatin1String("swap"))
                    out << e;
            return out;
        };
        // The first agent's hog is in before it goes.
        QVERIFY(QTest::qWaitFor(
            [&] {
                return tipOf(tree, QStringLiteral("swap")).contains(idA) &&
                       treeMarksHog(tree, QStringLiteral("swap"));
            },
            20000));
        QTest::qWait(1500); // a commit of the history
        first.terminate();
        QVERIFY(first.waitForFinished(5000));
        const qint64 replacedMs = QDateTime::currentMSecsSinceEpoch();
        QVERIFY(startAgentAt(second, m_dir.filePath(QStringLiteral("swap-b")), port));
        const QString idB = agentIdAt(local(port));
        QVERIFY(!idB.isEmpty() && idB != idA);
        const bool said = QTest::qWaitFor(
            [&] {
                return status->text().contains(QStringLiteral("swap is another agent now")) &&
                       tipOf(tree, QStringLiteral("swap")).contains(QStringLiteral("Agent ") + idB);
            },
            20000);
        QVERIFY2(said, qPrintable(status->text() + QLatin1Char('\n') +
                                  tipOf(tree, QStringLiteral("swap"))));
        QVERIFY(tipOf(tree, QStringLiteral("swap"))
                    .contains(QStringLiteral("answers as another agent")));
        // The first agent's events (its open hog) are gone; the second's
        // come, all begun after it started.
        QVERIFY(QTest::qWaitFor([&] { return treeMarksHog(tree, QStringLiteral("swap")); }, 20000));
        for (const PolicyEvent& e : swapEvents())
            QVERIFY2(e.startMs >= replacedMs - 1000, qPrintable(e.id));
        // The live charts start afresh too (both demo agents report the
        // same GPU UUIDs: their points would otherwise be one series).
        const QString liveGpu =
            session->state()->latest(QStringLiteral("swap"))->gpus.value(0).uuid;
        const auto live = session->state()->history().readings(QStringLiteral("swap"), liveGpu,
                                                               MetricId::GpuUtilization);
        QVERIFY(!live.isEmpty());
        QVERIFY2(live.first().t >= replacedMs - 1000,
                 qPrintable(QString::number(replacedMs - live.first().t)));
        QTest::qWait(1500);
        session->stop();

        QString error;
        auto store = HistoryStore::open(historyPath, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(store, qPrintable(error));
        const QString aside = QStringLiteral("swap (agent %1)").arg(idA.left(8));
        QCOMPARE(store->serverIdentities(),
                 (QHash<QString, QString>{{QStringLiteral("swap"), idB}, {aside, idA}}));
        const QList<RawSample> before = historySamples(*store, aside);
        const QList<RawSample> after = historySamples(*store, QStringLiteral("swap"));
        QVERIFY(!before.isEmpty() && !after.isEmpty());
        QVERIFY(before.last().ms < replacedMs);
        QVERIFY(after.first().ms >= replacedMs - 1000);
    }
};

QTEST_MAIN(TestServerIdentity)
#include "tst_serveridentity.moc"
