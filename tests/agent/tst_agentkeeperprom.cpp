// The keeper's Prometheus path (docs/tokens.md, "Through Prometheus"), over
// loopback: a fake Prometheus (a QHttpServer answering /api/v1/query) holds
// the agents' usage counters, made from the facts each agent serves exactly
// as the agents' /metrics export them (usageCounters); a keeper with
// prometheus_url takes what grew, the cursor in the same journal
// transaction: the sums it holds equal the agents' own, a second poll and a
// keeper restart take nothing twice, and its own server's series
// (Prometheus scrapes it too) are not taken.
#include "keepertest.h"

#include <QHttpServer>
#include <QHttpServerResponse>
#include <QTcpServer>

#include "tokens/promusage.h"

using namespace gw;
using namespace gw::test;
using namespace keepertest;

namespace {

const QString kNode5 = QStringLiteral("node-5");

double heldSum(const QList<UsageFact>& facts, const QString& server)
{
    double sum = 0;
    for (const UsageFact& f : facts)
        if (f.server == server)
            sum += f.heldGpuSeconds;
    return sum;
}

// One series of an instant vector, as Prometheus answers it.
QJsonObject sample(QJsonObject metric, const QString& instance, double value)
{
    metric.insert(QStringLiteral("instance"), instance);
    metric.insert(QStringLiteral("job"), QStringLiteral("gpuwarden"));
    return {{QStringLiteral("metric"), metric},
            {QStringLiteral("value"), QJsonArray{1795999000.5, QString::number(value, 'g', 17)}}};
}

} // namespace

class TestAgentKeeperProm : public KeeperTestBase
{
    Q_OBJECT

    QHttpServer m_prom;
    quint16 m_promPort = 0;
    QByteArray m_promBody;
    QString m_promQuery;
    std::unique_ptr<AgentServer> m_node5;

    QString promUrl() const { return url(m_promPort); }

    // What Prometheus holds after scraping every agent: each one's counters
    // of the facts it serves, and where its closed hours end.
    void scrape()
    {
        QJsonArray result;
        for (AgentServer* a : {m_node5.get(), m_keeper.get(), m_node2.get()}) {
            if (!a)
                continue;
            const QString instance = QStringLiteral("127.0.0.1:%1").arg(a->port());
            for (const UsageCounter& c : usageCounters(servedFacts(a->port()))) {
                QJsonObject metric{{QStringLiteral("__name__"), QLatin1String(kTokenUsageMetric)},
                                   {QStringLiteral("server"), c.server},
                                   {QStringLiteral("user"), c.user},
                                   {QStringLiteral("gpu_model"), c.gpuModel},
                                   {QStringLiteral("charge"),
                                    c.used ? QStringLiteral("used") : QStringLiteral("held")}};
                result.append(sample(metric, instance, c.value));
            }
            result.append(
                sample({{QStringLiteral("__name__"), QLatin1String(kTokenClosedThroughMetric)},
                        {QStringLiteral("server"), a->tokenDesk()->serverName()}},
                       instance, double(a->tokenDesk()->closedThroughMs() / 1000)));
        }
        m_promBody =
            QJsonDocument(
                QJsonObject{{QStringLiteral("status"), QStringLiteral("success")},
                            {QStringLiteral("data"),
                             QJsonObject{{QStringLiteral("resultType"), QStringLiteral("vector")},
                                         {QStringLiteral("result"), result}}}})
                .toJson(QJsonDocument::Compact);
    }

