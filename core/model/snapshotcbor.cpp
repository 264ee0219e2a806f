#include "model/snapshotcbor.h"

#include "model/snapshotjson.h"
#include "util/printable.h"

#include <QCborStreamReader>
#include <QCborStreamWriter>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace gw {

namespace {

// ---- writing ----------------------------------------------------------------

// CBOR written straight into a QByteArray, byte for byte what
// QCborStreamWriter writes for the same calls (tst_snapshotcbor compares
// them) at a fraction of its cost: QCborStreamWriter goes through a
// QIODevice for every item and converts every text to a new UTF-8 array,
// which made writing a reading cost as much as rebuilding it.
class ByteWriter
{
public:
    explicit ByteWriter(QByteArray& out)
        : m_out(out)
    {}

    void append(quint64 v) { head(0, v); }
    void append(qint64 v)
    {
        if (v >= 0)
            head(0, quint64(v));
        else
            head(1, quint64(-1 - v));
    }
    void append(bool b) { m_out += char(b ? 0xf5 : 0xf4); }
    void appendNull() { m_out += char(0xf6); }
    void append(float f)
    {
        quint32 bits = 0;
        std::memcpy(&bits, &f, sizeof bits);
        m_out += char(0xfa);
        big(bits, 4);
    }
    void append(double d)
    {
        quint64 bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        m_out += char(0xfb);
        big(bits, 8);
    }
    void append(QStringView t)
    {
        // ASCII (names, UUIDs, commands, nearly always) goes byte for byte.
        const qsizetype n = t.size();
        const char16_t* u = t.utf16();
        bool ascii = true;
        for (qsizetype i = 0; i < n && ascii; ++i)
            ascii = u[i] < 0x80;
        if (!ascii) {
            const QByteArray utf8 = t.toUtf8();
            head(3, quint64(utf8.size()));
            m_out += utf8;
            return;
        }
        head(3, quint64(n));
        const qsizetype at = m_out.size();
        m_out.resize(at + n);
        char* d = m_out.data() + at;
        for (qsizetype i = 0; i < n; ++i)
            d[i] = char(u[i]);
    }
    void startMap() { open(0xbf); }
    void startMap(quint64 n) { open(5, n); }
    void endMap() { close(); }
    void startArray() { open(0x9f); }
    void startArray(quint64 n) { open(4, n); }
    void endArray() { close(); }

private:
    void head(int major, quint64 v)
    {
        const char m = char(major << 5);
        if (v < 24) {
            m_out += char(m | char(v));
        } else if (v <= 0xff) {
            m_out += char(m | 24);
            m_out += char(v);
        } else if (v <= 0xffff) {
            m_out += char(m | 25);
            big(v, 2);
        } else if (v <= 0xffffffffULL) {
            m_out += char(m | 26);
            big(v, 4);
        } else {
            m_out += char(m | 27);
            big(v, 8);
        }
    }
    void big(quint64 v, int bytes)
    {
        char b[8];
        for (int i = bytes - 1; i >= 0; --i, v >>= 8)
            b[i] = char(v & 0xff);
        m_out.append(b, bytes);
    }
    // Containers of unknown length end with a break; counted ones do not.
    void open(quint8 indefinite)
    {
        m_out += char(indefinite);
        m_indefinite = (m_indefinite << 1) | 1;
    }
    void open(int major, quint64 n)
    {
        head(major, n);
        m_indefinite <<= 1;
    }
    void close()
    {
        if (m_indefinite & 1)
            m_out += char(0xff);
        m_indefinite >>= 1;
    }

