// The agent under load (issue 26, item 6): the real gpuwarden-agent on the
// demo server, readings at 10 Hz with a journal holding a day at 1 Hz;
// 100 clients, each from its own loopback address (127.0.1.1 … 127.0.1.100,
// as desktops on as many workstations, so the per-address rate limit is
// not what is measured), each on one kept-alive connection polling at
// 10 Hz: 40 follow /v1/samples by cursor, 40 ask /v1/snapshot, 20 scrape
// /metrics. Then the same while a day's /v1/replay runs, replays back to
// back. Prints:
//
//   load_errors                  answers not 200, failed or missing (target 0)
//   load_p99_ms                  p99 of every request's time (target ≤ 10)
//   load_p50_ms                  the median
//   load_p99_ms_by_kind          p99 of the cursor, snapshot and /metrics clients'
//   load_cursor_gaps             sequences a cursor client missed, saw twice
//                                or out of order (target 0)
//   load_requests                requests answered
//   load_during_replay_*         the same while the replays run
//   load_replays                 day replays answered meanwhile, and the last one's ms
//   load_http_thread_cpu_us_per_request
//                                the agent's HTTP thread's CPU time in the phase
//                                (its 10 Hz readings included) per request
//                                answered: what a request costs, which the
//                                machine's load changes far less than p99
//   load_agent_cpu_us_per_request the whole agent's, every thread
//   load_clients_cpu_us_per_request the 100 clients' own (this process's
//                                thread), which every answer's time includes
//
// The agent's defaults allow each address 50 requests a second (burst 100),
// five times what one client asks: agent.toml sets no [limits]. 100
// connections are well within its descriptor budget.
//
// LOAD_SECONDS: each phase's length (default 60). LOAD_AGENT: another
// gpuwarden-agent binary to measure (an older build, for a before/after
// under the same bench).

#include "benchreference.h"
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "sources/demoworld.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include <unistd.h>

using namespace Qt::Literals::StringLiterals;

namespace {

const QByteArray kToken = "l0ad";
constexpr int kClients = 100;
constexpr int kCursorClients = 40;
constexpr int kSnapshotClients = 40; // the rest scrape /metrics
constexpr int kPollMs = 100;
constexpr int kAnswerTimeoutMs = 5000;
constexpr int kDemoServer = 4;
constexpr qint64 kDayMs = 24 * 3'600'000LL;

struct Figures
{
    std::vector<qint64> us;        // every answer's time
    std::vector<qint64> byKind[3]; // the same by LoadClient::Kind
    qint64 errors = 0;
    qint64 gaps = 0;
    qint64 late = 0; // ticks that found the previous request still out

    qint64 p99Us() const { return percentileUs(us, 99); }
    static qint64 percentileUs(const std::vector<qint64>& times, int percent)
    {
        if (times.empty())
            return -1;
        std::vector<qint64> sorted = times;
        std::sort(sorted.begin(), sorted.end());
        return sorted[(sorted.size() * size_t(percent) + 99) / 100 - 1];
    }
};

// One client: its own source address, one kept-alive connection, one
// request every 100 ms (never two at once).
class LoadClient final : public QObject
{
public:
    enum class Kind
    {
        Cursor,
        Snapshot,
        Metrics
    };

    LoadClient(int index, Kind kind, quint16 port, quint64 cursor, Figures* figures)
        : m_kind(kind)
        , m_port(port)
        , m_cursor(cursor)
        , m_address(u"127.0.1.%1"_s.arg(index + 1))
        , m_figures(figures)
    {
        connect(&m_socket, &QTcpSocket::readyRead, this, &LoadClient::read);
        connect(&m_socket, &QTcpSocket::disconnected, this, [this] {
            if (m_sentUs >= 0)
                fail("disconnected");
        });
        m_tick.setInterval(kPollMs);
        // Precise: Qt moves a coarse timer up to 5 % to fire it with others,
        // and the 100 clients then asked in bursts of dozens at the same
        // instant (medians of 7 ms, from the bench's own queue).
        m_tick.setTimerType(Qt::PreciseTimer);
        connect(&m_tick, &QTimer::timeout, this, &LoadClient::tick);
        // Spread over the period, as independent desktops would be.
        QTimer::singleShot(index * kPollMs / kClients, this, [this] { m_tick.start(); });
        m_clock.start();
    }

