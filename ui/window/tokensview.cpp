#include "window/tokensview.h"

#include "common/datetimetext.h"
#include "window/priceeditor.h"

#include "charts/balanceplot.h"
#include "charts/describedchartview.h"
#include "common/palette.h"
#include "models/ledgermodel.h"
#include "window/adjustbalancedialog.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTimeZone>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>

namespace gw {

namespace {

QTimeZone zoneOf(const PolicyConfig::Tokens& rules)
{
    const QTimeZone z(rules.timeZone.toUtf8());
    return rules.timeZone.isEmpty() || !z.isValid() ? QTimeZone::systemTimeZone() : z;
}

// "NVIDIA GeForce RTX 3090" → "RTX 3090": the vendor says nothing on a bar.
QString shortModel(QString model)
{
    for (const char* noise : {"NVIDIA ", "GeForce ", "Tesla "})
        model.remove(QLatin1String(noise));
    return model.trimmed();
}

QString tokens(double v)
{
    return LedgerModel::balanceText(v);
}

// "40 s", "12 min", "3 h", "2 d": how old something is.
QString ageText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms / 1000);
    if (s < 90)
        return TokensView::tr("%n s", nullptr, int(s));
    if (s < 2 * 3600)
        return TokensView::tr("%n min", nullptr, int(s / 60));
    if (s < 2 * 86400)
        return TokensView::tr("%n h", nullptr, int(s / 3600));
    return TokensView::tr("%n d", nullptr, int(s / 86400));
}

// "just now", "40 s ago".
QString agoText(qint64 ms)
{
    return ms < 5000 ? TokensView::tr("just now") : TokensView::tr("%1 ago").arg(ageText(ms));
}

void styleChart(QChart* chart, const QPalette& palette)
{
    chart->setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
}

void styleAxis(QAbstractAxis* axis, const QPalette& palette)
{
    axis->setLabelsBrush(palette.color(QPalette::Text));
    axis->setTitleBrush(palette.color(QPalette::Text));
    axis->setGridLineColor(palette.color(QPalette::Mid));
    axis->setLinePenColor(palette.color(QPalette::Mid));
}

} // namespace

