// The enforcement pane (issue 13) against a canned agent over loopback that
// speaks the routes of the contract (GET /v1/enforcement, POST
// /v1/enforcement/<id>, GET /v1/audit): every field read exactly; a missing
// or mistyped key is an error naming it, shown, never a silent zero; Confirm
// and Decline send the right POST (Decline asks a reason); a 409 is shown
// and the candidates read again; a 403 turns the buttons off and says why;
// figures older than a poll say their age, an agent that stops answering is
// shown as not answering. QAbstractItemModelTester on both models;
// screenshots at 1024×700, light and dark.
#include "models/auditmodel.h"
#include "models/enforcementmodel.h"
#include "models/roles.h"
#include "window/enforcementpane.h"

#include "darkpalette.h"
#include "httprequest.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

// A loopback agent answering each request with `handler`'s status and body.
class CannedAgent : public QObject
{
public:
    struct Answer
    {
        int status = 200;
        QByteArray body;
    };
    std::function<Answer(const test::HttpRequest&)> handler;
    QList<test::HttpRequest> requests;

    CannedAgent()
    {
        QVERIFY(m_server.listen(QHostAddress::LocalHost, 0));
        m_port = m_server.serverPort();
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection())
                connect(s, &QTcpSocket::readyRead, this, [this, s] { readFrom(s); });
        });
    }
    QUrl url() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(m_port)); }
    void stop() { m_server.close(); }
    int count(const QByteArray& methodAndPath) const
    {
        int n = 0;
        for (const auto& r : requests)
            n += QByteArray(r.method + ' ' + r.target).startsWith(methodAndPath);
        return n;
    }

