#include "procfs.h"

#include "textparse.h"

#include <QSet>

#include <pwd.h>
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
        cmd.replace('\0', ' ');
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

ProcFs::ProcFs(QString root)
    : m_root(std::move(root))
    , m_ticksPerSecond(sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100)
{}

void ProcFs::setUserResolver(UserResolver resolver)
{
    m_resolveUser = std::move(resolver);
    m_userCache.clear();
    m_cache.clear();
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

std::optional<ProcInfo> ProcFs::lookup(qint64 pid)
{
    if (pid <= 0)
        return std::nullopt;
    const QString dir = m_root + QLatin1Char('/') + QString::number(pid);
    const auto stat = readSmallFile(dir + QStringLiteral("/stat"), nullptr, 8192);
    if (!stat) {
        m_cache.remove(pid);
        return std::nullopt;
    }
    const auto ticks = parseProcStatStartTicks(*stat);
    // Without btime the start is unknown (0), not "ms since boot" posing as
    // an epoch time; the raw ticks still tell a reused pid apart.
    const auto boot = bootTimeMs();
    const qint64 startMs = ticks && boot ? *boot + qint64(*ticks) * 1000 / m_ticksPerSecond : 0;
    const quint64 startTicks = ticks.value_or(0);

    auto cached = m_cache.constFind(pid);
    if (cached != m_cache.cend() && cached->startTicks == startTicks)
        return cached->info;

    ProcInfo info;
    info.pid = pid;
    info.startTimeMs = startMs;
    const auto status = readSmallFile(dir + QStringLiteral("/status"), nullptr, 65536);
    if (!status) // exited between the two reads
        return std::nullopt;
    if (const auto uid = parseUid(*status))
        info.uid = *uid;
    auto user = m_userCache.constFind(info.uid);
    if (user == m_userCache.cend())
        user = m_userCache.insert(info.uid,
                                  m_resolveUser ? m_resolveUser(info.uid) : passwdName(info.uid));
    info.user = *user;
    info.command =
        commandFrom(readSmallFile(dir + QStringLiteral("/cmdline")).value_or(QByteArray()), *stat);
    m_cache.insert(pid, CacheEntry{startTicks, info});
    return info;
}

void ProcFs::enrich(QList<GpuProcess>& processes)
{
    // Forget pids that no GPU holds any more, so the cache stays the size of
    // the current process list.
    QSet<qint64> current;
    current.reserve(processes.size());
    for (const auto& p : processes)
        current.insert(p.pid);
    for (auto it = m_cache.begin(); it != m_cache.end();)
        it = current.contains(it.key()) ? std::next(it) : m_cache.erase(it);

    for (auto& p : processes) {
        const auto info = lookup(p.pid);
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
    }
}

} // namespace gw
