// The fault suite's HTTP side (issue 23, items 3, 9 and the replay part of
// 11), against the real gpuwarden-agent over loopback: the alert counters
// docs/enforcement.md promises move on /metrics as a webhook succeeds,
// fails, hangs or is held back.
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "policy/alerts.h"
#include "policy/policyconfig.h"
#include "webhookreceiver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

const QByteArray kRead = "r3ad";
const QByteArray kAdmin = "adm1n";
const QByteArray kJobs = "j0bs";

// One HTTP/1.1 exchange on a connection of its own.
struct Reply
{
    int status = 0; // 0: no (whole) answer in time
    QByteArray head;
    QByteArray body;
    qint64 ms = 0; // from connecting to the whole answer
};

Reply httpCall(quint16 port, const QByteArray& method, const QByteArray& target,
               const QByteArray& token = kRead, const QByteArray& body = {}, int timeoutMs = 5000)
{
    Reply r;
    QElapsedTimer clock;
    clock.start();
    QTcpSocket s;
    s.connectToHost(QStringLiteral("127.0.0.1"), port);
    QByteArray request = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    if (!token.isEmpty())
        request += "Authorization: Bearer " + token + "\r\n";
    if (!body.isEmpty() || method == "POST" || method == "PUT")
        request += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    request += "Connection: close\r\n\r\n" + body;
    s.write(request);
    QByteArray buffer;
    const bool whole = QTest::qWaitFor(
        [&] {
            buffer += s.readAll();
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return s.state() == QAbstractSocket::UnconnectedState;
            const QRegularExpressionMatch m =
                QRegularExpression(u"(?i)\\r\\ncontent-length:\\s*(\\d+)"_s)
                    .match(QString::fromLatin1(buffer.left(end + 2)));
            if (!m.hasMatch())
                return s.state() == QAbstractSocket::UnconnectedState;
            return buffer.size() >= end + 4 + m.captured(1).toLongLong();
        },
        timeoutMs);
    r.ms = clock.elapsed();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (!whole || end < 0)
        return r;
    r.head = buffer.left(end);
    r.body = buffer.mid(end + 4);
    r.status = r.head.split(' ').value(1).toInt();
    return r;
}

// The value of an unlabelled sample in Prometheus text; nullopt when absent.
std::optional<double> metric(const QByteArray& text, const QByteArray& name)
{
    for (const QByteArray& line : text.split('\n')) {
        if (line.startsWith(QByteArray(name + ' ')))
            return line.mid(name.size() + 1).toDouble();
    }
    return std::nullopt;
}

// The real agent, serving a demo server, with its own agent.toml and
// policy.toml in a temporary folder.
class AgentProcess
{
public:
    // `agentExtra` goes at the end of agent.toml's [agent] table's file;
    // `policy`: policy.toml's text (empty: none).
    bool start(const QByteArray& agentExtra, const QByteArray& policy, int demoServer = 4)
    {
        if (!m_dir.isValid())
            return false;
        QByteArray toml = "[agent]\ninterval_ms = 200\n[journal]\npath = \"\"\n"
                          "[metrics]\nlabels = \"snake_case\"\n";
        if (!policy.isEmpty()) {
            const QString path = m_dir.filePath(QStringLiteral("policy.toml"));
            QFile p(path);
            if (!p.open(QIODevice::WriteOnly) || p.write(policy) != policy.size())
                return false;
            toml += "[policy]\npath = \"" + path.toUtf8() + "\"\n";
        }
        for (const auto& [name, secret, scope] :
             {std::tuple{"reader", kRead, "read"}, std::tuple{"admin", kAdmin, "admin"},
              std::tuple{"jobs", kJobs, "allocate"}})
            toml += QByteArray("[[token]]\nname = \"") + name + "\"\nscope = \"" + scope +
                    "\"\nsha256 = \"" + sha256(secret).toHex() + "\"\n";
        toml += agentExtra;
        const QString config = m_dir.filePath(QStringLiteral("agent.toml"));
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly) || f.write(toml) != toml.size())
            return false;
        f.close();
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(QStringLiteral(GW_AGENT),
                        {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                         QStringLiteral("--demo-server"), QString::number(demoServer),
                         QStringLiteral("--port"), QStringLiteral("0")});
        if (!m_process.waitForStarted(5000))
            return false;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 10'000 && m_port == 0) {
            if (!m_process.canReadLine() && !m_process.waitForReadyRead(1000))
                continue;
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith("listening on 127.0.0.1:"))
                m_port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        }
        return m_port != 0;
    }

    ~AgentProcess()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(10'000))
            m_process.kill();
    }

    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    QProcess& process() { return m_process; }
    QByteArray stderrText() { return m_stderr += m_process.readAllStandardError(); }

    QByteArray metrics()
    {
        const Reply r = httpCall(m_port, "GET", "/metrics");
        return r.status == 200 ? r.body : QByteArray();
    }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    QByteArray m_stderr;
};

