// A real Prometheus (Debian's package, installed by .ci/install-deps.sh)
// scrapes the agent over loopback with a bearer token; the values come back
// through Prometheus' query API with DCGM-exporter names and labels.
#include "agent/agentserver.h"
#include "freeport.h"
#include "sources/demoworld.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

using namespace gw;

namespace {

QJsonObject getJson(QNetworkAccessManager& nam, const QUrl& url)
{
    QNetworkReply* r = nam.get(QNetworkRequest(url));
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(5000);
    const QJsonObject o = QJsonDocument::fromJson(r->readAll()).object();
    r->deleteLater();
    return o;
}

} // namespace

class TestPrometheusScrape : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void prometheusScrapesTheAgentWithItsToken()
    {
        const QString prometheus = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
        QVERIFY2(!prometheus.isEmpty(),
                 "prometheus is not installed (.ci/install-deps.sh installs it)");

        AgentConfig config;
        config.port = 0;
        config.tokens = {{QStringLiteral("prometheus"), sha256("scrape-me"), TokenScope::Read}};
        AgentServer agent(config);
        QString error;
        QVERIFY2(agent.listen(&error), qPrintable(error));
        const Snapshot s = DemoWorld().serverAt(0, 1795305600000 + 12 * 3'600'000);
        agent.publish(s);
        QTimer again; // a live agent keeps publishing
        connect(&again, &QTimer::timeout, &agent, [&] { agent.publish(s); });
        again.start(250);

        QTemporaryDir dir;
        const quint16 promPort = test::freePort();
        QFile yml(dir.filePath(QStringLiteral("prometheus.yml")));
        QVERIFY(yml.open(QIODevice::WriteOnly));
        yml.write("global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
                  "scrape_configs:\n"
                  "  - job_name: gpuwarden\n"
                  "    authorization: {credentials: scrape-me}\n"
                  "    static_configs: [{targets: ['127.0.0.1:" +
                  QByteArray::number(agent.port()) + "']}]\n");
        yml.close();
        QProcess prom;
        prom.setProcessChannelMode(QProcess::MergedChannels);
        prom.start(prometheus,
                   {QStringLiteral("--config.file=") + yml.fileName(),
                    QStringLiteral("--storage.tsdb.path=") + dir.filePath(QStringLiteral("data")),
                    QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(promPort)});
        QVERIFY(prom.waitForStarted());
        struct Stop
        {
            QProcess& p;
            ~Stop()
            {
                p.terminate();
                if (!p.waitForFinished(5000))
                    p.kill();
            }
        } stop{prom};

        QNetworkAccessManager nam;
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(promPort);
        QJsonArray result;
        for (int i = 0; i < 60 && result.isEmpty(); ++i) {
            QTest::qWait(500);
            QUrl url(base + QStringLiteral("/api/v1/query"));
            url.setQuery(
                QUrlQuery{{QStringLiteral("query"), QStringLiteral("DCGM_FI_DEV_GPU_UTIL")}});
            result = getJson(nam, url)[QStringLiteral("data")][QStringLiteral("result")].toArray();
        }
        QVERIFY2(!result.isEmpty(), prom.readAll().right(2000).constData());
        QCOMPARE(result.size(), s.gpus.size());
        bool sawGpu0 = false;
        for (const auto& v : result) {
            const QJsonObject metric = v[QStringLiteral("metric")].toObject();
            QCOMPARE(metric[QStringLiteral("Hostname")].toString(), QStringLiteral("gpu-lab-01"));
            QCOMPARE(metric[QStringLiteral("modelName")].toString(),
                     QStringLiteral("NVIDIA A100-SXM4-80GB"));
            if (metric[QStringLiteral("UUID")].toString() == s.gpus[0].uuid) {
                sawGpu0 = true;
                QCOMPARE(v[QStringLiteral("value")].toArray().at(1).toString().toDouble(),
                         *s.gpus[0].utilizationGpuPercent);
            }
        }
        QVERIFY(sawGpu0);

        // Per-process memory with the user label, what DCGM exporter lacks.
        QUrl url(base + QStringLiteral("/api/v1/query"));
        url.setQuery(
            QUrlQuery{{QStringLiteral("query"),
                       QStringLiteral("gpuwarden_process_gpu_memory_mib{user=\"alice\"}")}});
        const QJsonArray alice =
            getJson(nam, url)[QStringLiteral("data")][QStringLiteral("result")].toArray();
        QCOMPARE(alice.size(), 1);
        QCOMPARE(alice[0][QStringLiteral("value")].toArray().at(1).toString().toDouble(), 71200.0);

        // And the scrape target is healthy: the token was accepted.
        const QJsonArray targets =
            getJson(nam, QUrl(base + QStringLiteral("/api/v1/targets")))[QStringLiteral(
                "data")][QStringLiteral("activeTargets")]
                .toArray();
        QCOMPARE(targets.size(), 1);
        QCOMPARE(targets[0][QStringLiteral("health")].toString(), QStringLiteral("up"));
    }
};

QTEST_GUILESS_MAIN(TestPrometheusScrape)
#include "tst_prometheusscrape.moc"