    QByteArray& m_out;
    quint64 m_indefinite = 0; // a bit a level, the innermost lowest (nesting < 64)
};

// The shortest exact form: a whole number as an integer, else a float where
// it holds the value exactly, else a double. Not finite: null, as the JSON
// writer writes it (and both readers read it as absent).
template <typename W>
void putNumber(W& w, double d)
{
    if (!std::isfinite(d)) {
        w.appendNull();
        return;
    }
    if (d == std::floor(d) && std::abs(d) <= 9007199254740992.0 && !(d == 0 && std::signbit(d))) {
        const auto i = qint64(d);
        if (i >= 0)
            w.append(quint64(i));
        else
            w.append(i);
        return;
    }
    const auto f = float(d);
    if (double(f) == d)
        w.append(f);
    else
        w.append(d);
}

template <typename W>
void putText(W& w, quint8 key, const QString& t)
{
    w.append(quint64(key));
    w.append(QStringView(t));
}

// Text that may be empty: left out then, as JSON writes null.
template <typename W>
void optText(W& w, quint8 key, const QString& t)
{
    if (!t.isEmpty())
        putText(w, key, t);
}

template <typename W, typename T>
void opt(W& w, quint8 key, const std::optional<T>& v)
{
    if (!v)
        return;
    if constexpr (std::is_same_v<T, bool>) {
        w.append(quint64(key));
        w.append(*v);
    } else if constexpr (std::is_same_v<T, double>) {
        if (!std::isfinite(*v))
            return; // JSON writes null: absent
        w.append(quint64(key));
        putNumber(w, *v);
    } else {
        // Integers go through a double in JSON: the same value here.
        w.append(quint64(key));
        putNumber(w, double(*v));
    }
}

template <typename W>
void putWorkload(W& w, quint8 key, const std::optional<Workload>& wl)
{
    using namespace cborkey;
    if (!wl)
        return;
    w.append(quint64(key));
    w.startMap();
    putText(w, Kind, workloadKindName(wl->kind));
    optText(w, WorkloadId, wl->id);
    optText(w, PodUid, wl->podUid);
    optText(w, Runtime, wl->runtime);
    optText(w, Step, wl->step);
    opt(w, WorkloadUid, wl->uid);
    optText(w, Cgroup, wl->cgroupPath);
    optText(w, WorkloadName, wl->name);
    optText(w, Namespace, wl->namespaceName);
    optText(w, Container, wl->containerName);
    optText(w, Partition, wl->partition);
    optText(w, Image, wl->image);
    if (!wl->labels.isEmpty()) {
        w.append(quint64(Labels));
        w.startMap(quint64(wl->labels.size()));
        for (auto it = wl->labels.cbegin(); it != wl->labels.cend(); ++it) {
            w.append(QStringView(it.key()));
            w.append(QStringView(it.value()));
        }
        w.endMap();
    }
    w.endMap();
}

template <typename W>
void putOwner(W& w, quint8 key, const std::optional<ProcessOwner>& o)
{
    using namespace cborkey;
    if (!o)
        return;
    w.append(quint64(key));
    w.startMap();
    putText(w, OwnerUser, o->user);
    optText(w, Account, o->account);
    optText(w, Because, o->because);
    if (o->isWorkload) {
        w.append(quint64(IsWorkload));
        w.append(true);
    }
    w.endMap();
}

template <typename W>
void putCount(W& w, quint8 key, quint64 v)
{
    w.append(quint64(key));
    putNumber(w, double(v));
}

template <typename W>
void putHealthFacts(W& w, const std::optional<GpuHealthFacts>& f)
{
    using namespace cborkey;
    if (!f)
        return;
    w.append(quint64(HealthFactsOfGpu));
    w.startMap();
    opt(w, EnergyMj, f->energyMj);
    opt(w, EccEnabled, f->eccEnabled);
    opt(w, EccCorrectedVolatile, f->eccCorrectedVolatile);
    opt(w, EccUncorrectedVolatile, f->eccUncorrectedVolatile);
    opt(w, EccCorrectedAggregate, f->eccCorrectedAggregate);
    opt(w, EccUncorrectedAggregate, f->eccUncorrectedAggregate);
    opt(w, RemappedRowsCorrectable, f->remappedRowsCorrectable);
    opt(w, RemappedRowsUncorrectable, f->remappedRowsUncorrectable);
    opt(w, RemapPending, f->remapPending);
    opt(w, RemapFailure, f->remapFailure);
    opt(w, RetiredPagesSbe, f->retiredPagesSbe);
    opt(w, RetiredPagesDbe, f->retiredPagesDbe);
    opt(w, RetiredPagesPending, f->retiredPagesPending);
    opt(w, ClockEventReasons, f->clockEventReasons);
    opt(w, ClockEventReasonsSupported, f->clockEventReasonsSupported);
    opt(w, PcieReplayCount, f->pcieReplayCount);
    if (const auto& n = f->nvlinkErrors) {
        w.append(quint64(NvlinkErrors));
        w.startMap();
        putCount(w, NvlinkReplay, n->replay);
        putCount(w, NvlinkRecovery, n->recovery);
        putCount(w, NvlinkCrcFlit, n->crcFlit);
        putCount(w, NvlinkCrcData, n->crcData);
        w.endMap();
    }
    if (!f->xids.isEmpty()) {
        w.append(quint64(XidEvents));
        w.startArray(quint64(f->xids.size()));
        for (const XidEvent& x : f->xids) {
            w.startMap();
            putCount(w, XidCode, quint64(x.xid));
            w.append(quint64(XidAtMs));
            putNumber(w, double(x.atMs));
            putText(w, XidSource, xidSourceName(x.source));
            opt(w, XidPid, x.pid);
            optText(w, XidProcessName, x.processName);
            optText(w, XidText, x.text);
            opt(w, XidGpuInstanceId, x.gpuInstanceId);
            opt(w, XidComputeInstanceId, x.computeInstanceId);
            opt(w, XidKernelLogSequence, x.kernelLogSequence);
            w.endMap();
        }
        w.endArray();
    }
    w.endMap();
}

template <typename W>
void putHealth(W& w, const std::optional<GpuHealth>& h)
{
    using namespace cborkey;
    if (!h)
        return;
    w.append(quint64(HealthOfGpu));
    w.startMap();
    putText(w, HealthStateKey, healthStateName(h->state));
    if (!h->reasons.isEmpty()) {
        w.append(quint64(HealthReasons));
        w.startArray(quint64(h->reasons.size()));
        for (const QString& reason : h->reasons)
            w.append(QStringView(reason));
        w.endArray();
    }
    opt(w, HealthSinceMs, h->sinceMs);
    w.endMap();
}

template <typename W>
void putHost(W& w, const HostSample& h)
{
    using namespace cborkey;
    w.append(quint64(cborkey::HostFigures));
    w.startMap();
    optText(w, Hostname, h.hostname);
    opt(w, CpuPercent, h.cpuPercent);
    opt(w, CpuCount, h.cpuCount);
    opt(w, MemoryUsedBytes, h.memoryUsedBytes);
    opt(w, MemoryTotalBytes, h.memoryTotalBytes);
    opt(w, DiskReadBytesPerS, h.diskReadBytesPerSec);
    opt(w, DiskWriteBytesPerS, h.diskWriteBytesPerSec);
    opt(w, CgroupMemoryLimitBytes, h.cgroupMemoryLimitBytes);
    opt(w, CgroupMemoryUsedBytes, h.cgroupMemoryUsedBytes);
    opt(w, CgroupCpuLimitCores, h.cgroupCpuLimitCores);
    optText(w, CgroupVersion, h.cgroupVersion);
    opt(w, OwnPidNamespace, h.ownPidNamespace);
    w.endMap();
}

template <typename W>
void putMig(W& w, const MigInstance& m)
{
    using namespace cborkey;
    w.startMap();
    w.append(quint64(MigIndex));
    putNumber(w, m.index);
    putText(w, MigUuid, m.uuid);
    optText(w, Profile, m.profile);
    opt(w, GpuInstanceId, m.gpuInstanceId);
    opt(w, ComputeInstanceId, m.computeInstanceId);
    opt(w, ComputeSlices, m.computeSlices);
    opt(w, MigMemoryUsedMiB, m.memoryUsedMiB);
    opt(w, MigMemoryTotalMiB, m.memoryTotalMiB);
    w.endMap();
}

template <typename W>
void putGpu(W& w, const GpuSample& g)
{
    using namespace cborkey;
    w.startMap();
    w.append(quint64(GpuIndex));
    putNumber(w, g.index);
    putText(w, GpuUuid, g.uuid);
    optText(w, GpuName, g.name);
    optText(w, PciBusId, g.pciBusId);
    optText(w, Vendor, g.vendor);
    opt(w, UtilizationGpuPercent, g.utilizationGpuPercent);
    opt(w, UtilizationMemoryPercent, g.utilizationMemoryPercent);
    opt(w, GpuMemoryUsedMiB, g.memoryUsedMiB);
    opt(w, GpuMemoryTotalMiB, g.memoryTotalMiB);
    opt(w, TemperatureC, g.temperatureC);
    opt(w, SlowdownTemperatureC, g.slowdownTemperatureC);
    opt(w, ShutdownTemperatureC, g.shutdownTemperatureC);
    opt(w, MemoryReservedMiB, g.memoryReservedMiB);
    opt(w, PowerW, g.powerW);
    opt(w, PowerLimitW, g.powerLimitW);
    opt(w, SmClockMHz, g.smClockMHz);
    opt(w, FanPercent, g.fanPercent);
    opt(w, PersistenceMode, g.persistenceMode);
    opt(w, MigEnabled, g.migEnabled);
    opt(w, MigSliceCount, g.migSliceCount);
    if (!g.migInstances.isEmpty()) {
        w.append(quint64(MigInstances));
        w.startArray(quint64(g.migInstances.size()));
        for (const MigInstance& m : g.migInstances)
            putMig(w, m);
        w.endArray();
    }
    optText(w, GpuError, g.error);
    putWorkload(w, Holder, g.holder);
    putOwner(w, HolderOwner, g.holderOwner);
    putHealthFacts(w, g.healthFacts);
    putHealth(w, g.health);
    w.endMap();
}

template <typename W>
void putProcess(W& w, const GpuProcess& p)
{
    using namespace cborkey;
    w.startMap();
    w.append(quint64(Pid));
    putNumber(w, double(p.pid));
    opt(w, StartTimeMs, p.startTimeMs);
    opt(w, Uid, p.uid);
    optText(w, User, p.user);
    optText(w, Command, p.command);
    putText(w, ProcessGpuUuid, p.gpuUuid);
    optText(w, ProcessMigUuid, p.migUuid);
    opt(w, UsedMemoryMiB, p.usedMemoryMiB);
    opt(w, SmUtilizationPercent, p.smUtilPercent);
    if (p.ghost) {
        w.append(quint64(Ghost));
        w.append(true);
    }
    putWorkload(w, ProcessWorkload, p.workload);
    putOwner(w, cborkey::Owner, p.owner);
    w.endMap();
}

// ---- reading ---------------------------------------------------------------

// The JSON key each integer key stands for, for messages.
constexpr const char* kSnapshotNames[] = {
    "snapshot_version", "server",   "timestamp_ms", "backend", "interval_ms", "host", "gpus",
    "processes",        "warnings", "sequence"};
constexpr const char* kHostNames[] = {"hostname",
                                      "cpu_percent",
                                      "cpu_count",
                                      "memory_used_bytes",
                                      "memory_total_bytes",
                                      "disk_read_bytes_per_s",
                                      "disk_write_bytes_per_s",
                                      "cgroup_memory_limit_bytes",
                                      "cgroup_memory_used_bytes",
                                      "cgroup_cpu_limit_cores",
                                      "cgroup_version",
                                      "own_pid_namespace"};
constexpr const char* kGpuNames[] = {"index",
                                     "uuid",
                                     "name",
                                     "pci_bus_id",
                                     "vendor",
                                     "utilization_gpu_percent",
                                     "utilization_memory_percent",
                                     "memory_used_mib",
                                     "memory_total_mib",
                                     "temperature_c",
                                     "slowdown_temperature_c",
                                     "shutdown_temperature_c",
                                     "memory_reserved_mib",
                                     "power_w",
                                     "power_limit_w",
                                     "sm_clock_mhz",
                                     "fan_percent",
                                     "persistence_mode",
                                     "mig_enabled",
                                     "mig_slice_count",
                                     "mig_instances",
                                     "error",
                                     "holder",
                                     "holder_owner",
                                     "health_facts",
                                     "health"};
constexpr const char* kHealthFactsNames[] = {"energy_mj",
                                             "ecc_enabled",
                                             "ecc_corrected_volatile",
                                             "ecc_uncorrected_volatile",
                                             "ecc_corrected_aggregate",
                                             "ecc_uncorrected_aggregate",
                                             "remapped_rows_correctable",
                                             "remapped_rows_uncorrectable",
                                             "remap_pending",
                                             "remap_failure",
                                             "retired_pages_sbe",
                                             "retired_pages_dbe",
                                             "retired_pages_pending",
                                             "clock_event_reasons",
                                             "clock_event_reasons_supported",
                                             "pcie_replay_count",
                                             "nvlink_errors",
                                             "xid_events"};
constexpr const char* kNvLinkNames[] = {"replay", "recovery", "crc_flit", "crc_data"};
constexpr const char* kXidNames[] = {"xid",
                                     "at_ms",
                                     "source",
                                     "pid",
                                     "process_name",
                                     "text",
                                     "gpu_instance_id",
                                     "compute_instance_id",
                                     "kernel_log_sequence"};
constexpr const char* kHealthNames[] = {"state", "reasons", "since_ms"};
constexpr const char* kMigNames[] = {"index",
                                     "uuid",
                                     "profile",
                                     "gpu_instance_id",
                                     "compute_instance_id",
                                     "compute_slices",
                                     "memory_used_mib",
                                     "memory_total_mib"};
constexpr const char* kProcessNames[] = {"pid",      "start_time_ms",   "uid",
                                         "user",     "command",         "gpu_uuid",
                                         "mig_uuid", "used_memory_mib", "sm_utilization_percent",
                                         "ghost",    "workload",        "owner"};
constexpr const char* kWorkloadNames[] = {
    "kind", "id",        "pod_uid",   "runtime",   "step",  "uid",   "cgroup",
    "name", "namespace", "container", "partition", "image", "labels"};
constexpr const char* kOwnerNames[] = {"user", "account", "because", "is_workload"};

template <std::size_t N>
constexpr const char* nameOf(const char* const (&names)[N], quint64 key)
{
    return key < N ? names[key] : nullptr;
}

constexpr double kBig = 1e18;
constexpr double kMaxExact = 9007199254740992.0; // 2^53, as the JSON reader
constexpr qsizetype kMaxLabels = 256;            // as the JSON reader

constexpr qsizetype kCachedTextBytes = 128;

// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing past
// U+10FFFF; what Qt's stream reader refuses as InvalidUtf8String.
bool isValidUtf8(const uchar* p, qsizetype n)
{
    const uchar* end = p + n;
    while (p < end) {
        const uchar c = *p++;
        if (c < 0x80)
            continue;
        int more = 0;
        char32_t cp = 0;
        char32_t min = 0;
        if ((c & 0xe0) == 0xc0) {
            more = 1;
            cp = c & 0x1f;
            min = 0x80;
        } else if ((c & 0xf0) == 0xe0) {
            more = 2;
            cp = c & 0x0f;
            min = 0x800;
        } else if ((c & 0xf8) == 0xf0) {
            more = 3;
            cp = c & 0x07;
            min = 0x10000;
        } else {
            return false;
        }
        if (end - p < more)
            return false;
        for (int i = 0; i < more; ++i) {
            if ((p[i] & 0xc0) != 0x80)
                return false;
            cp = (cp << 6) | (p[i] & 0x3f);
        }
        p += more;
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return false;
    }
    return true;
}

// The printable texts of the UTF-8 read last, by their bytes: readings
// repeat their names (users, commands, UUIDs, the server) reading after
// reading, so a text read again is the same QString, shared: no allocation,
// no UTF-8 decoding, no printable check. A slot per hash, the newest wins;
// a slot is taken only when its bytes are equal, so what is in the table
// never changes what is read.
class TextCache
{
public:
    TextCache()
        : m_slots(kSlots)
    {}

    // A reading begins: its texts are looked for first where the reading
    // before had its texts in the same order (readings keep their shape).
    void beginReading() { m_order = 0; }

