#include "policy/unixgroups.h"

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

} // namespace gw
