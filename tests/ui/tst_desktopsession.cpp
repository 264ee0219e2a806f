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
#include "window/mainwindow.h"
#include "window/policydialog.h"

#include <QApplication>
#include <QDateTime>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

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
};

QTEST_MAIN(TestDesktopSession)
#include "tst_desktopsession.moc"
