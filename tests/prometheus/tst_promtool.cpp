// `promtool check metrics` (Debian's prometheus package) on the agent's real
// /metrics over loopback: lint-clean with snake_case labels; with
// dcgm-exporter's label names its one complaint is the camelCase `modelName`
// that dcgm-exporter itself uses, and nothing else.
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "policy/policyconfig.h"
#include "sources/demoworld.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

struct Lint
{
    int exitCode = -1;
    QStringList problems;
    QByteArray metrics;
};

// `tokens`: with [tokens] and an hour of readings 10 s apart across the
// hour's end, so the usage counters of a closed hour are exported too.
// Every health fact and a verdict on the demo server's first two GPUs.
void addHealth(Snapshot& s)
{
    GpuHealthFacts f;
    f.energyMj = 151234567890ull;
    f.eccEnabled = true;
    f.eccCorrectedVolatile = 3;
    f.eccUncorrectedVolatile = 0;
    f.eccCorrectedAggregate = 117;
    f.eccUncorrectedAggregate = 0;
    f.remappedRowsCorrectable = 1;
    f.remappedRowsUncorrectable = 0;
    f.remapPending = true;
    f.remapFailure = false;
    f.clockEventReasons = 0x4;
    f.clockEventReasonsSupported = 0x1ff;
    f.pcieReplayCount = 12;
    f.nvlinkErrors = NvLinkErrors{1, 2, 3, 4};
    f.xids = {XidEvent{79, kT, XidEvent::Source::Nvml, {}, {}, {}, {}, {}, {}}};
    s.gpus[0].healthFacts = f;
    s.gpus[0].health = GpuHealth{HealthState::Failing, {QStringLiteral("XID 79")}, kT};
    GpuHealthFacts older; // before Ampere: retired pages
    older.retiredPagesSbe = 2;
    older.retiredPagesDbe = 1;
    older.retiredPagesPending = false;
    s.gpus[1].healthFacts = older;
    s.gpus[1].health = GpuHealth{HealthState::Ok, {}, std::nullopt};
}

Lint lintAgentMetrics(const QByteArray& toml, int demoServer = 0, bool tokens = false,
                      bool health = false)
{
    Lint out;
    QString error;
    auto config = AgentConfig::parse(toml, QStringLiteral("test.toml"), &error);
    if (!config) {
        out.problems.append(error);
        return out;
    }
    config->port = 0;
    config->journalPath.clear(); // memory only: no files outside the test
    AgentServer agent(*config);
    if (!agent.listen(&error)) {
        out.problems.append(error);
        return out;
    }
    // The demo server with training, an idle notebook and a ghost process
    // (0), or infer-03 with its MIG-partitioned H100 (2).
    if (tokens) {
        PolicyConfig policy;
        policy.tokens.enabled = true;
        auto now = std::make_shared<qint64>(kT - 3'600'000);
        agent.setClock([now] { return *now; });
        agent.attachPolicy(nullptr, policy, {});
        for (; *now <= kT + 60'000; *now += 10'000) {
            Snapshot s = DemoWorld().serverAt(demoServer, *now);
            s.intervalMs = 10'000;
            agent.publish(s);
        }
    } else {
        Snapshot s = DemoWorld().serverAt(demoServer, kT);
        if (health)
            addHealth(s);
        agent.publish(s);
    }

    QNetworkAccessManager nam;
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(agent.port())));
    req.setRawHeader("Authorization", "Bearer scrape");
    QNetworkReply* r = nam.get(req);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished() && !done.wait(5000))
        return out;
    out.metrics = r->readAll();
    r->deleteLater();

    QProcess promtool;
    promtool.setProcessChannelMode(QProcess::MergedChannels);
    promtool.start(QStringLiteral("promtool"),
                   {QStringLiteral("check"), QStringLiteral("metrics")});
    promtool.write(out.metrics);
    promtool.closeWriteChannel();
    if (!promtool.waitForFinished(30000))
        return out;
    out.exitCode = promtool.exitCode();
    for (const QByteArray& line : promtool.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            out.problems.append(QString::fromUtf8(line));
    }
    return out;
}

const QByteArray kToken = "[[token]]\nname = \"prometheus\"\nscope = \"read\"\nsha256 = \"" +
                          sha256("scrape").toHex() + "\"\n";

} // namespace

