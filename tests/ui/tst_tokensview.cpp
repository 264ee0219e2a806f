// The Tokens page on the worked example (readings through the usage
// meter, books by buildBooks): alice's bar is 46, bob's below the floor is
// marked, the floor line sits at -10, GPU-hours by model are 40/40/6 (+ bob's
// H100), the ledger and the "as of" line; screenshots at 1024×700, light and
// dark. The desktop's TokenBook builds the same books off the GUI thread.
// The Adjust balance dialog wants a reason and a non-zero amount.
#include "charts/balanceplot.h"
#include "models/ledgermodel.h"
#include "models/tokenbook.h"
#include "window/adjustbalancedialog.h"
#include "window/priceeditor.h"
#include "window/tokensview.h"

#include "history/historystore.h"
#include "policy/demopolicy.h"
#include "sources/demoworld.h"

#include "darkpalette.h"
#include "tokenreadings.h"

#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace gw;
using namespace Qt::StringLiterals;
using namespace gw::test;

namespace {

PolicyConfig::Tokens rules()
{
    PolicyConfig::Tokens t;
    t.enabled = true;
    t.prices = {{QStringLiteral("RTX 2080"), 0.5, 12},
                {QStringLiteral("RTX 3090"), 1, 13},
                {QStringLiteral("RTX A6000"), 4, 14},
                {QStringLiteral("H100"), 8, 15}};
    t.timeZone = QStringLiteral("Europe/Berlin");
    return t;
}

// The worked example (alice: 8 × RTX 2080 5 h, 4 × RTX 3090 10 h, 2 × RTX
// A6000 3 h = 84 tokens), and bob on 4 × H100 for 5 h (160 tokens: -30,
// -27 with the dailies, below the floor), a silence of node-h100 in between.
QList<Snapshot> readings()
{
    QList<Snapshot> r;
    r << holding(QStringLiteral("node-2080"), QStringLiteral("alice"),
                 QStringLiteral("NVIDIA GeForce RTX 2080 Ti"), 8, utcMs(2026, 11, 3, 9), 5 * 60);
    r << holding(QStringLiteral("node-3090"), QStringLiteral("alice"),
                 QStringLiteral("NVIDIA GeForce RTX 3090"), 4, utcMs(2026, 11, 4, 8, 30), 10 * 60);
    r << holding(QStringLiteral("node-a6000"), QStringLiteral("alice"),
                 QStringLiteral("NVIDIA RTX A6000"), 2, utcMs(2026, 11, 5, 22, 15), 3 * 60);
    r << holding(QStringLiteral("node-h100"), QStringLiteral("bob"),
                 QStringLiteral("NVIDIA H100 80GB HBM3"), 4, utcMs(2026, 11, 3, 10), 2 * 60);
    r << holding(QStringLiteral("node-h100"), QStringLiteral("bob"),
                 QStringLiteral("NVIDIA H100 80GB HBM3"), 4, utcMs(2026, 11, 3, 14), 3 * 60);
    return r;
}

const qint64 kFrom = utcMs(2026, 11, 2);
const qint64 kAsOf = utcMs(2026, 11, 6, 2);

Books books()
{
    QList<Snapshot> r = readings();
    std::stable_sort(r.begin(), r.end(), [](const Snapshot& a, const Snapshot& b) {
        return a.timestampMs < b.timestampMs;
    });
    UsageMeter m;
    for (const Snapshot& s : r)
        m.feed(s);
    m.finish();
    return buildBooks(m.facts(), rules(), kFrom, kAsOf, {}, m.gpuModelsSeen(), m.gaps());
}

QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

int indexOf(const TokensView& v, const QString& user)
{
    return int(v.users().indexOf(user));
}

} // namespace

