#pragma once

// The costly part of a request, off the agent's HTTP thread: a handler that
// reads history (a replay, a history query) checks its request where it
// arrives and hands the rest, a function of values only, to a worker. The
// work runs on a thread of its own (JobTracker), at most `maxRunning` at
// once and up to `maxWaiting` more queued in order; past that the request
// is answered at once 503 "busy" with Retry-After. The answer goes out on
// the HTTP thread when the work is done. A caller that hangs up is
// forgotten: its queued work never starts, its running work is told to
// stop (the cancel flag) and what it returns is dropped.

#include <QHttpServerResponse>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <list>
#include <memory>

class QHttpServerResponder;

namespace gw {

class RequestWorkers final : public QObject
{
public:
    // What runs off the HTTP thread: the answer, built from values only.
    // `cancelled` turns true when its caller hangs up or the agent stops.
    using Work = std::function<QHttpServerResponse(const std::atomic<bool>& cancelled)>;

    // `threadName` names each work's thread; `busyMessage` is the 503's
    // message (translated by the caller); the wait it names is
    // `retryAfterSeconds`.
    RequestWorkers(QString threadName, int maxRunning, int maxWaiting, int retryAfterSeconds,
                   QString busyMessage, QObject* parent = nullptr);
    // Cancels every work and waits for their threads (see stop()).
    ~RequestWorkers() override;

    // Answers `responder` (HEAD: headers only) with what `work` returns, or
    // 503 busy at once when as many works run and wait as allowed.
    void run(bool head, QHttpServerResponder&& responder, Work work);

    // A request run() now would be answered busy.
    bool full() const;
    // Answers 503 busy with Retry-After (what run() does when full).
    void refuse(bool head, QHttpServerResponder&& responder) const;

    // Works running (their thread not ended yet, cancelled ones included).
    int running() const;
    // Works queued behind them.
    int waiting() const;
    // Cancels every work, running or queued, and waits for their threads;
    // their callers get no answer. New work is still taken afterwards.
    void stop();

private:
    struct Job;
    void startNext();
    void done(Job* job, const QHttpServerResponse& response);
    void hungUp(Job* job);
    void reap();

    QString m_threadName;
    int m_maxRunning;
    int m_maxWaiting;
    int m_retryAfterSeconds;
    QString m_busyMessage;
    std::list<std::unique_ptr<Job>> m_jobs; // running first, then waiting, in order
};

} // namespace gw