private:
    void readFrom(QTcpSocket* s)
    {
        m_buffers[s] += s->readAll();
        const auto r = test::takeHttpRequest(m_buffers[s]);
        if (!r)
            return;
        m_buffers.remove(s);
        requests << *r;
        const Answer a = handler ? handler(*r) : Answer{404, "{}"};
        s->write("HTTP/1.1 " + QByteArray::number(a.status) +
                 " X\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                 QByteArray::number(a.body.size()) + "\r\n\r\n" + a.body);
        s->disconnectFromHost();
    }
    QTcpServer m_server;
    quint16 m_port = 0;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

QByteArray json(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// The contract's GET /v1/enforcement example: alice below the floor, her
// renice due and awaiting confirmation, notify done.
QJsonObject candidateJson()
{
    return QJsonObject{{u"id"_s, u"alice/12345/1794990000000"_s},
                       {u"user"_s, u"alice"_s},
                       {u"balance"_s, -12.5},
                       {u"floor"_s, -10},
                       {u"pid"_s, 12345},
                       {u"start_time_ms"_s, qint64(1794990000000)},
                       {u"command"_s, u"python"_s},
                       {u"gpu_index"_s, 1},
                       {u"gpu_uuid"_s, u"GPU-1b2c"_s},
                       {u"mig_profile"_s, u""_s},
                       {u"memory_mib"_s, 30210},
                       {u"utilisation"_s, 97},
                       {u"why"_s, u"balance −12.5 at or below the floor −10"_s},
                       {u"step"_s, u"renice"_s},
                       {u"due_ms"_s, qint64(1795000300000)},
                       {u"awaiting_confirmation"_s, true},
                       {u"done"_s, QJsonArray{QJsonObject{{u"step"_s, u"notify"_s},
                                                          {u"at_ms"_s, qint64(1795000000000)},
                                                          {u"outcome"_s, u"done"_s}}}}};
}

QJsonObject stateJson(const QJsonArray& candidates = {candidateJson()})
{
    return QJsonObject{
        {u"now_ms"_s, qint64(1795000100000)},
        {u"mode"_s, u"propose"_s},
        {u"dry_run"_s, false},
        {u"demand"_s, QJsonObject{{u"high"_s, true},
                                  {u"since_ms"_s, qint64(1795000000000)},
                                  {u"reason"_s, u"GPU utilisation 94 % ≥ 90 % for 10 min"_s}}},
        {u"balances"_s, QJsonObject{{u"as_of_ms"_s, qint64(1794996000000)},
                                    {u"fetched_ms"_s, qint64(1795000090000)},
                                    {u"keeper"_s, u"node-1"_s},
                                    {u"error"_s, u""_s}}},
        {u"candidates"_s, candidates}};
}

QJsonObject auditJson(qint64 sequence, const QString& action, const QString& outcome)
{
    return QJsonObject{{u"sequence"_s, sequence},
                       {u"at_ms"_s, qint64(1795000000000) + sequence * 1000},
                       {u"by"_s, sequence == 1 ? u"agent"_s : u"ops-admin"_s},
                       {u"mode"_s, sequence == 1 ? u"auto"_s : u"propose"_s},
                       {u"action"_s, action},
                       {u"user"_s, u"alice"_s},
                       {u"pid"_s, 12345},
                       {u"start_time_ms"_s, qint64(1794990000000)},
                       {u"command"_s, u"python"_s},
                       {u"gpu_index"_s, 1},
                       {u"why"_s, u"balance −12.5 at or below the floor −10"_s},
                       {u"outcome"_s, outcome},
                       {u"detail"_s, u""_s}};
}

QJsonObject auditPage(const QJsonArray& entries, qint64 next, bool truncated)
{
    return QJsonObject{{u"instance"_s, u"node-1"_s},
                       {u"stream"_s, u"s-1"_s},
                       {u"now_ms"_s, qint64(1795000100000)},
                       {u"next"_s, next},
                       {u"last_sequence"_s, 3},
                       {u"truncated"_s, truncated},
                       {u"audit"_s, entries}};
}

// The agent of the contract: one candidate, three audit entries over two
// pages (limit honoured by `after`), decisions answered by `decision`.
void speakContract(CannedAgent& agent, std::function<CannedAgent::Answer()> decision = {})
{
    agent.handler = [decision](const test::HttpRequest& r) -> CannedAgent::Answer {
        if (r.method == "GET" && r.target == "/v1/enforcement")
            return {200, json(stateJson())};
        if (r.method == "GET" && r.target.startsWith("/v1/audit?after=0"))
            return {200, json(auditPage({auditJson(1, u"notify"_s, u"done"_s),
                                         auditJson(2, u"renice"_s, u"would"_s)},
                                        2, true))};
        if (r.method == "GET" && r.target.startsWith("/v1/audit?after=2"))
            return {200, json(auditPage({auditJson(3, u"renice"_s, u"done"_s)}, 3, false))};
        if (r.method == "GET" && r.target.startsWith("/v1/audit?after=3"))
            return {200, json(auditPage({}, 3, false))};
        if (r.method == "POST" && decision)
            return decision();
        return {404, R"({"error":{"code":"not_found","message":"no route"}})"};
    };
}

RemoteServer serverOf(const CannedAgent& agent, const QByteArray& token = "admin-secret")
{
    return RemoteServer{u"node-1"_s, agent.url(), token, {}};
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

bool waitRefreshed(EnforcementPane& pane)
{
    QSignalSpy spy(&pane, &EnforcementPane::refreshed);
    return spy.wait(5000);
}

} // namespace

class TstEnforcementPane : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }

    void clientReadsEveryFieldOfTheContract()
    {
        CannedAgent agent;
        speakContract(agent);
        EnforcementClient client(serverOf(agent));
        std::optional<EnforcementReply> got;
        client.getEnforcement([&](const EnforcementReply& r) { got = r; });
        QTRY_VERIFY(got.has_value());
        QVERIFY2(got->ok, qPrintable(got->error));
        const RemoteEnforcement& s = *got->state;
        QCOMPARE(s.nowMs, 1795000100000);
        QCOMPARE(s.mode, u"propose"_s);
        QCOMPARE(s.dryRun, false);
        QVERIFY(s.demandHigh);
        QCOMPARE(s.demandSinceMs, std::optional<qint64>(1795000000000));
        QCOMPARE(s.keeper, u"node-1"_s);
        QCOMPARE(s.balancesAsOfMs, 1794996000000);
        QCOMPARE(s.candidates.size(), 1);
        const RemoteCandidate& c = s.candidates.first();
        QCOMPARE(c.id, u"alice/12345/1794990000000"_s);
        QCOMPARE(c.balance, -12.5);
        QCOMPARE(c.floor, -10.0);
        QCOMPARE(c.pid, 12345);
        QCOMPARE(c.gpuIndex, std::optional<int>(1));
        QCOMPARE(c.memoryMiB, std::optional<double>(30210));
        QCOMPARE(c.utilisation, std::optional<double>(97));
        QCOMPARE(c.step, u"renice"_s);
        QCOMPARE(c.dueMs, std::optional<qint64>(1795000300000));
        QVERIFY(c.awaitingConfirmation);
        QCOMPARE(c.done.size(), 1);
        QCOMPARE(c.done.first().step, u"notify"_s);
        QCOMPARE(agent.requests.first().headers.value("authorization"),
                 QByteArray("Bearer admin-secret"));

        // The audit log: both pages followed, the cursor where they end.
        std::optional<EnforcementReply> audit;
        client.getAudit(0, [&](const EnforcementReply& r) { audit = r; });
        QTRY_VERIFY(audit.has_value());
        QVERIFY2(audit->ok, qPrintable(audit->error));
        QCOMPARE(audit->audit.size(), 3);
        QCOMPARE(audit->auditNext, 3);
        QCOMPARE(audit->auditStream, u"s-1"_s);
        QCOMPARE(audit->audit[1].outcome, u"would"_s);
        QCOMPARE(audit->audit[0].by, u"agent"_s);
        QCOMPARE(agent.count("GET /v1/audit?after=0&limit=500"), 1);
        QCOMPARE(agent.count("GET /v1/audit?after=2&limit=500"), 1);
    }

    void aWorkloadsStopIsReadStartedThenDone()
    {
        // An agent that stopped a container in place of SIGTERM: action
        // "stop", first "started", then "done", naming the workload.
        CannedAgent agent;
        agent.handler = [](const test::HttpRequest& r) -> CannedAgent::Answer {
            QJsonObject started = auditJson(1, u"stop"_s, u"started"_s);
            started.insert(u"workload"_s, u"container job1 (podman 561bb04bdcbb)"_s);
            QJsonObject done = auditJson(2, u"stop"_s, u"done"_s);
            done.insert(u"workload"_s, u"container job1 (podman 561bb04bdcbb)"_s);
            QJsonObject plain = auditJson(3, u"notify"_s, u"done"_s);
            plain.insert(u"workload"_s, QJsonValue());
            if (r.method == "GET" && r.target.startsWith("/v1/audit?after=0"))
                return {200, json(auditPage({started, done, plain}, 3, false))};
            return {200, json(auditPage({}, 3, false))};
        };
        EnforcementClient client(serverOf(agent));
        std::optional<EnforcementReply> audit;
        client.getAudit(0, [&](const EnforcementReply& r) { audit = r; });
        QTRY_VERIFY(audit.has_value());
        QVERIFY2(audit->ok, qPrintable(audit->error));
        QCOMPARE(audit->audit.size(), 3);
        QCOMPARE(audit->audit[0].action, u"stop"_s);
        QCOMPARE(audit->audit[0].outcome, u"started"_s);
        QCOMPARE(audit->audit[1].outcome, u"done"_s);
        QCOMPARE(audit->audit[1].workload, u"container job1 (podman 561bb04bdcbb)"_s);
        QVERIFY(audit->audit[2].workload.isEmpty());
    }

    void malformedReplyIsAnErrorNamingTheKey_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error");
        QJsonObject noBalance = candidateJson();
        noBalance.remove(u"balance"_s);
        QJsonObject textBalance = candidateJson();
        textBalance[u"balance"_s] = u"-12.5"_s;
        QJsonObject fractionalPid = candidateJson();
        fractionalPid[u"pid"_s] = 12.5;
        QJsonObject badDone = candidateJson();
        badDone[u"done"_s] = QJsonArray{QJsonObject{{u"step"_s, u"notify"_s}}};
        QJsonObject badMode = stateJson();
        badMode[u"mode"_s] = u"sometimes"_s;
        QJsonObject noDemand = stateJson();
        noDemand.remove(u"demand"_s);
        QJsonObject demandHighText = stateJson();
        demandHighText[u"demand"_s] = QJsonObject{{u"high"_s, u"yes"_s}};
        QTest::newRow("missing balance")
            << json(stateJson({noBalance})) << u"candidates[0].balance: missing"_s;
        QTest::newRow("balance as text")
            << json(stateJson({textBalance}))
            << u"candidates[0].balance: expected a number, got a string"_s;
        QTest::newRow("fractional pid") << json(stateJson({candidateJson(), fractionalPid}))
                                        << u"candidates[1].pid: expected an integer"_s;
        QTest::newRow("step done without time")
            << json(stateJson({badDone})) << u"candidates[0].done[0].at_ms: missing"_s;
        QTest::newRow("unknown mode") << json(badMode) << u"mode: \"sometimes\" is not one of"_s;
        QTest::newRow("no demand") << json(noDemand) << u"demand: missing"_s;
        QTest::newRow("demand high as text")
            << json(demandHighText) << u"demand.high: expected true or false, got a string"_s;
        QTest::newRow("not JSON") << QByteArray("{\"now_ms\": 1,") << u"malformed JSON"_s;
        QTest::newRow("an array") << QByteArray("[]") << u"expected a JSON object"_s;
    }
    void malformedReplyIsAnErrorNamingTheKey()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        CannedAgent agent;
        agent.handler = [body](const test::HttpRequest&) -> CannedAgent::Answer {
            return {200, body};
        };
        EnforcementPane pane;
        pane.setServer(serverOf(agent));
        QVERIFY(waitRefreshed(pane));
        QVERIFY(!pane.live());
        QCOMPARE(pane.candidates()->rowCount(), 0);
        QVERIFY2(pane.freshnessLabel()->text().contains(error),
                 qPrintable(pane.freshnessLabel()->text()));
        // It answered: a reply that cannot be used, not a silent agent.
        QVERIFY(pane.freshnessLabel()->text().contains(u"cannot be used"_s));
        QVERIFY(!pane.confirmButton()->isEnabled());
    }

    void confirmSendsTheDueStepAndShowsTheOutcome()
    {
        CannedAgent agent;
        speakContract(agent, [] {
            return CannedAgent::Answer{
                200, json(QJsonObject{{u"outcome"_s, u"done"_s},
                                      {u"detail"_s, u"nice 0 → 19"_s},
                                      {u"audit"_s, auditJson(4, u"renice"_s, u"done"_s)}})};
        });
        EnforcementPane pane;
        pane.setServer(serverOf(agent));
        QVERIFY(waitRefreshed(pane));
        QTRY_COMPARE(pane.audit()->rowCount(), 3);
        QVERIFY(pane.live());
        QVERIFY(!pane.confirmButton()->isEnabled()); // nothing selected
        QCOMPARE(pane.buttonsWhy()->text(), u"Select a candidate."_s);
        pane.candidateView()->selectRow(0);
        QVERIFY(pane.confirmButton()->isEnabled());
        QCOMPARE(pane.confirmButton()->text(), u"Confirm renice (nice 19)"_s);
        QSignalSpy decided(&pane, &EnforcementPane::decided);
        pane.confirmButton()->click();
        QVERIFY(decided.wait(5000));
        QCOMPARE(decided.first().first().toBool(), true);
        const auto posts = std::count_if(agent.requests.cbegin(), agent.requests.cend(),
                                         [](const auto& r) { return r.method == "POST"; });
        QCOMPARE(int(posts), 1);
        const auto post = *std::find_if(agent.requests.cbegin(), agent.requests.cend(),
                                        [](const auto& r) { return r.method == "POST"; });
        // The id "user/pid/start" is the route's three path segments.
        QCOMPARE(post.target, QByteArray("/v1/enforcement/alice/12345/1794990000000"));
        QCOMPARE(QJsonDocument::fromJson(post.body).object(),
                 (QJsonObject{{u"decision"_s, u"confirm"_s}, {u"step"_s, u"renice"_s}}));
        QCOMPARE(post.headers.value("content-type"), QByteArray("application/json"));
        QVERIFY2(pane.outcomeLabel()->text().contains(u"done (nice 0 → 19)"_s),
                 qPrintable(pane.outcomeLabel()->text()));
        QVERIFY(pane.outcomeLabel()->text().contains(u"Audit #4"_s));
        QVERIFY(pane.outcomeLabel()->text().contains(u"by ops-admin"_s));
        // The candidates are read again after a decision.
        QTRY_COMPARE(agent.count("GET /v1/enforcement"), 2);
    }

    void declineAsksAReasonAndSendsIt()
    {
        CannedAgent agent;
        speakContract(agent, [] {
            return CannedAgent::Answer{
                200, json(QJsonObject{{u"outcome"_s, u"declined"_s},
                                      {u"detail"_s, u""_s},
                                      {u"audit"_s, auditJson(4, u"decline"_s, u"declined"_s)}})};
        });
        EnforcementPane pane;
        pane.setServer(serverOf(agent));
        QVERIFY(waitRefreshed(pane));
        pane.candidateView()->selectRow(0);
        QTimer::singleShot(0, this, [] {
            auto* ask = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            QVERIFY(ask);
            QVERIFY(ask->labelText().contains(u"renice"_s));
            ask->setTextValue(u"thesis deadline tonight"_s);
            ask->accept();
        });
        QSignalSpy decided(&pane, &EnforcementPane::decided);
        pane.declineButton()->click();
        QVERIFY(decided.wait(5000));
        const auto post = *std::find_if(agent.requests.cbegin(), agent.requests.cend(),
                                        [](const auto& r) { return r.method == "POST"; });
        QCOMPARE(QJsonDocument::fromJson(post.body).object(),
                 (QJsonObject{{u"decision"_s, u"decline"_s},
                              {u"step"_s, u"renice"_s},
                              {u"reason"_s, u"thesis deadline tonight"_s}}));
        QVERIFY(pane.outcomeLabel()->text().contains(u"declined"_s));

        // A decline without a reason is not sent.
        QTRY_VERIFY(pane.declineButton()->isEnabled());
        QTimer::singleShot(0, this, [] {
            auto* ask = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            QVERIFY(ask);
            ask->setTextValue(u"   "_s);
            ask->accept();
        });
        pane.declineButton()->click();
        QCOMPARE(agent.count("POST"), 1);
        QVERIFY(pane.outcomeLabel()->text().contains(u"needs a reason"_s));
    }

    void conflictIsShownAndTheCandidatesReadAgain()
    {
        CannedAgent agent;
        speakContract(agent, [] {
            return CannedAgent::Answer{
                409, R"({"error":{"code":"step_not_due","message":"the due step is terminate"}})"};
        });
        EnforcementPane pane;
        pane.setServer(serverOf(agent));
        QVERIFY(waitRefreshed(pane));
        QSignalSpy decided(&pane, &EnforcementPane::decided);
        pane.confirm(u"alice/12345/1794990000000"_s);
        QVERIFY(decided.wait(5000));
        QCOMPARE(decided.first().first().toBool(), false);
        QVERIFY2(pane.outcomeLabel()->text().contains(u"step_not_due"_s),
                 qPrintable(pane.outcomeLabel()->text()));
        QVERIFY(pane.outcomeLabel()->text().contains(
            u"not the one due now (HTTP 409 step_not_due: the due step is terminate)"_s));
        QTRY_COMPARE(agent.count("GET /v1/enforcement"), 2);
        // The buttons stay usable: a 409 is not a read-only token.
        pane.candidateView()->selectRow(0);
        QVERIFY(pane.confirmButton()->isEnabled());
    }

    void malformedDecisionReplyIsAClearError()
    {
        CannedAgent agent;
        speakContract(agent, [] {
            return CannedAgent::Answer{200, R"({"outcome":"done","detail":"","audit":{}})"};
        });
        EnforcementPane pane;
        pane.setServer(serverOf(agent));
        QVERIFY(waitRefreshed(pane));
        QSignalSpy decided(&pane, &EnforcementPane::decided);
        pane.confirm(u"alice/12345/1794990000000"_s);
        QVERIFY(decided.wait(5000));
        QCOMPARE(decided.first().first().toBool(), false);
        QVERIFY2(
            pane.outcomeLabel()->text().contains(
                u"POST /v1/enforcement: the agent's reply does not read: audit.sequence: missing"_s),
            qPrintable(pane.outcomeLabel()->text()));
    }

    void readOnlyTokenTurnsTheButtonsOffAndSaysWhy()
    {
        CannedAgent agent;
        speakContract(agent, [] {
            return CannedAgent::Answer{
                403,
                R"({"error":{"code":"forbidden","message":"token viewer has the read scope; this needs admin"}})"};
        });
        EnforcementPane pane;
        pane.setServer(serverOf(agent, "viewer-secret"));
        QVERIFY(waitRefreshed(pane));
        pane.candidateView()->selectRow(0);
        QVERIFY(pane.confirmButton()->isEnabled());
        QSignalSpy decided(&pane, &EnforcementPane::decided);
        pane.confirmButton()->click();
        QVERIFY(decided.wait(5000));
        QVERIFY(!pane.confirmButton()->isEnabled());
        QVERIFY(!pane.declineButton()->isEnabled());
        QVERIFY2(pane.buttonsWhy()->text().contains(u"read access only"_s),
                 qPrintable(pane.buttonsWhy()->text()));
        // Said up front by the caller, too.
        EnforcementPane other;
        other.setAdminAllowed(false, u"node-1's token is a read token."_s);
        other.setServer(serverOf(agent, "viewer-secret"));
        QVERIFY(waitRefreshed(other));
        other.candidateView()->selectRow(0);
        QVERIFY(!other.confirmButton()->isEnabled());
        QVERIFY(other.buttonsWhy()->text().endsWith(u"node-1's token is a read token."_s));
        QVERIFY(other.buttonsWhy()->text().contains(u"balance −12.5 at or below the floor"_s));
    }

    void oldFiguresSayTheirAgeAndASilentAgentIsNotLive()
    {
        CannedAgent agent;
        speakContract(agent);
        qint64 clock = 1795000100000;
        EnforcementPane pane;
        pane.setClock([&clock] { return clock; });
        pane.setPollInterval(std::chrono::hours(1)); // polled by hand here
        pane.setServer(serverOf(agent));
        QVERIFY(waitRefreshed(pane));
        QVERIFY(pane.live());
        QVERIFY2(pane.freshnessLabel()->text().contains(u"0 s ago"_s),
                 qPrintable(pane.freshnessLabel()->text()));
        // Two hours on without a poll: older than a poll, said with its age.
        clock += 2 * 3'600'000;
        QTest::qWait(1100); // the age ticks every second
        QVERIFY2(pane.freshnessLabel()->text().contains(u"2 h ago: older than a poll"_s),
                 qPrintable(pane.freshnessLabel()->text()));
        // The agent stops answering: shown as such, its last figures kept
        // but greyed, nothing to decide.
        agent.stop();
        pane.refresh();
        QVERIFY(waitRefreshed(pane));
        QVERIFY(!pane.live());
        QCOMPARE(pane.candidates()->rowCount(), 1);
        QVERIFY(!pane.candidateView()->isEnabled());
        QVERIFY2(pane.freshnessLabel()->text().contains(u"node-1 is not answering since"_s),
                 qPrintable(pane.freshnessLabel()->text()));
        QVERIFY(pane.freshnessLabel()->text().contains(u"read 2 h ago"_s));
        pane.candidateView()->selectRow(0);
        QVERIFY(!pane.confirmButton()->isEnabled());
        QVERIFY(pane.buttonsWhy()->text().contains(u"not answering"_s));
        pane.resize(1024, 700);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QVERIFY(pane.grab().save(shotPath(u"enforcement-not-answering.png"_s)));
    }

    void modelsPassTheModelTester()
    {
        EnforcementModel candidates;
        QAbstractItemModelTester t1(&candidates,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QString error;
        auto state = remoteEnforcementFromJson(stateJson(), &error);
        QVERIFY2(state, qPrintable(error));
        candidates.setState(*state);
        QCOMPARE(candidates.rowCount(), 1);
        QCOMPARE(candidates.data(candidates.index(0, EnforcementModel::Balance)).toString(),
                 u"−12.50 (floor −10.00)"_s);
        QCOMPARE(candidates.data(candidates.index(0, EnforcementModel::Balance), RawValueRole)
                     .toDouble(),
                 -12.5);
        QCOMPARE(candidates.data(candidates.index(0, EnforcementModel::Due)).toString(),
                 u"renice (nice 19), awaiting confirmation"_s);
        QVERIFY(candidates.data(candidates.index(0, EnforcementModel::Done))
                    .toString()
                    .startsWith(u"notify done at"_s));
        // Same ids: figures change in place; another candidate: rows change.
        QSignalSpy changed(&candidates, &QAbstractItemModel::dataChanged);
        state->candidates[0].balance = -13;
        candidates.setState(*state);
        QCOMPARE(changed.size(), 1);
        QJsonObject bob = candidateJson();
        bob[u"id"_s] = u"bob/222/1"_s;
        bob[u"user"_s] = u"bob"_s;
        bob[u"utilisation"_s] = QJsonValue::Null; // not reported: absent, not 0
        bob[u"step"_s] = QJsonValue::Null;        // the agent's "no step due"
        bob[u"due_ms"_s] = QJsonValue::Null;
        state = remoteEnforcementFromJson(stateJson({candidateJson(), bob}), &error);
        QVERIFY2(state, qPrintable(error));
        candidates.setState(*state);
        QCOMPARE(candidates.rowCount(), 2);
        QVERIFY(!candidates.data(candidates.index(1, EnforcementModel::Utilisation), RawValueRole)
                     .isValid());
        QCOMPARE(candidates.data(candidates.index(1, EnforcementModel::Utilisation)).toString(),
                 u"not reported"_s);
        QCOMPARE(candidates.candidate(1).step, QString());
        QCOMPARE(candidates.data(candidates.index(1, EnforcementModel::Due)).toString(),
                 u"none (enforcement off)"_s);
        candidates.clear();

        AuditModel audit;
        QAbstractItemModelTester t2(&audit, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // An entry without a start time (null): absent, not 0.
        QJsonObject noStart = auditJson(5, u"kill"_s, u"refused"_s);
        noStart[u"start_time_ms"_s] = QJsonValue::Null;
        const auto refused = remoteAuditEntryFromJson(noStart, &error);
        QVERIFY2(refused, qPrintable(error));
        QVERIFY(!refused->startTimeMs);
        QJsonObject textStart = noStart;
        textStart[u"start_time_ms"_s] = u"1"_s;
        QVERIFY(!remoteAuditEntryFromJson(textStart, &error, u"audit[0]"_s));
        QCOMPARE(error, u"audit[0].start_time_ms: expected an integer or null, got a string"_s);
        const auto e = [&](qint64 n) {
            return *remoteAuditEntryFromJson(auditJson(n, u"notify"_s, u"done"_s), &error);
        };
        audit.append(u"s-1"_s, {e(1), e(2)});
        audit.append(u"s-1"_s, {e(2), e(3)}); // 2 held already
        QCOMPARE(audit.rowCount(), 3);
        QCOMPARE(audit.entry(0).sequence, 3); // newest first
        audit.append(u"s-1"_s, {e(0 + 1)});
        QCOMPARE(audit.rowCount(), 3);
        audit.append(u"s-2"_s, {e(1)}); // a new journal: the log starts over
        QCOMPARE(audit.rowCount(), 1);
        QCOMPARE(audit.stream(), u"s-2"_s);
    }

    void screenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void screenshots()
    {
        QFETCH(bool, dark);
        CannedAgent agent;
        QJsonObject bob = candidateJson();
        bob[u"id"_s] = u"bob/4711/1794991000000"_s;
        bob[u"user"_s] = u"bob"_s;
        bob[u"balance"_s] = -3.5;
        bob[u"pid"_s] = 4711;
        bob[u"command"_s] = u"torchrun"_s;
        bob[u"gpu_index"_s] = 3;
        bob[u"mig_profile"_s] = u"3g.40gb"_s;
        bob[u"memory_mib"_s] = 18000;
        bob[u"utilisation"_s] = QJsonValue::Null;
        bob[u"why"_s] = u"balance −3.5 below zero while demand is high"_s;
        bob[u"step"_s] = u"notify"_s;
        bob[u"done"_s] = QJsonArray{};
        agent.handler = [bob](const test::HttpRequest& r) -> CannedAgent::Answer {
            if (r.target == "/v1/enforcement")
                return {200, json(stateJson({candidateJson(), bob}))};
            return {200, json(auditPage({auditJson(1, u"notify"_s, u"done"_s),
                                         auditJson(2, u"renice"_s, u"would"_s),
                                         auditJson(3, u"renice"_s, u"done"_s)},
                                        3, false))};
        };
        EnforcementPane pane;
        if (dark)
            pane.setPalette(test::darkPalette());
        pane.setServer(serverOf(agent));
        pane.resize(1024, 700);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QTRY_COMPARE(pane.audit()->rowCount(), 3);
        QTRY_COMPARE(pane.candidates()->rowCount(), 2);
        pane.candidateView()->selectRow(0);
        QTest::qWait(50); // the buttons' new text laid out
        QVERIFY(pane.candidateView()->height() >= 100);
        QVERIFY(pane.auditView()->height() >= 100);
        QVERIFY(pane.grab().save(
            shotPath(dark ? u"enforcement-dark.png"_s : u"enforcement-light.png"_s)));
    }
};

QTEST_MAIN(TstEnforcementPane)
#include "tst_enforcementpane.moc"
