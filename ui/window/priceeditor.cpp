#include "window/priceeditor.h"

#include "common/datetimetext.h"
#include "common/palette.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::PriceEditorDialog)
};

// Typed in the C locale (as in policy.toml) or in the user's own.
std::optional<double> number(const QString& text)
{
    const QString t = text.trimmed();
    bool ok = false;
    double v = QLocale::c().toDouble(t, &ok);
    if (!ok)
        v = QLocale().toDouble(t, &ok);
    if (!ok)
        return std::nullopt;
    return v;
}

// A price as policyconfig.cpp's `limited` words it.
std::optional<double> price(const QString& text, const QString& what, QString* why)
{
    if (text.trimmed().isEmpty()) {
        *why = Tr::tr("%1 is empty: write tokens per GPU-hour, 0 or more").arg(what);
        return std::nullopt;
    }
    const auto v = number(text);
    if (!v) {
        *why = Tr::tr("%1 must be a number, not \"%2\"").arg(what, text.trimmed());
        return std::nullopt;
    }
    if (!std::isfinite(*v)) {
        *why = Tr::tr("%1 must be a finite number, not %2").arg(what, text.trimmed());
        return std::nullopt;
    }
    if (*v < 0) {
        *why = Tr::tr("%1 must be 0 or more tokens per GPU-hour, not %2").arg(what).arg(*v);
        return std::nullopt;
    }
    return v;
}

QString tomlString(const QString& s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == u'"' || c == u'\\')
            out += u'\\' + QString(c);
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + u'"';
}

// Shortest text that reads back as the same double.
QString tomlNumber(double v)
{
    return QString::number(v, 'g', 17).size() > QString::number(v, 'g', 15).size() &&
                   QString::number(v, 'g', 15).toDouble() == v
               ? QString::number(v, 'g', 15)
               : QString::number(v, 'g', 17);
}

QString amount(double v)
{
    return QLocale().toString(v, 'f', std::abs(v - std::round(v)) < 1e-9 ? 0 : 2);
}

QString signedAmount(double v)
{
    if (std::abs(v) < 1e-9)
        return QStringLiteral("0");
    return (v > 0 ? QStringLiteral("+") : QStringLiteral("−")) + amount(std::abs(v));
}

enum PriceColumn
{
    PatternColumn,
    PriceColumn,
    MatchesColumn
};

} // namespace

PriceCheck checkPrices(const PolicyConfig::Tokens& base, const QList<PriceText>& rows,
                       const QString& defaultPrice)
{
    PriceCheck out;
    PolicyConfig::Tokens rules = base;
    rules.prices.clear();
    QString why;
    if (const auto v = price(defaultPrice, Tr::tr("\"default_price\""), &why))
        rules.defaultPrice = *v;
    else
        out.errors << why;
    QList<int> rowOf;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const int row = int(i) + 1;
        const QString pattern = rows[i].pattern;
        if (pattern.trimmed().isEmpty()) {
            out.errors << Tr::tr(
                              "row %1: the pattern is empty: write a part of the GPU's name, such "
                              "as \"RTX 3090\"")
                              .arg(row);
            continue;
        }
        const auto same = std::find_if(rules.prices.cbegin(), rules.prices.cend(), [&](auto& x) {
            return x.pattern.compare(pattern, Qt::CaseInsensitive) == 0;
        });
        if (same != rules.prices.cend()) {
            out.errors << Tr::tr(
                              "row %1: price \"%2\" repeats \"%3\" (row %4); patterns are matched "
                              "ignoring case")
                              .arg(row)
                              .arg(pattern, same->pattern)
                              .arg(rowOf[same - rules.prices.cbegin()]);
            continue;
        }
        const auto v =
            price(rows[i].price, Tr::tr("row %1: the price of \"%2\"").arg(row).arg(pattern), &why);
        if (!v) {
            out.errors << why;
            continue;
        }
        // No line: these prices come from no file yet.
        rules.prices << PolicyConfig::Tokens::Price{pattern, *v, 0};
        rowOf << row;
    }
    if (out.errors.isEmpty())
        out.rules = rules;
    return out;
}

