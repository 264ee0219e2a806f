#pragma once

// [accounts] at work (docs/policies.md, "[accounts]"): which account a
// person's GPU use is charged to, what each person and account holds now,
// and the cap a request or a reading passes. One reckoning for the agent's
// /v1/allocate (a request that would pass a cap is refused), the cap rule
// (a holding past a cap is a policy event) and `gpuwarden-cli me`.
//
// A unit is what /v1/allocate hands out and reservations name: a whole GPU
// by its index ("3"), a MIG instance by its uuid. A person holds a unit
// while one of their processes runs on it (processes [owners] exempts do
// not count) or while a reservation of theirs names it.

#include "model/snapshot.h"
#include "policy/policyconfig.h"

#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace gw {

// Unix groups of a user ("lab", not "@lab"); as PolicyEngine::GroupResolver.
using AccountGroups = std::function<QStringList(const QString& user)>;

// The account named `name`, or nullptr.
const AccountSpec* findAccount(const PolicyConfig::Accounts& accounts, const QString& name);

// The account a person's use is charged to: the workload's account where
// the owner rules gave one; else the account that lists the person by name;
// else the first account, by name, that lists one of their Unix groups;
// else none (empty). `groups` may be empty (groups then never match).
QString accountOf(const PolicyConfig::Accounts& accounts, const QString& user,
                  const QString& workloadAccount, const AccountGroups& groups);

// One unit held by one holder (a person, a person in an account, an
// account): since when (its oldest process's start, a reservation's
// creation; the reading's time where neither is known) and the processes
// of the reading on it (indexes into Snapshot::processes).
struct UnitHold
{
    QString unit;
    qint64 sinceMs = 0;
    QList<qsizetype> processes;
};

// Everything held on one server, oldest first per holder.
struct Holdings
{
    QHash<QString, QList<UnitHold>> byUser;
    // key: account + '\n' + user
    QHash<QString, QList<UnitHold>> byMember;
    QHash<QString, QList<UnitHold>> byAccount;
    // The account each process of the reading is charged to (empty: none).
    QStringList processAccount;

    static QString memberKey(const QString& account, const QString& user)
    {
        return account + QLatin1Char('\n') + user;
    }
    int userCount(const QString& user) const { return int(byUser.value(user).size()); }
};

// A reservation's units as a holding: who and since when.
struct ReservedUnits
{
    QString user;
    QStringList units;
    qint64 createdMs = 0;
};

// The units /v1/allocate handed out on each server, as the cap rule counts
// them beside the processes: each reservation still open, and each grant
// its holder's processes took up, held since the grant (not since the job
// started on it) for as long as they run on it. So a job granted GPUs
// keeps them within a cap against one started later without asking, even
// when the granted job itself started after that one. Written by the
// agent's allocation desk on the server's thread, read by the policy
// engine on its own: thread-safe.
class GrantedUnits
{
public:
    // Everything granted now, by server (the previous content is gone).
    void replace(QHash<QString, QList<ReservedUnits>> byServer);
    QList<ReservedUnits> of(const QString& server) const;

private:
    mutable QMutex m_mutex;
    QHash<QString, QList<ReservedUnits>> m_byServer;
};

// What `snapshot` and `reserved` hold, charged by `accounts`.
Holdings holdingsOf(const Snapshot& snapshot, const PolicyConfig& policy,
                    const QList<ReservedUnits>& reserved, const AccountGroups& groups);

// A cap passed, or one a request would pass.
struct CapVerdict
{
    enum class Scope
    {
        User,   // [accounts] max_gpus_per_user
        Member, // [accounts.NAME] max_gpus_per_member
        Account // [accounts.NAME] max_gpus
    };
    Scope scope = Scope::User;
    QString account; // empty for a person's own cap
    int limit = 0;
    int held = 0;      // units held now
    int requested = 0; // asked for (0: a holding judged, nothing asked)

    // "cap of 2 GPUs per member of account vision: alice holds 2, asks for 1
    // more", "… bob holds 3".
    QString text(const QString& user) const;
    bool operator==(const CapVerdict&) const = default;
};

QString capScopeName(CapVerdict::Scope scope); // "user", "member", "account"
std::optional<CapVerdict::Scope> capScopeFromName(const QString& name);

// The first cap (person, member, account) that `user`, charged to
// `account`, asking for `requested` more units, would pass; nullopt: none.
std::optional<CapVerdict> capPassed(const PolicyConfig::Accounts& accounts,
                                    const Holdings& holdings, const QString& user,
                                    const QString& account, int requested);

} // namespace gw
