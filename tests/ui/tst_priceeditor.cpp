// The price editor (issue 13): a price change replayed over the worked
// example of docs/tokens.md gives the exact per-user differences (RTX A6000
// 4 → 5 takes exactly 6 more tokens from alice, nothing from bob); prices
// policy.toml would refuse are refused here with the same reason; the TOML
// shown reads back through parsePolicy as the same prices; the replay runs
// off the GUI thread and an older replay never overwrites a newer edit;
// screenshots at 1024×700, light and dark.
#include "sanitizers.h"
#include "window/priceeditor.h"

#include "darkpalette.h"
#include "tokenreadings.h"

#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace gw;
using namespace gw::test;
using namespace Qt::StringLiterals;

namespace {

PolicyConfig::Tokens rules()
{
    PolicyConfig::Tokens t;
    t.enabled = true;
    t.prices = {{u"RTX 2080"_s, 0.5, 12},
                {u"RTX 3090"_s, 1, 13},
                {u"RTX A6000"_s, 4, 14},
                {u"H100"_s, 8, 15}};
    t.timeZone = u"Europe/Berlin"_s;
    return t;
}

const qint64 kFrom = utcMs(2026, 11, 2);
const qint64 kUntil = utcMs(2026, 11, 6, 2);

// The worked example (alice: 8 × RTX 2080 5 h, 4 × RTX 3090 10 h, 2 × RTX
// A6000 3 h = 84 tokens) and bob on 4 × H100 for 2 h.
struct Usage
{
    QList<UsageFact> facts;
    QList<CoverageGap> gaps;
    QSet<QString> models;
};

Usage usage()
{
    QList<Snapshot> r;
    r << holding(u"node-2080"_s, u"alice"_s, u"NVIDIA GeForce RTX 2080 Ti"_s, 8,
                 utcMs(2026, 11, 3, 9), 5 * 60);
    r << holding(u"node-3090"_s, u"alice"_s, u"NVIDIA GeForce RTX 3090"_s, 4,
                 utcMs(2026, 11, 4, 8, 30), 10 * 60);
    r << holding(u"node-a6000"_s, u"alice"_s, u"NVIDIA RTX A6000"_s, 2, utcMs(2026, 11, 5, 22, 15),
                 3 * 60);
    r << holding(u"node-h100"_s, u"bob"_s, u"NVIDIA H100 80GB HBM3"_s, 4, utcMs(2026, 11, 3, 10),
                 2 * 60);
    std::stable_sort(r.begin(), r.end(), [](const Snapshot& a, const Snapshot& b) {
        return a.timestampMs < b.timestampMs;
    });
    UsageMeter m;
    for (const Snapshot& s : r)
        m.feed(s);
    m.finish();
    return {m.facts(), m.gaps(), m.gpuModelsSeen()};
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

void setCell(QTableWidget* t, int row, int column, const QString& text)
{
    t->item(row, column)->setText(text);
}

int rowOf(QTableWidget* t, const QString& pattern)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == pattern)
            return r;
    return -1;
}

bool waitReplayed(PriceEditorDialog& d)
{
    QSignalSpy spy(&d, &PriceEditorDialog::replayFinished);
    return spy.wait(5000);
}

} // namespace

