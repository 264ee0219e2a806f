// The agent's journal on its own: numbers, blocks, retention, reopening after
// a clean stop and after a crash, and files it must refuse.
#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "sources/demoworld.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;
constexpr qint64 kHourMs = 3'600'000;

QByteArray readingJson(quint64 sequence, qint64 ms)
{
    QJsonObject o = toJson(DemoWorld().serverAt(0, ms));
    o.insert(QStringLiteral("sequence"), double(sequence));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// Takes a number, queues the reading stamped `ms`; returns the number.
quint64 record(AgentJournal& j, qint64 ms)
{
    QString error;
    const quint64 seq = j.take(&error).value_or(0);
    [&] {
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }();
    j.append(seq, ms, readingJson(seq, ms));
    return seq;
}

QList<quint64> sequences(const QList<AgentJournal::Entry>& entries)
{
    QList<quint64> out;
    for (const auto& e : entries)
        out.append(e.sequence);
    return out;
}

QList<quint64> range(quint64 from, quint64 to)
{
    QList<quint64> out;
    for (quint64 s = from; s <= to; ++s)
        out.append(s);
    return out;
}

int rowCount(const QString& path)
{
    const QString name = QStringLiteral("probe");
    int n = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("SELECT count(*) FROM reading")) && q.next())
                n = q.value(0).toInt();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return n;
}

} // namespace

class TestAgentJournal : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QLatin1String(name)); }

