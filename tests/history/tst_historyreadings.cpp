// HistoryReadings against a real store: readings written with
// HistoryStore::append() and rebuilt field by field (what the store keeps, at
// its precision), in time order across servers, over any range and window
// size; the raw read; files that are not history; and the policy engine
// finding the same events in the rebuilt readings as in the originals.

#include "history/historyreadings.h"
#include "history/historystore.h"
#include "policy/policyengine.h"
#include "replaycommand.h"
#include "tokens/usage.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace gw;

namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
// Not on an hour: chunks (an hour from their first sample) straddle windows.
constexpr qint64 kT0 = 1'790'000'000'000 / kHour * kHour + 17 * kMinute + 3 * kSecond;
constexpr qint64 kEnd = kT0 + 2 * kHour;
const QString kAlpha = QStringLiteral("alpha");
const QString kBeta = QStringLiteral("beta");

GpuProcess process(qint64 pid, std::optional<qint64> start, const QString& user, const QString& gpu,
                   std::optional<double> memory, std::optional<double> sm)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = start;
    p.user = user;
    p.uid = user.isEmpty() ? std::nullopt : std::optional<uint>(1000 + uint(user.size()));
    p.command = user.isEmpty() ? QString() : QStringLiteral("python train_%1.py").arg(user);
    p.gpuUuid = gpu;
    p.usedMemoryMiB = memory;
    p.smUtilPercent = sm;
    return p;
}

GpuSample gpu(int index, const QString& uuid, std::optional<double> util, double memory,
              double temp, double power)
{
    GpuSample g;
    g.index = index;
    g.uuid = uuid;
    g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
    g.vendor = QStringLiteral("nvidia");
    g.utilizationGpuPercent = util;
    g.memoryUsedMiB = memory;
    g.memoryTotalMiB = 81559;
    g.temperatureC = temp;
    g.powerW = power;
    g.powerLimitW = 700;
    return g;
}

