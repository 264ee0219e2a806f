#pragma once

// The Unix groups of a user on this machine (primary and supplementary), for
// [quota.groups]: what `id -Gn USER` prints. Empty for an unknown user.

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <functional>
#include <utility>

namespace gw {

QStringList unixGroupsOf(const QString& user);

// A user's groups asked of `lookup` at most once per `freshMs`: one cache
// for every caller of the agent (the policy rules, the allocation desk,
// `me`), so a request or a waiting caller does not ask the name service
// again. Thread-safe. At most kMaxUsers remembered (then it starts over).
class UnixGroupCache
{
public:
    static constexpr qint64 kFreshMs = 10 * 60'000;
    static constexpr qsizetype kMaxUsers = 4096;

    explicit UnixGroupCache(std::function<QStringList(const QString&)> lookup = unixGroupsOf,
                            std::function<qint64()> clock = {}, qint64 freshMs = kFreshMs);
    QStringList groupsOf(const QString& user);

private:
    std::function<QStringList(const QString&)> m_lookup;
    std::function<qint64()> m_clock;
    qint64 m_freshMs;
    QMutex m_lock;
    QHash<QString, std::pair<qint64, QStringList>> m_users; // asked at, groups
};

// unixGroupsOf through one UnixGroupCache of the whole program.
QStringList cachedUnixGroupsOf(const QString& user);

} // namespace gw
