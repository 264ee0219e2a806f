// Memory of the desktop process watching a large fleet: 16 servers × 8 GPUs,
// with 24 h of 1 Hz history of all of them in the store, the last hour of
// every GPU in the live view, and the History tab showing a server's 24 h.
//
//   rss_mib            resident memory of this process with all of the above
//   rss_mib_baseline   the same process before any history or fleet data
//   fleet_ingest_s     time to write the 24 h × 128 GPUs into the store

#include "charts/historychart.h"
#include "charts/historychartmodel.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "history/historystore.h"
#include "models/desktopstores.h"
#include "syntheticday.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace gw;

namespace {

constexpr int kServers = 16;
constexpr int kGpus = 8;
constexpr int kSeconds = 24 * 3600;
constexpr int kLiveSeconds = 3600;
constexpr int kBatch = 600;

double rssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return -1;
}

QString serverName(int i)
{
    return QStringLiteral("gpu-node-%1").arg(i + 1, 2, 10, QLatin1Char('0'));
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    const qint64 end = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000;
    const qint64 start = end - qint64(kSeconds) * 1000;

    const double baseline = rssMiB();

    // The recorded day, written by a separate store instance as the agent or
    // an earlier run of the app would have; freed before measuring.
    QElapsedTimer timer;
    timer.start();
    {
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        if (!store) {
            std::fprintf(stderr, "bench_desktop: %s\n", qPrintable(error));
            return 1;
        }
        for (int srv = 0; srv < kServers; ++srv) {
            bench::SyntheticDay day(start, kGpus, kSeconds, quint32(100 + srv));
            QList<Snapshot> batch;
            batch.reserve(kBatch);
            for (int t = 0; t < kSeconds; ++t) {
                Snapshot s = day.next();
                s.server = s.host.hostname = serverName(srv);
                batch.append(std::move(s));
                if (batch.size() == kBatch || t + 1 == kSeconds) {
                    if (!store->append(batch, &error)) {
                        std::fprintf(stderr, "bench_desktop: %s\n", qPrintable(error));
                        return 1;
                    }
                    batch.clear();
                }
            }
        }
        store->flush(&error);
    }
    const double ingestS = timer.elapsed() / 1000.0;

    // The desktop: live fleet with the last hour of every GPU, history on the file.
    LiveState fleet;
    HistoryService history(path);
    QSignalSpy opened(&history, &HistoryService::opened);
    history.start();
    if (!opened.wait(10000)) {
        std::fprintf(stderr, "bench_desktop: history did not open: %s\n",
                     qPrintable(history.lastError()));
        return 1;
    }
    DesktopStores stores;
    MainWindow window(&fleet, &stores);
    window.setHistory(&history);
    window.resize(1600, 1000);
    window.show();
    for (int srv = 0; srv < kServers; ++srv) {
        bench::SyntheticDay day(end - qint64(kLiveSeconds) * 1000, kGpus, kLiveSeconds,
                                quint32(100 + srv));
        QList<Snapshot> hour;
        hour.reserve(kLiveSeconds);
        for (int t = 0; t < kLiveSeconds; ++t) {
            Snapshot s = day.next();
            s.server = s.host.hostname = serverName(srv);
            hour.append(std::move(s));
        }
        fleet.ingestBatch(hour);
    }
    window.selectServer(serverName(0));
    window.showHistory(0); // 8 GPUs × 24 h
    QSignalSpy answers(&history, &HistoryProvider::resultReady);
    for (int i = 0; i < 100 && answers.size() < kGpus; ++i)
        answers.wait(100);
    QTest::qWait(200);
    window.refreshCharts();
    QApplication::processEvents();

    std::printf("rss_mib=%.1f\n", rssMiB());
    std::printf("rss_mib_baseline=%.1f\n", baseline);
    std::printf("history_answers=%d\n", int(answers.size()));
    std::printf("fleet_ingest_s=%.1f\n", ingestS);
    history.stop();
    return 0;
}
