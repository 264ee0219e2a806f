// Scenario files of the fake NVML (format in tests/nvml/README.md).

#include "scenario.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include <sys/stat.h>

namespace fakenvml {

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

namespace {

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
    {"ARGUMENT_VERSION_MISMATCH", ERROR_ARGUMENT_VERSION_MISMATCH},
    {"INSUFFICIENT_RESOURCES", ERROR_INSUFFICIENT_RESOURCES},
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
    // `procsOnly`: a procfile, which may hold proc and procs lines only.
    bool parse(const char* path, State& st, bool procsOnly = false)
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
            if (procsOnly && w[0] != "proc" && w[0] != "procs") {
                fail(path, lineNo, "a procfile holds proc and procs lines only");
                return false;
            }
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
        if (kw == "mig" && w.size() >= 3)
            return parseMig(w, st, why);
        if (kw == "procfile" && w.size() == 2) {
            st.procFile = w[1];
            return true;
        }
        if ((kw == "proc" || kw == "procs") && w.size() >= 4)
            return parseProc(w, st, why);
        if (kw == "putil" && w.size() >= 3)
            return parseUtil(w, st, why);
        if (kw == "script" && w.size() >= 3)
            return parseScript(w, st, why);
        if ((kw == "ecc" || kw == "remap" || kw == "retired" || kw == "nvlink" || kw == "xid") &&
            w.size() >= 3)
            return parseHealth(w, st, why);
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
            else if (k == "slowdown")
                gpu.slowdown = u32;
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
            else if (k == "memreserved")
                gpu.memReserved = n;
            else if (k == "shutdown")
                gpu.shutdown = u32;
            else if (k == "mig")
                gpu.migMode = int(u32 != 0);
            else if (k == "migmax")
                gpu.migMax = u32;
            else if (k == "migparentlists")
                gpu.migParentLists = n != 0;
            else if (k == "lenientmemversion")
                gpu.lenientMemoryVersion = n != 0;
            else if (k == "energy")
                gpu.energy = (long long)n;
            else if (k == "energystep")
                gpu.energyStep = n;
            else if (k == "clockreasons")
                gpu.clockReasons = (long long)n;
            else if (k == "clocksupported")
                gpu.clockSupported = n;
            else if (k == "pciereplay")
                gpu.pcieReplay = (long long)n;
            else if (k == "events")
                gpu.supportedEvents = n;
            else {
                *why = "unknown gpu key " + k;
                return false;
            }
        }
        st.gpus.push_back(gpu);
        return true;
    }

    // ecc <gpu> mode=0|1 cv= ca= uv= ua=
    // remap <gpu> corr= unc= pending=0|1 failure=0|1
    // retired <gpu> sbe= dbe= pending=0|1
    // nvlink <gpu> link=<l> [active=0|1] replay= recovery= crcflit= crcdata= eccdata=
    // xid <gpu> code=<n> [at=<tick>] [gi=] [ci=] [type=<mask bit>]
    static bool parseHealth(const std::vector<std::string>& w, State& st, std::string* why)
    {
        Gpu* gpu = nullptr;
        if (!gpuRef(w[1], st, &gpu, why))
            return false;
        const std::string& kw = w[0];
        FakeEvent event;
        NvLink link;
        long long linkIndex = -1;
        if (kw == "ecc" && gpu->eccMode < 0)
            gpu->eccMode = 1;
        if (kw == "remap")
            gpu->remapCorr = 0;
        if (kw == "retired")
            gpu->retiredSbe = 0;
        for (size_t i = 2; i < w.size(); ++i) {
            std::string k, v;
            unsigned long long n = 0;
            if (!keyValue(w[i], &k, &v) || !parseUnsigned(v, &n)) {
                *why = "bad " + kw + " argument " + w[i];
                return false;
            }
            const auto ll = (long long)n;
            bool known = true;
            if (kw == "ecc") {
                if (k == "mode")
                    gpu->eccMode = int(n != 0);
                else if (k == "cv")
                    gpu->ecc[0][0] = n;
                else if (k == "ca")
                    gpu->ecc[0][1] = n;
                else if (k == "uv")
                    gpu->ecc[1][0] = n;
                else if (k == "ua")
                    gpu->ecc[1][1] = n;
                else
                    known = false;
            } else if (kw == "remap") {
                if (k == "corr")
                    gpu->remapCorr = ll;
                else if (k == "unc")
                    gpu->remapUnc = ll;
                else if (k == "pending")
                    gpu->remapPending = ll;
                else if (k == "failure")
                    gpu->remapFailure = ll;
                else
                    known = false;
            } else if (kw == "retired") {
                if (k == "sbe")
                    gpu->retiredSbe = ll;
                else if (k == "dbe")
                    gpu->retiredDbe = ll;
                else if (k == "pending")
                    gpu->retiredPending = ll;
                else
                    known = false;
            } else if (kw == "nvlink") {
                static const char* const names[] = {"replay", "recovery", "crcflit", "crcdata",
                                                    "eccdata"};
                known = false;
                for (int c = 0; c < 5; ++c)
                    if (k == names[c]) {
                        link.counters[c] = n;
                        known = true;
                    }
                if (k == "link") {
                    linkIndex = ll;
                    known = n < kNvLinkMaxLinks;
                } else if (k == "active") {
                    link.active = n != 0;
                    known = true;
                }
            } else { // xid
                if (k == "code")
                    event.data = n;
                else if (k == "at")
                    event.at = unsigned(n);
                else if (k == "gi")
                    event.gi = unsigned(n);
                else if (k == "ci")
                    event.ci = unsigned(n);
                else if (k == "type")
                    event.type = n;
                else
                    known = false;
            }
            if (!known) {
                *why = "unknown " + kw + " key " + k;
                return false;
            }
        }
        if (kw == "nvlink") {
            if (linkIndex < 0) {
                *why = "nvlink needs link=<n>";
                return false;
            }
            if (gpu->nvlinks.size() <= size_t(linkIndex))
                gpu->nvlinks.resize(size_t(linkIndex) + 1, NvLink{false, {}});
            gpu->nvlinks[size_t(linkIndex)] = link;
        }
        if (kw == "xid") {
            if (event.data == 0) {
                *why = "xid needs code=<n>";
                return false;
            }
            gpu->events.push_back(event);
        }
        return true;
    }

    // mig <gpu> <index> uuid=… name="…" gi=<n> ci=<n> slices=<n> [gislices=<n>]
    //     memused=<bytes> memtotal=<bytes>
    static bool parseMig(const std::vector<std::string>& w, State& st, std::string* why)
    {
        Gpu* gpu = nullptr;
        if (!gpuRef(w[1], st, &gpu, why))
            return false;
        unsigned long long index = 0;
        if (!parseUnsigned(w[2], &index) || index >= 64) {
            *why = "bad MIG device index " + w[2];
            return false;
        }
        if (gpu->migs.size() <= index)
            gpu->migs.resize(index + 1);
        Mig& m = gpu->migs[index];
        m.present = true;
        char buf[64];
        snprintf(buf, sizeof buf, "MIG-fa4e0000-0000-4000-8000-%012llx", index);
        m.uuid = buf;
        m.name = gpu->name + " MIG 1g.10gb";
        for (size_t i = 3; i < w.size(); ++i) {
            std::string k, v;
            unsigned long long n = 0;
            if (!keyValue(w[i], &k, &v)) {
                *why = "expected key=value, got " + w[i];
                return false;
            }
            if (k == "uuid") {
                m.uuid = v;
                continue;
            }
            if (k == "name") {
                m.name = v;
                continue;
            }
            if (!parseUnsigned(v, &n)) {
                *why = "not a number: " + w[i];
                return false;
            }
            if (k == "gi")
                m.gi = unsigned(n);
            else if (k == "ci")
                m.ci = unsigned(n);
            else if (k == "slices")
                m.ciSlices = unsigned(n);
            else if (k == "gislices")
                m.giSlices = unsigned(n);
            else if (k == "memused")
                m.memUsed = n;
            else if (k == "memtotal")
                m.memTotal = n;
            else {
                *why = "unknown mig key " + k;
                return false;
            }
        }
        return true;
    }

    static bool parseProc(const std::vector<std::string>& w, State& st, std::string* why)
    {
        Gpu* gpu = nullptr;
        if (!gpuRef(w[1], st, &gpu, why))
            return false;
        if (w[2] != "compute" && w[2] != "graphics" && w[2] != "mps") {
            *why = "expected compute, graphics or mps, got " + w[2];
            return false;
        }
        const Fn fn = w[2] == "compute" ? kCompute : w[2] == "graphics" ? kGraphics : kMps;
        ProcList* list = fn == kCompute    ? &gpu->compute
                         : fn == kGraphics ? &gpu->graphics
                                           : &gpu->mps;
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
            else if (k == "mig") {
                if (n >= gpu->migs.size() || !gpu->migs[n].present) {
                    *why = "no MIG device " + v + " on that gpu (declare it with a mig line first)";
                    return false;
                }
                Mig& m = gpu->migs[n];
                list = fn == kCompute ? &m.compute : fn == kGraphics ? &m.graphics : &m.mps;
            } else {
                *why = "unknown process key " + k;
                return false;
            }
        }
        if (pid == 0) {
            *why = "process needs pid=<n> (procs: firstpid=<n>)";
            return false;
        }
        for (unsigned long long i = 0; i < count; ++i)
            list->procs.push_back({unsigned(pid + i), mem, late});
        return true;
    }

    // script <gpu> util=10,50,90 memused=1GiB,2GiB temp=40,60 power=100000,200000
    //              clockreasons=0x1,0x4,0x24
    static bool parseScript(const std::vector<std::string>& w, State& st, std::string* why)
    {
        Gpu* gpu = nullptr;
        if (!gpuRef(w[1], st, &gpu, why))
            return false;
        for (size_t i = 2; i < w.size(); ++i) {
            std::string k, v;
            if (!keyValue(w[i], &k, &v)) {
                *why = "expected key=v1,v2,…, got " + w[i];
                return false;
            }
            std::vector<unsigned long long> values;
            size_t start = 0;
            while (true) {
                const size_t comma = v.find(',', start);
                unsigned long long n = 0;
                const std::string item = v.substr(start, comma - start);
                if (!parseUnsigned(item, &n)) {
                    *why = "not a number in " + k + ": '" + item + "'";
                    return false;
                }
                values.push_back(n);
                if (comma == std::string::npos)
                    break;
                start = comma + 1;
            }
            if (k == "memused" || k == "clockreasons") {
                (k == "memused" ? gpu->scriptMemUsed : gpu->scriptClockReasons) = values;
                continue;
            }
            std::vector<unsigned>* list = k == "util"    ? &gpu->scriptUtil
                                          : k == "temp"  ? &gpu->scriptTemp
                                          : k == "power" ? &gpu->scriptPower
                                                         : nullptr;
            if (!list) {
                *why = "unknown script key " + k + " (util, memused, temp, power, clockreasons)";
                return false;
            }
            list->clear();
            for (const unsigned long long n : values) {
                if (n > 0xFFFFFFFFull) {
                    *why = "too large for " + k + ": " + std::to_string(n);
                    return false;
                }
                list->push_back(unsigned(n));
            }
        }
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

} // namespace

