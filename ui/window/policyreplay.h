#pragma once

// The desktop's record of this computer's readings and the replay of a
// policy over it, for the policy dialog's "Replay last 24 h" on this
// computer (an agent replays over its own journal, POST /v1/replay).
//
// LocalJournalRecorder writes the local source's readings into an
// AgentJournal file of the desktop's own (AppLocalDataLocation/
// local-journal.sqlite, 24 h kept), on a thread of its own. It opens the
// journal only while it writes (every few seconds), since a journal is held
// by one user at a time: the replay opens it in between.
//
// DemoRecord keeps, for `--demo`, the times at which the demo's source
// handed its readings on (backfill and live, the last day of them): the
// simulated fleet is a pure function of the time, so the replay remakes the
// very readings the demo's policies judged (the Events page's), without
// writing them anywhere.
//
// ReplayRunner replays the journal (or the demo's record) through
// gw::replayReadings on a QThread of its own (never the GUI thread),
// reporting the readings read so far; it can be cancelled. An entry that is
// not a snapshot is skipped and reported.

#include "model/snapshot.h"
#include "policy/policyengine.h"
#include "readings/readingsource.h"
#include "util/jobtracker.h"

#include <QMutex>
#include <QObject>
#include <QStringList>
#include <QThread>

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <optional>

namespace gw {

class LocalJournalRecorder final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kFlushIntervalMs = 10'000;
    static constexpr int kMaxPending = 100'000; // readings kept while the file is busy

    // AppLocalDataLocation/local-journal.sqlite
    static QString defaultPath();

    explicit LocalJournalRecorder(QString path, QObject* parent = nullptr);
    // Writes what is queued, then stops the thread.
    ~LocalJournalRecorder() override;

    QString path() const { return m_path; }
    void setFlushIntervalMs(int ms) { m_flushIntervalMs = ms; }
    void start();
    void stop();

    // Thread-safe (an Engine consumer or a Source's produced signal).
    void ingestBatch(const QList<gw::Snapshot>& readings);
    // Blocks until what was queued so far is on disk (or refused); the
    // error in words, empty when all went well.
    QString flushNow();
    qsizetype pendingCount() const;

Q_SIGNALS:
    // The journal could not be written three times in a row (emitted on the
    // recorder's thread; connect with a receiver).
    void failed(const QString& message);

private:
    QString write();

    QString m_path;
    int m_flushIntervalMs = kFlushIntervalMs;
    QThread m_thread;
    QObject* m_worker = nullptr; // lives on m_thread
    mutable QMutex m_lock;
    QList<Snapshot> m_pending;
    int m_failuresInARow = 0;
};

// The readings of [fromMs, toMs] in time order, opened on the replay's
// thread; null with `error` set when there are none to read.
using ReplayReadings =
    std::function<std::unique_ptr<ReadingSource>(qint64 fromMs, qint64 toMs, QString* error)>;

class DemoRecord final : public QObject
{
    Q_OBJECT
public:
    // Times older than this before the newest are forgotten.
    static constexpr qint64 kKeptMs = 25 * 3'600'000;

    explicit DemoRecord(int demoServers, QObject* parent = nullptr);

    // Thread-safe (an Engine consumer of the demo's source).
    void ingestBatch(const QList<gw::Snapshot>& readings);
    qsizetype timeCount() const;
    // The demo's readings at the recorded times within [fromMs, toMs], as
    // its source made them; thread-safe (the times are copied).
    std::unique_ptr<ReadingSource> open(qint64 fromMs, qint64 toMs, QString* error) const;

private:
    struct Stamp
    {
        qint64 ms = 0;
        std::optional<qint64> intervalMs; // as the source stamped the readings
    };
    const int m_servers;
    mutable QMutex m_lock;
    std::deque<Stamp> m_times; // ascending
};

struct ReplayRequest
{
    QString journalPath;
    PolicyConfig policy;                 // the edited policy
    std::optional<PolicyConfig> current; // also replayed, to compare counts
    qint64 fromMs = 0;
    qint64 toMs = 0;
    ReplayReadings readings; // set: read instead of the journal (the demo's record)
};

struct ReplayOutcome
{
    ReplayResult edited;
    std::optional<ReplayResult> current;
    quint64 readings = 0; // journal entries in the range (per pass)
    quint64 skipped = 0;  // entries that were not snapshots
    QStringList problems; // the first few, "journal entry 12: …"
    bool cancelled = false;
    QString error; // the journal could not be read
};

class ReplayRunner final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kProgressEvery = 500; // readings
    static constexpr int kMaxProblems = 5;
    static constexpr int kPageSize = 2000;   // journal entries read at a time
    static constexpr int kOpenAttempts = 20; // the journal busy: tried again …
    static constexpr int kOpenRetryMs = 100; // … this often

    explicit ReplayRunner(QObject* parent = nullptr);
    // Cancels a replay still running and waits for its thread (m_job does).
    ~ReplayRunner() override;

    // Starts a replay on a thread of its own; false while one runs.
    bool start(const ReplayRequest& request);
    // Thread-safe; the replay stops at its next reading and reports
    // cancelled.
    void cancel();
    bool isRunning() const;

    // The whole replay on the calling thread (the runner's thread uses it):
    // the journal's readings, or request.readings'.
    static ReplayOutcome
    replayJournal(const ReplayRequest& request, const std::atomic<bool>& cancelled,
                  const std::function<void(quint64 readings, int pass)>& progress);

Q_SIGNALS:
    // Emitted on the replay's thread; `pass` 0 is the edited policy, 1 the
    // current one.
    void progress(quint64 readings, int pass);
    // Queued to this object's thread.
    void finished(const gw::ReplayOutcome& outcome);

private:
    JobTracker m_job{QStringLiteral("gw-policy-replay")};
};

} // namespace gw

Q_DECLARE_METATYPE(gw::ReplayOutcome)
