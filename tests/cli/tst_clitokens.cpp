// `gpuwarden-cli tokens` as an admin runs it: the issue's worked example as a
// trace written with the real TraceWriter (and as a history store written
// with the real HistoryStore), the real binary, the books as JSON read back
// strictly and as text, a price change compared, and every way the command
// line can be wrong.

#include "clirunner.h"
#include "history/historystore.h"
#include "model/trace.h"
#include "tokens/tokensjson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

using clitest::Run;
using clitest::runCli;

constexpr qint64 kMinute = 60'000;
constexpr qint64 kT0 = 1'793'577'600'000; // 2026-11-02T00:00:00Z, a Monday

GpuSample gpu(int index, const QString& server, const QString& name)
{
    GpuSample g;
    g.index = index;
    g.uuid = QStringLiteral("GPU-%1-%2").arg(server).arg(index);
    g.name = name;
    g.utilizationGpuPercent = 90;
    g.memoryUsedMiB = 8000;
    g.memoryTotalMiB = 24576;
    return g;
}

GpuProcess process(const QString& user, qint64 pid, const QString& gpuUuid)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = kT0 - kMinute;
    p.uid = user == QLatin1String("alice") ? 1000 : 1001;
    p.user = user;
    p.command = QStringLiteral("python train.py");
    p.gpuUuid = gpuUuid;
    p.usedMemoryMiB = 8000;
    p.smUtilPercent = 90;
    return p;
}

// The issue's worked example on gpu-node-1, a reading a minute: alice holds
// 8 × RTX 2080 for 5 h, 4 × RTX 3090 for 10 h and 2 × RTX A6000 for 3 h
// (84 tokens). On gpu-node-2 bob holds an H100 for 1.5 h around a silence of
// 30 min (not charged: 12 tokens).
QList<Snapshot> world()
{
    QList<Snapshot> out;
    for (int i = 0; i < 610; ++i) {
        Snapshot a;
        a.server = QStringLiteral("gpu-node-1");
        a.timestampMs = kT0 + i * kMinute;
        a.intervalMs = kMinute;
        a.backend = QStringLiteral("nvml");
        for (int g = 0; g < 14; ++g) {
            const QString name = g < 8    ? QStringLiteral("NVIDIA GeForce RTX 2080")
                                 : g < 12 ? QStringLiteral("NVIDIA GeForce RTX 3090")
                                          : QStringLiteral("NVIDIA RTX A6000");
            a.gpus << gpu(g, a.server, name);
            const int minutes = g < 8 ? 300 : g < 12 ? 600 : 180;
            if (i < minutes)
                a.processes << process(QStringLiteral("alice"), 1000 + g, a.gpus.last().uuid);
        }
        out << a;
        if (i >= 120 || (i >= 30 && i < 60))
            continue;
        Snapshot b;
        b.server = QStringLiteral("gpu-node-2");
        b.timestampMs = a.timestampMs;
        b.intervalMs = kMinute;
        b.backend = QStringLiteral("nvml");
        b.gpus << gpu(0, b.server, QStringLiteral("NVIDIA H100 80GB HBM3"));
        b.processes << process(QStringLiteral("bob"), 2000, b.gpus.last().uuid);
        out << b;
    }
    return out;
}

const char* const kPolicy = R"([tokens]
initial = 100
monthly = 30
overdraft_floor = -10
time_zone = "UTC"

[tokens.prices]
"RTX 2080" = 0.5
"RTX 3090" = 1
"RTX A6000" = 4
"H100" = 8
)";

// The prices of RTX 3090 and H100 doubled.
const char* const kDearer = R"([tokens]
time_zone = "UTC"

[tokens.prices]
"RTX 2080" = 0.5
"RTX 3090" = 2
"RTX A6000" = 4
"H100" = 16
)";