namespace {

template <typename F>
void forEachList(State& st, F f)
{
    for (Gpu& g : st.gpus) {
        for (ProcList* l : {&g.compute, &g.graphics, &g.mps})
            f(*l);
        for (Mig& m : g.migs)
            for (ProcList* l : {&m.compute, &m.graphics, &m.mps})
                f(*l);
    }
}

} // namespace

bool parseScenario(const char* path, State& st)
{
    if (!Parser().parse(path, st))
        return false;
    forEachList(st, [](ProcList& l) { l.base = l.procs; });
    return st.procFile.empty() || refreshProcFile(st);
}

bool refreshProcFile(State& st)
{
    struct stat info; // filled by a stat that succeeds
    std::string stamp = "missing";
    if (::stat(st.procFile.c_str(), &info) == 0)
        stamp = std::to_string(info.st_ino) + ' ' + std::to_string(info.st_size) + ' ' +
                std::to_string(info.st_mtim.tv_sec) + '.' + std::to_string(info.st_mtim.tv_nsec);
    if (stamp == st.procFileStamp)
        return true;
    st.procFileStamp = stamp;
    forEachList(st, [](ProcList& l) {
        l.procs = l.base;
        l.probed = false;
    });
    if (Parser().parse(st.procFile.c_str(), st, true))
        return true;
    forEachList(st, [](ProcList& l) { l.procs = l.base; });
    return false;
}

} // namespace fakenvml