private Q_SLOTS:
    void readingsComeBackExactlyAsWritten()
    {
        QString error;
        auto j = AgentJournal::open(path("roundtrip.sqlite"), &error);
        QVERIFY2(j, qPrintable(error));
        QCOMPARE(j->lastSequence(), quint64(0));
        QVERIFY(!j->uncleanStart());
        QVERIFY(!QUuid::fromString(j->stream()).isNull());
        for (int i = 0; i < 5; ++i)
            QCOMPARE(record(*j, kT + i * 1000), quint64(i + 1));
        // Queued, not yet written: still readable.
        QCOMPARE(sequences(j->read(0, 100, 10, &error)), range(1, 5));
        QVERIFY2(j->flush(kT + 5000, &error), qPrintable(error));
        QCOMPARE(j->pendingCount(), 0);
        for (int i = 5; i < 8; ++i)
            record(*j, kT + i * 1000);
        const auto all = j->read(0, 100, 100, &error);
        QVERIFY(error.isEmpty());
        QCOMPARE(sequences(all), range(1, 8)); // stored, then queued
        QCOMPARE(all[2].json, readingJson(3, kT + 2000));
        // Bounds: after is exclusive, before is exclusive, limit counts.
        QCOMPARE(sequences(j->read(2, 7, 100, &error)), range(3, 6));
        QCOMPARE(sequences(j->read(2, 100, 2, &error)), range(3, 4));
        QCOMPARE(sequences(j->read(8, 100, 10, &error)), QList<quint64>());
        const auto back = snapshotFromJsonBytes(all[7].json, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->timestampMs, kT + 7000);
    }

    void smallRowsAreMergedIntoBlocks()
    {
        QString error;
        AgentJournal::Options o;
        o.blockReadings = 10;
        const QString file = path("blocks.sqlite");
        auto j = AgentJournal::open(file, o, &error);
        QVERIFY2(j, qPrintable(error));
        qint64 single = 0;
        qint64 twoBlocks = 0;
        for (int i = 0; i < 25; ++i) {
            record(*j, kT + i * 1000);
            QVERIFY2(j->flush(kT + i * 1000, &error), qPrintable(error));
            if (i == 0)
                single = j->payloadBytes();
            if (i == 19)
                twoBlocks = j->payloadBytes();
        }
        // Consecutive readings are alike: a block is far smaller than its
        // readings compressed one by one.
        QVERIFY2(twoBlocks < 20 * single / 3,
                 qPrintable(QStringLiteral("%1 bytes for 20 readings in blocks, %2 for one")
                                .arg(twoBlocks)
                                .arg(single)));
        // Reads start inside blocks and cross their edges.
        QCOMPARE(sequences(j->read(0, 100, 100, &error)), range(1, 25));
        QCOMPARE(sequences(j->read(7, 100, 6, &error)), range(8, 13));
        QCOMPARE(sequences(j->read(19, 23, 100, &error)), range(20, 22));
        QCOMPARE(j->read(14, 100, 1, &error).first().json, readingJson(15, kT + 14000));
        QVERIFY(j->close(kT + 25000, &error));
        j.reset();
        // 25 flushes of one reading: two blocks of 10, five small rows.
        QCOMPARE(rowCount(file), 7);
    }

    void oldReadingsExpireInSmallSteps()
    {
        QString error;
        AgentJournal::Options o;
        o.retention = std::chrono::hours(1);
        o.blockReadings = 1000; // one row per flush
        o.retentionStep = 4;
        auto j = AgentJournal::open(path("retention.sqlite"), o, &error);
        QVERIFY2(j, qPrintable(error));
        // Ten readings two hours old, five fresh ones.
        for (int i = 0; i < 10; ++i) {
            record(*j, kT - 2 * kHourMs + i * 1000);
            QVERIFY(j->flush(kT - 2 * kHourMs + i * 1000, &error));
        }
        for (int i = 0; i < 5; ++i) {
            record(*j, kT + i * 1000);
            QVERIFY(j->flush(kT - 2 * kHourMs + 10000, &error)); // nothing expired yet
        }
        QCOMPARE(j->oldestSequence(), quint64(1));
        // Each flush deletes at most four expired rows.
        QVERIFY(j->flush(kT, &error));
        QCOMPARE(j->oldestSequence(), quint64(5));
        QVERIFY(j->flush(kT, &error));
        QCOMPARE(j->oldestSequence(), quint64(9));
        QVERIFY(j->flush(kT, &error));
        QCOMPARE(j->oldestSequence(), quint64(11));
        QVERIFY(j->flush(kT, &error));
        QCOMPARE(j->oldestSequence(), quint64(11)); // fresh readings stay
        QCOMPARE(sequences(j->read(0, 100, 100, &error)), range(11, 15));
        QCOMPARE(j->lastSequence(), quint64(15));
    }

    void reopeningContinuesTheSequenceAndKeepsTheStream()
    {
        QString error;
        const QString file = path("reopen.sqlite");
        auto j = AgentJournal::open(file, &error);
        QVERIFY2(j, qPrintable(error));
        const QString stream = j->stream();
        for (int i = 0; i < 7; ++i)
            record(*j, kT + i * 1000);
        QVERIFY2(j->close(kT + 7000, &error), qPrintable(error)); // queued ones written here
        j.reset();

        j = AgentJournal::open(file, &error);
        QVERIFY2(j, qPrintable(error));
        QCOMPARE(j->stream(), stream);
        QCOMPARE(j->lastSequence(), quint64(7));
        QVERIFY(!j->uncleanStart());
        QCOMPARE(record(*j, kT + 60000), 8u);
        QCOMPARE(sequences(j->read(0, 100, 100, &error)), range(1, 8));
        QCOMPARE(j->read(3, 100, 1, &error).first().json, readingJson(4, kT + 3000));
        QVERIFY(j->close(kT + 61000, &error));
        j.reset();

        // A new file is a new stream.
        auto other = AgentJournal::open(path("other.sqlite"), &error);
        QVERIFY2(other, qPrintable(error));
        QVERIFY(other->stream() != stream);
        QCOMPARE(other->lastSequence(), quint64(0));
    }

    void aCrashNeverReusesNumbers()
    {
        QString error;
        AgentJournal::Options o;
        o.reserveAhead = 50;
        const QString file = path("crash.sqlite");
        auto j = AgentJournal::open(file, o, &error);
        QVERIFY2(j, qPrintable(error));
        for (int i = 0; i < 10; ++i)
            record(*j, kT + i * 1000);
        QVERIFY(j->flush(kT + 10000, &error));
        // Handed out, never written: the process dies here.
        for (int i = 10; i < 13; ++i)
            record(*j, kT + i * 1000);
        j.reset();

        j = AgentJournal::open(file, o, &error);
        QVERIFY2(j, qPrintable(error));
        QVERIFY(j->uncleanStart());
        QCOMPARE(j->lostFrom(), quint64(11));
        QVERIFY2(j->lastSequence() >= 13 && j->lastSequence() <= 10 + 50 + 1,
                 qPrintable(QString::number(j->lastSequence())));
        const quint64 next = record(*j, kT + 60000);
        QVERIFY(next > 13);
        QCOMPARE(sequences(j->read(0, 1000, 100, &error)), range(1, 10) + QList<quint64>{next});

        // More than the reservation handed out before a crash: the journal
        // reserves again before the number is used.
        for (int i = 0; i < 120; ++i)
            record(*j, kT + 61000 + i);
        const quint64 highest = j->lastSequence();
        j.reset();
        j = AgentJournal::open(file, o, &error);
        QVERIFY2(j, qPrintable(error));
        QVERIFY(j->lastSequence() >= highest);
        QVERIFY(j->close(kT + 70000, &error));
    }

    void garbageIsRefusedWithAClearError()
    {
        const QString file = path("garbage.sqlite");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
        f.close();
        QString error;
        QVERIFY(!AgentJournal::open(file, &error));
        QVERIFY2(error.startsWith(file + QStringLiteral(" is not a GPU Warden agent journal")),
                 qPrintable(error));

        // An SQLite file of another program.
        const QString foreign = path("foreign.sqlite");
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
            db.setDatabaseName(foreign);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE t(x)")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
        QVERIFY(!AgentJournal::open(foreign, &error));
        QVERIFY2(error.contains(QStringLiteral("database of another program")), qPrintable(error));
    }

    void anUnreachableFolderIsRefusedWithAClearError()
    {
        const QString file = path("no/such/folder/journal.sqlite");
        QString error;
        QVERIFY(!AgentJournal::open(file, &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot open the journal ") + file +
                                  QStringLiteral(": the file or its folder does not exist")),
                 qPrintable(error));
    }

    void aSecondAgentOnTheSameFileIsRefused()
    {
        QString error;
        const QString file = path("shared.sqlite");
        auto first = AgentJournal::open(file, &error);
        QVERIFY2(first, qPrintable(error));
        auto second = AgentJournal::open(file, &error);
        QVERIFY(!second);
        QVERIFY2(error.contains(QStringLiteral("another gpuwarden-agent is using it")),
                 qPrintable(error));
        // The holder is not disturbed.
        record(*first, kT);
        QVERIFY2(first->flush(kT, &error), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestAgentJournal)
#include "tst_agentjournal.moc"
