// Issue 22's acceptance for readings without an interval, through the real
// binary: a trace whose readings are 30 s apart and carry no interval_ms
// (absent), one process at 95 % for 20 minutes under a 10 min hog rule.
// `replay` reports the hog, `tokens` charges the full 20 minutes, `report`
// covers the range, each saying the interval was inferred (30s). The same
// process around a real 30 min silence: the silence stays a gap in all
// three, and each warns that most of the time is gaps.

#include "clirunner.h"
#include "csvreader.h"
#include "model/snapshotjson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

using clitest::Run;
using clitest::runCli;

constexpr qint64 kT0 = 1'793'577'600'000; // 2026-11-02T00:00:00Z
constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;

const QByteArray kInferred = "gpuwarden-cli: node-1: its readings carry no sampling interval "
                             "(interval_ms); inferred 30s from the spacing of its first 6 "
                             "readings\n";

const char* const kPolicy = R"([hog]
threshold_percent = 80
duration = "10m"

[tokens]
time_zone = "UTC"

[tokens.prices]
"A100" = 3
)";

// alice's training at 95 % on node-1's one GPU, a reading at `atMs`, no
// interval.
QJsonObject reading(qint64 atMs)
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = atMs;
    s.backend = u"nvml"_s;
    GpuSample g;
    g.index = 0;
    g.uuid = u"GPU-0"_s;
    g.name = u"NVIDIA A100-SXM4-40GB"_s;
    g.utilizationGpuPercent = 95;
    g.memoryUsedMiB = 30000;
    g.memoryTotalMiB = 40960;
    s.gpus << g;
    GpuProcess p;
    p.pid = 4242;
    p.startTimeMs = kT0 - kMinute;
    p.uid = 1000;
    p.user = u"alice"_s;
    p.command = u"python train.py"_s;
    p.gpuUuid = u"GPU-0"_s;
    p.usedMemoryMiB = 30000;
    p.smUtilPercent = 95;
    s.processes << p;
    QJsonObject o = toJson(s);
    o.remove(u"interval_ms"_s); // absent, not null
    return o;
}

QList<QStringList> csvFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QString error;
    const auto rows = gw::test::readCsv(f.readAll(), &error);
    if (!rows)
        qFatal("CSV refused: %s", qPrintable(error));
    return *rows;
}

double spentBy(const QByteArray& booksJson, const QString& user)
{
    double spent = 0;
    const QJsonObject o = QJsonDocument::fromJson(booksJson).object();
    for (const QJsonValue& v : o.value(u"entries"_s).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(u"user"_s).toString() == user && e.value(u"kind"_s).toString() == u"usage"_s)
            spent -= e.value(u"amount"_s).toDouble();
    }
    return spent;
}

} // namespace

