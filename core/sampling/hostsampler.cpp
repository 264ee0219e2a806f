#include "sampling/hostsampler.h"
#include "sampling/procfs.h"

#include "util/textparse.h"

#include <QDir>

#include <QFileInfo>
#include <QLoggingCategory>
#include <QSysInfo>
#include <QVarLengthArray>
#include <unistd.h>

#include <chrono>

namespace gw {

Q_LOGGING_CATEGORY(lcHost, "gw.host")

namespace {

using Fields = QVarLengthArray<QByteArrayView, 24>;

Fields splitFields(QByteArrayView line)
{
    Fields out;
    qsizetype i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        qsizetype j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t')
            ++j;
        if (j > i)
            out.append(line.sliced(i, j - i));
        i = j;
    }
    return out;
}

// Calls fn(line) for each line without the trailing newline.
template <typename Fn>
void forEachLine(QByteArrayView text, Fn fn)
{
    while (!text.isEmpty()) {
        const qsizetype eol = text.indexOf('\n');
        const QByteArrayView line = eol < 0 ? text : text.first(eol);
        fn(line);
        text = eol < 0 ? QByteArrayView() : text.sliced(eol + 1);
    }
}

qint64 steadyMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// v1 reports "no limit" as LLONG_MAX rounded down to a page (9223372036854771712);
// anything that large is no real limit.
std::optional<quint64> limitOrAbsent(quint64 v)
{
    if (isSentinelBytes(v))
        return std::nullopt;
    return v;
}

} // namespace

HostSampler::HostSampler(const SamplerOptions& options)
    : m_options(options)
    , m_clock(steadyMs)
    , m_warnings(lcHost)
{}

HostSampler::~HostSampler() = default;

bool HostSampler::open()
{
    QString why;
    if (!readSmallFile(m_options.procRoot + QStringLiteral("/stat"), &why)) {
        m_error = QStringLiteral("Cannot read CPU statistics: ") + why;
        return false;
    }
    m_error.clear();
    m_ownPidNamespace = inOwnPidNamespace(m_options.procRoot);
    m_lastCpu.reset();
    m_lastDisks.clear();
    m_lastDiskMs.reset();
    m_warnings.reset();
    return true;
}

bool HostSampler::sample(Snapshot& out)
{
    HostSample host;
    const auto hostname =
        readSmallFile(m_options.procRoot + QStringLiteral("/sys/kernel/hostname"));
    host.hostname = hostname ? QString::fromUtf8(trimmed(*hostname)) : QString();
    if (host.hostname.isEmpty())
        host.hostname = QSysInfo::machineHostName();
    host.ownPidNamespace = m_ownPidNamespace;

    if (!readCpu(host, out))
        return false;
    readMemory(host, out);
    readDisks(host, out);
    readCgroup(host, out);
    out.host = host;
    return true;
}

bool HostSampler::readCpu(HostSample& host, Snapshot& out)
{
    const QString path = m_options.procRoot + QStringLiteral("/stat");
    QString why;
    const auto stat = readSmallFile(path, &why);
    if (!stat) {
        m_error = QStringLiteral("Cannot read CPU statistics: ") + why;
        return false;
    }

    int cpuCount = 0;
    std::optional<CpuTicks> now;
    bool garbled = false;
    QByteArrayView badLine;
    forEachLine(*stat, [&](QByteArrayView line) {
        if (!line.startsWith("cpu"))
            return;
        const Fields f = splitFields(line);
        if (f.isEmpty())
            return;
        if (f[0] != QByteArrayView("cpu")) {
            // "cpuN" lines, one per online CPU.
            if (parseU64(f[0].sliced(3)))
                ++cpuCount;
            return;
        }
        // user nice system idle [iowait irq softirq steal guest guest_nice]
        if (f.size() < 5) {
            garbled = true;
            badLine = line;
            return;
        }
        quint64 v[8] = {};
        for (qsizetype i = 1; i < std::min<qsizetype>(f.size(), 9); ++i) {
            const auto n = parseU64(f[i]);
            if (!n) {
                garbled = true;
                badLine = line;
                return;
            }
            v[i - 1] = *n;
        }
        // guest and guest_nice are already inside user and nice, so they stay out.
        const quint64 busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
        now = CpuTicks{busy, busy + v[3] + v[4]};
    });

    if (cpuCount > 0)
        host.cpuCount = cpuCount;
    const QString key = QStringLiteral("cpu");
    if (garbled || !now) {
        m_warnings.warn(
            out, key,
            garbled ? QString(path + QStringLiteral(": unexpected CPU line \"") + excerpt(badLine) +
                              QStringLiteral("\", CPU usage not shown"))
                    : path + QStringLiteral(": no aggregate \"cpu\" line, CPU usage not shown"));
        m_lastCpu.reset();
        return true;
    }
    m_warnings.clear(key);
    if (m_lastCpu && now->total > m_lastCpu->total && now->busy >= m_lastCpu->busy) {
        const double dTotal = double(now->total - m_lastCpu->total);
        host.cpuPercent = 100.0 * double(now->busy - m_lastCpu->busy) / dTotal;
    }
    m_lastCpu = now;
    return true;
}

