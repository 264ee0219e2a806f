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
//   GW_FAKE_OLD_DRIVER      an older driver's health calls: nvmlEventSetWait
//                           (24-byte records) and no _v2, ...ClocksThrottle-
//                           Reasons and no ...ClocksEventReasons, and no
//                           nvmlDeviceGetRemappedRows, ...TotalEnergy-
//                           Consumption or ...PcieReplayCounter.

#include "scenario.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace fakenvml;

namespace {

State g_state;
// Event sets are numbered handles (1, 2, …), open or freed; kept across
// nvmlShutdown so a test can see a set that was never freed, cleared by the
// next first nvmlInit.
std::vector<bool> g_eventSets;

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
    g_eventSets.clear();
    return SUCCESS;
}

// A MIG device handle points at its Mig; *parent is set to its GPU.
Mig* migOf(Device device, Gpu** parent)
{
    auto* m = reinterpret_cast<Mig*>(device);
    for (Gpu& g : g_state.gpus) {
        if (!g.migs.empty() && m >= g.migs.data() && m < g.migs.data() + g.migs.size() &&
            m->present) {
            *parent = &g;
            return m;
        }
    }
    return nullptr;
}

// Entry of functions that take GPU and MIG handles alike: *mig is set for a
// MIG handle (its parent's failures and loss apply to it).
Return enterAny(Device device, Fn fn, Gpu** gpu, Mig** mig)
{
    *mig = nullptr;
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    Gpu* parent = nullptr;
    if (Mig* m = migOf(device, &parent)) {
        if (parent->lostAfter >= 0 && parent->ticks > static_cast<unsigned long>(parent->lostAfter))
            return parent->lostCode;
        if (parent->fail[fn] != SUCCESS)
            return parent->fail[fn];
        *gpu = parent;
        *mig = m;
        return SUCCESS;
    }
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

ProcList& listOf(Fn fn, Gpu& gpu)
{
    return fn == kCompute ? gpu.compute : fn == kGraphics ? gpu.graphics : gpu.mps;
}
ProcList& listOf(Fn fn, Mig& mig)
{
    return fn == kCompute ? mig.compute : fn == kGraphics ? mig.graphics : mig.mps;
}

Return processes(Device device, Fn fn, unsigned* count, void* infos, size_t stride)
{
    if (!g_state.procFile.empty())
        refreshProcFile(g_state); // a mistake is said and leaves the scenario's own
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    if (const Return rc = enterAny(device, fn, &gpu, &mig); rc != SUCCESS)
        return rc;
    if (!count)
        return ERROR_INVALID_ARGUMENT;
    // What this handle lists: its own processes (with the instance ids for
    // a MIG handle) and, for a MIG GPU's parent seen by a privileged caller,
    // every instance's.
    struct Source
    {
        ProcList* list;
        unsigned gi, ci;
    };
    std::vector<Source> sources;
    if (mig) {
        sources.push_back({&listOf(fn, *mig), mig->gi, mig->ci});
    } else {
        sources.push_back({&listOf(fn, *gpu), 0xFFFFFFFFu, 0xFFFFFFFFu});
        if (gpu->migMode == 1 && gpu->migParentLists) {
            for (Mig& m : gpu->migs) {
                if (m.present)
                    sources.push_back({&listOf(fn, m), m.gi, m.ci});
            }
        }
    }
    ProcList& list = *sources.front().list;
    ++list.calls;
    unsigned visible = 0;
    for (const Source& src : sources) {
        for (const Proc& p : src.list->procs)
            visible += !p.late || list.probed;
    }
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
    for (const Source& src : sources) {
        for (const Proc& p : src.list->procs) {
            if (p.late && !list.probed)
                continue;
            ProcessDetailV1 rec{};
            rec.pid = p.pid;
            rec.usedGpuMemory = p.mem;
            rec.gpuInstanceId = src.gi;
            rec.computeInstanceId = src.ci;
            rec.usedGpuCcProtectedMemory = 0;
            memcpy(out, &rec, stride);
            out += stride;
        }
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
    Mig* mig = nullptr;
    const Return rc = enterAny(device, kName, &gpu, &mig);
    return rc != SUCCESS ? rc : copyString(mig ? mig->name : gpu->name, name, length);
}

GW_EXPORT Return nvmlDeviceGetUUID(Device device, char* uuid, unsigned length)
{
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    const Return rc = enterAny(device, kUuid, &gpu, &mig);
    return rc != SUCCESS ? rc : copyString(mig ? mig->uuid : gpu->uuid, uuid, length);
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
    utilization->gpu = scripted(gpu->scriptUtil, gpu->util, gpu->ticks);
    utilization->memory = gpu->memUtil;
    return SUCCESS;
}
#endif

namespace {

bool sentinel(unsigned long long v)
{
    return v >= (1ull << 62);
}

// used/free as the driver counts them; v1 folds reserved into used.
void memoryOf(const Gpu* gpu, const Mig* mig, bool reservedApart, unsigned long long* total,
              unsigned long long* reserved, unsigned long long* used, unsigned long long* free)
{
    *total = mig ? mig->memTotal : gpu->memTotal;
    *reserved = mig ? 0 : gpu->memReserved;
    *used = mig ? mig->memUsed : scripted(gpu->scriptMemUsed, gpu->memUsed, gpu->ticks);
    if (!reservedApart && !sentinel(*used))
        *used += *reserved;
    const unsigned long long taken = *used + (reservedApart ? *reserved : 0);
    *free = !sentinel(*total) && !sentinel(*used) && *total >= taken ? *total - taken
                                                                     : kValueNotAvailable;
}

} // namespace

GW_EXPORT Return nvmlDeviceGetMemoryInfo(Device device, Memory* memory)
{
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    if (const Return rc = enterAny(device, kMemory, &gpu, &mig); rc != SUCCESS)
        return rc;
    if (!memory)
        return ERROR_INVALID_ARGUMENT;
    unsigned long long reserved = 0;
    memoryOf(gpu, mig, false, &memory->total, &reserved, &memory->used, &memory->free);
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetMemoryInfo_v2(Device device, MemoryV2* memory)
{
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    if (const Return rc = enterAny(device, kMemory, &gpu, &mig); rc != SUCCESS)
        return rc;
    if (gpu->fail[kMemoryV2] != SUCCESS)
        return gpu->fail[kMemoryV2];
    if (!memory)
        return ERROR_INVALID_ARGUMENT;
    if (memory->version != kMemoryV2Version && !(gpu->lenientMemoryVersion && memory->version == 2))
        return ERROR_ARGUMENT_VERSION_MISMATCH;
    memoryOf(gpu, mig, true, &memory->total, &memory->reserved, &memory->used, &memory->free);
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetTemperature(Device device, TemperatureSensor sensor, unsigned* temp)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kTemperature, &gpu); rc != SUCCESS)
        return rc;
    if (sensor != TEMPERATURE_GPU || !temp)
        return ERROR_INVALID_ARGUMENT;
    *temp = scripted(gpu->scriptTemp, gpu->temp, gpu->ticks);
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetTemperatureThreshold(Device device, TemperatureThreshold threshold,
                                                   unsigned* temp)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kTemperatureThreshold, &gpu); rc != SUCCESS)
        return rc;
    if (!temp)
        return ERROR_INVALID_ARGUMENT;
    if (threshold == TEMPERATURE_THRESHOLD_SLOWDOWN) {
        ++gpu->slowdownCalls;
        if (gpu->slowdown == 0)
            return ERROR_NOT_SUPPORTED;
        *temp = gpu->slowdown;
        return SUCCESS;
    }
    if (threshold == TEMPERATURE_THRESHOLD_SHUTDOWN) {
        ++gpu->shutdownCalls;
        if (gpu->shutdown == 0)
            return ERROR_NOT_SUPPORTED;
        *temp = gpu->shutdown;
        return SUCCESS;
    }
    if (threshold < 0 || threshold > 7) // NVML_TEMPERATURE_THRESHOLD_GPS_CURR
        return ERROR_INVALID_ARGUMENT;
    return ERROR_NOT_SUPPORTED;
}

