// A fake libnvidia-ml.so.1 for tests and benchmarks: the real exported names,
// signatures, units and return codes, with the GPUs described by a scenario
// file (GW_FAKE_NVML_SCENARIO, format in tests/nvml/README.md). The scenario
// is read at nvmlInit and forgotten at the last nvmlShutdown, so one process
// can load several scenarios in turn.
//
// Build variants (compile definitions):
//   GW_FAKE_DRIVER_535      _v3 process functions write 32-byte records and
//                           the library looks like driver 535.43-535.86
//                           (nvmlDeviceGetConfComputeMemSizeInfo exported,
//                           nvmlDeviceGetRunningProcessDetailList not).
//   GW_FAKE_NO_UTILIZATION  nvmlDeviceGetUtilizationRates is not exported.

#include "scenario.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace fakenvml;

namespace {

State g_state;

Return doInit()
{
    if (g_state.refcount > 0) {
        ++g_state.refcount;
        return SUCCESS;
    }
    State fresh;
    const char* path = getenv("GW_FAKE_NVML_SCENARIO");
    if (!path || !*path) {
        fprintf(stderr, "fake libnvidia-ml: GW_FAKE_NVML_SCENARIO is not set\n");
        return ERROR_UNKNOWN;
    }
    if (!parseScenario(path, fresh))
        return ERROR_UNKNOWN;
    if (fresh.initCode != SUCCESS)
        return fresh.initCode;
    g_state = std::move(fresh);
    g_state.refcount = 1;
    return SUCCESS;
}

// Common entry of device functions: initialised, valid handle, not lost,
// no failure configured for this function.
Return enter(Device device, Fn fn, Gpu** gpu)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    auto* p = reinterpret_cast<Gpu*>(device);
    if (g_state.gpus.empty() || p < g_state.gpus.data() ||
        p >= g_state.gpus.data() + g_state.gpus.size())
        return ERROR_INVALID_ARGUMENT;
    if (fn == kUtilization)
        ++p->ticks;
    if (p->lostAfter >= 0 && p->ticks > static_cast<unsigned long>(p->lostAfter))
        return p->lostCode;
    if (p->fail[fn] != SUCCESS)
        return p->fail[fn];
    *gpu = p;
    return SUCCESS;
}

Return copyString(const std::string& s, char* out, unsigned length)
{
    if (!out)
        return ERROR_INVALID_ARGUMENT;
    if (s.size() + 1 > length)
        return ERROR_INSUFFICIENT_SIZE;
    memcpy(out, s.c_str(), s.size() + 1);
    return SUCCESS;
}

Return processes(Device device, Fn fn, unsigned* count, void* infos, size_t stride)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, fn, &gpu); rc != SUCCESS)
        return rc;
    if (!count)
        return ERROR_INVALID_ARGUMENT;
    ProcList& list = fn == kCompute ? gpu->compute : gpu->graphics;
    ++list.calls;
    unsigned visible = 0;
    for (const Proc& p : list.procs)
        visible += !p.late || list.probed;
    if (*count == 0 || !infos) {
        list.probed = true; // "late" processes start right after the probe
        const unsigned n = visible;
        *count = n;
        return n == 0 ? SUCCESS : ERROR_INSUFFICIENT_SIZE;
    }
    if (*count < visible) {
        *count = visible;
        return ERROR_INSUFFICIENT_SIZE;
    }
    auto* out = static_cast<unsigned char*>(infos);
    for (const Proc& p : list.procs) {
        if (p.late && !list.probed)
            continue;
        ProcessDetailV1 rec{};
        rec.pid = p.pid;
        rec.usedGpuMemory = p.mem;
        rec.gpuInstanceId = 0xFFFFFFFFu;
        rec.computeInstanceId = 0xFFFFFFFFu;
        rec.usedGpuCcProtectedMemory = 0;
        memcpy(out, &rec, stride);
        out += stride;
    }
    *count = visible;
    return SUCCESS;
}

#ifdef GW_FAKE_DRIVER_535
constexpr size_t kV3Stride = sizeof(ProcessDetailV1);
#else
constexpr size_t kV3Stride = sizeof(ProcessInfoV2);
#endif

} // namespace

#define GW_EXPORT extern "C" __attribute__((visibility("default")))

GW_EXPORT Return nvmlInit_v2()
{
    return doInit();
}
GW_EXPORT Return nvmlInit()
{
    return doInit();
}
GW_EXPORT Return nvmlInitWithFlags(unsigned)
{
    return doInit();
}

GW_EXPORT Return nvmlShutdown()
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    if (--g_state.refcount == 0)
        g_state = State();
    return SUCCESS;
}

GW_EXPORT const char* nvmlErrorString(Return result)
{
    return errorText(result);
}

