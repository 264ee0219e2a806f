// HistoryStore against a real SQLite file: round trips, roll-ups against a
// brute-force computation, retention, process facts, and errors an admin sees.

#include "history/historyschema.h"
#include "history/historystore.h"
#include "integritycheck.h"
#include "sources/demoworld.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <unistd.h>

using namespace gw;

namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
// An hour boundary, so minute and hour roll-ups line up with the test's buckets.
constexpr qint64 kT0 = 1'790'000'000'000 / kHour * kHour;

const QString kServer = QStringLiteral("srv");
const QString kGpu = QStringLiteral("GPU-aaaa");

Snapshot gpuSnapshot(qint64 ms, std::optional<double> util, std::optional<double> power = 100)
{
    Snapshot s;
    s.server = kServer;
    s.timestampMs = ms;
    GpuSample g;
    g.index = 0;
    g.uuid = kGpu;
    g.name = QStringLiteral("NVIDIA Test");
    g.utilizationGpuPercent = util;
    g.powerW = power;
    g.memoryUsedMiB = 1024;
    g.temperatureC = 50;
    s.gpus.append(g);
    return s;
}

SeriesKey utilKey()
{
    return {kServer, kGpu, MetricId::GpuUtilization};
}

struct Brute
{
    qint64 min = std::numeric_limits<qint64>::max();
    qint64 max = std::numeric_limits<qint64>::min();
    qint64 sum = 0;
    qint64 count = 0;
};

void compareBuckets(const HistoryResult& r, const std::map<qint64, Brute>& expected, qint64 width)
{
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    for (const HistoryBucket& b : r.buckets) {
        QCOMPARE(b.endMs - b.startMs, width);
        auto it = expected.find(b.startMs);
        if (it == expected.end()) {
            QCOMPARE(b.count, 0);
            QVERIFY(std::isnan(b.mean));
            continue;
        }
        QCOMPARE(b.count, it->second.count);
        QCOMPARE(b.min, double(it->second.min));
        QCOMPARE(b.max, double(it->second.max));
        QVERIFY(std::abs(b.mean - double(it->second.sum) / double(it->second.count)) < 1e-9);
    }
}

} // namespace