GW_EXPORT Return nvmlDeviceGetPowerUsage(Device device, unsigned* power)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kPower, &gpu); rc != SUCCESS)
        return rc;
    if (!power)
        return ERROR_INVALID_ARGUMENT;
    *power = scripted(gpu->scriptPower, gpu->power, gpu->ticks);
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

// ---- Health and energy ----

namespace {

// Each GPU keeps the event types registered with any set (a sampler has
// one).
bool openSet(EventSet set)
{
    const auto i = reinterpret_cast<std::uintptr_t>(set);
    return i >= 1 && i <= g_eventSets.size() && g_eventSets[i - 1];
}

Return eventWait(EventSet set, EventData* data, size_t bytes)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    if (!openSet(set) || !data)
        return ERROR_INVALID_ARGUMENT;
    ++g_state.eventWaits;
    for (Gpu& g : g_state.gpus) {
        for (FakeEvent& e : g.events) {
            if (e.delivered || e.at > g.ticks || !(e.type & g.registeredEvents))
                continue;
            e.delivered = true;
            EventData d{};
            d.device = reinterpret_cast<Device>(&g);
            d.eventType = e.type;
            d.eventData = e.data;
            d.gpuInstanceId = e.gi;
            d.computeInstanceId = e.ci;
            memcpy(data, &d, bytes); // the v1 wait writes only its 24 bytes
            return SUCCESS;
        }
    }
    return ERROR_TIMEOUT; // the fake never sleeps: nothing has arrived
}

