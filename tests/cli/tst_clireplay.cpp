// `gpuwarden-cli replay` as a user runs it: a trace written with the real
// TraceWriter, a policy file, the real binary; its events as JSON and text,
// the range options, and every way the input can be wrong.

#include "clirunner.h"
#include "model/snapshotjson.h"
#include "model/trace.h"
#include "policy/policyevent.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gw;

namespace {

using clitest::Run;
using clitest::runCli;

constexpr qint64 kT0 = 1'790'000'000'000;

// 90 s of node-1: alice's python at 95 % on GPU 0 (a hog after 10 s, and
// half of the server: over her 30 % quota), bob's notebook holding 2 GiB on
// an unused GPU 1 (idle after the 1 min window).
Snapshot reading(int second)
{
    Snapshot s;
    s.server = QStringLiteral("node-1");
    s.timestampMs = kT0 + second * 1000;
    s.intervalMs = 1000;
    s.backend = QStringLiteral("nvml");
    for (int i = 0; i < 2; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = QStringLiteral("GPU-%1").arg(i);
        g.name = QStringLiteral("NVIDIA A100");
        g.utilizationGpuPercent = i == 0 ? 95 : 2;
        g.memoryUsedMiB = 4096;
        g.memoryTotalMiB = 40960;
        g.powerW = i == 0 ? 300 : 55;
        g.powerLimitW = 400;
        s.gpus << g;
    }
    GpuProcess alice;
    alice.pid = 100;
    alice.startTimeMs = kT0 - 60'000;
    alice.uid = 1000;
    alice.user = QStringLiteral("alice");
    alice.command = QStringLiteral("python train.py");
    alice.gpuUuid = QStringLiteral("GPU-0");
    alice.usedMemoryMiB = 4096;
    GpuProcess bob = alice;
    bob.pid = 200;
    bob.uid = 1001;
    bob.user = QStringLiteral("bob");
    bob.command = QStringLiteral("python notebook.py");
    bob.gpuUuid = QStringLiteral("GPU-1");
    bob.usedMemoryMiB = 2048;
    s.processes = {alice, bob};
    return s;
}

const char* const kPolicy = R"([hog]
threshold_percent = 80
duration = "10s"

[idle]
min_gpu_utilization = 10
time_window = "1m"
warnings = ["30s"]
action = "terminate"

[quota]
window = "1m"
users = { alice = 30 }
)";

} // namespace

class TestCliReplay : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void eventsAsJson();
    void eventsAsText();
    void rangeOptions();
    void badTraceLineIsNamed();
    void readingsOutOfOrderAreRefused();
    void brokenPolicyIsRefused();
    void mistakesInArguments_data();
    void mistakesInArguments();
    void whatIfAnotherShare();

private:
    QString writeTrace(const QString& name, int seconds, const QByteArray& tail = {});

    QTemporaryDir m_dir;
    QString m_trace;
    QString m_policy;
};

QString TestCliReplay::writeTrace(const QString& name, int seconds, const QByteArray& tail)
{
    const QString path = m_dir.filePath(name);
    TraceWriter w;
    QString error;
    if (!w.open(path, &error))
        qFatal("%s", qPrintable(error));
    for (int i = 0; i < seconds; ++i)
        if (!w.write(reading(i), &error))
            qFatal("%s", qPrintable(error));
    w.close();
    QFile f(path);
    if (!tail.isEmpty() && f.open(QIODevice::Append))
        f.write(tail);
    return path;
}

void TestCliReplay::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = writeTrace(QStringLiteral("run.jsonl"), 90);
    m_policy = m_dir.filePath(QStringLiteral("policy.toml"));
    QFile f(m_policy);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kPolicy);
}

void TestCliReplay::eventsAsJson()
{
    const Run r = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                          QStringLiteral("--policy"), m_policy, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QList<PolicyEvent> events;
    for (const QByteArray& line : r.out.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        QVERIFY2(doc.isObject(), line.constData());
        QString error;
        const auto e = policyEventFromJson(doc.object(), &error);
        QVERIFY2(e, qPrintable(error));
        events << *e;
    }
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0].kind, PolicyEventKind::Hog); // judged at 9 s
    QCOMPARE(events[0].startMs, kT0);
    QCOMPARE(events[0].detectedMs, kT0 + 9000);
    QVERIFY(events[0].isOpen());
    QCOMPARE(events[1].kind, PolicyEventKind::FairShare); // half the window at 29 s
    QCOMPARE(events[1].user, QStringLiteral("alice"));
    QCOMPARE(events[1].quotaPercent, 30.0);
    QCOMPARE(events[2].kind, PolicyEventKind::Idle); // the window covered at 59 s
    QCOMPARE(events[2].pid, 200);
    QCOMPARE(events[2].detectedMs, kT0 + 59'000);
    // The warning at once, the action 30 s later; a replay carries nothing out.
    QCOMPARE(events[2].actions.size(), 2);
    QCOMPARE(events[2].actions[0].kind, PolicyAction::Kind::Warning);
    QCOMPARE(events[2].actions[1].kind, PolicyAction::Kind::Terminate);
    QCOMPARE(events[2].actions[1].atMs, kT0 + 89'000);
    QVERIFY(events[2].actions[1].simulated);
    QVERIFY2(
        r.err.contains("90 readings of 1 server replayed (0 outside the range): 1 hog, 1 idle, 1 "
                       "fair-share events"),
        r.err.constData());
}

void TestCliReplay::eventsAsText()
{
    const Run r = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                          QStringLiteral("--policy"), m_policy, QStringLiteral("--tz"),
                          QStringLiteral("UTC")});
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines[0].startsWith("2026-09-21T14:13:20+00:00 – ongoing  GPU hog: python train.py "
                                 "(PID 100, alice) at 95 % for 90 s on node-1 GPU 0 (estimated)"),
             lines[0].constData());
    QVERIFY2(lines[2].contains("would send SIGTERM to PID 200"), lines[2].constData());
}

