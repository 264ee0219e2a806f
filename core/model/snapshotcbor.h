#pragma once

// Snapshot <-> CBOR (RFC 8949): the compact form of a reading on the wire,
// asked for with `Accept: application/cbor` (docs/agent-api.md, "CBOR
// readings"). It carries exactly what the JSON form (snapshotjson.h) carries,
// field for field: a snapshot read from either is the same snapshot.
//
// Each object is a CBOR map with small integer keys (the tables below; a key
// keeps its meaning for good, new fields take new numbers), written with the
// library's own writer (or Qt's QCborStreamWriter) and read from the bytes
// by SnapshotCborDecoder (or through Qt's QCborStreamReader), never a
// QCborValue tree. Absent values (std::nullopt, an empty optional text) are
// left out; null is read as absent too, as in JSON. Numbers are written as
// the shortest exact CBOR form (an integer, a float, else a double); any
// number form is read. "timestamp" (the ISO text of timestamp_ms) is not
// sent: the reader has timestamp_ms.
//
// The reader is as strict as the JSON reader, with the same ranges and
// limits (GPUs and MIG instances of one server, labels), and names the path
// of a mistake as the JSON reader does ("gpus[1].memory_used_mib: expected a
// number or null, got a text string"). Unknown keys are skipped (newer
// agents may add fields), nested at most kMaxSkipDepth deep.

#include "model/snapshot.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

class QCborStreamReader;
class QCborStreamWriter;

namespace gw {

// The keys of each map, by the JSON key they stand for.
namespace cborkey {
enum SnapshotKey : quint8
{
    SnapshotVersion = 0,
    Server = 1,
    TimestampMs = 2,
    Backend = 3,
    IntervalMs = 4,
    HostFigures = 5,
    Gpus = 6,
    Processes = 7,
    Warnings = 8,
    Sequence = 9, // /v1/samples: the reading's number in the agent's log
};
enum HostKey : quint8
{
    Hostname = 0,
    CpuPercent = 1,
    CpuCount = 2,
    MemoryUsedBytes = 3,
    MemoryTotalBytes = 4,
    DiskReadBytesPerS = 5,
    DiskWriteBytesPerS = 6,
    CgroupMemoryLimitBytes = 7,
    CgroupMemoryUsedBytes = 8,
    CgroupCpuLimitCores = 9,
    CgroupVersion = 10,
    OwnPidNamespace = 11,
};
enum GpuKey : quint8
{
    GpuIndex = 0,
    GpuUuid = 1,
    GpuName = 2,
    PciBusId = 3,
    Vendor = 4,
    UtilizationGpuPercent = 5,
    UtilizationMemoryPercent = 6,
    GpuMemoryUsedMiB = 7,
    GpuMemoryTotalMiB = 8,
    TemperatureC = 9,
    SlowdownTemperatureC = 10,
    ShutdownTemperatureC = 11,
    MemoryReservedMiB = 12,
    PowerW = 13,
    PowerLimitW = 14,
    SmClockMHz = 15,
    FanPercent = 16,
    PersistenceMode = 17,
    MigEnabled = 18,
    MigSliceCount = 19,
    MigInstances = 20,
    GpuError = 21,
    Holder = 22,
    HolderOwner = 23,
    HealthFactsOfGpu = 24,
    HealthOfGpu = 25,
};
enum HealthFactsKey : quint8
{
    EnergyMj = 0,
    EccEnabled = 1,
    EccCorrectedVolatile = 2,
    EccUncorrectedVolatile = 3,
    EccCorrectedAggregate = 4,
    EccUncorrectedAggregate = 5,
    RemappedRowsCorrectable = 6,
    RemappedRowsUncorrectable = 7,
    RemapPending = 8,
    RemapFailure = 9,
    RetiredPagesSbe = 10,
    RetiredPagesDbe = 11,
    RetiredPagesPending = 12,
    ClockEventReasons = 13,
    ClockEventReasonsSupported = 14,
    PcieReplayCount = 15,
    NvlinkErrors = 16,
    XidEvents = 17,
};
enum NvLinkKey : quint8
{
    NvlinkReplay = 0,
    NvlinkRecovery = 1,
    NvlinkCrcFlit = 2,
    NvlinkCrcData = 3,
};
enum XidKey : quint8
{
    XidCode = 0,
    XidAtMs = 1,
    XidSource = 2,
    XidPid = 3,
    XidProcessName = 4,
    XidText = 5,
    XidGpuInstanceId = 6,
    XidComputeInstanceId = 7,
    XidKernelLogSequence = 8,
};
enum HealthKey : quint8
{
    HealthStateKey = 0,
    HealthReasons = 1,
    HealthSinceMs = 2,
};
enum MigKey : quint8
{
    MigIndex = 0,
    MigUuid = 1,
    Profile = 2,
    GpuInstanceId = 3,
    ComputeInstanceId = 4,
    ComputeSlices = 5,
    MigMemoryUsedMiB = 6,
    MigMemoryTotalMiB = 7,
};
enum ProcessKey : quint8
{
    Pid = 0,
    StartTimeMs = 1,
    Uid = 2,
    User = 3,
    Command = 4,
    ProcessGpuUuid = 5,
    ProcessMigUuid = 6,
    UsedMemoryMiB = 7,
    SmUtilizationPercent = 8,
    Ghost = 9,
    ProcessWorkload = 10,
    Owner = 11,
};
enum WorkloadKey : quint8
{
    Kind = 0,
    WorkloadId = 1,
    PodUid = 2,
    Runtime = 3,
    Step = 4,
    WorkloadUid = 5,
    Cgroup = 6,
    WorkloadName = 7,
    Namespace = 8,
    Container = 9,
    Partition = 10,
    Image = 11,
    Labels = 12,
};
enum OwnerKey : quint8
{
    OwnerUser = 0,
    Account = 1,
    Because = 2,
    IsWorkload = 3,
};
} // namespace cborkey

// The media type that asks for and announces it.
inline constexpr char kCborMediaType[] = "application/cbor";

// How deep an unknown key's value may nest before the reading is refused.
inline constexpr int kMaxSkipDepth = 32;

// One snapshot as one CBOR map; `sequence` adds its number (/v1/samples).
void writeSnapshotCbor(QCborStreamWriter& w, const Snapshot& s,
                       std::optional<quint64> sequence = std::nullopt);
// The same bytes appended to `out` by the library's own writer (what the
// routes use: about 2x cheaper than QCborStreamWriter, docs/remote.md;
// tst_snapshotcbor checks they write the same bytes).
void appendSnapshotCbor(QByteArray& out, const Snapshot& s,
                        std::optional<quint64> sequence = std::nullopt);
QByteArray toCbor(const Snapshot& s, std::optional<quint64> sequence = std::nullopt);

// Reads the one snapshot map at the reader's position and leaves the reader
// after it. Nothing with `error` (its path, as the JSON reader words it) on
// a mistake; then `incomplete`, where given, says whether the data only
// ended too early (more may come: read again from the same start).
// `sequence`, where given, gets the map's sequence (nullopt without one).
std::optional<Snapshot> snapshotFromCbor(QCborStreamReader& r, QString* error,
                                         bool* incomplete = nullptr,
                                         std::optional<quint64>* sequence = nullptr);
// Exactly one snapshot map and nothing after it (read by a decoder of the
// calling thread's).
std::optional<Snapshot> snapshotFromCborBytes(const QByteArray& bytes, QString* error);

// Readings one after another, as a stream of them is read (/v1/readings,
// a /v1/samples page): the same reader, with the same checks and messages,
// working on the bytes themselves rather than through QCborStreamReader
// (2.8x fewer instructions a reading, 3.4x less time: docs/remote.md), and
// keeping the texts it read last: a text whose bytes equal one read before
// (a user, command, UUID of the reading before) is that same QString,
// shared, not decoded again. What it keeps never changes what is read: a text is taken only
// for equal bytes. Use one per stream; not for use by two threads at once.
class SnapshotCborDecoder
{
public:
    SnapshotCborDecoder();
    ~SnapshotCborDecoder();
    SnapshotCborDecoder(SnapshotCborDecoder&&) noexcept;
    SnapshotCborDecoder& operator=(SnapshotCborDecoder&&) noexcept;