    // The text of `n` bytes at `p`; null when they are not UTF-8.
    const QString* text(const char* p, qsizetype n)
    {
        const size_t k = m_order++;
        if (k < kByOrder) {
            const Slot* last = m_byOrder[k];
            if (last && equal(last->utf8, p, n))
                return &last->text;
        }
        const quint64 h = hash(p, n);
        Slot& slot = m_slots[h >> (64 - kSlotBits)];
        if (!(slot.hash == h && equal(slot.utf8, p, n))) {
            if (!isValidUtf8(reinterpret_cast<const uchar*>(p), n))
                return nullptr;
            slot.hash = h;
            slot.utf8 = QByteArray(p, n);
            slot.text = printableText(QString::fromUtf8(p, n));
        }
        if (k < kByOrder)
            m_byOrder[k] = &slot;
        return &slot.text;
    }

private:
    static constexpr int kSlotBits = 10;
    static constexpr size_t kSlots = size_t(1) << kSlotBits;
    static constexpr size_t kByOrder = 1024; // a reading's first texts
    static bool equal(const QByteArray& a, const char* p, qsizetype n)
    {
        if (a.size() != n)
            return false;
        const char* q = a.constData();
        // Eight bytes a step, no call: the texts are short.
        for (; n >= 8; n -= 8, p += 8, q += 8) {
            quint64 x = 0;
            quint64 y = 0;
            std::memcpy(&x, p, 8);
            std::memcpy(&y, q, 8);
            if (x != y)
                return false;
        }
        for (; n > 0; --n)
            if (*p++ != *q++)
                return false;
        return true;
    }
    struct Slot
    {
        quint64 hash = 0;
        QByteArray utf8;
        QString text;
    };
    // Eight bytes a step; the texts are short (a cache hit of a 20-byte
    // UUID is a few dozen instructions, qHash's was ~90).
    static quint64 hash(const char* p, qsizetype n)
    {
        constexpr quint64 k = 0x9e3779b97f4a7c15ULL;
        quint64 h = quint64(n) * k;
        while (n >= 8) {
            quint64 w = 0;
            std::memcpy(&w, p, 8);
            h = (std::rotl(h, 23) ^ w) * k;
            p += 8;
            n -= 8;
        }
        quint64 w = 0;
        std::memcpy(&w, p, size_t(n));
        h = (std::rotl(h, 23) ^ w) * k;
        return h ^ (h >> 29);
    }
    std::vector<Slot> m_slots;
    std::vector<const Slot*> m_byOrder = std::vector<const Slot*>(kByOrder, nullptr);
    size_t m_order = 0;
};

// CBOR read straight from bytes, the calls the reader makes named as
// QCborStreamReader names them, at a fraction of its cost per item (Qt's
// reader took ~200 instructions an item through its generic state
// machine; a reading has about a thousand items). As strict: a head that
// is not CBOR, a break out of place, text that is not UTF-8, nesting past
// the limit and data that ends early are errors, the reader stops at the
// first, and lastError() says which (EndOfFile: the data ended early).
// One top-level item: after it, nothing more is read (currentOffset() is
// where it ended).
class RawCbor
{
public:
    enum Kind : quint8
    {
        UInt,
        NInt,
        Bytes,
        Text,
        Array,
        Map,
        Tag,
        Simple,
        Half,
        Float,
        Double,
        Break,
        End, // of a counted container, or after the top-level item
        Invalid,
    };

    RawCbor(const char* data, qsizetype size)
        : m_begin(reinterpret_cast<const uchar*>(data))
        , m_p(m_begin)
        , m_end(m_begin + size)
    {
        preparse();
    }

    QCborError lastError() const { return QCborError{m_error}; }
    qint64 currentOffset() const { return qint64(m_at - m_begin); }
    Kind kind() const { return m_kind; }

    bool isNull() const { return m_kind == Simple && m_arg == 22; }
    bool isUndefined() const { return m_kind == Simple && m_arg == 23; }
    bool isBool() const { return m_kind == Simple && (m_arg == 20 || m_arg == 21); }
    bool isString() const { return m_kind == Text; }
    bool isMap() const { return m_kind == Map; }
    bool isArray() const { return m_kind == Array; }
    bool isUnsignedInteger() const { return m_kind == UInt; }
    bool isNegativeInteger() const { return m_kind == NInt; }
    bool isDouble() const { return m_kind == Double; }
    bool isFloat() const { return m_kind == Float; }
    bool isFloat16() const { return m_kind == Half; }
    bool isLengthKnown() const { return !m_indefinite; }
    quint64 length() const { return m_arg; }

