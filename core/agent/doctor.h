#pragma once

// `gpuwarden-agent doctor`: what is wrong with this installation, at once.
// Each finding is ok, warning or error, with what to do about it
// (docs/agent-api.md, "Doctor"):
//
//   config     agent.toml read as the agent reads it; who may read it
//   listen     the address: every interface without TLS is an error
//   nvml       NVML found, its driver's version, the GPUs it sees
//   processes  whether other users' processes and their owners can be
//              seen (the PID namespace, /proc's hidepid) and signalled
//   kernel log /dev/kmsg readable for NVIDIA's XID lines
//   journal,   folders there and writable, free space for the retention
//   history
//   clock      synchronised (the kernel's NTP state)
//   policy     policy.toml read as the agent reads it
//   webhook    the alerts' webhook answering at all
//
// The exit status says the worst finding: 0 all ok, 1 a warning, 2 an error.
// Every outside fact comes through DoctorSetup, so tests give their own.

#include "model/doctorfinding.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace gw {

struct DoctorSetup
{
    QString configPath;
    QString procRoot = QStringLiteral("/proc");
    QString nvmlLibrary = QStringLiteral("libnvidia-ml.so.1");
    // The kernel's NTP state: true synchronised, false not, absent unknown;
    // with the maximum error in ms where known. Default: adjtimex(2).
    struct Clock
    {
        std::optional<bool> synchronised;
        std::optional<double> maxErrorMs;
    };
    std::function<Clock()> clock;
    // Free bytes where `path` lives; absent when unknown. Default: statvfs.
    std::function<std::optional<quint64>(const QString& path)> freeBytes;
    int webhookTimeoutMs = 5000;
};

QList<DoctorFinding> runDoctor(const DoctorSetup& setup);

// The journal's bytes a reading, for the free-space check: the demo's 8-GPU
// node-04 took 944 KB for 1,906 readings (about 500 bytes each, WAL
// included); 1,200 leaves room for servers with more processes.
inline constexpr quint64 kDoctorJournalBytesPerReading = 1200;

// `gpuwarden-agent doctor [--config FILE] [--json] [--nvml-library LIB]`:
// `arguments` follow "doctor". Prints the findings; returns the exit status.
int runDoctorCommand(const QStringList& arguments, const QString& defaultConfig);

} // namespace gw
