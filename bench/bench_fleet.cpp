// The desktop app itself (DesktopSession, what `gpuwarden` runs) watching a
// fleet of 16, offscreen, in a fresh home, on the Details page, twice, each
// in a process of its own (so each has its own peak):
//
// 1. `--demo --demo-servers 16` (the demo fills its past week behind its
//    present):
//   desktop_first_figures_s       start to the first server's figures in the window
//   desktop_past_filled_s         start to the demo's past week filled in (history,
//                                 policies, books)
//   desktop_rss_peak_mib          the most resident memory it took (VmHWM)
//   desktop_rss_16_servers_mib    resident memory once the week is in and it runs live
//   desktop_idle_cpu_percent      its CPU (all threads) over GW_BENCH_IDLE_S seconds
//                                 (default 30) on the Details page with a GPU shown,
//                                 untouched
//
// 2. 16 real agents (`gpuwarden-agent --demo --demo-server N --demo-past 24`,
//    each with a day in its journal, history and event log) listed by URL in
//    the settings, their token in a keychain of the bench's own, and
//    `gpuwarden --no-local --settings FILE`:
//   agents_first_figures_s        the session made to the first server's figures
//   agents_caught_up_s            ... to every link past the agents' day (the
//                                 last hour of each journal, and its events, read)
//   agents_rss_peak_mib           as above, of the desktop
//   agents_rss_16_servers_mib
//   agents_idle_cpu_percent
//   agents_agent_rss_max_mib      the largest agent's resident memory at the end
//
// The load average is printed beside each part, as other processes share the
// machine. Figures, not pass/fail: the goals are in docs/desktop.md ("A fleet
// of 16").

#include "processcpu.h"

#include "app/desktopcommandline.h"
#include "app/desktopsession.h"
#include "engine/livestate.h"
#include "models/servertreemodel.h"
#include "remote/secretstore.h"
#include "sources/demoworld.h"
#include "sources/source.h"
#include "window/mainwindow.h"

#include "privatebus.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include <unistd.h>

using namespace gw;

namespace {

constexpr int kServers = 16;
constexpr int kPastHours = 24;
constexpr char kToken[] = "fleet-bench-token";

double statusMiB(const QString& statusFile, const char* field)
{
    QFile f(statusFile);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').first().toDouble() /
                   1024.0;
    }
    return -1;
}

double statusMiB(const char* field)
{
    return statusMiB(QStringLiteral("/proc/self/status"), field);
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

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

std::unique_ptr<DesktopSession> sessionFor(const QStringList& args)
{
    QCommandLineParser parser;
    gw::addDesktopOptions(parser);
    parser.process(QStringList{QStringLiteral("gpuwarden")} + args);
    QString error;
    auto setup = gw::desktopSetup(parser, &error);
    if (!setup) {
        std::fprintf(stderr, "bench_fleet: %s\n", qPrintable(error));
        return nullptr;
    }
    return std::make_unique<DesktopSession>(std::move(*setup));
}

// Once `ready`: settle 5 s, show the first server's first GPU on the
// Details page, 2 s, then `idleSeconds` untouched; `report` gets the CPU
// seconds the process took over that window.
void measureIdle(MainWindow* window, const LiveState* state, int idleSeconds,
                 std::function<void(double)> report)
{
    QTimer::singleShot(5000, window, [=] {
        const QStringList servers = state->servers();
        for (const QString& server : servers) {
            const Snapshot* s = state->latest(server);
            if (s && !s->gpus.isEmpty()) {
                window->selectGpu(server, s->gpus.first().uuid);
                break;
            }
        }
        QTimer::singleShot(2000, window, [=] {
            const double before = cpuSeconds();
            QTimer::singleShot(idleSeconds * 1000, window, [=] { report(cpuSeconds() - before); });
        });
    });
}

int runDemo(int idleSeconds)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    auto session = sessionFor({QStringLiteral("--demo"), QStringLiteral("--demo-servers"),
                               QString::number(kServers), QStringLiteral("--page"),
                               QStringLiteral("details")});
    if (!session)
        return 1;
    MainWindow* window = session->window();

    double firstFiguresS = -1;
    double filledS = -1;
    QTimer watch;
    watch.setInterval(20);
    QObject::connect(&watch, &QTimer::timeout, [&] {
        if (firstFiguresS < 0 && window->serverTreeModel()->rowCount() > 0 && window->isVisible())
            firstFiguresS = double(sinceStart.elapsed()) / 1000.0;
    });
    watch.start();

    // The past is in: the demo's source says so (its progress at 100).
    QObject::connect(session->localSource(), &Source::backfillProgress, [&](int percent) {
        if (percent < 100 || filledS >= 0)
            return;
        filledS = double(sinceStart.elapsed()) / 1000.0;
        measureIdle(window, session->liveState(), idleSeconds, [&, idleSeconds](double cpu) {
            std::printf("desktop_first_figures_s=%.2f\n", firstFiguresS);
            std::printf("desktop_past_filled_s=%.1f\n", filledS);
            std::printf("desktop_rss_peak_mib=%.0f\n", statusMiB("VmHWM:"));
            std::printf("desktop_rss_16_servers_mib=%.0f\n", statusMiB("VmRSS:"));
            std::printf("desktop_idle_cpu_percent=%.1f\n", 100.0 * cpu / idleSeconds);
            std::printf("desktop_idle_window_s=%d\n", idleSeconds);
            std::printf("load_average=%s\n", loadAverage().constData());
            window->close();
        });
    });
    return session->exec();
}