    void setFigures(Figures* figures) { m_figures = figures; }
    void stop()
    {
        m_tick.stop();
        disconnect(&m_socket, nullptr, this, nullptr);
        m_socket.abort();
    }
    bool idle() const { return m_sentUs < 0; }

private:
    void open()
    {
        m_socket.abort();
        m_buffer.clear();
        if (!m_socket.bind(QHostAddress(m_address))) {
            std::fprintf(stderr, "bench_load: cannot bind %s: %s\n", qPrintable(m_address),
                         qPrintable(m_socket.errorString()));
            return;
        }
        m_socket.connectToHost(QHostAddress::LocalHost, m_port);
    }

    void tick()
    {
        if (m_sentUs >= 0) {
            if (m_clock.nsecsElapsed() / 1000 - m_sentUs > kAnswerTimeoutMs * 1000LL)
                fail("no answer in time");
            else
                ++m_figures->late;
            return;
        }
        if (m_socket.state() == QAbstractSocket::UnconnectedState)
            open();
        QByteArray target;
        switch (m_kind) {
        case Kind::Cursor:
            target = "/v1/samples?after=" + QByteArray::number(m_cursor);
            break;
        case Kind::Snapshot:
            target = "/v1/snapshot";
            break;
        case Kind::Metrics:
            target = "/metrics";
            break;
        }
        m_sentUs = m_clock.nsecsElapsed() / 1000;
        m_socket.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                       kToken + "\r\n\r\n");
    }

    void read()
    {
        m_buffer += m_socket.readAll();
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = m_buffer.left(end);
        const qsizetype at = head.toLower().indexOf("\r\ncontent-length:");
        if (at < 0)
            return fail("no Content-Length");
        const qint64 length = head.mid(at + 17).split('\r').value(0).trimmed().toLongLong();
        if (m_buffer.size() < end + 4 + length)
            return;
        const qint64 tookUs = m_clock.nsecsElapsed() / 1000 - m_sentUs;
        const QByteArray body = m_buffer.mid(end + 4, length);
        m_buffer.remove(0, end + 4 + length);
        if (m_sentUs < 0)
            return fail("an answer nobody asked for");
        m_sentUs = -1;
        if (head.split(' ').value(1) != "200") {
            ++m_figures->errors;
            std::fprintf(stderr, "bench_load: %s: %s\n", qPrintable(m_address),
                         head.left(60).constData());
            return;
        }
        m_figures->us.push_back(tookUs);
        m_figures->byKind[int(m_kind)].push_back(tookUs);
        if (m_kind == Kind::Cursor)
            follow(body);
    }

    // Every sequence once and in order: each page starts right after the
    // cursor and counts up by one.
    void follow(const QByteArray& body)
    {
        const QJsonObject page = QJsonDocument::fromJson(body).object();
        if (page[u"truncated"_s].toBool())
            ++m_figures->gaps;
        for (const QJsonValue& v : page[u"samples"_s].toArray()) {
            const quint64 sequence = quint64(v[u"sequence"_s].toInteger());
            if (sequence != m_cursor + 1)
                ++m_figures->gaps;
            m_cursor = sequence;
        }
        const quint64 next = quint64(page[u"next"_s].toInteger());
        if (next < m_cursor)
            ++m_figures->gaps;
        m_cursor = std::max(m_cursor, next);
    }