// alpha: three GPUs every 5 s, a hog (alice), the pid reused by an idle job
// (bob), a job throughout (carol), a ghost, a gap at 70–75 min. beta: a GPU
// and a MIG GPU every 10 s (at times alpha has too), a hog (erin), a MIG job
// (dave), a lost GPU for one reading, a MIG instance from 30 min on.
QList<Snapshot> world()
{
    QList<Snapshot> out;
    const QString a0 = QStringLiteral("GPU-a0"), a1 = QStringLiteral("GPU-a1"),
                  a2 = QStringLiteral("GPU-a2");
    for (qint64 i = 0;; ++i) {
        const qint64 t = kT0 + i * 5 * kSecond;
        if (t >= kEnd)
            break;
        const qint64 min = (t - kT0) / kMinute;
        if (min >= 70 && min < 75)
            continue; // the gap
        Snapshot s;
        s.server = kAlpha;
        s.timestampMs = t;
        s.backend = QStringLiteral("nvml");
        s.intervalMs = 5 * kSecond;
        s.host.hostname = kAlpha;
        s.host.cpuPercent = 12.34 + double(i % 10);
        s.host.memoryUsedBytes = (quint64(64) << 30) + quint64(i) * 12345;
        const double util0 = min < 35 ? 95 : min < 50 ? 50 : min < 90 ? 3 : 60;
        s.gpus.append(gpu(0, a0, util0, 1000.4 + double(i % 7), 40 + double(i % 20),
                          100 + double(i % 50) * 0.37));
        s.gpus.append(gpu(1, a1, 30 + double(i % 40), 20000, 55, 250.25 + double(i % 3)));
        s.gpus.append(gpu(2, a2, 0, 0.5, 30, 60));
        if (min < 40)
            s.processes.append(process(100, kT0 - kHour, QStringLiteral("alice"), a0, 30000, 95));
        if (min >= 50 && min < 100)
            s.processes.append(
                process(100, kT0 + 49 * kMinute, QStringLiteral("bob"), a0, 4096, std::nullopt));
        s.processes.append(process(200, kT0 - 2 * kHour, QStringLiteral("carol"), a1,
                                   8000 + double(i % 5), std::nullopt));
        if (min >= 10 && min < 20) {
            GpuProcess ghost =
                process(300, std::nullopt, QString(), a1, std::nullopt, std::nullopt);
            ghost.ghost = true;
            s.processes.append(ghost);
        }
        out.append(s);
    }
    const QString b0 = QStringLiteral("GPU-b0"), b1 = QStringLiteral("GPU-b1");
    for (qint64 i = 0;; ++i) {
        const qint64 t = kT0 + i * 10 * kSecond;
        if (t >= kEnd)
            break;
        const qint64 min = (t - kT0) / kMinute;
        Snapshot s;
        s.server = kBeta;
        s.timestampMs = t;
        s.intervalMs = 10 * kSecond;
        if (i > 0)
            s.host.cpuPercent = 5.5;
        s.host.memoryUsedBytes = quint64(32) << 30;
        const bool hog = min >= 20 && min < 60;
        GpuSample g0 = gpu(0, b0, hog ? 88 : 10, 50000, 60, 300);
        if (i == 100) {
            g0 = GpuSample{};
            g0.index = 0;
            g0.uuid = b0;
            g0.name = QStringLiteral("NVIDIA H100 80GB HBM3");
            g0.error = QStringLiteral("GPU is lost");
        }
        s.gpus.append(g0);
        GpuSample g1 = gpu(1, b1, std::nullopt, 30000, 45, 150);
        g1.migEnabled = true;
        g1.migSliceCount = 7;
        MigInstance m1;
        m1.index = 0;
        m1.uuid = QStringLiteral("MIG-b1");
        m1.profile = QStringLiteral("3g.40gb");
        m1.computeSlices = 3;
        m1.memoryUsedMiB = 20000 + double(i % 3);
        m1.memoryTotalMiB = 40192;
        g1.migInstances.append(m1);
        if (min >= 30) {
            MigInstance m2 = m1;
            m2.index = 1;
            m2.uuid = QStringLiteral("MIG-b2");
            m2.profile = QStringLiteral("4g.40gb");
            m2.computeSlices = 4;
            m2.memoryUsedMiB = 10000;
            g1.migInstances.append(m2);
        }
        s.gpus.append(g1);
        GpuProcess dave =
            process(500, kT0 - kHour, QStringLiteral("dave"), b1, 20000, std::nullopt);
        dave.migUuid = QStringLiteral("MIG-b1");
        s.processes.append(dave);
        if (min >= 15 && min < 70)
            s.processes.append(
                process(600, kT0 + 14 * kMinute, QStringLiteral("erin"), b0, 40000, hog ? 85 : 9));
        out.append(s);
    }
    std::stable_sort(out.begin(), out.end(), [](const Snapshot& a, const Snapshot& b) {
        return std::tie(a.timestampMs, a.server) < std::tie(b.timestampMs, b.server);
    });
    return out;
}

bool near(std::optional<double> a, std::optional<double> b, double precision)
{
    if (a.has_value() != b.has_value())
        return false;
    return !a || std::abs(*a - *b) <= precision / 2 + 1e-9;
}

// Names of GPUs some process ran on: the only ones the store keeps.
bool hasProcessOn(const QList<Snapshot>& all, const QString& gpuUuid)
{
    for (const Snapshot& s : all)
        for (const GpuProcess& p : s.processes)
            if (p.gpuUuid == gpuUuid)
                return true;
    return false;
}

