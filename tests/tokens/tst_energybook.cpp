// Energy over a trace of readings (tokens/energybook.h, docs/health.md):
// with the energy counter the owners' parts add up to the GPUs' counter
// differences to the millijoule; without it, power integrated, labelled
// estimated; a counter that starts again, a gap, a GPU nobody uses.
#include "tokens/energybook.h"

#include <QTest>

#include <numeric>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1795340000000;

// Minute `k` of a two-GPU server: alice and bob share GPU 0 (SM 70 % and
// 20 %, then by memory when the driver stops giving SM), GPU 1 is idle
// until minute 5, then carol's. `counter`: with the energy counter, which
// rises by a not-round amount each minute.
Snapshot minute(int k, bool counter)
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = kT0 + k * 60'000;
    s.intervalMs = 60'000;
    for (int i = 0; i < 2; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = u"GPU-%1"_s.arg(i);
        g.powerW = i == 0 ? 400.0 + k : 60.5;
        if (counter) {
            g.healthFacts = GpuHealthFacts{};
            g.healthFacts->energyMj = quint64(1'000'000'007) * quint64(i + 1) +
                                      quint64(k) * (i == 0 ? 24'012'345u : 3'630'001u);
        }
        s.gpus << g;
    }
    const auto process = [&](qint64 pid, const QString& user, int gpu, double mem,
                             std::optional<double> sm) {
        GpuProcess p;
        p.pid = pid;
        p.user = user;
        p.gpuUuid = s.gpus[gpu].uuid;
        p.usedMemoryMiB = mem;
        p.smUtilPercent = sm;
        if (user == u"bob"_s)
            p.owner = ProcessOwner{u"bob"_s, u"vision"_s, u"label"_s, false};
        s.processes << p;
    };
    const bool sm = k < 4;
    process(100, u"alice"_s, 0, 30000, sm ? std::optional<double>(70) : std::nullopt);
    process(200, u"bob"_s, 0, 10000, sm ? std::optional<double>(20) : std::nullopt);
    if (k >= 5)
        process(300, u"carol"_s, 1, 1000, std::nullopt);
    return s;
}

quint64 sum(const QHash<QString, EnergyBook::Total>& totals)
{
    quint64 mj = 0;
    for (const EnergyBook::Total& t : totals)
        mj += t.mj;
    return mj;
}

} // namespace

