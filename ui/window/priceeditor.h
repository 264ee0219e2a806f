#pragma once

// The price editor of the Tokens page (issue 13): the [tokens.prices]
// patterns and default_price edited as a table, checked as policy.toml's
// parser checks them, and replayed before anything is adopted: the same
// facts booked under the rules in force and under the edited ones, on a
// worker thread, compared per user. The dialog changes nothing itself: it
// shows the TOML to copy and emits adoptRequested() with the edited rules.

#include "policy/policyconfig.h"
#include "tokens/ledger.h"
#include "util/jobtracker.h"

#include <QDialog>
#include <QList>
#include <QMap>
#include <QSet>

#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTimer;

namespace gw {

// One row of the table as typed: a pattern and its price as text.
struct PriceText
{
    QString pattern;
    QString price;
};

struct PriceCheck
{
    std::optional<PolicyConfig::Tokens> rules; // absent when errors is not empty
    QStringList errors;                        // "row 2: the price of "H100" must be …"
};

// `base` with its prices and default price replaced by the typed ones,
// refused as policy.toml refuses them (empty pattern, a pattern repeated
// ignoring case, a price that is not a finite number of 0 or more).
PriceCheck checkPrices(const PolicyConfig::Tokens& base, const QList<PriceText>& rows,
                       const QString& defaultPrice);

// `default_price` and `[tokens.prices]` as policy.toml lines (patterns quoted
// as TOML basic strings), ready to paste into the [tokens] section.
QString pricesToml(const PolicyConfig::Tokens& rules);

struct PriceReplay
{
    QList<BookDiff> diffs; // per user, largest |after − before| first, then by user
    double totalBefore = 0;
    double totalAfter = 0;
    QStringList warnings; // of the new books ("price "X" matches no GPU seen")
    qint64 elapsedMs = 0;
    bool offGuiThread = false; // where it was built (the dialog's replays: always)
};

// The books of the same facts (and adjustments) under `before` and
// `after`, compared.
PriceReplay replayPrices(const PolicyConfig::Tokens& before, const PolicyConfig::Tokens& after,
                         const QList<UsageFact>& facts, const QList<CoverageGap>& gaps,
                         const QSet<QString>& modelsSeen, qint64 fromMs, qint64 untilMs,
                         const QList<Adjustment>& adjustments = {});

// `policyText` (a whole policy.toml) with the [tokens] section's
// default_price and [tokens.prices] table replaced by those of `rules`
// (written as pricesToml writes them); the rest of the text as it was.
// Absent when the text has no [tokens] section.
std::optional<QString> withTokenPrices(const QString& policyText,
                                       const PolicyConfig::Tokens& rules);

class PriceEditorDialog final : public QDialog
{
    Q_OBJECT
public:
    PriceEditorDialog(const PolicyConfig::Tokens& rules, QList<UsageFact> facts,
                      QList<CoverageGap> gaps, QSet<QString> modelsSeen, qint64 fromMs,
                      qint64 untilMs, QWidget* parent = nullptr);
    ~PriceEditorDialog() override;

    // The rules as edited; absent while the table holds an error.
    const std::optional<PolicyConfig::Tokens>& editedRules() const { return m_edited; }
    const PriceReplay& lastReplay() const { return m_replay; }
    // A replay runs (a stale one too: replays never overlap).
    bool replaying() const { return m_job.threadCount() > 0; }

    void addPrice(const QString& pattern, const QString& price);
    // Admin adjustments of the books replayed (they move the balances, not
    // the differences); replays again.
    void setAdjustments(QList<Adjustment> adjustments);
    // The balances the page shows: the "Balance now" column, the replay's
    // difference added to it.
    void setBalancesNow(QMap<QString, double> balances);

    QTableWidget* priceTable() const { return m_prices; }
    QLineEdit* defaultPriceEdit() const { return m_defaultPrice; }
    QTableWidget* replayTable() const { return m_diffs; }
    QLabel* errorLabel() const { return m_errors; }
    QLabel* totalsLabel() const { return m_totals; }
    QPlainTextEdit* tomlText() const { return m_toml; }
    QPushButton* adoptButton() const { return m_adopt; }

Q_SIGNALS:
    void adoptRequested(const gw::PolicyConfig::Tokens& rules);
    void replayFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void recolour();
    QList<PriceText> rows() const;
    void edited();
    void startReplay();
    void showReplay(const PriceReplay& replay);
    void showMatches();

    const PolicyConfig::Tokens m_rules;
    const QList<UsageFact> m_facts;
    const QList<CoverageGap> m_gaps;
    const QSet<QString> m_models;
    const qint64 m_fromMs;
    const qint64 m_untilMs;
    QList<Adjustment> m_adjustments;
    QMap<QString, double> m_balancesNow;

    std::optional<PolicyConfig::Tokens> m_edited;
    PriceReplay m_replay;
    bool m_filling = false;

    QTableWidget* m_prices;
    QLineEdit* m_defaultPrice;
    QLabel* m_errors;
    QLabel* m_unpriced;
    QTableWidget* m_diffs;
    QLabel* m_totals;
    QLabel* m_state;
    QPlainTextEdit* m_toml;
    QPushButton* m_adopt;
    QTimer* m_debounce;
    // Last: it waits for a replay, which reads this dialog's facts. An edit
    // discards the replay under way; the next waits for its thread to end.
    JobTracker m_job{QStringLiteral("gw-price-replay")};
};

} // namespace gw
