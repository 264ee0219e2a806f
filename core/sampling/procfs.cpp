#include "sampling/procfs.h"

#include "owners/cgroupworkload.h"

#include "util/textparse.h"

#include <QSet>

#include <cerrno>
#include <fcntl.h>
#include <linux/magic.h>
#include <poll.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vector>

namespace gw {

namespace {

QString passwdName(uint uid)
{
    long size = sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buf(size > 0 ? size_t(size) : 16384);
    passwd pw{};
    passwd* result = nullptr;
    if (getpwuid_r(uid, &pw, buf.data(), buf.size(), &result) == 0 && result && result->pw_name)
        return QString::fromLocal8Bit(result->pw_name);
    return QString::number(uid);
}

std::optional<uint> parseUid(QByteArrayView status)
{
    // "Uid:\t<real>\t<effective>\t<saved>\t<fs>"; the real uid is the owner.
    const qsizetype at = status.indexOf(QByteArrayView("\nUid:"));
    if (at < 0)
        return std::nullopt;
    QByteArrayView rest = status.sliced(at + 5);
    const qsizetype eol = rest.indexOf('\n');
    if (eol >= 0)
        rest = rest.first(eol);
    rest = trimmed(rest);
    qsizetype end = 0;
    while (end < rest.size() && rest[end] != '\t' && rest[end] != ' ')
        ++end;
    const auto v = parseU64(rest.first(end));
    if (!v || *v > 0xFFFFFFFFull)
        return std::nullopt;
    return uint(*v);
}

QString commandFrom(const QByteArray& cmdline, QByteArrayView stat)
{
    QByteArray cmd = cmdline;
    while (cmd.endsWith('\0'))
        cmd.chop(1);
    if (!cmd.isEmpty()) {
        // One line, wherever it is shown: the NULs between arguments and
        // any control character inside one (`python3 -c "<a script with
        // newlines>"`, seen on a real H200 host) become spaces, as `ps`
        // shows them as one character each.
        for (char& c : cmd) {
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                c = ' ';
        }
        return QString::fromUtf8(cmd);
    }
    // Kernel threads and zombies have an empty cmdline: show [comm] like ps.
    const qsizetype open = stat.indexOf('(');
    const qsizetype close = stat.lastIndexOf(')');
    if (open >= 0 && close > open)
        return QLatin1Char('[') + QString::fromUtf8(stat.sliced(open + 1, close - open - 1)) +
               QLatin1Char(']');
    return {};
}

} // namespace

std::optional<quint64> parseProcStatStartTicks(QByteArrayView stat)
{
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    // After ") " come fields 3.. (state is field 3); starttime is field 22.
    QByteArrayView rest = stat.sliced(close + 1);
    int field = 2;
    qsizetype i = 0;
    while (i < rest.size()) {
        while (i < rest.size() && rest[i] == ' ')
            ++i;
        if (i >= rest.size())
            break;
        qsizetype j = i;
        while (j < rest.size() && rest[j] != ' ' && rest[j] != '\n')
            ++j;
        ++field;
        if (field == 22)
            return parseU64(rest.sliced(i, j - i));
        i = j;
        if (i < rest.size() && rest[i] == '\n')
            break;
    }
    return std::nullopt;
}

std::optional<bool> inOwnPidNamespace(const QString& procRoot)
{
    // The kernel's initial PID namespace has a fixed inode number
    // (PROC_PID_INIT_INO, Linux 3.8+): any other is a namespace below it.
    constexpr QByteArrayView kInitialPidNamespace = "pid:[4026531836]";
    const QByteArray link = (procRoot + QStringLiteral("/self/ns/pid")).toLocal8Bit();
    char target[64] = {};
    const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
    std::optional<bool> own;
    if (n > 0)
        own = QByteArrayView(target, n) != kInitialPidNamespace;
    // NSpid lists the pid in each namespace from the /proc mount's down:
    // more than one is a namespace below it (a /proc of the host's).
    if (const std::optional<QByteArray> status =
            readSmallFile(procRoot + QStringLiteral("/self/status"), nullptr, 64 * 1024)) {
        for (const QByteArray& line : status->split('\n')) {
            if (line.startsWith("NSpid:"))
                own = own.value_or(false) || line.mid(6).simplified().split(' ').size() > 1;
        }
    }
    return own;
}

ProcFs::ProcFs(QString root)
    : m_root(std::move(root))
    , m_ticksPerSecond(sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100)
{
#if defined(SYS_pidfd_open)
    // pidfds refer to this kernel's processes: only meaningful when the root
    // is a procfs (fake trees in tests name pids that are not processes).
    struct statfs fs
    {};
    m_kernelProc =
        statfs(m_root.toLocal8Bit().constData(), &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
#endif
    m_ownPidNamespace = inOwnPidNamespace(m_root).value_or(false);
}

ProcFs::~ProcFs()
{
    for (auto& [pid, e] : m_cache) {
        if (e.aliveFd >= 0)
            ::close(e.aliveFd);
    }
}

void ProcFs::setUserResolver(UserResolver resolver)
{
    m_resolveUser = std::move(resolver);
    m_userCache.clear();
    while (!m_cache.empty())
        forget(m_cache.begin()->first);
}

std::optional<qint64> ProcFs::bootTimeMs()
{
    if (m_bootTimeRead)
        return m_bootTimeMs;
    m_bootTimeRead = true;
    const auto stat = readSmallFile(m_root + QStringLiteral("/stat"));
    if (!stat)
        return std::nullopt;
    const qsizetype at = stat->indexOf("\nbtime ");
    if (at < 0)
        return std::nullopt;
    QByteArrayView rest = QByteArrayView(*stat).sliced(at + 7);
    const qsizetype eol = rest.indexOf('\n');
    if (eol >= 0)
        rest = rest.first(eol);
    if (const auto v = parseI64(rest))
        m_bootTimeMs = *v * 1000;
    return m_bootTimeMs;
}

void ProcFs::forget(qint64 pid)
{
    const auto it = m_cache.find(pid);
    if (it == m_cache.end())
        return;
    if (it->second.aliveFd >= 0)
        ::close(it->second.aliveFd);
    m_cache.erase(it);
}

bool ProcFs::stillThere(const CacheEntry& e) const
{
    if (e.aliveFd < 0)
        return false;
    if (m_kernelProc) {
        // A pidfd turns readable when its process exits.
        pollfd pfd{e.aliveFd, POLLIN, 0};
        return ::poll(&pfd, 1, 0) == 0;
    }
    // A directory descriptor keeps naming the directory it was opened on: once
    // that is removed (the process "exited"), nothing can be found in it, even
    // if a directory of the same name comes back.
    struct stat st
    {};
    return ::fstatat(e.aliveFd, "stat", &st, 0) == 0;
}

std::optional<ProcInfo> ProcFs::readFresh(qint64 pid, int* aliveFd)
{
    *aliveFd = -1;
    int pidfd = -1;
#if defined(SYS_pidfd_open)
    if (m_kernelProc) {
        // Taken before reading, so what is read belongs to the process the
        // pidfd names: a pid cannot be reused while that process lives.
        pidfd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0u));
        if (pidfd < 0 && errno == ESRCH)
            return std::nullopt;
        if (pidfd < 0 && errno == ENOSYS)
            m_kernelProc = false; // kernel before 5.3: directory descriptors then
        if (pidfd >= 0)
            ::fcntl(pidfd, F_SETFD, FD_CLOEXEC);
    }
#endif
    const QByteArray dirPath = (m_root + QLatin1Char('/') + QString::number(pid)).toLocal8Bit();
    const int dirFd = ::open(dirPath.constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0) {
        if (pidfd >= 0)
            ::close(pidfd);
        return std::nullopt;
    }
    const auto stat = readSmallFileAt(dirFd, "stat", nullptr, 8192);
    const auto status = stat ? readSmallFileAt(dirFd, "status", nullptr, 65536) : std::nullopt;
    if (!stat || !status) { // exited while we looked
        ::close(dirFd);
        if (pidfd >= 0)
            ::close(pidfd);
        return std::nullopt;
    }
    ProcInfo info;
    info.pid = pid;
    const auto ticks = parseProcStatStartTicks(*stat);
    // Without btime the start is unknown (0), not "ms since boot" posing as
    // an epoch time.
    const auto boot = bootTimeMs();
    info.startTimeMs = ticks && boot ? *boot + qint64(*ticks) * 1000 / m_ticksPerSecond : 0;
    if (const auto uid = parseUid(*status))
        info.uid = *uid;
    auto user = m_userCache.constFind(info.uid);
    if (user == m_userCache.cend())
        user = m_userCache.insert(info.uid,
                                  m_resolveUser ? m_resolveUser(info.uid) : passwdName(info.uid));
    info.user = *user;
    info.command = commandFrom(readSmallFileAt(dirFd, "cmdline").value_or(QByteArray()), *stat);
    if (const auto cgroup =
            readSmallFileAt(dirFd, "cgroup", nullptr, owners::kMaxCgroupFileBytes + 1)) {
        owners::CgroupReading r = owners::readProcCgroup(*cgroup);
        info.workload = std::move(r.workload);
        for (const QString& w : std::as_const(r.warnings))
            info.cgroupWarnings
                << QStringLiteral("pid %1: %2/%1/cgroup: %3").arg(pid).arg(m_root, w);
    }

