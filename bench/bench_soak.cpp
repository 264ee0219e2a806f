// An hour without growth (issue 26, item 6; `make soak`): the real
// gpuwarden-agent reading its demo server at 10 Hz with a journal and a
// history store, watched by 16 clients (each following /v1/samples by
// cursor every second and asking /v1/snapshot and /metrics every ten), and
// beside it the real desktop (`gpuwarden --no-local`, offscreen, in a home
// of its own) watching 16 demo agents (`gpuwarden-agent --demo
// --demo-server N`, their tokens in a keychain of the bench's own). Every
// minute the agent's and the desktop's resident memory, descriptors and
// threads are read from /proc and printed. At the end:
//
//   soak_rss_growth_mib_agent     VmRSS at the end less VmRSS at minute 10
//   soak_rss_growth_mib_desktop   the same for the desktop
//   soak_rss_steady_growth_mib_agent / _desktop
//                                 VmRSS at the end less VmRSS at minute 66,
//                                 once every bounded window is full (target
//                                 ≤ 5 each): the desktop's live charts keep
//                                 65 minutes (LiveHistory), so until then its
//                                 memory grows by design; the agent's ring of
//                                 3,600 readings is full after 6 minutes
//   soak_fds_agent / _desktop     descriptors at minute 1 (all connected) and at the end
//   soak_threads_agent / _desktop threads at minute 1 and at the end
//   soak_client_errors            answers to the watchers not 200 or missing
//
// SOAK_MINUTES: how long (default 80, so that 14 minutes follow the full
// window). The growth is measured from minute 10, or from a third of the
// run when it is shorter than 12 minutes (said in the output); the steady
// growth only in runs of at least 70 minutes.

#include "benchreference.h"
#include "engine/livehistory.h"
#include "remote/secretstore.h"
#include "sources/demoworld.h"

#include "privatebus.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#include <vector>

#include <sys/prctl.h>

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr char kToken[] = "s0ak-token";
constexpr int kWatchers = 16;
constexpr int kDemoAgents = 16;

// The bench's children end with it, however it ends: an interrupted soak
// (Ctrl-C) left its 17 agents running, since no destructor ran.
void endWithParent(QProcess& process)
{
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QByteArray tokenToml()
{
    return "[[token]]\nname = \"soak\"\nscope = \"read\"\nsha256 = \"" +
           QCryptographicHash::hash(kToken, QCryptographicHash::Sha256).toHex() + "\"\n";
}

// What /proc says of one process.
struct Usage
{
    double rssMiB = -1;
    int fds = -1;
    int threads = -1;
};

Usage usageOf(qint64 pid)
{
    Usage u;
    QFile status(u"/proc/%1/status"_s.arg(pid));
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : status.readAll().split('\n')) {
            if (line.startsWith("VmRSS:"))
                u.rssMiB = line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
            else if (line.startsWith("Threads:"))
                u.threads = line.mid(8).trimmed().toInt();
        }
    }
    u.fds = int(QDir(u"/proc/%1/fd"_s.arg(pid))
                    .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)
                    .size());
    return u;
}