class TstTokensView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }

    void barsFloorAndHoursOfTheWorkedExample()
    {
        const Books b = books();
        QCOMPARE(b.balances.value(u"alice"_s), 46.0);
        // bob: 130 − 160, then the dailies of Nov 4, 5 and 6 while negative.
        QCOMPARE(b.balances.value(u"bob"_s), -27.0);
        TokensView v;
        v.setBooks(b, rules(), kAsOf, kAsOf + 12 * 60'000);
        QCOMPARE(v.users(), (QStringList{u"alice"_s, u"bob"_s}));
        const int alice = indexOf(v, u"alice"_s), bob = indexOf(v, u"bob"_s);
        // alice's bar is her balance; bob's is in the cut-off set (marked).
        QCOMPARE(v.balanceSet()->at(alice), 46.0);
        QCOMPARE(v.cutOffSet()->at(alice), 0.0);
        QCOMPARE(v.balanceSet()->at(bob), 0.0);
        QCOMPARE(v.cutOffSet()->at(bob), -27.0);
        QVERIFY(v.cutOffSet()->color() != v.balanceSet()->color());
        QVERIFY(v.spentTable()->item(bob, 0)->text().contains(u"cut off"_s));
        QVERIFY(!v.spentTable()->item(alice, 0)->text().contains(u"cut off"_s));
        // The floor and the zero line span every bar.
        QCOMPARE(v.floorLine()->count(), 2);
        QCOMPARE(v.floorLine()->at(0).y(), -10.0);
        QCOMPARE(v.floorLine()->at(1).y(), -10.0);
        QVERIFY(v.floorLine()->at(0).x() <= -0.5 && v.floorLine()->at(1).x() >= 1.5);
        QCOMPARE(v.zeroLine()->at(0).y(), 0.0);
        // GPU-hours by model this month: 40 / 40 / 6, and bob's 20 on the H100.
        const QMap<QString, double> hours = v.gpuHoursByModel();
        QCOMPARE(hours.value(u"NVIDIA GeForce RTX 2080 Ti"_s), 40.0);
        QCOMPARE(hours.value(u"NVIDIA GeForce RTX 3090"_s), 40.0);
        QCOMPARE(hours.value(u"NVIDIA RTX A6000"_s), 6.0);
        QCOMPARE(hours.value(u"NVIDIA H100 80GB HBM3"_s), 20.0);
        QCOMPARE(v.spentThisMonth().value(u"alice"_s), 84.0);
        QCOMPARE(v.spentThisMonth().value(u"bob"_s), 160.0);
        // Spent and balance in the table.
        QCOMPARE(v.spentTable()->item(alice, 1)->text(), QStringLiteral("46.00"));
        QCOMPARE(v.spentTable()->item(alice, 2)->text(), QStringLiteral("84.00"));
        QCOMPARE(v.spentTable()->item(alice, 3)->text(), QStringLiteral("130.00"));
        // The "as of" line with its age, the gap of node-h100 said.
        QVERIFY2(v.asOfLabel()->text().contains(u"12 min ago"_s),
                 qPrintable(v.asOfLabel()->text()));
        QVERIFY(v.asOfLabel()->text().contains(u"the open hour is not charged yet"_s));
        QVERIFY2(v.notesLabel()->text().contains(u"No readings from node-h100"_s),
                 qPrintable(v.notesLabel()->text()));
        QVERIFY(v.notesLabel()->text().contains(u"not charged"_s));
        // The ledger, and its filters from the combos.
        QCOMPARE(v.ledgerModel()->rowCount(), b.entries.size());
        v.userFilter()->setCurrentIndex(v.userFilter()->findData(u"bob"_s));
        for (int row = 0; row < v.ledgerFilter()->rowCount(); ++row)
            QCOMPARE(v.ledgerFilter()->index(row, LedgerModel::User).data().toString(),
                     QStringLiteral("bob"));
        v.kindFilter()->setCurrentIndex(v.kindFilter()->findData(int(LedgerEntry::Kind::Grant)));
        QCOMPARE(v.ledgerFilter()->rowCount(), 1);
        v.textFilter()->setText(u"no such thing"_s);
        QCOMPARE(v.ledgerFilter()->rowCount(), 0);
    }

    void withoutTokensRulesItSaysSo()
    {
        TokensView v;
        v.setBooks({}, PolicyConfig::Tokens{}, 0, 0);
        QVERIFY(v.asOfLabel()->text().contains(u"no [tokens] section"_s));
        QVERIFY(!v.adjustButton()->isEnabled());
    }

    // Without [tokens] (and before the first books) the balance chart has no
    // time to draw: it says why in its place, not an axis from 1 Jan 1970.
    void withoutBooksTheBalanceChartSaysWhyInsteadOfAnAxisFrom1970()
    {
        TokensView v;
        v.setBooks({}, PolicyConfig::Tokens{}, 0, QDateTime::currentMSecsSinceEpoch());
        v.resize(1024, 700);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QVERIFY(!v.balancePlot()->isVisible());
        QLabel* empty = nullptr;
        for (QLabel* l : v.findChildren<QLabel*>())
            if (l->isVisible() && l->text().startsWith(u"No balances to draw"_s))
                empty = l;
        QVERIFY(empty);
        QVERIFY2(empty->text().contains(u"[tokens]"_s), qPrintable(empty->text()));
        // Nor bars over a floor of books that are not kept.
        bool barsSayWhy = false;
        for (QLabel* l : v.findChildren<QLabel*>())
            barsSayWhy = barsSayWhy || (l->isVisible() && l->text().startsWith(u"No balances: "_s));
        QVERIFY(barsSayWhy);
        QVERIFY(v.grab().save(shotPath(u"tokens-without-tokens.png"_s)));

        // [tokens] on, no entries yet: the same place says so.
        PolicyConfig::Tokens on = rules();
        v.setBooks({}, on, 0, QDateTime::currentMSecsSinceEpoch());
        QVERIFY(!v.balancePlot()->isVisible());
        QVERIFY(empty->isVisible());
        QVERIFY2(empty->text().contains(u"no entries"_s), qPrintable(empty->text()));

        // With books, the plot.
        v.setBooks(books(), rules(), kAsOf, kAsOf + 60'000);
        QVERIFY(v.balancePlot()->isVisible());
        QVERIFY(v.balancePlot()->fromMs() > 0);
    }

    void screenshotsLightAndDark_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void screenshotsLightAndDark()
    {
        QFETCH(bool, dark);
        TokensView v;
        if (dark)
            v.setPalette(darkPalette());
        v.setBooks(books(), rules(), kAsOf, kAsOf + 12 * 60'000);
        v.resize(1024, 700);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        // Every part keeps a usable size at 1024×700.
        QVERIFY(v.ledgerView()->height() >= 100);
        QVERIFY(v.spentTable()->height() >= 100);
        QVERIFY(v.asOfLabel()->height() >= v.asOfLabel()->fontMetrics().height());
        const QString name = dark ? u"tokens-dark.png"_s : u"tokens-light.png"_s;
        QVERIFY(v.grab().save(shotPath(name)));
        // Resizing down and up again keeps it whole.
        v.resize(800, 560);
        QTest::qWait(20);
        QVERIFY(v.ledgerView()->height() > 0);
    }

    void tokenBookBuildsOffTheGuiThread()
    {
        TokenBook book;
        book.setRebuildInterval(50);
        book.setRules(rules());
        QSignalSpy changed(&book, &TokenBook::booksChanged);
        QList<Snapshot> r = readings();
        std::stable_sort(r.begin(), r.end(), [](const Snapshot& a, const Snapshot& b) {
            return a.timestampMs < b.timestampMs;
        });
        // From another thread, as a source's produced() would.
        QThread* feeder = QThread::create([&book, r] {
            book.ingestBatch(r.mid(0, r.size() / 2));
            book.ingestBatch(r.mid(r.size() / 2));
        });
        feeder->start();
        QVERIFY(feeder->wait(10'000));
        delete feeder;
        QTRY_VERIFY_WITH_TIMEOUT(!book.building() && book.asOfMs() == utcMs(2026, 11, 6, 1),
                                 10'000);
        QTRY_VERIFY(!book.building());
        // The newest reading is at 01:14: the books run to 01:00, the open
        // hour (2 × A6000 for 15 min = 2 tokens) is not charged yet.
        QCOMPARE(book.books().balances.value(u"alice"_s), 48.0);
        QCOMPARE(book.books().balances.value(u"bob"_s), -27.0);
        QCOMPARE(book.books().cutOff, QStringList{u"bob"_s});
        QVERIFY(!changed.isEmpty());
        qInfo("tokens_book_build_ms=%.2f (%lld readings)", book.lastBuildMs(), qint64(r.size()));
        // Rules changed: rebuilt at once.
        PolicyConfig::Tokens cheaper = rules();
        cheaper.prices[3].perGpuHour = 1;
        const int before = int(changed.size());
        book.setRules(cheaper);
        QTRY_VERIFY(changed.size() > before);
        QCOMPARE(book.books().balances.value(u"bob"_s), 110.0);
    }

    // Before the desktop started: the history file, read on the worker
    // thread into a meter of its own; live readings after it. The books are
    // those of all the readings, as if seen live.
    void historyBeforeTheStartThenLive()
    {
        QList<Snapshot> r = readings();
        std::stable_sort(r.begin(), r.end(), [](const Snapshot& a, const Snapshot& b) {
            return a.timestampMs < b.timestampMs;
        });
        const qint64 start = utcMs(2026, 11, 4, 12); // mid-way through the 3090's hours
        QList<Snapshot> past, live;
        for (const Snapshot& s : std::as_const(r))
            (s.timestampMs < start ? past : live) << s;
        QVERIFY(!past.isEmpty() && !live.isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath(u"history.sqlite"_s);
        {
            QString error;
            auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->append(past, &error), qPrintable(error));
        }
        TokenBook book;
        book.setRebuildInterval(50);
        book.setRules(rules());
        QSignalSpy loaded(&book, &TokenBook::historyLoaded);
        book.loadHistory(path, 0, start);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10'000);
        QCOMPARE(loaded.at(0).at(1).toString(), QString());
        QCOMPARE(loaded.at(0).at(0).toULongLong(), quint64(past.size()));
        book.ingestBatch(live);
        QTRY_VERIFY_WITH_TIMEOUT(!book.building() && book.asOfMs() == utcMs(2026, 11, 6, 1),
                                 10'000);
        book.rebuildNow();
        QTRY_VERIFY(!book.building());
        QCOMPARE(book.books().balances.value(u"alice"_s), 48.0);
        QCOMPARE(book.books().balances.value(u"bob"_s), -27.0);
        // A file that is no history: said, no books from it.
        QSignalSpy bad(&book, &TokenBook::historyLoaded);
        book.loadHistory(dir.filePath(u"missing/none.sqlite"_s), 0, start);
        QTRY_COMPARE_WITH_TIMEOUT(bad.size(), 1, 10'000);
        QVERIFY(!bad.at(0).at(1).toString().isEmpty());
    }

    // The demo's week (sparse minutes, then a dense hour) under the demo
    // policy's [tokens]: books with every user, built in well under the
    // 10 s between rebuilds.
    void demoWeekUnderTheDemoPolicy()
    {
        const PolicyParseResult parsed =
            parsePolicy(demoPolicyText(), QLatin1String(kDemoPolicyName));
        QVERIFY(parsed.config && parsed.config->tokens.enabled);
        const qint64 now = utcMs(2026, 11, 24, 9, 30);
        const QList<Snapshot> week = DemoProducer().backfill(now - 7 * 24 * 3'600'000LL, now);
        TokenBook book;
        book.setRules(parsed.config->tokens);
        QElapsedTimer clock;
        clock.start();
        book.ingestBatch(week);
        const double feedMs = double(clock.nsecsElapsed()) / 1e6;
        QTRY_VERIFY_WITH_TIMEOUT(book.asOfMs() == utcMs(2026, 11, 24, 9), 20'000);
        QTRY_VERIFY(!book.building());
        book.rebuildNow();
        QTRY_VERIFY(!book.building());
        qInfo("demo week: %lld readings fed in %.0f ms; books of %lld entries built in %.1f ms",
              qint64(week.size()), feedMs, qint64(book.books().entries.size()), book.lastBuildMs());
        QVERIFY(book.books().balances.size() >= 5);
        // The sparse minutes stand for their minute: no gaps in the demo.
        QVERIFY2(book.books().gaps.isEmpty(),
                 qPrintable(QString::number(book.books().gaps.size())));
        QVERIFY(book.lastBuildMs() < 2000);
    }

    void adjustDialogWantsAReasonAndAnAmount()
    {
        AdjustBalanceDialog d({u"alice"_s, u"bob"_s});
        QPushButton* ok = d.buttons()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled());
        QVERIFY(d.note()->text().contains(u"No agent keeps these books"_s));
        d.userBox()->setCurrentText(u"bob"_s);
        d.amountBox()->setValue(25);
        QVERIFY(!ok->isEnabled()); // no reason
        d.reasonEdit()->setText(u"   "_s);
        QVERIFY(!ok->isEnabled()); // blanks are no reason
        d.reasonEdit()->setText(u"deadline extension"_s);
        QVERIFY(ok->isEnabled());
        d.amountBox()->setValue(0);
        QVERIFY(!ok->isEnabled()); // nothing to adjust
        d.amountBox()->setValue(-12.5);
        QVERIFY(ok->isEnabled());
        QSignalSpy spy(&d, &AdjustBalanceDialog::adjustmentRequested);
        d.accept(); // refused while disabled is covered above; now it goes
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("bob"));
        QCOMPARE(spy.at(0).at(1).toDouble(), -12.5);
        QCOMPARE(spy.at(0).at(2).toString(), QStringLiteral("deadline extension"));
        QCOMPARE(d.result(), int(QDialog::Accepted));
        // Disabled: accept() emits nothing.
        AdjustBalanceDialog e({u"alice"_s});
        QSignalSpy none(&e, &AdjustBalanceDialog::adjustmentRequested);
        e.amountBox()->setValue(5);
        e.accept();
        QCOMPARE(none.size(), 0);
        // From the view: the signal passes through.
        TokensView v;
        v.setBooks(books(), rules(), kAsOf, kAsOf);
        QSignalSpy fromView(&v, &TokensView::adjustmentRequested);
        v.openAdjustDialog();
        auto* dialog = v.findChild<AdjustBalanceDialog*>();
        QVERIFY(dialog);
        dialog->userBox()->setCurrentText(u"alice"_s);
        dialog->amountBox()->setValue(10);
        dialog->reasonEdit()->setText(u"paper deadline"_s);
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(fromView.size(), 1);
        QCOMPARE(fromView.at(0).at(1).toDouble(), 10.0);
    }

    void priceEditorReplaysTheBooksShown()
    {
        // The editor replays the books on the page from their own ledger
        // (an agent's books come as a ledger): alice's 46 before, 40 with
        // the RTX A6000 at 5 instead of 4 (2 GPUs × 3 h × 1 more); adopted,
        // the prices leave the view for the policy.
        TokensView v;
        v.setBooks(books(), rules(), kAsOf, kAsOf);
        QVERIFY(v.pricesButton()->isEnabled());
        PriceEditorDialog* dialog = v.openPriceEditor();
        QVERIFY(dialog);
        QTableWidget* prices = dialog->priceTable();
        int a6000 = -1;
        for (int row = 0; row < prices->rowCount(); ++row)
            if (prices->item(row, 0)->text() == u"RTX A6000"_s)
                a6000 = row;
        QVERIFY(a6000 >= 0);
        prices->item(a6000, 1)->setText(u"5"_s);
        const auto aliceDiff = [dialog]() -> std::optional<BookDiff> {
            for (const BookDiff& d : dialog->lastReplay().diffs)
                if (d.user == u"alice"_s)
                    return d;
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(aliceDiff() && aliceDiff()->after != aliceDiff()->before, 10'000);
        QCOMPARE(aliceDiff()->before, 46.0);
        QCOMPARE(aliceDiff()->after, 40.0);
        QSignalSpy adopted(&v, &TokensView::pricesAdopted);
        QVERIFY(dialog->adoptButton()->isEnabled());
        dialog->adoptButton()->click();
        QCOMPARE(adopted.size(), 1);
        const auto adoptedRules = adopted.at(0).at(0).value<PolicyConfig::Tokens>();
        QCOMPARE(priceFor(adoptedRules, u"NVIDIA RTX A6000"_s), 5.0);
    }
};

QTEST_MAIN(TstTokensView)
#include "tst_tokensview.moc"
