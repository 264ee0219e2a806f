// `gpuwarden-cli run` on this machine: the real binary with the fake NVML
// scripting its GPU's readings (tests/nvml/README.md, "Scripted values"),
// real jobs (sh), real signals.

#include "clitestenv.h"
#include "model/trace.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <optional>

using clitest::Run;

namespace {

// GPU 0 is full and busy, so a job asking for one GPU gets GPU 1, whose
// readings follow the script.
constexpr char kScenario[] =
    "gpu 0 name=Full util=100 memused=16GiB memtotal=16GiB temp=80 power=300000\n"
    "gpu 1 name=Scripted memtotal=16GiB\n"
    "script 1 util=10,50,90,30 memused=1GiB,2GiB,3GiB temp=40,60,50 "
    "power=100000,200000,150000,175500\n";
const QList<double> kUtil{10, 50, 90, 30};
const QList<double> kMemMiB{1024, 2048, 3072};
const QList<double> kTemp{40, 60, 50};
const QList<double> kPower{100, 200, 150, 175.5};

struct Stats
{
    double min = 0, max = 0, sum = 0;
    qint64 count = 0;
    void add(double v)
    {
        min = count == 0 ? v : std::min(min, v);
        max = count == 0 ? v : std::max(max, v);
        sum += v;
        ++count;
    }
};

} // namespace

