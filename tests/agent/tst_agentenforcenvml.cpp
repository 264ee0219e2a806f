// Enforcement by token balance through the real gpuwarden-agent: a real
// `sleep` child listed by the fake NVML driver as holding 2 GiB on a GPU.
// Its user is put 5 tokens below zero (POST /v1/ledger); nothing happens
// until a refused allocation makes demand high; then, with step_after and
// kill_grace at 1 s, the agent notifies, renices, terminates and kills it,
// each step at least 1 s after the last, all in GET /v1/audit. The child
// ignores SIGTERM, so the SIGKILL is seen too. About 10 s.

#include "agentcall.h"
#include "freeport.h"
#include "webhookreceiver.h"

using namespace Qt::StringLiterals;

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <unistd.h>

namespace {

constexpr uint kNobody = 65534;
const QByteArray kRead = "enforce-read";
const QByteArray kAdmin = "enforce-admin";

void writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
}

using gw::test::tokenHash;

gw::test::AgentReply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
                          const QByteArray& token, const QByteArray& method = "GET",
                          const QByteArray& body = {})
{
    return gw::test::callAgent(nam, port, path, token, method, body);
}

} // namespace

class TestAgentEnforceNvml : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void negativeUserUnderHighDemandIsNotifiedRenicedTerminated()
    {
        QProcess child;
        if (::geteuid() == 0)
            child.setChildProcessModifier([] {
                if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                    ::_exit(127);
            });
        child.start(QStringLiteral("sh"),
                    {QStringLiteral("-c"), QStringLiteral("trap \"\" TERM; exec sleep 600")});
        QVERIFY(child.waitForStarted());
        const qint64 pid = child.processId();
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 5000) {
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            if (comm.open(QIODevice::ReadOnly) && comm.readAll() == "sleep\n")
                break;
            QTest::qWait(5);
        }
        const passwd* pw = ::getpwuid(::geteuid() == 0 ? kNobody : ::geteuid());
        QVERIFY(pw);
        const QString user = QString::fromLocal8Bit(pw->pw_name);

        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("enforce.scenario"));
        writeFile(scenario, "driver 550.54.15\nnvml 12.550.54.15\n"
                            "gpu 0 name=\"NVIDIA A100-SXM4-80GB\" "
                            "uuid=GPU-1d1e0000-0000-4000-8000-000000000001 bus=00000000:19:00.0 "
                            "util=40 memutil=10 memused=2600MiB memtotal=81920MiB temp=31 "
                            "power=52000 powerlimit=400000\n"
                            "proc 0 compute pid=" +
                                QByteArray::number(pid) + " mem=2048MiB\n");
        const QString policy = dir.filePath(QStringLiteral("policy.toml"));
        // The steps reach people through the webhook (rate limit: 1 s per
        // kind and user; the steps 2 s apart, so that a step decided late on
        // a loaded machine is not held back behind the one before: with 1 s
        // apart the terminate step was folded into the kill's alert as
        // "… and 1 more").
        gw::test::WebhookReceiver hook;
        QVERIFY(hook.listen());
        writeFile(policy, "[tokens]\nenforce = \"auto\"\nstep_after = \"2s\"\n"
                          "kill_grace = \"1s\"\ndemand_for = \"1m\"\n[alerts]\nwebhook_url = \"" +
                              hook.url().toUtf8() + "\"\nrate_limit = \"1s\"\n");
        const QString config = dir.filePath(QStringLiteral("agent.toml"));
        writeFile(config, "[agent]\ninterval_ms = 250\nbackend = \"nvml\"\n[journal]\npath = \"" +
                              dir.filePath(QStringLiteral("journal.sqlite")).toUtf8() +
                              "\"\n[policy]\npath = \"" + policy.toUtf8() +
                              "\"\n[[token]]\nname = \"reader\"\nsha256 = \"" + tokenHash(kRead) +
                              "\"\nscope = \"read\"\n[[token]]\nname = \"boss\"\nsha256 = \"" +
                              tokenHash(kAdmin) + "\"\nscope = \"admin\"\n");
        QProcess agent;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(GW_FAKE_NVML_DIR));
        env.insert(QStringLiteral("GW_FAKE_NVML_SCENARIO"), scenario);
        agent.setProcessEnvironment(env);
        const quint16 port = gw::test::freePort();
        agent.start(QStringLiteral(GW_AGENT), {QStringLiteral("--config"), config,
                                               QStringLiteral("--port"), QString::number(port)});
        QVERIFY(agent.waitForReadyRead(10'000));
        QVERIFY(agent.readLine().startsWith("listening on"));

        QNetworkAccessManager nam;
        // The child's user goes 5 tokens below zero (130 granted at the first entry).
        const gw::test::AgentReply adjusted =
            call(nam, port, QStringLiteral("/v1/ledger"), kAdmin, "POST",
                 QJsonDocument(QJsonObject{{QStringLiteral("user"), user},
                                           {QStringLiteral("amount"), -135},
                                           {QStringLiteral("reason"), QStringLiteral("test")}})
                     .toJson());
        QCOMPARE(adjusted.status, 201);
        QCOMPARE(adjusted.json()[QStringLiteral("balance")].toDouble(), -5.0);
        // Low demand: listed by the readings, not a candidate.
        QTest::qWait(1500);
        gw::test::AgentReply e = call(nam, port, QStringLiteral("/v1/enforcement"), kRead);
        QCOMPARE(e.status, 200);
        QCOMPARE(e.json()[QStringLiteral("mode")].toString(), QStringLiteral("auto"));
        QVERIFY(!e.json()[QStringLiteral("demand")][QStringLiteral("high")].toBool());
        QVERIFY(e.json()[QStringLiteral("candidates")].toArray().isEmpty());
        QCOMPARE(child.state(), QProcess::Running);

        // A read token never acts.
        QCOMPARE(call(nam, port, QStringLiteral("/v1/processes/%1/signal").arg(pid), kRead, "POST",
                      R"({"action":"kill","start_time_ms":1,"reason":"x"})")
                     .status,
                 403);
        // High demand: an allocation that cannot be served.
        QCOMPARE(call(nam, port, QStringLiteral("/v1/allocate"), kAdmin, "POST",
                      R"({"user":"bob","gpus":1,"min_free_mib":1000000})")
                     .status,
                 409);
        t.restart();
        while (child.state() == QProcess::Running && t.elapsed() < 20'000)
            QTest::qWait(100);
        QCOMPARE(child.state(), QProcess::NotRunning);
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        const gw::test::AgentReply audit =
            call(nam, port, QStringLiteral("/v1/audit?after=0"), kRead);
        QCOMPARE(audit.status, 200);
        const QJsonArray entries = audit.json()[QStringLiteral("audit")].toArray();
        const QStringList steps{QStringLiteral("notify"), QStringLiteral("renice"),
                                QStringLiteral("terminate"), QStringLiteral("kill")};
        QCOMPARE(entries.size(), 4);
        qint64 previous = 0;
        for (int i = 0; i < 4; ++i) {
            const QJsonObject a = entries[i].toObject();
            QCOMPARE(a[QStringLiteral("action")].toString(), steps[i]);
            QCOMPARE(a[QStringLiteral("outcome")].toString(), QStringLiteral("done"));
            QCOMPARE(a[QStringLiteral("user")].toString(), user);
            QCOMPARE(a[QStringLiteral("pid")].toInteger(), pid);
            QCOMPARE(a[QStringLiteral("by")].toString(), QStringLiteral("agent"));
            const qint64 at = a[QStringLiteral("at_ms")].toInteger();
            if (i > 0)
                // The SIGKILL's timer starts just before the SIGTERM's entry.
                QVERIFY2(at - previous >= (i == 3 ? 990 : 1000),
                         qPrintable(QString::number(at - previous)));
            previous = at;
        }
        // Each step taken reached the webhook, in order, naming the process.
        QTRY_VERIFY_WITH_TIMEOUT(hook.texts().size() >= 3, 10'000);
        const QStringList texts = hook.texts();
        QVERIFY2(texts[0].contains(u" — notify: "_s), qPrintable(texts.join(u'\n')));
        QVERIFY2(texts[0].contains(u"(PID %1, %2)"_s.arg(pid).arg(user)), qPrintable(texts[0]));
        QVERIFY2(texts[1].contains(u" — renice: "_s), qPrintable(texts.join(u'\n')));
        QVERIFY2(texts[2].contains(u" — terminate: "_s), qPrintable(texts.join(u'\n')));
        agent.terminate();
        QVERIFY(agent.waitForFinished(10'000));
    }
};

QTEST_GUILESS_MAIN(TestAgentEnforceNvml)
#include "tst_agentenforcenvml.moc"