void HostSampler::readMemory(HostSample& host, Snapshot& out)
{
    const QString path = m_options.procRoot + QStringLiteral("/meminfo");
    const QString key = QStringLiteral("meminfo");
    QString why;
    const auto info = readSmallFile(path, &why);
    if (!info) {
        m_warnings.warn(out, key, QStringLiteral("Memory usage not shown: ") + why);
        return;
    }
    std::optional<quint64> totalKb;
    std::optional<quint64> availableKb;
    bool garbled = false;
    forEachLine(*info, [&](QByteArrayView line) {
        std::optional<quint64>* target = nullptr;
        if (line.startsWith("MemTotal:"))
            target = &totalKb;
        else if (line.startsWith("MemAvailable:"))
            target = &availableKb;
        else
            return;
        QByteArrayView value = trimmed(line.sliced(line.indexOf(':') + 1));
        if (value.endsWith("kB"))
            value.chop(2);
        *target = parseU64(value);
        if (!*target)
            garbled = true;
    });
    if (!totalKb || !availableKb || garbled) {
        m_warnings.warn(out, key,
                        path + QStringLiteral(": MemTotal or MemAvailable missing or not a number, "
                                              "memory usage not shown"));
    } else {
        m_warnings.clear(key);
    }
    if (totalKb)
        host.memoryTotalBytes = *totalKb * 1024;
    if (totalKb && availableKb && *availableKb <= *totalKb)
        host.memoryUsedBytes = (*totalKb - *availableKb) * 1024;
}

bool HostSampler::isWholeDisk(const QByteArray& name)
{
    const auto known = m_wholeDisk.constFind(name);
    if (known != m_wholeDisk.cend())
        return *known;
    bool whole = true;
    static const char* const virtualPrefixes[] = {"loop", "ram", "zram", "dm-", "md"};
    for (const char* prefix : virtualPrefixes) {
        if (name.startsWith(prefix))
            whole = false;
    }
    if (whole) {
        // Partitions live under their disk in sysfs, not in /sys/block; names
        // with '/' (cciss/c0d0) appear there with '!'.
        QByteArray sysName = name;
        sysName.replace('/', '!');
        whole =
            ::access((m_options.sysRoot + QStringLiteral("/block/") + QString::fromUtf8(sysName))
                         .toLocal8Bit()
                         .constData(),
                     F_OK) == 0;
    }
    m_wholeDisk.insert(name, whole);
    return whole;
}

