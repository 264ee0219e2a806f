// What watching many agents costs the desktop. 50 real gpuwarden-agent
// processes (--demo, 1 Hz) on loopback; one AgentLinks polls them all for
// 30 s, as the app does (1 s base interval, widened for the fleet's size).
//
//   remote_servers                 agents watched
//   remote_poll_interval_ms        the interval the fleet chose
//   remote_poll_cpu_percent        this process's CPU (all threads) while
//                                  polling, % of one core
//   remote_readings_per_s          readings delivered to the GUI thread
//   remote_gui_max_gap_ms          the GUI thread's longest pause (a 10 ms
//                                  timer's worst lateness)
//   remote_connections             TCP connections opened to the agents
//                                  (keep-alive: one per agent)
#include "agent/agentconfig.h"
#include "remote/agentlinks.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <vector>

#include <sys/resource.h>

using namespace gw;
using namespace std::chrono_literals;

namespace {

constexpr int kAgents = 50;
constexpr int kSeconds = 30;

double processCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Established TCP connections from us to the agents' ports (/proc/net/tcp).
int connectionsTo(const QSet<quint16>& ports)
{
    QFile f(QStringLiteral("/proc/net/tcp"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    int n = 0;
    f.readLine();
    while (!f.atEnd()) {
        const QList<QByteArray> cols = f.readLine().simplified().split(' ');
        if (cols.size() < 4 || cols[3] != "01") // ESTABLISHED
            continue;
        bool ok = false;
        const quint16 remote = quint16(cols[2].split(':').value(1).toUInt(&ok, 16));
        // Each connection appears twice on loopback; count our side only
        // (the remote end is an agent's listening port).
        if (ok && ports.contains(remote))
            ++n;
    }
    return n;
}

void print(const char* name, double value, int decimals = 1)
{
    std::printf("%s=%.*f\n", name, decimals, value);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
    QFile f(cfg);
    if (!f.open(QIODevice::WriteOnly))
        return 1;
    f.write("[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n[[token]]\nname = \"ws\"\n"
            "sha256 = \"" +
            sha256("tok").toHex() + "\"\n");
    f.close();

    std::vector<std::unique_ptr<QProcess>> agents;
    QList<RemoteServer> servers;
    QSet<quint16> ports;
    for (int i = 0; i < kAgents; ++i) {
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral(GW_AGENT),
                 {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                  QStringLiteral("--port"), QStringLiteral("0")});
        if (!p->waitForReadyRead(10000)) {
            std::fprintf(stderr, "bench_remote: agent %d did not start\n", i);
            return 1;
        }
        const QByteArray line = p->readLine().trimmed();
        const auto port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        ports.insert(port);
        servers.append({QStringLiteral("agent-%1").arg(i),
                        QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)),
                        "tok",
                        {}});
        agents.push_back(std::move(p));
    }

    AgentLinks fleet(1000ms);
    qint64 readings = 0;
    QObject::connect(&fleet, &AgentLinks::readings, &app,
                     [&](const QList<Snapshot>& s) { readings += s.size(); });
    fleet.setServers(servers);

    // Let every link connect and catch up before measuring.
    QElapsedTimer warm;
    warm.start();
    while (warm.elapsed() < 5000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 100);

    QElapsedTimer gap;
    qint64 worstGap = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &app,
                     [&] { worstGap = std::max(worstGap, gap.restart()); });
    readings = 0;
    const double cpu0 = processCpuSeconds();
    QElapsedTimer wall;
    wall.start();
    gap.start();
    tick.start(10);
    QTimer::singleShot(kSeconds * 1000, &app, &QCoreApplication::quit);
    QCoreApplication::exec();
    const double cpu = processCpuSeconds() - cpu0;
    const double seconds = double(wall.elapsed()) / 1000;
    int connected = 0;
    for (const auto& s : fleet.statuses())
        connected += s.state == LinkState::Connected ? 1 : 0;

    print("remote_servers", connected, 0);
    print("remote_poll_interval_ms", double(fleet.currentPollInterval().count()), 0);
    // The 10 ms probe timer itself costs a little; it is part of the figure.
    print("remote_poll_cpu_percent", 100.0 * cpu / seconds, 2);
    print("remote_readings_per_s", double(readings) / seconds, 1);
    print("remote_gui_max_gap_ms", double(worstGap), 0);
    print("remote_connections", connectionsTo(ports), 0);

    fleet.stop();
    for (auto& p : agents) {
        p->terminate();
        p->waitForFinished(5000);
    }
    return 0;
}
