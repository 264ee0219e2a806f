// `gpuwarden-cli tokens --source URL` against a real gpuwarden-agent keeping
// the token books ([tokens] in the policy named by agent.toml's [policy]
// path): the listed users' balances, an admin's adjustment in the ledger of
// --user, --json, and an agent without [tokens] refused with its reason.

#include "clitestenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using clitest::Run;

namespace {

const QByteArray kReadToken = "r3ad-token";
const QByteArray kAdminToken = "adm1n-token";

} // namespace

class TestCliTokensAgent : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<clitest::AgentProcess> m_agent;
    QString m_url;

    Run cli(const QStringList& args)
    {
        QProcessEnvironment e = clitest::fakeNvmlEnv(QStringLiteral(GW_NVML_SELECT));
        e.insert(QStringLiteral("GPUWARDEN_TOKEN"), QString::fromLatin1(kReadToken));
        return clitest::runCli(
            QStringList{QStringLiteral("tokens"), QStringLiteral("--source"), m_url} + args, e);
    }

    void startAgent(bool tokens)
    {
        const QString policy = m_tmp.filePath(QStringLiteral("policy.toml"));
        QVERIFY(clitest::writeFile(policy, tokens ? "[tokens]\ninitial = 100\nmonthly = 30\n"
                                                    "users = [\"alice\", \"bob\"]\n"
                                                  : "# no token books\n"));
        m_agent = std::make_unique<clitest::AgentProcess>();
        QVERIFY2(m_agent->start(m_tmp.filePath(QStringLiteral("agent.toml")),
                                "[agent]\ninterval_ms = 100\n[journal]\npath = \"\"\n[policy]\n"
                                "path = \"" +
                                    policy.toUtf8() + "\"\n" +
                                    clitest::agentTokenToml("reader", "read", kReadToken) +
                                    clitest::agentTokenToml("boss", "admin", kAdminToken),
                                clitest::fakeNvmlEnv(QStringLiteral(GW_NVML_SELECT))),
                 qPrintable(m_agent->why()));
        m_url = m_agent->url();
    }

    int post(const QByteArray& body)
    {
        QNetworkAccessManager nam;
        QNetworkRequest req(QUrl(m_url + QStringLiteral("/v1/ledger")));
        req.setRawHeader("Authorization", "Bearer " + kAdminToken);
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply* r = nam.post(req, body);
        QSignalSpy done(r, &QNetworkReply::finished);
        done.wait(10'000);
        const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        delete r;
        return status;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void cleanup() { m_agent.reset(); }

    void balancesAndLedgerFromTheAgent()
    {
        startAgent(true);
        Run r = cli({});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("alice"), r.out.constData());
        QVERIFY2(r.out.contains("130"), r.out.constData()); // initial + the month's addition

        QCOMPARE(post("{\"user\":\"alice\",\"amount\":-5,\"reason\":\"a crashed job's GPU\"}"),
                 201);
        r = cli({QStringLiteral("--json"), QStringLiteral("--user"), QStringLiteral("alice")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j[QStringLiteral("balances")][QStringLiteral("alice")].toDouble(), 125.0);
        QCOMPARE(j[QStringLiteral("balances")][QStringLiteral("bob")].toDouble(), 130.0);
        const QJsonArray entries = j[QStringLiteral("entries")].toArray();
        QCOMPARE(entries.size(), 2); // the grant, the adjustment
        QCOMPARE(entries[1][QStringLiteral("by")].toString(), QStringLiteral("boss"));

        r = cli({QStringLiteral("--user"), QStringLiteral("alice")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("ledger of alice"), r.out.constData());
        QVERIFY2(r.out.contains("a crashed job's GPU"), r.out.constData());
        QVERIFY2(r.out.contains("125"), r.out.constData());
    }

    void anAgentWithoutTokensSaysSo()
    {
        startAgent(false);
        const Run r = cli({});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no [tokens] section"), r.err.constData());
    }
};

QTEST_MAIN(TestCliTokensAgent)
#include "tst_clitokensagent.moc"
