// The policy dialog: validation as typed ("line:column: reason", Save off),
// the form writing keys into the text without losing what it does not show,
// saving a file the parser reads back, PolicyClient against a loopback agent
// stub (200, 422, 403), the local journal and the replay over it (count,
// cancel, a corrupt entry), and screenshots in both palettes.

#include "darkpalette.h"
#include "httprequest.h"

#include "engine/livestate.h"
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "models/desktopstores.h"
#include "policy/policyconfig.h"
#include "policy/policyevent.h"
#include "remote/policyclient.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/policyreplay.h"
#include "window/policytext.h"

#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTableWidget>
#include <QTabWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeWidget>

using namespace gw;

namespace {

// A loopback HTTP/1.1 server answering each "METHOD /path" with a set status
// and body, recording what it was sent.
class StubAgent : public QObject
{
public:
    struct Request
    {
        QByteArray method;
        QByteArray target; // path and query
        QByteArray authorization;
        QByteArray body;
    };
    struct Answer
    {
        int status = 200;
        QByteArray body;
    };

    StubAgent()
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection())
                connect(s, &QTcpSocket::readyRead, this, [this, s] { readFrom(s); });
        });
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }
    void answer(const QByteArray& methodAndPath, int status, const QJsonObject& body)
    {
        m_answers[methodAndPath] =
            Answer{status, QJsonDocument(body).toJson(QJsonDocument::Compact)};
    }
    QList<Request> requests;