// Demo server 4 (node-04) runs six processes of four users: with every
// process a hog after 1 s, four alerts go out and two are held back by the
// rate limit (one per kind and user a day).
QByteArray hogPolicy(const QString& webhook, int retries, const char* timeout)
{
    return "[hog]\nthreshold_percent = 0\nduration = \"1s\"\n[alerts]\nwebhook_url = \"" +
           webhook.toUtf8() + "\"\nrate_limit = \"1d\"\nretries = " + QByteArray::number(retries) +
           "\ntimeout = \"" + timeout + "\"\n";
}
constexpr int kAlertsSent = 4;
constexpr int kAlertsHeldBack = 2;

const QList<QByteArray> kAlertCounters = {
    "gpuwarden_alerts_sent_total",    "gpuwarden_alerts_failed_total",
    "gpuwarden_alerts_dropped_total", "gpuwarden_alerts_rate_limited_total",
    "gpuwarden_alert_retries_total",
};

} // namespace

class TestFaultHttp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // ---- item 9: the alert counters on /metrics ----

    void alertCountersCountDeliveriesAndTheRateLimit()
    {
        test::WebhookReceiver hook;
        QVERIFY(hook.listen());
        AgentProcess agent;
        QVERIFY(agent.start({}, hogPolicy(hook.url(), 1, "5s")));
        QByteArray text;
        QTRY_VERIFY_WITH_TIMEOUT(
            (text = agent.metrics(),
             metric(text, "gpuwarden_alerts_sent_total").value_or(-1) == kAlertsSent),
            10'000);
        QCOMPARE(hook.requests.size(), kAlertsSent);
        // Each counter with its HELP and TYPE, written at 0 too.
        for (const QByteArray& name : kAlertCounters) {
            QVERIFY2(text.contains(QByteArray("# HELP " + name + ' ')), name.constData());
            QVERIFY2(text.contains(QByteArray("# TYPE " + name + " counter\n")), name.constData());
        }
        QVERIFY(text.contains("# TYPE gpuwarden_alerts_waiting gauge\n"));
        QCOMPARE(metric(text, "gpuwarden_alerts_rate_limited_total"), kAlertsHeldBack);
        QCOMPARE(metric(text, "gpuwarden_alerts_failed_total"), 0);
        QCOMPARE(metric(text, "gpuwarden_alert_retries_total"), 0);
        QCOMPARE(metric(text, "gpuwarden_alerts_dropped_total"), 0);
        QCOMPARE(metric(text, "gpuwarden_alerts_waiting"), 0);

        // promtool (Debian's prometheus package) finds nothing to lint.
        if (QStandardPaths::findExecutable(QStringLiteral("promtool")).isEmpty())
            QSKIP("promtool is not installed (.ci/install-deps.sh installs prometheus)");
        QProcess promtool;
        promtool.setProcessChannelMode(QProcess::MergedChannels);
        promtool.start(QStringLiteral("promtool"),
                       {QStringLiteral("check"), QStringLiteral("metrics")});
        promtool.write(text);
        promtool.closeWriteChannel();
        QVERIFY(promtool.waitForFinished(30'000));
        const QByteArray lint = promtool.readAll().trimmed();
        QVERIFY2(lint.isEmpty(), lint.constData());
        QCOMPARE(promtool.exitCode(), 0);
    }

    void alertCountersCountRetriesAndFailures()
    {
        test::WebhookReceiver hook;
        hook.failFirst = 1'000'000; // 500 to everything
        QVERIFY(hook.listen());
        AgentProcess agent;
        QVERIFY(agent.start({}, hogPolicy(hook.url(), 1, "5s")));
        // One retry after 1 s, then given up: two alerts through it in ~2 s.
        QByteArray text;
        QTRY_VERIFY_WITH_TIMEOUT((text = agent.metrics(),
                                  metric(text, "gpuwarden_alerts_failed_total").value_or(-1) >= 2),
                                 10'000);
        const double failed = *metric(text, "gpuwarden_alerts_failed_total");
        const double retried = *metric(text, "gpuwarden_alert_retries_total");
        // Every alert given up on was retried once; one more may be under way.
        QVERIFY2(retried == failed || retried == failed + 1,
                 qPrintable(u"%1 retries, %2 failed"_s.arg(retried).arg(failed)));
        QCOMPARE(metric(text, "gpuwarden_alerts_sent_total"), 0);
        QCOMPARE(metric(text, "gpuwarden_alerts_rate_limited_total"), kAlertsHeldBack);
        // Each one given up on was POSTed twice.
        QVERIFY(double(hook.requests.size()) >= 2 * failed);
    }

    void alertCountersCountTheWaitingBehindAHangingWebhook()
    {
        test::WebhookReceiver hook;
        hook.hang = true;
        QVERIFY(hook.listen());
        AgentProcess agent;
        QVERIFY(agent.start({}, hogPolicy(hook.url(), 0, "1m")));
        // One POST hangs; the other three alerts wait behind it.
        QByteArray text;
        QTRY_VERIFY_WITH_TIMEOUT(
            (text = agent.metrics(),
             metric(text, "gpuwarden_alerts_waiting").value_or(-1) == kAlertsSent - 1),
            10'000);
        QCOMPARE(hook.requests.size(), 1);
        QCOMPARE(metric(text, "gpuwarden_alerts_sent_total"), 0);
        QCOMPARE(metric(text, "gpuwarden_alerts_failed_total"), 0);
        QCOMPARE(metric(text, "gpuwarden_alerts_rate_limited_total"), kAlertsHeldBack);
    }

    // A queue of 1,000 cannot be filled by the demo in seconds: the same
    // /metrics route, in-process, with a queue of one behind a hanging hook.
    void alertCountersCountDropsFromAFullQueue()
    {
        test::WebhookReceiver hook;
        hook.hang = true;
        QVERIFY(hook.listen());
        PolicyConfig policy;
        policy.alerts.webhookUrl = hook.url();
        policy.alerts.rateLimitMs = 1000;
        policy.alerts.timeoutMs = 60'000;
        Alerter::Options options;
        options.queueLimit = 1;
        Alerter alerter(policy, options);
        AgentConfig config;
        config.port = 0;
        config.tokens = {{QStringLiteral("reader"), sha256(kRead), TokenScope::Read}};
        AgentServer server(config);
        server.setAlerter(&alerter);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        // One is sent (and hangs); of the four behind it one waits and
        // three are pushed out of the queue.
        alerter.notifyText(QStringLiteral("tokens"), QStringLiteral("user0"), QStringLiteral("0"));
        QTRY_COMPARE(hook.requests.size(), 1);
        for (int i = 1; i < 5; ++i)
            alerter.notifyText(QStringLiteral("tokens"), u"user%1"_s.arg(i), QString::number(i));
        const Reply r = httpCall(server.port(), "GET", "/metrics");
        QCOMPARE(r.status, 200);
        QCOMPARE(metric(r.body, "gpuwarden_alerts_dropped_total"), 3);
        QCOMPARE(metric(r.body, "gpuwarden_alerts_waiting"), 1);
    }
};

QTEST_GUILESS_MAIN(TestFaultHttp)
#include "tst_faulthttp.moc"