double spentBy(const Books& books, const QString& user)
{
    double spent = 0;
    for (const LedgerEntry& e : books.entries)
        if (e.user == user && e.kind == LedgerEntry::Kind::Usage)
            spent -= e.amount;
    return spent;
}

// The columns of the row that starts with `user`.
QStringList rowOf(const QByteArray& text, const QString& user)
{
    for (const QByteArray& line : text.split('\n')) {
        const QStringList cells =
            QString::fromUtf8(line).split(QRegularExpression(u"\\s{2,}"_s), Qt::SkipEmptyParts);
        if (cells.value(0) == user)
            return cells;
    }
    return {};
}

} // namespace

class TestCliTokens : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void workedExampleAsJson();
    void workedExampleAsText();
    void workedExampleWithoutIntervalsChargesTheSame();
    void ledgerOfOneUser();
    void priceChangeCompared();
    void cutOffAndWarningsShown();
    void fromTheHistoryStore();
    void rangeLimitsTheBooks();
    void badTraceLineIsNamed();
    void mistakes_data();
    void mistakes();

private:
    QString write(const QString& name, const QByteArray& data);
    std::optional<Books> books(const QByteArray& json, QJsonObject* whole = nullptr);

    QTemporaryDir m_dir;
    QString m_trace;
    QString m_policy;
    QString m_dearer;
};

QString TestCliTokens::write(const QString& name, const QByteArray& data)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

std::optional<Books> TestCliTokens::books(const QByteArray& json, QJsonObject* whole)
{
    QJsonObject o = QJsonDocument::fromJson(json).object();
    if (whole)
        *whole = o;
    o.remove(u"compare"_s);
    QString error;
    const auto b = booksFromJson(o, &error);
    if (!b)
        qWarning("%s", qPrintable(error));
    return b;
}

void TestCliTokens::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = m_dir.filePath(u"month.jsonl"_s);
    TraceWriter w;
    QString error;
    QVERIFY2(w.open(m_trace, &error), qPrintable(error));
    for (const Snapshot& s : world())
        QVERIFY2(w.write(s, &error), qPrintable(error));
    w.close();
    m_policy = write(u"policy.toml"_s, kPolicy);
    m_dearer = write(u"dearer.toml"_s, kDearer);
}

void TestCliTokens::workedExampleAsJson()
{
    const Run r =
        runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto b = books(r.out);
    QVERIFY(b);
    // Exactly: 100 + 30 − (8 × 5 h × 0.5 + 4 × 10 h × 1 + 2 × 3 h × 4).
    QCOMPARE(b->balances.value(u"alice"_s), 46.0);
    QCOMPARE(spentBy(*b, u"alice"_s), 84.0);
    QCOMPARE(b->balances.value(u"bob"_s), 118.0); // 1.5 h × 8
    QCOMPARE(spentBy(*b, u"bob"_s), 12.0);
    QMap<QString, double> hours;
    for (const LedgerEntry& e : b->entries)
        if (e.user == u"alice"_s && e.kind == LedgerEntry::Kind::Usage)
            hours[e.gpuModel] += e.gpuHours;
    QCOMPARE(hours.value(u"NVIDIA GeForce RTX 2080"_s), 40.0);
    QCOMPARE(hours.value(u"NVIDIA GeForce RTX 3090"_s), 40.0);
    QCOMPARE(hours.value(u"NVIDIA RTX A6000"_s), 6.0);
    QCOMPARE(b->gaps.size(), 1);
    QCOMPARE(b->gaps[0].server, u"gpu-node-2"_s);
    QVERIFY(b->cutOff.isEmpty());
}