TokensView::TokensView(QWidget* parent)
    : QWidget(parent)
    , m_asOf(new QLabel)
    , m_notes(new QLabel)
    , m_servers(new QLabel)
    , m_actions(new QHBoxLayout)
    , m_balancePlot(new BalancePlot)
    , m_balanceStack(new QStackedWidget)
    , m_balanceEmpty(new QLabel)
    , m_barsStack(new QStackedWidget)
    , m_barsEmpty(new QLabel)
    , m_chartTabs(new QTabWidget)
    , m_adjust(new QPushButton(tr("&Adjust balance…")))
    , m_pricesButton(new QPushButton(tr("Edit &prices…")))
    , m_balanceChart(new QChart)
    , m_balanceView(new DescribedChartView(m_balanceChart))
    , m_hoursChart(new QChart)
    , m_hoursView(new DescribedChartView(m_hoursChart))
    , m_spentTable(new QTableWidget)
    , m_ledger(new LedgerModel(this))
    , m_filter(new LedgerFilter(this))
    , m_userFilter(new QComboBox)
    , m_kindFilter(new QComboBox)
    , m_textFilter(new QLineEdit)
    , m_ledgerView(new QTableView)
{
    m_asOf->setWordWrap(true);
    m_asOf->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->hide();
    m_servers->setWordWrap(true);
    m_servers->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_servers->hide();
    m_adjust->setToolTip(tr("Add or take tokens from a user, with a reason."));
    connect(m_adjust, &QPushButton::clicked, this, &TokensView::openAdjustDialog);
    m_pricesButton->setToolTip(
        tr("Change the prices per GPU model and see what each user's balance would be."));
    connect(m_pricesButton, &QPushButton::clicked, this, &TokensView::openPriceEditor);

    m_balanceView->setRenderHint(QPainter::Antialiasing);
    m_hoursView->setRenderHint(QPainter::Antialiasing);
    // Small minimums: the window's smallest size is its largest page's.
    m_balanceView->setMinimumSize(200, 160);
    m_hoursView->setMinimumSize(220, 160);

    m_spentTable->setColumnCount(4);
    m_spentTable->setHorizontalHeaderLabels({tr("User"), tr("Balance"), tr("Spent"), tr("Added")});
    m_spentTable->horizontalHeaderItem(2)->setToolTip(
        tr("Tokens charged for GPU time this month."));
    m_spentTable->horizontalHeaderItem(3)->setToolTip(
        tr("Tokens granted and added (monthly, daily, adjustments) this month."));
    m_spentTable->verticalHeader()->hide();
    m_spentTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_spentTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_spentTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_spentTable->horizontalHeader()->setStretchLastSection(true);
    // A user picked here filters the ledger.
    connect(m_spentTable, &QTableWidget::itemSelectionChanged, this, [this] {
        const QList<QTableWidgetItem*> items = m_spentTable->selectedItems();
        if (!items.isEmpty())
            m_userFilter->setCurrentIndex(
                qMax(0, m_userFilter->findData(
                            m_spentTable->item(items.first()->row(), 0)->data(Qt::UserRole))));
    });

    m_filter->setSourceModel(m_ledger);
    m_ledgerView->setModel(m_filter);
    m_ledgerView->setSortingEnabled(true);
    m_ledgerView->sortByColumn(-1, Qt::AscendingOrder); // ledger order
    m_ledgerView->verticalHeader()->hide();
    m_ledgerView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_ledgerView->setWordWrap(false);
    m_ledgerView->horizontalHeader()->setStretchLastSection(true);
    m_ledgerView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    m_userFilter->addItem(tr("All users"), QString());
    m_userFilter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_userFilter->setMinimumContentsLength(8);
    m_kindFilter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kindFilter->setMinimumContentsLength(8);
    m_textFilter->setMinimumWidth(80);
    connect(m_userFilter, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setUser(m_userFilter->currentData().toString());
        m_balancePlot->setUser(m_userFilter->currentData().toString());
    });
    m_kindFilter->addItem(tr("All kinds"), -1);
    for (const auto k :
         {LedgerEntry::Kind::Grant, LedgerEntry::Kind::Monthly, LedgerEntry::Kind::Daily,
          LedgerEntry::Kind::Usage, LedgerEntry::Kind::Adjustment})
        m_kindFilter->addItem(LedgerModel::kindText(k), int(k));
    connect(m_kindFilter, &QComboBox::currentIndexChanged, this, [this] {
        const int k = m_kindFilter->currentData().toInt();
        m_filter->setKind(k < 0 ? std::nullopt
                                : std::optional<LedgerEntry::Kind>(LedgerEntry::Kind(k)));
    });
    m_textFilter->setPlaceholderText(tr("Filter the ledger"));
    m_textFilter->setAccessibleName(tr("Filter the ledger"));
    m_userFilter->setAccessibleName(tr("Ledger of user"));
    m_kindFilter->setAccessibleName(tr("Ledger entries of kind"));
    m_ledgerView->setAccessibleName(tr("Ledger"));
    m_spentTable->setAccessibleName(tr("Balances this month"));
    m_balancePlot->setAccessibleName(tr("Balance over time"));
    m_balanceView->setAccessibleName(tr("Balance per user"));
    m_hoursView->setAccessibleName(tr("GPU-hours by GPU model"));
    for (QAbstractItemView* v : {static_cast<QAbstractItemView*>(m_ledgerView),
                                 static_cast<QAbstractItemView*>(m_spentTable)})
        v->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_textFilter->setClearButtonEnabled(true);
    connect(m_textFilter, &QLineEdit::textChanged, m_filter, &LedgerFilter::setText);

    // Top: the "as of" line and the actions (room for more: the price
    // editor, enforcement); the servers the keeper reads; the notes (gaps,
    // warnings).
    auto* head = new QHBoxLayout;
    head->addWidget(m_asOf, 1);
    m_actions->addWidget(m_pricesButton);
    m_actions->addWidget(m_adjust);
    head->addLayout(m_actions);
    head->setAlignment(m_actions, Qt::AlignTop);

    // Over time and by model share the right: each needs the width.
    m_chartTabs->setDocumentMode(true);
    m_balanceEmpty->setAlignment(Qt::AlignCenter);
    m_balanceEmpty->setWordWrap(true);
    m_balanceEmpty->setMargin(12);
    m_balanceEmpty->setAccessibleName(tr("Balance over time"));
    m_balanceStack->addWidget(m_balancePlot);
    m_balanceStack->addWidget(m_balanceEmpty);
    m_chartTabs->addTab(m_balanceStack, tr("Balance over time"));
    m_barsEmpty->setAlignment(Qt::AlignCenter);
    m_barsEmpty->setWordWrap(true);
    m_barsEmpty->setMargin(12);
    m_barsEmpty->setAccessibleName(tr("Balance per user"));
    m_barsStack->addWidget(m_balanceView);
    m_barsStack->addWidget(m_barsEmpty);
    m_chartTabs->addTab(m_hoursView, tr("GPU-hours by model"));
    auto* charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(m_barsStack);
    charts->addWidget(m_chartTabs);
    charts->setChildrenCollapsible(false);
    charts->setSizes({420, 580});

    auto* ledgerPane = new QWidget;
    auto* filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Ledger:")));
    filters->addWidget(m_userFilter);
    filters->addWidget(m_kindFilter);
    filters->addWidget(m_textFilter, 1);
    auto* ledgerLayout = new QVBoxLayout(ledgerPane);
    ledgerLayout->setContentsMargins(0, 0, 0, 0);
    ledgerLayout->addLayout(filters);
    ledgerLayout->addWidget(m_ledgerView, 1);

    auto* tables = new QSplitter(Qt::Horizontal);
    tables->addWidget(m_spentTable);
    tables->addWidget(ledgerPane);
    tables->setChildrenCollapsible(false);
    m_spentTable->setMinimumWidth(150);
    tables->setSizes({300, 700});

    auto* body = new QSplitter(Qt::Vertical);
    body->addWidget(charts);
    body->addWidget(tables);
    body->setChildrenCollapsible(false);
    body->setSizes({340, 300}); // the charts need the height for their labels

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(head);
    layout->addWidget(m_servers);
    layout->addWidget(m_notes);
    layout->addWidget(body, 1);

    m_clock = [] {
        return QDateTime::currentMSecsSinceEpoch();
    };
    auto* ages = new QTimer(this);
    ages->setInterval(10'000);
    connect(ages, &QTimer::timeout, this, [this] {
        if (isVisible())
            refreshAges();
    });
    ages->start();

    setBooks({}, {}, 0, 0);
}