    quint64 toUnsignedInteger() const { return m_arg; }
    // As Qt gives it: the magnitude, -1 - arg (2^64 wraps to 0 as in Qt).
    QCborNegativeInteger toNegativeInteger() const { return QCborNegativeInteger(m_arg + 1); }
    bool toBool() const { return m_arg == 21; }
    float toFloat16() const
    {
        const auto h = quint16(m_arg);
        const int exp = (h >> 10) & 0x1f;
        const int mant = h & 0x3ff;
        float v = 0;
        if (exp == 0)
            v = std::ldexp(float(mant), -24);
        else if (exp == 31)
            v = mant ? std::numeric_limits<float>::quiet_NaN()
                     : std::numeric_limits<float>::infinity();
        else
            v = std::ldexp(float(mant | 0x400), exp - 25);
        return (h & 0x8000) ? -v : v;
    }
    float toFloat() const
    {
        const auto bits = quint32(m_arg);
        float f = 0;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    double toDouble() const
    {
        double d = 0;
        std::memcpy(&d, &m_arg, sizeof d);
        return d;
    }

    bool hasNext() const
    {
        return m_error == QCborError::NoError && m_kind != End && m_kind != Break;
    }

    // Past the item at the reader, containers with what they hold, at most
    // `maxRecursion` deep.
    Q_ALWAYS_INLINE bool next(int maxRecursion = 10000)
    {
        if (m_error != QCborError::NoError || m_kind == End || m_kind == Break)
            return fail(QCborError::AdvancePastEnd);
        if (m_kind == UInt || m_kind == NInt || m_kind >= Simple) {
            // A number, a simple value: its head was all of it.
            m_p = m_head;
            finished();
            return m_error == QCborError::NoError;
        }
        return nextLong(maxRecursion);
    }
    bool nextLong(int maxRecursion)
    {
        const uchar* p = m_at;
        if (!skip(p, maxRecursion))
            return false;
        m_p = p;
        finished();
        return m_error == QCborError::NoError;
    }

    bool enterContainer()
    {
        if (m_kind != Array && m_kind != Map)
            return fail(QCborError::AdvancePastEnd);
        if (m_depth == kMaxDepth)
            return fail(QCborError::NestingTooDeep);
        Level& l = m_levels[m_depth++];
        l.indefinite = m_indefinite;
        l.map = m_kind == Map;
        l.count = 0;
        // A map's pairs are two items each; a count no data can hold ends
        // with EndOfFile long before it is reached.
        l.left =
            m_kind == Map ? (m_arg > (quint64(1) << 62) ? quint64(1) << 63 : m_arg * 2) : m_arg;
        m_p = m_head;
        if (!l.indefinite && l.left == 0) {
            m_at = m_p;
            m_kind = End;
            return true;
        }
        preparse();
        return m_error == QCborError::NoError;
    }

    bool leaveContainer()
    {
        if (m_depth == 0 || m_error != QCborError::NoError)
            return fail(QCborError::AdvancePastEnd);
        const Level& l = m_levels[m_depth - 1];
        if (l.indefinite ? m_kind != Break : m_kind != End)
            return fail(QCborError::AdvancePastEnd);
        if (l.indefinite)
            m_p = m_at + 1;
        --m_depth;
        finished();
        return m_error == QCborError::NoError;
    }

    // The bytes of the text string of known length at the reader (false
    // where the data ends before them), the reader left on it; skipText()
    // goes past it.
    bool textBytes(const char** p, qsizetype* n)
    {
        if (m_kind != Text || m_indefinite)
            return fail(QCborError::AdvancePastEnd);
        if (m_arg > quint64(m_end - m_head))
            return fail(QCborError::EndOfFile, m_end);
        *p = reinterpret_cast<const char*>(m_head);
        *n = qsizetype(m_arg);
        return true;
    }
    bool skipText()
    {
        if (m_kind != Text || m_indefinite)
            return fail(QCborError::AdvancePastEnd);
        m_p = m_head + m_arg;
        finished();
        return m_error == QCborError::NoError;
    }
    // One of unknown length: its chunks joined (rare: our writer never
    // writes one), UTF-8 checked.
    bool takeChunkedText(QByteArray* out)
    {
        if (m_kind != Text || !m_indefinite)
            return fail(QCborError::AdvancePastEnd);
        const uchar* p = m_head;
        out->clear();
        for (;;) {
            if (p >= m_end)
                return fail(QCborError::EndOfFile, p);
            if (*p == 0xff) {
                ++p;
                break;
            }
            Head h;
            if (!head(p, h))
                return false;
            if (h.major != 3 || h.indefinite)
                return fail(QCborError::IllegalType, p);
            if (h.arg > quint64(m_end - p))
                return fail(QCborError::EndOfFile, m_end);
            if (!isValidUtf8(p, qsizetype(h.arg)))
                return fail(QCborError::InvalidUtf8String, p);
            out->append(reinterpret_cast<const char*>(p), qsizetype(h.arg));
            p += h.arg;
        }
        m_p = p;
        finished();
        return m_error == QCborError::NoError;
    }

    bool failUtf8() { return fail(QCborError::InvalidUtf8String, m_head); }

private:
    struct Head
    {
        int major = 0;
        int info = 0;
        quint64 arg = 0;
        bool indefinite = false;
    };
    struct Level
    {
        quint64 left = 0;  // items left in a counted container
        quint64 count = 0; // items read of one of unknown length
        bool indefinite = false;
        bool map = false;
    };
    static constexpr int kMaxDepth = 64;

    bool fail(QCborError::Code code, const uchar* at = nullptr)
    {
        if (m_error == QCborError::NoError) {
            m_error = code;
            if (at)
                m_at = std::min(at, m_end);
        }
        m_kind = Invalid;
        return false;
    }

    // The head at `p` (not a break), `p` moved past it.
    bool head(const uchar*& p, Head& h)
    {
        if (p >= m_end)
            return fail(QCborError::EndOfFile, p);
        const uchar ib = *p;
        h.major = ib >> 5;
        h.info = ib & 0x1f;
        h.indefinite = false;
        if (h.info < 24) { // most of a reading's heads: keys, small numbers, short texts
            ++p;
            h.arg = quint64(h.info);
            return true;
        }
        return longHead(p, h);
    }
    bool longHead(const uchar*& p, Head& h)
    {
        const uchar* at = p++;
        if (h.info <= 27) {
            const int bytes = 1 << (h.info - 24);
            if (m_end - p < bytes)
                return fail(QCborError::EndOfFile, m_end);
            quint64 v = 0;
            for (int i = 0; i < bytes; ++i)
                v = (v << 8) | p[i];
            p += bytes;
            h.arg = v;
            if (h.major == 7 && h.info == 24 && v < 32)
                return fail(QCborError::IllegalSimpleType, at);
            return true;
        }
        if (h.info == 31 && h.major >= 2 && h.major <= 5) {
            h.indefinite = true;
            h.arg = 0;
            return true;
        }
        return fail(h.info == 31 ? QCborError::UnexpectedBreak : QCborError::IllegalNumber, at);
    }

    // Past the whole item at `p`.
    bool skip(const uchar*& p, int maxRecursion)
    {
        if (p >= m_end)
            return fail(QCborError::EndOfFile, p);
        if (*p == 0xff)
            return fail(QCborError::UnexpectedBreak, p);
        Head h;
        if (!head(p, h))
            return false;
        switch (h.major) {
        case 2:
        case 3:
            if (!h.indefinite) {
                if (h.arg > quint64(m_end - p))
                    return fail(QCborError::EndOfFile, m_end);
                if (h.major == 3 && !isValidUtf8(p, qsizetype(h.arg)))
                    return fail(QCborError::InvalidUtf8String, p);
                p += h.arg;
                return true;
            }
            for (;;) {
                if (p >= m_end)
                    return fail(QCborError::EndOfFile, p);
                if (*p == 0xff) {
                    ++p;
                    return true;
                }
                Head c;
                const uchar* at = p;
                if (!head(p, c))
                    return false;
                if (c.major != h.major || c.indefinite)
                    return fail(QCborError::IllegalType, at);
                if (c.arg > quint64(m_end - p))
                    return fail(QCborError::EndOfFile, m_end);
                if (h.major == 3 && !isValidUtf8(p, qsizetype(c.arg)))
                    return fail(QCborError::InvalidUtf8String, p);
                p += c.arg;
            }
        case 4:
        case 5: {
            if (maxRecursion <= 0)
                return fail(QCborError::NestingTooDeep, p);
            if (h.indefinite) {
                for (quint64 i = 0;; ++i) {
                    if (p >= m_end)
                        return fail(QCborError::EndOfFile, p);
                    if (*p == 0xff) {
                        if (h.major == 5 && (i & 1))
                            return fail(QCborError::UnexpectedBreak, p);
                        ++p;
                        return true;
                    }
                    if (!skip(p, maxRecursion - 1))
                        return false;
                }
            }
            for (quint64 i = 0; i < h.arg; ++i) {
                if (!skip(p, maxRecursion - 1))
                    return false;
                if (h.major == 5 && !skip(p, maxRecursion - 1))
                    return false;
            }
            return true;
        }
        case 6:
            if (maxRecursion <= 0)
                return fail(QCborError::NestingTooDeep, p);
            return skip(p, maxRecursion - 1);
        default:
            return true;
        }
    }

    // The item at m_p, its head read.
    Q_ALWAYS_INLINE void preparse()
    {
        m_at = m_p;
        if (Q_LIKELY(m_p < m_end)) {
            const uchar ib = *m_p;
            static constexpr Kind kKinds[8] = {UInt, NInt, Bytes, Text, Array, Map, Tag, Simple};
            const uint info = ib & 0x1f;
            if (Q_LIKELY(info < 24)) { // a reading's keys, small numbers, short texts
                m_head = m_p + 1;
                m_arg = info;
                m_indefinite = false;
                m_kind = kKinds[ib >> 5];
                return;
            }
            // A number or length of 1, 2, 4 or 8 bytes (pids, times,
            // figures as floats); not a one-byte simple value (checked the
            // long way).
            if (info <= 27 && ib != 0xf8) {
                const int bytes = 1 << (info - 24);
                if (Q_LIKELY(m_end - m_p > bytes)) {
                    quint64 v = 0;
                    for (int i = 1; i <= bytes; ++i)
                        v = (v << 8) | m_p[i];
                    m_head = m_p + 1 + bytes;
                    m_arg = v;
                    m_indefinite = false;
                    const int major = ib >> 5;
                    m_kind = major != 7   ? kKinds[major]
                             : info == 25 ? Half
                             : info == 26 ? Float
                                          : Double;
                    return;
                }
            }
        }
        preparseLong();
    }
    void preparseLong()
    {
        if (m_p >= m_end) {
            fail(QCborError::EndOfFile, m_p);
            return;
        }
        if (*m_p == 0xff) {
            if (m_depth == 0 || !m_levels[m_depth - 1].indefinite) {
                fail(QCborError::UnexpectedBreak, m_p);
                return;
            }
            // A map's break after a key and before its value.
            const Level& l = m_levels[m_depth - 1];
            if (l.map && (l.count & 1)) {
                fail(QCborError::UnexpectedBreak, m_p);
                return;
            }
            m_kind = Break;
            return;
        }
        const uchar* p = m_p;
        Head h;
        if (!head(p, h))
            return;
        m_head = p;
        m_arg = h.arg;
        m_indefinite = h.indefinite;
        switch (h.major) {
        case 0:
            m_kind = UInt;
            break;
        case 1:
            m_kind = NInt;
            break;
        case 2:
            m_kind = Bytes;
            break;
        case 3:
            m_kind = Text;
            break;
        case 4:
            m_kind = Array;
            break;
        case 5:
            m_kind = Map;
            break;
        case 6:
            m_kind = Tag;
            break;
        default:
            m_kind = h.info == 25 ? Half : h.info == 26 ? Float : h.info == 27 ? Double : Simple;
            break;
        }
    }

    // The item at the reader was consumed up to m_p: on to the next one of
    // its container, or to End.
    Q_ALWAYS_INLINE void finished()
    {
        if (m_depth == 0) {
            m_at = m_p;
            m_kind = End;
            return;
        }
        Level& l = m_levels[m_depth - 1];
        if (l.indefinite) {
            ++l.count;
        } else if (--l.left == 0) {
            m_at = m_p;
            m_kind = End;
            return;
        }
        preparse();
    }

    const uchar* m_begin;
    const uchar* m_p; // where the next item starts
    const uchar* m_end;
    const uchar* m_at = nullptr;   // where the item at the reader starts
    const uchar* m_head = nullptr; // after its head
    quint64 m_arg = 0;
    Kind m_kind = Invalid;
    bool m_indefinite = false;
    QCborError::Code m_error = QCborError::NoError;
    Level m_levels[kMaxDepth];
    int m_depth = 0;
};

QString typeName(const QCborStreamReader& r)
{
    return cborTypeName(r);
}

QString typeName(const RawCbor& r)
{
    switch (r.kind()) {
    case RawCbor::UInt:
    case RawCbor::NInt:
        return QStringLiteral("an integer");
    case RawCbor::Bytes:
        return QStringLiteral("a byte string");
    case RawCbor::Text:
        return QStringLiteral("a text string");
    case RawCbor::Array:
        return QStringLiteral("an array");
    case RawCbor::Map:
        return QStringLiteral("a map");
    case RawCbor::Tag:
        return QStringLiteral("a tag");
    case RawCbor::Simple:
        if (r.isNull())
            return QStringLiteral("null");
        if (r.isBool())
            return QStringLiteral("a boolean");
        if (r.isUndefined())
            return QStringLiteral("undefined");
        return QStringLiteral("a simple value");
    case RawCbor::Half:
    case RawCbor::Float:
    case RawCbor::Double:
        return QStringLiteral("a number");
    case RawCbor::Break:
    case RawCbor::End:
    case RawCbor::Invalid:
        break;
    }
    return QStringLiteral("nothing");
}

template <typename Stream>
class Reader
{
public:
    Reader(Stream& r, QString* error, TextCache& texts)
        : m_r(r)
        , m_error(error)
        , m_texts(texts)
    {}

    bool ok() const { return m_ok; }
    bool incomplete() const { return m_incomplete; }

    // Where the reader is: a stack of "gpus", [3], "memory_used_mib"; the
    // text is made only for a message.
    struct Frame
    {
        const char* name = nullptr; // a key's name
        qsizetype index = -1;       // or an element's index
        quint64 key = 0;            // a key without a name
    };
    void push(const char* name) { m_path[m_depth++] = Frame{name, -1, 0}; }
    void pushKey(const char* name, quint64 key) { m_path[m_depth++] = Frame{name, -1, key}; }
    void pushIndex(qsizetype i) { m_path[m_depth++] = Frame{nullptr, i, 0}; }
    void pop() { --m_depth; }

    QString path() const
    {
        QString p;
        for (int i = 0; i < m_depth; ++i) {
            const Frame& f = m_path[i];
            if (f.index >= 0) {
                p += QLatin1Char('[') + QString::number(f.index) + QLatin1Char(']');
                continue;
            }
            if (!p.isEmpty())
                p += QLatin1Char('.');
            p += f.name ? QString::fromLatin1(f.name) : QStringLiteral("key %1").arg(f.key);
        }
        return p;
    }

    bool fail(const QString& what)
    {
        if (m_ok) {
            // Data that ended inside the reading: more may come.
            m_incomplete = m_r.lastError() == QCborError::EndOfFile;
            if (m_error) {
                const QString p = path();
                *m_error = m_incomplete
                               ? (p.isEmpty() ? QStringLiteral("the data ends early")
                                              : p + QStringLiteral(": the data ends early"))
                               : (p.isEmpty() ? what : p + QStringLiteral(": ") + what);
            }
        }
        m_ok = false;
        return false;
    }

