#include "history/historyservice.h"

#include "history/historystore.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QSet>
#include <QTimer>

Q_LOGGING_CATEGORY(lcHistoryService, "gw.history.service", QtInfoMsg)

namespace gw {

namespace {
// Snapshots held while the disk refuses them: about ten minutes of a
// 16-server fleet. Beyond that the oldest are dropped (and said so).
constexpr qsizetype kMaxPending = 16 * 600;
} // namespace

// Lives on the writer thread: owns the read-write store.
class HistoryWriter final : public QObject
{
    Q_OBJECT
public:
    HistoryWriter(QString path, RetentionPolicy retention,
                  std::shared_ptr<std::atomic<qint64>> backlog)
        : m_path(std::move(path))
        , m_retention(retention)
        , m_backlog(std::move(backlog))
    {}

public Q_SLOTS:
    void open()
    {
        QString error;
        m_store = HistoryStore::open(m_path, HistoryStore::Mode::ReadWrite, &error, m_retention);
        Q_EMIT openedSignal(m_store != nullptr, error);
        if (!m_store)
            return;
        m_commitTimer = new QTimer(this);
        m_commitTimer->setInterval(HistoryService::kCommitInterval);
        connect(m_commitTimer, &QTimer::timeout, this, &HistoryWriter::commit);
        m_commitTimer->start();
        m_retentionTimer = new QTimer(this);
        m_retentionTimer->setInterval(HistoryService::kRetentionInterval);
        connect(m_retentionTimer, &QTimer::timeout, this, &HistoryWriter::retain);
        m_retentionTimer->start();
        retain();
    }

    void add(const QList<gw::Snapshot>& snapshots)
    {
        if (!m_store) {
            *m_backlog -= snapshots.size();
            return; // history is off (the open failed and said why)
        }
        m_pending.append(snapshots);
        // Only a backlog the disk refuses is capped; a healthy store takes
        // any batch (a week of backfill) at the next commit.
        if (m_failing && m_pending.size() > kMaxPending) {
            const qsizetype drop = m_pending.size() - kMaxPending;
            m_pending.remove(0, drop);
            m_dropped += drop;
            *m_backlog -= drop;
        }
        // A transaction's worth is written now, not at the next tick: a
        // backfill goes at the disk's pace, not at kCommitReadings a second.
        if (!m_failing && m_pending.size() >= HistoryService::kCommitReadings)
            commit();
    }

    void commit()
    {
        if (!m_store || m_pending.isEmpty())
            return;
        QString error;
        // In transactions of at most kCommitReadings: what a transaction
        // holds until its end (the minute roll-ups) stays small however much
        // came in the second.
        QSet<QString> servers;
        bool ok = true;
        while (!m_pending.isEmpty()) {
            const qsizetype n = std::min(m_pending.size(), HistoryService::kCommitReadings);
            const QList<Snapshot> part = n == m_pending.size() ? m_pending : m_pending.first(n);
            if (!m_store->append(part, &error)) {
                ok = false;
                break;
            }
            for (const auto& s : part)
                servers.insert(s.server);
            m_pending.remove(0, n);
            *m_backlog -= n;
        }
        if (ok) {
            m_failing = false;
            m_dropped = 0;
            m_pending.squeeze();
            Q_EMIT committed(QStringList(servers.begin(), servers.end()), QString());
            return;
        }
        if (!servers.isEmpty())
            Q_EMIT committed(QStringList(servers.begin(), servers.end()), QString());
        // Keep the batch and try again next second; report why.
        m_failing = true;
        if (m_dropped > 0)
            error += QStringLiteral(" (%1 older readings dropped)").arg(m_dropped);
        Q_EMIT committed({}, error);
    }

    // Readings taken before the binding go in under it first: they are the
    // earlier agent's when the server's agent changed.
    void bind(const QString& server, const QString& agentId, const QString& formerName)
    {
        if (!m_store)
            return;
        commit();
        QString error;
        const auto binding = m_store->bindServer(server, agentId, formerName, &error);
        if (!binding) {
            Q_EMIT committed({}, error);
            return;
        }
        if (!binding->notes.isEmpty())
            Q_EMIT bound(server, *binding);
    }