void HostSampler::readDisks(HostSample& host, Snapshot& out)
{
    const QString path = m_options.procRoot + QStringLiteral("/diskstats");
    const QString key = QStringLiteral("diskstats");
    QString why;
    const auto stats = readSmallFile(path, &why);
    const qint64 nowMs = m_clock();
    if (!stats) {
        m_warnings.warn(out, key, QStringLiteral("Disk throughput not shown: ") + why);
        m_lastDisks.clear();
        m_lastDiskMs.reset();
        return;
    }
    QHash<QByteArray, DiskSectors> now;
    QByteArrayView badLine;
    forEachLine(*stats, [&](QByteArrayView line) {
        const Fields f = splitFields(line);
        if (f.isEmpty())
            return;
        // 14 columns up to 4.17, 18 with discards (4.18), 20 with flushes (5.5).
        if (f.size() < 14) {
            badLine = line;
            return;
        }
        const QByteArray name = f[2].toByteArray();
        if (!isWholeDisk(name))
            return;
        const auto read = parseU64(f[5]);
        const auto written = parseU64(f[9]);
        if (!read || !written) {
            badLine = line;
            return;
        }
        now.insert(name, DiskSectors{*read, *written});
    });
    if (!badLine.isEmpty())
        m_warnings.warn(out, key,
                        path + QStringLiteral(": unexpected line \"") + excerpt(badLine) +
                            QStringLiteral("\", that disk is left out of disk throughput"));
    else
        m_warnings.clear(key);

    if (m_lastDiskMs && nowMs > *m_lastDiskMs) {
        quint64 readSectors = 0;
        quint64 writtenSectors = 0;
        // Only disks seen both times, and counters that did not go back (a
        // re-attached disk restarts from zero), so a hot-plug is no spike.
        for (auto it = now.cbegin(); it != now.cend(); ++it) {
            const auto prev = m_lastDisks.constFind(it.key());
            if (prev == m_lastDisks.cend())
                continue;
            if (it->read >= prev->read)
                readSectors += it->read - prev->read;
            if (it->written >= prev->written)
                writtenSectors += it->written - prev->written;
        }
        const double seconds = double(nowMs - *m_lastDiskMs) / 1000.0;
        host.diskReadBytesPerSec = double(readSectors) * 512.0 / seconds;
        host.diskWriteBytesPerSec = double(writtenSectors) * 512.0 / seconds;
    }
    m_lastDisks = now;
    m_lastDiskMs = nowMs;
}

HostSampler::CgroupPaths HostSampler::locateCgroup(Snapshot& out)
{
    CgroupPaths paths;
    const QString selfPath = m_options.procRoot + QStringLiteral("/self/cgroup");
    QString why;
    const auto self = readSmallFile(selfPath, &why);
    if (!self) {
        m_warnings.warn(out, QStringLiteral("self-cgroup"),
                        QStringLiteral("Cgroup limits not shown: ") + why);
        return paths;
    }
    m_warnings.clear(QStringLiteral("self-cgroup"));

    std::optional<QString> unifiedPath;
    QString memoryPath;
    QString cpuPath;
    QString cpuMount;
    forEachLine(*self, [&](QByteArrayView line) {
        // "hierarchy-id:controller,list:/path"; the path may itself hold ':'.
        const qsizetype c1 = line.indexOf(':');
        const qsizetype c2 = c1 < 0 ? -1 : line.indexOf(':', c1 + 1);
        if (c2 < 0)
            return;
        const QByteArrayView id = line.first(c1);
        const QByteArrayView controllers = line.sliced(c1 + 1, c2 - c1 - 1);
        const QString path = QString::fromUtf8(line.sliced(c2 + 1));
        if (id == QByteArrayView("0") && controllers.isEmpty()) {
            unifiedPath = path;
            return;
        }
        const QList<QByteArray> names = controllers.toByteArray().split(',');
        if (names.contains("memory"))
            memoryPath = path;
        if (names.contains("cpu")) {
            cpuPath = path;
            cpuMount = QString::fromUtf8(controllers);
        }
    });

    const QString root = m_options.cgroupRoot;
    // Inside a container the path names the host's view; the container's
    // own cgroup is then mounted at the controller root.
    auto resolve = [](const QString& mount, const QString& path) {
        const QString full = QDir::cleanPath(mount + QLatin1Char('/') + path);
        return QFileInfo(full).isDir() ? full : mount;
    };

    const bool unifiedMounted = QFileInfo::exists(root + QStringLiteral("/cgroup.controllers")) ||
                                QFileInfo::exists(root + QStringLiteral("/memory.max"));
    if (unifiedPath && unifiedMounted) {
        paths.version = QStringLiteral("v2");
        paths.memoryDir = paths.cpuDir = resolve(root, *unifiedPath);
        return paths;
    }
    if (memoryPath.isEmpty() && cpuPath.isEmpty())
        return paths;
    paths.version = QStringLiteral("v1");
    if (!memoryPath.isEmpty() && QFileInfo(root + QStringLiteral("/memory")).isDir())
        paths.memoryDir = resolve(root + QStringLiteral("/memory"), memoryPath);
    if (!cpuPath.isEmpty()) {
        const QString candidates[] = {cpuMount, QStringLiteral("cpu"),
                                      QStringLiteral("cpu,cpuacct"), QStringLiteral("cpuacct,cpu")};
        for (const QString& mount : candidates) {
            if (QFileInfo(root + QLatin1Char('/') + mount).isDir()) {
                paths.cpuDir = resolve(root + QLatin1Char('/') + mount, cpuPath);
                break;
            }
        }
    }
    return paths;
}

