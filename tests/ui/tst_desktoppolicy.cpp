// The desktop's policies end to end: the real gpuwarden binary (offscreen)
// started with a settings file whose policy/path names a policy, a broken
// one, or nothing. A broken file turns the policies off with the file's own
// error (file:line:column); a good one or none runs them quietly.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString err;
};

Run runDesktop(const QTemporaryDir& dir, const QString& policyPath, const QStringList& extra = {})
{
    const QString settings = dir.filePath(QStringLiteral("settings.ini"));
    QFile f(settings);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    if (!policyPath.isEmpty())
        f.write(QStringLiteral("[policy]\npath=%1\n").arg(policyPath).toUtf8());
    f.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // No ~/.config/gpuwarden/policy.toml of the machine running the tests.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GW_DESKTOP),
            QStringList{QStringLiteral("--settings"), settings, QStringLiteral("--quit-after-ms"),
                        QStringLiteral("800")} +
                extra);
    if (!p.waitForFinished(60'000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestDesktopPolicy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void brokenPolicyTurnsThePoliciesOffAndSaysWhere()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("policy.toml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[hog]\nthreshold = 50\n");
        f.close();
        const Run r = runDesktop(dir, path, {QStringLiteral("--demo")});
        QCOMPARE(r.exitCode, 0);
        // Not the demo: the demo keeps its own policy and ignores the setting.
        QVERIFY2(!r.err.contains(QStringLiteral("policies off")), qPrintable(r.err));
        const Run local = runDesktop(dir, path);
        QCOMPARE(local.exitCode, 0);
        QVERIFY2(local.err.contains(QStringLiteral("gpuwarden: policies off: ") + path +
                                    QStringLiteral(":2:1: unknown key \"threshold\" in [hog]")),
                 qPrintable(local.err));
    }

    void missingPolicyFileIsSaid()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("nope.toml"));
        const Run r = runDesktop(dir, path);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(QStringLiteral("gpuwarden: policies off: ")) &&
                     r.err.contains(QStringLiteral("nope.toml")),
                 qPrintable(r.err));
    }

    void goodPolicyOrNoneRunsQuietly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("policy.toml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[hog]\nthreshold_percent = 50\nduration = \"1m\"\n");
        f.close();
        Run r = runDesktop(dir, path);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains(QStringLiteral("policies off")), qPrintable(r.err));
        r = runDesktop(dir, {}, {QStringLiteral("--demo")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains(QStringLiteral("policies off")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestDesktopPolicy)
#include "tst_desktoppolicy.moc"