GW_EXPORT Return nvmlSystemGetDriverVersion(char* version, unsigned length)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    return copyString(g_state.driver, version, length);
}

GW_EXPORT Return nvmlSystemGetNVMLVersion(char* version, unsigned length)
{
    return copyString(g_state.nvml, version, length);
}

GW_EXPORT Return nvmlDeviceGetCount_v2(unsigned* deviceCount)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    if (!deviceCount)
        return ERROR_INVALID_ARGUMENT;
    *deviceCount = unsigned(g_state.gpus.size());
    return SUCCESS;
}
GW_EXPORT Return nvmlDeviceGetCount(unsigned* deviceCount)
{
    return nvmlDeviceGetCount_v2(deviceCount);
}

GW_EXPORT Return nvmlDeviceGetHandleByIndex_v2(unsigned index, Device* device)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    if (index >= g_state.gpus.size() || !device)
        return ERROR_INVALID_ARGUMENT;
    *device = reinterpret_cast<Device>(&g_state.gpus[index]);
    return SUCCESS;
}
GW_EXPORT Return nvmlDeviceGetHandleByIndex(unsigned index, Device* device)
{
    return nvmlDeviceGetHandleByIndex_v2(index, device);
}

GW_EXPORT Return nvmlDeviceGetName(Device device, char* name, unsigned length)
{
    Gpu* gpu = nullptr;
    const Return rc = enter(device, kName, &gpu);
    return rc != SUCCESS ? rc : copyString(gpu->name, name, length);
}

GW_EXPORT Return nvmlDeviceGetUUID(Device device, char* uuid, unsigned length)
{
    Gpu* gpu = nullptr;
    const Return rc = enter(device, kUuid, &gpu);
    return rc != SUCCESS ? rc : copyString(gpu->uuid, uuid, length);
}

static Return pciInfo(Device device, PciInfo* pci)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kPciInfo, &gpu); rc != SUCCESS)
        return rc;
    if (!pci)
        return ERROR_INVALID_ARGUMENT;
    *pci = PciInfo{};
    unsigned domain = 0, bus = 0, dev = 0, fn = 0;
    sscanf(gpu->bus.c_str(), "%x:%x:%x.%x", &domain, &bus, &dev, &fn);
    snprintf(pci->busId, sizeof pci->busId, "%s", gpu->bus.c_str());
    snprintf(pci->busIdLegacy, sizeof pci->busIdLegacy, "%04X:%02X:%02X.0", domain & 0xFFFF,
             bus & 0xFF, dev & 0xFF);
    pci->domain = domain;
    pci->bus = bus;
    pci->device = dev;
    pci->pciDeviceId = gpu->pciId;
    pci->pciSubSystemId = 0x16C110DE;
    return SUCCESS;
}
GW_EXPORT Return nvmlDeviceGetPciInfo_v3(Device device, PciInfo* pci)
{
    return pciInfo(device, pci);
}
GW_EXPORT Return nvmlDeviceGetPciInfo_v2(Device device, PciInfo* pci)
{
    return pciInfo(device, pci);
}

#ifndef GW_FAKE_NO_UTILIZATION
GW_EXPORT Return nvmlDeviceGetUtilizationRates(Device device, Utilization* utilization)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kUtilization, &gpu); rc != SUCCESS)
        return rc;
    if (!utilization)
        return ERROR_INVALID_ARGUMENT;
    utilization->gpu = gpu->util;
    utilization->memory = gpu->memUtil;
    return SUCCESS;
}
#endif

