#pragma once

// Who runs a pid: user, command line, start time, read from a /proc tree.
// Used by every GPU sampler to cross-check driver process lists.

#include "model/snapshot.h"
#include "model/workload.h"

#include <QHash>
#include <QString>

#include <functional>
#include <optional>
#include <unordered_map>

namespace gw {

struct ProcInfo
{
    qint64 pid = 0;
    qint64 startTimeMs = 0; // ms since the epoch (btime + starttime ticks)
    uint uid = 0;
    QString user;
    QString command;
    // What its /proc/PID/cgroup shows (docs/owners.md); absent where this
    // /proc has no cgroup file. Read with the rest, once per process.
    std::optional<Workload> workload;
    // What was wrong with that file (garbled or cut-short lines), said once.
    QStringList cgroupWarnings;

    bool operator==(const ProcInfo&) const = default;
};

// Whether the process reading <procRoot> runs in a PID namespace below the
// host's (a container without --pid=host): <procRoot>/self/ns/pid is not the
// kernel's initial namespace (inode 4026531836), or the NSpid line of
// <procRoot>/self/status lists more than one pid. Absent when neither says.
std::optional<bool> inOwnPidNamespace(const QString& procRoot);

class ProcFs
{
public:
    using UserResolver = std::function<QString(uint uid)>;

    explicit ProcFs(QString root = QStringLiteral("/proc"));
    ~ProcFs();
    ProcFs(const ProcFs&) = delete;
    ProcFs& operator=(const ProcFs&) = delete;

    // Default: getpwuid_r (so LDAP/NSS users resolve), cached; a uid with no
    // entry shows as its number. Tests inject their own table.
    void setUserResolver(UserResolver resolver);

    // What /proc says about pid; absent when this /proc does not show it.
    // A pid is read once: the cache holds a handle on the process itself
    // (a pidfd on the real /proc, a directory descriptor on other trees), and
    // the handle stops answering when the process is gone, so a reused pid
    // is read afresh while a live one costs no file reads at all.
    std::optional<ProcInfo> lookup(qint64 pid);

    // This /proc is of a PID namespace below the host's (inOwnPidNamespace,
    // read once): the driver's pids are the host's, so none is looked up
    // here, where the same number may well be another process.
    bool ownPidNamespace() const { return m_ownPidNamespace; }

    // Fills uid, user, command, start time and workload of each process
    // from /proc and marks the ones /proc does not show as ghosts (kept,
    // never dropped). Steady state: one poll() over all cached processes.
    // What a process's cgroup file got wrong goes to `warnings` once, when
    // the process is first read.
    void enrich(QList<GpuProcess>& processes, QStringList* warnings = nullptr);

    // Boot time from <root>/stat "btime", read once. Absent when unreadable.
    std::optional<qint64> bootTimeMs();

    QString root() const { return m_root; }
    // True when the root is a procfs mount, so its pids are this kernel's.
    bool isKernelProc() const { return m_kernelProc; }
    qsizetype cachedCount() const { return qsizetype(m_cache.size()); }

private:
    struct CacheEntry
    {
        ProcInfo info;
        int aliveFd = -1; // pidfd, or O_PATH descriptor of <root>/<pid>
    };
    std::optional<ProcInfo> readFresh(qint64 pid, int* aliveFd);
    bool stillThere(const CacheEntry& e) const;
    void forget(qint64 pid);

    QString m_root;
    bool m_ownPidNamespace = false;
    bool m_ownPidNamespaceSaid = false;
    bool m_kernelProc = false;
    UserResolver m_resolveUser;
    std::optional<qint64> m_bootTimeMs;
    bool m_bootTimeRead = false;
    long m_ticksPerSecond;
    std::unordered_map<qint64, CacheEntry> m_cache;
    QHash<uint, QString> m_userCache;
};

// Parses the contents of /proc/PID/stat: comm may hold spaces and ')', so
// fields are counted from the last ')'. Returns starttime in clock ticks.
std::optional<quint64> parseProcStatStartTicks(QByteArrayView stat);

} // namespace gw
