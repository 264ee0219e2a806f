// `gpuwarden-cli select` and `wait` on this machine: the real binary with the
// fake NVML (tests/nvml/scenarios/select.scenario: four GPUs scoring 0.58,
// 0.93, 0.43 and 0.85), as a job script runs them.

#include "clitestenv.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using clitest::Run;

class TestCliSelect : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QStringList m_machine;

    Run select(const QStringList& args, const QString& scenario = QStringLiteral(GW_NVML_SELECT))
    {
        return clitest::runCli(QStringList{QStringLiteral("select")} + args + m_machine,
                               clitest::fakeNvmlEnv(scenario));
    }

    QString scenario(const QByteArray& text)
    {
        static int n = 0;
        const QString path = m_tmp.filePath(QStringLiteral("s%1.scenario").arg(++n));
        clitest::writeFile(path, text);
        return path;
    }

    static QJsonObject json(const Run& r)
    {
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        if (pe.error != QJsonParseError::NoError)
            qWarning("not JSON: %s\n%s", qPrintable(pe.errorString()), r.out.constData());
        return doc.object();
    }

    // The stderr lines that speak of GPU i ("GPU 2: …").
    static QStringList linesAbout(const Run& r, int gpu)
    {
        QStringList out;
        const QString prefix = QStringLiteral("gpuwarden-cli: GPU %1:").arg(gpu);
        for (const QString& line : QString::fromUtf8(r.err).split(QLatin1Char('\n'))) {
            if (line.startsWith(prefix))
                out << line;
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_machine = clitest::fakeMachine(m_tmp.filePath(QStringLiteral("machine")));
    }

    void printsTheBestGpusAsAnExportLine()
    {
        const Run r = select({QStringLiteral("--gpus"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=1,3\n"));
        // Without an agent nothing can be held for the job, and it says so.
        QVERIFY2(r.err.contains("no agent: nothing reserved"), r.err.constData());
        QVERIFY2(r.err.contains("GPU 1 (score 0.930"), r.err.constData());
    }

    void gpusComeBestScoreFirst_data()
    {
        QTest::addColumn<QString>("gpus");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("1") << QStringLiteral("1") << QByteArray("1");
        QTest::newRow("3") << QStringLiteral("3") << QByteArray("1,3,0");
        QTest::newRow("4") << QStringLiteral("4") << QByteArray("1,3,0,2");
    }

    void gpusComeBestScoreFirst()
    {
        QFETCH(QString, gpus);
        QFETCH(QByteArray, expected);
        const Run r = select({QStringLiteral("--gpus"), gpus});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, "export CUDA_VISIBLE_DEVICES=" + expected + '\n');
    }

    // What the issue promises a job script: eval the output, and the job's
    // processes see the GPUs.
    void evalInBashHandsTheGpusToTheJob()
    {
        const QString script = QStringLiteral("eval \"$('%1' select --gpus 2 %2)\" && "
                                              "sh -c 'printf \"%s\" \"$CUDA_VISIBLE_DEVICES\"'")
                                   .arg(QStringLiteral(GW_CLI), m_machine.join(QLatin1Char(' ')));
        QProcess bash;
        bash.setProcessEnvironment(clitest::fakeNvmlEnv(QStringLiteral(GW_NVML_SELECT)));
        bash.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
        QVERIFY(bash.waitForFinished(30000));
        QCOMPARE(bash.exitCode(), 0);
        QCOMPARE(bash.readAllStandardOutput(), QByteArray("1,3"));
    }

    void jsonHasScoresWeightsAndRefusals()
    {
        const Run r =
            select({QStringLiteral("--gpus"), QStringLiteral("2"), QStringLiteral("--min-free"),
                    QStringLiteral("50GiB"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1,3"));
        QCOMPARE(o[QStringLiteral("server")].toString(), QStringLiteral("gpu-node-9"));
        QVERIFY(o[QStringLiteral("reservation")].isNull());
        QCOMPARE(o[QStringLiteral("min_free_mib")].toDouble(), 51200.0);
        QVERIFY(o[QStringLiteral("memory_rule")].isNull());
        const QJsonArray granted = o[QStringLiteral("granted")].toArray();
        QCOMPARE(granted.size(), 2);
        QCOMPARE(granted[0].toObject()[QStringLiteral("id")].toString(), QStringLiteral("1"));
        QVERIFY(qFuzzyCompare(granted[0].toObject()[QStringLiteral("score")].toDouble(),
                              0.6 * 76.0 / 80.0 + 0.4 * 0.9));
        QCOMPARE(granted[0].toObject()[QStringLiteral("free_mib")].toDouble(), 76.0 * 1024);
        QVERIFY(qFuzzyCompare(granted[1].toObject()[QStringLiteral("score")].toDouble(),
                              0.6 * 60.0 / 80.0 + 0.4));
        const QJsonObject weights = o[QStringLiteral("weights")].toObject();
        QCOMPARE(weights[QStringLiteral("free_memory")].toDouble(), 0.6);
        QCOMPARE(weights[QStringLiteral("idle")].toDouble(), 0.4);
        QCOMPARE(o[QStringLiteral("refused")].toArray(),
                 QJsonArray{QStringLiteral("GPU 2: 4,096 MiB free, needs 51,200")});
    }

    // The weights come from the policy file's [allocate] when one is given.
    void policyWeightsChangeTheOrder()
    {
        const QString policy = m_tmp.filePath(QStringLiteral("idle-first.toml"));
        QVERIFY(clitest::writeFile(policy, "[allocate]\nfree_memory_weight = 0.0\n"
                                           "idle_weight = 1.0\n"));
        const Run r = select(
            {QStringLiteral("--gpus"), QStringLiteral("2"), QStringLiteral("--policy"), policy});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // Idle alone: GPUs 2 and 3 (0 %) tie and break by index.
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=2,3\n"));
    }

    void tooFewQualifyExitsThreeWithAReasonPerGpu()
    {
        const Run r =
            select({QStringLiteral("--gpus"), QStringLiteral("4"), QStringLiteral("--min-free"),
                    QStringLiteral("50GiB"), QStringLiteral("--max-util"), QStringLiteral("50")});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, QByteArray()); // nothing an eval could take for GPUs
        QVERIFY2(r.err.contains("gpuwarden-cli: 4 GPUs asked, 2 qualify\n"), r.err.constData());
        QCOMPARE(linesAbout(r, 0),
                 QStringList{QStringLiteral("gpuwarden-cli: GPU 0: 90 % busy, at most 50 %")});
        QCOMPARE(linesAbout(r, 2),
                 QStringList{QStringLiteral("gpuwarden-cli: GPU 2: 4,096 MiB free, needs 51,200")});
        QCOMPARE(linesAbout(r, 1),
                 QStringList{QStringLiteral("gpuwarden-cli: GPU 1: qualifies (score 0.930)")});
        QCOMPARE(linesAbout(r, 3),
                 QStringList{QStringLiteral("gpuwarden-cli: GPU 3: qualifies (score 0.850)")});
    }

    void tooFewQualifyAsJson()
    {
        const Run r =
            select({QStringLiteral("--gpus"), QStringLiteral("4"), QStringLiteral("--max-util"),
                    QStringLiteral("50"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 3);
        const QJsonObject o = json(r);
        QCOMPARE(o[QStringLiteral("error")].toString(), QStringLiteral("4 GPUs asked, 3 qualify"));
        QCOMPARE(o[QStringLiteral("qualified")].toArray().size(), 3);
        QCOMPARE(o[QStringLiteral("refused")].toArray(),
                 QJsonArray{QStringLiteral("GPU 0: 90 % busy, at most 50 %")});
    }

    // MIG instances are units named by their UUID, which the export line
    // carries unquoted (tests/nvml/scenarios/mig.scenario).
    void migInstancesAreUnitsByUuid()
    {
        Run r = select({QStringLiteral("--gpus"), QStringLiteral("2"), QStringLiteral("--mig"),
                        QStringLiteral("only")},
                       QStringLiteral(GW_NVML_MIG));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES="
                                   "MIG-1c0a0000-0000-4000-8000-000000000001,"
                                   "MIG-1c0a0000-0000-4000-8000-000000000002\n"));
        r = select({QStringLiteral("--gpus"), QStringLiteral("2"), QStringLiteral("--mig"),
                    QStringLiteral("never")},
                   QStringLiteral(GW_NVML_MIG));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=2,1\n"));
    }

    void badOptionsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const auto s = [](const char* a) {
            return QString::fromUtf8(a);
        };
        QTest::newRow("gpus 0") << QStringList{s("--gpus"), s("0")}
                                << s("--gpus must be a whole number from 1 to 64, not \"0\"");
        QTest::newRow("gpus x") << QStringList{s("--gpus"), s("two")}
                                << s("--gpus must be a whole number from 1 to 64, not \"two\"");
        QTest::newRow("min-free 8XB") << QStringList{s("--gpus"), s("1"), s("--min-free"), s("8XB")}
                                      << s("--min-free: \"8XB\" is not a memory size");
        QTest::newRow("parallel tp=x")
            << QStringList{s("--parallel"), s("tp=x")}
            << s("--parallel: tp must be a whole number from 1 to 1024, not \"x\"");
        QTest::newRow("parallel too big")
            << QStringList{s("--parallel"), s("tp=8,pp=16")}
            << s("tp=8,pp=16,dp=1,cp=1,dcp=1 needs 128 GPUs; at most 64 can be asked for");
        QTest::newRow("max-util 101")
            << QStringList{s("--gpus"), s("1"), s("--max-util"), s("101")}
            << s("--max-util must be a percentage from 0 to 100, not \"101\"");
        QTest::newRow("mig") << QStringList{s("--gpus"), s("1"), s("--mig"), s("sometimes")}
                             << s("--mig must be allow, only or never, not \"sometimes\"");
        QTest::newRow("wait") << QStringList{s("--gpus"), s("1"), s("--wait"), s("5 minutes")}
                              << s("--wait: ");
        QTest::newRow("ttl 0") << QStringList{s("--gpus"), s("1"), s("--ttl"), s("0s")}
                               << s("--ttl must be from 1s to 24h, not \"0s\"");
        QTest::newRow("no count") << QStringList{s("--min-free"), s("8GiB")}
                                  << s("give the number of GPUs: --gpus N, --parallel "
                                       "tp=4,pp=2 or --task FILE");
        QTest::newRow("two counts") << QStringList{s("--gpus"), s("2"), s("--parallel"), s("tp=2")}
                                    << s("give only one of --gpus, --parallel and --task");
        QTest::newRow("missing task")
            << QStringList{s("--task"), s("/nonexistent/job.toml")} << s("--task: ");
        QTest::newRow("empty user") << QStringList{s("--gpus"), s("1"), s("--user"), s(" ")}
                                    << s("--user must name a user");
    }

    void badOptionsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = select(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("gpuwarden-cli: ") + message),
                 r.err.constData());
    }

    // World size from the parallelism; memory per GPU from the heuristic,
    // said on stderr. tp=2,pp=2 needs 4 GPUs, and GPU 2's 4 GiB are under
    // the heuristic's 8,000 MiB.
    void parallelismGivesTheGpuCount()
    {
        Run r = select(
            {QStringLiteral("--parallel"), QStringLiteral("tp=3"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QJsonObject o = json(r);
        QCOMPARE(o[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1,3,0"));
        QCOMPARE(o[QStringLiteral("min_free_mib")].toDouble(), 8000.0);
        QVERIFY(r.err.contains("world size 3 × 1 × max(1, 1, 1) = 3 GPUs"));
        QVERIFY2(r.err.contains("memory per GPU: no model named → 8,000 MiB per GPU "
                                "(model-size heuristic; --min-free overrides it)"),
                 r.err.constData());
        QCOMPARE(o[QStringLiteral("memory_rule")].toString().contains(QStringLiteral("8,000 MiB")),
                 true);

        r = select({QStringLiteral("--parallel"), QStringLiteral("tensor-parallel-size=2, pp=2")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains("world size 2 × 2 × max(1, 1, 1) = 4 GPUs"));
        QVERIFY2(r.err.contains("GPU 2: 4,096 MiB free, needs 8,000"), r.err.constData());
    }

    void taskFileModelSizeIsPrinted()
    {
        const QString task = m_tmp.filePath(QStringLiteral("job.toml"));
        QVERIFY(clitest::writeFile(task, "model = \"meta-llama/Llama-2-70b-hf\"\n"
                                         "[parallelism]\ntensor_parallel_size = 2\n"));
        Run r = select({QStringLiteral("--task"), task});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=1,3\n"));
        QVERIFY2(r.err.contains("meta-llama/Llama-2-70b-hf: 70B parameters (65B or more) → "
                                "20,000 MiB per GPU (model-size heuristic; --min-free "
                                "overrides it)"),
                 r.err.constData());

        // --min-free overrides it, and then no rule is printed.
        r = select({QStringLiteral("--task"), task, QStringLiteral("--min-free"),
                    QStringLiteral("74GiB")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!r.err.contains("heuristic"));
        QVERIFY2(r.err.contains("2 GPUs asked, 1 qualifies"), r.err.constData());

        QVERIFY(clitest::writeFile(task, "[parallelism]\ntp = 2\ntq = 2\n"));
        r = select({QStringLiteral("--task"), task});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("did you mean"), r.err.constData());
    }

    // A GPU that becomes free during the wait is taken: 100 % busy for two
    // readings (the first at once, the second 2 s later), idle from the
    // third.
    void waitTakesAGpuThatBecomesFree()
    {
        const QString s = scenario("gpu 0 name=A memtotal=16GiB\n"
                                   "script 0 util=100,100,0\n");
        QElapsedTimer t;
        t.start();
        const Run r = clitest::runCli(QStringList{QStringLiteral("wait"), QStringLiteral("--gpus"),
                                                  QStringLiteral("1"), QStringLiteral("--max-util"),
                                                  QStringLiteral("50"), QStringLiteral("--wait"),
                                                  QStringLiteral("20s")} +
                                          m_machine,
                                      clitest::fakeNvmlEnv(s));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("export CUDA_VISIBLE_DEVICES=0\n"));
        QVERIFY2(t.elapsed() >= 3500 && t.elapsed() < 15000, QByteArray::number(t.elapsed()));
    }

    void waitTimesOutWithExitThreeAndTheReasons()
    {
        const QString s = scenario("gpu 0 name=A memtotal=16GiB util=100\n"
                                   "gpu 1 name=B memtotal=16GiB util=20\n");
        QElapsedTimer t;
        t.start();
        const Run r = clitest::runCli(QStringList{QStringLiteral("wait"), QStringLiteral("--gpus"),
                                                  QStringLiteral("2"), QStringLiteral("--max-util"),
                                                  QStringLiteral("50"), QStringLiteral("--wait"),
                                                  QStringLiteral("1s")} +
                                          m_machine,
                                      clitest::fakeNvmlEnv(s));
        QCOMPARE(r.exitCode, 3);
        QVERIFY(t.elapsed() >= 1000);
        QVERIFY2(r.err.contains("2 GPUs asked, 1 qualifies (waited 1s)"), r.err.constData());
        QCOMPARE(linesAbout(r, 0),
                 QStringList{QStringLiteral("gpuwarden-cli: GPU 0: 100 % busy, at most 50 %")});
    }

    void noGpuIsAFailureNotAnEmptyList()
    {
        const Run r =
            select({QStringLiteral("--gpus"), QStringLiteral("1")}, scenario("driver 550.54.15\n"));
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(r.err.contains("no GPU found on this machine"), r.err.constData());
    }

    void adviseNeedsAnAgent()
    {
        const Run r = clitest::runCli(
            {QStringLiteral("advise"), QStringLiteral("--user"), QStringLiteral("alice")},
            clitest::fakeNvmlEnv(QStringLiteral(GW_NVML_SELECT)));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("advise needs an agent (--source URL)"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliSelect)
#include "tst_cliselect.moc"