    bool failCbor()
    {
        return fail(QStringLiteral("malformed CBOR: ") + m_r.lastError().toString());
    }

    bool expected(const char* what)
    {
        if (m_r.lastError() != QCborError::NoError)
            return failCbor();
        return fail(QStringLiteral("expected %1, got %2").arg(QLatin1String(what), typeName(m_r)));
    }

    Q_ALWAYS_INLINE bool advance()
    {
        if (!m_r.next())
            return failCbor();
        return true;
    }

    // Null: absent, advanced past.
    Q_ALWAYS_INLINE bool takeNull()
    {
        if (!m_r.isNull())
            return false;
        advance();
        return true;
    }

    // A map at the reader, entered.
    bool enterMap()
    {
        if (!m_r.isMap())
            return expected("a map");
        if (!m_r.enterContainer())
            return failCbor();
        return true;
    }
    bool enterArray()
    {
        if (!m_r.isArray())
            return expected("an array");
        if (!m_r.enterContainer())
            return failCbor();
        return true;
    }
    // After the last element of a map or array.
    bool leave()
    {
        if (m_r.lastError() != QCborError::NoError)
            return failCbor();
        if (!m_r.leaveContainer())
            return failCbor();
        return true;
    }
    // The next key of the map entered; false at its end or on a mistake.
    Q_ALWAYS_INLINE bool nextKey(quint64* key)
    {
        if (!m_ok || !m_r.hasNext())
            return false;
        if (!m_r.isUnsignedInteger())
            return expected("an integer key");
        *key = m_r.toUnsignedInteger();
        return advance();
    }
    bool hasNext() { return m_ok && m_r.hasNext(); }

    // An unknown key's value, skipped.
    bool skip()
    {
        if (!m_r.next(kMaxSkipDepth))
            return failCbor();
        return true;
    }

    // A text string (null: empty), made printable (util/printable.h) as the
    // JSON reader leaves every text it reads. Short ones come from the
    // decoder's table of texts read last (TextCache): readings repeat their
    // names (users, commands, UUIDs) reading after reading.
    bool text(QString* out)
    {
        if (!m_r.isString() && m_r.isNull()) {
            out->clear();
            return advance();
        }
        if (!m_r.isString())
            return expected("a text string or null");
        if constexpr (std::is_same_v<Stream, RawCbor>) {
            if (!m_r.isLengthKnown()) {
                QByteArray joined;
                if (!m_r.takeChunkedText(&joined))
                    return failCbor();
                *out = printableText(QString::fromUtf8(joined));
                return true;
            }
            const char* p = nullptr;
            qsizetype n = 0;
            if (!m_r.textBytes(&p, &n))
                return failCbor();
            if (n <= kCachedTextBytes) {
                const QString* t = m_texts.text(p, n);
                if (!t) {
                    m_r.failUtf8();
                    return failCbor();
                }
                *out = *t;
            } else {
                if (!isValidUtf8(reinterpret_cast<const uchar*>(p), n)) {
                    m_r.failUtf8();
                    return failCbor();
                }
                *out = printableText(QString::fromUtf8(p, n));
            }
            if (!m_r.skipText())
                return failCbor();
            return true;
        } else {
            if (m_r.isLengthKnown() && m_r.length() <= kCachedTextBytes) {
                char bytes[kCachedTextBytes];
                const auto n = qsizetype(m_r.length());
                auto chunk = m_r.readStringChunk(bytes, n);
                if (chunk.status == QCborStreamReader::Ok && chunk.data == n)
                    chunk = m_r.readStringChunk(bytes + n, 0);
                if (chunk.status != QCborStreamReader::EndOfString)
                    return failCbor();
                const QString* t = m_texts.text(bytes, n);
                if (!t)
                    return fail(QStringLiteral("malformed CBOR: invalid UTF-8"));
                *out = *t;
                return true;
            }
            out->clear();
            auto chunk = m_r.readString();
            while (chunk.status == QCborStreamReader::Ok) {
                *out += chunk.data;
                chunk = m_r.readString();
            }
            if (chunk.status == QCborStreamReader::Error)
                return failCbor();
            *out = printableText(*out);
            return true;
        }
    }

    // Any number form; null is absent.
    std::optional<double> number(double min, double max)
    {
        double d = 0;
        if (takeNull())
            return std::nullopt;
        if (m_r.isUnsignedInteger()) {
            d = double(m_r.toUnsignedInteger());
        } else if (m_r.isNegativeInteger()) {
            d = -double(quint64(m_r.toNegativeInteger()));
        } else if (m_r.isDouble()) {
            d = m_r.toDouble();
        } else if (m_r.isFloat()) {
            d = double(m_r.toFloat());
        } else if (m_r.isFloat16()) {
            d = double(float(m_r.toFloat16()));
        } else {
            expected("a number or null");
            return std::nullopt;
        }
        if (!advance())
            return std::nullopt;
        if (!std::isfinite(d) || d < min || d > max) {
            fail(QStringLiteral("%1 is out of range").arg(d));
            return std::nullopt;
        }
        return d;
    }

    template <typename T>
    std::optional<T> integer()
    {
        // The common case straight: an unsigned integer in range (anything
        // else goes the long way, for its message).
        if (m_r.isUnsignedInteger()) {
            const quint64 v = m_r.toUnsignedInteger();
            if (v <= quint64(kMaxExact) && v <= quint64(std::numeric_limits<T>::max())) {
                if (!advance())
                    return std::nullopt;
                return T(v);
            }
            // Past 2^53 a double rounds it (2^53 + 1 would read as 2^53):
            // refused as JSON refuses it.
            if (v > quint64(kMaxExact)) {
                fail(QStringLiteral("%1 is out of range").arg(v));
                return std::nullopt;
            }
        }
        const auto d = number(0, kMaxExact);
        if (!d)
            return std::nullopt;
        if (std::floor(*d) != *d || *d > double(std::numeric_limits<T>::max())) {
            fail(QStringLiteral("expected a whole number, got %1").arg(*d));
            return std::nullopt;
        }
        return T(*d);
    }

    std::optional<bool> boolean()
    {
        if (takeNull())
            return std::nullopt;
        if (!m_r.isBool()) {
            expected("true, false or null");
            return std::nullopt;
        }
        const bool b = m_r.toBool();
        if (!advance())
            return std::nullopt;
        return b;
    }

