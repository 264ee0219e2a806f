// The webhook against a real HTTP receiver on loopback: the JSON and its
// text, which event changes alert, the rate limit per kind and user, a
// receiver that is down, answers 500 or hangs, the bounded queue, and a
// caller that never waits.

#include "policy/alerts.h"

#include "freeport.h"
#include "webhookreceiver.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

using Receiver = gw::test::WebhookReceiver;

constexpr qint64 kMin = 60'000;

PolicyEvent makeEvent(PolicyEventKind kind, const QString& user, qint64 pid = 12345)
{
    PolicyEvent e;
    e.kind = kind;
    e.server = u"gpu-node-3"_s;
    e.startMs = 1'700'000'000'000;
    e.detectedMs = e.startMs + 10 * kMin;
    e.id = u"%1/gpu-node-3/%2/%3"_s.arg(policyEventKindName(kind)).arg(pid).arg(e.startMs);
    e.gpuUuid = u"GPU-2"_s;
    e.gpuIndex = 2;
    e.pid = pid;
    e.processStartMs = e.startMs - kMin;
    e.user = user;
    e.command = u"python"_s;
    e.peakPercent = 97;
    e.meanPercent = 95;
    e.memoryMiB = 20480;
    e.quotaPercent = 30;
    e.durationMs = 42 * kMin;
    return e;
}

PolicyConfig policyFor(const QString& url)
{
    PolicyConfig c;
    c.alerts.webhookUrl = url;
    c.alerts.retries = 0;
    c.alerts.timeoutMs = 5000;
    return c;
}

// A clock the test moves.
struct FakeClock
{
    qint64 now = 1'700'000'000'000;
};

} // namespace