// The same month recorded without interval_ms (null, as a snapshot with an
// unknown interval is written): a reading a minute was charged as a second
// (84 tokens as 1.4). The stream infers each server's minute and says so;
// bob's 30 min silence is still a gap, not charged.
void TestCliTokens::workedExampleWithoutIntervalsChargesTheSame()
{
    const QString path = m_dir.filePath(u"no-interval.jsonl"_s);
    TraceWriter w;
    QString error;
    QVERIFY2(w.open(path, &error), qPrintable(error));
    for (Snapshot s : world()) {
        s.intervalMs.reset();
        QVERIFY2(w.write(s, &error), qPrintable(error));
    }
    w.close();
    const Run r = runCli({u"tokens"_s, u"--trace"_s, path, u"--policy"_s, m_policy, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto b = books(r.out);
    QVERIFY(b);
    QCOMPARE(spentBy(*b, u"alice"_s), 84.0);
    QCOMPARE(b->balances.value(u"alice"_s), 46.0);
    QCOMPARE(spentBy(*b, u"bob"_s), 12.0);
    QCOMPARE(b->gaps.size(), 1);
    QCOMPARE(b->gaps.first().server, u"gpu-node-2"_s);
    QCOMPARE(b->gaps.first().fromMs, kT0 + 30 * kMinute);
    QCOMPARE(b->gaps.first().toMs, kT0 + 60 * kMinute);
    for (const char* server : {"gpu-node-1", "gpu-node-2"}) {
        const QByteArray line = "gpuwarden-cli: " + QByteArray(server) +
                                ": its readings carry no sampling interval (interval_ms); "
                                "inferred 1m from the spacing of its first 6 readings\n";
        QVERIFY2(r.err.contains(line), r.err.constData());
        QVERIFY(b->warnings.contains(QString::fromUtf8(line.mid(15).chopped(1))));
    }
}

void TestCliTokens::workedExampleAsText()
{
    const Run r = runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList alice = rowOf(r.out, u"alice"_s);
    QVERIFY2(alice.size() == 5, r.out.constData());
    QCOMPARE(alice[1], u"46"_s);  // balance
    QCOMPARE(alice[2], u"84"_s);  // spent
    QCOMPARE(alice[3], u"130"_s); // granted
    QCOMPARE(alice[4], u"NVIDIA GeForce RTX 2080 40 h, NVIDIA GeForce RTX 3090 40 h, NVIDIA RTX "
                       "A6000 6 h"_s);
    QCOMPARE(rowOf(r.out, u"bob"_s).value(1), u"118"_s);
    QVERIFY2(r.out.contains("no readings from gpu-node-2 2026-11-02 00:"), r.out.constData());
    QVERIFY2(r.out.contains(": not charged\n"), r.out.constData());
    QVERIFY2(!r.out.contains("ledger of"), r.out.constData());
}

void TestCliTokens::ledgerOfOneUser()
{
    const Run r = runCli(
        {u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy, u"--user"_s, u"alice"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const qsizetype at = r.out.indexOf("ledger of alice:");
    QVERIFY2(at >= 0, r.out.constData());
    QByteArray ledger = r.out.mid(at);
    ledger.truncate(ledger.indexOf("\n\n"));                      // the gaps follow
    QVERIFY2(!ledger.contains("gpu-node-2"), ledger.constData()); // bob's entries left out
    // Each line carries the running balance: the last usage line ends at 46.
    QList<QStringList> usage;
    for (const QByteArray& line : ledger.split('\n')) {
        const QStringList cells =
            QString::fromUtf8(line).split(QRegularExpression(u"\\s{2,}"_s), Qt::SkipEmptyParts);
        if (cells.value(1) == u"usage"_s)
            usage << cells;
    }
    QVERIFY2(!usage.isEmpty(), ledger.constData());
    QCOMPARE(usage.last().value(3), u"46"_s);
    QVERIFY2(ledger.contains("grant"), ledger.constData());
}

void TestCliTokens::priceChangeCompared()
{
    Run r = runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy, u"--compare"_s,
                    m_dearer, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonObject whole;
    QVERIFY(books(r.out, &whole));
    const QJsonArray compare = whole[u"compare"_s].toArray();
    QCOMPARE(compare.size(), 2);
    QCOMPARE(compare[0][u"user"_s].toString(), u"alice"_s);
    QCOMPARE(compare[0][u"before"_s].toDouble(), 46.0);
    QCOMPARE(compare[0][u"after"_s].toDouble(), 6.0); // the 3090s cost 40 more
    QCOMPARE(compare[0][u"difference"_s].toDouble(), -40.0);
    QCOMPARE(compare[1][u"user"_s].toString(), u"bob"_s);
    QCOMPARE(compare[1][u"difference"_s].toDouble(), -12.0);

    r = runCli(
        {u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy, u"--compare"_s, m_dearer});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const qsizetype at = r.out.indexOf("difference");
    QVERIFY2(at >= 0, r.out.constData());
    const QStringList alice = rowOf(r.out.mid(at), u"alice"_s);
    QCOMPARE(alice, (QStringList{u"alice"_s, u"46"_s, u"6"_s, u"-40"_s}));
}

void TestCliTokens::cutOffAndWarningsShown()
{
    // H100 at 100: bob's 1.5 h cost 150, 130 − 150 = −20, below the floor
    // of −10; a price for a GPU no server has is a warning with its line.
    const QString dear = write(u"h100.toml"_s, "[tokens]\ntime_zone = \"UTC\"\n\n"
                                               "[tokens.prices]\n\"H100\" = 100\n"
                                               "\"V100\" = 3\n");
    Run r = runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, dear});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(rowOf(r.out, u"bob"_s).value(1), u"-20 (at or below the floor, -10)"_s);
    QVERIFY2(r.out.contains("\nwarning: price \"V100\" (line 6) matches no GPU seen\n"),
             r.out.constData());
    r = runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, dear, u"--json"_s});
    const auto b = books(r.out);
    QVERIFY(b);
    QCOMPARE(b->cutOff, QStringList{u"bob"_s});
    QCOMPARE(b->balances.value(u"bob"_s), -20.0);
}

