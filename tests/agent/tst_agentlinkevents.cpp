// The desktop's side of the policy event log: AgentLink (and AgentLinks)
// following /v1/events of a real AgentServer over loopback, from the first
// record on first contact, on from the last one seen, from the start again
// when the agent's stream changes, skipping a malformed record; each event
// filed under the desktop's name for the server, not the agent's host name.
#include "agent/agentserver.h"
#include "journal/agentjournal.h"
#include "policytesthelpers.h"
#include "remote/agentlink.h"
#include "remote/agentlinks.h"

#include <QDateTime>
#include <QHttpServer>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace gwtest;

namespace {

RemoteServer remoteFor(quint16 port)
{
    return RemoteServer{QStringLiteral("lab"),
                        QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)),
                        kReadToken,
                        {}};
}

QStringList idsOf(const QList<QList<QVariant>>& spied)
{
    QStringList out;
    for (const auto& args : spied) {
        for (const PolicyEvent& e : args.at(1).value<QList<PolicyEvent>>())
            out.append(e.id + (e.isOpen() ? QStringLiteral(" open") : QStringLiteral(" ended")));
    }
    return out;
}

} // namespace

class TestAgentLinkEvents : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void followsByCursor()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        // Events from before the desktop connected.
        PolicyEvent hog = hogEvent(100, kT);
        server.recordEvents({hog, idleEvent(200, kT)});
        server.publish(reading(kT, 50));

        QNetworkAccessManager nam;
        AgentLink link(remoteFor(server.port()), &nam);
        link.setPollInterval(std::chrono::milliseconds(100));
        QSignalSpy spy(&link, &AgentLink::eventsReceived);
        link.start();
        QTRY_COMPARE_WITH_TIMEOUT(idsOf(spy).size(), 2, 5000);
        QCOMPARE(spy.first().at(0).toString(), QStringLiteral("lab"));
        // As the agent recorded it, filed under the desktop's name for the
        // server rather than the agent's host name ("node-1"), in its id too.
        PolicyEvent filed = hog;
        filed.server = QStringLiteral("lab");
        filed.id = QStringLiteral("hog/lab/100/%1").arg(kT);
        QCOMPARE(spy.first().at(1).value<QList<PolicyEvent>>().first(), filed);
        QCOMPARE(link.eventCursor(), 2u);
        QCOMPARE(link.eventStream(), server.stream());

        // Later changes arrive once, after the last one seen.
        hog.endMs = kT + 30'000;
        hog.endReason = QStringLiteral("below threshold");
        server.recordEvents({hog});
        QTRY_COMPARE_WITH_TIMEOUT(idsOf(spy).size(), 3, 5000);
        QCOMPARE(idsOf(spy).last(), filed.id + QStringLiteral(" ended"));
        QTest::qWait(300); // a few more polls: nothing again
        QCOMPARE(idsOf(spy).size(), 3);
        QCOMPARE(link.eventCursor(), 3u);
        QCOMPARE(link.eventsSkipped(), 0);
    }

    void pagesThroughABacklog()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QList<PolicyEvent> many;
        for (int i = 0; i < AgentLink::kPageSize + 250; ++i)
            many.append(hogEvent(1000 + i, kT + i));
        server.recordEvents(many);
        QNetworkAccessManager nam;
        AgentLink link(remoteFor(server.port()), &nam);
        link.setPollInterval(std::chrono::milliseconds(100));
        QSignalSpy spy(&link, &AgentLink::eventsReceived);
        link.start();
        QTRY_COMPARE_WITH_TIMEOUT(idsOf(spy).size(), AgentLink::kPageSize + 250, 10000);
        const QStringList ids = idsOf(spy);
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), ids.size()); // each once
    }

    void idOfAnotherShapeIsKeptBehindTheServersName()
    {
        // An id that does not name the agent's host where ours do (another
        // agent's scheme) keeps its text, behind the desktop's name, so two
        // servers' ids still never meet.
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        PolicyEvent odd = hogEvent(5, kT);
        odd.id = QStringLiteral("custom-17");
        server.recordEvents({odd});

        QNetworkAccessManager nam;
        AgentLink link(remoteFor(server.port()), &nam);
        link.setPollInterval(std::chrono::milliseconds(100));
        QSignalSpy spy(&link, &AgentLink::eventsReceived);
        link.start();
        QTRY_COMPARE_WITH_TIMEOUT(idsOf(spy).size(), 1, 5000);
        const PolicyEvent got = spy.first().at(1).value<QList<PolicyEvent>>().first();
        QCOMPARE(got.id, QStringLiteral("lab/custom-17"));
        QCOMPARE(got.server, QStringLiteral("lab"));
    }

    void skipsMalformedRecord()
    {
        const QString path = m_dir.filePath(QStringLiteral("malformed.sqlite"));
        {
            QString error;
            auto j = AgentJournal::open(path, &error);
            QVERIFY2(j, qPrintable(error));
            j->appendEvent(1, kT, QStringLiteral("x"), QByteArrayLiteral("{\"id\":\"x\"}"));
            QVERIFY(j->close(kT, &error));
        }
        AgentServer server(agentConfig());
        QString error;
        // The server itself reports the record it cannot read at start.
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("event record 1 is unreadable")));
        auto j = AgentJournal::open(path, &error);
        QVERIFY2(j, qPrintable(error));
        server.attachJournal(std::move(j));
        QVERIFY2(server.listen(&error), qPrintable(error));
        server.recordEvents({hogEvent(7, kT)});

        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("lab skipped event record 1 - ")));
        QNetworkAccessManager nam;
        AgentLink link(remoteFor(server.port()), &nam);
        link.setPollInterval(std::chrono::milliseconds(100));
        QSignalSpy spy(&link, &AgentLink::eventsReceived);
        link.start();
        QTRY_COMPARE_WITH_TIMEOUT(idsOf(spy).size(), 1, 5000);
        QCOMPARE(spy.first().at(1).value<QList<PolicyEvent>>().first().pid, 7);
        QCOMPARE(link.eventsSkipped(), 1);
        QCOMPARE(link.eventCursor(), 2u);
    }

    void newStreamStartsAgain()
    {
        quint16 port = 0;
        QNetworkAccessManager nam;
        std::unique_ptr<AgentLink> link;
        std::unique_ptr<QSignalSpy> spy;
        {
            AgentServer first(agentConfig());
            QString error;
            QVERIFY2(first.listen(&error), qPrintable(error));
            port = first.port();
            first.recordEvents({hogEvent(1, kT), hogEvent(2, kT), hogEvent(3, kT)});
            link = std::make_unique<AgentLink>(remoteFor(port), &nam);
            link->setPollInterval(std::chrono::milliseconds(100));
            spy = std::make_unique<QSignalSpy>(link.get(), &AgentLink::eventsReceived);
            link->start();
            QTRY_COMPARE_WITH_TIMEOUT(idsOf(*spy).size(), 3, 5000);
            QCOMPARE(link->eventCursor(), 3u);
        }
        // Another agent on the same port, with a numbering of its own.
        AgentConfig c = agentConfig();
        c.port = port;
        AgentServer second(c);
        QString error;
        QVERIFY2(second.listen(&error), qPrintable(error));
        second.recordEvents({hogEvent(9, kT + 1)});
        QTRY_COMPARE_WITH_TIMEOUT(idsOf(*spy).size(), 4, 10000);
        QCOMPARE(spy->last().at(1).value<QList<PolicyEvent>>().first().pid, 9);
        QCOMPARE(link->eventStream(), second.stream());
        QCOMPARE(link->eventCursor(), 1u);
    }

    void olderAgentWithoutEventLog()
    {
        // An agent from before the event log: readings as ever, /v1/events
        // asked once (404) and then left alone.
        QHttpServer fake;
        int eventRequests = 0;
        const QJsonObject page{{QStringLiteral("stream"), QStringLiteral("s1")},
                               {QStringLiteral("instance"), QStringLiteral("s1")},
                               {QStringLiteral("now_ms"), QDateTime::currentMSecsSinceEpoch()},
                               {QStringLiteral("next"), 1},
                               {QStringLiteral("last_sequence"), 1},
                               {QStringLiteral("interval_ms"), 1000},
                               {QStringLiteral("truncated"), false}};
        fake.route(QStringLiteral("/v1/info"), [page] { return page; });
        fake.route(QStringLiteral("/v1/samples"), [page] {
            QJsonObject o = page;
            o.insert(QStringLiteral("samples"), QJsonArray());
            return o;
        });
        fake.setMissingHandler(
            [&](const QHttpServerRequest& request, QHttpServerResponder&& responder) {
                if (request.url().path() == QLatin1String("/v1/events"))
                    ++eventRequests;
                responder.write(QHttpServerResponder::StatusCode::NotFound);
            });
        const quint16 port = quint16(fake.listen(QHostAddress::LocalHost));
        QVERIFY(port != 0);
        QNetworkAccessManager nam;
        AgentLink link(remoteFor(port), &nam);
        link.setPollInterval(std::chrono::milliseconds(100));
        QSignalSpy spy(&link, &AgentLink::eventsReceived);
        link.start();
        QTRY_COMPARE_WITH_TIMEOUT(eventRequests, 1, 5000);
        QTest::qWait(500); // several polls of the readings
        QCOMPARE(eventRequests, 1);
        QCOMPARE(link.status().state, LinkState::Connected);
        QVERIFY(spy.isEmpty());
    }

    void linksReemit()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        server.recordEvents({idleEvent(5, kT)});
        AgentLinks links(std::chrono::milliseconds(100));
        QSignalSpy spy(&links, &AgentLinks::eventsReceived);
        links.setServers({remoteFor(server.port())});
        QTRY_COMPARE_WITH_TIMEOUT(spy.size(), 1, 5000);
        QCOMPARE(spy.first().at(0).toString(), QStringLiteral("lab"));
        const auto events = spy.first().at(1).value<QList<PolicyEvent>>();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().kind, PolicyEventKind::Idle);
        links.stop();
    }
};

QTEST_GUILESS_MAIN(TestAgentLinkEvents)
#include "tst_agentlinkevents.moc"
