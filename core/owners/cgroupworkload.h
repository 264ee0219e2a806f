// The workload a process runs in, read from its /proc/PID/cgroup
// (docs/owners.md, "What the cgroup says"). Pure text in, facts out: no
// runtime is asked here, and a shape not recognised is kept as its path,
// never guessed.
#pragma once

#include "model/workload.h"

#include <QByteArrayView>
#include <QStringList>

namespace gw::owners {

// One cgroup path, as a line of /proc/PID/cgroup gives it after its second
// colon ("/system.slice/docker-<id>.scope"). "/" is no workload; a path of
// no known shape is WorkloadKind::Unknown with the path kept.
Workload classifyCgroupPath(QStringView path);

struct CgroupReading
{
    Workload workload;
    // Lines that are not "hierarchy-ID:controllers:path", a file cut short,
    // too long a file: each said once, with its line number. The workload
    // is then read from the whole lines alone (or is None).
    QStringList warnings;
};

// The text of /proc/PID/cgroup: cgroup v1 (one line per hierarchy), v2
// ("0::/path") or both (a hybrid host). The workload is taken from the
// line that shows one: a container, pod, job or LXC container on any line
// first (Slurm's proctrack/cgroup puts its job on the freezer line alone),
// then a systemd session or service, then the first path that is not "/".
CgroupReading readProcCgroup(QByteArrayView text);

// The most of /proc/PID/cgroup that is read: a real one is a few hundred
// bytes (one line per v1 hierarchy, at most about 16).
inline constexpr qsizetype kMaxCgroupFileBytes = 64 * 1024;

} // namespace gw::owners
