// The desktop's composition root (DesktopSession), in process: --settings
// is the one source of this computer's policy path, for the policies the
// session runs and for the policy dialog (Tools → Policy…), and the user's
// own settings are not read behind its back. Through the engine, this
// machine's policies take only this machine's readings.

#include "app/desktopsession.h"
#include "engine/engine.h"
#include "model/snapshot.h"
#include "models/desktopstores.h"
#include "policy/policyservice.h"
#include "sources/source.h"
#include "window/fleetprocesspage.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/statusline.h"

#include <QApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

std::optional<DesktopSetup> setupFrom(const QStringList& args, QString* error)
{
    QCommandLineParser parser;
    addDesktopOptions(parser);
    if (!parser.parse(QStringList{QStringLiteral("gpuwarden")} + args)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    return desktopSetup(parser, error);
}

// A session on this machine with an empty --settings file in `dir` and no
// history; null when the command line is refused.
std::unique_ptr<DesktopSession> sessionWithEmptySettings(const QTemporaryDir& dir)
{
    const QString ini = dir.filePath(QStringLiteral("settings.ini"));
    QString error;
    auto setup =
        writeFile(ini, "")
            ? setupFrom({QStringLiteral("--settings"), ini, QStringLiteral("--no-history")}, &error)
            : std::nullopt;
    if (!setup) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    return std::make_unique<DesktopSession>(std::move(*setup));
}

// The note above the per-user totals, as the page shows it.
QString hoursNoteOf(const QWidget* page)
{
    for (const QLabel* label : page->findChildren<QLabel*>())
        if (label->text().startsWith(u"Per owner"_s))
            return label->text();
    return {};
}

} // namespace

class TestDesktopSession : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void localPolicyPathPrefersTheSettingThenTheStandardFile()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        QCOMPARE(localPolicyPath(settings),
                 QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                     QStringLiteral("/gpuwarden/policy.toml"));
        settings.setValue(QLatin1String(kPolicyPathKey), QStringLiteral("/etc/lab/policy.toml"));
        QCOMPARE(localPolicyPath(settings), QStringLiteral("/etc/lab/policy.toml"));
    }

    void settingsOptionNamesThePolicyForThePoliciesAndTheDialog()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString given = dir.filePath(QStringLiteral("given.toml"));
        QVERIFY(writeFile(given, "[hog]\nthreshold_percent = 42\n"));
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        QVERIFY(writeFile(ini, QStringLiteral("[policy]\npath=%1\n").arg(given).toUtf8()));
        // The user's own settings name another policy: it must not be read.
        const QString other = dir.filePath(QStringLiteral("other.toml"));
        QVERIFY(writeFile(other, "[hog]\nthreshold_percent = 7\n"));
        QSettings().setValue(QLatin1String(kPolicyPathKey), other);
        QSettings().sync();

        QString error;
        auto setup =
            setupFrom({QStringLiteral("--settings"), ini, QStringLiteral("--no-history")}, &error);
        QVERIFY2(setup, qPrintable(error));
        DesktopSession session(std::move(*setup));
        QVERIFY(session.policy());
        QCOMPARE(session.policy()->policy().hog.thresholdPercent, 42.0);
        QCOMPARE(session.window()->localPolicyTarget().localPath, given);
        PolicyDialog* dialog = session.window()->showPolicyDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->target().isLocal());
        QCOMPARE(dialog->target().localPath, given);
        dialog->close();
        QSettings().remove(QLatin1String(kPolicyPathKey));
    }

    void withoutTheSettingTheStandardFileServesBoth()
    {
        QTemporaryDir dir;
        const std::unique_ptr<DesktopSession> made = sessionWithEmptySettings(dir);
        QVERIFY(made);
        DesktopSession& session = *made;
        QVERIFY(session.policy());
        QCOMPARE(session.policy()->policy().hog.thresholdPercent,
                 PolicyConfig{}.hog.thresholdPercent);
        QCOMPARE(session.window()->localPolicyTarget().localPath,
                 QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                     QStringLiteral("/gpuwarden/policy.toml"));
    }

    // This machine's policies judge its source's readings, which reach them
    // through the engine; an agent's readings (another producer) do not.
    void thePoliciesTakeOnlyThisMachinesReadingsThroughTheEngine()
    {
        QTemporaryDir dir;
        const std::unique_ptr<DesktopSession> made = sessionWithEmptySettings(dir);
        QVERIFY(made);
        DesktopSession& session = *made;
        QVERIFY(session.localSource());
        PolicyService* policy = session.policy();
        QVERIFY(policy);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        Snapshot agentReading;
        agentReading.server = QStringLiteral("gpu-node-7");
        agentReading.timestampMs = now;
        QObject agent; // not this machine's source
        session.engine()->submit({agentReading}, &agent);
        Snapshot localReading;
        localReading.server = QStringLiteral("this-machine");
        localReading.timestampMs = now;
        session.engine()->submit({localReading}, session.localSource());
        QTRY_VERIFY(!policy->status(QStringLiteral("this-machine")).server.isEmpty());
        QTest::qWait(100);
        QVERIFY(policy->status(QStringLiteral("gpu-node-7")).server.isEmpty());
    }

    // The first start with a fresh home: the history file does not exist
    // until the writer makes it, and the Processes page must not call the
    // history off meanwhile; its GPU-hours say "loading…", then come from it.
    void aFreshHomeNeverSaysHistoryIsOffWhileItIsWritten()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QByteArray oldHome = qgetenv("HOME");
        const QByteArray oldData = qgetenv("XDG_DATA_HOME");
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("HOME", home.path().toUtf8());
        qputenv("XDG_DATA_HOME", home.filePath(u".local/share"_s).toUtf8());
        qputenv("XDG_CONFIG_HOME", home.filePath(u".config"_s).toUtf8());
        const auto restore = qScopeGuard([&] {
            qputenv("HOME", oldHome);
            qputenv("XDG_DATA_HOME", oldData);
            qputenv("XDG_CONFIG_HOME", oldConfig);
        });
        const QString ini = home.filePath(u"settings.ini"_s);
        QVERIFY(writeFile(ini, ""));
        QString error;
        // The default history file, under the fresh home.
        auto setup = setupFrom({u"--settings"_s, ini, u"--no-local"_s}, &error);
        QVERIFY2(setup, qPrintable(error));
        QVERIFY2(setup->options.historyPath &&
                     setup->options.historyPath->startsWith(home.path() + u'/'),
                 qPrintable(setup->options.historyPath.value_or(u"(none)"_s)));
        QVERIFY(!QFileInfo::exists(*setup->options.historyPath));
        DesktopSession session(std::move(*setup));
        FleetProcessPage* page = session.window()->fleetProcessPage();
        QVERIFY(page);
        QVERIFY2(!hoursNoteOf(page).contains(u"history is off"_s), qPrintable(hoursNoteOf(page)));
        QVERIFY(page->totals()->headerData(4, Qt::Horizontal).toString().contains(u"loading"_s));
        // Once the writer made the file, the page reads it.
        QTRY_VERIFY_WITH_TIMEOUT(page->model()->gpuHoursFromHistory(), 10000);
        QVERIFY2(hoursNoteOf(page).contains(u"recorded process history"_s),
                 qPrintable(hoursNoteOf(page)));
        QVERIFY(session.window()->statusLine()->historyLabel()->isHidden());
        session.stop();
    }
};

QTEST_MAIN(TestDesktopSession)
#include "tst_desktopsession.moc"
