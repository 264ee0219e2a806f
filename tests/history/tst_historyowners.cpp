// Who owns a process, kept by the history store (docs/history.md, "Owners and
// workloads"): the owner (person, account, reason) and the workload (kind,
// id, name, namespace, partition) of each process fact on a real file; an
// owner learned readings after the process appeared, or changed by the
// rules, updating the fact and steady readings writing nothing more; a file
// written before owners were kept read as it is and upgraded by a writer;
// readings rebuilt from the store charging the owner again.

#include "history/historyreadings.h"
#include "history/historyschema.h"
#include "history/historyservice.h"
#include "history/historystore.h"

#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kHour = 3600 * kSecond;
constexpr qint64 kT0 = 1'790'000'000'000 / kHour * kHour;
const QString kServer = u"lab-01"_s;
const QString kGpu = u"GPU-0000"_s;
const QString kContainerId = u"4f1c0a9d2b7e8f3a6c5d4e1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f"_s;

Workload container(const QString& name)
{
    Workload w;
    w.kind = WorkloadKind::Podman;
    w.id = kContainerId;
    w.name = name;
    w.image = u"localhost/trainer:1"_s;                   // not kept
    w.cgroupPath = u"/machine.slice/libpod-4f1c.scope"_s; // not kept
    w.labels.insert(u"gpuwarden.user"_s, u"alice"_s);     // not kept
    return w;
}

Workload slurmJob()
{
    Workload w;
    w.kind = WorkloadKind::Slurm;
    w.id = u"57"_s;
    w.name = u"train-resnet"_s;
    w.partition = u"gpu"_s;
    w.step = u"batch"_s;
    return w;
}

Workload pod()
{
    Workload w;
    w.kind = WorkloadKind::Kubernetes;
    w.id = u"9a8b7c6d"_s;
    w.name = u"train-0"_s;
    w.namespaceName = u"vision"_s;
    w.containerName = u"trainer"_s; // not kept
    w.podUid = u"0b1c2d3e-aaaa-bbbb-cccc-0123456789ab"_s;
    return w;
}

ProcessOwner owner(const QString& user, const QString& account, const QString& because,
                   bool isWorkload = false)
{
    return ProcessOwner{user, account, because, isWorkload};
}

// What the store keeps of a workload.
Workload kept(const Workload& w)
{
    Workload k;
    k.kind = w.kind;
    k.id = w.id;
    k.name = w.name;
    k.namespaceName = w.namespaceName;
    k.partition = w.partition;
    return k;
}

GpuProcess process(qint64 pid, const QString& hostUser, std::optional<Workload> workload,
                   std::optional<ProcessOwner> who)
{
    GpuProcess p;
    p.pid = pid;
    p.startTimeMs = kT0 - kHour + pid;
    p.uid = hostUser == u"root"_s ? 0u : 1000u;
    p.user = hostUser;
    p.command = u"python train.py"_s;
    p.gpuUuid = kGpu;
    p.usedMemoryMiB = 2048;
    p.smUtilPercent = 40;
    p.workload = std::move(workload);
    p.owner = std::move(who);
    return p;
}

Snapshot reading(qint64 ms, const QList<GpuProcess>& processes)
{
    Snapshot s;
    s.server = kServer;
    s.timestampMs = ms;
    s.intervalMs = kSecond;
    GpuSample g;
    g.uuid = kGpu;
    g.name = u"NVIDIA H100 80GB HBM3"_s;
    g.utilizationGpuPercent = 40;
    g.memoryUsedMiB = 8192;
    s.gpus.append(g);
    s.processes = processes;
    return s;
}

// Three owned processes and one nobody decided for.
QList<GpuProcess> fleetProcesses()
{
    return {process(101, u"root"_s, container(u"job1"_s),
                    owner(u"alice"_s, u"vision"_s, u"label gpuwarden.user of container job1"_s)),
            process(102, u"bob"_s, slurmJob(), owner(u"bob"_s, u"physics"_s, u"Slurm job 57"_s)),
            process(103, u"root"_s, pod(),
                    owner(u"pod:vision/train-0"_s, QString(), u"root inside"_s, true)),
            process(104, u"carol"_s, std::nullopt, std::nullopt)};
}

const ProcessFact* factOf(const QList<ProcessFact>& facts, qint64 pid)
{
    for (const ProcessFact& f : facts)
        if (f.pid == pid)
            return &f;
    return nullptr;
}

