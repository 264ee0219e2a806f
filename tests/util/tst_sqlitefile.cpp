#include "util/sqlitefile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace gw;
using namespace std::chrono_literals;

namespace {

sqlitefile::Wording wording()
{
    return {QStringLiteral("cannot open the test file "),
            QStringLiteral("cannot read the test file "),
            QStringLiteral("cannot write the test file "),
            QStringLiteral(" is not a test file"),
            QStringLiteral("the disk is full"),
            QStringLiteral("someone else holds it")};
}

// One connection, removed when it goes out of scope, as the callers do.
struct Connection
{
    QSqlDatabase db;
    QString name;

    std::optional<int> open(const QString& path, const sqlitefile::OpenOptions& options,
                            QString* error)
    {
        return sqlitefile::open(db, name, path, options, wording(), error);
    }
    ~Connection()
    {
        if (db.isValid())
            db.close();
        db = QSqlDatabase();
        if (!name.isEmpty())
            QSqlDatabase::removeDatabase(name);
    }
};

enum class Access
{
    ReadWrite,
    ReadOnly
};

sqlitefile::OpenOptions options(const QStringList& pragmas = {}, Access access = Access::ReadWrite,
                                std::chrono::milliseconds busy = 5000ms)
{
    sqlitefile::OpenOptions o;
    o.connectionPrefix = QStringLiteral("test.");
    o.busyTimeout = busy;
    o.readOnly = access == Access::ReadOnly;
    o.pragmas = pragmas;
    return o;
}

} // namespace

class TestSqliteFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void newFileOpensWithItsPragmas()
    {
        const auto o = options(
            {QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA user_version = 7")});
        QString error;
        {
            Connection c;
            QCOMPARE(c.open(path(QStringLiteral("new.db")), o, &error), std::optional<int>(0));
            QVERIFY(c.name.startsWith(QStringLiteral("test.")));
            QSqlQuery q(c.db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        }
        // The version the pragmas wrote is what the next open reads.
        Connection again;
        QCOMPARE(again.open(path(QStringLiteral("new.db")), options(), &error),
                 std::optional<int>(7));
    }

    void connectionsGetDistinctNames()
    {
        // Two stores on one file (writer and reader threads) need two names.
        QString error;
        Connection a;
        Connection b;
        QVERIFY(a.open(path(QStringLiteral("shared.db")), options(), &error));
        QVERIFY(b.open(path(QStringLiteral("shared.db")), options(), &error));
        QVERIFY(a.name != b.name);
    }

    void aMissingFolderCannotBeOpened()
    {
        // A path under a regular file cannot exist, even for root.
        QFile blocker(path(QStringLiteral("plainfile")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString under = blocker.fileName() + QStringLiteral("/x.db");
        QString error;
        Connection c;
        QVERIFY(!c.open(under, options(), &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot open the test file ") + under +
                                  QStringLiteral(": the file or its folder does not exist or is "
                                                 "not accessible (")),
                 qPrintable(error));
    }

    void aReadOnlyFolderSaysSo()
    {
        if (geteuid() == 0)
            QSKIP("root writes into read-only folders; readOnlyConnectionRefusesWrites covers "
                  "the read-only wording");
        const QString dir = path(QStringLiteral("ro"));
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const QString file = dir + QStringLiteral("/x.db");
        QString error;
        Connection c;
        const bool opened =
            c.open(file, options({QStringLiteral("PRAGMA user_version = 1")}), &error).has_value();
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                       QFileDevice::ExeOwner);
        QVERIFY(!opened);
        QVERIFY2(error.contains(file) && (error.contains(QStringLiteral("read-only")) ||
                                          error.contains(QStringLiteral("not accessible"))),
                 qPrintable(error));
    }

    void readOnlyConnectionRefusesWrites()
    {
        const QString file = path(QStringLiteral("rodb.db"));
        QString error;
        {
            Connection w;
            QVERIFY2(w.open(file, options({QStringLiteral("CREATE TABLE t(x)")}), &error),
                     qPrintable(error));
        }
        Connection r;
        QVERIFY(!r.open(
            file, options({QStringLiteral("INSERT INTO t VALUES(1)")}, Access::ReadOnly), &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot write the test file ") + file +
                                  QStringLiteral(": the file or its folder is read-only for this "
                                                 "user (")),
                 qPrintable(error));
    }

    void aMissingFileIsNotCreatedReadOnly()
    {
        const QString file = path(QStringLiteral("absent.db"));
        QString error;
        Connection c;
        QVERIFY(!c.open(file, options({}, Access::ReadOnly), &error));
        QVERIFY2(error.startsWith(QStringLiteral("cannot open the test file ") + file),
                 qPrintable(error));
        QVERIFY(!QFile::exists(file));
    }

    void garbageIsNotOurFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("text") << QByteArray("history goes here\n").repeated(64);
        QTest::newRow("binary") << QByteArray(8192, '\xA5');
    }
    void garbageIsNotOurFile()
    {
        QFETCH(QByteArray, content);
        const QString file = path(QStringLiteral("garbage.db"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(f.write(content), content.size());
        }
        QString error;
        Connection c;
        QVERIFY(!c.open(file, options(), &error));
        QVERIFY2(error.startsWith(file + QStringLiteral(" is not a test file (")),
                 qPrintable(error));
        // Nothing was written into someone's file.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), content);
    }

    void aLockedFileIsBusyAfterTheTimeout()
    {
        const QString file = path(QStringLiteral("locked.db"));
        QString error;
        Connection holder;
        // As the agent journal holds its file: exclusive locking, a write
        // transaction open for as long as it runs.
        const auto exclusive = options({QStringLiteral("PRAGMA locking_mode=EXCLUSIVE"),
                                        QStringLiteral("PRAGMA journal_mode=WAL"),
                                        QStringLiteral("CREATE TABLE t(x)")});
        QVERIFY2(holder.open(file, exclusive, &error), qPrintable(error));
        QVERIFY(holder.db.transaction());
        QVERIFY(QSqlQuery(holder.db).exec(QStringLiteral("INSERT INTO t VALUES(1)")));

        Connection second;
        QElapsedTimer waited;
        waited.start();
        QVERIFY(!second.open(file, options({}, Access::ReadWrite, 100ms), &error));
        // It waited for the lock as long as asked, not for ever.
        QVERIFY2(waited.elapsed() >= 90 && waited.elapsed() < 4000,
                 qPrintable(QString::number(waited.elapsed())));
        QVERIFY2(error.startsWith(QStringLiteral("cannot read the test file ") + file +
                                  QStringLiteral(": someone else holds it (")),
                 qPrintable(error));
        QVERIFY(holder.db.commit());
    }

    void describeKnowsSqlitesCodes_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("writing");
        QTest::addColumn<QString>("expected");
        QTest::newRow("full") << QStringLiteral("13") << QStringLiteral("database or disk is full")
                              << true
                              << QStringLiteral("cannot write the test file /var/x.db: the disk "
                                                "is full (database or disk is full)");
        QTest::newRow("full by text only")
            << QString() << QStringLiteral("database or disk is full") << true
            << QStringLiteral("cannot write the test file /var/x.db: the disk is full (database "
                              "or disk is full)");
        QTest::newRow("busy while reading")
            << QStringLiteral("5") << QStringLiteral("database is locked") << false
            << QStringLiteral("cannot read the test file /var/x.db: someone else holds it "
                              "(database is locked)");
        QTest::newRow("other") << QStringLiteral("11") << QStringLiteral("disk image is malformed")
                               << false
                               << QStringLiteral("cannot read the test file /var/x.db: disk "
                                                 "image is malformed");
    }
    void describeKnowsSqlitesCodes()
    {
        QFETCH(QString, code);
        QFETCH(QString, text);
        QFETCH(bool, writing);
        QFETCH(QString, expected);
        const QSqlError e(QString(), text, QSqlError::StatementError, code);
        QCOMPARE(sqlitefile::describe(QStringLiteral("/var/x.db"), e, writing, wording()),
                 expected);
    }
};

QTEST_GUILESS_MAIN(TestSqliteFile)
#include "tst_sqlitefile.moc"