void TokensView::refreshAges()
{
    m_nowMs = m_clock();
    refreshHeadline();
}

void TokensView::setBooks(const Books& books, const PolicyConfig::Tokens& rules, qint64 asOfMs,
                          qint64 nowMs)
{
    // The same books again (a poll that found nothing new): only their age
    // moves; the ledger keeps its scroll position and selection.
    if (books == m_books && rules == m_rules && asOfMs == m_asOfMs && asOfMs > 0) {
        m_nowMs = nowMs;
        refreshHeadline();
        return;
    }
    m_books = books;
    m_rules = rules;
    m_asOfMs = asOfMs;
    const QTimeZone zone = zoneOf(rules);
    m_ledger->setTimeZone(zone);
    m_ledger->setBooks(books);

    // This month, in the rules' zone: the month the books end in.
    m_spent.clear();
    m_added.clear();
    m_hours.clear();
    QSet<QString> users;
    for (auto it = books.balances.cbegin(); it != books.balances.cend(); ++it)
        users << it.key();
    qint64 monthStart = 0;
    if (asOfMs > 0) {
        // The hour that ends at asOf belongs to the month it started in.
        const QDate d = QDateTime::fromMSecsSinceEpoch(asOfMs - 1, zone).date();
        monthStart =
            QDateTime(QDate(d.year(), d.month(), 1), QTime(0, 0), zone).toMSecsSinceEpoch();
    }
    for (const LedgerEntry& e : books.entries) {
        users << e.user;
        if (e.kind == LedgerEntry::Kind::Usage) {
            if (e.hourStartMs < monthStart)
                continue;
            m_spent[e.user] += -e.amount;
            m_hours[e.user][e.gpuModel] += e.gpuHours;
        } else if (e.atMs >= monthStart && e.amount > 0) {
            m_added[e.user] += e.amount;
        }
    }
    m_users = QStringList(users.cbegin(), users.cend());
    m_users.sort();

    m_nowMs = nowMs;
    refreshHeadline();
    QStringList notes;
    for (const CoverageGap& g : books.gaps) {
        const QDateTime from = QDateTime::fromMSecsSinceEpoch(g.fromMs, zone);
        const QDateTime to = QDateTime::fromMSecsSinceEpoch(g.toMs, zone);
        notes << tr("No readings from %1 %2–%3: not charged.")
                     .arg(g.server, dateTimeText(from),
                          from.date() == to.date() ? clockText(to) : dateTimeText(to));
    }
    for (const QString& w : books.warnings)
        notes << tr("Warning: %1").arg(w);
    constexpr int kShown = 3; // the rest in the tooltip
    QString noteText = QStringList(notes.mid(0, kShown)).join(QLatin1Char('\n'));
    if (notes.size() > kShown)
        noteText += QLatin1Char('\n') + tr("…and %n more", nullptr, int(notes.size() - kShown));
    m_notes->setText(noteText);
    m_notes->setToolTip(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());

    refreshUserFilter();
    fillSpentTable();
    rebuildCharts();
    m_balancePlot->setTimeZone(zone);
    m_balancePlot->setLedger(books.entries, rules.overdraftFloor, asOfMs);
    // Nothing to draw: say why in the charts' place (no axis from 1970, no
    // floor of books that are not kept).
    if (!rules.enabled) {
        m_balanceEmpty->setText(tr("No balances to draw: the policy in force has no [tokens] "
                                   "section, so no token books are kept."));
        m_barsEmpty->setText(tr("No balances: no [tokens] section, no token books."));
    } else if (books.entries.isEmpty()) {
        m_balanceEmpty->setText(tr("No balances to draw yet: the books have no entries (they "
                                   "are built from the readings of the first whole hour)."));
    }
    const bool nothing = !rules.enabled || books.entries.isEmpty();
    m_balanceStack->setCurrentIndex(nothing ? 1 : 0);
    m_barsStack->setCurrentIndex(rules.enabled ? 0 : 1);
    m_ledgerView->resizeColumnsToContents();
    // The detail takes what is left; the others their contents, capped.
    for (int c = 0; c < LedgerModel::Detail; ++c)
        m_ledgerView->setColumnWidth(c, qMin(m_ledgerView->columnWidth(c), 160));
    m_adjust->setEnabled(rules.enabled);
    m_pricesButton->setEnabled(rules.enabled);
}

