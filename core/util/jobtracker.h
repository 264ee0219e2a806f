#pragma once

// One-shot background work (a report, a policy replay, the books rebuilt,
// a day's CSV): started from an object on a thread with an event loop, run
// on a thread of its own, its result handed back on the starting thread.
//
// A tracker holds one current job. Starting another makes the older ones
// stale: they are asked to stop (JobControl::isCancelled()) and whatever they
// still deliver is dropped, by generation, so a slow old answer never
// overwrites a newer one. cancel() asks the current job to stop and still
// delivers what it returns (the work decides what a cancelled run says);
// discard() also drops it. Progress notes go through the same check and are
// rate-limited.
//
// When the tracker is destroyed every job is cancelled and, by default,
// waited for, so work may read its owner's members. A tracker set to detach
// (setWaitOnDestroy(false)) returns at once: its jobs must hold only values;
// they run to their end and their results go nowhere.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace gw {

class JobTracker;

namespace detail {
struct JobShared;
void postToTracker(JobShared& shared, bool final, std::function<void()> f);
} // namespace detail

// What a job's work gets, on its own thread.
class JobControl
{
public:
    explicit JobControl(std::shared_ptr<detail::JobShared> shared);

    // Thread-safe: the job was cancelled, superseded or its tracker is gone.
    bool isCancelled() const;
    // The flag itself, for code that takes a std::atomic<bool>.
    const std::atomic<bool>& cancelFlag() const;
    // Runs `note` on the tracker's thread while the job is current; at most
    // one note every progress interval (the others are dropped), `always`
    // for one that must not be (a last count).
    template <typename Note>
    void progress(Note&& note, bool always = false)
    {
        if (always ? !isCancelled() : progressDue())
            postProgress(std::forward<Note>(note));
    }
    // True at most once per progress interval, and then counts as a note
    // sent: ask it per reading, build the note only when it says so.
    bool progressDue();
    // Which job this is (what JobTracker::start returned).
    quint64 generation() const;

    // Hands the result over (the tracker's start() calls it).
    void finish(std::function<void()> deliver);

private:
    void postProgress(std::function<void()> note);

    std::shared_ptr<detail::JobShared> m_shared;
    qint64 m_lastNoteMs = 0;
};

class JobTracker final : public QObject
{
public:
    static constexpr int kDefaultProgressIntervalMs = 100;

    // `threadName` names each job's thread (seen in a debugger and in `top
    // -H`).
    explicit JobTracker(QString threadName, QObject* parent = nullptr);
    // Cancels every job; waits for them unless set to detach.
    ~JobTracker() override;

    void setPriority(QThread::Priority priority) { m_priority = priority; }
    void setWaitOnDestroy(bool wait) { m_waitOnDestroy = wait; }
    void setProgressIntervalMs(int ms) { m_progressIntervalMs = ms; }

    // Runs `work(JobControl&)` on a new thread; `done(result)` (or `done()`
    // for work that returns nothing) runs on this object's thread unless the
    // job went stale first. Older jobs are cancelled and their results
    // dropped. Returns the job's generation.
    template <typename Work, typename Done>
    quint64 start(Work work, Done done)
    {
        using Result = std::invoke_result_t<Work&, JobControl&>;
        return launch([work = std::move(work), done = std::move(done)](JobControl& job) mutable {
            if constexpr (std::is_void_v<Result>) {
                work(job);
                job.finish(std::move(done));
            } else {
                auto result = std::make_shared<Result>(work(job));
                job.finish(
                    [done = std::move(done), result]() mutable { done(std::move(*result)); });
            }
        });
    }

    // Asks the current job to stop; what it returns is still delivered.
    void cancel();
    // Cancels the current job and drops its result: no job is current.
    void discard();
    // A current job has not delivered yet.
    bool isRunning() const { return m_running; }
    // The newest job's generation (0 before the first).
    quint64 generation() const { return m_generation; }
    // Jobs whose threads have not ended, current or stale.
    int threadCount() const;
    // Waits for every job's thread to end; false on timeout (-1: forever).
    bool waitForThreads(int ms = -1);

private:
    friend void detail::postToTracker(detail::JobShared&, bool, std::function<void()>);
    quint64 launch(std::function<void(JobControl&)> body);
    void deliver(quint64 generation, bool final, const std::function<void()>& f);

    QString m_threadName;
    QThread::Priority m_priority = QThread::InheritPriority;
    bool m_waitOnDestroy = true;
    int m_progressIntervalMs = kDefaultProgressIntervalMs;
    quint64 m_generation = 0;
    bool m_running = false;
    std::shared_ptr<detail::JobShared> m_current;
    struct Running
    {
        std::shared_ptr<detail::JobShared> shared;
        QPointer<QThread> thread;
    };
    QList<Running> m_jobs;
};

} // namespace gw
