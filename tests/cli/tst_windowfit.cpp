// The window and the Servers dialog on a 2560 × 1440 screen at scale 2
// (1280 × 720 logical pixels): their frames lie inside the screen's
// available geometry. The screen comes from the offscreen platform's
// configfile, set (with QT_SCALE_FACTOR) before the application starts.
#include "engine/livestate.h"
#include "models/desktopstores.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
#include "window/mainwindow.h"
#include "window/screenfit.h"
#include "window/serversdialog.h"

#include <QApplication>
#include <QFile>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>

using namespace gw;

class TestWindowFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theScreenIsTheScaledOne()
    {
        const QScreen* screen = QGuiApplication::primaryScreen();
        QCOMPARE(screen->devicePixelRatio(), 2.0);
        QCOMPARE(screen->geometry().size(), QSize(1280, 720));
    }

    void theMainWindowsFrameFits()
    {
        LiveState fleet;
        DesktopStores stores;
        MainWindow window(&fleet, &stores);
        QVERIFY(window.height() > 720); // what it asks for on a larger screen
        fitToScreen(&window, window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect room = window.screen()->availableGeometry();
        QVERIFY2(room.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("frame %1,%2 %3x%4 in %5x%6")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(room.width())
                                .arg(room.height())));
        // The status bar is on the screen, not below it.
        const QRect bar(window.statusBar()->mapToGlobal(QPoint(0, 0)), window.statusBar()->size());
        QVERIFY(room.contains(bar));
        // Shrunk only as far as needed: most of the screen is used.
        QVERIFY(window.height() > 600);

        // Again, as after restoreGeometry() of a size saved on a larger screen.
        window.resize(2000, 1400);
        fitToScreen(&window, window.size());
        QTest::qWait(50);
        QVERIFY(room.contains(window.frameGeometry()));
    }

    void theServersDialogFits()
    {
        QTemporaryFile file;
        QVERIFY(file.open());
        QSettings settings(file.fileName(), QSettings::IniFormat);
        SecretStore secrets;
        ServerList list(&settings, &secrets);
        ServersDialog dialog(&list, nullptr);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.screen()->availableGeometry().contains(dialog.frameGeometry()));
        QCOMPARE(sizeOnScreen(&dialog, QSize(3000, 3000)).boundedTo(QSize(1280, 720)),
                 sizeOnScreen(&dialog, QSize(3000, 3000)));
    }
};

int main(int argc, char* argv[])
{
    // Before QApplication: the platform reads them once.
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly))
        return 1;
    f.write(R"({"screens": [{"name": "wide", "x": 0, "y": 0, "width": 2560, "height": 1440,
                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    qputenv("QT_SCALE_FACTOR", "2");
    QApplication app(argc, argv);
    TestWindowFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowfit.moc"