void TestCliTokens::fromTheHistoryStore()
{
    const QString path = m_dir.filePath(u"history.db"_s);
    {
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        const QList<Snapshot> all = world();
        for (qsizetype i = 0; i < all.size(); i += 100)
            QVERIFY2(store->append(all.mid(i, 100), &error), qPrintable(error));
    }
    const Run r = runCli({u"tokens"_s, u"--history"_s, path, u"--policy"_s, m_policy, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto b = books(r.out);
    QVERIFY(b);
    QCOMPARE(b->balances.value(u"alice"_s), 46.0);
    QCOMPARE(spentBy(*b, u"alice"_s), 84.0);
    QCOMPARE(b->balances.value(u"bob"_s), 118.0);
}

void TestCliTokens::rangeLimitsTheBooks()
{
    // Readings of the first two hours; an hour's use is charged at its end,
    // so the books to 01:59 hold the first hour (8 × 0.5 + 4 × 1 + 2 × 4 =
    // 16 tokens), the books to 02:00 both.
    Run r = runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy, u"--from"_s,
                    u"2026-11-02T00:00:00Z"_s, u"--to"_s, u"2026-11-02 01:59"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    auto b = books(r.out);
    QVERIFY(b);
    QCOMPARE(spentBy(*b, u"alice"_s), 16.0);
    QCOMPARE(b->balances.value(u"alice"_s), 114.0);
    r = runCli({u"tokens"_s, u"--trace"_s, m_trace, u"--policy"_s, m_policy, u"--from"_s,
                u"2026-11-02T00:00:00Z"_s, u"--to"_s, u"2026-11-02 02:00"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    b = books(r.out);
    QVERIFY(b);
    QCOMPARE(spentBy(*b, u"alice"_s), 32.0);
    QCOMPARE(b->balances.value(u"alice"_s), 98.0);
}

void TestCliTokens::badTraceLineIsNamed()
{
    QFile f(m_trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    text += "{\"server\": 3}\n";
    const QString path = write(u"bad.jsonl"_s, text);
    const Run r = runCli({u"tokens"_s, u"--trace"_s, path, u"--policy"_s, m_policy});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("bad.jsonl:"), r.err.constData());
    QVERIFY(r.out.isEmpty()); // no books from a part of the record
}

void TestCliTokens::mistakes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString trace = m_trace;
    const QString policy = m_policy;
    const QString none = write(u"none.toml"_s, "[hog]\nthreshold_percent = 90\n");
    const QString broken = write(u"broken.toml"_s, "[tokens]\ncharge = \"hold\"\n");
    QTest::newRow("no policy") << QStringList{u"tokens"_s, u"--trace"_s, trace} << 2
                               << u"gpuwarden-cli: tokens: give --policy FILE (its [tokens] "
                                  "section prices the GPU time)\n"_s;
    QTest::newRow("no [tokens]") << QStringList{u"tokens"_s, u"--trace"_s, trace, u"--policy"_s,
                                                none}
                                 << 2 << u"gpuwarden-cli: %1 has no [tokens] section\n"_s.arg(none);
    QTest::newRow("compare without [tokens]")
        << QStringList{u"tokens"_s, u"--trace"_s,   trace, u"--policy"_s,
                       policy,      u"--compare"_s, none}
        << 2 << u"gpuwarden-cli: %1 has no [tokens] section\n"_s.arg(none);
    QTest::newRow("refused policy")
        << QStringList{u"tokens"_s, u"--trace"_s, trace, u"--policy"_s, broken} << 2
        << u"gpuwarden-cli: %1:2:10: \"charge\" must be \"held\" or \"used\" or \"energy\", not \"hold\"\n"_s
               .arg(broken);
    QTest::newRow("unreadable policy")
        << QStringList{u"tokens"_s, u"--trace"_s, trace, u"--policy"_s, u"/nonexistent/p.toml"_s}
        << 1
        << u"gpuwarden-cli: /nonexistent/p.toml: cannot read the policy: No such file or "
           "directory\n"_s;
    QTest::newRow("no readings named")
        << QStringList{u"tokens"_s, u"--policy"_s, policy} << 2
        << u"gpuwarden-cli: tokens: give --trace FILE or --history FILE\n"_s;
    QTest::newRow("unreadable trace")
        << QStringList{u"tokens"_s, u"--trace"_s, u"/nonexistent/run.jsonl"_s, u"--policy"_s,
                       policy}
        << 1 << u"gpuwarden-cli: /nonexistent/run.jsonl: "_s;
    QTest::newRow("unreadable history")
        << QStringList{u"tokens"_s, u"--history"_s, trace, u"--policy"_s, policy} << 1
        << u"is not a GPU Warden history file"_s;
    QTest::newRow("from after to")
        << QStringList{u"tokens"_s, u"--trace"_s,          trace,     u"--policy"_s,        policy,
                       u"--from"_s, u"2026-11-03 00:00"_s, u"--to"_s, u"2026-11-02 00:00"_s}
        << 2 << u"gpuwarden-cli: tokens: the range is empty (--to must be after --from)\n"_s;
    QTest::newRow("bad time") << QStringList{u"tokens"_s,   u"--trace"_s, trace,
                                             u"--policy"_s, policy,       u"--from"_s,
                                             u"yesterday"_s}
                              << 2
                              << u"gpuwarden-cli: --from: \"yesterday\" is not a time (write "
                                 "2026-11-24T09:00:00+01:00, 2026-11-24 09:00 or milliseconds "
                                 "since the epoch)\n"_s;
}

void TestCliTokens::mistakes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(r.out.isEmpty());
    if (message.endsWith(u'\n'))
        QCOMPARE(QString::fromUtf8(r.err), message);
    else // the reason from the system or the store, in its words
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliTokens)
#include "tst_clitokens.moc"
