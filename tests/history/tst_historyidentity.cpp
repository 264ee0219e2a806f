// One identity per server in the history file (issue 24): the rows under a
// server's name are bound to its agent's identity; a history written before
// identities (or under the host:port a server added by URL had) becomes the
// server's on first contact, in one transaction and only once; a renamed
// server keeps its history; another agent under the same name never mixes
// into the earlier one's, whose rows are kept apart under a name of their own.
#include "history/historyservice.h"
#include "history/historystore.h"
#include "sources/demoworld.h"

#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000;
const QString kUrlName = QStringLiteral("127.0.0.1:9807");
const QString kAgentX = QStringLiteral("5c0e2f61-7d0a-4b3e-9f12-8a4d6c2b7e90");
const QString kAgentY = QStringLiteral("0b7e4a12-1111-4222-8333-944455556666");

// `count` demo readings of `server`, one a second from `fromMs`.
QList<Snapshot> readings(const QString& server, qint64 fromMs, int count)
{
    QList<Snapshot> out;
    const DemoWorld world;
    for (int i = 0; i < count; ++i) {
        Snapshot s = world.serverAt(0, fromMs + i * 1000);
        s.server = server;
        out << s;
    }
    return out;
}

QString gpuOf(const QString& server, HistoryStore& store)
{
    return store.gpusOf(server).value(0);
}

// Raw utilisation samples of the first GPU the demo server has.
qsizetype samplesOf(HistoryStore& store, const QString& server, const QString& gpu)
{
    return store.samples({server, gpu, MetricId::GpuUtilization}, kT0 - 1, kT0 + 3'600'000).size();
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}

} // namespace

