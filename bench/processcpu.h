#pragma once

// CPU time of another process (an agent the benchmark started), from
// /proc/<pid>/stat: what the process costs while the benchmark drives it.

#include <QFile>
#include <QList>
#include <QString>

#include <unistd.h>

namespace gw::bench {

// utime + stime of a process, in seconds; -1 when it cannot be read.
inline double processCpuSeconds(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // After the command in parentheses (which may hold blanks): fields[0]
    // is the state (field 3), so utime (field 14) is fields[11] and stime
    // (field 15) fields[12].
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    return (fields.value(11).toDouble() + fields.value(12).toDouble()) /
           double(sysconf(_SC_CLK_TCK));
}

} // namespace gw::bench
