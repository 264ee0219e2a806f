// Traces (model/trace.h): JSON Lines of snapshot JSON, in time order per
// server; every refusal names its line.
#include "model/snapshotjson.h"
#include "model/trace.h"
#include "sanitizers.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

namespace {

Snapshot reading(const QString& server, qint64 ms, int gpus = 1)
{
    Snapshot s;
    s.server = server;
    s.timestampMs = ms;
    s.backend = QStringLiteral("nvml");
    s.host.hostname = server;
    s.host.cpuPercent = 12.5;
    for (int i = 0; i < gpus; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = QStringLiteral("GPU-%1-%2").arg(server).arg(i);
        g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        g.vendor = QStringLiteral("nvidia");
        g.utilizationGpuPercent = 40 + i;
        g.memoryUsedMiB = 1000.0 * (i + 1);
        g.memoryTotalMiB = 81559;
        s.gpus.append(g);
    }
    return s;
}

Snapshot migReading(qint64 ms)
{
    Snapshot s = reading(QStringLiteral("mig-node"), ms);
    GpuSample& g = s.gpus[0];
    g.migEnabled = true;
    g.migSliceCount = 7;
    MigInstance a;
    a.index = 0;
    a.uuid = QStringLiteral("MIG-aaaa");
    a.profile = QStringLiteral("3g.40gb");
    a.gpuInstanceId = 1;
    a.computeInstanceId = 0;
    a.computeSlices = 3;
    a.memoryUsedMiB = 2048;
    a.memoryTotalMiB = 40192;
    MigInstance b;
    b.index = 1;
    b.uuid = QStringLiteral("MIG-bbbb");
    g.migInstances = {a, b};
    GpuProcess p;
    p.pid = 4242;
    p.gpuUuid = g.uuid;
    p.migUuid = a.uuid;
    p.usedMemoryMiB = 1024;
    p.user = QStringLiteral("alice");
    s.processes.append(p);
    return s;
}

QByteArray line(const Snapshot& s)
{
    return toJsonBytes(s, false) + '\n';
}

// Endless readings made as they are read: the trace never exists whole.
class GeneratedTrace final : public QIODevice
{
public:
    explicit GeneratedTrace(qint64 lines)
        : m_lines(lines)
    {
        open(QIODevice::ReadOnly);
    }
    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override
    {
        return m_pending.size() - m_pos + QIODevice::bytesAvailable() + (m_made < m_lines ? 1 : 0);
    }
    bool atEnd() const override
    {
        return m_made >= m_lines && m_pos >= m_pending.size() && QIODevice::bytesAvailable() == 0;
    }
    qint64 generatedBytes() const { return m_total; }

protected:
    qint64 readData(char* data, qint64 max) override
    {
        if (m_pos >= m_pending.size()) {
            if (m_made >= m_lines)
                return -1;
            Snapshot s = reading(QStringLiteral("node-%1").arg(m_made % 4), 1'000'000 + m_made, 8);
            m_pending = line(s);
            m_total += m_pending.size();
            m_pos = 0;
            ++m_made;
        }
        const qint64 n = qMin(max, qint64(m_pending.size()) - m_pos);
        memcpy(data, m_pending.constData() + m_pos, size_t(n));
        m_pos += n;
        return n;
    }
    qint64 writeData(const char*, qint64) override { return -1; }

private:
    qint64 m_lines;
    qint64 m_made = 0;
    qint64 m_total = 0;
    QByteArray m_pending;
    qint64 m_pos = 0;
};

qint64 peakRssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& l : f.readAll().split('\n'))
        if (l.startsWith("VmHWM:"))
            return l.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

} // namespace