std::optional<QString> withTokenPrices(const QString& policyText, const PolicyConfig::Tokens& rules)
{
    // Table headers of TOML: "[name]" at the start of a line (spaces
    // allowed), not "[[array]]".
    static const QRegularExpression header(
        QStringLiteral(R"(^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$)"));
    static const QRegularExpression defaultPrice(QStringLiteral(R"(^\s*default_price\s*=)"));
    const QStringList lines = policyText.split(QLatin1Char('\n'));
    QStringList out;
    QString table; // the table the line is in
    bool sawTokens = false;
    for (const QString& line : lines) {
        if (const auto m = header.match(line); m.hasMatch()) {
            table = m.captured(1);
            if (table == QLatin1String("tokens.prices"))
                continue; // dropped with its lines
            out << line;
            if (table == QLatin1String("tokens")) {
                sawTokens = true;
                out << QStringLiteral("default_price = %1").arg(tomlNumber(rules.defaultPrice));
            }
            continue;
        }
        if (table == QLatin1String("tokens.prices"))
            continue;
        if (table == QLatin1String("tokens") && defaultPrice.match(line).hasMatch())
            continue;
        out << line;
    }
    if (!sawTokens)
        return std::nullopt;
    while (!out.isEmpty() && out.last().trimmed().isEmpty())
        out.removeLast();
    QString prices = QStringLiteral("\n[tokens.prices]\n");
    for (const auto& p : rules.prices)
        prices += QStringLiteral("%1 = %2\n").arg(tomlString(p.pattern), tomlNumber(p.perGpuHour));
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n') + prices;
}

QString pricesToml(const PolicyConfig::Tokens& rules)
{
    QString out = QStringLiteral("default_price = %1\n\n[tokens.prices]\n")
                      .arg(tomlNumber(rules.defaultPrice));
    for (const auto& p : rules.prices)
        out += QStringLiteral("%1 = %2\n").arg(tomlString(p.pattern), tomlNumber(p.perGpuHour));
    return out;
}

PriceReplay replayPrices(const PolicyConfig::Tokens& before, const PolicyConfig::Tokens& after,
                         const QList<UsageFact>& facts, const QList<CoverageGap>& gaps,
                         const QSet<QString>& modelsSeen, qint64 fromMs, qint64 untilMs,
                         const QList<Adjustment>& adjustments)
{
    QElapsedTimer clock;
    clock.start();
    PriceReplay out;
    const Books a = buildBooks(facts, before, fromMs, untilMs, adjustments, modelsSeen, gaps);
    const Books b = buildBooks(facts, after, fromMs, untilMs, adjustments, modelsSeen, gaps);
    out.diffs = compareBooks(a, b);
    std::stable_sort(out.diffs.begin(), out.diffs.end(), [](const BookDiff& x, const BookDiff& y) {
        const double dx = std::abs(x.after - x.before), dy = std::abs(y.after - y.before);
        return dx != dy ? dx > dy : x.user < y.user;
    });
    for (const BookDiff& d : std::as_const(out.diffs)) {
        out.totalBefore += d.before;
        out.totalAfter += d.after;
    }
    out.warnings = b.warnings;
    out.elapsedMs = clock.elapsed();
    return out;
}

