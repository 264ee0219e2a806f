// The idle scenario end to end, through the real gpuwarden-agent: a real
// child process is listed by the fake NVML driver as holding 2 GiB on a GPU
// nobody uses. With min_gpu_utilization = 50, time_window = "1m", warnings
// 20s and 10s and action = "terminate", the agent judges it idle after the
// window, records the warnings, and the child gets SIGTERM 20 s later — not
// before. A second agent with dry_run = true judges its child the same way
// and the child lives, the event saying what would have been done. Both
// agents run at once, so the suite takes about 90 s.
//
// The enforcing agent also tells the child's owner ([contacts], issue 29):
// the idle warning reaches them by a fake sendmail, a fake Matrix server and
// a real pseudo-terminal listed as their login in a utmp file, once each —
// the later warning and the SIGTERM fall in the rate limit — and every
// notice is in the audit log with its outcome.

#include "freeport.h"
#include "noticefakes.h"
#include "policy/policyevent.h"
#include "sleepchild.h"
#include "webhookreceiver.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace gw;

namespace {

constexpr qint64 kWindowMs = 60'000;
constexpr qint64 kLeadMs =
    20'000; // the longest warning: the action comes this long after the verdict

const char* const kToken = "idle-test-token";

struct Agent
{
    QTemporaryDir dir;
    QProcess process;
    quint16 port = 0;
    QByteArray log;

    bool start(qint64 childPid, bool dryRun, quint16 webhookPort = 0,
               const QByteArray& morePolicy = {})
    {
        const QString scenario = dir.filePath(QStringLiteral("idle.scenario"));
        test::writeTestFile(scenario,
                            "driver 550.54.15\nnvml 12.550.54.15\n"
                            "gpu 0 name=\"NVIDIA A100-SXM4-80GB\" "
                            "uuid=GPU-1d1e0000-0000-4000-8000-000000000001 bus=00000000:19:00.0 "
                            "util=0 memutil=0 memused=2600MiB memtotal=81920MiB temp=31 "
                            "power=52000 powerlimit=400000\n"
                            "proc 0 compute pid=" +
                                QByteArray::number(childPid) + " mem=2048MiB\n");
        const QString policy = dir.filePath(QStringLiteral("policy.toml"));
        test::writeTestFile(policy,
                            QByteArray("[hog]\nduration = \"1h\"\n"
                                       "[idle]\nmin_gpu_utilization = 50\ntime_window = \"1m\"\n"
                                       "min_memory_mib = 1024\nwarnings = [\"20s\", \"10s\"]\n"
                                       "action = \"terminate\"\nkill_grace = \"5s\"\n"
                                       "dry_run = ") +
                                (dryRun ? "true" : "false") + "\n" +
                                (webhookPort ? "[alerts]\nwebhook_url = \"http://127.0.0.1:" +
                                                   QByteArray::number(webhookPort) + "/hook\"\n"
                                             : QByteArray()) +
                                morePolicy);
        const QString config = dir.filePath(QStringLiteral("agent.toml"));
        test::writeTestFile(
            config, "[agent]\ninterval_ms = 1000\nbackend = \"nvml\"\n[journal]\npath = \"" +
                        dir.filePath(QStringLiteral("journal.sqlite")).toUtf8() +
                        "\"\n[policy]\npath = \"" + policy.toUtf8() +
                        "\"\n[[token]]\nname = \"test\"\nsha256 = \"" +
                        QCryptographicHash::hash(kToken, QCryptographicHash::Sha256).toHex() +
                        "\"\nscope = \"read\"\n");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(GW_FAKE_NVML_DIR));
        env.insert(QStringLiteral("GW_FAKE_NVML_SCENARIO"), scenario);
        process.setProcessEnvironment(env);
        port = test::freePort();
        process.start(QStringLiteral(GW_AGENT), {QStringLiteral("--config"), config,
                                                 QStringLiteral("--port"), QString::number(port)});
        if (!process.waitForReadyRead(10000))
            return false;
        return process.readLine().startsWith("listening on");
    }

    // The newest version of every event, from /v1/events.
    // The body of GET `path`, with the test's token.
    QByteArray get(QNetworkAccessManager& net, const QString& path)
    {
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
        request.setRawHeader("Authorization", QByteArray("Bearer ") + kToken);
        QNetworkReply* reply = net.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
        return reply->readAll();
    }

    QList<PolicyEvent> events(QNetworkAccessManager& net)
    {
        QList<PolicyEvent> out;
        const QJsonArray records =
            QJsonDocument::fromJson(get(net, QStringLiteral("/v1/events?after=0")))
                .object()
                .value(QStringLiteral("events"))
                .toArray();
        for (const QJsonValue& r : records) {
            QString error;
            const auto e =
                policyEventFromJson(r.toObject().value(QStringLiteral("event")).toObject(), &error);
            if (!e)
                qFatal("event record: %s", qPrintable(error));
            bool replaced = false;
            for (PolicyEvent& have : out)
                if (have.id == e->id) {
                    have = *e;
                    replaced = true;
                }
            if (!replaced)
                out << *e;
        }
        return out;
    }

