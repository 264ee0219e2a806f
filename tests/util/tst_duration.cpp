#include "util/duration.h"

#include <QTest>

using namespace gw;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

class TestDuration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void good_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ms");
        QTest::newRow("ms") << QStringLiteral("250ms") << qint64(250);
        QTest::newRow("s") << QStringLiteral("30s") << qint64(30'000);
        QTest::newRow("m") << QStringLiteral("10m") << qint64(600'000);
        QTest::newRow("h") << QStringLiteral("2h") << qint64(7'200'000);
        QTest::newRow("d") << QStringLiteral("1d") << qint64(86'400'000);
        QTest::newRow("zero") << QStringLiteral("0s") << qint64(0);
        QTest::newRow("leading zeros") << QStringLiteral("007s") << qint64(7000);
        QTest::newRow("large") << QStringLiteral("90m") << qint64(5'400'000);
    }
    void good()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ms);
        QString error;
        const auto d = parseDuration(text, &error);
        QVERIFY2(d, qPrintable(error));
        QCOMPARE(d->count(), ms);
        QVERIFY(error.isEmpty());
    }

    void bad_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("inError");
        QTest::newRow("empty") << QString() << QStringLiteral("expected a whole number");
        QTest::newRow("no unit") << QStringLiteral("10") << QStringLiteral("has no unit");
        QTest::newRow("unknown unit") << QStringLiteral("10y") << QStringLiteral("\"10y\"");
        QTest::newRow("upper case") << QStringLiteral("10M") << QStringLiteral("\"10M\"");
        QTest::newRow("negative") << QStringLiteral("-5s") << QStringLiteral("\"-5s\"");
        QTest::newRow("plus") << QStringLiteral("+5s") << QStringLiteral("\"+5s\"");
        QTest::newRow("fraction") << QStringLiteral("1.5h") << QStringLiteral("\"1.5h\"");
        QTest::newRow("space inside") << QStringLiteral("10 m") << QStringLiteral("\"10 m\"");
        QTest::newRow("space around") << QStringLiteral(" 10m") << QStringLiteral("\" 10m\"");
        QTest::newRow("two units") << QStringLiteral("1h30m") << QStringLiteral("\"1h30m\"");
        QTest::newRow("unit only") << QStringLiteral("s") << QStringLiteral("expected");
        QTest::newRow("overflow digits")
            << QStringLiteral("99999999999999999999ms") << QStringLiteral("too long");
        QTest::newRow("overflow unit")
            << QStringLiteral("999999999999999d") << QStringLiteral("too long");
        QTest::newRow("arabic-indic digits")
            << QStringLiteral("\u0661\u0660s") << QStringLiteral("expected");
    }
    void bad()
    {
        QFETCH(QString, text);
        QFETCH(QString, inError);
        QString error;
        QVERIFY(!parseDuration(text, &error));
        QVERIFY2(error.contains(inError), qPrintable(error));
        QVERIFY(!parseDuration(text)); // without an error string too
    }

    void formatIsShortestExact()
    {
        QCOMPARE(formatDurationExact(10min), QStringLiteral("10m"));
        QCOMPARE(formatDurationExact(90s), QStringLiteral("90s"));
        QCOMPARE(formatDurationExact(2h), QStringLiteral("2h"));
        QCOMPARE(formatDurationExact(milliseconds(1500)), QStringLiteral("1500ms"));
        QCOMPARE(formatDurationExact(0ms), QStringLiteral("0ms"));
        QCOMPARE(formatDurationExact(24h), QStringLiteral("1d"));
        for (const char* t : {"30s", "10m", "2h", "250ms", "3d"})
            QCOMPARE(formatDurationExact(*parseDuration(QLatin1String(t))), QLatin1String(t));
    }
};

QTEST_GUILESS_MAIN(TestDuration)
#include "tst_duration.moc"
