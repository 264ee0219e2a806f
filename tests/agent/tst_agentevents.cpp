// The agent's policy event log: numbered apart from readings, served by
// cursor on /v1/events, kept in the journal across restarts (which close the
// events left open), and the journal's upgrade from format 1.
#include "agent/agentserver.h"
#include "journal/agentjournal.h"
#include "policytesthelpers.h"

#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace gwtest;

namespace {

struct EventPage
{
    int status = 0;
    QString stream;
    quint64 next = 0;
    quint64 lastSequence = 0;
    bool truncated = false;
    QList<quint64> sequences;
    QList<PolicyEvent> events;
    QString parseError;
};

EventPage eventsAfter(QNetworkAccessManager& nam, quint16 port, quint64 after, int limit = 100)
{
    const Reply r =
        call(nam, port, QStringLiteral("/v1/events?after=%1&limit=%2").arg(after).arg(limit),
             kReadToken);
    const QJsonObject o = r.json();
    EventPage p;
    p.status = r.status;
    p.stream = o[QStringLiteral("stream")].toString();
    p.next = quint64(o[QStringLiteral("next")].toInteger());
    p.lastSequence = quint64(o[QStringLiteral("last_sequence")].toInteger());
    p.truncated = o[QStringLiteral("truncated")].toBool();
    for (const auto& v : o[QStringLiteral("events")].toArray()) {
        p.sequences.append(quint64(v[QStringLiteral("sequence")].toInteger()));
        QString why;
        const auto e = policyEventFromJson(v[QStringLiteral("event")].toObject(), &why);
        if (!e)
            p.parseError = why;
        else
            p.events.append(*e);
    }
    return p;
}

QList<quint64> range(quint64 from, quint64 to)
{
    QList<quint64> out;
    for (quint64 s = from; s <= to; ++s)
        out.append(s);
    return out;
}

// A journal file as format 1 wrote it: meta and reading, no event table.
bool writeFormat1(const QString& path, const QString& stream)
{
    const QString name = QStringLiteral("format1");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString& s :
             {QStringLiteral("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)"),
              QStringLiteral("CREATE TABLE reading(first_seq INTEGER PRIMARY KEY, last_seq "
                             "INTEGER NOT NULL, last_ms INTEGER NOT NULL, count INTEGER NOT "
                             "NULL, data BLOB NOT NULL)"),
              QStringLiteral("PRAGMA user_version = 1"),
              QStringLiteral("INSERT INTO meta VALUES('application', 'gpuwarden-agent-journal')"),
              QStringLiteral("INSERT INTO meta VALUES('stream', '%1')").arg(stream),
              QStringLiteral("INSERT INTO meta VALUES('reserved_through', '700')"),
              QStringLiteral("INSERT INTO meta VALUES('clean', '1')"),
              QStringLiteral("INSERT INTO meta VALUES('last_sequence', '2')")})
            ok = ok && q.exec(s);
        q.prepare(QStringLiteral("INSERT INTO reading VALUES(1, 2, ?, 2, ?)"));
        q.addBindValue(kT + 1000);
        q.addBindValue(qCompress("1 {\"a\":1}\n2 {\"a\":2}\n"));
        ok = ok && q.exec();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

int userVersion(const QString& path)
{
    const QString name = QStringLiteral("probe");
    int v = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA user_version")) && q.next())
                v = q.value(0).toInt();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return v;
}

} // namespace

