#include "clirunner.h"
#include "freeport.h"
#include "model/snapshotjson.h"
#include "model/trace.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

using clitest::Run;
using clitest::runCli;

// Neither NVML nor nvidia-smi of this machine may leak into a run.
QProcessEnvironment cleanEnv()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    env.remove(QStringLiteral("GW_FAKE_NVML_SCENARIO"));
    env.remove(QStringLiteral("GW_FAKE_SMI_DIR"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    return env;
}

void write(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_proc;
    QString m_sys;

    QStringList roots() const
    {
        return {QStringLiteral("--proc-root"),   m_proc,
                QStringLiteral("--sys-root"),    m_sys,
                QStringLiteral("--cgroup-root"), m_sys + QStringLiteral("/fs/cgroup"),
                QStringLiteral("--interval-ms"), QStringLiteral("0")};
    }

    QJsonObject snapshot(const Run& r)
    {
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        if (pe.error != QJsonParseError::NoError)
            qWarning("not JSON: %s\n%s", qPrintable(pe.errorString()), r.out.constData());
        return doc.object();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_proc = m_tmp.filePath(QStringLiteral("proc"));
        m_sys = m_tmp.filePath(QStringLiteral("sys"));
        // A fake machine: 64 GiB, two CPUs, and two of the driver's pids visible.
        write(m_proc + QStringLiteral("/stat"),
              "cpu  100 0 50 1000 0 0 0 0 0 0\ncpu0 50 0 25 500 0 0 0 0 0 0\n"
              "cpu1 50 0 25 500 0 0 0 0 0 0\nbtime 1795300000\n");
        write(m_proc + QStringLiteral("/meminfo"), "MemTotal:       67108864 kB\nMemFree:         "
                                                   "1000000 kB\nMemAvailable:   50331648 kB\n");
        write(m_proc + QStringLiteral("/sys/kernel/hostname"), "gpu-node-9\n");
        write(m_proc + QStringLiteral("/self/cgroup"), "0::/\n");
        for (const auto& [pid, cmd] : {std::pair{4242, QByteArray("python\0train.py\0", 16)},
                                       std::pair{4343, QByteArray("jupyter-lab\0", 12)},
                                       std::pair{11345, QByteArray("./gpu_burn\0", 11)}}) {
            const QString dir = m_proc + QLatin1Char('/') + QString::number(pid);
            write(dir + QStringLiteral("/stat"),
                  QByteArray::number(pid) +
                      " (x) S 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 500 0 0\n");
            write(dir + QStringLiteral("/status"),
                  "Name:\tx\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n");
            write(dir + QStringLiteral("/cmdline"), cmd);
        }
        QDir().mkpath(m_sys + QStringLiteral("/block"));
        QDir().mkpath(m_sys + QStringLiteral("/class/drm"));
    }

    void fakeNvmlOnTheLibraryPath()
    {
        QProcessEnvironment env = cleanEnv();
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(GW_FAKE_NVML_DIR));
        env.insert(QStringLiteral("GW_FAKE_NVML_SCENARIO"), QStringLiteral(GW_NVML_BASIC));
        const Run r = runCli(
            QStringList{QStringLiteral("snapshot"), QStringLiteral("--json")} + roots(), env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("Using NVML"), r.err.constData());
        const QJsonObject o = snapshot(r);
        QCOMPARE(o[QStringLiteral("backend")].toString(), QStringLiteral("nvml"));
        QCOMPARE(o[QStringLiteral("server")].toString(), QStringLiteral("gpu-node-9"));
        const QJsonArray gpus = o[QStringLiteral("gpus")].toArray();
        QCOMPARE(gpus.size(), 2);
        const QJsonObject h100 = gpus[0].toObject();
        QCOMPARE(h100[QStringLiteral("name")].toString(), QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(h100[QStringLiteral("utilization_gpu_percent")].toDouble(), 100.0);
        QCOMPARE(h100[QStringLiteral("memory_used_mib")].toDouble(), 19818.0);
        QCOMPARE(h100[QStringLiteral("memory_total_mib")].toDouble(), 81559.0);
        QCOMPARE(h100[QStringLiteral("temperature_c")].toDouble(), 59.0);
        QCOMPARE(h100[QStringLiteral("power_w")].toDouble(), 631.95);
        QCOMPARE(h100[QStringLiteral("power_limit_w")].toDouble(), 700.0);
        QCOMPARE(h100[QStringLiteral("fan_percent")].toDouble(), 30.0);
        const QJsonObject l40s = gpus[1].toObject();
        QVERIFY(l40s[QStringLiteral("power_w")].isNull()); // NOT_SUPPORTED → null, not 0
        QVERIFY(l40s[QStringLiteral("fan_percent")].isNull());
        QCOMPARE(l40s[QStringLiteral("power_limit_w")].toDouble(), 350.0);
        QCOMPARE(l40s[QStringLiteral("persistence_mode")].toBool(true), false);

        const QJsonArray procs = o[QStringLiteral("processes")].toArray();
        QCOMPARE(procs.size(), 3); // 4444 is on both lists, listed once
        QHash<int, QJsonObject> byPid;
        for (const auto& p : procs)
            byPid.insert(p.toObject()[QStringLiteral("pid")].toInt(), p.toObject());
        QCOMPARE(byPid[4242][QStringLiteral("command")].toString(),
                 QStringLiteral("python train.py"));
        QCOMPARE(byPid[4242][QStringLiteral("user")].toString(), QStringLiteral("root"));
        QCOMPARE(byPid[4242][QStringLiteral("used_memory_mib")].toDouble(), 12000.0);
        QCOMPARE(byPid[4242][QStringLiteral("start_time_ms")].toDouble(),
                 1795300005000.0);                                     // btime + 500 ticks
        QCOMPARE(byPid[4444][QStringLiteral("ghost")].toBool(), true); // not in this /proc
        QVERIFY(byPid[4444][QStringLiteral("user")].isNull());
        QCOMPARE(byPid[4444][QStringLiteral("used_memory_mib")].toDouble(), 3722.0);

        const QJsonObject host = o[QStringLiteral("host")].toObject();
        QCOMPARE(host[QStringLiteral("memory_total_bytes")].toDouble(), 68719476736.0);
        QCOMPARE(host[QStringLiteral("memory_used_bytes")].toDouble(), 17179869184.0);
        QVERIFY(host[QStringLiteral("cpu_percent")].isNull()); // one reading: no rate yet

        QString error;
        QVERIFY2(gw::snapshotFromJsonBytes(r.out, &error), qPrintable(error));
    }

    void fakeNvidiaSmiOnPath()
    {
        QProcessEnvironment env = cleanEnv();
        env.insert(QStringLiteral("PATH"), QStringLiteral(GW_FAKE_SMI_BIN_DIR ":/usr/bin:/bin"));
        env.insert(QStringLiteral("GW_FAKE_SMI_DIR"), QStringLiteral(GW_SMI_BASIC));
        const Run r = runCli(
            QStringList{QStringLiteral("snapshot"), QStringLiteral("--json")} + roots(), env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("Using nvidia-smi (3 GPUs)"), r.err.constData());
        QVERIFY2(r.err.contains("Skipped nvml"), r.err.constData()); // and says why
        const QJsonObject o = snapshot(r);
        QCOMPARE(o[QStringLiteral("backend")].toString(), QStringLiteral("nvidia-smi"));
        const QJsonArray gpus = o[QStringLiteral("gpus")].toArray();
        QCOMPARE(gpus.size(), 3);
        QCOMPARE(gpus[0].toObject()[QStringLiteral("power_w")].toDouble(), 631.95);
        QVERIFY(gpus[0].toObject()[QStringLiteral("fan_percent")].isNull()); // [N/A]
        QVERIFY(
            gpus[1].toObject()[QStringLiteral("utilization_gpu_percent")].isNull()); // MIG [N/A]
        QCOMPARE(gpus[1].toObject()[QStringLiteral("memory_used_mib")].toDouble(), 11125.0);
        QCOMPARE(gpus[2].toObject()[QStringLiteral("fan_percent")].toDouble(), 38.0);
        QCOMPARE(gpus[2].toObject()[QStringLiteral("persistence_mode")].toBool(true), false);
        const QJsonArray procs = o[QStringLiteral("processes")].toArray();
        QCOMPARE(procs.size(), 4);
        bool sawComma = false, sawNa = false, sawUser = false;
        for (const auto& v : procs) {
            const QJsonObject p = v.toObject();
            sawComma = sawComma ||
                       p[QStringLiteral("command")].toString() ==
                           QStringLiteral("/srv/jobs/alice, bob/train.py") ||
                       p[QStringLiteral("pid")].toInt() == 21198;
            if (p[QStringLiteral("pid")].toInt() == 28512)
                sawNa = p[QStringLiteral("used_memory_mib")].isNull();
            if (p[QStringLiteral("pid")].toInt() == 11345)
                sawUser = p[QStringLiteral("user")].toString() == QStringLiteral("root") &&
                          !p[QStringLiteral("ghost")].toBool();
        }
        QVERIFY(sawComma);
        QVERIFY(sawNa);
        QVERIFY(sawUser);
    }

    void neitherMeansHostOnly()
    {
        const Run r =
            runCli(QStringList{QStringLiteral("snapshot"), QStringLiteral("--json")} + roots(),
                   cleanEnv());
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("No GPU found; showing the host only."), r.err.constData());
        QVERIFY2(r.err.contains("nvml: "), r.err.constData());
        QVERIFY2(r.err.contains("nvidia-smi: "), r.err.constData());
        QVERIFY2(r.err.contains("amdgpu: "), r.err.constData());
        const QJsonObject o = snapshot(r);
        QCOMPARE(o[QStringLiteral("backend")].toString(), QStringLiteral("host"));
        QVERIFY(o[QStringLiteral("gpus")].toArray().isEmpty());
        QVERIFY(o[QStringLiteral("processes")].toArray().isEmpty());
        const QJsonObject host = o[QStringLiteral("host")].toObject();
        QCOMPARE(host[QStringLiteral("hostname")].toString(), QStringLiteral("gpu-node-9"));
        QCOMPARE(host[QStringLiteral("memory_total_bytes")].toDouble(), 68719476736.0);
        QCOMPARE(host[QStringLiteral("cpu_count")].toInt(), 2);
        QVERIFY(host[QStringLiteral("disk_read_bytes_per_s")].isNull());
    }

    void ratesAppearWithTwoReadings()
    {
        // The real machine: with an interval the CPU figure is a number.
        const Run r = runCli({QStringLiteral("snapshot"), QStringLiteral("--json"),
                              QStringLiteral("--backend"), QStringLiteral("host"),
                              QStringLiteral("--interval-ms"), QStringLiteral("200")},
                             cleanEnv());
        QCOMPARE(r.exitCode, 0);
        const QJsonObject host = snapshot(r)[QStringLiteral("host")].toObject();
        QVERIFY(host[QStringLiteral("cpu_percent")].isDouble());
        QVERIFY(host[QStringLiteral("memory_total_bytes")].toDouble() > 0);
    }

    void demoGivesTheWholeFleet()
    {
        const Run r =
            runCli({QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("--demo")},
                   cleanEnv());
        QCOMPARE(r.exitCode, 0);
        const QJsonArray all = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(all.size(), 3);
        QCOMPARE(all[2].toObject()[QStringLiteral("server")].toString(),
                 QStringLiteral("infer-03"));
    }

    void textNamesGpusByIndexInAlignedColumns()
    {
        const Run r = runCli({QStringLiteral("snapshot"), QStringLiteral("--demo")}, cleanEnv());
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        // GPUs and processes by index (as nvidia-smi and CUDA_VISIBLE_DEVICES
        // name them), never by UUID.
        QVERIFY2(!r.out.contains("GPU-"), r.out.constData());
        // Each table: every row's columns start where the header's do.
        int tables = 0;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QString& header = lines[i];
            if (!header.trimmed().startsWith(QLatin1String("GPU ")) &&
                !header.trimmed().startsWith(QLatin1String("PID ")))
                continue;
            ++tables;
            const qsizetype at = header.indexOf(QStringLiteral("MEMORY"));
            QVERIFY(at > 0);
            int rows = 0;
            for (qsizetype j = i + 1; j < lines.size() && !lines[j].isEmpty() &&
                                      lines[j].at(0).isSpace() == header.at(0).isSpace() &&
                                      (lines[j].at(0).isSpace() || lines[j].at(0).isDigit());
                 ++j, ++rows) {
                QVERIFY2(lines[j].size() > at && !lines[j].at(at).isSpace() &&
                             lines[j].at(at - 1).isSpace(),
                         qPrintable(header + QLatin1Char('\n') + lines[j]));
            }
            QVERIFY2(rows > 0, qPrintable(header));
        }
        QCOMPARE(tables, 6); // three servers, a GPU table and a process table each
        // alice's job runs on GPU 0 of gpu-lab-01.
        const QRegularExpression alice(QStringLiteral("^  2101 +alice +0 +"),
                                       QRegularExpression::MultilineOption);
        QVERIFY2(QString::fromUtf8(r.out).contains(alice), r.out.constData());
    }

    void badArgumentsExplainAndFail_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no command") << QStringList{} << QByteArray("no command given");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("snapshots")}
                                         << QByteArray("unknown command \"snapshots\"");
        QTest::newRow("unknown backend")
            << QStringList{QStringLiteral("snapshot"), QStringLiteral("--backend"),
                           QStringLiteral("cuda")}
            << QByteArray("--backend: unknown backend \"cuda\"");
        QTest::newRow("missing proc root")
            << QStringList{QStringLiteral("snapshot"), QStringLiteral("--proc-root"),
                           QStringLiteral("/nonexistent")}
            << QByteArray("--proc-root: \"/nonexistent\" is not a directory");
        QTest::newRow("bad interval")
            << QStringList{QStringLiteral("snapshot"), QStringLiteral("--interval-ms"),
                           QStringLiteral("soon")}
            << QByteArray("--interval-ms must be a whole number from 0 to 60000, not \"soon\"");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("snapshot"), QStringLiteral("--jsn")}
            << QByteArray("Unknown option 'jsn'");
    }

    void badArgumentsExplainAndFail()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = runCli(args, cleanEnv());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
    // record: the real binary, the demo fleet, in real time (docs/traces.md).
    void recordWritesAReadableTrace()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("run.jsonl"));
        const Run r = runCli({QStringLiteral("record"), QStringLiteral("--demo"),
                              QStringLiteral("--duration"), QStringLiteral("2s"),
                              QStringLiteral("--interval-ms"), QStringLiteral("200"),
                              QStringLiteral("--output"), out},
                             cleanEnv());
        QCOMPARE(r.exitCode, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.endsWith('\n')); // whole lines only
        QString error;
        const auto readings = gw::readTrace(out, &error);
        QVERIFY2(readings, qPrintable(error));
        QCOMPARE(qsizetype(bytes.count('\n')), readings->size());
        QHash<QString, int> perServer;
        for (const auto& s : *readings)
            ++perServer[s.server];
        QCOMPARE(perServer.size(), 3);
        for (auto it = perServer.cbegin(); it != perServer.cend(); ++it)
            QVERIFY2(it.value() >= 8, qPrintable(it.key()));
        QVERIFY2(r.err.contains(
                     QByteArray(QByteArray::number(readings->size()) + " readings of 3 servers")),
                 r.err.constData());
    }

    void recordStopsCleanlyOnSigterm()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("run.jsonl"));
        QProcess p;
        p.setProcessEnvironment(cleanEnv());
        p.start(QStringLiteral(GW_CLI),
                {QStringLiteral("record"), QStringLiteral("--demo"), QStringLiteral("--duration"),
                 QStringLiteral("1h"), QStringLiteral("--interval-ms"), QStringLiteral("100"),
                 QStringLiteral("--output"), out});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(out).size() > 0, 10000);
        QTest::qWait(300);
        p.terminate(); // SIGTERM
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardError().contains("stopped by a signal"));
        QString error;
        const auto readings = gw::readTrace(out, &error);
        QVERIFY2(readings, qPrintable(error));
        QVERIFY(readings->size() >= 3);
    }

    // record --source: the real agent (demo, sampling every 100 ms), polled.
    void recordReadsAnAgent()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("agent.toml"));
        write(cfg, "[agent]\ninterval_ms = 100\n[journal]\npath = \"" +
                       dir.filePath(QStringLiteral("journal.sqlite")).toUtf8() +
                       "\"\n[[token]]\nname = \"ws\"\nsha256 = \"" +
                       QCryptographicHash::hash("tok", QCryptographicHash::Sha256).toHex() +
                       "\"\n");
        const quint16 port = gw::test::freePort();
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), cfg, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QString::number(port)});
        QVERIFY(agent.waitForReadyRead(10000));
        QVERIFY(agent.readLine().startsWith("listening on"));
        QProcessEnvironment env = cleanEnv();
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QStringLiteral("tok"));
        const QString out = dir.filePath(QStringLiteral("agent.jsonl"));
        const Run r =
            runCli({QStringLiteral("record"), QStringLiteral("--source"),
                    QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--duration"),
                    QStringLiteral("1500ms"), QStringLiteral("--interval-ms"),
                    QStringLiteral("100"), QStringLiteral("--output"), out},
                   env);
        agent.terminate();
        agent.waitForFinished(5000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QString error;
        const auto readings = gw::readTrace(out, &error);
        QVERIFY2(readings, qPrintable(error));
        QVERIFY2(readings->size() >= 5, r.err.constData());
        QVERIFY2(r.err.contains("readings of 1 servers written to"), r.err.constData());
    }

    void recordRefusesABadDuration()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("run.jsonl"));
        Run r = runCli({QStringLiteral("record"), QStringLiteral("--demo"),
                        QStringLiteral("--duration"), QStringLiteral("10 minutes"),
                        QStringLiteral("--output"), out},
                       cleanEnv());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--duration: expected a whole number and a unit"),
                 r.err.constData());
        QVERIFY(!QFile::exists(out)); // nothing written
        r = runCli(
            {QStringLiteral("record"), QStringLiteral("--demo"), QStringLiteral("--output"), out},
            cleanEnv());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--duration is required"), r.err.constData());
    }

    // A trace that cannot be written is an error, said as one: no "0
    // readings … written to" after it.
    void recordToAnUnwritablePathSaysTheErrorNotASuccess()
    {
        const Run r = runCli({QStringLiteral("record"), QStringLiteral("--demo"),
                              QStringLiteral("--duration"), QStringLiteral("1s"),
                              QStringLiteral("--output"), QStringLiteral("/nonexistent/run.jsonl")},
                             cleanEnv());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("/nonexistent/run.jsonl"), r.err.constData());
        QVERIFY2(!r.err.contains("written to"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