    TokenKeeping keeperOfProm() const
    {
        TokenKeeping k;
        k.prometheus = TokenSource{promUrl(), {}, {}, {}, QStringLiteral("test")};
        return k;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_prom.route(QStringLiteral("/api/v1/query"), [this](const QHttpServerRequest& r) {
            m_promQuery = r.query().queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded);
            return QHttpServerResponse(QByteArrayLiteral("application/json"), m_promBody);
        });
        m_promPort = m_prom.listen(QHostAddress::LocalHost, 0);
        QVERIFY(m_promPort != 0);
    }

    void init()
    {
        for (const QString& n : {kKeeper, kNode5, kNode2})
            QFile::remove(journalOf(n));
        m_now = utcMs(2026, 11, 3, 9);
        m_promBody.clear();
    }

    void cleanup()
    {
        m_keeper.reset();
        m_node5.reset();
        m_node2.reset();
    }

    void keeperTakesWhatGrewOnce()
    {
        m_node5 = start(kNode5, 0);
        m_keeper = start(kKeeper, 0, keeperOfProm());
        publish(*m_keeper, phase(kKeeper, 0)); // its own series are in Prometheus too
        publish(*m_node5, phase(kNode5, 0));
        scrape();
        QVERIFY(poll(*m_keeper));
        QVERIFY(m_promQuery.contains(QLatin1String(kTokenUsageMetric)));
        const QList<UsageFact> agent = servedFacts(m_node5->port());
        QCOMPARE(heldSum(m_keeper->tokenDesk()->peerFacts(), kNode5), heldSum(agent, kNode5));
        QCOMPARE(heldSum(m_keeper->tokenDesk()->peerFacts(), kKeeper), 0.0);
        QVERIFY(poll(*m_keeper)); // nothing grew: nothing taken
        QCOMPARE(heldSum(m_keeper->tokenDesk()->peerFacts(), kNode5), 28800.0);

        m_now = utcMs(2026, 11, 3, 12);
        QJsonObject before = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        const QJsonObject source = serverEntry(before, promUrl());
        QCOMPARE(source[QStringLiteral("reachable")].toBool(), true);
        QCOMPARE(source[QStringLiteral("error")].toString(), QString());
        // alice on both servers: 4 × RTX 2080 × 2 h × 0.5, twice.
        QCOMPARE(before[QStringLiteral("balances")][QStringLiteral("alice")].toDouble(), 130.0 - 8);

        // Restarted, the keeper holds the same and takes nothing twice.
        const QList<UsageFact> held = m_keeper->tokenDesk()->peerFacts();
        m_keeper.reset();
        m_keeper = start(kKeeper, 0, keeperOfProm());
        QCOMPARE(m_keeper->tokenDesk()->peerFacts(), held);
        scrape();
        QVERIFY(poll(*m_keeper));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts(), held);
        const QJsonObject after = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        QCOMPARE(after[QStringLiteral("balances")], before[QStringLiteral("balances")]);

        // Two more hours on node-5: what grew is taken, the sums stay equal.
        publish(*m_node5, phase(kNode5, 1));
        scrape();
        QVERIFY(poll(*m_keeper));
        QCOMPARE(heldSum(m_keeper->tokenDesk()->peerFacts(), kNode5),
                 heldSum(servedFacts(m_node5->port()), kNode5));
    }

    // A server the keeper reads directly is taken from its agent once, and
    // its counters in Prometheus are refused, said in Prometheus's entry.
    void serverReadDirectlyIsNotTakenTwice()
    {
        m_node2 = start(kNode2, 0);
        m_node5 = start(kNode5, 0);
        TokenKeeping k = keeperOfProm();
        k.peers << TokenSource{
            url(m_node2->port()), QStringLiteral("t"), kRead, {}, QStringLiteral("test")};
        publish(*m_node2, phase(kNode2, 0));
        publish(*m_node5, phase(kNode5, 0));
        m_keeper = start(kKeeper, 0, k);
        scrape();
        QVERIFY(poll(*m_keeper));
        const QList<UsageFact> held = m_keeper->tokenDesk()->peerFacts();
        QCOMPARE(heldSum(held, kNode2), heldSum(servedFacts(m_node2->port()), kNode2));
        QCOMPARE(heldSum(held, kNode5), 28800.0);
        const QJsonObject o = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        const QString error = serverEntry(o, promUrl())[QStringLiteral("error")].toString();
        QVERIFY2(error.contains(QStringLiteral("facts of node-2 refused: node-2 is served by %1")
                                    .arg(url(m_node2->port()))),
                 qPrintable(error));
        QCOMPARE(serverEntry(o, url(m_node2->port()))[QStringLiteral("error")].toString(),
                 QString());
    }

    void badPrometheusReplyIsSaidAndNothingTaken()
    {
        m_keeper = start(kKeeper, 0, keeperOfProm());
        m_promBody = "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}";
        QVERIFY(poll(*m_keeper));
        const QJsonObject source =
            serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(), promUrl());
        QVERIFY2(source[QStringLiteral("error")].toString().contains(QStringLiteral("parse error")),
                 qPrintable(source[QStringLiteral("error")].toString()));
        QVERIFY(m_keeper->tokenDesk()->peerFacts().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAgentKeeperProm)
#include "tst_agentkeeperprom.moc"