GW_EXPORT Return nvmlDeviceGetMemoryInfo(Device device, Memory* memory)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kMemory, &gpu); rc != SUCCESS)
        return rc;
    if (!memory)
        return ERROR_INVALID_ARGUMENT;
    memory->total = gpu->memTotal;
    memory->used = gpu->memUsed;
    memory->free = gpu->memTotal >= gpu->memUsed && gpu->memTotal != kValueNotAvailable
                       ? gpu->memTotal - gpu->memUsed
                       : kValueNotAvailable;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetTemperature(Device device, TemperatureSensor sensor, unsigned* temp)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kTemperature, &gpu); rc != SUCCESS)
        return rc;
    if (sensor != TEMPERATURE_GPU || !temp)
        return ERROR_INVALID_ARGUMENT;
    *temp = gpu->temp;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetTemperatureThreshold(Device device, TemperatureThreshold threshold,
                                                   unsigned* temp)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kTemperatureThreshold, &gpu); rc != SUCCESS)
        return rc;
    ++gpu->slowdownCalls;
    if (!temp)
        return ERROR_INVALID_ARGUMENT;
    if (threshold != TEMPERATURE_THRESHOLD_SLOWDOWN || gpu->slowdown == 0)
        return ERROR_NOT_SUPPORTED;
    *temp = gpu->slowdown;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetPowerUsage(Device device, unsigned* power)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kPower, &gpu); rc != SUCCESS)
        return rc;
    if (!power)
        return ERROR_INVALID_ARGUMENT;
    *power = gpu->power;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetEnforcedPowerLimit(Device device, unsigned* limit)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kPowerLimit, &gpu); rc != SUCCESS)
        return rc;
    if (!limit)
        return ERROR_INVALID_ARGUMENT;
    *limit = gpu->powerLimit;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetClockInfo(Device device, ClockType type, unsigned* clock)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kClock, &gpu); rc != SUCCESS)
        return rc;
    if (!clock || type < CLOCK_GRAPHICS || type > CLOCK_VIDEO)
        return ERROR_INVALID_ARGUMENT;
    *clock = type == CLOCK_SM || type == CLOCK_GRAPHICS ? gpu->smClock : 0;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetFanSpeed(Device device, unsigned* speed)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kFan, &gpu); rc != SUCCESS)
        return rc;
    if (!speed)
        return ERROR_INVALID_ARGUMENT;
    *speed = gpu->fan;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetPersistenceMode(Device device, EnableState* mode)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kPersistence, &gpu); rc != SUCCESS)
        return rc;
    if (!mode)
        return ERROR_INVALID_ARGUMENT;
    *mode = gpu->persistence ? FEATURE_ENABLED : FEATURE_DISABLED;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetComputeRunningProcesses_v3(Device d, unsigned* n, void* infos)
{
    return processes(d, kCompute, n, infos, kV3Stride);
}
GW_EXPORT Return nvmlDeviceGetComputeRunningProcesses_v2(Device d, unsigned* n, void* infos)
{
    return processes(d, kCompute, n, infos, sizeof(ProcessInfoV2));
}
GW_EXPORT Return nvmlDeviceGetComputeRunningProcesses(Device d, unsigned* n, void* infos)
{
    return processes(d, kCompute, n, infos, sizeof(ProcessInfoV1));
}
GW_EXPORT Return nvmlDeviceGetGraphicsRunningProcesses_v3(Device d, unsigned* n, void* infos)
{
    return processes(d, kGraphics, n, infos, kV3Stride);
}
GW_EXPORT Return nvmlDeviceGetGraphicsRunningProcesses_v2(Device d, unsigned* n, void* infos)
{
    return processes(d, kGraphics, n, infos, sizeof(ProcessInfoV2));
}
GW_EXPORT Return nvmlDeviceGetGraphicsRunningProcesses(Device d, unsigned* n, void* infos)
{
    return processes(d, kGraphics, n, infos, sizeof(ProcessInfoV1));
}

// Which of these two exist tells a client how wide the _v3 records are.
GW_EXPORT Return nvmlDeviceGetConfComputeMemSizeInfo(Device, void*)
{
    return ERROR_NOT_SUPPORTED;
}
#ifndef GW_FAKE_DRIVER_535
GW_EXPORT Return nvmlDeviceGetRunningProcessDetailList(Device, void*)
{
    return ERROR_NOT_SUPPORTED;
}
#endif

GW_EXPORT Return nvmlDeviceGetProcessUtilization(Device device,
                                                 ProcessUtilizationSample* utilization,
                                                 unsigned* processSamplesCount,
                                                 unsigned long long lastSeenTimeStamp)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kProcessUtilization, &gpu); rc != SUCCESS)
        return rc;
    if (!processSamplesCount)
        return ERROR_INVALID_ARGUMENT;
    gpu->lastSeenArg = lastSeenTimeStamp;
    unsigned n = 0;
    for (const UtilSample& s : gpu->utilSamples)
        n += s.at <= gpu->ticks && s.ts > lastSeenTimeStamp;
    if (n == 0)
        return ERROR_NOT_FOUND;
    if (!utilization || *processSamplesCount < n) {
        *processSamplesCount = n;
        return ERROR_INSUFFICIENT_SIZE;
    }
    unsigned i = 0;
    for (const UtilSample& s : gpu->utilSamples) {
        if (s.at <= gpu->ticks && s.ts > lastSeenTimeStamp)
            utilization[i++] = {s.pid, s.ts, s.sm, s.mem, 0, 0};
    }
    *processSamplesCount = n;
    return SUCCESS;
}

// Test hooks, found with dlsym on the loaded fake.
GW_EXPORT unsigned long long gwFakeNvmlLastSeenTimestamp(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].lastSeenArg : 0;
}
GW_EXPORT unsigned gwFakeNvmlSlowdownCalls(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].slowdownCalls : 0;
}
GW_EXPORT unsigned gwFakeNvmlComputeListCalls(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].compute.calls : 0;
}