    Stream& stream() { return m_r; }

private:
    Stream& m_r;
    QString* m_error;
    TextCache& m_texts;
    // Deep enough for the deepest path: gpus[i].holder.labels.<key>.
    Frame m_path[12];
    int m_depth = 0;
    bool m_ok = true;
    bool m_incomplete = false;
};

// Runs `field(key)` for each key of the map at the reader, the key pushed
// on the path; false on a mistake.
template <typename R, std::size_t N, typename Field>
bool readMap(R& r, const char* const (&names)[N], Field field)
{
    if (!r.enterMap())
        return false;
    quint64 key = 0;
    while (r.nextKey(&key)) {
        r.pushKey(nameOf(names, key), key);
        const bool known = field(key);
        if (!known)
            r.skip();
        r.pop();
        if (!r.ok())
            return false;
    }
    return r.ok() && r.leave();
}

template <typename R>
std::optional<Workload> readWorkload(R& r)
{
    using namespace cborkey;
    if (r.takeNull())
        return std::nullopt;
    Workload w;
    bool hasKind = false;
    const bool ok = readMap(r, kWorkloadNames, [&](quint64 key) {
        switch (key) {
        case Kind: {
            QString kind;
            hasKind = r.text(&kind);
            // A kind a newer producer knows and this reader does not is kept
            // as a shape not recognised, as the JSON reader does.
            w.kind = workloadKindFromName(kind).value_or(WorkloadKind::Unknown);
            return true;
        }
        case WorkloadId:
            r.text(&w.id);
            return true;
        case PodUid:
            r.text(&w.podUid);
            return true;
        case Runtime:
            r.text(&w.runtime);
            return true;
        case Step:
            r.text(&w.step);
            return true;
        case WorkloadUid:
            w.uid = r.template integer<uint>();
            return true;
        case Cgroup:
            r.text(&w.cgroupPath);
            return true;
        case WorkloadName:
            r.text(&w.name);
            return true;
        case Namespace:
            r.text(&w.namespaceName);
            return true;
        case Container:
            r.text(&w.containerName);
            return true;
        case Partition:
            r.text(&w.partition);
            return true;
        case Image:
            r.text(&w.image);
            return true;
        case Labels: {
            if (r.takeNull())
                return true;
            if (!r.enterMap())
                return true;
            while (r.hasNext()) {
                if (w.labels.size() >= kMaxLabels) {
                    r.fail(QStringLiteral("more than %1 labels").arg(kMaxLabels));
                    return true;
                }
                QString name;
                QString value;
                if (!r.stream().isString()) {
                    r.expected("a text string");
                    return true;
                }
                if (!r.text(&name))
                    return true;
                if (!r.text(&value))
                    return true;
                w.labels.insert(name, value);
            }
            r.leave();
            return true;
        }
        default:
            return false;
        }
    });
    if (!ok)
        return std::nullopt;
    if (!hasKind) {
        r.push("kind");
        r.fail(QStringLiteral("missing"));
        r.pop();
        return std::nullopt;
    }
    return w;
}

template <typename R>
std::optional<ProcessOwner> readOwner(R& r)
{
    using namespace cborkey;
    if (r.takeNull())
        return std::nullopt;
    ProcessOwner o;
    bool hasUser = false;
    const bool ok = readMap(r, kOwnerNames, [&](quint64 key) {
        switch (key) {
        case OwnerUser:
            hasUser = r.text(&o.user);
            if (hasUser && o.user.isEmpty())
                r.fail(QStringLiteral("empty"));
            return true;
        case Account:
            r.text(&o.account);
            return true;
        case Because:
            r.text(&o.because);
            return true;
        case IsWorkload:
            o.isWorkload = r.boolean().value_or(false);
            return true;
        default:
            return false;
        }
    });
    if (!ok)
        return std::nullopt;
    if (!hasUser) {
        r.push("user");
        r.fail(QStringLiteral("missing"));
        r.pop();
        return std::nullopt;
    }
    return o;
}

template <typename R>
bool readHost(R& r, HostSample& h)
{
    using namespace cborkey;
    return readMap(r, kHostNames, [&](quint64 key) {
        switch (key) {
        case Hostname:
            r.text(&h.hostname);
            return true;
        case CpuPercent:
            h.cpuPercent = r.number(0, 100.5);
            return true;
        case CpuCount:
            h.cpuCount = r.template integer<int>();
            return true;
        case MemoryUsedBytes:
            h.memoryUsedBytes = r.template integer<quint64>();
            return true;
        case MemoryTotalBytes:
            h.memoryTotalBytes = r.template integer<quint64>();
            return true;
        case DiskReadBytesPerS:
            h.diskReadBytesPerSec = r.number(0, kBig);
            return true;
        case DiskWriteBytesPerS:
            h.diskWriteBytesPerSec = r.number(0, kBig);
            return true;
        case CgroupMemoryLimitBytes:
            h.cgroupMemoryLimitBytes = r.template integer<quint64>();
            return true;
        case CgroupMemoryUsedBytes:
            h.cgroupMemoryUsedBytes = r.template integer<quint64>();
            return true;
        case CgroupCpuLimitCores:
            h.cgroupCpuLimitCores = r.number(0, 1e6);
            return true;
        case CgroupVersion:
            r.text(&h.cgroupVersion);
            return true;
        case OwnPidNamespace:
            h.ownPidNamespace = r.boolean();
            return true;
        default:
            return false;
        }
    });
}

// A required key that was not there.
template <typename R>
bool missing(R& r, bool had, const char* name)
{
    if (had || !r.ok())
        return had;
    r.push(name);
    r.fail(QStringLiteral("missing"));
    r.pop();
    return false;
}

template <typename R>
std::optional<MigInstance> readMig(R& r)
{
    using namespace cborkey;
    MigInstance m;
    bool hasIndex = false;
    bool hasUuid = false;
    const bool ok = readMap(r, kMigNames, [&](quint64 key) {
        switch (key) {
        case MigIndex:
            if (const auto i = r.template integer<int>()) {
                m.index = *i;
                hasIndex = true;
            }
            return true;
        case MigUuid:
            hasUuid = r.text(&m.uuid);
            return true;
        case Profile:
            r.text(&m.profile);
            return true;
        case GpuInstanceId:
            m.gpuInstanceId = r.template integer<int>();
            return true;
        case ComputeInstanceId:
            m.computeInstanceId = r.template integer<int>();
            return true;
        case ComputeSlices:
            m.computeSlices = r.template integer<int>();
            return true;
        case MigMemoryUsedMiB:
            m.memoryUsedMiB = r.number(0, kBig);
            return true;
        case MigMemoryTotalMiB:
            m.memoryTotalMiB = r.number(0, kBig);
            return true;
        default:
            return false;
        }
    });
    if (!ok || !missing(r, hasIndex, "index") || !missing(r, hasUuid, "uuid"))
        return std::nullopt;
    return m;
}

template <typename R>
std::optional<XidEvent> readXid(R& r)
{
    using namespace cborkey;
    XidEvent x;
    bool hasCode = false, hasAt = false, hasSource = false;
    const bool ok = readMap(r, kXidNames, [&](quint64 key) {
        switch (key) {
        case XidCode:
            if (const auto c = r.template integer<int>()) {
                x.xid = *c;
                hasCode = true;
            }
            return true;
        case XidAtMs:
            if (const auto at = r.template integer<qint64>()) {
                x.atMs = *at;
                hasAt = true;
            }
            return true;
        case XidSource: {
            QString name;
            if (!r.text(&name))
                return true;
            if (const auto s = xidSourceFromName(name)) {
                x.source = *s;
                hasSource = true;
            } else {
                r.fail(QStringLiteral("\"%1\" is not nvml, kernel_log or both").arg(name));
            }
            return true;
        }
        case XidPid:
            x.pid = r.template integer<qint64>();
            return true;
        case XidProcessName:
            r.text(&x.processName);
            return true;
        case XidText:
            r.text(&x.text);
            return true;
        case XidGpuInstanceId:
            x.gpuInstanceId = r.template integer<int>();
            return true;
        case XidComputeInstanceId:
            x.computeInstanceId = r.template integer<int>();
            return true;
        case XidKernelLogSequence:
            x.kernelLogSequence = r.template integer<quint64>();
            return true;
        default:
            return false;
        }
    });
    if (!ok || !missing(r, hasCode, "xid") || !missing(r, hasAt, "at_ms") ||
        !missing(r, hasSource, "source"))
        return std::nullopt;
    return x;
}

template <typename R>
std::optional<NvLinkErrors> readNvLink(R& r)
{
    using namespace cborkey;
    NvLinkErrors n;
    bool has[4] = {false, false, false, false};
    const bool ok = readMap(r, kNvLinkNames, [&](quint64 key) {
        quint64* into = nullptr;
        switch (key) {
        case NvlinkReplay:
            into = &n.replay;
            break;
        case NvlinkRecovery:
            into = &n.recovery;
            break;
        case NvlinkCrcFlit:
            into = &n.crcFlit;
            break;
        case NvlinkCrcData:
            into = &n.crcData;
            break;
        default:
            return false;
        }
        if (const auto c = r.template integer<quint64>()) {
            *into = *c;
            has[key] = true;
        }
        return true;
    });
    if (!ok)
        return std::nullopt;
    for (quint64 k = 0; k < 4; ++k)
        if (!missing(r, has[k], kNvLinkNames[k]))
            return std::nullopt;
    return n;
}

template <typename R>
std::optional<GpuHealthFacts> readHealthFacts(R& r)
{
    using namespace cborkey;
    if (r.takeNull())
        return std::nullopt;
    GpuHealthFacts f;
    const bool ok = readMap(r, kHealthFactsNames, [&](quint64 key) {
        switch (key) {
        case EnergyMj:
            f.energyMj = r.template integer<quint64>();
            return true;
        case EccEnabled:
            f.eccEnabled = r.boolean();
            return true;
        case EccCorrectedVolatile:
            f.eccCorrectedVolatile = r.template integer<quint64>();
            return true;
        case EccUncorrectedVolatile:
            f.eccUncorrectedVolatile = r.template integer<quint64>();
            return true;
        case EccCorrectedAggregate:
            f.eccCorrectedAggregate = r.template integer<quint64>();
            return true;
        case EccUncorrectedAggregate:
            f.eccUncorrectedAggregate = r.template integer<quint64>();
            return true;
        case RemappedRowsCorrectable:
            f.remappedRowsCorrectable = r.template integer<quint32>();
            return true;
        case RemappedRowsUncorrectable:
            f.remappedRowsUncorrectable = r.template integer<quint32>();
            return true;
        case RemapPending:
            f.remapPending = r.boolean();
            return true;
        case RemapFailure:
            f.remapFailure = r.boolean();
            return true;
        case RetiredPagesSbe:
            f.retiredPagesSbe = r.template integer<quint32>();
            return true;
        case RetiredPagesDbe:
            f.retiredPagesDbe = r.template integer<quint32>();
            return true;
        case RetiredPagesPending:
            f.retiredPagesPending = r.boolean();
            return true;
        case ClockEventReasons:
            f.clockEventReasons = r.template integer<quint64>();
            return true;
        case ClockEventReasonsSupported:
            f.clockEventReasonsSupported = r.template integer<quint64>();
            return true;
        case PcieReplayCount:
            f.pcieReplayCount = r.template integer<quint32>();
            return true;
        case NvlinkErrors:
            if (!r.takeNull())
                f.nvlinkErrors = readNvLink<R>(r);
            return true;
        case XidEvents: {
            if (r.takeNull())
                return true;
            if (!r.enterArray())
                return true;
            for (qsizetype k = 0; r.hasNext(); ++k) {
                if (k >= kMaxXidsPerReading) {
                    r.fail(
                        QStringLiteral("more than %1 XIDs in one reading").arg(kMaxXidsPerReading));
                    return true;
                }
                r.pushIndex(k);
                const std::optional<XidEvent> x = readXid<R>(r);
                r.pop();
                if (!x)
                    return true;
                f.xids.append(*x);
            }
            r.leave();
            return true;
        }
        default:
            return false;
        }
    });
    if (!ok)
        return std::nullopt;
    return f;
}

template <typename R>
std::optional<GpuHealth> readHealth(R& r)
{
    using namespace cborkey;
    if (r.takeNull())
        return std::nullopt;
    GpuHealth h;
    bool hasState = false;
    const bool ok = readMap(r, kHealthNames, [&](quint64 key) {
        switch (key) {
        case HealthStateKey: {
            QString name;
            if (!r.text(&name))
                return true;
            if (const auto s = healthStateFromName(name)) {
                h.state = *s;
                hasState = true;
            } else {
                r.fail(QStringLiteral("\"%1\" is not ok, degraded, failing or unknown").arg(name));
            }
            return true;
        }
        case HealthReasons: {
            if (r.takeNull())
                return true;
            if (!r.enterArray())
                return true;
            for (qsizetype k = 0; r.hasNext(); ++k) {
                r.pushIndex(k);
                if (k >= kMaxHealthReasons) {
                    r.pop();
                    r.fail(QStringLiteral("more than %1 reasons").arg(kMaxHealthReasons));
                    return true;
                }
                if (!r.stream().isString()) {
                    r.expected("a text string");
                    r.pop();
                    return true;
                }
                QString reason;
                const bool read = r.text(&reason);
                r.pop();
                if (!read)
                    return true;
                h.reasons.append(reason);
            }
            r.leave();
            return true;
        }
        case HealthSinceMs:
            h.sinceMs = r.template integer<qint64>();
            return true;
        default:
            return false;
        }
    });
    if (!ok || !missing(r, hasState, "state"))
        return std::nullopt;
    return h;
}

template <typename R>
bool readGpu(R& r, GpuSample& g, qsizetype* units)
{
    using namespace cborkey;
    bool hasIndex = false;
    bool hasUuid = false;
    const bool ok = readMap(r, kGpuNames, [&](quint64 key) {
        switch (key) {
        case GpuIndex:
            if (const auto i = r.template integer<int>()) {
                g.index = *i;
                hasIndex = true;
            }
            return true;
        case GpuUuid:
            hasUuid = r.text(&g.uuid);
            return true;
        case GpuName:
            r.text(&g.name);
            return true;
        case PciBusId:
            r.text(&g.pciBusId);
            return true;
        case Vendor:
            r.text(&g.vendor);
            return true;
        case UtilizationGpuPercent:
            g.utilizationGpuPercent = r.number(0, 100);
            return true;
        case UtilizationMemoryPercent:
            g.utilizationMemoryPercent = r.number(0, 100);
            return true;
        case GpuMemoryUsedMiB:
            g.memoryUsedMiB = r.number(0, kBig);
            return true;
        case GpuMemoryTotalMiB:
            g.memoryTotalMiB = r.number(0, kBig);
            return true;
        case TemperatureC:
            g.temperatureC = r.number(-273, 1000);
            return true;
        case SlowdownTemperatureC:
            g.slowdownTemperatureC = r.number(-273, 1000);
            return true;
        case ShutdownTemperatureC:
            g.shutdownTemperatureC = r.number(-273, 1000);
            return true;
        case MemoryReservedMiB:
            g.memoryReservedMiB = r.number(0, kBig);
            return true;
        case PowerW:
            g.powerW = r.number(0, 1e6);
            return true;
        case PowerLimitW:
            g.powerLimitW = r.number(0, 1e6);
            return true;
        case SmClockMHz:
            g.smClockMHz = r.number(0, 1e6);
            return true;
        case FanPercent:
            g.fanPercent = r.number(0, 1000);
            return true;
        case PersistenceMode:
            g.persistenceMode = r.boolean();
            return true;
        case MigEnabled:
            g.migEnabled = r.boolean();
            return true;
        case MigSliceCount:
            g.migSliceCount = r.template integer<int>();
            return true;
        case MigInstances: {
            if (r.takeNull())
                return true;
            g.migInstances.clear();
            if (!r.enterArray())
                return true;
            for (qsizetype k = 0; r.hasNext(); ++k) {
                if (++*units > kMaxGpusPerServer) {
                    r.fail(QStringLiteral("more GPUs and MIG instances than the %1 one server "
                                          "may report")
                               .arg(kMaxGpusPerServer));
                    return true;
                }
                r.pushIndex(k);
                const std::optional<MigInstance> m = readMig<R>(r);
                r.pop();
                if (!m)
                    return true;
                g.migInstances.append(*m);
            }
            r.leave();
            return true;
        }
        case GpuError:
            r.text(&g.error);
            return true;
        case Holder:
            g.holder = readWorkload<R>(r);
            return true;
        case HolderOwner:
            g.holderOwner = readOwner<R>(r);
            return true;
        case HealthFactsOfGpu:
            g.healthFacts = readHealthFacts<R>(r);
            return true;
        case HealthOfGpu:
            g.health = readHealth<R>(r);
            return true;
        default:
            return false;
        }
    });
    return ok && missing(r, hasIndex, "index") && missing(r, hasUuid, "uuid");
}

template <typename R>
bool readProcess(R& r, GpuProcess& p)
{
    using namespace cborkey;
    bool hasPid = false;
    bool hasGpu = false;
    const bool ok = readMap(r, kProcessNames, [&](quint64 key) {
        switch (key) {
        case Pid:
            if (const auto pid = r.template integer<qint64>()) {
                p.pid = *pid;
                hasPid = true;
            }
            return true;
        case StartTimeMs:
            p.startTimeMs = r.template integer<qint64>();
            return true;
        case Uid:
            p.uid = r.template integer<uint>();
            return true;
        case User:
            r.text(&p.user);
            return true;
        case Command:
            r.text(&p.command);
            return true;
        case ProcessGpuUuid:
            hasGpu = r.text(&p.gpuUuid);
            return true;
        case ProcessMigUuid:
            r.text(&p.migUuid);
            return true;
        case UsedMemoryMiB:
            p.usedMemoryMiB = r.number(0, kBig);
            return true;
        case SmUtilizationPercent:
            p.smUtilPercent = r.number(0, 100);
            return true;
        case Ghost:
            p.ghost = r.boolean().value_or(false);
            return true;
        case ProcessWorkload:
            p.workload = readWorkload<R>(r);
            return true;
        case cborkey::Owner:
            p.owner = readOwner<R>(r);
            return true;
        default:
            return false;
        }
    });
    return ok && missing(r, hasPid, "pid") && missing(r, hasGpu, "gpu_uuid");
}

// The elements of the array at the reader, each read by `read` with its
// index on the path; null is an empty array.
template <typename R, typename T, typename Read>
void readArray(R& r, QList<T>& out, Read read)
{
    out.clear();
    if (r.takeNull())
        return;
    if (r.stream().isArray() && r.stream().isLengthKnown())
        out.reserve(qsizetype(std::min<quint64>(r.stream().length(), 1024)));
    if (!r.enterArray())
        return;
    for (qsizetype i = 0; r.hasNext(); ++i) {
        r.pushIndex(i);
        // Read in place: an element is not built and then moved in.
        const bool read_ = read(r, out.emplace_back());
        r.pop();
        if (!read_) {
            out.removeLast();
            return;
        }
    }
    r.leave();
}

} // namespace

void writeCborNumber(QCborStreamWriter& w, double d)
{
    putNumber(w, d);
}

QString cborTypeName(const QCborStreamReader& r)
{
    switch (r.type()) {
    case QCborStreamReader::UnsignedInteger:
    case QCborStreamReader::NegativeInteger:
        return QStringLiteral("an integer");
    case QCborStreamReader::ByteArray:
        return QStringLiteral("a byte string");
    case QCborStreamReader::String:
        return QStringLiteral("a text string");
    case QCborStreamReader::Array:
        return QStringLiteral("an array");
    case QCborStreamReader::Map:
        return QStringLiteral("a map");
    case QCborStreamReader::Tag:
        return QStringLiteral("a tag");
    case QCborStreamReader::SimpleType:
        if (r.isNull())
            return QStringLiteral("null");
        if (r.isBool())
            return QStringLiteral("a boolean");
        if (r.isUndefined())
            return QStringLiteral("undefined");
        return QStringLiteral("a simple value");
    case QCborStreamReader::Float16:
    case QCborStreamReader::Float:
    case QCborStreamReader::Double:
        return QStringLiteral("a number");
    case QCborStreamReader::Invalid:
        break;
    }
    return QStringLiteral("nothing");
}

namespace {

template <typename W>
void writeSnapshot(W& w, const Snapshot& s, std::optional<quint64> sequence)
{
    using namespace cborkey;
    w.startMap();
    w.append(quint64(SnapshotVersion));
    w.append(quint64(kSnapshotVersion));
    putText(w, Server, s.server);
    w.append(quint64(TimestampMs));
    putNumber(w, double(s.timestampMs));
    putText(w, Backend, s.backend);
    opt(w, IntervalMs, s.intervalMs);
    putHost(w, s.host);
    if (!s.gpus.isEmpty()) {
        w.append(quint64(Gpus));
        w.startArray(quint64(s.gpus.size()));
        for (const GpuSample& g : s.gpus)
            putGpu(w, g);
        w.endArray();
    }
    if (!s.processes.isEmpty()) {
        w.append(quint64(Processes));
        w.startArray(quint64(s.processes.size()));
        for (const GpuProcess& p : s.processes)
            putProcess(w, p);
        w.endArray();
    }
    if (!s.warnings.isEmpty()) {
        w.append(quint64(Warnings));
        w.startArray(quint64(s.warnings.size()));
        for (const QString& t : s.warnings)
            w.append(QStringView(t));
        w.endArray();
    }
    if (sequence) {
        w.append(quint64(Sequence));
        w.append(*sequence);
    }
    w.endMap();
}

} // namespace

void writeSnapshotCbor(QCborStreamWriter& w, const Snapshot& s, std::optional<quint64> sequence)
{
    writeSnapshot(w, s, sequence);
}

void appendSnapshotCbor(QByteArray& out, const Snapshot& s, std::optional<quint64> sequence)
{
    ByteWriter w(out);
    writeSnapshot(w, s, sequence);
}

QByteArray toCbor(const Snapshot& s, std::optional<quint64> sequence)
{
    QByteArray out;
    out.reserve(1024 + 64 * (s.gpus.size() + s.processes.size()));
    appendSnapshotCbor(out, s, sequence);
    return out;
}

namespace {

// The snapshot map at `r` (either token layer: Qt's stream reader or the
// raw bytes), as snapshotFromCbor documents it.
template <typename R>
std::optional<Snapshot> readSnapshot(R& r, bool* incomplete, std::optional<quint64>* sequence)
{
    using namespace cborkey;
    Snapshot s;
    bool hasServer = false;
    bool hasTime = false;
    bool hasBackend = false;
    qsizetype units = 0;
    if (sequence)
        sequence->reset();
    readMap(r, kSnapshotNames, [&](quint64 key) {
        switch (key) {
        case Server:
            hasServer = r.text(&s.server);
            return true;
        case TimestampMs:
            if (const auto t = r.template integer<qint64>()) {
                s.timestampMs = *t;
                hasTime = true;
            }
            return true;
        case Backend:
            hasBackend = r.text(&s.backend);
            return true;
        case IntervalMs:
            s.intervalMs = r.template integer<qint64>();
            if (s.intervalMs && *s.intervalMs == 0)
                r.fail(QStringLiteral("must be positive"));
            return true;
        case cborkey::HostFigures:
            if (!r.takeNull())
                readHost<R>(r, s.host);
            return true;
        case Gpus:
            readArray(r, s.gpus, [&units](R& rr, GpuSample& g) {
                if (++units > kMaxGpusPerServer) {
                    rr.fail(QStringLiteral("more GPUs and MIG instances than the %1 one server "
                                           "may report")
                                .arg(kMaxGpusPerServer));
                    return false;
                }
                return readGpu<R>(rr, g, &units);
            });
            return true;
        case Processes:
            readArray(r, s.processes, readProcess<R>);
            return true;
        case Warnings:
            readArray(r, s.warnings, [](R& rr, QString& t) {
                if (!rr.stream().isString())
                    return rr.expected("a text string");
                return rr.text(&t);
            });
            return true;
        case Sequence:
            if (const auto n = r.template integer<quint64>(); n && sequence)
                *sequence = *n;
            return true;
        default:
            return false; // snapshot_version among them: nothing to read from it
        }
    });
    if (r.ok()) {
        if (missing(r, hasServer, "server") && missing(r, hasTime, "timestamp_ms"))
            missing(r, hasBackend, "backend");
    }
    if (incomplete)
        *incomplete = r.incomplete();
    if (!r.ok())
        return std::nullopt;
    return s; // every text made printable as it was read
}

} // namespace

std::optional<Snapshot> snapshotFromCbor(QCborStreamReader& stream, QString* error,
                                         bool* incomplete, std::optional<quint64>* sequence)
{
    thread_local TextCache texts;
    texts.beginReading();
    Reader<QCborStreamReader> r(stream, error, texts);
    return readSnapshot(r, incomplete, sequence);
}

struct SnapshotCborDecoder::Texts : TextCache
{};

SnapshotCborDecoder::SnapshotCborDecoder()
    : m_texts(std::make_unique<Texts>())
{}

SnapshotCborDecoder::~SnapshotCborDecoder() = default;
SnapshotCborDecoder::SnapshotCborDecoder(SnapshotCborDecoder&&) noexcept = default;
SnapshotCborDecoder& SnapshotCborDecoder::operator=(SnapshotCborDecoder&&) noexcept = default;

std::optional<Snapshot> SnapshotCborDecoder::decode(QByteArrayView bytes, qsizetype* used,
                                                    QString* error, bool* incomplete,
                                                    std::optional<quint64>* sequence)
{
    RawCbor stream(bytes.data(), bytes.size());
    m_texts->beginReading();
    Reader<RawCbor> r(stream, error, *m_texts);
    std::optional<Snapshot> s = readSnapshot(r, incomplete, sequence);
    if (used)
        *used = qsizetype(stream.currentOffset());
    return s;
}

std::optional<Snapshot> snapshotFromCborBytes(const QByteArray& bytes, QString* error)
{
    thread_local SnapshotCborDecoder decoder;
    qsizetype used = 0;
    std::optional<Snapshot> s = decoder.decode(bytes, &used, error);
    if (s && used != bytes.size()) {
        if (error)
            *error = QStringLiteral("%1 bytes after the reading").arg(bytes.size() - used);
        return std::nullopt;
    }
    return s;
}

} // namespace gw

