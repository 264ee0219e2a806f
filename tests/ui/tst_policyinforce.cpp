// The policy shown is the policy applied (issue 24, item 2), through the
// whole desktop (DesktopSession, as `gpuwarden` builds it) with a private
// home: Tools → Policy… edits the policy in force where it applies.
//
//   * The demo: the dialog shows the demo's own policy; Apply puts the edit
//     in force in the running demo's policies and writes no file.
//   * This computer: Save writes the policy file and the local policies
//     apply it.
//   * An agent (a real AgentServer over loopback, watched with --source):
//     Apply is a PUT /v1/policy with the admin token, which the agent's
//     policy service applies; a read-only token gets the agent's refusal in
//     words in the dialog, and nothing changes.
//   * The replay over the demo reads the readings the demo's policies
//     judged (the Events page's events came from them), so it finds what
//     the page lists.
//
// The window title says which policy the dialog edits and where it lives.
// Screenshots (demo and agent) land in the build tree's screenshots/; the
// ones in docs/screenshots were made with QT_FONT_DPI=144.

#include "agent/agentserver.h"
#include "app/desktopcommandline.h"
#include "app/desktopsession.h"
#include "desktopsessionfor.h"
#include "models/desktopstores.h"
#include "models/eventbook.h"
#include "models/servertreemodel.h"
#include "policy/demopolicy.h"
#include "policy/policyconfig.h"
#include "policy/policyservice.h"
#include "sources/source.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/policytext.h"
#include "window/reportdialog.h"

#include <QApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace gw;
using gw::test::sessionFor;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kRead = "r3ad";
const QByteArray kAdmin = "adm1n";

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Every file under `dir` whose name starts with "policy".
QStringList policyFilesUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (it.fileName().startsWith(u"policy"_s))
            out << path;
    }
    return out;
}

// The dialog's text with one key changed, as the form writes it.
QString withKey(const PolicyDialog* d, const QString& section, const QString& key,
                const QString& value)
{
    return policytext::setKey(d->text(), section, key, value);
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

// Events per kind ("hog", "idle", "fair share").
std::map<int, int> countByKind(const QList<PolicyEvent>& events)
{
    std::map<int, int> out;
    for (const PolicyEvent& e : events)
        ++out[int(e.kind)];
    return out;
}

QString countsText(const std::map<int, int>& counts)
{
    QStringList parts;
    for (const auto& [kind, n] : counts)
        parts << u"%1: %2"_s.arg(kind).arg(n);
    return parts.join(u", "_s);
}

// One reading of the agent's server, so the desktop's tree has it.
Snapshot agentReading(qint64 ms)
{
    Snapshot s;
    s.server = u"lab-two"_s;
    s.timestampMs = ms;
    s.backend = u"demo"_s;
    s.intervalMs = 1000;
    s.host.hostname = u"lab-two"_s;
    GpuSample g;
    g.index = 0;
    g.uuid = u"GPU-0000"_s;
    g.name = u"NVIDIA H100"_s;
    g.vendor = u"nvidia"_s;
    g.utilizationGpuPercent = 10;
    s.gpus << g;
    return s;
}

} // namespace