// The process table's column names, read through a connection of the test's own.
QStringList processColumns(const QString& path)
{
    QStringList names;
    {
        auto db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"columns"_s);
        db.setDatabaseName(path);
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(u"PRAGMA table_info(process)"_s);
            while (q.next())
                names.append(q.value(1).toString());
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"columns"_s);
    return names;
}

bool execAll(const QString& path, const QStringList& statements, QString* why)
{
    bool ok = true;
    {
        auto db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"edit"_s);
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString& sql : statements) {
            QSqlQuery q(db);
            if (ok && !q.exec(sql)) {
                *why = sql + u": "_s + q.lastError().text();
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"edit"_s);
    return ok;
}

qint64 scalar(const QString& path, const QString& sql)
{
    qint64 v = -1;
    {
        auto db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"scalar"_s);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                v = q.value(0).toLongLong();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"scalar"_s);
    return v;
}

} // namespace

class TestHistoryOwners : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString file(const QString& name) const { return m_dir.filePath(name); }

    static std::unique_ptr<HistoryStore> open(const QString& path, HistoryStore::Mode mode)
    {
        QString error;
        auto store = HistoryStore::open(path, mode, &error);
        if (!store)
            qWarning().noquote() << error;
        return store;
    }

    static void compareFleet(const QList<ProcessFact>& facts)
    {
        QCOMPARE(facts.size(), 4);
        for (const GpuProcess& p : fleetProcesses()) {
            const ProcessFact* f = factOf(facts, p.pid);
            QVERIFY(f);
            QCOMPARE(f->user, p.user); // the host user stays the host user
            QCOMPARE(f->owner, p.owner);
            QCOMPARE(f->workload, p.workload ? std::optional(kept(*p.workload)) : std::nullopt);
            QCOMPARE(f->ownerName(), p.ownerName());
            QCOMPARE(f->account(), p.account());
        }
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void ownersAndWorkloadsRoundTripThroughAFreshFile()
    {
        const QString path = file(u"fresh.sqlite"_s);
        {
            auto store = open(path, HistoryStore::Mode::ReadWrite);
            QVERIFY(store);
            QList<Snapshot> batch;
            for (int i = 0; i < 5; ++i)
                batch.append(reading(kT0 + i * kSecond, fleetProcesses()));
            QString error;
            QVERIFY2(store->append(batch, &error), qPrintable(error));
            compareFleet(store->processes(kServer, kT0, kT0 + kHour));
        }
        for (const historyschema::Column& c : historyschema::kOwnerColumns)
            QVERIFY2(processColumns(path).contains(QLatin1StringView(c.name)), c.name);
        // Stored as people and queries read them: NULL where nothing is known.
        QCOMPARE(scalar(path, u"SELECT count(*) FROM process WHERE owner IS NULL AND "
                              "workload_kind IS NULL AND pid = 104"_s),
                 1LL);
        QCOMPARE(scalar(path, u"SELECT count(*) FROM process WHERE account = 'vision' AND "
                              "workload_kind = 'podman' AND owner = 'alice'"_s),
                 1LL);
        auto reader = open(path, HistoryStore::Mode::ReadOnly);
        QVERIFY(reader);
        const QList<ProcessFact> facts = reader->processes(kServer, kT0, kT0 + kHour);
        compareFleet(facts);
        const ProcessFact* job = factOf(facts, 102);
        QVERIFY(job);
        QCOMPARE(job->workload->partition, u"gpu"_s);
        QCOMPARE(job->workload->displayName(), kept(slurmJob()).displayName());
        const ProcessFact* inPod = factOf(facts, 103);
        QVERIFY(inPod && inPod->owner->isWorkload);
        QCOMPARE(inPod->workload->namespaceName, u"vision"_s);
    }

    void anOwnerLearnedLateOrChangedUpdatesTheFactAndASteadyOneWritesNothing()
    {
        const QString path = file(u"late.sqlite"_s);
        QString error;
        {
            auto store = open(path, HistoryStore::Mode::ReadWrite);
            QVERIFY(store);
        }
        // Counts every statement that sets the owner or workload columns.
        QVERIFY2(execAll(path,
                         {u"CREATE TABLE owner_writes(n INTEGER)"_s,
                          u"INSERT INTO owner_writes VALUES(0)"_s,
                          u"CREATE TRIGGER count_owner_writes AFTER UPDATE OF owner, account, "
                          "owner_because, owner_is_workload, workload_kind, workload_id, "
                          "workload_name, workload_namespace, workload_partition ON process "
                          "BEGIN UPDATE owner_writes SET n = n + 1; END"_s},
                         &error),
                 qPrintable(error));
        const auto writes = [&] {
            return scalar(path, u"SELECT n FROM owner_writes"_s);
        };
        const auto factNow = [&](HistoryStore& store) {
            const QList<ProcessFact> facts = store.processes(kServer, kT0, kT0 + kHour);
            return facts.size() == 1 ? facts.first() : ProcessFact();
        };
        auto store = open(path, HistoryStore::Mode::ReadWrite);
        QVERIFY(store);
        qint64 t = kT0;
        const auto append = [&](std::optional<Workload> w, std::optional<ProcessOwner> o,
                                int readings = 3) {
            QList<Snapshot> batch;
            for (int i = 0; i < readings; ++i, t += kSecond)
                batch.append(reading(t, {process(7, u"root"_s, w, o)}));
            return store->append(batch, &error);
        };

        // First readings: the cgroup says a container, nobody has answered
        // its name, no owner decided.
        Workload anonymous = container(QString());
        QVERIFY2(append(anonymous, std::nullopt), qPrintable(error));
        ProcessFact f = factNow(*store);
        QCOMPARE(f.pid, 7LL);
        QCOMPARE(f.workload, std::optional(kept(anonymous)));
        QVERIFY(!f.owner);
        QCOMPARE(f.ownerName(), u"root"_s);
        QCOMPARE(writes(), 0LL);

        // The runtime answers: the name and, by the label, the owner.
        const ProcessOwner alice =
            owner(u"alice"_s, u"vision"_s, u"label gpuwarden.user of container job1"_s);
        QVERIFY2(append(container(u"job1"_s), alice), qPrintable(error));
        f = factNow(*store);
        QCOMPARE(f.owner, std::optional(alice));
        QCOMPARE(f.workload->name, u"job1"_s);
        QCOMPARE(f.ownerName(), u"alice"_s);
        QCOMPARE(f.account(), u"vision"_s);
        QCOMPARE(f.lastSeenMs, t - kSecond);
        QCOMPARE(writes(), 1LL); // once, with the batch's last_seen update

        // Steady: the same owner reading after reading writes no owner.
        QVERIFY2(append(container(u"job1"_s), alice, 30), qPrintable(error));
        QCOMPARE(writes(), 1LL);
        QCOMPARE(factNow(*store).lastSeenMs, t - kSecond);

        // A reading that says nothing (no owner, a name not answered after
        // a restart of the sampler) unlearns nothing.
        QVERIFY2(append(anonymous, std::nullopt), qPrintable(error));
        QCOMPARE(factNow(*store).owner, std::optional(alice));
        QCOMPARE(factNow(*store).workload->name, u"job1"_s);
        QCOMPARE(writes(), 1LL);

        // The rules change: the account moves; written once.
        const ProcessOwner moved =
            owner(u"alice"_s, u"robotics"_s, u"label gpuwarden.user of container job1"_s);
        QVERIFY2(append(container(u"job1"_s), moved), qPrintable(error));
        QCOMPARE(factNow(*store).account(), u"robotics"_s);
        QCOMPARE(writes(), 2LL);

        // A writer opened again reads what the fact holds and writes nothing
        // for the same owner; a different one it writes.
        store.reset();
        store = open(path, HistoryStore::Mode::ReadWrite);
        QVERIFY(store);
        QVERIFY2(append(container(u"job1"_s), moved), qPrintable(error));
        QCOMPARE(writes(), 2LL);
        const ProcessOwner bob = owner(u"bob"_s, u"robotics"_s, u"container name job*"_s);
        QVERIFY2(append(container(u"job1"_s), bob), qPrintable(error));
        QCOMPARE(writes(), 3LL);
        QCOMPARE(factNow(*store).owner, std::optional(bob));
        QCOMPARE(factNow(*store).firstSeenMs, kT0);
    }

    void aFileWrittenBeforeOwnersReadsAndIsUpgradedByAWriter()
    {
        // A file as the version before wrote it: made by this one and its
        // owner columns taken out again.
        const QString path = file(u"before.sqlite"_s);
        {
            auto store = open(path, HistoryStore::Mode::ReadWrite);
            QVERIFY(store);
            QList<Snapshot> batch;
            for (int i = 0; i < 5; ++i)
                batch.append(reading(kT0 + i * kSecond, fleetProcesses()));
            QString error;
            QVERIFY2(store->append(batch, &error), qPrintable(error));
            QVERIFY(store->flush());
        }
        QStringList drop;
        for (const historyschema::Column& c : historyschema::kOwnerColumns)
            drop.append(u"ALTER TABLE process DROP COLUMN "_s + QLatin1StringView(c.name));
        QString error;
        QVERIFY2(execAll(path, drop, &error), qPrintable(error));
        QVERIFY(!processColumns(path).contains(u"owner"_s));
        QCOMPARE(scalar(path, u"PRAGMA user_version"_s), qint64(historyschema::kVersion));

        // Read-only: everything as before, no owner known, the file untouched.
        {
            auto reader = open(path, HistoryStore::Mode::ReadOnly);
            QVERIFY(reader);
            const QList<ProcessFact> facts = reader->processes(kServer, kT0, kT0 + kHour, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(facts.size(), 4);
            for (const ProcessFact& f : facts) {
                QVERIFY(!f.owner && !f.workload);
                QCOMPARE(f.ownerName(), f.user);
                QCOMPARE(f.lastSeenMs, kT0 + 4 * kSecond);
                QCOMPARE(f.maxMemoryMiB, std::optional<double>(2048));
            }
            auto readings = HistoryReadings::open(path, {}, kT0, kT0 + kHour, &error);
            QVERIFY2(readings, qPrintable(error));
            const std::optional<Snapshot> first = readings->next(&error);
            QVERIFY2(first, qPrintable(error));
            QCOMPARE(first->processes.size(), 4);
            QVERIFY(!first->processes.first().owner);
        }
        QVERIFY(!processColumns(path).contains(u"owner"_s));

        // A writer adds the columns; old facts learn their owner from the
        // next reading, new ones are written with it.
        auto store = open(path, HistoryStore::Mode::ReadWrite);
        QVERIFY(store);
        QVERIFY(processColumns(path).contains(u"workload_partition"_s));
        QList<GpuProcess> later = fleetProcesses();
        later.append(process(105, u"dave"_s, slurmJob(), owner(u"dave"_s, u"bio"_s, u"job"_s)));
        QVERIFY2(store->append({reading(kT0 + 10 * kSecond, later)}, &error), qPrintable(error));
        store.reset();
        auto reader = open(path, HistoryStore::Mode::ReadOnly);
        QVERIFY(reader);
        QList<ProcessFact> facts = reader->processes(kServer, kT0, kT0 + kHour);
        QCOMPARE(facts.size(), 5);
        const ProcessFact* dave = factOf(facts, 105);
        QVERIFY(dave);
        QCOMPARE(dave->account(), u"bio"_s);
        const ProcessFact daveFact = *dave;
        facts.removeOne(daveFact);
        compareFleet(facts);
        QCOMPARE(factOf(facts, 101)->firstSeenMs, kT0); // the same fact, not a new one
    }

    void readingsRebuiltFromHistoryChargeTheOwner()
    {
        // Through the writer thread as the agent and the desktop write, and
        // back as the reports and books read.
        const QString path = file(u"service.sqlite"_s);
        QList<Snapshot> minute;
        for (int i = 0; i < 60; ++i)
            minute.append(reading(kT0 + i * kSecond, fleetProcesses()));
        {
            HistoryService h(path);
            QSignalSpy opened(&h, &HistoryService::opened);
            h.start();
            QVERIFY(opened.wait(5000));
            h.ingestBatch(minute);
            h.stop(); // commits what is pending
        }
        QString error;
        auto readings = HistoryReadings::open(path, {kServer}, kT0, kT0 + kHour, &error);
        QVERIFY2(readings, qPrintable(error));
        int count = 0;
        while (const std::optional<Snapshot> r = readings->next(&error)) {
            ++count;
            QCOMPARE(r->processes.size(), 4);
            for (const GpuProcess& p : r->processes) {
                const auto original =
                    std::find_if(minute.first().processes.begin(), minute.first().processes.end(),
                                 [&](const GpuProcess& o) { return o.pid == p.pid; });
                QVERIFY(original != minute.first().processes.end());
                QCOMPARE(p.user, original->user);
                QCOMPARE(p.ownerName(), original->ownerName());
                QCOMPARE(p.account(), original->account());
                QCOMPARE(p.owner, original->owner);
                QCOMPARE(p.workload.has_value(), original->workload.has_value());
                if (p.workload) {
                    QCOMPARE(p.workload->kind, original->workload->kind);
                    QCOMPARE(p.workload->id, original->workload->id);
                    QCOMPARE(p.workload->name, original->workload->name);
                    QCOMPARE(p.workload->namespaceName, original->workload->namespaceName);
                    QCOMPARE(p.workload->partition, original->workload->partition);
                }
            }
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(count, 60);
    }
};

QTEST_GUILESS_MAIN(TestHistoryOwners)
#include "tst_historyowners.moc"
