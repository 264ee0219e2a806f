// `promtool check metrics` (Debian's prometheus package) on the agent's real
// /metrics over loopback: lint-clean with snake_case labels; with
// dcgm-exporter's label names its one complaint is the camelCase `modelName`
// that dcgm-exporter itself uses, and nothing else.
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "sources/demoworld.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

struct Lint
{
    int exitCode = -1;
    QStringList problems;
    QByteArray metrics;
};

Lint lintAgentMetrics(const QByteArray& toml)
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
    // The demo server with training, an idle notebook and a ghost process.
    agent.publish(DemoWorld().serverAt(0, kT));

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
