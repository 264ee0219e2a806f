// `gpuwarden-cli select | wait` with several --source: two real agents on
// the fake NVML, node-a (tests/nvml/scenarios/select.scenario: 2 of 4 GPUs
// idle, up to 76 GiB free) and node-b (fleet-idle.scenario: 8 idle GPUs,
// 39 GiB free each). The server with more idle GPUs is asked first; one
// that cannot serve the request passes it to the next; an agent that does
// not answer is named and left out.

#include "clitestenv.h"
#include "remote/sourceoption.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using clitest::Run;

namespace {

const QByteArray kJobToken = "j0b-token";

class Agent
{
public:
    // Starts gpuwarden-agent named `name` on `scenario`; url() is empty when
    // it did not come up.
    Agent(const QString& dir, const QString& name, const QString& scenario)
    {
        m_process.start(dir + QStringLiteral("/") + name + QStringLiteral(".toml"),
                        "[agent]\ninterval_ms = 100\nname = \"" + name.toUtf8() +
                            "\"\n[journal]\npath = \"\"\n" +
                            clitest::agentTokenToml("jobs", "allocate", kJobToken),
                        clitest::fakeNvmlEnv(scenario));
        m_url = m_process.url();
    }
    QString url() const { return m_url; }
    // True once the agent serves a reading of `gpus` GPUs.
    bool ready(int gpus) const
    {
        gw::AgentEndpoint s;
        s.url = QUrl(m_url);
        s.token = kJobToken;
        QString error;
        const auto reading = gw::readAgentSnapshot(s, &error);
        return reading && reading->gpus.size() == gpus;
    }

private:
    clitest::AgentProcess m_process;
    QString m_url;
};

} // namespace

class TestCliFleet : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Agent> m_a;
    std::unique_ptr<Agent> m_b;

    Run cli(const QStringList& args, const QStringList& sources)
    {
        QStringList all{args.first()};
        for (const QString& url : sources)
            all << QStringLiteral("--source") << url;
        QProcessEnvironment env = clitest::fakeNvmlEnv(QString());
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QString::fromLatin1(kJobToken));
        return clitest::runCli(all + args.mid(1), env);
    }
    QStringList both() const { return {m_a->url(), m_b->url()}; }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        m_a = std::make_unique<Agent>(m_tmp.path(), QStringLiteral("node-a"),
                                      QStringLiteral(GW_NVML_SELECT));
        m_b = std::make_unique<Agent>(m_tmp.path(), QStringLiteral("node-b"),
                                      QStringLiteral(GW_NVML_FLEET_IDLE));
        QVERIFY(!m_a->url().isEmpty());
        QVERIFY(!m_b->url().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(m_a->ready(4), 10'000);
        QTRY_VERIFY_WITH_TIMEOUT(m_b->ready(8), 10'000);
    }
    void cleanup()
    {
        m_a.reset();
        m_b.reset();
    }

    // node-b has 8 idle GPUs, node-a 2: node-b is asked first and reserves.
    void theServerWithMostIdleGpusFirst()
    {
        const Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("2"),
                           QStringLiteral("--user"), QStringLiteral("alice")},
                          both());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, "export CUDA_VISIBLE_DEVICES=0,1\nexport GPUWARDEN_SERVER=node-b\n"
                        "export GPUWARDEN_SOURCE=" +
                            m_b->url().toUtf8() + "\n");
        QVERIFY2(r.err.contains("reserved on node-b for alice"), r.err.constData());
    }

    // 50 GiB free: node-b (39 GiB each) refuses, node-a grants its best two.
    void aServerThatCannotServePassesToTheNext()
    {
        const Run r =
            cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("2"),
                 QStringLiteral("--min-free"), QStringLiteral("50GiB"), QStringLiteral("--user"),
                 QStringLiteral("alice"), QStringLiteral("--json")},
                both());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[QStringLiteral("server")].toString(), QStringLiteral("node-a"));
        QCOMPARE(o[QStringLiteral("source")].toString(), m_a->url());
        QCOMPARE(o[QStringLiteral("cuda_visible_devices")].toString(), QStringLiteral("1,3"));
    }

    // Nobody has 4 GPUs with 50 GiB free: exit 3, every server's reasons.
    void noServerQualifies()
    {
        const Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("4"),
                           QStringLiteral("--min-free"), QStringLiteral("50GiB"),
                           QStringLiteral("--user"), QStringLiteral("alice")},
                          both());
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(r.err.startsWith("gpuwarden-cli: no server has 4 GPUs that qualify\n"),
                 r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: node-b: GPU 0: 39,936 MiB free, needs 51,200"),
                 r.err.constData());
        QVERIFY2(r.err.contains("gpuwarden-cli: node-a: GPU 2:"), r.err.constData());
        // The reservations were all or nothing: nothing is held anywhere.
        const Run again =
            cli({QStringLiteral("wait"), QStringLiteral("--gpus"), QStringLiteral("8"),
                 QStringLiteral("--user"), QStringLiteral("bob")},
                both());
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY(again.out.contains("GPUWARDEN_SERVER=node-b"));
        QVERIFY2(again.err.contains("nothing reserved"), again.err.constData());
    }

    // An agent that does not answer is named; the others still serve.
    void anAgentThatIsDownIsNamed()
    {
        const QString gone = m_b->url();
        m_b.reset();
        const Run r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("1"),
                           QStringLiteral("--user"), QStringLiteral("alice")},
                          {gone, m_a->url()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("GPUWARDEN_SERVER=node-a"));
        QVERIFY2(r.err.contains(QByteArray("gpuwarden-cli: " + gone.toUtf8() + ": no answer: ")),
                 r.err.constData());
        // With every agent down: exit 1, not 3 (nothing was judged).
        m_a.reset();
        const Run none =
            cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("1"),
                 QStringLiteral("--user"), QStringLiteral("alice")},
                {gone, QStringLiteral("http://127.0.0.1:1")});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains("none of the 2 agents answered"), none.err.constData());
    }

    // run and advise read one agent; the same URL twice is a mistake.
    void severalSourcesWhereOneIsRead()
    {
        Run r = cli({QStringLiteral("run"), QStringLiteral("--gpus"), QStringLiteral("1"),
                     QStringLiteral("--"), QStringLiteral("true")},
                    both());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("run reads one agent"), r.err.constData());
        r = cli({QStringLiteral("advise"), QStringLiteral("--user"), QStringLiteral("alice")},
                both());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--source is given 2 times"), r.err.constData());
        r = cli({QStringLiteral("select"), QStringLiteral("--gpus"), QStringLiteral("1")},
                {m_a->url(), m_a->url()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("is given twice"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliFleet)
#include "tst_clifleet.moc"
