// The one reading stream (core/readings) over real trace files: a server's
// sampling interval inferred from the spacing of its readings when they carry
// none (null and absent alike), said once per server with the value; two
// servers at different spacings; a single reading; irregular spacing; a
// given interval kept; real gaps still gaps; a range mostly gaps warned
// about; several specs merged by time; ranges and servers skipped.

#include "model/snapshotjson.h"
#include "model/trace.h"
#include "policy/policyengine.h"
#include "readings/intervalinference.h"
#include "readings/readingstream.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 kT0 = 1'793'577'600'000; // 2026-11-02T00:00:00Z
constexpr qint64 kSecond = 1000;

Snapshot reading(const QString& server, qint64 atMs, std::optional<qint64> intervalMs = {})
{
    Snapshot s;
    s.server = server;
    s.timestampMs = atMs;
    s.intervalMs = intervalMs;
    s.backend = u"nvml"_s;
    GpuSample g;
    g.index = 0;
    g.uuid = u"GPU-%1"_s.arg(server);
    g.name = u"NVIDIA A100"_s;
    g.utilizationGpuPercent = 95;
    s.gpus << g;
    return s;
}

enum class Absent
{
    Null,   // "interval_ms":null, as the snapshot JSON writes an unknown interval
    Missing // no key at all
};

} // namespace