namespace gw {

QByteArray samplesPageCbor(const QString& instance, const QString& stream, qint64 nowMs,
                           quint64 next, quint64 lastSequence, bool truncated,
                           const QList<QByteArray>& maps)
{
    using namespace cborkey;
    QByteArray head;
    QCborStreamWriter w(&head);
    w.startMap(7);
    w.append(quint64(PageInstance));
    w.append(QStringView(instance));
    w.append(quint64(PageStream));
    w.append(QStringView(stream));
    w.append(quint64(PageNowMs));
    w.append(nowMs);
    w.append(quint64(PageNext));
    w.append(next);
    w.append(quint64(PageLastSequence));
    w.append(lastSequence);
    w.append(quint64(PageTruncated));
    w.append(truncated);
    w.append(quint64(PageSamples));
    const auto count =
        std::count_if(maps.begin(), maps.end(), [](const QByteArray& m) { return !m.isEmpty(); });
    w.startArray(quint64(count));
    // The maps follow the array's head as they are.
    qsizetype size = head.size();
    for (const QByteArray& m : maps)
        size += m.size();
    head.reserve(size);
    for (const QByteArray& m : maps)
        head += m;
    return head;
}

namespace {

// An envelope key's name, for messages.
constexpr const char* kPageNames[] = {"instance",      "stream",    "now_ms", "next",
                                      "last_sequence", "truncated", "samples"};

} // namespace

std::optional<SamplesPage> parseSamplesPageCbor(const QByteArray& bytes, QString* error)
{
    using namespace cborkey;
    SamplesPage page;
    QCborStreamReader r(bytes);
    auto fail = [&](const QString& where, const QString& what, qint64 at) {
        if (error)
            *error = QStringLiteral("%1 (byte %2): %3")
                         .arg(where.isEmpty() ? QStringLiteral("page") : where)
                         .arg(at)
                         .arg(what);
        return std::optional<SamplesPage>();
    };
    auto failHere = [&](const QString& where, const QString& what) {
        if (r.lastError() == QCborError::EndOfFile)
            return fail(where, QStringLiteral("the data ends early"), r.currentOffset());
        if (r.lastError() != QCborError::NoError)
            return fail(where, QStringLiteral("malformed CBOR: ") + r.lastError().toString(),
                        r.currentOffset());
        return fail(where, what, r.currentOffset());
    };
    auto expected = [&](const QString& where, const char* what) {
        return failHere(
            where, QStringLiteral("expected %1, got %2").arg(QLatin1String(what), cborTypeName(r)));
    };
    if (!r.isMap())
        return expected(QString(), "a map");
    if (!r.enterContainer())
        return failHere(QString(), QString());
    bool seen[7] = {};
    while (r.lastError() == QCborError::NoError && r.hasNext()) {
        if (!r.isUnsignedInteger())
            return expected(QString(), "an integer key");
        const quint64 key = r.toUnsignedInteger();
        if (!r.next())
            return failHere(QString(), QString());
        const QString name =
            key < 7 ? QString::fromLatin1(kPageNames[key]) : QStringLiteral("key %1").arg(key);
        if (key >= 7) { // a newer agent's: skipped
            if (!r.next(kMaxSkipDepth))
                return failHere(name, QString());
            continue;
        }
        if (seen[key])
            return failHere(name, QStringLiteral("given twice"));
        seen[key] = true;
        switch (key) {
        case PageInstance:
        case PageStream: {
            if (!r.isString())
                return expected(name, "a text string");
            QString text;
            auto chunk = r.readString();
            while (chunk.status == QCborStreamReader::Ok) {
                text += chunk.data;
                chunk = r.readString();
            }
            if (chunk.status == QCborStreamReader::Error)
                return failHere(name, QString());
            (key == PageInstance ? page.instance : page.stream) = text;
            break;
        }
        case PageNowMs:
        case PageNext:
        case PageLastSequence: {
            if (!r.isUnsignedInteger())
                return expected(name, "an unsigned integer");
            const quint64 v = r.toUnsignedInteger();
            if (key == PageNowMs) {
                if (v > quint64(std::numeric_limits<qint64>::max()))
                    return failHere(name, QStringLiteral("too large"));
                page.nowMs = qint64(v);
            } else {
                (key == PageNext ? page.next : page.lastSequence) = v;
            }
            if (!r.next())
                return failHere(name, QString());
            break;
        }
        case PageTruncated:
            if (!r.isBool())
                return expected(name, "true or false");
            page.truncated = r.toBool();
            if (!r.next())
                return failHere(name, QString());
            break;
        default: { // the samples: last, a counted array of reading maps
            if (!r.isArray() || !r.isLengthKnown())
                return expected(name, "an array of known length");
            const quint64 n = r.length();
            if (!r.enterContainer())
                return failHere(name, QString());
            // Each reading read on its own from where it starts: one that is
            // well formed but wrong is skipped, the page goes on. One
            // decoder for the page: its readings share their texts.
            qsizetype at = qsizetype(r.currentOffset());
            SnapshotCborDecoder decoder;
            for (quint64 i = 0; i < n; ++i) {
                const QString where = QStringLiteral("samples[%1]").arg(i);
                if (at >= bytes.size())
                    return fail(where, QStringLiteral("the data ends early"), at);
                const QByteArray rest =
                    QByteArray::fromRawData(bytes.constData() + at, bytes.size() - at);
                QString why;
                std::optional<quint64> sequence;
                qsizetype used = 0;
                std::optional<Snapshot> s = decoder.decode(rest, &used, &why, nullptr, &sequence);
                if (s && !sequence) {
                    s.reset();
                    why = QStringLiteral("sequence: missing");
                }
                if (s) {
                    page.samples.append(std::move(*s));
                    page.sequences.append(*sequence);
                    at += used;
                } else {
                    // Well formed? Then skip it; else the page is broken.
                    QCborStreamReader skip(rest);
                    if (!skip.isMap() || !skip.next(kMaxSkipDepth) ||
                        skip.lastError() != QCborError::NoError) {
                        const QString what = skip.lastError() == QCborError::EndOfFile
                                                 ? QStringLiteral("the data ends early")
                                                 : (skip.lastError() != QCborError::NoError
                                                        ? QStringLiteral("malformed CBOR: ") +
                                                              skip.lastError().toString()
                                                        : why);
                        return fail(where, what, at + qsizetype(skip.currentOffset()));
                    }
                    ++page.skipped;
                    page.skippedWhy = why;
                    at += qsizetype(skip.currentOffset());
                }
                ++page.sampleCount;
            }
            // The page's map ends with its samples.
            if (at != bytes.size())
                return fail(QString(),
                            QStringLiteral("%1 bytes after the samples, which come last")
                                .arg(bytes.size() - at),
                            at);
            for (int k = 0; k < 6; ++k)
                if (!seen[k])
                    return fail(QString::fromLatin1(kPageNames[k]), QStringLiteral("missing"), at);
            return page;
        }
        }
    }
    if (r.lastError() != QCborError::NoError)
        return failHere(QString(), QString());
    return fail(QStringLiteral("samples"), QStringLiteral("missing"), r.currentOffset());
}

} // namespace gw
