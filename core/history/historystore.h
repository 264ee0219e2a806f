#pragma once

// The embedded time-series store: SQLite in WAL mode, samples kept per series
// in compressed chunks (not a row per sample), per-minute and per-hour
// roll-ups maintained on ingest, retention per level, process facts.
//
// Threading: a HistoryStore (and its connection) belongs to one thread. The
// writer and each reader open their own HistoryStore on the same file; WAL
// lets readers run while the writer commits.
//
// Sources: historystore.cpp opens and writes, historystorequery.cpp answers
// queries, historyretention.cpp deletes what is past retention and caps the
// file.

#include "history/historycodec.h"
#include "history/historytypes.h"
#include "history/quantasummary.h"
#include "model/snapshot.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace gw {

class HistoryStore
{
public:
    enum class Mode
    {
        ReadWrite,
        ReadOnly
    };

    // Opens (creating if needed) the store at `path`. Absent, with `error`
    // saying why in words an admin reads ("cannot open …: permission denied",
    // "… is not a GPU Warden history file"), when it cannot be used.
    static std::unique_ptr<HistoryStore> open(const QString& path, Mode mode, QString* error,
                                              RetentionPolicy retention = {});
    ~HistoryStore();

    // Appends a batch of snapshots (any servers, time order per series) in one
    // transaction: GPU metrics, host CPU and memory, process facts and process
    // series. Absent values stay absent (gaps). False with `error` on a disk
    // error (full disk, read-only file); the batch is then not stored, and the
    // store stays usable for the next one.
    bool append(const QList<Snapshot>& batch, QString* error);

    // The series in [fromMs, toMs) reduced to about `points` buckets of equal
    // width (min, max, mean, count); never more than 2 × points buckets. Raw
    // chunks, minute or hour roll-ups are chosen by the bucket width; from
    // roll-ups the buckets sit on their grid (the first starts at the minute
    // or hour holding fromMs). Buckets with no sample have count 0; gapBefore
    // marks where the record has no reading for longer than kGapIntervals ×
    // the series' sampling interval (exact from raw chunks; from roll-ups
    // measured between the roll-ups, so at most one roll-up short).
    HistoryResult query(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points);

    // The raw samples of one series in [fromMs, toMs), in time order, exactly
    // as stored: absent values included, no bucketing, no roll-ups (so only
    // within the raw retention). Each chunk is decoded once. Empty when the
    // series has none there; `error` set when the file cannot be read.
    QList<RawSample> samples(const SeriesKey& key, qint64 fromMs, qint64 toMs,
                             QString* error = nullptr);

    // The compressed raw chunks of the servers' series (all servers when
    // `servers` is empty) that start before toMs, end at or after fromMs and
    // start at or after `decodedBeforeMs`, ordered by series and time. A
    // reader walking forward window by window passes the previous window's
    // end as `decodedBeforeMs` (the smallest qint64 the first time), so it
    // never fetches a chunk twice; a chunk's samples at or after toMs come
    // with it. Process series included.
    QList<RawChunk> rawChunks(const QStringList& servers, qint64 fromMs, qint64 toMs,
                              qint64 decodedBeforeMs, QString* error = nullptr);

    // The time of the first raw chunk end at or after `atMs` of any series
    // of the servers (all when empty): where a reader skipping an empty
    // stretch of time goes on. Absent when nothing is stored from there on.
    std::optional<qint64> nextChunkEndMs(const QStringList& servers, qint64 atMs,
                                         QString* error = nullptr);

    // The time of the newest raw sample of any series; absent when there is
    // none. A reader of a file still being written reads up to it, so what
    // it fetches is consistent (samples appended later are not mixed in).
    std::optional<qint64> newestSampleMs(QString* error = nullptr);
    // The same for one server's series: where a backfill of it starts.
    std::optional<qint64> newestSampleMs(const QString& server, QString* error);