    if (pidfd >= 0) {
        ::close(dirFd);
        *aliveFd = pidfd;
    } else {
        *aliveFd = dirFd;
    }
    return info;
}

std::optional<ProcInfo> ProcFs::lookup(qint64 pid)
{
    if (pid <= 0)
        return std::nullopt;
    const auto it = m_cache.find(pid);
    if (it != m_cache.end()) {
        if (stillThere(it->second))
            return it->second.info;
        forget(pid);
    }
    int aliveFd = -1;
    auto info = readFresh(pid, &aliveFd);
    if (info && aliveFd >= 0)
        m_cache.emplace(pid, CacheEntry{*info, aliveFd});
    return info;
}

void ProcFs::enrich(QList<GpuProcess>& processes, QStringList* warnings)
{
    // Forget pids that no GPU holds any more, so the cache (and its open
    // descriptors) stays the size of the current process list.
    QSet<qint64> current;
    current.reserve(processes.size());
    for (const auto& p : processes)
        current.insert(p.pid);
    for (auto it = m_cache.begin(); it != m_cache.end();) {
        if (current.contains(it->first)) {
            ++it;
        } else {
            if (it->second.aliveFd >= 0)
                ::close(it->second.aliveFd);
            it = m_cache.erase(it);
        }
    }

    // One poll() tells which cached processes have exited since last time.
    if (m_kernelProc && !m_cache.empty()) {
        std::vector<pollfd> fds;
        std::vector<qint64> pids;
        fds.reserve(m_cache.size());
        pids.reserve(m_cache.size());
        for (const auto& [pid, e] : m_cache) {
            fds.push_back(pollfd{e.aliveFd, POLLIN, 0});
            pids.push_back(pid);
        }
        if (::poll(fds.data(), nfds_t(fds.size()), 0) > 0) {
            for (size_t i = 0; i < fds.size(); ++i) {
                if (fds[i].revents != 0)
                    forget(pids[i]);
            }
        }
    }

    if (m_ownPidNamespace) {
        // Never a pid that is not ours to name: kept as the driver gave it.
        if (!processes.isEmpty() && !m_ownPidNamespaceSaid && warnings) {
            *warnings
                << QStringLiteral(
                       "this sampler runs in a PID namespace of its own (a container without the "
                       "host's, such as docker run without --pid=host): the driver's process ids "
                       "are "
                       "not the ids of %1, so no process is named (no user, command or owner)")
                       .arg(m_root);
            m_ownPidNamespaceSaid = true;
        }
        for (auto& p : processes) {
            p.ghost = true;
            p.workload.reset();
        }
        return;
    }
    for (auto& p : processes) {
        std::optional<ProcInfo> info;
        const auto it = m_kernelProc ? m_cache.find(p.pid) : m_cache.end();
        if (it != m_cache.end()) {
            info = it->second.info; // checked by the poll above
        } else {
            info = lookup(p.pid);
            // Said once: when the process is first read, not each reading.
            const auto read = m_cache.find(p.pid);
            if (read != m_cache.end() && !read->second.info.cgroupWarnings.isEmpty()) {
                if (warnings)
                    *warnings << read->second.info.cgroupWarnings;
                read->second.info.cgroupWarnings.clear();
            }
        }
        if (!info) {
            p.ghost = true;
            continue;
        }
        p.ghost = false;
        p.uid = info->uid;
        p.user = info->user;
        if (p.command.isEmpty() || !info->command.isEmpty())
            p.command = info->command;
        if (info->startTimeMs > 0)
            p.startTimeMs = info->startTimeMs;
        p.workload = info->workload;
    }
}

} // namespace gw
