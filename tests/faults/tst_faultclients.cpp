// The fault suite, clients (issue 23, items 6, 7, 8 and the client parts of
// 11): the real gpuwarden-cli and the desktop's agent links against a
// hostile HTTP server (hostileserver.h) that announces 2 GB, streams without
// end, trickles a byte every 2 s, reports 10,000 GPUs or puts control
// characters in what it names. Each case asserts the promise: the message,
// the exit code, the CLI's peak memory, the time to give up, the GUI
// thread's ticks.

#include "hostileserver.h"

#include "../report/csvreader.h"

#include "engine/engine.h"
#include "engine/livestate.h"
#include "model/snapshot.h"
#include "model/snapshotjson.h"
#include "models/desktopstores.h"
#include "remote/agentlink.h"
#include "remote/agentlinks.h"
#include "sanitizers.h"
#include "window/mainwindow.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTimeZone>

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

using namespace faulttest;
using namespace gw;

namespace {

// A CLI run measured as wait4 sees it: exit code, output, peak resident
// memory (ru_maxrss, KiB) and wall time. exitCode -1: killed at the limit.
struct Measured
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    long maxRssKiB = 0;
    qint64 elapsedMs = 0;
};

Measured runMeasured(const QStringList& args, const QTemporaryDir& dir, int limitMs = 30'000)
{
    const QByteArray outPath = dir.filePath(QStringLiteral("cli.out")).toLocal8Bit();
    const QByteArray errPath = dir.filePath(QStringLiteral("cli.err")).toLocal8Bit();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.constData(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    QList<QByteArray> argBytes{QByteArrayLiteral(GW_CLI)};
    for (const QString& a : args)
        argBytes << a.toLocal8Bit();
    std::vector<char*> argv;
    for (QByteArray& a : argBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    // The token the CLI sends; the hostile server ignores it.
    qputenv("GPUWARDEN_TOKEN", "fault-suite-token");
    Measured m;
    QElapsedTimer clock;
    clock.start();
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, GW_CLI, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return m;
    int status = 0;
    rusage usage{};
    for (;;) {
        const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
        if (done == pid)
            break;
        if (clock.elapsed() > limitMs) {
            ::kill(pid, SIGKILL);
            ::wait4(pid, &status, 0, &usage);
            status = -1;
            break;
        }
        QTest::qSleep(20); // the hostile server serves on its own thread
    }
    m.elapsedMs = clock.elapsed();
    m.maxRssKiB = usage.ru_maxrss;
    m.exitCode = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    QFile out(QString::fromLocal8Bit(outPath));
    QFile err(QString::fromLocal8Bit(errPath));
    if (out.open(QIODevice::ReadOnly))
        m.out = out.readAll();
    if (err.open(QIODevice::ReadOnly))
        m.err = err.readAll();
    return m;
}

// What a client may hold of a reply at most, with Qt and the CLI's own
// working set: far below the 2 GB a hostile agent announces. Under ASan its
// shadow memory and its quarantine of freed blocks (256 MB) come on top.
const long kMaxRssKiB = gw::test::underAddressSanitizer() ? 400 * 1024 : 100 * 1024;
constexpr qint64 kTwoGB = 2'000'000'000;

// A reading of `gpus` GPUs, as an agent serves it.
QJsonObject readingOf(int gpus, const QString& server = QStringLiteral("lab-01"))
{
    Snapshot s;
    s.server = server;
    s.timestampMs = QDateTime::currentMSecsSinceEpoch();
    s.backend = QStringLiteral("nvml");
    s.intervalMs = 1000;
    for (int i = 0; i < gpus; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = QStringLiteral("GPU-%1").arg(i, 8, 10, QLatin1Char('0'));
        g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        g.utilizationGpuPercent = 50;
        g.memoryUsedMiB = 1000;
        g.memoryTotalMiB = 81559;
        s.gpus.append(g);
    }
    return toJson(s);
}

// The routes an agent link follows, with `reading` as its one reading.
void routeAgent(HostileServer& server, const QJsonObject& reading)
{
    const QByteArray info = QJsonDocument(QJsonObject{
                                              {QStringLiteral("stream"), QStringLiteral("s1")},
                                              {QStringLiteral("last_sequence"), 1},
                                              {QStringLiteral("interval_ms"), 1000},
                                          })
                                .toJson(QJsonDocument::Compact);
    server.route(QStringLiteral("/v1/info"), HostileReply::whole(info));
    QJsonObject sample = reading;
    sample.insert(QStringLiteral("sequence"), 1);
    const QByteArray samples = QJsonDocument(QJsonObject{
                                                 {QStringLiteral("samples"), QJsonArray{sample}},
                                                 {QStringLiteral("next"), 1},
                                                 {QStringLiteral("last_sequence"), 1},
                                                 {QStringLiteral("stream"), QStringLiteral("s1")},
                                             })
                                   .toJson(QJsonDocument::Compact);
    server.route(QStringLiteral("/v1/samples"), HostileReply::whole(samples));
}

// What a hostile agent puts in names: a line of its own for the CLI's
// stderr, a terminal escape that clears the screen, a bell, a carriage
// return, a bidi override.
const QString kForgedName = QStringLiteral("lab\r\ngpuwarden-cli: forged\x1b[2J\x07\u202e");
const QString kForgedNamePrinted =
    QStringLiteral("lab\\r\\ngpuwarden-cli: forged\\x1b[2J\\x07\\u202e");

// No byte of `text` is a control character but the line ends.
bool onlyLineEndsAreControls(const QByteArray& text)
{
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return uchar(c) >= 0x20 || c == '\n' || c == '\r'; });
}

// The lines of the CLI's stderr that are its own (Qt's own notes aside).
QList<QByteArray> cliLines(const QByteArray& err)
{
    QList<QByteArray> out;
    for (const QByteArray& line : err.split('\n'))
        if (!line.isEmpty() && !line.startsWith("QStandardPaths:"))
            out << line;
    return out;
}

} // namespace