    void retain()
    {
        if (!m_store)
            return;
        QString error;
        if (!m_store->enforceRetention(QDateTime::currentMSecsSinceEpoch(), &error))
            Q_EMIT committed({}, error);
    }

    void close()
    {
        if (m_commitTimer)
            m_commitTimer->stop();
        if (m_retentionTimer)
            m_retentionTimer->stop();
        commit();
        if (m_store) {
            QString error;
            if (!m_store->flush(&error))
                qCWarning(lcHistoryService).noquote() << error;
        }
        m_store.reset();
    }

Q_SIGNALS:
    void openedSignal(bool ok, const QString& error);
    void committed(const QStringList& servers, const QString& error);
    void bound(const QString& server, const gw::HistoryStore::ServerBinding& binding);

private:
    QString m_path;
    RetentionPolicy m_retention;
    std::unique_ptr<HistoryStore> m_store;
    QList<Snapshot> m_pending;
    std::shared_ptr<std::atomic<qint64>> m_backlog; // HistoryService::backlog()
    qsizetype m_dropped = 0;
    bool m_failing = false;
    QTimer* m_commitTimer = nullptr;
    QTimer* m_retentionTimer = nullptr;
};

// Lives on the reader thread: owns a read-only store on the same file.
class HistoryReader final : public QObject
{
    Q_OBJECT
public:
    explicit HistoryReader(QString path)
        : m_path(std::move(path))
    {}

public Q_SLOTS:
    void query(quint64 id, const gw::SeriesKey& key, qint64 fromMs, qint64 toMs, int points)
    {
        HistoryResult r;
        if (!m_store) {
            QString error;
            m_store = HistoryStore::open(m_path, HistoryStore::Mode::ReadOnly, &error);
            if (!m_store) {
                r.key = key;
                r.fromMs = fromMs;
                r.toMs = toMs;
                r.error = error;
                Q_EMIT answered(id, r);
                return;
            }
        }
        Q_EMIT answered(id, m_store->query(key, fromMs, toMs, points));
    }

