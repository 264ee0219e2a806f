// The server list as the admin meets it: the edit dialog's checks, tokens
// in a real (private, unlocked) gnome-keyring and never in the settings
// file, and the main window watching three agents, one of them down.
#include "agent/agentserver.h"
#include "darkpalette.h"
#include "engine/livestate.h"
#include "freeport.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "privatebus.h"
#include "remote/agentlinks.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
#include "sources/demoworld.h"
#include "testcert.h"
#include "window/mainwindow.h"
#include "window/serversdialog.h"
#include "window/servertree.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
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
        d.nameEdit()->setText(QStringLiteral("lab-2"));
        QVERIFY(d.okButton()->isEnabled());
        QVERIFY(d.problemLabel()->text().isEmpty());
        d.tokenEdit()->setText(QStringLiteral("  s3cret  "));
        QCOMPARE(d.entry().url, QUrl(QStringLiteral("https://lab-2.example.org:9807")));
        QCOMPARE(d.token(), std::optional<QByteArray>("s3cret"));

        // Editing: an untouched token field leaves the stored token alone.
        ServerEditDialog edit(&list, list.entries().first());
        QVERIFY(edit.okButton()->isEnabled());
        QCOMPARE(edit.token(), std::nullopt);
        QCOMPARE(edit.tokenEdit()->text(), QString()); // never shown back
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
                 [&](const QString& e) { keychainError = e; });
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
        again.put(moved, std::nullopt, [&](const QString& e) { keychainError = e; });
        QVERIFY(QTest::qWaitFor([&] { return keychainError != QLatin1String("not called"); }));
        QVERIFY2(keychainError.isEmpty(), qPrintable(keychainError));
        QVERIFY(QTest::qWaitFor(
            [&] { return !secrets.readBlocking(SecretStore::tokenKey(url)).secret; }));
        QCOMPARE(secrets.readBlocking(SecretStore::tokenKey(moved.url)).secret,
                 std::optional<QByteArray>("tok-gpu-07-secret"));

        // Removing the server forgets its token too.
        keychainError = QStringLiteral("not called");
        again.remove(moved.id, [&](const QString& e) { keychainError = e; });
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
                     [&](const QString&) { --pending; });
        QVERIFY(QTest::qWaitFor([&] { return pending == 0; }));

        LiveState fleet;
        AgentLinks remote(500ms);
        connect(&remote, &AgentLinks::readings, &fleet, &LiveState::ingestBatch);
        connect(&remote, &AgentLinks::statusChanged, &fleet, &LiveState::setConnection);
        connect(&remote, &AgentLinks::serverRemoved, &fleet, &LiveState::removeServer);
        connect(&list, &ServerList::resolved, &remote,
                [&](const QList<RemoteServer>& agents) { remote.setServers(agents); });
        MainWindow window(&fleet);
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
                 QByteArray("tok"), [&](const QString&) { stored = true; });
        QVERIFY(QTest::qWaitFor([&] { return stored; }));
        LiveState fleet;
        AgentLinks remote(200ms);
        connect(&remote, &AgentLinks::readings, &fleet, &LiveState::ingestBatch);
        connect(&remote, &AgentLinks::statusChanged, &fleet, &LiveState::setConnection);
        connect(&list, &ServerList::resolved, &remote,
                [&](const QList<RemoteServer>& agents) { remote.setServers(agents); });
        MainWindow window(&fleet);
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
        LinkStatus never; // never answered: nothing to resume
        never.server = QStringLiteral("b");
        list.saveResumePoints({a, never});
        m_settings->setValue(QStringLiteral("resume/hand-edited"), QStringLiteral("s-2 forty"));
        m_settings->setValue(QStringLiteral("resume/short"), QStringLiteral("s-3"));
        const auto points = list.resumePoints();
        QCOMPARE(points.size(), 1);
        QCOMPARE(points.value(QStringLiteral("lab one/a")).stream, QStringLiteral("s-1"));
        QCOMPARE(points.value(QStringLiteral("lab one/a")).cursor, 42u);
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
                 [&](const QString&) { stored = true; });
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
        QCOMPARE(first, agent.stream() + QStringLiteral(" 50"));
        QVERIFY2(!firstLog.contains(QStringLiteral("resumes")), qPrintable(firstLog));
        for (int i = 0; i < 7; ++i)
            agent.publish(DemoWorld().serverAt(0, now + 1000 + i * 1000));
        const auto [second, secondLog] = runApp();
        QCOMPARE(second, agent.stream() + QStringLiteral(" 57"));
        QVERIFY2(secondLog.contains(QStringLiteral("lab one resumes after reading 50")),
                 qPrintable(secondLog));
    }

    void cleanupTestCase() { m_bus.stop(); }

private:
    test::PrivateBus m_bus;
    std::unique_ptr<QTemporaryFile> m_settingsFile;
    std::unique_ptr<QSettings> m_settings;
};

QTEST_MAIN(TestServersUi)
#include "tst_serversui.moc"