    // The sequence numbers of /v1/samples from the start.
    QList<qint64> sequences(QNetworkAccessManager& net)
    {
        QList<qint64> out;
        qint64 after = 0;
        for (;;) {
            const QJsonArray samples =
                QJsonDocument::fromJson(get(net, QStringLiteral("/v1/samples?after=%1").arg(after)))
                    .object()
                    .value(QStringLiteral("samples"))
                    .toArray();
            if (samples.isEmpty())
                return out;
            for (const QJsonValue& v : samples) {
                after = qint64(v.toObject().value(QStringLiteral("sequence")).toDouble());
                out << after;
            }
        }
    }

    // The audit log, from /v1/audit.
    QJsonArray audit(QNetworkAccessManager& net)
    {
        return QJsonDocument::fromJson(get(net, QStringLiteral("/v1/audit?after=0")))
            .object()
            .value(QStringLiteral("audit"))
            .toArray();
    }

    void stop()
    {
        process.terminate();
        process.waitForFinished(10000);
        log += process.readAllStandardError();
    }
};

std::optional<PolicyEvent> idleEventOf(const QList<PolicyEvent>& events, qint64 pid)
{
    for (const PolicyEvent& e : events)
        if (e.kind == PolicyEventKind::Idle && e.pid == pid)
            return e;
    return std::nullopt;
}

} // namespace

class TestAgentIdle : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void idleChildIsWarnedThenTerminatedAndDryRunSparesIt();
};