class TestCliRun : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QStringList m_machine;
    QString m_scenario;

    QStringList runArgs(const QStringList& options, const QStringList& command) const
    {
        return QStringList{QStringLiteral("run"), QStringLiteral("--gpus"), QStringLiteral("1"),
                           QStringLiteral("--interval"), QStringLiteral("200ms")} +
               options + m_machine + QStringList{QStringLiteral("--")} + command;
    }

    Run run(const QStringList& options, const QStringList& command, const QByteArray& input = {})
    {
        return clitest::runCli(runArgs(options, command), clitest::fakeNvmlEnv(m_scenario), input);
    }

    static QJsonObject readJson(const QString& path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(f.readAll()).object();
    }

    static void compareStats(const QJsonObject& record, const char* key, const Stats& expected)
    {
        const QJsonObject o = record[QLatin1String(key)].toObject();
        QVERIFY2(!o.isEmpty(), key);
        // Exactly: the same readings, summed in the same order.
        QCOMPARE(o[QStringLiteral("min")].toDouble(), expected.min);
        QCOMPARE(o[QStringLiteral("max")].toDouble(), expected.max);
        QCOMPARE(o[QStringLiteral("mean")].toDouble(), expected.sum / double(expected.count));
        QCOMPARE(o[QStringLiteral("count")].toInteger(), expected.count);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_machine = clitest::fakeMachine(m_tmp.filePath(QStringLiteral("machine")));
        m_scenario = m_tmp.filePath(QStringLiteral("run.scenario"));
        QVERIFY(clitest::writeFile(m_scenario, kScenario));
    }

    // The record's min/max/mean are those of the scripted values the
    // readings saw; the trace holds each reading, and each follows the
    // script from where the selection's reading left it.
    void recordMatchesTheScriptedReadingsExactly()
    {
        const QString record = m_tmp.filePath(QStringLiteral("record.json"));
        const QString trace = m_tmp.filePath(QStringLiteral("trace.jsonl"));
        const Run r =
            run({QStringLiteral("--record"), record, QStringLiteral("--trace"), trace},
                {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("sleep 1.3; exit 0")});
        QVERIFY2(r.exitCode == 0, r.err.constData());

        QString error;
        const auto readings = gw::readTrace(trace, &error);
        QVERIFY2(readings, qPrintable(error));
        QVERIFY2(readings->size() >= 4, QByteArray::number(readings->size()));

        Stats util, mem, memPct, temp, power;
        // Reading k of the run is sample k + 1 of the GPU (the selection read
        // it first): entry k + 1 of each list, wrapping.
        for (qsizetype k = 0; k < readings->size(); ++k) {
            const gw::GpuSample& g = readings->at(k).gpus.at(1);
            QCOMPARE(g.name, QStringLiteral("Scripted"));
            QCOMPARE(g.utilizationGpuPercent, kUtil[(k + 1) % kUtil.size()]);
            QCOMPARE(g.memoryUsedMiB, kMemMiB[(k + 1) % kMemMiB.size()]);
            QCOMPARE(g.temperatureC, kTemp[(k + 1) % kTemp.size()]);
            QCOMPARE(g.powerW, kPower[(k + 1) % kPower.size()]);
            util.add(*g.utilizationGpuPercent);
            mem.add(*g.memoryUsedMiB);
            memPct.add(*g.memoryUsedMiB / *g.memoryTotalMiB * 100.0);
            temp.add(*g.temperatureC);
            power.add(*g.powerW);
        }

        const QJsonObject o = readJson(record);
        QCOMPARE(o[QStringLiteral("exit_code")].toInt(-1), 0);
        QVERIFY(o[QStringLiteral("signal")].isNull());
        QCOMPARE(o[QStringLiteral("command")].toArray(),
                 (QJsonArray{QStringLiteral("sh"), QStringLiteral("-c"),
                             QStringLiteral("sleep 1.3; exit 0")}));
        QCOMPARE(o[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1"));
        QCOMPARE(o[QStringLiteral("server")].toString(), QStringLiteral("gpu-node-9"));
        QCOMPARE(o[QStringLiteral("interval_ms")].toInt(), 200);
        const QDateTime started =
            QDateTime::fromString(o[QStringLiteral("started")].toString(), Qt::ISODateWithMs);
        const QDateTime ended =
            QDateTime::fromString(o[QStringLiteral("ended")].toString(), Qt::ISODateWithMs);
        QVERIFY(started.isValid() && ended.isValid());
        QCOMPARE(o[QStringLiteral("duration_s")].toDouble(),
                 double(started.msecsTo(ended)) / 1000.0);
        QVERIFY2(o[QStringLiteral("duration_s")].toDouble() >= 1.3,
                 qPrintable(o[QStringLiteral("duration_s")].toVariant().toString()));

        const QJsonArray gpus = o[QStringLiteral("gpus")].toArray();
        QCOMPARE(gpus.size(), 1);
        const QJsonObject g = gpus[0].toObject();
        QCOMPARE(g[QStringLiteral("id")].toString(), QStringLiteral("1"));
        QCOMPARE(g[QStringLiteral("name")].toString(), QStringLiteral("Scripted"));
        QCOMPARE(g[QStringLiteral("sample_count")].toInteger(), qint64(readings->size()));
        compareStats(g, "utilization_percent", util);
        compareStats(g, "memory_used_mib", mem);
        compareStats(g, "memory_percent", memPct);
        compareStats(g, "temperature_c", temp);
        compareStats(g, "power_w", power);
    }

    void exitCodeIsPassedThrough()
    {
        const Run r =
            run({}, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 7")});
        QCOMPARE(r.exitCode, 7);
        // No --record: a summary on stderr.
        QVERIFY2(r.err.contains("exit code 7"), r.err.constData());
        QVERIFY2(r.err.contains("GPU 1 Scripted, "), r.err.constData());
    }

    void killedJobExitsWith128PlusTheSignal()
    {
        const QString record = m_tmp.filePath(QStringLiteral("killed.json"));
        const Run r =
            run({QStringLiteral("--record"), record},
                {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -KILL $$")});
        QCOMPARE(r.exitCode, 128 + 9);
        const QJsonObject o = readJson(record);
        QCOMPARE(o[QStringLiteral("exit_code")].toInt(), 137);
        QCOMPARE(o[QStringLiteral("signal")].toInt(), 9);
    }

    // SIGTERM to `run` goes to the job, which ends its own way (here: a
    // marker file and exit 5); `run` passes that on.
    void sigtermIsForwardedToTheJob()
    {
        const QString marker = m_tmp.filePath(QStringLiteral("term-marker"));
        const QString ready = m_tmp.filePath(QStringLiteral("ready"));
        const QString job =
            QStringLiteral("trap 'echo term > \"%1\"; exit 5' TERM; echo up > \"%2\"; "
                           "while :; do sleep 0.05; done")
                .arg(marker, ready);
        QProcess cli;
        cli.setProcessEnvironment(clitest::fakeNvmlEnv(m_scenario));
        cli.start(QStringLiteral(GW_CLI),
                  runArgs({}, {QStringLiteral("sh"), QStringLiteral("-c"), job}));
        QVERIFY(cli.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(ready), 20000);
        QVERIFY(!QFile::exists(marker));
        cli.terminate(); // SIGTERM to gpuwarden-cli only
        QVERIFY(cli.waitForFinished(20000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit); // run itself was not killed
        QCOMPARE(cli.exitCode(), 5);
        QFile f(marker);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("term\n"));
        QVERIFY(cli.readAllStandardError().contains("exit code 5"));
    }

    // The job gets CUDA_VISIBLE_DEVICES, and its stdin, stdout and stderr
    // are run's own.
    void jobSeesItsGpusAndRunsOwnStreams()
    {
        const Run r = run({},
                          {QStringLiteral("sh"), QStringLiteral("-c"),
                           QStringLiteral("echo \"cvd=$CUDA_VISIBLE_DEVICES\"; "
                                          "echo to-stderr >&2; read line; echo \"got $line\"")},
                          "hello\n");
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("cvd=1\ngot hello\n"));
        QVERIFY(r.err.contains("to-stderr\n"));
    }

    void noCommandOrAnUnstartableOne()
    {
        Run r = clitest::runCli({QStringLiteral("run"), QStringLiteral("--gpus"),
                                 QStringLiteral("1"), QStringLiteral("sh")},
                                clitest::fakeNvmlEnv(m_scenario));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("run: the command goes after --"), r.err.constData());

        r = clitest::runCli({QStringLiteral("run"), QStringLiteral("--gpus"), QStringLiteral("1"),
                             QStringLiteral("--")},
                            clitest::fakeNvmlEnv(m_scenario));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("run: give the command after --"), r.err.constData());

        r = run({}, {QStringLiteral("/nonexistent/train")});
        QCOMPARE(r.exitCode, 127);
        QVERIFY2(r.err.contains("cannot start /nonexistent/train"), r.err.constData());
    }

    void badIntervalOrUnwritableRecordStartsNothing()
    {
        const QString marker = m_tmp.filePath(QStringLiteral("never"));
        const QStringList job{QStringLiteral("sh"), QStringLiteral("-c"),
                              QStringLiteral("touch \"%1\"").arg(marker)};
        Run r = clitest::runCli(QStringList{QStringLiteral("run"), QStringLiteral("--gpus"),
                                            QStringLiteral("1"), QStringLiteral("--interval"),
                                            QStringLiteral("1ms")} +
                                    m_machine + QStringList{QStringLiteral("--")} + job,
                                clitest::fakeNvmlEnv(m_scenario));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--interval must be from 10ms to 1h"), r.err.constData());

        r = run({QStringLiteral("--record"), QStringLiteral("/nonexistent/dir/record.json")}, job);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("/nonexistent/dir/record.json: cannot write"), r.err.constData());
        QVERIFY(!QFile::exists(marker));

        r = run({QStringLiteral("--trace"), QStringLiteral("/nonexistent/dir/trace.jsonl")}, job);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("/nonexistent/dir/trace.jsonl"), r.err.constData());
        QVERIFY(!QFile::exists(marker));
    }

    void notEnoughGpusStartsNothing()
    {
        const QString marker = m_tmp.filePath(QStringLiteral("never2"));
        const Run r = run({QStringLiteral("--min-free"), QStringLiteral("20GiB")},
                          {QStringLiteral("sh"), QStringLiteral("-c"),
                           QStringLiteral("touch \"%1\"").arg(marker)});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("GPU 1: 15,360 MiB free, needs 20,480"), r.err.constData());
        QVERIFY(!QFile::exists(marker));
    }
};

QTEST_GUILESS_MAIN(TestCliRun)
#include "tst_clirun.moc"
