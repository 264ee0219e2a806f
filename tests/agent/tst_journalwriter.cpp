// The agent's journal on its own thread: a stalled disk holds up neither
// the readings nor HTTP, numbers stay covered on disk before they are
// served, and everything queued during the stall is written after it.
#include "agent/agentserver.h"
#include "agent/journalwriter.h"
#include "agent/recordlog.h"
#include "agent/samplelog.h"
#include "journal/agentjournal.h"
#include "sources/demoworld.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;
constexpr auto kStall = std::chrono::milliseconds(1500);

AgentConfig config()
{
    AgentConfig c;
    c.port = 0;
    c.ringSize = 50;
    c.tokens = {{QStringLiteral("reader"), sha256("r3ad"), TokenScope::Read}};
    return c;
}

QJsonObject getJson(QNetworkAccessManager& nam, quint16 port, const QString& path)
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    req.setRawHeader("Authorization", "Bearer r3ad");
    QNetworkReply* r = nam.get(req);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(5000);
    r->deleteLater();
    return QJsonDocument::fromJson(r->readAll()).object();
}

// The stored sequence numbers, read back through a fresh journal.
QList<quint64> stored(const QString& file)
{
    QString error;
    auto j = AgentJournal::open(file, &error);
    QList<quint64> out;
    if (!j)
        return out;
    for (const auto& e : j->read(0, quint64(std::numeric_limits<qint64>::max()), 100000, &error))
        out.append(e.sequence);
    j->close(kT, &error);
    return out;
}

} // namespace

class TestJournalWriter : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