// `rebuilt` against `original`, field by field for what the store keeps.
void compareReading(const Snapshot& rebuilt, const Snapshot& original, const QList<Snapshot>& all)
{
    const QByteArray where =
        (original.server + QLatin1Char('@') + QString::number(original.timestampMs - kT0)).toUtf8();
    QVERIFY2(rebuilt.server == original.server, where.constData());
    QCOMPARE(rebuilt.timestampMs, original.timestampMs);
    QCOMPARE(rebuilt.intervalMs, original.intervalMs);
    QCOMPARE(rebuilt.backend, QStringLiteral("history"));
    QVERIFY2(near(rebuilt.host.cpuPercent, original.host.cpuPercent, 0.1), where.constData());
    QVERIFY(rebuilt.host.memoryUsedBytes.has_value() == original.host.memoryUsedBytes.has_value());
    if (original.host.memoryUsedBytes)
        QVERIFY(std::abs(double(*rebuilt.host.memoryUsedBytes) -
                         double(*original.host.memoryUsedBytes)) <= 512 * 1024);
    QCOMPARE(rebuilt.gpus.size(), original.gpus.size());
    for (qsizetype j = 0; j < original.gpus.size(); ++j) {
        const GpuSample& r = rebuilt.gpus[j];
        const GpuSample& o = original.gpus[j];
        QCOMPARE(r.index, o.index);
        QCOMPARE(r.uuid, o.uuid);
        QCOMPARE(r.name, hasProcessOn(all, o.uuid) ? o.name : QString());
        QCOMPARE(r.error.isEmpty(), o.error.isEmpty());
        QVERIFY2(near(r.utilizationGpuPercent, o.utilizationGpuPercent, 1), where.constData());
        QVERIFY2(near(r.memoryUsedMiB, o.memoryUsedMiB, 1), where.constData());
        QVERIFY2(near(r.temperatureC, o.temperatureC, 1), where.constData());
        QVERIFY2(near(r.powerW, o.powerW, 0.1), where.constData());
        QVERIFY2(near(r.smClockMHz, o.smClockMHz, 1), where.constData());
        // Not kept: absent however the original had it.
        QVERIFY(!r.powerLimitW && !r.memoryTotalMiB);
        // Derived from the instances' profiles: the original's where it has some.
        QCOMPARE(r.migSliceCount, o.migInstances.isEmpty() ? std::nullopt : o.migSliceCount);
        QCOMPARE(r.migEnabled, o.migInstances.isEmpty() ? std::nullopt : o.migEnabled);
        QCOMPARE(r.migInstances.size(), o.migInstances.size());
        for (qsizetype k = 0; k < o.migInstances.size(); ++k) {
            const MigInstance& rm = r.migInstances[k];
            const MigInstance& om = o.migInstances[k];
            QCOMPARE(rm.uuid, om.uuid);
            QCOMPARE(rm.profile, om.profile);
            QCOMPARE(rm.computeSlices, om.computeSlices);
            QCOMPARE(rm.memoryTotalMiB, om.memoryTotalMiB);
            QVERIFY(near(rm.memoryUsedMiB, om.memoryUsedMiB, 1));
        }
    }
    auto order = [](QList<GpuProcess> list) {
        std::sort(list.begin(), list.end(), [](const GpuProcess& a, const GpuProcess& b) {
            return std::tie(a.gpuUuid, a.pid, a.startTimeMs) <
                   std::tie(b.gpuUuid, b.pid, b.startTimeMs);
        });
        return list;
    };
    const QList<GpuProcess> rp = order(rebuilt.processes);
    const QList<GpuProcess> op = order(original.processes);
    QVERIFY2(rp.size() == op.size(), where.constData());
    for (qsizetype k = 0; k < op.size(); ++k) {
        const GpuProcess& r = rp[k];
        const GpuProcess& o = op[k];
        QCOMPARE(r.pid, o.pid);
        QCOMPARE(r.startTimeMs, o.startTimeMs);
        QCOMPARE(r.uid, o.uid);
        QCOMPARE(r.user, o.user);
        QCOMPARE(r.command, o.command);
        QCOMPARE(r.gpuUuid, o.gpuUuid);
        QCOMPARE(r.migUuid, o.migUuid);
        QCOMPARE(r.ghost, o.ghost);
        QVERIFY(near(r.usedMemoryMiB, o.usedMemoryMiB, 1));
        QVERIFY(near(r.smUtilPercent, o.smUtilPercent, 1));
    }
}

QList<Snapshot> readAll(HistoryReadings& readings, QString* error)
{
    QList<Snapshot> out;
    while (auto r = readings.next(error))
        out.append(*r);
    return out;
}

QList<Snapshot> within(const QList<Snapshot>& all, qint64 from, qint64 to)
{
    QList<Snapshot> out;
    for (const Snapshot& s : all)
        if (s.timestampMs >= from && s.timestampMs < to)
            out.append(s);
    return out;
}

PolicyConfig testPolicy()
{
    PolicyConfig p;
    p.hog.thresholdPercent = 80;
    p.hog.durationMs = 2 * kMinute;
    p.idle.minGpuUtilizationPercent = 10;
    p.idle.timeWindowMs = 5 * kMinute;
    p.idle.minMemoryMib = 1024;
    p.idle.confirmPower = false; // the power limit is not stored
    p.idle.warningsMs = {2 * kMinute};
    p.quota.windowMs = 10 * kMinute;
    p.quota.defaultSharePercent = 30;
    // Off: a MIG GPU's load needs its slice count, which is not stored.
    p.adaptive.enabled = false;
    return p;
}

