// backfill_week_s: a desktop closed for a week fills it from one agent's
// history store over loopback (GET /v1/history, HistoryBackfill): 8 GPUs ×
// 4 metrics and the host's CPU and memory, one-minute buckets, parsed,
// turned into readings and written to the desktop's store. The agent's week
// is written at one reading every 10 s (the backfill reads minute roll-ups,
// whose size does not depend on the raw rate; writing 1 Hz would only make
// the set-up longer).
#include "agent/agentserver.h"
#include "benchreference.h"
#include "history/historystore.h"
#include "historyagent.h"
#include "remote/historybackfill.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTemporaryDir>

#include <cstdio>

using namespace gw;

int main(int argc, char** argv)
{
    gw::bench::printReference();
    QCoreApplication app(argc, argv);
    constexpr qint64 kWeekMs = 7 * 24 * 3'600'000LL;
    constexpr qint64 kEveryMs = 10'000;
    constexpr int kGpus = 8;
    QTemporaryDir dir;
    const qint64 now = QDateTime::currentMSecsSinceEpoch() / 60'000 * 60'000;
    const qint64 since = now - kWeekMs - AgentLink::kCatchUpMs;
    QString error;
    const QString agentFile = dir.filePath(QStringLiteral("agent.sqlite"));
    {
        auto store = HistoryStore::open(agentFile, HistoryStore::Mode::ReadWrite, &error);
        if (!store) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        QList<Snapshot> batch;
        for (qint64 ms = since; ms < now; ms += kEveryMs) {
            Snapshot s;
            s.server = QStringLiteral("node");
            s.timestampMs = ms;
            s.intervalMs = kEveryMs;
            s.host.cpuPercent = double((ms / 7000) % 100);
            s.host.memoryUsedBytes = quint64(64) << 30;
            for (int g = 0; g < kGpus; ++g) {
                GpuSample x;
                x.index = g;
                x.uuid = QStringLiteral("GPU-%1").arg(g);
                x.utilizationGpuPercent = double((ms / 1000 + g * 13) % 101);
                x.memoryUsedMiB = double(1000 + (ms / 60'000 + g) % 70'000);
                x.temperatureC = double(40 + (ms / 30'000 + g) % 40);
                x.powerW = 100 + double((ms / 3000 + g) % 2500) / 10;
                s.gpus << x;
            }
            batch << s;
            if (batch.size() == 3600) {
                if (!store->append(batch, &error)) {
                    std::fprintf(stderr, "%s\n", qPrintable(error));
                    return 1;
                }
                batch.clear();
            }
        }
        store->append(batch, &error);
        store->flush(&error);
    }
    AgentServer agent(gw::test::historyAgentConfig(agentFile));
    if (!agent.listen(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QList<SeriesKey> keys;
    for (int g = 0; g < kGpus; ++g)
        for (MetricId m : {MetricId::GpuUtilization, MetricId::GpuMemoryUsed,
                           MetricId::GpuTemperature, MetricId::GpuPower})
            keys << SeriesKey{QStringLiteral("lab"), QStringLiteral("GPU-%1").arg(g), m};
    keys << SeriesKey{QStringLiteral("lab"), QStringLiteral("host"), MetricId::HostCpu}
         << SeriesKey{QStringLiteral("lab"), QStringLiteral("host"), MetricId::HostMemoryUsed};

    auto desktop = HistoryStore::open(dir.filePath(QStringLiteral("desktop.sqlite")),
                                      HistoryStore::Mode::ReadWrite, &error);
    QNetworkAccessManager nam;
    HistoryBackfill backfill(
        RemoteServer{QStringLiteral("lab"),
                     QUrl(QStringLiteral("http://127.0.0.1:%1").arg(agent.port())),
                     "r3ad",
                     {}},
        &nam);
    qint64 readings = 0;
    QObject::connect(&backfill, &HistoryBackfill::readings, [&](const QList<Snapshot>& batch) {
        if (!desktop->append(batch, &error))
            std::fprintf(stderr, "%s\n", qPrintable(error));
        readings += batch.size();
    });
    QEventLoop loop;
    QString failure;
    QObject::connect(&backfill, &HistoryBackfill::finished, &loop, [&](const QString& e, qint64) {
        failure = e;
        loop.quit();
    });
    QElapsedTimer t;
    t.start();
    backfill.start(keys, since, now - AgentLink::kCatchUpMs);
    loop.exec();
    desktop->flush(&error);
    const double seconds = double(t.nsecsElapsed()) / 1e9;
    if (!failure.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(failure));
        return 1;
    }
    std::printf("backfill_week_s=%.2f (target <= 1; %lld readings of %d GPUs + host, %lld "
                "series at one minute)\n",
                seconds, static_cast<long long>(readings), kGpus,
                static_cast<long long>(keys.size()));
    return 0;
}
