#include "models/fairsharemodel.h"

#include "models/roles.h"

#include <QLocale>

#include <algorithm>
#include <tuple>

namespace gw {

FairShareModel::FairShareModel(QObject* parent)
    : TableModel(ColumnCount, parent)
{}

QString FairShareModel::columnTitle(int column) const
{
    switch (Column(column)) {
    case ServerColumn:
        return tr("Server");
    case WhoColumn:
        return tr("User or account");
    case QuotaColumn:
        return tr("Quota");
    case ShareColumn:
        return tr("Share now");
    case UsageColumn:
        return tr("Decayed usage");
    case FactorColumn:
        return tr("Fair-share factor");
    case ColumnCount:
        break;
    }
    return {};
}

void FairShareModel::setStatus(const PolicyStatus& status)
{
    setServerStatus(status.server, status);
}

void FairShareModel::setServerStatus(const QString& server, const PolicyStatus& status)
{
    PolicyStatus& kept = m_status[server];
    if (kept.server == server && kept.users == status.users && kept.accounts == status.accounts) {
        kept.atMs = status.atMs;
        return;
    }
    kept = status;
    kept.server = server;
    kept.verdicts.clear(); // not this model's
    rebuild();
}

void FairShareModel::removeServer(const QString& server)
{
    if (m_status.remove(server))
        rebuild();
}

void FairShareModel::clear()
{
    m_status.clear();
    rebuild();
}

qint64 FairShareModel::newestMs() const
{
    qint64 newest = 0;
    for (const PolicyStatus& s : m_status)
        newest = std::max(newest, s.atMs);
    return newest;
}

void FairShareModel::rebuild()
{
    QList<Row> rows;
    for (const PolicyStatus& s : std::as_const(m_status)) {
        for (const PolicyStatus::Account& a : s.accounts) {
            Row r;
            r.server = s.server;
            r.who = a.account;
            r.account = true;
            r.quotaPercent = a.sharePercent;
            r.usageHours = a.decayedUsageHours;
            r.factor = a.fairShareFactor;
            r.members = a.users;
            rows << r;
        }
        for (const PolicyStatus::User& u : s.users) {
            Row r;
            r.server = s.server;
            r.who = u.user;
            r.quotaPercent = u.quotaPercent;
            r.allowedPercent = u.allowedPercent;
            r.sharePercent = u.sharePercent;
            r.usageHours = u.decayedUsageHours;
            r.factor = u.fairShareFactor;
            rows << r;
        }
    }
    // By server; on each, the accounts first, then the users, by name.
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return std::tuple(a.server, !a.account, a.who) < std::tuple(b.server, !b.account, b.who);
    });
    // The same rows with new figures (a reading a second): told as changed
    // cells, so a selection and the scroll position stay.
    const bool sameRows = std::equal(
        rows.begin(), rows.end(), m_rows.begin(), m_rows.end(), [](const Row& a, const Row& b) {
            return a.server == b.server && a.who == b.who && a.account == b.account;
        });
    if (sameRows) {
        m_rows = rows;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

QVariant FairShareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row& r = m_rows[index.row()];
    const QLocale locale;
    const auto percent = [&](std::optional<double> v) -> QString {
        return v ? tr("%1 %").arg(locale.toString(*v, 'f', *v < 10 ? 1 : 0)) : tr("—");
    };
    const Column column = Column(index.column());
    if (role == Qt::DisplayRole) {
        switch (column) {
        case ServerColumn:
            return r.server;
        case WhoColumn:
            return r.account ? tr("account %1").arg(r.who) : r.who;
        case QuotaColumn:
            if (r.allowedPercent && r.quotaPercent && *r.allowedPercent < *r.quotaPercent)
                return tr("%1 (now %2)").arg(percent(r.quotaPercent), percent(r.allowedPercent));
            return percent(r.quotaPercent);
        case ShareColumn:
            return percent(r.sharePercent);
        case UsageColumn:
            // Under an hour in minutes: a server watched for minutes is not "0.00 h".
            if (r.usageHours < 1)
                return tr("%1 min").arg(locale.toString(r.usageHours * 60, 'f', 1));
            return tr("%1 h").arg(locale.toString(r.usageHours, 'f', r.usageHours < 10 ? 2 : 1));
        case FactorColumn:
            return r.factor ? locale.toString(*r.factor, 'f', 2) : tr("—");
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == SortRole || role == RawValueRole) {
        switch (column) {
        case ServerColumn:
            return r.server;
        case WhoColumn:
            return QString(QLatin1Char(r.account ? '0' : '1') + r.who);
        case QuotaColumn:
            return r.quotaPercent ? QVariant(*r.quotaPercent) : QVariant();
        case ShareColumn:
            return r.sharePercent ? QVariant(*r.sharePercent) : QVariant();
        case UsageColumn:
            return r.usageHours;
        case FactorColumn:
            return r.factor ? QVariant(*r.factor) : QVariant();
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == ServerRole)
        return r.server;
    if (role == AccountRole)
        return r.account ? r.who : QString();
    if (role == Qt::TextAlignmentRole && column >= QuotaColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case WhoColumn:
            return r.account ? tr("Members remembered: %1")
                                   .arg(r.members.isEmpty() ? tr("none yet")
                                                            : r.members.join(QStringLiteral(", ")))
                             : QVariant();
        case QuotaColumn:
            return r.account
                       ? tr("The account's share of the server ([accounts.%1] share)").arg(r.who)
                       : tr("The quota in effect now; \"now\": after the busy server's and "
                            "defensive multipliers ([adaptive])");
        case ShareColumn:
            return tr("Measured over the [quota] window");
        case UsageColumn:
            return tr("The server's capacity used, in server-hours (a whole server busy for "
                      "an hour is one), each hour weighing half after every [quota] half_life");
        case FactorColumn:
            return r.factor ? tr("2^(−U/S), as Slurm's classic fair share: U its part of all the "
                                 "decayed usage on this server, S its part of all the shares. 1: "
                                 "used nothing lately; 0.5: used exactly its share; lower: used "
                                 "more. Waiting callers with a higher factor get a freed GPU "
                                 "first.")
                            : tr("No share set for this account: no factor");
        default:
            break;
        }
    }
    return {};
}

} // namespace gw
