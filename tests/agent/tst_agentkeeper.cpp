// The keeper of several agents (docs/tokens.md, "Keeper of several agents"),
// over real loopback HTTP: in-process AgentServers on real ports, each with
// its own SQLite journal, fed hand-built readings. A keeper (node-1) reads
// two peers' /v1/usage; its books are over all three servers; a peer down
// and back, a keeper restarted and a peer that lost its journal (a new
// stream) take no fact twice and lose none; facts naming the keeper's own
// server or another peer's are refused and said; a relay serves the
// keeper's balances and keeps the last ones, with their age and the error,
// while the keeper is down.
#include "keepertest.h"

#include "agent/keeperreplies.h"

#include <QCryptographicHash>
#include <QProcess>
#include <QSslCertificate>

using namespace gw;
using namespace gw::test;
using namespace keepertest;

class TestAgentKeeper : public keepertest::KeeperTestBase
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        for (const QString& n : {kKeeper, kNode2, kNode3, QStringLiteral("relay")})
            QFile::remove(journalOf(n));
        m_now = utcMs(2026, 11, 3, 9);
        m_port2 = m_port3 = 0;
    }

    void cleanup()
    {
        m_relay.reset();
        m_keeper.reset();
        m_node2.reset();
        m_node3.reset();
    }

    void keeperBooksEveryServer()
    {
        startAll();
        publish(*m_keeper, phase(kKeeper, 0));
        publish(*m_node2, phase(kNode2, 0));
        publish(*m_node3, phase(kNode3, 0));
        QVERIFY(poll(*m_keeper));
        m_now = utcMs(2026, 11, 3, 12);

        const QList<UsageFact> own = servedFacts(m_keeper->port());
        const QList<UsageFact> two = servedFacts(m_port2);
        const QList<UsageFact> three = servedFacts(m_port3);
        QCOMPARE(two.size(), 2);
        QCOMPARE(three.size(), 2);
        // The keeper serves only its own facts: no peer's loops back.
        QCOMPARE(ofServer(own, kKeeper).size(), own.size());
        QCOMPARE(sorted(m_keeper->tokenDesk()->peerFacts()), sorted(two + three));

        const Reply b = call(m_keeper->port(), QStringLiteral("/v1/balances"));
        QCOMPARE(b.status, 200);
        const QJsonObject o = b.json();
        QCOMPARE(o[QStringLiteral("role")].toString(), QStringLiteral("keeper"));
        QCOMPARE(o[QStringLiteral("keeper")].toString(), kKeeper);
        const QMap<QString, double> expected = expectedBalances(own + two + three);
        QCOMPARE(balancesOf(o), expected);
        // 4 × RTX 2080 × 2 h × 0.5; 2 × RTX 3090 × 2 h × 1; 1 × A6000 × 2 h × 4.
        QCOMPARE(expected.value(QStringLiteral("alice")), 130.0 - 4);
        QCOMPARE(expected.value(QStringLiteral("bob")), 130.0 - 4);
        QCOMPARE(expected.value(QStringLiteral("carol")), 130.0 - 8);

        const QJsonArray servers = o[QStringLiteral("servers")].toArray();
        QCOMPARE(servers.size(), 3);
        QCOMPARE(servers[0][QStringLiteral("server")].toString(), kKeeper);
        QCOMPARE(servers[0][QStringLiteral("url")].toString(), QString());
        const QJsonObject s2 = serverEntry(o, url(m_port2));
        QCOMPARE(s2[QStringLiteral("server")].toString(), kNode2);
        QCOMPARE(s2[QStringLiteral("last_sequence")].toInteger(), 2);
        QCOMPARE(s2[QStringLiteral("reachable")].toBool(), true);
        QCOMPARE(s2[QStringLiteral("error")].toString(), QString());
        QVERIFY(s2[QStringLiteral("last_contact_ms")].isDouble());
        QCOMPARE(serverEntry(o, url(m_port3))[QStringLiteral("server")].toString(), kNode3);

        // What enforcement judges by: the same books.
        const BalanceView view = m_keeper->balanceView();
        QVERIFY(view.valid);
        QCOMPARE(view.balances, expected);
        QCOMPARE(view.keeper, kKeeper);
        QCOMPARE(view.asOfMs, utcMs(2026, 11, 3, 11));
        QCOMPARE(view.fetchedMs, m_now);
        QCOMPARE(view.overdraftFloor, -10.0);
        QVERIFY(view.error.isEmpty());
    }

    // A full page is followed by the next (next < last_sequence) in the
    // same round: a keeper far behind catches up at once.
    void keeperReadsEveryPageOfARound()
    {
        startAll();
        m_keeper->keeperLink()->setPageLimit(1);
        publish(*m_node2, phase(kNode2, 0));
        publish(*m_node2, phase(kNode2, 1));
        QVERIFY(poll(*m_keeper));
        QCOMPARE(ofServer(m_keeper->tokenDesk()->peerFacts(), kNode2),
                 sorted(servedFacts(m_port2)));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), 4);
        QCOMPARE(m_keeper->tokenDesk()->peerCursor(url(m_port2)).sequence, 4u);
    }

    // /v1/usage states the spans the agent did not charge, so the keeper's
    // books state its peers' gaps too.
    void peersGapsAreInTheKeepersBooks()
    {
        startAll();
        publish(*m_node2, phase(kNode2, 0));
        // Silent from 11:00 to 13:00: a gap.
        publish(*m_node2, phase(kNode2, 2));
        const Reply u = call(m_port2, QStringLiteral("/v1/usage"));
        const QJsonArray gaps = u.json()[QStringLiteral("gaps")].toArray();
        QCOMPARE(gaps.size(), 1);
        QCOMPARE(gaps[0][QStringLiteral("server")].toString(), kNode2);
        QCOMPARE(gaps[0][QStringLiteral("from_ms")].toInteger(), utcMs(2026, 11, 3, 11, 1));
        QVERIFY(poll(*m_keeper));
        const Reply b = call(m_keeper->port(), QStringLiteral("/v1/balances"));
        bool found = false;
        for (const QJsonValue& g : b.json()[QStringLiteral("gaps")].toArray())
            found = found || g.toObject() == gaps[0].toObject();
        QVERIFY2(found, b.body.constData());
    }

    void peerDownAndBackItsFactsArriveOnce()
    {
        startAll();
        publish(*m_node3, phase(kNode3, 0));
        QVERIFY(poll(*m_keeper));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), 2);
        const qint64 contact =
            serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(),
                        url(m_port3))[QStringLiteral("last_contact_ms")]
                .toInteger();

        m_node3.reset(); // down
        m_now += 60'000;
        QVERIFY(poll(*m_keeper));
        QJsonObject s3 = serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(),
                                     url(m_port3));
        QCOMPARE(s3[QStringLiteral("reachable")].toBool(), false);
        QVERIFY2(s3[QStringLiteral("error")].toString().contains(QStringLiteral("unreachable")),
                 qPrintable(s3[QStringLiteral("error")].toString()));
        QCOMPARE(s3[QStringLiteral("last_contact_ms")].toInteger(), contact);
        QCOMPARE(s3[QStringLiteral("server")].toString(), kNode3); // named while down
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), 2);

        // Back on the same address with its journal, with two more hours.
        m_node3 = start(kNode3, m_port3);
        publish(*m_node3, phase(kNode3, 1));
        QVERIFY(poll(*m_keeper));
        QVERIFY(poll(*m_keeper)); // a second round takes nothing more
        const QList<UsageFact> served = servedFacts(m_port3);
        QCOMPARE(served.size(), 4);
        QCOMPARE(ofServer(m_keeper->tokenDesk()->peerFacts(), kNode3), sorted(served));
        s3 = serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(),
                         url(m_port3));
        QCOMPARE(s3[QStringLiteral("reachable")].toBool(), true);
        QCOMPARE(s3[QStringLiteral("error")].toString(), QString());
        QCOMPARE(s3[QStringLiteral("last_sequence")].toInteger(), 4);
    }

    void keeperRestartedTakesNothingTwice()
    {
        startAll();
        publish(*m_keeper, phase(kKeeper, 0));
        publish(*m_node2, phase(kNode2, 0));
        publish(*m_node3, phase(kNode3, 0));
        QVERIFY(poll(*m_keeper));
        m_now = utcMs(2026, 11, 3, 12);
        const QJsonObject before = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        const QList<UsageFact> factsBefore = m_keeper->tokenDesk()->peerFacts();
        QCOMPARE(factsBefore.size(), 4);

        m_keeper.reset();
        m_keeper = start(kKeeper, 0, keeperOf({m_port2, m_port3}));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts(), factsBefore); // from the journal
        QCOMPARE(m_keeper->tokenDesk()->peerCursor(url(m_port2)).sequence, 2u);
        QVERIFY(poll(*m_keeper));
        const QJsonObject after = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        QCOMPARE(m_keeper->tokenDesk()->peerFacts(), factsBefore);
        for (const char* key : {"balances", "cut_off", "gaps", "as_of_ms", "keeper", "warnings"})
            QCOMPARE(after[QLatin1String(key)], before[QLatin1String(key)]);
        QCOMPARE(serverEntry(after, url(m_port2))[QStringLiteral("last_sequence")].toInteger(), 2);

        // And goes on where it stopped.
        publish(*m_node2, phase(kNode2, 1));
        QVERIFY(poll(*m_keeper));
        QCOMPARE(ofServer(m_keeper->tokenDesk()->peerFacts(), kNode2),
                 sorted(servedFacts(m_port2)));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), 6);
    }

    // A peer that lost its journal serves its facts again on a new stream:
    // the keeper reads it from the start and takes only what it lacks.
    void peerWithANewStreamIsReadAgainWithoutDoubles()
    {
        startAll();
        publish(*m_node3, phase(kNode3, 0));
        QVERIFY(poll(*m_keeper));
        const QString oldStream = m_keeper->tokenDesk()->peerCursor(url(m_port3)).stream;
        QVERIFY(!oldStream.isEmpty());
        m_node3.reset();
        QVERIFY(QFile::remove(journalOf(kNode3)));
        // Started at 09:00 again, it charges the same hours a second time
        // (a fresh agent charges from its start on): the worst case.
        m_now = utcMs(2026, 11, 3, 9);
        m_node3 = start(kNode3, m_port3);
        QVERIFY(m_node3->stream() != oldStream);
        // The same hours again (a backfill), then two new ones.
        publish(*m_node3, phase(kNode3, 0));
        publish(*m_node3, phase(kNode3, 1));
        QCOMPARE(servedFacts(m_port3).size(), 4);
        QVERIFY(poll(*m_keeper));
        const TokenDesk::PeerCursor cursor = m_keeper->tokenDesk()->peerCursor(url(m_port3));
        QCOMPARE(cursor.stream, m_node3->stream());
        QCOMPARE(cursor.sequence, 4u);
        QCOMPARE(ofServer(m_keeper->tokenDesk()->peerFacts(), kNode3),
                 sorted(servedFacts(m_port3)));
        m_now = utcMs(2026, 11, 3, 14);
        const QJsonObject o = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        QCOMPARE(o[QStringLiteral("balances")][QStringLiteral("carol")].toDouble(),
                 expectedBalances(servedFacts(m_port3)).value(QStringLiteral("carol")));
    }

    void factsOfTheKeepersOrAnotherPeersServerAreRefused()
    {
        startAll();
        publish(*m_node2, phase(kNode2, 0));
        // node-3 misconfigured: its readings say node-1, then node-2.
        publish(*m_node3, phase(kNode3, 0, kKeeper));
        QVERIFY(poll(*m_keeper));
        QJsonObject o = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        QJsonObject s3 = serverEntry(o, url(m_port3));
        QVERIFY2(s3[QStringLiteral("error")].toString().contains(QStringLiteral(
                     "2 facts of node-1 refused: node-1 is the keeper's own server")),
                 qPrintable(s3[QStringLiteral("error")].toString()));
        QCOMPARE(s3[QStringLiteral("last_sequence")].toInteger(), 2); // moved past them
        QVERIFY(!o[QStringLiteral("balances")].toObject().contains(QStringLiteral("carol")));

        publish(*m_node3, phase(kNode3, 1, kNode2));
        QVERIFY(poll(*m_keeper));
        o = call(m_keeper->port(), QStringLiteral("/v1/balances")).json();
        s3 = serverEntry(o, url(m_port3));
        QVERIFY2(s3[QStringLiteral("error")].toString().contains(
                     QStringLiteral("2 facts of node-2 refused: node-2 is served by %1")
                         .arg(url(m_port2))),
                 qPrintable(s3[QStringLiteral("error")].toString()));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), 2); // node-2's own two only
        QCOMPARE(serverEntry(o, url(m_port2))[QStringLiteral("error")].toString(), QString());
    }

    void relayServesTheKeepersBalancesAndKeepsThemWhileItIsDown()
    {
        startAll();
        publish(*m_keeper, phase(kKeeper, 0));
        publish(*m_node2, phase(kNode2, 0));
        QVERIFY(poll(*m_keeper));
        m_now = utcMs(2026, 11, 3, 12);
        const quint16 keeperPort = m_keeper->port();

        TokenKeeping relay;
        relay.keeper = false;
        relay.keeperSource =
            TokenSource{url(keeperPort), QStringLiteral("t"), kRead, {}, QStringLiteral("test")};
        m_relay = start(QStringLiteral("relay"), 0, relay);
        QVERIFY(poll(*m_relay));
        const QJsonObject keeper = call(keeperPort, QStringLiteral("/v1/balances")).json();
        Reply r = call(m_relay->port(), QStringLiteral("/v1/balances"));
        QCOMPARE(r.status, 200);
        QJsonObject o = r.json();
        QCOMPARE(o[QStringLiteral("role")].toString(), QStringLiteral("relay"));
        QCOMPARE(o[QStringLiteral("keeper")].toString(), kKeeper);
        QCOMPARE(o[QStringLiteral("balances")], keeper[QStringLiteral("balances")]);
        QCOMPARE(o[QStringLiteral("as_of_ms")], keeper[QStringLiteral("as_of_ms")]);
        QCOMPARE(o[QStringLiteral("fetched_ms")].toInteger(), m_now);
        QCOMPARE(o[QStringLiteral("error")].toString(), QString());
        BalanceView view = m_relay->balanceView();
        QVERIFY(view.valid);
        QCOMPARE(view.balances, balancesOf(keeper));
        QCOMPARE(view.keeper, kKeeper);
        QCOMPARE(view.asOfMs, utcMs(2026, 11, 3, 11));
        QCOMPARE(view.fetchedMs, m_now);
        QVERIFY(view.error.isEmpty());
        // The relay still serves its own facts to the keeper.
        QCOMPARE(call(m_relay->port(), QStringLiteral("/v1/usage")).status, 200);

        const qint64 fetched = m_now;
        m_keeper.reset();
        m_now += 10 * 60'000;
        QVERIFY(poll(*m_relay));
        r = call(m_relay->port(), QStringLiteral("/v1/balances"));
        QCOMPARE(r.status, 200);
        o = r.json();
        QCOMPARE(o[QStringLiteral("balances")], keeper[QStringLiteral("balances")]);
        QCOMPARE(o[QStringLiteral("fetched_ms")].toInteger(), fetched);
        QCOMPARE(o[QStringLiteral("now_ms")].toInteger(), m_now); // the age: 10 min
        QVERIFY2(o[QStringLiteral("error")].toString().contains(QStringLiteral("unreachable")),
                 r.body.constData());
        view = m_relay->balanceView();
        QVERIFY(view.valid);
        QCOMPARE(view.balances, balancesOf(keeper));
        QCOMPARE(view.fetchedMs, fetched);
        QVERIFY(!view.error.isEmpty());
    }

    void relayThatNeverReadTheKeeperSays503()
    {
        TokenKeeping relay;
        relay.keeper = false;
        // A port nothing listens on: a server bound and gone.
        quint16 dead = 0;
        {
            auto gone = start(QStringLiteral("gone"), 0, {}, false);
            dead = gone->port();
        }
        relay.keeperSource = TokenSource{url(dead), QStringLiteral("t"), kRead, {}, {}};
        m_relay = start(QStringLiteral("relay"), 0, relay);
        Reply r = call(m_relay->port(), QStringLiteral("/v1/balances"));
        QVERIFY(poll(*m_relay));
        r = call(m_relay->port(), QStringLiteral("/v1/balances"));
        QCOMPARE(r.status, 503);
        QCOMPARE(r.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
                 QStringLiteral("keeper_unreachable"));
        const BalanceView view = m_relay->balanceView();
        QVERIFY(!view.valid);
        QVERIFY(view.balances.isEmpty());
        QVERIFY(!view.error.isEmpty());
    }

    // What a keeper reads from a peer is read strictly: a page half
    // understood is not taken, and the refusal names the key.
    void usagePagesAreReadStrictly_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("expected"); // empty: taken
        const QByteArray fact = R"("server":"node-2","user":"bob","gpu_model":"m",)"
                                R"("hour_start_ms":0,"held_gpu_seconds":1,"used_gpu_seconds":1)";
        QTest::newRow("a page")
            << QByteArray(R"({"stream":"s","next":3,"last_sequence":3,"truncated":false,)"
                          R"("usage":[{"sequence":3,)" +
                          fact + "}]}")
            << QString();
        QTest::newRow("no stream") << QByteArray(R"({"next":0,"truncated":false,"usage":[]})")
                                   << QStringLiteral("stream: expected a non-empty string");
        QTest::newRow("next below the cursor")
            << QByteArray(
                   R"({"stream":"s","next":1,"last_sequence":1,"truncated":false,"usage":[]})")
            << QStringLiteral("next: expected a whole number not below 2");
        QTest::newRow("numbers not rising")
            << QByteArray(
                   R"({"stream":"s","next":3,"last_sequence":3,"truncated":false,"usage":[{"sequence":2,)" +
                   fact + "}]}")
            << QStringLiteral("usage[0].sequence: expected a number above 2");
        QTest::newRow("a fact with an unknown key")
            << QByteArray(
                   R"({"stream":"s","next":3,"last_sequence":3,"truncated":false,"usage":[{"sequence":3,)" +
                   fact + R"(,"extra":1}]})")
            << QStringLiteral("usage[0]");
        QTest::newRow("gaps not an array")
            << QByteArray(
                   R"({"stream":"s","next":2,"last_sequence":2,"truncated":false,"usage":[],"gaps":{}})")
            << QStringLiteral("gaps: expected an array");
        QTest::newRow("no last_sequence")
            << QByteArray(R"({"stream":"s","next":2,"truncated":false,"usage":[]})")
            << QStringLiteral("last_sequence: expected a whole number");
        QTest::newRow("not JSON") << QByteArray("<html>") << QStringLiteral("not a JSON object");
    }

    void usagePagesAreReadStrictly()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, expected);
        QString error;
        const auto page = peerUsagePageFromJson(body, 2, &error);
        if (expected.isEmpty()) {
            QVERIFY2(page, qPrintable(error));
            QCOMPARE(page->facts.size(), 1);
            QCOMPARE(page->facts[0].first, 3u);
            QCOMPARE(page->facts[0].second.user, QStringLiteral("bob"));
        } else {
            QVERIFY(!page);
            QVERIFY2(error.startsWith(expected), qPrintable(error));
        }
    }

    void keepersBalancesAreReadStrictly()
    {
        QString error;
        auto o = QJsonDocument::fromJson(R"({"as_of_ms":7,"balances":{"a":-12.5},"cut_off":["a"],)"
                                         R"("overdraft_floor":-10,"keeper":"node-1"})")
                     .object();
        const auto view = balanceViewFromJson(o, &error);
        QVERIFY2(view, qPrintable(error));
        QCOMPARE(view->balances.value(QStringLiteral("a")), -12.5);
        QCOMPARE(view->cutOff, QStringList{QStringLiteral("a")});
        QCOMPARE(view->asOfMs, 7);
        QCOMPARE(view->keeper, kKeeper);
        o[QStringLiteral("balances")] = QJsonObject{{QStringLiteral("a"), QStringLiteral("x")}};
        QVERIFY(!balanceViewFromJson(o, &error));
        QCOMPARE(error, QStringLiteral("balances.a: expected a number"));
    }

    // A peer over HTTPS with a self-signed certificate: read with its pin;
    // a wrong pin or none refuses it, said in its entry.
    void pinnedPeerOverTls()
    {
        QTemporaryDir dir;
        QProcess openssl;
        openssl.start(QStringLiteral("openssl"),
                      {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                       QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                       QStringLiteral("-days"), QStringLiteral("1"), QStringLiteral("-subj"),
                       QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
                       QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"),
                       dir.filePath(QStringLiteral("agent.key")), QStringLiteral("-out"),
                       dir.filePath(QStringLiteral("agent.crt"))});
        QVERIFY(openssl.waitForFinished(30000));
        QCOMPARE(openssl.exitCode(), 0);
        QFile certFile(dir.filePath(QStringLiteral("agent.crt")));
        QVERIFY(certFile.open(QIODevice::ReadOnly));
        const QByteArray pin = QCryptographicHash::hash(
            QSslCertificate(&certFile, QSsl::Pem).toDer(), QCryptographicHash::Sha256);

        m_node2 = start(kNode2, 0, {}, true, dir.path());
        m_port2 = m_node2->port();
        publish(*m_node2, phase(kNode2, 0));
        const QString https = QStringLiteral("https://127.0.0.1:%1").arg(m_port2);
        auto keeperPinned = [&](const QByteArray& p) {
            TokenKeeping k;
            k.peers << TokenSource{https, QStringLiteral("t"), kRead, p, QStringLiteral("test")};
            return k;
        };
        m_keeper = start(kKeeper, 0, keeperPinned(pin));
        QVERIFY(poll(*m_keeper));
        QCOMPARE(m_keeper->tokenDesk()->peerFacts().size(), 2);

        m_keeper.reset();
        QFile::remove(journalOf(kKeeper));
        m_keeper = start(kKeeper, 0, keeperPinned(sha256("another certificate")));
        QVERIFY(poll(*m_keeper));
        QJsonObject s2 =
            serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(), https);
        QVERIFY2(s2[QStringLiteral("error")].toString().contains(
                     QStringLiteral("differs from the pinned one")),
                 qPrintable(s2[QStringLiteral("error")].toString()));
        QVERIFY(m_keeper->tokenDesk()->peerFacts().isEmpty());

        m_keeper.reset();
        QFile::remove(journalOf(kKeeper));
        m_keeper = start(kKeeper, 0, keeperPinned({}));
        QVERIFY(poll(*m_keeper));
        s2 = serverEntry(call(m_keeper->port(), QStringLiteral("/v1/balances")).json(), https);
        QCOMPARE(s2[QStringLiteral("reachable")].toBool(), false);
        QVERIFY(m_keeper->tokenDesk()->peerFacts().isEmpty());
    }

    // A wrong token is said per peer, and nothing is taken.
    void refusedTokenIsSaid()
    {
        m_node2 = start(kNode2, 0);
        m_port2 = m_node2->port();
        TokenKeeping k = keeperOf({m_port2});
        k.peers[0].token = "wrong";
        m_keeper = start(kKeeper, 0, k);
        publish(*m_node2, phase(kNode2, 0));
        QVERIFY(poll(*m_keeper));
        const QJsonObject s2 = serverEntry(
            call(m_keeper->port(), QStringLiteral("/v1/balances")).json(), url(m_port2));
        // It answered: reachable, with the refusal said.
        QCOMPARE(s2[QStringLiteral("reachable")].toBool(), true);
        QVERIFY2(s2[QStringLiteral("error")].toString().contains(QStringLiteral("HTTP 401")),
                 qPrintable(s2[QStringLiteral("error")].toString()));
        QCOMPARE(s2[QStringLiteral("last_contact_ms")].toInteger(), m_now);
        QCOMPARE(s2[QStringLiteral("server")].toString(), QStringLiteral("127.0.0.1"));
        QVERIFY(m_keeper->tokenDesk()->peerFacts().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAgentKeeper)
#include "tst_agentkeeper.moc"