    void close() { m_store.reset(); }

Q_SIGNALS:
    void answered(quint64 id, const gw::HistoryResult& result);

private:
    QString m_path;
    std::unique_ptr<HistoryStore> m_store;
};

HistoryService::HistoryService(QString path, RetentionPolicy retention, QObject* parent)
    : HistoryProvider(parent)
    , m_path(std::move(path))
    , m_retention(retention)
{
    qRegisterMetaType<gw::Snapshot>();
    qRegisterMetaType<QList<gw::Snapshot>>();
    qRegisterMetaType<gw::SeriesKey>();
    qRegisterMetaType<gw::HistoryResult>();
    m_writerThread.setObjectName(QStringLiteral("gw-history-writer"));
    m_readerThread.setObjectName(QStringLiteral("gw-history-reader"));
}

HistoryService::~HistoryService()
{
    stop();
}

void HistoryService::start()
{
    if (m_started)
        return;
    m_started = true;
    m_writer = new HistoryWriter(m_path, m_retention, m_backlog);
    m_writer->moveToThread(&m_writerThread);
    connect(&m_writerThread, &QThread::finished, m_writer, &QObject::deleteLater);
    connect(m_writer, &HistoryWriter::openedSignal, this, &HistoryService::onWriterOpened);
    connect(m_writer, &HistoryWriter::committed, this, &HistoryService::onCommitted);
    connect(m_writer, &HistoryWriter::bound, this, &HistoryService::onBound);
    qRegisterMetaType<gw::HistoryStore::ServerBinding>();
    m_writerThread.start();
    QMetaObject::invokeMethod(m_writer, &HistoryWriter::open, Qt::QueuedConnection);
    {
        // From now on readings are posted to the writer, behind open().
        QMutexLocker lock(&m_feedLock);
        m_feeding = m_writer;
    }

    m_reader = new HistoryReader(m_path);
    m_reader->moveToThread(&m_readerThread);
    connect(&m_readerThread, &QThread::finished, m_reader, &QObject::deleteLater);
    connect(m_reader, &HistoryReader::answered, this, &HistoryProvider::resultReady);
    m_readerThread.start();
}

void HistoryService::stop()
{
    if (!m_started)
        return;
    m_started = false;
    {
        // A batch posted before this still reaches the writer ahead of close().
        QMutexLocker lock(&m_feedLock);
        m_feeding = nullptr;
    }
    if (m_writerThread.isRunning()) {
        QMetaObject::invokeMethod(m_writer, &HistoryWriter::close, Qt::BlockingQueuedConnection);
        m_writerThread.quit();
        m_writerThread.wait();
    }
    if (m_readerThread.isRunning()) {
        QMetaObject::invokeMethod(m_reader, &HistoryReader::close, Qt::BlockingQueuedConnection);
        m_readerThread.quit();
        m_readerThread.wait();
    }
    m_writer = nullptr;
    m_reader = nullptr;
    m_open = false;
}

void HistoryService::onWriterOpened(bool ok, const QString& error)
{
    m_open = ok;
    if (ok) {
        qCInfo(lcHistoryService).noquote() << "history in" << m_path;
        Q_EMIT opened();
        return;
    }
    m_lastError = error;
    qCWarning(lcHistoryService).noquote() << error;
    Q_EMIT failed(error);
}

void HistoryService::onCommitted(const QStringList& servers, const QString& error)
{
    if (!error.isEmpty()) {
        if (error != m_lastError) {
            m_lastError = error;
            qCWarning(lcHistoryService).noquote() << error;
            Q_EMIT failed(error);
        }
        return;
    }
    m_lastError.clear();
    if (!servers.isEmpty())
        Q_EMIT dataAppended(servers);
}

void HistoryService::onBound(const QString& server, const HistoryStore::ServerBinding& binding)
{
    const QString& movedFrom = binding.movedFrom;
    const QString& keptApartAs = binding.keptApartAs;
    for (const QString& note : binding.notes)
        qCInfo(lcHistoryService).noquote() << "history:" << note;
    {
        QMutexLocker lock(&m_feedLock);
        if (!keptApartAs.isEmpty())
            m_newest.insert(keptApartAs, m_newest.take(server));
        if (!movedFrom.isEmpty())
            m_newest.insert(server, std::max(m_newest.value(server), m_newest.take(movedFrom)));
    }
    // The reader's cache names series by their old names: it opens again.
    if (m_reader)
        QMetaObject::invokeMethod(m_reader, &HistoryReader::close, Qt::QueuedConnection);
    QStringList changed{server};
    if (!movedFrom.isEmpty())
        changed << movedFrom;
    if (!keptApartAs.isEmpty())
        changed << keptApartAs;
    Q_EMIT serverBound(server, movedFrom, keptApartAs, binding.stayedUnder);
    Q_EMIT dataAppended(changed);
}

quint64 HistoryService::request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points)
{
    const quint64 id = m_nextId++;
    if (!m_reader) {
        HistoryResult r;
        r.key = key;
        r.fromMs = fromMs;
        r.toMs = toMs;
        r.error = tr("history is not running");
        QMetaObject::invokeMethod(
            this, [this, id, r] { Q_EMIT resultReady(id, r); }, Qt::QueuedConnection);
        return id;
    }
    QMetaObject::invokeMethod(
        m_reader,
        [reader = m_reader, id, key, fromMs, toMs, points] {
            reader->query(id, key, fromMs, toMs, points);
        },
        Qt::QueuedConnection);
    return id;
}

qint64 HistoryService::newestMs(const QString& server) const
{
    QMutexLocker lock(&m_feedLock);
    return m_newest.value(server, 0);
}

void HistoryService::bindServer(const QString& server, const QString& agentId,
                                const QString& formerName)
{
    QMutexLocker lock(&m_feedLock);
    if (HistoryWriter* writer = m_feeding)
        QMetaObject::invokeMethod(
            writer,
            [writer, server, agentId, formerName] { writer->bind(server, agentId, formerName); },
            Qt::QueuedConnection);
}

void HistoryService::ingestBatch(const QList<Snapshot>& snapshots)
{
    QMutexLocker lock(&m_feedLock);
    for (const auto& s : snapshots) {
        qint64& newest = m_newest[s.server];
        newest = std::max(newest, s.timestampMs);
    }
    if (HistoryWriter* writer = m_feeding) {
        *m_backlog += snapshots.size();
        QMetaObject::invokeMethod(
            writer, [writer, snapshots] { writer->add(snapshots); }, Qt::QueuedConnection);
    }
}

} // namespace gw

#include "historyservice.moc"
