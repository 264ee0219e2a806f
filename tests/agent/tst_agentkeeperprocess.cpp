// The keeper of several agents as an admin runs it: three gpuwarden-agent
// processes over loopback, configured by agent.toml [tokens] with token
// files (chmod 600): a peer, the keeper reading it and a relay reading the
// keeper. The keeper states the peer in /v1/balances; the relay serves the
// keeper's books and keeps them, with the error, once the keeper is stopped.
// A token file others may read stops the agent at start, naming the entry.
#include "../cli/clitestenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using clitest::AgentProcess;

namespace {

const QByteArray kRead = "r3ad-token";

QByteArray policyToml()
{
    return "[tokens]\ninitial = 100\nmonthly = 30\n[tokens.prices]\n\"H100\" = 1\n";
}

} // namespace

class TestAgentKeeperProcess : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    void secret(const QString& name, const QByteArray& token,
                QFileDevice::Permissions perms = QFileDevice::ReadOwner | QFileDevice::WriteOwner)
    {
        QVERIFY(clitest::writeFile(path(name), token + "\n"));
        QVERIFY(QFile::setPermissions(path(name), perms));
    }

    QByteArray agentToml(const QByteArray& name, const QByteArray& tokens) const
    {
        return "[agent]\nname = \"" + name +
               "\"\nbackend = \"host\"\ninterval_ms = 200\n[journal]\npath = \"" +
               path(QString::fromLatin1(name) + QStringLiteral(".db")).toUtf8() +
               "\"\n[policy]\npath = \"" + path(QStringLiteral("policy.toml")).toUtf8() + "\"\n" +
               tokens + clitest::agentTokenToml("reader", "read", kRead);
    }

    static QProcessEnvironment env()
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.remove(QStringLiteral("GPUWARDEN_TOKEN"));
        return e;
    }

    QJsonObject balances(const QString& url, int* status = nullptr)
    {
        QNetworkRequest req(QUrl(url + QStringLiteral("/v1/balances")));
        req.setRawHeader("Authorization", "Bearer " + kRead);
        QNetworkReply* r = m_nam.get(req);
        if (!r->isFinished()) {
            QSignalSpy done(r, &QNetworkReply::finished);
            done.wait(10'000);
        }
        if (status)
            *status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject o = QJsonDocument::fromJson(r->readAll()).object();
        r->deleteLater();
        return o;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(clitest::writeFile(path(QStringLiteral("policy.toml")), policyToml()));
    }

    void keeperPeerAndRelayAsProcesses()
    {
        AgentProcess peer, keeper, relay;
        QVERIFY2(peer.start(path(QStringLiteral("peer.toml")), agentToml("node-2", ""), env()),
                 qPrintable(peer.why()));
        secret(QStringLiteral("node-2.token"), kRead);
        QVERIFY2(keeper.start(path(QStringLiteral("keeper.toml")),
                              agentToml("node-1", "[tokens]\npoll_interval = \"1s\"\n"
                                                  "[[tokens.peer]]\nurl = \"" +
                                                      peer.url().toUtf8() +
                                                      "\"\ntoken_file = \"node-2.token\"\n"),
                              env()),
                 qPrintable(keeper.why()));
        QJsonObject peerEntry;
        QTRY_VERIFY_WITH_TIMEOUT(
            (peerEntry =
                 balances(keeper.url())[QStringLiteral("servers")].toArray().at(1).toObject(),
             peerEntry[QStringLiteral("reachable")].toBool()),
            15'000);
        QCOMPARE(peerEntry[QStringLiteral("url")].toString(), peer.url());
        QCOMPARE(peerEntry[QStringLiteral("error")].toString(), QString());
        const QJsonObject kept = balances(keeper.url());
        QCOMPARE(kept[QStringLiteral("role")].toString(), QStringLiteral("keeper"));
        QCOMPARE(kept[QStringLiteral("keeper")].toString(), QStringLiteral("node-1"));
        QCOMPARE(kept[QStringLiteral("servers")].toArray().size(), 2);

        secret(QStringLiteral("keeper.token"), kRead);
        QVERIFY2(relay.start(path(QStringLiteral("relay.toml")),
                             agentToml("node-3", "[tokens]\nkeeper = false\npoll_interval = "
                                                 "\"1s\"\nkeeper_url = \"" +
                                                     keeper.url().toUtf8() +
                                                     "\"\nkeeper_token_file = \"keeper.token\"\n"),
                             env()),
                 qPrintable(relay.why()));
        int status = 0;
        QTRY_VERIFY_WITH_TIMEOUT((balances(relay.url(), &status), status == 200), 15'000);
        QJsonObject relayed = balances(relay.url());
        QCOMPARE(relayed[QStringLiteral("role")].toString(), QStringLiteral("relay"));
        QCOMPARE(relayed[QStringLiteral("keeper")].toString(), QStringLiteral("node-1"));
        QCOMPARE(relayed[QStringLiteral("error")].toString(), QString());
        const qint64 fetched = relayed[QStringLiteral("fetched_ms")].toInteger();
        QVERIFY(fetched > 0);

        keeper.stop();
        QTRY_VERIFY_WITH_TIMEOUT(
            !balances(relay.url())[QStringLiteral("error")].toString().isEmpty(), 15'000);
        relayed = balances(relay.url(), &status);
        QCOMPARE(status, 200); // the last balances stay
        QCOMPARE(relayed[QStringLiteral("balances")], kept[QStringLiteral("balances")]);
        QVERIFY(relayed[QStringLiteral("fetched_ms")].toInteger() >= fetched);
        QVERIFY(relayed[QStringLiteral("now_ms")].toInteger() >
                relayed[QStringLiteral("fetched_ms")].toInteger());
    }

    void tokenFileOthersMayReadStopsTheAgent()
    {
        secret(QStringLiteral("open.token"), kRead,
               QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther);
        AgentProcess keeper;
        QVERIFY(!keeper.start(path(QStringLiteral("open.toml")),
                              agentToml("node-1", "[tokens]\n[[tokens.peer]]\nurl = "
                                                  "\"http://127.0.0.1:9\"\ntoken_file = "
                                                  "\"open.token\"\n"),
                              env()));
        keeper.process().waitForFinished(10'000);
        QCOMPARE(keeper.process().exitCode(), 2);
        const QString err =
            keeper.why() + QString::fromLocal8Bit(keeper.process().readAllStandardError());
        QVERIFY2(
            err.contains(path(QStringLiteral("open.toml")) + QStringLiteral(":10:1: token_file")),
            qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("chmod 600")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestAgentKeeperProcess)
#include "tst_agentkeeperprocess.moc"