    void fail(const char* why)
    {
        ++m_figures->errors;
        std::fprintf(stderr, "bench_load: %s: %s\n", qPrintable(m_address), why);
        m_sentUs = -1;
        m_socket.abort();
        m_buffer.clear();
    }

    Kind m_kind;
    quint16 m_port;
    quint64 m_cursor;
    QString m_address;
    Figures* m_figures;
    QTcpSocket m_socket;
    QTimer m_tick;
    QElapsedTimer m_clock;
    QByteArray m_buffer;
    qint64 m_sentUs = -1; // when the request out was sent; -1: none out
};

// A day of the demo server at 1 Hz, ending now, in a journal.
bool writeDay(const QString& path, qint64 end, int* readings, QString* error)
{
    gw::AgentJournal::Options options;
    options.retention = std::chrono::hours(48); // as agent.toml says
    std::unique_ptr<gw::AgentJournal> journal = gw::AgentJournal::open(path, options, error);
    if (!journal)
        return false;
    const gw::DemoWorld world(gw::DemoWorld::kMaxServers);
    for (qint64 at = end - kDayMs; at < end; at += 1000) {
        gw::Snapshot s = world.serverAt(kDemoServer - 1, at);
        s.intervalMs = 1000;
        const std::optional<quint64> sequence = journal->take(error);
        if (!sequence)
            return false;
        journal->append(*sequence, s.timestampMs, gw::toJsonBytes(s, false));
        if (++*readings % 5000 == 0 && !journal->flush(at, error))
            return false;
    }
    return journal->close(end, error);
}

QByteArray get(quint16 port, const QByteArray& target)
{
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    if (!s.waitForConnected(5000))
        return {};
    s.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken +
            "\r\nConnection: close\r\n\r\n");
    QByteArray all;
    while (s.waitForReadyRead(5000))
        all += s.readAll();
    all += s.readAll();
    return all.mid(all.indexOf("\r\n\r\n") + 4);
}

// CPU time of a process, from /proc: its main thread (schedstat:
// nanoseconds on the CPU; the agent's serves HTTP and takes the readings)
// and the whole process (stat: utime + stime in clock ticks).
struct AgentCpu
{
    qint64 mainNs = -1;
    qint64 processNs = -1;

    static AgentCpu of(qint64 pid)
    {
        AgentCpu c;
        QFile sched(u"/proc/%1/task/%1/schedstat"_s.arg(pid));
        if (sched.open(QIODevice::ReadOnly))
            c.mainNs = sched.readAll().split(' ').value(0).toLongLong();
        QFile stat(u"/proc/%1/stat"_s.arg(pid));
        if (stat.open(QIODevice::ReadOnly)) {
            // After the command's closing parenthesis: fields 3 onwards;
            // utime and stime are fields 14 and 15.
            const QByteArray all = stat.readAll();
            const QList<QByteArray> fields = all.mid(all.lastIndexOf(')') + 2).split(' ');
            if (fields.size() > 13)
                c.processNs = (fields[11].toLongLong() + fields[12].toLongLong()) *
                              (1'000'000'000LL / ::sysconf(_SC_CLK_TCK));
        }
        return c;
    }
};

// The agent's CPU and the clients' own (this process's main thread, where
// all 100 run: the time they take is inside every figure too).
struct PhaseCpu
{
    AgentCpu agent;
    AgentCpu clients;