PriceEditorDialog::PriceEditorDialog(const PolicyConfig::Tokens& rules, QList<UsageFact> facts,
                                     QList<CoverageGap> gaps, QSet<QString> modelsSeen,
                                     qint64 fromMs, qint64 untilMs, QWidget* parent)
    : QDialog(parent)
    , m_rules(rules)
    , m_facts(std::move(facts))
    , m_gaps(std::move(gaps))
    , m_models(std::move(modelsSeen))
    , m_fromMs(fromMs)
    , m_untilMs(untilMs)
    , m_prices(new QTableWidget(0, 3, this))
    , m_defaultPrice(new QLineEdit(this))
    , m_errors(new QLabel(this))
    , m_unpriced(new QLabel(this))
    , m_diffs(new QTableWidget(0, 4, this))
    , m_totals(new QLabel(this))
    , m_state(new QLabel(this))
    , m_toml(new QPlainTextEdit(this))
    , m_adopt(new QPushButton(Tr::tr("Adopt these prices"), this))
    , m_debounce(new QTimer(this))
{
    setWindowTitle(Tr::tr("Token prices"));
    m_prices->setAccessibleName(Tr::tr("Prices per GPU model"));
    m_prices->setTabKeyNavigation(false);
    m_diffs->setAccessibleName(Tr::tr("Balances under these prices"));
    m_diffs->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it

    auto* intro = new QLabel(
        Tr::tr(
            "Tokens per GPU-hour by GPU model: the longest pattern found in a GPU's name decides "
            "(case ignored); a GPU no pattern matches costs the default price. Every change is "
            "replayed over the same usage (%1 to %2) before it is adopted.")
            .arg(dateTimeText(QDateTime::fromMSecsSinceEpoch(m_fromMs)),
                 dateTimeText(QDateTime::fromMSecsSinceEpoch(m_untilMs))),
        this);
    intro->setWordWrap(true);

    m_prices->setHorizontalHeaderLabels(
        {Tr::tr("Pattern"), Tr::tr("Tokens per GPU-hour"), Tr::tr("GPU models seen it prices")});
    m_prices->horizontalHeader()->setSectionResizeMode(PatternColumn,
                                                       QHeaderView::ResizeToContents);
    m_prices->horizontalHeader()->setSectionResizeMode(PriceColumn, QHeaderView::ResizeToContents);
    m_prices->horizontalHeader()->setStretchLastSection(true);
    m_prices->verticalHeader()->setVisible(false);
    m_prices->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto* add = new QPushButton(Tr::tr("Add"), this);
    auto* remove = new QPushButton(Tr::tr("Remove"), this);
    connect(add, &QPushButton::clicked, this, [this] {
        addPrice(QString(), QStringLiteral("1"));
        m_prices->editItem(m_prices->item(m_prices->rowCount() - 1, PatternColumn));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        QList<int> rows;
        for (const QModelIndex& i : m_prices->selectionModel()->selectedRows())
            rows << i.row();
        std::sort(rows.begin(), rows.end(), std::greater<>());
        for (int r : rows)
            m_prices->removeRow(r);
        edited();
    });
    auto* rowButtons = new QHBoxLayout;
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch();
    auto* defaultForm = new QFormLayout;
    defaultForm->addRow(Tr::tr("Default price (any other GPU):"), m_defaultPrice);
    m_errors->setWordWrap(true);
    recolour();
    m_unpriced->setWordWrap(true);

    auto* pricesBox = new QGroupBox(Tr::tr("Prices"), this);
    auto* pricesLayout = new QVBoxLayout(pricesBox);
    pricesLayout->addWidget(intro);
    pricesLayout->addWidget(m_prices, 1);
    pricesLayout->addLayout(rowButtons);
    pricesLayout->addLayout(defaultForm);
    pricesLayout->addWidget(m_unpriced);
    pricesLayout->addWidget(m_errors);

    m_diffs->setHorizontalHeaderLabels(
        {Tr::tr("User"), Tr::tr("Balance now"), Tr::tr("With these prices"), Tr::tr("Difference")});
    m_diffs->horizontalHeader()->setStretchLastSection(true);
    m_diffs->verticalHeader()->setVisible(false);
    m_diffs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_diffs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_totals->setWordWrap(true);
    m_state->setWordWrap(true);
    auto* replayBox = new QGroupBox(Tr::tr("Replayed"), this);
    auto* replayLayout = new QVBoxLayout(replayBox);
    replayLayout->addWidget(m_state);
    replayLayout->addWidget(m_diffs, 1);
    replayLayout->addWidget(m_totals);

    m_toml->setReadOnly(true);
    m_toml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_toml->setMaximumHeight(m_toml->fontMetrics().lineSpacing() * 9);
    auto* copy = new QPushButton(Tr::tr("Copy"), this);
    connect(copy, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_toml->toPlainText()); });
    auto* tomlBox = new QGroupBox(Tr::tr("For policy.toml, in [tokens]"), this);
    auto* tomlLayout = new QHBoxLayout(tomlBox);
    tomlLayout->addWidget(m_toml, 1);
    tomlLayout->addWidget(copy, 0, Qt::AlignTop);

    auto* columns = new QHBoxLayout;
    columns->addWidget(pricesBox, 1);
    columns->addWidget(replayBox, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_adopt, QDialogButtonBox::AcceptRole);
    m_adopt->setToolTip(Tr::tr("Hands the edited prices to the policy; nothing changes before"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_adopt, &QPushButton::clicked, this, [this] {
        if (!m_edited)
            return;
        Q_EMIT adoptRequested(*m_edited);
        accept();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(tomlBox);
    layout->addWidget(buttons);

    m_filling = true;
    for (const auto& p : m_rules.prices)
        addPrice(p.pattern, QLocale::c().toString(p.perGpuHour, 'g', 15));
    m_defaultPrice->setText(QLocale::c().toString(m_rules.defaultPrice, 'g', 15));
    m_filling = false;

    // Typing replays at most every 300 ms, not at every key.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, &PriceEditorDialog::startReplay);
    connect(m_prices, &QTableWidget::itemChanged, this, [this] { edited(); });
    connect(m_defaultPrice, &QLineEdit::textChanged, this, [this] { edited(); });
    edited();
    startReplay();
    resize(980, 640);
}

void PriceEditorDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        recolour();
}

// Errors in the error colour of this palette (light or dark).
void PriceEditorDialog::recolour()
{
    QPalette p = m_errors->palette();
    p.setColor(QPalette::WindowText, stateColor(DisplayState::Error, palette()));
    m_errors->setPalette(p);
}

// The replay reads this dialog's facts: m_job waits for it before they go.
PriceEditorDialog::~PriceEditorDialog() = default;

void PriceEditorDialog::addPrice(const QString& pattern, const QString& price)
{
    const bool filling = m_filling;
    m_filling = true;
    const int row = m_prices->rowCount();
    m_prices->insertRow(row);
    m_prices->setItem(row, PatternColumn, new QTableWidgetItem(pattern));
    m_prices->setItem(row, PriceColumn, new QTableWidgetItem(price));
    auto* matches = new QTableWidgetItem;
    matches->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    m_prices->setItem(row, MatchesColumn, matches);
    m_filling = filling;
    if (!m_filling)
        edited();
}

void PriceEditorDialog::setBalancesNow(QMap<QString, double> balances)
{
    m_balancesNow = std::move(balances);
    if (!m_replay.diffs.isEmpty())
        startReplay();
}

void PriceEditorDialog::setAdjustments(QList<Adjustment> adjustments)
{
    m_adjustments = std::move(adjustments);
    m_job.discard(); // a replay under way is of the books without them
    startReplay();
}

QList<PriceText> PriceEditorDialog::rows() const
{
    QList<PriceText> out;
    for (int r = 0; r < m_prices->rowCount(); ++r) {
        const auto* p = m_prices->item(r, PatternColumn);
        const auto* v = m_prices->item(r, PriceColumn);
        out << PriceText{p ? p->text() : QString(), v ? v->text() : QString()};
    }
    return out;
}

void PriceEditorDialog::edited()
{
    if (m_filling)
        return;
    const PriceCheck check = checkPrices(m_rules, rows(), m_defaultPrice->text());
    m_edited = check.rules;
    m_errors->setText(check.errors.join(u'\n'));
    m_errors->setVisible(!check.errors.isEmpty());
    m_toml->setPlainText(m_edited ? pricesToml(*m_edited) : QString());
    m_adopt->setEnabled(m_edited && *m_edited != m_rules);
    showMatches();
    m_job.discard();
    if (m_edited)
        m_debounce->start();
    else
        m_state->setText(Tr::tr("Not replayed: the prices have an error."));
}

// Which seen GPU models each pattern prices (the longest match wins, as
// priceFor decides), so a pattern that prices nothing is seen at once.
void PriceEditorDialog::showMatches()
{
    const QList<PriceText> typed = rows();
    QList<QStringList> priced(typed.size());
    QStringList unpriced;
    QStringList models(m_models.cbegin(), m_models.cend());
    models.sort();
    for (const QString& model : std::as_const(models)) {
        qsizetype best = -1;
        for (qsizetype i = 0; i < typed.size(); ++i) {
            const QString pattern = typed[i].pattern;
            if (pattern.trimmed().isEmpty() || !model.contains(pattern, Qt::CaseInsensitive))
                continue;
            if (best < 0 || pattern.size() > typed[best].pattern.size())
                best = i;
        }
        if (best >= 0)
            priced[best] << model;
        else
            unpriced << model;
    }
    const bool filling = m_filling;
    m_filling = true;
    for (qsizetype i = 0; i < typed.size(); ++i)
        if (auto* item = m_prices->item(int(i), MatchesColumn))
            item->setText(priced[i].isEmpty() ? Tr::tr("none seen")
                                              : priced[i].join(QStringLiteral(", ")));
    m_filling = filling;
    m_unpriced->setText(
        unpriced.isEmpty()
            ? Tr::tr("Every GPU model seen has a pattern.")
            : Tr::tr("At the default price: %1.").arg(unpriced.join(QStringLiteral(", "))));
}

void PriceEditorDialog::startReplay()
{
    if (!m_edited)
        return;
    if (replaying()) {
        // The running job's result is stale when it comes; one more follows.
        m_debounce->start();
        return;
    }
    m_state->setText(Tr::tr("Replaying…"));
    const PolicyConfig::Tokens after = *m_edited;
    m_job.start(
        [this, after, adjustments = m_adjustments](JobControl&) {
            PriceReplay r = replayPrices(m_rules, after, m_facts, m_gaps, m_models, m_fromMs,
                                         m_untilMs, adjustments);
            r.offGuiThread = QThread::currentThread() != QCoreApplication::instance()->thread();
            return r;
        },
        [this](const PriceReplay& r) { showReplay(r); });
}

void PriceEditorDialog::showReplay(const PriceReplay& rebuilt)
{
    // "Balance now" is the balance the page shows; the replay gives the
    // difference (books rebuilt from a ledger may differ from the shown ones
    // in the last bit, enough to round 16.625 the other way).
    PriceReplay replay = rebuilt;
    if (!m_balancesNow.isEmpty()) {
        replay.totalBefore = replay.totalAfter = 0;
        for (BookDiff& d : replay.diffs) {
            if (const auto now = m_balancesNow.constFind(d.user); now != m_balancesNow.cend()) {
                const double change = d.after - d.before;
                d.before = *now;
                d.after = *now + change;
            }
            replay.totalBefore += d.before;
            replay.totalAfter += d.after;
        }
    }
    m_replay = replay;
    m_diffs->setRowCount(int(replay.diffs.size()));
    QFont changed = m_diffs->font();
    changed.setBold(true);
    for (int r = 0; r < int(replay.diffs.size()); ++r) {
        const BookDiff& d = replay.diffs[r];
        const double diff = d.after - d.before;
        const QStringList cells{d.user, amount(d.before), amount(d.after), signedAmount(diff)};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 3 && std::abs(diff) > 1e-9)
                item->setFont(changed); // bold, readable on any palette
            m_diffs->setItem(r, c, item);
        }
    }
    m_diffs->resizeColumnsToContents();
    const int changedUsers =
        int(std::count_if(replay.diffs.cbegin(), replay.diffs.cend(),
                          [](const BookDiff& d) { return std::abs(d.after - d.before) > 1e-9; }));
    m_totals->setText(
        Tr::tr("All users: %1 now, %2 with these prices (%3); %4 of %n users change.", nullptr,
               int(replay.diffs.size()))
            .arg(amount(replay.totalBefore), amount(replay.totalAfter),
                 signedAmount(replay.totalAfter - replay.totalBefore))
            .arg(changedUsers) +
        (replay.warnings.isEmpty() ? QString() : u'\n' + replay.warnings.join(u'\n')));
    m_state->setText(Tr::tr("%1 usage facts replayed under both prices in %2 ms.")
                         .arg(m_facts.size())
                         .arg(replay.elapsedMs));
    Q_EMIT replayFinished();
}

} // namespace gw
