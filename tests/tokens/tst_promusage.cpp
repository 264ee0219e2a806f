// The keeper's Prometheus path (core/tokens/promusage.h): the counters an
// agent exports from its facts, an /api/v1/query reply read back strictly,
// and what a keeper absorbs poll after poll. The sum of what it absorbs
// equals the agents' own sums exactly; a keeper restarted from its stored
// cursor takes nothing twice; a reset counter is said and taken whole.
#include "tokens/promusage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kHourMs = 3'600'000;
constexpr qint64 kT0 = 1'795'996'800'000; // 2026-12-01T00:00:00Z

UsageFact fact(const QString& server, const QString& user, const QString& model, qint64 hour,
               double held, double used, const QString& profile = {}, int mig = 0, int gpu = 0)
{
    UsageFact f;
    f.server = server;
    f.user = user;
    f.gpuModel = model;
    f.migProfile = profile;
    f.migSlices = mig;
    f.gpuSlices = gpu;
    f.hourStartMs = hour;
    f.heldGpuSeconds = held;
    f.usedGpuSeconds = used;
    return f;
}

// What Prometheus answers to tokenUsageQuery() after scraping agents that
// export `counters` and `closed` (values printed as Go prints float64: the
// shortest text that reads back exactly).
QByteArray promReply(const QList<UsageCounter>& counters, const QMap<QString, qint64>& closed)
{
    QJsonArray result;
    for (const UsageCounter& c : counters) {
        QJsonObject metric{
            {QStringLiteral("__name__"), QLatin1String(kTokenUsageMetric)},
            {QStringLiteral("server"), c.server},
            {QStringLiteral("user"), c.user},
            {QStringLiteral("gpu_model"), c.gpuModel},
            {QStringLiteral("charge"), c.used ? QStringLiteral("used") : QStringLiteral("held")},
            {QStringLiteral("instance"), QStringLiteral("127.0.0.1:9807")}};
        if (!c.migProfile.isEmpty()) {
            metric.insert(QStringLiteral("mig_profile"), c.migProfile);
            metric.insert(QStringLiteral("mig_slices"), QString::number(c.migSlices));
            metric.insert(QStringLiteral("gpu_slices"), QString::number(c.gpuSlices));
        }
        result.append(QJsonObject{{QStringLiteral("metric"), metric},
                                  {QStringLiteral("value"),
                                   QJsonArray{1795999000.5, QString::number(c.value, 'g', 17)}}});
    }
    for (auto it = closed.cbegin(); it != closed.cend(); ++it)
        result.append(QJsonObject{
            {QStringLiteral("metric"),
             QJsonObject{{QStringLiteral("__name__"), QLatin1String(kTokenClosedThroughMetric)},
                         {QStringLiteral("server"), it.key()}}},
            {QStringLiteral("value"),
             QJsonArray{1795999000.5, QString::number(it.value() / 1000)}}});
    return QJsonDocument(
               QJsonObject{{QStringLiteral("status"), QStringLiteral("success")},
                           {QStringLiteral("data"),
                            QJsonObject{{QStringLiteral("resultType"), QStringLiteral("vector")},
                                        {QStringLiteral("result"), result}}}})
        .toJson(QJsonDocument::Compact);
}

double heldSum(const QList<UsageFact>& facts)
{
    double s = 0;
    for (const UsageFact& f : facts)
        s += f.heldGpuSeconds;
    return s;
}

} // namespace