class TestAlerts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theJsonArrivesWithTheEventText()
    {
        Receiver r;
        QVERIFY(r.listen());
        Alerter a(policyFor(r.url()));
        QSignalSpy delivered(&a, &Alerter::delivered);
        PolicyEvent hog = makeEvent(PolicyEventKind::Hog, u"alice"_s);
        a.notify(hog);
        QTRY_COMPARE(r.requests.size(), 1);
        const Receiver::Request& req = r.requests[0];
        QCOMPARE(req.method, QByteArray("POST"));
        QCOMPARE(req.path, QByteArray("/hook/T0/secret"));
        QCOMPARE(req.contentType, QByteArray("application/json"));
        const QJsonObject body = QJsonDocument::fromJson(req.body).object();
        QCOMPARE(body.keys(), QStringList{u"text"_s});
        QCOMPARE(body[u"text"_s].toString(), policyEventText(hog));
        QVERIFY2(body[u"text"_s].toString().startsWith(u"GPU hog: python (PID 12345, alice)"_s),
                 qPrintable(body[u"text"_s].toString()));
        QTRY_COMPARE(delivered.count(), 1);
        QCOMPARE(delivered.at(0).at(0).toString(), policyEventText(hog));
        QCOMPARE(a.counters().sent, 1u);
        QCOMPARE(a.counters().failed, 0u);
    }

    void onlyOpeningsAndIdleStagesAlert()
    {
        Receiver r;
        QVERIFY(r.listen());
        FakeClock clock;
        Alerter::Options o;
        o.clock = [&] {
            return clock.now += 11 * kMin;
        }; // never rate-limited here
        Alerter a(policyFor(r.url()), o);

        // A hog: opened alerts; a figure update and the end do not.
        PolicyEvent hog = makeEvent(PolicyEventKind::Hog, u"alice"_s);
        a.notify(hog);
        hog.meanPercent = 99;
        hog.durationMs += kMin;
        a.notify(hog);
        hog.endMs = hog.startMs + 60 * kMin;
        hog.endReason = u"below threshold"_s;
        a.notify(hog);

        // An event first seen already over is history.
        PolicyEvent old = makeEvent(PolicyEventKind::FairShare, u"carol"_s, 0);
        old.endMs = old.startMs + kMin;
        a.notify(old);

        QStringList expected{policyEventText(makeEvent(PolicyEventKind::Hog, u"alice"_s))};

        // Idle: opened, each warning, the terminate; not a refusal or the end.
        PolicyEvent idle = makeEvent(PolicyEventKind::Idle, u"bob"_s, 777);
        idle.meanPercent = 0;
        a.notify(idle);
        expected << policyEventText(idle);
        idle.actions << PolicyAction{PolicyAction::Kind::Warning, 1, false, u"terminate in 15m"_s};
        a.notify(idle);
        expected << policyEventText(idle) + u" — warning: terminate in 15m"_s;
        idle.durationMs += kMin; // figures only
        a.notify(idle);
        idle.actions << PolicyAction{PolicyAction::Kind::Warning, 2, false, u"terminate in 5m"_s};
        a.notify(idle);
        expected << policyEventText(idle) + u" — warning: terminate in 5m"_s;
        idle.actions << PolicyAction{PolicyAction::Kind::Terminate, 3, false,
                                     u"SIGTERM sent to process 777 (python, bob)"_s};
        idle.actions << PolicyAction{PolicyAction::Kind::Refused, 4, false,
                                     u"SIGKILL not sent: pid 777 is never signalled"_s};
        a.notify(idle);
        expected << policyEventText(idle) + u" — SIGTERM sent to process 777 (python, bob)"_s;
        idle.actions << PolicyAction{PolicyAction::Kind::Refused, 5, false, u"x"_s};
        a.notify(idle);
        idle.endMs = idle.startMs + 40 * kMin;
        a.notify(idle);

        // A fair-share event opened.
        PolicyEvent share = makeEvent(PolicyEventKind::FairShare, u"dave"_s, 0);
        a.notify(share);
        expected << policyEventText(share);

        // A dry run says so.
        PolicyEvent dry = makeEvent(PolicyEventKind::Idle, u"erin"_s, 888);
        dry.actions << PolicyAction{PolicyAction::Kind::Terminate, 1, true,
                                    u"would send SIGTERM to process 888"_s};
        a.notify(dry);
        expected << policyEventText(dry) + u" — dry run: would send SIGTERM to process 888"_s;

        QTRY_COMPARE(r.requests.size(), 7);
        QCOMPARE(r.texts(), expected);
        QTest::qWait(100);
        QCOMPARE(r.requests.size(), 7);
    }

    void hogAlertsCanBeSwitchedOff()
    {
        Receiver r;
        QVERIFY(r.listen());
        PolicyConfig c = policyFor(r.url());
        c.hog.alert = false;
        Alerter a(c);
        a.notify(makeEvent(PolicyEventKind::Hog, u"alice"_s));
        const PolicyEvent idle = makeEvent(PolicyEventKind::Idle, u"alice"_s, 9);
        a.notify(idle);
        QTRY_COMPARE(r.requests.size(), 1);
        QCOMPARE(r.texts(), QStringList{policyEventText(idle)});

        // And nothing at all without a webhook.
        c.alerts.webhookUrl.clear();
        c.hog.alert = true;
        a.setPolicy(c);
        a.notify(makeEvent(PolicyEventKind::Hog, u"bob"_s, 10));
        QTest::qWait(100);
        QCOMPARE(r.requests.size(), 1);
        QCOMPARE(a.counters().sent, 1u);
    }

    void rateLimitedPerKindAndUser()
    {
        Receiver r;
        QVERIFY(r.listen());
        FakeClock clock;
        Alerter::Options o;
        o.clock = [&] {
            return clock.now;
        };
        PolicyConfig c = policyFor(r.url());
        c.alerts.rateLimitMs = 10 * kMin;
        Alerter a(c, o);

        a.notify(makeEvent(PolicyEventKind::Hog, u"alice"_s, 1)); // sent
        clock.now += kMin;
        a.notify(makeEvent(PolicyEventKind::Hog, u"alice"_s, 2));  // held back
        a.notify(makeEvent(PolicyEventKind::Hog, u"bob"_s, 3));    // another user: sent
        a.notify(makeEvent(PolicyEventKind::Idle, u"alice"_s, 4)); // another kind: sent
        clock.now += 8 * kMin;
        a.notify(makeEvent(PolicyEventKind::Hog, u"alice"_s, 5)); // 9 min after: held back
        QCOMPARE(a.counters().rateLimited, 2u);
        clock.now += kMin; // 10 min after the first
        const PolicyEvent later = makeEvent(PolicyEventKind::Hog, u"alice"_s, 6);
        a.notify(later); // sent, with the count of those held back
        clock.now += kMin;
        a.notify(makeEvent(PolicyEventKind::Hog, u"alice"_s, 7)); // held back again

        QTRY_COMPARE(r.requests.size(), 4);
        QCOMPARE(r.texts(), (QStringList{
                                policyEventText(makeEvent(PolicyEventKind::Hog, u"alice"_s, 1)),
                                policyEventText(makeEvent(PolicyEventKind::Hog, u"bob"_s, 3)),
                                policyEventText(makeEvent(PolicyEventKind::Idle, u"alice"_s, 4)),
                                policyEventText(later) + u" … and 2 more"_s,
                            }));
        QCOMPARE(a.counters().rateLimited, 3u);
        QTRY_COMPARE(a.counters().sent, 4u);
    }

    void aGpuThatGetsWorseIsAlertedAgainAtOnce()
    {
        // Degraded (alerted), still degraded with other reasons (not news),
        // then failing a minute later inside the 10-minute rate limit: the
        // worsening is sent, once; better again is not news either.
        Receiver r;
        QVERIFY(r.listen());
        FakeClock clock;
        Alerter::Options o;
        o.clock = [&] {
            return clock.now;
        };
        PolicyConfig c = policyFor(r.url());
        c.alerts.rateLimitMs = 10 * kMin;
        Alerter a(c, o);
        PolicyEvent e = makeEvent(PolicyEventKind::GpuHealth, {}, 0);
        e.user.clear();
        e.pid = 0;
        e.healthState = u"degraded"_s;
        e.healthReasons = {u"a row remap is pending: reset the GPU"_s};
        a.notify(e);
        clock.now += kMin;
        e.healthReasons << u"PCIe replays 340 in the last hour"_s;
        a.notify(e); // other reasons, same state: nothing
        clock.now += kMin;
        e.healthState = u"failing"_s;
        e.healthReasons = {u"XID 79 (GPU has fallen off the bus)"_s};
        a.notify(e); // worse: sent despite the limit
        clock.now += kMin;
        a.notify(e); // still failing: nothing new
        e.healthState = u"degraded"_s;
        a.notify(e); // better, not news
        QTRY_COMPARE(r.requests.size(), 2);
        QTest::qWait(100);
        QCOMPARE(r.requests.size(), 2);
        QVERIFY2(r.texts()[0].contains(u"degraded"_s), qPrintable(r.texts()[0]));
        QVERIFY2(r.texts()[1].contains(u"XID 79"_s) &&
                     r.texts()[1].endsWith(u"worse: now failing"_s),
                 qPrintable(r.texts()[1]));
        // A GPU failing from the start is one alert, not two.
        PolicyEvent f = makeEvent(PolicyEventKind::GpuHealth, {}, 1);
        f.gpuUuid = u"GPU-5"_s;
        f.healthState = u"failing"_s;
        a.notify(f);
        clock.now += kMin;
        a.notify(f);
        QTRY_COMPARE(r.requests.size(), 3);
        QTest::qWait(100);
        QCOMPARE(r.requests.size(), 3);
    }

    void otherKindsOfTextShareTheRateLimitAndQueue()
    {
        // The token books' enforcement steps (notifyText): their own kind,
        // limited per user like the events, in order with them.
        Receiver r;
        QVERIFY(r.listen());
        FakeClock clock;
        Alerter::Options o;
        o.clock = [&] {
            return clock.now;
        };
        PolicyConfig c = policyFor(r.url());
        c.alerts.rateLimitMs = 10 * kMin;
        Alerter a(c, o);
        a.notify(makeEvent(PolicyEventKind::Hog, u"alice"_s, 1)); // sent
        a.notifyText(u"tokens"_s, u"alice"_s, u"notified"_s);     // another kind: sent
        a.notifyText(u"tokens"_s, u"alice"_s, u"reniced"_s);      // held back
        a.notifyText(u"tokens"_s, u"bob"_s, u"bob notified"_s);   // another user: sent
        clock.now += 10 * kMin;
        a.notifyText(u"tokens"_s, u"alice"_s, u"terminated"_s); // sent, with the count
        QTRY_COMPARE(r.requests.size(), 4);
        QCOMPARE(r.texts(),
                 (QStringList{policyEventText(makeEvent(PolicyEventKind::Hog, u"alice"_s, 1)),
                              u"notified"_s, u"bob notified"_s, u"terminated … and 1 more"_s}));
        // Without a webhook: nothing, not even counted.
        Alerter silent(PolicyConfig{});
        silent.notifyText(u"tokens"_s, u"alice"_s, u"x"_s);
        QCOMPARE(silent.counters().queued, 0);
        QCOMPARE(silent.counters().rateLimited, 0u);
    }

    void aReceiverThatIsDownIsRetriedUntilItComesUp()
    {
        const quint16 port = gw::test::freePort();
        PolicyConfig c = policyFor(u"http://127.0.0.1:%1/hook"_s.arg(port));
        c.alerts.retries = 10;
        Alerter::Options o;
        o.retryBaseMs = 50;
        Alerter a(c, o);
        QList<PolicyEvent> events;
        for (int i = 0; i < 3; ++i)
            events << makeEvent(PolicyEventKind::Hog, u"user%1"_s.arg(i), 100 + i);
        a.notify(events);
        // Refused connections, retried after 50, 100, … ms.
        QTRY_VERIFY(a.counters().retried >= 2);
        QCOMPARE(a.counters().sent, 0u);
        QVERIFY2(a.lastError().contains(u"refused"_s, Qt::CaseInsensitive),
                 qPrintable(a.lastError()));

        Receiver r;
        QVERIFY(r.listen(port));
        QTRY_COMPARE_WITH_TIMEOUT(r.requests.size(), 3, 10000);
        QStringList expected;
        for (const PolicyEvent& e : events)
            expected << policyEventText(e);
        QCOMPARE(r.texts(), expected); // none lost, in order
        QTRY_COMPARE(a.counters().sent, 3u);
        QCOMPARE(a.counters().failed, 0u);
        QCOMPARE(a.counters().dropped, 0u);
    }

    void aServerErrorIsRetriedWithBackoff()
    {
        Receiver r;
        r.failFirst = 3;
        QVERIFY(r.listen());
        PolicyConfig c = policyFor(r.url());
        c.alerts.retries = 5;
        Alerter::Options o;
        o.retryBaseMs = 100;
        o.retryCapMs = 250;
        Alerter a(c, o);
        const PolicyEvent e = makeEvent(PolicyEventKind::Hog, u"alice"_s);
        a.notify(e);
        QTRY_COMPARE(r.requests.size(), 4);
        QTRY_COMPARE(a.counters().sent, 1u);
        QCOMPARE(a.counters().retried, 3u);
        QCOMPARE(a.counters().failed, 0u);
        QCOMPARE(r.texts(), QStringList(4, policyEventText(e))); // the same alert each time
        // 100 ms, 200 ms, then the cap: 250 ms.
        const qint64 gaps[] = {r.requests[1].atMs - r.requests[0].atMs,
                               r.requests[2].atMs - r.requests[1].atMs,
                               r.requests[3].atMs - r.requests[2].atMs};
        QVERIFY2(gaps[0] >= 95 && gaps[1] >= 195 && gaps[2] >= 245 && gaps[2] < 1000,
                 qPrintable(u"%1 %2 %3"_s.arg(gaps[0]).arg(gaps[1]).arg(gaps[2])));
    }

    void givenUpAfterTheLastRetry()
    {
        Receiver r;
        r.failFirst = 1000;
        QVERIFY(r.listen());
        PolicyConfig c = policyFor(r.url());
        c.alerts.retries = 2;
        Alerter::Options o;
        o.retryBaseMs = 20;
        Alerter a(c, o);
        QSignalSpy failed(&a, &Alerter::failed);
        const PolicyEvent e = makeEvent(PolicyEventKind::Hog, u"alice"_s);
        a.notify(e);
        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), policyEventText(e));
        QCOMPARE(failed.at(0).at(1).toString(), u"HTTP 500"_s);
        QCOMPARE(r.requests.size(), 3); // the first try and two retries
        QCOMPARE(a.counters().failed, 1u);
        QCOMPARE(a.counters().sent, 0u);
        QCOMPARE(a.lastError(), u"HTTP 500"_s);

        // The next alert goes out as usual.
        r.failFirst = 0;
        a.notify(makeEvent(PolicyEventKind::Hog, u"bob"_s, 2));
        QTRY_COMPARE(a.counters().sent, 1u);
    }

    void aHangingReceiverTimesOutAndNeverBlocksTheCaller()
    {
        Receiver r;
        r.hang = true;
        QVERIFY(r.listen());
        PolicyConfig c = policyFor(r.url());
        c.alerts.timeoutMs = 300;
        Alerter a(c);
        QSignalSpy failed(&a, &Alerter::failed);
        a.notify(makeEvent(PolicyEventKind::Hog, u"first"_s, 1));
        QTRY_COMPARE(r.requests.size(), 1); // in flight, unanswered

        QElapsedTimer t;
        t.start();
        for (int i = 0; i < 100; ++i)
            a.notify(makeEvent(PolicyEventKind::Hog, u"user%1"_s.arg(i), 1000 + i));
        const qint64 elapsedUs = t.nsecsElapsed() / 1000;
        QVERIFY2(elapsedUs < 50'000, qPrintable(QString::number(elapsedUs)));
        qInfo("100 notify() calls with the receiver hanging: %lld us", elapsedUs);
        QCOMPARE(a.counters().queued, 100);

        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(1).toString(), u"no answer within 300ms"_s);
        QCOMPARE(a.counters().failed, 1u);
        QTRY_COMPARE(r.requests.size(), 2); // then the next one
    }

    void aFullQueueDropsTheOldest()
    {
        const quint16 port = gw::test::freePort();
        PolicyConfig c = policyFor(u"http://127.0.0.1:%1/hook"_s.arg(port));
        c.alerts.retries = 20;
        Alerter::Options o;
        o.retryBaseMs = 50;
        o.retryCapMs = 100;
        o.queueLimit = 5;
        Alerter a(c, o);
        for (int i = 0; i < 20; ++i)
            a.notify(makeEvent(PolicyEventKind::Hog, u"user%1"_s.arg(i), 100 + i));
        QCOMPARE(a.counters().queued, 5);
        // The first may already be on its way; the rest beyond five are dropped.
        QVERIFY2(a.counters().dropped == 14 || a.counters().dropped == 15,
                 qPrintable(QString::number(a.counters().dropped)));

        Receiver r;
        QVERIFY(r.listen(port));
        QTRY_COMPARE(a.counters().queued, 0);
        QTRY_COMPARE(a.counters().sent, 20 - a.counters().dropped);
        const QStringList texts = r.texts();
        // At most one of the older ones: whichever the delivery thread had
        // taken before the queue filled (which one depends on scheduling).
        int older = 0;
        for (int i = 0; i < 15; ++i)
            older += texts.join(u'\n').contains(u"user%1)"_s.arg(i)) ? 1 : 0;
        QVERIFY2(older <= 1, qPrintable(texts.join(u'\n')));
        for (int i = 15; i < 20; ++i)
            QVERIFY2(texts.join(u'\n').contains(u"user%1)"_s.arg(i)),
                     qPrintable(texts.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestAlerts)
#include "tst_alerts.moc"
