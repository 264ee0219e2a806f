// The agent's coordination routes over real loopback HTTP, an AgentServer
// in-process fed hand-built readings: scores by the formula with ties by
// index, the scopes, never one GPU twice, long-polls granted when a reading
// frees a GPU or answered 409 at their deadline, DELETE, expiry and a job
// taking its GPU ending reservations, callers that hang up, bad bodies, the
// metrics, and advice at the band edges from a real policy engine.
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/allocationdesk.h"
#include "policy/policyconfig.h"
#include "policy/policyservice.h"
#include "remote/coordclient.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

#include <memory>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 kT0 = 1'795'305'600'000;
constexpr double kTotal = 80'000;

const QByteArray kRead = "r3ad";
const QByteArray kAllocate = "all0c";
const QByteArray kAdmin = "adm1n";

AgentConfig config()
{
    AgentConfig c;
    c.port = 0;
    c.requestsPerSecond = 10'000;
    c.burst = 10'000;
    c.tokens = {{QStringLiteral("reader"), sha256(kRead), TokenScope::Read},
                {QStringLiteral("runner"), sha256(kAllocate), TokenScope::Allocate},
                {QStringLiteral("boss"), sha256(kAdmin), TokenScope::Admin}};
    return c;
}

GpuSample gpu(int index, double usedMiB, double util)
{
    GpuSample g;
    g.index = index;
    g.uuid = QStringLiteral("GPU-%1").arg(index);
    g.name = QStringLiteral("Fake GPU");
    g.vendor = QStringLiteral("nvidia");
    g.memoryUsedMiB = usedMiB;
    g.memoryTotalMiB = kTotal;
    g.utilizationGpuPercent = util;
    return g;
}

Snapshot reading(qint64 t, const QList<GpuSample>& gpus, const QList<GpuProcess>& processes = {})
{
    Snapshot s;
    s.server = QStringLiteral("node-1");
    s.timestampMs = t;
    s.intervalMs = 1000;
    s.backend = QStringLiteral("demo");
    s.gpus = gpus;
    s.processes = processes;
    return s;
}

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString message() const
    {
        return json()[QStringLiteral("error")][QStringLiteral("message")].toString();
    }
};

QNetworkReply* start(QNetworkAccessManager& nam, quint16 port, const QString& path,
                     const QByteArray& token, const QByteArray& method = "GET",
                     const QByteArray& body = {})
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    if (!token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + token);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    return body.isEmpty() ? nam.sendCustomRequest(req, method)
                          : nam.sendCustomRequest(req, method, body);
}

Reply finish(QNetworkReply* r, int timeoutMs = 10'000)
{
    if (!r->isFinished()) {
        QSignalSpy done(r, &QNetworkReply::finished);
        done.wait(timeoutMs);
    }
    Reply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = r->readAll();
    r->deleteLater();
    return out;
}

Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path, const QByteArray& token,
           const QByteArray& method = "GET", const QByteArray& body = {})
{
    return finish(start(nam, port, path, token, method, body));
}

QByteArray body(const char* json)
{
    return QByteArray(json);
}

QStringList ids(const QJsonArray& candidates)
{
    QStringList out;
    for (const QJsonValue& c : candidates)
        out << c[QStringLiteral("id")].toString();
    return out;
}

} // namespace

class TestAgentAllocate : public QObject
{
    Q_OBJECT

    std::unique_ptr<AgentServer> m_server;
    QNetworkAccessManager m_nam;
    quint16 m_port = 0;
    qint64 m_t = kT0;

    // A fresh agent with `gpus` published.
    void startServer(const QList<GpuSample>& gpus)
    {
        m_server = std::make_unique<AgentServer>(config());
        QString error;
        QVERIFY2(m_server->listen(&error), qPrintable(error));
        m_port = m_server->port();
        if (!gpus.isEmpty())
            publish(gpus);
    }
    void publish(const QList<GpuSample>& gpus, const QList<GpuProcess>& processes = {})
    {
        m_t += 1000;
        m_server->publish(reading(m_t, gpus, processes));
    }
    Reply post(const QByteArray& json, const QByteArray& token = kAllocate)
    {
        return call(m_nam, m_port, QStringLiteral("/v1/allocate"), token, "POST", json);
    }
    QJsonObject state()
    {
        return call(m_nam, m_port, QStringLiteral("/v1/allocate"), kRead).json();
    }
    int waiting() { return int(state()[QStringLiteral("waiting")].toArray().size()); }
    // A caller for `user` that waits up to `seconds`, once the agent holds
    // it (`held` callers waiting then); null when it is not held in 5 s.
    QNetworkReply* startWaiting(QNetworkAccessManager& nam, const QByteArray& user, int seconds,
                                int held)
    {
        QNetworkReply* r = start(nam, m_port, QStringLiteral("/v1/allocate"), kAllocate, "POST",
                                 "{\"user\":\"" + user +
                                     "\",\"wait_seconds\":" + QByteArray::number(seconds) + "}");
        return QTest::qWaitFor([&] { return waiting() == held; }, 5000) ? r : nullptr;
    }
    // Reserves for `user` (no wait): the reservation's id, empty when refused.
    QString hold(const QByteArray& user)
    {
        const Reply r = post("{\"user\":\"" + user + "\"}");
        return r.status == 200
                   ? r.json()[QStringLiteral("reservation")][QStringLiteral("id")].toString()
                   : QString();
    }

private Q_SLOTS:
    void cleanup()
    {
        m_server.reset();
        m_nam.clearConnectionCache();
    }

