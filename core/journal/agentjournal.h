#pragma once

// The agent's journal: every numbered reading on disk, so a restarted agent
// continues its sequence and still serves what clients had not fetched.
//
// One SQLite file (WAL, exclusive lock: one agent per journal), format 4
// (older files are upgraded in place when opened: the event table, the token
// tables, the keeper's and audit tables added):
//
//   meta(key PRIMARY KEY, value)   application, stream (a UUID made with the
//                                  file), reserved_through, clean, last_sequence,
//                                  event_reserved_through, last_event_sequence
//   reading(first_seq PRIMARY KEY, last_seq, last_ms, count, data)
//                                  qCompress of lines "SEQ JSON\n", the JSON
//                                  exactly as /v1/samples serves it. A flush
//                                  writes one small row; once a minute's worth
//                                  of small rows exist they are merged into one
//                                  block, which compresses about 9× better.
//
//   event(seq PRIMARY KEY, event_id, at_ms, json)
//                                  the policy event log: one row per change of
//                                  an event, the whole PolicyEvent JSON as of
//                                  that change; numbered apart from readings
//                                  (/v1/events), written in the same flush and
//                                  kept for max(retention, kMinEventRetention).
//
//   usage(seq PRIMARY KEY, json)  format 3: the token books' usage facts
//   adjustment(seq PRIMARY KEY, json)  and admin adjustments, numbered,
//                                  append-only, kept forever (no retention);
//                                  meta usage_closed_through_ms, tokens_start_ms,
//                                  usage_gaps
//                                  (core/agent/tokendesk.h). A format 2 file
//                                  gets both tables when opened.
//   peer_usage(seq PRIMARY KEY, json)  format 4: a keeper's copy of other
//                                  agents' usage facts (meta peer_cursor:<url>)
//   audit(seq PRIMARY KEY, json)   the enforcement audit log, append-only
//
// Numbers are never reused: a sequence is handed out only when it is covered
// by `reserved_through` on disk; when no reservation can be made (a full
// disk) no number is handed out. A clean close records the last number used;
// a start after a crash continues after the reservation, so what was lost in
// between is a hole that /v1/samples reports as truncated.
//
// Threading: used from one thread at a time. In the agent that is the
// JournalWriter's thread: it is opened on the main thread (so the start can
// be reported before serving) and handed over with moveToThread().

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

class QThread;

#include <chrono>
#include <memory>
#include <optional>

namespace gw {

class AgentJournal
{
public:
    static constexpr std::chrono::hours kDefaultRetention{24};

    // Policy events are kept at least this long, whatever the readings' retention.
    static constexpr std::chrono::hours kMinEventRetention{7 * 24};

    struct Options
    {
        std::chrono::milliseconds retention = kDefaultRetention;
        // Numbers reserved on disk ahead of use; after a crash at most this
        // many numbers are skipped.
        quint64 reserveAhead = 600;
        // Readings merged into one block.
        int blockReadings = 60;
        // Expired rows deleted per flush, so a long backlog never holds a
        // flush up.
        int retentionStep = 64;
        // Readings kept in memory while the disk refuses them.
        int maxPending = 3600;
    };

    // How the file was found when opened.
    enum class Start
    {
        Created,       // no file: a new stream
        Continued,     // closed cleanly by the previous run
        AfterCrash,    // not closed: continues after the reservation
        FromEmptyFile, // a file of 0 bytes (truncated, or made by something
                       // else): a new stream, said in the log and on /v1/info
    };

    struct Entry
    {
        quint64 sequence = 0;
        QByteArray json; // compact, with "sequence"; for events the PolicyEvent JSON
    };

    // Opens (creating if needed) the journal at `path`. Absent, with `error`
    // in words for an admin, when it cannot be used (unwritable folder, not a
    // journal, another agent holds it).
    static std::unique_ptr<AgentJournal> open(const QString& path, QString* error);
    static std::unique_ptr<AgentJournal> open(const QString& path, const Options& options,
                                              QString* error);
    // Without close(): as after a crash (nothing more is written).
    ~AgentJournal();

    QString path() const { return m_path; }
    // Stays the same for the life of the file.
    QString stream() const { return m_stream; }
    // The last number used (or skipped after a crash); the next reading gets
    // lastSequence() + 1.
    quint64 lastSequence() const { return m_next - 1; }
    // The previous agent did not close the journal: numbers in
    // [lostFrom(), lastSequence()] may have been handed out and not stored.
    bool uncleanStart() const { return m_uncleanStart; }
    quint64 lostFrom() const { return m_lostFrom; }
    Start start() const { return m_start; }

    // Numbers the next reading; the number is covered on disk before it is
    // returned. Absent, with `error`, when no reservation covers it and none
    // can be made (a full disk): the reading must not be numbered.
    std::optional<quint64> take(QString* error);
    // Queues a numbered reading for the next flush. A number handed out
    // elsewhere (JournalWriter numbers on the HTTP thread) counts as used.
    void append(quint64 sequence, qint64 timestampMs, QByteArray json);
    // Makes sure `sequence` is covered on disk, reserving ahead when it is
    // not; what take() does, for numbers handed out by someone else. False
    // with the reason when the reservation could not be written.
    bool reserveFor(quint64 sequence, QString* error);
    // The last failed flush was refused for want of space (SQLite said so,
    // or the file system has no room left).
    bool diskFull() const { return m_diskFull; }
    // The highest number covered on disk.
    quint64 reservedThrough() const { return m_reserved; }
    quint64 reserveAhead() const { return m_options.reserveAhead; }
    // Hands the SQLite connection to `thread` (call on the thread that has
    // it; Qt 6.8 has QSqlDatabase::moveToThread for exactly this).
    void moveToThread(QThread* thread);

