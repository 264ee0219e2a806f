#pragma once

// The fake NVML's model of the machine and the scenario file that fills it
// (format in tests/nvml/README.md).

#include "sampling/nvmlapi.h"

#include <string>
#include <vector>

namespace fakenvml {

using namespace gw::nvml;

// Functions a scenario can make fail, by their name without version suffix.
enum Fn
{
    kName,
    kUuid,
    kPciInfo,
    kUtilization,
    kMemory,
    kTemperature,
    kTemperatureThreshold,
    kPower,
    kPowerLimit,
    kClock,
    kFan,
    kPersistence,
    kCompute,
    kGraphics,
    kProcessUtilization,
    kMemoryV2,
    kMps,
    kMigMode,
    kMigHandle,
    kEnergy,
    kEccMode,
    kEccTotal,
    kRemappedRows,
    kRetiredPages,
    kRetiredPending,
    kClocksEventReasons,
    kPcieReplay,
    kNvLinkState,
    kNvLinkErrors,
    kRegisterEvents,
    kSupportedEvents,
    kFnCount
};
inline constexpr const char* kFnNames[kFnCount] = {
    "nvmlDeviceGetName",
    "nvmlDeviceGetUUID",
    "nvmlDeviceGetPciInfo",
    "nvmlDeviceGetUtilizationRates",
    "nvmlDeviceGetMemoryInfo",
    "nvmlDeviceGetTemperature",
    "nvmlDeviceGetTemperatureThreshold",
    "nvmlDeviceGetPowerUsage",
    "nvmlDeviceGetEnforcedPowerLimit",
    "nvmlDeviceGetClockInfo",
    "nvmlDeviceGetFanSpeed",
    "nvmlDeviceGetPersistenceMode",
    "nvmlDeviceGetComputeRunningProcesses",
    "nvmlDeviceGetGraphicsRunningProcesses",
    "nvmlDeviceGetProcessUtilization",
    "nvmlDeviceGetMemoryInfo_v2", // _v2 only; nvmlDeviceGetMemoryInfo fails both
    "nvmlDeviceGetMPSComputeRunningProcesses",
    "nvmlDeviceGetMigMode",
    "nvmlDeviceGetMigDeviceHandleByIndex",
    "nvmlDeviceGetTotalEnergyConsumption",
    "nvmlDeviceGetEccMode",
    "nvmlDeviceGetTotalEccErrors",
    "nvmlDeviceGetRemappedRows",
    "nvmlDeviceGetRetiredPages",
    "nvmlDeviceGetRetiredPagesPendingStatus",
    "nvmlDeviceGetCurrentClocksEventReasons", // and ...ThrottleReasons
    "nvmlDeviceGetPcieReplayCounter",
    "nvmlDeviceGetNvLinkState",
    "nvmlDeviceGetNvLinkErrorCounter",
    "nvmlDeviceRegisterEvents",
    "nvmlDeviceGetSupportedEventTypes",
};

struct Proc
{
    unsigned pid = 0;
    unsigned long long mem = 0;
    bool late = false; // visible only after the first size probe of its list
};

struct ProcList
{
    std::vector<Proc> procs;
    std::vector<Proc> base; // the scenario's own (procs without a procfile's)
    bool probed = false;
    unsigned calls = 0;
};

struct UtilSample
{
    unsigned pid = 0;
    unsigned long long ts = 0;
    unsigned sm = 0;
    unsigned mem = 0;
    unsigned at = 0; // visible once the GPU's clock reached this
};

// One MIG device (a compute instance inside a GPU instance).
struct Mig
{
    std::string uuid;
    std::string name;
    unsigned gi = 0, ci = 0;
    unsigned giSlices = 0, ciSlices = 0; // 0: nvmlDeviceGetAttributes_v2 NOT_SUPPORTED
    unsigned long long memUsed = 0, memTotal = 0;
    // Reserved by the driver: reported apart by _v2, counted as used by v1.
    unsigned long long memReserved = 0;
    // nvmlDeviceGetMemoryInfo_v2 also accepts the bare 2 nvtop passes.
    bool lenientMemoryVersion = false;
    ProcList compute, graphics, mps;
    bool present = false; // declared by a mig line
};

// An event queued by an `xid` line: delivered by nvmlEventSetWait once the
// GPU's clock reached `at`, to event sets it is registered with.
struct FakeEvent
{
    unsigned long long type = kEventTypeXidCriticalError;
    unsigned long long data = 0; // the XID
    unsigned gi = kNoInstanceId, ci = kNoInstanceId;
    unsigned at = 0;
    bool delivered = false;
};

struct NvLink
{
    bool active = true;
    unsigned long long counters[5] = {}; // by NvLinkErrorCounter
};

struct Gpu
{
    std::string name = "NVIDIA Fake GPU";
    std::string uuid;
    std::string bus;
    unsigned pciId = 0x233010DE;
    unsigned util = 0, memUtil = 0;
    unsigned long long memUsed = 0, memTotal = 0;
    // Reserved by the driver: reported apart by _v2, counted as used by v1.
    unsigned long long memReserved = 0;
    // nvmlDeviceGetMemoryInfo_v2 also accepts the bare 2 nvtop passes.
    bool lenientMemoryVersion = false;
    unsigned temp = 0, power = 0, powerLimit = 0, smClock = 0, fan = 0;
    // The slowdown threshold; 0 (unset) answers NOT_SUPPORTED, as GPUs
    // without one do.
    unsigned slowdown = 0;
    unsigned slowdownCalls = 0; // how often a sampler asked for it
    unsigned shutdown = 0;      // NVML_TEMPERATURE_THRESHOLD_SHUTDOWN, 0 = NOT_SUPPORTED
    unsigned shutdownCalls = 0;
    // MIG: -1 NOT_SUPPORTED (no MIG), 0 disabled, 1 enabled. migs is indexed
    // by MIG device index (holes allowed); migMax = nvmlDeviceGetMaxMigDeviceCount.
    int migMode = -1;
    unsigned migMax = 7;
    std::vector<Mig> migs;
    // The parent's process lists include every instance's processes (what a
    // privileged caller sees), with their GPU/compute instance ids.
    bool migParentLists = false;
    bool persistence = false;
    Return fail[kFnCount] = {};
    long lostAfter = -1;
    Return lostCode = ERROR_GPU_IS_LOST;
    // The GPU's clock: calls of nvmlDeviceGetUtilizationRates, one per sample
    // for a sampler that reads utilisation first.
    unsigned long ticks = 0;
    // `script` lists: per sample instead of the fixed value (empty: fixed).
    std::vector<unsigned> scriptUtil, scriptTemp, scriptPower;
    std::vector<unsigned long long> scriptMemUsed, scriptClockReasons;
    ProcList compute, graphics, mps;
    std::vector<UtilSample> utilSamples;
    unsigned long long lastSeenArg = 0;
    // Health and energy. -1: the call answers NOT_SUPPORTED (as a GPU
    // without the feature does), unless said otherwise.
    long long energy = -1;             // mJ since the driver loaded
    unsigned long long energyStep = 0; // added per tick of the GPU's clock
    int eccMode = -1;                  // 0 off, 1 on
    unsigned long long ecc[2][2] = {}; // [corrected, uncorrected][volatile, aggregate]
    long long remapCorr = -1, remapUnc = 0, remapPending = 0, remapFailure = 0;
    long long retiredSbe = -1, retiredDbe = 0, retiredPending = 0;
    long long clockReasons = -1; // the mask
    unsigned long long clockSupported = 0x1ff;
    long long pcieReplay = -1;
    std::vector<NvLink> nvlinks; // empty: no NVLink (NOT_SUPPORTED)
    std::vector<FakeEvent> events;
    unsigned long long registeredEvents = 0;     // the mask of nvmlDeviceRegisterEvents
    unsigned long long supportedEvents = 0xFF9F; // what the H200 said
    unsigned healthReads = 0; // ECC, remap and retired-page calls, for cadence tests
};

struct State
{
    int refcount = 0;
    Return initCode = SUCCESS;
    std::string driver = "550.54.15";
    std::string nvml = "12.550.54.15";
    std::vector<Gpu> gpus;
    unsigned eventWaits = 0;
    // procfile <path>: its proc and procs lines join the scenario's, read
    // again at a process-list call whenever the file changed.
    std::string procFile;
    std::string procFileStamp; // inode, size and modification time last read
};

// The entry of a `script` list for the GPU's clock: the sample that moved the
// clock to k (k = 1, 2, …) reads entry (k − 1) mod n, so the first sample
// reads the first value; before any sample, entry 0. `fixed` when not scripted.
template <typename T>
T scripted(const std::vector<T>& list, T fixed, unsigned long ticks)
{
    if (list.empty())
        return fixed;
    return list[(ticks == 0 ? 0 : ticks - 1) % list.size()];
}

// Reads the scenario at path into st; on a problem prints
// "fake libnvidia-ml: scenario <file>:<line>: <why>" to stderr, returns false.
bool parseScenario(const char* path, State& st);

// When st.procFile changed since it was last read (or was never read): every
// process list back to the scenario's own, then the file's proc and procs
// lines added. A file that cannot be read or has another line is said on
// stderr and leaves the scenario's own processes; false then.
bool refreshProcFile(State& st);

// nvmlErrorString's static texts.
const char* errorText(int code);

} // namespace fakenvml