void TokensView::setBooksSource(const BooksSource& source, qint64 nowMs)
{
    m_source = source;
    m_nowMs = nowMs;
    refreshHeadline();
}

void TokensView::setAdjustSubmit(AdjustSubmit submit, const QString& keeper)
{
    m_submit = std::move(submit);
    m_keeper = keeper;
    m_agentKeepsBooks = bool(m_submit);
}

void TokensView::refreshHeadline()
{
    const QTimeZone zone = zoneOf(m_rules);
    const qint64 nowMs = m_nowMs;
    const bool agent = m_source.kind == BooksSource::Kind::Keeper;
    auto clock = [&](qint64 ms) {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(ms, zone);
        return at.date() == QDateTime::fromMSecsSinceEpoch(nowMs, zone).date() ? clockText(at)
                                                                               : dateTimeText(at);
    };
    const QString error = stateColor(DisplayState::Error, palette()).name();
    QString line;
    if (!m_rules.enabled) {
        line = tr("The policy in force has no [tokens] section: no token books are kept. "
                  "Add one (Policy…) to price GPU time per model.");
    } else if (m_asOfMs <= 0) {
        line = tr("No books yet: they are built from the readings of the first whole hour.");
    } else if (agent) {
        const QString floor =
            tr("Floor %1: users at or below it are cut off.").arg(tokens(m_rules.overdraftFloor));
        // The server as this desktop names it, and as it names itself where
        // that differs (its `keeper`, which the relays and servers quote).
        const QString keeper =
            m_source.keeperCalled.isEmpty() || m_source.keeperCalled == m_source.keeper
                ? m_source.keeper
                : tr("%1 (%2)").arg(m_source.keeper, m_source.keeperCalled);
        line = tr("<b>Books kept by %1, as of %2</b>; the open hour is not charged yet. %3")
                   .arg(keeper.toHtmlEscaped(), clock(m_asOfMs), floor);
        if (m_source.error.isEmpty()) {
            line += QLatin1Char(' ') + tr("Read %1.").arg(agoText(nowMs - m_source.readMs));
        } else {
            // Stale: the books shown are the last ones read, and say so.
            line += QStringLiteral("<br><span style=\"color:%1\">%2</span>")
                        .arg(error, tr("%1 is not answering (since %2): %3. These are its books "
                                       "as read at %4, %5.")
                                        .arg(m_source.keeper.toHtmlEscaped(),
                                             clock(m_source.failingSinceMs),
                                             m_source.error.toHtmlEscaped(), clock(m_source.readMs),
                                             agoText(nowMs - m_source.readMs)));
        }
    } else {
        const qint64 minutes = qMax<qint64>(0, (nowMs - m_asOfMs) / 60'000);
        const QString age = minutes < 1     ? tr("just now")
                            : minutes < 120 ? tr("%n min ago", nullptr, int(minutes))
                                            : tr("%n h ago", nullptr, int(minutes / 60));
        line = tr("<b>Books as of %1</b>, %2; the open hour is not charged yet. "
                  "Floor %3: users at or below it are cut off.")
                   .arg(clock(m_asOfMs), age, tokens(m_rules.overdraftFloor));
    }
    if (!agent && !m_source.note.isEmpty())
        line += QStringLiteral("<br>") + m_source.note.toHtmlEscaped();
    m_asOf->setText(line);

    // The servers whose usage the keeper reads: the unreachable ones named,
    // with how long they have been silent.
    QStringList servers;
    if (agent) {
        for (const KeeperServer& k : m_source.servers) {
            const QString name = k.server.toHtmlEscaped();
            // The keeper's clock: its now against its last contact, plus the
            // time since this desktop read it.
            const std::optional<qint64> age =
                k.lastContactMs ? std::optional<qint64>(m_source.keeperNowMs - *k.lastContactMs +
                                                        (nowMs - m_source.readMs))
                                : std::nullopt;
            if (k.url.isEmpty())
                servers << tr("%1 (the keeper)").arg(name);
            else if (k.reachable && !k.error.isEmpty())
                // It answers, but not with its usage (a refused token, a
                // fact refused): its use is not in the books.
                servers << QStringLiteral("<span style=\"color:%1\">%2</span>")
                               .arg(error, tr("%1 answered %2 but is not read: %3")
                                               .arg(name, age ? agoText(*age) : tr("once"),
                                                    k.error.toHtmlEscaped()));
            else if (k.reachable)
                servers << (age ? tr("%1 read %2").arg(name, agoText(*age)) : name);
            else
                servers
                    << QStringLiteral("<span style=\"color:%1\">%2</span>")
                           .arg(error,
                                (age ? tr("%1 unreachable, last read %2").arg(name, agoText(*age))
                                     : tr("%1 unreachable, never read").arg(name)) +
                                    (k.error.isEmpty()
                                         ? QString()
                                         : QStringLiteral(" (") + k.error.toHtmlEscaped() +
                                               QLatin1Char(')')));
        }
    }
    m_servers->setText(
        servers.isEmpty() ? QString() : tr("Servers: %1").arg(servers.join(QStringLiteral(" · "))));
    m_servers->setVisible(!servers.isEmpty());
}

QMap<QString, double> TokensView::gpuHoursByModel() const
{
    QMap<QString, double> out;
    for (const auto& perUser : m_hours)
        for (auto it = perUser.cbegin(); it != perUser.cend(); ++it)
            out[it.key()] += it.value();
    return out;
}

void TokensView::refreshUserFilter()
{
    const QString current = m_userFilter->currentData().toString();
    const QSignalBlocker block(m_userFilter);
    while (m_userFilter->count() > 1)
        m_userFilter->removeItem(1);
    for (const QString& u : std::as_const(m_users))
        m_userFilter->addItem(u, u);
    m_userFilter->setCurrentIndex(qMax(0, m_userFilter->findData(current)));
    m_filter->setUser(m_userFilter->currentData().toString());
}

void TokensView::fillSpentTable()
{
    m_spentTable->setRowCount(int(m_users.size()));
    const QColor cut = stateColor(DisplayState::Error, palette());
    for (int row = 0; row < m_users.size(); ++row) {
        const QString& u = m_users.at(row);
        const double balance = m_books.balances.value(u);
        const bool cutOff = m_books.cutOff.contains(u);
        auto* name = new QTableWidgetItem(cutOff ? tr("%1 (cut off)").arg(u) : u);
        name->setData(Qt::UserRole, u);
        auto* bal = new QTableWidgetItem(tokens(balance));
        auto* spent = new QTableWidgetItem(tokens(m_spent.value(u)));
        auto* added = new QTableWidgetItem(tokens(m_added.value(u)));
        for (QTableWidgetItem* i : {bal, spent, added})
            i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (cutOff) {
            name->setForeground(cut);
            bal->setForeground(cut);
            name->setToolTip(tr("At or below the overdraft floor (%1): cut off.")
                                 .arg(tokens(m_rules.overdraftFloor)));
        }
        m_spentTable->setItem(row, 0, name);
        m_spentTable->setItem(row, 1, bal);
        m_spentTable->setItem(row, 2, spent);
        m_spentTable->setItem(row, 3, added);
    }
}

void TokensView::rebuildCharts()
{
    const QPalette pal = palette();
    // Balances: one bar per user, the cut-off ones in the error colour (a
    // second set stacked on zero, so the bars stay where they are).
    m_balanceChart->removeAllSeries();
    // removeAxis() gives the axis back to us (removeAllSeries() deletes).
    for (QAbstractAxis* a : m_balanceChart->axes()) {
        m_balanceChart->removeAxis(a);
        delete a;
    }
    styleChart(m_balanceChart, pal);
    m_balanceChart->setTitle(tr("Balance per user (tokens)"));
    auto* bars = new QStackedBarSeries;
    m_balanceSet = new QBarSet(tr("balance"));
    m_cutOffSet = new QBarSet(tr("at or below the floor"));
    m_balanceSet->setColor(seriesColor(0, pal));
    m_balanceSet->setBorderColor(seriesColor(0, pal));
    m_cutOffSet->setColor(stateColor(DisplayState::Error, pal));
    m_cutOffSet->setBorderColor(stateColor(DisplayState::Error, pal));
    QStringList categories;
    double lo = qMin(0.0, m_rules.overdraftFloor), hi = 0;
    // Each bar in words too, for a screen reader.
    QList<DescribedChartView::Item> balanceItems;
    for (const QString& u : std::as_const(m_users)) {
        const double b = m_books.balances.value(u);
        const bool cutOff = m_books.cutOff.contains(u);
        m_balanceSet->append(cutOff ? 0 : b);
        m_cutOffSet->append(cutOff ? b : 0);
        // The user's name only (elided first on a narrow chart); the cut-off
        // set's colour and legend, and the table's "(cut off)", mark them.
        categories << u;
        lo = qMin(lo, b);
        hi = qMax(hi, b);
        balanceItems.append({u, cutOff
                                    ? tr("%1 tokens, at or below the floor: cut off").arg(tokens(b))
                                    : tr("%1 tokens").arg(tokens(b))});
    }
    bars->append(m_balanceSet);
    bars->append(m_cutOffSet);
    bars->setBarWidth(0.6);
    m_balanceChart->addSeries(bars);
    auto* x = new QBarCategoryAxis;
    x->append(categories.isEmpty() ? QStringList{QString()} : categories);
    auto* y = new QValueAxis;
    const double span = qMax(1.0, hi - lo);
    y->setRange(lo - span * 0.08, hi + span * 0.08);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    m_balanceChart->addAxis(x, Qt::AlignBottom);
    m_balanceChart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(x);
    bars->attachAxis(y);
    styleAxis(x, pal);
    styleAxis(y, pal);
    // The zero line and the floor, across every bar.
    const double left = -0.5, right = qMax<qsizetype>(1, categories.size()) - 0.5;
    m_zeroLine = new QLineSeries;
    m_zeroLine->setName(tr("zero"));
    m_zeroLine->append(left, 0);
    m_zeroLine->append(right, 0);
    m_zeroLine->setPen(QPen(pal.color(QPalette::Text), 1.5));
    m_floorLine = new QLineSeries;
    m_floorLine->setName(tr("floor %1").arg(tokens(m_rules.overdraftFloor)));
    m_floorLine->append(left, m_rules.overdraftFloor);
    m_floorLine->append(right, m_rules.overdraftFloor);
    m_floorLine->setPen(QPen(stateColor(DisplayState::Error, pal), 2, Qt::DashLine));
    for (QLineSeries* line : {m_zeroLine, m_floorLine}) {
        m_balanceChart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    // The zero line needs no legend entry; the empty cut-off set only when used.
    for (QLegendMarker* m : m_balanceChart->legend()->markers(m_zeroLine))
        m->setVisible(false);
    if (m_books.cutOff.isEmpty())
        for (QLegendMarker* m : m_balanceChart->legend()->markers(bars))
            if (m->label() == m_cutOffSet->label())
                m->setVisible(false);
    m_balanceChart->legend()->setAlignment(Qt::AlignBottom);
    m_balanceView->setItems(
        balanceItems,
        tr("Balance per user in tokens; the floor is %1").arg(tokens(m_rules.overdraftFloor)));

    // GPU-hours by model this month, stacked per user.
    m_hoursChart->removeAllSeries();
    // removeAxis() gives the axis back to us (removeAllSeries() deletes).
    for (QAbstractAxis* a : m_hoursChart->axes()) {
        m_hoursChart->removeAxis(a);
        delete a;
    }
    styleChart(m_hoursChart, pal);
    m_hoursChart->setTitle(tr("GPU-hours by GPU model this month"));
    const QMap<QString, double> byModel = gpuHoursByModel();
    const QStringList models = byModel.keys();
    auto* stacked = new QHorizontalStackedBarSeries;
    int colour = 0;
    double most = 0;
    for (const QString& u : std::as_const(m_users)) {
        const QMap<QString, double> mine = m_hours.value(u);
        if (mine.isEmpty())
            continue;
        auto* set = new QBarSet(u);
        set->setColor(seriesColor(colour, pal));
        set->setBorderColor(seriesColor(colour, pal));
        ++colour;
        for (const QString& m : models)
            set->append(mine.value(m));
        stacked->append(set);
    }
    for (double h : byModel)
        most = qMax(most, h);
    stacked->setBarWidth(0.6);
    m_hoursChart->addSeries(stacked);
    auto* modelAxis = new QBarCategoryAxis;
    // Each model's bar: its axis label, and in words for a screen reader.
    QStringList modelNames;
    QList<DescribedChartView::Item> hourItems;
    for (const QString& m : models) {
        const QString hours = QLocale().toString(byModel.value(m), 'g', 4);
        modelNames << tr("%1 (%2 h)").arg(shortModel(m), hours);
        QStringList whose;
        for (const QString& u : std::as_const(m_users)) {
            const double h = m_hours.value(u).value(m);
            if (h > 0)
                whose << tr("%1 %2 h").arg(u, QLocale().toString(h, 'g', 4));
        }
        hourItems.append(
            {shortModel(m), tr("%1 GPU-hours: %2").arg(hours, whose.join(QStringLiteral(", ")))});
    }
    modelAxis->append(modelNames.isEmpty() ? QStringList{tr("no use yet")} : modelNames);
    auto* hoursAxis = new QValueAxis;
    hoursAxis->setRange(0, qMax(1.0, most * 1.05));
    hoursAxis->applyNiceNumbers();
    hoursAxis->setLabelFormat(QStringLiteral("%.0f"));
    hoursAxis->setTitleText(tr("GPU-hours"));
    m_hoursChart->addAxis(modelAxis, Qt::AlignLeft);
    m_hoursChart->addAxis(hoursAxis, Qt::AlignBottom);
    stacked->attachAxis(modelAxis);
    stacked->attachAxis(hoursAxis);
    styleAxis(modelAxis, pal);
    styleAxis(hoursAxis, pal);
    m_hoursChart->legend()->setAlignment(Qt::AlignBottom);
    m_hoursChart->legend()->setVisible(colour > 0);
    m_hoursView->setItems(hourItems, models.isEmpty()
                                         ? tr("GPU-hours by GPU model this month: no use yet")
                                         : tr("GPU-hours by GPU model this month"));
}

void TokensView::openAdjustDialog()
{
    auto* dialog = new AdjustBalanceDialog(m_users, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAgentKeepsBooks(m_agentKeepsBooks);
    if (m_submit)
        dialog->setSubmit(m_submit, m_keeper);
    const QString picked = m_userFilter->currentData().toString();
    if (!picked.isEmpty())
        dialog->setUser(picked);
    connect(dialog, &AdjustBalanceDialog::adjustmentRequested, this,
            &TokensView::adjustmentRequested);
    dialog->open();
}

PriceEditorDialog* TokensView::openPriceEditor()
{
    if (!m_rules.enabled)
        return nullptr;
    const BooksRecord record = recordOfBooks(m_books);
    auto* dialog =
        new PriceEditorDialog(m_rules, record.facts, record.gaps, record.modelsSeen,
                              record.fromMs > 0 ? record.fromMs : m_asOfMs, m_asOfMs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setBalancesNow(m_books.balances);
    dialog->setAdjustments(record.adjustments);
    connect(dialog, &PriceEditorDialog::adoptRequested, this, &TokensView::pricesAdopted);
    dialog->open();
    return dialog;
}

void TokensView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        fillSpentTable();
        rebuildCharts();
        refreshHeadline();
    }
}

} // namespace gw
