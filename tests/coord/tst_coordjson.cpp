// The coordination wire format: candidates, reservations, advice, the body
// of POST /v1/allocate and the allocation state read back as written; every
// bad body refused with a sentence naming the field (types, ranges, the
// agent's longest wait, unknown keys, the required user).
#include "coord/coordjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace gw;

namespace {

PolicyConfig::Allocate limits()
{
    PolicyConfig::Allocate a;
    a.defaultTtlMs = 120'000;
    a.maxWaitMs = 600'000;
    return a;
}

Reservation reservation()
{
    Reservation v;
    v.id = QStringLiteral("0b5c0c38-5f3e-4bde-9d0e-2f7a1e0c9a11");
    v.server = QStringLiteral("node-1");
    v.user = QStringLiteral("alice");
    v.units = {QStringLiteral("1"), QStringLiteral("MIG-abc")};
    v.createdMs = 1'790'000'000'000;
    v.expiresMs = 1'790'000'120'000;
    return v;
}

} // namespace

class TestCoordJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void candidateRoundTrip_data()
    {
        QTest::addColumn<Candidate>("candidate");
        Candidate whole{QStringLiteral("3"), 3, {}, -1, 0.93, 70000, 3.0};
        QTest::newRow("whole GPU") << whole;
        Candidate mig{
            QStringLiteral("MIG-1f2e"), 0, QStringLiteral("MIG-1f2e"), 2, 0.5, 4864, std::nullopt};
        QTest::newRow("MIG instance") << mig;
    }
    void candidateRoundTrip()
    {
        QFETCH(Candidate, candidate);
        const QJsonObject o = candidateJson(candidate);
        QString error;
        const std::optional<Candidate> back = candidateFromJson(o, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, candidate);
        QCOMPARE(o.value(QStringLiteral("mig_uuid")).isNull(), !candidate.isMig());
        QCOMPARE(o.value(QStringLiteral("utilization_percent")).isNull(),
                 !candidate.utilisation.has_value());
    }

    void candidateRefused()
    {
        QJsonObject o = candidateJson(Candidate{QStringLiteral("3"), 3, {}, -1, 0.9, 100, 5.0});
        o.insert(QStringLiteral("score"), QStringLiteral("high"));
        QString error;
        QVERIFY(!candidateFromJson(o, &error));
        QCOMPARE(error, QStringLiteral("\"score\": expected a number from -1e+09 to 1e+09, got a "
                                       "string"));
        o = candidateJson(Candidate{QStringLiteral("3"), 3, {}, -1, 0.9, 100, 5.0});
        o.insert(QStringLiteral("utilization_percent"), 101);
        QVERIFY(!candidateFromJson(o, &error));
        QVERIFY2(error.startsWith(QStringLiteral("\"utilization_percent\":")), qPrintable(error));
        o.remove(QStringLiteral("gpu_index"));
        QVERIFY(!candidateFromJson(o, &error));
        QVERIFY2(error.startsWith(QStringLiteral("\"gpu_index\": expected an integer")),
                 qPrintable(error));
    }

    void reservationRoundTrip()
    {
        const Reservation v = reservation();
        QString error;
        const auto back = reservationFromJson(reservationJson(v), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, v);
    }

    void reservationRefused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty id") << "id" << QJsonValue(QString())
                                  << "\"id\": expected a reservation id, got an empty string";
        QTest::newRow("units not strings") << "units" << QJsonValue(QJsonArray{1, 2})
                                           << "\"units\": item 0: expected a string, got 1";
        QTest::newRow("no units") << "units" << QJsonValue(QJsonArray{})
                                  << "\"units\": expected at least one unit";
        QTest::newRow("expires before created")
            << "expires_ms" << QJsonValue(1.0) << "\"expires_ms\": is before created_ms";
        QTest::newRow("created fraction")
            << "created_ms" << QJsonValue(1.5)
            << "\"created_ms\": expected an integer from 0 to 9000000000000000, got 1.5";
        QTest::newRow("user missing") << "user" << QJsonValue(QJsonValue::Undefined)
                                      << "\"user\": expected a string, got nothing";
    }
    void reservationRefused()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        QJsonObject o = reservationJson(reservation());
        if (value.isUndefined())
            o.remove(key);
        else
            o.insert(key, value);
        QString why;
        QVERIFY(!reservationFromJson(o, &why));
        QCOMPARE(why, error);
    }

    void adviceRoundTrip()
    {
        Advice a;
        a.user = QStringLiteral("alice");
        a.priority = Priority::Low;
        a.allowedSharePercent = 25;
        a.sharePercent = 31.5;
        a.quota = {50, QStringLiteral("quota of alice: 50 %")};
        a.band = {0.5, QStringLiteral("load 71 %: band 2")};
        a.defensive = {1, QStringLiteral("not defensive")};
        a.startNow = false;
        a.waitSeconds = 60;
        a.reason = QStringLiteral("low priority pauses in the top band");
        QString error;
        const auto back = adviceFromJson(adviceJson(a), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->user, a.user);
        QCOMPARE(back->priority, a.priority);
        QCOMPARE(back->allowedSharePercent, a.allowedSharePercent);
        QCOMPARE(back->sharePercent, a.sharePercent);
        QCOMPARE(back->quota, a.quota);
        QCOMPARE(back->band, a.band);
        QCOMPARE(back->defensive, a.defensive);
        QCOMPARE(back->startNow, a.startNow);
        QCOMPARE(back->waitSeconds, a.waitSeconds);
        QCOMPARE(back->reason, a.reason);

        QJsonObject o = adviceJson(a);
        QJsonObject factors = o.value(QStringLiteral("factors")).toObject();
        QJsonObject band = factors.value(QStringLiteral("band")).toObject();
        band.remove(QStringLiteral("reason"));
        factors.insert(QStringLiteral("band"), band);
        o.insert(QStringLiteral("factors"), factors);
        QVERIFY(!adviceFromJson(o, &error));
        QCOMPARE(error, QStringLiteral("\"factors.band.reason\": expected a string, got nothing"));
        o = adviceJson(a);
        o.insert(QStringLiteral("priority"), QStringLiteral("urgent"));
        QVERIFY(!adviceFromJson(o, &error));
        QVERIFY2(error.startsWith(QStringLiteral("\"priority\": ")), qPrintable(error));
    }

    void allocateBodyRoundTrip_data()
    {
        QTest::addColumn<AllocateBody>("body");
        AllocateBody full;
        full.request.gpus = 2;
        full.request.minFreeMiB = 8192;
        full.request.maxUtilizationPercent = 50;
        full.request.user = QStringLiteral("alice");
        full.request.ttlMs = 90'000;
        full.request.mig = SelectionRequest::Mig::Only;
        full.waitMs = 300'000;
        QTest::newRow("every field") << full;
        AllocateBody small;
        small.request.user = QStringLiteral("bob");
        small.request.ttlMs = 1'500; // fractions of a second survive
        small.request.mig = SelectionRequest::Mig::Never;
        small.waitMs = 250;
        QTest::newRow("fractions") << small;
    }
    void allocateBodyRoundTrip()
    {
        QFETCH(AllocateBody, body);
        const QByteArray bytes = QJsonDocument(allocateBodyJson(body)).toJson();
        QString error;
        const auto back = parseAllocateBody(bytes, limits(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->waitMs, body.waitMs);
        QCOMPARE(back->request.gpus, body.request.gpus);
        QCOMPARE(back->request.minFreeMiB, body.request.minFreeMiB);
        QCOMPARE(back->request.maxUtilizationPercent, body.request.maxUtilizationPercent);
        QCOMPARE(back->request.user, body.request.user);
        QCOMPARE(back->request.ttlMs, body.request.ttlMs);
        QCOMPARE(back->request.mig, body.request.mig);
    }

    void allocateBodyDefaults()
    {
        PolicyConfig::Allocate l = limits();
        l.defaultTtlMs = 45'000;
        QString error;
        const auto b = parseAllocateBody(R"({"user":"alice"})", l, &error);
        QVERIFY2(b, qPrintable(error));
        QCOMPARE(b->request.gpus, 1);
        QCOMPARE(b->request.minFreeMiB, 0.0);
        QVERIFY(!b->request.maxUtilizationPercent);
        QCOMPARE(b->request.ttlMs, 45'000);
        QCOMPARE(b->request.mig, SelectionRequest::Mig::Allow);
        // A request without a ttl of its own leaves it out, and gets the
        // agent's default.
        AllocateBody unsaid;
        unsaid.request.user = QStringLiteral("alice");
        unsaid.request.ttlMs = 0;
        const QJsonObject j = allocateBodyJson(unsaid);
        QVERIFY(!j.contains(QStringLiteral("ttl_seconds")));
        const auto d = parseAllocateBody(QJsonDocument(j).toJson(), l, &error);
        QVERIFY2(d, qPrintable(error));
        QCOMPARE(d->request.ttlMs, 45'000);
        QCOMPARE(b->waitMs, 0);
        // null is "no limit" for the one optional limit.
        QVERIFY(parseAllocateBody(R"({"user":"a","max_utilization_percent":null})", l, &error));
        // The edges are in.
        QVERIFY2(parseAllocateBody(R"({"user":"a","gpus":64,"min_free_mib":2147483648,)"
                                   R"("max_utilization_percent":100,"wait_seconds":600,)"
                                   R"("ttl_seconds":86400})",
                                   l, &error),
                 qPrintable(error));
        QVERIFY2(parseAllocateBody(R"({"user":"a","gpus":1,"min_free_mib":0,)"
                                   R"("max_utilization_percent":0,"wait_seconds":0,)"
                                   R"("ttl_seconds":1})",
                                   l, &error),
                 qPrintable(error));
    }

    void allocateBodyRefused_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error");
        auto row = [](const char* name, const char* body, const char* error) {
            QTest::newRow(name) << QByteArray(body) << QString::fromUtf8(error);
        };
        row("empty", "", "send a JSON object as the request body, at least {\"user\": \"…\"}");
        row("not JSON", "{user:", "malformed JSON at offset 2: unterminated object");
        row("array", "[1]", "expected a JSON object as the request body");
        row("unknown key", R"({"user":"a","gpu":2})",
            "\"gpu\": unknown key (known: gpus, min_free_mib, max_utilization_percent, "
            "wait_seconds, user, ttl_seconds, mig)");
        row("no user", R"({"gpus":1})", "\"user\": required: the user the GPUs are for");
        row("user not a string", R"({"user":7})", "\"user\": expected a string, got 7");
        row("empty user", R"({"user":""})", "\"user\": expected 1 to 64 characters, got 0");
        row("long user",
            R"({"user":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})",
            "\"user\": expected 1 to 64 characters, got 65");
        row("control in user", "{\"user\":\"a\\nb\"}",
            "\"user\": control characters are not allowed");
        row("gpus zero", R"({"user":"a","gpus":0})",
            "\"gpus\": expected an integer from 1 to 64, got 0");
        row("gpus 65", R"({"user":"a","gpus":65})",
            "\"gpus\": expected an integer from 1 to 64, got 65");
        row("gpus fraction", R"({"user":"a","gpus":1.5})",
            "\"gpus\": expected an integer from 1 to 64, got 1.5");
        row("gpus string", R"({"user":"a","gpus":"2"})",
            "\"gpus\": expected an integer from 1 to 64, got a string");
        row("gpus null", R"({"user":"a","gpus":null})",
            "\"gpus\": expected an integer from 1 to 64, got null");
        row("negative memory", R"({"user":"a","min_free_mib":-1})",
            "\"min_free_mib\": expected a number from 0 to 2.14748e+09, got -1");
        row("huge memory", R"({"user":"a","min_free_mib":3e9})",
            "\"min_free_mib\": expected a number from 0 to 2.14748e+09, got 3e+09");
        row("utilisation 101", R"({"user":"a","max_utilization_percent":101})",
            "\"max_utilization_percent\": expected a number from 0 to 100, got 101");
        row("utilisation bool", R"({"user":"a","max_utilization_percent":true})",
            "\"max_utilization_percent\": expected a number from 0 to 100, got true");
        row("negative wait", R"({"user":"a","wait_seconds":-1})",
            "\"wait_seconds\": expected a number of seconds from 0 to 600, got -1");
        row("wait over the cap", R"({"user":"a","wait_seconds":601})",
            "\"wait_seconds\": 601 s is longer than this agent's longest wait, 600 s "
            "([allocate] max_wait)");
        row("wait string", R"({"user":"a","wait_seconds":"5m"})",
            "\"wait_seconds\": expected a number of seconds from 0 to 600, got a string");
        row("ttl zero", R"({"user":"a","ttl_seconds":0})",
            "\"ttl_seconds\": expected a number from 1 to 86400, got 0");
        row("ttl over a day", R"({"user":"a","ttl_seconds":86401})",
            "\"ttl_seconds\": expected a number from 1 to 86400, got 86401");
        row("mig unknown", R"({"user":"a","mig":"maybe"})",
            "\"mig\": expected \"allow\", \"only\" or \"never\", got \"maybe\"");
        row("mig not a string", R"({"user":"a","mig":1})", "\"mig\": expected a string, got 1");
    }
    void allocateBodyRefused()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!parseAllocateBody(body, limits(), &why));
        QCOMPARE(why, error);
    }

    void waitCapFollowsPolicy()
    {
        PolicyConfig::Allocate l = limits();
        l.maxWaitMs = 0;
        QString why;
        QVERIFY(parseAllocateBody(R"({"user":"a","wait_seconds":0})", l, &why));
        QVERIFY(!parseAllocateBody(R"({"user":"a","wait_seconds":0.5})", l, &why));
        QCOMPARE(why, QStringLiteral("\"wait_seconds\": 0.5 s is longer than this agent's "
                                     "longest wait, 0 s ([allocate] max_wait)"));
    }

    void allocationStateRoundTrip()
    {
        AllocationState s;
        s.nowMs = 1'790'000'001'000;
        s.reservations << reservation();
        s.waiting << WaitingCaller{QStringLiteral("bob"), 2, 8192, 1'790'000'000'500,
                                   1'790'000'300'500};
        QString error;
        const auto back = allocationStateFromJson(allocationStateJson(s), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, s);

        QJsonObject o = allocationStateJson(s);
        QJsonArray waiting = o.value(QStringLiteral("waiting")).toArray();
        QJsonObject w = waiting.at(0).toObject();
        w.insert(QStringLiteral("gpus"), 0);
        waiting.replace(0, w);
        o.insert(QStringLiteral("waiting"), waiting);
        QVERIFY(!allocationStateFromJson(o, &error));
        QCOMPARE(error, QStringLiteral("\"waiting[0].gpus\": expected an integer from 1 to 64, "
                                       "got 0"));
        o = allocationStateJson(s);
        QJsonArray reservations = o.value(QStringLiteral("reservations")).toArray();
        reservations.append(7);
        o.insert(QStringLiteral("reservations"), reservations);
        QVERIFY(!allocationStateFromJson(o, &error));
        QCOMPARE(error, QStringLiteral("\"reservations[1]\": expected an object, got 7"));
        o.remove(QStringLiteral("reservations"));
        QVERIFY(!allocationStateFromJson(o, &error));
        QCOMPARE(error, QStringLiteral("\"reservations\": expected an array, got nothing"));
    }
};

QTEST_GUILESS_MAIN(TestCoordJson)
#include "tst_coordjson.moc"