class TestReadingStream : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    // The readings as a trace file, one JSON line each.
    QString trace(const QList<Snapshot>& readings, Absent absent = Absent::Null)
    {
        const QString path = m_dir.filePath(u"t%1.jsonl"_s.arg(++m_files));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        for (const Snapshot& s : readings) {
            QJsonObject o = toJson(s);
            if (absent == Absent::Missing && !s.intervalMs)
                o.remove(u"interval_ms"_s);
            f.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
        }
        return path;
    }

    static QList<Snapshot> readAll(ReadingStream& stream, QString* error)
    {
        QList<Snapshot> out;
        while (auto s = stream.next(error))
            out << *s;
        return out;
    }

    static std::unique_ptr<ReadingStream> open(const QList<ReadingSpec>& specs)
    {
        QString error;
        auto stream = ReadingStream::open(specs, &error);
        if (!stream)
            qFatal("cannot open: %s", qPrintable(error));
        return stream;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void theIntervalIsTheLowerMedianOfTheSpacings_data()
    {
        QTest::addColumn<QList<qint64>>("spacings");
        QTest::addColumn<std::optional<qint64>>("interval");
        QTest::newRow("regular") << QList<qint64>{30, 30, 30, 30, 30} << std::optional<qint64>(30);
        QTest::newRow("irregular")
            << QList<qint64>{28, 31, 30, 29, 33} << std::optional<qint64>(30);
        QTest::newRow("one long silence")
            << QList<qint64>{30, 600, 30, 30, 30} << std::optional<qint64>(30);
        QTest::newRow("two, the shorter") << QList<qint64>{30, 600} << std::optional<qint64>(30);
        QTest::newRow("one") << QList<qint64>{45} << std::optional<qint64>(45);
        QTest::newRow("none") << QList<qint64>{} << std::optional<qint64>();
        QTest::newRow("not positive") << QList<qint64>{0, -5} << std::optional<qint64>();
    }
    void theIntervalIsTheLowerMedianOfTheSpacings()
    {
        QFETCH(QList<qint64>, spacings);
        QFETCH(std::optional<qint64>, interval);
        QCOMPARE(IntervalInference::inferFrom(spacings), interval);
    }

    void nullAndAbsentIntervalsAreInferredAlike_data()
    {
        QTest::addColumn<int>("absent");
        QTest::newRow("null") << int(Absent::Null);
        QTest::newRow("absent") << int(Absent::Missing);
    }
    void nullAndAbsentIntervalsAreInferredAlike()
    {
        QFETCH(int, absent);
        QList<Snapshot> readings;
        for (int i = 0; i < 40; ++i)
            readings << reading(u"node-1"_s, kT0 + i * 30 * kSecond);
        const QString path = trace(readings, Absent(absent));
        const QByteArray first = [&] {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readLine();
        }();
        QCOMPARE(first.contains("\"interval_ms\":null"), Absent(absent) == Absent::Null);
        QCOMPARE(first.contains("interval_ms"), Absent(absent) == Absent::Null);

        auto stream = open({ReadingSpec::trace(path)});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(out.size(), 40);
        for (qsizetype i = 0; i < out.size(); ++i) {
            QCOMPARE(out[i].timestampMs, kT0 + i * 30 * kSecond); // the order kept
            QCOMPARE(out[i].intervalMs, std::optional<qint64>(30 * kSecond));
        }
        QCOMPARE(stream->inferredIntervalMs(u"node-1"_s), std::optional<qint64>(30 * kSecond));
        QCOMPARE(stream->notes().size(), 1); // once, not per reading
        QVERIFY2(stream->notes().first().startsWith(u"node-1: "_s) &&
                     stream->notes().first().contains(u"inferred 30s"_s),
                 qPrintable(stream->notes().first()));
        QCOMPARE(stream->gapWarnings(QTimeZone::utc()), QStringList());
    }

    void twoServersKeepTheirOwnSpacing()
    {
        // a every 10 s, b every 60 s, interleaved by time for 10 minutes.
        QList<Snapshot> readings;
        for (qint64 t = 0; t < 600; t += 10) {
            readings << reading(u"a"_s, kT0 + t * kSecond);
            if (t % 60 == 0)
                readings << reading(u"b"_s, kT0 + t * kSecond);
        }
        auto stream = open({ReadingSpec::trace(trace(readings))});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(out.size(), readings.size());
        for (qsizetype i = 0; i < out.size(); ++i) {
            // Held readings come out in the order they went in.
            QCOMPARE(out[i].server, readings[i].server);
            QCOMPARE(out[i].timestampMs, readings[i].timestampMs);
            QCOMPARE(out[i].intervalMs,
                     std::optional<qint64>(out[i].server == u"a"_s ? 10 * kSecond : 60 * kSecond));
        }
        QCOMPARE(stream->notes().size(), 2);
        QVERIFY(stream->notes().filter(u"a: "_s).first().contains(u"inferred 10s"_s));
        QVERIFY(stream->notes().filter(u"b: "_s).first().contains(u"inferred 1m"_s));
    }

    void aSingleReadingHasNoIntervalToInfer()
    {
        QList<Snapshot> readings{reading(u"lonely"_s, kT0)};
        for (int i = 0; i < 3; ++i)
            readings << reading(u"busy"_s, kT0 + i * kSecond, kSecond);
        auto stream = open({ReadingSpec::trace(trace(readings))});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(out.size(), 4);
        QCOMPARE(out[0].server, u"lonely"_s);
        QCOMPARE(out[0].intervalMs, std::optional<qint64>());
        QCOMPARE(out[1].intervalMs, std::optional<qint64>(kSecond)); // its own, kept
        QCOMPARE(stream->notes().size(), 1);
        QVERIFY2(stream->notes().first().startsWith(u"lonely: one reading"_s),
                 qPrintable(stream->notes().first()));
    }

    void irregularSpacingGivesTheTypicalInterval()
    {
        const QList<qint64> at{0, 28, 59, 89, 118, 151, 180, 211};
        QList<Snapshot> readings;
        for (qint64 s : at)
            readings << reading(u"node-1"_s, kT0 + s * kSecond);
        auto stream = open({ReadingSpec::trace(trace(readings))});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QCOMPARE(out.size(), at.size());
        // Spacings 28, 31, 30, 29, 33: the lower median is 30 s.
        for (const Snapshot& s : out)
            QCOMPARE(s.intervalMs, std::optional<qint64>(30 * kSecond));
    }

    void aGivenIntervalIsKeptAndNothingIsSaid()
    {
        QList<Snapshot> readings;
        for (int i = 0; i < 10; ++i)
            readings << reading(u"node-1"_s, kT0 + i * 30 * kSecond, 30 * kSecond);
        auto stream = open({ReadingSpec::trace(trace(readings))});
        QString error;
        for (const Snapshot& s : readAll(*stream, &error))
            QCOMPARE(s.intervalMs, std::optional<qint64>(30 * kSecond));
        QVERIFY(stream->notes().isEmpty());
        QCOMPARE(stream->inferredIntervalMs(u"node-1"_s), std::optional<qint64>());
    }

    void aRealGapStaysAGap()
    {
        // 30 s readings for 10 minutes, silence for 30 minutes, 10 more
        // minutes: 30 s inferred, the silence is more than 3 intervals.
        QList<Snapshot> readings;
        for (int i = 0; i < 20; ++i)
            readings << reading(u"node-1"_s, kT0 + i * 30 * kSecond);
        for (int i = 0; i < 20; ++i)
            readings << reading(u"node-1"_s, kT0 + (40 * 60 + i * 30) * kSecond);
        auto stream = open({ReadingSpec::trace(trace(readings))});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QCOMPARE(out.size(), 40);
        QCOMPARE(out[19].intervalMs, std::optional<qint64>(30 * kSecond));
        QVERIFY(isReadingGap(out[19].timestampMs, out[20].timestampMs, *out[19].intervalMs));
        // 30 min of 50 min are gaps (00:10 to 00:40): most of the range.
        const QStringList warnings = stream->gapWarnings(QTimeZone::utc());
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().startsWith(u"node-1: 60 % of the time from 2026-11-02 00:00 "
                                             "to 2026-11-02 00:50 is gaps"_s),
                 qPrintable(warnings.first()));
        // The range of the first stretch only has no gap.
        QCOMPARE(stream->gapWarnings(kT0, kT0 + 10 * 60 * kSecond, QTimeZone::utc()),
                 QStringList());
    }

    void aWrongIntervalMakesMostOfTheRangeGaps()
    {
        // Readings every 30 s that claim 1 s: each reading stands for 1 s.
        QList<Snapshot> readings;
        for (int i = 0; i < 40; ++i)
            readings << reading(u"node-1"_s, kT0 + i * 30 * kSecond, kSecond);
        auto stream = open({ReadingSpec::trace(trace(readings))});
        QString error;
        readAll(*stream, &error);
        QVERIFY(stream->notes().isEmpty());
        const QStringList warnings = stream->gapWarnings(QTimeZone::utc());
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().startsWith(u"node-1: 97 % of the time"_s),
                 qPrintable(warnings.first()));
    }

    void specsAreMergedByTime()
    {
        QList<Snapshot> a, b, c;
        for (int i = 0; i < 3; ++i) {
            a << reading(u"a"_s, kT0 + 2 * i * kSecond, kSecond);
            b << reading(u"b"_s, kT0 + (2 * i + 1) * kSecond, kSecond);
            c << reading(u"c"_s, kT0 + 2 * i * kSecond, kSecond); // the same times as a
        }
        auto stream = open({ReadingSpec::trace(trace(c)), ReadingSpec::trace(trace(b)),
                            ReadingSpec::trace(trace(a))});
        QString error;
        QStringList order;
        for (const Snapshot& s : readAll(*stream, &error))
            order << u"%1%2"_s.arg(s.server).arg((s.timestampMs - kT0) / kSecond);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // By time; equal times by server name.
        QCOMPARE(order, (QStringList{u"a0"_s, u"c0"_s, u"b1"_s, u"a2"_s, u"c2"_s, u"b3"_s, u"a4"_s,
                                     u"c4"_s, u"b5"_s}));
        QCOMPARE(stream->servers(), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
    }

    void theRangeAndServersAreSkippedAndCounted()
    {
        QList<Snapshot> readings;
        for (int i = 0; i < 10; ++i) {
            readings << reading(u"a"_s, kT0 + i * kSecond, kSecond);
            readings << reading(u"b"_s, kT0 + i * kSecond, kSecond);
        }
        auto stream = open({ReadingSpec::trace(trace(readings))
                                .within(kT0 + 2 * kSecond, kT0 + 5 * kSecond, {u"b"_s})});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QCOMPARE(out.size(), 3);
        for (const Snapshot& s : out)
            QCOMPARE(s.server, u"b"_s);
        QCOMPARE(stream->skipped(), quint64(17));
        QCOMPARE(stream->readCount(), quint64(3));
    }

    void aBadLineEndsTheStreamWithItsPlace()
    {
        const QString path = trace({reading(u"a"_s, kT0, kSecond)});
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("{not json\n");
        f.close();
        auto stream = open({ReadingSpec::trace(path)});
        QString error;
        const QList<Snapshot> out = readAll(*stream, &error);
        QVERIFY2(error.contains(u":2:"_s), qPrintable(error));
        QVERIFY(!stream->next(&error));
    }

    void aMissingFileIsRefusedAtOpen()
    {
        QString error;
        QVERIFY(!ReadingStream::open(ReadingSpec::trace(m_dir.filePath(u"none.jsonl"_s)), &error));
        QVERIFY2(error.contains(u"none.jsonl"_s), qPrintable(error));
        QVERIFY(!ReadingStream::open(ReadingSpec::demo(2), &error)); // no start
        QVERIFY2(error.contains(u"--demo"_s), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestReadingStream)
#include "tst_readingstream.moc"
