// GPU selection (core/coord/gpuselection.h): the score formula, ties, the
// refusal reasons word for word, MIG Allow/Only/Never, the reservation book
// (never two grants of one unit, all or nothing, expiry, observe, release)
// and the fleet's ranking of servers.

#include "coord/gpuselection.h"

#include <QDateTime>
#include <QSet>
#include <QTest>
#include <QUuid>

#include <ctime>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

GpuSample gpu(int index, double usedMiB, double totalMiB, std::optional<double> util)
{
    GpuSample g;
    g.index = index;
    g.uuid = QStringLiteral("GPU-%1").arg(index);
    g.name = QStringLiteral("Fake GPU");
    g.vendor = QStringLiteral("nvidia");
    g.memoryUsedMiB = usedMiB;
    g.memoryTotalMiB = totalMiB;
    g.utilizationGpuPercent = util;
    return g;
}

MigInstance mig(int index, const QString& uuid, double usedMiB, double totalMiB)
{
    MigInstance m;
    m.index = index;
    m.uuid = uuid;
    m.profile = QStringLiteral("3g.40gb");
    m.memoryUsedMiB = usedMiB;
    m.memoryTotalMiB = totalMiB;
    return m;
}

Snapshot server(const QString& name, const QList<GpuSample>& gpus)
{
    Snapshot s;
    s.server = name;
    s.timestampMs = 1'000;
    s.backend = QStringLiteral("demo");
    s.gpus = gpus;
    return s;
}

QStringList ids(const QList<Candidate>& candidates)
{
    QStringList out;
    for (const Candidate& c : candidates)
        out << c.id;
    return out;
}

GpuProcess process(const QString& user, const QString& gpuUuid, const QString& migUuid = {})
{
    GpuProcess p;
    p.pid = 4242;
    p.user = user;
    p.command = QStringLiteral("python train.py");
    p.gpuUuid = gpuUuid;
    p.migUuid = migUuid;
    return p;
}

// 2026-11-24 14:00:10 UTC
constexpr qint64 kNow = 1'795'528'810'000;

} // namespace

