#include "agent/journalwriter.h"

namespace gw {

// Owns the journal on the writer thread; every call arrives as a queued
// (or, for reads and reservations, blocking queued) functor.
class JournalWriterWorker final : public QObject
{
public:
    JournalWriterWorker(std::unique_ptr<AgentJournal> journal,
                        std::shared_ptr<std::atomic<quint64>> reserved)
        : m_journal(std::move(journal))
        , m_reserved(std::move(reserved))
    {}

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
        return m_journal ? m_journal->readEvents(after, before, limit, error)
                         : QList<AgentJournal::Entry>();
    }

    quint64 sequenceBefore(qint64 ms) { return m_journal ? m_journal->sequenceBefore(ms) : 0; }

    bool reserveFor(quint64 sequence, QString* error)
    {
        if (!m_journal)
            return true;
        const bool ok = m_journal->reserveFor(sequence, error);
        publishReservation();
        return ok;
    }

    QString flush(qint64 nowMs)
    {
        if (!m_journal)
            return {};
        QString why;
        if (!m_journal->flush(nowMs, &why) && why.isEmpty())
            why = QStringLiteral("cannot write the journal ") + m_journal->path();
        publishReservation();
        return why;
    }

    QList<AgentJournal::Entry> read(quint64 after, quint64 before, int limit, QString* error)
    {
        return m_journal ? m_journal->read(after, before, limit, error)
                         : QList<AgentJournal::Entry>();
    }

    bool close(qint64 nowMs, QString* error)
    {
        if (!m_journal)
            return true;
        const bool ok = m_journal->close(nowMs, error);
        m_journal.reset(); // its connection is removed on the thread that used it
        return ok;
    }

    void drop() { m_journal.reset(); }

    bool call(const std::function<void(AgentJournal&)>& work)
    {
        if (!m_journal)
            return false;
        work(*m_journal);
        return true;
    }

private:
    void publishReservation()
    {
        m_reserved->store(m_journal->reservedThrough(), std::memory_order_release);
    }

    std::unique_ptr<AgentJournal> m_journal;
    std::shared_ptr<std::atomic<quint64>> m_reserved;
};

JournalWriter::JournalWriter(std::unique_ptr<AgentJournal> journal, QObject* parent)
    : QObject(parent)
    , m_stream(journal->stream())
    , m_path(journal->path())
    , m_next(journal->lastSequence() + 1)
    , m_reserved(std::make_shared<std::atomic<quint64>>(journal->reservedThrough()))
{
    m_thread.setObjectName(QStringLiteral("gw-journal"));
    journal->moveToThread(&m_thread);
    m_worker = new JournalWriterWorker(std::move(journal), m_reserved);
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
}

quint64 JournalWriter::take(QString* error)
{
    const quint64 sequence = m_next++;
    if (m_closed || sequence <= m_reserved->load(std::memory_order_acquire))
        return sequence;
    bool ok = true;
    QString why;
    QMetaObject::invokeMethod(
        m_worker, [&, w = m_worker] { ok = w->reserveFor(sequence, &why); },
        Qt::BlockingQueuedConnection);
    if (!ok && error)
        *error = why;
    return sequence;
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

QList<AgentJournal::Entry> JournalWriter::readEvents(quint64 after, quint64 before, int limit,
                                                     QString* error)
{
    if (m_closed)
        return {};
    QList<AgentJournal::Entry> out;
    QMetaObject::invokeMethod(
        m_worker, [&, w = m_worker] { out = w->readEvents(after, before, limit, error); },
        Qt::BlockingQueuedConnection);
    return out;
}

quint64 JournalWriter::sequenceBefore(qint64 ms)
{
    if (m_closed)
        return 0;
    quint64 out = 0;
    QMetaObject::invokeMethod(
        m_worker, [&, w = m_worker] { out = w->sequenceBefore(ms); }, Qt::BlockingQueuedConnection);
    return out;
}

void JournalWriter::flush(qint64 nowMs)
{
    if (m_closed)
        return;
    // The outcome comes back to this object's thread as a queued signal.
    QMetaObject::invokeMethod(
        m_worker, [this, w = m_worker, nowMs] { Q_EMIT flushed(w->flush(nowMs)); },
        Qt::QueuedConnection);
}

QList<AgentJournal::Entry> JournalWriter::read(quint64 after, quint64 before, int limit,
                                               QString* error)
{
    if (m_closed)
        return {};
    QList<AgentJournal::Entry> out;
    QMetaObject::invokeMethod(
        m_worker, [&, w = m_worker] { out = w->read(after, before, limit, error); },
        Qt::BlockingQueuedConnection);
    return out;
}

bool JournalWriter::call(const std::function<void(AgentJournal&)>& work)
{
    if (m_closed)
        return false;
    bool ok = false;
    QMetaObject::invokeMethod(
        m_worker, [&, w = m_worker] { ok = w->call(work); }, Qt::BlockingQueuedConnection);
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
