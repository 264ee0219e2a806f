// The ledger table of the Tokens view: a hand-made Books with two users,
// the balance after each entry exact (the running sum per user, so the last
// one is the user's balance), the filters by user, kind and text, and the
// model's contract under QAbstractItemModelTester.
#include "models/ledgermodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

LedgerEntry entry(const QString& id, LedgerEntry::Kind kind, const QString& user, qint64 atMs,
                  double amount, const QString& detail)
{
    LedgerEntry e;
    e.id = id;
    e.kind = kind;
    e.user = user;
    e.atMs = atMs;
    e.amount = amount;
    e.detail = detail;
    return e;
}

Books handMade()
{
    using K = LedgerEntry::Kind;
    Books b;
    b.entries = {
        entry(u"grant/alice"_s, K::Grant, u"alice"_s, 1000, 130, u"granted 100 + 30"_s),
        entry(u"grant/bob"_s, K::Grant, u"bob"_s, 1000, 130, u"granted 100 + 30"_s),
        entry(u"usage/alice/a"_s, K::Usage, u"alice"_s, 2000, -20, u"8 GPU-hours of RTX 2080"_s),
        entry(u"usage/bob/a"_s, K::Usage, u"bob"_s, 2000, -150.5, u"37.6 GPU-hours of H100"_s),
        entry(u"usage/alice/b"_s, K::Usage, u"alice"_s, 3000, -64, u"RTX 3090 and RTX A6000"_s),
        entry(u"daily/bob/x"_s, K::Daily, u"bob"_s, 4000, 1, u"daily addition while negative"_s),
        entry(u"adjustment/alice/5000"_s, K::Adjustment, u"alice"_s, 5000, 10,
              u"deadline extension"_s),
    };
    b.balances = {{u"alice"_s, 56}, {u"bob"_s, -19.5}};
    b.cutOff = {u"bob"_s};
    return b;
}

} // namespace

class TstLedgerModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }

    void balanceAfterIsTheRunningSumPerUser()
    {
        LedgerModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Books b = handMade();
        m.setBooks(b);
        QCOMPARE(m.rowCount(), 7);
        QCOMPARE(m.columnCount(), int(LedgerModel::ColumnCount));
        const QList<double> expected{130, 130, 110, -20.5, 46, -19.5, 56};
        for (int row = 0; row < m.rowCount(); ++row) {
            QCOMPARE(m.balanceAfter(row), expected.at(row));
            QCOMPARE(m.index(row, LedgerModel::BalanceAfter).data(Qt::EditRole).toDouble(),
                     expected.at(row));
        }
        // The last figure per user is the books' balance.
        QCOMPARE(m.balanceAfter(6), b.balances.value(u"alice"_s));
        QCOMPARE(m.balanceAfter(5), b.balances.value(u"bob"_s));
        // Shown: signed amounts with a minus sign, balances unsigned when positive.
        QCOMPARE(m.index(3, LedgerModel::Amount).data().toString(),
                 QString(QChar(0x2212)) + u"150.50"_s);
        QCOMPARE(m.index(0, LedgerModel::Amount).data().toString(), QStringLiteral("+130.00"));
        QCOMPARE(m.index(6, LedgerModel::BalanceAfter).data().toString(), QStringLiteral("56.00"));
        QCOMPARE(m.index(3, LedgerModel::BalanceAfter).data().toString(),
                 QString(QChar(0x2212)) + u"20.50"_s);
        QCOMPARE(m.index(2, LedgerModel::Kind).data().toString(), QStringLiteral("usage"));
        // A minute of a cheap GPU is not "−0".
        QCOMPARE(LedgerModel::amountText(-0.0031), QString(QChar(0x2212)) + u"0.0031"_s);
        QCOMPARE(LedgerModel::amountText(0), u"0.00"_s);
        // One format down a column: whole balances keep their decimals
        // beside fractional ones ("56.00" under "−20.50", not "56").
        for (int r = 0; r < m.rowCount(); ++r) {
            const QString b = m.index(r, LedgerModel::BalanceAfter).data().toString();
            QVERIFY2(b.size() > 3 && b[b.size() - 3] == QLocale().decimalPoint().front(),
                     qPrintable(b));
        }
        QCOMPARE(m.index(2, LedgerModel::User).data().toString(), QStringLiteral("alice"));
        QCOMPARE(m.index(6, 0).data(LedgerModel::IdRole).toString(),
                 QStringLiteral("adjustment/alice/5000"));
        // Times in the zone given.
        m.setTimeZone(QTimeZone::utc());
        QCOMPARE(m.index(0, LedgerModel::Time).data().toString(),
                 QStringLiteral("1970-01-01 00:00"));
        // New books replace the old ones.
        m.setBooks({});
        QCOMPARE(m.rowCount(), 0);
    }

    void filtersByUserKindAndText()
    {
        LedgerModel m;
        m.setBooks(handMade());
        LedgerFilter f;
        f.setSourceModel(&m);
        QAbstractItemModelTester tester(&f, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(f.rowCount(), 7);
        f.setUser(u"alice"_s);
        QCOMPARE(f.rowCount(), 4);
        f.setKind(LedgerEntry::Kind::Usage);
        QCOMPARE(f.rowCount(), 2);
        // The balance after stays the user's running sum whatever is hidden.
        QCOMPARE(f.index(1, LedgerModel::BalanceAfter).data(Qt::EditRole).toDouble(), 46.0);
        f.setText(u"RTX 3090"_s);
        QCOMPARE(f.rowCount(), 1);
        f.setText(u"no such thing"_s);
        QCOMPARE(f.rowCount(), 0);
        f.setUser({});
        f.setKind(std::nullopt);
        f.setText(u"DEADLINE"_s); // case ignored
        QCOMPARE(f.rowCount(), 1);
        QCOMPARE(f.index(0, LedgerModel::User).data().toString(), QStringLiteral("alice"));
        f.setText(u"bob"_s);
        QCOMPARE(f.rowCount(), 3);
        f.setText({});
        f.setKind(LedgerEntry::Kind::Daily);
        QCOMPARE(f.rowCount(), 1);
        QCOMPARE(f.index(0, LedgerModel::User).data().toString(), QStringLiteral("bob"));
    }
};

QTEST_MAIN(TstLedgerModel)
#include "tst_ledgermodel.moc"
