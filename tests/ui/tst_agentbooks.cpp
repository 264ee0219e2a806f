// The desktop reads the books an agent keeps (issue 13): a real AgentServer
// with [tokens] in process over loopback, fed the worked example; the
// Tokens page shows its books ("Books kept by node-1"), alice at 46; Adjust
// balance goes to POST /v1/ledger with the server's token (an admin token:
// the entry appears; a read token: the dialog says so and keeps what was
// typed); the agent stopped, the books stay with their age. The keeper's
// `role`, `keeper` and `servers` from a canned reply (a relay listed first
// is passed over; an unreachable server named with its age). TokensClient
// follows ledger and usage pages; bad replies name the key. The balance
// over time steps to 46 with the floor at -10; screenshots.
#include "charts/balanceplot.h"
#include "models/agentbooks.h"
#include "models/desktopstores.h"
#include "models/ledgermodel.h"
#include "remote/tokensclient.h"
#include "window/adjustbalancedialog.h"
#include "window/enforcementpane.h"
#include "window/enforcementtab.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/tokensview.h"

#include "engine/livestate.h"

#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/tokendesk.h"
#include "tokens/tokensjson.h"

#include "agentbooksfixtures.h"
#include "darkpalette.h"
#include "testcert.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace gw;
using namespace gw::test;
using namespace Qt::StringLiterals;

class TstAgentBooks : public QObject
{
    Q_OBJECT

    std::unique_ptr<AgentServer> m_server;
    qint64 m_now = 0;

    void startAgent(bool tokens = true)
    {
        m_server = std::make_unique<AgentServer>(config());
        m_server->setClock([this] { return m_now; });
        m_server->attachPolicy(nullptr, policy(tokens), {});
        QString error;
        QVERIFY2(m_server->listen(&error), qPrintable(error));
        for (const Snapshot& s : workedExample(u"node-1"_s)) {
            m_now = s.timestampMs;
            m_server->publish(s);
        }
    }
    RemoteServer agent(const QByteArray& token) const
    {
        return RemoteServer{
            u"node-1"_s, QUrl(u"http://127.0.0.1:%1"_s.arg(m_server->port())), token, {}};
    }
    // The page as the main window wires it: books and source from AgentBooks,
    // Adjust through it; `now` the clock the ages are told by.
    static void wire(TokensView& view, AgentBooks& books, std::function<qint64()> now)
    {
        auto show = [&view, &books, now] {
            view.setBooks(books.books(), books.rules(), books.source().asOfMs, now());
            view.setAdjustSubmit(
                [&books](const QString& u, double a, const QString& r,
                         std::function<void(const QString&)> done) {
                    books.adjust(u, a, r, [done](const AdjustReply& reply) { done(reply.error); });
                },
                books.source().keeper);
            view.setBooksSource(books.source(), now());
        };
        QObject::connect(&books, &AgentBooks::changed, &view, show);
    }

private Q_SLOTS:
    void init()
    {
        QLocale::setDefault(QLocale::c());
        // The books start with the agent's clock: before the first reading.
        m_now = utcMs(2026, 11, 3, 9);
    }
    void cleanup() { m_server.reset(); }

    void keeperBooksOverLoopback()
    {
        startAgent();
        AgentBooks books;
        books.setClock([this] { return m_now; });
        books.setAgents([this] { return QList<RemoteServer>{agent(kRead)}; });
        TokensView view;
        wire(view, books, [this] { return m_now; });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        // The agent does not state its role: it keeps its own books.
        QCOMPARE(books.source().keeper, u"node-1"_s);
        QCOMPARE(books.keeper(), agent(kRead));
        QCOMPARE(books.books().balances.value(kAlice), 46.0);
        QCOMPARE(books.books().entries, m_server->tokenDesk()->books().entries);
        QCOMPARE(books.source().asOfMs, utcMs(2026, 11, 6, 3));
        QCOMPARE(books.rules().overdraftFloor, -10.0);
        QVERIFY2(view.asOfLabel()->text().contains(u"Books kept by node-1"_s),
                 qPrintable(view.asOfLabel()->text()));
        QCOMPARE(view.ledgerModel()->rowCount(), books.books().entries.size());
        QCOMPARE(view.spentThisMonth().value(kAlice), 84.0);
        // The balance over time: the grant of 130 and the first hour's 4
        // tokens at the same instant (one step), down to 46 at the end.
        const QList<QPointF> steps = view.balancePlot()->steps(kAlice);
        QVERIFY(steps.size() >= 3);
        QCOMPARE(steps.first().y(), 126.0);
        QCOMPARE(steps.last().y(), 46.0);
        QCOMPARE(qint64(steps.last().x()), utcMs(2026, 11, 6, 3));
        QCOMPARE(view.balancePlot()->floor(), -10.0);
        QVERIFY(view.balancePlot()->valueMin() <= -10.0);
        QVERIFY(view.balancePlot()->valueMax() >= 130.0);
        // Polled again with nothing new: one balances request, no ledger.
        const Books before = books.books();
        m_now += 60'000;
        books.pollNow();
        QTRY_VERIFY(!books.polling());
        QCOMPARE(books.books(), before);
        QCOMPARE(books.source().readMs, m_now);
        // The server removed from File → Servers…: its books go with it.
        books.setAgents([] { return QList<RemoteServer>{}; });
        books.pollNow();
        QVERIFY(!books.hasBooks());
        QVERIFY(!books.keeper());
        QVERIFY(books.source().note.contains(u"watches no agents"_s));
    }