    // 0.6 × free fraction + 0.4 × idle fraction, best first, ties by index.
    void scoresFollowTheFormula()
    {
        startServer({gpu(0, 40'000, 50), gpu(1, 0, 0), gpu(2, 20'000, 10), gpu(3, 20'000, 10),
                     gpu(4, 75'000, 95)});
        const Reply r = post(body(R"({"user":"alice","gpus":3,"min_free_mib":8192})"));
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        const QJsonArray granted = o[QStringLiteral("granted")].toArray();
        QCOMPARE(ids(granted), (QStringList{u"1"_s, u"2"_s, u"3"_s}));
        QCOMPARE(granted[0][QStringLiteral("score")].toDouble(), 0.6 * 1.0 + 0.4 * 1.0);
        QCOMPARE(granted[1][QStringLiteral("score")].toDouble(), 0.6 * 0.75 + 0.4 * 0.9);
        QCOMPARE(granted[2][QStringLiteral("score")].toDouble(), 0.6 * 0.75 + 0.4 * 0.9);
        QCOMPARE(granted[1][QStringLiteral("free_mib")].toDouble(), 60'000.0);
        QCOMPARE(granted[1][QStringLiteral("utilization_percent")].toDouble(), 10.0);
        QCOMPARE(o[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1,2,3"));
        QCOMPARE(o[QStringLiteral("refused")].toArray().first().toString(),
                 QStringLiteral("GPU 4: 5,000 MiB free, needs 8,192"));
        const QJsonObject reservation = o[QStringLiteral("reservation")].toObject();
        QCOMPARE(reservation[QStringLiteral("user")].toString(), QStringLiteral("alice"));
        QCOMPARE(reservation[QStringLiteral("server")].toString(), QStringLiteral("node-1"));
        QCOMPARE(reservation[QStringLiteral("units")].toArray().size(), 3);
        const qint64 created = reservation[QStringLiteral("created_ms")].toInteger();
        QCOMPARE(reservation[QStringLiteral("expires_ms")].toInteger() - created, 120'000);
        QCOMPARE(o[QStringLiteral("weights")][QStringLiteral("free_memory")].toDouble(), 0.6);
        QCOMPARE(o[QStringLiteral("waited_ms")].toInteger(), 0);

        // GPU 0 is left: 0.6 × 0.5 + 0.4 × 0.5.
        const Reply next = post(body(R"({"user":"bob"})"));
        QCOMPARE(next.status, 200);
        QCOMPARE(next.json()[QStringLiteral("granted")][0][QStringLiteral("score")].toDouble(),
                 0.5);
    }

    // The weights of the policy in force, changed while the agent runs.
    void weightsFollowThePolicy()
    {
        startServer({gpu(0, 40'000, 50), gpu(1, 20'000, 10)});
        PolicyConfig policy;
        policy.allocate.freeMemoryWeight = 0.2;
        policy.allocate.idleWeight = 0.8;
        policy.allocate.defaultTtlMs = 30'000;
        m_server->attachPolicy(nullptr, policy, {});
        const Reply r = post(body(R"({"user":"alice","gpus":2})"));
        QCOMPARE(r.status, 200);
        const QJsonArray granted = r.json()[QStringLiteral("granted")].toArray();
        QCOMPARE(granted[0][QStringLiteral("score")].toDouble(), 0.2 * 0.75 + 0.8 * 0.9);
        QCOMPARE(granted[1][QStringLiteral("score")].toDouble(), 0.2 * 0.5 + 0.8 * 0.5);
        QCOMPARE(r.json()[QStringLiteral("weights")][QStringLiteral("idle")].toDouble(), 0.8);
        const QJsonObject v = r.json()[QStringLiteral("reservation")].toObject();
        QCOMPARE(v[QStringLiteral("expires_ms")].toInteger() -
                     v[QStringLiteral("created_ms")].toInteger(),
                 30'000);
    }

    void scopes()
    {
        startServer({gpu(0, 0, 0), gpu(1, 0, 0), gpu(2, 0, 0)});
        const QByteArray ask = body(R"({"user":"alice"})");
        QCOMPARE(post(ask, {}).status, 401);
        const Reply readOnly = post(ask, kRead);
        QCOMPARE(readOnly.status, 403);
        QCOMPARE(
            readOnly.message(),
            QStringLiteral("token \"reader\" has the read scope; this needs allocate or admin"));
        const Reply ok = post(ask, kAllocate);
        QCOMPARE(ok.status, 200);
        QCOMPARE(post(ask, kAdmin).status, 200);
        const QString id =
            ok.json()[QStringLiteral("reservation")][QStringLiteral("id")].toString();
        // Reading is read scope, for every token; releasing is not.
        for (const QByteArray& token : {kRead, kAllocate, kAdmin}) {
            QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/allocate"), token).status, 200);
            QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/snapshot"), token).status, 200);
        }
        QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/allocate"), {}).status, 401);
        QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/allocate/") + id, kRead, "DELETE").status,
                 403);
        // An allocate token changes nothing else.
        const Reply put =
            call(m_nam, m_port, QStringLiteral("/v1/policy"), kAllocate, "PUT", "[hog]\n");
        QCOMPARE(put.status, 403);
        QCOMPARE(put.message(),
                 QStringLiteral("token \"runner\" has the allocate scope; this needs admin"));
        QCOMPARE(
            call(m_nam, m_port, QStringLiteral("/v1/allocate/") + id, kAllocate, "DELETE").status,
            200);

        // agent.toml spells it "allocate".
        QString error;
        const auto parsed =
            AgentConfig::parse("[[token]]\nname = \"ci\"\nsha256 = \"" + sha256("x").toHex() +
                                   "\"\nscope = \"allocate\"\n",
                               QStringLiteral("agent.toml"), &error);
        QVERIFY2(parsed, qPrintable(error));
        QCOMPARE(parsed->tokens.first().scope, TokenScope::Allocate);
    }

    // Callers in flight together, all in the same millisecond (the clock
    // stands still): never one GPU twice, and the fifth is refused.
    void sameMillisecondNeverTheSameGpu()
    {
        startServer({gpu(0, 0, 0), gpu(1, 0, 0), gpu(2, 0, 0), gpu(3, 0, 0)});
        m_server->setClock([] { return kT0 + 500; });
        QList<QNetworkReply*> inFlight;
        std::vector<std::unique_ptr<QNetworkAccessManager>> nams;
        for (int i = 0; i < 5; ++i) {
            nams.push_back(std::make_unique<QNetworkAccessManager>());
            inFlight << start(*nams.back(), m_port, QStringLiteral("/v1/allocate"), kAllocate,
                              "POST", QStringLiteral(R"({"user":"u%1"})").arg(i).toUtf8());
        }
        QSet<QString> taken;
        QSet<qint64> created;
        int refused = 0;
        for (QNetworkReply* r : inFlight) {
            const Reply reply = finish(r);
            if (reply.status == 409) {
                ++refused;
                QCOMPARE(reply.message(), QStringLiteral("1 GPU asked, 0 qualify"));
                QCOMPARE(reply.json()[QStringLiteral("refused")].toArray().size(), 4);
                continue;
            }
            QCOMPARE(reply.status, 200);
            const QString unit = reply.json()[QStringLiteral("cuda_visible_devices")].toString();
            QVERIFY2(!taken.contains(unit), qPrintable(unit));
            taken.insert(unit);
            created.insert(reply.json()[QStringLiteral("reservation")][QStringLiteral("created_ms")]
                               .toInteger());
        }
        QCOMPARE(taken, (QSet<QString>{u"0"_s, u"1"_s, u"2"_s, u"3"_s}));
        QCOMPARE(refused, 1);
        QCOMPARE(created, QSet<qint64>{kT0 + 500});
    }

    // A waiting caller gets the GPU a later reading shows free.
    void waitingCallerGrantedByANewReading()
    {
        startServer({gpu(0, 79'000, 100)});
        QNetworkAccessManager nam;
        QElapsedTimer clock;
        clock.start();
        QNetworkReply* r = start(nam, m_port, QStringLiteral("/v1/allocate"), kAllocate, "POST",
                                 body(R"({"user":"alice","min_free_mib":8192,"wait_seconds":30})"));
        QTRY_COMPARE(waiting(), 1);
        const QJsonObject w = state()[QStringLiteral("waiting")][0].toObject();
        QCOMPARE(w[QStringLiteral("user")].toString(), QStringLiteral("alice"));
        QCOMPARE(w[QStringLiteral("min_free_mib")].toDouble(), 8192.0);
        QCOMPARE(w[QStringLiteral("deadline_ms")].toInteger() -
                     w[QStringLiteral("since_ms")].toInteger(),
                 30'000);
        QTest::qWait(300);
        QVERIFY(!r->isFinished());
        publish({gpu(0, 1'000, 0)});
        const Reply reply = finish(r);
        QCOMPARE(reply.status, 200);
        QVERIFY(clock.elapsed() < 10'000);
        QCOMPARE(reply.json()[QStringLiteral("cuda_visible_devices")].toString(),
                 QStringLiteral("0"));
        QVERIFY(reply.json()[QStringLiteral("waited_ms")].toInteger() >= 300);
        QCOMPARE(waiting(), 0);
    }

    // At its deadline the caller gets 409 with the reason per GPU.
    void waitingCallerTimesOut()
    {
        startServer({gpu(0, 77'900, 100), gpu(1, 0, 0)});
        QCOMPARE(post(body(R"({"user":"bob","gpus":1})")).status, 200); // GPU 1
        QElapsedTimer clock;
        clock.start();
        const Reply r = post(body(R"({"user":"alice","min_free_mib":8192,"wait_seconds":0.6})"));
        const qint64 took = clock.elapsed();
        QCOMPARE(r.status, 409);
        QVERIFY2(took >= 550 && took < 5'000, qPrintable(QString::number(took)));
        QCOMPARE(r.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
                 QStringLiteral("not_enough_gpus"));
        QVERIFY2(r.message().startsWith(QStringLiteral("1 GPU asked, 0 qualify after waiting 0.6")),
                 qPrintable(r.message()));
        const QStringList refused = [&] {
            QStringList out;
            for (const QJsonValue& v : r.json()[QStringLiteral("refused")].toArray())
                out << v.toString();
            return out;
        }();
        QCOMPARE(refused.size(), 2);
        QCOMPARE(refused[0], QStringLiteral("GPU 0: 2,100 MiB free, needs 8,192"));
        QVERIFY2(refused[1].startsWith(QStringLiteral("GPU 1: reserved for bob until ")),
                 qPrintable(refused[1]));
        QVERIFY(r.json()[QStringLiteral("waited_ms")].toInteger() >= 550);
        const QByteArray metrics = call(m_nam, m_port, QStringLiteral("/metrics"), kRead).body;
        QVERIFY(metrics.contains("gpuwarden_allocate_requests_total{outcome=\"timeout\"} 1\n"));
        QVERIFY(metrics.contains("gpuwarden_allocate_requests_total{outcome=\"granted\"} 1\n"));
        QVERIFY(metrics.contains("gpuwarden_allocate_waiting 0\n"));
    }

    void deleteFreesForAWaitingCaller()
    {
        startServer({gpu(0, 0, 0)});
        const QString id = hold("bob");
        QVERIFY(!id.isEmpty());
        QNetworkAccessManager nam;
        QNetworkReply* r = startWaiting(nam, "alice", 30, 1);
        QVERIFY(r);
        const Reply released =
            call(m_nam, m_port, QStringLiteral("/v1/allocate/") + id, kAllocate, "DELETE");
        QCOMPARE(released.status, 200);
        QCOMPARE(released.json()[QStringLiteral("released")].toString(), id);
        const Reply granted = finish(r, 2'000);
        QCOMPARE(granted.status, 200);
        QCOMPARE(granted.json()[QStringLiteral("reservation")][QStringLiteral("user")].toString(),
                 QStringLiteral("alice"));
        // Gone now.
        const Reply again =
            call(m_nam, m_port, QStringLiteral("/v1/allocate/") + id, kAllocate, "DELETE");
        QCOMPARE(again.status, 404);
        QVERIFY2(again.message().contains(id), qPrintable(again.message()));
        QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/allocate"), kAllocate, "DELETE").status,
                 405);
        QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/allocate/") + id, kRead).status, 405);
    }

    void expiryFrees()
    {
        startServer({gpu(0, 0, 0)});
        QCOMPARE(post(body(R"({"user":"bob","ttl_seconds":1})")).status, 200);
        QCOMPARE(state()[QStringLiteral("reservations")].toArray().size(), 1);
        QElapsedTimer clock;
        clock.start();
        const Reply r = post(body(R"({"user":"alice","wait_seconds":10})"));
        QCOMPARE(r.status, 200);
        QVERIFY2(clock.elapsed() >= 700 && clock.elapsed() < 3'000,
                 qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(r.json()[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("0"));
        const QJsonArray held = state()[QStringLiteral("reservations")].toArray();
        QCOMPARE(held.size(), 1);
        QCOMPARE(held[0][QStringLiteral("user")].toString(), QStringLiteral("alice"));
    }

    // A process of the user on the GPU: the job took it, the hold ends.
    void observeEndsAReservation()
    {
        startServer({gpu(0, 0, 0), gpu(1, 0, 0)});
        QCOMPARE(post(body(R"({"user":"carol"})")).status, 200); // GPU 0
        QCOMPARE(post(body(R"({"user":"dave"})")).status, 200);  // GPU 1
        GpuProcess p;
        p.pid = 4242;
        p.user = QStringLiteral("carol");
        p.command = QStringLiteral("python train.py");
        p.gpuUuid = QStringLiteral("GPU-0");
        p.usedMemoryMiB = 4'000;
        // A process of someone else on GPU 1 ends nothing.
        GpuProcess q = p;
        q.pid = 4343;
        q.user = QStringLiteral("erin");
        q.gpuUuid = QStringLiteral("GPU-1");
        publish({gpu(0, 4'000, 80), gpu(1, 4'000, 80)}, {p, q});
        const QJsonArray held = state()[QStringLiteral("reservations")].toArray();
        QCOMPARE(held.size(), 1);
        QCOMPARE(held[0][QStringLiteral("user")].toString(), QStringLiteral("dave"));
        const QByteArray metrics = call(m_nam, m_port, QStringLiteral("/metrics"), kRead).body;
        QVERIFY(metrics.contains("gpuwarden_reservations 1\n"));
        QVERIFY(metrics.contains("gpuwarden_gpu_reserved{gpu=\"1\",user=\"dave\"} 1\n"));
        QVERIFY(!metrics.contains("gpuwarden_gpu_reserved{gpu=\"0\""));
    }

    void hungUpCallerIsDropped()
    {
        startServer({gpu(0, 0, 100)});
        QNetworkAccessManager nam;
        QNetworkReply* r = start(nam, m_port, QStringLiteral("/v1/allocate"), kAllocate, "POST",
                                 body(R"({"user":"alice","max_utilization_percent":50,)"
                                      R"("wait_seconds":30})"));
        QTRY_COMPARE(waiting(), 1);
        QVERIFY(call(m_nam, m_port, QStringLiteral("/metrics"), kRead)
                    .body.contains("gpuwarden_allocate_waiting 1\n"));
        r->abort();
        r->deleteLater();
        QTRY_COMPARE(waiting(), 0);
        QCOMPARE(m_server->allocationDesk()->waitingCount(), 0);
        // The GPU frees up: nobody is answered, nothing is reserved.
        publish({gpu(0, 0, 0)});
        QCOMPARE(state()[QStringLiteral("reservations")].toArray().size(), 0);
    }

    void badBodies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << QByteArray("gpus=2")
                                  << "malformed JSON at offset 1: illegal value";
        QTest::newRow("no user") << QByteArray(R"({"gpus":2})")
                                 << "\"user\": required: the user the GPUs are for";
        QTest::newRow("unknown key")
            << QByteArray(R"({"user":"a","ttl":5})")
            << "\"ttl\": unknown key (known: gpus, min_free_mib, max_utilization_percent, "
               "wait_seconds, user, ttl_seconds, mig)";
        QTest::newRow("wait over the cap")
            << QByteArray(R"({"user":"a","wait_seconds":3600})")
            << "\"wait_seconds\": 3600 s is longer than this agent's longest wait, 600 s "
               "([allocate] max_wait)";
        QTest::newRow("gpus 0") << QByteArray(R"({"user":"a","gpus":0})")
                                << "\"gpus\": expected an integer from 1 to 64, got 0";
    }
    void badBodies()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, message);
        startServer({gpu(0, 0, 0)});
        const Reply r = post(body);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
                 QStringLiteral("bad_request"));
        QCOMPARE(r.message(), message);
        QCOMPARE(state()[QStringLiteral("reservations")].toArray().size(), 0);
    }

    // Default bands (30 % ×1, 70 % ×0.5, 100 % ×0.1); alice's job is the
    // load, bob asks through the route.
    void theCallerWhoUsedLeastLatelyGetsTheFreedGpu()
    {
        // Fair share with memory (issue 29): alice kept GPU 0 busy for a
        // minute, bob GPU 1 for half of it. Both then wait for the one GPU a
        // third caller holds; alice asked first, bob gets it when it frees.
        startServer({});
        PolicyConfig policy;
        PolicyService service(policy);
        m_server->attachPolicy(&service, policy, {});
        const auto process = [](const GpuSample& g, const QString& user, qint64 pid) {
            GpuProcess p;
            p.pid = pid;
            p.startTimeMs = 1'700'000'000'000;
            p.uid = user == QLatin1String("alice") ? 1000 : 1001;
            p.user = user;
            p.command = QStringLiteral("python train.py");
            p.gpuUuid = g.uuid;
            p.usedMemoryMiB = 8'192;
            p.smUtilPercent = 100;
            return p;
        };
        QList<Snapshot> readings;
        for (int i = 0; i < 60; ++i) {
            const GpuSample a = gpu(0, 8'192, 100);
            const GpuSample b = gpu(1, i < 30 ? 8'192 : 0, i < 30 ? 100 : 0);
            QList<GpuProcess> procs{process(a, QStringLiteral("alice"), 4242)};
            if (i < 30)
                procs << process(b, QStringLiteral("bob"), 4343);
            readings << reading(kT0 + i * 1000, {a, b}, procs);
        }
        service.ingestBatch(readings);
        service.drain();

        // Remembered up to the newest reading: alice 59 s at half the
        // server, bob 30 s (a 7-day half-life takes off less than 1e-4).
        // Equal quotas (S = ½): factors 2^(-(29.5/44.5)/½) and 2^(-(15/44.5)/½).
        const PolicyStatus status = service.status(QStringLiteral("node-1"));
        QHash<QString, PolicyStatus::User> users;
        for (const PolicyStatus::User& u : status.users)
            users.insert(u.user, u);
        QVERIFY(users.contains(QStringLiteral("alice")) && users.contains(QStringLiteral("bob")));
        QVERIFY(qAbs(users[QStringLiteral("alice")].decayedUsageHours * 3600 - 29.5) < 1e-2);
        QVERIFY(qAbs(users[QStringLiteral("bob")].decayedUsageHours * 3600 - 15.0) < 1e-2);
        const double alice = std::exp2(-(29.5 / 44.5) / 0.5), bob = std::exp2(-(15.0 / 44.5) / 0.5);
        QVERIFY(qAbs(users[QStringLiteral("alice")].fairShareFactor - alice) < 1e-3);
        QVERIFY(qAbs(users[QStringLiteral("bob")].fairShareFactor - bob) < 1e-3);
        // /v1/info says the same.
        const QJsonObject info = call(m_nam, m_port, QStringLiteral("/v1/info"), kRead).json();
        const QJsonObject bobInfo = info[u"policy"_s][u"users"_s][u"bob"_s].toObject();
        QVERIFY(qAbs(bobInfo[u"fair_share_factor"_s].toDouble() - bob) < 1e-3);
        QVERIFY(qAbs(bobInfo[u"decayed_usage_hours"_s].toDouble() * 3600 - 15.0) < 1e-2);

        // Now only GPU 2 is there, free; carol takes it, alice then bob wait.
        m_server->publish(reading(kT0 + 60'000, {gpu(2, 0, 0)}));
        const QString id = hold("carol");
        QVERIFY(!id.isEmpty());
        QNetworkAccessManager nam;
        QNetworkReply* first = startWaiting(nam, "alice", 5, 1);
        QNetworkReply* second = startWaiting(nam, "bob", 30, 2);
        QVERIFY(first && second);
        QCOMPARE(
            call(m_nam, m_port, QStringLiteral("/v1/allocate/") + id, kAllocate, "DELETE").status,
            200);
        const Reply granted = finish(second, 2'000);
        QCOMPARE(granted.status, 200);
        QCOMPARE(granted.json()[QStringLiteral("reservation")][QStringLiteral("user")].toString(),
                 QStringLiteral("bob"));
        // alice, first to ask, waits on and is refused at her deadline.
        QCOMPARE(finish(first, 10'000).status, 409);
    }

    // [accounts] caps at the desk (issue 29): alice, a member of vision
    // (2 GPUs per member, 3 for the account), runs a job on GPU 0 and holds
    // GPU 1 by reservation; a third is refused with the cap named, waiting
    // or not. bob takes the account's third; a fourth is the account's cap.
    void aRequestPastACapIsRefusedWithTheCapNamed()
    {
        startServer({});
        const PolicyParseResult parsed = parsePolicy(R"(
[accounts]
max_gpus_per_user = 4

[accounts.vision]
members = ["alice", "bob"]
max_gpus_per_member = 2
max_gpus = 3
)",
                                                     u"policy.toml"_s);
        QVERIFY2(parsed.config, qPrintable(parsed.errors.join(u'\n')));
        PolicyService service(*parsed.config);
        m_server->attachPolicy(&service, *parsed.config, {});
        const QList<GpuSample> gpus{gpu(0, 8'192, 90), gpu(1, 0, 0), gpu(2, 0, 0), gpu(3, 0, 0),
                                    gpu(4, 0, 0)};
        GpuProcess job;
        job.pid = 4242;
        job.startTimeMs = kT0 - 60'000;
        job.uid = 1000;
        job.user = u"alice"_s;
        job.command = u"python train.py"_s;
        job.gpuUuid = u"GPU-0"_s;
        job.usedMemoryMiB = 8'192;
        publish(gpus, {job});

        QVERIFY(!hold("alice").isEmpty()); // her second: within the cap
        const Reply third = post(body(R"({"user":"alice"})"));
        QCOMPARE(third.status, 409);
        const QJsonObject o = third.json();
        QCOMPARE(o[u"error"_s][u"code"_s].toString(), u"over_cap"_s);
        QCOMPARE(third.message(),
                 u"cap of 2 GPUs per member of account vision: alice holds 2, asks for 1 more"_s);
        const QJsonObject cap = o[u"cap"_s].toObject();
        QCOMPARE(cap[u"scope"_s].toString(), u"member"_s);
        QCOMPARE(cap[u"account"_s].toString(), u"vision"_s);
        QCOMPARE(cap[u"gpus"_s].toInt(), 2);
        QCOMPARE(cap[u"held"_s].toInt(), 2);
        QCOMPARE(cap[u"requested"_s].toInt(), 1);
        // Asking to wait changes nothing: answered at once, not held.
        QElapsedTimer clock;
        clock.start();
        const Reply waited = post(body(R"({"user":"alice","wait_seconds":30})"));
        QCOMPARE(waited.status, 409);
        QVERIFY2(clock.elapsed() < 5'000, "a capped caller was held");
        QCOMPARE(waiting(), 0);
        // The job script's client says why and does not call it a shortage.
        AgentEndpoint agent;
        agent.url = QUrl(u"http://127.0.0.1:%1"_s.arg(m_port));
        agent.token = kAllocate;
        AllocateBody ask;
        ask.request.user = u"alice"_s;
        const AllocateReply reply = requestAllocation(agent, ask);
        QCOMPARE(reply.httpStatus, 409);
        QVERIFY(reply.overCap);
        QVERIFY2(reply.error.contains(u"per member of account vision"_s), qPrintable(reply.error));

        // bob takes the account's third GPU; a fourth passes the account's cap.
        QVERIFY(!hold("bob").isEmpty());
        const Reply fourth = post(body(R"({"user":"bob"})"));
        QCOMPARE(fourth.status, 409);
        QCOMPARE(fourth.message(),
                 u"cap of 3 GPUs for account vision: account vision holds 3, asks for 1 more"_s);
        // carol is in no account: only the per-person cap (4) applies.
        const Reply carol = post(body(R"({"user":"carol","gpus":2})"));
        QCOMPARE(carol.status, 200);
        const Reply carolMore = post(body(R"({"user":"carol","gpus":3})"));
        QCOMPARE(carolMore.status, 409);
        QCOMPARE(carolMore.message(),
                 u"cap of 4 GPUs per person: carol holds 2, asks for 3 more"_s);
        // The metrics count the refusals as refused.
        QCOMPARE(m_server->allocationDesk()->requestsTotal().value(u"refused"_s), quint64(5));
    }

    void adviceAtTheBandEdges_data()
    {
        QTest::addColumn<double>("load");
        QTest::addColumn<double>("bobAllowed");
        QTest::addColumn<bool>("bobLowStarts");
        QTest::newRow("29%") << 29.0 << 100.0 << true;
        QTest::newRow("30%") << 30.0 << 100.0 << true;
        QTest::newRow("70%") << 70.0 << 50.0 << true;
        QTest::newRow("71%") << 71.0 << 10.0 << false;
    }
    void adviceAtTheBandEdges()
    {
        QFETCH(double, load);
        QFETCH(double, bobAllowed);
        QFETCH(bool, bobLowStarts);
        startServer({});
        PolicyConfig policy;
        PolicyService service(policy);
        m_server->attachPolicy(&service, policy, {});
        QList<Snapshot> readings;
        for (int i = 0; i < 20; ++i) {
            GpuSample g = gpu(0, 8'192, load);
            GpuProcess p;
            p.pid = 4242;
            p.startTimeMs = 1'700'000'000'000;
            p.uid = 1000;
            p.user = QStringLiteral("alice");
            p.command = QStringLiteral("python train.py");
            p.gpuUuid = g.uuid;
            p.usedMemoryMiB = 8'192;
            p.smUtilPercent = load;
            readings << reading(kT0 + i * 1000, {g}, {p});
        }
        service.ingestBatch(readings);
        service.drain();
        m_server->publish(readings.last());

        const Reply normal = call(m_nam, m_port, QStringLiteral("/v1/advice?user=bob"), kRead);
        QCOMPARE(normal.status, 200);
        QCOMPARE(normal.json()[QStringLiteral("allowed_share_percent")].toDouble(), bobAllowed);
        QCOMPARE(normal.json()[QStringLiteral("priority")].toString(), QStringLiteral("normal"));
        QVERIFY(normal.json()[QStringLiteral("start_now")].toBool());
        const Reply low = call(m_nam, m_port,
                               QStringLiteral("/v1/advice?user=bob&priority=low&attempt=1"), kRead);
        QCOMPARE(low.status, 200);
        QCOMPARE(low.json()[QStringLiteral("start_now")].toBool(), bobLowStarts);
        QCOMPARE(low.json()[QStringLiteral("wait_seconds")].toInt(), bobLowStarts ? 0 : 60);
        QVERIFY(!low.json()[QStringLiteral("reason")].toString().isEmpty());
        QVERIFY(
            low.json()[QStringLiteral("factors")][QStringLiteral("band")][QStringLiteral("reason")]
                .toString()
                .startsWith(QStringLiteral("load ")));
        const Reply high =
            call(m_nam, m_port, QStringLiteral("/v1/advice?user=bob&priority=high"), kAllocate);
        QCOMPARE(high.json()[QStringLiteral("allowed_share_percent")].toDouble(), 100.0);

        QCOMPARE(call(m_nam, m_port, QStringLiteral("/v1/advice?user=bob"), {}).status, 401);
        const Reply urgent =
            call(m_nam, m_port, QStringLiteral("/v1/advice?user=bob&priority=urgent"), kRead);
        QCOMPARE(urgent.status, 400);
        QCOMPARE(urgent.message(),
                 QStringLiteral("\"priority\": unknown priority \"urgent\" (high, normal or low)"));
        for (const char* query : {"user=bob&attempt=-1", "user=bob&attempt=x", "attempt=0",
                                  "user=bob&user=eve", "user=bob&attempt=65"}) {
            const Reply r =
                call(m_nam, m_port, QStringLiteral("/v1/advice?") + QLatin1String(query), kRead);
            QVERIFY2(r.status == 400 && !r.message().isEmpty(), query);
        }
        m_server.reset(); // before the service it points at
    }

    // The CLI's blocking client (remote/coordclient.h) against the routes.
    void theCommandLineClient()
    {
        startServer({gpu(0, 0, 0), gpu(1, 77'900, 0)});
        PolicyConfig policy;
        PolicyService service(policy);
        m_server->attachPolicy(&service, policy, {});
        const Snapshot now = reading(m_t + 1000, {gpu(0, 0, 0), gpu(1, 77'900, 0)});
        service.ingestBatch({now});
        service.drain();
        m_server->publish(now);
        m_t += 1000;

        const AgentEndpoint source{QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port)),
                                   kAllocate,
                                   QStringLiteral("the token came from the test"),
                                   {}};
        AllocateBody ask;
        ask.request.user = QStringLiteral("alice");
        ask.request.minFreeMiB = 8192;
        const AllocateReply granted = requestAllocation(source, ask);
        QCOMPARE(granted.httpStatus, 200);
        QVERIFY2(granted.error.isEmpty(), qPrintable(granted.error));
        QVERIFY(granted.reservation);
        QCOMPARE(granted.reservation->units, QStringList{u"0"_s});
        QCOMPARE(granted.cudaVisibleDevices, u"0"_s);
        QCOMPARE(granted.granted.size(), 1);
        QCOMPARE(granted.granted.first().score, 1.0);
        QCOMPARE(granted.refused, QStringList{u"GPU 1: 2,100 MiB free, needs 8,192"_s});

        const AllocateReply refused = requestAllocation(source, ask);
        QCOMPARE(refused.httpStatus, 409);
        QCOMPARE(refused.error, u"1 GPU asked, 0 qualify"_s);
        QVERIFY(!refused.reservation);
        QCOMPARE(refused.refused.size(), 2);

        QString error;
        const auto state = requestAllocationState(source, &error);
        QVERIFY2(state, qPrintable(error));
        QCOMPARE(state->reservations.size(), 1);
        QCOMPARE(state->reservations.first(), *granted.reservation);

        const auto advice = requestAdvice(source, u"bob & co"_s, Priority::Low, 2, &error);
        QVERIFY2(advice, qPrintable(error));
        QCOMPARE(advice->user, u"bob & co"_s);
        QCOMPARE(advice->priority, Priority::Low);

        QVERIFY2(releaseAllocation(source, granted.reservation->id, &error), qPrintable(error));
        QVERIFY(!releaseAllocation(source, granted.reservation->id, &error));
        QVERIFY2(error.contains(u"HTTP 404"_s), qPrintable(error));

        AgentEndpoint wrong = source;
        wrong.token = "nope";
        QVERIFY(!requestAllocationState(wrong, &error));
        QVERIFY2(error.contains(u"HTTP 401"_s) && error.endsWith(u"the token came from the test"_s),
                 qPrintable(error));
        AgentEndpoint reader = source;
        reader.token = kRead;
        const AllocateReply forbidden = requestAllocation(reader, ask);
        QCOMPARE(forbidden.httpStatus, 403);
        QVERIFY2(forbidden.error.contains(u"needs allocate or admin"_s),
                 qPrintable(forbidden.error));
        ask.request.gpus = 0; // the agent refuses what the client sends as it is
        const AllocateReply bad = requestAllocation(source, ask);
        QCOMPARE(bad.httpStatus, 400);
        QVERIFY2(bad.error.contains(u"\"gpus\": expected an integer from 1 to 64, got 0"_s),
                 qPrintable(bad.error));
        m_server.reset(); // before the service it points at
    }

    void adviceWithoutAReading()
    {
        startServer({});
        const Reply r = call(m_nam, m_port, QStringLiteral("/v1/advice?user=bob"), kRead);
        QCOMPARE(r.status, 503);
        const Reply a = post(body(R"({"user":"bob"})"));
        QCOMPARE(a.status, 409);
        QCOMPARE(a.message(), QStringLiteral("the agent has not taken a reading yet"));
    }
};

QTEST_GUILESS_MAIN(TestAgentAllocate)
#include "tst_agentallocate.moc"