class TestPromtool : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("promtool")).isEmpty(),
                 "promtool is not installed (.ci/install-deps.sh installs prometheus)");
    }

    void snakeCaseLabelsPassPromtoolCleanly()
    {
        const Lint lint = lintAgentMetrics("[metrics]\nlabels = \"snake_case\"\n" + kToken);
        QVERIFY2(lint.problems.isEmpty(), qPrintable(lint.problems.join(QLatin1Char('\n'))));
        QCOMPARE(lint.exitCode, 0);
        QVERIFY(lint.metrics.contains("DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",uuid=\""));
        QVERIFY(lint.metrics.contains(",model_name=\"NVIDIA A100-SXM4-80GB\""));
        QVERIFY(lint.metrics.contains("gpuwarden_process_gpu_memory_mib{pid=\""));
    }

    // dcgm-exporter's names, which dashboards match: promtool's one
    // complaint is the word "counter" in DCGM_FI_DEV_PCIE_REPLAY_COUNTER.
    void healthFactsPassPromtoolButForOneOfDcgmsNames()
    {
        const Lint lint =
            lintAgentMetrics("[metrics]\nlabels = \"snake_case\"\n" + kToken, 0, false, true);
        QCOMPARE(lint.problems,
                 QStringList{QStringLiteral("DCGM_FI_DEV_PCIE_REPLAY_COUNTER metric name should "
                                            "not include type 'counter'")});
        for (const char* line :
             {"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",",
              "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL{gpu=\"0\",",
              "DCGM_FI_DEV_ROW_REMAP_PENDING{gpu=\"0\",", "DCGM_FI_DEV_RETIRED_DBE{gpu=\"1\",",
              "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu=\"0\",",
              "DCGM_FI_DEV_PCIE_REPLAY_COUNTER{gpu=\"0\",",
              "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL{gpu=\"0\",",
              "DCGM_FI_DEV_XID_ERRORS{gpu=\"0\","})
            QVERIFY2(lint.metrics.contains(line), line);
        // Values as the facts say, absent where a GPU did not report.
        const auto value = [&](const QByteArray& family, int gpu) -> QByteArray {
            for (const QByteArray& l : lint.metrics.split('\n'))
                if (l.startsWith(QByteArray(family + "{gpu=\"" + QByteArray::number(gpu) + '"')))
                    return l.mid(l.lastIndexOf(' ') + 1);
            return {};
        };
        QCOMPARE(value("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", 0), QByteArray("151234567890"));
        QCOMPARE(value("DCGM_FI_DEV_XID_ERRORS", 0), QByteArray("79"));
        QCOMPARE(value("DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL", 0), QByteArray("4"));
        QCOMPARE(value("gpuwarden_gpu_health", 0), QByteArray("2"));
        QCOMPARE(value("gpuwarden_gpu_health", 1), QByteArray("0"));
        QCOMPARE(value("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", 1), QByteArray()); // not reported
        QCOMPARE(value("gpuwarden_gpu_health", 2), QByteArray());          // no verdict
    }

    void migInstancesPassPromtoolCleanly()
    {
        const Lint lint = lintAgentMetrics("[metrics]\nlabels = \"snake_case\"\n" + kToken, 2);
        QVERIFY2(lint.problems.isEmpty(), qPrintable(lint.problems.join(QLatin1Char('\n'))));
        QCOMPARE(lint.exitCode, 0);
        QVERIFY(
            lint.metrics.contains(",gpu_i_profile=\"3g.40gb\",gpu_i_id=\"2\",gpu_ci_id=\"0\","));
        QVERIFY(lint.metrics.contains("DCGM_FI_DEV_SHUTDOWN_TEMP{"));
        QVERIFY(lint.metrics.contains("DCGM_FI_DEV_FB_RESERVED{"));
        // dcgm-exporter's own MIG label names are upper case, not camelCase:
        // the only complaint stays modelName.
        const Lint dcgm = lintAgentMetrics(kToken, 2);
        QVERIFY(dcgm.metrics.contains(",GPU_I_PROFILE=\"1g.10gb\",GPU_I_ID=\"9\","));
        for (const QString& p : dcgm.problems)
            QVERIFY2(p.endsWith(QLatin1String(
                         "label names should be written in 'snake_case' not 'camelCase'")),
                     qPrintable(p));
    }

    void tokenUsageCountersPassPromtoolCleanly()
    {
        // infer-03's MIG instances give the counters their slice labels.
        for (const int server : {0, 2}) {
            const Lint lint =
                lintAgentMetrics("[metrics]\nlabels = \"snake_case\"\n" + kToken, server, true);
            QVERIFY2(lint.problems.isEmpty(), qPrintable(lint.problems.join(QLatin1Char('\n'))));
            QCOMPARE(lint.exitCode, 0);
            QVERIFY2(lint.metrics.contains("gpuwarden_token_usage_gpu_seconds_total{server=\""),
                     lint.metrics.constData());
            QVERIFY(lint.metrics.contains(",charge=\"held\"} "));
            QVERIFY(
                lint.metrics.contains("gpuwarden_token_usage_closed_through_seconds{server=\""));
            if (server == 2)
                QVERIFY(lint.metrics.contains(",mig_slices=\""));
        }
    }

    void dcgmLabelsDifferOnlyByDcgmExportersCamelCase()
    {
        const Lint lint = lintAgentMetrics(kToken); // the default
        QVERIFY(lint.metrics.contains(",modelName=\"NVIDIA A100-SXM4-80GB\",Hostname=\""));
        QVERIFY(!lint.problems.isEmpty());
        for (const QString& p : lint.problems)
            QVERIFY2(p.endsWith(QLatin1String(
                         "label names should be written in 'snake_case' not 'camelCase'")),
                     qPrintable(p));
    }

    void aTypoInTheLabelStyleIsNamed()
    {
        QString error;
        QVERIFY(!AgentConfig::parse("[metrics]\nlabels = \"snake\"\n", QStringLiteral("agent.toml"),
                                    &error));
        QVERIFY2(error.startsWith(QLatin1String("agent.toml:2:")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("\"dcgm\" or \"snake_case\"")), qPrintable(error));
        QVERIFY(!AgentConfig::parse("[metrics]\nlabel = \"dcgm\"\n", QStringLiteral("agent.toml"),
                                    &error));
        QVERIFY2(error.contains(QLatin1String("label")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestPromtool)
#include "tst_promtool.moc"