    // The GPUs of a server (their UUIDs; MIG instances, the host and
    // processes left out) in the order the store first saw them: the order
    // of the GPU's first series, which is the order of the readings' GPU
    // list (their index) when the GPUs came together.
    QStringList gpusOf(const QString& server, QString* error = nullptr);

    // The GPU model (name) of each GPU of a server a process fact records
    // (gpu_model); GPUs no process ran on are not there.
    QHash<QString, QString> gpuModels(const QString& server, QString* error = nullptr);

    // Whether the store has the series (whatever its samples).
    bool hasSeries(const SeriesKey& key);

    // A chunk spans less than this from its first sample to its last
    // (the writer seals it at one hour); readers bound their scans with it.
    static constexpr qint64 kMaxChunkSpanMs = 3600 * 1000;

    // Process facts of a server (all servers when empty) seen in [fromMs, toMs).
    QList<ProcessFact> processes(const QString& server, qint64 fromMs, qint64 toMs,
                                 QString* error = nullptr);

    // MIG instances of a server (all servers when empty) seen in [fromMs,
    // toMs); their memory is the series {server, migUuid, GpuMemoryUsed}.
    QList<MigInstanceFact> migInstances(const QString& server, qint64 fromMs, qint64 toMs,
                                        QString* error = nullptr);

    // Servers and targets with data, for the UI's pickers.
    QList<SeriesKey> seriesOf(const QString& server);
    QStringList servers();

    // Deletes what is older than the retention of each level, relative to
    // `nowMs`, in small steps so a concurrent ingest is never held up long.
    bool enforceRetention(qint64 nowMs, QString* error = nullptr);

    // What bindServer() did, in words for the log and the status line.
    struct ServerBinding
    {
        QString movedFrom;   // rows of this name (the agent's before) are now the server's
        QString keptApartAs; // another agent's rows under the server's name moved here
        QString stayedUnder; // the agent's rows under an earlier name, left there (the
                             // server had rows of its own)
        QStringList notes;
    };
    // One identity per server (issue 24): `server` (the name the desktop
    // watches the agent under) is the agent `agentId` from now on. In one
    // transaction, idempotent: rows under the name the agent had before
    // (the last one bound to it, else `formerName` when no agent owns rows
    // under that one, as a server added by URL was named "host:port")
    // become the server's when the server has none of its own; rows of
    // another agent under the server's name are moved aside ("name (agent
    // 1a2b3c4d)") and stay that agent's. Open chunks are sealed first.
    std::optional<ServerBinding> bindServer(const QString& server, const QString& agentId,
                                            const QString& formerName, QString* error);
    // The agent each name is bound to (name → identity).
    QHash<QString, QString> serverIdentities(QString* error = nullptr);

    // Seals open chunks and commits; called on clean shutdown.
    bool flush(QString* error = nullptr);

    QString path() const;
    qint64 fileSizeBytes() const; // main file + WAL

    // Caps the main file (0: no cap). Reaching the cap fails append() like a
    // full disk; lets an admin bound the history, and tests a full disk.
    bool setMaxFileSizeBytes(qint64 bytes, QString* error = nullptr);

    // Samples append() dropped because their series already had a sample at
    // that time or later: per series, timestamps strictly increase and the
    // first sample stored for a time wins.
    qint64 droppedSampleCount() const { return m_dropped; }

private:
    HistoryStore() = default;

