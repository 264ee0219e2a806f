// The history store against its targets and against a real Prometheus on the
// same synthetic day (syntheticday.h). Prints one name=value per line;
// figures, not pass/fail.
//
//   ingest_samples_per_s         GPU samples appended per CPU second of the
//                                appending thread, 60-snapshot batches
//   bytes_per_sample             file + WAL after flush, per GPU sample, for a
//                                day of 8 GPUs × 4 metrics at 1 Hz
//   query_ms_24h / query_ms_7d   one series reduced to 2,000 buckets (median)
//   prometheus_bytes_per_sample  blocks from promtool create-blocks-from
//   prometheus_query_ms_24h      query_range of one series, ~2,000 steps (median)

#include "history/historystore.h"
#include "syntheticday.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>
#include <QUrlQuery>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <time.h>
#include <vector>

using namespace gw;

namespace {

constexpr int kBatch = 60;
constexpr int kPoints = 2000;
constexpr int kQueryRuns = 15;
constexpr qint64 kDayMs = 24LL * 3600 * 1000;

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

double wallMs()
{
    using namespace std::chrono;
    return double(duration_cast<microseconds>(steady_clock::now().time_since_epoch()).count()) /
           1e3;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

void print(const char* name, double value, int decimals = 2)
{
    std::printf("%s=%.*f\n", name, decimals, value);
    std::fflush(stdout);
}

// Yesterday, on an hour boundary, so the day lies in the past for Prometheus too.
qint64 dayStart()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    return (now - kDayMs - 2 * 3600 * 1000) / 3600000 * 3600000;
}

struct Ingest
{
    qint64 samples = 0;
    double cpuSeconds = 0;
};

Ingest ingest(HistoryStore& store, bench::SyntheticDay& day)
{
    Ingest r;
    QList<Snapshot> batch;
    batch.reserve(kBatch);
    for (int s = 0; s < day.seconds(); ++s) {
        batch.append(day.next());
        if (batch.size() == kBatch || s + 1 == day.seconds()) {
            const double t0 = threadCpuSeconds();
            QString error;
            if (!store.append(batch, &error))
                std::fprintf(stderr, "append failed: %s\n", qPrintable(error));
            r.cpuSeconds += threadCpuSeconds() - t0;
            r.samples += qint64(batch.size()) * day.gpuCount() * 4;
            batch.clear();
        }
    }
    return r;
}

double queryMedianMs(HistoryStore& store, const SeriesKey& key, qint64 from, qint64 to)
{
    std::vector<double> runs;
    for (int i = 0; i < kQueryRuns; ++i) {
        const double t0 = wallMs();
        const HistoryResult r = store.query(key, from, to, kPoints);
        runs.push_back(wallMs() - t0);
        if (!r.error.isEmpty())
            std::fprintf(stderr, "query failed: %s\n", qPrintable(r.error));
    }
    return median(runs);
}

qint64 dirSize(const QString& dir)
{
    qint64 total = 0;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

void prometheusUnavailable(const QString& why)
{
    std::fprintf(stderr, "prometheus comparison skipped: %s\n", qPrintable(why));
    std::printf("prometheus_bytes_per_sample=unavailable\nprometheus_query_ms_24h=unavailable\n");
}

// The same day as OpenMetrics text (timestamps in seconds), DCGM names.
bool writeOpenMetrics(const QString& path, qint64 startMs, qint64* samples)
{
    static const char* names[] = {"DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_FB_USED",
                                  "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE"};
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    // One pass per metric family: OpenMetrics wants a family's lines together.
    for (int m = 0; m < 4; ++m) {
        bench::SyntheticDay day(startMs);
        f.write(QByteArray("# TYPE ") + names[m] + " gauge\n");
        QByteArray buf;
        for (int s = 0; s < day.seconds(); ++s) {
            const Snapshot snap = day.next();
            for (const GpuSample& g : snap.gpus) {
                const std::optional<double> v = m == 0   ? g.utilizationGpuPercent
                                                : m == 1 ? g.memoryUsedMiB
                                                : m == 2 ? g.temperatureC
                                                         : g.powerW;
                if (!v)
                    continue;
                // Prometheus gets the value the store keeps (power at 0.1 W).
                const double value = m == 3 ? std::round(*v * 10) / 10 : *v;
                buf += names[m];
                buf += "{gpu=\"" + QByteArray::number(g.index) + "\",UUID=\"" + g.uuid.toLatin1() +
                       "\",Hostname=\"" + snap.server.toLatin1() + "\"} " +
                       QByteArray::number(value, 'g', 10) + ' ' +
                       QByteArray::number(snap.timestampMs / 1000) + '\n';
                ++*samples;
            }
            if (buf.size() > (1 << 20)) {
                f.write(buf);
                buf.clear();
            }
        }
        f.write(buf);
    }
    f.write("# EOF\n");
    return f.error() == QFile::NoError;
}

QByteArray httpGet(QNetworkAccessManager& nam, const QUrl& url, int* status)
{
    QNetworkRequest req(url);
    QNetworkReply* reply = nam.get(req);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

void comparePrometheus(qint64 startMs, qint64 ourSamples)
{
    const QString prometheus = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    if (prometheus.isEmpty() || promtool.isEmpty())
        return prometheusUnavailable(QStringLiteral("prometheus or promtool not installed "
                                                    "(Debian package prometheus)"));
    QTemporaryDir dir;
    const QString om = dir.filePath(QStringLiteral("day.om"));
    const QString data = dir.filePath(QStringLiteral("data"));
    qint64 samples = 0;
    if (!writeOpenMetrics(om, startMs, &samples))
        return prometheusUnavailable(QStringLiteral("cannot write ") + om);
    if (samples != ourSamples)
        std::fprintf(stderr, "sample counts differ: prometheus %lld, ours %lld\n",
                     (long long)samples, (long long)ourSamples);
    QProcess tool;
    tool.setProcessChannelMode(QProcess::MergedChannels);
    tool.start(promtool, {QStringLiteral("tsdb"), QStringLiteral("create-blocks-from"),
                          QStringLiteral("openmetrics"), om, data});
    if (!tool.waitForFinished(600'000) || tool.exitCode() != 0)
        return prometheusUnavailable(QStringLiteral("promtool failed: ") +
                                     QString::fromLocal8Bit(tool.readAll().right(2000)));
    QFile::remove(om);
    const qint64 blockBytes = dirSize(data);
    print("prometheus_bytes_per_sample", double(blockBytes) / double(samples), 3);

    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return prometheusUnavailable(QStringLiteral("no free loopback port"));
    const quint16 port = probe.serverPort();
    probe.close();
    const QString config = dir.filePath(QStringLiteral("prom.yml"));
    {
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly))
            return prometheusUnavailable(QStringLiteral("cannot write ") + config);
        f.write("global: {scrape_interval: 1m, evaluation_interval: 1m}\nscrape_configs: []\n");
    }
    QProcess server;
    server.setStandardOutputFile(QProcess::nullDevice());
    server.setStandardErrorFile(dir.filePath(QStringLiteral("prometheus.log")));
    server.start(prometheus,
                 {QStringLiteral("--config.file=") + config,
                  QStringLiteral("--storage.tsdb.path=") + data,
                  QStringLiteral("--storage.tsdb.retention.time=10y"),
                  QStringLiteral("--web.listen-address=127.0.0.1:") + QString::number(port)});
    if (!server.waitForStarted())
        return prometheusUnavailable(QStringLiteral("prometheus did not start"));
    QNetworkAccessManager nam;
    const QString base = QStringLiteral("http://127.0.0.1:") + QString::number(port);
    int status = 0;
    for (int i = 0; i < 600 && status != 200; ++i) {
        httpGet(nam, QUrl(base + QStringLiteral("/-/ready")), &status);
        if (status != 200)
            QThread::msleep(100);
    }
    if (status != 200) {
        server.kill();
        server.waitForFinished();
        return prometheusUnavailable(QStringLiteral("prometheus not ready within 60 s"));
    }
    QUrl url(base + QStringLiteral("/api/v1/query_range"));
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("query"), QStringLiteral("DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"}"));
    q.addQueryItem(QStringLiteral("start"), QString::number(startMs / 1000));
    q.addQueryItem(QStringLiteral("end"), QString::number((startMs + kDayMs) / 1000));
    q.addQueryItem(QStringLiteral("step"), QString::number(double(kDayMs) / 1000 / kPoints));
    url.setQuery(q);
    std::vector<double> runs;
    QByteArray body;
    for (int i = 0; i < kQueryRuns; ++i) {
        const double t0 = wallMs();
        body = httpGet(nam, url, &status);
        runs.push_back(wallMs() - t0);
    }
    if (status != 200 || !body.contains("\"values\""))
        std::fprintf(stderr, "prometheus query_range answered %d: %s\n", status,
                     body.left(300).constData());
    print("prometheus_query_ms_24h", median(runs));
    server.kill();
    server.waitForFinished();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool withPrometheus = !app.arguments().contains(QStringLiteral("--no-prometheus"));
    QTemporaryDir dir;
    // --keep leaves the files behind for a look with sqlite3 (dbstat).
    if (app.arguments().contains(QStringLiteral("--keep"))) {
        dir.setAutoRemove(false);
        std::fprintf(stderr, "files kept in %s\n", qPrintable(dir.path()));
    }
    const qint64 start = dayStart();

    // A realistic day of 8 GPUs.
    qint64 daySamples = 0;
    {
        QString error;
        auto store = HistoryStore::open(dir.filePath(QStringLiteral("day.db")),
                                        HistoryStore::Mode::ReadWrite, &error);
        if (!store) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        bench::SyntheticDay day(start);
        const Ingest in = ingest(*store, day);
        daySamples = in.samples;
        print("ingest_samples_per_s", double(in.samples) / in.cpuSeconds, 0);
        store->flush();
        print("bytes_per_sample", double(store->fileSizeBytes()) / double(in.samples), 3);
        const SeriesKey key{QStringLiteral("gpu-node-01"), day.uuid(0), MetricId::GpuUtilization};
        print("query_ms_24h", queryMedianMs(*store, key, start, start + kDayMs), 3);
    }

    // Seven days of one GPU.
    {
        QString error;
        auto store = HistoryStore::open(dir.filePath(QStringLiteral("week.db")),
                                        HistoryStore::Mode::ReadWrite, &error);
        if (!store) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        const qint64 weekStart = start - 6 * kDayMs;
        bench::SyntheticDay week(weekStart, 1, 7 * bench::SyntheticDay::kSeconds);
        ingest(*store, week);
        store->flush();
        const SeriesKey key{QStringLiteral("gpu-node-01"), week.uuid(0), MetricId::GpuUtilization};
        print("query_ms_7d", queryMedianMs(*store, key, weekStart, weekStart + 7 * kDayMs), 3);
    }

    if (withPrometheus)
        comparePrometheus(start, daySamples);
    else
        prometheusUnavailable(QStringLiteral("--no-prometheus given"));
    return 0;
}
