// The usage meter: GPU time per user, model and UTC hour from readings, by
// the policy engine's time rule (no second rule), with gaps said and not
// charged, shared GPUs split by memory, MIG instances as their fraction, the
// used charge weighted by utilisation, and bad readings refused aloud.
#include "tokens/usage.h"

#include "tokenreadings.h"

#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {

double heldOf(const QList<UsageFact>& facts, const QString& user)
{
    double sum = 0;
    for (const UsageFact& f : facts)
        if (f.user == user)
            sum += f.heldGpuSeconds;
    return sum;
}

double usedOf(const QList<UsageFact>& facts, const QString& user)
{
    double sum = 0;
    for (const UsageFact& f : facts)
        if (f.user == user)
            sum += f.usedGpuSeconds;
    return sum;
}

QList<UsageFact> meter(const QList<Snapshot>& readings, UsageMeter* m)
{
    for (const Snapshot& r : readings)
        m->feed(r);
    m->finish();
    return m->facts();
}

} // namespace

class TestUsageMeter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void threeHundredReadingsSixtySecondsApartAreFiveHours()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        const QList<UsageFact> facts =
            meter(holding(QStringLiteral("node-1"), QStringLiteral("alice"),
                          QStringLiteral("NVIDIA GeForce RTX 2080"), 1, t0, 300),
                  &m);
        QCOMPARE(heldOf(facts, QStringLiteral("alice")), 5 * 3600.0);
        QCOMPARE(facts.size(), 5);
        for (int h = 0; h < 5; ++h) {
            QCOMPARE(facts[h].hourStartMs, t0 + h * 3'600'000);
            QCOMPARE(facts[h].heldGpuSeconds, 3600.0);
            QCOMPARE(facts[h].server, QStringLiteral("node-1"));
            QCOMPARE(facts[h].gpuModel, QStringLiteral("NVIDIA GeForce RTX 2080"));
            QVERIFY(facts[h].migProfile.isEmpty());
        }
        QVERIFY(m.gaps().isEmpty());
        QVERIFY2(m.warnings().isEmpty(), qPrintable(m.warnings().join(u'\n')));
        QCOMPARE(m.gpuModelsSeen(), QSet<QString>{QStringLiteral("NVIDIA GeForce RTX 2080")});
        // The free function gives the same.
        QCOMPARE(usageFromReadings(holding(QStringLiteral("node-1"), QStringLiteral("alice"),
                                           QStringLiteral("NVIDIA GeForce RTX 2080"), 1, t0, 300)),
                 facts);
    }

    void aGapIsNotChargedAndIsReported()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        QList<Snapshot> r = holding(QStringLiteral("node-1"), QStringLiteral("alice"),
                                    QStringLiteral("RTX 3090"), 1, t0, 10);
        // Silent from 10:10 (the last reading at 10:09 stands for one
        // interval) to 10:30, then ten readings more.
        r << holding(QStringLiteral("node-1"), QStringLiteral("alice"), QStringLiteral("RTX 3090"),
                     1, t0 + 30 * 60'000, 10);
        UsageMeter m;
        const QList<UsageFact> facts = meter(r, &m);
        QCOMPARE(heldOf(facts, QStringLiteral("alice")), 20 * 60.0);
        QCOMPARE(m.gaps().size(), 1);
        QCOMPARE(m.gaps()[0],
                 (CoverageGap{QStringLiteral("node-1"), t0 + 10 * 60'000, t0 + 30 * 60'000}));
        QList<CoverageGap> gaps;
        usageFromReadings(r, &gaps);
        QCOMPARE(gaps, m.gaps());
    }

    void silenceUpToThreeIntervalsIsUse()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        QList<Snapshot> r;
        for (qint64 at : {t0, t0 + 180'000}) // exactly 3 × 60 s: still use
            r << holding(QStringLiteral("n"), QStringLiteral("alice"), QStringLiteral("RTX 3090"),
                         1, at, 1);
        UsageMeter m;
        QCOMPARE(heldOf(meter(r, &m), QStringLiteral("alice")), 240.0);
        QVERIFY(m.gaps().isEmpty());
    }

    void aSpanIsSplitAcrossHours()
    {
        const qint64 t = utcMs(2026, 11, 3, 12, 59, 30);
        UsageMeter m;
        const QList<UsageFact> facts =
            meter(holding(QStringLiteral("node-1"), QStringLiteral("alice"),
                          QStringLiteral("RTX 3090"), 1, t, 2),
                  &m);
        QCOMPARE(facts.size(), 2);
        QCOMPARE(facts[0].hourStartMs, utcMs(2026, 11, 3, 12));
        QCOMPARE(facts[0].heldGpuSeconds, 30.0);
        QCOMPARE(facts[1].hourStartMs, utcMs(2026, 11, 3, 13));
        QCOMPARE(facts[1].heldGpuSeconds, 90.0);
    }

    void twoUsersOnOneGpuSplitByMemory()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        for (int i = 0; i < 10; ++i) {
            Snapshot s = reading(QStringLiteral("node-1"), t0 + i * 1000, 1000);
            s.gpus << gpu(QStringLiteral("GPU-a"), QStringLiteral("RTX A6000"));
            s.processes << process(1, QStringLiteral("alice"), QStringLiteral("GPU-a"), 3000)
                        << process(2, QStringLiteral("bob"), QStringLiteral("GPU-a"), 1000);
            m.feed(s);
        }
        m.finish();
        QCOMPARE(heldOf(m.facts(), QStringLiteral("alice")), 7.5);
        QCOMPARE(heldOf(m.facts(), QStringLiteral("bob")), 2.5);
    }

    void theOwnerIsChargedWithTheAccount()
    {
        // Root in a container labelled for alice on account vision; root in
        // a container no rule names; bob's own process with no owner decided
        // (an older reading).
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        for (int i = 0; i < 10; ++i) {
            Snapshot s = reading(QStringLiteral("node-1"), t0 + i * 1000, 1000);
            s.gpus << gpu(QStringLiteral("GPU-a"), QStringLiteral("RTX A6000"));
            GpuProcess labelled = process(1, QStringLiteral("root"), QStringLiteral("GPU-a"), 1000);
            labelled.owner =
                ProcessOwner{QStringLiteral("alice"), QStringLiteral("vision"),
                             QStringLiteral("label gpuwarden.user of container job1"), false};
            GpuProcess unnamed = process(2, QStringLiteral("root"), QStringLiteral("GPU-a"), 1000);
            unnamed.owner =
                ProcessOwner{QStringLiteral("container:job2"), {}, QStringLiteral("…"), true};
            GpuProcess own = process(3, QStringLiteral("bob"), QStringLiteral("GPU-a"), 2000);
            s.processes << labelled << unnamed << own;
            m.feed(s);
        }
        m.finish();
        const QList<UsageFact> facts = m.facts();
        QCOMPARE(heldOf(facts, QStringLiteral("alice")), 2.5);
        QCOMPARE(heldOf(facts, QStringLiteral("container:job2")), 2.5);
        QCOMPARE(heldOf(facts, QStringLiteral("bob")), 5.0);
        QCOMPARE(heldOf(facts, QStringLiteral("root")), 0.0); // never root
        for (const UsageFact& f : facts)
            QCOMPARE(f.account,
                     f.user == QLatin1String("alice") ? QStringLiteral("vision") : QString());
    }

    void migInstanceChargesItsSlicesOfTheGpu_data()
    {
        QTest::addColumn<std::optional<int>>("computeSlices");
        QTest::newRow("slices from the driver") << std::optional<int>(3);
        QTest::newRow("slices from the profile") << std::optional<int>();
    }
    void migInstanceChargesItsSlicesOfTheGpu()
    {
        QFETCH(std::optional<int>, computeSlices);
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        for (int i = 0; i < 7; ++i) {
            Snapshot s = reading(QStringLiteral("h100-node"), t0 + i * 1000, 1000);
            GpuSample g =
                gpu(QStringLiteral("GPU-h"), QStringLiteral("NVIDIA H100 80GB HBM3"), std::nullopt);
            g.migEnabled = true;
            g.migSliceCount = 7;
            MigInstance mig;
            mig.index = 0;
            mig.uuid = QStringLiteral("MIG-1");
            mig.profile = QStringLiteral("3g.40gb");
            mig.computeSlices = computeSlices;
            g.migInstances << mig;
            s.gpus << g;
            GpuProcess p = process(1, QStringLiteral("alice"), QStringLiteral("GPU-h"), 2000);
            p.migUuid = QStringLiteral("MIG-1");
            s.processes << p;
            m.feed(s);
        }
        m.finish();
        const QList<UsageFact> facts = m.facts();
        QCOMPARE(facts.size(), 1);
        QCOMPARE(facts[0].migProfile, QStringLiteral("3g.40gb"));
        QCOMPARE(facts[0].migSlices, 3);
        QCOMPARE(facts[0].gpuSlices, 7);
        QCOMPARE(facts[0].heldGpuSeconds, 7 * 3.0 / 7);
        // The driver gives no utilisation in MIG mode: used is held, said.
        QCOMPARE(facts[0].usedGpuSeconds, facts[0].heldGpuSeconds);
        // Said apart: it matters only under charge = "used".
        QVERIFY(m.usedWarnings().join(u'\n').contains(QStringLiteral("charged as held")));
        QVERIFY(!m.warnings().join(u'\n').contains(QStringLiteral("charged as held")));
    }

    void usedWeighsByUtilisation()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        for (int i = 0; i < 4; ++i) {
            Snapshot s = reading(QStringLiteral("node-1"), t0 + i * 1000, 1000);
            s.gpus << gpu(QStringLiteral("GPU-a"), QStringLiteral("RTX 3090"), 80)
                   << gpu(QStringLiteral("GPU-b"), QStringLiteral("RTX 3090"), 90);
            // alice: the driver's per-process figure; bob: attributed from
            // the GPU's utilisation as the policy engine does.
            s.processes << process(1, QStringLiteral("alice"), QStringLiteral("GPU-a"), 1000, 25)
                        << process(2, QStringLiteral("bob"), QStringLiteral("GPU-b"), 1000);
            m.feed(s);
        }
        m.finish();
        QCOMPARE(heldOf(m.facts(), QStringLiteral("alice")), 4.0);
        QCOMPARE(usedOf(m.facts(), QStringLiteral("alice")), 1.0);
        QCOMPARE(heldOf(m.facts(), QStringLiteral("bob")), 4.0);
        QCOMPARE(usedOf(m.facts(), QStringLiteral("bob")), 4 * 0.9);
    }

    void usedOnASharedGpuIsEachProcesssShareOfIt()
    {
        // The driver's per-process figure is of the whole GPU: used is not
        // split by memory a second time.
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        for (int i = 0; i < 10; ++i) {
            Snapshot s = reading(QStringLiteral("node-1"), t0 + i * 1000, 1000);
            s.gpus << gpu(QStringLiteral("GPU-a"), QStringLiteral("RTX 3090"), 80);
            s.processes << process(1, QStringLiteral("alice"), QStringLiteral("GPU-a"), 3000, 60)
                        << process(2, QStringLiteral("bob"), QStringLiteral("GPU-a"), 1000, 20);
            m.feed(s);
        }
        m.finish();
        QCOMPARE(heldOf(m.facts(), QStringLiteral("alice")), 7.5);
        QCOMPARE(usedOf(m.facts(), QStringLiteral("alice")), 6.0);
        QCOMPARE(heldOf(m.facts(), QStringLiteral("bob")), 2.5);
        QCOMPARE(usedOf(m.facts(), QStringLiteral("bob")), 2.0);
    }

    void aReadingOutOfOrderIsRefusedWithAWarning()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        const auto at = [&](qint64 t) {
            return holding(QStringLiteral("node-1"), QStringLiteral("alice"),
                           QStringLiteral("RTX 3090"), 1, t, 1, 1000)
                .first();
        };
        m.feed(at(t0));
        m.feed(at(t0 + 2000));
        m.feed(at(t0 + 1000)); // late: refused
        m.feed(at(t0 + 2000)); // again: refused, not charged twice
        m.finish();
        QCOMPARE(heldOf(m.facts(), QStringLiteral("alice")), 3.0);
        QCOMPARE(m.warnings().size(), 2);
        QVERIFY2(m.warnings()[0].contains(QStringLiteral("not after the last one")),
                 qPrintable(m.warnings()[0]));
    }

    void aProcessWithoutUserIsSaidAndChargedToNobody()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        UsageMeter m;
        for (int i = 0; i < 2; ++i) {
            Snapshot s = reading(QStringLiteral("node-1"), t0 + i * 1000, 1000);
            s.gpus << gpu(QStringLiteral("GPU-a"), QStringLiteral("RTX 3090"));
            GpuProcess ghost = process(7, {}, QStringLiteral("GPU-a"), 1000);
            ghost.ghost = true;
            s.processes << process(1, QStringLiteral("alice"), QStringLiteral("GPU-a"), 1000)
                        << ghost;
            m.feed(s);
        }
        m.finish();
        // alice pays her half, not the ghost's.
        QCOMPARE(heldOf(m.facts(), QStringLiteral("alice")), 1.0);
        for (const UsageFact& f : m.facts())
            QCOMPARE(f.user, QStringLiteral("alice"));
        QCOMPARE(m.warnings().size(), 1);
        QVERIFY2(m.warnings()[0].contains(QStringLiteral("process 7")) &&
                     m.warnings()[0].contains(QStringLiteral("no user")),
                 qPrintable(m.warnings()[0]));
    }

    void serversInterleavedAreMeteredApart()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        const QList<Snapshot> a = holding(QStringLiteral("a"), QStringLiteral("alice"),
                                          QStringLiteral("RTX 3090"), 1, t0, 60, 60'000);
        const QList<Snapshot> b = holding(QStringLiteral("b"), QStringLiteral("alice"),
                                          QStringLiteral("RTX 3090"), 2, t0 + 30'000, 60, 60'000);
        UsageMeter m;
        for (int i = 0; i < 60; ++i) {
            m.feed(a[i]);
            m.feed(b[i]);
        }
        m.finish();
        QCOMPARE(heldOf(m.facts(), QStringLiteral("alice")), 3 * 3600.0);
        QVERIFY(m.gaps().isEmpty());
        QVERIFY(m.warnings().isEmpty());
    }
    // The meter keeps the server fed last at hand: a copy (or an assigned
    // meter) goes on with its own servers, and the original with its own
    // (a copy sharing the original's data would be changed through it).
    void aCopyGoesOnAsTheOriginal()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        const QList<Snapshot> a = holding(QStringLiteral("a"), QStringLiteral("alice"),
                                          QStringLiteral("RTX 3090"), 1, t0, 60, 60'000);
        const QList<Snapshot> b = holding(QStringLiteral("b"), QStringLiteral("bob"),
                                          QStringLiteral("RTX 3090"), 2, t0 + 30'000, 60, 60'000);
        UsageMeter whole;
        for (int i = 0; i < 60; ++i) {
            whole.feed(a[i]);
            whole.feed(b[i]);
        }
        whole.finish();
        UsageMeter first;
        for (int i = 0; i < 30; ++i) {
            first.feed(a[i]);
            first.feed(b[i]);
        }
        UsageMeter copy(first);
        UsageMeter assigned;
        assigned.feed(a[0]);
        assigned = first;
        for (UsageMeter* m : {&first, &copy, &assigned}) {
            for (int i = 30; i < 60; ++i) {
                m->feed(b[i]); // the server fed last first
                m->feed(a[i]);
            }
            m->finish();
            QCOMPARE(m->facts(), whole.facts());
            QCOMPARE(heldOf(m->facts(), QStringLiteral("bob")), 2 * 3600.0);
        }
    }

    // Strings of equal text are one user, model and GPU whether a reading's
    // copies share their data or not (readings decoded one by one do not).
    void equalTextWithoutSharedDataIsOneFact()
    {
        const qint64 t0 = utcMs(2026, 11, 3, 10);
        const QList<Snapshot> shared = holding(QStringLiteral("a"), QStringLiteral("alice"),
                                               QStringLiteral("RTX 3090"), 2, t0, 120, 60'000);
        auto own = [](const QString& s) {
            return s.isNull() ? QString() : QString(s.constData(), s.size());
        };
        QList<Snapshot> apart;
        for (Snapshot r : shared) {
            r.server = own(r.server);
            for (GpuSample& g : r.gpus) {
                g.uuid = own(g.uuid);
                g.name = own(g.name);
            }
            for (GpuProcess& p : r.processes) {
                p.user = own(p.user);
                p.gpuUuid = own(p.gpuUuid);
            }
            apart << r;
        }
        QVERIFY(apart[0].processes[0].user.constData() != apart[1].processes[0].user.constData());
        UsageMeter m1, m2;
        const QList<UsageFact> facts = meter(shared, &m1);
        QCOMPARE(meter(apart, &m2), facts);
        QCOMPARE(facts.size(), 2); // two UTC hours
        QCOMPARE(heldOf(facts, QStringLiteral("alice")), 2 * 2 * 3600.0);
    }
};

QTEST_GUILESS_MAIN(TestUsageMeter)
#include "tst_usagemeter.moc"
