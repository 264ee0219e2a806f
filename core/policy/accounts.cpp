#include "policy/accounts.h"

#include <QCoreApplication>

#include <algorithm>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Accounts)
};

QString gpus(int n)
{
    return n == 1 ? Tr::tr("1 GPU") : Tr::tr("%1 GPUs").arg(n);
}

// Adds `unit` since `sinceMs` (with process `process`, or none: -1) to a
// holder's list.
void hold(QList<UnitHold>& list, const QString& unit, qint64 sinceMs, qsizetype process)
{
    auto it =
        std::find_if(list.begin(), list.end(), [&](const UnitHold& h) { return h.unit == unit; });
    if (it == list.end()) {
        list.append(UnitHold{unit, sinceMs, {}});
        it = list.end() - 1;
    } else {
        it->sinceMs = std::min(it->sinceMs, sinceMs);
    }
    if (process >= 0)
        it->processes << process;
}

void oldestFirst(QHash<QString, QList<UnitHold>>& holders)
{
    for (QList<UnitHold>& list : holders)
        std::stable_sort(list.begin(), list.end(), [](const UnitHold& a, const UnitHold& b) {
            return a.sinceMs != b.sinceMs ? a.sinceMs < b.sinceMs : a.unit < b.unit;
        });
}

} // namespace

const AccountSpec* findAccount(const PolicyConfig::Accounts& accounts, const QString& name)
{
    for (const AccountSpec& a : accounts.list)
        if (a.name == name)
            return &a;
    return nullptr;
}

QString accountOf(const PolicyConfig::Accounts& accounts, const QString& user,
                  const QString& workloadAccount, const AccountGroups& groups)
{
    if (!workloadAccount.isEmpty())
        return workloadAccount;
    if (user.isEmpty())
        return {};
    bool anyGroups = false;
    for (const AccountSpec& a : accounts.list) {
        if (a.users.contains(user))
            return a.name;
        anyGroups = anyGroups || !a.groups.isEmpty();
    }
    if (!anyGroups || !groups)
        return {};
    const QStringList mine = groups(user);
    for (const AccountSpec& a : accounts.list) // by name (the parser sorts them)
        for (const QString& g : a.groups)
            if (mine.contains(g))
                return a.name;
    return {};
}

Holdings holdingsOf(const Snapshot& snapshot, const PolicyConfig& policy,
                    const QList<ReservedUnits>& reserved, const AccountGroups& groups)
{
    Holdings h;
    QHash<QString, QString> accountOfUser; // without a workload's account
    const auto charged = [&](const QString& user, const QString& workloadAccount) {
        if (!workloadAccount.isEmpty())
            return workloadAccount;
        auto it = accountOfUser.constFind(user);
        if (it == accountOfUser.constEnd())
            it = accountOfUser.insert(user, accountOf(policy.accounts, user, {}, groups));
        return *it;
    };
    const auto add = [&](const QString& user, const QString& account, const QString& unit,
                         qint64 sinceMs, qsizetype process) {
        hold(h.byUser[user], unit, sinceMs, process);
        if (account.isEmpty())
            return;
        hold(h.byMember[Holdings::memberKey(account, user)], unit, sinceMs, process);
        hold(h.byAccount[account], unit, sinceMs, process);
    };
    h.processAccount.reserve(snapshot.processes.size());
    for (qsizetype i = 0; i < snapshot.processes.size(); ++i) {
        const GpuProcess& p = snapshot.processes[i];
        const QString& user = p.ownerName();
        const QString account = user.isEmpty() ? QString() : charged(user, p.account());
        h.processAccount << account;
        if (user.isEmpty() || !exemptionOf(policy.exempt, p).isEmpty())
            continue;
        QString unit = p.migUuid;
        if (unit.isEmpty()) {
            const GpuSample* g = snapshot.gpuByUuid(p.gpuUuid);
            if (!g)
                continue; // a process of a GPU the reading does not list
            unit = QString::number(g->index);
        }
        add(user, account, unit, p.startTimeMs.value_or(snapshot.timestampMs), i);
    }
    for (const ReservedUnits& r : reserved) {
        const QString account = charged(r.user, {});
        for (const QString& unit : r.units)
            add(r.user, account, unit, r.createdMs, -1);
    }
    oldestFirst(h.byUser);
    oldestFirst(h.byMember);
    oldestFirst(h.byAccount);
    return h;
}

void GrantedUnits::replace(QHash<QString, QList<ReservedUnits>> byServer)
{
    const QMutexLocker lock(&m_mutex);
    m_byServer = std::move(byServer);
}

QList<ReservedUnits> GrantedUnits::of(const QString& server) const
{
    const QMutexLocker lock(&m_mutex);
    return m_byServer.value(server);
}

QString capScopeName(CapVerdict::Scope scope)
{
    switch (scope) {
    case CapVerdict::Scope::User:
        return QStringLiteral("user");
    case CapVerdict::Scope::Member:
        return QStringLiteral("member");
    case CapVerdict::Scope::Account:
        return QStringLiteral("account");
    }
    return {};
}

std::optional<CapVerdict::Scope> capScopeFromName(const QString& name)
{
    for (const auto s :
         {CapVerdict::Scope::User, CapVerdict::Scope::Member, CapVerdict::Scope::Account})
        if (capScopeName(s) == name)
            return s;
    return std::nullopt;
}

QString CapVerdict::text(const QString& user) const
{
    QString cap;
    switch (scope) {
    case Scope::User:
        cap = Tr::tr("cap of %1 per person").arg(gpus(limit));
        break;
    case Scope::Member:
        cap = Tr::tr("cap of %1 per member of account %2").arg(gpus(limit), account);
        break;
    case Scope::Account:
        cap = Tr::tr("cap of %1 for account %2").arg(gpus(limit), account);
        break;
    }
    const QString holder = scope == Scope::Account ? Tr::tr("account %1").arg(account) : user;
    const QString holds = Tr::tr("%1 holds %2").arg(holder).arg(held);
    if (requested <= 0)
        return Tr::tr("%1: %2").arg(cap, holds);
    return Tr::tr("%1: %2, asks for %3 more").arg(cap, holds).arg(requested);
}

std::optional<CapVerdict> capPassed(const PolicyConfig::Accounts& accounts,
                                    const Holdings& holdings, const QString& user,
                                    const QString& account, int requested)
{
    const auto passes = [&](CapVerdict::Scope scope, int limit,
                            int held) -> std::optional<CapVerdict> {
        if (limit <= 0 || held + requested <= limit)
            return std::nullopt;
        return CapVerdict{scope, scope == CapVerdict::Scope::User ? QString() : account, limit,
                          held, requested};
    };
    if (auto v = passes(CapVerdict::Scope::User, accounts.maxGpusPerUser, holdings.userCount(user)))
        return v;
    const AccountSpec* spec = account.isEmpty() ? nullptr : findAccount(accounts, account);
    if (!spec)
        return std::nullopt;
    if (auto v = passes(CapVerdict::Scope::Member, spec->maxGpusPerMember,
                        int(holdings.byMember.value(Holdings::memberKey(account, user)).size())))
        return v;
    return passes(CapVerdict::Scope::Account, spec->maxGpus,
                  int(holdings.byAccount.value(account).size()));
}

} // namespace gw
