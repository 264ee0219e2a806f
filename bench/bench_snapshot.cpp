// Cost of one full snapshot of an 8-GPU, 50-process server, through NVML (the
// fake libnvidia-ml.so.1) and through nvidia-smi (a generated script). Prints
// one name=value per line; figures, not pass/fail.
//
//   snapshot_us_nvml        our CPU per snapshot: NvmlSampler + HostSampler
//   snapshot_sys_us_nvml    the kernel's share of snapshot_us_nvml
//   nvml_sampler_us         NvmlSampler::sample alone
//   nvml_health_read_us     the health and energy figures of the 8 GPUs
//                           through NvmlHealthReader, a reading a second
//                           (energy, clock reasons, PCIe replays each
//                           reading, the slow counters once a minute, the
//                           event set drained): what the sampler will add
//   nvml_health_slow_read_us  the same for a reading whose slow counters
//                           (ECC, remapped rows, retired pages, NVLink) are due
//   procfs_enrich_us        ProcFs::enrich of the 50 pids, part of the above
//   procfs_enrich_us_fake_tree  the same against a fake /proc tree (directory
//                           descriptors instead of pidfds; what tests exercise)
//
// The 50 GPU processes are real child processes (sleep), and the NVML and
// nvidia-smi paths cross-check them against the real /proc, as on a server.
//   host_sampler_us         HostSampler::sample alone (this machine's /proc, /sys)
//   snapshot_us_smi         our CPU per snapshot: SmiSampler + HostSampler
//                           (the nvidia-smi children are not ours)
//   snapshot_wall_us_smi    wall time per SmiSampler snapshot, children included

#include "sampling/hostsampler.h"
#include "sampling/nvmlhealth.h"
#include "sampling/nvmllibrary.h"
#include "sampling/nvmlsampler.h"
#include "sampling/smisampler.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <sys/resource.h>
#include <time.h>
#include <vector>

using namespace gw;

namespace {

constexpr int kGpus = 8;
constexpr int kProcesses = 50;
constexpr int kWarmup = 200;
constexpr int kIterations = 5000;
constexpr int kSmiWarmup = 3;
constexpr int kSmiIterations = 40;

double cpuMicros()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}

// Kernel share of our CPU time: on a small VM the /proc reads are mostly syscalls.
double sysMicros()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_stime.tv_sec) * 1e6 + double(ru.ru_stime.tv_usec);
}

double wallMicros()
{
    using namespace std::chrono;
    return double(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count()) / 1e3;
}

bool writeFile(const QString& path, const QByteArray& data, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        return false;
    if (executable)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
    return true;
}

QByteArray uuid(int gpu)
{
    return "GPU-be7c0000-0000-4000-8000-" + QByteArray::number(gpu).rightJustified(12, '0');
}

// Pids of the real processes standing in for GPU jobs.
QList<qint64> g_pids;

bool spawnJobs()
{
    static std::vector<std::unique_ptr<QProcess>> jobs;
    for (int i = 0; i < kProcesses; ++i) {
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral("sleep"), {QStringLiteral("600")});
        if (!p->waitForStarted())
            return false;
        g_pids.append(p->processId());
        jobs.push_back(std::move(p));
    }
    return true;
}

void stopJobs()
{
    for (qint64 pid : std::as_const(g_pids))
        ::kill(pid_t(pid), SIGKILL);
}

int gpuOf(int process)
{
    return process % kGpus;
}

bool makeProcTree(const QString& root)
{
    if (!QDir().mkpath(root) ||
        !writeFile(root + QStringLiteral("/stat"), "cpu  1 2 3 4 5 6 7 0 0 0\nbtime 1700000000\n"))
        return false;
    for (int i = 0; i < kProcesses; ++i) {
        const QByteArray pid = QByteArray::number(g_pids[i]);
        const QString dir = root + QLatin1Char('/') + QString::fromLatin1(pid);
        if (!QDir().mkpath(dir) ||
            !writeFile(dir + QStringLiteral("/stat"),
                       pid + " (python3) S 1 " + pid + ' ' + pid +
                           " 0 -1 4194304 1200 0 0 0 5000 300 0 0 20 0 12 0 " +
                           QByteArray::number(100000 + i) +
                           " 9876543210 20000 18446744073709551615\n") ||
            !writeFile(dir + QStringLiteral("/status"),
                       "Name:\tpython3\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t" + pid +
                           "\nPid:\t" + pid + "\nPPid:\t1\nUid:\t" +
                           QByteArray::number(1000 + i % 7) + "\t1000\t1000\t1000\nGid:\t1000\n") ||
            !writeFile(dir + QStringLiteral("/cmdline"),
                       QByteArray("python3\0train.py\0--rank\0", 24) + QByteArray::number(i) +
                           '\0'))
            return false;
    }
    return true;
}

