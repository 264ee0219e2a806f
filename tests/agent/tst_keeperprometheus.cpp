// The keeper's Prometheus path the whole way round with Debian's real
// Prometheus: a peer agent with [tokens] exports its closed hours' usage in
// /metrics, Prometheus scrapes it with the peer's read token, and a keeper
// with prometheus_url reads it back. The keeper's copy equals the peer's own
// facts to the last bit (sums per user and model); a keeper restarted on
// its journal takes nothing twice; a new hour brings exactly its growth;
// Prometheus gone is said in the keeper's servers and loses nothing.
// (tst_agentkeeperprom covers the same with a canned Prometheus, quickly.)
#include "keepertest.h"
#include "localprometheus.h"
#include "tokens/promusage.h"

using namespace gw;
using namespace gw::test;
using namespace keepertest;

namespace {

// Per "user/model/profile/charge": the GPU-seconds of `facts` of `server`.
QMap<QString, double> sums(const QList<UsageFact>& facts, const QString& server)
{
    QMap<QString, double> out;
    for (const UsageCounter& c : usageCounters(ofServer(facts, server)))
        out[c.user + u'/' + c.gpuModel + u'/' + c.migProfile +
            (c.used ? QStringLiteral("/used") : QStringLiteral("/held"))] += c.value;
    return out;
}

} // namespace

class TestKeeperPrometheus : public KeeperTestBase
{
    Q_OBJECT

    LocalPrometheus m_prom;

    TokenKeeping keeperOfProm() const
    {
        TokenKeeping k;
        k.prometheus = TokenSource{m_prom.url().toString(), {}, {}, {}, QStringLiteral("test")};
        return k;
    }

    // Polls the keeper until it holds what node-2 serves (Prometheus starts,
    // then scrapes every second).
    bool pollUntilCaughtUp()
    {
        const auto want = sums(servedFacts(m_node2->port()), kNode2);
        for (int i = 0; i < 120; ++i) {
            if (!poll(*m_keeper))
                return false;
            if (sums(m_keeper->tokenDesk()->peerFacts(), kNode2) == want)
                return true;
            QTest::qWait(250);
        }
        return false;
    }

private Q_SLOTS:
    void wholeWayRound()
    {
        QVERIFY(m_dir.isValid());
        m_now = utcMs(2026, 11, 3, 9);
        m_node2 = start(kNode2, 0);
        publish(*m_node2, phase(kNode2, 0)); // two hours closed
        QString why;
        QVERIFY2(m_prom.start(m_node2->port(), &why, 1000, kRead), qPrintable(why));

        m_keeper = start(kKeeper, 0, keeperOfProm());
        QVERIFY2(pollUntilCaughtUp(), qPrintable(QString::fromUtf8(m_prom.log())));
        const QList<UsageFact> firstCopy = m_keeper->tokenDesk()->peerFacts();
        QVERIFY(!firstCopy.isEmpty());
        QCOMPARE(sums(firstCopy, kNode2), sums(servedFacts(m_node2->port()), kNode2));
        // 2 × RTX 3090 for two hours.
        QCOMPARE(sums(firstCopy, kNode2).value(QStringLiteral("bob/NVIDIA GeForce RTX 3090//held")),
                 4 * 3600.0);
        QJsonObject source = serverEntry(
            call(m_keeper->port(), QStringLiteral("/v1/balances")).json(), m_prom.url().toString());
        QCOMPARE(source[QStringLiteral("reachable")].toBool(), true);
        QCOMPARE(source[QStringLiteral("error")].toString(), QString());

        // Restarted on its journal: nothing twice, however often it polls.
        m_keeper.reset();
        m_keeper = start(kKeeper, 0, keeperOfProm());
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), firstCopy.size());
        QVERIFY(poll(*m_keeper));
        QVERIFY(poll(*m_keeper));
        QCOMPARE(sums(m_keeper->tokenDesk()->peerFacts(), kNode2), sums(firstCopy, kNode2));

        // Two more hours close on node-2: exactly their growth.
        publish(*m_node2, phase(kNode2, 1));
        QVERIFY(pollUntilCaughtUp());
        QCOMPARE(sums(m_keeper->tokenDesk()->peerFacts(), kNode2)
                     .value(QStringLiteral("bob/NVIDIA GeForce RTX 3090//held")),
                 4 * 3600.0 + 2 * 119 * 60.0); // phase 1 holds 119 minutes

        // Prometheus gone: said, and nothing lost.
        const QList<UsageFact> held = m_keeper->tokenDesk()->peerFacts();
        m_prom.stop();
        QVERIFY(poll(*m_keeper));
        source = serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(),
                             m_prom.url().toString());
        QCOMPARE(source[QStringLiteral("reachable")].toBool(), false);
        QVERIFY(!source[QStringLiteral("error")].toString().isEmpty());
        QCOMPARE(m_keeper->tokenDesk()->peerFacts(), held);
    }
};

QTEST_GUILESS_MAIN(TestKeeperPrometheus)
#include "tst_keeperprometheus.moc"