// A 64-bit figure of the GPU: `value` of it, NOT_SUPPORTED where negative.
template <typename Value>
Return u64Value(Device device, Fn fn, unsigned long long* out, Value value)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, fn, &gpu); rc != SUCCESS)
        return rc;
    if (!out)
        return ERROR_INVALID_ARGUMENT;
    const long long v = value(*gpu);
    if (v < 0)
        return ERROR_NOT_SUPPORTED;
    *out = static_cast<unsigned long long>(v);
    return SUCCESS;
}

Return clocksEventReasons(Device device, unsigned long long* reasons)
{
    // A scripted mask makes the call supported whatever the gpu line says.
    return u64Value(device, kClocksEventReasons, reasons, [](const Gpu& g) {
        return g.scriptClockReasons.empty()
                   ? g.clockReasons
                   : static_cast<long long>(scripted(g.scriptClockReasons, 0ULL, g.ticks));
    });
}

Return supportedClocksEventReasons(Device device, unsigned long long* reasons)
{
    return u64Value(device, kClocksEventReasons, reasons, [](const Gpu& g) {
        return g.clockReasons < 0 && g.scriptClockReasons.empty()
                   ? -1
                   : static_cast<long long>(g.clockSupported);
    });
}

} // namespace

GW_EXPORT Return nvmlEventSetCreate(EventSet* set)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    if (!set)
        return ERROR_INVALID_ARGUMENT;
    g_eventSets.push_back(true);
    *set = reinterpret_cast<EventSet>(static_cast<std::uintptr_t>(g_eventSets.size()));
    return SUCCESS;
}

GW_EXPORT Return nvmlEventSetFree(EventSet set)
{
    if (g_state.refcount == 0)
        return ERROR_UNINITIALIZED;
    if (!openSet(set))
        return ERROR_INVALID_ARGUMENT;
    g_eventSets[reinterpret_cast<std::uintptr_t>(set) - 1] = false;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetSupportedEventTypes(Device device, unsigned long long* types)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kSupportedEvents, &gpu); rc != SUCCESS)
        return rc;
    if (!types)
        return ERROR_INVALID_ARGUMENT;
    *types = gpu->supportedEvents;
    return SUCCESS;
}

// Events that occurred before this call are not recorded (nvml.h): those of
// the scenario whose tick has passed are dropped.
GW_EXPORT Return nvmlDeviceRegisterEvents(Device device, unsigned long long types, EventSet set)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kRegisterEvents, &gpu); rc != SUCCESS)
        return rc;
    if (!openSet(set))
        return ERROR_INVALID_ARGUMENT;
    if ((types & ~gpu->supportedEvents) != 0)
        return ERROR_NOT_SUPPORTED;
    gpu->registeredEvents |= types;
    for (FakeEvent& e : gpu->events)
        if (e.at < gpu->ticks)
            e.delivered = true;
    return SUCCESS;
}

#ifndef GW_FAKE_OLD_DRIVER
GW_EXPORT Return nvmlEventSetWait_v2(EventSet set, EventData* data, unsigned /*timeoutms*/)
{
    return eventWait(set, data, sizeof(EventData));
}
#endif

GW_EXPORT Return nvmlEventSetWait(EventSet set, EventData* data, unsigned /*timeoutms*/)
{
    return eventWait(set, data, kEventDataV1Size);
}

#ifndef GW_FAKE_OLD_DRIVER
GW_EXPORT Return nvmlDeviceGetTotalEnergyConsumption(Device device, unsigned long long* energy)
{
    return u64Value(device, kEnergy, energy, [](const Gpu& g) {
        return g.energy < 0 ? -1 : g.energy + static_cast<long long>(g.energyStep * g.ticks);
    });
}
#endif

GW_EXPORT Return nvmlDeviceGetEccMode(Device device, EnableState* current, EnableState* pending)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kEccMode, &gpu); rc != SUCCESS)
        return rc;
    if (!current || !pending)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->eccMode < 0)
        return ERROR_NOT_SUPPORTED;
    *current = *pending = gpu->eccMode ? FEATURE_ENABLED : FEATURE_DISABLED;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetTotalEccErrors(Device device, MemoryErrorType type,
                                             EccCounterType counter, unsigned long long* count)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kEccTotal, &gpu); rc != SUCCESS)
        return rc;
    ++gpu->healthReads;
    if (!count || type < 0 || type > 1 || counter < 0 || counter > 1)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->eccMode != 1)
        return ERROR_NOT_SUPPORTED;
    *count = gpu->ecc[type][counter];
    return SUCCESS;
}

