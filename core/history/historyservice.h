#pragma once

// Runs the history store off the GUI thread: one writer thread batches
// incoming snapshots and commits them about once a second (so a crash loses
// at most that second); one reader thread answers chart queries. The GUI
// thread only posts work and receives signals; it never waits on disk.

#include "history/historyprovider.h"
#include "history/historystore.h"
#include "model/snapshot.h"

#include <QHash>
#include <QMutex>
#include <QThread>

#include <atomic>
#include <chrono>
#include <memory>

namespace gw {

class HistoryWriter;
class HistoryReader;

class HistoryService final : public HistoryProvider
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kCommitInterval{1000};
    static constexpr std::chrono::minutes kRetentionInterval{10};

    explicit HistoryService(QString path, RetentionPolicy retention = {},
                            QObject* parent = nullptr);
    ~HistoryService() override;

    // Opens the store on the writer thread; opened() or failed() follows.
    void start();
    // Commits what is pending and closes; blocks until the threads are done.
    void stop();

    QString path() const { return m_path; }
    bool isOpen() const { return m_open; }
    QString lastError() const { return m_lastError; }

    quint64 request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points) override;
    qint64 newestMs(const QString& server) const override;

    // Thread-safe: the engine calls ingestBatch() on the thread that made
    // the readings, and the batch goes straight on to the writer thread.
    // Readings that come before start() or after stop() are not stored.
    void ingestBatch(const QList<gw::Snapshot>& snapshots);

    // Thread-safe, like ingestBatch() and in order with it: the readings of
    // `server` from now on are the agent `agentId`'s
    // (HistoryStore::bindServer). Call it on the thread that hands on the
    // agent's readings, before the first of them.
    void bindServer(const QString& server, const QString& agentId, const QString& formerName);

    // Readings taken by ingestBatch() and not yet committed (or given up):
    // how far the writer is behind. Thread-safe; a producer of a long past
    // waits while it is large (Source::setBackfillGate).
    qint64 backlog() const { return m_backlog->load(); }

    // At most this many readings go into one transaction: a week of
    // backfill committed at once held its minute roll-ups (hundreds of MB)
    // until the end.
    static constexpr qsizetype kCommitReadings = 4096;

Q_SIGNALS:
    void opened();
    // The store cannot be used or a write failed: said once per distinct
    // message; live monitoring goes on without history.
    void failed(const QString& message);
    // bindServer() found rows to move (also logged): the agent's rows under
    // `movedFrom` are now under `server`; another agent's rows that were
    // under `server` are now under `keptApartAs`; the agent's rows under
    // `stayedUnder` stayed there (`server` had rows of its own). Each may
    // be empty.
    void serverBound(const QString& server, const QString& movedFrom, const QString& keptApartAs,
                     const QString& stayedUnder);

private:
    void onWriterOpened(bool ok, const QString& error);
    void onBound(const QString& server, const gw::HistoryStore::ServerBinding& binding);
    void onCommitted(const QStringList& servers, const QString& error);

    QString m_path;
    RetentionPolicy m_retention;
    QThread m_writerThread;
    QThread m_readerThread;
    HistoryWriter* m_writer = nullptr;
    HistoryReader* m_reader = nullptr;
    // What ingestBatch() touches from other threads.
    mutable QMutex m_feedLock;
    HistoryWriter* m_feeding = nullptr; // the writer while it takes readings
    QHash<QString, qint64> m_newest;
    std::shared_ptr<std::atomic<qint64>> m_backlog = std::make_shared<std::atomic<qint64>>(0);
    quint64 m_nextId = 1;
    bool m_open = false;
    bool m_started = false;
    QString m_lastError;
};

} // namespace gw
