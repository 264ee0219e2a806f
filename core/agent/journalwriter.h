#pragma once

// The agent's journal on its own thread ("gw-journal"), so that its writes
// — a commit a second, merging blocks, retention, synced reservations —
// never hold up the thread that serves HTTP.
//
// Numbers are still handed out on the HTTP thread (take()), and a number is
// still never served before it is covered on disk: the writer keeps a
// reservation ahead of use (AgentJournal::Options::reserveAhead) and
// publishes how far it reaches; take() returns at once inside it and waits
// for the writer only when the reservation has fallen behind (a disk that
// stalls for minutes). Reads of old cursors wait for the writer too: they
// are rare (a client catching up on what the memory ring no longer holds),
// and SQLite's exclusive lock admits one connection.

#include "journal/agentjournal.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace gw {

class JournalWriterWorker;

class JournalWriter final : public QObject
{
    Q_OBJECT
public:
    // Takes `journal` over (call on the thread that opened it); from now on
    // it is used only on the writer thread.
    explicit JournalWriter(std::unique_ptr<AgentJournal> journal, QObject* parent = nullptr);
    // Without close(): as after a crash (nothing more is written).
    ~JournalWriter() override;

    QString stream() const { return m_stream; }
    QString path() const { return m_path; }

    // Numbers the next reading; the number is covered on disk before it is
    // returned. A failed reservation is reported, the number still returned.
    quint64 take(QString* error);
    // Queues a numbered reading for the writer's next flush.
    void append(quint64 sequence, qint64 timestampMs, QByteArray json);
    // Queues one change of a policy event (numbered by the caller, apart
    // from readings) for the same flush as the readings.
    void appendEvent(quint64 sequence, qint64 atMs, const QString& eventId, QByteArray json);
    // As AgentJournal::readEvents, from the writer thread (waits for it).
    QList<AgentJournal::Entry> readEvents(quint64 after, quint64 before, int limit, QString* error);
    // As AgentJournal::sequenceBefore, from the writer thread (waits for it).
    quint64 sequenceBefore(qint64 ms);
    // Asks the writer to flush; the outcome arrives as flushed().
    void flush(qint64 nowMs);
    // As AgentJournal::read, from the writer thread (waits for it).
    QList<AgentJournal::Entry> read(quint64 after, quint64 before, int limit, QString* error);
    // Runs `work` on the journal on the writer thread and waits for it
    // (rare calls: the token books' closed hours and adjustments). False
    // when the journal is closed.
    bool call(const std::function<void(AgentJournal&)>& work);
    // Flushes, marks the journal cleanly closed and stops the thread.
    bool close(qint64 nowMs, QString* error);

    // The writer thread's object, for tests that need to run something there.
    QObject* writerContext() const;

Q_SIGNALS:
    // After each flush: empty when it went through, else why not.
    void flushed(const QString& error);

private:
    QString m_stream;
    QString m_path;
    quint64 m_next = 1;
    std::shared_ptr<std::atomic<quint64>> m_reserved;
    QThread m_thread;
    JournalWriterWorker* m_worker = nullptr; // lives on m_thread; deleted when it finishes
    bool m_closed = false;
};

} // namespace gw
