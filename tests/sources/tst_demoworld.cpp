#include "sources/demoworld.h"

#include <QHash>
#include <QSet>
#include <QTest>

using namespace gw;

namespace {
constexpr qint64 kHour = 3'600'000;
// A fixed day at midnight UTC, plus offsets, so scenarios are reproducible.
constexpr qint64 kDay = 1795305600000; // 2026-11-22T00:00:00Z

const GpuProcess* processOf(const Snapshot& s, const QString& user)
{
    for (const auto& p : s.processes) {
        if (p.user == user)
            return &p;
    }
    return nullptr;
}
} // namespace

class TestDemoWorld : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void threeServersFiveUsers()
    {
        const auto fleet = DemoWorld().at(kDay + 12 * kHour + 35 * 60'000);
        QCOMPARE(fleet.size(), 3);
        QCOMPARE(fleet[0].server, QStringLiteral("gpu-lab-01"));
        QCOMPARE(fleet[0].gpus.size(), 4);
        QCOMPARE(fleet[1].gpus.size(), 2);
        QCOMPARE(fleet[2].gpus.size(), 3);
        QSet<QString> users;
        QSet<QString> uuids;
        for (const auto& s : fleet) {
            QCOMPARE(s.backend, QStringLiteral("demo"));
            for (const auto& p : s.processes) {
                // People: the owners (dave's Triton runs as root), not
                // the service account nor a container that owns itself.
                if (!p.ghost && p.ownerName() != QLatin1String("svc-infer") &&
                    !(p.owner && p.owner->isWorkload))
                    users.insert(p.ownerName());
            }
            for (const auto& g : s.gpus)
                uuids.insert(g.uuid);
        }
        QCOMPARE(users.size(), 5); // 12:35 is inside carol's and eve's windows
        QCOMPARE(uuids.size(), 9); // distinct across servers
    }

    void trainingRunsAtAboutNinetyFivePercentAroundTheClock()
    {
        DemoWorld f;
        for (qint64 t = kDay; t < kDay + 24 * kHour; t += 17 * 60'000 + 3000) {
            const Snapshot s = f.serverAt(0, t);
            const double u = *s.gpus[0].utilizationGpuPercent;
            QVERIFY2(u >= 92 && u <= 98, qPrintable(QString::number(u)));
            QVERIFY(processOf(s, QStringLiteral("alice")));
        }
    }

    void notebookHoldsTwentyGiBWhileIdle()
    {
        DemoWorld f;
        double busySamples = 0, n = 0;
        for (qint64 t = kDay; t < kDay + kHour; t += 5000, ++n) {
            const Snapshot s = f.serverAt(0, t);
            const GpuProcess* p = processOf(s, QStringLiteral("bob"));
            QVERIFY(p);
            QCOMPARE(*p->usedMemoryMiB, 20480.0);
            busySamples += *s.gpus[1].utilizationGpuPercent >= 10 ? 1 : 0;
        }
        QVERIFY2(busySamples / n < 0.15, "the notebook should sit idle most of the time");
    }

    void inferenceIsBursty()
    {
        DemoWorld f;
        int high = 0, low = 0;
        for (qint64 t = kDay; t < kDay + 10 * 60'000; t += 2000) {
            const double u = *f.serverAt(1, t).gpus[0].utilizationGpuPercent;
            high += u >= 60 ? 1 : 0;
            low += u <= 5 ? 1 : 0;
        }
        QVERIFY2(high > 30 && low > 30,
                 qPrintable(QStringLiteral("%1 high %2 low").arg(high).arg(low)));
    }

    void ghostProcessIsMarkedAndKeptWithItsMemory()
    {
        const Snapshot s = DemoWorld().serverAt(2, kDay);
        int ghosts = 0;
        for (const auto& p : s.processes) {
            if (p.ghost) {
                ++ghosts;
                QVERIFY(p.user.isEmpty());
                QVERIFY(!p.startTimeMs);
                QCOMPARE(*p.usedMemoryMiB, 3072.0);
                QCOMPARE(p.gpuUuid, s.gpus[1].uuid);
            }
        }
        QCOMPARE(ghosts, 1);
        QVERIFY(!s.gpus[1].fanPercent); // passive cooling: absent, not 0
    }

    void sameTimeGivesTheSameSnapshot()
    {
        QCOMPARE(DemoWorld().at(kDay + 1234567), DemoWorld().at(kDay + 1234567));
        QVERIFY(DemoWorld().at(kDay) != DemoWorld().at(kDay + 60'000));
    }

    void backfillIsDenseForTheLastHourOnly()
    {
        DemoProducer p;
        const auto past = p.backfill(kDay, kDay + 2 * kHour);
        QCOMPARE(past.size(), 3 * (60 + 1800)); // a minute apart, then every 2 s
        QCOMPARE(past[3].timestampMs - past[0].timestampMs, 60'000);
        QCOMPARE(past.last().timestampMs - past[past.size() - 4].timestampMs, 2000);
    }

    // The source asks for a long past in parts (a week of 16 servers at
    // once was 2.3 GB): the parts of a fill, cut anywhere, are the whole
    // fill, dense only in its last hour.
    void backfillPartsMakeTheWholeFill()
    {
        DemoProducer p;
        const qint64 from = kDay + 12'345;
        const qint64 to = kDay + 3 * kHour + 999;
        const auto whole = p.backfill(from, to);
        QList<Snapshot> parts;
        const QList<qint64> cuts{from,           from + 1,           from + 59'999, kDay + kHour,
                                 to - kHour - 1, to - kHour + 1'000, to - 1'999,    to};
        for (qsizetype i = 1; i < cuts.size(); ++i)
            parts.append(p.backfillPart(cuts[i - 1], cuts[i], to));
        QCOMPARE(parts.size(), whole.size());
        for (qsizetype i = 0; i < whole.size(); ++i) {
            QCOMPARE(parts[i].server, whole[i].server);
            QCOMPARE(parts[i].timestampMs, whole[i].timestampMs);
            QCOMPARE(parts[i].intervalMs, whole[i].intervalMs);
        }
        QCOMPARE(whole.size(), 3 * (120 + 1800));
    }

    void backfillCoversTheRangeInSteps()
    {
        DemoProducer p;
        const auto past = p.backfill(kDay, kDay + 60'000);
        QCOMPARE(past.size(), 3 * 30); // 3 servers every 2 s
        QCOMPARE(past.first().timestampMs, kDay);
        QVERIFY(past.last().timestampMs < kDay + 60'000);
    }

    void firstOnlyServesTheFirstServer()
    {
        // gpuwarden-agent --demo: one server, as an agent serves.
        DemoProducer p(DemoProducer::Servers::FirstOnly);
        const auto now = p.produce();
        QCOMPARE(now.size(), 1);
        QCOMPARE(now.first().server, DemoWorld::serverNames().first());
        const auto past = p.backfill(kDay, kDay + 60'000);
        QCOMPARE(past.size(), 30);
        QCOMPARE(past.first(), DemoWorld().serverAt(0, kDay));
        QCOMPARE(DemoProducer().produce().size(), 3);
    }

    void migH100IsPartitionedWithUsersOnInstances()
    {
        const Snapshot s = DemoWorld().serverAt(2, kDay + 12 * kHour); // infer-03 at noon
        QCOMPARE(s.server, QStringLiteral("infer-03"));
        const GpuSample& g = s.gpus[2];
        QCOMPARE(g.name, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(g.migEnabled, true);
        QCOMPARE(g.migSliceCount, 7);
        QVERIFY(!g.utilizationGpuPercent); // absent in MIG mode, never 0
        QVERIFY(!g.utilizationMemoryPercent);
        QVERIFY(g.temperatureC && g.powerW);
        QCOMPARE(g.migInstances.size(), 4);
        QStringList profiles;
        int slices = 0;
        double used = 0;
        QSet<QString> uuids;
        for (const MigInstance& m : g.migInstances) {
            profiles << m.profile;
            slices += m.computeSlices.value_or(0);
            used += m.memoryUsedMiB.value_or(0);
            QVERIFY(m.uuid.startsWith(QLatin1String("MIG-")));
            QVERIFY(m.memoryUsedMiB <= m.memoryTotalMiB);
            uuids.insert(m.uuid);
        }
        QCOMPARE(profiles, (QStringList{QStringLiteral("3g.40gb"), QStringLiteral("2g.20gb"),
                                        QStringLiteral("1g.10gb"), QStringLiteral("1g.10gb")}));
        QCOMPARE(slices, 7);
        QCOMPARE(uuids.size(), 4);
        QCOMPARE(g.memoryUsedMiB, used);
        // Users on instances: alice trains on 3g.40gb, bob's notebook on
        // 2g.20gb, an embedding service (root in a container no rule names:
        // the container owns it) on a 1g.10gb by day; the other 1g.10gb is
        // free.
        QMap<QString, QString> userOn;
        for (const GpuProcess& p : s.processes) {
            if (p.gpuUuid != g.uuid)
                continue;
            QVERIFY(!p.migUuid.isEmpty());
            QVERIFY(g.migByUuid(p.migUuid));
            QVERIFY(!p.smUtilPercent);
            userOn[p.ownerName()] = g.migByUuid(p.migUuid)->profile;
        }
        QCOMPARE(userOn.value(QStringLiteral("alice")), QStringLiteral("3g.40gb"));
        QCOMPARE(userOn.value(QStringLiteral("bob")), QStringLiteral("2g.20gb"));
        QCOMPARE(userOn.value(QStringLiteral("container:embed-svc")), QStringLiteral("1g.10gb"));
        QCOMPARE(userOn.size(), 3);
        // At night the service is off and its instance empty.
        const Snapshot night = DemoWorld().serverAt(2, kDay + 2 * kHour);
        int onMig = 0;
        for (const GpuProcess& p : night.processes)
            onMig += !p.migUuid.isEmpty();
        QCOMPARE(onMig, 2);
        // The other GPUs know nothing of MIG.
        for (const auto& snap : DemoWorld().at(kDay)) {
            for (const GpuSample& other : snap.gpus) {
                if (other.uuid != g.uuid) {
                    QVERIFY(!other.migEnabled);
                    QVERIFY(other.migInstances.isEmpty());
                    QVERIFY(other.utilizationGpuPercent);
                }
            }
        }
    }

    void ownersLookLikeALab()
    {
        const auto fleet = DemoWorld(4).at(kDay + 12 * kHour + 35 * 60'000);
        QHash<qint64, const GpuProcess*> byPid;
        for (const Snapshot& s : fleet)
            for (const GpuProcess& p : s.processes)
                byPid.insert(p.pid, &p);
        // alice at a login shell: her own process.
        const GpuProcess* alice = byPid.value(2101);
        QVERIFY(alice && alice->workload && alice->owner);
        QCOMPARE(alice->workload->kind, WorkloadKind::Session);
        QCOMPARE(alice->ownerName(), QStringLiteral("alice"));
        QVERIFY(alice->account().isEmpty());
        // dave's Triton: root in a Docker container, its label names dave.
        const GpuProcess* triton = byPid.value(5120);
        QVERIFY(triton && triton->workload && triton->owner);
        QCOMPARE(triton->user, QStringLiteral("root"));
        QCOMPARE(triton->uid, 0u);
        QCOMPARE(triton->workload->kind, WorkloadKind::Docker);
        QCOMPARE(triton->workload->displayName(), QStringLiteral("container triton"));
        QCOMPARE(triton->workload->labels.value(QStringLiteral("gpuwarden.user")),
                 QStringLiteral("dave"));
        QCOMPARE(triton->ownerName(), QStringLiteral("dave"));
        QCOMPARE(triton->account(), QStringLiteral("inference"));
        QVERIFY(triton->owner->because.contains(QStringLiteral("gpuwarden.user")));
        // carol's evaluation and eve's fine-tune: Slurm jobs with accounts.
        const GpuProcess* eval = byPid.value(4512);
        QVERIFY(eval && eval->workload);
        QCOMPARE(eval->workload->displayName(), QStringLiteral("Slurm job 4711"));
        QCOMPARE(eval->workload->partition, QStringLiteral("a100"));
        QCOMPARE(eval->account(), QStringLiteral("nlp"));
        QCOMPARE(byPid.value(6230)->account(), QStringLiteral("vision"));
        // svc-infer's pod in namespace vision.
        const GpuProcess* serve = byPid.value(7801);
        QVERIFY(serve && serve->workload);
        QCOMPARE(serve->workload->displayName(), QStringLiteral("pod vision/llm-serve-0"));
        QCOMPARE(serve->account(), QStringLiteral("vision"));
        // Root in a container no rule names: the container owns it.
        const GpuProcess* embed = byPid.value(8377);
        QVERIFY(embed && embed->owner);
        QCOMPARE(embed->user, QStringLiteral("root"));
        QVERIFY(embed->owner->isWorkload);
        QCOMPARE(embed->ownerName(), QStringLiteral("container:embed-svc"));
        // The ghost: nothing known, nothing invented.
        const GpuProcess* ghost = byPid.value(91234);
        QVERIFY(ghost && !ghost->owner && !ghost->workload);
        // gpu-lab-01's GPU 3: held by a pod, no process on it.
        const GpuSample& held = fleet[0].gpus[3];
        QVERIFY(held.holder && held.holderOwner);
        QCOMPARE(held.holder->displayName(), QStringLiteral("pod vision/notebook-carol-0"));
        QCOMPARE(held.holderOwner->account, QStringLiteral("vision"));
        for (const GpuProcess& p : fleet[0].processes)
            QVERIFY(p.gpuUuid != held.uuid);
        // node-04's jobs: Slurm jobs of their users' accounts.
        QVERIFY(!fleet[3].processes.isEmpty());
        for (const GpuProcess& p : fleet[3].processes) {
            QVERIFY(p.workload && p.owner);
            QCOMPARE(p.workload->kind, WorkloadKind::Slurm);
            QCOMPARE(p.ownerName(), p.user);
            QVERIFY(!p.account().isEmpty());
        }
    }

    void serverCountGrowsTheFleet()
    {
        const DemoWorld big(16);
        QCOMPARE(big.serverCount(), 16);
        const QStringList names = big.names();
        QCOMPARE(names.size(), 16);
        QCOMPARE(names.mid(0, 3), DemoWorld::serverNames()); // the scripted three first
        QCOMPARE(names.at(3), QStringLiteral("node-04"));
        QCOMPARE(names.last(), QStringLiteral("node-16"));
        const auto fleet = big.at(kDay + 12 * kHour);
        QCOMPARE(fleet.size(), 16);
        QSet<QString> uuids;
        QSet<QString> servers;
        int gpus = 0;
        int processes = 0;
        for (const Snapshot& s : fleet) {
            servers.insert(s.server);
            for (const GpuSample& g : s.gpus)
                uuids.insert(g.uuid);
            gpus += int(s.gpus.size());
            processes += int(s.processes.size());
        }
        QCOMPARE(servers.size(), 16);
        QCOMPARE(gpus, 4 + 2 + 3 + 13 * 8);
        QCOMPARE(uuids.size(), gpus);    // distinct across the whole fleet
        QVERIFY(processes > 13 * 8 / 2); // most generated GPUs run a job
        for (int i = 3; i < 16; ++i) {
            QCOMPARE(fleet[i].gpus.size(), 8);
            QCOMPARE(fleet[i].server, names.at(i));
            QVERIFY(fleet[i].host.cpuPercent);
        }
        // The scripted servers are the same as in the default fleet.
        QCOMPARE(fleet.mid(0, 3), DemoWorld().at(kDay + 12 * kHour));
        QCOMPARE(big.at(kDay + 5), big.at(kDay + 5)); // deterministic
        // The producer passes the count on; the default stays three.
        QCOMPARE(DemoProducer(DemoProducer::Servers::All, 16).produce().size(), 16);
        QCOMPARE(DemoProducer(DemoProducer::Servers::All, 16).backfill(kDay, kDay + 2000).size(),
                 16);
        QCOMPARE(DemoProducer(DemoProducer::Servers::FirstOnly, 16).produce().size(), 1);
        QCOMPARE(DemoProducer().produce().size(), 3);
        // An agent can serve any one of them (gpuwarden-agent --demo-server).
        const auto infer = DemoProducer::single(2).backfill(kDay, kDay + 2000);
        QCOMPARE(infer.size(), 1);
        QCOMPARE(infer.first(), DemoWorld().serverAt(2, kDay));
        QCOMPARE(DemoProducer::single(9).produce().first().server, QStringLiteral("node-10"));
        QCOMPARE(DemoProducer::single(9).produce().first().gpus.size(), 8);
        // Out of range is clamped, never an empty or endless fleet.
        QCOMPARE(DemoWorld(0).serverCount(), 1);
        QCOMPARE(DemoWorld(2).at(kDay).size(), 2);
        QCOMPARE(DemoWorld(100000).serverCount(), DemoWorld::kMaxServers);
    }
};

QTEST_GUILESS_MAIN(TestDemoWorld)
#include "tst_demoworld.moc"