class TestFaultClients : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Item 6: a reply announcing 2 GB is refused before its body is read;
    // one streaming without a length is cut at the limit. Either way the
    // CLI stays small and says why.
    void cliRefusesAHugeReplyWithBoundedMemory_data()
    {
        QTest::addColumn<bool>("announced");
        QTest::newRow("Content-Length 2 GB") << true;
        QTest::newRow("chunked, endless") << false;
    }
    void cliRefusesAHugeReplyWithBoundedMemory()
    {
        QFETCH(bool, announced);
        HostileServer server;
        server.route(
            QStringLiteral("/v1/snapshot"),
            HostileReply::endless(announced ? std::optional<qint64>(kTwoGB) : std::nullopt));
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const Measured m = runMeasured(
            {QStringLiteral("snapshot"), QStringLiteral("--source"), server.url().toString()}, dir);
        qInfo("peak RSS %ld KiB, %lld body bytes sent", m.maxRssKiB,
              qlonglong(server.bodyBytesSent()));
        QCOMPARE(m.exitCode, 1);
        QVERIFY2(m.err.contains("/v1/snapshot: the reply is larger than 16777216 bytes; refused"),
                 m.err.constData());
        QVERIFY2(m.maxRssKiB < kMaxRssKiB, QByteArray::number(qlonglong(m.maxRssKiB)).constData());
        // Announced: refused before the body is taken (what the kernel's
        // buffers took is all that was sent); chunked: cut near the limit.
        const qint64 mostSent = announced ? 16LL << 20 : 64LL << 20;
        QVERIFY2(server.bodyBytesSent() < mostSent,
                 QByteArray::number(server.bodyBytesSent()).constData());
    }

    // Item 6, `report --source`: /v1/readings is read line by line; a
    // "line" of 2 GB is refused at the line limit, not after it filled memory.
    void reportSourceRefusesAnEndlessLineWithBoundedMemory_data()
    {
        cliRefusesAHugeReplyWithBoundedMemory_data();
    }
    void reportSourceRefusesAnEndlessLineWithBoundedMemory()
    {
        QFETCH(bool, announced);
        HostileServer server;
        server.route(
            QStringLiteral("/v1/readings"),
            HostileReply::endless(announced ? std::optional<qint64>(kTwoGB) : std::nullopt));
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const QString policy = dir.filePath(QStringLiteral("policy.toml"));
        QFile f(policy);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const Measured m = runMeasured(
            {QStringLiteral("report"), QStringLiteral("--source"), server.url().toString(),
             QStringLiteral("--policy"), policy, QStringLiteral("--from"),
             QStringLiteral("2026-11-25T00:00"), QStringLiteral("--to"),
             QStringLiteral("2026-11-25T01:00"), QStringLiteral("--format"), QStringLiteral("csv"),
             QStringLiteral("--output"), dir.filePath(QStringLiteral("r.csv"))},
            dir);
        qInfo("peak RSS %ld KiB, %lld body bytes sent", m.maxRssKiB,
              qlonglong(server.bodyBytesSent()));
        QCOMPARE(m.exitCode, 1);
        QVERIFY2(m.err.contains("the readings stopped before the first reading: a line longer "
                                "than 16 MiB"),
                 m.err.constData());
        // The reply being read holds a line's limit and a little ahead of
        // the reader (44 MB peak seen; before, with no limit, 0.7 GB plain
        // and 9 GB under ASan, where the reader is slower than loopback).
        QVERIFY2(m.maxRssKiB < 512 * 1024, QByteArray::number(qlonglong(m.maxRssKiB)).constData());
    }

    // Item 7: a byte every 2 s never trips the 5 s idle timeout; the whole
    // call's deadline (twice it, 10 s) ends it with a message naming the
    // agent and the deadline.
    void cliGivesUpOnATricklingAgentAtItsDeadline()
    {
        HostileServer server;
        server.route(QStringLiteral("/v1/snapshot"), HostileReply::trickle(2000));
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const Measured m = runMeasured(
            {QStringLiteral("snapshot"), QStringLiteral("--source"), server.url().toString()}, dir,
            25'000);
        qInfo("gave up after %lld ms", m.elapsedMs);
        QCOMPARE(m.exitCode, 1);
        const QByteArray where = server.url().toString().toUtf8() + "/v1/snapshot";
        const QByteArray expected =
            where + ": no complete reply within 10 s, the deadline of the whole call";
        QVERIFY2(m.err.contains(expected), m.err.constData());
        QVERIFY2(m.elapsedMs < 13'000, QByteArray::number(m.elapsedMs).constData());
        QVERIFY(server.bodyBytesSent() >= 3); // it did trickle
    }

    // Item 7, the desktop: its link leaves "connecting" for "unreachable"
    // with the deadline's message, within the deadline.
    void desktopLinkLeavesConnectingAtItsDeadline()
    {
        HostileServer server;
        server.route(QStringLiteral("/v1/info"), HostileReply::trickle(2000));
        QVERIFY(server.listen());
        QNetworkAccessManager nam;
        AgentLink link(RemoteServer(QStringLiteral("trickler"), server.url()), &nam);
        QSignalSpy spy(&link, &AgentLink::statusChanged);
        QElapsedTimer clock;
        clock.start();
        link.start();
        QTRY_VERIFY_WITH_TIMEOUT(link.status().state != LinkState::Connecting, 15'000);
        QCOMPARE(link.status().state, LinkState::Unreachable);
        QVERIFY2(link.status().error.contains(
                     QStringLiteral("/v1/info: no complete reply within 10 s, the deadline")),
                 qPrintable(link.status().error));
        qInfo("left connecting after %lld ms", qlonglong(clock.elapsed()));
        QVERIFY2(clock.elapsed() < 2 * AgentLink::kTimeoutMs + 2000,
                 QByteArray::number(clock.elapsed()).constData());
        link.stop();
    }

    // Item 8: an agent reporting 10,000 GPUs is refused where its readings
    // are read (the fleet's thread), with the limit in the server's error;
    // nothing reaches the window, and the GUI thread's 10 ms timer keeps
    // ticking while the server is watched.
    void desktopRefusesTenThousandGpusAndStaysResponsive()
    {
        HostileServer server;
        routeAgent(server, readingOf(10'000));
        QVERIFY(server.listen());
        // The desktop as DesktopSession wires it: the links on their
        // thread, the engine, the live state and the window on this one.
        Engine engine;
        LiveState state;
        engine.addConsumer(&state, &LiveState::ingestBatch);
        DesktopStores stores;
        MainWindow window(&state, &stores);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        AgentLinks links(std::chrono::milliseconds(200));
        engine.attach(&links);
        QObject::connect(&links, &AgentLinks::statusChanged, &state, &LiveState::setConnection);
        const QString name = QStringLiteral("ten-thousand");

        int ticks = 0;
        qint64 longestGapMs = 0;
        QElapsedTimer sinceTick;
        QTimer ticker;
        ticker.setInterval(10);
        ticker.setTimerType(Qt::PreciseTimer);
        QObject::connect(&ticker, &QTimer::timeout, [&] {
            ++ticks;
            longestGapMs = std::max(longestGapMs, sinceTick.restart());
        });
        QElapsedTimer watched;
        watched.start();
        sinceTick.start();
        ticker.start();
        links.setServers({RemoteServer(name, server.url())});
        while (watched.elapsed() < 3000)
            QTest::qWait(50);
        ticker.stop();
        qInfo("%d ticks of 10 ms in 3 s, the longest gap %lld ms", ticks, longestGapMs);
        const LinkStatus* status = state.connection(name);
        QVERIFY(status);
        QCOMPARE(status->state, LinkState::Failing);
        QVERIFY2(status->error.contains(QStringLiteral("more than the 256 one server may report")),
                 qPrintable(status->error));
        QVERIFY(state.latest(name) == nullptr); // nothing was taken in
        // ~300 ticks in 3 s; before the limit the window took the readings
        // and the thread ticked 8 times, once after 35 s. The margin is for
        // a loaded CI machine and ASan.
        QVERIFY2(ticks >= 200, QByteArray::number(ticks).constData());
        QVERIFY2(longestGapMs < 250, QByteArray::number(longestGapMs).constData());
        links.stop();
    }

    // Item 11: the agent's words in an HTTP error (a newline, an escape
    // sequence) stay on the one line that names the agent.
    void cliPrintsAnAgentsErrorOnOneLine()
    {
        HostileServer server;
        HostileReply r = HostileReply::whole(
            QJsonDocument(QJsonObject{{QStringLiteral("error"),
                                       QJsonObject{{QStringLiteral("code"), QStringLiteral("x")},
                                                   {QStringLiteral("message"), kForgedName}}}})
                .toJson(QJsonDocument::Compact));
        r.status = "500 Internal Server Error";
        server.route(QStringLiteral("/v1/snapshot"), r);
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const Measured m = runMeasured(
            {QStringLiteral("snapshot"), QStringLiteral("--source"), server.url().toString()}, dir);
        QCOMPARE(m.exitCode, 1);
        QVERIFY2(onlyLineEndsAreControls(m.err), m.err.constData());
        const QList<QByteArray> lines = cliLines(m.err);
        QCOMPARE(lines.size(), 1);
        QCOMPARE(QString::fromUtf8(lines[0]),
                 QStringLiteral("gpuwarden-cli: %1/v1/snapshot: HTTP 500: %2")
                     .arg(server.url().toString(), kForgedNamePrinted));
    }

    // Item 11: `wait --source` names the agent's server on stderr; a
    // newline in that name forges no line of its own.
    void cliNamesAHostileServerOnOneLine()
    {
        HostileServer server;
        QJsonObject reading = readingOf(2, kForgedName);
        server.route(QStringLiteral("/v1/snapshot"),
                     HostileReply::whole(QJsonDocument(reading).toJson()));
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const Measured m =
            runMeasured({QStringLiteral("wait"), QStringLiteral("--gpus"), QStringLiteral("1"),
                         QStringLiteral("--source"), server.url().toString()},
                        dir);
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QVERIFY2(onlyLineEndsAreControls(m.err), m.err.constData());
        bool named = false;
        const QByteArray expected = "gpuwarden-cli: " + kForgedNamePrinted.toUtf8() + ": GPU ";
        for (const QByteArray& line : cliLines(m.err)) {
            QVERIFY2(line.startsWith("gpuwarden-cli: ") &&
                         !line.startsWith("gpuwarden-cli: forged"),
                     line.constData());
            named = named || line.startsWith(expected);
        }
        QVERIFY2(named, m.err.constData());
    }

    // Item 11: an agent whose server, GPU, user and command names hold
    // control characters. `report --source` says what it says on lines of
    // its own, and its CSV has no raw control character and reads back with
    // one row per reading's unit, the names escaped.
    void reportOfAHostileAgentHasNoRawControlCharacters()
    {
        const qint64 t0 =
            QDateTime(QDate(2026, 11, 25), QTime(0, 1), QTimeZone::utc()).toMSecsSinceEpoch();
        QList<QByteArray> lines;
        for (int i = 0; i < 5; ++i) {
            QJsonObject o = readingOf(2, kForgedName);
            o.insert(QStringLiteral("timestamp_ms"), double(t0 + i * 1000));
            QJsonArray gpus = o.value(QStringLiteral("gpus")).toArray();
            QJsonObject g = gpus.at(0).toObject();
            g.insert(QStringLiteral("name"), QStringLiteral("H100\n\x1b[31mred"));
            gpus.replace(0, g);
            o.insert(QStringLiteral("gpus"), gpus);
            o.insert(QStringLiteral("processes"),
                     QJsonArray{QJsonObject{
                         {QStringLiteral("pid"), 42},
                         {QStringLiteral("user"), QStringLiteral("eve\nmallory")},
                         {QStringLiteral("command"), QStringLiteral("python\r\x1b[2Jtrain.py")},
                         {QStringLiteral("gpu_uuid"), g.value(QStringLiteral("uuid"))},
                         {QStringLiteral("used_memory_mib"), 500},
                     }});
            lines << QJsonDocument(o).toJson(QJsonDocument::Compact);
        }
        HostileServer server;
        server.route(QStringLiteral("/v1/readings"), HostileReply::readings(lines));
        QVERIFY(server.listen());
        QTemporaryDir dir;
        const QString policy = dir.filePath(QStringLiteral("policy.toml"));
        QFile f(policy);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString csvPath = dir.filePath(QStringLiteral("r.csv"));
        const Measured m = runMeasured(
            {QStringLiteral("report"), QStringLiteral("--source"), server.url().toString(),
             QStringLiteral("--policy"), policy, QStringLiteral("--from"),
             QStringLiteral("2026-11-25T00:00:00Z"), QStringLiteral("--to"),
             QStringLiteral("2026-11-25T00:10:00Z"), QStringLiteral("--format"),
             QStringLiteral("csv"), QStringLiteral("--output"), csvPath},
            dir);
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QVERIFY2(onlyLineEndsAreControls(m.err), m.err.constData());
        for (const QByteArray& line : cliLines(m.err))
            QVERIFY2(line.startsWith("gpuwarden-cli: ") &&
                         !line.startsWith("gpuwarden-cli: forged"),
                     line.constData());
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray text = csv.readAll();
        QVERIFY2(onlyLineEndsAreControls(text), text.constData());
        QCOMPARE(text.count("\r\n"), text.count('\n')); // every line end is a row's
        QString error;
        const auto rows = gw::test::readCsv(text, &error);
        QVERIFY2(rows, qPrintable(error));
        QCOMPARE(rows->size(), text.count("\r\n")); // one row a line, the header's too
        const QStringList header = rows->first();
        const qsizetype table = header.indexOf(QStringLiteral("table"));
        const qsizetype serverColumn = header.indexOf(QStringLiteral("server"));
        const qsizetype model = header.indexOf(QStringLiteral("gpu_model"));
        QVERIFY(table >= 0 && serverColumn >= 0 && model >= 0);
        QStringList models;
        for (const QStringList& row : *rows) {
            if (row.value(table) != QStringLiteral("unit"))
                continue;
            QCOMPARE(row.value(serverColumn), kForgedNamePrinted);
            models << row.value(model);
        }
        models.sort();
        QCOMPARE(models, (QStringList{QStringLiteral("H100\\n\\x1b[31mred"),
                                      QStringLiteral("NVIDIA H100 80GB HBM3")}));
        QVERIFY(text.contains("eve\\nmallory"));
    }

    // Item 8 where the limit sits: 256 are read, 257 are refused, MIG
    // instances counted with the GPUs.
    void snapshotReaderRefusesMoreGpusThanTheLimit()
    {
        QString why;
        QVERIFY(snapshotFromJson(readingOf(kMaxGpusPerServer), &why));
        QVERIFY(!snapshotFromJson(readingOf(kMaxGpusPerServer + 1), &why));
        QCOMPARE(why, QStringLiteral("gpus: at least 257 GPUs and MIG instances, more than the 256 "
                                     "one server may report"));
        QJsonObject o = readingOf(kMaxGpusPerServer - 2);
        QJsonArray gpus = o.value(QStringLiteral("gpus")).toArray();
        QJsonObject g = gpus.at(0).toObject();
        g.insert(QStringLiteral("mig_instances"),
                 QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                        {QStringLiteral("uuid"), QStringLiteral("MIG-0")}},
                            QJsonObject{{QStringLiteral("index"), 1},
                                        {QStringLiteral("uuid"), QStringLiteral("MIG-1")}},
                            QJsonObject{{QStringLiteral("index"), 2},
                                        {QStringLiteral("uuid"), QStringLiteral("MIG-2")}}});
        gpus.replace(0, g);
        o.insert(QStringLiteral("gpus"), gpus);
        QVERIFY(!snapshotFromJson(o, &why));
        QVERIFY2(why.contains(QStringLiteral("more than the 256")), qPrintable(why));
    }
};

QTEST_MAIN(TestFaultClients)
#include "tst_faultclients.moc"