#ifndef GW_FAKE_OLD_DRIVER
// NOT_SUPPORTED "if MIG is enabled" (nvml.h), as on GPUs before Ampere.
GW_EXPORT Return nvmlDeviceGetRemappedRows(Device device, unsigned* corrRows, unsigned* uncRows,
                                           unsigned* isPending, unsigned* failureOccurred)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kRemappedRows, &gpu); rc != SUCCESS)
        return rc;
    ++gpu->healthReads;
    if (!corrRows || !uncRows || !isPending || !failureOccurred)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->remapCorr < 0 || gpu->migMode == 1)
        return ERROR_NOT_SUPPORTED;
    *corrRows = unsigned(gpu->remapCorr);
    *uncRows = unsigned(gpu->remapUnc);
    *isPending = unsigned(gpu->remapPending != 0);
    *failureOccurred = unsigned(gpu->remapFailure != 0);
    return SUCCESS;
}
#endif

// *pageCount in: room in addresses; out: the pages (INSUFFICIENT_SIZE when
// there was not room for them all).
GW_EXPORT Return nvmlDeviceGetRetiredPages(Device device, PageRetirementCause cause,
                                           unsigned* pageCount, unsigned long long* addresses)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kRetiredPages, &gpu); rc != SUCCESS)
        return rc;
    ++gpu->healthReads;
    if (!pageCount || cause < 0 || cause > 1)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->retiredSbe < 0)
        return ERROR_NOT_SUPPORTED;
    const auto pages = unsigned(cause == 0 ? gpu->retiredSbe : gpu->retiredDbe);
    const unsigned room = *pageCount;
    *pageCount = pages;
    if (room < pages)
        return ERROR_INSUFFICIENT_SIZE;
    for (unsigned i = 0; i < pages && addresses; ++i)
        addresses[i] = 0x10000ull * (i + 1);
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetRetiredPagesPendingStatus(Device device, EnableState* isPending)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kRetiredPending, &gpu); rc != SUCCESS)
        return rc;
    if (!isPending)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->retiredSbe < 0)
        return ERROR_NOT_SUPPORTED;
    *isPending = gpu->retiredPending ? FEATURE_ENABLED : FEATURE_DISABLED;
    return SUCCESS;
}

#ifndef GW_FAKE_OLD_DRIVER
GW_EXPORT Return nvmlDeviceGetCurrentClocksEventReasons(Device device, unsigned long long* r)
{
    return clocksEventReasons(device, r);
}
GW_EXPORT Return nvmlDeviceGetSupportedClocksEventReasons(Device device, unsigned long long* r)
{
    return supportedClocksEventReasons(device, r);
}
#endif
GW_EXPORT Return nvmlDeviceGetCurrentClocksThrottleReasons(Device device, unsigned long long* r)
{
    return clocksEventReasons(device, r);
}
GW_EXPORT Return nvmlDeviceGetSupportedClocksThrottleReasons(Device device, unsigned long long* r)
{
    return supportedClocksEventReasons(device, r);
}

#ifndef GW_FAKE_OLD_DRIVER
GW_EXPORT Return nvmlDeviceGetPcieReplayCounter(Device device, unsigned* value)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kPcieReplay, &gpu); rc != SUCCESS)
        return rc;
    if (!value)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->pcieReplay < 0)
        return ERROR_NOT_SUPPORTED;
    *value = unsigned(gpu->pcieReplay);
    return SUCCESS;
}
#endif

GW_EXPORT Return nvmlDeviceGetNvLinkState(Device device, unsigned link, EnableState* isActive)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kNvLinkState, &gpu); rc != SUCCESS)
        return rc;
    if (!isActive || link >= kNvLinkMaxLinks)
        return ERROR_INVALID_ARGUMENT;
    if (link >= gpu->nvlinks.size())
        return ERROR_NOT_SUPPORTED;
    *isActive = gpu->nvlinks[link].active ? FEATURE_ENABLED : FEATURE_DISABLED;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetNvLinkErrorCounter(Device device, unsigned link,
                                                 NvLinkErrorCounter counter,
                                                 unsigned long long* value)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kNvLinkErrors, &gpu); rc != SUCCESS)
        return rc;
    if (!value || link >= kNvLinkMaxLinks || counter < 0 || counter > 4)
        return ERROR_INVALID_ARGUMENT;
    if (link >= gpu->nvlinks.size())
        return ERROR_NOT_SUPPORTED;
    *value = gpu->nvlinks[link].counters[counter];
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

