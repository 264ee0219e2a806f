#include "sampling/nvmlsampler.h"

#include "sampling/smimig.h"
#include "util/textparse.h"

#include <QDateTime>
#include <QFile>
#include <QVarLengthArray>

#include <algorithm>
#include <cstring>
#include <utility>

namespace gw {

namespace {

QString fromBuffer(const char* buf, size_t size)
{
    return QString::fromUtf8(buf, qsizetype(strnlen(buf, size)));
}

std::optional<double> fromU32(unsigned v, double scale = 1.0)
{
    if (isSentinelU32(v))
        return std::nullopt;
    return double(v) * scale;
}

// The result of one sample of a device that failed as a whole: identity and
// the error, nothing else, so no stale number can be mistaken for a reading.
void markFailed(GpuSample& gpu, const QString& error)
{
    GpuSample failed;
    failed.index = gpu.index;
    failed.uuid = gpu.uuid;
    failed.name = gpu.name;
    failed.pciBusId = gpu.pciBusId;
    failed.vendor = gpu.vendor;
    failed.error = error;
    gpu = std::move(failed);
}

// "NVIDIA H100 80GB HBM3 MIG 3g.40gb" -> "3g.40gb"; empty when the name
// carries no profile.
QString migProfileFromName(const QString& name)
{
    const qsizetype at = name.lastIndexOf(QLatin1String("MIG "));
    if (at < 0)
        return QString();
    return name.mid(at + 4).trimmed();
}

} // namespace

NvmlSampler::NvmlSampler(const SamplerOptions& options)
    : m_options(options)
    , m_procFs(options.procRoot)
{}

// NvmlLibrary's destructor runs nvmlShutdown, then dlclose.
NvmlSampler::~NvmlSampler() = default;

bool NvmlSampler::open()
{
    m_health.reset();
    m_openWarnings.clear();
    m_devices.clear();
    m_description.clear();
    m_lib = std::make_unique<NvmlLibrary>();
    if (!m_lib->load(m_options.nvmlLibrary)) {
        m_error = m_lib->error();
        m_lib.reset();
        qCInfo(lcNvml) << "NVML unavailable:" << m_error;
        return false;
    }
    NvmlLibrary& lib = *m_lib;

    unsigned count = 0;
    if (const auto rc = lib.deviceGetCount(&count); rc != nvml::SUCCESS) {
        m_error = QStringLiteral("cannot count GPUs: ") + lib.describe("nvmlDeviceGetCount_v2", rc);
        m_lib.reset();
        return false;
    }

    for (unsigned i = 0; i < count; ++i) {
        Device dev;
        dev.index = int(i);
        // Count includes devices we may not open (NO_PERMISSION): skip those
        // and keep the rest.
        if (const auto rc = lib.deviceGetHandleByIndex(i, &dev.handle); rc != nvml::SUCCESS) {
            qCWarning(lcNvml).noquote()
                << "skipping GPU" << i << lib.describe("nvmlDeviceGetHandleByIndex_v2", rc);
            continue;
        }
        char buf[nvml::kDeviceNameBufferSize] = {};
        if (lib.deviceGetName(dev.handle, buf, sizeof buf) == nvml::SUCCESS)
            dev.name = fromBuffer(buf, sizeof buf);
        char uuid[nvml::kDeviceUuidBufferSize] = {};
        if (lib.deviceGetUuid(dev.handle, uuid, sizeof uuid) == nvml::SUCCESS)
            dev.uuid = fromBuffer(uuid, sizeof uuid);
        nvml::PciInfo pci{};
        if (lib.deviceGetPciInfo && lib.deviceGetPciInfo(dev.handle, &pci) == nvml::SUCCESS)
            dev.pciBusId = fromBuffer(pci.busId, sizeof pci.busId);
        m_devices.push_back(std::move(dev));
    }
    if (m_devices.empty()) {
        m_error = count == 0
                      ? QStringLiteral("NVML found no NVIDIA GPU")
                      : QStringLiteral("NVML lists %1 GPUs but none could be opened").arg(count);
        m_lib.reset();
        return false;
    }

    char version[nvml::kSystemVersionBufferSize] = {};
    QString nvmlVersion, driverVersion;
    if (lib.systemGetNvmlVersion &&
        lib.systemGetNvmlVersion(version, sizeof version) == nvml::SUCCESS)
        nvmlVersion = fromBuffer(version, sizeof version);
    if (lib.systemGetDriverVersion &&
        lib.systemGetDriverVersion(version, sizeof version) == nvml::SUCCESS)
        driverVersion = fromBuffer(version, sizeof version);
    m_description = QStringLiteral("NVML %1, driver %2, %3 GPU%4")
                        .arg(nvmlVersion.isEmpty() ? QStringLiteral("?") : nvmlVersion,
                             driverVersion.isEmpty() ? QStringLiteral("?") : driverVersion)
                        .arg(m_devices.size())
                        .arg(m_devices.size() == 1 ? QString() : QStringLiteral("s"));
    m_error.clear();
    qCInfo(lcNvml).noquote() << m_description;
    QList<nvml::Device> handles;
    for (const Device& dev : m_devices)
        handles.append(dev.handle);
    m_health = std::make_unique<NvmlHealthReader>(lib);
    m_health->open(handles, m_openWarnings);
    return true;
}

NvmlSampler::Outcome NvmlSampler::classify(Device& dev, const char* function, nvml::Return rc,
                                           GpuSample& gpu, Snapshot& out)
{
    switch (nvmlStatus(rc)) {
    case NvmlStatus::Value:
        return Outcome::Value;
    case NvmlStatus::Absent:
        return Outcome::Absent;
    case NvmlStatus::DeviceFailed: {
        const QString why = m_lib->describe(function, rc);
        markFailed(gpu, why);
        const QString warning = QStringLiteral("GPU %1 (%2): %3").arg(dev.index).arg(dev.uuid, why);
        qCWarning(lcNvml).noquote() << warning;
        out.warnings.append(warning);
        return Outcome::DeviceFailed;
    }
    case NvmlStatus::FieldFailed:
        break;
    }
    // A field-level failure (permission, timeout): that field is absent,
    // the admin learns why.
    const QString warning =
        QStringLiteral("GPU %1: %2").arg(dev.index).arg(m_lib->describe(function, rc));
    qCDebug(lcNvml).noquote() << warning;
    out.warnings.append(warning);
    return Outcome::Absent;
}

bool NvmlSampler::readProcessList(Device& dev, nvml::Device handle,
                                  const NvmlLibrary::ProcessListFn& fn, GpuSample& gpu,
                                  Snapshot& out, QList<GpuProcess>& processes, qsizetype first,
                                  const QString& migUuid)
{
    if (!fn.call)
        return true;
    // Probe for the size first: SUCCESS with 0 means nothing runs there.
    unsigned count = 0;
    nvml::Return rc = fn.call(handle, &count, nullptr);
    if (rc == nvml::SUCCESS)
        return true;
    const size_t stride = size_t(fn.stride);
    // The list can grow between probe and fetch; each retry takes the new
    // count plus headroom, and a few rounds are enough for any real churn.
    for (int attempt = 0; attempt < 5 && rc == nvml::ERROR_INSUFFICIENT_SIZE; ++attempt) {
        const unsigned capacity = count + count / 4 + 4;
        if (dev.processBuffer.size() < capacity * stride)
            dev.processBuffer.resize(capacity * stride);
        count = unsigned(dev.processBuffer.size() / stride);
        rc = fn.call(handle, &count, dev.processBuffer.data());
    }
    if (rc != nvml::SUCCESS) {
        if (rc == nvml::ERROR_INSUFFICIENT_SIZE) {
            out.warnings.append(
                QStringLiteral("GPU %1: process list kept growing while read").arg(dev.index));
            return true;
        }
        return classify(dev, fn.name, rc, gpu, out) != Outcome::DeviceFailed;
    }

    const unsigned char* rec = dev.processBuffer.data();
    for (unsigned i = 0; i < count; ++i, rec += stride) {
        // pid at 0 and usedGpuMemory at 8 in every record version.
        unsigned pid = 0;
        unsigned long long used = 0;
        std::memcpy(&pid, rec, sizeof pid);
        std::memcpy(&used, rec + offsetof(nvml::ProcessInfoV2, usedGpuMemory), sizeof used);
        const auto mib = bytesToMiB(used);
        auto same = std::find_if(processes.begin() + first, processes.end(),
                                 [&](const GpuProcess& p) { return p.pid == qint64(pid); });
        if (same != processes.end()) {
            // On both the graphics and the compute list (or on the parent's
            // aggregate list and its MIG instance's): one process.
            if (!same->usedMemoryMiB)
                same->usedMemoryMiB = mib;
            if (same->migUuid.isEmpty())
                same->migUuid = migUuid;
            continue;
        }
        GpuProcess p;
        p.pid = pid;
        p.gpuUuid = dev.uuid;
        p.migUuid = migUuid;
        p.usedMemoryMiB = mib;
        processes.append(std::move(p));
    }
    return true;
}

void NvmlSampler::readProcessUtilization(Device& dev, QList<GpuProcess>& processes, qsizetype first)
{
    const auto fn = m_lib->deviceGetProcessUtilization;
    if (!fn)
        return;
    unsigned count = 0;
    nvml::Return rc = fn(dev.handle, nullptr, &count, dev.lastSeenUs);
    for (int attempt = 0; attempt < 3 && rc == nvml::ERROR_INSUFFICIENT_SIZE; ++attempt) {
        if (dev.utilBuffer.size() < count + 8)
            dev.utilBuffer.resize(count + 8);
        count = unsigned(dev.utilBuffer.size());
        rc = fn(dev.handle, dev.utilBuffer.data(), &count, dev.lastSeenUs);
    }
    if (rc != nvml::SUCCESS) {
        // NOT_FOUND: no sample newer than lastSeenUs, the normal idle case.
        // Anything else (MIG, old GPU) leaves per-process SM % absent.
        if (rc == nvml::ERROR_NOT_FOUND)
            dev.utilBaselineSet = true;
        else
            qCDebug(lcNvml).noquote()
                << "GPU" << dev.index << m_lib->describe("nvmlDeviceGetProcessUtilization", rc);
        return;
    }

    unsigned long long newest = dev.lastSeenUs;
    QVarLengthArray<unsigned long long, 64> usedTs(processes.size() - first, 0);
    for (unsigned i = 0; i < count && i < dev.utilBuffer.size(); ++i) {
        const auto& s = dev.utilBuffer[i];
        if (s.timeStamp <= dev.lastSeenUs)
            continue;
        newest = std::max(newest, s.timeStamp);
        if (!dev.utilBaselineSet)
            continue;
        for (qsizetype k = first; k < processes.size(); ++k) {
            GpuProcess& p = processes[k];
            if (p.pid != qint64(s.pid))
                continue;
            // Several samples of one pid: the newest counts.
            if (s.timeStamp >= usedTs[k - first] && !isSentinelU32(s.smUtil)) {
                usedTs[k - first] = s.timeStamp;
                p.smUtilPercent = double(s.smUtil);
            }
            break;
        }
    }
    dev.lastSeenUs = newest;
    dev.utilBaselineSet = true;
}

NvmlSampler::MemoryReading NvmlSampler::readMemory(Device& dev, nvml::Device handle)
{
    NvmlLibrary& lib = *m_lib;
    MemoryReading r;
    if (lib.deviceGetMemoryInfoV2 && !dev.memoryV1Only) {
        nvml::MemoryV2 m{};
        m.version = nvml::kMemoryV2Version;
        r.rc = lib.deviceGetMemoryInfoV2(handle, &m);
        r.function = "nvmlDeviceGetMemoryInfo_v2";
        if (r.rc == nvml::SUCCESS) {
            // A total of 0 is no reading (nvtop takes it for unified memory;
            // we only do so where the driver says NOT_SUPPORTED).
            r.totalMiB = m.total == 0 ? std::nullopt : bytesToMiB(m.total);
            r.reservedMiB = bytesToMiB(m.reserved);
            unsigned long long used = m.used;
            // Drivers report reserved apart from used (total = reserved +
            // used + free, as nvidia-smi prints it), though the header's
            // words allow used to include it (total = used + free). Either
            // way, used here is what processes hold.
            if (!isSentinelBytes(m.total) && !isSentinelBytes(m.used) && !isSentinelBytes(m.free) &&
                !isSentinelBytes(m.reserved) && m.reserved > 0 && m.used >= m.reserved &&
                m.reserved + m.used + m.free > m.total && m.used + m.free <= m.total)
                used -= m.reserved;
            r.usedMiB = bytesToMiB(used);
            return r;
        }
        if ((r.rc == nvml::ERROR_ARGUMENT_VERSION_MISMATCH ||
             r.rc == nvml::ERROR_FUNCTION_NOT_FOUND) &&
            lib.deviceGetMemoryInfo) {
            qCInfo(lcNvml).noquote()
                << "GPU" << dev.index << lib.describe("nvmlDeviceGetMemoryInfo_v2", r.rc)
                << "- reading memory with nvmlDeviceGetMemoryInfo";
            dev.memoryV1Only = true;
        } else {
            return r;
        }
    }
    if (!lib.deviceGetMemoryInfo)
        return r;
    nvml::Memory m{};
    r.rc = lib.deviceGetMemoryInfo(handle, &m);
    r.function = "nvmlDeviceGetMemoryInfo";
    if (r.rc == nvml::SUCCESS) {
        // v1 counts the driver's reserved memory as used.
        r.usedMiB = bytesToMiB(m.used);
        r.totalMiB = m.total == 0 ? std::nullopt : bytesToMiB(m.total);
    }
    return r;
}

void NvmlSampler::useHostMemory(Device& dev, GpuSample& gpu, Snapshot& out)
{
    // An integrated or unified-memory GPU (Jetson, DGX Spark, Grace
    // superchips in some modes) has no framebuffer of its own and NVML
    // answers NOT_SUPPORTED. The memory it can use is the host's, so that is
    // the total, and the host's MemTotal - MemAvailable is what is in use, as
    // nvtop shows it. Every snapshot says so, so nobody takes it for VRAM.
    QFile f(m_options.procRoot + QStringLiteral("/meminfo"));
    std::optional<quint64> totalKiB, availableKiB;
    if (f.open(QIODevice::ReadOnly)) {
        const QByteArray text = f.read(64 * 1024);
        for (const QByteArray& row : text.split('\n')) {
            const QByteArrayView line(row);
            auto value = [&](QByteArrayView key) -> std::optional<quint64> {
                if (!line.startsWith(key))
                    return std::nullopt;
                QByteArrayView rest = trimmed(line.sliced(key.size()));
                if (rest.endsWith("kB"))
                    rest.chop(2);
                const auto v = parseI64(trimmed(rest));
                return v && *v >= 0 ? std::optional<quint64>(quint64(*v)) : std::nullopt;
            };
            if (auto v = value("MemTotal:"))
                totalKiB = v;
            else if (auto a = value("MemAvailable:"))
                availableKiB = a;
        }
    }
    QString note = QStringLiteral("GPU %1 (%2) has no memory of its own (unified memory); ")
                       .arg(dev.index)
                       .arg(dev.uuid);
    if (totalKiB && *totalKiB > 0) {
        gpu.memoryTotalMiB = double(*totalKiB) / 1024.0;
        if (availableKiB && *availableKiB <= *totalKiB)
            gpu.memoryUsedMiB = double(*totalKiB - *availableKiB) / 1024.0;
        note += QStringLiteral("its memory figures are the host's (MemTotal and MemTotal - "
                               "MemAvailable of /proc/meminfo)");
    } else {
        note += QStringLiteral("the host's /proc/meminfo could not be read either, so its "
                               "memory is not shown");
    }
    out.warnings.append(note);
    // Logged once; the snapshot carries it every time.
    Snapshot scratch;
    m_once.warn(scratch, QStringLiteral("unified:") + dev.uuid, note);
}

bool NvmlSampler::readMig(Device& dev, GpuSample& g, Snapshot& out, QList<GpuProcess>& processes,
                          qsizetype first)
{
    NvmlLibrary& lib = *m_lib;
    if (!lib.deviceGetMigMode)
        return true;
    unsigned current = 0, pending = 0;
    const nvml::Return rc = lib.deviceGetMigMode(dev.handle, &current, &pending);
    const Outcome o = classify(dev, "nvmlDeviceGetMigMode", rc, g, out);
    if (o == Outcome::DeviceFailed)
        return false;
    if (o != Outcome::Value) // NOT_SUPPORTED: a GPU that cannot be partitioned
        return true;
    g.migEnabled = current == nvml::kMigEnable;
    if (!*g.migEnabled)
        return true;
    // The driver reports no utilisation in MIG mode; never show a number
    // a driver might still put there.
    g.utilizationGpuPercent.reset();
    g.utilizationMemoryPercent.reset();
    if (!lib.deviceGetMaxMigDeviceCount || !lib.deviceGetMigDeviceHandleByIndex)
        return true;
    unsigned maxCount = 0;
    const Outcome mo = classify(dev, "nvmlDeviceGetMaxMigDeviceCount",
                                lib.deviceGetMaxMigDeviceCount(dev.handle, &maxCount), g, out);
    if (mo == Outcome::DeviceFailed)
        return false;
    if (mo != Outcome::Value)
        return true;
    // The most MIG devices a GPU can hold is one per compute slice (7 on
    // A100/H100/H200, 4 on A30): the whole GPU's slice count, without the
    // GPU-instance profile tables.
    if (maxCount > 0 && maxCount <= 64)
        g.migSliceCount = int(maxCount);
    for (unsigned k = 0; k < maxCount; ++k) {
        nvml::Device mig = nullptr;
        const nvml::Return hr = lib.deviceGetMigDeviceHandleByIndex(dev.handle, k, &mig);
        // NOT_FOUND: no instance at this index (indices need not be dense).
        if (hr == nvml::ERROR_NOT_FOUND || hr == nvml::ERROR_INVALID_ARGUMENT)
            continue;
        const Outcome ho = classify(dev, "nvmlDeviceGetMigDeviceHandleByIndex", hr, g, out);
        if (ho == Outcome::DeviceFailed)
            return false;
        if (ho != Outcome::Value)
            continue;
        MigInstance mi;
        mi.index = int(k);
        char uuid[nvml::kDeviceUuidBufferSize] = {};
        if (lib.deviceGetUuid(mig, uuid, sizeof uuid) == nvml::SUCCESS)
            mi.uuid = fromBuffer(uuid, sizeof uuid);
        if (mi.uuid.isEmpty()) {
            // The UUID is the key of an instance; without it there is
            // nothing to attach processes or history to.
            out.warnings.append(QStringLiteral("GPU %1: MIG device %2 has no UUID; not shown")
                                    .arg(dev.index)
                                    .arg(k));
            continue;
        }
        char name[nvml::kDeviceNameBufferSize] = {};
        if (lib.deviceGetName(mig, name, sizeof name) == nvml::SUCCESS)
            mi.profile = migProfileFromName(fromBuffer(name, sizeof name));
        unsigned id = 0;
        if (lib.deviceGetGpuInstanceId && lib.deviceGetGpuInstanceId(mig, &id) == nvml::SUCCESS &&
            !isSentinelU32(id))
            mi.gpuInstanceId = int(id);
        if (lib.deviceGetComputeInstanceId &&
            lib.deviceGetComputeInstanceId(mig, &id) == nvml::SUCCESS && !isSentinelU32(id))
            mi.computeInstanceId = int(id);
        nvml::DeviceAttributes attr{};
        if (lib.deviceGetAttributes && lib.deviceGetAttributes(mig, &attr) == nvml::SUCCESS &&
            attr.computeInstanceSliceCount > 0 && !isSentinelU32(attr.computeInstanceSliceCount))
            mi.computeSlices = int(attr.computeInstanceSliceCount);
        else
            mi.computeSlices = smimig::computeSlicesOfProfile(mi.profile);
        const MemoryReading mem = readMemory(dev, mig);
        if (mem.rc == nvml::SUCCESS) {
            mi.memoryUsedMiB = mem.usedMiB;
            mi.memoryTotalMiB = mem.totalMiB;
        } else if (classify(dev, mem.function, mem.rc, g, out) == Outcome::DeviceFailed) {
            return false;
        }
        for (const auto* fn : {&lib.computeProcesses, &lib.graphicsProcesses, &lib.mpsProcesses}) {
            if (!readProcessList(dev, mig, *fn, g, out, processes, first, mi.uuid))
                return false;
        }
        g.migInstances.append(std::move(mi));
    }
    return true;
}

bool NvmlSampler::sample(Snapshot& out)
{
    if (!m_lib) {
        m_error = QStringLiteral("NVML sampler is not open");
        return false;
    }
    NvmlLibrary& lib = *m_lib;
    if (out.backend.isEmpty())
        out.backend = name();
    if (out.timestampMs == 0)
        out.timestampMs = QDateTime::currentMSecsSinceEpoch();

    QList<GpuProcess> processes;
    int failed = 0;
    QString firstFailure;
    out.warnings.append(std::exchange(m_openWarnings, {}));
    m_health->drainEvents(out.timestampMs, out.warnings);
    out.gpus.reserve(out.gpus.size() + qsizetype(m_devices.size()));
    for (qsizetype pos = 0; pos < qsizetype(m_devices.size()); ++pos) {
        Device& dev = m_devices[size_t(pos)];
        GpuSample g;
        g.index = dev.index;
        g.uuid = dev.uuid;
        g.name = dev.name;
        g.pciBusId = dev.pciBusId;
        g.vendor = QStringLiteral("nvidia");
        const qsizetype firstProcess = processes.size();
        bool lost = false;
        // Value → fill the field; Absent → leave it; lost → stop this device.
        auto ok = [&](const char* function, nvml::Return rc) {
            const Outcome o = classify(dev, function, rc, g, out);
            lost = o == Outcome::DeviceFailed;
            return o == Outcome::Value;
        };
        do {
            nvml::Utilization u{};
            if (ok("nvmlDeviceGetUtilizationRates",
                   lib.deviceGetUtilizationRates(dev.handle, &u))) {
                g.utilizationGpuPercent = fromU32(u.gpu);
                g.utilizationMemoryPercent = fromU32(u.memory);
            }
            if (lost)
                break;
            const MemoryReading mem = readMemory(dev, dev.handle);
            if (mem.rc == nvml::ERROR_NOT_SUPPORTED) {
                useHostMemory(dev, g, out);
            } else if (ok(mem.function, mem.rc)) {
                g.memoryUsedMiB = mem.usedMiB;
                g.memoryTotalMiB = mem.totalMiB;
                g.memoryReservedMiB = mem.reservedMiB;
            }
            if (lost)
                break;
            unsigned v = 0;
            if (lib.deviceGetTemperature &&
                ok("nvmlDeviceGetTemperature",
                   lib.deviceGetTemperature(dev.handle, nvml::TEMPERATURE_GPU, &v)))
                g.temperatureC = fromU32(v);
            if (lost)
                break;
            // Where this GPU starts to throttle (the desktop calls it hot from
            // there) and where the driver shuts it down. 0 would make every
            // GPU hot, so it counts as unreported. Board properties, so asked
            // once (until a call fails for real).
            if (!dev.thresholdsAsked && lib.deviceGetTemperatureThreshold) {
                nvml::Return rc = lib.deviceGetTemperatureThreshold(
                    dev.handle, nvml::TEMPERATURE_THRESHOLD_SLOWDOWN, &v);
                if (ok("nvmlDeviceGetTemperatureThreshold", rc) && v != 0)
                    dev.slowdownC = fromU32(v);
                if (!lost) {
                    rc = lib.deviceGetTemperatureThreshold(
                        dev.handle, nvml::TEMPERATURE_THRESHOLD_SHUTDOWN, &v);
                    if (ok("nvmlDeviceGetTemperatureThreshold", rc) && v != 0)
                        dev.shutdownC = fromU32(v);
                }
                dev.thresholdsAsked = !lost;
            }
            if (lost)
                break;
            g.slowdownTemperatureC = dev.slowdownC;
            g.shutdownTemperatureC = dev.shutdownC;
            if (lib.deviceGetPowerUsage &&
                ok("nvmlDeviceGetPowerUsage", lib.deviceGetPowerUsage(dev.handle, &v)))
                g.powerW = fromU32(v, 1e-3);
            if (lost)
                break;
            if (lib.deviceGetEnforcedPowerLimit &&
                ok("nvmlDeviceGetEnforcedPowerLimit",
                   lib.deviceGetEnforcedPowerLimit(dev.handle, &v)))
                g.powerLimitW = fromU32(v, 1e-3);
            if (lost)
                break;
            if (lib.deviceGetClockInfo &&
                ok("nvmlDeviceGetClockInfo",
                   lib.deviceGetClockInfo(dev.handle, nvml::CLOCK_SM, &v)))
                g.smClockMHz = fromU32(v);
            if (lost)
                break;
            if (lib.deviceGetFanSpeed &&
                ok("nvmlDeviceGetFanSpeed", lib.deviceGetFanSpeed(dev.handle, &v)))
                g.fanPercent = fromU32(v);
            if (lost)
                break;
            nvml::EnableState pm = nvml::FEATURE_DISABLED;
            if (lib.deviceGetPersistenceMode &&
                ok("nvmlDeviceGetPersistenceMode", lib.deviceGetPersistenceMode(dev.handle, &pm)))
                g.persistenceMode = pm == nvml::FEATURE_ENABLED;
            if (lost)
                break;
            // On a MIG GPU the parent's lists hold every instance's processes
            // only for a privileged caller; the instances' own lists then
            // tell which instance each runs on.
            if (!readProcessList(dev, dev.handle, lib.computeProcesses, g, out, processes,
                                 firstProcess) ||
                !readProcessList(dev, dev.handle, lib.graphicsProcesses, g, out, processes,
                                 firstProcess) ||
                !readProcessList(dev, dev.handle, lib.mpsProcesses, g, out, processes,
                                 firstProcess) ||
                !readMig(dev, g, out, processes, firstProcess)) {
                lost = true;
                break;
            }
            // Not supported in MIG mode.
            if (g.migEnabled != true)
                readProcessUtilization(dev, processes, firstProcess);
        } while (false);

        // Read even from a GPU that stopped answering: the XID that says why
        // (79, fallen off the bus) came through the event set.
        g.healthFacts = m_health->read(pos, out.timestampMs, out.warnings);
        if (lost) {
            // Its processes cannot be trusted either; they return with the GPU.
            processes.resize(firstProcess);
            ++failed;
            if (firstFailure.isEmpty())
                firstFailure = g.error;
        }
        out.gpus.append(std::move(g));
    }

    m_procFs.enrich(processes, &out.warnings);
    out.processes.append(std::move(processes));

    if (failed == int(m_devices.size())) {
        m_error = QStringLiteral("no GPU could be read: ") + firstFailure;
        return false;
    }
    return true;
}

} // namespace gw