struct Agent
{
    std::unique_ptr<QProcess> process;
    QString dir;
    QUrl url;
    quint64 pastThrough = 0; // the last reading of its filled-in past
};

// Starts the 16 agents, each with a day of the demo's past in its journal,
// and waits until each says its past is in.
bool startAgents(const QString& root, std::vector<Agent>* agents)
{
    const QByteArray hash = QCryptographicHash::hash(kToken, QCryptographicHash::Sha256).toHex();
    for (int i = 0; i < kServers; ++i) {
        Agent a;
        a.dir = QDir(root).filePath(QStringLiteral("agent%1").arg(i + 1));
        QDir().mkpath(a.dir);
        const QString config = a.dir + QStringLiteral("/agent.toml");
        if (!writeFile(config, "[agent]\ninterval_ms = 1000\nhistory = \"" + a.dir.toUtf8() +
                                   "/history.sqlite\"\n[journal]\npath = \"" + a.dir.toUtf8() +
                                   "/journal.sqlite\"\n[[token]]\nname = \"bench\"\nsha256 = \"" +
                                   hash + "\"\n"))
            return false;
        a.process = std::make_unique<QProcess>();
        a.process->setStandardOutputFile(a.dir + QStringLiteral("/stdout.txt"));
        a.process->setStandardErrorFile(a.dir + QStringLiteral("/stderr.txt"));
        a.process->start(QStringLiteral(GW_AGENT),
                         {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                          QStringLiteral("--demo-server"), QString::number(i + 1),
                          QStringLiteral("--demo-past"), QString::number(kPastHours),
                          QStringLiteral("--port"), QStringLiteral("0")});
        agents->push_back(std::move(a));
    }
    const QRegularExpression listening(QStringLiteral("listening on ([0-9.]+):(\\d+)"));
    const QRegularExpression pastIn(QStringLiteral("past \\d+ h is in \\(the last reading "
                                                   "numbered (\\d+)\\)"));
    QDeadlineTimer deadline(std::chrono::minutes(3));
    for (Agent& a : *agents) {
        while (a.url.isEmpty() || a.pastThrough == 0) {
            if (deadline.hasExpired() || a.process->state() == QProcess::NotRunning) {
                QFile err(a.dir + QStringLiteral("/stderr.txt"));
                err.open(QIODevice::ReadOnly);
                std::fprintf(stderr, "bench_fleet: the agent in %s did not start:\n%s\n",
                             qPrintable(a.dir), err.readAll().right(2000).constData());
                return false;
            }
            QFile out(a.dir + QStringLiteral("/stdout.txt"));
            QFile err(a.dir + QStringLiteral("/stderr.txt"));
            if (out.open(QIODevice::ReadOnly)) {
                const auto m = listening.match(QString::fromUtf8(out.readAll()));
                if (m.hasMatch())
                    a.url = QUrl(QStringLiteral("http://%1:%2").arg(m.captured(1), m.captured(2)));
            }
            if (err.open(QIODevice::ReadOnly)) {
                const auto m = pastIn.match(QString::fromUtf8(err.readAll()));
                if (m.hasMatch())
                    a.pastThrough = m.captured(1).toULongLong();
            }
            if (a.url.isEmpty() || a.pastThrough == 0)
                QThread::msleep(50);
        }
    }
    return true;
}