private:
    void readFrom(QTcpSocket* s)
    {
        QByteArray& buf = m_buffers[s];
        buf += s->readAll();
        const auto http = test::takeHttpRequest(buf);
        if (!http)
            return;
        Request r;
        r.method = http->method;
        r.target = http->target;
        r.authorization = http->headers.value("authorization");
        r.body = http->body;
        m_buffers.remove(s);
        requests << r;
        const QByteArray path =
            r.target.left(r.target.indexOf('?') < 0 ? r.target.size() : r.target.indexOf('?'));
        const Answer a = m_answers.value(r.method + ' ' + path,
                                         Answer{404, R"({"error":{"code":"not_found"}})"});
        s->write("HTTP/1.1 " + QByteArray::number(a.status) +
                 " X\r\nContent-Type: "
                 "application/json\r\nConnection: close\r\nContent-Length: " +
                 QByteArray::number(a.body.size()) + "\r\n\r\n" + a.body);
        s->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QByteArray, Answer> m_answers;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

QJsonObject policyAnswer(const PolicyConfig& p, qint64 version)
{
    return QJsonObject{{QStringLiteral("policy"), policyToJson(p)},
                       {QStringLiteral("source"), QStringLiteral("/etc/gpuwarden/policy.toml")},
                       {QStringLiteral("version"), version},
                       {QStringLiteral("changed_ms"), qint64(1'700'000'000'000)},
                       {QStringLiteral("previous"), QJsonValue::Null},
                       {QStringLiteral("persisted"), true}};
}

// One server, one GPU, one process at `util` percent, a reading a second.
Snapshot reading(qint64 atMs, double util)
{
    Snapshot s;
    s.server = QStringLiteral("this-host");
    s.timestampMs = atMs;
    s.backend = QStringLiteral("nvml");
    s.intervalMs = 1000;
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-0000");
    g.name = QStringLiteral("Test GPU");
    g.vendor = QStringLiteral("nvidia");
    g.utilizationGpuPercent = util;
    g.memoryUsedMiB = 20'000;
    g.memoryTotalMiB = 80'000;
    g.powerW = 300;
    s.gpus << g;
    GpuProcess p;
    p.pid = 4242;
    p.startTimeMs = 1'000;
    p.uid = 1000;
    p.user = QStringLiteral("alice");
    p.command = QStringLiteral("python");
    p.gpuUuid = g.uuid;
    p.usedMemoryMiB = 20'000;
    s.processes << p;
    return s;
}

// A journal of `count` readings from `startMs`, one a second; a corrupt
// entry after reading `corruptAfter` (0: none). Answers the corrupt entry's
// sequence.
quint64 fillJournal(const QString& path, qint64 startMs, int count, double util,
                    int corruptAfter = 0)
{
    QString error;
    auto journal = AgentJournal::open(path, &error);
    if (!journal)
        qFatal("journal: %s", qPrintable(error));
    quint64 corrupt = 0;
    for (int i = 0; i < count; ++i) {
        const qint64 at = startMs + i * 1000;
        journal->append(journal->take(&error).value_or(0), at,
                        toJsonBytes(reading(at, util), false));
        if (i + 1 == corruptAfter) {
            corrupt = journal->take(&error).value_or(0);
            journal->append(corrupt, at, QByteArray("{\"server\": 12"));
        }
    }
    if (!journal->close(startMs + count * 1000, &error))
        qFatal("journal: %s", qPrintable(error));
    return corrupt;
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

} // namespace

class TestPolicyDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    PolicyTarget localTarget(const QString& name)
    {
        PolicyTarget t;
        t.localPath = m_dir.filePath(name + QStringLiteral("/policy.toml"));
        t.journalPath = m_dir.filePath(name + QStringLiteral("/local-journal.sqlite"));
        QDir().mkpath(m_dir.filePath(name));
        return t;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QVERIFY(m_dir.isValid());
        // Tools → Policy… opens this computer's file from the settings: a
        // private one, never the user's.
        QStandardPaths::setTestModeEnabled(true);
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toLocal8Bit());
        QSettings().setValue(QStringLiteral("policy/path"),
                             m_dir.filePath(QStringLiteral("settings/policy.toml")));
    }

    void toolsMenuOpensTheSelectedServersPolicy()
    {
        StubAgent agent;
        agent.answer("GET /v1/policy", 200, policyAnswer(PolicyConfig{}, 7));
        LiveState fleet;
        Snapshot remote = reading(QDateTime::currentMSecsSinceEpoch(), 10);
        remote.server = QStringLiteral("gpu-01");
        Snapshot local = reading(QDateTime::currentMSecsSinceEpoch(), 10);
        fleet.ingestBatch({local, remote});
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.setPolicyAgents([&] {
            return QList<RemoteServer>{{QStringLiteral("gpu-01"), agent.url(), "t", {}}};
        });
        QAction* policy = nullptr;
        for (QAction* menu : w.menuBar()->actions())
            if (menu->text() == QStringLiteral("&Tools"))
                for (QAction* a : menu->menu()->actions())
                    if (a->text() == QStringLiteral("&Policy…"))
                        policy = a;
        QVERIFY(policy);

        // Nothing selected, or this computer: the local file.
        policy->trigger();
        auto* d = w.findChild<PolicyDialog*>();
        QVERIFY(d);
        QVERIFY(d->target().isLocal());
        QCOMPARE(d->target().localPath, m_dir.filePath(QStringLiteral("settings/policy.toml")));
        QCOMPARE(d->target().journalPath, LocalJournalRecorder::defaultPath());
        QVERIFY(d->target().journalPath.endsWith(QStringLiteral("/local-journal.sqlite")));
        delete d;

        // An agent selected: its policy over HTTP.
        w.selectServer(QStringLiteral("gpu-01"));
        PolicyDialog* remoteDialog = w.showPolicyDialog();
        QVERIFY(!remoteDialog->target().isLocal());
        QCOMPARE(remoteDialog->target().agent->url, agent.url());
        QTRY_VERIFY(remoteDialog->isLoaded());
        QCOMPARE(remoteDialog->windowTitle(),
                 QStringLiteral("Policy — agent gpu-01 (%1)").arg(agent.url().toString()));
        delete remoteDialog;
    }

    void typoShowsLineColumnAndDisablesSave()
    {
        PolicyDialog d(localTarget(QStringLiteral("typo")));
        QVERIFY(d.isLoaded());
        QVERIFY(d.saveButton()->isEnabled()); // the defaults are valid
        d.tabs()->setCurrentIndex(PolicyDialog::TextTab);
        d.textEdit()->setPlainText(QStringLiteral("[hog]\nthreshold_percent = 90\n"));
        QTRY_VERIFY(d.saveButton()->isEnabled());

        // Typed, not set: the check runs after the typing pause.
        QSignalSpy checked(&d, &PolicyDialog::validated);
        QTextCursor c = d.textEdit()->textCursor();
        c.movePosition(QTextCursor::Start);
        c.movePosition(QTextCursor::Down);
        c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, 5); // "thres|hold"
        d.textEdit()->setTextCursor(c);
        QTest::keyClicks(d.textEdit(), QStringLiteral("h"));
        QCOMPARE(checked.count(), 0); // not yet: debounced
        QTRY_COMPARE(checked.count(), 1);
        QVERIFY(d.hasErrors());
        QVERIFY(!d.saveButton()->isEnabled());
        QVERIFY(!d.replayButton()->isEnabled());
        QCOMPARE(d.problemList()->count(), 1);
        QCOMPARE(d.problemList()->item(0)->text(),
                 QStringLiteral("2:1: unknown key \"threshhold_percent\" in [hog] (did you mean "
                                "\"threshold_percent\"?)"));
        QCOMPARE(d.validityLabel()->text(),
                 QStringLiteral("1 mistake(s); Save waits until they are fixed:"));

        // A click goes to the mistake.
        d.tabs()->setCurrentIndex(PolicyDialog::FormTab);
        d.textEdit()->moveCursor(QTextCursor::End);
        d.goToProblem(d.problemList()->item(0));
        QCOMPARE(d.tabs()->currentIndex(), int(PolicyDialog::TextTab));
        QCOMPARE(d.textEdit()->textCursor().blockNumber(), 1);
        QCOMPARE(d.textEdit()->textCursor().positionInBlock(), 0);

        // A value mistake, with its column; Save refuses even when called.
        d.textEdit()->setPlainText(QStringLiteral("[hog]\nduration = \"10x\"\n"));
        d.validateNow();
        QCOMPARE(d.problemList()->count(), 1);
        QVERIFY2(d.problemList()->item(0)->text().startsWith(QStringLiteral("2:12: \"duration\": "
                                                                            "\"10x\" is not a "
                                                                            "duration")),
                 qPrintable(d.problemList()->item(0)->text()));
        d.save();
        QVERIFY(!QFile::exists(d.target().localPath));

        // Fixed: Save comes back.
        d.textEdit()->setPlainText(QStringLiteral("[hog]\nduration = \"10m\"\n"));
        QTRY_VERIFY(d.saveButton()->isEnabled());
        QCOMPARE(d.problemList()->count(), 0);
        QCOMPARE(d.validityLabel()->text(), QStringLiteral("The policy is valid."));
    }

    void warningsAreListedButDoNotBlock()
    {
        PolicyDialog d(localTarget(QStringLiteral("warn")));
        d.setText(QStringLiteral("[quota.users]\nalice = 60\nbob = 70\n"));
        QVERIFY(!d.hasErrors());
        QVERIFY(d.saveButton()->isEnabled());
        QCOMPARE(d.problemList()->count(), 1);
        QVERIFY2(d.problemList()->item(0)->text().startsWith(QStringLiteral("warning: ")),
                 qPrintable(d.problemList()->item(0)->text()));
    }

    // [accounts] in the form (issue 29): the plain keys as fields, each
    // account a row of the table, written as [accounts.NAME] tables and
    // read back; a renamed or removed row leaves no table behind.
    void accountsAreEditedInTheTable()
    {
        PolicyDialog d(localTarget(QStringLiteral("accounts")));
        d.setText(QStringLiteral("[accounts]\nmax_gpus_per_user = 16\n\n[accounts.vision]\n"
                                 "members = [\"alice\", \"@vision-lab\"]\nmax_gpus = 8\n"));
        QVERIFY(!d.hasErrors());
        auto* perUser =
            qobject_cast<QSpinBox*>(d.formField(QStringLiteral("accounts/max_gpus_per_user")));
        QVERIFY(perUser);
        QCOMPARE(perUser->value(), 16);
        QTableWidget* t = d.accountsTable();
        QCOMPARE(t->rowCount(), 1);
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("vision"));
        QCOMPARE(t->item(0, 1)->text(), QStringLiteral("alice, @vision-lab"));
        QCOMPARE(t->item(0, 2)->text(), QStringLiteral("8"));
        QCOMPARE(t->item(0, 3)->text(), QString());

        t->item(0, 3)->setText(QStringLiteral("2"));
        t->insertRow(1);
        t->setItem(1, 0, new QTableWidgetItem(QStringLiteral("students")));
        t->setItem(1, 1, new QTableWidgetItem(QStringLiteral("@students")));
        t->setItem(1, 3, new QTableWidgetItem(QStringLiteral("1")));
        t->setItem(1, 4, new QTableWidgetItem(QStringLiteral("20")));
        d.validateNow();
        QVERIFY2(!d.hasErrors(), qPrintable(d.text()));
        PolicyConfig p = *d.policy();
        QCOMPARE(p.accounts.maxGpusPerUser, 16);
        QCOMPARE(p.accounts.list.size(), 2);
        QCOMPARE(p.accounts.list[0].name, QStringLiteral("students"));
        QCOMPARE(p.accounts.list[0].groups, QStringList{QStringLiteral("students")});
        QCOMPARE(p.accounts.list[0].sharePercent, 20.0);
        QCOMPARE(p.accounts.list[1].maxGpusPerMember, 2);
        QCOMPARE(p.accounts.list[1].users, QStringList{QStringLiteral("alice")});

        // Renamed: the old table goes. Removed: nothing of it stays.
        t->item(0, 0)->setText(QStringLiteral("vision2"));
        QVERIFY2(!d.text().contains(QStringLiteral("[accounts.vision]")), qPrintable(d.text()));
        QVERIFY(d.text().contains(QStringLiteral("[accounts.vision2]")));
        t->removeRow(1);
        t->item(0, 4)->setText(QStringLiteral("30")); // a change writes the table
        d.validateNow();
        p = *d.policy();
        QCOMPARE(p.accounts.list.size(), 1);
        QCOMPARE(p.accounts.list[0].name, QStringLiteral("vision2"));
        QVERIFY(!d.text().contains(QStringLiteral("students")));

        // At 1024 × 700 the table is reached by scrolling, its five columns
        // side by side.
        d.resize(1024, 700);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        auto* scroll = d.tabs()->widget(PolicyDialog::FormTab)->findChild<QScrollArea*>();
        if (!scroll)
            scroll = qobject_cast<QScrollArea*>(d.tabs()->widget(PolicyDialog::FormTab));
        QVERIFY(scroll);
        scroll->ensureWidgetVisible(t, 0, 40);
        QVERIFY(t->horizontalHeader()->length() <= t->viewport()->width());
        QVERIFY(d.grab().save(shotPath(QStringLiteral("policy-dialog-accounts.png"))));
    }

    void formRoundTripKeepsUnknownSections()
    {
        const QString original = QStringLiteral("# our lab's policy\n"
                                                "[hog]\n"
                                                "threshold_percent = 80   # agreed in March\n"
                                                "duration = \"10m\"\n"
                                                "\n"
                                                "[idle]\n"
                                                "confirm_power = false\n"
                                                "kill_grace = \"1m\"\n"
                                                "\n"
                                                "[quota.groups]\n"
                                                "students = 40\n"
                                                "\n"
                                                "[adaptive]\n"
                                                "bands = [\n"
                                                "    { up_to = 50, multiplier = 1.0 },\n"
                                                "    { up_to = 100, multiplier = 0.25 },\n"
                                                "]\n");
        PolicyDialog d(localTarget(QStringLiteral("roundtrip")));
        d.setText(original);
        QVERIFY(!d.hasErrors());
        auto* threshold =
            qobject_cast<QDoubleSpinBox*>(d.formField(QStringLiteral("hog/threshold_percent")));
        QVERIFY(threshold);
        QCOMPARE(threshold->value(), 80.0); // the form follows the text

        threshold->setValue(91);
        auto* enabled =
            qobject_cast<QAbstractButton*>(d.formField(QStringLiteral("adaptive/enabled")));
        enabled->setChecked(false);
        auto* exempt = qobject_cast<QLineEdit*>(d.formField(QStringLiteral("idle/exempt_users")));
        exempt->setFocus();
        QTest::keyClicks(exempt, QStringLiteral("root, backup"));
        // A user quota from the table.
        d.usersTable()->insertRow(0);
        d.usersTable()->setItem(0, 0, new QTableWidgetItem(QStringLiteral("alice")));
        d.usersTable()->setItem(0, 1, new QTableWidgetItem(QStringLiteral("30")));
        d.usersTable()->setItem(0, 2,
                                new QTableWidgetItem(QStringLiteral("Mon-Fri 09:00-18:00; Sat,Sun "
                                                                    "10:00-12:00")));
        const QString text = d.text();
        QVERIFY2(text.contains(QStringLiteral("threshold_percent = 91 # agreed in March\n")),
                 qPrintable(text));
        QVERIFY(text.startsWith(QStringLiteral("# our lab's policy\n[hog]\n")));
        QVERIFY2(text.contains(QStringLiteral("[quota.groups]\nstudents = 40\n")),
                 qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("bands = [\n    { up_to = 50, multiplier = 1.0 },\n")),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("kill_grace = \"1m\"\nexempt_users = [\"root\", "
                                              "\"backup\"]\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[adaptive]\nenabled = false\nbands = [")) ||
                     text.contains(QStringLiteral("]\nenabled = false\n")),
                 qPrintable(text));

        d.validateNow();
        QVERIFY2(!d.hasErrors(),
                 qPrintable(d.problemList()->count() > 0 ? d.problemList()->item(0)->text()
                                                         : QString()));
        const PolicyConfig p = *d.policy();
        QCOMPARE(p.hog.thresholdPercent, 91.0);
        QCOMPARE(p.hog.durationMs, 600'000);
        QCOMPARE(p.idle.confirmPower, false);
        QCOMPARE(p.idle.killGraceMs, 60'000);
        QCOMPARE(p.idle.exemptUsers,
                 (QStringList{QStringLiteral("root"), QStringLiteral("backup")}));
        QCOMPARE(p.adaptive.enabled, false);
        QCOMPARE(p.adaptive.bands.size(), 2);
        QCOMPARE(p.adaptive.bands[1].multiplier, 0.25);
        QCOMPARE(p.quota.groups.size(), 1);
        QCOMPARE(p.quota.groups[0].name, QStringLiteral("students"));
        QCOMPARE(p.quota.users.size(), 1);
        QCOMPARE(p.quota.users[0].sharePercent, 30.0);
        QCOMPARE(p.quota.users[0].windows.size(), 2);
        QCOMPARE(p.quota.users[0].windows[1].text, QStringLiteral("Sat,Sun 10:00-12:00"));

        // Removing the last user removes the table from the text.
        d.usersTable()->setCurrentCell(0, 0);
        d.usersTable()->removeRow(0);
        d.usersTable()->insertRow(0); // an empty row is no user
        d.usersTable()->setItem(0, 0, new QTableWidgetItem(QString()));
        QVERIFY2(!d.text().contains(QStringLiteral("[quota.users]")), qPrintable(d.text()));
    }

    void textEditsOfOddLayouts()
    {
        // A multi-line array is replaced whole; a section the text lacks is
        // added, after its sub-table if need be (valid TOML).
        QString text = QStringLiteral("[idle]\nexempt_users = [\n    \"root\",\n    "
                                      "\"backup\", # the nightly job\n]\ndry_run = true\n\n"
                                      "[quota.users]\nalice = 30\n");
        text = policytext::setKey(text, QStringLiteral("idle"), QStringLiteral("exempt_users"),
                                  policytext::stringArray({QStringLiteral("root")}));
        text = policytext::setKey(text, QStringLiteral("quota"), QStringLiteral("window"),
                                  policytext::string(QStringLiteral("2h")));
        QCOMPARE(text, QStringLiteral("[idle]\nexempt_users = [\"root\"]\ndry_run = true\n\n"
                                      "[quota.users]\nalice = 30\n\n[quota]\nwindow = \"2h\"\n"));
        const PolicyParseResult r = parsePolicy(text.toUtf8(), QStringLiteral("policy.toml"));
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(r.config->quota.windowMs, 7'200'000);
        QCOMPARE(r.config->quota.users.size(), 1);
        QCOMPARE(r.config->idle.exemptUsers, QStringList{QStringLiteral("root")});
        // Names that are not bare keys are quoted; strings escaped.
        QCOMPARE(policytext::key(QStringLiteral("first.last")), QStringLiteral("\"first.last\""));
        QCOMPARE(policytext::string(QStringLiteral("a\"b\\c")), QStringLiteral("\"a\\\"b\\\\c\""));
        QCOMPARE(policytext::parseProblem(QStringLiteral("policy.toml:12:3: bad: 1:2: x")).text(),
                 QStringLiteral("12:3: bad: 1:2: x"));
        QCOMPARE(policytext::parseProblem(QStringLiteral("no position")).line, 0);
    }

    void jsonToTomlRoundTrip()
    {
        // What GET /v1/policy answers becomes a text that reads back the same.
        PolicyConfig p;
        p.hog.thresholdPercent = 92.5;
        p.idle.warningsMs = {600'000};
        p.idle.exemptCommands = {QStringLiteral("jupyter-lab")};
        p.quota.users << QuotaShare{QStringLiteral("alice"), 30, {}};
        QString why;
        p.quota.users << QuotaShare{
            QStringLiteral("bob"),
            50,
            {*parseQuotaWindow(QStringLiteral("Mon-Fri 09:00-18:00"), &why)}};
        p.quota.groups << QuotaShare{QStringLiteral("lab"), 40, {}};
        p.adaptive.bands = {{40, 1.0}, {100, 0.2}};
        // [owners] with its tables, written by the dialog, reads back equal.
        p.hog.scope = HogScope::Workload;
        p.owners.accountLabel = QStringLiteral("lab.account");
        p.owners.namespaces.insert(QStringLiteral("vision"),
                                   {QStringLiteral("alice"), QStringLiteral("vision"), 0});
        p.owners.containers.append({QStringLiteral("train-*"), {QStringLiteral("bob"), {}, 0}});
        p.exempt.namespaces = {QStringLiteral("kube-system")};
        const QString text = QString::fromUtf8(policyTomlFromJson(policyToJson(p)));
        const PolicyParseResult r = parsePolicy(text.toUtf8(), QStringLiteral("policy.toml"));
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n')) + text));
        QVERIFY(*r.config == p);
        QCOMPARE(policytext::sections(text),
                 (QStringList{QStringLiteral("hog"), QStringLiteral("idle"),
                              QStringLiteral("quota"), QStringLiteral("quota.users"),
                              QStringLiteral("quota.groups"), QStringLiteral("adaptive"),
                              QStringLiteral("alerts"), QStringLiteral("allocate"),
                              QStringLiteral("owners"), QStringLiteral("owners.namespaces"),
                              QStringLiteral("owners.containers")}));
        const PolicyParseResult defaults =
            parsePolicy(policyTomlFromJson(policyToJson(PolicyConfig{})), QStringLiteral("p"));
        QVERIFY(defaults.config && *defaults.config == PolicyConfig{});
        // [tokens] too, its prices as [tokens.prices] in their order.
        PolicyConfig t;
        t.tokens.enabled = true;
        t.tokens.initial = 50;
        t.tokens.overdraftFloor = -5;
        t.tokens.dailyWhen = PolicyConfig::Tokens::DailyWhen::Always;
        t.tokens.charge = PolicyConfig::Tokens::Charge::Used;
        t.tokens.timeZone = QStringLiteral("Europe/Berlin");
        t.tokens.users = {QStringLiteral("alice")};
        t.tokens.prices = {{QStringLiteral("RTX 3090"), 1, 0}, {QStringLiteral("H100"), 8.5, 0}};
        // The enforcement keys of [tokens] read back the same.
        t.tokens.enforcement.mode = PolicyConfig::Tokens::Enforcement::Mode::Propose;
        t.tokens.enforcement.stepAfterMs = 120'000;
        t.tokens.enforcement.demandOnRefusedAllocation = false;
        t.tokens.enforcement.protectedUsers = {QStringLiteral("carol")};
        const QString tokensText = QString::fromUtf8(policyTomlFromJson(policyToJson(t)));
        const PolicyParseResult tokens = parsePolicy(tokensText.toUtf8(), QStringLiteral("p"));
        QVERIFY2(tokens.config, qPrintable(tokens.errors.join(QLatin1Char('\n')) + tokensText));
        QVERIFY2(*tokens.config == t, qPrintable(tokensText));
        QCOMPARE(policytext::sections(tokensText).mid(6),
                 (QStringList{QStringLiteral("tokens"), QStringLiteral("tokens.prices"),
                              QStringLiteral("owners")}));
    }

    void formEditSavesFileThatLoads()
    {
        const PolicyTarget t = localTarget(QStringLiteral("save"));
        const QByteArray old = "[hog]\nthreshold_percent = 80\n";
        {
            QFile f(t.localPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(old);
        }
        PolicyDialog d(t);
        QCOMPARE(d.text().toUtf8(), old);
        auto* threshold =
            qobject_cast<QDoubleSpinBox*>(d.formField(QStringLiteral("hog/threshold_percent")));
        threshold->setValue(95);
        QSignalSpy saved(&d, &PolicyDialog::saved);
        d.saveButton()->click();
        QCOMPARE(saved.count(), 1);
        QCOMPARE(saved.at(0).at(0).toString(), t.localPath);
        const PolicyParseResult r = loadPolicyFile(t.localPath);
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(r.config->hog.thresholdPercent, 95.0);
        QFile previous(t.localPath + QStringLiteral(".previous"));
        QVERIFY(previous.open(QIODevice::ReadOnly));
        QCOMPARE(previous.readAll(), old);
        QCOMPARE(d.savedText(), d.text());
        QVERIFY(d.statusLabel()->text().startsWith(QStringLiteral("Saved to ")));

        // A folder that cannot be written: said, nothing claimed.
        PolicyTarget blocked = t;
        blocked.localPath = m_dir.filePath(QStringLiteral("save/policy.toml/inside.toml"));
        PolicyDialog b(blocked);
        QSignalSpy bsaved(&b, &PolicyDialog::saved);
        b.save();
        QCOMPARE(bsaved.count(), 0);
        QVERIFY2(b.statusLabel()->text().startsWith(QStringLiteral("Cannot write ")),
                 qPrintable(b.statusLabel()->text()));
    }

    // The acceptance test's desktop half: the threshold edited in the form
    // and saved changes what the replay finds. The verdict needs the policy
    // engine (the lead's branch); until it lands, the replay finds nothing.
    void thresholdEditedInFormChangesTheVerdict()
    {
        PolicyTarget t = localTarget(QStringLiteral("verdict"));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        // 20 minutes at 70 %: a hog at threshold 50, none at 80.
        fillJournal(t.journalPath, now - 30 * 60'000, 20 * 60, 70);
        PolicyDialog d(t);
        auto* threshold =
            qobject_cast<QDoubleSpinBox*>(d.formField(QStringLiteral("hog/threshold_percent")));
        threshold->setValue(50);
        d.save();
        QCOMPARE(loadPolicyFile(t.localPath).config->hog.thresholdPercent, 50.0);
        QSignalSpy done(&d, &PolicyDialog::replayFinished);
        d.startReplay();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10'000);
        const QList<PolicyEvent> at50 = d.replayEvents();
        QVERIFY2(!at50.isEmpty(), "the replay found no events");
        QVERIFY(std::any_of(at50.begin(), at50.end(),
                            [](const PolicyEvent& e) { return e.kind == PolicyEventKind::Hog; }));
        threshold->setValue(80);
        d.startReplay();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 10'000);
        const QList<PolicyEvent> at80 = d.replayEvents();
        QVERIFY(std::none_of(at80.begin(), at80.end(),
                             [](const PolicyEvent& e) { return e.kind == PolicyEventKind::Hog; }));
    }

    void replayCountsCancelsAndReportsCorruptEntries()
    {
        const QString path = m_dir.filePath(QStringLiteral("replay-journal.sqlite"));
        // Recent: opening the journal applies its 24 h retention.
        const qint64 start = QDateTime::currentMSecsSinceEpoch() - 2 * 3600'000;
        const quint64 corrupt = fillJournal(path, start, 3000, 50, 100);
        QVERIFY(corrupt > 0);
        QString why;
        QVERIFY(!snapshotFromJsonBytes("{\"server\": 12", &why));

        ReplayRequest request{path, PolicyConfig{}, PolicyConfig{}, start, start + 3600'000, {}};
        std::atomic<bool> cancelled{false};
        QList<quint64> progress;
        const ReplayOutcome all =
            ReplayRunner::replayJournal(request, cancelled, [&](quint64 n, int pass) {
                if (pass == 0)
                    progress << n;
            });
        QVERIFY2(all.error.isEmpty(), qPrintable(all.error));
        QCOMPARE(all.readings, quint64(3000));
        QCOMPARE(all.edited.readings, quint64(3000));
        QVERIFY(all.current.has_value());
        QCOMPARE(all.current->readings, quint64(3000));
        QCOMPARE(all.skipped, quint64(1));
        QCOMPARE(all.problems,
                 QStringList{QStringLiteral("journal entry %1 skipped: %2").arg(corrupt).arg(why)});
        QCOMPARE(progress.first(), quint64(500));
        QCOMPARE(progress.last(), quint64(3000));
        QVERIFY(!all.cancelled);

        // The range counts: the first ten minutes only.
        request.toMs = start + 599'000;
        request.current.reset();
        QCOMPARE(ReplayRunner::replayJournal(request, cancelled, {}).readings, quint64(600));
        request.toMs = start + 3600'000;

        // On its own thread, cancelled after the first progress report.
        ReplayRunner runner;
        QSignalSpy finished(&runner, &ReplayRunner::finished);
        connect(
            &runner, &ReplayRunner::progress, &runner,
            [&runner](quint64 n, int) {
                if (n >= 500)
                    runner.cancel();
            },
            Qt::DirectConnection);
        QVERIFY(runner.start(request));
        QVERIFY(runner.isRunning());
        QVERIFY(!runner.start(request)); // one at a time
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10'000);
        QVERIFY(!runner.isRunning());
        const auto out = finished.at(0).at(0).value<ReplayOutcome>();
        QVERIFY(out.cancelled);
        QCOMPARE(out.readings, quint64(500));
        QVERIFY(!out.current.has_value());

        // No journal yet: said in words.
        request.journalPath = m_dir.filePath(QStringLiteral("none.sqlite"));
        QCOMPARE(ReplayRunner::replayJournal(request, cancelled, {}).error,
                 QStringLiteral("No readings of this computer are recorded yet (%1 does not "
                                "exist).")
                     .arg(request.journalPath));
    }

    void dialogReplaysTheLocalJournal()
    {
        PolicyTarget t = localTarget(QStringLiteral("dialogreplay"));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        fillJournal(t.journalPath, now - 3600'000, 1200, 30, 7);
        PolicyDialog d(t);
        QSignalSpy done(&d, &PolicyDialog::replayFinished);
        d.replayButton()->click();
        QCOMPARE(d.tabs()->currentIndex(), int(PolicyDialog::ReplayTab));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10'000);
        const QString status = d.replayStatus()->text();
        QVERIFY2(status.startsWith(QStringLiteral("0 event(s) in %1 readings of the last 24 hours.")
                                       .arg(QLocale().toString(1200))),
                 qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("journal entry 8 skipped: ")), qPrintable(status));
        QCOMPARE(d.replayCounts()->text(),
                 QStringLiteral("Hog: 0 · Idle: 0 · Fair share: 0 · Over cap: 0"));
        QVERIFY(d.replayButton()->isEnabled());

        // Cancelled from the dialog.
        d.setText(QStringLiteral("[hog]\nthreshold_percent = 50\n"));
        d.startReplay();
        QVERIFY(d.cancelReplayButton()->isEnabled());
        d.cancelReplayButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 10'000);
        // Either it stopped early, or the whole journal was read first.
        QVERIFY2(d.replayStatus()->text().startsWith(QStringLiteral("Replay cancelled after ")) ||
                     d.replayStatus()->text().startsWith(QStringLiteral("0 event(s) in ")),
                 qPrintable(d.replayStatus()->text()));
        QVERIFY(!d.cancelReplayButton()->isEnabled());

        // Closed while replaying: the replay stops with it.
        auto* closing = new PolicyDialog(t);
        closing->startReplay();
        QVERIFY(closing->replayRunning());
        delete closing;
    }

    void localJournalRecorderWritesReadings()
    {
        const QString path = m_dir.filePath(QStringLiteral("recorder/local-journal.sqlite"));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        {
            LocalJournalRecorder recorder(path);
            recorder.start();
            QList<Snapshot> batch;
            for (int i = 0; i < 90; ++i)
                batch << reading(now - 90'000 + i * 1000, 10);
            recorder.ingestBatch(batch);
            QCOMPARE(recorder.flushNow(), QString());
            QCOMPARE(recorder.pendingCount(), 0);

            // While a replay holds the journal, readings wait in memory.
            QString error;
            {
                auto held = AgentJournal::open(path, &error);
                QVERIFY2(held, qPrintable(error));
                QTest::ignoreMessage(QtWarningMsg,
                                     QRegularExpression(QStringLiteral("is using it")));
                recorder.ingestBatch({reading(now, 10)});
                QVERIFY(!recorder.flushNow().isEmpty());
                QCOMPARE(recorder.pendingCount(), 1);
                QVERIFY(held->close(now, &error));
            }
            recorder.ingestBatch({reading(now + 1000, 10)});
        } // the destructor writes what is left
        ReplayRequest request{path,           PolicyConfig{}, std::nullopt,
                              now - 3600'000, now + 3600'000, {}};
        std::atomic<bool> cancelled{false};
        const ReplayOutcome out = ReplayRunner::replayJournal(request, cancelled, {});
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        QCOMPARE(out.readings, quint64(92));
        QCOMPARE(out.skipped, quint64(0));
    }

    void policyClientAgainstStubAgent()
    {
        StubAgent agent;
        PolicyConfig current;
        current.hog.thresholdPercent = 85;
        agent.answer("GET /v1/policy", 200, policyAnswer(current, 3));
        RemoteServer server{QStringLiteral("gpu-01"), agent.url(), "admin-token", {}};

        PolicyDialog d(PolicyTarget::remote(server));
        QVERIFY(!d.isLoaded());
        QVERIFY(!d.saveButton()->isEnabled());
        QSignalSpy loaded(&d, &PolicyDialog::loaded);
        QTRY_COMPARE(loaded.count(), 1);
        QVERIFY(d.isLoaded());
        QCOMPARE(agent.requests.at(0).authorization, QByteArray("Bearer admin-token"));
        QVERIFY(d.text().startsWith(QStringLiteral("# The policy in force on gpu-01 (version 3, "
                                                   "from /etc/gpuwarden/policy.toml)")));
        QVERIFY(d.policy() && *d.policy() == current);
        QCOMPARE(d.saveButton()->text(), QStringLiteral("&Apply to gpu-01"));

        // 200: applied; the effective policy listed.
        auto* threshold =
            qobject_cast<QDoubleSpinBox*>(d.formField(QStringLiteral("hog/threshold_percent")));
        threshold->setValue(70);
        PolicyConfig applied = current;
        applied.hog.thresholdPercent = 70;
        agent.answer("PUT /v1/policy", 200, policyAnswer(applied, 4));
        QSignalSpy saved(&d, &PolicyDialog::saved);
        d.save();
        QTRY_COMPARE(saved.count(), 1);
        QCOMPARE(agent.requests.last().method, QByteArray("PUT"));
        QCOMPARE(agent.requests.last().body, d.text().toUtf8());
        QCOMPARE(d.statusLabel()->text(), QStringLiteral("gpu-01 applied the policy (version 4)."));
        QCOMPARE(d.problemList()->item(0)->text(),
                 QStringLiteral("gpu-01 applied the policy (version 4)."));
        QVERIFY(d.problemList()->count() > 2);

        // 422: the agent's reasons, clickable like the desktop's own.
        agent.answer(
            "PUT /v1/policy", 422,
            QJsonObject{
                {QStringLiteral("error"),
                 QJsonObject{
                     {QStringLiteral("code"), QStringLiteral("invalid_policy")},
                     {QStringLiteral("message"), QStringLiteral("the policy is refused")},
                     {QStringLiteral("errors"),
                      QJsonArray{QStringLiteral("policy.toml:3:1: exempt user \"nobody\" is "
                                                "not known on this server")}}}}});
        d.save();
        QTRY_COMPARE(agent.requests.size(), 3);
        QTRY_COMPARE(d.problemList()->count(), 1);
        QCOMPARE(d.problemList()->item(0)->text(),
                 QStringLiteral("3:1: exempt user \"nobody\" is not known on this server"));
        QVERIFY(d.statusLabel()->text().startsWith(QStringLiteral("gpu-01 refused the policy: ")));
        QVERIFY(
            d.statusLabel()->text().endsWith(QStringLiteral("HTTP 422: the policy is refused")));
        QVERIFY(d.saveButton()->isEnabled()); // fix and try again

        // 403: a token for reading only.
        agent.answer("PUT /v1/policy", 403,
                     QJsonObject{{QStringLiteral("error"),
                                  QJsonObject{{QStringLiteral("code"), QStringLiteral("forbidden")},
                                              {QStringLiteral("message"),
                                               QStringLiteral("admin scope required")}}}});
        d.save();
        QTRY_COMPARE(agent.requests.size(), 4);
        const QString readOnly = QStringLiteral(
            "gpu-01: this agent's token has read access only; changing the policy needs a token "
            "with admin scope (HTTP 403)");
        QTRY_COMPARE(d.statusLabel()->text(), readOnly);
        QCOMPARE(d.problemList()->item(0)->text(), readOnly);
        QCOMPARE(saved.count(), 1);
    }

    void policyClientRepliesAndFailures()
    {
        StubAgent agent;
        PolicyEvent e;
        e.id = QStringLiteral("hog/gpu-01/4242/1000");
        e.kind = PolicyEventKind::Hog;
        e.server = QStringLiteral("gpu-01");
        e.startMs = 1'700'000'000'000;
        e.detectedMs = e.startMs + 600'000;
        e.pid = 4242;
        e.user = QStringLiteral("alice");
        e.command = QStringLiteral("python");
        e.gpuIndex = 2;
        e.peakPercent = 97;
        e.meanPercent = 95;
        e.durationMs = 2'520'000;
        agent.answer("POST /v1/replay", 200,
                     QJsonObject{{QStringLiteral("readings"), 86400},
                                 {QStringLiteral("events"), QJsonArray{toJson(e)}}});
        PolicyClient client(RemoteServer{QStringLiteral("gpu-01"), agent.url(), "t", {}});
        std::optional<ReplayReply> reply;
        client.replay("[hog]\n", 1000, 2000, [&](const ReplayReply& r) { reply = r; });
        QVERIFY(client.busy());
        QTRY_VERIFY(reply.has_value());
        QVERIFY2(reply->ok, qPrintable(reply->error));
        QCOMPARE(reply->readings, quint64(86400));
        QCOMPARE(reply->events.size(), 1);
        QString why;
        QCOMPARE(*policyEventFromJson(reply->events[0], &why), e);
        QCOMPARE(agent.requests.last().target, QByteArray("/v1/replay?from=1000&to=2000"));
        QCOMPARE(agent.requests.last().body, QByteArray("[hog]\n"));

        // Not an agent's answer: one line saying so.
        agent.answer("GET /v1/policy", 200, QJsonObject{{QStringLiteral("policy"), 3}});
        std::optional<PolicyReply> bad;
        client.getPolicy([&](const PolicyReply& r) { bad = r; });
        QTRY_VERIFY(bad.has_value());
        QVERIFY(!bad->ok);
        QCOMPARE(bad->failure, AgentFailure::Protocol);
        QCOMPARE(bad->error, QStringLiteral("\"policy\": expected an object"));

        // Nobody there.
        PolicyClient nobody(RemoteServer{
            QStringLiteral("gone"), QUrl(QStringLiteral("http://127.0.0.1:1")), {}, {}});
        std::optional<PolicyReply> gone;
        nobody.getPolicy([&](const PolicyReply& r) { gone = r; });
        QTRY_VERIFY(gone.has_value());
        QCOMPARE(gone->failure, AgentFailure::Unreachable);
        QVERIFY2(gone->error.startsWith(QStringLiteral("http://127.0.0.1:1/v1/policy: ")),
                 qPrintable(gone->error));

        // The agent's replay shown in the dialog, with the current policy's
        // counts beside (the stub answers both the same).
        agent.answer("GET /v1/policy", 200, policyAnswer(PolicyConfig{}, 1));
        PolicyDialog d(PolicyTarget::remote(client.server()));
        QSignalSpy loaded(&d, &PolicyDialog::loaded);
        QTRY_COMPARE(loaded.count(), 1);
        qobject_cast<QDoubleSpinBox*>(d.formField(QStringLiteral("hog/threshold_percent")))
            ->setValue(90);
        QSignalSpy done(&d, &PolicyDialog::replayFinished);
        d.startReplay();
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(d.replayEvents(), QList<PolicyEvent>{e});
        QCOMPARE(d.replayTable()->topLevelItemCount(), 1);
        QCOMPARE(d.replayTable()->topLevelItem(0)->text(1),
                 QStringLiteral("python (PID 4242, alice), GPU 2"));
        QCOMPARE(d.replayTable()->topLevelItem(0)->text(4), policyEventText(e));
        d.resize(1024, 700);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.grab().save(shotPath(QStringLiteral("policy-dialog-replay.png"))));
        QCOMPARE(d.replayCounts()->text(),
                 QStringLiteral("Hog: 1 (current policy: 1) · Idle: 0 (current policy: 0) · Fair "
                                "share: 0 (current policy: 0) · Over cap: 0 (current policy: 0)"));
    }

    void screenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void screenshots()
    {
        QFETCH(bool, dark);
        // Where an admin's file would be (not written: nothing is saved).
        PolicyTarget t = localTarget(QStringLiteral("shot"));
        t.localPath = QStringLiteral("/home/admin/.config/gpuwarden/policy.toml");
        PolicyDialog d(t);
        if (dark) {
            // With the disabled colours a desktop's dark theme has.
            QPalette p = test::darkPalette();
            for (const auto role : {QPalette::ButtonText, QPalette::Text, QPalette::WindowText})
                p.setColor(QPalette::Disabled, role, QColor(0x77, 0x77, 0x77));
            d.setPalette(p);
        }
        d.setText(QStringLiteral("[hog]\nthreshold_percent = 90\nduration = \"15m\"\nscope = "
                                 "\"user\"\n\n[idle]\nmin_gpu_utilization = 5\ntime_window = "
                                 "\"45m\"\nwarnings = [\"20m\", \"5m\"]\naction = \"terminate\"\n"
                                 "dry_run = true\nexempt_commands = [\"jupyter-lab\"]\n\n[quota]\n"
                                 "window = \"2h\"\n\n[quota.users]\nalice = 30\nbob = { share = "
                                 "50, windows = [\"Mon-Fri 09:00-18:00\"] }\n\n[quota.groups]\n"
                                 "students = 40\n"));
        d.resize(1024, 700);
        if (dark) {
            // The text with a mistake in it.
            QTextCursor c(d.textEdit()->document()->findBlockByNumber(6));
            c.movePosition(QTextCursor::EndOfBlock);
            c.insertText(QStringLiteral("x"));
            d.validateNow();
            d.tabs()->setCurrentIndex(PolicyDialog::TextTab);
        }
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.grab().save(shotPath(dark ? QStringLiteral("policy-dialog-dark.png")
                                            : QStringLiteral("policy-dialog.png"))));
        QCOMPARE(d.size(), QSize(1024, 700));
        // Nothing of the form is cut off horizontally at 1024 px.
        QVERIFY(d.tabs()->widget(PolicyDialog::FormTab)->width() <= 1024);
    }
};

QTEST_MAIN(TestPolicyDialog)
#include "tst_policydialog.moc"