// An agent as a child process; its port read from its first lines.
struct Agent
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    QString dir;
    quint16 port = 0;

    bool start(const QString& folder, const QByteArray& toml, int demoServer)
    {
        dir = folder;
        QDir().mkpath(dir);
        const QString config = dir + u"/agent.toml"_s;
        if (!writeFile(config, toml))
            return false;
        process->setStandardErrorFile(dir + u"/stderr.txt"_s);
        endWithParent(*process);
        process->start(QStringLiteral(GW_AGENT),
                       {u"--config"_s, config, u"--demo"_s, u"--demo-server"_s,
                        QString::number(demoServer), u"--port"_s, u"0"_s});
        QElapsedTimer clock;
        clock.start();
        while (port == 0 && clock.elapsed() < 20'000) {
            if (!process->canReadLine() && !process->waitForReadyRead(1000))
                continue;
            const QByteArray line = process->readLine().trimmed();
            if (line.startsWith("listening on 127.0.0.1:"))
                port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        }
        // Its stdout is not read again: let it go nowhere.
        process->setReadChannel(QProcess::StandardOutput);
        return port != 0;
    }
    void stop()
    {
        process->terminate();
        if (!process->waitForFinished(10'000))
            process->kill();
    }
};

// One watcher of the agent: its own loopback address, one kept-alive
// connection, the samples by cursor every second, a snapshot and /metrics
// every ten.
class Watcher final : public QObject
{
public:
    Watcher(int index, quint16 port, qint64* errors)
        : m_port(port)
        , m_address(u"127.0.2.%1"_s.arg(index + 1))
        , m_errors(errors)
    {
        connect(&m_socket, &QTcpSocket::readyRead, this, &Watcher::read);
        connect(&m_tick, &QTimer::timeout, this, &Watcher::tick);
        m_tick.start(1000);
    }

private:
    void tick()
    {
        if (m_waiting) {
            ++*m_errors; // no answer within a second
            m_socket.abort();
            m_waiting = false;
        }
        if (m_socket.state() == QAbstractSocket::UnconnectedState) {
            m_buffer.clear();
            m_socket.bind(QHostAddress(m_address));
            m_socket.connectToHost(QHostAddress::LocalHost, m_port);
        }
        ++m_ticks;
        const QByteArray target =
            m_ticks % 10 == 3   ? QByteArray("/v1/snapshot")
            : m_ticks % 10 == 7 ? QByteArray("/metrics")
                                : "/v1/samples?limit=1000&after=" + QByteArray::number(m_cursor);
        m_socket.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                       kToken + "\r\n\r\n");
        m_waiting = true;
        m_askedCursor = target.startsWith("/v1/samples");
    }

    void read()
    {
        m_buffer += m_socket.readAll();
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = m_buffer.left(end);
        const qsizetype at = head.toLower().indexOf("\r\ncontent-length:");
        const qint64 length = at < 0 ? -1 : head.mid(at + 17).split('\r')[0].trimmed().toLongLong();
        if (length < 0 || m_buffer.size() < end + 4 + length)
            return;
        const QByteArray body = m_buffer.mid(end + 4, length);
        m_buffer.remove(0, end + 4 + length);
        m_waiting = false;
        if (!head.startsWith("HTTP/1.1 200")) {
            ++*m_errors;
            return;
        }
        if (m_askedCursor)
            m_cursor = quint64(QJsonDocument::fromJson(body)[u"next"_s].toInteger());
    }

    quint16 m_port;
    QString m_address;
    qint64* m_errors;
    QTcpSocket m_socket;
    QTimer m_tick;
    QByteArray m_buffer;
    quint64 m_cursor = 0;
    qint64 m_ticks = 0;
    bool m_waiting = false;
    bool m_askedCursor = false;
};

struct Sample
{
    int minute = 0;
    Usage agent;
    Usage desktop;
};

// `figure`_agent and `figure`_desktop: resident memory at `to` less that at
// `from`, with the rate an hour (none over no time).
void printGrowth(const char* figure, const Sample& from, const Sample& to)
{
    const double hours = double(to.minute - from.minute) / 60;
    const auto one = [&](const char* process, double fromMiB, double toMiB) {
        std::printf("%s_%s=%.1f (%.1f to %.1f", figure, process, toMiB - fromMiB, fromMiB, toMiB);
        if (hours > 0)
            std::printf("; %.2f MiB an hour", (toMiB - fromMiB) / hours);
        std::printf(")\n");
    };
    one("agent", from.agent.rssMiB, to.agent.rssMiB);
    one("desktop", from.desktop.rssMiB, to.desktop.rssMiB);
}

} // namespace

