// --parallel text, task files (JSON, TOML, real files), the memory heuristic
// and memory sizes, each mistake with its exact text.
#include "coord/parallelism.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

class TstParallelism : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void text_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("sizes");
        QTest::addColumn<qint64>("world");
        QTest::newRow("short") << QStringLiteral("tp=4,pp=2,dp=1")
                               << QStringLiteral("tp=4,pp=2,dp=1,cp=1,dcp=1") << qint64(8);
        QTest::newRow("default") << QStringLiteral("tp=2")
                                 << QStringLiteral("tp=2,pp=1,dp=1,cp=1,dcp=1") << qint64(2);
        QTest::newRow("long dashes")
            << QStringLiteral("tensor-parallel-size=8, pipeline-parallel-size=2")
            << QStringLiteral("tp=8,pp=2,dp=1,cp=1,dcp=1") << qint64(16);
        QTest::newRow("long underscores")
            << QStringLiteral("tensor_parallel_size=2,data_parallel_size=3,context_parallel_size=2,"
                              "decode_context_parallel_size=4")
            << QStringLiteral("tp=2,pp=1,dp=3,cp=2,dcp=4") << qint64(8);
        QTest::newRow("size forms") << QStringLiteral(" tp-size = 2 , pp_size=3, dcp-size=5 ")
                                    << QStringLiteral("tp=2,pp=3,dp=1,cp=1,dcp=5") << qint64(30);
        QTest::newRow("max of dp cp dcp")
            << QStringLiteral("tp=2,pp=2,dp=3,cp=7,dcp=5")
            << QStringLiteral("tp=2,pp=2,dp=3,cp=7,dcp=5") << qint64(28);
        QTest::newRow("case") << QStringLiteral("TP=4,Decode-Context-Parallel-Size=2")
                              << QStringLiteral("tp=4,pp=1,dp=1,cp=1,dcp=2") << qint64(8);
        QTest::newRow("largest") << QStringLiteral("tp=1024,pp=1024,dp=1024")
                                 << QStringLiteral("tp=1024,pp=1024,dp=1024,cp=1,dcp=1")
                                 << qint64(1024) * 1024 * 1024;
    }
    void text()
    {
        QFETCH(QString, text);
        QFETCH(QString, sizes);
        QFETCH(qint64, world);
        QString error;
        const auto p = parseParallelism(text, &error);
        QVERIFY2(p, qPrintable(error));
        QVERIFY(error.isEmpty());
        QCOMPARE(p->text(), sizes);
        QCOMPARE(p->worldSize(), world);
    }

    void textErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QStringLiteral("  ")
                               << QStringLiteral(
                                      "no parallelism given: write it as \"tp=4,pp=2,dp=1\"");
        QTest::newRow("empty item")
            << QStringLiteral("tp=4,,pp=2")
            << QStringLiteral(
                   "empty item in \"tp=4,,pp=2\": items are key=value, separated by commas");
        QTest::newRow("trailing comma")
            << QStringLiteral("tp=4,")
            << QStringLiteral("empty item in \"tp=4,\": items are key=value, separated by commas");
        QTest::newRow("no equals")
            << QStringLiteral("tp=4,pp2")
            << QStringLiteral("\"pp2\" is not key=value: write it as \"tp=4,pp=2,dp=1\"");
        QTest::newRow("typo") << QStringLiteral("tensor-paralel-size=4")
                              << QStringLiteral("unknown key \"tensor-paralel-size\" (did you mean "
                                                "\"tensor-parallel-size\"?)");
        QTest::newRow("near short") << QStringLiteral("tq=4")
                                    << QStringLiteral("unknown key \"tq\" (did you mean \"tp\"?)");
        QTest::newRow("far") << QStringLiteral("experts=8")
                             << QStringLiteral(
                                    "unknown key \"experts\" (known: tp, pp, dp, cp, dcp or their "
                                    "long spellings such as tensor-parallel-size)");
        QTest::newRow("zero") << QStringLiteral("tp=0")
                              << QStringLiteral(
                                     "tp must be a whole number from 1 to 1024, not \"0\"");
        QTest::newRow("negative") << QStringLiteral("pp=-2")
                                  << QStringLiteral(
                                         "pp must be a whole number from 1 to 1024, not \"-2\"");
        QTest::newRow("fraction") << QStringLiteral("dp=1.5")
                                  << QStringLiteral(
                                         "dp must be a whole number from 1 to 1024, not \"1.5\"");
        QTest::newRow("word") << QStringLiteral("cp=two")
                              << QStringLiteral(
                                     "cp must be a whole number from 1 to 1024, not \"two\"");
        QTest::newRow("empty value")
            << QStringLiteral("tp=")
            << QStringLiteral("tp must be a whole number from 1 to 1024, not \"\"");
        QTest::newRow("too large")
            << QStringLiteral("tp=1025")
            << QStringLiteral("tp must be a whole number from 1 to 1024, not \"1025\"");
        QTest::newRow("huge") << QStringLiteral("tp=99999999999999999999")
                              << QStringLiteral("tp must be a whole number from 1 to 1024, not "
                                                "\"99999999999999999999\"");
        QTest::newRow("twice") << QStringLiteral("tp=2,tp=4")
                               << QStringLiteral("tp is given twice (\"tp\" and \"tp\")");
        QTest::newRow("two spellings")
            << QStringLiteral("tp=2,pp=1,tensor_parallel_size=4")
            << QStringLiteral("tp is given twice (\"tp\" and \"tensor_parallel_size\")");
    }
    void textErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!parseParallelism(text, &why));
        QCOMPARE(why, error);
        QVERIFY(!parseParallelism(text, nullptr)); // no error wanted: no crash
    }

    void spellings()
    {
        QCOMPARE(parallelismSpellings(QStringLiteral("dcp")),
                 QString::fromLatin1("decode-context-parallel-size,decode_context_parallel_size,"
                                     "dcp-size,dcp_size,dcp")
                     .split(QLatin1Char(',')));
        QVERIFY(parallelismSpellings(QStringLiteral("xp")).isEmpty());
    }

    void taskFiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("sizes");
        QTest::addColumn<QString>("model");
        QTest::newRow("json flat")
            << QStringLiteral("job.json") << QByteArray(R"({"tensor_parallel_size": 4, "pp": 2,
                                                   "model": "meta-llama/Llama-2-70b-hf"})")
            << QStringLiteral("tp=4,pp=2,dp=1,cp=1,dcp=1")
            << QStringLiteral("meta-llama/Llama-2-70b-hf");
        QTest::newRow("json nested")
            << QStringLiteral("job.json")
            << QByteArray(R"({"parallelism": {"tp": 2, "dp-size": 4}})")
            << QStringLiteral("tp=2,pp=1,dp=4,cp=1,dcp=1") << QStringLiteral("");
        QTest::newRow("json mixed")
            << QStringLiteral("job.json") << QByteArray(R"({"parallelism": {"tp": 2}, "cp": 3})")
            << QStringLiteral("tp=2,pp=1,dp=1,cp=3,dcp=1") << QStringLiteral("");
        QTest::newRow("toml flat")
            << QStringLiteral("job.toml")
            << QByteArray("model = \"Mixtral-8x7B\"\ntp = 8\ndcp_size = 2\n")
            << QStringLiteral("tp=8,pp=1,dp=1,cp=1,dcp=2") << QStringLiteral("Mixtral-8x7B");
        QTest::newRow("toml nested")
            << QStringLiteral("job.toml")
            << QByteArray("model = \"qwen2.5-7b\"\n[parallelism]\ntensor-parallel-size = 2\n"
                          "pipeline_parallel_size = 3\n")
            << QStringLiteral("tp=2,pp=3,dp=1,cp=1,dcp=1") << QStringLiteral("qwen2.5-7b");
        QTest::newRow("empty toml")
            << QStringLiteral("job.toml") << QByteArray()
            << QStringLiteral("tp=1,pp=1,dp=1,cp=1,dcp=1") << QStringLiteral("");
        QTest::newRow("sniffed json")
            << QStringLiteral("job.task") << QByteArray("  \n{\"tp\": 2}")
            << QStringLiteral("tp=2,pp=1,dp=1,cp=1,dcp=1") << QStringLiteral("");
        QTest::newRow("sniffed toml")
            << QStringLiteral("job") << QByteArray("tp = 2\n")
            << QStringLiteral("tp=2,pp=1,dp=1,cp=1,dcp=1") << QStringLiteral("");
        QTest::newRow("extension wins")
            << QStringLiteral("job.TOML") << QByteArray("parallelism = { tp = 4 }")
            << QStringLiteral("tp=4,pp=1,dp=1,cp=1,dcp=1") << QStringLiteral("");
    }
    void taskFiles()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, sizes);
        QFETCH(QString, model);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(name);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        QString error;
        const auto task = loadTaskFile(path, &error);
        QVERIFY2(task, qPrintable(error));
        QCOMPARE(task->parallelism.text(), sizes);
        QCOMPARE(task->model, model);
        QCOMPARE(parseTaskFile(bytes, name, &error), task); // bytes and file agree
    }

    void taskFileErrors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");
        QTest::newRow("json syntax")
            << QStringLiteral("t.json") << QByteArray("{\n  \"tp\": 4,\n}")
            << QStringLiteral("t.json:3:2: object is missing after a comma");
        QTest::newRow("json top") << QStringLiteral("t.json") << QByteArray("[1]")
                                  << QStringLiteral("t.json: the top level must be an object");
        QTest::newRow("json zero")
            << QStringLiteral("t.json") << QByteArray(R"({"parallelism": {"tp": 0}})")
            << QStringLiteral("t.json: parallelism.tp: must be a whole number from 1 to "
                              "1024, not 0");
        QTest::newRow("json fraction")
            << QStringLiteral("t.json") << QByteArray(R"({"pp": 2.5})")
            << QStringLiteral("t.json: pp: must be a whole number from 1 to 1024, "
                              "not 2.5");
        QTest::newRow("json string")
            << QStringLiteral("t.json") << QByteArray(R"({"pp": "2"})")
            << QStringLiteral("t.json: pp: must be a whole number from 1 to 1024, not "
                              "\"2\"");
        QTest::newRow("json unknown")
            << QStringLiteral("t.json") << QByteArray(R"({"parallelism": {"tq": 2}})")
            << QStringLiteral("t.json: parallelism.tq: unknown key (did you mean "
                              "\"tp\"?)");
        QTest::newRow("json top typo")
            << QStringLiteral("t.json") << QByteArray(R"({"modle": "x"})")
            << QStringLiteral("t.json: modle: unknown key (did you mean \"model\"?)");
        QTest::newRow("json model") << QStringLiteral("t.json") << QByteArray(R"({"model": 70})")
                                    << QStringLiteral("t.json: model: must be a string, not 70");
        QTest::newRow("json parallelism")
            << QStringLiteral("t.json") << QByteArray(R"({"parallelism": 8})")
            << QStringLiteral("t.json: parallelism: must be an object, not 8");
        QTest::newRow("json twice")
            << QStringLiteral("t.json")
            << QByteArray(R"({"parallelism": {"tp": 2}, "tensor-parallel-size": 2})")
            << QStringLiteral(
                   "t.json: tensor-parallel-size: tp is given twice (\"parallelism.tp\" and "
                   "\"tensor-parallel-size\")");
        QTest::newRow("toml syntax")
            << QStringLiteral("t.toml") << QByteArray("tp = 4\npp = \n")
            << QStringLiteral("t.toml:2:6: Error while parsing key-value pair: expected value, saw "
                              "'\\n'");
        QTest::newRow("toml zero")
            << QStringLiteral("t.toml") << QByteArray("model = \"m\"\n\n[parallelism]\ntp = 0\n")
            << QStringLiteral("t.toml:4:6: parallelism.tp must be a whole number from 1 "
                              "to 1024, not 0");
        QTest::newRow("toml float")
            << QStringLiteral("t.toml") << QByteArray("dp = 2.0\n")
            << QStringLiteral("t.toml:1:6: dp must be a whole number from 1 to 1024, not 2");
        QTest::newRow("toml unknown")
            << QStringLiteral("t.toml") << QByteArray("[parallelism]\npipline-size = 2\n")
            << QStringLiteral(
                   "t.toml:2:1: unknown key \"parallelism.pipline-size\" (known: tp, pp, "
                   "dp, cp, dcp or their long spellings such as "
                   "tensor-parallel-size)");
        QTest::newRow("toml typo")
            << QStringLiteral("t.toml") << QByteArray("[parallelism]\npp-szie = 2\n")
            << QStringLiteral("t.toml:2:1: unknown key \"parallelism.pp-szie\" (did you "
                              "mean \"pp-size\"?)");
        QTest::newRow("toml model") << QStringLiteral("t.toml") << QByteArray("model = 70\n")
                                    << QStringLiteral("t.toml:1:9: model must be a string, not 70");
        QTest::newRow("toml twice")
            << QStringLiteral("t.toml")
            << QByteArray("cp = 2\n[parallelism]\ncontext_parallel_size = 2\n")
            << QStringLiteral("t.toml:3:25: cp is given twice (\"cp\" and "
                              "\"parallelism.context_parallel_size\")");
    }
    void taskFileErrors()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!parseTaskFile(bytes, name, &why));
        QCOMPARE(why, error);
    }

    void unreadableTaskFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("missing.toml"));
        QString why;
        QVERIFY(!loadTaskFile(path, &why));
        QCOMPARE(
            why,
            QStringLiteral("cannot read the task file %1: No such file or directory").arg(path));
    }

    void heuristic_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("mib");
        QTest::addColumn<QString>("rule");
        QTest::newRow("70b")
            << QStringLiteral("meta-llama/Llama-2-70b-hf") << qint64(20000)
            << QStringLiteral("meta-llama/Llama-2-70b-hf: 70B parameters (65B or more) → 20,000 "
                              "MiB per GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("65B") << QStringLiteral("LLaMA-65B") << qint64(20000)
                             << QStringLiteral(
                                    "LLaMA-65B: 65B parameters (65B or more) → 20,000 MiB per GPU "
                                    "(model-size heuristic; --min-free overrides it)");
        QTest::newRow("405B")
            << QStringLiteral("Llama-3.1-405B-Instruct") << qint64(20000)
            << QStringLiteral("Llama-3.1-405B-Instruct: 405B parameters (65B or more) → 20,000 "
                              "MiB per GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("13b")
            << QStringLiteral("vicuna-13b-v1.5") << qint64(12000)
            << QStringLiteral("vicuna-13b-v1.5: 13B parameters (7B to under 65B) → 12,000 MiB "
                              "per GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("7B")
            << QStringLiteral("Qwen/Qwen2.5-7B") << qint64(12000)
            << QStringLiteral("Qwen/Qwen2.5-7B: 7B parameters (7B to under 65B) → 12,000 MiB per "
                              "GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("moe")
            << QStringLiteral("Mixtral-8x7B-v0.1") << qint64(12000)
            << QStringLiteral("Mixtral-8x7B-v0.1: 8×7B = 56B parameters (7B to under 65B) → "
                              "12,000 MiB per GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("small") << QStringLiteral("Qwen2-1.5B") << qint64(8000)
                               << QStringLiteral(
                                      "Qwen2-1.5B: 1.5B parameters (under 7B) → 8,000 MiB per GPU "
                                      "(model-size heuristic; --min-free overrides it)");
        QTest::newRow("none")
            << QStringLiteral("bert-base-uncased") << qint64(8000)
            << QStringLiteral("bert-base-uncased: no parameter count in the name → 8,000 MiB "
                              "per GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("inside a word")
            << QStringLiteral("gpt2-web") << qint64(8000)
            << QStringLiteral("gpt2-web: no parameter count in the name → 8,000 MiB "
                              "per GPU (model-size heuristic; --min-free overrides it)");
        QTest::newRow("empty") << QStringLiteral("") << qint64(8000)
                               << QStringLiteral(
                                      "memory per GPU: no model named → 8,000 MiB per GPU "
                                      "(model-size heuristic; --min-free overrides it)");
    }
    void heuristic()
    {
        QFETCH(QString, model);
        QFETCH(qint64, mib);
        QFETCH(QString, rule);
        const MemoryEstimate e = memoryHeuristicMiB(model);
        QCOMPARE(e.mib, mib);
        QCOMPARE(e.rule, rule);
    }

    void memorySizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("mib");
        QTest::newRow("GiB") << QStringLiteral("8GiB") << qint64(8192);
        QTest::newRow("G") << QStringLiteral("8G") << qint64(8192);
        QTest::newRow("gb lower") << QStringLiteral("8gb") << qint64(8192);
        QTest::newRow("MiB") << QStringLiteral("8192MiB") << qint64(8192);
        QTest::newRow("M") << QStringLiteral("512M") << qint64(512);
        QTest::newRow("MB space") << QStringLiteral(" 512 MB ") << qint64(512);
        QTest::newRow("plain") << QStringLiteral("12000") << qint64(12000);
        QTest::newRow("fraction") << QStringLiteral("1.5GiB") << qint64(1536);
        QTest::newRow("rounds up") << QStringLiteral("0.001G") << qint64(2);
        QTest::newRow("TiB") << QStringLiteral("1TiB") << qint64(1048576);
    }
    void memorySizes()
    {
        QFETCH(QString, text);
        QFETCH(qint64, mib);
        QString error;
        QCOMPARE(parseMemorySize(text, &error), std::optional<qint64>(mib));
        QVERIFY(error.isEmpty());
    }

    void memorySizeErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QStringLiteral("")
                               << QStringLiteral(
                                      "no memory size given: write it as \"8GiB\", \"512MiB\" or a "
                                      "number of MiB");
        QTest::newRow("unit")
            << QStringLiteral("8KiB")
            << QStringLiteral("\"8KiB\" is not a memory size: write it as \"8GiB\", \"512MiB\" "
                              "or a number of MiB");
        QTest::newRow("negative") << QStringLiteral("-1G")
                                  << QStringLiteral(
                                         "\"-1G\" is not a memory size: write it as \"8GiB\", "
                                         "\"512MiB\" or a number of MiB");
        QTest::newRow("zero") << QStringLiteral("0MiB")
                              << QStringLiteral(
                                     "\"0MiB\" is no memory: the size must be at least 1 MiB");
        QTest::newRow("too large")
            << QStringLiteral("2TiB") << QStringLiteral("\"2TiB\" is more than 1 TiB per GPU");
    }
    void memorySizeErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!parseMemorySize(text, &why));
        QCOMPARE(why, error);
    }
};

QTEST_GUILESS_MAIN(TstParallelism)
#include "tst_parallelism.moc"
