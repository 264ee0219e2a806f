// The desktop's view of jobs that coordinate, against the real agent in
// process over loopback: AgentLink's slow poll of GET /v1/allocate brings a
// reservation a job made (POST /v1/allocate, the CLI's client) and the
// callers held waiting, on the workstation's clock even when the agent's is
// an hour off; ReservationsView words them per GPU; when the agent goes away
// the lines say how old they are. An agent without the route (a stub that
// answers 404) is not asked again and its link stays connected.
#include "agent/agentserver.h"
#include "models/reservationsview.h"
#include "remote/agentlink.h"
#include "remote/agentlinks.h"
#include "remote/coordclient.h"

#include <QDateTime>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <memory>

using namespace gw;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kAgentAhead = 3'600'000; // the agent's clock is an hour ahead

qint64 ourNow()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QUrl local(quint16 port)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

AgentConfig agentConfig()
{
    AgentConfig c;
    c.port = 0; // any free port: 9807 may be taken (another suite, a running agent)
    c.ringSize = 100;
    c.tokens = {{QStringLiteral("ws"), sha256("tok"), TokenScope::Read},
                {QStringLiteral("jobs"), sha256("jobtok"), TokenScope::Allocate}};
    return c;
}

// Four idle H100s on the agent's clock.
Snapshot reading(qint64 atMs)
{
    Snapshot s;
    s.server = QStringLiteral("lab");
    s.timestampMs = atMs;
    s.intervalMs = 200;
    s.backend = QStringLiteral("nvml");
    for (int i = 0; i < 4; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = QStringLiteral("GPU-%1").arg(i);
        g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        g.utilizationGpuPercent = 2.0 * i;
        g.memoryUsedMiB = 1000.0 * i;
        g.memoryTotalMiB = 81920;
        s.gpus << g;
    }
    return s;
}

