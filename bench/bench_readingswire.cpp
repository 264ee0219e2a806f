// Readings on the wire (GET /v1/readings, docs/agent-api.md, "CBOR
// readings"): what `gpuwarden-cli report --source` waits for.
//   readings_day_decode_ms=        a day of one 8-GPU server with 40 processes
//                                  at 1 Hz, from a real agent over loopback
//                                  (the agent's code on a thread of its own,
//                                  as another process would be), read and
//                                  decoded by the CLI's reader (AgentReadings)
//   readings_fleet_day_decode_ms=  the same from 16 such agents at once
//   readings_day_json_parse_ms=    the day's JSON lines parsed alone
//   readings_day_cbor_parse_ms=    the day's CBOR body parsed alone by the
//                                  CLI's decoder (SnapshotCborDecoder); the
//                                  same through QCborStreamReader
//                                  (snapshotFromCbor) is printed beside it
//   readings_bytes_per_reading_*=  on the wire: JSON lines, the same deflated
//                                  as /v1/samples deflates its pages (zlib
//                                  level 1, 1000 readings), CBOR (integer
//                                  keys), the same deflated, and CBOR with
//                                  the JSON keys as text (QCborValue)
// The stores are written first; only reading is timed.

#include "agent/agentserver.h"
#include "benchreference.h"
#include "history/historyreadings.h"
#include "history/historystore.h"
#include "historyagent.h"
#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "remote/agentreadings.h"

#include <QCborStreamReader>
#include <QCborValue>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <future>
#include <memory>
#include <random>
#include <vector>

using namespace gw;

