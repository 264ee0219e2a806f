#include "util/editdistance.h"

#include <QTest>

using namespace gw;

class TestEditDistance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void distance_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("distance");
        QTest::newRow("same") << QStringLiteral("poll_interval") << QStringLiteral("poll_interval")
                              << 0;
        QTest::newRow("one dropped")
            << QStringLiteral("pol_interval") << QStringLiteral("poll_interval") << 1;
        QTest::newRow("one changed")
            << QStringLiteral("treshold") << QStringLiteral("thresh0ld") << 2;
        QTest::newRow("swapped") << QStringLiteral("ab") << QStringLiteral("ba") << 2;
        QTest::newRow("kitten") << QStringLiteral("kitten") << QStringLiteral("sitting") << 3;
        QTest::newRow("empty") << QString() << QStringLiteral("abc") << 3;
        QTest::newRow("case counts") << QStringLiteral("TP") << QStringLiteral("tp") << 2;
    }
    void distance()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, distance);
        QCOMPARE(editDistance(a, b), distance);
        QCOMPARE(editDistance(b, a), distance);
    }

    void caseCanBeIgnored()
    {
        QCOMPARE(editDistance(QStringLiteral("TP"), QStringLiteral("tp"), Qt::CaseInsensitive), 0);
        QCOMPARE(
            editDistance(QStringLiteral("Tensor"), QStringLiteral("tensr"), Qt::CaseInsensitive),
            1);
    }

    void nearestIsWithinTwoEditsAndShorterThanTheName()
    {
        const QStringList known{QStringLiteral("poll_interval"), QStringLiteral("port"),
                                QStringLiteral("tp")};
        QCOMPARE(nearestSpelling(QStringLiteral("pol_interval"), known),
                 QStringLiteral("poll_interval"));
        QCOMPARE(nearestSpelling(QStringLiteral("prot"), known), QStringLiteral("port"));
        QCOMPARE(nearestSpelling(QStringLiteral("listen"), known), QString());
        // "x" is one edit from "tp"'s neighbours but as long as its distance.
        QCOMPARE(nearestSpelling(QStringLiteral("x"), known), QString());
        QCOMPARE(nearestSpelling(QStringLiteral("TP"), known), QString());
        QCOMPARE(nearestSpelling(QStringLiteral("TPx"), known, 2, Qt::CaseInsensitive),
                 QStringLiteral("tp"));
        // The first of equally near ones.
        QCOMPARE(
            nearestSpelling(QStringLiteral("ab"), {QStringLiteral("ac"), QStringLiteral("ad")}),
            QStringLiteral("ac"));
    }
};

QTEST_GUILESS_MAIN(TestEditDistance)
#include "tst_editdistance.moc"
