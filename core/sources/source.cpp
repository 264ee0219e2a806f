#include "sources/source.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcSource, "gw.source")

namespace gw {

class SourceWorker final : public QObject
{
    Q_OBJECT
public:
    SourceWorker(std::unique_ptr<Producer> producer, std::chrono::milliseconds interval)
        : m_producer(std::move(producer))
        , m_interval(interval)
    {}

public Q_SLOTS:
    // A producer that waits for the network runs a local event loop, and
    // stop() can arrive in it (end() below): after every call into the
    // producer, check that it is still there.
    void begin(qint64 backfillMs)
    {
        const QString status = m_producer->init();
        if (!m_producer)
            return;
        m_initLine = status;
        Q_EMIT statusChanged(status);
        if (backfillMs > 0) {
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            auto past = m_producer->backfill(now - backfillMs, now);
            if (!m_producer)
                return;
            if (!past.isEmpty())
                Q_EMIT backfillReady(past);
        }
        m_timer = new QTimer(this); // created here so it lives in this thread
        m_timer->setTimerType(Qt::CoarseTimer);
        connect(m_timer, &QTimer::timeout, this, &SourceWorker::tick);
        m_timer->start(m_interval);
        tick();
    }

    void tick()
    {
        if (!m_producer)
            return;
        const auto snapshots = m_producer->produce();
        if (!m_producer)
            return;
        for (const auto& s : snapshots)
            Q_EMIT snapshotReady(s);
        // A problem replaces the start-up line while it lasts; when it is
        // over, the start-up line is back.
        const QString problem = m_producer->problem();
        if (problem != m_problem) {
            m_problem = problem;
            Q_EMIT statusChanged(problem.isEmpty() ? m_initLine : problem);
        }
    }

    void end()
    {
        if (m_timer)
            m_timer->stop();
        m_producer.reset(); // samplers close on the thread that used them
    }

Q_SIGNALS:
    void statusChanged(const QString& message);
    void snapshotReady(const gw::Snapshot& snapshot);
    void backfillReady(const QList<gw::Snapshot>& snapshots);

private:
    std::unique_ptr<Producer> m_producer;
    std::chrono::milliseconds m_interval;
    QTimer* m_timer = nullptr;
    QString m_initLine;
    QString m_problem;
};

Source::Source(std::unique_ptr<Producer> producer, std::chrono::milliseconds interval,
               QObject* parent)
    : QObject(parent)
    , m_pending(std::move(producer))
    , m_interval(interval)
{
    qRegisterMetaType<gw::Snapshot>();
    qRegisterMetaType<QList<gw::Snapshot>>();
    m_thread.setObjectName(QStringLiteral("gw-sampling"));
}

Source::~Source()
{
    stop();
}

void Source::start(std::chrono::milliseconds backfill)
{
    if (m_worker || !m_pending)
        return;
    auto* worker = new SourceWorker(std::move(m_pending), m_interval);
    worker->moveToThread(&m_thread);
    m_worker = worker;
    connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
    // Readings still queued for this thread when stop() runs are dropped:
    // after stop() nothing more is delivered.
    m_delivering = true;
    connect(worker, &SourceWorker::statusChanged, this, &Source::statusChanged);
    connect(
        worker, &SourceWorker::snapshotReady, this,
        [this](const Snapshot& s) { Q_EMIT produced({s}); }, Qt::DirectConnection);
    connect(worker, &SourceWorker::backfillReady, this, &Source::produced, Qt::DirectConnection);
    connect(worker, &SourceWorker::snapshotReady, this, [this](const Snapshot& s) {
        if (m_delivering)
            Q_EMIT snapshotReady(s);
    });
    connect(worker, &SourceWorker::backfillReady, this, [this](const QList<Snapshot>& s) {
        if (m_delivering)
            Q_EMIT backfillReady(s);
    });
    m_thread.start();
    QMetaObject::invokeMethod(worker, "begin", Qt::QueuedConnection,
                              Q_ARG(qint64, qint64(backfill.count())));
}

void Source::stop()
{
    m_delivering = false;
    if (!m_thread.isRunning())
        return;
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, "end", Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool Source::isRunning() const
{
    return m_thread.isRunning();
}

} // namespace gw

#include "source.moc"
