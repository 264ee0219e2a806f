#include "agent/agentconfig.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

namespace {
const QByteArray kHash = sha256("s3cret").toHex();
QByteArray withToken(const QByteArray& rest)
{
    return rest + "\n[[token]]\nname = \"ws\"\nsha256 = \"" + kHash + "\"\n";
}
// Writes `bytes` to `path` with the given permissions (a token file's mode
// is part of what is checked).
void write(const QString& path, const QByteArray& bytes, QFileDevice::Permissions perms)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    QVERIFY(f.setPermissions(perms));
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
        QCOMPARE(c->kernelLog, QStringLiteral("/dev/kmsg"));
        QCOMPARE(c->tokens.size(), 1);
        QCOMPARE(c->tokens[0].sha256, sha256("s3cret"));
        QCOMPARE(c->tokens[0].scope, TokenScope::Read);
    }

    void aFileWithoutATokenIsRead()
    {
        // As the package installs it: the agent answers /healthz alone
        // until `token new` adds one (tst_agenttoken).
        QString error;
        const auto c =
            AgentConfig::parse("[agent]\nport = 9100\n", QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->tokens.isEmpty());
        QCOMPARE(c->port, 9100);
    }

    void theGuideListsEveryKeyAndNoOther()
    {
        // docs/guide/configuration.md: a "### [table]" heading, then rows
        // "| `key` | …". Every key the parser takes is there, and no other.
        QFile f(QStringLiteral(GW_CONFIG_GUIDE));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        const int start = text.indexOf(QStringLiteral("## agent.toml"));
        const int end = text.indexOf(QStringLiteral("\n## "), start + 1);
        QVERIFY(start >= 0);
        static const QRegularExpression heading(QStringLiteral("^### `\\[+([a-z._]+)\\]+`"));
        static const QRegularExpression row(QStringLiteral("^\\| `([a-z0-9_]+)` \\|"));
        QSet<QString> documented;
        QString table;
        for (const QString& line :
             text.mid(start, end < 0 ? -1 : end - start).split(QLatin1Char('\n'))) {
            if (const auto h = heading.match(line); h.hasMatch())
                table = h.captured(1);
            else if (const auto r = row.match(line); r.hasMatch() && !table.isEmpty())
                documented << table + QLatin1Char(' ') + r.captured(1);
        }
        QSet<QString> parsed;
        for (const AgentConfigKey& k : agentConfigKeys())
            parsed << QLatin1String(k.table) + QLatin1Char(' ') + QLatin1String(k.key);
        QCOMPARE(parsed.size(), agentConfigKeys().size()); // no key twice
        const QSet<QString> undocumented = parsed - documented;
        const QSet<QString> unknown = documented - parsed;
        QVERIFY2(undocumented.isEmpty(), qPrintable(undocumented.values().join(u", ")));
        QVERIFY2(unknown.isEmpty(), qPrintable(unknown.values().join(u", ")));

        // And the parser refuses what is not in the table: a key next to
        // each table's first (a typo), with the nearest suggested.
        QString error;
        QVERIFY(!AgentConfig::parse(withToken("[agent]\nlistn = \"::1\"\n"),
                                    QStringLiteral("agent.toml"), &error));
        QVERIFY2(error.contains(QStringLiteral("unknown key \"listn\" in [agent] (did you "
                                               "mean \"listen\"?)")),
                 qPrintable(error));
        QVERIFY(!AgentConfig::parse(withToken("[agents]\n"), QStringLiteral("agent.toml"), &error));
        QVERIFY2(error.contains(QStringLiteral("(did you mean \"agent\"?)")), qPrintable(error));
        QVERIFY(!AgentConfig::parse(withToken("[tokens]\n[[tokens.peers]]\nurl = \"http://a\"\n"),
                                    QStringLiteral("agent.toml"), &error));
        QVERIFY2(error.contains(QStringLiteral("(did you mean \"peer\"?)")), qPrintable(error));
    }

    void theInstalledExampleIsRead()
    {
        // resources/agent.toml.example is the package's /etc/gpuwarden/agent.toml.
        QFile f(QStringLiteral(GW_AGENT_EXAMPLE));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString error;
        const auto c = AgentConfig::parse(f.readAll(), QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->tokens.isEmpty());
        QCOMPARE(c->listen, QHostAddress(QHostAddress::LocalHost));
        QCOMPARE(c->policyPath, QStringLiteral("/etc/gpuwarden/policy.toml"));
        QCOMPARE(c->historyPath, QStringLiteral("/var/lib/gpuwarden/history.sqlite"));
    }

    void everySettingIsRead()
    {
        QString error;
        const auto c = AgentConfig::parse(
            withToken(
                "[agent]\nlisten = \"::1\"\nport = 9100\ninterval_ms = 2000\nbackend = "
                "\"nvidia-smi\"\nhistory = \"/var/lib/h.sqlite\"\nring_size = 600\n"
                "name = \"gpu-node-3\"\nkernel_log = "
                "\"/var/log/kmsg.saved\"\n[limits]\nmax_body_bytes = 1024\nrequests_per_second "
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
        QCOMPARE(c->kernelLog, QStringLiteral("/var/log/kmsg.saved"));
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
        QTest::newRow("half of tls")
            << withToken("[tls]\ncertificate = \"/etc/a.crt\"\n")
            << QStringLiteral("[tls] needs both \"certificate\" and \"key\"");
        QTest::newRow("tokens typo with a suggestion")
            << withToken("[tokens]\npol_interval = \"30s\"\n")
            << QStringLiteral("agent.toml:2:16: unknown key \"pol_interval\" in [tokens] (did "
                              "you mean \"poll_interval\"?)");
        QTest::newRow("keeper not a boolean")
            << withToken("[tokens]\nkeeper = \"yes\"\n")
            << QStringLiteral("agent.toml:2:10: \"keeper\" must be true or false");
        QTest::newRow("poll interval without a unit")
            << withToken("[tokens]\npoll_interval = \"60\"\n")
            << QStringLiteral("agent.toml:2:17: \"poll_interval\" must be a duration from 1s to "
                              "24h such as \"60s\", not \"60\"");
        QTest::newRow("poll interval too short")
            << withToken("[tokens]\npoll_interval = \"100ms\"\n")
            << QStringLiteral("agent.toml:2:17: \"poll_interval\" must be a duration from 1s");
        QTest::newRow("keeper with keeper_url")
            << withToken("[tokens]\nkeeper_url = \"https://node-1:9807\"\n")
            << QStringLiteral("agent.toml:2:14: \"keeper_url\" is for keeper = false");
        QTest::newRow("relay without keeper_url")
            << withToken("[tokens]\nkeeper = false\n")
            << QStringLiteral("agent.toml:1:1: [tokens] keeper = false needs \"keeper_url\"");
        QTest::newRow("relay without a token file")
            << withToken("[tokens]\nkeeper = false\nkeeper_url = \"https://node-1:9807\"\n")
            << QStringLiteral("agent.toml:1:1: [tokens] keeper = false needs "
                              "\"keeper_token_file\"");
        QTest::newRow("relay with peers")
            << withToken("[tokens]\nkeeper = false\nkeeper_url = \"http://n:1\"\n"
                         "keeper_token_file = \"k\"\n[[tokens.peer]]\nurl = \"http://m:1\"\n"
                         "token_file = \"t\"\n")
            << QStringLiteral("[[tokens.peer]] is for the keeper only");
        QTest::newRow("peer without url")
            << withToken("[tokens]\n[[tokens.peer]]\ntoken_file = \"t\"\n")
            << QStringLiteral("agent.toml:2:1: [[tokens.peer]] 1 has no \"url\"");
        QTest::newRow("peer without token file")
            << withToken("[tokens]\n[[tokens.peer]]\nurl = \"https://node-2:9807\"\n")
            << QStringLiteral("agent.toml:2:1: [[tokens.peer]] 1 (https://node-2:9807) has no "
                              "\"token_file\"");
        QTest::newRow("peer url with a path")
            << withToken("[tokens]\n[[tokens.peer]]\nurl = \"https://node-2:9807/v1/usage\"\n"
                         "token_file = \"t\"\n")
            << QStringLiteral("agent.toml:3:7: [[tokens.peer]] 1: \"url\" must be an agent's "
                              "address such as https://node-2:9807");
        QTest::newRow("peer url not http")
            << withToken("[tokens]\n[[tokens.peer]]\nurl = \"ftp://node-2\"\ntoken_file = "
                         "\"t\"\n")
            << QStringLiteral("\"url\" must be an agent's address");
        QTest::newRow("peer listed twice")
            << withToken("[tokens]\n[[tokens.peer]]\nurl = \"http://a:1\"\ntoken_file = "
                         "\"t\"\n[[tokens.peer]]\nurl = \"http://a:1/\"\ntoken_file = \"u\"\n")
            << QStringLiteral("agent.toml:6:7: [[tokens.peer]] 2: http://a:1 is listed twice");
        QTest::newRow("peer fingerprint short")
            << withToken("[tokens]\n[[tokens.peer]]\nurl = \"https://a:1\"\ntoken_file = "
                         "\"t\"\nfingerprint = \"AB:CD\"\n")
            << QStringLiteral("agent.toml:5:15: [[tokens.peer]] 1: \"fingerprint\" must be the "
                              "certificate's SHA-256 fingerprint");
        QTest::newRow("peer typo")
            << withToken("[tokens]\n[[tokens.peer]]\nurl = \"https://a:1\"\ntoken = \"t\"\n")
            << QStringLiteral("agent.toml:4:9: unknown key \"token\" in [[tokens.peer]]");
        QTest::newRow("peer not a table list")
            << withToken("[tokens]\npeer = \"https://a:1\"\n")
            << QStringLiteral("agent.toml:2:8: peers are written as [[tokens.peer]] tables");
        QTest::newRow("prometheus on a relay")
            << withToken("[tokens]\nkeeper = false\nkeeper_url = \"http://n:1\"\n"
                         "keeper_token_file = \"k\"\nprometheus_url = \"http://prom:9090\"\n")
            << QStringLiteral("agent.toml:5:18: \"prometheus_url\" is for the keeper only");
        QTest::newRow("prometheus token without url")
            << withToken("[tokens]\nprometheus_token_file = \"p\"\n")
            << QStringLiteral(
                   "agent.toml:2:25: \"prometheus_token_file\" without \"prometheus_url\"");
        QTest::newRow("prometheus url with a path")
            << withToken("[tokens]\nprometheus_url = \"http://prom:9090/api\"\n")
            << QStringLiteral("agent.toml:2:18: [tokens]: \"prometheus_url\" must be an agent's "
                              "address");
        QTest::newRow("runtimes typo")
            << withToken("[runtimes]\ndocker_sock = \"/x\"\n")
            << QStringLiteral("agent.toml:2:15: unknown key \"docker_sock\" in [runtimes] (did you "
                              "mean \"docker_socket\"?)");
        QTest::newRow("runtimes timeout too short")
            << withToken("[runtimes]\ntimeout_ms = 5\n")
            << QStringLiteral("agent.toml:2:14: \"timeout_ms\" must be between 100 and 60000");
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

    void runtimesSayWhereToAskForNames()
    {
        QString error;
        auto c = AgentConfig::parse(withToken(""), QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->runtimes.dockerSocket, QStringLiteral("/var/run/docker.sock"));
        QCOMPARE(c->runtimes.podmanSocket, QStringLiteral("/run/podman/podman.sock"));
        QCOMPARE(c->runtimes.scontrol, QStringLiteral("scontrol"));
        QCOMPARE(c->scancel, QStringLiteral("scancel"));
        QCOMPARE(c->runtimes.kubeletSocket,
                 QStringLiteral("/var/lib/kubelet/pod-resources/kubelet.sock"));
        c = AgentConfig::parse(withToken("[runtimes]\ndocker_socket = \"\"\npodman_socket = "
                                         "\"/run/user/1000/podman/podman.sock\"\nscontrol = "
                                         "\"/opt/slurm/bin/scontrol\"\ntimeout_ms = 500\n"
                                         "scancel = \"\"\nkubelet_socket = \"/k.sock\"\n"),
                               QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->runtimes.dockerSocket.isEmpty()); // not asked
        QCOMPARE(c->runtimes.podmanSocket, QStringLiteral("/run/user/1000/podman/podman.sock"));
        QCOMPARE(c->runtimes.scontrol, QStringLiteral("/opt/slurm/bin/scontrol"));
        QCOMPARE(c->runtimes.timeoutMs, 500);
        QVERIFY(c->scancel.isEmpty()); // enforcement never cancels a job
        QCOMPARE(c->runtimes.kubeletSocket, QStringLiteral("/k.sock"));
    }

    void tokensKeeperAndRelayAreRead()
    {
        QString error;
        auto c = AgentConfig::parse(withToken(""), QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->keeping.keeper); // a single server is its own keeper
        QCOMPARE(c->keeping.pollInterval, std::chrono::seconds(60));
        QVERIFY(c->keeping.peers.isEmpty());
        QVERIFY(!c->keeping.keeperSource);
        const QByteArray pin = sha256("certificate");
        c = AgentConfig::parse(
            withToken("[tokens]\nkeeper = true\npoll_interval = \"30s\"\n[[tokens.peer]]\n"
                      "url = \"https://node-2:9807/\"\ntoken_file = \"/etc/gw/node-2.token\"\n"
                      "fingerprint = \"" +
                      pin.toHex(':').toUpper() +
                      "\"\n[[tokens.peer]]\nurl = \"http://node-3:9807\"\n"
                      "token_file = \"node-3.token\"\n"),
            QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->keeping.pollInterval, std::chrono::seconds(30));
        QCOMPARE(c->keeping.peers.size(), 2);
        QCOMPARE(c->keeping.peers[0].address, QStringLiteral("https://node-2:9807"));
        QCOMPARE(c->keeping.peers[0].url, QUrl(QStringLiteral("https://node-2:9807")));
        QCOMPARE(c->keeping.peers[0].tokenFile, QStringLiteral("/etc/gw/node-2.token"));
        QCOMPARE(c->keeping.peers[0].pinnedSha256, pin);
        QCOMPARE(c->keeping.peers[0].where, QStringLiteral("agent.toml:4:1"));
        QVERIFY(c->keeping.peers[1].pinnedSha256.isEmpty());
        c = AgentConfig::parse(withToken("[tokens]\nkeeper = false\nkeeper_url = "
                                         "\"https://node-1:9807\"\nkeeper_token_file = "
                                         "\"keeper.token\"\n"),
                               QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(!c->keeping.keeper);
        QVERIFY(c->keeping.keeperSource);
        QCOMPARE(c->keeping.keeperSource->address, QStringLiteral("https://node-1:9807"));
        QCOMPARE(c->keeping.keeperSource->tokenFile, QStringLiteral("keeper.token"));
        c = AgentConfig::parse(withToken("[tokens]\nprometheus_url = \"http://prom:9090\"\n"),
                               QStringLiteral("agent.toml"), &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->keeping.prometheus);
        QCOMPARE(c->keeping.prometheus->address, QStringLiteral("http://prom:9090"));
        QVERIFY(c->keeping.prometheus->tokenFile.isEmpty()); // often read without one
    }

    // The token files are read at start, beside agent.toml when relative;
    // one that group or others may read is refused, naming the entry.
    void tokenFilesAreSecrets()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString toml = dir.filePath(QStringLiteral("agent.toml"));
        const auto owner = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
        write(dir.filePath(QStringLiteral("node-2.token")), "s3cret-2\nignored\n", owner);
        write(toml,
              withToken("[tokens]\n[[tokens.peer]]\nurl = \"http://node-2:9807\"\n"
                        "token_file = \"node-2.token\"\n"),
              owner);
        QString error;
        auto c = AgentConfig::load(toml, &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->keeping.peers[0].token, QByteArray("s3cret-2"));

        write(dir.filePath(QStringLiteral("node-2.token")), "s3cret-2\n",
              owner | QFileDevice::ReadGroup);
        QVERIFY(!AgentConfig::load(toml, &error));
        QVERIFY2(error.startsWith(toml + QStringLiteral(":2:1: token_file ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("group or others may read it; chmod 600 it")),
                 qPrintable(error));

        write(dir.filePath(QStringLiteral("node-2.token")), "\n", owner);
        QVERIFY(!AgentConfig::load(toml, &error));
        QVERIFY2(error.contains(QStringLiteral("its first line is empty")), qPrintable(error));

        QFile::remove(dir.filePath(QStringLiteral("node-2.token")));
        QVERIFY(!AgentConfig::load(toml, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be read")), qPrintable(error));
    }

    // A [[token]] may name the token's file (a Kubernetes Secret) instead
    // of its hash: read and hashed at load, refused as peers' files are.
    void aTokenFromAFileIsHashedAtLoad()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString toml = dir.filePath(QStringLiteral("agent.toml"));
        const QString secret = dir.filePath(QStringLiteral("read-token"));
        const auto owner = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
        write(secret, "k8s-secret-token\n", QFileDevice::ReadOwner);
        write(toml,
              "[agent]\n[[token]]\nname = \"prometheus\"\ntoken_file = \"read-token\"\n"
              "scope = \"read\"\n",
              owner);
        QString error;
        auto c = AgentConfig::load(toml, &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->tokens.size(), 1);
        QCOMPARE(c->tokens[0].sha256, sha256("k8s-secret-token"));
        QCOMPARE(c->tokens[0].tokenFile, QStringLiteral("read-token"));
        // Parsed without reading files: not hashed yet, so nothing matches.
        auto parsed = AgentConfig::parse("[[token]]\nname = \"p\"\ntoken_file = \"x\"\n",
                                         QStringLiteral("agent.toml"), &error);
        QVERIFY2(parsed, qPrintable(error));
        QVERIFY(parsed->tokens[0].sha256.isEmpty());

        // Readable by others: refused, naming the token and where it is.
        write(secret, "k8s-secret-token\n", QFileDevice::ReadOwner | QFileDevice::ReadOther);
        QVERIFY(!AgentConfig::load(toml, &error));
        QVERIFY2(error.startsWith(toml + QStringLiteral(":2:1: token_file ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("for token \"prometheus\": group or others")),
                 qPrintable(error));

        // Both forms, or an empty file name: refused with the place.
        QVERIFY(!AgentConfig::parse("[[token]]\nname = \"p\"\ntoken_file = \"x\"\nsha256 = \"" +
                                        QByteArray(64, 'a') + "\"\n",
                                    QStringLiteral("agent.toml"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("agent.toml:4:")) &&
                     error.contains(QStringLiteral("not both")),
                 qPrintable(error));
        QVERIFY(!AgentConfig::parse("[[token]]\nname = \"p\"\ntoken_file = \"\"\n",
                                    QStringLiteral("agent.toml"), &error));
        QVERIFY2(error.contains(QStringLiteral("\"token_file\" is empty")), qPrintable(error));
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