class TestPolicyInForce : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QString m_ini;

    // A real agent with a read and an admin token, its policy service
    // applying what PUT /v1/policy takes (kept in memory).
    struct Agent
    {
        PolicyService service{PolicyConfig{}};
        std::unique_ptr<AgentServer> server;
        QUrl url;
        bool start()
        {
            AgentConfig c;
            c.port = 0;
            c.requestsPerSecond = 10'000;
            c.burst = 10'000;
            c.tokens = {{u"reader"_s, sha256(kRead), TokenScope::Read},
                        {u"boss"_s, sha256(kAdmin), TokenScope::Admin}};
            server = std::make_unique<AgentServer>(c);
            server->attachPolicy(&service, PolicyConfig{}, QString());
            QString error;
            if (!server->listen(&error)) {
                qWarning("%s", qPrintable(error));
                return false;
            }
            url = QUrl(u"http://127.0.0.1:%1"_s.arg(server->port()));
            server->publish(agentReading(QDateTime::currentMSecsSinceEpoch()));
            return true;
        }
    };

    // The desktop watching `agent` with `token` (--source), its policy
    // dialog opened on it from the tree's selection, loaded.
    PolicyDialog* agentDialog(DesktopSession& session, const Agent& agent)
    {
        MainWindow* window = session.window();
        const QString name = agent.url.authority();
        if (!QTest::qWaitFor([&] { return window->serverTreeModel()->serverIndex(name).isValid(); },
                             10000))
            return nullptr;
        window->selectServer(name);
        PolicyDialog* d = window->showPolicyDialog();
        if (!QTest::qWaitFor([d] { return d->isLoaded(); }, 10000))
            return nullptr;
        return d;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QVERIFY(m_home.isValid());
        // A home of the test's own: the config home the dialog must not
        // write into in the demo is under it.
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_home.filePath(u".config"_s).toUtf8());
        qputenv("XDG_DATA_HOME", m_home.filePath(u".local/share"_s).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        m_ini = m_home.filePath(u"settings.ini"_s);
        QVERIFY(writeFile(m_ini, ""));
    }

    // (a) The demo: the dialog shows the policy the demo applies; Apply puts
    // the edit in force in the demo's policies and writes no file.
    void demoDialogEditsTheDemosPolicyInMemory()
    {
        auto session = sessionFor({u"--demo"_s, u"--no-history"_s, u"--settings"_s, m_ini});
        QVERIFY(session);
        QVERIFY(session->policy());
        const PolicyConfig demo = *parsePolicy(demoPolicyText(), u"demo.toml"_s).config;
        QCOMPARE(session->policy()->policy().hog.thresholdPercent, demo.hog.thresholdPercent);

        // A report dialog open meanwhile judges by the policy in force.
        ReportDialog* report = session->window()->showReportDialog();
        QVERIFY(report->policy());
        QCOMPARE(report->policy()->hog.durationMs, demo.hog.durationMs);

        PolicyDialog* d = session->window()->showPolicyDialog();
        QVERIFY(d);
        QCOMPARE(d->windowTitle(), u"Policy — demo (in memory)"_s);
        QVERIFY(d->isLoaded());
        QCOMPARE(d->text(), QString::fromUtf8(demoPolicyText()));
        QVERIFY(d->policy());
        QCOMPARE(d->policy()->hog.durationMs, demo.hog.durationMs);

        QSignalSpy saved(d, &PolicyDialog::saved);
        d->setText(withKey(d, u"hog"_s, u"threshold_percent"_s, u"55"_s));
        QVERIFY(!d->hasErrors());
        d->save();
        QCOMPARE(saved.size(), 1);
        // In force in the demo's policies (the live events and the report
        // read this service's policy), the rest of the demo's policy kept.
        QCOMPARE(session->policy()->policy().hog.thresholdPercent, 55.0);
        QCOMPARE(session->policy()->policy().hog.durationMs, demo.hog.durationMs);
        QCOMPARE(session->policy()->policy().idle.dryRun, true);
        QCOMPARE(report->policy()->hog.thresholdPercent, 55.0);
        // Nothing written: not the user's policy.toml, nor any other.
        const QStringList written = policyFilesUnder(m_home.path());
        QVERIFY2(written.isEmpty(), qPrintable(written.join(u", "_s)));
        QVERIFY(!QFileInfo::exists(localPolicyPath(*session->settings())));
        QVERIFY2(d->statusLabel()->text().contains(u"no file"_s),
                 qPrintable(d->statusLabel()->text()));
        d->close();

        // The next dialog shows what is in force now.
        PolicyDialog* again = session->window()->showPolicyDialog();
        QVERIFY(again->policy());
        QCOMPARE(again->policy()->hog.thresholdPercent, 55.0);
        again->close();
        session->stop();
    }

    // (b) This computer: Save writes the policy file, and the local
    // policies apply it.
    void localSaveWritesTheFileAndTheLocalPoliciesApplyIt()
    {
        auto session = sessionFor({u"--no-history"_s, u"--settings"_s, m_ini});
        QVERIFY(session);
        QVERIFY(session->policy());
        const QString path = localPolicyPath(*session->settings());
        QVERIFY(path.startsWith(m_home.path() + u'/'));
        QVERIFY(!QFileInfo::exists(path));

        PolicyDialog* d = session->window()->showPolicyDialog();
        QVERIFY(d);
        // The home written as "~", as an admin writes it.
        const QString shown = u"~"_s + path.mid(QDir::homePath().size());
        QCOMPARE(d->windowTitle(), u"Policy — this computer (%1)"_s.arg(shown));
        QVERIFY(d->isLoaded());
        d->setText(withKey(d, u"hog"_s, u"threshold_percent"_s, u"42"_s));
        QSignalSpy saved(d, &PolicyDialog::saved);
        d->save();
        QCOMPARE(saved.size(), 1);
        const PolicyParseResult written = loadPolicyFile(path);
        QVERIFY(written.config);
        QCOMPARE(written.config->hog.thresholdPercent, 42.0);
        QCOMPARE(session->policy()->policy().hog.thresholdPercent, 42.0);
        d->close();
        QFile::remove(path);
        session->stop();
    }

    // With --no-local no policies of this computer run in the window: the
    // dialog does not promise that Save applies the file.
    void withoutLocalPoliciesTheDialogSaysSaveOnlyWrites()
    {
        auto session = sessionFor({u"--no-local"_s, u"--no-history"_s, u"--settings"_s, m_ini});
        QVERIFY(session);
        QVERIFY(!session->policy());
        PolicyDialog* d = session->window()->showPolicyDialog();
        QVERIFY(d->target().isLocal());
        QStringList texts;
        for (const QLabel* label : d->findChildren<QLabel*>())
            texts << label->text();
        const QString all = texts.join(u"\n"_s);
        QVERIFY2(all.contains(u"do not run in this window"_s), qPrintable(all));
        QVERIFY2(!all.contains(u"apply it at once"_s), qPrintable(all));
        d->close();
        session->stop();
    }

    // (c) An agent: Apply sends the text with the admin token, and the
    // agent's policies apply it; with a read-only token the agent's refusal
    // is said in the dialog and nothing changes.
    void agentApplyIsAPutWithTheAdminTokenAndAReadTokenIsRefusedInWords()
    {
        Agent agent;
        QVERIFY(agent.start());
        const QByteArray oldToken = qgetenv("GPUWARDEN_TOKEN");
        const auto restore = qScopeGuard([&] { qputenv("GPUWARDEN_TOKEN", oldToken); });
        const QStringList args{u"--no-local"_s, u"--no-history"_s, u"--settings"_s,
                               m_ini,           u"--source"_s,     agent.url.toString()};
        {
            qputenv("GPUWARDEN_TOKEN", kAdmin);
            auto session = sessionFor(args);
            QVERIFY(session);
            PolicyDialog* d = agentDialog(*session, agent);
            QVERIFY(d);
            QCOMPARE(d->windowTitle(),
                     u"Policy — agent %1 (%2)"_s.arg(agent.url.authority(), agent.url.toString()));
            QCOMPARE(d->saveButton()->text(), u"&Apply to %1"_s.arg(agent.url.authority()));
            d->setText(withKey(d, u"hog"_s, u"threshold_percent"_s, u"61"_s));
            QSignalSpy saved(d, &PolicyDialog::saved);
            d->save();
            QVERIFY(saved.wait(10000));
            QCOMPARE(agent.server->policyVersion(), 2);
            QCOMPARE(agent.service.policy().hog.thresholdPercent, 61.0);
            QVERIFY2(d->statusLabel()->text().contains(u"applied the policy (version 2"_s),
                     qPrintable(d->statusLabel()->text()));
            // Nothing of this computer's was written.
            QVERIFY(policyFilesUnder(m_home.path()).isEmpty());
            // For the eye (docs/screenshots): the agent's policy, applied.
            d->resize(1024, 700);
            d->show();
            QVERIFY(QTest::qWaitForWindowExposed(d));
            QVERIFY(d->grab().save(shotPath(u"policy-dialog-agent.png"_s)));
            d->close();
            session->stop();
        }
        {
            qputenv("GPUWARDEN_TOKEN", kRead);
            auto session = sessionFor(args);
            QVERIFY(session);
            PolicyDialog* d = agentDialog(*session, agent);
            QVERIFY(d);
            d->setText(withKey(d, u"hog"_s, u"threshold_percent"_s, u"33"_s));
            d->save();
            QTRY_VERIFY_WITH_TIMEOUT(d->saveButton()->isEnabled(), 10000);
            const QString status = d->statusLabel()->text();
            QVERIFY2(status.contains(u"read access only"_s) && status.contains(u"admin scope"_s),
                     qPrintable(status));
            QVERIFY(d->problemList()->count() > 0);
            QVERIFY(d->problemList()->item(0)->text().contains(u"read access only"_s));
            QCOMPARE(agent.server->policyVersion(), 2);
            QCOMPARE(agent.service.policy().hog.thresholdPercent, 61.0);
            d->close();
            session->stop();
        }
    }

    // (d) The replay over the demo reads the readings the demo's policies
    // judged: with events on the Events page, it finds them too.
    void demoReplayFindsTheEventsTheEventsPageLists()
    {
        auto session = sessionFor({u"--demo"_s, u"--no-history"_s, u"--settings"_s, m_ini});
        QVERIFY(session);
        // Two hours of the demo's past: its trainers hog, its notebooks idle.
        session->localSource()->start(std::chrono::hours(2));
        EventBook* page = session->stores()->events();
        QTRY_VERIFY_WITH_TIMEOUT(page->events().size() > 0, 20000);
        // No reading after this: the page's list and the replay then see
        // the same readings (under ASan, readings taken between the list
        // and the replay made three hogs more).
        session->localSource()->stop();
        session->policy()->drain();
        QTest::qWait(200); // the book takes the last events on this thread

        // What the page lists when the replay starts.
        const QList<PolicyEvent> listed = page->events();
        PolicyDialog* d = session->window()->showPolicyDialog();
        QVERIFY(d);
        QSignalSpy finished(d, &PolicyDialog::replayFinished);
        d->startReplay();
        QVERIFY(finished.wait(30000));
        const QString status = d->replayStatus()->text();
        QVERIFY2(!status.contains(u"failed"_s), qPrintable(status));
        QVERIFY2(!d->replayEvents().isEmpty(), qPrintable(status));

        // The same readings under the same policy: the same events.
        const std::map<int, int> replayed = countByKind(d->replayEvents());
        const std::map<int, int> shown = countByKind(listed);
        qInfo("replayed %s; the Events page %s; %s", qPrintable(countsText(replayed)),
              qPrintable(countsText(shown)), qPrintable(status));
        QCOMPARE(replayed.size(), shown.size());
        for (const auto& [kind, n] : shown) {
            const int r = replayed.count(kind) ? replayed.at(kind) : 0;
            QVERIFY2(r == n, qPrintable(u"kind %1: replay %2, page %3"_s.arg(kind).arg(r).arg(n)));
        }
        // For the eye (docs/screenshots): the demo's policy and its replay.
        d->resize(1024, 700);
        d->show();
        QVERIFY(QTest::qWaitForWindowExposed(d));
        QVERIFY(d->grab().save(shotPath(u"policy-dialog-demo.png"_s)));
        d->close();
        session->stop();
    }
};

QTEST_MAIN(TestPolicyInForce)
#include "tst_policyinforce.moc"
