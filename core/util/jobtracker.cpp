#include "util/jobtracker.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>

namespace gw {

namespace detail {
struct JobShared
{
    std::atomic<bool> cancelled{false};
    quint64 generation = 0;
    int progressIntervalMs = JobTracker::kDefaultProgressIntervalMs;
    QElapsedTimer clock;           // started when the job is
    QMutex lock;                   // guards `tracker`
    JobTracker* tracker = nullptr; // null once the tracker is gone
};

// Queues `f` to the tracker's thread, unless the tracker is gone.
void postToTracker(JobShared& shared, bool final, std::function<void()> f)
{
    QMutexLocker lock(&shared.lock);
    JobTracker* tracker = shared.tracker;
    if (!tracker)
        return;
    // Posted under the lock: the tracker's destructor takes it before it
    // goes, and a QObject drops the events still queued to it when it does.
    QMetaObject::invokeMethod(
        tracker,
        [tracker, generation = shared.generation, final, f = std::move(f)] {
            tracker->deliver(generation, final, f);
        },
        Qt::QueuedConnection);
}
} // namespace detail

JobControl::JobControl(std::shared_ptr<detail::JobShared> shared)
    : m_shared(std::move(shared))
{}

bool JobControl::isCancelled() const
{
    return m_shared->cancelled.load();
}

const std::atomic<bool>& JobControl::cancelFlag() const
{
    return m_shared->cancelled;
}

quint64 JobControl::generation() const
{
    return m_shared->generation;
}

bool JobControl::progressDue()
{
    if (isCancelled())
        return false;
    const qint64 now = m_shared->clock.elapsed();
    if (now - m_lastNoteMs < m_shared->progressIntervalMs)
        return false;
    m_lastNoteMs = now;
    return true;
}

void JobControl::postProgress(std::function<void()> note)
{
    detail::postToTracker(*m_shared, false, std::move(note));
}

void JobControl::finish(std::function<void()> deliver)
{
    detail::postToTracker(*m_shared, true, std::move(deliver));
}

JobTracker::JobTracker(QString threadName, QObject* parent)
    : QObject(parent)
    , m_threadName(std::move(threadName))
{}

JobTracker::~JobTracker()
{
    for (const Running& job : std::as_const(m_jobs)) {
        {
            QMutexLocker lock(&job.shared->lock);
            job.shared->tracker = nullptr;
        }
        job.shared->cancelled = true;
    }
    if (!m_waitOnDestroy)
        return; // each thread deletes itself when its work ends
    for (const Running& job : std::as_const(m_jobs)) {
        if (job.thread) {
            job.thread->wait();
            delete job.thread;
        }
    }
}

quint64 JobTracker::launch(std::function<void(JobControl&)> body)
{
    if (m_current)
        m_current->cancelled = true; // stale from now on
    m_jobs.removeIf([](const Running& job) { return job.thread.isNull(); });

    auto shared = std::make_shared<detail::JobShared>();
    shared->generation = ++m_generation;
    shared->progressIntervalMs = m_progressIntervalMs;
    shared->tracker = this;
    shared->clock.start();
    m_current = shared;
    m_running = true;

    QThread* thread = QThread::create([shared, body = std::move(body)]() mutable {
        JobControl job(shared);
        body(job);
    });
    thread->setObjectName(m_threadName);
    // The thread object lives on this thread; it goes when its work ends,
    // or with the tracker.
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_jobs.append(Running{shared, thread});
    thread->start(m_priority);
    return shared->generation;
}

void JobTracker::deliver(quint64 generation, bool final, const std::function<void()>& f)
{
    if (generation != m_generation || !m_running)
        return; // stale: a newer job started, or this one was discarded
    if (final) {
        m_running = false; // before `f`, which may start the next job
        m_current.reset();
    }
    f();
}

void JobTracker::cancel()
{
    if (m_current)
        m_current->cancelled = true;
}

void JobTracker::discard()
{
    cancel();
    m_current.reset();
    m_running = false;
    ++m_generation;
}

int JobTracker::threadCount() const
{
    int n = 0;
    for (const Running& job : m_jobs)
        n += job.thread && !job.thread->isFinished();
    return n;
}

bool JobTracker::waitForThreads(int ms)
{
    QDeadlineTimer deadline = ms < 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(ms);
    for (const Running& job : std::as_const(m_jobs)) {
        if (job.thread && !job.thread->wait(deadline))
            return false;
    }
    return true;
}

} // namespace gw
