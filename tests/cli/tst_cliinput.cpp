// What gpuwarden-cli and gpuwarden-agent do with input they used to ignore
// or answer wrongly (issue 24, item 8), through the real binaries: each
// value is refused with a sentence and exit 2, or does what the docs say.

#include "clirunner.h"
#include "sources/demoworld.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using clitest::Run;
using clitest::runCli;

// Neither NVML nor nvidia-smi of this machine may leak into a run: without
// --demo, "this machine" has no GPU.
QProcessEnvironment cleanEnv()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"LD_LIBRARY_PATH"_s);
    env.remove(u"GW_FAKE_NVML_SCENARIO"_s);
    env.remove(u"GW_FAKE_SMI_DIR"_s);
    env.remove(u"GPUWARDEN_TOKEN"_s);
    env.insert(u"PATH"_s, u"/usr/bin:/bin"_s);
    return env;
}

Run cli(const QStringList& args)
{
    return runCli(args, cleanEnv(), {}, 30000);
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// agent.toml with one read token ("tok") and the journal where the test says.
QByteArray agentConfig(const QString& journal)
{
    return "[agent]\ninterval_ms = 100\n[journal]\npath = \"" + journal.toUtf8() +
           "\"\n[[token]]\nname = \"t\"\nsha256 = \"" +
           QCryptographicHash::hash("tok", QCryptographicHash::Sha256).toHex() + "\"\n";
}

// Starts the agent; its port, 0 when it printed no "listening on" in 10 s.
quint16 startAgent(QProcess& agent, const QStringList& args)
{
    agent.start(QStringLiteral(GW_AGENT), args);
    if (!agent.waitForStarted(10000))
        return 0;
    QByteArray out;
    for (int i = 0; i < 100 && !out.contains('\n'); ++i) {
        agent.waitForReadyRead(100);
        out += agent.readAllStandardOutput();
        if (agent.state() == QProcess::NotRunning)
            break;
    }
    const QRegularExpressionMatch m =
        QRegularExpression(u"^listening on 127\\.0\\.0\\.1:(\\d+)"_s).match(QString::fromUtf8(out));
    return m.hasMatch() ? quint16(m.captured(1).toUInt()) : 0;
}

void stopAgent(QProcess& agent)
{
    if (agent.state() == QProcess::NotRunning)
        return;
    agent.terminate();
    if (!agent.waitForFinished(10000)) {
        agent.kill();
        agent.waitForFinished();
    }
}

} // namespace

class TestCliInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A numeric option is checked whatever path the command takes: with
    // --demo, snapshot never read --interval-ms and answered 0.
    void everyNumericOptionIsCheckedWhateverThePath_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("snapshot --demo --interval-ms abc")
            << QStringList{u"snapshot"_s, u"--demo"_s, u"--interval-ms"_s, u"abc"_s}
            << u"--interval-ms must be a whole number from 0 to 60000, not \"abc\""_s;
        QTest::newRow("snapshot --demo --interval-ms 60001")
            << QStringList{u"snapshot"_s, u"--demo"_s, u"--interval-ms"_s, u"60001"_s}
            << u"--interval-ms must be a whole number from 0 to 60000, not \"60001\""_s;
        QTest::newRow("snapshot --demo --demo-servers abc")
            << QStringList{u"snapshot"_s, u"--demo"_s, u"--demo-servers"_s, u"abc"_s}
            << u"--demo-servers must be a whole number from 1 to 64, not \"abc\""_s;
        QTest::newRow("record --demo --demo-servers 0")
            << QStringList{u"record"_s,         u"--demo"_s,
                           u"--demo-servers"_s, u"0"_s,
                           u"--duration"_s,     u"1s"_s,
                           u"--output"_s,       u"/nonexistent/t.jsonl"_s}
            << u"--demo-servers must be a whole number from 1 to 64, not \"0\""_s;
        // An option the command does not read is named, not ignored.
        QTest::newRow("select --interval-ms")
            << QStringList{u"select"_s, u"--gpus"_s, u"1"_s, u"--interval-ms"_s, u"500"_s}
            << u"select does not take --interval-ms (an option of snapshot, record)"_s;
        QTest::newRow("snapshot --duration abc")
            << QStringList{u"snapshot"_s, u"--demo"_s, u"--duration"_s, u"abc"_s}
            << u"snapshot does not take --duration (an option of record)"_s;
        QTest::newRow("wait --ttl")
            << QStringList{u"wait"_s, u"--demo"_s, u"--gpus"_s, u"1"_s, u"--ttl"_s, u"5m"_s}
            << u"wait does not take --ttl (an option of select, run)"_s;
        QTest::newRow("wait --attempt")
            << QStringList{u"wait"_s, u"--demo"_s, u"--gpus"_s, u"1"_s, u"--attempt"_s, u"2"_s}
            << u"wait does not take --attempt (an option of advise)"_s;
        QTest::newRow("--demo-servers without --demo")
            << QStringList{u"select"_s, u"--gpus"_s, u"1"_s, u"--demo-servers"_s, u"5"_s}
            << u"--demo-servers is the size of the demo fleet: give --demo with it"_s;
    }
    void everyNumericOptionIsCheckedWhateverThePath()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QVERIFY2(r.exitCode == 2, r.err.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // select --demo and wait --demo answer from the demo fleet, not from
    // this machine ("no GPU found").
    void selectAndWaitDemoRankTheDemoFleet_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("servers");
        QTest::newRow("select") << u"select"_s << gw::DemoWorld::kDefaultServers;
        QTest::newRow("wait, 5 servers") << u"wait"_s << 5;
    }
    void selectAndWaitDemoRankTheDemoFleet()
    {
        QFETCH(QString, command);
        QFETCH(int, servers);
        const Run r = cli({command, u"--demo"_s, u"--demo-servers"_s, QString::number(servers),
                           u"--gpus"_s, u"2"_s, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(!r.err.contains("no GPU found"), r.err.constData());
        QVERIFY2(r.err.contains("the demo fleet is simulated: nothing reserved"),
                 r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(gw::DemoWorld(servers).names().contains(o[u"server"_s].toString()),
                 r.out.constData());
        QCOMPARE(o[u"cuda_visible_devices"_s].toString().split(u',').size(), 2);
        QVERIFY(o[u"reservation"_s].isNull());

        // More than any demo server has: exit 3, each server's shortfall said.
        const Run none = cli({command, u"--demo"_s, u"--gpus"_s, u"64"_s});
        QCOMPARE(none.exitCode, 3);
        QVERIFY2(none.err.contains("no server has 64 GPUs that qualify"), none.err.constData());
        QVERIFY2(none.err.contains("gpu-lab-01: 64 GPUs asked"), none.err.constData());

        const Run both = cli(
            {command, u"--demo"_s, u"--source"_s, u"http://127.0.0.1:9"_s, u"--gpus"_s, u"1"_s});
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains("give --demo or --source, not both"), both.err.constData());
    }

    // run --demo cannot run a command on simulated GPUs: refused, and the
    // command is not run here instead.
    void runDemoIsRefusedAndRunsNothing()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(u"ran"_s);
        const Run r =
            cli({u"run"_s, u"--demo"_s, u"--gpus"_s, u"1"_s, u"--"_s, u"/bin/touch"_s, marker});
        QVERIFY2(r.exitCode == 2, r.err.constData());
        QVERIFY2(r.err.contains("run --demo: the demo fleet's GPUs are simulated"),
                 r.err.constData());
        QVERIFY(!QFile::exists(marker));
    }

    // "policy check" without its FILE is a known command with something
    // missing, not an unknown one.
    void policyCheckWithoutFileSaysWhatIsMissing()
    {
        const Run r = cli({u"policy"_s, u"check"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("policy check: FILE is missing (policy check FILE)"),
                 r.err.constData());
        QVERIFY2(!r.err.contains("unknown command"), r.err.constData());
        const Run extra = cli({u"policy"_s, u"check"_s, u"a.toml"_s, u"b.toml"_s});
        QCOMPARE(extra.exitCode, 2);
        QVERIFY2(extra.err.contains("policy check: too many arguments (b.toml)"),
                 extra.err.constData());
    }

    // gpuwarden-agent --demo needs no agent.toml: it runs on the built-in
    // settings and says the token it made for the run, which reads it.
    void agentDemoWithoutConfigRunsOnDefaults()
    {
        QProcess agent;
        const quint16 port = startAgent(agent, {u"--demo"_s, u"--port"_s, u"0"_s});
        const QByteArray err = agent.readAllStandardError();
        QVERIFY2(port, err.constData());
        const QRegularExpressionMatch m =
            QRegularExpression(u"token for this run \\(admin\\): ([0-9a-f]{32})"_s)
                .match(QString::fromUtf8(err));
        QVERIFY2(m.hasMatch(), err.constData());
        QProcessEnvironment env = cleanEnv();
        env.insert(u"GPUWARDEN_TOKEN"_s, m.captured(1));
        Run r;
        for (int i = 0; i < 50; ++i) { // until its first reading
            r = runCli(
                {u"snapshot"_s, u"--json"_s, u"--source"_s, u"http://127.0.0.1:%1"_s.arg(port)},
                env, {}, 10000);
            if (r.exitCode == 0)
                break;
            QTest::qWait(100);
        }
        stopAgent(agent);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("\"gpu-lab-01\""), r.out.constData());
    }

    // --demo-server is checked before the agent listens, and is refused
    // without --demo (the agent would serve this machine).
    void agentDemoServerIsCheckedBeforeListening_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("99") << QStringList{u"--demo"_s, u"--demo-server"_s, u"99"_s}
                            << u"--demo-server: expected 1..64, got \"99\""_s;
        QTest::newRow("without --demo")
            << QStringList{u"--demo-server"_s, u"5"_s}
            << u"--demo-server picks a server of the demo fleet: give --demo with it"_s;
        // --demo-past HOURS (bench_fleet's day of history) likewise.
        QTest::newRow("past 0") << QStringList{u"--demo"_s, u"--demo-past"_s, u"0"_s}
                                << u"--demo-past: expected 1..24 hours, got \"0\""_s;
        QTest::newRow("past 25") << QStringList{u"--demo"_s, u"--demo-past"_s, u"25"_s}
                                 << u"--demo-past: expected 1..24 hours, got \"25\""_s;
        QTest::newRow("past abc") << QStringList{u"--demo"_s, u"--demo-past"_s, u"abc"_s}
                                  << u"--demo-past: expected 1..24 hours, got \"abc\""_s;
        QTest::newRow("past without --demo")
            << QStringList{u"--demo-past"_s, u"5"_s}
            << u"--demo-past fills in the demo's past: give --demo with it"_s;
    }
    void agentDemoServerIsCheckedBeforeListening()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString config = dir.filePath(u"agent.toml"_s);
        QVERIFY(writeFile(config, agentConfig(dir.filePath(u"journal.sqlite"_s))));
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    args + QStringList{u"--config"_s, config, u"--port"_s, u"0"_s});
        const bool ended = agent.waitForFinished(10000);
        stopAgent(agent);
        QVERIFY2(ended, "the agent kept running");
        QCOMPARE(agent.exitCode(), 2);
        const QByteArray out = agent.readAllStandardOutput();
        const QByteArray err = agent.readAllStandardError();
        QVERIFY2(!out.contains("listening on"), out.constData());
        QVERIFY2(QString::fromUtf8(err).contains(message), err.constData());
    }

    // After a SIGKILL the journal knows the last reading it stored and the
    // numbers reserved ahead: those are said as such, not as lost readings.
    void aKilledAgentSaysWhatItKnowsOfTheCrash()
    {
        QTemporaryDir dir;
        const QString config = dir.filePath(u"agent.toml"_s);
        QVERIFY(writeFile(config, agentConfig(dir.filePath(u"journal.sqlite"_s))));
        const QStringList args{u"--config"_s, config, u"--demo"_s, u"--port"_s, u"0"_s};
        QProcess agent;
        QVERIFY(startAgent(agent, args));
        QTest::qWait(2500); // readings every 100 ms, stored at the writer's flushes
        agent.kill();
        QVERIFY(agent.waitForFinished(5000));

        QProcess again;
        QVERIFY(startAgent(again, args));
        QByteArray err;
        for (int i = 0; i < 50 && !err.contains("did not stop cleanly"); ++i) {
            again.waitForReadyRead(100);
            err += again.readAllStandardError();
        }
        stopAgent(again);
        const QRegularExpressionMatch m =
            QRegularExpression(u"the journal holds its readings up to number (\\d+); any "
                               u"reading taken after that before the stop was not stored\\. "
                               u"Numbers (\\d+) to (\\d+) were reserved and are skipped"_s)
                .match(QString::fromUtf8(err));
        QVERIFY2(m.hasMatch(), err.constData());
        QVERIFY2(!err.contains("are lost"), err.constData());
        const qulonglong stored = m.captured(1).toULongLong();
        QVERIFY2(stored > 0, err.constData());
        QCOMPARE(m.captured(2).toULongLong(), stored + 1);
        QVERIFY(m.captured(3).toULongLong() > stored);
    }
};

QTEST_GUILESS_MAIN(TestCliInput)
#include "tst_cliinput.moc"
