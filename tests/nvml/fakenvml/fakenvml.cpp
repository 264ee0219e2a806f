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

#include "nvmlapi.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace gw::nvml;

namespace {

// Functions a scenario can make fail, by their name without version suffix.
enum Fn
{
    kName,
    kUuid,
    kPciInfo,
    kUtilization,
    kMemory,
    kTemperature,
    kPower,
    kPowerLimit,
    kClock,
    kFan,
    kPersistence,
    kCompute,
    kGraphics,
    kProcessUtilization,
    kFnCount
};
const char* const kFnNames[kFnCount] = {
    "nvmlDeviceGetName",
    "nvmlDeviceGetUUID",
    "nvmlDeviceGetPciInfo",
    "nvmlDeviceGetUtilizationRates",
    "nvmlDeviceGetMemoryInfo",
    "nvmlDeviceGetTemperature",
    "nvmlDeviceGetPowerUsage",
    "nvmlDeviceGetEnforcedPowerLimit",
    "nvmlDeviceGetClockInfo",
    "nvmlDeviceGetFanSpeed",
    "nvmlDeviceGetPersistenceMode",
    "nvmlDeviceGetComputeRunningProcesses",
    "nvmlDeviceGetGraphicsRunningProcesses",
    "nvmlDeviceGetProcessUtilization",
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

struct Gpu
{
    std::string name = "NVIDIA Fake GPU";
    std::string uuid;
    std::string bus;
    unsigned pciId = 0x233010DE;
    unsigned util = 0, memUtil = 0;
    unsigned long long memUsed = 0, memTotal = 0;
    unsigned temp = 0, power = 0, powerLimit = 0, smClock = 0, fan = 0;
    bool persistence = false;
    Return fail[kFnCount] = {};
    long lostAfter = -1;
    Return lostCode = ERROR_GPU_IS_LOST;
    // The GPU's clock: calls of nvmlDeviceGetUtilizationRates, one per sample
    // for a sampler that reads utilisation first.
    unsigned long ticks = 0;
    ProcList compute, graphics;
    std::vector<UtilSample> utilSamples;
    unsigned long long lastSeenArg = 0;
};

struct State
{
    int refcount = 0;
    Return initCode = SUCCESS;
    std::string driver = "550.54.15";
    std::string nvml = "12.550.54.15";
    std::vector<Gpu> gpus;
};
State g_state;

const char* errorText(int code)
{
    switch (code) {
    case SUCCESS:
        return "Success";
    case ERROR_UNINITIALIZED:
        return "Uninitialized";
    case ERROR_INVALID_ARGUMENT:
        return "Invalid Argument";
    case ERROR_NOT_SUPPORTED:
        return "Not Supported";
    case ERROR_NO_PERMISSION:
        return "Insufficient Permissions";
    case ERROR_ALREADY_INITIALIZED:
        return "Already Initialized";
    case ERROR_NOT_FOUND:
        return "Not Found";
    case ERROR_INSUFFICIENT_SIZE:
        return "Insufficient Size";
    case ERROR_INSUFFICIENT_POWER:
        return "Insufficient External Power";
    case ERROR_DRIVER_NOT_LOADED:
        return "Driver Not Loaded";
    case ERROR_TIMEOUT:
        return "Timeout";
    case ERROR_IRQ_ISSUE:
        return "Interrupt Request Issue";
    case ERROR_LIBRARY_NOT_FOUND:
        return "NVML Shared Library Not Found";
    case ERROR_FUNCTION_NOT_FOUND:
        return "Function Not Found";
    case ERROR_CORRUPTED_INFOROM:
        return "Corrupted infoROM";
    case ERROR_GPU_IS_LOST:
        return "GPU is lost";
    case ERROR_RESET_REQUIRED:
        return "GPU requires reset";
    case ERROR_OPERATING_SYSTEM:
        return "GPU access blocked by the operating system";
    case ERROR_LIB_RM_VERSION_MISMATCH:
        return "Driver/library version mismatch";
    case ERROR_MEMORY:
        return "Insufficient Memory";
    case ERROR_DEPRECATED:
        return "Requested functionality has been deprecated";
    default:
        return "Unknown Error";
    }
}

struct CodeName
{
    const char* name;
    Return code;
};
const CodeName kCodes[] = {
    {"SUCCESS", SUCCESS},
    {"UNINITIALIZED", ERROR_UNINITIALIZED},
    {"INVALID_ARGUMENT", ERROR_INVALID_ARGUMENT},
    {"NOT_SUPPORTED", ERROR_NOT_SUPPORTED},
    {"NO_PERMISSION", ERROR_NO_PERMISSION},
    {"NOT_FOUND", ERROR_NOT_FOUND},
    {"INSUFFICIENT_SIZE", ERROR_INSUFFICIENT_SIZE},
    {"DRIVER_NOT_LOADED", ERROR_DRIVER_NOT_LOADED},
    {"TIMEOUT", ERROR_TIMEOUT},
    {"LIBRARY_NOT_FOUND", ERROR_LIBRARY_NOT_FOUND},
    {"FUNCTION_NOT_FOUND", ERROR_FUNCTION_NOT_FOUND},
    {"GPU_IS_LOST", ERROR_GPU_IS_LOST},
    {"RESET_REQUIRED", ERROR_RESET_REQUIRED},
    {"OPERATING_SYSTEM", ERROR_OPERATING_SYSTEM},
    {"LIB_RM_VERSION_MISMATCH", ERROR_LIB_RM_VERSION_MISMATCH},
    {"NO_DATA", ERROR_NO_DATA},
    {"DEPRECATED", ERROR_DEPRECATED},
    {"UNKNOWN", ERROR_UNKNOWN},
};

bool parseCode(std::string s, Return* out)
{
    for (const char* prefix : {"NVML_ERROR_", "NVML_"}) {
        if (s.rfind(prefix, 0) == 0) {
            s.erase(0, strlen(prefix));
            break;
        }
    }
    for (const auto& c : kCodes) {
        if (s == c.name) {
            *out = c.code;
            return true;
        }
    }
    char* end = nullptr;
    errno = 0;
    const long v = strtol(s.c_str(), &end, 10);
    if (errno || s.empty() || *end)
        return false;
    *out = Return(v);
    return true;
}

bool parseUnsigned(const std::string& s, unsigned long long* out)
{
    if (s == "max") {
        *out = kValueNotAvailable;
        return true;
    }
    unsigned long long scale = 1;
    std::string digits = s;
    for (const auto& [suffix, factor] :
         {std::pair<const char*, unsigned long long>{"GiB", 1ull << 30}, {"MiB", 1ull << 20}}) {
        const size_t n = strlen(suffix);
        if (digits.size() > n && digits.compare(digits.size() - n, n, suffix) == 0) {
            digits.resize(digits.size() - n);
            scale = factor;
            break;
        }
    }
    if (digits.empty() || digits[0] == '-')
        return false;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = strtoull(digits.c_str(), &end, 0);
    if (errno || *end)
        return false;
    *out = v * scale;
    return true;
}

// Whitespace-separated words; key="several words" stays one word.
std::vector<std::string> splitWords(const std::string& line)
{
    std::vector<std::string> words;
    std::string cur;
    bool quoted = false, any = false;
    for (char c : line) {
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if (!quoted && (c == ' ' || c == '\t')) {
            if (any)
                words.push_back(cur);
            cur.clear();
            any = false;
        } else {
            cur += c;
            any = true;
        }
    }
    if (any)
        words.push_back(cur);
    return words;
}

class Parser
{
public:
    bool parse(const char* path, State& st)
    {
        std::ifstream in(path);
        if (!in) {
            fail(path, 0, std::string("cannot open: ") + strerror(errno));
            return false;
        }
        std::string line;
        int lineNo = 0;
        while (std::getline(in, line)) {
            ++lineNo;
            if (const size_t hash = line.find('#'); hash != std::string::npos)
                line.resize(hash);
            const auto w = splitWords(line);
            if (w.empty())
                continue;
            std::string why;
            if (!parseLine(w, st, &why)) {
                fail(path, lineNo, why);
                return false;
            }
        }
        return true;
    }

private:
    static void fail(const char* path, int line, const std::string& why)
    {
        fprintf(stderr, "fake libnvidia-ml: scenario %s:%d: %s\n", path, line, why.c_str());
    }

    static bool gpuRef(const std::string& s, State& st, Gpu** gpu, std::string* why)
    {
        unsigned long long i = 0;
        if (!parseUnsigned(s, &i) || i >= st.gpus.size()) {
            *why = "no gpu " + s + " (declare it with a gpu line first)";
            return false;
        }
        *gpu = &st.gpus[i];
        return true;
    }

    static bool keyValue(const std::string& word, std::string* key, std::string* value)
    {
        const size_t eq = word.find('=');
        if (eq == std::string::npos)
            return false;
        *key = word.substr(0, eq);
        *value = word.substr(eq + 1);
        return true;
    }

    static bool parseLine(const std::vector<std::string>& w, State& st, std::string* why)
    {
        const std::string& kw = w[0];
        if ((kw == "driver" || kw == "nvml") && w.size() == 2) {
            (kw == "driver" ? st.driver : st.nvml) = w[1];
            return true;
        }
        if (kw == "init" && w.size() == 2) {
            if (!parseCode(w[1], &st.initCode)) {
                *why = "unknown return code " + w[1];
                return false;
            }
            return true;
        }
        if (kw == "gpu")
            return parseGpu(w, st, why);
        if (kw == "fail" && w.size() == 4) {
            Gpu* gpu = nullptr;
            if (!gpuRef(w[1], st, &gpu, why))
                return false;
            for (int f = 0; f < kFnCount; ++f) {
                if (w[2] == kFnNames[f]) {
                    if (!parseCode(w[3], &gpu->fail[f])) {
                        *why = "unknown return code " + w[3];
                        return false;
                    }
                    return true;
                }
            }
            *why = "unknown function " + w[2];
            return false;
        }
        if (kw == "lost" && w.size() >= 3) {
            Gpu* gpu = nullptr;
            if (!gpuRef(w[1], st, &gpu, why))
                return false;
            for (size_t i = 2; i < w.size(); ++i) {
                std::string k, v;
                unsigned long long n = 0;
                if (keyValue(w[i], &k, &v) && k == "after" && parseUnsigned(v, &n))
                    gpu->lostAfter = long(n);
                else if (!(keyValue(w[i], &k, &v) && k == "code" && parseCode(v, &gpu->lostCode))) {
                    *why = "bad lost argument " + w[i];
                    return false;
                }
            }
            return gpu->lostAfter >= 0 || (*why = "lost needs after=<n>", false);
        }
        if ((kw == "proc" || kw == "procs") && w.size() >= 4)
            return parseProc(w, st, why);
        if (kw == "putil" && w.size() >= 3)
            return parseUtil(w, st, why);
        *why = "cannot read line starting with '" + kw + "'";
        return false;
    }

    static bool parseGpu(const std::vector<std::string>& w, State& st, std::string* why)
    {
        unsigned long long index = 0;
        if (w.size() < 2 || !parseUnsigned(w[1], &index) || index != st.gpus.size()) {
            *why = "gpu lines must be numbered 0, 1, 2, … in order";
            return false;
        }
        Gpu gpu;
        char buf[64];
        snprintf(buf, sizeof buf, "GPU-fa4e0000-0000-4000-8000-%012llx", index);
        gpu.uuid = buf;
        snprintf(buf, sizeof buf, "00000000:%02llX:00.0", 0x18 + index);
        gpu.bus = buf;
        for (size_t i = 2; i < w.size(); ++i) {
            std::string k, v;
            unsigned long long n = 0;
            if (!keyValue(w[i], &k, &v)) {
                *why = "expected key=value, got " + w[i];
                return false;
            }
            if (k == "name") {
                gpu.name = v;
                continue;
            }
            if (k == "uuid") {
                gpu.uuid = v;
                continue;
            }
            if (k == "bus") {
                gpu.bus = v;
                continue;
            }
            if (!parseUnsigned(v, &n)) {
                *why = "not a number: " + w[i];
                return false;
            }
            const auto u32 = unsigned(n);
            if (k == "pciid")
                gpu.pciId = u32;
            else if (k == "util")
                gpu.util = u32;
            else if (k == "memutil")
                gpu.memUtil = u32;
            else if (k == "memused")
                gpu.memUsed = n;
            else if (k == "memtotal")
                gpu.memTotal = n;
            else if (k == "temp")
                gpu.temp = u32;
            else if (k == "power")
                gpu.power = u32;
            else if (k == "powerlimit")
                gpu.powerLimit = u32;
            else if (k == "smclock")
                gpu.smClock = u32;
            else if (k == "fan")
                gpu.fan = u32;
            else if (k == "persistence")
                gpu.persistence = n != 0;
            else {
                *why = "unknown gpu key " + k;
                return false;
            }
        }
        st.gpus.push_back(gpu);
        return true;
    }

    static bool parseProc(const std::vector<std::string>& w, State& st, std::string* why)
    {
        Gpu* gpu = nullptr;
        if (!gpuRef(w[1], st, &gpu, why))
            return false;
        if (w[2] != "compute" && w[2] != "graphics") {
            *why = "expected compute or graphics, got " + w[2];
            return false;
        }
        ProcList& list = w[2] == "compute" ? gpu->compute : gpu->graphics;
        unsigned long long pid = 0, mem = 0, count = 1;
        bool late = false;
        for (size_t i = 3; i < w.size(); ++i) {
            std::string k, v;
            unsigned long long n = 0;
            if (w[i] == "late") {
                late = true;
                continue;
            }
            if (!keyValue(w[i], &k, &v) || !parseUnsigned(v, &n)) {
                *why = "bad process argument " + w[i];
                return false;
            }
            if (k == "pid" || k == "firstpid")
                pid = n;
            else if (k == "mem")
                mem = n;
            else if (k == "count" && w[0] == "procs")
                count = n;
            else {
                *why = "unknown process key " + k;
                return false;
            }
        }
        if (pid == 0) {
            *why = "process needs pid=<n> (procs: firstpid=<n>)";
            return false;
        }
        for (unsigned long long i = 0; i < count; ++i)
            list.procs.push_back({unsigned(pid + i), mem, late});
        return true;
    }

    static bool parseUtil(const std::vector<std::string>& w, State& st, std::string* why)
    {
        Gpu* gpu = nullptr;
        if (!gpuRef(w[1], st, &gpu, why))
            return false;
        UtilSample s;
        for (size_t i = 2; i < w.size(); ++i) {
            std::string k, v;
            unsigned long long n = 0;
            if (!keyValue(w[i], &k, &v) || !parseUnsigned(v, &n)) {
                *why = "bad putil argument " + w[i];
                return false;
            }
            if (k == "pid")
                s.pid = unsigned(n);
            else if (k == "ts")
                s.ts = n;
            else if (k == "sm")
                s.sm = unsigned(n);
            else if (k == "mem")
                s.mem = unsigned(n);
            else if (k == "at")
                s.at = unsigned(n);
            else {
                *why = "unknown putil key " + k;
                return false;
            }
        }
        gpu->utilSamples.push_back(s);
        return true;
    }
};

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
    if (!Parser().parse(path, fresh))
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
GW_EXPORT unsigned gwFakeNvmlComputeListCalls(unsigned index)
{
    return index < g_state.gpus.size() ? g_state.gpus[index].compute.calls : 0;
}