class TstPriceEditor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }

    void replayOfA6000From4To5TakesExactlySixFromAlice()
    {
        const Usage u = usage();
        PriceEditorDialog d(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        // The dialog opens with a replay of the rules as they are: no difference.
        QVERIFY(waitReplayed(d));
        for (const BookDiff& diff : d.lastReplay().diffs)
            QCOMPARE(diff.after, diff.before);
        QVERIFY(!d.adoptButton()->isEnabled()); // nothing changed yet

        setCell(d.priceTable(), rowOf(d.priceTable(), u"RTX A6000"_s), 1, u"5"_s);
        QVERIFY(d.editedRules());
        QVERIFY(d.adoptButton()->isEnabled());
        QVERIFY(waitReplayed(d));
        const QList<BookDiff> diffs = d.lastReplay().diffs;
        QCOMPARE(diffs.size(), 2);
        // alice: 130 − 84 = 46 before; 2 GPUs × 3 h × 1 more token = 6 less.
        QCOMPARE(diffs[0].user, u"alice"_s);
        QCOMPARE(diffs[0].before, 46.0);
        QCOMPARE(diffs[0].after, 40.0);
        QCOMPARE(diffs[0].after - diffs[0].before, -6.0);
        // bob ran no A6000: unchanged, listed after the user who changes.
        QCOMPARE(diffs[1].user, u"bob"_s);
        QCOMPARE(diffs[1].after, diffs[1].before);
        QCOMPARE(d.lastReplay().totalAfter - d.lastReplay().totalBefore, -6.0);
        // The table shows the same, largest difference first.
        QCOMPARE(d.replayTable()->rowCount(), 2);
        QCOMPARE(d.replayTable()->item(0, 0)->text(), u"alice"_s);
        QCOMPARE(d.replayTable()->item(0, 1)->text(), u"46"_s);
        QCOMPARE(d.replayTable()->item(0, 2)->text(), u"40"_s);
        QCOMPARE(d.replayTable()->item(0, 3)->text(), u"−6"_s);
        QCOMPARE(d.replayTable()->item(1, 3)->text(), u"0"_s);
        QVERIFY(d.totalsLabel()->text().contains(u"1 of 2 users change"_s));
    }

    void defaultPriceAndNewPatternReplayed()
    {
        const Usage u = usage();
        PriceEditorDialog d(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        QVERIFY(waitReplayed(d));
        // Removing "H100" puts bob's 8 GPU-hours at the default price 1
        // (was 8): 56 tokens back to him. A pattern "RTX 2080 Ti" = 1 beats
        // "RTX 2080" for alice's 40 GPU-hours: 20 more from her.
        d.priceTable()->selectRow(rowOf(d.priceTable(), u"H100"_s));
        const auto buttons = d.findChildren<QPushButton*>();
        const auto remove = std::find_if(buttons.begin(), buttons.end(),
                                         [](QPushButton* b) { return b->text() == u"Remove"_s; });
        QVERIFY(remove != buttons.end());
        (*remove)->click();
        d.addPrice(u"RTX 2080 Ti"_s, u"1"_s);
        QVERIFY(waitReplayed(d));
        const QList<BookDiff> diffs = d.lastReplay().diffs;
        QCOMPARE(diffs.size(), 2);
        QCOMPARE(diffs[0].user, u"bob"_s);
        QCOMPARE(diffs[0].after - diffs[0].before, 56.0);
        QCOMPARE(diffs[1].user, u"alice"_s);
        QCOMPARE(diffs[1].after - diffs[1].before, -20.0);
        // The new pattern takes the 2080 from the shorter one.
        const int ti = rowOf(d.priceTable(), u"RTX 2080 Ti"_s);
        QCOMPARE(d.priceTable()->item(ti, 2)->text(), u"NVIDIA GeForce RTX 2080 Ti"_s);
        QCOMPARE(d.priceTable()->item(rowOf(d.priceTable(), u"RTX 2080"_s), 2)->text(),
                 u"none seen"_s);
    }

    void badPricesRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("price");
        QTest::addColumn<QString>("defaultPrice");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty pattern")
            << u"  "_s << u"1"_s << u"1"_s << u"row 5: the pattern is empty"_s;
        QTest::newRow("repeated ignoring case")
            << u"rtx 3090"_s << u"2"_s << u"1"_s
            << u"row 5: price \"rtx 3090\" repeats \"RTX 3090\" (row 2)"_s;
        QTest::newRow("negative") << u"L40S"_s << u"-1"_s << u"1"_s
                                  << u"row 5: the price of \"L40S\" must be 0 or more"_s;
        QTest::newRow("not a number") << u"L40S"_s << u"cheap"_s << u"1"_s
                                      << u"row 5: the price of \"L40S\" must be a number"_s;
        QTest::newRow("infinite") << u"L40S"_s << u"inf"_s << u"1"_s
                                  << u"row 5: the price of \"L40S\" must be a finite number"_s;
        QTest::newRow("nan") << u"L40S"_s << u"nan"_s << u"1"_s << u"must be a finite number"_s;
        QTest::newRow("empty price")
            << u"L40S"_s << u""_s << u"1"_s << u"row 5: the price of \"L40S\" is empty"_s;
        QTest::newRow("default negative")
            << u"L40S"_s << u"2"_s << u"-0.5"_s << u"\"default_price\" must be 0 or more"_s;
        QTest::newRow("default empty")
            << u"L40S"_s << u"2"_s << u""_s << u"\"default_price\" is empty"_s;
    }
    void badPricesRefusedWithTheReason()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, price);
        QFETCH(QString, defaultPrice);
        QFETCH(QString, error);
        const Usage u = usage();
        PriceEditorDialog d(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        QVERIFY(waitReplayed(d));
        const PriceReplay before = d.lastReplay();
        d.addPrice(pattern, price);
        d.defaultPriceEdit()->setText(defaultPrice);
        QVERIFY(!d.editedRules());
        QVERIFY2(d.errorLabel()->text().contains(error), qPrintable(d.errorLabel()->text()));
        QVERIFY(!d.errorLabel()->isHidden());
        QVERIFY(!d.adoptButton()->isEnabled());
        QVERIFY(d.tomlText()->toPlainText().isEmpty());
        // Nothing is replayed from refused prices: the last replay stays.
        QSignalSpy spy(&d, &PriceEditorDialog::replayFinished);
        QVERIFY(!spy.wait(450)); // past the 300 ms debounce
        QCOMPARE(d.lastReplay().diffs, before.diffs);
        // The same check as a function.
        QList<PriceText> rows{{u"RTX 2080"_s, u"0.5"_s},
                              {u"RTX 3090"_s, u"1"_s},
                              {u"RTX A6000"_s, u"4"_s},
                              {u"H100"_s, u"8"_s},
                              {pattern, price}};
        const PriceCheck check = checkPrices(rules(), rows, defaultPrice);
        QVERIFY(!check.rules);
        QCOMPARE(check.errors.size(), 1);
        QVERIFY(check.errors.first().contains(error));
    }

    void adoptedPricesReplaceThoseOfThePolicyText()
    {
        const QString text =
            QStringLiteral("# lab policy\n[hog]\nthreshold_percent = 90\n[tokens]\ninitial = "
                           "100\ndefault_price = 1\n"
                           "monthly = 30\n[tokens.prices]\n\"RTX 2080\" = 0.5\n\"H100\" = 8\n\n"
                           "[quota]\ndefault_share = 25\n");
        PolicyConfig::Tokens rules;
        rules.defaultPrice = 2;
        rules.prices = {{QStringLiteral("RTX A6000"), 5, 0}, {QStringLiteral("H100"), 9.5, 0}};
        const auto edited = withTokenPrices(text, rules);
        QVERIFY(edited);
        const PolicyParseResult before = parsePolicy(text.toUtf8(), QStringLiteral("policy.toml"));
        const PolicyParseResult after =
            parsePolicy(edited->toUtf8(), QStringLiteral("policy.toml"));
        QVERIFY2(after.config, qPrintable(after.errors.join(u'\n')));
        QCOMPARE(after.config->tokens.prices, rules.prices);
        QCOMPARE(after.config->tokens.defaultPrice, 2.0);
        // Everything else as it was.
        PolicyConfig expected = *before.config;
        expected.tokens.prices = rules.prices;
        expected.tokens.defaultPrice = 2;
        QCOMPARE(*after.config, expected);
        QVERIFY(edited->startsWith(u"# lab policy\n[hog]\n"_s));
        QVERIFY(!withTokenPrices(QStringLiteral("[hog]\nthreshold_percent = 90\n"), rules));
    }

    void tomlReadsBackAsTheSamePrices()
    {
        const QList<PriceText> rows{{u"RTX A6000"_s, u"5"_s},
                                    {u"A100 \"SXM\" \\ 80GB"_s, u"6.25"_s},
                                    {u"H100"_s, u"0.1"_s}};
        const PriceCheck check = checkPrices(rules(), rows, u"1.5"_s);
        QVERIFY(check.rules);
        const QString toml = pricesToml(*check.rules);
        QVERIFY(toml.contains(u"default_price = 1.5"_s));
        QVERIFY(toml.contains(u"\"A100 \\\"SXM\\\" \\\\ 80GB\" = 6.25"_s));
        const PolicyParseResult parsed =
            parsePolicy((u"[tokens]\n"_s + toml).toUtf8(), u"policy.toml"_s);
        QVERIFY2(parsed.errors.isEmpty(), qPrintable(parsed.errors.join(u'\n')));
        QCOMPARE(parsed.config->tokens.prices, check.rules->prices);
        QCOMPARE(parsed.config->tokens.defaultPrice, 1.5);
        // Everything else of the rules is kept as it was.
        QCOMPARE(check.rules->timeZone, u"Europe/Berlin"_s);
    }

    void adoptEmitsTheEditedRules()
    {
        const Usage u = usage();
        PriceEditorDialog d(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        QSignalSpy adopted(&d, &PriceEditorDialog::adoptRequested);
        setCell(d.priceTable(), rowOf(d.priceTable(), u"RTX A6000"_s), 1, u"5"_s);
        d.adoptButton()->click();
        QCOMPARE(adopted.size(), 1);
        const auto t = adopted.first().first().value<PolicyConfig::Tokens>();
        PolicyConfig::Tokens expected = rules();
        expected.prices[2].perGpuHour = 5;
        QCOMPARE(t, expected);
        QCOMPARE(d.result(), int(QDialog::Accepted));
    }

    void replayRunsOffTheGuiThreadAndTheNewestEditWins()
    {
        const Usage u = usage();
        PriceEditorDialog d(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        // The constructor returned with the replay still to come.
        QVERIFY(d.replaying() || d.lastReplay().diffs.isEmpty());
        QVERIFY(waitReplayed(d));
        QVERIFY(d.lastReplay().offGuiThread);
        // Three edits in a row: only the last one's books are shown.
        const int a6000 = rowOf(d.priceTable(), u"RTX A6000"_s);
        setCell(d.priceTable(), a6000, 1, u"5"_s);
        setCell(d.priceTable(), a6000, 1, u"6"_s);
        setCell(d.priceTable(), a6000, 1, u"7"_s);
        QVERIFY(waitReplayed(d));
        QCOMPARE(d.lastReplay().diffs.first().after - d.lastReplay().diffs.first().before, -18.0);
        // Closing while a replay runs waits for it and drops its result.
        setCell(d.priceTable(), a6000, 1, u"9"_s);
        auto* late = new PriceEditorDialog(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        delete late;
    }

    // A month of a fleet (40 users, 16 servers × 8 GPUs of 4 models, every
    // hour: 92,160 facts, bench_ledger's size) replayed under both prices.
    void replayOfAFleetMonthIsQuick()
    {
        const QStringList models{u"NVIDIA GeForce RTX 2080 Ti"_s, u"NVIDIA GeForce RTX 3090"_s,
                                 u"NVIDIA RTX A6000"_s, u"NVIDIA H100 80GB HBM3"_s};
        const qint64 from = utcMs(2026, 11, 1);
        QList<UsageFact> facts;
        QSet<QString> seen(models.cbegin(), models.cend());
        for (int h = 0; h < 720; ++h)
            for (int s = 0; s < 16; ++s)
                for (int g = 0; g < 8; ++g) {
                    UsageFact f;
                    f.server = u"node-%1"_s.arg(s);
                    f.user = u"user-%1"_s.arg((s * 8 + g + h) % 40);
                    f.gpuModel = models[s % 4];
                    f.hourStartMs = from + h * 3'600'000LL;
                    f.heldGpuSeconds = f.usedGpuSeconds = 3600;
                    facts << f;
                }
        PolicyConfig::Tokens after = rules();
        after.prices[2].perGpuHour = 5;
        QElapsedTimer clock;
        clock.start();
        const PriceReplay r =
            replayPrices(rules(), after, facts, {}, seen, from, from + 720 * 3'600'000LL);
        const qint64 ms = clock.elapsed();
        qInfo("price_replay_ms=%lld facts=%lld users=%lld", ms, qint64(facts.size()),
              qint64(r.diffs.size()));
        QCOMPARE(r.diffs.size(), 40);
        // The A6000 servers (4 of 16) ran 4 × 8 × 720 GPU-hours: one token more each.
        QCOMPARE(r.totalAfter - r.totalBefore, -4.0 * 8 * 720);
        QVERIFY2(ms < 5000 * test::kSanitizerSlowdown, qPrintable(QString::number(ms)));
    }

    void screenshots_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void screenshots()
    {
        QFETCH(bool, dark);
        const Usage u = usage();
        PriceEditorDialog d(rules(), u.facts, u.gaps, u.models, kFrom, kUntil);
        if (dark)
            d.setPalette(darkPalette());
        setCell(d.priceTable(), rowOf(d.priceTable(), u"RTX A6000"_s), 1, u"5"_s);
        d.addPrice(u"RTX 2080 Ti"_s, u"0.75"_s);
        d.resize(1024, 700);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(waitReplayed(d));
        QVERIFY(d.replayTable()->height() >= 100);
        QVERIFY(d.priceTable()->height() >= 100);
        QVERIFY(d.grab().save(
            shotPath(dark ? u"price-editor-dark.png"_s : u"price-editor-light.png"_s)));
    }
};

QTEST_MAIN(TstPriceEditor)
#include "tst_priceeditor.moc"
