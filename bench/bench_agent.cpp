// The agent under load, beside node_exporter, both on loopback:
//   agent_metrics_rps        wrk against the agent's /metrics (4 demo GPUs, processes)
//   node_exporter_rps        wrk against Debian's node_exporter /metrics, limited
//                            to its cpu, meminfo and diskstats collectors
//   agent_snapshot_rps       wrk against /v1/snapshot
//   agent_p99_ms             99th percentile latency of /metrics
//   agent_idle_cpu_percent   the agent's CPU sampling 8 fake GPUs at 1 Hz for
//                            60 s, in % of one core (fake NVML on the library path),
//                            its journal on (as installed)
//   agent_journal_bytes_per_reading       compressed payload per 8-GPU reading
//                                         after that minute (one block)
//   agent_journal_file_bytes_per_reading  journal file size / readings after an
//                                         hour of demo readings (4 GPUs, processes)
// `bench_agent idle` runs only the idle figures; `idle --compare` adds
// agent_idle_cpu_percent_no_journal.
// Prints `unavailable` (and why, on stderr) for a figure whose tool is missing.

#include "agent/agentconfig.h"
#include "fakegpus.h"
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "processcpu.h"
#include "sources/demoworld.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <unistd.h>

namespace {

constexpr int kWrkSeconds = 5;
constexpr int kIdleSeconds = 60;

quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Starts the agent; returns its port (0 on failure).
quint16 startAgent(QProcess& agent, const QString& config, const QStringList& extra)
{
    agent.start(QStringLiteral(GW_AGENT),
                QStringList{QStringLiteral("--config"), config, QStringLiteral("--port"),
                            QStringLiteral("0")} +
                    extra);
    if (!agent.waitForReadyRead(10000))
        return 0;
    const QByteArray line = agent.readLine().trimmed();
    return quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
}

struct WrkResult
{
    double rps = -1;
    double p99ms = -1;
};

WrkResult wrk(const QString& url, const QByteArray& token = {})
{
    QStringList args{QStringLiteral("-t1"), QStringLiteral("-c8"),
                     QStringLiteral("-d%1s").arg(kWrkSeconds), QStringLiteral("--latency")};
    if (!token.isEmpty())
        args << QStringLiteral("-H")
             << QStringLiteral("Authorization: Bearer ") + QString::fromLatin1(token);
    args << url;
    QProcess p;
    p.start(QStringLiteral("wrk"), args);
    p.waitForFinished(60000);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    WrkResult r;
    const auto rps = QRegularExpression(QStringLiteral("Requests/sec:\\s+([0-9.]+)")).match(out);
    if (rps.hasMatch())
        r.rps = rps.captured(1).toDouble();
    const auto p99 = QRegularExpression(QStringLiteral("99%\\s+([0-9.]+)(us|ms|s)")).match(out);
    if (p99.hasMatch()) {
        const double v = p99.captured(1).toDouble();
        r.p99ms = p99.captured(2) == QLatin1String("us")  ? v / 1000
                  : p99.captured(2) == QLatin1String("s") ? v * 1000
                                                          : v;
    }
    if (r.rps < 0)
        std::fprintf(stderr, "bench_agent: wrk %s: %s\n", qPrintable(url),
                     qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
    return r;
}

void print(const char* name, double v, int decimals = 1)
{
    if (v < 0)
        std::printf("%s=unavailable\n", name);
    else
        std::printf("%s=%.*f\n", name, decimals, v);
}

// An hour of demo readings at 1 Hz through the journal, as the agent writes
// them: file bytes per reading.
double journalFileBytesPerReading(const QString& path)
{
    QString error;
    auto journal = gw::AgentJournal::open(path, &error);
    if (!journal) {
        std::fprintf(stderr, "bench_agent: %s\n", qPrintable(error));
        return -1;
    }
    constexpr int kReadings = 3600;
    const qint64 t0 = 1795305600000;
    gw::DemoWorld fleet;
    for (int i = 0; i < kReadings; ++i) {
        const qint64 ms = t0 + i * 1000;
        const quint64 seq = journal->take(&error).value_or(0);
        QJsonObject o = gw::toJson(fleet.serverAt(0, ms));
        o.insert(QStringLiteral("sequence"), double(seq));
        journal->append(seq, ms, QJsonDocument(o).toJson(QJsonDocument::Compact));
        journal->flush(ms, &error);
    }
    journal->close(t0 + kReadings * 1000, &error);
    journal.reset();
    return double(QFileInfo(path).size() + QFileInfo(path + QStringLiteral("-wal")).size()) /
           kReadings;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const bool idleOnly = args.contains(QStringLiteral("idle"));
    QTemporaryDir dir;
    const QString journalPath = dir.filePath(QStringLiteral("agent-journal.sqlite"));
    auto agentConfig = [&](const QString& journal) -> QByteArray {
        return "[agent]\ninterval_ms = 1000\n[journal]\npath = \"" + journal.toUtf8() +
               "\"\n[limits]\nrequests_per_second = 1000000\nburst = 1000000\n[[token]]\n"
               "name = \"bench\"\nsha256 = \"" +
               gw::sha256("bench").toHex() + "\"\n";
    };
    const QString config = dir.filePath(QStringLiteral("agent.toml"));
    writeFile(config, agentConfig(journalPath));
    const QString noJournalConfig = dir.filePath(QStringLiteral("nojournal.toml"));
    writeFile(noJournalConfig, agentConfig(QString()));
    const bool haveWrk = !QStandardPaths::findExecutable(QStringLiteral("wrk")).isEmpty();
    if (!haveWrk)
        std::fprintf(stderr, "bench_agent: wrk is not installed\n");

    // Throughput: the demo server's readings, 4 GPUs and their processes.
    if (!idleOnly) {
        QProcess agent;
        const quint16 port = startAgent(agent, config, {QStringLiteral("--demo")});
        QThread::msleep(1500); // a first reading
        WrkResult metrics, snapshot;
        if (port && haveWrk) {
            metrics = wrk(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port), "bench");
            snapshot = wrk(QStringLiteral("http://127.0.0.1:%1/v1/snapshot").arg(port), "bench");
        }
        print("agent_metrics_rps", metrics.rps, 0);
        print("agent_snapshot_rps", snapshot.rps, 0);
        print("agent_p99_ms", metrics.p99ms, 2);
        agent.terminate();
        agent.waitForFinished(5000);
    }
    if (!idleOnly) {
        const QString exporter =
            QStandardPaths::findExecutable(QStringLiteral("prometheus-node-exporter"));
        WrkResult node;
        if (!exporter.isEmpty() && haveWrk) {
            const quint16 port = freePort();
            QProcess ne;
            ne.start(exporter,
                     {QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
                      QStringLiteral("--collector.disable-defaults"),
                      QStringLiteral("--collector.cpu"), QStringLiteral("--collector.meminfo"),
                      QStringLiteral("--collector.diskstats")});
            ne.waitForStarted();
            QThread::msleep(1000);
            node = wrk(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port));
            ne.terminate();
            ne.waitForFinished(5000);
        } else {
            std::fprintf(stderr, "bench_agent: prometheus-node-exporter is not installed\n");
        }
        print("node_exporter_rps", node.rps, 0);
    }