void TestAgentIdle::idleChildIsWarnedThenTerminatedAndDryRunSparesIt()
{
    QProcess doomed;
    QProcess spared;
    QVERIFY(test::startSleepChild(doomed));
    QVERIFY(test::startSleepChild(spared));
    const qint64 doomedPid = doomed.processId(); // 0 once it has ended
    const qint64 sparedPid = spared.processId();
    Agent enforcing;
    Agent dryRun;
    // The webhook receiver is down until after the verdict: the alerts are
    // retried, and sampling never waits for them.
    const quint16 webhookPort = test::freePort();
    test::WebhookReceiver receiver;
    // The owner's ways: mail through a fake sendmail, a Matrix room on a
    // fake homeserver, and a terminal they are logged in on.
    const QString owner =
        ::geteuid() == 0 ? QStringLiteral("nobody") : QString::fromLocal8Bit(qgetenv("USER"));
    QTemporaryDir noticeDir;
    const QString sendmail = test::writeFakeSendmail(noticeDir.path());
    test::WebhookReceiver matrix;
    matrix.okBody = R"({"event_id":"$Kp1:matrix.test"})";
    matrix.okType = "application/json";
    QVERIFY(matrix.listen());
    test::writeTestFile(noticeDir.filePath(QStringLiteral("matrix.token")), "syt_test_token\n");
    // A machine without pseudo-terminals (no /dev/pts) still runs the rest.
    test::TestTerminal terminal;
    const bool pty = terminal.open();
    if (!pty)
        qWarning("no pseudo-terminal here (posix_openpt): the terminal way is not tried");
    const QString utmp = noticeDir.filePath(QStringLiteral("utmp"));
    QVERIFY(test::writeTestUtmp(utmp, {{owner, terminal.line()}}));
    const QByteArray contacts =
        "[contacts]\nemail = \"{user}@lab.test\"\nsendmail = \"" + sendmail.toUtf8() +
        "\"\nmatrix_homeserver = \"http://127.0.0.1:" + QByteArray::number(matrix.port()) +
        "\"\nmatrix_token_file = \"" + noticeDir.filePath(QStringLiteral("matrix.token")).toUtf8() +
        "\"\nutmp = \"" + utmp.toUtf8() + "\"\nterminals = " + (pty ? "true" : "false") +
        "\n[contacts." + owner.toUtf8() + "]\nmatrix = \"!lab:matrix.test\"\n";
    QVERIFY2(enforcing.start(doomedPid, false, webhookPort, contacts),
             enforcing.process.readAllStandardError().constData());
    QVERIFY2(dryRun.start(sparedPid, true), dryRun.process.readAllStandardError().constData());
    const qint64 startedMs = QDateTime::currentMSecsSinceEpoch();

    // Watch the child every 200 ms until it dies (at most 150 s).
    qint64 diedMs = 0;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 150'000) {
        if (t.elapsed() > kWindowMs + 3000 && receiver.port() == 0)
            QVERIFY(receiver.listen(webhookPort));
        QTest::qWait(200); // events flow: the webhook receiver answers meanwhile
        if (doomed.state() == QProcess::NotRunning) {
            diedMs = QDateTime::currentMSecsSinceEpoch();
            break;
        }
    }
    QNetworkAccessManager net;
    const QList<PolicyEvent> events = enforcing.events(net);
    // Every reading of the run is there, numbered without a hole, about one
    // a second, while the webhook was failing.
    const QList<qint64> sequences = enforcing.sequences(net);
    const qint64 ranMs = QDateTime::currentMSecsSinceEpoch() - startedMs;
    QVERIFY2(sequences.size() >= ranMs / 1000 - 5,
             qPrintable(QStringLiteral("%1 readings in %2 ms").arg(sequences.size()).arg(ranMs)));
    for (qsizetype i = 1; i < sequences.size(); ++i)
        QCOMPARE(sequences[i], sequences[i - 1] + 1);
    // The alerts arrive once the receiver is up, retried.
    const QString idleAlert = QStringLiteral("sleep 600 (PID %1, ").arg(doomedPid);
    QElapsedTimer alertWait;
    alertWait.start();
    const auto alerted = [&] {
        for (const QString& text : receiver.texts())
            if (text.startsWith(QStringLiteral("Idle GPU: ")) && text.contains(idleAlert))
                return true;
        return false;
    };
    while (!alerted() && alertWait.elapsed() < 40'000)
        QTest::qWait(100);
    if (!alerted()) {
        enforcing.stop();
        QFAIL(qPrintable(receiver.texts().join(QLatin1Char('\n')) + QLatin1Char('\n') +
                         QString::fromUtf8(enforcing.log)));
    }
    // The notices' audit entries: the three deliveries and the later news
    // held back (the SIGTERM's too, told once the child died).
    QJsonArray audit;
    const auto noticesAudited = [&] {
        audit = enforcing.audit(net);
        int n = 0;
        for (const QJsonValue& v : std::as_const(audit))
            n += v[QStringLiteral("action")].toString() == QLatin1String("notice");
        return n >= (pty ? 5 : 4);
    };
    (void)QTest::qWaitFor(noticesAudited, 20'000);
    enforcing.stop();
    QVERIFY2(diedMs > 0, enforcing.log.constData());
    QCOMPARE(doomed.exitStatus(), QProcess::CrashExit);
    QCOMPARE(doomed.exitCode(), SIGTERM);

    // The event: judged after the window, warned at once and 10 s later,
    // SIGTERM at 20 s, carried out by the enforcer after its re-checks.
    const auto e = idleEventOf(events, doomedPid);
    QVERIFY2(e, enforcing.log.constData());
    QVERIFY(e->processStartMs);
    QCOMPARE(e->user, ::geteuid() == 0 ? QStringLiteral("nobody") : e->user);
    QVERIFY2(e->detectedMs - e->startMs >= kWindowMs - 1000,
             qPrintable(QString::number(e->detectedMs - e->startMs)));
    QVERIFY(e->startMs >= startedMs - 2000);
    QVERIFY2(e->actions.size() >= 4, QJsonDocument(toJson(*e)).toJson().constData());
    QCOMPARE(e->actions[0].kind, PolicyAction::Kind::Warning);
    QCOMPARE(e->actions[0].detail, QStringLiteral("idle: terminate in 20s"));
    QCOMPARE(e->actions[0].atMs, e->detectedMs);
    QCOMPARE(e->actions[1].kind, PolicyAction::Kind::Warning);
    QCOMPARE(e->actions[1].detail, QStringLiteral("idle: terminate in 10s"));
    QVERIFY(e->actions[1].atMs - e->detectedMs >= 10'000 - 1000);
    QCOMPARE(e->actions[2].kind, PolicyAction::Kind::Terminate);
    QVERIFY(!e->actions[2].simulated);
    const qint64 dueMs = e->actions[2].atMs;
    QVERIFY2(dueMs - e->detectedMs >= kLeadMs - 1000,
             qPrintable(QString::number(dueMs - e->detectedMs)));
    QCOMPARE(e->actions[3].kind, PolicyAction::Kind::Terminate);
    QVERIFY2(e->actions[3].detail.startsWith(
                 QStringLiteral("SIGTERM sent to process %1").arg(doomedPid)),
             qPrintable(e->actions[3].detail));
    // Not before: the child lived through the window and the warnings.
    QVERIFY2(
        diedMs >= e->startMs + kWindowMs + kLeadMs - 2000,
        qPrintable(
            QStringLiteral("died %1 ms after the first idle reading").arg(diedMs - e->startMs)));

    qInfo("idle from %lld: judged after %lld ms, warnings at +%lld and +%lld ms, SIGTERM due "
          "+%lld ms, the child died %lld ms after its first idle reading",
          static_cast<long long>(e->startMs), static_cast<long long>(e->detectedMs - e->startMs),
          static_cast<long long>(e->actions[0].atMs - e->detectedMs),
          static_cast<long long>(e->actions[1].atMs - e->detectedMs),
          static_cast<long long>(dueMs - e->detectedMs),
          static_cast<long long>(diedMs - e->startMs));

    // The warning says when the SIGTERM is due (on the wire too).
    QVERIFY(e->actions[0].dueMs);
    QVERIFY2(qAbs(*e->actions[0].dueMs - dueMs) <= 2000,
             qPrintable(QString::number(*e->actions[0].dueMs - dueMs)));
    // The owner was told of the first warning once each way; the second
    // warning and the SIGTERM fell in the rate limit (10 min).
    const QList<QByteArray> mails = test::fakeSendmailMessages(noticeDir.path());
    QCOMPARE(mails.size(), 1);
    QVERIFY2(mails[0].startsWith("ARGS: -t -oi\n"), mails[0].constData());
    QVERIFY2(mails[0].contains(QByteArray("\nTo: " + owner.toUtf8() + "@lab.test\n")),
             mails[0].constData());
    QVERIFY2(mails[0].contains("\nSubject: Idle GPU on "), mails[0].constData());
    QVERIFY2(mails[0].contains(QByteArray("(PID " + QByteArray::number(doomedPid) + ")")),
             mails[0].constData());
    const QByteArray stopAt =
        "it will be stopped at " + QDateTime::fromMSecsSinceEpoch(*e->actions[0].dueMs)
                                       .toString(QStringLiteral("HH:mm"))
                                       .toUtf8();
    QVERIFY2(mails[0].contains(stopAt), mails[0].constData());
    QCOMPARE(matrix.requests.size(), 1);
    QCOMPARE(matrix.requests[0].method, QByteArray("PUT"));
    QVERIFY2(matrix.requests[0].path.startsWith(
                 "/_matrix/client/v3/rooms/%21lab%3Amatrix.test/send/m.room.message/"),
             matrix.requests[0].path.constData());
    QCOMPARE(matrix.requests[0].headers.value("authorization"),
             QByteArray("Bearer syt_test_token"));
    const QJsonObject said = QJsonDocument::fromJson(matrix.requests[0].body).object();
    QCOMPARE(said.value(QStringLiteral("msgtype")).toString(), QStringLiteral("m.text"));
    QVERIFY(said.value(QStringLiteral("body")).toString().contains(QString::fromUtf8(stopAt)));
    if (pty) {
        const QByteArray shown = terminal.read(2000);
        QCOMPARE(shown.count("Message from gpuwarden-agent@"), 1);
        QVERIFY2(shown.contains(stopAt), shown.constData());
    }
    // Every notice audited with its outcome: three sent, the rest held back.
    QStringList notices;
    for (const QJsonValue& v : audit) {
        if (v[QStringLiteral("action")].toString() != QLatin1String("notice"))
            continue;
        QCOMPARE(v[QStringLiteral("user")].toString(), owner);
        QCOMPARE(v[QStringLiteral("pid")].toInteger(), doomedPid);
        QCOMPARE(v[QStringLiteral("mode")].toString(), QStringLiteral("notice"));
        notices << v[QStringLiteral("outcome")].toString() + QLatin1Char(' ') +
                       v[QStringLiteral("detail")].toString().section(QLatin1Char(' '), 0, 2);
    }
    QStringList expected{QStringLiteral("done email to ") + owner + QStringLiteral("@lab.test"),
                         QStringLiteral("done matrix to !lab:matrix.test")};
    if (pty)
        expected << QStringLiteral("done terminal to ") + owner;
    QVERIFY2(notices.size() >= expected.size() + 2, qPrintable(notices.join(QLatin1Char('\n'))));
    QStringList sent = notices.filter(QStringLiteral("done "));
    sent.sort();
    QCOMPARE(sent, expected);
    QCOMPARE(notices.filter(QStringLiteral("declined rate limit:")).size(),
             notices.size() - expected.size());

    // The dry run: the same verdict and steps, nothing sent, the child alive.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const auto d = idleEventOf(dryRun.events(net), sparedPid);
            return d && d->actions.size() >= 3;
        }(),
        30'000);
    const auto d = idleEventOf(dryRun.events(net), sparedPid);
    dryRun.stop();
    QCOMPARE(spared.state(), QProcess::Running);
    QVERIFY(d->actions.last().simulated);
    QCOMPARE(d->actions.last().detail,
             QStringLiteral("dry run: would send SIGTERM to PID %1").arg(sparedPid));
    spared.kill();
    spared.waitForFinished();
}

QTEST_GUILESS_MAIN(TestAgentIdle)
#include "tst_agentidle.moc"