class TestHistoryIdentity : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    QString newPath() { return m_dir.filePath(QStringLiteral("h%1.sqlite").arg(++m_files)); }

    std::unique_ptr<HistoryStore> write(const QString& path, const QList<Snapshot>& batch)
    {
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        if (!store || !store->append(batch, &error))
            qWarning("%s", qPrintable(error));
        return store;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aHistoryFromBeforeIdentitiesBecomesTheAgentsOnFirstContact()
    {
        // A file as a desktop before identities wrote it: rows under the
        // server's name, no identity table.
        const QString path = newPath();
        {
            auto store = write(path, readings(QStringLiteral("lab"), kT0, 30));
            QVERIFY(store);
            QVERIFY(store->flush());
        }
        {
            auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("DROP TABLE server_identity")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("old"));
        // A reader of the old file finds no bindings, and no error.
        QString error;
        auto reader = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(reader, qPrintable(error));
        QVERIFY(reader->serverIdentities(&error).isEmpty());
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!reader->bindServer(QStringLiteral("lab"), kAgentX, {}, &error));
        QVERIFY(!error.isEmpty());
        reader.reset();

        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        const auto binding = store->bindServer(QStringLiteral("lab"), kAgentX, kUrlName, &error);
        QVERIFY2(binding, qPrintable(error));
        QVERIFY(binding->notes.isEmpty()); // nothing moved: the rows are the agent's now
        QCOMPARE(store->serverIdentities(),
                 (QHash<QString, QString>{{QStringLiteral("lab"), kAgentX}}));
        const QString gpu = gpuOf(QStringLiteral("lab"), *store);
        QCOMPARE(samplesOf(*store, QStringLiteral("lab"), gpu), 30);
        // Again: nothing more happens.
        const auto again = store->bindServer(QStringLiteral("lab"), kAgentX, kUrlName, &error);
        QVERIFY(again && again->notes.isEmpty() && again->movedFrom.isEmpty());
    }

    void theRowsOfAServerAddedByUrlFollowTheNameItIsGiven()
    {
        // Watched as "127.0.0.1:9807" (added by URL without a name), now
        // named "lab": on first contact its old rows are under "lab".
        const QString path = newPath();
        auto store = write(path, readings(kUrlName, kT0, 20));
        QVERIFY(store);
        const QString gpu = gpuOf(kUrlName, *store);
        QString error;
        const auto binding = store->bindServer(QStringLiteral("lab"), kAgentX, kUrlName, &error);
        QVERIFY2(binding, qPrintable(error));
        QCOMPARE(binding->movedFrom, kUrlName);
        QCOMPARE(store->servers(), QStringList{QStringLiteral("lab")});
        QCOMPARE(samplesOf(*store, QStringLiteral("lab"), gpu), 20);
        QVERIFY(!store->processes(QStringLiteral("lab"), kT0, kT0 + 60'000).isEmpty());
        QVERIFY(store->processes(kUrlName, kT0, kT0 + 60'000).isEmpty());
        // The writer goes on under the new name after the old rows.
        QVERIFY(store->append(readings(QStringLiteral("lab"), kT0 + 20'000, 10), &error));
        QVERIFY(store->flush(&error));
        QCOMPARE(samplesOf(*store, QStringLiteral("lab"), gpu), 30);
        // Idempotent.
        const auto again = store->bindServer(QStringLiteral("lab"), kAgentX, kUrlName, &error);
        QVERIFY(again && again->notes.isEmpty());
        QCOMPARE(samplesOf(*store, QStringLiteral("lab"), gpu), 30);
    }

    void aRenamedServerKeepsItsHistoryAndAnotherAgentIsKeptApart()
    {
        const QString path = newPath();
        auto store = write(path, readings(QStringLiteral("a"), kT0, 15));
        QVERIFY(store);
        const QString gpu = gpuOf(QStringLiteral("a"), *store);
        QString error;
        QVERIFY(store->bindServer(QStringLiteral("a"), kAgentX, {}, &error));
        // The admin renames the server: its rows follow.
        auto renamed = store->bindServer(QStringLiteral("b"), kAgentX, {}, &error);
        QVERIFY2(renamed, qPrintable(error));
        QCOMPARE(renamed->movedFrom, QStringLiteral("a"));
        QCOMPARE(samplesOf(*store, QStringLiteral("b"), gpu), 15);

        // Another machine answers at b's URL: b's rows so far are X's, kept
        // apart (the open chunk included); b starts afresh for Y.
        QVERIFY(store->append(readings(QStringLiteral("b"), kT0 + 15'000, 5), &error));
        const auto replaced = store->bindServer(QStringLiteral("b"), kAgentY, {}, &error);
        QVERIFY2(replaced, qPrintable(error));
        const QString aside = QStringLiteral("b (agent 5c0e2f61)");
        QCOMPARE(replaced->keptApartAs, aside);
        QCOMPARE(samplesOf(*store, aside, gpu), 20);
        QCOMPARE(samplesOf(*store, QStringLiteral("b"), gpu), 0);
        QVERIFY(store->append(readings(QStringLiteral("b"), kT0 + 30'000, 3), &error));
        QVERIFY(store->flush(&error));
        QCOMPARE(samplesOf(*store, QStringLiteral("b"), gpu), 3);
        QCOMPARE(samplesOf(*store, aside, gpu), 20);
        QCOMPARE(store->serverIdentities(),
                 (QHash<QString, QString>{{QStringLiteral("b"), kAgentY}, {aside, kAgentX}}));

        // X comes back under a name of its own: its history with it.
        const auto back = store->bindServer(QStringLiteral("x"), kAgentX, {}, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->movedFrom, aside);
        QCOMPARE(sorted(store->servers()), (QStringList{QStringLiteral("b"), QStringLiteral("x")}));
        QCOMPARE(samplesOf(*store, QStringLiteral("x"), gpu), 20);
    }

    void anEarlierNameStaysWhereTheServerHasRowsOfItsOwn()
    {
        // Both names have rows: nothing is merged (two series of one GPU
        // would overlap); the earlier stays and says so.
        const QString path = newPath();
        auto store = write(path, readings(QStringLiteral("a"), kT0, 5) +
                                     readings(QStringLiteral("b"), kT0 + 10'000, 7));
        QVERIFY(store);
        const QString gpu = gpuOf(QStringLiteral("a"), *store);
        QString error;
        QVERIFY(store->bindServer(QStringLiteral("a"), kAgentX, {}, &error));
        const auto binding = store->bindServer(QStringLiteral("b"), kAgentX, {}, &error);
        QVERIFY2(binding, qPrintable(error));
        QCOMPARE(binding->stayedUnder, QStringLiteral("a"));
        QVERIFY(binding->movedFrom.isEmpty());
        QCOMPARE(samplesOf(*store, QStringLiteral("a"), gpu), 5);
        QCOMPARE(samplesOf(*store, QStringLiteral("b"), gpu), 7);
        QCOMPARE(store->serverIdentities(),
                 (QHash<QString, QString>{{QStringLiteral("b"), kAgentX}}));
    }

    void theServiceBindsInOrderWithTheReadings()
    {
        // Readings of the earlier agent, the binding to another, readings of
        // the new one, all posted from one thread: none cross over.
        const QString path = newPath();
        {
            auto store = write(path, {});
            QVERIFY(store);
            QString error;
            QVERIFY(store->bindServer(QStringLiteral("lab"), kAgentX, {}, &error));
        }
        HistoryService service(path);
        QSignalSpy opened(&service, &HistoryService::opened);
        QSignalSpy bound(&service, &HistoryService::serverBound);
        service.start();
        QVERIFY(opened.wait(5000));
        service.ingestBatch(readings(QStringLiteral("lab"), kT0, 12));
        service.bindServer(QStringLiteral("lab"), kAgentY, kUrlName);
        service.ingestBatch(readings(QStringLiteral("lab"), kT0 + 12'000, 4));
        QVERIFY(bound.wait(5000));
        QCOMPARE(bound.at(0).at(0).toString(), QStringLiteral("lab"));
        QCOMPARE(bound.at(0).at(2).toString(), QStringLiteral("lab (agent 5c0e2f61)"));
        service.stop();
        QString error;
        auto store = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY2(store, qPrintable(error));
        const QString gpu = gpuOf(QStringLiteral("lab"), *store);
        QCOMPARE(samplesOf(*store, QStringLiteral("lab (agent 5c0e2f61)"), gpu), 12);
        QCOMPARE(samplesOf(*store, QStringLiteral("lab"), gpu), 4);
    }
};

QTEST_MAIN(TestHistoryIdentity)
#include "tst_historyidentity.moc"