    static PhaseCpu of(qint64 agentPid)
    {
        return {AgentCpu::of(agentPid), AgentCpu::of(QCoreApplication::applicationPid())};
    }
};

void printCpu(const char* name, const PhaseCpu& from, const PhaseCpu& to, std::size_t requests)
{
    if (from.agent.mainNs < 0 || to.agent.mainNs < 0 || requests == 0)
        return;
    const double n = double(requests);
    std::printf("%s_http_thread_cpu_us_per_request=%.1f (%.0f ms of CPU, readings included)\n",
                name, double(to.agent.mainNs - from.agent.mainNs) / 1000 / n,
                double(to.agent.mainNs - from.agent.mainNs) / 1e6);
    if (from.agent.processNs >= 0 && to.agent.processNs >= 0)
        std::printf("%s_agent_cpu_us_per_request=%.1f\n", name,
                    double(to.agent.processNs - from.agent.processNs) / 1000 / n);
    if (from.clients.mainNs >= 0 && to.clients.mainNs >= 0)
        std::printf("%s_clients_cpu_us_per_request=%.1f (the bench's own thread)\n", name,
                    double(to.clients.mainNs - from.clients.mainNs) / 1000 / n);
    std::fflush(stdout);
}

void print(const char* name, const Figures& f, qint64 seconds)
{
    std::printf("%s_errors=%lld\n", name, static_cast<long long>(f.errors));
    std::printf("%s_p99_ms=%.2f\n", name, double(f.p99Us()) / 1000);
    std::printf("%s_p50_ms=%.2f\n", name, double(Figures::percentileUs(f.us, 50)) / 1000);
    std::printf("%s_p99_ms_by_kind=cursor %.2f, snapshot %.2f, metrics %.2f\n", name,
                double(Figures::percentileUs(f.byKind[0], 99)) / 1000,
                double(Figures::percentileUs(f.byKind[1], 99)) / 1000,
                double(Figures::percentileUs(f.byKind[2], 99)) / 1000);
    std::printf("%s_cursor_gaps=%lld\n", name, static_cast<long long>(f.gaps));
    std::printf("%s_requests=%zu\n", name, f.us.size());
    std::printf("%s_late_ticks=%lld\n", name, static_cast<long long>(f.late));
    std::printf("%s_requests_per_second=%.0f\n", name, double(f.us.size()) / double(seconds));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    gw::bench::printReference();
    QCoreApplication app(argc, argv);
    const qint64 seconds = qEnvironmentVariableIsSet("LOAD_SECONDS")
                               ? std::max(5, qEnvironmentVariableIntValue("LOAD_SECONDS"))
                               : 60;
    QTemporaryDir dir;
    const QString journal = dir.filePath(u"journal.sqlite"_s);
    const qint64 end = QDateTime::currentMSecsSinceEpoch();
    int readings = 0;
    QString error;
    QElapsedTimer setup;
    setup.start();
    if (!writeDay(journal, end, &readings, &error)) {
        std::fprintf(stderr, "bench_load: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("load_journal_readings=%d (a day at 1 Hz, written in %lld ms)\n", readings,
                static_cast<long long>(setup.elapsed()));

    const QByteArray toml =
        "[agent]\ninterval_ms = 100\n[journal]\npath = \"" + journal.toUtf8() +
        "\"\nretention_hours = 48\n[[token]]\nname = \"load\"\nscope = \"read\"\nsha256 = \"" +
        QCryptographicHash::hash(kToken, QCryptographicHash::Sha256).toHex() + "\"\n";
    const QString config = dir.filePath(u"agent.toml"_s);
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly) || f.write(toml) != toml.size())
        return 1;
    f.close();
    QProcess agent;
    agent.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    const QString agentBinary = qEnvironmentVariableIsSet("LOAD_AGENT")
                                    ? qEnvironmentVariable("LOAD_AGENT")
                                    : QStringLiteral(GW_AGENT);
    agent.start(agentBinary, {u"--config"_s, config, u"--demo"_s, u"--demo-server"_s,
                              QString::number(kDemoServer), u"--port"_s, u"0"_s});
    quint16 port = 0;
    QElapsedTimer clock;
    clock.start();
    while (port == 0 && clock.elapsed() < 10'000) {
        if (!agent.canReadLine() && !agent.waitForReadyRead(1000))
            continue;
        const QByteArray line = agent.readLine().trimmed();
        if (line.startsWith("listening on 127.0.0.1:"))
            port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
    }
    if (port == 0) {
        std::fprintf(stderr, "bench_load: the agent did not start\n");
        return 1;
    }
    // The newest reading's number: where the cursor clients start.
    quint64 cursor = 0;
    while (cursor == 0 && clock.elapsed() < 20'000) {
        cursor =
            quint64(QJsonDocument::fromJson(get(port, "/v1/snapshot"))[u"sequence"_s].toInteger());
        if (cursor == 0)
            QThread::msleep(100);
    }

