#pragma once

// Who runs a pid: user, command line, start time, read from a /proc tree.
// Used by every GPU sampler to cross-check driver process lists.

#include "snapshot.h"

#include <QHash>
#include <QString>

#include <functional>
#include <optional>

namespace gw {

struct ProcInfo
{
    qint64 pid = 0;
    qint64 startTimeMs = 0; // ms since the epoch (btime + starttime ticks)
    uint uid = 0;
    QString user;
    QString command;

    bool operator==(const ProcInfo&) const = default;
};

class ProcFs
{
public:
    using UserResolver = std::function<QString(uint uid)>;

    explicit ProcFs(QString root = QStringLiteral("/proc"));

    // Default: getpwuid_r (so LDAP/NSS users resolve), cached; a uid with no
    // entry shows as its number. Tests inject their own table.
    void setUserResolver(UserResolver resolver);

    // What /proc says about pid; absent when this /proc does not show it.
    // Steady state costs one read of /proc/PID/stat: user and command are
    // cached per (pid, start time), so a reused pid is read afresh.
    std::optional<ProcInfo> lookup(qint64 pid);

    // Fills uid, user, command and start time of each process from /proc and
    // marks the ones /proc does not show as ghosts (kept, never dropped).
    void enrich(QList<GpuProcess>& processes);

    // Boot time from <root>/stat "btime", read once. Absent when unreadable.
    std::optional<qint64> bootTimeMs();

    QString root() const { return m_root; }

private:
    QString m_root;
    UserResolver m_resolveUser;
    std::optional<qint64> m_bootTimeMs;
    bool m_bootTimeRead = false;
    long m_ticksPerSecond;
    struct CacheEntry
    {
        quint64 startTicks = 0; // identity of the process behind the pid
        ProcInfo info;
    };
    QHash<qint64, CacheEntry> m_cache;
    QHash<uint, QString> m_userCache;
};

// Parses the contents of /proc/PID/stat: comm may hold spaces and ')', so
// fields are counted from the last ')'. Returns starttime in clock ticks.
std::optional<quint64> parseProcStatStartTicks(QByteArrayView stat);

} // namespace gw