int main(int argc, char** argv)
{
    gw::bench::printReference();
    const int minutes = qEnvironmentVariableIsSet("SOAK_MINUTES")
                            ? std::max(2, qEnvironmentVariableIntValue("SOAK_MINUTES"))
                            : 80;
    // A home of its own: no settings, history or keychain of the user's.
    QTemporaryDir home;
    for (const char* var :
         {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
        qputenv(var, home.path().toLocal8Bit());
    gw::test::PrivateBus bus;
    QCoreApplication app(argc, argv);
    if (!bus.start(true)) {
        std::fprintf(stderr, "bench_soak: no keychain for the agents' tokens: %s\n",
                     qPrintable(bus.error()));
        return 1;
    }
    const QProcessEnvironment busEnv = bus.environment();
    for (const QString& key : busEnv.keys())
        qputenv(key.toLocal8Bit(), busEnv.value(key).toLocal8Bit());

    // The agent under watch: 10 Hz, a journal and a history store.
    Agent agent;
    const QString agentDir = home.filePath(u"agent"_s);
    if (!agent.start(agentDir,
                     "[agent]\ninterval_ms = 100\nhistory = \"" + agentDir.toUtf8() +
                         "/history.sqlite\"\n[journal]\npath = \"" + agentDir.toUtf8() +
                         "/journal.sqlite\"\n" + tokenToml(),
                     4)) {
        std::fprintf(stderr, "bench_soak: the agent did not start\n");
        return 1;
    }
    // The desktop's 16 demo agents, at 1 Hz, memory only.
    std::vector<Agent> fleet(kDemoAgents);
    for (int i = 0; i < kDemoAgents; ++i) {
        if (!fleet[i].start(home.filePath(u"fleet%1"_s.arg(i + 1)),
                            "[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n" + tokenToml(),
                            i + 1)) {
            std::fprintf(stderr, "bench_soak: demo agent %d did not start\n", i + 1);
            return 1;
        }
    }
    const QString ini = home.filePath(u"servers.ini"_s);
    {
        QSettings s(ini, QSettings::IniFormat);
        const QStringList names = gw::DemoWorld(kDemoAgents).names();
        s.beginWriteArray(u"servers"_s, kDemoAgents);
        for (int i = 0; i < kDemoAgents; ++i) {
            s.setArrayIndex(i);
            s.setValue(u"id"_s, QString::number(i + 1));
            s.setValue(u"name"_s, names.value(i));
            s.setValue(u"url"_s, u"http://127.0.0.1:%1"_s.arg(fleet[i].port));
        }
        s.endArray();
    }
    {
        gw::SecretStore secrets;
        for (const Agent& a : fleet) {
            const QString error = secrets.writeBlocking(
                gw::SecretStore::tokenKey(QUrl(u"http://127.0.0.1:%1"_s.arg(a.port))), kToken);
            if (!error.isEmpty()) {
                std::fprintf(stderr, "bench_soak: keychain: %s\n", qPrintable(error));
                return 1;
            }
        }
    }
    QProcess desktop;
    endWithParent(desktop);
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        desktop.setProcessEnvironment(env);
    }
    desktop.setStandardOutputFile(home.filePath(u"desktop-stdout.txt"_s));
    desktop.setStandardErrorFile(home.filePath(u"desktop-stderr.txt"_s));
    // SOAK_DESKTOP_WRAPPER (e.g. "heaptrack -o /tmp/desk") runs the desktop
    // under a profiler; its figures are then the wrapper's, not the desktop's.
    QStringList desktopArgs{u"--no-local"_s, u"--settings"_s, ini, u"--page"_s, u"details"_s};
    QString desktopProgram = QStringLiteral(GW_DESKTOP);
    if (const QString wrapper = qEnvironmentVariable("SOAK_DESKTOP_WRAPPER"); !wrapper.isEmpty()) {
        QStringList words = wrapper.split(u' ', Qt::SkipEmptyParts);
        desktopArgs.prepend(desktopProgram);
        desktopProgram = words.takeFirst();
        desktopArgs = words + desktopArgs;
    }
    desktop.start(desktopProgram, desktopArgs);
    if (!desktop.waitForStarted(10'000)) {
        std::fprintf(stderr, "bench_soak: the desktop did not start\n");
        return 1;
    }

    qint64 clientErrors = 0;
    std::vector<std::unique_ptr<Watcher>> watchers;
    for (int i = 0; i < kWatchers; ++i)
        watchers.push_back(std::make_unique<Watcher>(i, agent.port, &clientErrors));

    std::printf("soak_minutes=%d (the agent at 10 Hz with a journal and history, %d watchers; "
                "the desktop offscreen with %d demo agents)\n",
                minutes, kWatchers, kDemoAgents);
    std::fflush(stdout);
    std::vector<Sample> samples;
    QTimer sampler;
    auto sample = [&] {
        Sample s;
        s.minute = int(samples.size());
        s.agent = usageOf(agent.process->processId());
        s.desktop = usageOf(desktop.processId());
        samples.push_back(s);
        std::printf("soak_sample minute=%d agent_rss_mib=%.1f agent_fds=%d agent_threads=%d "
                    "desktop_rss_mib=%.1f desktop_fds=%d desktop_threads=%d client_errors=%lld\n",
                    s.minute, s.agent.rssMiB, s.agent.fds, s.agent.threads, s.desktop.rssMiB,
                    s.desktop.fds, s.desktop.threads, static_cast<long long>(clientErrors));
        std::fflush(stdout);
        if (s.minute >= minutes || desktop.state() == QProcess::NotRunning ||
            agent.process->state() == QProcess::NotRunning)
            app.quit();
    };
    QObject::connect(&sampler, &QTimer::timeout, &app, sample);
    sampler.start(60'000);
    sample(); // minute 0
    app.exec();

    const bool died =
        desktop.state() == QProcess::NotRunning || agent.process->state() == QProcess::NotRunning;
    watchers.clear();
    desktop.terminate();
    if (!desktop.waitForFinished(10'000))
        desktop.kill();
    agent.stop();
    for (Agent& a : fleet)
        a.stop();
    if (died || samples.size() < 2) {
        std::fprintf(stderr, "bench_soak: %s ended before the soak did\n",
                     desktop.exitCode() != 0 ? "the desktop" : "the agent");
        return 1;
    }
    const int from = minutes >= 12 ? 10 : minutes / 3;
    const Sample& base = samples[size_t(std::min<qsizetype>(from, qsizetype(samples.size()) - 1))];
    const Sample& last = samples.back();
    std::printf("soak_growth_from_minute=%d\n", base.minute);
    printGrowth("soak_rss_growth_mib", base, last);
    // Once the desktop's live window is full (and a minute more).
    const int steadyFrom = int(gw::LiveHistory::kDefaultRetentionMs / 60'000) + 1;
    if (last.minute >= steadyFrom + 4) {
        std::printf("soak_steady_from_minute=%d (the desktop's live window of %d minutes full)\n",
                    steadyFrom, steadyFrom - 1);
        printGrowth("soak_rss_steady_growth_mib", samples[size_t(steadyFrom)], last);
    } else {
        std::printf("soak_rss_steady_growth_mib: not measured (a run of %d minutes; it needs %d, "
                    "past the desktop's live window)\n",
                    last.minute, steadyFrom + 4);
    }
    const Sample& first = samples[1]; // everything started and connected
    std::printf("soak_fds_agent=%d..%d\n", first.agent.fds, last.agent.fds);
    std::printf("soak_fds_desktop=%d..%d\n", first.desktop.fds, last.desktop.fds);
    std::printf("soak_threads_agent=%d..%d\n", first.agent.threads, last.agent.threads);
    std::printf("soak_threads_desktop=%d..%d\n", first.desktop.threads, last.desktop.threads);
    std::printf("soak_client_errors=%lld\n", static_cast<long long>(clientErrors));
    return 0;
}
