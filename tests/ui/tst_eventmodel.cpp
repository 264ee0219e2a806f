// The events table: one row per event id, newest version wins in place,
// only the changed cells announced, the filter proxy, limits, and the
// verdicts the badges read.

#include "eventfixtures.h"
#include "models/eventbook.h"
#include "models/eventmodel.h"
#include "models/roles.h"
#include "models/verdictbook.h"
#include "sanitizers.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QSignalSpy>
#include <QTest>

#include <malloc.h>

using namespace gw;
using namespace gw::test;

namespace {

constexpr qint64 kNow = 1'780'000'000'000; // 2026-05-28

} // namespace

class TestEventModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void upsertByIdKeepsOneRowPerEvent()
    {
        EventBook book;
        EventModel model(&book);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        QCOMPARE(model.rowCount(), events.size());
        QCOMPARE(inserted.size(), 1);

        // The same event again, grown: same row, no insert.
        PolicyEvent open = events.at(1);
        QVERIFY(open.isOpen());
        open.durationMs += 60'000;
        open.peakPercent = 100;
        open.meanPercent = 97;
        book.addEvents({open});
        QCOMPARE(model.rowCount(), events.size());
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(book.at(1).meanPercent, 97.0);

        // An older version (shorter) is ignored.
        PolicyEvent older = events.at(1);
        older.durationMs -= 60'000;
        book.addEvents({older});
        QCOMPARE(changed.size(), 1);
        QCOMPARE(book.at(1).meanPercent, 97.0);

        // Ended, then an open version arrives late: the end stays.
        PolicyEvent ended = open;
        ended.endMs = kNow;
        ended.endReason = QStringLiteral("below threshold");
        book.addEvents({ended, open});
        QCOMPARE(model.index(1, EventModel::EndColumn).data(EventModel::EndMsRole).toLongLong(),
                 kNow);
        QVERIFY(!model.index(1, 0).data(EventModel::OpenRole).toBool());

        // Two versions of a new event in one batch: one row, the newer.
        PolicyEvent fresh = hogEvent(QStringLiteral("gpu-lab-09"), 0, 1, QStringLiteral("zoe"),
                                     QStringLiteral("a.out"), kNow - kHour, std::nullopt, 90, 90);
        PolicyEvent fresher = fresh;
        fresher.actions << PolicyAction{PolicyAction::Kind::Warning, kNow, false,
                                        QStringLiteral("terminate in 5m")};
        book.addEvents({fresher, fresh});
        QCOMPARE(model.rowCount(), events.size() + 1);
        QCOMPARE(book.find(fresh.id)->actions.size(), 1);
        // An event without an id is no event.
        book.addEvents({PolicyEvent{}});
        QCOMPARE(model.rowCount(), events.size() + 1);
        QCOMPARE(reset.size(), 0);
    }

    void updatesAnnounceOnlyTheChangedCells()
    {
        EventBook book;
        EventModel model(&book);
        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        // A reading later: longer and a new peak.
        PolicyEvent e = events.at(3);
        e.durationMs += 1000 * 60;
        e.peakPercent = 100;
        book.addEvents({e});
        QCOMPARE(changed.size(), 1);
        QModelIndex tl = changed.at(0).at(0).value<QModelIndex>();
        QModelIndex br = changed.at(0).at(1).value<QModelIndex>();
        QCOMPARE(tl.row(), 3);
        QCOMPARE(br.row(), 3);
        QCOMPARE(tl.column(), int(EventModel::DurationColumn));
        QCOMPARE(br.column(), int(EventModel::TextColumn));

        // An action added: the action cell only (the sentence says no action).
        e.actions << PolicyAction{PolicyAction::Kind::Warning, kNow, false,
                                  QStringLiteral("terminate in 5m")};
        book.addEvents({e});
        QCOMPARE(changed.size(), 2);
        tl = changed.at(1).at(0).value<QModelIndex>();
        br = changed.at(1).at(1).value<QModelIndex>();
        QCOMPARE(tl.column(), int(EventModel::ActionColumn));
        QCOMPARE(br.column(), int(EventModel::ActionColumn));
        QCOMPARE(model.index(3, EventModel::ActionColumn).data().toString(),
                 QStringLiteral("warning: terminate in 5m"));

        // The same version again: nothing.
        book.addEvents({e});
        QCOMPARE(changed.size(), 2);

        // It ends: from the end cell on.
        e.endMs = kNow;
        book.addEvents({e});
        QCOMPARE(changed.size(), 3);
        QCOMPARE(changed.at(2).at(0).value<QModelIndex>().column(), int(EventModel::EndColumn));
        QCOMPARE(reset.size(), 0);
    }

    void cellsSayWhatHappened()
    {
        EventBook book;
        EventModel model(&book);
        book.addEvents(realisticEvents(kNow));
        const auto cell = [&](const QString& idPrefix, int column, int role = Qt::DisplayRole) {
            for (int r = 0; r < book.count(); ++r)
                if (book.at(r).id.startsWith(idPrefix))
                    return model.index(r, column).data(role);
            return QVariant();
        };
        QCOMPARE(cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::EndColumn).toString(),
                 QStringLiteral("ongoing"));
        QCOMPARE(cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::ProcessColumn).toString(),
                 QStringLiteral("python (41890)"));
        QCOMPARE(cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::GpuColumn).toString(),
                 QStringLiteral("GPU 0"));
        QCOMPARE(cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::FiguresColumn).toString(),
                 QStringLiteral("peak 100 % · mean 96 %"));
        QCOMPARE(
            cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::DurationColumn).toString(),
            QStringLiteral("2 h"));
        QCOMPARE(cell(QStringLiteral("fair_share/gpu-lab-01/alice"), EventModel::FiguresColumn)
                     .toString(),
                 QStringLiteral("48 % of quota 30 %"));
        QCOMPARE(
            cell(QStringLiteral("fair_share/gpu-lab-01/alice"), EventModel::GpuColumn).toString(),
            QStringLiteral("all"));
        QCOMPARE(cell(QStringLiteral("fair_share/gpu-lab-01/alice"), EventModel::ProcessColumn)
                     .toString(),
                 QStringLiteral("—"));
        QCOMPARE(cell(QStringLiteral("idle/gpu-lab-01/22001"), EventModel::ActionColumn).toString(),
                 QStringLiteral("terminate: SIGTERM sent"));
        // A process past a cap of [accounts]: what is held against the cap,
        // never a utilisation the rule did not measure.
        PolicyEvent cap;
        cap.id = QStringLiteral("over_cap/gpu-lab-01/3/9001@1");
        cap.kind = PolicyEventKind::OverCap;
        cap.server = QStringLiteral("gpu-lab-01");
        cap.startMs = kNow - 60'000;
        cap.gpuIndex = 3;
        cap.pid = 9001;
        cap.user = QStringLiteral("bob");
        cap.account = QStringLiteral("vision");
        cap.capScope = QStringLiteral("account");
        cap.capGpus = 3;
        cap.heldGpus = 4;
        book.addEvents({cap});
        QCOMPARE(cell(cap.id, EventModel::FiguresColumn).toString(),
                 QStringLiteral("4 GPUs held · cap 3"));
        QCOMPARE(cell(cap.id, EventModel::FiguresColumn, RawValueRole).toDouble(), 1.0);
        QCOMPARE(cell(QStringLiteral("idle/gpu-node-3/6001"), EventModel::ActionColumn).toString(),
                 QStringLiteral("terminate: dry run (not done)"));
        const QString tip =
            cell(QStringLiteral("idle/gpu-lab-01/22001"), EventModel::KindColumn, Qt::ToolTipRole)
                .toString();
        QVERIFY2(tip.contains(QStringLiteral("Ended: process exited")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("warning: terminate in 30m")), qPrintable(tip));
        // Raw values beside the display; an ongoing event sorts after ended ones.
        QCOMPARE(cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::StartColumn, RawValueRole)
                     .toLongLong(),
                 kNow - 2 * kHour);
        QVERIFY(!cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::EndColumn, RawValueRole)
                     .isValid());
        QCOMPARE(cell(QStringLiteral("hog/gpu-lab-01/41890"), EventModel::EndColumn, SortRole)
                     .toLongLong(),
                 std::numeric_limits<qint64>::max());
        QCOMPARE(EventModel::durationText(59'000), QStringLiteral("59 s"));
        QCOMPARE(EventModel::durationText(42 * kMin), QStringLiteral("42 min"));
        QCOMPARE(EventModel::durationText(kHour + 5 * kMin), QStringLiteral("1 h 5 min"));
        QCOMPARE(EventModel::durationText(50 * kHour), QStringLiteral("2 d 2 h"));
        QCOMPARE(EventModel::durationText(-5), QStringLiteral("0 s"));
    }

    void proxyFiltersByKindServerUserTextAndOpen()
    {
        EventBook book;
        EventModel model(&book);
        EventFilterProxy proxy(&model);
        QAbstractItemModelTester tester(&proxy,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QList<PolicyEvent> events = realisticEvents(kNow);
        book.addEvents(events);
        QSignalSpy filterChanged(&proxy, &EventFilterProxy::filterChanged);
        QCOMPARE(proxy.rowCount(), 12);
        proxy.setKindShown(PolicyEventKind::Hog, false);
        QCOMPARE(proxy.rowCount(), 6);
        proxy.setKindShown(PolicyEventKind::Idle, false);
        QCOMPARE(proxy.rowCount(), 3); // fair share only
        proxy.setKindShown(PolicyEventKind::Hog, true);
        proxy.setKindShown(PolicyEventKind::Idle, true);
        QCOMPARE(filterChanged.size(), 4);
        proxy.setServer(QStringLiteral("gpu-lab-01"));
        QCOMPARE(proxy.rowCount(), 5);
        proxy.setUser(QStringLiteral("alice"));
        QCOMPARE(proxy.rowCount(), 3);
        proxy.setOpenOnly(true);
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setServer({});
        proxy.setUser({});
        QCOMPARE(proxy.rowCount(), 4); // open: alice's and chen's hogs, frank's idle, alice's quota
        proxy.setOpenOnly(false);
        // Text: command, user, server, pid, the sentence; any case.
        proxy.setText(QStringLiteral("JUPYTER"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setText(QStringLiteral("18002"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setText(QStringLiteral("over quota"));
        QCOMPARE(proxy.rowCount(), 3);
        proxy.setText(QStringLiteral("  no such thing "));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setText({});
        // Events that arrive later follow the filter.
        proxy.setUser(QStringLiteral("zoe"));
        QCOMPARE(proxy.rowCount(), 0);
        book.addEvents({hogEvent(QStringLiteral("gpu-lab-01"), 2, 77, QStringLiteral("zoe"),
                                 QStringLiteral("a.out"), kNow - kMin, std::nullopt, 95, 95)});
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.indexOfEvent(book.at(book.count() - 1).id).row(), 0);
        QVERIFY(!proxy.indexOfEvent(events.at(0).id).isValid());
        QVERIFY(!proxy.indexOfEvent(QStringLiteral("nope")).isValid());
        // Sorting by the sort role: start, newest first.
        proxy.setUser({});
        proxy.sort(EventModel::StartColumn, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data(EventModel::StartMsRole).toLongLong(), kNow - kMin);
        proxy.sort(EventModel::EndColumn, Qt::DescendingOrder);
        QVERIFY(proxy.index(0, 0).data(EventModel::OpenRole).toBool());
    }

    void modelStaysConsistentThroughRemovalsAndLimits()
    {
        EventBook book;
        EventModel model(&book);
        EventFilterProxy proxy(&model);
        QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(EventModel::DurationColumn);
        book.addEvents(realisticEvents(kNow));
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        book.removeServer(QStringLiteral("gpu-lab-01"));
        QCOMPARE(book.count(), 7);
        QVERIFY(!removed.isEmpty());
        for (const PolicyEvent& e : book.events())
            QVERIFY(e.server != QStringLiteral("gpu-lab-01"));
        QCOMPARE(book.rowOf(book.at(3).id), 3);
        QCOMPARE(book.servers(),
                 (QStringList{QStringLiteral("dgx-a100"), QStringLiteral("gpu-lab-02"),
                              QStringLiteral("gpu-node-3")}));

        // Closed events older than 7 days go once something newer arrives.
        const qint64 later = kNow + 7 * 24 * kHour + 20 * kHour;
        book.addEvents({hogEvent(QStringLiteral("gpu-lab-02"), 0, 5, QStringLiteral("zoe"),
                                 QStringLiteral("x"), later - kMin, std::nullopt, 90, 90)});
        // Every closed one ended more than 7 days before `later`: only the
        // open ones stay (gpu-lab-02's hog and idle job, and zoe's).
        for (const PolicyEvent& e : book.events())
            QVERIFY2(e.isOpen(), qPrintable(e.id));
        QCOMPARE(book.count(), 3);

        // Past the cap with only open events left, the first started go.
        book.setLimits({2 * EventBook::kEventBytes, 7 * 24 * kHour});
        QCOMPARE(book.count(), 2);
        QCOMPARE(book.at(book.count() - 1).user, QStringLiteral("zoe"));
        book.clear();
        QCOMPARE(model.rowCount(), 0);

        // Many scattered removals: a reset, still consistent.
        book.setLimits({});
        book.addEvents(manyEvents(500, kNow, 24 * kHour, 8, 4));
        const int before = book.count();
        book.removeServer(QStringLiteral("node-03"));
        QVERIFY(book.count() < before);
        QVERIFY(book.count() > 0);
        for (int r = 0; r < book.count(); ++r)
            QCOMPARE(book.rowOf(book.at(r).id), r);
    }

    // Issue 24: with the 16-server demo the book filled up and a hog open
    // for days went first, being the first started. Open events go only
    // once no closed one is left to drop.
    void openEventsOutliveTheCapsWorthOfClosedOnes()
    {
        EventBook book;
        const int cap = 50;
        book.setLimits({cap * EventBook::kEventBytes, 7 * 24 * kHour});
        const PolicyEvent longHog = storedEvent(-1, kNow - 72 * kHour, std::nullopt);
        book.addEvents({longHog});
        // Four times the cap's worth of closed events, all started after it.
        book.addEvents(closedEvents(4 * cap, kNow - 48 * kHour));
        QCOMPARE(book.count(), cap);
        QVERIFY2(book.find(longHog.id), "the open hog was dropped before closed events");
        // The closed ones kept are the newest.
        for (const PolicyEvent& e : book.events())
            if (!e.isOpen())
                QVERIFY2(e.startMs >= kNow - 48 * kHour + qint64(3 * cap + 1) * 10 * kMin,
                         qPrintable(e.id));
        QCOMPARE(book.dropped().closed, 3 * cap + 1);
        QCOMPARE(book.dropped().open, 0);
        QCOMPARE(book.dropped().fromAgents, 0);
        // Sent again (an agent's stream restarted): they stay out, counted once.
        QSignalSpy droppedChanged(&book, &EventBook::droppedChanged);
        book.addAgentEvents(closedEvents(4 * cap, kNow - 48 * kHour));
        QCOMPARE(book.count(), cap);
        QCOMPARE(book.dropped().closed, 3 * cap + 1);
        QCOMPARE(droppedChanged.size(), 0);
        // Dropped events of a server an agent speaks for count as the agent's.
        book.addAgentEvents(closedEvents(5, kNow - 2 * kHour, 1000, kMin));
        QCOMPARE(book.dropped().closed, 3 * cap + 6);
        QCOMPARE(book.dropped().fromAgents, 5);
        QCOMPARE(droppedChanged.size(), 1);
        QVERIFY(book.find(longHog.id));

        // In one batch with them, too.
        EventBook batch;
        batch.setLimits({cap * EventBook::kEventBytes, 7 * 24 * kHour});
        QList<PolicyEvent> both = closedEvents(4 * cap, kNow - 48 * kHour);
        both.prepend(longHog);
        batch.addEvents(both);
        QVERIFY(batch.find(longHog.id));
        QCOMPARE(batch.count(), cap);
    }

    // Issue 24: the ids of dropped events were kept for the whole run (as
    // hashes, ~20 bytes a drop with the set's share: ~1.8 MB for the
    // 16-server demo's 92,653 a day). At most kRememberedDrops are; an event
    // sent again stays out and is counted once however long ago it went,
    // and a new event is still taken (and counted when it goes).
    void droppedIdsAreRememberedWithinABound()
    {
        EventBook book;
        const int cap = 100;
        book.setLimits({cap * EventBook::kEventBytes, 7 * 24 * kHour});
        const int total = cap + 3 * EventBook::kRememberedDrops;
        const qint64 first = kNow - 5 * 24 * kHour;
        // Closed events 10 s apart, in pages of 1,000, as an agent sends them.
        const auto send = [&] {
            for (int added = 0; added < total; added += 1000)
                book.addAgentEvents(closedEvents(std::min(1000, total - added),
                                                 first + added * 10'000LL, added, 10'000));
        };
        send();
        QCOMPARE(book.count(), cap);
        QCOMPARE(book.dropped().closed, total - cap);
        QCOMPARE(book.rememberedDrops(), EventBook::kRememberedDrops);
        QStringList kept;
        for (const PolicyEvent& e : book.events())
            kept << e.id;
        // The agent's stream restarted: all of it again. Nothing comes back,
        // nothing is counted twice, the first dropped (forgotten) included.
        QSignalSpy droppedChanged(&book, &EventBook::droppedChanged);
        QSignalSpy added(&book, &EventBook::eventsAdded);
        send();
        QCOMPARE(book.count(), cap);
        QStringList still;
        for (const PolicyEvent& e : book.events())
            still << e.id;
        QCOMPARE(still, kept);
        QCOMPARE(book.dropped().closed, total - cap);
        QCOMPARE(droppedChanged.size(), 0);
        QCOMPARE(added.size(), 0);
        QCOMPARE(book.rememberedDrops(), EventBook::kRememberedDrops);
        // Every event that started at or after the oldest kept is kept.
        QCOMPARE(book.completeFromMs(), book.at(0).startMs);
        QCOMPARE(book.completeFromMs(), first + qint64(total - cap) * 10'000);

        // A new event among the remembered drops' times (5 s after one of
        // them) is taken, and counted as it goes.
        book.addAgentEvents(
            {storedEvent(total + 1, first + qint64(total - 50 - cap) * 10'000 + 5000,
                         first + qint64(total - 50 - cap) * 10'000 + 6000)});
        QCOMPARE(book.dropped().closed, total - cap + 1);
        QCOMPARE(droppedChanged.size(), 1);

        // Aged out: no id is remembered; sent again, they stay out too.
        EventBook aged;
        aged.setLimits({1000 * EventBook::kEventBytes, 24 * kHour});
        const QList<PolicyEvent> old = closedEvents(200, kNow - 3 * 24 * kHour, 0, 20 * kMin);
        aged.addAgentEvents(old);
        aged.addAgentEvents({storedEvent(999, kNow, std::nullopt)});
        int endedADayBefore = 0;
        for (const PolicyEvent& e : old)
            endedADayBefore += *e.endMs < aged.newestMs() - 24 * kHour;
        QVERIFY(endedADayBefore > 100);
        QCOMPARE(aged.dropped().aged, endedADayBefore);
        QCOMPARE(aged.rememberedDrops(), 0);
        QCOMPARE(aged.count(), 200 - endedADayBefore + 1);
        aged.addAgentEvents(old);
        QCOMPARE(aged.count(), 200 - endedADayBefore + 1);
        QCOMPARE(aged.dropped().aged, endedADayBefore);
        // One never seen that ended before the age limit is refused too;
        // started after every one dropped, it is before completeFromMs
        // still, and the page is told to say it again.
        const qint64 limit = aged.newestMs() - 24 * kHour;
        QSignalSpy agedChanged(&aged, &EventBook::droppedChanged);
        aged.addAgentEvents({storedEvent(5000, limit - 3 * kMin, limit - kMin)});
        QCOMPARE(aged.count(), 200 - endedADayBefore + 1);
        QCOMPARE(agedChanged.size(), 1);
        QVERIFY(aged.completeFromMs() > limit - 3 * kMin);
    }

    // The cap is a memory budget over the bytes one event takes in the book
    // (EventBook::kEventBytes, measured here: the heap a full book holds,
    // per event, with texts of their own as an agent's JSON gives them). A
    // full book takes its budget, not less than 95 % of it, not more than
    // 105 %; twice the cap's worth added, it holds the same plus the dropped
    // ids' hashes.
    void aFullBookTakesItsMemoryBudget()
    {
        QCOMPARE(EventBook::Limits{}.maxEvents(),
                 int(EventBook::kDefaultBudgetBytes / EventBook::kEventBytes));
        QCOMPARE((EventBook::Limits{4LL * 1024 * 1024, kHour}.maxEvents()),
                 int(4LL * 1024 * 1024 / EventBook::kEventBytes));
        QCOMPARE(EventBook::capFor(1), 1);
        if (gw::test::underAddressSanitizer())
            QSKIP("the heap is AddressSanitizer's: mallinfo2 does not measure it");
        const qint64 budget = EventBook::kDefaultBudgetBytes;
        const int cap = EventBook::Limits{}.maxEvents();
        const auto heap = [] {
            return qint64(mallinfo2().uordblks);
        };
        const qint64 before = heap();
        qint64 atCap = 0;
        qint64 full = 0;
        int dropped = 0;
        {
            EventBook book;
            // Events of the last 5 days, 10 s apart, in batches of 1,000.
            for (int added = 0; added < 2 * cap; added += 1000) {
                book.addEvents(
                    closedEvents(1000, kNow - 5 * 24 * kHour + added * 10'000LL, added, 10'000));
                if (!atCap && book.count() == cap)
                    atCap = heap() - before;
            }
            QCOMPARE(book.count(), cap);
            full = heap() - before;
            dropped = book.dropped().closed;
        }
        qInfo("a full book: %d events in %.2f MiB, %lld bytes per event; after %d dropped, "
              "%.2f MiB",
              cap, double(atCap) / (1024 * 1024), atCap / cap, dropped,
              double(full) / (1024 * 1024));
        QVERIFY2(atCap <= budget * 105 / 100, qPrintable(QString::number(atCap)));
        QVERIFY2(atCap >= budget * 95 / 100, qPrintable(QString::number(atCap)));
        QVERIFY2(full <= budget * 105 / 100 + qint64(dropped) * 32,
                 qPrintable(QString::number(full)));
    }

    void verdictsFromStatusAndFromOpenEvents()
    {
        VerdictBook verdicts;
        QSignalSpy changed(&verdicts, &VerdictBook::changed);
        QVERIFY(verdicts.isEmpty());
        // A remote server: verdicts from its open events.
        const QList<PolicyEvent> events = realisticEvents(kNow);
        verdicts.addEvents(events);
        QVERIFY(!verdicts.isEmpty());
        auto v = verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 41890,
                                         gpuUuid(QStringLiteral("gpu-lab-01"), 0),
                                         QStringLiteral("alice"));
        QVERIFY(v);
        QVERIFY(v->hog);
        QVERIFY(v->overQuota); // alice's fair-share event is open
        QVERIFY(!v->idle);
        QCOMPARE(VerdictBook::badgeText(*v), QStringLiteral("hog · over quota"));
        QVERIFY2(v->reason.contains(QStringLiteral("GPU hog")), qPrintable(v->reason));
        QVERIFY2(v->reason.contains(QStringLiteral("Over quota")), qPrintable(v->reason));
        // The ended hog of the same user on the same GPU gives nothing.
        QVERIFY(!verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 41234, {}, {}));
        // A GPU's badge: its processes' verdicts.
        const auto g = verdicts.gpuVerdict(QStringLiteral("gpu-lab-02"),
                                           gpuUuid(QStringLiteral("gpu-lab-02"), 3));
        QVERIFY(g);
        QVERIFY(g->idle);
        QVERIFY(!verdicts.gpuVerdict(QStringLiteral("gpu-lab-02"),
                                     gpuUuid(QStringLiteral("gpu-lab-02"), 0)));
        // The event ends: the verdict goes.
        PolicyEvent ended = events.at(3); // chen's hog on gpu-lab-02
        ended.endMs = kNow;
        changed.clear();
        verdicts.addEvents({ended});
        QCOMPARE(changed.size(), 1);
        QVERIFY(!verdicts.processVerdict(QStringLiteral("gpu-lab-02"), 7781));

        // A server with a policy service: its status is the truth.
        PolicyStatus status;
        status.server = QStringLiteral("gpu-lab-01");
        ProcessVerdict idle;
        idle.pid = 500;
        idle.gpuUuid = QStringLiteral("GPU-x");
        idle.user = QStringLiteral("bob");
        idle.idle = true;
        idle.reason = QStringLiteral("idle for 1 h holding 10240 MiB");
        status.verdicts << idle;
        verdicts.setStatus(status);
        QVERIFY(!verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 41890, {},
                                         QStringLiteral("alice")));
        v = verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 500, QStringLiteral("GPU-x"));
        QVERIFY(v && v->idle && !v->hog);
        QCOMPARE(v->reason, idle.reason);
        // The same pid on another GPU is another process.
        QVERIFY(
            !verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 500, QStringLiteral("GPU-y")));
        // Events for a server with a status do not add to it.
        verdicts.addEvents(events);
        QVERIFY(!verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 41890));
        QVERIFY(!VerdictBook::badgeIcon(*v, QPalette()).isNull());
        verdicts.removeServer(QStringLiteral("gpu-lab-01"));
        QVERIFY(
            !verdicts.processVerdict(QStringLiteral("gpu-lab-01"), 500, QStringLiteral("GPU-x")));
    }
};

QTEST_MAIN(TestEventModel)
#include "tst_eventmodel.moc"