void TestCliReplay::rangeOptions()
{
    // Only the first 20 s: a hog, too little for the quota window or idle.
    const Run r = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                          QStringLiteral("--policy"), m_policy, QStringLiteral("--to"),
                          QString::number(kT0 + 20'000), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.count('\n'), 1);
    QVERIFY2(r.err.contains("20 readings of 1 server replayed (70 outside the range)"),
             r.err.constData());
    const Run iso = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                            QStringLiteral("--policy"), m_policy, QStringLiteral("--from"),
                            QStringLiteral("2026-09-21T14:14:20Z"), QStringLiteral("--json")});
    QCOMPARE(iso.exitCode, 0);
    QVERIFY2(iso.err.contains("30 readings of 1 server replayed (60 outside the range)"),
             iso.err.constData());
}

void TestCliReplay::badTraceLineIsNamed()
{
    const QString path = writeTrace(QStringLiteral("bad.jsonl"), 20, "{\"server\": 3}\n");
    const Run r = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), path,
                          QStringLiteral("--policy"), m_policy, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("bad.jsonl:21: "), r.err.constData());
    // What was found before the bad line is still printed.
    QCOMPARE(r.out.count('\n'), 1);
}

void TestCliReplay::readingsOutOfOrderAreRefused()
{
    QByteArray older = toJsonBytes(reading(5), false) + '\n';
    const QString path = writeTrace(QStringLiteral("order.jsonl"), 20, older);
    const Run r = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), path});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("order.jsonl:21: reading of \"node-1\""), r.err.constData());
    QVERIFY2(r.err.contains("is older than its previous reading"), r.err.constData());
}

void TestCliReplay::brokenPolicyIsRefused()
{
    const QString path = m_dir.filePath(QStringLiteral("broken.toml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[hog]\nthreshold_percnt = 80\n");
    f.close();
    const Run r = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                          QStringLiteral("--policy"), path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("broken.toml:2:1: "), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

// What if alice's share were 60 % (issue 29): alice's job uses 0.95 of a GPU
// of two, bob's 0.02; of the usage remembered alice has 0.475 / 0.485. Her
// factor 2^(-u/S): S = 30/130 under the policy, 60/160 with --share.
void TestCliReplay::whatIfAnotherShare()
{
    const auto factor = [&](const QStringList& extra) {
        const Run r =
            runCli(QStringList{QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                               QStringLiteral("--policy"), m_policy, QStringLiteral("--json")} +
                   extra);
        if (r.exitCode != 0)
            qFatal("replay: %s", r.err.constData());
        const QJsonObject last =
            QJsonDocument::fromJson(r.out.trimmed().split('\n').last()).object();
        for (const QJsonValue& u :
             last[QStringLiteral("fair_share")][0][QStringLiteral("users")].toArray())
            if (u[QStringLiteral("user")].toString() == QLatin1String("alice"))
                return u[QStringLiteral("fair_share_factor")].toDouble();
        return -1.0;
    };
    const double used = 0.475 / 0.485;
    QVERIFY(qAbs(factor({QStringLiteral("--half-life"), QStringLiteral("1d")}) -
                 std::exp2(-used / (30.0 / 130))) < 1e-3);
    QVERIFY(qAbs(factor({QStringLiteral("--share"), QStringLiteral("alice=60")}) -
                 std::exp2(-used / (60.0 / 160))) < 1e-3);
    // For people, on stderr after the events' summary.
    const Run text = runCli({QStringLiteral("replay"), QStringLiteral("--trace"), m_trace,
                             QStringLiteral("--half-life"), QStringLiteral("2h")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.err.contains("what if: half-life 2h\nfair share at the end, node-1: alice "),
             text.err.constData());
}

void TestCliReplay::mistakesInArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no trace") << QStringList{QStringLiteral("replay")} << 2
                              << QStringLiteral("replay: give --trace FILE or --history FILE");
    QTest::newRow("missing trace")
        << QStringList{QStringLiteral("replay"), QStringLiteral("--trace"),
                       QStringLiteral("/nonexistent/run.jsonl")}
        << 1 << QStringLiteral("/nonexistent/run.jsonl");
    QTest::newRow("bad time") << QStringList{QStringLiteral("replay"), QStringLiteral("--trace"),
                                             QStringLiteral("x"), QStringLiteral("--from"),
                                             QStringLiteral("yesterday")}
                              << 2 << QStringLiteral("--from: \"yesterday\" is not a time");
    QTest::newRow("bad zone") << QStringList{QStringLiteral("replay"), QStringLiteral("--trace"),
                                             QStringLiteral("x"), QStringLiteral("--tz"),
                                             QStringLiteral("Mars/Olympus")}
                              << 2 << QStringLiteral("--tz: \"Mars/Olympus\" is not a time zone");
    QTest::newRow("half-life") << QStringList{QStringLiteral("replay"), QStringLiteral("--trace"),
                                              QStringLiteral("x"), QStringLiteral("--half-life"),
                                              QStringLiteral("10m")}
                               << 2
                               << QStringLiteral("--half-life: \"10m\" is not a duration "
                                                 "from 1h to 90d");
    QTest::newRow("share") << QStringList{QStringLiteral("replay"), QStringLiteral("--trace"),
                                          QStringLiteral("x"), QStringLiteral("--share"),
                                          QStringLiteral("alice")}
                           << 2
                           << QStringLiteral("--share: \"alice\" is not NAME=PERCENT with a "
                                             "percent from 0 to 100");
}

void TestCliReplay::mistakesInArguments()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliReplay)
#include "tst_clireplay.moc"
