// The real gpuwarden as a user starts it: --help and --version over SSH (no
// display at all), mistakes on the command line, two demos side by side
// each with a private history that goes when they do (also on SIGTERM), and
// the window on a 2560 × 1440 screen at scale 2.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// No display of any kind: what an SSH session without -X has.
QProcessEnvironment noDisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "QT_SCALE_FACTOR"})
        env.remove(QLatin1String(name));
    return env;
}

QProcessEnvironment offscreen(const QString& runtimeDir)
{
    QProcessEnvironment env = noDisplay();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir);
    // The window's place is kept in the user's settings: never the tester's.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), runtimeDir);
    return env;
}

// An offscreen screen of the given size (device pixels) at `scale`.
QProcessEnvironment screenOf(const QTemporaryDir& dir, int width, int height, int scale)
{
    const QString config = dir.filePath(QStringLiteral("screen-%1x%2.json").arg(width).arg(height));
    QFile f(config);
    if (f.open(QIODevice::WriteOnly))
        f.write(QStringLiteral(R"({"screens": [{"name": "s", "x": 0, "y": 0, "width": %1,
                    "height": %2, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})")
                    .arg(width)
                    .arg(height)
                    .toUtf8());
    QProcessEnvironment env = offscreen(dir.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen:configfile=") + config);
    env.insert(QStringLiteral("QT_SCALE_FACTOR"), QString::number(scale));
    return env;
}

