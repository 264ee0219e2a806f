#include "util/textparse.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace gw;

using I64 = IntFile<qint64>;
using U64 = IntFile<quint64>;

class TestTextParse : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString put(const QString& name, const QByteArray& content)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(content) != content.size())
            qFatal("cannot write test file %s", qPrintable(path));
        return path;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void linesAreNumberedAsInTheText()
    {
        // Blank and white-space lines skipped but counted; CRLF as Windows
        // builds of nvidia-smi write it; a last line without its end.
        const QByteArray text = "first\r\n\n   \nfourth\nlast";
        const QList<NumberedLine> lines = nonEmptyLines(text);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0].number, 1);
        QCOMPARE(lines[0].text, QByteArrayView("first"));
        QCOMPARE(lines[1].number, 4);
        QCOMPARE(lines[1].text, QByteArrayView("fourth"));
        QCOMPARE(lines[2].number, 5);
        QCOMPARE(lines[2].text, QByteArrayView("last"));
        QVERIFY(nonEmptyLines({}).isEmpty());
    }

    void integerFilesReadExactly_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("sysfs value") << QByteArray("45000\n") << qint64(45000);
        QTest::newRow("negative (cfs_quota_us)") << QByteArray("-1\n") << qint64(-1);
        QTest::newRow("surrounding whitespace") << QByteArray(" \t17 \r\n") << qint64(17);
        QTest::newRow("largest") << QByteArray("9223372036854775807") << qint64(INT64_MAX);
    }
    void integerFilesReadExactly()
    {
        QFETCH(QByteArray, content);
        QFETCH(qint64, expected);
        const I64 r = readI64File(put(QStringLiteral("good"), content));
        QCOMPARE(r.status, I64::Status::Ok);
        QCOMPARE(r.value, std::optional<qint64>(expected));
        QVERIFY(r.error.isEmpty());
        QCOMPARE(r.content, content);
    }

    void unsignedFilesHoldValuesBeyondSigned()
    {
        // cgroup v1's "no limit" is near 2^63; the unsigned reader keeps it exact.
        const U64 r = readU64File(put(QStringLiteral("big"), "18446744073709551615\n"));
        QCOMPARE(r.status, U64::Status::Ok);
        QCOMPARE(r.value, std::optional<quint64>(UINT64_MAX));
    }

    void garbageIsNotANumberWithAnExcerpt_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("quoted");
        // atoi would read each of these as a number (or 0).
        QTest::newRow("word") << QByteArray("busy\n") << QStringLiteral("busy");
        QTest::newRow("trailing unit") << QByteArray("45000 mC\n") << QStringLiteral("45000 mC");
        QTest::newRow("empty") << QByteArray("\n") << QString();
        QTest::newRow("two numbers") << QByteArray("1 2") << QStringLiteral("1 2");
        QTest::newRow("plus minus") << QByteArray("+-5") << QStringLiteral("+-5");
        QTest::newRow("overflow") << QByteArray("9223372036854775808")
                                  << QStringLiteral("9223372036854775808");
        QTest::newRow("long garbage")
            << QByteArray(100, 'x') << QString(QString(60, QLatin1Char('x')) + QStringLiteral("…"));
    }
    void garbageIsNotANumberWithAnExcerpt()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, quoted);
        const QString path = put(QStringLiteral("garbage"), content);
        const I64 r = readI64File(path);
        QCOMPARE(r.status, I64::Status::NotANumber);
        QVERIFY(!r.value);
        QCOMPARE(r.error,
                 path + QStringLiteral(": not a number: \"") + quoted + QStringLiteral("\""));
        QCOMPARE(r.content, content);
    }

    void negativeIsNotAnUnsignedNumber()
    {
        const QString path = put(QStringLiteral("neg"), "-1\n");
        const U64 r = readU64File(path);
        QCOMPARE(r.status, U64::Status::NotANumber);
        QCOMPARE(r.error, path + QStringLiteral(": not a number: \"-1\""));
    }

    void missingFilesAreAbsentWithoutError_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("no file") << m_dir.filePath(QStringLiteral("nothing"));
        QTest::newRow("no folder") << m_dir.filePath(QStringLiteral("no/such/file"));
        QTest::newRow("empty path") << QString();
    }
    void missingFilesAreAbsentWithoutError()
    {
        QFETCH(QString, path);
        const I64 r = readI64File(path);
        QCOMPARE(r.status, I64::Status::Missing);
        QVERIFY(!r.value);
        QVERIFY(r.error.isEmpty());
    }

    void aFileUnderAFileIsMissing()
    {
        // ENOTDIR, as for a sensor file under a card that is a plain file.
        const QString file = put(QStringLiteral("plain"), "1\n");
        QCOMPARE(readI64File(file + QStringLiteral("/temp1_input")).status, I64::Status::Missing);
    }

    void aFolderIsUnreadable()
    {
        const QString dir = m_dir.filePath(QStringLiteral("adir"));
        QVERIFY(QDir().mkpath(dir));
        const I64 r = readI64File(dir);
        QCOMPARE(r.status, I64::Status::Unreadable);
        QVERIFY(!r.value);
        QVERIFY2(r.error.startsWith(dir + QStringLiteral(": ")) &&
                     r.error.contains(QStringLiteral("directory")),
                 qPrintable(r.error));
    }

    void aFileWithoutPermissionIsUnreadable()
    {
        if (geteuid() == 0)
            QSKIP("root reads files regardless of permissions; aFolderIsUnreadable covers a file "
                  "that is there and cannot be read");
        const QString path = put(QStringLiteral("secret"), "1\n");
        QVERIFY(QFile::setPermissions(path, QFileDevice::WriteOwner));
        const I64 r = readI64File(path);
        QCOMPARE(r.status, I64::Status::Unreadable);
        QVERIFY2(r.error.startsWith(path + QStringLiteral(": ")), qPrintable(r.error));
    }

    void tooLargeFilesAreUnreadable()
    {
        // A number file is a few bytes; megabytes are not read into memory.
        const QString path = put(QStringLiteral("large"), QByteArray(5000, '1'));
        const I64 r = readI64File(path);
        QCOMPARE(r.status, I64::Status::Unreadable);
        QCOMPARE(r.error, path + QStringLiteral(": larger than expected (more than 4096 bytes)"));
        // The limit is the caller's.
        QCOMPARE(readI64File(put(QStringLiteral("fits"), "12"), 2).status, I64::Status::Ok);
        QCOMPARE(readI64File(put(QStringLiteral("over"), "123"), 2).status,
                 I64::Status::Unreadable);
    }

    void problemsAreWordedByTheCaller()
    {
        const QString prefix = QStringLiteral("Fan not shown: ");
        const QString suffix = QStringLiteral(", fan not shown");
        const QString garbled = put(QStringLiteral("fan"), "fast\n");
        QCOMPARE(
            readI64File(garbled).problem(prefix, suffix),
            std::optional<QString>(garbled + QStringLiteral(": not a number: \"fast\"") + suffix));
        const QString dir = m_dir.filePath(QStringLiteral("fandir"));
        QVERIFY(QDir().mkpath(dir));
        const auto unreadable = readI64File(dir).problem(prefix, suffix);
        QVERIFY(unreadable && unreadable->startsWith(prefix + dir + QStringLiteral(": ")));
        // Nothing to say about a good value or a sensor the board lacks.
        QCOMPARE(readI64File(put(QStringLiteral("fan2"), "3\n")).problem(prefix, suffix),
                 std::nullopt);
        QCOMPARE(readI64File(m_dir.filePath(QStringLiteral("nofan"))).problem(prefix, suffix),
                 std::nullopt);
    }

    void excerptTrimsAndCuts_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("maxBytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("short") << QByteArray("  lots\n") << 60 << QStringLiteral("lots");
        QTest::newRow("exactly the limit") << QByteArray("abcdef") << 6 << QStringLiteral("abcdef");
        QTest::newRow("one over") << QByteArray("abcdefg") << 6 << QStringLiteral("abcdef…");
        QTest::newRow("empty") << QByteArray(" \n") << 60 << QString();
        // "ü" is two bytes: a cut between them would leave a replacement mark.
        QTest::newRow("utf-8 boundary")
            << QByteArray("abcd\xc3\xbc") << 5 << QStringLiteral("abcd…");
        QTest::newRow("utf-8 whole")
            << QByteArray("abc\xc3\xbcz") << 5 << QString::fromUtf8("abc\xc3\xbc…");
    }
    void excerptTrimsAndCuts()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, maxBytes);
        QFETCH(QString, expected);
        QCOMPARE(excerpt(text, maxBytes), expected);
    }

    void smallFileReadsProcStyleFiles()
    {
        // procfs reports size 0; the reader goes to EOF regardless, past one buffer.
        const QByteArray big(10000, 'a');
        QCOMPARE(readSmallFile(put(QStringLiteral("many"), big)), std::optional<QByteArray>(big));
        QString error;
        const QString missing = m_dir.filePath(QStringLiteral("gone"));
        QVERIFY(!readSmallFile(missing, &error));
        QVERIFY2(error.startsWith(missing + QStringLiteral(": ")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestTextParse)
#include "tst_textparse.moc"
