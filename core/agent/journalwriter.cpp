#include "agent/journalwriter.h"

#include "agent/agenthealth.h"

#include <QDeadlineTimer>
#include <QMutex>
#include <QWaitCondition>

namespace gw {

namespace {

// A monotonic clock in ms, never 0 (0: the writer is idle).
qint64 steadyMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count() + 1;
}

} // namespace

// What the HTTP thread and the writer thread both read and write.
struct JournalWriterShared
{
    std::atomic<quint64> reserved{0};
    // A reservation asked for by take() is on its way.
    std::atomic<bool> reserving{false};
    // A flush is queued or running.
    std::atomic<bool> flushing{false};
    // When the writer started the job it is busy with (steadyMs()); 0: idle.
    std::atomic<qint64> busySinceMs{0};
    QMutex mutex;
    QString reserveError; // why the last reservation failed (mutex)
};

// Owns the journal on the writer thread; every call arrives as a queued
// functor.
class JournalWriterWorker final : public QObject
{
public:
    JournalWriterWorker(std::unique_ptr<AgentJournal> journal,
                        std::shared_ptr<JournalWriterShared> shared, AgentHealth* health)
        : m_journal(std::move(journal))
        , m_shared(std::move(shared))
        , m_health(health)
    {}

    // Marks the writer busy for as long as a job that may touch the disk runs.
    class Busy
    {
    public:
        explicit Busy(JournalWriterShared& s)
            : m_s(s)
        {
            m_s.busySinceMs.store(steadyMs(), std::memory_order_release);
        }
        ~Busy() { m_s.busySinceMs.store(0, std::memory_order_release); }
        Busy(const Busy&) = delete;
        Busy& operator=(const Busy&) = delete;

    private:
        JournalWriterShared& m_s;
    };

    void append(quint64 sequence, qint64 timestampMs, QByteArray json)
    {
        if (m_journal)
            m_journal->append(sequence, timestampMs, std::move(json));
    }

    void appendEvent(quint64 sequence, qint64 atMs, const QString& eventId, QByteArray json)
    {
        if (m_journal)
            m_journal->appendEvent(sequence, atMs, eventId, std::move(json));
    }

    QList<AgentJournal::Entry> readEvents(quint64 after, quint64 before, int limit, QString* error)
    {
        Busy busy(*m_shared);
        return m_journal ? m_journal->readEvents(after, before, limit, error)
                         : QList<AgentJournal::Entry>();
    }

    quint64 sequenceBefore(qint64 ms)
    {
        Busy busy(*m_shared);
        return m_journal ? m_journal->sequenceBefore(ms) : 0;
    }

    void reserveFor(quint64 sequence)
    {
        if (m_journal) {
            Busy busy(*m_shared);
            QString why;
            const bool ok = m_journal->reserveFor(sequence, &why);
            {
                QMutexLocker lock(&m_shared->mutex);
                m_shared->reserveError = ok ? QString() : why;
            }
            publishReservation();
        }
        m_shared->reserving.store(false, std::memory_order_release);
    }

    QString flush(qint64 nowMs)
    {
        if (!m_journal)
            return {};
        Busy busy(*m_shared);
        QString why;
        const bool ok = m_journal->flush(nowMs, &why);
        if (!ok && why.isEmpty())
            why = QStringLiteral("cannot write the journal ") + m_journal->path() +
                  QStringLiteral(": no reason given");
        publishReservation();
        report(ok, why);
        return why;
    }

    QList<AgentJournal::Entry> read(quint64 after, quint64 before, int limit, QString* error)
    {
        Busy busy(*m_shared);
        return m_journal ? m_journal->read(after, before, limit, error)
                         : QList<AgentJournal::Entry>();
    }

    bool close(qint64 nowMs, QString* error)
    {
        if (!m_journal)
            return true;
        Busy busy(*m_shared);
        const bool ok = m_journal->close(nowMs, error);
        m_journal.reset(); // its connection is removed on the thread that used it
        return ok;
    }

    void drop() { m_journal.reset(); }

    bool call(const std::function<void(AgentJournal&)>& work)
    {
        if (!m_journal)
            return false;
        Busy busy(*m_shared);
        work(*m_journal);
        return true;
    }

private:
    void publishReservation()
    {
        m_shared->reserved.store(m_journal->reservedThrough(), std::memory_order_release);
    }

