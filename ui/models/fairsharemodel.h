#pragma once

// Fair share with memory, per user and per account of every server
// (docs/policies.md, [quota] half_life; issue 29): the quota in effect, the
// share measured over the quota window, the decayed usage in server-hours
// and the factor 2^(-usage/share). From this desktop's own policy service
// (PolicyService::statusChanged) and from each agent's /v1/info
// (AgentLinks::fairShareReceived). One row per server and user, and per
// server and account.

#include "models/tablemodel.h"
#include "policy/policyengine.h"

#include <QHash>
#include <QList>

namespace gw {

class FairShareModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ServerColumn,
        WhoColumn, // the user, or the account ("account vision")
        QuotaColumn,
        ShareColumn,
        UsageColumn,
        FactorColumn,
        ColumnCount
    };

    explicit FairShareModel(QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    // When its server's fair share was last told (ms since the epoch), for
    // the view's "as of" line; 0 before any.
    qint64 newestMs() const;

public Q_SLOTS:
    // A server's users and accounts, replacing what it had.
    void setStatus(const gw::PolicyStatus& status);
    void setServerStatus(const QString& server, const gw::PolicyStatus& status);
    void removeServer(const QString& server);
    void clear();

protected:
    int rowTotal() const override { return int(m_rows.size()); }
    QString columnTitle(int column) const override;

private:
    struct Row
    {
        QString server;
        QString who;
        bool account = false;
        std::optional<double> quotaPercent; // users: in effect; accounts: their share
        std::optional<double> allowedPercent;
        std::optional<double> sharePercent; // users: measured over the window
        double usageHours = 0;
        std::optional<double> factor;
        QStringList members; // accounts
    };
    void rebuild();

    QHash<QString, PolicyStatus> m_status; // by server
    QList<Row> m_rows;
};

} // namespace gw
