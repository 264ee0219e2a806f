// The desktop app itself (DesktopSession, what `gpuwarden` runs) with
// `--demo --demo-servers 16 --page details`, offscreen, in a fresh home:
//
//   desktop_first_figures_s       start to the first server's figures in the window
//   desktop_past_filled_s         start to the demo's past week filled in (history,
//                                 policies, books)
//   desktop_rss_peak_mib          the most resident memory it took (VmHWM)
//   desktop_rss_16_servers_mib    resident memory once the week is in and it runs live
//   desktop_idle_cpu_percent      its CPU (all threads) over GW_BENCH_IDLE_S seconds
//                                 (default 30) on the Details page with a GPU shown,
//                                 untouched; the load average is printed beside it, as
//                                 other processes share the machine
//
// Figures, not pass/fail: the goals are in docs/desktop.md ("A fleet of 16").

#include "processcpu.h"

#include "app/desktopcommandline.h"
#include "app/desktopsession.h"
#include "models/servertreemodel.h"
#include "sources/demoworld.h"
#include "sources/source.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

#include <unistd.h>

using namespace gw;

namespace {

double statusMiB(const char* field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').first().toDouble() /
                   1024.0;
    }
    return -1;
}

// utime + stime of this process (every thread), in seconds.
double cpuSeconds()
{
    return gw::bench::processCpuSeconds(QCoreApplication::applicationPid());
}

QByteArray loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return "?";
    return f.readAll().split(' ').mid(0, 3).join(' ');
}

} // namespace

int main(int argc, char** argv)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    // A home of its own: no settings, history or policy of the user's.
    QTemporaryDir home;
    for (const char* var : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                            "XDG_STATE_HOME", "XDG_RUNTIME_DIR"})
        qputenv(var, home.path().toLocal8Bit());
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const int idleSeconds = qEnvironmentVariableIntValue("GW_BENCH_IDLE_S") > 0
                                ? qEnvironmentVariableIntValue("GW_BENCH_IDLE_S")
                                : 30;
    gw::setDesktopApplicationNames();
    QApplication app(argc, argv);

    QCommandLineParser parser;
    gw::addDesktopOptions(parser);
    parser.process(QStringList{QStringLiteral("gpuwarden"), QStringLiteral("--demo"),
                               QStringLiteral("--demo-servers"), QStringLiteral("16"),
                               QStringLiteral("--page"), QStringLiteral("details")});
    QString error;
    auto setup = gw::desktopSetup(parser, &error);
    if (!setup) {
        std::fprintf(stderr, "bench_fleet: %s\n", qPrintable(error));
        return 1;
    }
    DesktopSession session(std::move(*setup));
    MainWindow* window = session.window();

    double firstFiguresS = -1;
    double filledS = -1;
    QTimer watch;
    watch.setInterval(20);
    QObject::connect(&watch, &QTimer::timeout, [&] {
        if (firstFiguresS < 0 && window->serverTreeModel()->rowCount() > 0 && window->isVisible())
            firstFiguresS = double(sinceStart.elapsed()) / 1000.0;
    });
    watch.start();

    // Once the past is in: settle, show a GPU's charts (the Details page as
    // an admin leaves it), then measure the idle window.
    double cpuBefore = 0;
    QTimer idleEnd;
    idleEnd.setSingleShot(true);
    idleEnd.setInterval(idleSeconds * 1000);
    QObject::connect(&idleEnd, &QTimer::timeout, [&] {
        const double cpu = cpuSeconds() - cpuBefore;
        std::printf("desktop_first_figures_s=%.2f\n", firstFiguresS);
        std::printf("desktop_past_filled_s=%.1f\n", filledS);
        std::printf("desktop_rss_peak_mib=%.0f\n", statusMiB("VmHWM:"));
        std::printf("desktop_rss_16_servers_mib=%.0f\n", statusMiB("VmRSS:"));
        std::printf("desktop_idle_cpu_percent=%.1f\n", 100.0 * cpu / idleSeconds);
        std::printf("desktop_idle_window_s=%d\n", idleSeconds);
        std::printf("load_average=%s\n", loadAverage().constData());
        window->close();
    });
    // The past is in: the demo's source says so (its progress at 100).
    QObject::connect(session.localSource(), &Source::backfillProgress, [&](int percent) {
        if (percent < 100 || filledS >= 0)
            return;
        filledS = double(sinceStart.elapsed()) / 1000.0;
        QTimer::singleShot(5000, window, [&] {
            // The first server's first GPU (the demo's world is the same
            // at any time).
            const Snapshot first = DemoWorld(16).serverAt(0, QDateTime::currentMSecsSinceEpoch());
            window->selectGpu(first.server, first.gpus.first().uuid);
            QTimer::singleShot(2000, window, [&] {
                cpuBefore = cpuSeconds();
                idleEnd.start();
            });
        });
    });
    return session.exec();
}