class TestEnergyBook : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void withTheCounterEveryMillijouleIsSomeonesExactly()
    {
        EnergyBook book;
        for (int k = 0; k <= 10; ++k)
            book.add(minute(k, true));
        const quint64 gpu0 = 10ull * 24'012'345u;
        const quint64 gpu1 = 10ull * 3'630'001u;
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).mj, gpu0);
        QCOMPARE(book.byGpu().value(u"node-1/GPU-1"_s).mj, gpu1);
        QCOMPARE(book.byServer().value(u"node-1"_s).mj, gpu0 + gpu1);
        // Conserved: the owners' parts add up to the counters' differences.
        QCOMPARE(sum(book.byOwner()), gpu0 + gpu1);
        // Measured on the GPU; the split is by SM while the driver gave it
        // (minutes 1-3), by memory after (estimated).
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).estimatedMj, 0u);
        const EnergyBook::Total alice = book.byOwner().value(u"alice"_s);
        const EnergyBook::Total bob = book.byOwner().value(u"bob"_s);
        QCOMPARE(alice.mj + bob.mj, gpu0);
        QVERIFY(alice.estimatedMj > 0 && alice.estimatedMj < alice.mj);
        // GPU 1: idle and unowned for minutes 1-4, then carol's.
        QCOMPARE(book.byOwner().value(EnergyBook::unownedKey()).mj, 4ull * 3'630'001u);
        QCOMPARE(book.byOwner().value(u"carol"_s).mj, 6ull * 3'630'001u);
        QCOMPARE(book.byAccount().value(u"vision"_s).mj, bob.mj);
        QVERIFY(book.notes().isEmpty());
    }

    void withoutTheCounterPowerIsIntegratedAndSaidEstimated()
    {
        EnergyBook book;
        for (int k = 0; k <= 10; ++k)
            book.add(minute(k, false));
        // GPU 0 draws 400 + k W: the trapezoids over ten minutes.
        quint64 expected = 0;
        for (int k = 1; k <= 10; ++k)
            expected += quint64(std::llround((400.0 + k - 1 + 400.0 + k) / 2.0 * 60'000.0));
        const EnergyBook::Total gpu0 = book.byGpu().value(u"node-1/GPU-0"_s);
        QCOMPARE(gpu0.mj, expected);
        QCOMPARE(gpu0.estimatedMj, gpu0.mj);
        QCOMPARE(book.byGpu().value(u"node-1/GPU-1"_s).mj, 10ull * 60'500 * 60);
        QCOMPARE(sum(book.byOwner()), sum(book.byGpu()));
        for (const EnergyBook::Total& t : book.byOwner())
            QCOMPARE(t.estimatedMj, t.mj);
    }

    void aCounterThatStartsAgainIsEstimatedForThatSpanAndSaid()
    {
        EnergyBook book;
        book.add(minute(0, true));
        Snapshot reloaded = minute(1, true);
        reloaded.gpus[0].healthFacts->energyMj = 5; // the driver reloaded
        book.add(reloaded);
        book.add(minute(2, true)); // from 5 up again: measured
        QCOMPARE(book.notes().size(), 1);
        QVERIFY2(book.notes().first().contains(u"node-1 GPU 0: the energy counter started again"_s),
                 qPrintable(book.notes().first()));
        const EnergyBook::Total gpu0 = book.byGpu().value(u"node-1/GPU-0"_s);
        QCOMPARE(gpu0.estimatedMj, quint64((400.0 + 401.0) / 2 * 60'000)); // minute 1: power
        QCOMPARE(gpu0.mj - gpu0.estimatedMj,
                 quint64(1'000'000'007) + 2ull * 24'012'345u - 5); // minute 2: the counter
    }

    void aGapIsMeasuredOnTheGpuButGivenToNobody()
    {
        EnergyBook book;
        book.add(minute(0, true));
        book.add(minute(10, true)); // ten intervals later
        const quint64 gpu0 = 10ull * 24'012'345u;
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).mj, gpu0);
        QCOMPARE(book.byOwner().value(EnergyBook::unattributedKey()).mj, gpu0 + 10ull * 3'630'001u);
        QVERIFY(!book.byOwner().contains(u"alice"_s));
    }

    void aReadingWithoutItsIntervalHasTheServersLast()
    {
        // Every other reading leaves its interval out (an older agent):
        // its span is no gap, as the books count it.
        EnergyBook book;
        for (int k = 0; k <= 4; ++k) {
            Snapshot s = minute(k, false);
            if (k % 2 == 1)
                s.intervalMs.reset();
            book.add(s);
        }
        QCOMPARE(book.byGpu().value(u"node-1/GPU-1"_s).mj, quint64(4 * 60.5 * 60'000));
        QVERIFY(!book.byOwner().contains(EnergyBook::unattributedKey()));
        // A server that never says its interval has the books' default of a
        // second: a minute between readings is a gap, as UsageMeter counts it.
        EnergyBook quiet;
        for (int k = 0; k <= 2; ++k) {
            Snapshot s = minute(k, false);
            s.intervalMs.reset();
            quiet.add(s);
        }
        QVERIFY(quiet.byGpu().isEmpty());
    }

    void aGapWithoutTheCounterIsNotGuessed()
    {
        // Power at both ends says nothing of the hours between.
        EnergyBook book;
        book.add(minute(0, false));
        book.add(minute(10, false));
        QVERIFY(book.byGpu().isEmpty());
        QVERIFY(book.byOwner().isEmpty());
        book.add(minute(11, false)); // a reading an interval later counts again
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).mj, quint64((410.0 + 411.0) / 2 * 60'000));
    }

    void aCounterThatStartsAgainAcrossAGapIsSaid()
    {
        EnergyBook book;
        book.add(minute(0, true));
        Snapshot later = minute(10, true);
        later.gpus[0].healthFacts->energyMj = 5; // rebooted in the gap
        book.add(later);
        QVERIFY(!book.byGpu().contains(u"node-1/GPU-0"_s));
        QCOMPARE(book.notes().size(), 1);
        QVERIFY2(book.notes()[0].contains(u"GPU 0: the energy counter started again"_s) &&
                     book.notes()[0].contains(u"the gap before it is not counted"_s),
                 qPrintable(book.notes()[0]));
    }

    void aCopyKeepsItsOwnTotalsAndGpusMayMove()
    {
        EnergyBook book;
        book.add(minute(0, true));
        book.add(minute(1, true));
        EnergyBook copy = book;
        book.add(minute(2, true));
        // The copy goes on from where it was, its totals its own.
        QCOMPARE(copy.byGpu().value(u"node-1/GPU-0"_s).mj, quint64(24'012'345u));
        Snapshot swapped = minute(2, true);
        std::swap(swapped.gpus[0], swapped.gpus[1]); // the GPUs listed the other way round
        copy.add(swapped);
        QCOMPARE(copy.byGpu(), book.byGpu());
        QCOMPARE(copy.byOwner(), book.byOwner());
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).mj, quint64(2 * 24'012'345u));
    }

    void aWindowCountsTheSpansInsideItProRata()
    {
        // [minute 1.5, minute 3): half of minute 1–2, all of minute 2–3.
        EnergyBook book;
        book.setWindow(kT0 + 90'000, kT0 + 180'000);
        for (int k = 0; k <= 4; ++k)
            book.add(minute(k, true));
        const quint64 gpu0 = 24'012'345u / 2 + 1 + 24'012'345u; // 12'006'172.5 rounds up
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).mj, gpu0);
        QCOMPARE(book.byGpu().value(u"node-1/GPU-0"_s).estimatedMj, quint64(0));
        // Still conserved inside the window.
        QCOMPARE(sum(book.byOwner()), sum(book.byGpu()));
        QCOMPARE(sum(book.byServer()), sum(book.byGpu()));
    }
};

QTEST_GUILESS_MAIN(TestEnergyBook)
#include "tst_energybook.moc"