QByteArray nvmlScenario()
{
    QByteArray s = "driver 550.54.15\nnvml 12.550.54.15\n";
    for (int g = 0; g < kGpus; ++g) {
        s += "gpu " + QByteArray::number(g) + " name=\"NVIDIA H100 80GB HBM3\" uuid=" + uuid(g) +
             " bus=00000000:" + QByteArray::number(0x18 + g, 16).rightJustified(2, '0').toUpper() +
             ":00.0 util=" + QByteArray::number(60 + g) +
             " memutil=11 memused=19818MiB memtotal=81559MiB temp=59 power=631950 "
             "powerlimit=700000 smclock=1980 persistence=1 energy=47115334 energystep=700 "
             "clockreasons=0x1 pciereplay=0\n";
        s += "fail " + QByteArray::number(g) + " nvmlDeviceGetFanSpeed NOT_SUPPORTED\n";
        // The health figures an H100 reports (NvmlHealthReader's cost).
        const QByteArray n = QByteArray::number(g);
        s += "ecc " + n + " mode=1 cv=0 ca=0 uv=0 ua=0\nremap " + n +
             " corr=0 unc=0 pending=0 failure=0\n";
        for (int link = 0; link < 18; ++link)
            s += "nvlink " + n + " link=" + QByteArray::number(link) + " replay=0\n";
    }
    for (int i = 0; i < kProcesses; ++i) {
        const QByteArray gpu = QByteArray::number(gpuOf(i));
        const QByteArray pid = QByteArray::number(g_pids[i]);
        s +=
            "proc " + gpu + " compute pid=" + pid + " mem=" + QByteArray::number(512 + i) + "MiB\n";
        if (i % 10 == 0) // a few on both lists
            s += "proc " + gpu + " graphics pid=" + pid + " mem=" + QByteArray::number(512 + i) +
                 "MiB\n";
        s += "putil " + gpu + " pid=" + pid + " ts=" + QByteArray::number(1700000000000000ll + i) +
             " sm=" + QByteArray::number(i % 100) + "\n";
    }
    return s;
}

QByteArray smiGpuCsv()
{
    QByteArray s = "index, uuid, name, pci.bus_id, utilization.gpu [%], utilization.memory [%], "
                   "memory.used [MiB], memory.total [MiB], temperature.gpu, power.draw [W], "
                   "power.limit [W], clocks.current.sm [MHz], fan.speed [%], persistence_mode, "
                   "memory.reserved [MiB], mig.mode.current\n";
    for (int g = 0; g < kGpus; ++g)
        s += QByteArray::number(g) + ", " + uuid(g) + ", NVIDIA H100 80GB HBM3, 00000000:" +
             QByteArray::number(0x18 + g, 16).rightJustified(2, '0').toUpper() + ":00.0, " +
             QByteArray::number(60 + g) +
             ", 11, 19818, 81559, 59, 631.95, 700.00, 1980, [N/A], Enabled, 479, Disabled\n";
    return s;
}

QByteArray smiProcessCsv()
{
    QByteArray s = "gpu_uuid, pid, used_gpu_memory [MiB], process_name\n";
    for (int i = 0; i < kProcesses; ++i)
        s += uuid(gpuOf(i)) + ", " + QByteArray::number(g_pids[i]) + ", " +
             QByteArray::number(512 + i) + ", python3\n";
    return s;
}

struct Figures
{
    double cpuUs;
    double wallUs;
    double sysUs;
};

Figures measure(int warmup, int iterations, const std::function<void()>& once)
{
    for (int i = 0; i < warmup; ++i)
        once();
    const double cpu0 = cpuMicros();
    const double wall0 = wallMicros();
    const double sys0 = sysMicros();
    for (int i = 0; i < iterations; ++i)
        once();
    return {(cpuMicros() - cpu0) / iterations, (wallMicros() - wall0) / iterations,
            (sysMicros() - sys0) / iterations};
}

