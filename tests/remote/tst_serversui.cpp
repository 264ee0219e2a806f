// The server list as the admin meets it: the edit dialog's checks, tokens
// in a real (private, unlocked) gnome-keyring and never in the settings
// file, and the main window watching three agents, one of them down.
#include "agent/agentserver.h"
#include "app/desktopsession.h"
#include "darkpalette.h"
#include "desktopsessionfor.h"
#include "engine/livestate.h"
#include "freeport.h"
#include "history/historystore.h"
#include "models/desktopstores.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "privatebus.h"
#include "remote/agentlinks.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
#include "sources/demoworld.h"
#include "testcert.h"
#include "window/hostpage.h"
#include "window/mainwindow.h"
#include "window/overviewpage.h"
#include "window/overviewview.h"
#include "window/reportdialog.h"
#include "window/serversdialog.h"
#include "window/servertree.h"
#include "window/statusline.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

using namespace gw;
using namespace std::chrono_literals;

namespace {

QString screenshotPath(const QString& name)
{
    // Screenshots land in the build tree; docs/screenshots holds the chosen ones.
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

QUrl local(quint16 port)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

ServerEntry agentEntry(const QString& name, const QUrl& url)
{
    ServerEntry e;
    e.name = name;
    e.url = url;
    return e;
}

} // namespace

class TestServersUi : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // A child run (see aTokenTypedWithoutAKeychainIsKeptForTheSession)
        // keeps the bus without a Secret Service it was given.
        if (isChild())
            return;
        // qtkeychain talks to whatever session bus this process finds first:
        // make it ours before anything touches D-Bus.
        QVERIFY2(m_bus.start(true), qPrintable(m_bus.error()));
        const QProcessEnvironment env = m_bus.environment();
        for (const QString& key : env.keys())
            qputenv(key.toLocal8Bit(), env.value(key).toLocal8Bit());
    }

    void init()
    {
        m_settingsFile = std::make_unique<QTemporaryFile>();
        QVERIFY(m_settingsFile->open());
        m_settings = std::make_unique<QSettings>(m_settingsFile->fileName(), QSettings::IniFormat);
    }

    void editDialogSaysWhatIsWrong()
    {
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        QString error;
        const ServerEntry lab = agentEntry(
            QStringLiteral("lab-1"), parseServerUrl(QStringLiteral("http://lab-1:9807"), &error));
        QSignalSpy saved(&list, &ServerList::changed);
        list.put(lab, std::nullopt, {});
        QCOMPARE(saved.size(), 1);

        ServerEditDialog d(&list, std::nullopt);
        QVERIFY(!d.okButton()->isEnabled()); // empty: nothing to save, no scolding yet
        QVERIFY(d.problemLabel()->text().isEmpty());
        d.nameEdit()->setText(QStringLiteral("lab-2"));
        d.urlEdit()->setText(QStringLiteral("lab-2:9807"));
        QVERIFY(!d.okButton()->isEnabled());
        QVERIFY2(d.problemLabel()->text().contains(QStringLiteral("http://")),
                 qPrintable(d.problemLabel()->text()));
        d.urlEdit()->setText(QStringLiteral("https://admin:pw@lab-2:9807"));
        QVERIFY(d.problemLabel()->text().contains(QStringLiteral("token has a field")));
        d.urlEdit()->setText(QStringLiteral("http://LAB-1:9807/"));
        QVERIFY2(d.problemLabel()->text().contains(QStringLiteral("already uses this URL")),
                 qPrintable(d.problemLabel()->text()));
        d.urlEdit()->setText(QStringLiteral("https://lab-2.example.org:9807/"));
        d.nameEdit()->setText(QStringLiteral("LAB-1"));
        QVERIFY(d.problemLabel()->text().contains(QStringLiteral("already called")));
        d.show();
        QVERIFY(d.grab().save(screenshotPath(QStringLiteral("server-edit-problem.png"))));
        d.nameEdit()->setText(QStringLiteral("lab-2"));
        QVERIFY(d.okButton()->isEnabled());
        QVERIFY(d.problemLabel()->text().isEmpty());
        d.tokenEdit()->setText(QStringLiteral("  s3cret  "));
        QCOMPARE(d.entry().url, QUrl(QStringLiteral("https://lab-2.example.org:9807")));
        QCOMPARE(d.token(), std::optional<QByteArray>("s3cret"));

        // The token row's label names its field (an "&" of its own, not a
        // literal one): Alt+T reaches the token.
        QLabel* tokenLabel = nullptr;
        for (QLabel* l : d.findChildren<QLabel*>()) {
            if (l->text() == QLatin1String("&Token:"))
                tokenLabel = l;
        }
        QVERIFY(tokenLabel);
        QCOMPARE(tokenLabel->buddy(), d.tokenEdit());

        // Editing: an untouched token field leaves the stored token alone.
        ServerEditDialog edit(&list, list.entries().first());
        QVERIFY(edit.okButton()->isEnabled());
        QCOMPARE(edit.token(), std::nullopt);
        QCOMPARE(edit.tokenEdit()->text(), QString()); // never shown back
    }

    // agent.toml holds only each token's SHA-256: the field must not send
    // the admin there for the token, but to where it really comes from.
    void theTokenFieldSaysWhereTheTokenComesFrom()
    {
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        ServerEditDialog d(&list, std::nullopt);
        const QString hint = d.tokenEdit()->placeholderText();
        const QString help = d.tokenEdit()->toolTip();
        QVERIFY2(!hint.contains(QStringLiteral("configuration")), qPrintable(hint));
        QVERIFY2(hint.contains(QStringLiteral("printed")) && hint.contains(QStringLiteral("chose")),
                 qPrintable(hint));
        QVERIFY2(help.contains(QStringLiteral("agent.toml keeps only its SHA-256")),
                 qPrintable(help));
        QVERIFY2(help.contains(QStringLiteral("token for this run")), qPrintable(help));
    }

    void tokensLiveInTheKeychainNeverInTheSettingsFile()
    {
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        QString error;
        const QUrl url = parseServerUrl(QStringLiteral("https://gpu-07.example.org:9807"), &error);
        QVERIFY(error.isEmpty());
        QString keychainError = QStringLiteral("not called");
        list.put(agentEntry(QStringLiteral("gpu-07"), url), QByteArray("tok-gpu-07-secret"),
                 [&](const SecretError& e) { keychainError = e.text(); });
        QVERIFY(QTest::qWaitFor([&] { return keychainError != QLatin1String("not called"); }));
        QVERIFY2(keychainError.isEmpty(), qPrintable(keychainError));
        QCOMPARE(secrets.readBlocking(SecretStore::tokenKey(url)).secret,
                 std::optional<QByteArray>("tok-gpu-07-secret"));
        m_settings->sync();
        QFile file(m_settingsFile->fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray stored = file.readAll();
        QVERIFY(stored.contains("gpu-07.example.org"));
        QVERIFY(!stored.contains("tok-gpu-07-secret"));

        // Reloaded from the file, resolved with the keychain.
        ServerList again(m_settings.get(), &secrets);
        QCOMPARE(again.entries().size(), 1);
        QSignalSpy resolved(&again, &ServerList::resolved);
        again.resolve();
        QVERIFY(resolved.wait(10000));
        const auto agents = resolved.first().at(0).value<QList<RemoteServer>>();
        QCOMPARE(agents.size(), 1);
        QCOMPARE(agents.first().token, QByteArray("tok-gpu-07-secret"));
        QVERIFY(resolved.first().at(2).toStringList().isEmpty());

        // A new URL takes the token along; the old key is gone.
        ServerEntry moved = again.entries().first();
        moved.url = parseServerUrl(QStringLiteral("https://gpu-07.example.org:9443"), &error);
        keychainError = QStringLiteral("not called");
        again.put(moved, std::nullopt, [&](const SecretError& e) { keychainError = e.text(); });
        QVERIFY(QTest::qWaitFor([&] { return keychainError != QLatin1String("not called"); }));
        QVERIFY2(keychainError.isEmpty(), qPrintable(keychainError));
        QVERIFY(QTest::qWaitFor(
            [&] { return !secrets.readBlocking(SecretStore::tokenKey(url)).secret; }));
        QCOMPARE(secrets.readBlocking(SecretStore::tokenKey(moved.url)).secret,
                 std::optional<QByteArray>("tok-gpu-07-secret"));

        // Removing the server forgets its token too.
        keychainError = QStringLiteral("not called");
        again.remove(moved.id, [&](const SecretError& e) { keychainError = e.text(); });
        QVERIFY(QTest::qWaitFor([&] { return keychainError != QLatin1String("not called"); }));
        QVERIFY(again.entries().isEmpty());
        QVERIFY(!secrets.readBlocking(SecretStore::tokenKey(moved.url)).secret);
    }

    void appWithoutASecretServiceSaysSoOnceAndStillWatches()
    {
        // The real app on a session bus with no Secret Service: the keychain
        // fails once (not once per server), the servers are watched anyway
        // (here: unreachable), and the app quits cleanly.
        test::PrivateBus bare;
        QVERIFY2(bare.start(false), qPrintable(bare.error()));
        {
            // Written without a keychain: the list itself needs none.
            QSettings s(m_settingsFile->fileName(), QSettings::IniFormat);
            s.beginWriteArray(QStringLiteral("servers"), 3);
            int i = 0;
            for (const char* name : {"a", "b", "c"}) {
                s.setArrayIndex(i++);
                s.setValue(QStringLiteral("id"), QString::number(i));
                s.setValue(QStringLiteral("name"), QLatin1String(name));
                s.setValue(QStringLiteral("url"), local(test::freePort()).toString());
            }
            s.endArray();
        }
        QProcess app;
        QProcessEnvironment env = bare.environment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(env);
        QElapsedTimer t;
        t.start();
        app.start(QStringLiteral(GW_BIN_DIR "/gpuwarden"),
                  {QStringLiteral("--no-local"), QStringLiteral("--no-history"),
                   QStringLiteral("--settings"), m_settingsFile->fileName(),
                   QStringLiteral("--quit-after-ms"), QStringLiteral("4000")});
        QVERIFY(app.waitForFinished(30000));
        const QString err = QString::fromUtf8(app.readAllStandardError());
        QCOMPARE(app.exitCode(), 0);
        QCOMPARE(err.count(QStringLiteral("keychain")), 1);
        QVERIFY2(err.contains(QStringLiteral("Secret Service")), qPrintable(err));
        QVERIFY2(err.count(QStringLiteral("refused")) >= 3, qPrintable(err)); // all three tried
    }

    void mainWindowWatchesThreeAgentsOneOfThemDown()
    {
        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
        AgentServer a(c);
        AgentServer b(c);
        QString error;
        QVERIFY(a.listen(&error));
        QVERIFY(b.listen(&error));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        DemoWorld demo;
        // A few minutes of history each, so the charts have a line.
        for (qint64 t = now - 300'000; t <= now; t += 1000) {
            a.publish(demo.serverAt(0, t));
            b.publish(demo.serverAt(1, t));
        }

        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        int pending = 3;
        const quint16 dead = test::freePort();
        for (const auto& [name, port] : {std::pair{QStringLiteral("gpu-lab-01"), a.port()},
                                         std::pair{QStringLiteral("gpu-lab-02"), b.port()},
                                         std::pair{QStringLiteral("gpu-lab-03"), dead}})
            list.put(agentEntry(name, local(port)), QByteArray("tok"),
                     [&](const SecretError&) { --pending; });
        QVERIFY(QTest::qWaitFor([&] { return pending == 0; }));

        LiveState fleet;
        AgentLinks remote(500ms);
        connect(&remote, &AgentLinks::readings, &fleet, &LiveState::ingestBatch);
        connect(&remote, &AgentLinks::statusChanged, &fleet, &LiveState::setConnection);
        connect(&remote, &AgentLinks::serverRemoved, &fleet, &LiveState::removeServer);
        connect(&list, &ServerList::resolved, &remote,
                [&](const QList<RemoteServer>& agents) { remote.setServers(agents); });
        DesktopStores stores;
        MainWindow window(&fleet, &stores);
        window.setServerList(&list);
        window.setBackendStatus(QStringLiteral("Watching remote servers only (--no-local)."));
        list.resolve();
        window.resize(1280, 820);
        window.show();

        ServerTreeModel* model = window.serverTreeModel();
        QVERIFY(QTest::qWaitFor(
            [&] {
                const QModelIndex down = model->serverIndex(QStringLiteral("gpu-lab-03"));
                return model->rowCount() == 3 &&
                       model->serverIndex(QStringLiteral("gpu-lab-01"))
                               .data(LinkStateRole)
                               .toInt() == int(LinkState::Connected) &&
                       model->rowCount(model->serverIndex(QStringLiteral("gpu-lab-01"))) > 0 &&
                       model->rowCount(model->serverIndex(QStringLiteral("gpu-lab-02"))) > 0 &&
                       down.isValid() &&
                       down.data(LinkStateRole).toInt() == int(LinkState::Unreachable);
            },
            15000));
        const QModelIndex up = model->serverIndex(QStringLiteral("gpu-lab-01"));
        QCOMPARE(up.data(LinkStateRole).toInt(), int(LinkState::Connected));
        QCOMPARE(model->rowCount(up), int(demo.serverAt(0, now).gpus.size()));
        const QModelIndex down = model->serverIndex(QStringLiteral("gpu-lab-03"));
        // Its state in words across the row (not in a figure column).
        QVERIFY(down.data(SummaryRole).toString().contains(linkStateText(LinkState::Unreachable)));
        QVERIFY(down.data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("refused"), Qt::CaseInsensitive));

        // An agent's host page names the backend that agent reported, not
        // this desktop's status line ("Watching remote servers only").
        window.selectServer(QStringLiteral("gpu-lab-01"));
        QVERIFY(QTest::qWaitFor([&] {
            const auto labels = window.hostPage()->findChildren<QLabel*>();
            return std::any_of(labels.cbegin(), labels.cend(),
                               [](const QLabel* l) { return l->text() == QLatin1String("demo"); });
        }));
        for (const QLabel* l : window.hostPage()->findChildren<QLabel*>())
            QVERIFY2(!l->text().contains(QStringLiteral("Watching remote")), qPrintable(l->text()));

        // The down server, selected, says why.
        window.selectServer(QStringLiteral("gpu-lab-03"));
        QTest::qWait(50);
        bool said = false;
        for (QLabel* l : window.findChildren<QLabel*>())
            said = said || l->text().contains(QStringLiteral("unreachable: "));
        QVERIFY(said);

        // The screenshot of docs/: a GPU of the first server selected.
        window.selectGpu(QStringLiteral("gpu-lab-01"), demo.serverAt(0, now).gpus.first().uuid);
        window.serverTree()->expandAll();
        QTest::qWait(1200);
        window.refreshCharts();
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("remote-three-agents.png"))));

        // File → Servers… lists them with their states.
        ServersDialog* d = window.showServersDialog();
        QVERIFY(d);
        QCOMPARE(d->table()->topLevelItemCount(), 3);
        QTest::qWait(50);
        bool downListed = false;
        for (int i = 0; i < 3; ++i) {
            const QTreeWidgetItem* item = d->table()->topLevelItem(i);
            if (item->text(0) == QLatin1String("gpu-lab-03"))
                downListed = item->text(3) == linkStateText(LinkState::Unreachable);
        }
        QVERIFY(downListed);
        QVERIFY(d->grab().save(screenshotPath(QStringLiteral("servers-dialog.png"))));
        d->close();

        // Dark palette, HiDPI-independent layout: still legible (looked at).
        QApplication::setPalette(test::darkPalette());
        QTest::qWait(600);
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("remote-three-agents-dark.png"))));
        remote.stop();
    }

    void trustingACertificateInTheDialogPinsItAndConnects()
    {
        QTemporaryDir dir;
        const test::Certificate cert = test::makeCertificate(dir, QStringLiteral("lab"));
        QVERIFY2(!cert.sha256.isEmpty(), "openssl could not make a certificate");
        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
        c.tlsCertificate = cert.cert;
        c.tlsKey = cert.key;
        AgentServer agent(c);
        QString error;
        QVERIFY2(agent.listen(&error), qPrintable(error));
        agent.publish(DemoWorld().serverAt(0, QDateTime::currentMSecsSinceEpoch()));

        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        bool stored = false;
        list.put(agentEntry(QStringLiteral("tls-lab"),
                            QUrl(QStringLiteral("https://127.0.0.1:%1").arg(agent.port()))),
                 QByteArray("tok"), [&](const SecretError&) { stored = true; });
        QVERIFY(QTest::qWaitFor([&] { return stored; }));
        LiveState fleet;
        AgentLinks remote(200ms);
        connect(&remote, &AgentLinks::readings, &fleet, &LiveState::ingestBatch);
        connect(&remote, &AgentLinks::statusChanged, &fleet, &LiveState::setConnection);
        connect(&list, &ServerList::resolved, &remote,
                [&](const QList<RemoteServer>& agents) { remote.setServers(agents); });
        DesktopStores stores;
        MainWindow window(&fleet, &stores);
        window.setServerList(&list);
        list.resolve();
        const QString name = QStringLiteral("tls-lab");
        QVERIFY(QTest::qWaitFor(
            [&] {
                return fleet.connection(name) &&
                       fleet.connection(name)->state == LinkState::Untrusted;
            },
            10000));
        QVERIFY(!fleet.latest(name)); // nothing read from an unconfirmed server

        ServersDialog* d = window.showServersDialog();
        d->selectServer(name);
        QPushButton* trust = nullptr;
        for (QPushButton* b : d->findChildren<QPushButton*>())
            trust = b->text().contains(QStringLiteral("Trust")) ? b : trust;
        QVERIFY(trust && trust->isEnabled());

        // The admin reads the fingerprint and accepts it.
        QString shown;
        QTimer::singleShot(200, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            shown = box->text();
            box->grab().save(screenshotPath(QStringLiteral("trust-certificate.png")));
            for (QAbstractButton* b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::AcceptRole)
                    b->click();
        });
        trust->click();
        QVERIFY2(shown.contains(formatFingerprint(cert.sha256)), qPrintable(shown));
        QCOMPARE(list.entries().first().pinnedSha256, cert.sha256);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return fleet.connection(name) &&
                       fleet.connection(name)->state == LinkState::Connected && fleet.latest(name);
            },
            10000));
        m_settings->sync();
        QFile file(m_settingsFile->fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains(formatFingerprint(cert.sha256).toLatin1()));
        d->close();
        remote.stop();
    }

    void resumePointsRoundTripAndBadEntriesAreSkipped()
    {
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        LinkStatus a;
        a.server = QStringLiteral("lab one/a");
        a.stream = QStringLiteral("s-1");
        a.cursor = 42;
        LinkStatus older = a; // an agent without an identity
        older.server = QStringLiteral("older");
        a.agentId = QStringLiteral("id-1");
        LinkStatus never; // never answered: nothing to resume
        never.server = QStringLiteral("b");
        list.saveResumePoints({a, older, never});
        m_settings->setValue(QStringLiteral("resume/hand-edited"), QStringLiteral("s-2 forty"));
        m_settings->setValue(QStringLiteral("resume/short"), QStringLiteral("s-3"));
        const auto points = list.resumePoints();
        QCOMPARE(points.size(), 2);
        QCOMPARE(points.value(QStringLiteral("lab one/a")).stream, QStringLiteral("s-1"));
        QCOMPARE(points.value(QStringLiteral("lab one/a")).cursor, 42u);
        QCOMPARE(points.value(QStringLiteral("lab one/a")).agentId, QStringLiteral("id-1"));
        QCOMPARE(points.value(QStringLiteral("older")).cursor, 42u);
        QCOMPARE(points.value(QStringLiteral("older")).agentId, QString());
    }

    void theAppResumesEachServerWhereItStopped()
    {
        // The real app reads an agent, quits, and has saved where it stood;
        // the next run starts there (its link says so, and the saved cursor
        // moves on).
        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read}};
        AgentServer agent(c);
        QString error;
        QVERIFY(agent.listen(&error));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 0; i < 50; ++i)
            agent.publish(DemoWorld().serverAt(0, now - 50'000 + i * 1000));
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        bool stored = false;
        list.put(agentEntry(QStringLiteral("lab one"), local(agent.port())), QByteArray("tok"),
                 [&](const SecretError&) { stored = true; });
        QVERIFY(QTest::qWaitFor([&] { return stored; }));
        m_settings->sync();

        auto runApp = [&] {
            QProcess app;
            QProcessEnvironment env = m_bus.environment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            app.setProcessEnvironment(env);
            app.start(QStringLiteral(GW_BIN_DIR "/gpuwarden"),
                      {QStringLiteral("--no-local"), QStringLiteral("--no-history"),
                       QStringLiteral("--settings"), m_settingsFile->fileName(),
                       QStringLiteral("--quit-after-ms"), QStringLiteral("2500")});
            // The in-process agent answers while we wait.
            const bool ended =
                QTest::qWaitFor([&] { return app.state() == QProcess::NotRunning; }, 30000);
            QSettings saved(m_settingsFile->fileName(), QSettings::IniFormat);
            return std::pair{ended ? saved.value(QStringLiteral("resume/lab%20one")).toString()
                                   : QStringLiteral("(still running)"),
                             QString::fromUtf8(app.readAllStandardError())};
        };
        const auto [first, firstLog] = runApp();
        // Where it stood, and which agent it was (a server keeps its agent's
        // identity across runs, so another agent at the URL is noticed).
        QCOMPARE(first, agent.stream() + QStringLiteral(" 50 ") + agent.identity().id);
        QVERIFY2(!firstLog.contains(QStringLiteral("resumes")), qPrintable(firstLog));
        for (int i = 0; i < 7; ++i)
            agent.publish(DemoWorld().serverAt(0, now + 1000 + i * 1000));
        const auto [second, secondLog] = runApp();
        QCOMPARE(second, agent.stream() + QStringLiteral(" 57 ") + agent.identity().id);
        QVERIFY2(secondLog.contains(QStringLiteral("lab one resumes after reading 50")),
                 qPrintable(secondLog));
    }

    void aTokenTypedWithoutAKeychainIsKeptForTheSession()
    {
        // qtkeychain keeps the first session bus a process finds, so the
        // keychain-less half runs in a child of this test on a bus without a
        // Secret Service: sessionTokenWithoutAKeychain() below.
        if (isChild())
            QSKIP("the parent's half");
        test::PrivateBus bare;
        QVERIFY2(bare.start(false), qPrintable(bare.error()));
        QProcess child;
        QProcessEnvironment env = bare.environment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("GW_SERVERSUI_CHILD"), QStringLiteral("1"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("sessionTokenWithoutAKeychain")});
        QVERIFY(child.waitForFinished(90000));
        const QByteArray out = child.readAll();
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                 out.constData());
        QVERIFY2(out.contains("PASS   : TestServersUi::sessionTokenWithoutAKeychain()"),
                 out.constData());
    }

    void sessionTokenWithoutAKeychain()
    {
        if (!isChild())
            QSKIP("runs in a child process on a bus without a Secret Service");
        const QByteArray token = "tok-for-this-session";
        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ws"), sha256(token), TokenScope::Read}};
        AgentServer agent(c);
        QString error;
        QVERIFY(agent.listen(&error));
        agent.publish(DemoWorld().serverAt(0, QDateTime::currentMSecsSinceEpoch()));

        // Wired as gpuwarden's main() wires them.
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        LiveState fleet;
        AgentLinks remote(200ms);
        connect(&remote, &AgentLinks::readings, &fleet, &LiveState::ingestBatch);
        connect(&remote, &AgentLinks::statusChanged, &fleet, &LiveState::setConnection);
        DesktopStores stores;
        MainWindow window(&fleet, &stores);
        connect(&list, &ServerList::resolved, &remote,
                [&](const QList<RemoteServer>& agents, const QList<RemoteServer>&,
                    const QStringList& errors) {
                    remote.setServers(agents);
                    window.showKeychainErrors(errors);
                });
        window.setServerList(&list);
        window.show();

        // File → Servers… → Add…: the admin types the server and its token.
        ServersDialog* d = window.showServersDialog();
        QPushButton* add = nullptr;
        for (QPushButton* b : d->findChildren<QPushButton*>())
            add = b->text() == QStringLiteral("&Add…") ? b : add;
        QVERIFY(add);
        bool typed = false;
        QTimer::singleShot(200, this, [&] {
            auto* e = qobject_cast<ServerEditDialog*>(QApplication::activeModalWidget());
            if (!e)
                return;
            e->nameEdit()->setText(QStringLiteral("lab"));
            e->urlEdit()->setText(local(agent.port()).toString());
            e->tokenEdit()->setText(QString::fromLatin1(token));
            typed = e->okButton()->isEnabled();
            e->okButton()->click();
        });
        add->click();
        QVERIFY(typed);

        // The dialog says plainly that the token is not kept, in the
        // documented words; the backend's own text is only in the tooltip.
        QVERIFY(QTest::qWaitFor([&] { return !d->messageLabel()->text().isEmpty(); }, 20000));
        const QString said = d->messageLabel()->text();
        QVERIFY2(said.contains(QStringLiteral("No Secret Service on the session bus")),
                 qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("will not be remembered after GPU Warden quits")),
                 qPrintable(said));
        QVERIFY2(!said.contains(QStringLiteral("org.freedesktop")), qPrintable(said));
        QVERIFY(!d->messageLabel()->toolTip().isEmpty());
        QVERIFY(list.sessionOnly(list.entries().first().id));
        QVERIFY(d->table()->topLevelItem(0)->text(3).contains(
            QStringLiteral("token for this session only")));

        // The server is read with it: connected, readings in.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const LinkStatus* link = fleet.connection(QStringLiteral("lab"));
                return link && link->state == LinkState::Connected &&
                       fleet.latest(QStringLiteral("lab"));
            },
            20000));
        // The banner says the same, without the backend's text.
        QVERIFY(QTest::qWaitFor([&] { return window.banner()->isVisible(); }, 10000));
        const QString banner = window.banner()->text();
        QVERIFY2(banner.contains(QStringLiteral("for this session only")), qPrintable(banner));
        QVERIFY2(!banner.contains(QStringLiteral("org.freedesktop")) &&
                     !banner.contains(QStringLiteral("dbus-launch")),
                 qPrintable(banner));
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("session-token-banner.png"))));

        // Never written anywhere.
        m_settings->sync();
        QFile file(m_settingsFile->fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains(token));
        d->close();
        remote.stop();
    }

    void editServerInTheTreeOpensThatServersEditor()
    {
        if (isChild())
            QSKIP("the parent's half");
        SecretStore secrets;
        ServerList list(m_settings.get(), &secrets);
        for (const char* name : {"gpu-a", "gpu-b"})
            list.put(agentEntry(QLatin1String(name), local(test::freePort())), std::nullopt, {});
        LiveState fleet;
        LinkStatus link;
        for (const char* name : {"gpu-a", "gpu-b"}) {
            link.server = QLatin1String(name);
            link.state = LinkState::Unreachable;
            fleet.setConnection(link);
        }
        DesktopStores stores;
        MainWindow window(&fleet, &stores);
        window.setServerList(&list);
        window.resize(1000, 600);
        window.show();
        ServerTreeModel* model = window.serverTreeModel();
        QVERIFY(QTest::qWaitFor([&] { return model->rowCount() == 2; }));

        // Right-click gpu-b → Edit Server…: gpu-b's editor, not just the list.
        QString edited;
        QTimer::singleShot(300, this, [&] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            if (!menu)
                return;
            QTimer::singleShot(300, this, [&] {
                if (auto* e = qobject_cast<ServerEditDialog*>(QApplication::activeModalWidget())) {
                    edited = e->nameEdit()->text();
                    e->reject();
                }
            });
            menu->actions().first()->trigger();
            menu->close();
        });
        ServerTree* tree = window.serverTree();
        const QModelIndex b = model->serverIndex(QStringLiteral("gpu-b"));
        QVERIFY(b.isValid());
        Q_EMIT tree->customContextMenuRequested(tree->visualRect(b).center());
        QCOMPARE(edited, QStringLiteral("gpu-b"));
    }

    void historyOffIsLegibleOnLightAndDarkBars()
    {
        if (isChild())
            QSKIP("the parent's half");
        // A full disk says "History off: …" in the status bar: in the bar's
        // own text colour, never BrightText (white on a light bar).
        for (const bool dark : {false, true}) {
            QApplication::setPalette(dark ? test::darkPalette()
                                          : QApplication::style()->standardPalette());
            LiveState fleet;
            DesktopStores stores;
            MainWindow window(&fleet, &stores);
            window.show();
            window.showHistoryError(QStringLiteral("database or disk is full"));
            QLabel* label = window.statusLine()->historyLabel();
            QVERIFY(label->isVisible());
            QVERIFY(label->text().contains(QStringLiteral("History off")));
            const QColor text = label->palette().color(label->foregroundRole());
            const QColor bar =
                window.statusLine()->palette().color(window.statusLine()->backgroundRole());
            // WCAG contrast ratio of the two colours.
            auto luminance = [](const QColor& c) {
                auto channel = [](double v) {
                    return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
                };
                return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
                       0.0722 * channel(c.blueF());
            };
            const double l1 = luminance(text);
            const double l2 = luminance(bar);
            const double ratio = (std::max(l1, l2) + 0.05) / (std::min(l1, l2) + 0.05);
            QVERIFY2(
                ratio >= 4.5,
                qPrintable(QStringLiteral("%1 on %2: %3").arg(text.name(), bar.name()).arg(ratio)));
            QVERIFY(window.grab().save(screenshotPath(dark ? QStringLiteral("history-off-dark.png")
                                                           : QStringLiteral("history-off.png"))));
        }
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    // Issue 30: the keyboard alone, as gpuwarden runs (DesktopSession): File
    // → Servers… → Add… with an agent's URL and token, Esc; the overview's
    // tiles reached by Tab, an arrow and Enter open a GPU; File → Report…,
    // Build, Save CSV… and the file dialog's name; the report is on disk.
    void theKeyboardAloneAddsAServerOpensAGpuAndSavesAReport()
    {
        if (isChild())
            QSKIP("the parent's test");
        const QByteArray token = "tok-keyboard";
        QTemporaryDir dir;
        QString error;
        // The agent's last hour, a reading a minute: what the report reads.
        const QString agentHistory = dir.filePath(QStringLiteral("agent.sqlite"));
        {
            auto store = HistoryStore::open(agentHistory, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            const DemoWorld world;
            QList<Snapshot> hour;
            for (qint64 t = now - 3'600'000; t < now - 60'000; t += 60'000)
                hour << world.serverAt(0, t);
            QVERIFY2(store->append(hour, &error) && store->flush(&error), qPrintable(error));
        }
        AgentConfig c;
        c.port = 0;
        c.historyPath = agentHistory;
        c.tokens = {{QStringLiteral("ws"), sha256(token), TokenScope::Read}};
        AgentServer agent(c);
        QVERIFY(agent.listen(&error));
        const DemoWorld world;
        const auto publish = [&agent, &world] {
            agent.publish(world.serverAt(0, QDateTime::currentMSecsSinceEpoch()));
        };
        QTimer readings;
        connect(&readings, &QTimer::timeout, this, publish);
        readings.start(250);
        publish();

        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        const auto session = test::sessionFor(
            {QStringLiteral("--settings"), ini, QStringLiteral("--no-local"),
             QStringLiteral("--history"), dir.filePath(QStringLiteral("history.db"))});
        QVERIFY(session);
        MainWindow* w = session->window();
        session->start();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QApplication::setActiveWindow(w);

        // File → Servers… (Ctrl+Shift+S), then Add… (Alt+A).
        QTest::keyClick(w, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        ServersDialog* servers = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&] { return (servers = w->findChild<ServersDialog*>()) && servers->isVisible(); },
            5000));
        QApplication::setActiveWindow(servers);
        QStringList steps;
        QTimer::singleShot(300, this, [&] {
            auto* e = qobject_cast<ServerEditDialog*>(QApplication::activeModalWidget());
            if (!e) {
                steps << QStringLiteral("Add… opened no dialog");
                return;
            }
            const auto type = [&](Qt::Key mnemonic, QLineEdit* field, const QString& text) {
                QTest::keyClick(e, mnemonic, Qt::AltModifier);
                if (QApplication::focusWidget() != field)
                    steps << QStringLiteral("Alt+%1 did not reach its field").arg(QChar(mnemonic));
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(QApplication::focusWidget(), text);
            };
            type(Qt::Key_N, e->nameEdit(), QStringLiteral("lab"));
            type(Qt::Key_U, e->urlEdit(), local(agent.port()).toString());
            type(Qt::Key_T, e->tokenEdit(), QString::fromLatin1(token));
            if (!e->okButton()->isEnabled())
                steps << QStringLiteral("OK not enabled");
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        });
        QTest::keyClick(servers, Qt::Key_A, Qt::AltModifier);
        QVERIFY2(steps.isEmpty(), qPrintable(steps.join(QLatin1Char('\n'))));
        // Connected: the agent's GPUs are on the overview.
        QVERIFY(QTest::qWaitFor([&] { return w->overviewPage()->view()->tileCount() > 0; }, 20000));
        QTest::keyClick(servers, Qt::Key_Escape);
        QVERIFY(QTest::qWaitFor([&] { return !servers || !servers->isVisible(); }, 5000));
        QApplication::setActiveWindow(w);

        // View → Overview (Ctrl+1); Tab to the tiles, Right, Enter.
        QTest::keyClick(w, Qt::Key_1, Qt::ControlModifier);
        QVERIFY(w->overviewShown());
        OverviewView* view = w->overviewPage()->view();
        for (int i = 0; i < 40 && QApplication::focusWidget() != view; ++i)
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : w,
                            Qt::Key_Tab);
        QVERIFY2(QApplication::focusWidget() == view, "Tab never reached the overview's tiles");
        QTest::keyClick(view, Qt::Key_Right);
        const QString gpu = view->focusUuid();
        QVERIFY(!gpu.isEmpty());
        QTest::keyClick(view, Qt::Key_Return);
        QVERIFY(w->detailsShown());
        QCOMPARE(w->selectedServer(), QStringLiteral("lab"));
        QCOMPARE(w->selectedGpu(), gpu);

        // File → Report… (Ctrl+R): Build report (Alt+B), then Save CSV…
        // (Alt+C) and a name typed into the file dialog.
        QTest::keyClick(w, Qt::Key_R, Qt::ControlModifier);
        ReportDialog* report = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&] { return (report = w->findChild<ReportDialog*>()) && report->isVisible(); }, 5000));
        QApplication::setActiveWindow(report);
        QTest::keyClick(report, Qt::Key_B, Qt::AltModifier);
        QVERIFY2(QTest::qWaitFor([&] { return report->report().has_value(); }, 30000),
                 qPrintable(report->statusText()));
        // The report is the added server's, from its readings.
        QCOMPARE(report->report()->servers, QStringList{QStringLiteral("lab")});
        QVERIFY(report->report()->coverage.value(0).coveredMs > 0);
        const QString path = dir.filePath(QStringLiteral("by-keyboard.csv"));
        QTimer::singleShot(500, this, [&] {
            QWidget* files = QApplication::activeModalWidget();
            if (!files) {
                steps << QStringLiteral("Save CSV… opened no dialog");
                return;
            }
            QWidget* name = QApplication::focusWidget();
            if (!qobject_cast<QLineEdit*>(name)) {
                steps << QStringLiteral("the file dialog's focus is not on the name");
                files->close();
                return;
            }
            QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(name, path);
            QTest::keyClick(name, Qt::Key_Return);
        });
        QTest::keyClick(report, Qt::Key_C, Qt::AltModifier);
        QVERIFY2(steps.isEmpty(), qPrintable(steps.join(QLatin1Char('\n'))));
        QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(path); }, 10000));
        QFile csv(path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray text = csv.readAll();
        QVERIFY2(text.contains("\nlab,") || text.contains(",lab,"), text.left(400).constData());
        report->close();
        session->stop();
        readings.stop();
    }

    void cleanupTestCase() { m_bus.stop(); }

private:
    static bool isChild() { return qEnvironmentVariableIsSet("GW_SERVERSUI_CHILD"); }

    test::PrivateBus m_bus;
    std::unique_ptr<QTemporaryFile> m_settingsFile;
    std::unique_ptr<QSettings> m_settings;
};

QTEST_MAIN(TestServersUi)
#include "tst_serversui.moc"