Run run(const QStringList& args, const QProcessEnvironment& env, int timeoutMs = 30000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GW_DESKTOP), args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// The demo folders under `dir`, with what is in them.
QFileInfoList demoFolders(const QString& dir)
{
    return QDir(dir).entryInfoList({QStringLiteral("gpuwarden-demo-*")},
                                   QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
}

qint64 historyBytes(const QFileInfo& folder)
{
    qint64 bytes = 0;
    for (const char* suffix : {"", "-wal"})
        bytes += QFileInfo(folder.absoluteFilePath() + QStringLiteral("/history.sqlite") +
                           QLatin1String(suffix))
                     .size();
    return bytes;
}

// A runtime folder as the session manager makes it: the user's alone.
std::unique_ptr<QTemporaryDir> runtimeDir()
{
    auto dir = std::make_unique<QTemporaryDir>();
    QFile::setPermissions(dir->path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return dir;
}

} // namespace

class TestDesktopApp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpAndVersionNeedNoDisplay()
    {
        Run r = run({QStringLiteral("--help")}, noDisplay());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("Usage:") && r.out.contains("--demo") &&
                     r.out.contains("--source <url>") && r.out.contains("beside this machine"),
                 r.out.constData());
        r = run({QStringLiteral("--version")}, noDisplay());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("GPU Warden " GW_VERSION "\n"));
    }

    void mistakesExitWithTwoAndAMessage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("--bogus")} << QByteArray("Unknown option 'bogus'");
        QTest::newRow("bad value")
            << QStringList{QStringLiteral("--interval-ms"), QStringLiteral("soon")}
            << QByteArray("--interval-ms: expected 100..3600000");
        QTest::newRow("bad --source")
            << QStringList{QStringLiteral("--source"), QStringLiteral("ftp://gpu-01")}
            << QByteArray("--source: expected an http:// or https:// URL");
        QTest::newRow("demo and --source")
            << QStringList{QStringLiteral("--demo"), QStringLiteral("--source"),
                           QStringLiteral("http://gpu-01")}
            << QByteArray("leave out --source");
    }
    void mistakesExitWithTwoAndAMessage()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = run(args, noDisplay());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY2(r.err.contains("--help"), r.err.constData());
    }

    void noDisplayIsSaidNotAnAbort()
    {
        const Run r = run({QStringLiteral("--demo"), QStringLiteral("--no-history")}, noDisplay());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no display to open a window on"), r.err.constData());
    }

    // A DISPLAY no X server answers on (an Xvfb that stopped, a variable
    // left from another session): said, exit 1, where Qt would abort.
    void anUnreachableDisplayIsSaidNotAnAbort()
    {
        QProcessEnvironment env = noDisplay();
        env.insert(QStringLiteral("DISPLAY"), QStringLiteral(":4711"));
        const Run r = run({QStringLiteral("--demo"), QStringLiteral("--no-history")}, env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot open a window on DISPLAY=:4711") &&
                     r.err.contains("/tmp/.X11-unix/X4711"),
                 r.err.constData());
    }

    void twoDemosSideBySideKeepHistoriesOfTheirOwn()
    {
        const auto runtime = runtimeDir();
        const QStringList args{QStringLiteral("--demo"), QStringLiteral("--quit-after-ms"),
                               QStringLiteral("6000")};
        QProcess a;
        QProcess b;
        for (QProcess* p : {&a, &b}) {
            p->setProcessEnvironment(offscreen(runtime->path()));
            p->start(QStringLiteral(GW_DESKTOP), args);
        }
        // Both record, each into a private folder of its own.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const QFileInfoList folders = demoFolders(runtime->path());
                return folders.size() == 2 && historyBytes(folders[0]) > 0 &&
                       historyBytes(folders[1]) > 0;
            },
            20000));
        for (const QFileInfo& folder : demoFolders(runtime->path())) {
            QCOMPARE(QFile::permissions(folder.absoluteFilePath()) &
                         (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                          QFile::ReadOther | QFile::WriteOther | QFile::ExeOther),
                     QFile::Permissions());
        }
        for (QProcess* p : {&a, &b}) {
            QVERIFY(p->waitForFinished(30000));
            const QByteArray err = p->readAllStandardError();
            QCOMPARE(p->exitCode(), 0);
            QVERIFY2(!err.contains("history off"), err.constData());
        }
        // Gone with them.
        QVERIFY2(demoFolders(runtime->path()).isEmpty(),
                 qPrintable(demoFolders(runtime->path()).value(0).absoluteFilePath()));
    }

    void sigtermRemovesTheDemosHistoryToo()
    {
        const auto runtime = runtimeDir();
        QProcess p;
        p.setProcessEnvironment(offscreen(runtime->path()));
        p.start(QStringLiteral(GW_DESKTOP), {QStringLiteral("--demo")});
        QVERIFY(QTest::qWaitFor(
            [&] {
                const QFileInfoList folders = demoFolders(runtime->path());
                return folders.size() == 1 && historyBytes(folders[0]) > 0;
            },
            20000));
        p.terminate(); // SIGTERM: a logout
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(demoFolders(runtime->path()).isEmpty());
    }

    void theWindowFitsAScreenAtScaleTwo()
    {
        // 2560 × 1440 at scale 2: 1280 × 720 logical pixels, less than the
        // window's usual 820 in height.
        QTemporaryDir dir;
        const QString config = dir.filePath(QStringLiteral("screen.json"));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"screens": [{"name": "wide", "x": 0, "y": 0, "width": 2560,
                    "height": 1440, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        f.close();
        QProcessEnvironment env = offscreen(dir.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"),
                   QStringLiteral("offscreen:configfile=") + config);
        env.insert(QStringLiteral("QT_SCALE_FACTOR"), QStringLiteral("2"));
        const QString shot = dir.filePath(QStringLiteral("window.png"));
        const Run r = run({QStringLiteral("--demo"), QStringLiteral("--no-history"),
                           QStringLiteral("--quit-after-ms"), QStringLiteral("1500"),
                           QStringLiteral("--screenshot"), shot},
                          env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(shot);
        QVERIFY(!image.isNull());
        // The window in device pixels, below the screen with room for a frame.
        QVERIFY2(image.width() < 2560 && image.height() < 1440,
                 qPrintable(QStringLiteral("%1 x %2").arg(image.width()).arg(image.height())));
        QVERIFY2(image.height() > 1000, qPrintable(QString::number(image.height()))); // not tiny
    }

    void theWindowComesBackWhereItWasAndStillFits()
    {
        QTemporaryDir dir;
        const QString shot = dir.filePath(QStringLiteral("window.png"));
        const QStringList args{QStringLiteral("--demo"),          QStringLiteral("--no-history"),
                               QStringLiteral("--quit-after-ms"), QStringLiteral("1500"),
                               QStringLiteral("--screenshot"),    shot};
        // First run on a 4K screen: most of it (no place kept yet).
        Run r = run(args, screenOf(dir, 3840, 2160, 1));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QSize first = QImage(shot).size();
        QVERIFY2(first.width() > 3000 && first.height() > 1700,
                 qPrintable(QStringLiteral("%1 x %2").arg(first.width()).arg(first.height())));
        // Its place is kept; on a smaller screen at scale 2 it shrinks to fit.
        r = run(args, screenOf(dir, 2560, 1440, 2));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QSize small = QImage(shot).size();
        QVERIFY2(small.width() < 2560 && small.height() < 1440,
                 qPrintable(QStringLiteral("%1 x %2").arg(small.width()).arg(small.height())));
        // Back on the 4K screen it opens as it was left (that size in logical
        // pixels), not at the first-run default.
        r = run(args, screenOf(dir, 3840, 2160, 1));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QSize again = QImage(shot).size();
        QVERIFY2(qAbs(again.width() - small.width() / 2) <= 2 &&
                     qAbs(again.height() - small.height() / 2) <= 2,
                 qPrintable(QStringLiteral("%1 x %2 after %3 x %4 at scale 2")
                                .arg(again.width())
                                .arg(again.height())
                                .arg(small.width())
                                .arg(small.height())));
    }
};

QTEST_GUILESS_MAIN(TestDesktopApp)
#include "tst_desktopapp.moc"