GW_EXPORT Return nvmlDeviceGetMPSComputeRunningProcesses_v3(Device d, unsigned* n, void* infos)
{
    return processes(d, kMps, n, infos, kV3Stride);
}
GW_EXPORT Return nvmlDeviceGetMPSComputeRunningProcesses_v2(Device d, unsigned* n, void* infos)
{
    return processes(d, kMps, n, infos, sizeof(ProcessInfoV2));
}
GW_EXPORT Return nvmlDeviceGetMPSComputeRunningProcesses(Device d, unsigned* n, void* infos)
{
    return processes(d, kMps, n, infos, sizeof(ProcessInfoV1));
}

// MIG. The parent-only functions take GPU handles (a MIG handle is an
// INVALID_ARGUMENT to them); the instance ids and attributes are
// NOT_SUPPORTED on a GPU handle.
GW_EXPORT Return nvmlDeviceGetMigMode(Device device, unsigned* currentMode, unsigned* pendingMode)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kMigMode, &gpu); rc != SUCCESS)
        return rc;
    if (!currentMode || !pendingMode)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->migMode < 0)
        return ERROR_NOT_SUPPORTED;
    *currentMode = *pendingMode = unsigned(gpu->migMode);
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetMaxMigDeviceCount(Device device, unsigned* count)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kMigHandle, &gpu); rc != SUCCESS)
        return rc;
    if (!count)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->migMode < 0)
        return ERROR_NOT_SUPPORTED;
    *count = gpu->migMax;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetMigDeviceHandleByIndex(Device device, unsigned index,
                                                     Device* migDevice)
{
    Gpu* gpu = nullptr;
    if (const Return rc = enter(device, kMigHandle, &gpu); rc != SUCCESS)
        return rc;
    if (!migDevice || index >= gpu->migMax)
        return ERROR_INVALID_ARGUMENT;
    if (gpu->migMode != 1)
        return ERROR_NOT_SUPPORTED;
    if (index >= gpu->migs.size() || !gpu->migs[index].present)
        return ERROR_NOT_FOUND;
    *migDevice = reinterpret_cast<Device>(&gpu->migs[index]);
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetGpuInstanceId(Device device, unsigned* id)
{
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    if (const Return rc = enterAny(device, kMigHandle, &gpu, &mig); rc != SUCCESS)
        return rc;
    if (!id)
        return ERROR_INVALID_ARGUMENT;
    if (!mig)
        return ERROR_NOT_SUPPORTED;
    *id = mig->gi;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetComputeInstanceId(Device device, unsigned* id)
{
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    if (const Return rc = enterAny(device, kMigHandle, &gpu, &mig); rc != SUCCESS)
        return rc;
    if (!id)
        return ERROR_INVALID_ARGUMENT;
    if (!mig)
        return ERROR_NOT_SUPPORTED;
    *id = mig->ci;
    return SUCCESS;
}

GW_EXPORT Return nvmlDeviceGetAttributes_v2(Device device, DeviceAttributes* attributes)
{
    Gpu* gpu = nullptr;
    Mig* mig = nullptr;
    if (const Return rc = enterAny(device, kMigHandle, &gpu, &mig); rc != SUCCESS)
        return rc;
    if (!attributes)
        return ERROR_INVALID_ARGUMENT;
    if (!mig || mig->ciSlices == 0) // "currently only supports MIG device handles"
        return ERROR_NOT_SUPPORTED;
    *attributes = DeviceAttributes{};
    attributes->multiprocessorCount = 16 * mig->ciSlices;
    attributes->gpuInstanceSliceCount = mig->giSlices ? mig->giSlices : mig->ciSlices;
    attributes->computeInstanceSliceCount = mig->ciSlices;
    attributes->memorySizeMB = mig->memTotal >> 20;
    return SUCCESS;
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
GW_EXPORT unsigned gwFakeNvmlShutdownCalls(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].shutdownCalls : 0;
}
GW_EXPORT unsigned gwFakeNvmlComputeListCalls(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].compute.calls : 0;
}
GW_EXPORT int gwFakeNvmlEventSetsOpen()
{
    int open = 0;
    for (const bool o : g_eventSets)
        open += o ? 1 : 0;
    return open;
}
GW_EXPORT unsigned gwFakeNvmlEventWaits()
{
    return g_state.eventWaits;
}
GW_EXPORT unsigned gwFakeNvmlHealthReads(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].healthReads : 0;
}