namespace {

constexpr qint64 kStartMs = 1'790'000'000'000;
constexpr int kGpus = 8;
constexpr int kProcesses = 40;
// GW_BENCH_READINGS_SECONDS shortens the day (for profiling); GW_BENCH_FLEET
// the fleet; GW_BENCH_AGENT_ONLY measures the agent's side alone.
const int kSeconds = qEnvironmentVariableIsSet("GW_BENCH_READINGS_SECONDS")
                         ? qEnvironmentVariableIntValue("GW_BENCH_READINGS_SECONDS")
                         : 24 * 3600;
const int kFleet = qEnvironmentVariableIsSet("GW_BENCH_FLEET")
                       ? qEnvironmentVariableIntValue("GW_BENCH_FLEET")
                       : 16;

struct Job
{
    qint64 pid = 0;
    qint64 startMs = 0;
    qint64 endMs = 0;
    int gpu = 0;
    int user = 0;
    double busy = 0;
    double memoryMiB = 0;
};

// A day of one server written to `path` an hour at a time: jobs of 10 min
// to 3 h on one of its GPUs (bench_historyreplay's hour, for a day).
bool writeDay(const QString& path, QString* error)
{
    auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, error);
    if (!store)
        return false;
    std::mt19937 rng(7);
    std::vector<Job> jobs(kProcesses);
    auto restart = [&](Job& j, qint64 t, qint64 salt) {
        std::uniform_int_distribution<int> gpu(0, kGpus - 1), user(0, 11), minutes(10, 180);
        j.pid = 10000 + salt;
        j.startMs = t;
        j.endMs = t + qint64(minutes(rng)) * 60'000;
        j.gpu = gpu(rng);
        j.user = user(rng);
        j.busy = std::uniform_real_distribution<double>(0, 1)(rng) < 0.25 ? 2 : 90;
        j.memoryMiB = std::uniform_real_distribution<double>(2000, 30000)(rng);
    };
    for (size_t i = 0; i < jobs.size(); ++i)
        restart(jobs[i], kStartMs - qint64(i) * 60'000, qint64(i));
    QList<Snapshot> batch;
    for (int second = 0; second < kSeconds; ++second) {
        const qint64 t = kStartMs + qint64(second) * 1000;
        Snapshot s;
        s.server = QStringLiteral("gpu-node-01");
        s.backend = QStringLiteral("nvml");
        s.timestampMs = t;
        s.intervalMs = 1000;
        s.host.cpuPercent = double(second % 100);
        s.host.memoryUsedBytes = quint64(64) << 30;
        double util[kGpus] = {};
        std::uniform_real_distribution<double> noise(-5, 5);
        for (size_t i = 0; i < jobs.size(); ++i) {
            Job& j = jobs[i];
            if (t >= j.endMs)
                restart(j, t, qint64(i) + qint64(second) * 64);
            const double u = std::clamp(j.busy + noise(rng), 0.0, 100.0);
            util[j.gpu] = std::min(100.0, util[j.gpu] + u / 5);
            GpuProcess p;
            p.pid = j.pid;
            p.startTimeMs = j.startMs;
            p.uid = 1000u + uint(j.user);
            p.user = QStringLiteral("user%1").arg(j.user);
            p.command = j.busy > 50 ? QStringLiteral("python train.py")
                                    : QStringLiteral("jupyter-notebook");
            p.gpuUuid = QStringLiteral("GPU-%1").arg(j.gpu);
            p.usedMemoryMiB = std::round(j.memoryMiB);
            s.processes << p;
        }
        for (int g = 0; g < kGpus; ++g) {
            GpuSample gpu;
            gpu.index = g;
            gpu.uuid = QStringLiteral("GPU-%1").arg(g);
            gpu.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
            gpu.utilizationGpuPercent = std::round(util[g]);
            gpu.memoryUsedMiB = 20000;
            gpu.temperatureC = 40 + std::round(util[g] / 4);
            gpu.powerW = 60 + util[g] * 3;
            s.gpus << gpu;
        }
        batch << s;
        if (batch.size() == 3600) {
            if (!store->append(batch, error))
                return false;
            batch.clear();
        }
    }
    return store->append(batch, error) && store->flush(error);
}

// Agents serving `files`, each on a thread of its own (its event loop), as
// agents in other processes would: encoding is not on the reader's time.
class AgentThreads
{
public:
    bool start(const QStringList& files, QString* error)
    {
        for (const QString& file : files) {
            std::promise<quint16> port;
            auto ready = port.get_future();
            QThread* thread = QThread::create([file, &port] {
                AgentServer agent(gw::test::historyAgentConfig(file));
                QString why;
                if (!agent.listen(&why)) {
                    std::fprintf(stderr, "agent: %s\n", qPrintable(why));
                    port.set_value(0);
                    return;
                }
                port.set_value(agent.port());
                QEventLoop loop;
                QObject::connect(QThread::currentThread(), &QThread::finished, &loop,
                                 &QEventLoop::quit);
                loop.exec();
            });
            thread->start();
            m_threads.push_back(thread);
            const quint16 p = ready.get();
            if (p == 0) {
                *error = QStringLiteral("an agent did not listen");
                return false;
            }
            m_ports << p;
        }
        return true;
    }
    ~AgentThreads()
    {
        for (QThread* t : m_threads) {
            t->requestInterruption();
            QMetaObject::invokeMethod(t, [] { QThread::currentThread()->exit(); });
            t->exit();
            t->wait();
            delete t;
        }
    }
    const QList<quint16>& ports() const { return m_ports; }

private:
    std::vector<QThread*> m_threads;
    QList<quint16> m_ports;
};

AgentEndpoint endpointOf(quint16 port)
{
    AgentEndpoint e;
    e.url = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
    e.token = QByteArray(gw::test::kHistoryAgentToken);
    return e;
}

// Reads [kStartMs, +day) of the agents as report --source does; the count.
qint64 readAll(const QList<quint16>& ports, double* ms, QString* error)
{
    QList<AgentReadings::Agent> agents;
    int n = 0;
    for (quint16 p : ports)
        agents << AgentReadings::Agent{
            endpointOf(p), QStringLiteral("node-%1").arg(++n, 2, 10, QLatin1Char('0')), false};
    QElapsedTimer t;
    t.start();
    AgentReadings readings(agents, kStartMs, kStartMs + qint64(kSeconds) * 1000);
    qint64 count = 0;
    while (readings.next(error))
        ++count;
    *ms = double(t.nsecsElapsed()) / 1e6;
    return error->isEmpty() ? count : -1;
}

// The raw body of GET /v1/readings for the day in the form `accept` asks.
QByteArray body(quint16 port, const QByteArray& accept)
{
    QNetworkAccessManager nam;
    QNetworkRequest req(
        QUrl(endpointOf(port).url.toString() + QStringLiteral("/v1/readings?from=%1&to=%2")
                                                   .arg(kStartMs)
                                                   .arg(kStartMs + qint64(kSeconds) * 1000)));
    req.setRawHeader("Authorization", QByteArray("Bearer ") + gw::test::kHistoryAgentToken);
    if (!accept.isEmpty())
        req.setRawHeader("Accept", accept);
    QNetworkReply* reply = nam.get(req);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray out = reply->readAll();
    delete reply;
    return out;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    gw::bench::printReference();
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    QString error;
    const QString day = dir.filePath(QStringLiteral("day.sqlite"));
    if (!writeDay(day, &error)) {
        std::fprintf(stderr, "history: %s\n", qPrintable(error));
        return 1;
    }
    if (qEnvironmentVariableIsSet("GW_BENCH_AGENT_ONLY")) {
        // For profiling the agent's side alone (callgrind, perf): the day
        // rebuilt from the store and written in CBOR, nothing else.
        auto readings =
            HistoryReadings::open(day, {}, kStartMs, kStartMs + qint64(kSeconds) * 1000, &error);
        QByteArray out;
        qint64 count = 0;
        QElapsedTimer t;
        t.start();
        while (readings) {
            const std::optional<Snapshot> s = readings->next(&error);
            if (!s)
                break;
            out.clear();
            appendSnapshotCbor(out, *s);
            ++count;
        }
        std::printf("readings_day_agent_only_ms=%.0f (%lld readings)\n",
                    double(t.nsecsElapsed()) / 1e6, static_cast<long long>(count));
        return 0;
    }
    QStringList fleet{day};
    for (int i = 1; i < kFleet; ++i) {
        const QString copy = dir.filePath(QStringLiteral("day-%1.sqlite").arg(i));
        if (!QFile::copy(day, copy)) {
            std::fprintf(stderr, "cannot copy %s\n", qPrintable(day));
            return 1;
        }
        fleet << copy;
    }
    AgentThreads agents;
    if (!agents.start(fleet, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const QList<quint16> one{agents.ports().first()};

    // Bytes on the wire, and the JSON lines parsed as the reader did before.
    const QByteArray json = body(one.first(), {});
    const QByteArray cbor = body(one.first(), kCborMediaType);
    const QList<QByteArray> lines = json.trimmed().split('\n');
    const double n = double(lines.size());
    std::vector<double> jsonMs;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer t;
        t.start();
        for (const QByteArray& line : lines)
            if (!snapshotFromJsonBytes(line, &error)) {
                std::fprintf(stderr, "json: %s\n", qPrintable(error));
                return 1;
            }
        jsonMs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    // As the CLI reads them: one decoder for the stream (its readings share
    // their texts), on the bytes themselves.
    std::vector<double> cborMs;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer t;
        t.start();
        SnapshotCborDecoder decoder;
        qsizetype at = 1;
        while (at < cbor.size() - 1) {
            qsizetype used = 0;
            if (!decoder.decode(QByteArrayView(cbor.constData() + at, cbor.size() - at), &used,
                                &error)) {
                std::fprintf(stderr, "cbor: %s\n", qPrintable(error));
                return 1;
            }
            at += used;
        }
        cborMs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    // The same through QCborStreamReader (snapshotFromCbor), as the CLI read
    // them before the decoder: the ratio of the two on the same machine.
    double streamReaderMs = 0;
    {
        QElapsedTimer t;
        t.start();
        qsizetype at = 1;
        while (at < cbor.size() - 1) {
            QCborStreamReader r(QByteArray::fromRawData(cbor.constData() + at, cbor.size() - at));
            if (!snapshotFromCbor(r, &error)) {
                std::fprintf(stderr, "cbor: %s\n", qPrintable(error));
                return 1;
            }
            at += qsizetype(r.currentOffset());
        }
        streamReaderMs = double(t.nsecsElapsed()) / 1e6;
    }
    // What the agent spends on the day: rebuilding it from its store, and
    // writing it in CBOR, on one thread, no network.
    double agentMs = 0;
    double rebuildMs = 0;
    {
        QElapsedTimer t;
        t.start();
        qint64 writeNs = 0;
        auto readings =
            HistoryReadings::open(day, {}, kStartMs, kStartMs + qint64(kSeconds) * 1000, &error);
        QByteArray out;
        while (readings) {
            const std::optional<Snapshot> s = readings->next(&error);
            if (!s)
                break;
            QElapsedTimer w;
            w.start();
            out.clear();
            appendSnapshotCbor(out, *s);
            writeNs += w.nsecsElapsed();
        }
        agentMs = double(t.nsecsElapsed()) / 1e6;
        rebuildMs = agentMs - double(writeNs) / 1e6;
    }
    // On the wire as /v1/samples deflates its pages (zlib level 1, pages of
    // 1000 readings), for either form.
    auto deflatedPages = [&](bool asCbor) {
        qint64 bytes = 0;
        for (qsizetype from = 0; from < lines.size(); from += 1000) {
            QByteArray page;
            for (qsizetype i = from; i < std::min(lines.size(), from + 1000); ++i) {
                if (asCbor)
                    appendSnapshotCbor(page, *snapshotFromJsonBytes(lines[i], &error));
                else
                    page += lines[i] + ',';
            }
            bytes += qCompress(page, 1).size() - 4;
        }
        return double(bytes);
    };
    // CBOR with the JSON form's text keys, measured on a sample of readings.
    qint64 textKeyed = 0;
    qint64 sampled = 0;
    for (qsizetype i = 0; i < lines.size(); i += 97, ++sampled)
        textKeyed +=
            QCborValue::fromJsonValue(QJsonDocument::fromJson(lines[i]).object()).toCbor().size();

    std::vector<double> dayMs;
    for (int run = 0; run < 3; ++run) {
        double ms = 0;
        const qint64 count = readAll(one, &ms, &error);
        if (count != kSeconds) {
            std::fprintf(stderr, "readings: %lld of %d: %s\n", static_cast<long long>(count),
                         kSeconds, qPrintable(error));
            return 1;
        }
        dayMs.push_back(ms);
    }
    // Once: 16 agents' days take minutes on a 2-core machine.
    std::vector<double> fleetMs;
    for (int run = 0; run < 1; ++run) {
        double ms = 0;
        const qint64 count = readAll(agents.ports(), &ms, &error);
        if (count != qint64(kSeconds) * kFleet) {
            std::fprintf(stderr, "fleet: %lld readings: %s\n", static_cast<long long>(count),
                         qPrintable(error));
            return 1;
        }
        fleetMs.push_back(ms);
    }

    std::printf("readings_day_decode_ms=%.0f (target <= 500; %d readings of %d GPUs and %d "
                "processes, CBOR from an agent over loopback, median of 3)\n",
                median(dayMs), kSeconds, kGpus, kProcesses);
    std::printf(
        "readings_fleet_day_decode_ms=%.0f (target <= 3000; %d such agents at once, one run)\n",
        median(fleetMs), kFleet);
    std::printf("readings_day_json_parse_ms=%.0f readings_day_cbor_parse_ms=%.0f (the day's "
                "bodies parsed alone, no network)\n",
                median(jsonMs), median(cborMs));
    std::printf("readings_day_agent_ms=%.0f (the agent rebuilding the day from its store and "
                "writing it in CBOR, one thread: the floor of readings_day_decode_ms; "
                "%.1f us a reading, %.1f of them rebuilding)\n",
                agentMs, agentMs * 1000 / n, rebuildMs * 1000 / n);
    std::printf(
        "readings_day_cbor_parse_us_per_reading=%.1f readings_day_json_parse_us_per_reading="
        "%.1f\n",
        median(cborMs) * 1000 / n, median(jsonMs) * 1000 / n);
    std::printf("readings_day_cbor_stream_reader_parse_us_per_reading=%.1f (the same through "
                "QCborStreamReader, one run: %.1fx the decoder's)\n",
                streamReaderMs * 1000 / n, streamReaderMs / median(cborMs));
    std::printf(
        "readings_bytes_per_reading_json=%.0f readings_bytes_per_reading_json_deflated=%.0f "
        "readings_bytes_per_reading_cbor=%.0f readings_bytes_per_reading_cbor_deflated=%.0f "
        "readings_bytes_per_reading_cbor_text_keys=%.0f (deflated: as /v1/samples sends pages of "
        "1000, zlib level 1; the whole day's JSON at level 6: %.0f)\n",
        double(json.size()) / n, deflatedPages(false) / n, double(cbor.size()) / n,
        deflatedPages(true) / n, double(textKeyed) / double(sampled),
        double(qCompress(json, 6).size() - 4) / n);
    return 0;
}