QList<std::tuple<QString, qint64, std::optional<qint64>>> eventKeys(const ReplayResult& r)
{
    QList<std::tuple<QString, qint64, std::optional<qint64>>> out;
    for (const PolicyEvent& e : r.events)
        out.append({e.id, e.startMs, e.endMs});
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TstHistoryReadings : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;
    QList<Snapshot> m_world;
    std::unique_ptr<HistoryStore> m_store;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("history.sqlite"));
        QString error;
        m_store = HistoryStore::open(m_path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(m_store, qPrintable(error));
        m_world = world();
        for (qsizetype i = 0; i < m_world.size(); i += 97)
            QVERIFY2(m_store->append(m_world.mid(i, 97), &error), qPrintable(error));
        QCOMPARE(m_store->droppedSampleCount(), 0);
    }

    void rawSamplesAreTheStoredPoints()
    {
        // GPU-b0's utilisation: every reading of beta, the lost one absent.
        const SeriesKey key{kBeta, QStringLiteral("GPU-b0"), MetricId::GpuUtilization};
        const qint64 from = kT0 + 10 * kMinute, to = kT0 + 20 * kMinute;
        const QList<RawSample> got = m_store->samples(key, from, to);
        const QList<Snapshot> expected = [&] {
            QList<Snapshot> out;
            for (const Snapshot& s : within(m_world, from, to))
                if (s.server == kBeta)
                    out.append(s);
            return out;
        }();
        QCOMPARE(got.size(), expected.size());
        int absent = 0;
        for (qsizetype i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i].ms, expected[i].timestampMs);
            QCOMPARE(got[i].value, expected[i].gpus[0].utilizationGpuPercent);
            QCOMPARE(got[i].intervalMs, 10 * kSecond);
            absent += got[i].value ? 0 : 1;
        }
        QCOMPARE(absent, 1);
        // Power at 0.1 W: quantised, never further than half of that.
        const QList<RawSample> power =
            m_store->samples({kAlpha, QStringLiteral("GPU-a0"), MetricId::GpuPower}, kT0, kEnd);
        QCOMPARE(power.size(), within(m_world, kT0, kEnd).size() - 720);
        QVERIFY(m_store->samples(key, to, from).isEmpty());
        QVERIFY(m_store->samples({kBeta, QStringLiteral("GPU-zz"), MetricId::GpuPower}, kT0, kEnd)
                    .isEmpty());
        QCOMPARE(m_store->gpusOf(kAlpha),
                 QStringList({QStringLiteral("GPU-a0"), QStringLiteral("GPU-a1"),
                              QStringLiteral("GPU-a2")}));
        QCOMPARE(m_store->gpusOf(kBeta),
                 QStringList({QStringLiteral("GPU-b0"), QStringLiteral("GPU-b1")}));
    }

    void rebuildsWhatWasWritten_data()
    {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<qint64>("windowMs");
        QTest::addColumn<bool>("ownFile");
        QTest::newRow("all, hour windows")
            << kT0 - kHour << kEnd + kHour << HistoryReadings::kDefaultWindowMs << false;
        QTest::newRow("all, 7 min windows, read-only file") << kT0 << kEnd << 7 * kMinute << true;
        QTest::newRow("the middle, across the gap")
            << kT0 + 33 * kMinute + 1 << kT0 + 81 * kMinute << 5 * kMinute << false;
        QTest::newRow("inside the gap: beta only") << kT0 + 71 * kMinute << kT0 + 74 * kMinute
                                                   << HistoryReadings::kDefaultWindowMs << true;
        QTest::newRow("from the epoch")
            << qint64(0) << kEnd << HistoryReadings::kDefaultWindowMs << true;
    }
    void rebuildsWhatWasWritten()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(qint64, windowMs);
        QFETCH(bool, ownFile);
        std::unique_ptr<HistoryReadings> readings;
        QString error;
        if (ownFile)
            readings = HistoryReadings::open(m_path, {}, from, to, &error, windowMs);
        else
            readings =
                std::make_unique<HistoryReadings>(*m_store, QStringList(), from, to, windowMs);
        QVERIFY2(readings, qPrintable(error));
        QCOMPARE(readings->servers(), QStringList({kAlpha, kBeta}));
        const QList<Snapshot> got = readAll(*readings, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QList<Snapshot> expected = within(m_world, from, to);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(got.size(), expected.size());
        QCOMPARE(readings->readingCount(), quint64(got.size()));
        for (qsizetype i = 0; i < got.size(); ++i) {
            compareReading(got[i], expected[i], m_world);
            if (QTest::currentTestFailed())
                return;
        }
        // The end stays the end.
        QVERIFY(!readings->next(&error));
        QVERIFY(error.isEmpty());
    }

    void oneServerOnly()
    {
        HistoryReadings readings(*m_store, {kBeta}, kT0, kEnd);
        QString error;
        const QList<Snapshot> got = readAll(readings, &error);
        QVERIFY(error.isEmpty());
        QCOMPARE(got.size(), 720);
        for (const Snapshot& s : got)
            QCOMPARE(s.server, kBeta);
        // A server the file does not have reads as nothing.
        HistoryReadings none(*m_store, {QStringLiteral("gamma")}, kT0, kEnd);
        QVERIFY(!none.next(&error));
        QVERIFY(error.isEmpty());
    }

    void aFileBeingWrittenReadsAsItWas()
    {
        // One GPU and one job at 1 Hz; the writer goes on while a reader is
        // half-way: the reader ends where the file ended when it began.
        const QString path = m_dir.filePath(QStringLiteral("live.sqlite"));
        QString error;
        auto writer = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(writer, qPrintable(error));
        auto second = [](qint64 i) {
            Snapshot s;
            s.server = QStringLiteral("live");
            s.timestampMs = kT0 + i * kSecond;
            s.intervalMs = kSecond;
            s.gpus.append(gpu(0, QStringLiteral("GPU-l0"), double(i % 100), 100, 40, 50));
            s.processes.append(process(7, kT0, QStringLiteral("fay"), QStringLiteral("GPU-l0"),
                                       double(i % 1000), std::nullopt));
            return s;
        };
        auto write = [&](qint64 from, qint64 to) {
            for (qint64 i = from; i < to; i += 60) {
                QList<Snapshot> batch;
                for (qint64 j = i; j < std::min(to, i + 60); ++j)
                    batch.append(second(j));
                if (!writer->append(batch, &error))
                    return false;
            }
            return true;
        };
        QVERIFY2(write(0, 1800), qPrintable(error));
        auto readings = HistoryReadings::open(path, {}, kT0, kT0 + 10 * kHour, &error, 5 * kMinute);
        QVERIFY2(readings, qPrintable(error));
        for (qint64 i = 0; i < 100; ++i) {
            const auto r = readings->next(&error);
            QVERIFY2(r, qPrintable(error));
            QCOMPARE(r->timestampMs, kT0 + i * kSecond);
        }
        QVERIFY2(write(1800, 3600), qPrintable(error));
        qint64 i = 100;
        while (const auto r = readings->next(&error)) {
            QCOMPARE(r->timestampMs, kT0 + i * kSecond);
            QCOMPARE(r->processes.size(), 1);
            QCOMPARE(r->processes[0].usedMemoryMiB, double(i % 1000));
            ++i;
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(i, 1800);
        // Opened again, it has the whole hour.
        readings = HistoryReadings::open(path, {}, kT0, kT0 + 10 * kHour, &error);
        QVERIFY2(readings, qPrintable(error));
        QCOMPARE(readAll(*readings, &error).size(), 3600);
    }

    void longSilencesAreSkipped()
    {
        // Ten minutes, five days of nothing, ten minutes: read through in
        // hour windows without walking the empty days.
        const QString path = m_dir.filePath(QStringLiteral("silent.sqlite"));
        QString error;
        auto writer = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(writer, qPrintable(error));
        QList<Snapshot> batch;
        for (qint64 start : {kT0, kT0 + 5 * 24 * kHour})
            for (qint64 i = 0; i < 60; ++i) {
                Snapshot s;
                s.server = QStringLiteral("quiet");
                s.timestampMs = start + i * 10 * kSecond;
                s.intervalMs = 10 * kSecond;
                s.gpus.append(gpu(0, QStringLiteral("GPU-q0"), 1, 100, 40, 50));
                batch.append(s);
            }
        QVERIFY2(writer->append(batch, &error), qPrintable(error));
        QElapsedTimer timer;
        timer.start();
        HistoryReadings readings(*writer, {}, 0, std::numeric_limits<qint64>::max());
        const QList<Snapshot> got = readAll(readings, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(got.size(), batch.size());
        for (qsizetype i = 0; i < got.size(); ++i)
            QCOMPARE(got[i].timestampMs, batch[i].timestampMs);
        QVERIFY(timer.elapsed() < 5000);
    }

    void emptyRanges()
    {
        QString error;
        for (auto [from, to] :
             {std::pair{kT0, kT0}, std::pair{kEnd, kT0}, std::pair{kEnd + kHour, kEnd + 5 * kHour},
              std::pair{kT0 - 5 * kHour, kT0 - kHour}}) {
            HistoryReadings readings(*m_store, {}, from, to);
            QVERIFY(!readings.next(&error));
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(readings.readingCount(), quint64(0));
        }
    }

    void notAHistoryFile()
    {
        const QString text = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("hello, this is not a database\n").repeated(200));
        f.close();
        QString error;
        QVERIFY(!HistoryReadings::open(text, {}, kT0, kEnd, &error));
        QVERIFY2(error.startsWith(text) &&
                     error.contains(QStringLiteral("is not a GPU Warden history file")),
                 qPrintable(error));
        const QString missing = m_dir.filePath(QStringLiteral("nothing/here.sqlite"));
        error.clear();
        QVERIFY(!HistoryReadings::open(missing, {}, kT0, kEnd, &error));
        QVERIFY2(error.contains(missing) && error.contains(QStringLiteral("does not exist")),
                 qPrintable(error));

        cli::ReadingsOptions command;
        command.historyPath = text;
        const PolicyCheckOutcome outcome = cli::replayOutcome(command, {}, false);
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY(outcome.out.isEmpty());
        QVERIFY2(outcome.err.contains(QStringLiteral("is not a GPU Warden history file")),
                 qPrintable(outcome.err));
        command.historyPath = m_path;
        command.fromMs = kEnd;
        command.toMs = kT0;
        const PolicyCheckOutcome empty = cli::replayOutcome(command, {}, false);
        QCOMPARE(empty.exitCode, 2);
        QCOMPARE(empty.err,
                 QStringLiteral("replay: the range is empty (--to must be after --from)\n"));
    }

    void policyFindsTheSameEvents()
    {
        PolicyEngine::Options options;
        options.timeZone = QTimeZone::utc();
        qsizetype i = 0;
        const ReplayResult original =
            replayReadings(testPolicy(), options, [&](QString*) -> std::optional<Snapshot> {
                if (i < m_world.size())
                    return m_world[i++];
                return std::nullopt;
            });
        HistoryReadings readings(*m_store, {}, kT0, kEnd, 13 * kMinute);
        const ReplayResult rebuilt = replayReadings(
            testPolicy(), options, [&](QString* error) { return readings.next(error); });
        QVERIFY2(rebuilt.error.isEmpty(), qPrintable(rebuilt.error));
        QCOMPARE(rebuilt.readings, original.readings);
        QCOMPARE(rebuilt.refused, quint64(0));
        int kinds[3] = {0, 0, 0};
        for (const PolicyEvent& e : original.events)
            ++kinds[int(e.kind)];
        // alice and erin hog; bob idles twice (the gap breaks it); alice
        // and erin over their share.
        QVERIFY2(kinds[0] >= 2 && kinds[1] >= 2 && kinds[2] >= 2,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(kinds[0]).arg(kinds[1]).arg(kinds[2])));
        QCOMPARE(eventKeys(rebuilt), eventKeys(original));
    }

    // Token accounting charges a MIG instance its slices of the GPU, from a
    // history file as from the readings themselves: the same usage facts.
    void usageFactsAgreeForMig()
    {
        UsageMeter direct;
        for (const Snapshot& s : m_world)
            direct.feed(s);
        direct.finish();
        UsageMeter fromHistory;
        HistoryReadings readings(*m_store, {}, kT0, kEnd, 13 * kMinute);
        QString error;
        while (auto r = readings.next(&error))
            fromHistory.feed(*r);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        fromHistory.finish();
        QList<UsageFact> mig;
        for (const UsageFact& f : direct.facts())
            if (!f.migProfile.isEmpty())
                mig.append(f);
        QVERIFY(!mig.isEmpty());
        for (const UsageFact& f : mig)
            QCOMPARE(f.gpuSlices, 7);
        QList<UsageFact> rebuiltMig;
        for (const UsageFact& f : fromHistory.facts())
            if (!f.migProfile.isEmpty())
                rebuiltMig.append(f);
        QCOMPARE(rebuiltMig.size(), mig.size());
        for (qsizetype i = 0; i < mig.size(); ++i) {
            QCOMPARE(rebuiltMig[i].user, mig[i].user);
            QCOMPARE(rebuiltMig[i].migProfile, mig[i].migProfile);
            QCOMPARE(rebuiltMig[i].migSlices, mig[i].migSlices);
            QCOMPARE(rebuiltMig[i].gpuSlices, mig[i].gpuSlices);
            QCOMPARE(rebuiltMig[i].hourStartMs, mig[i].hourStartMs);
            QVERIFY(std::abs(rebuiltMig[i].heldGpuSeconds - mig[i].heldGpuSeconds) < 1e-6);
        }
        for (const QString& w : fromHistory.warnings())
            QVERIFY2(!w.contains(QStringLiteral("charged as the whole GPU")), qPrintable(w));
    }

    // An A30 has 4 compute slices: known by its profiles alone.
    void a30HasFourSlices()
    {
        const QString path = m_dir.filePath(QStringLiteral("a30.sqlite"));
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        QList<Snapshot> batch;
        for (int i = 0; i < 3; ++i) {
            Snapshot s;
            s.server = kAlpha;
            s.timestampMs = kT0 + i * kSecond;
            GpuSample g = gpu(0, QStringLiteral("GPU-x"), 10, 100, 40, 50);
            g.name = QStringLiteral("NVIDIA A30");
            g.migEnabled = true;
            g.migSliceCount = 4;
            MigInstance m;
            m.uuid = QStringLiteral("MIG-x");
            m.profile = QStringLiteral("2g.12gb");
            m.computeSlices = 2;
            m.memoryUsedMiB = 100;
            g.migInstances.append(m);
            s.gpus.append(g);
            batch.append(s);
        }
        QVERIFY2(store->append(batch, &error), qPrintable(error));
        HistoryReadings readings(*store, {}, kT0, kEnd);
        const auto r = readings.next(&error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->gpus.size(), 1);
        QCOMPARE(r->gpus[0].migSliceCount, std::optional<int>(4));
        QCOMPARE(r->gpus[0].migInstances.value(0).computeSlices, std::optional<int>(2));
    }

    void replayCommandPrintsTheEvents()
    {
        const QString policyPath = m_dir.filePath(QStringLiteral("policy.toml"));
        QFile f(policyPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[hog]\nthreshold_percent = 80\nduration = \"2m\"\n"
                "[idle]\nconfirm_power = false\ntime_window = \"5m\"\n");
        f.close();
        cli::ReadingsOptions command;
        command.historyPath = m_path;
        command.fromMs = kT0;
        command.toMs = kEnd;
        command.timeZone = QTimeZone::utc();
        const PolicyCheckOutcome outcome = cli::replayOutcome(command, policyPath, true);
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QStringList lines = outcome.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        for (const QString& line : lines) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            QVERIFY2(
                o.value(QStringLiteral("id")).toString().startsWith(QStringLiteral("hog/")) ||
                    o.value(QStringLiteral("id")).toString().startsWith(QStringLiteral("idle/")) ||
                    o.value(QStringLiteral("id")).toString().startsWith(QStringLiteral("fair")),
                qPrintable(line));
        }
        QVERIFY2(outcome.err.contains(QStringLiteral("2100 readings of 2 servers replayed")),
                 qPrintable(outcome.err));
        QVERIFY(!outcome.err.contains(QStringLiteral("confirm_power")));
    }
};

QTEST_GUILESS_MAIN(TstHistoryReadings)
#include "tst_historyreadings.moc"