class TestCliIntervals : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_policy;
    QString m_steady; // 20 minutes, a reading every 30 s
    QString m_gap;    // 8 minutes, 30 minutes of silence, 8 minutes

    QString write(const QString& name, const QByteArray& data)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    QString trace(const QString& name, const QList<qint64>& times)
    {
        QByteArray data;
        for (qint64 t : times)
            data += QJsonDocument(reading(t)).toJson(QJsonDocument::Compact) + '\n';
        return write(name, data);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_policy = write(u"policy.toml"_s, kPolicy);
        QList<qint64> steady, gap;
        for (int i = 0; i < 40; ++i)
            steady << kT0 + i * 30 * kSecond;
        for (int i = 0; i < 16; ++i)
            gap << kT0 + i * 30 * kSecond << kT0 + 38 * kMinute + i * 30 * kSecond;
        std::sort(gap.begin(), gap.end());
        m_steady = trace(u"steady.jsonl"_s, steady);
        m_gap = trace(u"gap.jsonl"_s, gap);
    }

    void replayReportsTheHog()
    {
        const Run r = runCli({u"replay"_s, u"--trace"_s, m_steady, u"--policy"_s, m_policy,
                              u"--json"_s, u"--tz"_s, u"UTC"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains(kInferred), r.err.constData());
        QVERIFY2(!r.err.contains("gaps"), r.err.constData());
        QVERIFY2(r.err.contains("40 readings of 1 server replayed (0 outside the range): 1 hog"),
                 r.err.constData());
        const QJsonObject hog = QJsonDocument::fromJson(r.out.split('\n').first()).object();
        QVERIFY2(hog.value(u"id"_s).toString().startsWith(u"hog/"_s), r.out.constData());
        QCOMPARE(hog.value(u"user"_s).toString(), u"alice"_s);
        QCOMPARE(hog.value(u"start_ms"_s).toInteger(), kT0);
    }

    void tokensChargeTheWholeTime()
    {
        const Run r =
            runCli({u"tokens"_s, u"--trace"_s, m_steady, u"--policy"_s, m_policy, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains(kInferred), r.err.constData());
        // 20 minutes of one A100 at 3 an hour (a reading standing for 1 s
        // charged 40 s: 0.033).
        QVERIFY2(qFuzzyCompare(spentBy(r.out, u"alice"_s), 1.0), r.out.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(u"gaps"_s).toArray().size(), 0);
    }

    void reportCoversTheRange()
    {
        const QString folder = m_dir.filePath(u"report"_s);
        const Run r =
            runCli({u"report"_s, u"--trace"_s, m_steady, u"--policy"_s, m_policy, u"--from"_s,
                    QString::number(kT0), u"--to"_s, QString::number(kT0 + 20 * kMinute), u"--tz"_s,
                    u"UTC"_s, u"--format"_s, u"csv"_s, u"--output"_s, folder, u"--split"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains(kInferred), r.err.constData());
        const QList<QStringList> coverage = csvFile(QDir(folder).filePath(u"coverage.csv"_s));
        QCOMPARE(coverage.size(), 2);
        QCOMPARE(coverage[1].value(0), u"node-1"_s);
        QVERIFY2(qFuzzyCompare(coverage[1].value(1).toDouble(), 20.0 / 60), // the whole range
                 qPrintable(coverage[1].join(u',')));
        QCOMPARE(coverage[1].value(2), u"0"_s); // no gap
        const QList<QStringList> warnings = csvFile(QDir(folder).filePath(u"warning.csv"_s));
        QVERIFY2(warnings.contains(QStringList{QString::fromUtf8(kInferred.mid(15).chopped(1))}),
                 qPrintable(warnings.value(1).join(u',')));
    }

    void aRealGapStillShows()
    {
        // replay: neither 8-minute stretch is a 10-minute hog; the silence
        // breaks the run instead of joining the two.
        Run r = runCli({u"replay"_s, u"--trace"_s, m_gap, u"--policy"_s, m_policy, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains(kInferred), r.err.constData());
        QVERIFY2(r.err.contains("32 readings of 1 server replayed (0 outside the range): 0 hog"),
                 r.err.constData());
        // 30 of 46 minutes are gaps: said.
        QVERIFY2(r.err.contains("gpuwarden-cli: node-1: 65 % of the time from "),
                 r.err.constData());

        // tokens: 16 minutes charged, the silence listed as not charged.
        r = runCli({u"tokens"_s, u"--trace"_s, m_gap, u"--policy"_s, m_policy, u"--json"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(qFuzzyCompare(spentBy(r.out, u"alice"_s), 16.0 / 60 * 3), r.out.constData());
        const QJsonArray gaps = QJsonDocument::fromJson(r.out).object().value(u"gaps"_s).toArray();
        QCOMPARE(gaps.size(), 1);
        QCOMPARE(gaps[0].toObject().value(u"from_ms"_s).toInteger(), kT0 + 8 * kMinute);
        QCOMPARE(gaps[0].toObject().value(u"to_ms"_s).toInteger(), kT0 + 38 * kMinute);

        // report: one gap, 16 minutes covered.
        const QString folder = m_dir.filePath(u"gap-report"_s);
        r = runCli({u"report"_s, u"--trace"_s, m_gap, u"--policy"_s, m_policy, u"--from"_s,
                    QString::number(kT0), u"--to"_s, QString::number(kT0 + 46 * kMinute),
                    u"--format"_s, u"csv"_s, u"--output"_s, folder, u"--split"_s});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QStringList> coverage = csvFile(QDir(folder).filePath(u"coverage.csv"_s));
        QVERIFY2(qFuzzyCompare(coverage[1].value(1).toDouble(), 16.0 / 60),
                 qPrintable(coverage[1].join(u',')));
        QCOMPARE(coverage[1].value(2), u"1"_s);
    }
};

QTEST_GUILESS_MAIN(TestCliIntervals)
#include "tst_cliintervals.moc"
