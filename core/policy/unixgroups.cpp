#include "policy/unixgroups.h"

#include <QDateTime>

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <vector>

namespace gw {

QStringList unixGroupsOf(const QString& user)
{
    // An owner that is a workload ("container:job1", "pod:vision/train-0")
    // is no account of this machine: not asked of the name service.
    if (user.contains(QLatin1Char(':')))
        return {};
    const QByteArray name = user.toLocal8Bit();
    long size = sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(size_t(size > 0 ? size : 16384));
    passwd pw{};
    passwd* found = nullptr;
    if (getpwnam_r(name.constData(), &pw, buffer.data(), buffer.size(), &found) != 0 || !found)
        return {};
    std::vector<gid_t> gids(32);
    int count = int(gids.size());
    while (getgrouplist(name.constData(), pw.pw_gid, gids.data(), &count) < 0) {
        gids.resize(size_t(count) > gids.size() ? size_t(count) : gids.size() * 2);
        count = int(gids.size());
    }
    QStringList out;
    size = sysconf(_SC_GETGR_R_SIZE_MAX);
    std::vector<char> groupBuffer(size_t(size > 0 ? size : 16384));
    for (int i = 0; i < count; ++i) {
        group gr{};
        group* g = nullptr;
        int rc = 0;
        while ((rc = getgrgid_r(gids[size_t(i)], &gr, groupBuffer.data(), groupBuffer.size(),
                                &g)) == ERANGE)
            groupBuffer.resize(groupBuffer.size() * 2);
        if (rc == 0 && g && !out.contains(QString::fromLocal8Bit(g->gr_name)))
            out << QString::fromLocal8Bit(g->gr_name);
    }
    return out;
}

UnixGroupCache::UnixGroupCache(std::function<QStringList(const QString&)> lookup,
                               std::function<qint64()> clock, qint64 freshMs)
    : m_lookup(std::move(lookup))
    , m_clock(std::move(clock))
    , m_freshMs(freshMs)
{
    if (!m_clock)
        m_clock = [] {
            return QDateTime::currentMSecsSinceEpoch();
        };
}

QStringList UnixGroupCache::groupsOf(const QString& user)
{
    const qint64 now = m_clock();
    {
        QMutexLocker locker(&m_lock);
        const auto it = m_users.constFind(user);
        if (it != m_users.constEnd() && now - it->first < m_freshMs && now >= it->first)
            return it->second;
    }
    // Asked outside the lock: a slow name service holds up only this user.
    QStringList groups = m_lookup(user);
    QMutexLocker locker(&m_lock);
    if (m_users.size() >= kMaxUsers && !m_users.contains(user))
        m_users.clear();
    m_users.insert(user, {now, groups});
    return groups;
}

QStringList cachedUnixGroupsOf(const QString& user)
{
    static UnixGroupCache cache;
    return cache.groupsOf(user);
}

} // namespace gw
