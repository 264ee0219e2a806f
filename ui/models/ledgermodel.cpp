#include "models/ledgermodel.h"

#include "common/datetimetext.h"

#include <QDateTime>
#include <QHash>
#include <QLocale>

#include <cmath>

namespace gw {

LedgerModel::LedgerModel(QObject* parent)
    : TableModel(ColumnCount, parent)
    , m_zone(QTimeZone::systemTimeZone())
{}

void LedgerModel::setBooks(const Books& books)
{
    beginResetModel();
    m_entries = books.entries;
    m_after.clear();
    m_after.reserve(m_entries.size());
    QHash<QString, double> running;
    for (const LedgerEntry& e : std::as_const(m_entries)) {
        double& b = running[e.user];
        b += e.amount;
        m_after << b;
    }
    endResetModel();
}

void LedgerModel::setTimeZone(const QTimeZone& zone)
{
    if (!zone.isValid() || zone == m_zone)
        return;
    m_zone = zone;
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, Time), index(rowCount() - 1, Time));
}

int LedgerModel::rowTotal() const
{
    return int(m_entries.size());
}

QString LedgerModel::kindText(LedgerEntry::Kind kind)
{
    switch (kind) {
    case LedgerEntry::Kind::Grant:
        return tr("grant");
    case LedgerEntry::Kind::Monthly:
        return tr("monthly");
    case LedgerEntry::Kind::Daily:
        return tr("daily");
    case LedgerEntry::Kind::Usage:
        return tr("usage");
    case LedgerEntry::Kind::Adjustment:
        return tr("adjustment");
    }
    return {};
}

QString LedgerModel::amountText(double amount)
{
    const double a = qAbs(amount);
    // Always two decimals, so amounts and balances side by side line up
    // ("130.00" over "6.50", never "130" over "6.50"); a charge below 0.01
    // (a minute of a cheap GPU) keeps two significant digits, never "−0.00".
    const QString t =
        a >= 0.005 || a == 0 ? QLocale().toString(a, 'f', 2) : QLocale().toString(a, 'g', 2);
    if (amount > 0)
        return QStringLiteral("+") + t;
    if (amount < 0)
        return QChar(0x2212) + t;
    return t;
}

QString LedgerModel::balanceText(double balance)
{
    return amountText(balance).remove(QLatin1Char('+'));
}

QVariant LedgerModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LedgerEntry& e = m_entries.at(index.row());
    if (role == KindRole)
        return int(e.kind);
    if (role == IdRole)
        return e.id;
    if (role == Qt::TextAlignmentRole &&
        (index.column() == Amount || index.column() == BalanceAfter))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Detail)
        return e.detail;
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const bool edit = role == Qt::EditRole; // raw values, for sorting
    switch (index.column()) {
    case Time:
        if (edit)
            return e.atMs;
        return dateTimeText(QDateTime::fromMSecsSinceEpoch(e.atMs, m_zone));
    case User:
        return e.user;
    case Kind:
        return kindText(e.kind);
    case Amount:
        return edit ? QVariant(e.amount) : QVariant(amountText(e.amount));
    case BalanceAfter: {
        const double b = m_after.at(index.row());
        return edit ? QVariant(b) : QVariant(balanceText(b));
    }
    case Detail:
        return e.detail;
    }
    return {};
}

QString LedgerModel::columnTitle(int section) const
{
    switch (section) {
    case Time:
        return tr("Time");
    case User:
        return tr("User");
    case Kind:
        return tr("Kind");
    case Amount:
        return tr("Amount");
    case BalanceAfter:
        return tr("Balance after");
    case Detail:
        return tr("Detail");
    }
    return {};
}

LedgerFilter::LedgerFilter(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(Qt::EditRole);
}

void LedgerFilter::setUser(const QString& user)
{
    m_user = user;
    invalidateFilter();
}

void LedgerFilter::setKind(std::optional<LedgerEntry::Kind> kind)
{
    m_kind = kind;
    invalidateFilter();
}

void LedgerFilter::setText(const QString& text)
{
    m_text = text.trimmed();
    invalidateFilter();
}

bool LedgerFilter::filterAcceptsRow(int row, const QModelIndex& parent) const
{
    const auto* m = qobject_cast<const LedgerModel*>(sourceModel());
    if (!m || parent.isValid())
        return false;
    const LedgerEntry& e = m->entry(row);
    if (!m_user.isEmpty() && e.user != m_user)
        return false;
    if (m_kind && e.kind != *m_kind)
        return false;
    if (m_text.isEmpty())
        return true;
    const QString hay = e.user + QLatin1Char(' ') + LedgerModel::kindText(e.kind) +
                        QLatin1Char(' ') + e.detail + QLatin1Char(' ') + e.id;
    return hay.contains(m_text, Qt::CaseInsensitive);
}

} // namespace gw