    // Idle cost: 8 GPUs through NVML (the fake library) at 1 Hz.
    const QByteArray scenario = gw::bench::eightH100Scenario();
    const QString scenarioPath = dir.filePath(QStringLiteral("eight.scenario"));
    writeFile(scenarioPath, scenario);
    auto idle = [&](const QString& configPath) {
        QProcess agent;
        agent.setProcessEnvironment(gw::bench::fakeNvmlEnvironment(scenarioPath));
        const quint16 port = startAgent(agent, configPath, {});
        double percent = -1;
        if (port) {
            QThread::msleep(2000); // start-up done
            const double before = gw::bench::processCpuSeconds(agent.processId());
            QThread::sleep(kIdleSeconds);
            const double after = gw::bench::processCpuSeconds(agent.processId());
            if (before >= 0 && after >= 0)
                percent = (after - before) / kIdleSeconds * 100.0;
        }
        agent.terminate();
        agent.waitForFinished(5000);
        return percent;
    };
    print("agent_idle_cpu_percent", idle(config), 3);
    {
        QString error;
        auto journal = gw::AgentJournal::open(journalPath, &error);
        double perReading = -1;
        if (journal && journal->lastSequence() > 0)
            perReading = double(journal->payloadBytes()) / double(journal->lastSequence());
        else
            std::fprintf(stderr, "bench_agent: journal: %s\n", qPrintable(error));
        print("agent_journal_bytes_per_reading", perReading, 0);
    }
    print("agent_journal_file_bytes_per_reading",
          journalFileBytesPerReading(dir.filePath(QStringLiteral("hour.sqlite"))), 0);
    if (args.contains(QStringLiteral("--compare")))
        print("agent_idle_cpu_percent_no_journal", idle(noJournalConfig), 3);
    return 0;
}
