// What long-polling callers of POST /v1/allocate cost the agent
// (docs/coordination.md): a real gpuwarden-agent sampling 8 fake GPUs at
// 1 Hz (fake NVML on the library path), then 500 HTTP connections each
// holding a request that cannot be served (64 GPUs) with wait_seconds=600.
//   allocate_idle_cpu_percent     the agent's CPU over 10 s without waiters,
//                                 in % of one core
//   allocate_waiters_cpu_percent  the same with the 500 callers held (every
//                                 reading tries them all again); target < 1 %
// The agent's [limits] are raised for the bench: 500 requests from one
// address in a second are over the default burst (100).

#include "agent/agentconfig.h"
#include "fakegpus.h"
#include "processcpu.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <vector>

#include <unistd.h>

namespace {

constexpr int kWaiters = 500;
constexpr int kMeasureSeconds = 10;

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

double cpuPercentOver(qint64 pid, int seconds)
{
    const double before = gw::bench::processCpuSeconds(pid);
    QThread::sleep(seconds);
    const double after = gw::bench::processCpuSeconds(pid);
    return before < 0 || after < 0 ? -1 : (after - before) / seconds * 100.0;
}

// GET `path` with the bench's token; the JSON object, empty on failure.
QJsonObject getJson(QNetworkAccessManager& nam, quint16 port, const QString& path, int* status)
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    req.setRawHeader("Authorization", "Bearer bench");
    req.setTransferTimeout(5000);
    QNetworkReply* r = nam.get(req);
    QEventLoop loop;
    QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    *status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QJsonObject o = QJsonDocument::fromJson(r->readAll()).object();
    r->deleteLater();
    return o;
}

void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

void print(const char* name, double v)
{
    if (v < 0)
        std::printf("%s=unavailable\n", name);
    else
        std::printf("%s=%.3f\n", name, v);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("agent.toml"));
    writeFile(config, "[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n"
                      "[limits]\nrequests_per_second = 1000000\nburst = 1000000\n"
                      "[[token]]\nname = \"bench\"\nscope = \"allocate\"\nsha256 = \"" +
                          gw::sha256("bench").toHex() + "\"\n");
    const QByteArray scenario = gw::bench::eightH100Scenario();
    const QString scenarioPath = dir.filePath(QStringLiteral("eight.scenario"));
    writeFile(scenarioPath, scenario);

    QProcess agent;
    agent.setProcessEnvironment(gw::bench::fakeNvmlEnvironment(scenarioPath));
    agent.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    agent.start(QStringLiteral(GW_AGENT), {QStringLiteral("--config"), config,
                                           QStringLiteral("--port"), QStringLiteral("0")});
    if (!agent.waitForReadyRead(10000)) {
        std::fprintf(stderr, "bench_allocatewaiters: the agent did not start\n");
        print("allocate_idle_cpu_percent", -1);
        print("allocate_waiters_cpu_percent", -1);
        return 1;
    }
    const QByteArray line = agent.readLine().trimmed();
    const quint16 port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
    QNetworkAccessManager nam;
    int status = 0;
    for (int i = 0; i < 50 && status != 200; ++i) {
        getJson(nam, port, QStringLiteral("/v1/snapshot"), &status);
        if (status != 200)
            wait(200);
    }
    wait(2000); // start-up done
    print("allocate_idle_cpu_percent", cpuPercentOver(agent.processId(), kMeasureSeconds));

    // 500 callers, each on its own connection, none of which can be served.
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (int i = 0; i < kWaiters; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QHostAddress::LocalHost, port);
        if (!s->waitForConnected(5000)) {
            std::fprintf(stderr, "bench_allocatewaiters: connection %d: %s\n", i,
                         qPrintable(s->errorString()));
            break;
        }
        const QByteArray body =
            "{\"user\":\"bench-" + QByteArray::number(i) + "\",\"gpus\":64,\"wait_seconds\":600}";
        s->write("POST /v1/allocate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Authorization: Bearer bench\r\nContent-Type: application/json\r\n"
                 "Content-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n" + body);
        s->waitForBytesWritten(5000);
        sockets.push_back(std::move(s));
    }
    int waiting = 0;
    for (int i = 0; i < 100 && waiting < kWaiters; ++i) {
        wait(200);
        waiting = int(getJson(nam, port, QStringLiteral("/v1/allocate"), &status)
                          .value(QStringLiteral("waiting"))
                          .toArray()
                          .size());
    }
    std::fprintf(stderr, "bench_allocatewaiters: %d callers waiting\n", waiting);
    double held = -1;
    if (waiting == kWaiters)
        held = cpuPercentOver(agent.processId(), kMeasureSeconds);
    int answered = 0;
    for (const auto& s : sockets)
        answered += s->bytesAvailable() > 0 || s->waitForReadyRead(0) ? 1 : 0;
    if (answered > 0)
        std::fprintf(stderr, "bench_allocatewaiters: %d callers were answered early\n", answered);
    print("allocate_waiters_cpu_percent", held);
    sockets.clear();
    agent.terminate();
    agent.waitForFinished(5000);
    return 0;
}