QNetworkReply* postWaiting(QNetworkAccessManager& nam, quint16 port, const QString& user)
{
    QNetworkRequest req(local(port).resolved(QUrl(QStringLiteral("/v1/allocate"))));
    req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    req.setRawHeader("Authorization", "Bearer jobtok");
    req.setTransferTimeout(60'000);
    const QJsonObject body{{QStringLiteral("gpus"), 4},
                           {QStringLiteral("user"), user},
                           {QStringLiteral("wait_seconds"), 60}};
    return nam.post(req, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

QString hhmm(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toLocalTime().toString(QStringLiteral("HH:mm"));
}

} // namespace

class TestAgentReservations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reservationsAndWaitingCallersReachTheDesktop()
    {
        auto agent = std::make_unique<AgentServer>(agentConfig());
        agent->setClock([] { return ourNow() + kAgentAhead; });
        QString error;
        QVERIFY2(agent->listen(&error), qPrintable(error));
        const quint16 port = agent->port();
        agent->publish(reading(ourNow() + kAgentAhead));
        QTimer readings; // the agent keeps sampling
        connect(&readings, &QTimer::timeout, agent.get(),
                [&agent] { agent->publish(reading(ourNow() + kAgentAhead)); });
        readings.start(200);

        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("gpu-lab-01"), local(port), "tok", {}}, &nam);
        link.setPollInterval(100ms);
        link.setAllocationPollInterval(200ms);
        ReservationsView view;
        connect(&link, &AgentLink::allocationsReceived, &view, &ReservationsView::setState);
        QList<AllocationState> states;
        connect(&link, &AgentLink::allocationsReceived, this,
                [&states](const QString& server, const AllocationState& s) {
                    QCOMPARE(server, QStringLiteral("gpu-lab-01"));
                    states << s;
                });
        LinkStatus status;
        connect(&link, &AgentLink::statusChanged, this,
                [&status](const LinkStatus& s) { status = s; });
        link.start();
        // The link learns the agent's clock from its readings first.
        QVERIFY(QTest::qWaitFor([&] { return status.clockOffsetMs != 0; }, 10000));
        QVERIFY(qAbs(status.clockOffsetMs - kAgentAhead) < 1000);
        QVERIFY(QTest::qWaitFor([&] { return !states.isEmpty(); }, 5000));
        QVERIFY(states.last().reservations.isEmpty());

        // A job reserves two GPUs the way gpuwarden-cli does.
        AgentEndpoint job{local(port), "jobtok", QStringLiteral("test"), {}};
        AllocateBody body;
        body.request.gpus = 2;
        body.request.user = QStringLiteral("alice");
        body.request.ttlMs = 120'000;
        const AllocateReply granted = requestAllocation(job, body);
        QVERIFY2(granted.error.isEmpty(), qPrintable(granted.error));
        QVERIFY(granted.reservation);
        const QStringList units = granted.reservation->units;
        QCOMPARE(units, (QStringList{QStringLiteral("0"), QStringLiteral("1")}));

        // Two more callers ask for four and are held waiting.
        QNetworkReply* bob = postWaiting(nam, port, QStringLiteral("bob"));
        QTest::qWait(50);
        QNetworkReply* carol = postWaiting(nam, port, QStringLiteral("carol"));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !states.isEmpty() && states.last().reservations.size() == 1 &&
                       states.last().waiting.size() == 2;
            },
            10000));
        const AllocationState seen = states.last();
        const Reservation& r = seen.reservations.first();
        QCOMPARE(r.user, QStringLiteral("alice"));
        QCOMPARE(r.units, units);
        QCOMPARE(r.server, QStringLiteral("gpu-lab-01")); // the configured name
        // On our clock: the agent's times less its offset.
        QVERIFY2(qAbs(r.createdMs - (granted.reservation->createdMs - kAgentAhead)) < 1000,
                 qPrintable(QString::number(r.createdMs - ourNow())));
        QCOMPARE(r.expiresMs - r.createdMs, 120'000);
        QVERIFY(qAbs(seen.nowMs - ourNow()) < 2000);
        QCOMPARE(seen.waiting[0].user, QStringLiteral("bob"));
        QCOMPARE(seen.waiting[1].user, QStringLiteral("carol"));
        QVERIFY(qAbs(seen.waiting[0].sinceMs - ourNow()) < 5000);

        // Per GPU, in words.
        GpuSample gpu1 = reading(0).gpus[1];
        const QStringList lines = view.gpuLines(QStringLiteral("gpu-lab-01"), gpu1, true);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0], QStringLiteral("Reserved for alice since %1 until %2 (2 GPUs: 0, 1)")
                               .arg(hhmm(r.createdMs), hhmm(r.expiresMs)));
        QCOMPARE(lines[1], QStringLiteral("2 jobs waiting for GPUs (bob since %1, carol since %2)")
                               .arg(hhmm(seen.waiting[0].sinceMs), hhmm(seen.waiting[1].sinceMs)));
        QCOMPARE(view.gpuMark(QStringLiteral("gpu-lab-01"), reading(0).gpus[3]), QString());

        // The agent goes away: the last state stays, marked with its age.
        bob->abort();
        carol->abort();
        delete bob;
        delete carol;
        readings.stop();
        agent.reset();
        QVERIFY(QTest::qWaitFor([&] { return !ReservationsView::linkUp(&status); }, 10000));
        QTest::qWait(1100);
        const QStringList old =
            view.gpuLines(QStringLiteral("gpu-lab-01"), gpu1, ReservationsView::linkUp(&status));
        QCOMPARE(old.size(), 2);
        QVERIFY2(old[0].startsWith(QStringLiteral("as of ")) &&
                     old[0].contains(QStringLiteral(" s ago: Reserved for alice since ")),
                 qPrintable(old[0]));
        link.stop();
    }

    void aSecondCallerNeverGetsAReservedGpuAndTheFleetForwardsIt()
    {
        // Through AgentLinks (the desktop's worker thread) this time.
        auto agent = std::make_unique<AgentServer>(agentConfig());
        QString error;
        QVERIFY2(agent->listen(&error), qPrintable(error));
        agent->publish(reading(ourNow()));
        AgentLinks links(100ms);
        links.setAllocationPollInterval(200ms);
        QList<AllocationState> states;
        connect(&links, &AgentLinks::allocationsReceived, this,
                [&states](const QString&, const AllocationState& s) { states << s; });
        links.setServers({{QStringLiteral("lab"), local(agent->port()), "tok", {}}});
        AgentEndpoint job{local(agent->port()), "jobtok", QStringLiteral("test"), {}};
        AllocateBody body;
        body.request.gpus = 1;
        body.request.user = QStringLiteral("dave");
        const AllocateReply a = requestAllocation(job, body);
        body.request.user = QStringLiteral("erin");
        const AllocateReply b = requestAllocation(job, body);
        QVERIFY(a.reservation && b.reservation);
        QVERIFY(a.reservation->units != b.reservation->units);
        QVERIFY(QTest::qWaitFor(
            [&] { return !states.isEmpty() && states.last().reservations.size() == 2; }, 10000));
        QCOMPARE(states.last().reservations[0].user, QStringLiteral("dave"));
        QCOMPARE(states.last().reservations[1].user, QStringLiteral("erin"));
        QString why;
        QVERIFY2(releaseAllocation(job, a.reservation->id, &why), qPrintable(why));
        QVERIFY(QTest::qWaitFor([&] { return states.last().reservations.size() == 1; }, 10000));
        QCOMPARE(states.last().reservations[0].user, QStringLiteral("erin"));
        links.stop();
    }

    void anAgentWithoutTheRouteIsNotAskedAgain()
    {
        // An older agent: /v1/info and /v1/samples, nothing else (404).
        QHttpServer stub;
        int allocateAsks = 0;
        stub.route(QStringLiteral("/v1/info"), [] {
            return QHttpServerResponse(QJsonObject{{QStringLiteral("stream"), QStringLiteral("s1")},
                                                   {QStringLiteral("last_sequence"), 0},
                                                   {QStringLiteral("interval_ms"), 100}});
        });
        stub.route(QStringLiteral("/v1/samples"), [] {
            return QHttpServerResponse(QJsonObject{{QStringLiteral("stream"), QStringLiteral("s1")},
                                                   {QStringLiteral("samples"), QJsonArray()},
                                                   {QStringLiteral("next"), 0},
                                                   {QStringLiteral("last_sequence"), 0},
                                                   {QStringLiteral("now_ms"), ourNow()}});
        });
        stub.route(QStringLiteral("/v1/allocate"), [&allocateAsks] {
            ++allocateAsks;
            return QHttpServerResponse(QHttpServerResponse::StatusCode::NotFound);
        });
        const quint16 port = stub.listen(QHostAddress::LocalHost);
        QVERIFY(port > 0);
        QNetworkAccessManager nam;
        AgentLink link({QStringLiteral("old"), local(port), {}, {}}, &nam);
        link.setPollInterval(100ms);
        link.setAllocationPollInterval(100ms);
        QSignalSpy received(&link, &AgentLink::allocationsReceived);
        link.start();
        QVERIFY(QTest::qWaitFor([&] { return !link.servesAllocations(); }, 5000));
        QTest::qWait(600);
        QCOMPARE(allocateAsks, 1);
        QCOMPARE(received.size(), 0);
        QCOMPARE(link.status().state, LinkState::Connected);
        link.stop();
    }
};

QTEST_MAIN(TestAgentReservations)
#include "tst_agentreservations.moc"