class TestTrace : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString put(const QString& name, const QByteArray& content)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(content) != content.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private Q_SLOTS:
    void roundTripOfSeveralServersAndMig()
    {
        QList<Snapshot> all;
        for (int t = 0; t < 5; ++t) {
            // Servers interleave, and one server's time may be behind another's.
            all.append(reading(QStringLiteral("node-02"), 2'000'000 + t * 1000, 2));
            all.append(reading(QStringLiteral("node-01"), 1'000'000 + t * 1000, 4));
            all.append(migReading(3'000'000 + t * 500));
        }
        const QString path = m_dir.filePath(QStringLiteral("round.jsonl"));
        TraceWriter w;
        QString error;
        QVERIFY2(w.open(path, &error), qPrintable(error));
        for (const auto& s : all)
            QVERIFY2(w.write(s, &error), qPrintable(error));
        QCOMPARE(w.written(), all.size());
        w.close();

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.endsWith('\n'));
        QCOMPARE(bytes.count('\n'), all.size()); // one compact line each

        const auto back = readTrace(path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->size(), all.size());
        for (qsizetype i = 0; i < all.size(); ++i)
            QCOMPARE((*back)[i], all[i]);
        QCOMPARE((*back)[2].gpus[0].migInstances.size(), 2);
    }

    void acceptsBlankLinesCrlfAndNoFinalNewline()
    {
        const QByteArray text = "\n" + line(reading(QStringLiteral("a"), 1)) + "   \n" +
                                toJsonBytes(reading(QStringLiteral("a"), 2), false) + "\r\n" +
                                toJsonBytes(reading(QStringLiteral("a"), 3), false);
        QString error;
        const auto back = readTrace(put(QStringLiteral("ok.jsonl"), text), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->size(), 3);
        QCOMPARE(back->last().timestampMs, 3);

        QVERIFY2(readTrace(put(QStringLiteral("empty.jsonl"), {}), &error), qPrintable(error));
        QVERIFY(readTrace(put(QStringLiteral("empty.jsonl"), {}), &error)->isEmpty());
    }

    void errorsNameTheLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // the start of the message

        const QByteArray a1 = line(reading(QStringLiteral("a"), 1000));
        const QByteArray a2 = line(reading(QStringLiteral("a"), 2000));
        const QByteArray b1 = line(reading(QStringLiteral("b"), 500));

        QTest::newRow("garbage") << QByteArray(a1 + "\nnot json\n" + a2)
                                 << QStringLiteral("bad.jsonl:3: malformed JSON");
        QTest::newRow("not an object")
            << QByteArray(a1 + "[1,2]\n") << QStringLiteral("bad.jsonl:2: expected a JSON object");

        QByteArray wrongType = toJsonBytes(reading(QStringLiteral("b"), 900, 2), false);
        wrongType.replace("\"memory_used_mib\":2000", "\"memory_used_mib\":\"2000\"");
        QVERIFY(wrongType.contains("\"2000\""));
        QTest::newRow("wrong type")
            << QByteArray(a1 + b1 + "\n" + wrongType + "\n" + a2)
            << QStringLiteral(
                   "bad.jsonl:4: gpus[1].memory_used_mib: expected a number or null, got a string");

        QTest::newRow("older")
            << QByteArray(a2 + b1 + a1)
            << QStringLiteral("bad.jsonl:3: reading of \"a\" at 1970-01-01T00:00:01.000Z (1000) is "
                              "older than its previous reading at 1970-01-01T00:00:02.000Z (2000) "
                              "on line 1");
        QTest::newRow("duplicate") << QByteArray(a1 + b1 + "\n" + a1)
                                   << QStringLiteral("bad.jsonl:4: duplicate reading of \"a\" at "
                                                     "1970-01-01T00:00:01.000Z (1000): the same "
                                                     "time as its reading on line 1");
        QTest::newRow("truncated last line")
            << QByteArray(a1 + b1 + a2.left(a2.size() / 2))
            << QStringLiteral("bad.jsonl:3: the last line is cut short");
        QTest::newRow("truncated line in the middle")
            << QByteArray(a1 + a2.left(a2.size() / 2) + "\n" + b1)
            << QStringLiteral("bad.jsonl:2: malformed JSON");
        QTest::newRow("too long") << QByteArray(a1 +
                                                QByteArray(TraceReader::kMaxLineBytes + 10, ' ') +
                                                "x\n" + a2)
                                  << QStringLiteral("bad.jsonl:2: line longer than 16 MiB");
        QTest::newRow("missing server")
            << QByteArray("{\"timestamp_ms\":5}\n") << QStringLiteral("bad.jsonl:1: ");
    }
    void errorsNameTheLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString path = put(QStringLiteral("bad.jsonl"), text);
        // Messages use the path as given; run from the folder for short names.
        TraceReader r;
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        r.setDevice(&f, QStringLiteral("bad.jsonl"));
        qint64 good = 0;
        while (r.next())
            ++good;
        QVERIFY(r.hasError());
        QVERIFY2(r.error().startsWith(expected), qPrintable(r.error()));
        QVERIFY(!r.next()); // nothing after an error
        QString error;
        QVERIFY(!readTrace(path, &error));
        QVERIFY2(error.startsWith(path + QLatin1Char(':')), qPrintable(error));
    }

    void missingFileIsNamed()
    {
        QString error;
        const QString path = m_dir.filePath(QStringLiteral("nope.jsonl"));
        QVERIFY(!readTrace(path, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": cannot open")), qPrintable(error));
    }

    void writerRefusesWhatTheReaderWould()
    {
        TraceWriter w;
        QString error;
        QVERIFY(w.open(m_dir.filePath(QStringLiteral("w.jsonl")), &error));
        QVERIFY(w.write(reading(QStringLiteral("a"), 2000), &error));
        QVERIFY(w.write(reading(QStringLiteral("b"), 1000), &error)); // other server: fine
        QVERIFY(!w.write(reading(QStringLiteral("a"), 1000), &error));
        QVERIFY2(error.contains(QStringLiteral("older than")), qPrintable(error));
        QVERIFY(!w.write(reading(QStringLiteral("a"), 2000), &error));
        QVERIFY2(error.contains(QStringLiteral("duplicate")), qPrintable(error));
        QCOMPARE(w.written(), 2);
        QCOMPARE(w.newest(QStringLiteral("a")), std::optional<qint64>(2000));
    }

    void writeErrorIsClear()
    {
        if (!QFile::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full");
        TraceWriter w;
        QString error;
        QVERIFY2(w.open(QStringLiteral("/dev/full"), &error), qPrintable(error));
        QVERIFY(!w.write(reading(QStringLiteral("a"), 1), &error));
        QVERIFY2(error.startsWith(QStringLiteral("/dev/full: cannot write: ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("No space left")), qPrintable(error));
        QCOMPARE(w.written(), 0);

        QVERIFY(!w.open(m_dir.filePath(QStringLiteral("no/such/dir/t.jsonl")), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot open for writing")), qPrintable(error));
    }

    void streamsWithBoundedMemory()
    {
        // About 50 MB of trace, made while read; the reader holds one line,
        // so the peak grows by far less than the trace (a reader that kept
        // it would grow by more than 50 MB). Under the sanitizers, whose
        // quarantine makes the peak say nothing (below), a tenth of it: the
        // lines are read the same, in a tenth of the 26 s.
        const qint64 lines = 15'000 / (test::kSanitizerSlowdown > 1 ? 10 : 1);
        GeneratedTrace device(lines);
        TraceReader r;
        r.setDevice(&device, QStringLiteral("generated"));
        const qint64 before = peakRssKiB();
        qint64 count = 0;
        while (auto s = r.next()) {
            ++count;
            QCOMPARE(s->gpus.size(), 8);
        }
        QVERIFY2(!r.hasError(), qPrintable(r.error()));
        QCOMPARE(count, lines);
        QCOMPARE(r.lineNumber(), lines);
        const qint64 after = peakRssKiB();
        QVERIFY(device.generatedBytes() > lines * 3'000);
        qInfo("peak memory grew by %lld KiB while streaming %lld MB", after - before,
              device.generatedBytes() / 1'000'000);
        // ASan keeps freed memory in quarantine (256 MiB by default): every
        // line's copy stays resident for a while, so the peak says nothing
        // about what the reader holds. The plain build checks it.
        if (test::underAddressSanitizer())
            return;
        if (before > 0 && after > 0)
            QVERIFY2(after - before < 32 * 1024,
                     qPrintable(QStringLiteral("peak memory grew by %1 KiB while streaming %2 MB")
                                    .arg(after - before)
                                    .arg(device.generatedBytes() / 1'000'000)));
    }
};

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
