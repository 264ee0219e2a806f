// Desktop alerts: which event changes alert (new events, new actions; not
// updates, not old or ended events) and the limit of one per kind and user
// every 10 minutes.

#include "window/alertnotifier.h"

#include <QSignalSpy>
#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kNow = 1'700'000'000'000;

PolicyEvent makeEvent(PolicyEventKind kind, const QString& user, qint64 pid, qint64 detectedMs)
{
    PolicyEvent e;
    e.kind = kind;
    e.server = QStringLiteral("gpu-node-3");
    e.user = user;
    e.pid = pid;
    e.command = QStringLiteral("python");
    e.gpuIndex = 2;
    e.startMs = detectedMs - 600'000;
    e.detectedMs = detectedMs;
    e.peakPercent = 97;
    e.meanPercent = 95;
    e.durationMs = 600'000;
    e.id = QStringLiteral("%1/%2/%3/%4")
               .arg(policyEventKindName(kind), e.server, QString::number(pid))
               .arg(e.startMs);
    return e;
}

} // namespace

class TestAlertNotifier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newEventsAlertUpdatesDoNot()
    {
        qint64 now = kNow;
        AlertNotifier n; // no tray: alerted() alone
        n.setClock([&] { return now; });
        QSignalSpy alerted(&n, &AlertNotifier::alerted);

        PolicyEvent hog = makeEvent(PolicyEventKind::Hog, QStringLiteral("alice"), 12345, kNow);
        n.eventsChanged({hog});
        QCOMPARE(alerted.count(), 1);
        QCOMPARE(alerted.at(0).at(0).toString(), QStringLiteral("GPU hog"));
        // The text does not repeat the title: one "GPU hog:" in the status line.
        QCOMPARE(QStringLiteral("GPU hog: ") + alerted.at(0).at(1).toString(),
                 policyEventText(hog));
        QCOMPARE(AlertNotifier::statusLine(alerted.at(0).at(0).toString(),
                                           alerted.at(0).at(1).toString()),
                 policyEventText(hog));
        QCOMPARE(n.shown().at(0).key, QStringLiteral("hog/alice"));

        // Its figures grow every reading: no new alert.
        now += 1000;
        hog.peakPercent = 99;
        hog.durationMs += 1000;
        n.eventsChanged({hog});
        // It ends: no alert either.
        hog.endMs = now;
        hog.endReason = QStringLiteral("below threshold");
        n.eventsChanged({hog});
        QCOMPARE(alerted.count(), 1);
        QCOMPARE(n.suppressedCount(), 0);

        // An event already over when first seen, or found long ago (the
        // feed catching up): history, not news.
        PolicyEvent old =
            makeEvent(PolicyEventKind::Idle, QStringLiteral("bob"), 7, kNow - 3600'000);
        PolicyEvent ended = makeEvent(PolicyEventKind::FairShare, QStringLiteral("carol"), 0, kNow);
        ended.endMs = kNow;
        n.eventsChanged({old, ended});
        QCOMPARE(alerted.count(), 1);

        // A new idle event, then its warning and its (dry-run) action.
        PolicyEvent idle = makeEvent(PolicyEventKind::Idle, QStringLiteral("dave"), 99, now);
        n.eventsChanged({idle});
        QCOMPARE(alerted.count(), 2);
        QCOMPARE(alerted.at(1).at(0).toString(), QStringLiteral("Idle GPU"));
        idle.actions << PolicyAction{PolicyAction::Kind::Warning, now, false,
                                     QStringLiteral("terminate in 5m")};
        n.eventsChanged({idle});
        QCOMPARE(alerted.count(), 3);
        QCOMPARE(alerted.at(2).at(0).toString(), QStringLiteral("Idle GPU: warning"));
        QCOMPARE(QStringLiteral("Idle GPU: ") + alerted.at(2).at(1).toString(),
                 policyEventText(idle) + QStringLiteral(" — terminate in 5m"));
        n.eventsChanged({idle}); // the same action again: nothing new
        QCOMPARE(alerted.count(), 3);
        idle.actions << PolicyAction{PolicyAction::Kind::Terminate, now, true, QString()};
        n.eventsChanged({idle});
        QCOMPARE(alerted.count(), 4);
        QCOMPARE(alerted.at(3).at(0).toString(),
                 QStringLiteral("Idle GPU: would terminate (dry run)"));

        // Fair share.
        PolicyEvent share = makeEvent(PolicyEventKind::FairShare, QStringLiteral("erin"), 0, now);
        n.eventsChanged({share});
        QCOMPARE(alerted.count(), 5);
        QCOMPARE(alerted.at(4).at(0).toString(), QStringLiteral("Over quota"));
        const QString line = AlertNotifier::statusLine(alerted.at(4).at(0).toString(),
                                                       alerted.at(4).at(1).toString());
        QVERIFY2(line.startsWith(u"Over quota: erin"_qs), qPrintable(line));
        QCOMPARE(line.count(u"Over quota"_qs), 1);

        // Hog alerts off ([hog] alert = false).
        n.setHogAlerts(false);
        n.eventsChanged({makeEvent(PolicyEventKind::Hog, QStringLiteral("frank"), 5, now)});
        QCOMPARE(alerted.count(), 5);
    }

    void oneAlertPerKindAndUserEveryTenMinutes()
    {
        qint64 now = kNow;
        AlertNotifier n;
        n.setClock([&] { return now; });
        QSignalSpy alerted(&n, &AlertNotifier::alerted);

        // alice's process flaps: a new hog event every minute.
        for (int i = 0; i < 10; ++i) {
            n.eventsChanged(
                {makeEvent(PolicyEventKind::Hog, QStringLiteral("alice"), 100 + i, now)});
            now += 60'000;
        }
        QCOMPARE(alerted.count(), 1);
        QCOMPARE(n.suppressedCount(), 9);
        // Another user, or another kind for alice: their own limits.
        n.eventsChanged({makeEvent(PolicyEventKind::Hog, QStringLiteral("bob"), 200, now),
                         makeEvent(PolicyEventKind::Idle, QStringLiteral("alice"), 201, now)});
        QCOMPARE(alerted.count(), 3);
        // Ten minutes after alice's first hog alert: the next one goes out.
        now = kNow + AlertNotifier::kQuietMs;
        n.eventsChanged({makeEvent(PolicyEventKind::Hog, QStringLiteral("alice"), 300, now)});
        QCOMPARE(alerted.count(), 4);
        QCOMPARE(n.shown().last().atMs, kNow + AlertNotifier::kQuietMs);
        now += 1;
        n.eventsChanged({makeEvent(PolicyEventKind::Hog, QStringLiteral("alice"), 301, now)});
        QCOMPARE(alerted.count(), 4);
    }
};

QTEST_MAIN(TestAlertNotifier)
#include "tst_alertnotifier.moc"
