#include "sampling/commandline.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::CommandLine)
};
} // namespace

void addSamplerOptions(QCommandLineParser& p)
{
    p.addOption({QStringLiteral("backend"),
                 Tr::tr("GPU backend: auto (NVML, then nvidia-smi, then amdgpu), nvml, nvidia-smi, "
                        "amdgpu or host."),
                 Tr::tr("name"), QStringLiteral("auto")});
    p.addOption({QStringLiteral("proc-root"), Tr::tr("Root of the /proc tree to read."),
                 Tr::tr("dir"), QStringLiteral("/proc")});
    p.addOption({QStringLiteral("sys-root"), Tr::tr("Root of the /sys tree to read."),
                 Tr::tr("dir"), QStringLiteral("/sys")});
    p.addOption({QStringLiteral("cgroup-root"),
                 Tr::tr("Where the cgroup file systems are mounted."), Tr::tr("dir"),
                 QStringLiteral("/sys/fs/cgroup")});
    p.addOption({QStringLiteral("nvml-library"),
                 Tr::tr("NVML library to load (name searched on the library path, or a path)."),
                 Tr::tr("file"), QStringLiteral("libnvidia-ml.so.1")});
    p.addOption({QStringLiteral("nvidia-smi"),
                 Tr::tr("nvidia-smi program (name on PATH, or a path)."), Tr::tr("file"),
                 QStringLiteral("nvidia-smi")});
}

std::optional<SamplerOptions> samplerOptions(const QCommandLineParser& p, QString* error)
{
    SamplerOptions o;
    o.procRoot = p.value(QStringLiteral("proc-root"));
    o.sysRoot = p.value(QStringLiteral("sys-root"));
    o.cgroupRoot = p.value(QStringLiteral("cgroup-root"));
    o.nvmlLibrary = p.value(QStringLiteral("nvml-library"));
    o.smiProgram = p.value(QStringLiteral("nvidia-smi"));
    for (const auto& [name, dir] : {std::pair{QStringLiteral("--proc-root"), o.procRoot},
                                    std::pair{QStringLiteral("--sys-root"), o.sysRoot}}) {
        if (!QFileInfo(dir).isDir()) {
            *error = Tr::tr("%1: \"%2\" is not a directory").arg(name, dir);
            return std::nullopt;
        }
    }
    const QString backend = backendOption(p);
    static const QStringList known{QStringLiteral("auto"), QStringLiteral("nvml"),
                                   QStringLiteral("nvidia-smi"), QStringLiteral("amdgpu"),
                                   QStringLiteral("host")};
    if (!known.contains(backend)) {
        *error = Tr::tr("--backend: unknown backend \"%1\" (known: %2)")
                     .arg(backend, known.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return o;
}

QString backendOption(const QCommandLineParser& p)
{
    return p.value(QStringLiteral("backend"));
}

void addRateIntervalOption(QCommandLineParser& p)
{
    p.addOption(
        {QStringLiteral("interval-ms"),
         QStringLiteral(
             "Wait between the two readings that rates need (0: one reading, rates absent)."),
         QStringLiteral("ms"), QStringLiteral("250")});
}

std::optional<std::chrono::milliseconds> rateIntervalOption(const QCommandLineParser& p,
                                                            QString* error)
{
    bool ok = false;
    const QString text = p.value(QStringLiteral("interval-ms"));
    const int ms = text.toInt(&ok);
    if (!ok || ms < 0 || ms > kMaxRateInterval.count()) {
        *error = QStringLiteral("--interval-ms: expected 0..%1, got \"%2\"")
                     .arg(kMaxRateInterval.count())
                     .arg(text);
        return std::nullopt;
    }
    return std::chrono::milliseconds(ms);
}

} // namespace gw