class TestHistoryStore : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString file(const QString& name) const { return m_dir.filePath(name); }

    std::unique_ptr<HistoryStore> openRw(const QString& path, RetentionPolicy r = {})
    {
        QString error;
        auto s = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error, r);
        if (!s)
            qWarning("%s", qPrintable(error));
        return s;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void demoFleetRoundTripsAtFullResolution()
    {
        auto store = openRw(file(QStringLiteral("demo.db")));
        QVERIFY(store);
        DemoWorld fleet;
        QList<Snapshot> all;
        for (qint64 t = kT0; t < kT0 + 10 * kMinute; t += kSecond) {
            QList<Snapshot> batch = fleet.at(t);
            all += batch;
            QString error;
            QVERIFY2(store->append(batch, &error), qPrintable(error));
        }
        QVERIFY(store->servers().contains(QStringLiteral("infer-03")));
        const Snapshot& first = all.first();
        const GpuSample& gpu = first.gpus.first();
        const SeriesKey power{first.server, gpu.uuid, MetricId::GpuPower};
        QVERIFY(store->seriesOf(first.server).contains(power));

        const HistoryResult r = store->query(power, kT0, kT0 + 10 * kMinute, 600);
        QCOMPARE(r.level, HistoryLevel::Raw);
        QCOMPARE(r.buckets.size(), 600);
        int i = 0;
        for (const Snapshot& s : std::as_const(all)) {
            if (s.server != first.server)
                continue;
            const HistoryBucket& b = r.buckets.at(i++);
            QCOMPARE(b.startMs, s.timestampMs);
            const double expected = std::llround(*s.gpuByUuid(gpu.uuid)->powerW * 10) / 10.0;
            QCOMPARE(b.count, 1);
            QCOMPARE(b.min, expected);
            QCOMPARE(b.mean, expected);
        }
        QCOMPARE(i, 600);
    }

    void absentValuesStayGaps()
    {
        auto store = openRw(file(QStringLiteral("gaps.db")));
        QVERIFY(store);
        QList<Snapshot> batch;
        for (int i = 0; i < 20; ++i) {
            const bool absent = i % 4 == 1;
            batch.append(gpuSnapshot(kT0 + i * kSecond,
                                     absent ? std::nullopt : std::optional<double>(i % 3 ? 0 : 7)));
        }
        QVERIFY(store->append(batch, nullptr));
        const HistoryResult r = store->query(utilKey(), kT0, kT0 + 20 * kSecond, 20);
        QCOMPARE(r.buckets.size(), 20);
        for (int i = 0; i < 20; ++i) {
            const HistoryBucket& b = r.buckets.at(i);
            if (i % 4 == 1) {
                QCOMPARE(b.count, 0);
                QVERIFY(std::isnan(b.min) && std::isnan(b.max) && std::isnan(b.mean));
            } else {
                QCOMPARE(b.count, 1);
                QCOMPARE(b.mean, i % 3 ? 0.0 : 7.0);
            }
        }
        // A series never written answers with empty buckets, not an error.
        const HistoryResult none = store->query(
            {kServer, QStringLiteral("GPU-none"), MetricId::GpuPower}, kT0, kT0 + 10 * kSecond, 10);
        QVERIFY(none.error.isEmpty());
        QCOMPARE(none.buckets.size(), 10);
        QCOMPARE(none.buckets.first().count, 0);
    }

    void laterOrDuplicateTimestampsAreDropped()
    {
        auto store = openRw(file(QStringLiteral("order.db")));
        QVERIFY(store);
        QVERIFY(store->append({gpuSnapshot(kT0, 10), gpuSnapshot(kT0 + 2 * kSecond, 20)}, nullptr));
        const qint64 before = store->droppedSampleCount();
        // Same time again and an older time: the first stored sample wins.
        QVERIFY(store->append({gpuSnapshot(kT0 + 2 * kSecond, 99), gpuSnapshot(kT0 + kSecond, 99),
                               gpuSnapshot(kT0 + 3 * kSecond, 30)},
                              nullptr));
        // Two snapshots × 4 GPU series. The host and the SM clock report
        // nothing here, so they have no series to drop from.
        QCOMPARE(store->droppedSampleCount() - before, 2 * 4);
        const HistoryResult r = store->query(utilKey(), kT0, kT0 + 4 * kSecond, 4);
        QCOMPARE(r.buckets.at(0).mean, 10.0);
        QCOMPARE(r.buckets.at(1).count, 0);
        QCOMPARE(r.buckets.at(2).mean, 20.0);
        QCOMPARE(r.buckets.at(3).mean, 30.0);
    }

    void rollupsMatchBruteForceAcrossChunksAndRestarts()
    {
        const QString path = file(QStringLiteral("rollup.db"));
        auto store = openRw(path);
        QVERIFY(store);
        auto* rng = QRandomGenerator::global();
        std::map<qint64, Brute> perMinute, perHour, per30s;
        auto add = [](std::map<qint64, Brute>& m, qint64 key, qint64 v) {
            Brute& b = m[key];
            b.min = std::min(b.min, v);
            b.max = std::max(b.max, v);
            b.sum += v;
            ++b.count;
        };
        const qint64 end = kT0 + 3 * kHour + 17 * kMinute; // crosses 3 chunk and hour boundaries
        qint64 t = kT0;
        QList<Snapshot> batch;
        int restarts = 0;
        while (t < end) {
            std::optional<double> v;
            if (rng->bounded(8) != 0)
                v = rng->bounded(101);
            batch.append(gpuSnapshot(t, v));
            if (v) {
                const qint64 q = qint64(*v);
                add(perMinute, kT0 + (t - kT0) / kMinute * kMinute, q);
                add(perHour, kT0 + (t - kT0) / kHour * kHour, q);
                add(per30s, kT0 + (t - kT0) / (30 * kSecond) * 30 * kSecond, q);
            }
            t += 500 + rng->bounded(1500);
            if (batch.size() >= 1 + int(rng->bounded(200))) {
                QVERIFY(store->append(batch, nullptr));
                batch.clear();
                // A restart mid-minute: the roll-ups must go on where they were.
                if (rng->bounded(20) == 0) {
                    if (restarts++ % 2)
                        QVERIFY(store->flush());
                    store.reset();
                    store = openRw(path);
                    QVERIFY(store);
                }
            }
        }
        QVERIFY(store->append(batch, nullptr));
        const qint64 span = (end - kT0 + kHour - 1) / kHour * kHour;

        HistoryResult r = store->query(utilKey(), kT0, kT0 + span, int(span / kMinute));
        QCOMPARE(r.level, HistoryLevel::Minute);
        compareBuckets(r, perMinute, kMinute);
        r = store->query(utilKey(), kT0, kT0 + span, int(span / kHour));
        QCOMPARE(r.level, HistoryLevel::Hour);
        compareBuckets(r, perHour, kHour);
        r = store->query(utilKey(), kT0, kT0 + span, int(span / (30 * kSecond)));
        QCOMPARE(r.level, HistoryLevel::Raw);
        compareBuckets(r, per30s, 30 * kSecond);

        // A reader on the same file sees the same, open chunks included.
        QString error;
        auto reader = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(reader, qPrintable(error));
        compareBuckets(reader->query(utilKey(), kT0, kT0 + span, int(span / (30 * kSecond))),
                       per30s, 30 * kSecond);
    }

    void retentionDropsEachLevelAtItsAge()
    {
        const qint64 now = kT0 + 400 * kDay;
        auto store = openRw(file(QStringLiteral("retention.db")));
        QVERIFY(store);
        const qint64 ages[] = {800 * kDay, 100 * kDay, 10 * kDay, kHour};
        for (qint64 age : ages) {
            QList<Snapshot> batch;
            for (int i = 0; i < 120; ++i)
                batch.append(gpuSnapshot(now - age + i * kSecond, 40));
            QVERIFY(store->append(batch, nullptr));
        }
        QVERIFY(store->flush());
        QString error;
        QVERIFY2(store->enforceRetention(now, &error), qPrintable(error));
        auto count = [&](qint64 age, int points) {
            const HistoryResult r =
                store->query(utilKey(), now - age, now - age + 2 * kHour, points);
            qint64 n = 0;
            for (const HistoryBucket& b : r.buckets)
                n += b.count;
            return n;
        };
        constexpr int raw = 2 * 3600, minute = 120, hour = 2;
        QCOMPARE(count(kHour, raw), 120);
        QCOMPARE(count(10 * kDay, raw), 0); // raw gone after 7 days
        QCOMPARE(count(10 * kDay, minute), 120);
        QCOMPARE(count(100 * kDay, minute), 0); // minutes gone after 90 days
        QCOMPARE(count(100 * kDay, hour), 120);
        QCOMPARE(count(800 * kDay, hour), 0); // hours gone after 2 years
        QCOMPARE(count(kHour, hour), 120);
    }

    void everyMetricTableRowIsStoredAndReadBack()
    {
        // The store takes its series from the metric table: a row (SM clock
        // was added as one) is stored and read back with nothing else edited.
        auto store = openRw(file(QStringLiteral("table.db")));
        QVERIFY(store);
        QList<Snapshot> batch;
        for (int i = 0; i < 3; ++i) {
            Snapshot s = gpuSnapshot(kT0 + i * kSecond, 40 + i, 250.27 + i);
            s.gpus[0].smClockMHz = 1410 + i;
            s.host.cpuPercent = 12.34 + i;
            s.host.memoryUsedBytes = quint64(3 + i) << 30;
            GpuProcess p;
            p.pid = 4242;
            p.startTimeMs = kT0 - kHour;
            p.gpuUuid = kGpu;
            p.user = QStringLiteral("erin");
            p.usedMemoryMiB = 5000 + i;
            p.smUtilPercent = 30 + i;
            s.processes.append(p);
            batch.append(s);
        }
        QString error;
        QVERIFY2(store->append(batch, &error), qPrintable(error));
        const auto facts = store->processes(kServer, kT0, kT0 + kMinute);
        QCOMPARE(facts.size(), 1);
        const QList<SeriesKey> stored = store->seriesOf(kServer);
        for (const MetricDef& d : metricTable()) {
            const QString target = d.target == MetricTarget::Gpu ? kGpu
                                   : d.target == MetricTarget::Host
                                       ? QStringLiteral("host")
                                       : QStringLiteral("proc:") + QString::number(facts[0].id);
            const SeriesKey key{kServer, target, d.id};
            QVERIFY2(stored.contains(key), d.promName);
            const HistoryResult r = store->query(key, kT0, kT0 + 3 * kSecond, 3);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(r.buckets.size(), 3);
            for (int i = 0; i < 3; ++i) {
                const Snapshot& s = batch[i];
                const std::optional<double> v =
                    d.target == MetricTarget::Gpu    ? metricValue(d, s.gpus[0])
                    : d.target == MetricTarget::Host ? metricValue(d, s.host)
                                                     : metricValue(d, s.processes[0]);
                QVERIFY(v);
                // Kept at the row's precision: 250.27 W reads 250.3 W.
                const double q = quantaPerUnit(d.id);
                QCOMPARE(r.buckets[i].count, 1);
                QCOMPARE(r.buckets[i].mean, std::round(*v * q) / q);
            }
        }
        const HistoryResult clock =
            store->query({kServer, kGpu, MetricId::GpuSmClock}, kT0, kT0 + 3 * kSecond, 3);
        QCOMPARE(clock.buckets[2].mean, 1412.0);
        store.reset();

        // On disk each series carries its row's number, the ones files written
        // before the table hold (1-4, 10, 11, 20, 21) plus SM clock's 5.
        QSet<int> onDisk;
        {
            auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("ids"));
            db.setDatabaseName(file(QStringLiteral("table.db")));
            QVERIFY(db.open());
            QSqlQuery q(QStringLiteral("SELECT metric FROM series"), db);
            while (q.next())
                onDisk.insert(q.value(0).toInt());
        }
        QSqlDatabase::removeDatabase(QStringLiteral("ids"));
        QCOMPARE(onDisk, (QSet<int>{1, 2, 3, 4, 5, 10, 11, 20, 21}));
    }

    void aMetricNeverReportedCostsNoSeries()
    {
        // These GPUs never report an SM clock: no series, no bytes, and the
        // query answers empty buckets as for any series never written. Once
        // a clock comes, the series starts, and later absences are gaps.
        auto store = openRw(file(QStringLiteral("noclock.db")));
        QVERIFY(store);
        QList<Snapshot> batch;
        for (int i = 0; i < 5; ++i)
            batch.append(gpuSnapshot(kT0 + i * kSecond, 50));
        QVERIFY(store->append(batch, nullptr));
        const SeriesKey clock{kServer, kGpu, MetricId::GpuSmClock};
        QVERIFY(!store->seriesOf(kServer).contains(clock));
        QVERIFY(store->seriesOf(kServer).contains(utilKey()));
        const HistoryResult none = store->query(clock, kT0, kT0 + 5 * kSecond, 5);
        QVERIFY(none.error.isEmpty());
        QCOMPARE(none.buckets.size(), 5);
        for (const HistoryBucket& b : none.buckets)
            QCOMPARE(b.count, 0);

        Snapshot withClock = gpuSnapshot(kT0 + 5 * kSecond, 50);
        withClock.gpus[0].smClockMHz = 1980;
        QVERIFY(store->append({withClock, gpuSnapshot(kT0 + 6 * kSecond, 50)}, nullptr));
        QVERIFY(store->seriesOf(kServer).contains(clock));
        const HistoryResult r = store->query(clock, kT0 + 5 * kSecond, kT0 + 7 * kSecond, 2);
        QCOMPARE(r.buckets.size(), 2);
        QCOMPARE(r.buckets[0].mean, 1980.0);
        QCOMPARE(r.buckets[1].count, 0);
    }

    void processWithoutReportedMemoryIsStoredAsAbsent()
    {
        // Windows/WDDM drivers and some containers report a process but not
        // its memory: the reading is stored, its memory absent, not 0.
        auto store = openRw(file(QStringLiteral("nomemory.db")));
        QVERIFY(store);
        for (int i = 0; i < 3; ++i) {
            Snapshot s = gpuSnapshot(kT0 + i * kSecond, 50);
            GpuProcess p;
            p.pid = 4711;
            p.gpuUuid = s.gpus[0].uuid;
            p.user = QStringLiteral("dave");
            s.processes.append(p);
            QString error;
            QVERIFY2(store->append({s}, &error), qPrintable(error));
        }
        const auto facts = store->processes(kServer, kT0, kT0 + 10 * kSecond);
        QCOMPARE(facts.size(), 1);
        QVERIFY(!facts[0].maxMemoryMiB.has_value());
        QCOMPARE(facts[0].lastSeenMs, kT0 + 2 * kSecond);
    }

    void processFactsKeepFirstLastSeenMaxMemoryAndGhosts()
    {
        const QString path = file(QStringLiteral("facts.db"));
        DemoWorld fleet;
        const int infer = int(DemoWorld::serverNames().indexOf(QStringLiteral("infer-03")));
        QVERIFY(infer >= 0);
        {
            auto store = openRw(path);
            QVERIFY(store);
            for (int i = 0; i < 30; ++i) {
                Snapshot s = fleet.serverAt(infer, kT0 + i * kSecond);
                for (GpuProcess& p : s.processes)
                    if (p.ghost)
                        p.usedMemoryMiB = i == 7 ? 4096 : 3072;
                QVERIFY(store->append({s}, nullptr));
            }
        }
        auto store = openRw(path);
        QVERIFY(store);
        Snapshot later = fleet.serverAt(infer, kT0 + 40 * kSecond);
        QVERIFY(store->append({later}, nullptr));

        const QList<ProcessFact> facts =
            store->processes(QStringLiteral("infer-03"), kT0, kT0 + kHour);
        QCOMPARE(facts.size(), later.processes.size());
        const auto ghost =
            std::find_if(facts.begin(), facts.end(), [](const ProcessFact& f) { return f.ghost; });
        QVERIFY(ghost != facts.end());
        QCOMPARE(ghost->startTimeMs, 0);
        QCOMPARE(ghost->firstSeenMs, kT0);
        QCOMPARE(ghost->lastSeenMs, kT0 + 40 * kSecond);
        QCOMPARE(ghost->maxMemoryMiB, std::optional<double>(4096));
        QCOMPARE(ghost->gpuModel, later.gpuByUuid(ghost->gpuUuid)->name);
        QVERIFY(!ghost->uid);
        for (const ProcessFact& f : facts) {
            if (f.ghost)
                continue;
            QVERIFY(f.uid.has_value());
            QVERIFY(!f.user.isEmpty());
            QVERIFY(f.startTimeMs > 0);
        }
        // The process series is keyed by the fact id.
        const SeriesKey mem{QStringLiteral("infer-03"),
                            QStringLiteral("proc:") + QString::number(ghost->id),
                            MetricId::ProcessMemory};
        const HistoryResult r = store->query(mem, kT0, kT0 + 30 * kSecond, 30);
        QCOMPARE(r.buckets.at(7).mean, 4096.0);
        QCOMPARE(r.buckets.at(8).mean, 3072.0);
        QVERIFY(store->processes(QStringLiteral("gpu-lab-01"), kT0, kT0 + kHour).isEmpty());
        // All servers: asked with an empty name, null (QString()) or not.
        QCOMPARE(store->processes(QString(), kT0, kT0 + kHour).size(), facts.size());
        QCOMPARE(store->processes(QStringLiteral(""), kT0, kT0 + kHour).size(), facts.size());
        QVERIFY(store->processes(QStringLiteral("infer-03"), kT0 + 2 * kHour, kT0 + 3 * kHour)
                    .isEmpty());
    }

    void notAHistoryFileIsRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text file") << QStringLiteral("notes.txt")
                                   << QByteArray("hello, this is not a database\n").repeated(200)
                                   << QStringLiteral("is not a GPU Warden history file");
        QTest::newRow("other sqlite") << QStringLiteral("other.db") << QByteArray()
                                      << QStringLiteral("is not a GPU Warden history file (it is "
                                                        "an SQLite database of another program)");
    }
    void notAHistoryFileIsRefused()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = file(name);
        if (content.isEmpty()) {
            auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("other"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE t(x)")));
            db.close();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(QStringLiteral("other"));
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        for (auto mode : {HistoryStore::Mode::ReadWrite, HistoryStore::Mode::ReadOnly}) {
            QString error;
            QVERIFY(!HistoryStore::open(path, mode, &error));
            QVERIFY2(error.startsWith(path) && error.contains(expected), qPrintable(error));
        }
    }

    void olderFormatIsRefusedNotMisread()
    {
        // A file of format 1 (fixed prefix codes) must not be decoded with
        // format 2's codes: refused, with what to do.
        const QString path = file(QStringLiteral("old.sqlite"));
        {
            QString error;
            auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
        }
        {
            auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version = 1")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("old"));
        QString error;
        QVERIFY(!HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error));
        QVERIFY2(error.contains(QStringLiteral("holds history format 1")) &&
                     error.contains(QStringLiteral("move the file away")),
                 qPrintable(error));
    }

    void format2FileIsUpgradedInPlace()
    {
        // A file as format 2 wrote it (no intervals, no MIG): made by
        // writing one and taking the format 3 additions out again.
        const QString path = file(QStringLiteral("format2.sqlite"));
        {
            auto store = openRw(path);
            QVERIFY(store);
            QList<Snapshot> batch;
            for (int i = 0; i < 40; ++i) {
                if (i >= 20 && i < 25)
                    continue; // 6 s without a reading: a gap at the default 1 s
                Snapshot s = gpuSnapshot(kT0 + i * kSecond, 50);
                GpuProcess p;
                p.pid = 4242;
                p.gpuUuid = kGpu;
                p.startTimeMs = kT0 - kHour;
                p.user = QStringLiteral("alice");
                p.usedMemoryMiB = 1000;
                s.processes.append(p);
                batch.append(s);
            }
            QString error;
            QVERIFY2(store->append(batch, &error), qPrintable(error));
            QVERIFY(store->flush());
        }
        {
            auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v2"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            for (const char* sql : {"ALTER TABLE series DROP COLUMN interval_ms",
                                    "ALTER TABLE chunk DROP COLUMN interval_ms",
                                    "ALTER TABLE process DROP COLUMN mig_uuid",
                                    "DROP TABLE mig_instance", "PRAGMA user_version = 2"}) {
                QSqlQuery q(db);
                QVERIFY2(q.exec(QString::fromLatin1(sql)), qPrintable(q.lastError().text()));
            }
            for (const historyschema::Column& c : historyschema::kOwnerColumns) {
                QSqlQuery q(db);
                QVERIFY2(q.exec(QStringLiteral("ALTER TABLE process DROP COLUMN ") +
                                QLatin1StringView(c.name)),
                         qPrintable(q.lastError().text()));
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v2"));

        // Read-only: refused, saying what will happen.
        QString error;
        QVERIFY(!HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error));
        QVERIFY2(error.contains(QStringLiteral("format 2")) &&
                     error.contains(QStringLiteral("upgraded")),
                 qPrintable(error));

        // For writing: upgraded, old rows read with the default interval.
        auto store = openRw(path);
        QVERIFY(store);
        HistoryResult r = store->query(utilKey(), kT0, kT0 + 40 * kSecond, 40);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.intervalMs, kDefaultSamplingIntervalMs);
        QCOMPARE(historyGaps(r.buckets).size(), 1);
        QCOMPARE(historyGaps(r.buckets).first(),
                 std::make_pair(kT0 + 20 * kSecond, kT0 + 25 * kSecond));
        const auto facts = store->processes(kServer, kT0, kT0 + kMinute);
        QCOMPARE(facts.size(), 1);
        QVERIFY(facts.first().migUuid.isEmpty());
        QVERIFY(!facts.first().owner && !facts.first().workload); // owner columns added too
        QVERIFY(store->migInstances(kServer, kT0, kT0 + kHour).isEmpty());

        // New readings every 10 s: a 25 s hole is no gap at that interval.
        QList<Snapshot> slow;
        for (int i = 0; i < 10; ++i) {
            Snapshot s = gpuSnapshot(
                kT0 + 60 * kSecond + i * 10 * kSecond + (i >= 5 ? 15 : 0) * kSecond, 70);
            s.intervalMs = 10 * kSecond;
            slow.append(s);
        }
        QVERIFY2(store->append(slow, &error), qPrintable(error));
        r = store->query(utilKey(), kT0 + 60 * kSecond, kT0 + 3 * kMinute, 120);
        QCOMPARE(r.intervalMs, 10 * kSecond);
        QVERIFY(historyGaps(r.buckets).isEmpty());
        // Across both: only the old 6 s hole is a gap.
        r = store->query(utilKey(), kT0, kT0 + 3 * kMinute, 180);
        QCOMPARE(historyGaps(r.buckets).size(), 1);
        store.reset();
        auto reader = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(reader, qPrintable(error));
    }

    void migInstancesAndTheirProcessesAreStored()
    {
        const QString path = file(QStringLiteral("mig.sqlite"));
        const QString migA = QStringLiteral("MIG-11111111-2222-3333-4444-555555555555");
        const QString migB = QStringLiteral("MIG-66666666-7777-8888-9999-000000000000");
        {
            auto store = openRw(path);
            QVERIFY(store);
            QList<Snapshot> batch;
            for (qint64 t : {qint64(0), 30 * kSecond, 70 * kSecond}) {
                Snapshot s = gpuSnapshot(kT0 + t, std::nullopt); // no utilisation in MIG mode
                s.intervalMs = 10 * kSecond;
                GpuSample& g = s.gpus[0];
                g.migEnabled = true;
                g.migSliceCount = 7;
                MigInstance a;
                a.index = 0;
                a.uuid = migA;
                a.profile = QStringLiteral("3g.40gb");
                a.memoryUsedMiB = 20'000 + double(t / kSecond);
                a.memoryTotalMiB = 40'192;
                MigInstance b;
                b.index = 1;
                b.uuid = migB;
                b.profile = QStringLiteral("1g.10gb");
                b.memoryTotalMiB = 9'728; // used: not reported, stays absent
                g.migInstances = {a, b};
                GpuProcess p;
                p.pid = 777;
                p.gpuUuid = kGpu;
                p.migUuid = migA;
                p.startTimeMs = kT0 - kMinute;
                p.user = QStringLiteral("bob");
                p.usedMemoryMiB = 19'000;
                s.processes.append(p);
                batch.append(s);
            }
            QString error;
            QVERIFY2(store->append(batch, &error), qPrintable(error));
            QVERIFY(store->flush());
        }
        // Read back from the file by a reader of its own.
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(store, qPrintable(error));
        const QList<MigInstanceFact> migs = store->migInstances(kServer, kT0, kT0 + kHour, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(migs.size(), 2);
        QCOMPARE(migs[0].migUuid, migA);
        QCOMPARE(migs[0].gpuUuid, kGpu);
        QCOMPARE(migs[0].profile, QStringLiteral("3g.40gb"));
        QCOMPARE(migs[0].memoryTotalMiB, std::optional<double>(40'192));
        QCOMPARE(migs[0].firstSeenMs, kT0);
        QCOMPARE(migs[0].lastSeenMs, kT0 + 70 * kSecond);
        QCOMPARE(migs[1].migUuid, migB);
        QCOMPARE(migs[1].memoryTotalMiB, std::optional<double>(9'728));
        QVERIFY(store->migInstances(QStringLiteral("other"), kT0, kT0 + kHour).isEmpty());

        // Each instance's memory is a series keyed by its UUID.
        const HistoryResult a =
            store->query({kServer, migA, MetricId::GpuMemoryUsed}, kT0, kT0 + 80 * kSecond, 8);
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QCOMPARE(a.intervalMs, 10 * kSecond);
        QCOMPARE(a.buckets[0].mean, 20'000.0);
        QCOMPARE(a.buckets[3].mean, 20'030.0);
        QCOMPARE(a.buckets[7].mean, 20'070.0);
        // Absent used memory: no series at all, never zeros.
        const HistoryResult b =
            store->query({kServer, migB, MetricId::GpuMemoryUsed}, kT0, kT0 + 80 * kSecond, 8);
        for (const HistoryBucket& x : b.buckets)
            QCOMPARE(x.count, 0);

        const auto facts = store->processes(kServer, kT0, kT0 + kHour);
        QCOMPARE(facts.size(), 1);
        QCOMPARE(facts[0].migUuid, migA);
        QCOMPARE(facts[0].user, QStringLiteral("bob"));

        // Kept as long as process facts, then gone with them.
        store.reset();
        auto writer = openRw(path);
        QVERIFY(writer);
        QVERIFY2(writer->enforceRetention(kT0 + kDay, &error), qPrintable(error));
        QCOMPARE(writer->migInstances(kServer, kT0, kT0 + kHour).size(), 2);
        QVERIFY2(writer->enforceRetention(kT0 + 3 * 365 * kDay, &error), qPrintable(error));
        QVERIFY(writer->migInstances(kServer, kT0, kT0 + kHour).isEmpty());
    }

    void unopenablePathsSayWhy()
    {
        // A path under a regular file cannot exist, even for root.
        QFile blocker(file(QStringLiteral("plainfile")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString under = blocker.fileName() + QStringLiteral("/history.db");
        QString error;
        QVERIFY(!HistoryStore::open(under, HistoryStore::Mode::ReadWrite, &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot open history file ") + under),
                 qPrintable(error));

        const QString missing = file(QStringLiteral("missing.db"));
        QVERIFY(!HistoryStore::open(missing, HistoryStore::Mode::ReadOnly, &error));
        QVERIFY2(error.contains(missing), qPrintable(error));
        QVERIFY(!QFile::exists(missing));
    }

    void readOnlyStoreRefusesWritesAndStillReads()
    {
        const QString path = file(QStringLiteral("ro.db"));
        {
            auto w = openRw(path);
            QVERIFY(w);
            QVERIFY(w->append({gpuSnapshot(kT0, 12)}, nullptr));
        }
        QString error;
        auto ro = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(ro, qPrintable(error));
        QVERIFY(!ro->append({gpuSnapshot(kT0 + kSecond, 13)}, &error));
        QCOMPARE(error, QStringLiteral("cannot write history to ") + path +
                            QStringLiteral(": the store was opened read-only"));
        QCOMPARE(ro->query(utilKey(), kT0, kT0 + kSecond, 1).buckets.at(0).mean, 12.0);
    }

    void unwritableFileSaysSoWhenNotRoot()
    {
        if (geteuid() == 0)
            QSKIP("root ignores file permissions; fullDiskFailsTheBatchAndStoreStaysUsable covers "
                  "writes failing");
        const QString path = file(QStringLiteral("perm.db"));
        {
            auto w = openRw(path);
            QVERIFY(w);
        }
        QFile::setPermissions(path, QFile::ReadOwner);
        QString error;
        auto w = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        if (w)
            QVERIFY(!w->append({gpuSnapshot(kT0, 1)}, &error));
        QVERIFY2(error.contains(QStringLiteral("read-only")) && error.contains(path),
                 qPrintable(error));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    }

    void fullDiskFailsTheBatchAndStoreStaysUsable()
    {
        const QString path = file(QStringLiteral("full.db"));
        auto store = openRw(path);
        QVERIFY(store);
        QVERIFY(store->append({gpuSnapshot(kT0, 1)}, nullptr));
        QVERIFY(store->flush());
        QVERIFY(store->setMaxFileSizeBytes(store->fileSizeBytes()));
        // Big batches over many series until the capped file is full.
        QString error;
        qint64 t = kT0 + kSecond;
        bool failed = false;
        for (int round = 0; round < 200 && !failed; ++round) {
            QList<Snapshot> batch;
            for (int i = 0; i < 50; ++i, t += kSecond) {
                Snapshot s = gpuSnapshot(t, i % 100);
                for (int g = 1; g < 16; ++g) {
                    GpuSample extra = s.gpus.first();
                    extra.uuid = QStringLiteral("GPU-%1-%2").arg(round).arg(g);
                    s.gpus.append(extra);
                }
                batch.append(s);
            }
            failed = !store->append(batch, &error);
        }
        QVERIFY(failed);
        QVERIFY2(error.startsWith(QStringLiteral("cannot write history to ") + path +
                                  QStringLiteral(": the disk is full")),
                 qPrintable(error));
        // The failed batch left nothing behind, and the store goes on.
        QVERIFY(store->setMaxFileSizeBytes(0));
        QVERIFY2(store->append({gpuSnapshot(t + kSecond, 77)}, &error), qPrintable(error));
        const HistoryResult r = store->query(utilKey(), t + kSecond, t + 2 * kSecond, 1);
        QCOMPARE(r.buckets.at(0).mean, 77.0);

        QCOMPARE(test::integrityCheck(path), QStringLiteral("ok"));
    }
};

QTEST_GUILESS_MAIN(TestHistoryStore)
#include "tst_historystore.moc"
