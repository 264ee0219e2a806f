#pragma once

// The Tokens page (issue 13): per-user balances as bars with the zero line
// and the overdraft floor, GPU-hours by GPU model this month (stacked per
// user), each user's spending this month, the ledger with filters, and the
// "as of" line with the gaps and warnings of the books, and each user's
// balance over time (a painted step chart). Shows what it is given
// (setBooks, setBooksSource): the books an agent keeps (AgentBooks: "Books
// kept by node-1, as of …", the servers it reads, how old the books are
// when it stops answering) or the desktop's own TokenBook. "Adjust
// balance…" asks for a user, amount and reason; with a submitter (an agent
// keeps the books) the dialog sends it and shows the agent's answer.

#include "models/agentbooks.h"
#include "policy/policyconfig.h"
#include "tokens/ledger.h"
#include "window/adjustbalancedialog.h"

#include <QMap>
#include <QWidget>

class QBarSet;
class QChart;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QTabWidget;
class QLineEdit;
class QLineSeries;
class QPushButton;
class QStackedWidget;
class QTableView;
class QTableWidget;

namespace gw {

class BalancePlot;
class DescribedChartView;
class PriceEditorDialog;
class LedgerFilter;
class LedgerModel;

class TokensView final : public QWidget
{
    Q_OBJECT
public:
    explicit TokensView(QWidget* parent = nullptr);

    // books: charged up to asOfMs (the end of the last whole hour); nowMs
    // for the age in the "as of" line. Rules without [tokens]: no books.
    void setBooks(const Books& books, const PolicyConfig::Tokens& rules, qint64 asOfMs,
                  qint64 nowMs);
    // Where the books come from, for the adjust dialog's note.
    void setAgentKeepsBooks(bool keeps) { m_agentKeepsBooks = keeps; }
    // Where the books come from (an agent: its name, when read, its
    // servers, its failure), said in the "as of" line; nowMs for ages.
    void setBooksSource(const BooksSource& source, qint64 nowMs);
    const BooksSource& booksSource() const { return m_source; }
    // The clock the ages are told by between updates: every 10 s while
    // shown the "as of" line is told again with clock() as now, so "read
    // just now" does not stand for a poll's whole interval.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    void refreshAges();
    // How "Adjust balance…" reaches the keeper; null: it only emits
    // adjustmentRequested().
    void setAdjustSubmit(AdjustSubmit submit, const QString& keeper);

    // Per user, this month (in the rules' zone, the month of asOfMs).
    QMap<QString, double> spentThisMonth() const { return m_spent; }
    // Per GPU model (as reported), this month, all users.
    QMap<QString, double> gpuHoursByModel() const;

    QChart* balanceChart() const { return m_balanceChart; }
    QChart* hoursChart() const { return m_hoursChart; }
    QBarSet* balanceSet() const { return m_balanceSet; }
    QBarSet* cutOffSet() const { return m_cutOffSet; }
    QLineSeries* floorLine() const { return m_floorLine; }
    QLineSeries* zeroLine() const { return m_zeroLine; }
    QLabel* asOfLabel() const { return m_asOf; }
    QLabel* notesLabel() const { return m_notes; }
    QLabel* serversLabel() const { return m_servers; }
    BalancePlot* balancePlot() const { return m_balancePlot; }
    // What stands in for the plot while the books have no entries.
    QLabel* balanceEmptyLabel() const { return m_balanceEmpty; }
    QTabWidget* chartTabs() const { return m_chartTabs; }
    // The row of the page's actions ("Adjust balance…"): room for more.
    QHBoxLayout* actionRow() const { return m_actions; }
    QTableWidget* spentTable() const { return m_spentTable; }
    QTableView* ledgerView() const { return m_ledgerView; }
    LedgerModel* ledgerModel() const { return m_ledger; }
    LedgerFilter* ledgerFilter() const { return m_filter; }
    QComboBox* userFilter() const { return m_userFilter; }
    QComboBox* kindFilter() const { return m_kindFilter; }
    QLineEdit* textFilter() const { return m_textFilter; }
    QPushButton* adjustButton() const { return m_adjust; }
    QPushButton* pricesButton() const { return m_pricesButton; }
    QStringList users() const { return m_users; }

    // Opens the adjust dialog (modal, returns at once).
    void openAdjustDialog();
    // Opens the price editor over the books shown (rebuilt from their own
    // ledger, so an agent's books replay as well as this desktop's);
    // returns it (it deletes itself when closed).
    PriceEditorDialog* openPriceEditor();

Q_SIGNALS:
    void adjustmentRequested(const QString& user, double amount, const QString& reason);
    // The price editor's "Adopt these prices": the policy is the caller's
    // to change (the keeper's or this computer's policy.toml).
    void pricesAdopted(const gw::PolicyConfig::Tokens& rules);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuildCharts();
    void fillSpentTable();
    void refreshUserFilter();
    void refreshHeadline();

    Books m_books;
    PolicyConfig::Tokens m_rules;
    qint64 m_asOfMs = 0;
    QStringList m_users;
    QMap<QString, double> m_spent;
    QMap<QString, double> m_added;
    QMap<QString, QMap<QString, double>> m_hours; // user → model → GPU-hours this month
    bool m_agentKeepsBooks = false;
    BooksSource m_source;
    qint64 m_nowMs = 0;
    AdjustSubmit m_submit;
    QString m_keeper;
    std::function<qint64()> m_clock;

    QLabel* m_asOf;
    QLabel* m_notes;
    QLabel* m_servers;
    QHBoxLayout* m_actions;
    BalancePlot* m_balancePlot;
    // The plot, or in its place why there is nothing to draw (no [tokens],
    // no books yet): never an axis from 1970.
    QStackedWidget* m_balanceStack;
    QLabel* m_balanceEmpty;
    QStackedWidget* m_barsStack; // the same for the bars per user
    QLabel* m_barsEmpty;
    QTabWidget* m_chartTabs;
    QPushButton* m_adjust;
    QPushButton* m_pricesButton;
    QChart* m_balanceChart;
    DescribedChartView* m_balanceView;
    QChart* m_hoursChart;
    DescribedChartView* m_hoursView;
    QBarSet* m_balanceSet = nullptr;
    QBarSet* m_cutOffSet = nullptr;
    QLineSeries* m_floorLine = nullptr;
    QLineSeries* m_zeroLine = nullptr;
    QTableWidget* m_spentTable;
    LedgerModel* m_ledger;
    LedgerFilter* m_filter;
    QComboBox* m_userFilter;
    QComboBox* m_kindFilter;
    QLineEdit* m_textFilter;
    QTableView* m_ledgerView;
};

} // namespace gw