void print(const char* name, double value)
{
    printf("%s=%.1f\n", name, value);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir tmp;
    if (!spawnJobs()) {
        fprintf(stderr, "bench_snapshot: cannot start the stand-in GPU jobs\n");
        return 1;
    }
    struct StopJobs
    {
        ~StopJobs() { stopJobs(); }
    } stop;
    if (!tmp.isValid() || !makeProcTree(tmp.filePath(QStringLiteral("proc")))) {
        fprintf(stderr, "bench_snapshot: cannot build the fake /proc tree\n");
        return 1;
    }
    const QString scenario = tmp.filePath(QStringLiteral("bench.scenario"));
    const QString gpuCsv = tmp.filePath(QStringLiteral("gpu.csv"));
    const QString procCsv = tmp.filePath(QStringLiteral("apps.csv"));
    const QString smi = tmp.filePath(QStringLiteral("nvidia-smi"));
    if (!writeFile(scenario, nvmlScenario()) || !writeFile(gpuCsv, smiGpuCsv()) ||
        !writeFile(procCsv, smiProcessCsv()) ||
        !writeFile(smi,
                   "#!/bin/sh\ncase \"$1\" in\n--query-gpu=*) exec cat '" +
                       QFile::encodeName(gpuCsv) + "' ;;\n*) exec cat '" +
                       QFile::encodeName(procCsv) + "' ;;\nesac\n",
                   true)) {
        fprintf(stderr, "bench_snapshot: cannot write the scenario files\n");
        return 1;
    }
    qputenv("GW_FAKE_NVML_SCENARIO", QFile::encodeName(scenario));

    SamplerOptions gpuOptions;
    gpuOptions.nvmlLibrary = QStringLiteral(GW_FAKE_NVML);
    gpuOptions.smiProgram = smi;
    auto names = [](uint uid) {
        return QStringLiteral("user%1").arg(uid);
    };

    HostSampler host{SamplerOptions()};
    const bool hostOk = host.open();
    if (!hostOk)
        fprintf(stderr, "bench_snapshot: host sampler: %s\n", qPrintable(host.lastError()));

    printf("gpus=%d\nprocesses=%d\n", kGpus, kProcesses);

    NvmlSampler nvml(gpuOptions);
    nvml.procFs().setUserResolver(names);
    if (!nvml.open()) {
        fprintf(stderr, "bench_snapshot: nvml: %s\n", qPrintable(nvml.lastError()));
        return 1;
    }
    {
        Snapshot check;
        if (!nvml.sample(check) || check.gpus.size() != kGpus ||
            check.processes.size() != kProcesses) {
            fprintf(stderr, "bench_snapshot: nvml snapshot has %d GPUs, %d processes\n",
                    int(check.gpus.size()), int(check.processes.size()));
            return 1;
        }
    }
    const Figures nvmlOnly = measure(kWarmup, kIterations, [&] {
        Snapshot s;
        nvml.sample(s);
    });
    // What the /proc cross-check of the 50 pids costs on its own.
    QList<GpuProcess> pids;
    for (int i = 0; i < kProcesses; ++i) {
        GpuProcess p;
        p.pid = g_pids[i];
        pids.append(p);
    }
    auto enrichCost = [&](const QString& root) {
        ProcFs procFs(root);
        procFs.setUserResolver(names);
        return measure(kWarmup, kIterations, [&] {
            QList<GpuProcess> copy = pids;
            procFs.enrich(copy);
        });
    };
    const Figures enrichOnly = enrichCost(QStringLiteral("/proc"));
    const Figures enrichFake = enrichCost(tmp.filePath(QStringLiteral("proc")));
    const Figures hostOnly = measure(kWarmup / 10, kIterations / 10, [&] {
        Snapshot s;
        host.sample(s);
    });
    const Figures nvmlFull = measure(kWarmup, kIterations, [&] {
        Snapshot s;
        nvml.sample(s);
        if (hostOk)
            host.sample(s);
    });
    print("snapshot_us_nvml", nvmlFull.cpuUs);
    print("snapshot_wall_us_nvml", nvmlFull.wallUs);
    print("snapshot_sys_us_nvml", nvmlFull.sysUs);
    print("nvml_sampler_us", nvmlOnly.cpuUs);
    {
        NvmlLibrary library;
        if (!library.load(gpuOptions.nvmlLibrary)) {
            fprintf(stderr, "bench_snapshot: %s\n", qPrintable(library.error()));
            return 1;
        }
        QList<nvml::Device> devices;
        for (unsigned g = 0; g < unsigned(kGpus); ++g) {
            nvml::Device d = nullptr;
            library.deviceGetHandleByIndex(g, &d);
            devices << d;
        }
        QStringList warnings;
        NvmlHealthReader reader(library);
        reader.open(devices, warnings);
        qint64 atMs = 0;
        auto reading = [&](qint64 stepMs) {
            atMs += stepMs;
            reader.drainEvents(atMs, warnings);
            for (qsizetype g = 0; g < devices.size(); ++g)
                reader.read(g, atMs, warnings);
        };
        const Figures everySecond = measure(kWarmup, kIterations, [&] { reading(1000); });
        const Figures slowDue = measure(kWarmup / 10, kIterations / 10, [&] { reading(60'000); });
        if (!warnings.isEmpty())
            fprintf(stderr, "bench_snapshot: %s\n", qPrintable(warnings.join(u'\n')));
        print("nvml_health_read_us", everySecond.cpuUs);
        print("nvml_health_slow_read_us", slowDue.cpuUs);
    }
    print("procfs_enrich_us", enrichOnly.cpuUs);
    print("procfs_enrich_sys_us", enrichOnly.sysUs);
    print("procfs_enrich_us_fake_tree", enrichFake.cpuUs);
    print("host_sampler_us", hostOk ? hostOnly.cpuUs : 0.0);

    SmiSampler smiSampler(gpuOptions);
    if (!smiSampler.open()) {
        fprintf(stderr, "bench_snapshot: nvidia-smi: %s\n", qPrintable(smiSampler.lastError()));
        printf("snapshot_us_smi=unavailable\n");
        return 0;
    }
    const Figures smiFull = measure(kSmiWarmup, kSmiIterations, [&] {
        Snapshot s;
        smiSampler.sample(s);
        if (hostOk)
            host.sample(s);
    });
    print("snapshot_us_smi", smiFull.cpuUs);
    print("snapshot_wall_us_smi", smiFull.wallUs);
    return 0;
}