private Q_SLOTS:
    void theJournalIsWrittenOnItsOwnThread()
    {
        QTemporaryDir dir;
        QString error;
        auto journal = AgentJournal::open(dir.filePath(QStringLiteral("j.sqlite")), &error);
        QVERIFY2(journal, qPrintable(error));
        JournalWriter writer(std::move(journal));
        QVERIFY(writer.writerContext()->thread() != QThread::currentThread());
        QCOMPARE(writer.writerContext()->thread()->objectName(), QStringLiteral("gw-journal"));
        QThread* flushedOn = nullptr;
        QMetaObject::invokeMethod(
            writer.writerContext(), [&] { flushedOn = QThread::currentThread(); },
            Qt::BlockingQueuedConnection);
        QVERIFY(flushedOn && flushedOn != QThread::currentThread());
        const quint64 seq = writer.take(&error).value_or(0);
        QCOMPARE(seq, quint64(1));
        writer.append(seq, kT, "{\"sequence\":1}");
        QSignalSpy flushed(&writer, &JournalWriter::flushed);
        writer.flush(kT);
        // Emitted on the writer's thread: the spy may have it before wait()
        // would start waiting for it.
        QTRY_COMPARE_WITH_TIMEOUT(flushed.size(), 1, 5000);
        QCOMPARE(flushed.first().first().toString(), QString());
        QCOMPARE(writer.read(0, 10, 10, &error).size(), 1);
        QVERIFY(writer.close(kT, &error));
    }

    void aStalledDiskHoldsUpNeitherReadingsNorHttp()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("journal.sqlite"));
        QString error;
        {
            AgentServer server(config());
            auto journal = AgentJournal::open(file, &error);
            QVERIFY2(journal, qPrintable(error));
            server.attachJournal(std::move(journal));
            QVERIFY(server.listen(&error));
            for (int i = 0; i < 10; ++i)
                server.publish(DemoWorld().serverAt(0, kT + i * 1000));
            // The writer thread stops as a disk that does not answer would.
            QMetaObject::invokeMethod(
                server.journal()->writerContext(), [] { QThread::msleep(quint64(kStall.count())); },
                Qt::QueuedConnection);
            QTest::qWait(50);
            QElapsedTimer t;
            t.start();
            for (int i = 10; i < 40; ++i)
                server.publish(DemoWorld().serverAt(0, kT + i * 1000));
            const QJsonObject page =
                getJson(m_nam, server.port(), QStringLiteral("/v1/samples?after=20"));
            const qint64 servedMs = t.elapsed();
            // Served from the ring while the writer sleeps.
            QCOMPARE(page[QStringLiteral("samples")].toArray().size(), 20);
            QCOMPARE(page[QStringLiteral("next")].toInteger(), 40);
            qInfo("30 readings published and a page served in %lld ms while the journal "
                  "stalled for %lld ms",
                  static_cast<long long>(servedMs), static_cast<long long>(kStall.count()));
            QVERIFY2(servedMs < kStall.count() / 2, qPrintable(QString::number(servedMs)));
            QVERIFY(server.closeJournal(&error));
        }
        // Nothing queued during the stall was lost, nothing twice.
        QList<quint64> expected;
        for (quint64 s = 1; s <= 40; ++s)
            expected.append(s);
        QCOMPARE(stored(file), expected);
    }

    void numbersBeyondTheReservationAreNotHandedOutUntilReserved()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("journal.sqlite"));
        QString error;
        AgentJournal::Options o;
        o.reserveAhead = 4; // so the HTTP thread keeps running out of reserved numbers
        quint64 handedOut = 0;
        {
            auto journal = AgentJournal::open(file, o, &error);
            QVERIFY2(journal, qPrintable(error));
            JournalWriter writer(std::move(journal));
            // Covered at open: the first numbers need no wait.
            QCOMPARE(writer.reservedThrough(), quint64(4));
            int refused = 0;
            QElapsedTimer t;
            t.start();
            while (handedOut < 12 && t.elapsed() < 5000) {
                const std::optional<quint64> seq = writer.take(&error);
                if (!seq) {
                    // Never waited for: the writer is asked, the caller goes on.
                    ++refused;
                    QVERIFY(!error.isEmpty());
                    QTest::qWait(5);
                    continue;
                }
                QCOMPARE(*seq, handedOut + 1);
                QVERIFY2(*seq <= writer.reservedThrough(), qPrintable(QString::number(*seq)));
                handedOut = *seq;
                writer.append(*seq, kT + qint64(*seq), "{}");
            }
            QCOMPARE(handedOut, quint64(12));
            QVERIFY(refused > 0);
            // Gone without close(), as in a crash: nothing queued is written.
        }
        auto again = AgentJournal::open(file, o, &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(again->uncleanStart());
        // Every number handed out was covered on disk before take() returned.
        QVERIFY2(again->lastSequence() >= handedOut,
                 qPrintable(QString::number(again->lastSequence())));
    }

    // The token books' and the audit's numbered records: a log whose stored
    // records were not read writes nothing (its numbers would land on them),
    // and a record taken while the writer was held up is stored with the
    // next append under the number it was given: the journal keeps no holes.
    void recordsTheWriterDidNotTakeAreStoredLaterUnderTheirNumbers()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("journal.sqlite"));
        QString error;
        {
            auto journal = AgentJournal::open(file, &error);
            QVERIFY2(journal, qPrintable(error));
            JournalWriter writer(std::move(journal));
            RecordLog log(RecordLog::Table::Audit, true);
            log.setJournal(&writer);
            QVERIFY(!log.loaded());
            QVERIFY(!log.append({"{\"a\":0}"}, {}, &error));
            QVERIFY2(error.contains(QLatin1String("not read yet")), qPrintable(error));
            QCOMPARE(log.lastSequence(), quint64(0));
            error.clear();
            log.load(&error);
            QVERIFY2(log.loaded(), qPrintable(error));
            QVERIFY2(log.append({"{\"a\":1}"}, {}, &error), qPrintable(error));

            // The writer held up past a call's patience.
            QMetaObject::invokeMethod(
                writer.writerContext(), [] { QThread::msleep(1500); }, Qt::QueuedConnection);
            QVERIFY(!log.append({"{\"a\":2}"}, {}, &error, RecordLog::Refused::Keep));
            QVERIFY2(error.contains(QLatin1String("does not answer")), qPrintable(error));
            QCOMPARE(log.lastSequence(), quint64(2));
            QCOMPARE(log.unstored(), qsizetype(1));
            QTest::qWait(800);
            error.clear();
            QVERIFY2(log.append({"{\"a\":3}"}, {}, &error, RecordLog::Refused::Keep),
                     qPrintable(error));
            QCOMPARE(log.unstored(), qsizetype(0));
            QVERIFY2(writer.close(kT, &error), qPrintable(error));
        }
        auto again = AgentJournal::open(file, &error);
        QVERIFY2(again, qPrintable(error));
        const QList<AgentJournal::Entry> rows =
            again->readTokenRecords(AgentJournal::TokenTable::Audit, &error);
        QCOMPARE(rows.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(rows[i].sequence, quint64(i + 1));
            QCOMPARE(rows[i].json, QByteArray("{\"a\":") + QByteArray::number(i + 1) + '}');
        }
    }

    // A replay reads the journal a page at a time while the writer goes on
    // flushing. When retention removes the readings the replay has not
    // reached yet, the replay ends with an error naming where it stopped,
    // not short and silent (seen under ASan, where a replay of an hour
    // outlasted a flush: 2,000 of 3,600 readings, answered 200).
    void aReplayOvertakenByRetentionSaysWhereItStopped()
    {
        QTemporaryDir dir;
        QString error;
        auto journal = AgentJournal::open(dir.filePath(QStringLiteral("j.sqlite")), &error);
        QVERIFY2(journal, qPrintable(error));
        JournalWriter writer(std::move(journal));
        SampleLog samples(50, [] { return CursorEnvelope{}; });
        samples.setJournal(&writer, 1);
        const DemoWorld world;
        constexpr int kReadings = 2500; // three pages of 1,000
        for (int i = 0; i < kReadings; ++i)
            samples.publish(world.serverAt(0, kT + i * 1000LL));
        QCOMPARE(samples.lastSequence(), quint64(kReadings));
        QSignalSpy flushed(&writer, &JournalWriter::flushed);
        writer.flush(kT + kReadings * 1000LL);
        QTRY_COMPARE_WITH_TIMEOUT(flushed.size(), 1, 10000);
        QCOMPARE(flushed.first().first().toString(), QString());

        // Undisturbed, every reading comes back.
        {
            SampleLog::Reader all = samples.readRange(kT, kT + kReadings * 1000LL);
            int n = 0;
            QString why;
            while (all(&why))
                ++n;
            QCOMPARE(why, QString());
            QCOMPARE(n, kReadings);
        }

        SampleLog::Reader reader = samples.readRange(kT, kT + kReadings * 1000LL);
        int read = 0;
        QString why;
        for (; read < 1000; ++read)
            QVERIFY2(reader(&why), qPrintable(why));
        // A day and more later, the writer's next flush removes them all.
        writer.flush(kT + 2 * 24 * 3'600'000LL);
        QTRY_COMPARE_WITH_TIMEOUT(flushed.size(), 2, 10000);
        QCOMPARE(flushed.last().first().toString(), QString());
        while (reader(&why))
            ++read;
        QCOMPARE(read, 1000);
        QVERIFY2(why.contains(QLatin1String("readings after number 1000 were removed from the "
                                            "journal while the replay read them")),
                 qPrintable(why));
        QVERIFY(writer.close(kT + 2 * 24 * 3'600'000LL, &error));
    }
};

QTEST_GUILESS_MAIN(TestJournalWriter)
#include "tst_journalwriter.moc"