    // One transaction: the queued readings, merging small rows into a block,
    // a step of retention (relative to `nowMs`), topping up the reservation.
    // On failure everything queued stays queued (up to maxPending).
    bool flush(qint64 nowMs, QString* error);
    // Flushes and marks the journal cleanly closed; nothing is written after.
    bool close(qint64 nowMs, QString* error);

    // Readings with after < sequence < before, oldest first, at most `limit`,
    // queued ones included.
    QList<Entry> read(quint64 after, quint64 before, int limit, QString* error);

    // Policy events, numbered apart from readings. The last event number
    // used; like readings, numbers are covered on disk (by a reservation
    // topped up in each flush) and never reused after a crash.
    quint64 lastEventSequence() const { return m_nextEvent - 1; }
    // Queues one change of an event for the next flush. `atMs`: when it was
    // recorded (retention).
    void appendEvent(quint64 sequence, qint64 atMs, const QString& eventId, QByteArray json);
    // Records with after < sequence < before, oldest first, at most `limit`,
    // queued ones included.
    QList<Entry> readEvents(quint64 after, quint64 before, int limit, QString* error);
    // The newest stored record of every event, oldest first (the agent
    // closes the open ones at start).
    QList<Entry> latestEventRecords(QString* error);
    // The newest sequence stored in rows that end before `ms` (0: none): a
    // read after it starts at or before the first reading at `ms`.
    quint64 sequenceBefore(qint64 ms);
    // The time of the newest stored reading.
    std::optional<qint64> lastReadingMs();

    // The token books' records (TokenDesk): stored at once in one synced
    // transaction with `metaValues`, never rewritten, never expired.
    // Format 4: PeerUsage, the keeper's copy of other agents' facts (the
    // cursor per agent in metaValues of the same call, so a restart neither
    // loses nor repeats any); Audit, the enforcement audit log.
    enum class TokenTable
    {
        Usage,
        Adjustment,
        PeerUsage,
        Audit
    };
    bool appendTokenRecords(TokenTable table, const QList<Entry>& records,
                            const QList<std::pair<QString, QString>>& metaValues, QString* error);
    QList<Entry> readTokenRecords(TokenTable table, QString* error);
    std::optional<QString> metaValue(const QString& key);

    // Oldest sequence still held (stored or queued).
    std::optional<quint64> oldestSequence();
    qsizetype pendingCount() const { return m_pending.size(); }
    qint64 fileSizeBytes() const; // main file + WAL
    qint64 payloadBytes();        // sum of the compressed rows

private:
    struct Pending
    {
        quint64 sequence;
        qint64 timestampMs;
        QByteArray json;
    };

    struct PendingEvent
    {
        quint64 sequence;
        qint64 atMs;
        QString eventId;
        QByteArray json;
    };

    AgentJournal() = default;
    // Runs `query` on `q` (empty: the query `q` was prepared with) and
    // appends its rows (seq, json) to `out`; false with `error` when it fails.
    bool selectEntries(QSqlQuery& q, QList<Entry>* out, QString* error,
                       const QString& query = {}) const;
    bool upgrade(int from, QString* error);
    bool writeEvents(QString* error);
    bool eventRetentionStep(qint64 nowMs, QString* error);
    qint64 eventRetentionMs() const;
    void readOldestEvent();
    bool openDatabase(QString* error);
    bool create(QString* error);
    bool setMeta(const QString& key, const QString& value);
    bool reserveThrough(quint64 sequence, QString* error);
    QSqlError lastWriteError() const;
    std::optional<QString> meta(const QString& key);
    bool writeRows(QString* error);
    bool mergeSmallRows(QString* error);
    bool retentionStep(qint64 nowMs, QString* error);
    QString describe(const QSqlError& error, bool writing) const;
    // The file system holding the journal has (next to) no room left.
    bool noRoomLeft() const;
    void readOldest();

    QString m_path;
    QString m_connection;
    Options m_options;
    QSqlDatabase m_db;
    QString m_stream;
    quint64 m_next = 1;
    quint64 m_reserved = 0;
    quint64 m_lostFrom = 0;
    bool m_uncleanStart = false;
    bool m_closed = false;
    mutable bool m_diskFull = false; // set by describe() on a write error
    Start m_start = Start::Created;
    // The error of the last setMeta() that failed (its own query's, which
    // m_db.lastError() does not carry).
    QSqlError m_metaError;
    quint64 m_reservedAtOpen = 0;
    QList<Pending> m_pending;
    quint64 m_nextEvent = 1;
    quint64 m_eventReserved = 0;
    QList<PendingEvent> m_pendingEvents;
    std::optional<qint64> m_oldestEventMs;
    std::optional<QSqlQuery> m_insert; // prepared once: a flush a second
    // last_ms of the oldest row, so an idle flush asks the file nothing.
    std::optional<qint64> m_oldestMs;
    // Small rows since the last block, to be merged.
    quint64 m_smallFrom = 0;
    int m_smallReadings = 0;
    int m_smallRows = 0;
};

} // namespace gw
