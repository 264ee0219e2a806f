#pragma once

// What tst_cliselect and tst_clirun share: gpuwarden-cli run as a user runs
// it, the fake libnvidia-ml.so.1 on the library path with a scenario, and a
// fake /proc and /sys so no test reads the machine it runs on.

#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace clitest {

inline bool writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Neither NVML nor nvidia-smi of this machine may leak into a run: only the
// fake NVML, reading `scenario`.
inline QProcessEnvironment fakeNvmlEnv(const QString& scenario)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("GW_FAKE_SMI_DIR"));
    env.remove(QStringLiteral("GPUWARDEN_TOKEN"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(GW_FAKE_NVML_DIR));
    env.insert(QStringLiteral("GW_FAKE_NVML_SCENARIO"), scenario);
    return env;
}

// A fake machine "gpu-node-9" under `root`; answers the options that point
// the samplers at it.
inline QStringList fakeMachine(const QString& root)
{
    const QString proc = root + QStringLiteral("/proc");
    const QString sys = root + QStringLiteral("/sys");
    writeFile(proc + QStringLiteral("/stat"), "cpu  100 0 50 1000 0 0 0 0 0 0\nbtime 1795300000\n");
    writeFile(proc + QStringLiteral("/meminfo"),
              "MemTotal:       67108864 kB\nMemFree:         1000000 kB\n"
              "MemAvailable:   50331648 kB\n");
    writeFile(proc + QStringLiteral("/sys/kernel/hostname"), "gpu-node-9\n");
    writeFile(proc + QStringLiteral("/self/cgroup"), "0::/\n");
    QDir().mkpath(sys + QStringLiteral("/block"));
    QDir().mkpath(sys + QStringLiteral("/class/drm"));
    return {QStringLiteral("--proc-root"),   proc,
            QStringLiteral("--sys-root"),    sys,
            QStringLiteral("--cgroup-root"), sys + QStringLiteral("/fs/cgroup")};
}

} // namespace clitest
