#include "sources/demoworld.h"

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
        QCOMPARE(fleet[2].gpus.size(), 2);
        QSet<QString> users;
        QSet<QString> uuids;
        for (const auto& s : fleet) {
            QCOMPARE(s.backend, QStringLiteral("demo"));
            for (const auto& p : s.processes) {
                if (!p.ghost && p.user != QLatin1String("svc-infer"))
                    users.insert(p.user);
            }
            for (const auto& g : s.gpus)
                uuids.insert(g.uuid);
        }
        QCOMPARE(users.size(), 5); // 12:35 is inside carol's and eve's windows
        QCOMPARE(uuids.size(), 8); // distinct across servers
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
};

QTEST_GUILESS_MAIN(TestDemoWorld)
#include "tst_demoworld.moc"