    // The disk's state as AgentHealth reasons: raised once, cleared by the
    // first flush that goes through.
    void report(bool ok, const QString& why)
    {
        if (!m_health)
            return;
        if (ok) {
            m_health->clear(AgentHealth::kJournalFull);
            m_health->clear(AgentHealth::kJournalWriteFailed);
            return;
        }
        const QString held =
            QStringLiteral("; %1 readings wait in memory, numbers are handed out only through %2 "
                           "(reserved on disk)")
                .arg(m_journal->pendingCount())
                .arg(m_journal->reservedThrough());
        if (m_journal->diskFull()) {
            m_health->clear(AgentHealth::kJournalWriteFailed);
            m_health->raise(AgentHealth::kJournalFull, why + held);
        } else {
            m_health->clear(AgentHealth::kJournalFull);
            m_health->raise(AgentHealth::kJournalWriteFailed, why + held);
        }
    }

    std::unique_ptr<AgentJournal> m_journal;
    std::shared_ptr<JournalWriterShared> m_shared;
    AgentHealth* m_health;
};

JournalWriter::JournalWriter(std::unique_ptr<AgentJournal> journal, AgentHealth* health,
                             QObject* parent)
    : QObject(parent)
    , m_stream(journal->stream())
    , m_path(journal->path())
    , m_start(journal->start())
    , m_next(journal->lastSequence() + 1)
    , m_reserveAhead(journal->reserveAhead())
    , m_shared(std::make_shared<JournalWriterShared>())
    , m_health(health)
{
    m_shared->reserved.store(journal->reservedThrough());
    m_thread.setObjectName(QStringLiteral("gw-journal"));
    journal->moveToThread(&m_thread);
    m_worker = new JournalWriterWorker(std::move(journal), m_shared, health);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

JournalWriter::~JournalWriter()
{
    if (!m_closed)
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker] { w->drop(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    if (m_health)
        for (const QLatin1String code :
             {AgentHealth::kJournalFull, AgentHealth::kJournalWriteFailed,
              AgentHealth::kJournalStalled, AgentHealth::kNumberingRefused})
            m_health->clear(code);
}

quint64 JournalWriter::reservedThrough() const
{
    return m_shared->reserved.load(std::memory_order_acquire);
}

std::optional<quint64> JournalWriter::take(QString* error)
{
    const quint64 sequence = m_next;
    if (!m_closed && sequence > reservedThrough()) {
        // Not covered on disk: handing it out could reuse it after a crash.
        // The writer is asked for a reservation; the next reading may have one.
        askForReservation(sequence);
        ++m_refused;
        QString why;
        {
            QMutexLocker lock(&m_shared->mutex);
            why = m_shared->reserveError;
        }
        if (why.isEmpty())
            why = stalled() ? QStringLiteral("the journal's disk does not answer")
                            : QStringLiteral("the reservation on disk is being extended");
        const QString message = QStringLiteral("sequence %1 is not covered by a reservation in "
                                               "the journal %2 (%3): readings are not numbered "
                                               "until it is; %4 so far")
                                    .arg(sequence)
                                    .arg(m_path, why)
                                    .arg(m_refused);
        if (m_health)
            m_health->raise(AgentHealth::kNumberingRefused, message);
        if (error)
            *error = message;
        return std::nullopt;
    }
    // Half the reservation used: a new one is asked for before it runs out
    // (flushes top it up too, but a short reservation may not last from one
    // flush to the next).
    if (!m_closed && sequence + m_reserveAhead / 2 > reservedThrough())
        askForReservation(reservedThrough() + 1);
    if (m_refused > 0) {
        m_refused = 0;
        if (m_health)
            m_health->clear(AgentHealth::kNumberingRefused);
    }
    return m_next++;
}

void JournalWriter::append(quint64 sequence, qint64 timestampMs, QByteArray json)
{
    if (m_closed)
        return;
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, sequence, timestampMs, json = std::move(json)]() mutable {
            w->append(sequence, timestampMs, std::move(json));
        },
        Qt::QueuedConnection);
}

void JournalWriter::appendEvent(quint64 sequence, qint64 atMs, const QString& eventId,
                                QByteArray json)
{
    if (m_closed)
        return;
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, sequence, atMs, eventId, json = std::move(json)]() mutable {
            w->appendEvent(sequence, atMs, eventId, std::move(json));
        },
        Qt::QueuedConnection);
}

void JournalWriter::askForReservation(quint64 sequence)
{
    if (!m_shared->reserving.exchange(true, std::memory_order_acq_rel))
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, sequence] { w->reserveFor(sequence); }, Qt::QueuedConnection);
}

bool JournalWriter::stalled() const
{
    const qint64 since = m_shared->busySinceMs.load(std::memory_order_acquire);
    return since != 0 && steadyMs() - since >= kStallAfter.count();
}