std::optional<quint64> HostSampler::readCgroupU64(const QString& path, Snapshot& out)
{
    // A missing file means this cgroup has no such limit (the v2 root has no
    // memory.max); only a file that is there and unreadable is worth a word.
    const IntFile<quint64> r = readU64File(path);
    if (trimmed(r.content) == QByteArrayView("max")) { // no limit
        m_warnings.clear(path);
        return std::nullopt;
    }
    m_warnings.report(out, path,
                      r.problem(QStringLiteral("Cgroup limit not shown: "),
                                QStringLiteral(", cgroup value not shown")),
                      r.value.has_value());
    return r.value;
}

void HostSampler::readCgroup(HostSample& host, Snapshot& out)
{
    const qint64 nowMs = m_clock();
    if (!m_cgroup || nowMs - m_cgroupLocatedMs >= kCgroupRelocateMs) {
        m_cgroup = locateCgroup(out);
        m_cgroupLocatedMs = nowMs;
    }
    const CgroupPaths paths = *m_cgroup;
    host.cgroupVersion = paths.version;
    if (paths.version == QLatin1String("v2")) {
        if (const auto limit = readCgroupU64(paths.memoryDir + QStringLiteral("/memory.max"), out))
            host.cgroupMemoryLimitBytes = limitOrAbsent(*limit);
        host.cgroupMemoryUsedBytes =
            readCgroupU64(paths.memoryDir + QStringLiteral("/memory.current"), out);

        const QString cpuMax = paths.cpuDir + QStringLiteral("/cpu.max");
        if (!QFileInfo::exists(cpuMax))
            return;
        QString why;
        const auto data = readSmallFile(cpuMax, &why, 4096);
        if (!data) {
            m_warnings.warn(out, cpuMax, QStringLiteral("Cgroup CPU limit not shown: ") + why);
            return;
        }
        // "$MAX $PERIOD", "max 100000" when unlimited; a burst field may follow.
        const Fields f = splitFields(trimmed(*data));
        if (f.size() >= 2 && f[0] == QByteArrayView("max")) {
            m_warnings.clear(cpuMax);
            return;
        }
        quint64 quota = 0;
        quint64 period = 0;
        if (f.size() >= 2) {
            quota = parseU64(f[0]).value_or(0);
            period = parseU64(f[1]).value_or(0);
        }
        if (quota == 0 || period == 0) {
            m_warnings.warn(out, cpuMax,
                            cpuMax + QStringLiteral(": unexpected content \"") + excerpt(*data) +
                                QStringLiteral("\", cgroup CPU limit not shown"));
            return;
        }
        m_warnings.clear(cpuMax);
        host.cgroupCpuLimitCores = double(quota) / double(period);
        return;
    }
    if (paths.version != QLatin1String("v1"))
        return;

    if (!paths.memoryDir.isEmpty()) {
        if (const auto limit =
                readCgroupU64(paths.memoryDir + QStringLiteral("/memory.limit_in_bytes"), out))
            host.cgroupMemoryLimitBytes = limitOrAbsent(*limit);
        host.cgroupMemoryUsedBytes =
            readCgroupU64(paths.memoryDir + QStringLiteral("/memory.usage_in_bytes"), out);
    }
    if (paths.cpuDir.isEmpty())
        return;
    const QString quotaPath = paths.cpuDir + QStringLiteral("/cpu.cfs_quota_us");
    const IntFile<qint64> quota = readI64File(quotaPath);
    if (quota.status == IntFile<qint64>::Status::Missing)
        return;
    if (const auto problem = quota.problem(QStringLiteral("Cgroup CPU limit not shown: "),
                                           QStringLiteral(", cgroup CPU limit not shown"))) {
        m_warnings.warn(out, quotaPath, *problem);
        return;
    }
    m_warnings.clear(quotaPath);
    if (*quota.value < 0) // -1: no quota
        return;
    const auto period = readCgroupU64(paths.cpuDir + QStringLiteral("/cpu.cfs_period_us"), out);
    if (period && *period > 0)
        host.cgroupCpuLimitCores = double(*quota.value) / double(*period);
}

} // namespace gw
