#include "agent/agentconfig.h"

#include <QTemporaryDir>
#include <QTest>

using namespace gw;

namespace {
const QByteArray kHash = sha256("s3cret").toHex();
QByteArray withToken(const QByteArray& rest)
{
    return rest + "\n[[token]]\nname = \"ws\"\nsha256 = \"" + kHash + "\"\n";
}
} // namespace

class TestAgentConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultsListenOnLoopbackOnly()
    {
        QString error;
        const auto c = AgentConfig::parse(withToken(""), QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->listen, QHostAddress(QHostAddress::LocalHost));
        QCOMPARE(c->port, AgentConfig::kDefaultPort);
        QCOMPARE(c->intervalMs, 1000);
        QCOMPARE(c->tokens.size(), 1);
        QCOMPARE(c->tokens[0].sha256, sha256("s3cret"));
        QCOMPARE(c->tokens[0].scope, TokenScope::Read);
    }

    void everySettingIsRead()
    {
        QString error;
        const auto c = AgentConfig::parse(
            withToken("[agent]\nlisten = \"::1\"\nport = 9100\ninterval_ms = 2000\nbackend = "
                      "\"nvidia-smi\"\nhistory = \"/var/lib/h.sqlite\"\nring_size = 600\n"
                      "name = \"gpu-node-3\"\n[limits]\nmax_body_bytes = 1024\nrequests_per_second "
                      "= 5\nburst = 7\n") +
                "[[token]]\nname = \"admin\"\nsha256 = \"" + sha256("root").toHex() +
                "\"\nscope = \"admin\"\n",
            QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->listen, QHostAddress(QHostAddress::LocalHostIPv6));
        QCOMPARE(c->port, 9100);
        QCOMPARE(c->intervalMs, 2000);
        QCOMPARE(c->backend, QStringLiteral("nvidia-smi"));
        QCOMPARE(c->historyPath, QStringLiteral("/var/lib/h.sqlite"));
        QCOMPARE(c->ringSize, 600);
        QCOMPARE(c->serverName, QStringLiteral("gpu-node-3"));
        QCOMPARE(c->maxBodyBytes, 1024);
        QCOMPARE(c->requestsPerSecond, 5.0);
        QCOMPARE(c->burst, 7);
        QCOMPARE(c->tokens.size(), 2);
        QCOMPARE(c->tokens[1].scope, TokenScope::Admin);
    }

    void journalDefaultsBesideTheHistoryOrInTheStateDirectory()
    {
        QString error;
        auto c = AgentConfig::parse(withToken(""), QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->journalPath, QStringLiteral("/var/lib/gpuwarden/agent-journal.sqlite"));
        QCOMPARE(c->journalRetention, std::chrono::hours(24));
        c = AgentConfig::parse(withToken("[agent]\nhistory = \"/srv/gw/history.sqlite\"\n"),
                               QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->journalPath, QStringLiteral("/srv/gw/agent-journal.sqlite"));
        c = AgentConfig::parse(
            withToken("[journal]\npath = \"/tmp/j.sqlite\"\nretention_hours = 72\n"),
            QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->journalPath, QStringLiteral("/tmp/j.sqlite"));
        QCOMPARE(c->journalRetention, std::chrono::hours(72));
        // An empty path turns the journal off.
        c = AgentConfig::parse(withToken("[journal]\npath = \"\"\n"), QStringLiteral("agent.toml"),
                               &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->journalPath.isEmpty());
        // A configuration built in code has none.
        QVERIFY(AgentConfig().journalPath.isEmpty());
    }

    void mistakesNameFileLineAndWhat_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("typo in a key")
            << withToken("[agent]\nprot = 9100\n")
            << QStringLiteral("agent.toml:2:8: unknown key \"prot\" in [agent]");
        QTest::newRow("port out of range")
            << withToken("[agent]\nport = 70000\n")
            << QStringLiteral("agent.toml:2:8: \"port\" must be between 1 and 65535, not 70000");
        QTest::newRow("port as text")
            << withToken("[agent]\nport = \"9100\"\n")
            << QStringLiteral("agent.toml:2:8: \"port\" must be a whole number");
        QTest::newRow("listen not an address")
            << withToken("[agent]\nlisten = \"localhost\"\n")
            << QStringLiteral("agent.toml:2:10: \"listen\" must be an IP address");
        QTest::newRow("unknown backend") << withToken("[agent]\nbackend = \"cuda\"\n")
                                         << QStringLiteral("\"backend\" must be one of auto, nvml");
        QTest::newRow("name with a blank")
            << withToken("[agent]\nname = \"gpu node\"\n")
            << QStringLiteral("agent.toml:2:8: \"name\" must be 1 to 64 characters without "
                              "blanks, such as gpu-node-3, not \"gpu node\"");
        QTest::newRow("empty name") << withToken("[agent]\nname = \"\"\n")
                                    << QStringLiteral("agent.toml:2:8: \"name\" must be 1 to 64");
        QTest::newRow("journal retention of zero")
            << withToken("[journal]\nretention_hours = 0\n")
            << QStringLiteral(
                   "agent.toml:2:19: \"retention_hours\" must be between 1 and 8784, not 0");
        QTest::newRow("journal typo")
            << withToken("[journal]\nretention = 5\n")
            << QStringLiteral("agent.toml:2:13: unknown key \"retention\" in [journal]");
        QTest::newRow("journal path not text")
            << withToken("[journal]\npath = 5\n")
            << QStringLiteral("agent.toml:2:8: \"path\" must be a string");
        QTest::newRow("syntax error")
            << QByteArray("[agent\nport = 1\n") << QStringLiteral("agent.toml:1:");
        QTest::newRow("short hash")
            << QByteArray("[[token]]\nname = \"ws\"\nsha256 = \"abcd\"\n")
            << QStringLiteral(
                   "agent.toml:3:10: token \"ws\": \"sha256\" must be the 64 hex digits");
        QTest::newRow("bad scope") << QByteArray("[[token]]\nname = \"ws\"\nsha256 = \"" + kHash +
                                                 "\"\nscope = \"root\"\n")
                                   << QStringLiteral("agent.toml:4:9: token \"ws\": \"scope\" must "
                                                     "be \"read\", \"allocate\" or \"admin\"");
        QTest::newRow("no token") << QByteArray("[agent]\nport = 9100\n")
                                  << QStringLiteral("agent.toml: no [[token]] is configured");
        QTest::newRow("half of tls")
            << withToken("[tls]\ncertificate = \"/etc/a.crt\"\n")
            << QStringLiteral("[tls] needs both \"certificate\" and \"key\"");
        QTest::newRow("unknown table")
            << withToken("[agnet]\nport = 1\n")
            << QStringLiteral("agent.toml:1:1: unknown key \"agnet\" in the file");
    }

    void mistakesNameFileLineAndWhat()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!AgentConfig::parse(text, QStringLiteral("agent.toml"), &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void unreadableFileSaysSo()
    {
        QString error;
        QVERIFY(!AgentConfig::load(QStringLiteral("/nonexistent/agent.toml"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("/nonexistent/agent.toml: cannot read")),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestAgentConfig)
#include "tst_agentconfig.moc"