    // A minute or hour being accumulated; only what is not yet in the rollup
    // table (each commit merges it in and starts over).
    struct Rollup
    {
        qint64 bucketS = 0;
        QuantaSummary values;
    };
    struct RollupRow
    {
        int level = 0;
        qint64 series = 0;
        Rollup r;
    };
    // Writer state of one series: its open chunk and roll-ups.
    struct SeriesState
    {
        SeriesKey key;
        qint64 id = 0;
        double scale = 1; // quanta per unit
        ChunkEncoder chunk;
        qint64 chunkRow = 0;        // 0: the open chunk has no row yet
        qint64 chunkIntervalMs = 0; // sampling interval of the open chunk's readings
        qint64 intervalMs = 0;      // as stored in the series row (0: none yet)
        qint64 lastMs = std::numeric_limits<qint64>::min();
        Rollup minute;
        Rollup hour;
        bool touched = false;
        bool createdInBatch = false;
    };
    struct SeriesKeyHash
    {
        size_t operator()(const SeriesKey& k) const { return qHash(k); }
    };
    // What a fact's row holds of its workload, side by side (a steady
    // reading compares them all).
    struct KeptWorkload
    {
        WorkloadKind kind = WorkloadKind::None;
        QString id;
        QString name;
        QString namespaceName;
        QString partition;
    };
    struct FactState
    {
        qint64 id = 0;
        qint64 lastSeenMs = 0;
        std::optional<double> maxMemoryMiB;
        // As its row holds them.
        std::optional<ProcessOwner> owner;
        std::optional<KeptWorkload> workload;
        bool dirty = false;
        bool ownerDirty = false; // the owner columns too
    };

    bool openDatabase(const QString& path, Mode mode, QString* error);
    bool prepareStatements(QString* error);
    bool fail(const QSqlQuery& q);
    SeriesState* state(const SeriesKey& key);
    std::optional<qint64> lookupSeriesId(const SeriesKey& key);
    void push(const SeriesKey& key, qint64 ms, std::optional<double> value, qint64 intervalMs);
    void noteMig(const Snapshot& snap, const GpuSample& g, const MigInstance& m);
    qint64 seriesIntervalMs(qint64 seriesId);
    void addToRollup(Rollup& acc, int level, qint64 series, qint64 bucketS, qint64 q);
    void takeRollup(Rollup& acc, int level, qint64 series);
    bool writeMinuteRollups();
    bool writeChunk(SeriesState& s, bool sealed);
    std::optional<qint64> processFact(const Snapshot& snap, const GpuProcess& p);
    static bool learnOwner(FactState& f, const GpuProcess& p);
    static KeptWorkload keptWorkload(const Workload& w);
    static std::optional<Workload> workloadOf(const FactState& f);
    static void readOwner(const QSqlQuery& q, int first, FactState& f);
    bool finishBatch();
    void rollbackBatch();
    bool hasServerRows(const QString& server, bool* ok);
    bool renameServerRows(const QString& from, const QString& to);
    bool deleteInSteps(QSqlQuery& q, const QList<QVariant>& binds, QString* error);

    QString m_path;
    QString m_connection;
    Mode m_mode = Mode::ReadOnly;
    RetentionPolicy m_retention;
    QSqlDatabase m_db;

    std::unordered_map<SeriesKey, SeriesState, SeriesKeyHash> m_series;
    std::vector<SeriesState*> m_touched;
    std::unordered_map<SeriesState*, SeriesState> m_backup; // states before this batch
    QList<RollupRow> m_pendingRollups;
    QHash<QString, FactState> m_facts;    // by identity: server, GPU, pid, start time
    QHash<QString, qint64> m_migWritten;  // server + MIG UUID → last_seen_ms last written
    QHash<SeriesKey, qint64> m_seriesIds; // reader side: known series
    QString m_batchError;
    qint64 m_dropped = 0;
    // Whether the process table has the owner columns: always when
    // writing (prepare adds them); a reader of an older file reads NULLs.
    bool m_ownerColumns = true;

    std::optional<QSqlQuery> m_insertChunk;
    std::optional<QSqlQuery> m_updateChunk;
    std::optional<QSqlQuery> m_upsertRollup;
    std::optional<QSqlQuery> m_selectMinutes;
    std::optional<QSqlQuery> m_putMinutes;
    std::optional<QSqlQuery> m_findFact;
    std::optional<QSqlQuery> m_insertFact;
    std::optional<QSqlQuery> m_updateFact;
    std::optional<QSqlQuery> m_updateFactOwner;
    std::optional<QSqlQuery> m_setSeriesInterval;
    std::optional<QSqlQuery> m_upsertMig;
};

} // namespace gw

Q_DECLARE_METATYPE(gw::HistoryStore::ServerBinding)
