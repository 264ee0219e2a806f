// The whole way round: our agent publishes demo snapshots, Debian's real
// Prometheus scrapes it every second over loopback, and PrometheusProducer
// reads the figures back through Prometheus' query API.
#include "agent/agentserver.h"
#include "answerof.h"
#include "common/palette.h"
#include "engine/engine.h"
#include "engine/livestate.h"
#include "freeport.h"
#include "localprometheus.h"
#include "model/gpustate.h"
#include "model/metrics.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "sources/demoworld.h"
#include "sources/prometheusproducer.h"
#include "sources/source.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace gw;

namespace {

constexpr qint64 kDemoTime = 1795305600000 + 12 * 3'600'000;

// Any free port; Prometheus scrapes with this read token.
AgentConfig scrapedAgentConfig()
{
    AgentConfig config;
    config.port = 0;
    config.tokens.append({QStringLiteral("prom"), sha256("read-token"), TokenScope::Read});
    return config;
}

// Turns the event loop (the agent answers scrapes from it) until `done`.
bool waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QTest::qWait(200);
    }
    return true;
}

} // namespace

class TestPrometheusRoundTrip : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsBackWhatTheAgentPublished_data()
    {
        // Both label styles of the agent's /metrics: dcgm-exporter's names and
        // the lint-clean snake_case ones.
        QTest::addColumn<int>("labels");
        QTest::newRow("dcgm labels") << int(MetricLabels::Dcgm);
        QTest::newRow("snake_case labels") << int(MetricLabels::SnakeCase);
    }

    void readsBackWhatTheAgentPublished()
    {
        QFETCH(int, labels);
        AgentConfig config = scrapedAgentConfig();
        config.metricLabels = MetricLabels(labels);
        AgentServer agent(config);
        QString why;
        QVERIFY2(agent.listen(&why), qPrintable(why));
        const Snapshot published = DemoWorld().serverAt(0, kDemoTime);
        agent.publish(published);
        QTimer republish;
        connect(&republish, &QTimer::timeout, &agent, [&] { agent.publish(published); });
        republish.start(250);

        test::LocalPrometheus prometheus;
        QVERIFY2(prometheus.start(agent.port(), &why), qPrintable(why));

        PrometheusProducer producer(prometheus.url(), "unused-by-prometheus");
        QList<Snapshot> got;
        const bool scraped = waitUntil(
            [&] {
                got = test::produced(producer);
                return !got.isEmpty();
            },
            20'000);
        QVERIFY2(scraped, qPrintable(producer.lastError() + QLatin1Char('\n') +
                                     QString::fromUtf8(prometheus.log())));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();

        QCOMPARE(got.size(), 1);
        const Snapshot& s = got[0];
        QCOMPARE(s.server, QStringLiteral("gpu-lab-01"));
        QVERIFY(qAbs(s.timestampMs - now) < 10'000); // Prometheus' time, not the demo's
        QCOMPARE(s.gpus.size(), published.gpus.size());
        for (int i = 0; i < s.gpus.size(); ++i) {
            const GpuSample& want = published.gpus[i];
            const GpuSample& have = s.gpus[i];
            QCOMPARE(have.uuid, want.uuid);
            QCOMPARE(have.index, want.index);
            QCOMPARE(have.name, want.name);
            QCOMPARE(have.pciBusId, want.pciBusId);
            // Every figure the agent exports for an A100 comes back unchanged.
            for (auto figure :
                 {&GpuSample::utilizationGpuPercent, &GpuSample::utilizationMemoryPercent,
                  &GpuSample::memoryUsedMiB, &GpuSample::memoryTotalMiB, &GpuSample::temperatureC,
                  &GpuSample::powerW, &GpuSample::powerLimitW, &GpuSample::smClockMHz}) {
                QVERIFY(want.*figure);
                QCOMPARE(have.*figure, want.*figure);
            }
            QCOMPARE(have.fanPercent, std::nullopt); // A100s have none in the demo
        }
        // Per-process figures from the gpuwarden_* families, with users.
        QCOMPARE(s.processes.size(), published.processes.size());
        const auto alice = std::find_if(s.processes.begin(), s.processes.end(),
                                        [](const GpuProcess& p) { return p.pid == 2101; });
        QVERIFY(alice != s.processes.end());
        QCOMPARE(alice->user, QStringLiteral("alice"));
        QCOMPARE(alice->gpuUuid, published.gpus[0].uuid);
        QCOMPARE(alice->usedMemoryMiB, 71200.0);
        QCOMPARE(s.host.cpuPercent, published.host.cpuPercent);
        QCOMPARE(s.host.memoryTotalBytes, published.host.memoryTotalBytes);
        // Every row of the metric table makes the whole trip (exporter name,
        // Prometheus, reader) by that row alone.
        for (const MetricDef& d : metricTable()) {
            if (d.target == MetricTarget::Gpu) {
                for (int i = 0; i < s.gpus.size(); ++i)
                    QCOMPARE(metricValue(d, s.gpus[i]), metricValue(d, published.gpus[i]));
            } else if (d.target == MetricTarget::Host) {
                QVERIFY2(metricValue(d, published.host), d.promName);
                QCOMPARE(metricValue(d, s.host), metricValue(d, published.host));
            } else {
                const auto want =
                    std::find_if(published.processes.begin(), published.processes.end(),
                                 [](const GpuProcess& p) { return p.pid == 2101; });
                QCOMPARE(metricValue(d, *alice), metricValue(d, *want));
            }
        }

        // The status line names the server and counts what it sees.
        const QString status = test::initialised(producer);
        QVERIFY2(status.startsWith(QStringLiteral("Prometheus 2.")), qPrintable(status));
        // "1 server" in English needs the plural forms of a translation (%n).
        QVERIFY2(
            status.contains(QStringLiteral(" at %1: 1 server").arg(prometheus.url().toString())) &&
                status.endsWith(QStringLiteral(", 4 GPUs")),
            qPrintable(status));

        // The host filter runs inside Prometheus: its PromQL must parse there.
        PrometheusProducer onlyLab(prometheus.url(), {}, QStringLiteral("gpu-lab-01"));
        QCOMPARE(test::produced(onlyLab).size(), 1);
        PrometheusProducer byAddress(prometheus.url(), {}, QStringLiteral("127.0.0.1"));
        QVERIFY(
            test::produced(byAddress).isEmpty()); // the agent names its host; instance is not used
        QVERIFY2(byAddress.lastError().isEmpty(), qPrintable(byAddress.lastError()));

        // The last seconds come back at one-second steps, oldest first.
        QList<Snapshot> past;
        const bool filled = waitUntil(
            [&] {
                const qint64 t = QDateTime::currentMSecsSinceEpoch();
                past = test::backfilled(producer, t - 10'000, t);
                return past.size() >= 2;
            },
            10'000);
        QVERIFY2(filled, qPrintable(producer.lastError()));
        for (int i = 0; i < past.size(); ++i) {
            QCOMPARE(past[i].server, QStringLiteral("gpu-lab-01"));
            QCOMPARE(past[i].timestampMs % 1000, 0);
            if (i > 0)
                QCOMPARE(past[i].timestampMs - past[i - 1].timestampMs, 1000);
            QCOMPARE(past[i].gpus.size(), 4);
            QCOMPARE(past[i].gpus[0].utilizationGpuPercent,
                     published.gpus[0].utilizationGpuPercent);
            QCOMPARE(past[i].gpus[1].memoryUsedMiB, published.gpus[1].memoryUsedMiB);
        }
    }

    // A scrape target that stops mid-run: Prometheus' next scrape fails and
    // writes staleness markers, its series drop out of instant queries, and
    // the desktop (Source → Engine → LiveState, the server tree on top) calls
    // the host stale instead of showing its last figures as current. Back
    // fresh when the agent answers again on the same port.
    void aTargetThatStopsIsStaleAndRecovers()
    {
        constexpr int kScrapeMs = 500;
        constexpr auto kPoll = std::chrono::milliseconds(250);
        const QString host = QStringLiteral("gpu-lab-01");

        AgentConfig config = scrapedAgentConfig();
        auto agent = std::make_unique<AgentServer>(config);
        QString why;
        QVERIFY2(agent->listen(&why), qPrintable(why));
        config.port = agent->port(); // the restarted agent comes back here
        const Snapshot published = DemoWorld().serverAt(0, kDemoTime);
        agent->publish(published);
        QTimer republish;
        connect(&republish, &QTimer::timeout, this, [&] {
            if (agent)
                agent->publish(published);
        });
        republish.start(250);

        test::LocalPrometheus prometheus;
        QVERIFY2(prometheus.start(config.port, &why, kScrapeMs), qPrintable(why));

        // The desktop's side: the Prometheus source polled by a Source, into
        // the engine and the live state the views read.
        Engine engine;
        LiveState fleet;
        fleet.setFreshnessCheckInterval(100);
        engine.addConsumer(&fleet, &LiveState::ingestBatch);
        Source source(std::make_unique<PrometheusProducer>(prometheus.url()), kPoll);
        engine.attach(&source);
        ServerTreeModel tree(&fleet);
        source.start();

        // What the tree says about the first GPU of the host.
        const auto gpuRow = [&] {
            return tree.index(0, 0, tree.serverIndex(host));
        };
        QTRY_VERIFY2_WITH_TIMEOUT(fleet.latest(host) && !fleet.freshness(host).stale,
                                  qPrintable(QString::fromUtf8(prometheus.log())), 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(tree.rowCount(tree.serverIndex(host)), 4, 5000);
        QVERIFY(!gpuRow().data(StaleRole).toBool());
        // Alice's training run: the demo's first GPU is busy.
        QTRY_COMPARE_WITH_TIMEOUT(gpuRow().data(StatusRole), QVariant(int(GpuState::Busy)), 5000);
        QCOMPARE(fleet.freshness(host).intervalMs, qint64(kPoll.count())); // the Source's

        // Three polls (or arrivals, whichever are further apart), one scrape
        // that finds the agent gone, one poll to see it.
        const Freshness before = fleet.freshness(host);
        const qint64 expectedMs =
            LiveState::kStaleIntervals * std::max(before.intervalMs, before.arrivalIntervalMs) +
            kScrapeMs + before.intervalMs;
        const qint64 lastBefore = fleet.latest(host)->timestampMs;
        QElapsedTimer since;
        since.start();
        agent.reset();
        QTRY_VERIFY_WITH_TIMEOUT(fleet.freshness(host).stale, int(expectedMs) + 10'000);
        const qint64 staleMs = since.elapsed();
        qInfo("stale %lld ms after the target stopped (expected about %lld ms: 3 x max(poll %lld, "
              "arrivals %lld) + scrape %d + poll)",
              staleMs, expectedMs, before.intervalMs, before.arrivalIntervalMs, kScrapeMs);
        // No reading stamped after the last scrape that worked: the dead
        // target's figures are not re-sent as new.
        const qint64 staleAt = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(int(3 * kPoll.count()));
        QVERIFY(fleet.freshness(host).stale);
        QVERIFY(fleet.latest(host)->timestampMs < staleAt - 2 * kPoll.count());
        qInfo("the last reading is stamped %lld ms after the last one before the stop",
              fleet.latest(host)->timestampMs - lastBefore);
        // The tree keeps the figures, greyed, with no verdict: not busy.
        QVERIFY(gpuRow().data(StaleRole).toBool());
        QVERIFY(!gpuRow().data(StatusRole).isValid());
        QCOMPARE(gpuRow().data(DisplayStateRole), QVariant(int(DisplayState::Stale)));
        QVERIFY(tree.index(0, ServerTreeModel::UtilColumn, tree.serverIndex(host))
                    .data(RawValueRole)
                    .isValid());

        // The agent comes back on the same port; the next scrape finds it.
        agent = std::make_unique<AgentServer>(config);
        QVERIFY2(agent->listen(&why), qPrintable(why));
        agent->publish(published);
        since.restart();
        QTRY_VERIFY_WITH_TIMEOUT(!fleet.freshness(host).stale, 15'000);
        qInfo("fresh again %lld ms after the target came back", since.elapsed());
        QTRY_COMPARE_WITH_TIMEOUT(gpuRow().data(StatusRole), QVariant(int(GpuState::Busy)), 5000);
        QVERIFY(!gpuRow().data(StaleRole).toBool());
        source.stop();
    }
};

QTEST_MAIN(TestPrometheusRoundTrip)
#include "tst_prometheusroundtrip.moc"
