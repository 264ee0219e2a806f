// The books' JSON: what is written reads back equal (through text too), and
// every bad document is refused with a sentence naming the key.
#include "tokens/tokensjson.h"

#include <QJsonDocument>
#include <QTest>

using namespace gw;

namespace {

Books sampleBooks()
{
    PolicyConfig::Tokens t;
    t.prices = {{QStringLiteral("H100"), 8, 3}, {QStringLiteral("RTX 2080"), 0.5, 4}};
    t.timeZone = QStringLiteral("Europe/Berlin");
    t.users = {QStringLiteral("bob")};
    const qint64 from = 1'793'487'600'000; // 2026-11-01 00:00 Berlin
    const QList<UsageFact> facts{
        {QStringLiteral("h100-node"),
         QStringLiteral("alice"),
         QStringLiteral("NVIDIA H100 80GB HBM3"),
         QStringLiteral("3g.40gb"),
         3,
         7,
         from + 7'200'000,
         3600.0 * 3 / 7,
         1000.0 / 7,
         {}},
        {QStringLiteral("node-1"),
         QStringLiteral("alice"),
         QStringLiteral("RTX 3090"),
         {},
         0,
         0,
         from + 10'800'000,
         1234.5,
         600.25,
         {}},
        {QStringLiteral("node-1"),
         QStringLiteral("gwbob"),
         QStringLiteral("RTX 3090"),
         {},
         0,
         0,
         from + 10'800'000,
         360,
         300,
         QStringLiteral("vision")},
    };
    const QList<Adjustment> adj{{QStringLiteral("bob"), from + 86'400'000, -5,
                                 QStringLiteral("admin"), QStringLiteral("returned GPU late")}};
    return buildBooks(facts, t, from, from + 40LL * 86'400'000, adj, {},
                      {{QStringLiteral("node-1"), from + 1000, from + 900'000}});
}

} // namespace

class TestTokensJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void booksRoundTrip()
    {
        const Books b = sampleBooks();
        QVERIFY(b.entries.size() >= 5);
        // The account's use is its own entry, and says so.
        bool ofAccount = false;
        for (const LedgerEntry& e : b.entries)
            if (e.account == QLatin1String("vision")) {
                ofAccount = true;
                QVERIFY2(e.id.contains(QStringLiteral("/account=vision/")), qPrintable(e.id));
                QVERIFY2(e.detail.endsWith(QStringLiteral("(account vision)")),
                         qPrintable(e.detail));
            }
        QVERIFY(ofAccount);
        QCOMPARE(b.warnings.size(), 1);
        QCOMPARE(b.gaps.size(), 1);
        QString error;
        const auto back = booksFromJson(booksToJson(b), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, b);
        const auto text = booksFromJsonText(QJsonDocument(booksToJson(b)).toJson(), &error);
        QVERIFY2(text, qPrintable(error));
        QCOMPARE(*text, b);
    }

    void factAndGapRoundTrip()
    {
        const UsageFact f{QStringLiteral("s"),
                          QStringLiteral("u"),
                          QStringLiteral("H100"),
                          QStringLiteral("1g.10gb"),
                          1,
                          7,
                          1'793'487'600'000,
                          1.0 / 3,
                          0.1,
                          {}};
        QString error;
        QCOMPARE(usageFactFromJson(usageFactToJson(f), &error), f);
        const UsageFact whole{QStringLiteral("s"),
                              QStringLiteral("u"),
                              QStringLiteral("RTX 3090"),
                              {},
                              0,
                              0,
                              0,
                              3600,
                              1800,
                              {}};
        QVERIFY(!usageFactToJson(whole).contains(QStringLiteral("mig_profile")));
        QVERIFY(!usageFactToJson(whole).contains(QStringLiteral("account")));
        QCOMPARE(usageFactFromJson(usageFactToJson(whole), &error), whole);
        UsageFact ofAccount = whole;
        ofAccount.account = QStringLiteral("vision");
        QCOMPARE(usageFactToJson(ofAccount).value(QStringLiteral("account")).toString(),
                 QStringLiteral("vision"));
        QCOMPARE(usageFactFromJson(usageFactToJson(ofAccount), &error), ofAccount);
        // Energy: kept where there is some, refused below 0.
        UsageFact withEnergy = whole;
        withEnergy.energyMj = 1'080'000'000.5;
        withEnergy.noEnergySeconds = 60;
        QCOMPARE(usageFactFromJson(usageFactToJson(withEnergy), &error), withEnergy);
        QVERIFY(!usageFactToJson(whole).contains(QStringLiteral("energy_mj")));
        QJsonObject negative = usageFactToJson(withEnergy);
        negative.insert(QStringLiteral("energy_mj"), -1);
        QVERIFY(!usageFactFromJson(negative, &error));
        QVERIFY2(error.contains(QStringLiteral("energy_mj")) &&
                     error.contains(QStringLiteral("0 or more")),
                 qPrintable(error));
        LedgerEntry e;
        e.id = QStringLiteral("usage/x");
        e.kind = LedgerEntry::Kind::Usage;
        e.server = QStringLiteral("s");
        e.energyKWh = 0.45;
        e.pricePerKwh = 10;
        e.amount = -4.5;
        QCOMPARE(ledgerEntryFromJson(ledgerEntryToJson(e), &error), e);
        const CoverageGap g{QStringLiteral("s"), 5, 10};
        QCOMPARE(coverageGapFromJson(coverageGapToJson(g), &error), g);
    }

    void badBooksAreRefusedNamingTheKey_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        const QByteArray entry =
            R"({"id":"grant/bob","kind":"grant","user":"bob","at_ms":1000,"amount":130})";
        QTest::newRow("not JSON") << QByteArray("{\"balances\":")
                                  << QStringLiteral(
                                         "malformed JSON at offset 12: unterminated object");
        QTest::newRow("array") << QByteArray("[]")
                               << QStringLiteral("expected a JSON object of books");
        QTest::newRow("no balances")
            << QByteArray(R"({"entries":[]})") << QStringLiteral("balances: missing");
        QTest::newRow("unknown key")
            << QByteArray(R"({"balances":{},"entries":[],"colour":1})")
            << QStringLiteral(
                   "colour: unknown key (known: balances, cut_off, entries, warnings, gaps)");
        QTest::newRow("balance text")
            << QByteArray(R"({"balances":{"bob":"130"},"entries":[]})")
            << QStringLiteral("balances.bob: expected a number, got a string");
        QTest::newRow("entries not array")
            << QByteArray(R"({"balances":{},"entries":{}})")
            << QStringLiteral("entries: expected an array, got an object");
        QTest::newRow("entry amount text")
            << QByteArray(R"({"balances":{},"entries":[)" + entry +
                          R"(,{"id":"x","kind":"daily","user":"bob","at_ms":1,"amount":"1"}]})")
            << QStringLiteral("entries[1].amount: expected a number, got a string");
        QTest::newRow("entry kind typo")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"x","kind":"dialy","user":"b","at_ms":1,"amount":1}]})")
            << QStringLiteral("entries[0].kind: \"dialy\" is not one of \"grant\", \"monthly\", "
                              "\"daily\", \"usage\", \"adjustment\"");
        QTest::newRow("entry without user")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"x","kind":"daily","at_ms":1,"amount":1}]})")
            << QStringLiteral("entries[0].user: missing");
        QTest::newRow("fractional time")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"x","kind":"daily","user":"b","at_ms":1.5,"amount":1}]})")
            << QStringLiteral("entries[0].at_ms: expected an integer, got 1.5");
        QTest::newRow("entry unknown key")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"x","kind":"daily","user":"b","at_ms":1,"amount":1,"colour":2}]})")
            << QStringLiteral("entries[0].colour: unknown key (known: id, kind, user, at_ms, "
                              "amount, server, gpu_model, mig_profile, mig_slices, gpu_slices, "
                              "hour_start_ms, gpu_hours, price_per_gpu_hour, energy_kwh, "
                              "price_per_kwh, by, reason, detail, "
                              "account)");
        QTest::newRow("optional key null")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"x","kind":"daily","user":"b","at_ms":1,"amount":1,"reason":null}]})")
            << QStringLiteral("entries[0].reason: expected a string, got null");
        QTest::newRow("too many slices")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"x","kind":"daily","user":"b","at_ms":1,"amount":1,"mig_slices":1025}]})")
            << QStringLiteral("entries[0].mig_slices: expected at most 1024, got 1025");
        QTest::newRow("empty id")
            << QByteArray(
                   R"({"balances":{},"entries":[{"id":"","kind":"daily","user":"b","at_ms":1,"amount":1}]})")
            << QStringLiteral("entries[0].id: must not be empty");
        QTest::newRow("duplicate id")
            << QByteArray(R"({"balances":{},"entries":[)" + entry + ',' + entry + "]}")
            << QStringLiteral("entries[1].id: \"grant/bob\" appears twice");
        QTest::newRow("warning not text")
            << QByteArray(R"({"balances":{},"entries":[],"warnings":[1]})")
            << QStringLiteral("warnings[0]: expected a string, got a number");
        QTest::newRow("gap backwards")
            << QByteArray(
                   R"({"balances":{},"entries":[],"gaps":[{"server":"s","from_ms":10,"to_ms":5}]})")
            << QStringLiteral("gaps[0].to_ms: before from_ms");
        QTest::newRow("gap without server")
            << QByteArray(R"({"balances":{},"entries":[],"gaps":[{"from_ms":1,"to_ms":5}]})")
            << QStringLiteral("gaps[0].server: missing");
    }
    void badBooksAreRefusedNamingTheKey()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QString got;
        QVERIFY(!booksFromJsonText(text, &got));
        QCOMPARE(got, error);
    }

    void badFactIsRefusedNamingTheKey()
    {
        QString error;
        QJsonObject o = usageFactToJson({QStringLiteral("s"),
                                         QStringLiteral("u"),
                                         QStringLiteral("H100"),
                                         {},
                                         0,
                                         0,
                                         0,
                                         1,
                                         1,
                                         {}});
        o.insert(QStringLiteral("held_gpu_seconds"), QStringLiteral("1"));
        QVERIFY(!usageFactFromJson(o, &error, QStringLiteral("facts[3]")));
        QCOMPARE(error,
                 QStringLiteral("facts[3].held_gpu_seconds: expected a number, got a string"));
    }
};

QTEST_GUILESS_MAIN(TestTokensJson)
#include "tst_tokensjson.moc"
