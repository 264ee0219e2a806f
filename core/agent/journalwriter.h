#pragma once

// The agent's journal on its own thread ("gw-journal"), so that its writes
// — a commit a second, merging blocks, retention, synced reservations —
// never hold up the thread that serves HTTP.
//
// Numbers are handed out on the HTTP thread (take()), and a number is never
// handed out before it is covered on disk: the writer keeps a reservation
// ahead of use (AgentJournal::Options::reserveAhead) and publishes how far
// it reaches. take() answers at once: inside the reservation with the next
// number, beyond it with none (the reading is not numbered) while the
// writer is asked for a new reservation — numbers can wait, answers cannot.
// A disk that is full, or stalled for longer than the reservation lasts,
// therefore stops numbering, never serving, and says so (AgentHealth).
//
// Reads of old cursors and the token books' records need the writer (SQLite's
// exclusive lock admits one connection): they wait for it at most
// kCallPatience, and not at all while it is stalled.

#include "journal/agentjournal.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace gw {

class AgentHealth;
class JournalWriterWorker;
struct JournalWriterShared;

class JournalWriter final : public QObject
{
    Q_OBJECT
public:
    // One job of the writer (a flush, a read) running this long means the
    // disk is stalled: logged and served as degraded (journal_stalled).
    static constexpr std::chrono::milliseconds kStallAfter{3000};
    // How long a call that needs the writer waits for it to start.
    static constexpr std::chrono::milliseconds kCallPatience{1000};
    // How long loading what the token books are built from waits for the
    // writer (a flush the disk holds up): books loaded without their
    // stored records would number new ones over the stored.
    static constexpr std::chrono::milliseconds kLoadPatience{30000};

    // Takes `journal` over (call on the thread that opened it); from now on
    // it is used only on the writer thread. `health` (not owned, may be
    // null) hears of full, failing and stalled disks and refused numbers.
    explicit JournalWriter(std::unique_ptr<AgentJournal> journal, AgentHealth* health = nullptr,
                           QObject* parent = nullptr);
    // Without close(): as after a crash (nothing more is written).
    ~JournalWriter() override;

    QString stream() const { return m_stream; }
    QString path() const { return m_path; }
    AgentJournal::Start start() const { return m_start; }

    // Numbers the next reading if a reservation on disk covers it; else
    // absent with why in `error` (the reading must not be numbered), and a
    // new reservation is asked for. Never waits for the writer.
    std::optional<quint64> take(QString* error = nullptr);
    // How far the reservation on disk reaches.
    quint64 reservedThrough() const;
    // Queues a numbered reading for the writer's next flush.
    void append(quint64 sequence, qint64 timestampMs, QByteArray json);
    // Queues one change of a policy event (numbered by the caller, apart
    // from readings) for the same flush as the readings.
    void appendEvent(quint64 sequence, qint64 atMs, const QString& eventId, QByteArray json);
    // As AgentJournal::readEvents, from the writer thread (waits for it, see
    // call()).
    QList<AgentJournal::Entry> readEvents(quint64 after, quint64 before, int limit, QString* error);
    // As AgentJournal::sequenceBefore, from the writer thread (0 when it
    // does not answer).
    quint64 sequenceBefore(qint64 ms);
    // As AgentJournal::oldestSequence, from the writer thread; absent with
    // why in `error` when the writer did not answer or the journal is
    // closed, absent without one when it holds nothing.
    std::optional<quint64> oldestSequence(QString* error);
    // Asks the writer to flush; the outcome arrives as flushed(). While a
    // flush is still running none is queued behind it, and a flush running
    // longer than kStallAfter raises journal_stalled.
    void flush(qint64 nowMs);
    // As AgentJournal::read, from the writer thread (waits for it, see
    // call()); `error` says when it did not answer.
    QList<AgentJournal::Entry> read(quint64 after, quint64 before, int limit, QString* error);
    // Runs `work` on the journal on the writer thread and waits for it
    // (rare calls: the token books' closed hours and adjustments). False
    // when the journal is closed, or the writer did not start the work
    // within `patience` (then `work` never runs); with kCallPatience also
    // at once while the writer is stalled.
    bool call(const std::function<void(AgentJournal&)>& work,
              std::chrono::milliseconds patience = kCallPatience);
    // Whether the writer has been busy with one job for kStallAfter.
    bool stalled() const;
    // Flushes, marks the journal cleanly closed and stops the thread.
    bool close(qint64 nowMs, QString* error);

    // The writer thread's object, for tests that need to run something there.
    QObject* writerContext() const;

Q_SIGNALS:
    // After each flush: empty when it went through, else why not.
    void flushed(const QString& error);

private:
    bool runBounded(std::function<void()> work, std::chrono::milliseconds patience = kCallPatience);
    void askForReservation(quint64 sequence);
    void checkStall();
    QString notAnswering() const;

    QString m_stream;
    QString m_path;
    AgentJournal::Start m_start;
    quint64 m_next = 1;
    quint64 m_reserveAhead = 600;
    quint64 m_refused = 0; // readings not numbered since the last number handed out
    std::shared_ptr<JournalWriterShared> m_shared;
    AgentHealth* m_health = nullptr;
    QThread m_thread;
    JournalWriterWorker* m_worker = nullptr; // lives on m_thread; deleted when it finishes
    bool m_closed = false;
};

} // namespace gw