class TestAgentEvents : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void servedByCursor()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;

        // Nothing yet: an empty page, the cursor stays.
        EventPage p = eventsAfter(nam, server.port(), 0);
        QCOMPARE(p.status, 200);
        QCOMPARE(p.lastSequence, 0u);
        QVERIFY(p.sequences.isEmpty());
        QVERIFY(!p.truncated);
        QCOMPARE(p.stream, server.stream());

        // The same event once per change: opened, then ended; another opened.
        PolicyEvent hog = hogEvent(100, kT);
        server.recordEvents({hog});
        hog.endMs = kT + 60'000;
        hog.endReason = QStringLiteral("below threshold");
        server.recordEvents({hog, idleEvent(200, kT + 5000)});
        QCOMPARE(server.lastEventSequence(), 3u);

        p = eventsAfter(nam, server.port(), 0);
        QCOMPARE(p.status, 200);
        QVERIFY2(p.parseError.isEmpty(), qPrintable(p.parseError));
        QCOMPARE(p.sequences, range(1, 3));
        QCOMPARE(p.lastSequence, 3u);
        QCOMPARE(p.next, 3u);
        QVERIFY(!p.truncated);
        QCOMPARE(p.events[0].id, hog.id);
        QVERIFY(p.events[0].isOpen());
        QCOMPARE(p.events[1], hog); // the whole event as of that change
        QCOMPARE(p.events[2].kind, PolicyEventKind::Idle);

        // Page by page from "next", as a client follows it.
        p = eventsAfter(nam, server.port(), 0, 2);
        QCOMPARE(p.sequences, range(1, 2));
        QCOMPARE(p.next, 2u);
        p = eventsAfter(nam, server.port(), p.next, 2);
        QCOMPARE(p.sequences, QList<quint64>{3});
        p = eventsAfter(nam, server.port(), 3);
        QVERIFY(p.sequences.isEmpty());
        QCOMPARE(p.next, 3u);

        // The readings' sequence is its own: no reading was published.
        QCOMPARE(server.lastSequence(), 0u);
    }

    void badCursorAndScope_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QString after = QStringLiteral("\"after\" must be an integer in "
                                             "0..9223372036854775807, not \"%1\"");
        QTest::newRow("negative") << QStringLiteral("after=-1") << kReadToken << 400
                                  << after.arg(QStringLiteral("-1"));
        QTest::newRow("text") << QStringLiteral("after=abc") << kReadToken << 400
                              << after.arg(QStringLiteral("abc"));
        QTest::newRow("limit 0") << QStringLiteral("limit=0") << kReadToken << 400
                                 << QStringLiteral(
                                        "\"limit\" must be an integer in 1..1000, not \"0\"");
        QTest::newRow("limit big")
            << QStringLiteral("limit=1001") << kReadToken << 400
            << QStringLiteral("\"limit\" must be an integer in 1..1000, not \"1001\"");
        QTest::newRow("twice") << QStringLiteral("after=1&after=2") << kReadToken << 400
                               << QStringLiteral("\"after\" is given 2 times; give it once (an "
                                                 "integer in 0..9223372036854775807)");
        QTest::newRow("no token") << QStringLiteral("after=0") << QByteArray() << 401
                                  << QStringLiteral("send \"Authorization: Bearer <token>\"");
        QTest::newRow("unknown token") << QStringLiteral("after=0") << QByteArray("nope") << 401
                                       << QStringLiteral("the token is not known to this agent");
    }

    void badCursorAndScope()
    {
        QFETCH(QString, query);
        QFETCH(QByteArray, token);
        QFETCH(int, status);
        QFETCH(QString, message);
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QNetworkAccessManager nam;
        const Reply r = call(nam, server.port(), QStringLiteral("/v1/events?") + query, token);
        QCOMPARE(r.status, status);
        QCOMPARE(r.errorMessage(), message);
        // POST is not served.
        QCOMPARE(call(nam, server.port(), QStringLiteral("/v1/events"), kReadToken, "POST").status,
                 405);
    }

    void memoryOnlyIsBounded()
    {
        AgentServer server(agentConfig());
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        QList<PolicyEvent> many;
        for (int i = 0; i < AgentServer::kMemoryEventLimit + 5; ++i)
            many.append(hogEvent(1000 + i, kT + i));
        server.recordEvents(many);
        QNetworkAccessManager nam;
        // The oldest five are gone: the page starts after the hole and says so.
        const EventPage p = eventsAfter(nam, server.port(), 0, 10);
        QCOMPARE(p.sequences, range(6, 15));
        QVERIFY(p.truncated);
        QCOMPARE(p.lastSequence, quint64(AgentServer::kMemoryEventLimit + 5));
    }

    void surviveRestartAndCloseOpen()
    {
        const QString path = m_dir.filePath(QStringLiteral("restart.sqlite"));
        QNetworkAccessManager nam;
        PolicyEvent open = hogEvent(100, kT);
        PolicyEvent ended = idleEvent(200, kT);
        ended.endMs = kT + 2000;
        ended.endReason = QStringLiteral("process exited");
        QString stream;
        {
            AgentServer server(agentConfig());
            QString error;
            auto journal = AgentJournal::open(path, &error);
            QVERIFY2(journal, qPrintable(error));
            server.attachJournal(std::move(journal));
            QVERIFY2(server.listen(&error), qPrintable(error));
            for (int i = 0; i < 5; ++i)
                server.publish(reading(kT + i * 1000, 50));
            server.recordEvents({open, ended});
            stream = server.stream();
            QCOMPARE(eventsAfter(nam, server.port(), 0).sequences, range(1, 2));
        } // closes the journal, as on SIGTERM

        {
            AgentServer server(agentConfig());
            QString error;
            auto journal = AgentJournal::open(path, &error);
            QVERIFY2(journal, qPrintable(error));
            server.attachJournal(std::move(journal));
            QVERIFY2(server.listen(&error), qPrintable(error));
            QCOMPARE(server.stream(), stream);
            // The open one is closed by a record of its own, at the last stored reading.
            QCOMPARE(server.lastEventSequence(), 3u);
            EventPage p = eventsAfter(nam, server.port(), 0);
            QVERIFY2(p.parseError.isEmpty(), qPrintable(p.parseError));
            QCOMPARE(p.sequences, range(1, 3));
            QCOMPARE(p.stream, stream);
            QCOMPARE(p.events[0], open);
            QCOMPARE(p.events[1], ended);
            QCOMPARE(p.events[2].id, open.id);
            QCOMPARE(p.events[2].endMs, std::optional<qint64>(kT + 4000));
            QCOMPARE(p.events[2].endReason, QStringLiteral("agent restarted"));
            // New events are numbered on.
            server.recordEvents({hogEvent(300, kT + 10'000)});
            p = eventsAfter(nam, server.port(), 3);
            QCOMPARE(p.sequences, QList<quint64>{4});
            // A cursor from before the restart still works.
            p = eventsAfter(nam, server.port(), 1, 2);
            QCOMPARE(p.sequences, range(2, 3));
            QVERIFY(!p.truncated);
        }

        // A third start: nothing is open any more except the new one.
        {
            AgentServer server(agentConfig());
            QString error;
            auto journal = AgentJournal::open(path, &error);
            QVERIFY2(journal, qPrintable(error));
            server.attachJournal(std::move(journal));
            QVERIFY2(server.listen(&error), qPrintable(error));
            QCOMPARE(server.lastEventSequence(), 5u);
            const EventPage p = eventsAfter(nam, server.port(), 4);
            QCOMPARE(p.sequences, QList<quint64>{5});
            QCOMPARE(p.events[0].pid, 300);
            QCOMPARE(p.events[0].endReason, QStringLiteral("agent restarted"));
        }
    }

    void crashKeepsNumbersUnique()
    {
        // Events flushed before a crash are kept; numbers handed out after
        // are never reused.
        const QString path = m_dir.filePath(QStringLiteral("crash.sqlite"));
        quint64 lastBefore = 0;
        {
            QString error;
            auto j = AgentJournal::open(path, &error);
            QVERIFY2(j, qPrintable(error));
            j->appendEvent(1, kT, QStringLiteral("a"), QByteArrayLiteral("{}"));
            QVERIFY(j->flush(kT, &error));
            j->appendEvent(2, kT, QStringLiteral("b"), QByteArrayLiteral("{}"));
            lastBefore = j->lastEventSequence();
        } // no close: as after a crash; event 2 was never written
        QString error;
        auto j = AgentJournal::open(path, &error);
        QVERIFY2(j, qPrintable(error));
        QVERIFY(j->lastEventSequence() >= lastBefore);
        const auto stored = j->readEvents(0, 1000, 100, &error);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].sequence, 1u);
    }

    void eventRetentionAtLeastAWeek()
    {
        const QString path = m_dir.filePath(QStringLiteral("retention.sqlite"));
        AgentJournal::Options options;
        options.retention = std::chrono::hours(1);
        QString error;
        auto j = AgentJournal::open(path, options, &error);
        QVERIFY2(j, qPrintable(error));
        j->appendEvent(1, kT, QStringLiteral("a"), QByteArrayLiteral("{\"x\":1}"));
        QVERIFY(j->flush(kT, &error));
        constexpr qint64 kDay = 24 * 3'600'000LL;
        QVERIFY(j->flush(kT + 6 * kDay, &error));
        QCOMPARE(j->readEvents(0, 100, 10, &error).size(), 1);
        QVERIFY(j->flush(kT + 8 * kDay, &error));
        QCOMPARE(j->readEvents(0, 100, 10, &error).size(), 0);
        // The number is not reused.
        QCOMPARE(j->lastEventSequence(), 1u);
    }

    void upgradesFormat1()
    {
        const QString path = m_dir.filePath(QStringLiteral("format1.sqlite"));
        const QString stream = QStringLiteral("5d5ee2f8-8f0e-4c39-9a83-1e9a5b3c0001");
        QVERIFY(writeFormat1(path, stream));
        QCOMPARE(userVersion(path), 1);
        {
            QString error;
            auto j = AgentJournal::open(path, &error);
            QVERIFY2(j, qPrintable(error));
            // Readings and numbers as they were.
            QCOMPARE(j->stream(), stream);
            QCOMPARE(j->lastSequence(), 2u);
            const auto readings = j->read(0, 100, 10, &error);
            QCOMPARE(readings.size(), 2);
            QCOMPARE(readings[1].json, QByteArrayLiteral("{\"a\":2}"));
            // Events from the first one on.
            QCOMPARE(j->lastEventSequence(), 0u);
            j->appendEvent(1, kT, QStringLiteral("hog/x"), QByteArrayLiteral("{\"e\":1}"));
            QVERIFY(j->close(kT, &error));
        }
        QCOMPARE(userVersion(path), 4); // through formats 2 and 3 to 4
        QString error;
        auto j = AgentJournal::open(path, &error);
        QVERIFY2(j, qPrintable(error));
        QCOMPARE(j->lastEventSequence(), 1u);
        const auto events = j->readEvents(0, 100, 10, &error);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].json, QByteArrayLiteral("{\"e\":1}"));
    }

    void refusesNewerFormat()
    {
        const QString path = m_dir.filePath(QStringLiteral("format5.sqlite"));
        QVERIFY(writeFormat1(path, QStringLiteral("s")));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bump"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version = 5")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("bump"));
        QString error;
        QVERIFY(!AgentJournal::open(path, &error));
        QCOMPARE(error, path + QStringLiteral(" was written by a newer gpuwarden-agent (journal "
                                              "format 5, this version reads up to 4)"));
    }
};

QTEST_GUILESS_MAIN(TestAgentEvents)
#include "tst_agentevents.moc"
