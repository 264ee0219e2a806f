#pragma once

// The embedded time-series store: SQLite in WAL mode, samples kept per series
// in compressed chunks (not a row per sample), per-minute and per-hour
// roll-ups maintained on ingest, retention per level, process facts.
//
// Threading: a HistoryStore (and its connection) belongs to one thread. The
// writer and each reader open their own HistoryStore on the same file; WAL
// lets readers run while the writer commits.

#include "historytypes.h"
#include "snapshot.h"

#include <QString>

#include <memory>

namespace gw {

class HistoryStore
{
public:
    enum class Mode { ReadWrite, ReadOnly };

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
    // chunks, minute or hour roll-ups are chosen by the bucket width. Buckets
    // with no sample have count 0.
    HistoryResult query(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points);

    // Process facts of a server (all servers when empty) seen in [fromMs, toMs).
    QList<ProcessFact> processes(const QString& server, qint64 fromMs, qint64 toMs,
                                 QString* error = nullptr);

    // Servers and targets with data, for the UI's pickers.
    QList<SeriesKey> seriesOf(const QString& server);
    QStringList servers();

    // Deletes what is older than the retention of each level, relative to
    // `nowMs`, in small steps so a concurrent ingest is never held up long.
    bool enforceRetention(qint64 nowMs, QString* error = nullptr);

    // Seals open chunks and commits; called on clean shutdown.
    bool flush(QString* error = nullptr);

    QString path() const;
    qint64 fileSizeBytes() const; // main file + WAL

private:
    HistoryStore();
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace gw