class TestPromUsage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countersSumFactsPerSeries()
    {
        const QString h100 = QStringLiteral("NVIDIA H100 80GB HBM3");
        const QList<UsageCounter> c = usageCounters(
            {fact(QStringLiteral("n1"), QStringLiteral("alice"), h100, kT0, 3600, 1800),
             fact(QStringLiteral("n1"), QStringLiteral("alice"), h100, kT0 + kHourMs, 1800, 900),
             fact(QStringLiteral("n1"), QStringLiteral("alice"), h100, kT0, 1542.857, 0,
                  QStringLiteral("3g.40gb"), 3, 7)});
        QCOMPARE(c.size(), 4); // held and used, whole GPU and MIG
        double wholeHeld = -1, wholeUsed = -1, migHeld = -1;
        for (const UsageCounter& s : c) {
            if (s.migProfile.isEmpty())
                (s.used ? wholeUsed : wholeHeld) = s.value;
            else if (!s.used)
                migHeld = s.value;
        }
        QCOMPARE(wholeHeld, 5400.0);
        QCOMPARE(wholeUsed, 2700.0);
        QCOMPARE(migHeld, 1542.857);
    }

    void replyReadsBackExactly()
    {
        const QList<UsageCounter> c =
            usageCounters({fact(QStringLiteral("n1"), QStringLiteral("alice"),
                                QStringLiteral("RTX 3090"), kT0, 0.1 + 0.2, 1.0 / 3),
                           fact(QStringLiteral("n2"), QStringLiteral("bob"), QStringLiteral("H100"),
                                kT0, 77, 0, QStringLiteral("1g.10gb"), 1, 7)});
        QString why;
        const auto read =
            usageCountersFromPromReply(promReply(c, {{QStringLiteral("n1"), kT0 + kHourMs}}), &why);
        QVERIFY2(read, qPrintable(why));
        QCOMPARE(read->counters, c); // 0.30000000000000004 and 1/3 to the last bit
        QCOMPARE(read->closedThroughMs.value(QStringLiteral("n1")), kT0 + kHourMs);
    }

    void absorbsWhatGrewIntoTheClosedHour()
    {
        const QString m = QStringLiteral("RTX 3090");
        QList<UsageFact> agent{
            fact(QStringLiteral("n1"), QStringLiteral("alice"), m, kT0, 3600, 0)};
        PromUsageCursor cursor;
        QStringList warnings;
        QString why;
        auto poll = [&](qint64 closed) {
            const auto read = usageCountersFromPromReply(
                promReply(usageCounters(agent), {{QStringLiteral("n1"), closed}}), &why);
            return read ? absorbUsageCounters(*read, &cursor, &warnings) : QList<UsageFact>();
        };
        QList<UsageFact> first = poll(kT0 + kHourMs);
        QCOMPARE(first.size(), 1);
        QCOMPARE(first[0].hourStartMs, kT0);
        QCOMPARE(first[0].heldGpuSeconds, 3600.0);
        QCOMPARE(first[0].usedGpuSeconds, 0.0);
        // Nothing new: nothing taken, however often it polls.
        QVERIFY(poll(kT0 + kHourMs).isEmpty());
        // The next hour closes: only its growth, charged to it.
        agent << fact(QStringLiteral("n1"), QStringLiteral("alice"), m, kT0 + kHourMs, 1200, 600);
        const QList<UsageFact> second = poll(kT0 + 2 * kHourMs);
        QCOMPARE(second.size(), 1);
        QCOMPARE(second[0].hourStartMs, kT0 + kHourMs);
        QCOMPARE(second[0].heldGpuSeconds, 1200.0);
        QCOMPARE(second[0].usedGpuSeconds, 600.0);
        QVERIFY(warnings.isEmpty());

        // A keeper restarted from its stored cursor takes nothing twice.
        PromUsageCursor restored = *PromUsageCursor::fromJson(cursor.toJson(), &why);
        QCOMPARE(restored, cursor);
        cursor = restored;
        QVERIFY(poll(kT0 + 2 * kHourMs).isEmpty());
    }

    void sumOfAbsorbedEqualsTheAgentsSum()
    {
        // Three servers, 48 hours, polls at uneven moments, one server
        // silent for a while: every GPU-second arrives, once. (Eighths of a
        // second: exact in binary, so the sums compare exactly.)
        QList<UsageFact> agent;
        PromUsageCursor cursor;
        QList<UsageFact> kept;
        QMap<QString, qint64> closed;
        for (int h = 0; h < 48; ++h) {
            for (int s = 0; s < 3; ++s) {
                const QString server = QStringLiteral("n%1").arg(s);
                agent << fact(server, QStringLiteral("u%1").arg(h % 5), QStringLiteral("H100"),
                              kT0 + h * kHourMs, 100.125 * (h + 1) + s, 7.5 * s);
                closed[server] = kT0 + (h + 1) * kHourMs;
            }
            if (h % 3 == 1 || (h > 10 && h < 20))
                continue; // the keeper did not poll in that hour
            QMap<QString, qint64> seen = closed;
            if (h > 30 && h < 36)
                seen.remove(QStringLiteral("n2")); // n2 not scraped
            QString why;
            const auto read =
                usageCountersFromPromReply(promReply(usageCounters(agent), seen), &why);
            QVERIFY2(read, qPrintable(why));
            QStringList warnings;
            kept += absorbUsageCounters(*read, &cursor, &warnings);
            QVERIFY(warnings.isEmpty());
        }
        QString why;
        const auto last = usageCountersFromPromReply(promReply(usageCounters(agent), closed), &why);
        kept += absorbUsageCounters(*last, &cursor, nullptr);
        QCOMPARE(heldSum(kept), heldSum(agent));
    }

    void resetCounterIsSaidAndTakenWhole()
    {
        PromUsageCursor cursor;
        cursor.absorbed.insert(QStringLiteral("x"), 1); // unrelated series stays
        QList<UsageFact> agent{fact(QStringLiteral("n1"), QStringLiteral("alice"),
                                    QStringLiteral("H100"), kT0, 5000, 0)};
        QString why;
        absorbUsageCounters(
            *usageCountersFromPromReply(
                promReply(usageCounters(agent), {{QStringLiteral("n1"), kT0 + kHourMs}}), &why),
            &cursor, nullptr);
        agent = {fact(QStringLiteral("n1"), QStringLiteral("alice"), QStringLiteral("H100"),
                      kT0 + kHourMs, 300, 0)};
        QStringList warnings;
        const QList<UsageFact> f = absorbUsageCounters(
            *usageCountersFromPromReply(
                promReply(usageCounters(agent), {{QStringLiteral("n1"), kT0 + 2 * kHourMs}}), &why),
            &cursor, &warnings);
        QCOMPARE(f.size(), 1);
        QCOMPARE(f[0].heldGpuSeconds, 300.0);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0],
                 QStringLiteral("n1: the usage counter of alice on H100 went down "
                                "from 5000 to 300 (its books were reset); taking 300"));
        QCOMPARE(cursor.absorbed.value(QStringLiteral("x")), 1.0);
    }

    void serverWithoutClosedThroughIsReadLater()
    {
        const QList<UsageFact> agent{fact(QStringLiteral("n1"), QStringLiteral("alice"),
                                          QStringLiteral("H100"), kT0, 60, 0)};
        PromUsageCursor cursor;
        QString why;
        QVERIFY(absorbUsageCounters(
                    *usageCountersFromPromReply(promReply(usageCounters(agent), {}), &why), &cursor,
                    nullptr)
                    .isEmpty());
        QVERIFY(cursor.absorbed.isEmpty());
        QCOMPARE(
            absorbUsageCounters(
                *usageCountersFromPromReply(
                    promReply(usageCounters(agent), {{QStringLiteral("n1"), kT0 + kHourMs}}), &why),
                &cursor, nullptr)
                .size(),
            1);
    }

    void seriesScrapedTwiceIsOne()
    {
        const QList<UsageCounter> c = usageCounters(
            {fact(QStringLiteral("n1"), QStringLiteral("a"), QStringLiteral("H100"), kT0, 100, 0)});
        QList<UsageCounter> twice = c + c;
        twice[2].value = 90; // the other job's older scrape of the held series
        QString why;
        const auto read = usageCountersFromPromReply(
            promReply(twice, {{QStringLiteral("n1"), kT0 + kHourMs}}), &why);
        QVERIFY2(read, qPrintable(why));
        QCOMPARE(read->counters, c);
        PromUsageCursor cursor;
        QCOMPARE(heldSum(absorbUsageCounters(*read, &cursor, nullptr)), 100.0);
        QVERIFY(absorbUsageCounters(*read, &cursor, nullptr).isEmpty());
    }

    void badReplies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("why");
        const QByteArray head = R"({"status":"success","data":{"resultType":"vector","result":[)";
        const QByteArray usage =
            R"({"metric":{"__name__":"gpuwarden_token_usage_gpu_seconds_total",)";
        QTest::newRow("not json") << QByteArray("{\"status\":")
                                  << QStringLiteral("not JSON: unterminated object at byte 10");
        QTest::newRow("error") << QByteArray(
                                      R"({"status":"error","error":"parse error at char 3"})")
                               << QStringLiteral("Prometheus answered: parse error at char 3");
        QTest::newRow("matrix")
            << QByteArray(R"({"status":"success","data":{"resultType":"matrix","result":[]}})")
            << QStringLiteral("data.resultType: expected \"vector\"");
        QTest::newRow("no user")
            << head + usage +
                   R"("server":"n1","gpu_model":"H100","charge":"held"},"value":[1,"5"]}]}})"
            << QStringLiteral("data.result[0].metric.user: missing");
        QTest::newRow("nan")
            << head + usage +
                   R"("server":"n1","user":"a","gpu_model":"H100","charge":"held"},"value":[1,"NaN"]}]}})"
            << QStringLiteral("data.result[0].value: expected a finite number >= 0, got \"NaN\"");
        QTest::newRow("negative")
            << head + usage +
                   R"("server":"n1","user":"a","gpu_model":"H100","charge":"held"},"value":[1,"-2"]}]}})"
            << QStringLiteral("data.result[0].value: expected a finite number >= 0, got \"-2\"");
        QTest::newRow("value shape")
            << head + usage +
                   R"("server":"n1","user":"a","gpu_model":"H100","charge":"held"},"value":5}]}})"
            << QStringLiteral("data.result[0].value: expected [time, \"value\"], got a number");
        QTest::newRow("charge")
            << head + usage +
                   R"("server":"n1","user":"a","gpu_model":"H100","charge":"owed"},"value":[1,"5"]}]}})"
            << QStringLiteral(
                   "data.result[0].metric.charge: expected \"held\" or \"used\", got \"owed\"");
        QTest::newRow("slices")
            << head + usage +
                   R"("server":"n1","user":"a","gpu_model":"H100","charge":"held","mig_slices":"x"},"value":[1,"5"]}]}})"
            << QStringLiteral("data.result[0].metric.mig_slices: expected a slice count from 0 to "
                              "64, got \"x\"");
        QTest::newRow("other metric")
            << head + R"({"metric":{"__name__":"up","server":"n1"},"value":[1,"1"]}]}})"
            << QStringLiteral("data.result[0].metric.__name__: unexpected \"up\"");
        QTest::newRow("no server") << head + usage + R"("user":"a"},"value":[1,"1"]}]}})"
                                   << QStringLiteral("data.result[0].metric.server: missing");
    }

    void badReplies()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, why);
        QString error;
        QVERIFY(!usageCountersFromPromReply(body, &error));
        QCOMPARE(error, why);
    }

    void badCursor()
    {
        QString why;
        QVERIFY(!PromUsageCursor::fromJson("[]", &why));
        QCOMPARE(why, QStringLiteral("the Prometheus cursor is not {\"absorbed\": {…}}"));
        QVERIFY(!PromUsageCursor::fromJson(R"({"absorbed":{"k":"1"}})", &why));
        QCOMPARE(why, QStringLiteral("absorbed.k: expected a number >= 0, got a string"));
    }
};

QTEST_GUILESS_MAIN(TestPromUsage)
#include "tst_promusage.moc"
