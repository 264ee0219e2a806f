#pragma once

// The token ledger as a table (the Tokens view): time, user, kind, amount,
// the user's balance after the entry, and the entry in words. The balance
// after is the running sum of the user's entries in ledger order, so its
// last value per user is Books::balances. LedgerFilter narrows it by user,
// kind and text.

#include "models/tablemodel.h"
#include "tokens/ledger.h"

#include <QSortFilterProxyModel>
#include <QTimeZone>

#include <optional>

namespace gw {

class LedgerModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Time,
        User,
        Kind,
        Amount,
        BalanceAfter,
        Detail,
        ColumnCount
    };
    // Qt::UserRole on any column: the entry's kind (int), UserRole + 1: its id.
    static constexpr int KindRole = Qt::UserRole;
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit LedgerModel(QObject* parent = nullptr);

    void setBooks(const Books& books);
    // The zone times are shown in (the rules' zone; default: this machine's).
    void setTimeZone(const QTimeZone& zone);

    const LedgerEntry& entry(int row) const { return m_entries.at(row); }
    double balanceAfter(int row) const { return m_after.at(row); }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    static QString kindText(LedgerEntry::Kind kind); // translated
    static QString amountText(double amount);        // "+130.00", "−6.50"
    // A balance (no sign when positive): "130.00", "−6.50". Every view that
    // shows tokens uses these two, so no figure has decimals beside one without.
    static QString balanceText(double balance);

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    QList<LedgerEntry> m_entries;
    QList<double> m_after;
    QTimeZone m_zone;
};

class LedgerFilter final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit LedgerFilter(QObject* parent = nullptr);
    void setUser(const QString& user); // empty: everyone
    void setKind(std::optional<LedgerEntry::Kind> kind);
    void setText(const QString& text); // in the user, kind or detail, case ignored

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    QString m_user;
    std::optional<LedgerEntry::Kind> m_kind;
    QString m_text;
};

} // namespace gw