    Figures warmUp;
    Figures quiet;
    Figures busy;
    std::vector<std::unique_ptr<LoadClient>> clients;
    for (int i = 0; i < kClients; ++i) {
        const auto kind = i < kCursorClients                      ? LoadClient::Kind::Cursor
                          : i < kCursorClients + kSnapshotClients ? LoadClient::Kind::Snapshot
                                                                  : LoadClient::Kind::Metrics;
        clients.push_back(std::make_unique<LoadClient>(i, kind, port, cursor, &warmUp));
    }
    // Five seconds not counted: the connections made, the agent's start behind it.
    QTimer::singleShot(5000, &app, [&] { app.quit(); });
    app.exec();
    std::printf("load_warm_up_errors=%lld, p99 %.2f ms (not counted)\n",
                static_cast<long long>(warmUp.errors), double(warmUp.p99Us()) / 1000);
    for (const auto& c : clients)
        c->setFigures(&quiet);
    const PhaseCpu quietFrom = PhaseCpu::of(agent.processId());
    QTimer::singleShot(seconds * 1000, &app, [&] { app.quit(); });
    app.exec();
    print("load", quiet, seconds);
    printCpu("load", quietFrom, PhaseCpu::of(agent.processId()), quiet.us.size());

    // The same while a day's replay runs, one after another.
    for (const auto& c : clients)
        c->setFigures(&busy);
    int replays = 0;
    qint64 replayMs = -1;
    std::unique_ptr<QTcpSocket> replay;
    QByteArray replayed;
    QElapsedTimer replayClock;
    std::function<void()> startReplay = [&] {
        replay = std::make_unique<QTcpSocket>();
        replayed.clear();
        replayClock.start();
        QObject::connect(replay.get(), &QTcpSocket::readyRead, replay.get(), [&] {
            replayed += replay->readAll();
            const qsizetype end = replayed.indexOf("\r\n\r\n");
            const qsizetype at = replayed.indexOf("Content-Length: ");
            if (end < 0 || at < 0 ||
                replayed.size() < end + 4 + replayed.mid(at + 16, 12).split('\r')[0].toLongLong())
                return;
            if (!replayed.startsWith("HTTP/1.1 200 ")) {
                std::fprintf(stderr, "bench_load: the replay: %s\n", replayed.left(300).data());
                ++busy.errors;
            } else {
                ++replays;
                replayMs = replayClock.elapsed();
            }
            QTimer::singleShot(0, &app, startReplay);
        });
        replay->connectToHost(QHostAddress::LocalHost, port);
        replay->write("GET /v1/replay?from=" + QByteArray::number(end - kDayMs) +
                      "&to=" + QByteArray::number(end) +
                      " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken +
                      "\r\n\r\n");
    };
    const PhaseCpu busyFrom = PhaseCpu::of(agent.processId());
    startReplay();
    QTimer::singleShot(seconds * 1000, &app, [&] { app.quit(); });
    app.exec();
    for (const auto& c : clients)
        c->stop();
    print("load_during_replay", busy, seconds);
    printCpu("load_during_replay", busyFrom, PhaseCpu::of(agent.processId()), busy.us.size());
    std::printf("load_replays=%d (a day: %d readings; the last took %lld ms)\n", replays, readings,
                static_cast<long long>(replayMs));
    replay.reset();
    clients.clear();
    agent.terminate();
    agent.waitForFinished(10'000);
    return 0;
}