void JournalWriter::checkStall()
{
    if (!m_health)
        return;
    const qint64 since = m_shared->busySinceMs.load(std::memory_order_acquire);
    const qint64 busyMs = since == 0 ? 0 : steadyMs() - since;
    if (busyMs >= kStallAfter.count())
        m_health->raise(AgentHealth::kJournalStalled,
                        QStringLiteral("the disk of the journal %1 has not finished a write for "
                                       "%2 s: readings are numbered only through %3 (reserved on "
                                       "disk), then not at all; answers are served from memory")
                            .arg(m_path)
                            .arg(busyMs / 1000)
                            .arg(reservedThrough()));
    else
        m_health->clear(AgentHealth::kJournalStalled);
}

bool JournalWriter::runBounded(std::function<void()> work, std::chrono::milliseconds patience)
{
    if (m_closed || (patience <= kCallPatience && stalled()))
        return false;
    struct State
    {
        QMutex mutex;
        QWaitCondition changed;
        bool started = false;
        bool done = false;
        bool abandoned = false;
    };
    auto state = std::make_shared<State>();
    QMetaObject::invokeMethod(
        m_worker,
        [state, work = std::move(work)] {
            {
                QMutexLocker lock(&state->mutex);
                if (state->abandoned)
                    return; // the caller (and what `work` refers to) is gone
                state->started = true;
                state->changed.wakeAll();
            }
            work();
            QMutexLocker lock(&state->mutex);
            state->done = true;
            state->changed.wakeAll();
        },
        Qt::QueuedConnection);
    QMutexLocker lock(&state->mutex);
    QDeadlineTimer deadline(patience);
    while (!state->done) {
        if (state->started) {
            // Running: it refers to the caller's variables, so it is waited for.
            state->changed.wait(&state->mutex);
        } else if (!state->changed.wait(&state->mutex, deadline) && !state->started) {
            state->abandoned = true;
            return false;
        }
    }
    return true;
}

QList<AgentJournal::Entry> JournalWriter::readEvents(quint64 after, quint64 before, int limit,
                                                     QString* error)
{
    QList<AgentJournal::Entry> out;
    if (!runBounded([&, w = m_worker] { out = w->readEvents(after, before, limit, error); }) &&
        !m_closed && error)
        *error = notAnswering();
    return out;
}

quint64 JournalWriter::sequenceBefore(qint64 ms)
{
    quint64 out = 0;
    runBounded([&, w = m_worker] { out = w->sequenceBefore(ms); });
    return out;
}

std::optional<quint64> JournalWriter::oldestSequence(QString* error)
{
    std::optional<quint64> out;
    if (!call([&](AgentJournal& j) { out = j.oldestSequence(); }) && error)
        *error = m_closed ? QStringLiteral("the journal %1 is closed").arg(m_path) : notAnswering();
    return out;
}

QString JournalWriter::notAnswering() const
{
    return QStringLiteral("the journal %1 does not answer (its disk is stalled)").arg(m_path);
}

void JournalWriter::flush(qint64 nowMs)
{
    if (m_closed)
        return;
    checkStall();
    // One at a time: flushes queued behind one the disk holds up would only
    // pile up.
    if (m_shared->flushing.exchange(true, std::memory_order_acq_rel))
        return;
    // The outcome comes back to this object's thread as a queued signal.
    QMetaObject::invokeMethod(
        m_worker,
        [this, w = m_worker, shared = m_shared, nowMs] {
            const QString why = w->flush(nowMs);
            shared->flushing.store(false, std::memory_order_release);
            Q_EMIT flushed(why);
        },
        Qt::QueuedConnection);
}

QList<AgentJournal::Entry> JournalWriter::read(quint64 after, quint64 before, int limit,
                                               QString* error)
{
    QList<AgentJournal::Entry> out;
    if (!runBounded([&, w = m_worker] { out = w->read(after, before, limit, error); }) &&
        !m_closed && error)
        *error = notAnswering();
    return out;
}

bool JournalWriter::call(const std::function<void(AgentJournal&)>& work,
                         std::chrono::milliseconds patience)
{
    bool ok = false;
    runBounded([&, w = m_worker] { ok = w->call(work); }, patience);
    return ok;
}

bool JournalWriter::close(qint64 nowMs, QString* error)
{
    if (m_closed)
        return true;
    bool ok = true;
    QMetaObject::invokeMethod(
        m_worker, [&, w = m_worker] { ok = w->close(nowMs, error); }, Qt::BlockingQueuedConnection);
    m_closed = true;
    m_thread.quit();
    m_thread.wait();
    return ok;
}

QObject* JournalWriter::writerContext() const
{
    return m_worker;
}

} // namespace gw