void stopAgents(std::vector<Agent>& agents)
{
    for (Agent& a : agents)
        a.process->terminate();
    for (Agent& a : agents)
        a.process->waitForFinished(10'000);
}

int runAgents(const QString& home, test::PrivateBus& bus, int idleSeconds)
{
    // The tokens live in a keychain of the bench's own, on a session bus of
    // its own (as the tests keep theirs).
    if (!bus.start(true)) {
        std::fprintf(stderr, "bench_fleet: no keychain for the agents' tokens: %s\n",
                     qPrintable(bus.error()));
        return 1;
    }
    const QProcessEnvironment env = bus.environment();
    for (const QString& key : env.keys())
        qputenv(key.toLocal8Bit(), env.value(key).toLocal8Bit());

    std::vector<Agent> agents;
    const bool started = startAgents(QDir(home).filePath(QStringLiteral("agents")), &agents);
    if (!started) {
        stopAgents(agents);
        return 1;
    }
    const QString ini = QDir(home).filePath(QStringLiteral("servers.ini"));
    {
        QSettings s(ini, QSettings::IniFormat);
        const QStringList names = DemoWorld(kServers).names();
        s.beginWriteArray(QStringLiteral("servers"), kServers);
        for (int i = 0; i < kServers; ++i) {
            s.setArrayIndex(i);
            s.setValue(QStringLiteral("id"), QString::number(i + 1));
            s.setValue(QStringLiteral("name"), names.value(i));
            s.setValue(QStringLiteral("url"), agents[i].url.toString());
        }
        s.endArray();
    }
    {
        SecretStore secrets;
        for (const Agent& a : agents) {
            const QString error = secrets.writeBlocking(SecretStore::tokenKey(a.url), kToken);
            if (!error.isEmpty()) {
                std::fprintf(stderr, "bench_fleet: keychain: %s\n", qPrintable(error));
                stopAgents(agents);
                return 1;
            }
        }
    }
    quint64 caughtUpThrough = agents.front().pastThrough;
    for (const Agent& a : agents)
        caughtUpThrough = std::min(caughtUpThrough, a.pastThrough);

    QElapsedTimer sinceStart;
    sinceStart.start();
    auto session = sessionFor({QStringLiteral("--no-local"), QStringLiteral("--settings"), ini,
                               QStringLiteral("--page"), QStringLiteral("details")});
    if (!session) {
        stopAgents(agents);
        return 1;
    }
    MainWindow* window = session->window();
    const LiveState* state = session->liveState();

    double firstFiguresS = -1;
    double caughtUpS = -1;
    QTimer watch;
    watch.setInterval(20);
    QObject::connect(&watch, &QTimer::timeout, [&] {
        const QStringList servers = state->servers();
        if (firstFiguresS < 0 && window->isVisible() &&
            std::any_of(servers.cbegin(), servers.cend(),
                        [&](const QString& s) { return state->latest(s) != nullptr; }))
            firstFiguresS = double(sinceStart.elapsed()) / 1000.0;
        // Caught up: every link read past the agents' day.
        if (caughtUpS >= 0 || servers.size() < kServers ||
            !std::all_of(servers.cbegin(), servers.cend(), [&](const QString& s) {
                const LinkStatus* link = state->connection(s);
                return link && link->cursor >= caughtUpThrough;
            }))
            return;
        caughtUpS = double(sinceStart.elapsed()) / 1000.0;
        measureIdle(window, state, idleSeconds, [&, idleSeconds](double cpu) {
            double agentRss = 0;
            for (const Agent& a : agents)
                agentRss = std::max(
                    agentRss,
                    statusMiB(QStringLiteral("/proc/%1/status").arg(a.process->processId()),
                              "VmRSS:"));
            std::printf("agents_first_figures_s=%.2f\n", firstFiguresS);
            std::printf("agents_caught_up_s=%.1f\n", caughtUpS);
            std::printf("agents_rss_peak_mib=%.0f\n", statusMiB("VmHWM:"));
            std::printf("agents_rss_16_servers_mib=%.0f\n", statusMiB("VmRSS:"));
            std::printf("agents_idle_cpu_percent=%.1f\n", 100.0 * cpu / idleSeconds);
            std::printf("agents_idle_window_s=%d\n", idleSeconds);
            std::printf("agents_agent_rss_max_mib=%.0f\n", agentRss);
            std::printf("load_average=%s\n", loadAverage().constData());
            window->close();
        });
    });
    watch.start();
    const int rc = session->exec();
    session.reset();
    stopAgents(agents);
    return rc;
}

} // namespace

int main(int argc, char** argv)
{
    // Without a part: each part in a process of its own, one after the other.
    const QByteArray part = qgetenv("GW_BENCH_FLEET_PART");
    if (part.isEmpty()) {
        QCoreApplication app(argc, argv);
        int rc = 0;
        for (const char* p : {"demo", "agents"}) {
            QProcess child;
            child.setProcessChannelMode(QProcess::ForwardedChannels);
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("GW_BENCH_FLEET_PART"), QLatin1String(p));
            child.setProcessEnvironment(env);
            std::fflush(stdout);
            child.start(QCoreApplication::applicationFilePath(), {});
            child.waitForFinished(-1);
            if (child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0) {
                std::fprintf(stderr, "bench_fleet: the %s part failed\n", p);
                rc = 1;
            }
        }
        return rc;
    }
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
    // Its folder is named before the application is (a space in the name
    // would be one in the bus's address).
    test::PrivateBus bus;
    gw::setDesktopApplicationNames();
    QApplication app(argc, argv);
    return part == "agents" ? runAgents(home.path(), bus, idleSeconds) : runDemo(idleSeconds);
}