    void adjustWithAnAdminTokenAppears()
    {
        startAgent();
        AgentBooks books;
        books.setClock([this] { return m_now; });
        books.setAgents([this] { return QList<RemoteServer>{agent(kAdmin)}; });
        TokensView view;
        wire(view, books, [this] { return m_now; });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        view.openAdjustDialog();
        auto* dialog = view.findChild<AdjustBalanceDialog*>();
        QVERIFY(dialog);
        QVERIFY2(dialog->note()->text().contains(u"node-1"_s), qPrintable(dialog->note()->text()));
        QSignalSpy accepted(dialog, &QDialog::accepted);
        dialog->userBox()->setCurrentText(kAlice);
        dialog->amountBox()->setValue(10);
        dialog->reasonEdit()->setText(u"paper deadline"_s);
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QVERIFY(dialog->sending());
        QTRY_COMPARE_WITH_TIMEOUT(accepted.size(), 1, 10'000);
        // Stored by the agent, read back: the entry is in the ledger shown.
        QTRY_COMPARE_WITH_TIMEOUT(books.books().balances.value(kAlice), 56.0, 10'000);
        const LedgerEntry& last = books.books().entries.last();
        QCOMPARE(last.kind, LedgerEntry::Kind::Adjustment);
        QCOMPARE(last.reason, u"paper deadline"_s);
        QCOMPARE(last.by, u"boss"_s);
        QCOMPARE(last.amount, 10.0);
        QTRY_COMPARE(view.ledgerModel()->rowCount(), books.books().entries.size());
        QCOMPARE(view.ledgerModel()->entry(view.ledgerModel()->rowCount() - 1).reason,
                 u"paper deadline"_s);
        QCOMPARE(m_server->tokenDesk()->books().balances.value(kAlice), 56.0);
    }

    void readOnlyTokenIsSaidAndNothingIsLost()
    {
        startAgent();
        AgentBooks books;
        books.setClock([this] { return m_now; });
        books.setAgents([this] { return QList<RemoteServer>{agent(kRead)}; });
        TokensView view;
        wire(view, books, [this] { return m_now; });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        view.openAdjustDialog();
        auto* dialog = view.findChild<AdjustBalanceDialog*>();
        QVERIFY(dialog);
        dialog->userBox()->setCurrentText(kAlice);
        dialog->amountBox()->setValue(-5);
        dialog->reasonEdit()->setText(u"ran on a reserved GPU"_s);
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->sending(), 10'000);
        QVERIFY(dialog->isVisible());
        QVERIFY2(dialog->errorLabel()->text().contains(
                     u"the token for node-1 is read-only: adjusting needs an admin token"_s),
                 qPrintable(dialog->errorLabel()->text()));
        // Everything typed is still there, and can be sent again.
        QCOMPARE(dialog->userBox()->currentText(), kAlice);
        QCOMPARE(dialog->amountBox()->value(), -5.0);
        QCOMPARE(dialog->reasonEdit()->text(), u"ran on a reserved GPU"_s);
        QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QCOMPARE(m_server->tokenDesk()->books().balances.value(kAlice), 46.0);
        QVERIFY(dialog->grab().save(shotPath(u"adjust-read-only-light.png"_s)));
        dialog->reject();
    }

    void keeperStopsAnsweringBooksStayWithTheirAge()
    {
        startAgent();
        AgentBooks books;
        books.setClock([this] { return m_now; });
        books.setAgents([this] { return QList<RemoteServer>{agent(kRead)}; });
        const RemoteServer gone = agent(kRead); // its port, once it is down
        TokensView view;
        wire(view, books, [this] { return m_now; });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        const Books read = books.books();
        const qint64 readAt = m_now;
        books.setAgents([gone] { return QList<RemoteServer>{gone}; });
        m_server.reset();
        m_now += 3 * 60'000;
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(!books.source().error.isEmpty(), 10'000);
        QVERIFY(books.hasBooks());
        QCOMPARE(books.books(), read);
        QCOMPARE(books.source().readMs, readAt);
        QCOMPARE(books.source().failingSinceMs, m_now);
        m_now += 2 * 60'000;
        view.setBooksSource(books.source(), m_now);
        const QString line = view.asOfLabel()->text();
        // Times on this machine's clock (the reply does not give the zone).
        auto hhmm = [](qint64 ms) {
            return QDateTime::fromMSecsSinceEpoch(ms).toString(u"HH:mm"_s);
        };
        QVERIFY2(line.contains(u"node-1 is not answering (since %1)"_s.arg(
                     hhmm(books.source().failingSinceMs))),
                 qPrintable(line));
        QVERIFY2(line.contains(u"Connection refused"_s), qPrintable(line));
        // Between polls the ages move on by the view's own clock.
        view.setClock([this] { return m_now + 60'000; });
        view.refreshAges();
        QVERIFY2(view.asOfLabel()->text().contains(u"6 min ago"_s),
                 qPrintable(view.asOfLabel()->text()));
        QVERIFY2(line.contains(u"as read at %1, 5 min ago"_s.arg(hhmm(readAt))), qPrintable(line));
    }

    // The window as the app wires it: the agents it watches (with their
    // tokens) are asked once the Tokens page is shown; Adjust goes there.
    void mainWindowShowsTheKeepersBooksAndAdjustsThere()
    {
        startAgent();
        LiveState fleet;
        DesktopStores stores;
        MainWindow w(&fleet, &stores);
        w.setPolicyAgents([this] { return QList<RemoteServer>{agent(kAdmin)}; });
        w.show();
        w.showTokens();
        TokensView* view = w.tokensView();
        QTRY_COMPARE_WITH_TIMEOUT(view->booksSource().kind, BooksSource::Kind::Keeper, 10'000);
        QVERIFY2(view->asOfLabel()->text().contains(u"Books kept by node-1"_s),
                 qPrintable(view->asOfLabel()->text()));
        QCOMPARE(view->users(), QStringList{kAlice});
        QCOMPARE(view->spentTable()->item(0, 1)->text(), u"46.00"_s);
        view->openAdjustDialog();
        auto* dialog = view->findChild<AdjustBalanceDialog*>();
        QVERIFY(dialog);
        dialog->userBox()->setCurrentText(kAlice);
        dialog->amountBox()->setValue(-6);
        dialog->reasonEdit()->setText(u"ran on a reserved GPU"_s);
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QTRY_COMPARE_WITH_TIMEOUT(view->spentTable()->item(0, 1)->text(), u"40.00"_s, 10'000);
        QCOMPARE(m_server->tokenDesk()->books().balances.value(kAlice), 40.0);

        // The Enforcement tab reads the same real agent's /v1/enforcement.
        w.tokensTabs()->setCurrentWidget(w.enforcementTab());
        EnforcementTab* enforcement = w.enforcementTab();
        QCOMPARE(enforcement->agentChoice()->currentText(), u"node-1"_s);
        QVERIFY(!enforcement->noAgentsLabel()->isVisibleTo(enforcement));
        QTRY_VERIFY_WITH_TIMEOUT(enforcement->pane()->live(), 10'000);
        QVERIFY2(enforcement->pane()->modeLabel()->text().contains(
                     u"Enforcement on node-1: off: candidates are listed, nothing is done"_s),
                 qPrintable(enforcement->pane()->modeLabel()->text()));

        // Prices adopted from the editor land in the keeper's policy text,
        // for the admin to review and save.
        PolicyConfig::Tokens dearer = m_server->policy().tokens;
        dearer.defaultPrice = 3;
        dearer.prices = {{u"RTX A6000"_s, 5, 0}};
        PolicyDialog* policy = w.adoptPrices(dearer);
        QVERIFY(policy);
        QCOMPARE(policy->target().displayName().contains(u"node-1"_s), true);
        QTRY_VERIFY_WITH_TIMEOUT(policy->text().contains(u"\"RTX A6000\" = 5"_s), 10'000);
        QVERIFY(policy->text().contains(u"default_price = 3"_s));
        QTRY_VERIFY_WITH_TIMEOUT(policy->policy().has_value(), 10'000);
        QCOMPARE(policy->policy()->tokens.prices, dearer.prices);
    }

    void noKeeperFallsBackAndSaysWhy()
    {
        startAgent(false); // [tokens] off: 404 on every token route
        AgentBooks books;
        books.setAgents([this] { return QList<RemoteServer>{agent(kRead)}; });
        QSignalSpy changed(&books, &AgentBooks::changed);
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty() && !books.polling(), 10'000);
        QVERIFY(!books.hasBooks());
        QVERIFY2(books.source().note.contains(u"node-1 keeps no token books"_s),
                 qPrintable(books.source().note));
        AdjustReply refused;
        books.adjust(kAlice, 5, u"x"_s, [&refused](const AdjustReply& r) { refused = r; });
        QVERIFY(refused.error.contains(u"No agent keeps these books"_s));
        // No agents at all: said too.
        AgentBooks none;
        none.pollNow();
        QVERIFY(none.source().note.contains(u"watches no agents"_s));
    }

    void cannedKeeperStatesServersAndARelayIsPassedOver()
    {
        const qint64 now = utcMs(2026, 11, 6, 2, 30);
        CannedAgent relay, keeper;
        relay.answer("GET /v1/balances", 200,
                     QJsonObject{{u"now_ms"_s, now},
                                 {u"as_of_ms"_s, utcMs(2026, 11, 6, 2)},
                                 {u"balances"_s, QJsonObject{{u"alice"_s, 120}}},
                                 {u"cut_off"_s, QJsonArray{}},
                                 {u"overdraft_floor"_s, -10},
                                 {u"role"_s, u"relay"_s},
                                 {u"keeper"_s, u"node-1"_s},
                                 {u"fetched_ms"_s, now - 5000},
                                 {u"error"_s, u""_s}});
        keeper.answer("GET /v1/balances", 200, keeperBalances(now));
        keeper.answer("GET /v1/ledger", 200, cannedLedger(now));
        AgentBooks books;
        qint64 clock = now + 10'000;
        books.setClock([&clock] { return clock; });
        books.setAgents([&] {
            return QList<RemoteServer>{{u"node-2"_s, relay.url(), kRead, {}},
                                       {u"node-1"_s, keeper.url(), kRead, {}}};
        });
        TokensView view;
        wire(view, books, [&clock] { return clock; });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        QCOMPARE(books.source().keeper, u"node-1"_s);
        QCOMPARE(books.source().keeperCalled, u"node-1"_s);
        QCOMPARE(books.source().servers.size(), 4);
        QCOMPARE(books.source().servers.at(3).server, u"node-3"_s);
        QVERIFY(!books.source().servers.at(3).reachable);
        QCOMPARE(books.source().servers.at(3).lastContactMs, now - 12 * 60'000);
        QCOMPARE(books.source().servers.at(2).lastContactMs, std::nullopt); // null: never
        QCOMPARE(books.books().cutOff, QStringList{u"bob"_s});
        QCOMPARE(books.books().balances.value(u"bob"_s), -12.0);
        // The ledger was asked once, whole, with the token.
        int ledgerAsks = 0;
        for (const HttpRequest& r : std::as_const(keeper.requests)) {
            ledgerAsks += r.target.startsWith("/v1/ledger");
            QCOMPARE(r.headers.value("authorization"), "Bearer " + kRead);
        }
        QCOMPARE(ledgerAsks, 1);
        // The page: kept by node-1; node-3 named unreachable with its age.
        const QString servers = view.serversLabel()->text();
        QVERIFY2(servers.contains(u"node-1 (the keeper)"_s), qPrintable(servers));
        QVERIFY2(servers.contains(u"node-2 read 40 s ago"_s), qPrintable(servers));
        QVERIFY2(servers.contains(u"node-4 unreachable, never read (no route to host)"_s),
                 qPrintable(servers));
        QVERIFY2(
            servers.contains(u"node-3 unreachable, last read 12 min ago (connection refused)"_s),
            qPrintable(servers));
        QVERIFY2(view.asOfLabel()->text().contains(u"Books kept by node-1, as of"_s),
                 qPrintable(view.asOfLabel()->text()));
        // Named otherwise here than it names itself: both said.
        BooksSource renamed = books.source();
        renamed.keeper = u"lab-keeper"_s;
        view.setBooksSource(renamed, books.source().readMs);
        QVERIFY2(view.asOfLabel()->text().contains(u"Books kept by lab-keeper (node-1), as of"_s),
                 qPrintable(view.asOfLabel()->text()));
        // Ten seconds on, without a new read: the ages move with the clock.
        view.setBooksSource(books.source(), books.source().readMs + 10'000);
        QVERIFY2(view.serversLabel()->text().contains(u"node-2 read 50 s ago"_s),
                 qPrintable(view.serversLabel()->text()));
        QVERIFY(view.serversLabel()->text().contains(u"last read 12 min ago"_s));
        // A server that answers with an error is reachable but not read: said.
        BooksSource refused = books.source();
        refused.servers[1].error = u"HTTP 401: unknown token"_s;
        view.setBooksSource(refused, books.source().readMs);
        QVERIFY2(view.serversLabel()->text().contains(
                     u"node-2 answered 40 s ago but is not read: HTTP 401: unknown token"_s),
                 qPrintable(view.serversLabel()->text()));
    }

    // The ledger must add up to the balances read before it (an hour may
    // close between the two): read again, at most three times, then shown.
    void aLedgerThatDoesNotAddUpIsReadAgain()
    {
        const qint64 now = utcMs(2026, 11, 6, 2, 30);
        CannedAgent keeper;
        QJsonObject balances = keeperBalances(now);
        balances[u"balances"_s] = QJsonObject{{u"alice"_s, 999}, {u"bob"_s, -12}};
        keeper.answer("GET /v1/balances", 200, balances);
        keeper.answer("GET /v1/ledger", 200, cannedLedger(now));
        AgentBooks books;
        books.setAgents([&] {
            return QList<RemoteServer>{{u"node-1"_s, keeper.url(), kRead, {}}};
        });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        int balanceAsks = 0, ledgerAsks = 0;
        for (const HttpRequest& r : std::as_const(keeper.requests)) {
            balanceAsks += r.target.startsWith("/v1/balances");
            ledgerAsks += r.target.startsWith("/v1/ledger");
        }
        QCOMPARE(ledgerAsks, 3);
        QCOMPARE(balanceAsks, 3);
        QCOMPARE(books.books().balances.value(kAlice), 999.0); // as the keeper says
        // Once they agree, one read of each.
        keeper.requests.clear();
        balances[u"balances"_s] = QJsonObject{{u"alice"_s, 120}, {u"bob"_s, -12}};
        keeper.answer("GET /v1/balances", 200, balances);
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.books().balances.value(kAlice) == 120.0, 10'000);
        QTRY_VERIFY(!books.polling());
        QCOMPARE(keeper.requests.size(), 2);
    }

    void badRepliesNameTheKey_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        const QByteArray base = R"("now_ms":1,"as_of_ms":1,"cut_off":[],"overdraft_floor":-10)";
        QTest::newRow("balance not a number")
            << QByteArray("{" + base + R"(,"balances":{"alice":"46"}})")
            << u"balances.alice: expected a number, got a string"_s;
        QTest::newRow("no balances") << QByteArray("{" + base + "}") << u"balances: missing"_s;
        QTest::newRow("role unknown") << QByteArray("{" + base + R"(,"balances":{},"role":"boss"})")
                                      << u"role: \"boss\" is not one of \"keeper\", \"relay\""_s;
        QTest::newRow("reachable a string")
            << QByteArray(
                   "{" + base +
                   R"(,"balances":{},"servers":[{"server":"a","url":"","reachable":"yes"}]})")
            << u"servers[0].reachable: expected true or false, got a string"_s;
        QTest::newRow("fractional time")
            << QByteArray(
                   R"({"now_ms":1.5,"as_of_ms":1,"balances":{},"cut_off":[],"overdraft_floor":0})")
            << u"now_ms: expected an integer, got 1.5"_s;
        QTest::newRow("gap without to_ms")
            << QByteArray("{" + base + R"(,"balances":{},"gaps":[{"server":"a","from_ms":1}]})")
            << u"gaps[0]"_s;
    }
    void badRepliesNameTheKey()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString why;
        const auto b = agentBalancesFromJson(QJsonDocument::fromJson(json).object(), &why);
        QVERIFY(!b);
        QVERIFY2(why.startsWith(error), qPrintable(why));
    }

    void aBadReplyOverHttpIsAFailureNamingTheServer()
    {
        CannedAgent broken;
        broken.answer("GET /v1/balances", 200, QJsonObject{{u"now_ms"_s, u"soon"_s}});
        TokensClient client({u"node-9"_s, broken.url(), kRead, {}});
        std::optional<BalancesReply> got;
        client.getBalances([&got](const BalancesReply& r) { got = r; });
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10'000);
        QVERIFY(!got->ok());
        QCOMPARE(got->failure, AgentFailure::Protocol);
        QVERIFY2(got->error.contains(u"/v1/balances: now_ms: expected an integer"_s),
                 qPrintable(got->error));
    }

    // A ledger or usage page that does not read fails naming the route and
    // the key, with the element's place in arrays.
    void badPagesNameTheKey_data()
    {
        QTest::addColumn<QByteArray>("route");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error"); // empty: the page reads
        const QByteArray entry = R"({"id":"g","kind":"grant","user":"alice","at_ms":1,"amount":5})";
        const QByteArray fact =
            R"("server":"s","user":"alice","gpu_model":"H100","hour_start_ms":0,"held_gpu_seconds":1,"used_gpu_seconds":1)";
        const QByteArray usage = R"("stream":"x","next":1,"last_sequence":1,"truncated":false)";
        QTest::newRow("ledger amount")
            << QByteArray("GET /v1/ledger")
            << QByteArray(
                   R"({"now_ms":1,"next":1,"truncated":false,"entries":[{"id":"g","kind":"grant","user":"alice","at_ms":1,"amount":"5"}]})")
            << u"/v1/ledger: entries[0].amount: expected a number, got a string"_s;
        QTest::newRow("ledger entry not an object")
            << QByteArray("GET /v1/ledger")
            << QByteArray(R"({"now_ms":1,"next":2,"truncated":false,"entries":[)" + entry + ",7]}")
            << u"/v1/ledger: entries[1]: expected an object, got a number"_s;
        QTest::newRow("ledger without truncated")
            << QByteArray("GET /v1/ledger")
            << QByteArray(R"({"now_ms":1,"next":1,"entries":[)" + entry + "]}")
            << u"/v1/ledger: truncated: missing"_s;
        QTest::newRow("ledger next")
            << QByteArray("GET /v1/ledger")
            << QByteArray(R"({"now_ms":1,"next":5,"truncated":false,"entries":[)" + entry + "]}")
            << u"/v1/ledger: next: expected 1, got 5"_s;
        QTest::newRow("usage sequence")
            << QByteArray("GET /v1/usage")
            << QByteArray("{" + usage + R"(,"usage":[{"sequence":2,)" + fact + "}]}")
            << u"/v1/usage: usage[0].sequence: expected 1"_s;
        QTest::newRow("usage fact not an object")
            << QByteArray("GET /v1/usage") << QByteArray("{" + usage + R"(,"usage":["f"]})")
            << u"/v1/usage: usage[0]: expected an object, got a string"_s;
        QTest::newRow("usage gap without server")
            << QByteArray("GET /v1/usage")
            << QByteArray("{" + usage + R"(,"usage":[{"sequence":1,)" + fact +
                          R"(}],"gaps":[{"from_ms":1,"to_ms":2}]})")
            << u"/v1/usage: gaps[0].server: missing"_s;
        QTest::newRow("usage gaps null: none")
            << QByteArray("GET /v1/usage")
            << QByteArray("{" + usage + R"(,"usage":[{"sequence":1,)" + fact + R"(}],"gaps":null})")
            << QString();
    }
    void badPagesNameTheKey()
    {
        QFETCH(QByteArray, route);
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        CannedAgent canned;
        const QJsonDocument doc = QJsonDocument::fromJson(json);
        QVERIFY2(doc.isObject(), json.constData());
        canned.answer(route, 200, doc.object());
        TokensClient client({u"node-9"_s, canned.url(), kRead, {}});
        TokensFailure got;
        bool done = false;
        if (route.endsWith("ledger"))
            client.getLedger({}, [&](const LedgerReply& r) { got = r, done = true; });
        else
            client.getUsage(0, [&](const UsageReply& r) { got = r, done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 10'000);
        if (error.isEmpty()) {
            QVERIFY2(got.ok(), qPrintable(got.error));
            return;
        }
        QCOMPARE(got.failure, AgentFailure::Protocol);
        QVERIFY2(got.error.endsWith(error), qPrintable(got.error));
    }

    // AgentClient's checks: the pin decides over TLS; a silent agent times out.
    void pinnedCertificateAndTimeout()
    {
        QTemporaryDir dir;
        const Certificate a = makeCertificate(dir, u"a"_s);
        const Certificate b = makeCertificate(dir, u"b"_s);
        QVERIFY2(!a.sha256.isEmpty() && !b.sha256.isEmpty(), "openssl could not make certificates");
        AgentConfig c = config();
        c.tlsCertificate = a.cert;
        c.tlsKey = a.key;
        m_server = std::make_unique<AgentServer>(c);
        m_server->setClock([this] { return m_now; });
        m_server->attachPolicy(nullptr, policy(), {});
        QString error;
        QVERIFY2(m_server->listen(&error), qPrintable(error));
        const QUrl url(u"https://127.0.0.1:%1"_s.arg(m_server->port()));
        auto balances = [&](const QByteArray& pin) {
            TokensClient client({u"node-1"_s, url, kRead, pin});
            std::optional<BalancesReply> got;
            client.getBalances([&got](const BalancesReply& r) { got = r; });
            if (!QTest::qWaitFor([&] { return got.has_value(); }, 10'000))
                return BalancesReply{};
            return *got;
        };
        const BalancesReply pinned = balances(a.sha256);
        QVERIFY2(pinned.ok(), qPrintable(pinned.error));
        const BalancesReply other = balances(b.sha256);
        QCOMPARE(other.failure, AgentFailure::PinMismatch);
        QVERIFY(other.error.contains(u"differs from the pinned one"_s));
        QVERIFY(!other.balances);
        const BalancesReply none = balances({});
        QCOMPARE(none.failure, AgentFailure::Untrusted);

        // An agent that accepts and never answers.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        TokensClient client(
            {u"mute"_s, QUrl(u"http://127.0.0.1:%1"_s.arg(silent.serverPort())), kRead, {}});
        client.setTimeoutMs(300);
        std::optional<LedgerReply> got;
        client.getLedger({}, [&got](const LedgerReply& r) { got = r; });
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10'000);
        QCOMPARE(got->failure, AgentFailure::Unreachable);
        QVERIFY2(got->error.contains(u"no complete reply in time"_s), qPrintable(got->error));
    }

    void ledgerAndUsagePagesAreFollowed()
    {
        startAgent();
        TokensClient client(agent(kRead));
        client.setPageSize(3);
        std::optional<LedgerReply> ledger;
        client.getLedger({}, [&ledger](const LedgerReply& r) { ledger = r; });
        QTRY_VERIFY_WITH_TIMEOUT(ledger.has_value(), 10'000);
        QVERIFY2(ledger->ok(), qPrintable(ledger->error));
        const Books served = m_server->tokenDesk()->books();
        QCOMPARE(ledger->entries, served.entries);
        QVERIFY(ledger->pages >= 2);
        // One user's.
        std::optional<LedgerReply> mine;
        client.getLedger(kAlice, [&mine](const LedgerReply& r) { mine = r; });
        QTRY_VERIFY_WITH_TIMEOUT(mine.has_value(), 10'000);
        QCOMPARE(mine->entries.size(), served.entries.size()); // alice is the only user
        std::optional<UsageReply> usage;
        client.getUsage(0, [&usage](const UsageReply& r) { usage = r; });
        QTRY_VERIFY_WITH_TIMEOUT(usage.has_value(), 10'000);
        QVERIFY2(usage->ok(), qPrintable(usage->error));
        QCOMPARE(usage->facts, m_server->tokenDesk()->facts());
        QCOMPARE(usage->lastSequence, m_server->tokenDesk()->lastUsageSequence());
        QVERIFY(usage->pages >= 2);
        // From the middle on.
        std::optional<UsageReply> rest;
        client.getUsage(5, [&rest](const UsageReply& r) { rest = r; });
        QTRY_VERIFY_WITH_TIMEOUT(rest.has_value(), 10'000);
        QCOMPARE(rest->facts, m_server->tokenDesk()->facts().mid(5));
    }

    void balanceOverTimeFollowsTheUserPicked()
    {
        BalancePlot plot;
        QList<LedgerEntry> entries;
        auto add = [&entries](const QString& user, qint64 at, double amount) {
            LedgerEntry e;
            e.user = user;
            e.atMs = at;
            e.amount = amount;
            entries << e;
        };
        add(kAlice, utcMs(2026, 11, 2), 130);
        add(u"bob"_s, utcMs(2026, 11, 2), 130);
        add(u"bob"_s, utcMs(2026, 11, 3, 11), -64);
        add(u"bob"_s, utcMs(2026, 11, 3, 11), -32); // same instant: one step
        add(u"bob"_s, utcMs(2026, 11, 3, 17), -64);
        plot.setLedger(entries, -10, utcMs(2026, 11, 4));
        QCOMPARE(plot.usersShown(), (QStringList{kAlice, u"bob"_s}));
        const QList<QPointF> bob = plot.steps(u"bob"_s);
        QCOMPARE(bob.size(), 4);
        QCOMPARE(bob.at(1).y(), 34.0);
        QCOMPARE(bob.at(2).y(), -30.0);
        QCOMPARE(bob.last(), QPointF(double(utcMs(2026, 11, 4)), -30.0));
        QVERIFY(plot.valueMin() <= -30 && plot.valueMax() >= 130);
        // Between entries the last balance holds; before a user's first, none.
        QCOMPARE(plot.balancesAt(utcMs(2026, 11, 3, 14)).value(u"bob"_s), 34.0);
        QCOMPARE(plot.balancesAt(utcMs(2026, 11, 3, 17)).value(u"bob"_s), -30.0);
        QVERIFY(!plot.balancesAt(utcMs(2026, 11, 1)).contains(kAlice));
        plot.resize(600, 300);
        const QString hover = plot.hoverText(plot.xForTime(utcMs(2026, 11, 3, 14)));
        QVERIFY2(hover.contains(u"bob: 34"_s) && hover.contains(u"alice: 130"_s),
                 qPrintable(hover));
        plot.setUser(kAlice);
        QCOMPARE(plot.usersShown(), QStringList{kAlice});
        // Alice alone still shows zero and the floor.
        QVERIFY(plot.valueMin() <= -10 && plot.valueMax() >= 130);
        plot.setUser(u"nobody"_s);
        QVERIFY(plot.usersShown().isEmpty());
    }

    void screenshotsOfTheKeepersBooks_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void screenshotsOfTheKeepersBooks()
    {
        QFETCH(bool, dark);
        const qint64 now = utcMs(2026, 11, 6, 3, 30);
        CannedAgent keeper;
        startAgent();
        // The real agent's ledger and balances, stated as a keeper of four.
        QJsonObject balances = keeperBalances(now);
        const Books served = m_server->tokenDesk()->books();
        QJsonObject map;
        for (auto it = served.balances.cbegin(); it != served.balances.cend(); ++it)
            map.insert(it.key(), it.value());
        balances[u"balances"_s] = map;
        balances[u"cut_off"_s] = QJsonArray{};
        balances[u"as_of_ms"_s] = utcMs(2026, 11, 6, 3);
        QJsonArray entries;
        for (const LedgerEntry& e : served.entries)
            entries << ledgerEntryToJson(e);
        keeper.answer("GET /v1/balances", 200, balances);
        keeper.answer("GET /v1/ledger", 200,
                      QJsonObject{{u"now_ms"_s, now},
                                  {u"user"_s, u""_s},
                                  {u"after"_s, 0},
                                  {u"next"_s, entries.size()},
                                  {u"truncated"_s, false},
                                  {u"balance"_s, QJsonValue()},
                                  {u"entries"_s, entries}});
        AgentBooks books;
        qint64 clock = now + 20'000;
        books.setClock([&clock] { return clock; });
        books.setAgents([&] {
            return QList<RemoteServer>{{u"node-1"_s, keeper.url(), kRead, {}}};
        });
        TokensView v;
        if (dark)
            v.setPalette(darkPalette());
        wire(v, books, [&clock] { return clock; });
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(books.hasBooks(), 10'000);
        v.resize(1024, 700);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        // The Balance over time tab is current and draws the plot (not its
        // empty state).
        QVERIFY(v.balancePlot()->isVisible());
        QVERIFY(v.balancePlot()->height() >= 140);
        QVERIFY(v.serversLabel()->isVisible());
        QVERIFY(v.grab().save(
            shotPath(dark ? u"tokens-keeper-dark.png"_s : u"tokens-keeper-light.png"_s)));
        // The keeper stops answering: its last books stay, said stale.
        keeper.answer("GET /v1/balances", 503,
                      QJsonObject{{u"error"_s, QJsonObject{{u"code"_s, u"journal"_s},
                                                           {u"message"_s, u"disk full"_s}}}});
        clock += 4 * 60'000;
        books.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(!books.source().error.isEmpty(), 10'000);
        QVERIFY2(v.asOfLabel()->text().contains(u"node-1 is not answering"_s),
                 qPrintable(v.asOfLabel()->text()));
        QVERIFY(v.asOfLabel()->text().contains(u"HTTP 503: disk full"_s));
        if (!dark)
            QVERIFY(v.grab().save(shotPath(u"tokens-keeper-stale-light.png"_s)));
    }
};

QTEST_MAIN(TstAgentBooks)
#include "tst_agentbooks.moc"