    // The snapshot map at the start of `bytes`, as snapshotFromCbor reads
    // it; `used` gets the bytes it took, or on a mistake the byte offset
    // where it was found (the end of the data where it ended early).
    std::optional<Snapshot> decode(QByteArrayView bytes, qsizetype* used, QString* error,
                                   bool* incomplete = nullptr,
                                   std::optional<quint64>* sequence = nullptr);

private:
    struct Texts;
    std::unique_ptr<Texts> m_texts;
};

// ---- /v1/samples in CBOR ---------------------------------------------------
//
// A page of the cursor protocol (docs/agent-api.md, "CBOR samples"): a map
// of SamplesPageKey, `samples` last, an array of reading maps (with their
// `sequence`, key 9).
namespace cborkey {
enum SamplesPageKey : quint8
{
    PageInstance = 0,
    PageStream = 1,
    PageNowMs = 2,
    PageNext = 3,
    PageLastSequence = 4,
    PageTruncated = 5,
    PageSamples = 6,
};
} // namespace cborkey

struct SamplesPage
{
    QString instance;
    QString stream;
    std::optional<qint64> nowMs;
    quint64 next = 0;
    quint64 lastSequence = 0;
    bool truncated = false;
    QList<Snapshot> samples;   // the readings read, in order
    QList<quint64> sequences;  // theirs
    int skipped = 0;           // readings that could not be read (well formed CBOR)
    QString skippedWhy;        // the last one's mistake
    qsizetype sampleCount = 0; // readings in the page, read or skipped
};

// The page around `maps` (each a reading map, as writeSnapshotCbor writes
// it with its sequence; empty ones are left out).
QByteArray samplesPageCbor(const QString& instance, const QString& stream, qint64 nowMs,
                           quint64 next, quint64 lastSequence, bool truncated,
                           const QList<QByteArray>& maps);
// Reads a page. A reading that is well formed CBOR but not a reading (a
// value out of range, more GPUs than allowed) is skipped and counted, as
// the JSON path skips it; anything else (malformed or cut CBOR, a missing
// or mistyped envelope key, data after the page) fails the page, with the
// byte offset where it was found ("samples[3] (byte 8120): the data ends
// early").
std::optional<SamplesPage> parseSamplesPageCbor(const QByteArray& bytes, QString* error);

// A number in the shortest exact form the readings use: a whole number as
// an integer, else a float where it holds the value exactly, else a double;
// not finite: null.
void writeCborNumber(QCborStreamWriter& w, double d);

// What the reader is at, for "expected a map, got a text string".
QString cborTypeName(const QCborStreamReader& r);

} // namespace gw