class TestGpuSelection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // "until 14:02:10" is local time; pin the zone so the text is exact.
        qputenv("TZ", "UTC");
        tzset();
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(kNow, Qt::UTC).toString(Qt::ISODate),
                 QStringLiteral("2026-11-24T14:00:10Z"));
    }

    void scoreFollowsTheFormula()
    {
        GpuSample kept = gpu(2, 1'000, 10'000, 0);
        kept.memoryReservedMiB = 1'000; // kept by the driver: not free
        const Snapshot s = server(QStringLiteral("node"),
                                  {gpu(0, 20'000, 80'000, 25), gpu(1, 30'000, 40'000, 90), kept});
        ReservationBook book;
        const Ranking r = rankUnits(s, {}, {}, book, kNow);
        QCOMPARE(r.refused, QStringList());
        QCOMPARE(ids(r.qualified), (QStringList{u"2"_s, u"0"_s, u"1"_s}));
        // 0.6 × 8,000/10,000 + 0.4 × (1 − 0)
        QCOMPARE(r.qualified[0].score, 0.6 * 0.8 + 0.4 * 1.0);
        QCOMPARE(r.qualified[0].freeMiB, 8'000.0);
        // 0.6 × 60,000/80,000 + 0.4 × (1 − 0.25) = 0.75
        QCOMPARE(r.qualified[1].score, 0.75);
        QCOMPARE(r.qualified[1].freeMiB, 60'000.0);
        QCOMPARE(r.qualified[1].utilisation, std::optional<double>(25));
        QCOMPARE(r.qualified[1].gpuIndex, 0);
        QVERIFY(!r.qualified[1].isMig());
        // 0.6 × 0.25 + 0.4 × 0.1 = 0.19
        QCOMPARE(r.qualified[2].score, 0.19);

        // Other weights change the order: idle only.
        const Ranking idleOnly = rankUnits(s, {}, {0.0, 1.0}, book, kNow);
        QCOMPARE(ids(idleOnly.qualified), (QStringList{u"2"_s, u"0"_s, u"1"_s}));
        QCOMPARE(idleOnly.qualified[1].score, 0.75);
        const Ranking memOnly =
            rankUnits(s, {}, {1.0, 0.0}, book, kNow); // 0.8, 0.75, 0.25: same order, other figures
        QCOMPARE(memOnly.qualified[0].score, 0.8);
        QCOMPARE(memOnly.qualified[2].score, 0.25);
    }

    void tiesBreakByIndex()
    {
        const Snapshot s =
            server(QStringLiteral("node"), {gpu(3, 1'000, 10'000, 10), gpu(1, 1'000, 10'000, 10),
                                            gpu(2, 1'000, 10'000, 10), gpu(0, 9'000, 10'000, 10)});
        ReservationBook book;
        const Ranking r = rankUnits(s, {}, {}, book, kNow);
        QCOMPARE(ids(r.qualified), (QStringList{u"1"_s, u"2"_s, u"3"_s, u"0"_s}));
        QCOMPARE(r.qualified[0].score, r.qualified[2].score);
    }

    void refusalReasonsInWords()
    {
        GpuSample lost;
        lost.index = 4;
        lost.uuid = QStringLiteral("GPU-4");
        lost.error = QStringLiteral("GPU is lost");
        GpuSample noMemory = gpu(6, 0, 0, 5);
        noMemory.memoryUsedMiB.reset();
        GpuSample partitionedEmpty = gpu(7, 0, 80'000, std::nullopt);
        partitionedEmpty.migEnabled = true;
        const Snapshot s =
            server(QStringLiteral("node"),
                   {gpu(0, 0, 16'000, 0), gpu(1, 0, 16'000, 0), gpu(2, 0, 16'000, 87),
                    gpu(3, 13'900, 16'000, 0), lost, gpu(5, 0, 16'000, std::nullopt), noMemory,
                    partitionedEmpty, gpu(8, 15'000, 16'000, 99.5)});

        ReservationBook book;
        SelectionRequest alice;
        alice.user = QStringLiteral("alice");
        const Candidate gpu1{QStringLiteral("1"), 1, {}, -1, 1.0, 16'000, 0};
        const auto held = book.reserve(QStringLiteral("node"), alice, {gpu1}, kNow);
        QVERIFY(held);
        QCOMPARE(held->expiresMs, kNow + 120'000);

        SelectionRequest request;
        request.user = QStringLiteral("bob");
        request.minFreeMiB = 8'192;
        request.maxUtilizationPercent = 50;
        const Ranking r = rankUnits(s, request, {}, book, kNow);
        QCOMPARE(ids(r.qualified), QStringList{u"0"_s});
        QCOMPARE(r.refused, (QStringList{
                                QStringLiteral("GPU 1: reserved for alice until 14:02:10"),
                                QStringLiteral("GPU 2: 87 % busy, at most 50 %"),
                                QStringLiteral("GPU 3: 2,100 MiB free, needs 8,192"),
                                QStringLiteral("GPU 4: error: GPU is lost"),
                                QStringLiteral("GPU 5: utilisation not reported"),
                                QStringLiteral("GPU 6: memory not reported"),
                                QStringLiteral("GPU 7: MIG enabled, no instances"),
                                QStringLiteral("GPU 8: 1,000 MiB free, needs 8,192; "
                                               "99.5 % busy, at most 50 %"),
                            }));

        // The holder herself is refused too: a reservation is not re-entrant.
        SelectionRequest again = request;
        again.user = QStringLiteral("alice");
        QVERIFY(rankUnits(s, again, {}, book, kNow)
                    .refused.contains(QStringLiteral("GPU 1: reserved for alice until 14:02:10")));
    }

    // docs/health.md: a failing GPU is never handed out, a degraded one
    // only after every healthy one, whatever its score, saying why.
    void aFailingGpuIsRefusedAndADegradedOneComesLast()
    {
        GpuSample failing = gpu(0, 0, 16'000, 0);
        failing.health = GpuHealth{
            HealthState::Failing, {u"XID 79 (GPU has fallen off the bus) at 14:00:00"_s}, 1};
        GpuSample degraded = gpu(1, 0, 16'000, 0); // the best score of all
        degraded.health =
            GpuHealth{HealthState::Degraded, {u"a row remap waits for a GPU reset"_s}, 1};
        GpuSample busy = gpu(2, 8'000, 16'000, 40);
        busy.health = GpuHealth{HealthState::Ok, {}, std::nullopt};
        GpuSample unknown = gpu(3, 8'000, 16'000, 45); // no verdict: as healthy
        GpuSample partitioned = gpu(4, 0, 80'000, std::nullopt);
        partitioned.migEnabled = true;
        partitioned.migInstances = {mig(0, u"MIG-a"_s, 0, 40'000)};
        partitioned.health = degraded.health;
        const Snapshot s = server(u"node"_s, {failing, degraded, busy, unknown, partitioned});
        SelectionRequest request;
        request.gpus = 4;
        request.user = u"bob"_s;
        const Ranking r = rankUnits(s, request, {}, ReservationBook(), kNow);
        QCOMPARE(ids(r.qualified), (QStringList{u"2"_s, u"3"_s, u"1"_s, u"MIG-a"_s}));
        QVERIFY(!r.qualified[0].degraded && r.qualified[2].degraded && r.qualified[3].degraded);
        QCOMPARE(r.refused,
                 QStringList{u"GPU 0: failing: XID 79 (GPU has fallen off the bus) at 14:00:00"_s});
        QCOMPARE(r.notes,
                 (QStringList{u"GPU 1: degraded (a row remap waits for a GPU reset), ranked after "
                              "healthy GPUs"_s,
                              u"GPU 4: degraded (a row remap waits for a GPU reset), its MIG "
                              "instances ranked after healthy ones"_s}));
        // Asked for one, the healthy best is given, though the degraded scores higher.
        request.gpus = 1;
        QCOMPARE(rankUnits(s, request, {}, ReservationBook(), kNow).qualified.first().id, u"2"_s);
    }

    void migAllowOnlyNever()
    {
        GpuSample parted = gpu(1, 0, 80'000, std::nullopt);
        parted.migEnabled = true;
        parted.migSliceCount = 7;
        parted.migInstances = {mig(1, QStringLiteral("MIG-bbbb"), 5'000, 10'000),
                               mig(0, QStringLiteral("MIG-aaaa"), 2'000, 10'000),
                               mig(2, QStringLiteral("cccc"), 9'500, 10'000)};
        const Snapshot s = server(QStringLiteral("node"), {gpu(0, 0, 80'000, 0), parted});
        ReservationBook book;

        SelectionRequest one;
        one.minFreeMiB = 1'000;
        QCOMPARE(ids(rankUnits(s, one, {}, book, kNow).qualified), QStringList{u"0"_s});

        SelectionRequest two = one;
        two.gpus = 2;
        const Ranking allow = rankUnits(s, two, {}, book, kNow);
        QCOMPARE(ids(allow.qualified), (QStringList{u"0"_s, u"MIG-aaaa"_s, u"MIG-bbbb"_s}));
        QCOMPARE(allow.refused,
                 QStringList{QStringLiteral("GPU 1 MIG 2: 500 MiB free, needs 1,000")});

        SelectionRequest only = one;
        only.mig = SelectionRequest::Mig::Only;
        const Ranking o = rankUnits(s, only, {}, book, kNow);
        QCOMPARE(ids(o.qualified), (QStringList{u"MIG-aaaa"_s, u"MIG-bbbb"_s}));
        // An instance is ranked by its free fraction alone, without weights.
        QCOMPARE(o.qualified[0].score, 0.8);
        QCOMPARE(o.qualified[1].score, 0.5);
        QCOMPARE(o.qualified[0].migUuid, QStringLiteral("MIG-aaaa"));
        QCOMPARE(o.qualified[0].gpuIndex, 1);
        QCOMPARE(o.qualified[0].migIndex, 0);
        QVERIFY(!o.qualified[0].utilisation);
        // max utilisation cannot apply to an instance: it does not refuse one.
        only.maxUtilizationPercent = 10;
        QCOMPARE(ids(rankUnits(s, only, {}, book, kNow).qualified),
                 (QStringList{u"MIG-aaaa"_s, u"MIG-bbbb"_s}));

        SelectionRequest never = two;
        never.mig = SelectionRequest::Mig::Never;
        const Ranking n = rankUnits(s, never, {}, book, kNow);
        QCOMPARE(ids(n.qualified), QStringList{u"0"_s});
        QCOMPARE(n.refused, QStringList());

        // Instances are reserved like GPUs, by their MIG id; an id without
        // the prefix gets it (CUDA_VISIBLE_DEVICES wants "MIG-…").
        only.maxUtilizationPercent.reset();
        only.minFreeMiB = 0;
        only.gpus = 3;
        const auto r = book.reserve(QStringLiteral("node"), only,
                                    rankUnits(s, only, {}, book, kNow).qualified, kNow);
        QVERIFY(r);
        QCOMPARE(r->units, (QStringList{u"MIG-aaaa"_s, u"MIG-bbbb"_s, u"MIG-cccc"_s}));
    }

    void twentyCallersEightGpus()
    {
        QList<GpuSample> gpus;
        for (int i = 0; i < 8; ++i)
            gpus << gpu(i, 1'000.0 * i, 80'000, 10);
        const Snapshot s = server(QStringLiteral("node"), gpus);
        ReservationBook book;
        const QList<Candidate> stale = rankUnits(s, {}, {}, book, kNow).qualified;
        QCOMPARE(stale.size(), 8);

        QSet<QString> granted;
        int refused = 0;
        for (int caller = 0; caller < 20; ++caller) {
            SelectionRequest request;
            request.user = QStringLiteral("user%1").arg(caller);
            // Half of them rank afresh, half reuse a ranking taken before any
            // reservation: the book itself must refuse a held unit.
            const QList<Candidate> candidates =
                caller % 2 ? stale : rankUnits(s, request, {}, book, kNow + caller).qualified;
            const auto r = book.reserve(QStringLiteral("node"), request, candidates, kNow + caller);
            if (!r) {
                ++refused;
                continue;
            }
            QCOMPARE(r->units.size(), 1);
            QVERIFY2(!granted.contains(r->units.first()), qPrintable(r->units.first()));
            granted.insert(r->units.first());
        }
        QCOMPARE(granted.size(), 8);
        QCOMPARE(refused, 12);
        QCOMPARE(book.active(QStringLiteral("node")).size(), 8);
        const Ranking after = rankUnits(s, {}, {}, book, kNow + 100);
        QVERIFY(after.qualified.isEmpty());
        QCOMPARE(after.refused.size(), 8);
        QCOMPARE(after.refused.first(), QStringLiteral("GPU 0: reserved for user0 until 14:02:10"));

        // Another server's book entries do not hold these GPUs.
        QVERIFY(book.active(QStringLiteral("other")).isEmpty());
        QVERIFY(!book.holder(QStringLiteral("other"), QStringLiteral("0"), kNow));
    }

    void allOrNothing()
    {
        const Snapshot s = server(QStringLiteral("node"),
                                  {gpu(0, 0, 100, 0), gpu(1, 0, 100, 0), gpu(2, 0, 100, 0)});
        ReservationBook book;
        SelectionRequest four;
        four.gpus = 4;
        QVERIFY(!book.reserve(QStringLiteral("node"), four,
                              rankUnits(s, four, {}, book, kNow).qualified, kNow));
        QVERIFY(book.active().isEmpty());
        SelectionRequest three;
        three.gpus = 3;
        three.user = QStringLiteral("carol");
        const auto r = book.reserve(QStringLiteral("node"), three,
                                    rankUnits(s, three, {}, book, kNow).qualified, kNow);
        QVERIFY(r);
        QCOMPARE(r->units, (QStringList{u"0"_s, u"1"_s, u"2"_s}));
        QCOMPARE(r->server, QStringLiteral("node"));
        QCOMPARE(r->user, QStringLiteral("carol"));
        QCOMPARE(r->createdMs, kNow);
        QVERIFY(!QUuid::fromString(r->id).isNull());
        SelectionRequest zero;
        zero.gpus = 0;
        QVERIFY(!book.reserve(QStringLiteral("node"), zero, {}, kNow));
    }

    void expiryFreesTheUnit()
    {
        const Snapshot s = server(QStringLiteral("node"), {gpu(0, 0, 100, 0)});
        ReservationBook book;
        SelectionRequest request;
        request.user = QStringLiteral("dave");
        request.ttlMs = 1'000;
        const auto r = book.reserve(QStringLiteral("node"), request,
                                    rankUnits(s, request, {}, book, kNow).qualified, kNow);
        QVERIFY(r);
        QCOMPARE(r->expiresMs, kNow + 1'000);
        QVERIFY(rankUnits(s, request, {}, book, kNow + 999).qualified.isEmpty());
        QVERIFY(book.expire(kNow + 999).isEmpty());
        // At its expiry the unit is free again, for ranking and for the book.
        QCOMPARE(ids(rankUnits(s, request, {}, book, kNow + 1'000).qualified), QStringList{u"0"_s});
        const QList<Reservation> ended = book.expire(kNow + 1'000);
        QCOMPARE(ended.size(), 1);
        QCOMPARE(ended.first(), *r);
        QVERIFY(book.active().isEmpty());

        // reserve() drops what expired by its own time.
        QVERIFY(book.reserve(QStringLiteral("node"), request,
                             rankUnits(s, request, {}, book, kNow).qualified, kNow + 2'000));
        const auto next =
            book.reserve(QStringLiteral("node"), request,
                         rankUnits(s, request, {}, book, kNow + 3'000).qualified, kNow + 3'000);
        QVERIFY(next);
        QCOMPARE(book.active().size(), 1);
        QCOMPARE(book.active().first().id, next->id);
    }

    void observeEndsWhenTheJobTakesItsGpu()
    {
        GpuSample parted = gpu(1, 0, 80'000, std::nullopt);
        parted.migEnabled = true;
        parted.migInstances = {mig(0, QStringLiteral("MIG-aaaa"), 0, 10'000)};
        Snapshot s = server(QStringLiteral("node"), {gpu(0, 0, 100, 0), parted});
        ReservationBook book;
        SelectionRequest erin;
        erin.user = QStringLiteral("erin");
        const auto whole = book.reserve(QStringLiteral("node"), erin,
                                        rankUnits(s, erin, {}, book, kNow).qualified, kNow);
        SelectionRequest erinMig = erin;
        erinMig.mig = SelectionRequest::Mig::Only;
        const auto inst = book.reserve(QStringLiteral("node"), erinMig,
                                       rankUnits(s, erinMig, {}, book, kNow).qualified, kNow);
        QVERIFY(whole && inst);
        QCOMPARE(whole->units, QStringList{u"0"_s});
        QCOMPARE(inst->units, QStringList{u"MIG-aaaa"_s});

        // Someone else on the GPU, or erin on another server: nothing ends.
        s.processes = {process(QStringLiteral("frank"), QStringLiteral("GPU-0"))};
        QVERIFY(book.observe(s).isEmpty());
        Snapshot elsewhere = s;
        elsewhere.server = QStringLiteral("other");
        elsewhere.processes = {process(QStringLiteral("erin"), QStringLiteral("GPU-0"))};
        QVERIFY(book.observe(elsewhere).isEmpty());
        QCOMPARE(book.active().size(), 2);

        // erin's process on GPU 0 ends the whole-GPU reservation only.
        s.processes << process(QStringLiteral("erin"), QStringLiteral("GPU-0"));
        QCOMPARE(book.observe(s), QList<Reservation>{*whole});
        QCOMPARE(book.active(), QList<Reservation>{*inst});

        // On an instance, the process names its MIG device.
        s.processes = {
            process(QStringLiteral("erin"), QStringLiteral("GPU-1"), QStringLiteral("MIG-aaaa"))};
        QCOMPARE(book.observe(s), QList<Reservation>{*inst});
        QVERIFY(book.active().isEmpty());
    }

    void releaseFreesTheUnit()
    {
        const Snapshot s = server(QStringLiteral("node"), {gpu(0, 0, 100, 0)});
        ReservationBook book;
        const auto r = book.reserve(QStringLiteral("node"), {},
                                    rankUnits(s, {}, {}, book, kNow).qualified, kNow);
        QVERIFY(r);
        QVERIFY(!book.reserve(QStringLiteral("node"), {},
                              rankUnits(s, {}, {}, ReservationBook{}, kNow).qualified, kNow));
        QVERIFY(!book.release(QStringLiteral("no-such-id")));
        QVERIFY(book.release(r->id));
        QVERIFY(!book.release(r->id));
        QVERIFY(book.active().isEmpty());
        QCOMPARE(ids(rankUnits(s, {}, {}, book, kNow).qualified), QStringList{u"0"_s});
    }

    void idleCriterionEdges()
    {
        QVERIFY(isIdleGpu(gpu(0, 49, 100, 29.9)));
        QVERIFY(!isIdleGpu(gpu(0, 49, 100, 30)));
        QVERIFY(!isIdleGpu(gpu(0, 50, 100, 0)));
        QVERIFY(!isIdleGpu(gpu(0, 0, 100, std::nullopt)));
        GpuSample lost = gpu(0, 0, 100, 0);
        lost.error = QStringLiteral("GPU is lost");
        QVERIFY(!isIdleGpu(lost));
    }

    void rankServersByIdleCountThenName()
    {
        auto node = [](const QString& name, int idle, int busy) {
            QList<GpuSample> gpus;
            for (int i = 0; i < idle; ++i)
                gpus << gpu(i, 0, 100, 0);
            for (int i = idle; i < idle + busy; ++i)
                gpus << gpu(i, 90, 100, 95);
            return server(name, gpus);
        };
        const QList<Snapshot> fleet = {node(u"b"_s, 3, 1), node(u"a"_s, 3, 0), node(u"c"_s, 1, 7),
                                       node(u"d"_s, 5, 3), node(u"e"_s, 0, 0)};
        auto names = [](const QList<ServerRank>& ranks) {
            QStringList out;
            for (const ServerRank& r : ranks)
                out << r.server;
            return out;
        };
        const QList<ServerRank> two = rankServers(fleet, 2);
        QCOMPARE(names(two), (QStringList{u"d"_s, u"a"_s, u"b"_s, u"c"_s, u"e"_s}));
        QCOMPARE(two[0], (ServerRank{QStringLiteral("d"), 5, 8, true}));
        QCOMPARE(two[2], (ServerRank{QStringLiteral("b"), 3, 4, true}));
        QCOMPARE(two[3], (ServerRank{QStringLiteral("c"), 1, 8, false}));

        const QList<ServerRank> four = rankServers(fleet, 4);
        QCOMPARE(names(four), (QStringList{u"d"_s, u"a"_s, u"b"_s, u"c"_s, u"e"_s}));
        QVERIFY(four[0].enough);
        QVERIFY(!four[1].enough);
        QVERIFY(rankServers({}, 1).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestGpuSelection)
#include "tst_gpuselection.moc"
