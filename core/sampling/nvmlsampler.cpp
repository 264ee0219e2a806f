#include "sampling/nvmlsampler.h"

#include <QDateTime>
#include <QVarLengthArray>

#include <algorithm>
#include <cstring>

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

} // namespace

NvmlSampler::NvmlSampler(const SamplerOptions& options)
    : m_options(options)
    , m_procFs(options.procRoot)
{}

// NvmlLibrary's destructor runs nvmlShutdown, then dlclose.
NvmlSampler::~NvmlSampler() = default;

bool NvmlSampler::open()
{
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
    return true;
}

NvmlSampler::Outcome NvmlSampler::classify(Device& dev, const char* function, nvml::Return rc,
                                           GpuSample& gpu, Snapshot& out)
{
    switch (rc) {
    case nvml::SUCCESS:
        return Outcome::Value;
    // The device simply has no such sensor / feature.
    case nvml::ERROR_NOT_SUPPORTED:
    case nvml::ERROR_FUNCTION_NOT_FOUND:
    case nvml::ERROR_NO_DATA:
        return Outcome::Absent;
    // The device is gone or wedged: nothing else it says this round can be trusted.
    case nvml::ERROR_GPU_IS_LOST:
    case nvml::ERROR_UNKNOWN:
    case nvml::ERROR_RESET_REQUIRED:
    case nvml::ERROR_GPU_NOT_FOUND:
    case nvml::ERROR_UNINITIALIZED: {
        const QString why = m_lib->describe(function, rc);
        markFailed(gpu, why);
        const QString warning = QStringLiteral("GPU %1 (%2): %3").arg(dev.index).arg(dev.uuid, why);
        qCWarning(lcNvml).noquote() << warning;
        out.warnings.append(warning);
        return Outcome::DeviceFailed;
    }
    default: {
        // A field-level failure (permission, timeout): that field is absent,
        // the admin learns why.
        const QString warning =
            QStringLiteral("GPU %1: %2").arg(dev.index).arg(m_lib->describe(function, rc));
        qCDebug(lcNvml).noquote() << warning;
        out.warnings.append(warning);
        return Outcome::Absent;
    }
    }
}

bool NvmlSampler::readProcessList(Device& dev, const NvmlLibrary::ProcessListFn& fn, GpuSample& gpu,
                                  Snapshot& out, QList<GpuProcess>& processes, qsizetype first)
{
    if (!fn.call)
        return true;
    // Probe for the size first: SUCCESS with 0 means nothing runs there.
    unsigned count = 0;
    nvml::Return rc = fn.call(dev.handle, &count, nullptr);
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
        rc = fn.call(dev.handle, &count, dev.processBuffer.data());
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
            // On both the graphics and the compute list: one process.
            if (!same->usedMemoryMiB)
                same->usedMemoryMiB = mib;
            continue;
        }
        GpuProcess p;
        p.pid = pid;
        p.gpuUuid = dev.uuid;
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
    out.gpus.reserve(out.gpus.size() + qsizetype(m_devices.size()));
    for (Device& dev : m_devices) {
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
            nvml::Memory m{};
            if (ok("nvmlDeviceGetMemoryInfo", lib.deviceGetMemoryInfo(dev.handle, &m))) {
                g.memoryUsedMiB = bytesToMiB(m.used);
                g.memoryTotalMiB = m.total == 0 ? std::nullopt : bytesToMiB(m.total);
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
            // Where this GPU starts to throttle: the desktop calls it hot from
            // there. 0 would make every GPU hot, so it counts as unreported.
            // A board property, so asked once (until a call fails for real).
            if (!dev.slowdownAsked && lib.deviceGetTemperatureThreshold) {
                const nvml::Return rc = lib.deviceGetTemperatureThreshold(
                    dev.handle, nvml::TEMPERATURE_THRESHOLD_SLOWDOWN, &v);
                if (ok("nvmlDeviceGetTemperatureThreshold", rc) && v != 0)
                    dev.slowdownC = fromU32(v);
                dev.slowdownAsked = !lost;
            }
            if (lost)
                break;
            g.slowdownTemperatureC = dev.slowdownC;
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
            if (!readProcessList(dev, lib.computeProcesses, g, out, processes, firstProcess) ||
                !readProcessList(dev, lib.graphicsProcesses, g, out, processes, firstProcess)) {
                lost = true;
                break;
            }
            readProcessUtilization(dev, processes, firstProcess);
        } while (false);

        if (lost) {
            // Its processes cannot be trusted either; they return with the GPU.
            processes.resize(firstProcess);
            ++failed;
            if (firstFailure.isEmpty())
                firstFailure = g.error;
        }
        out.gpus.append(std::move(g));
    }

    m_procFs.enrich(processes);
    out.processes.append(std::move(processes));

    if (failed == int(m_devices.size())) {
        m_error = QStringLiteral("no GPU could be read: ") + firstFailure;
        return false;
    }
    return true;
}

} // namespace gw
