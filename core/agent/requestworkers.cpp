#include "agent/requestworkers.h"

#include "agent/apireply.h"
#include "agent/routetable.h"
#include "util/jobtracker.h"

#include <QHttpServerResponder>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#ifdef Q_OS_LINUX
#include <sys/resource.h>

#include <unistd.h>
#endif

namespace gw {

namespace {

// The work's thread yields to the HTTP thread and to the GPU jobs beside
// the agent: nice 19 (1.5 % of a nice-0 thread's weight, still never
// starved) on Linux, where a thread's nice value is its own.
void lowerThisThread()
{
#ifdef Q_OS_LINUX
    ::setpriority(PRIO_PROCESS, id_t(::gettid()), 19);
#endif
}

} // namespace

// One request's work and the caller waiting for it.
struct RequestWorkers::Job
{
    explicit Job(const QString& threadName)
        : tracker(threadName)
    {}
    JobTracker tracker;
    std::unique_ptr<QHttpServerResponder> responder; // null once answered or gone
    QPointer<QTcpSocket> socket;
    QMetaObject::Connection hangUp;
    Work work; // emptied when started
    bool head = false;
    bool started = false;
};

RequestWorkers::RequestWorkers(QString threadName, int maxRunning, int maxWaiting,
                               int retryAfterSeconds, QString busyMessage, QObject* parent)
    : QObject(parent)
    , m_threadName(std::move(threadName))
    , m_maxRunning(std::max(1, maxRunning))
    , m_maxWaiting(std::max(0, maxWaiting))
    , m_retryAfterSeconds(retryAfterSeconds)
    , m_busyMessage(std::move(busyMessage))
{}

RequestWorkers::~RequestWorkers()
{
    stop();
}

// A job holds its place while its caller waits: one whose caller hung up
// is on its way out (it stops at its next check) and holds none, so the
// next caller is taken at once.
int RequestWorkers::running() const
{
    int n = 0;
    for (const auto& j : m_jobs)
        n += j->started && (j->responder || j->tracker.threadCount() > 0);
    return n;
}

int RequestWorkers::waiting() const
{
    int n = 0;
    for (const auto& j : m_jobs)
        n += !j->started && j->responder;
    return n;
}

bool RequestWorkers::full() const
{
    int taken = 0; // places held by callers still waiting
    for (const auto& j : m_jobs)
        taken += j->responder != nullptr;
    return taken >= m_maxRunning + m_maxWaiting;
}

void RequestWorkers::refuse(bool head, QHttpServerResponder&& responder) const
{
    QHttpServerResponse r = jsonError(503, QStringLiteral("busy"), m_busyMessage);
    r.addHeader(QByteArrayLiteral("Retry-After"), QByteArray::number(m_retryAfterSeconds));
    sendResponse(head, r, std::move(responder));
}

void RequestWorkers::run(bool head, QHttpServerResponder&& responder, Work work)
{
    reap();
    QTcpSocket* socket = responder.socket();
    if (full() || !socket || !work)
        return refuse(head, std::move(responder));
    auto owned = std::make_unique<Job>(m_threadName);
    Job* job = owned.get();
    job->responder = std::make_unique<QHttpServerResponder>(std::move(responder));
    job->socket = socket;
    job->head = head;
    job->work = std::move(work);
    // Qt's server deletes the socket (and the request the responder points
    // at) soon after the client hangs up: the responder goes before that.
    job->hangUp = connect(socket, &QTcpSocket::disconnected, this, [this, job] { hungUp(job); });
    m_jobs.push_back(std::move(owned));
    startNext();
}

void RequestWorkers::startNext()
{
    int live = 0;
    for (const auto& j : m_jobs)
        live += j->started && j->responder;
    for (const auto& j : m_jobs) {
        if (live >= m_maxRunning)
            return;
        if (j->started || !j->responder)
            continue;
        Job* job = j.get();
        job->started = true;
        ++live;
        job->tracker.start(
            [work = std::move(job->work)](JobControl& control) {
                lowerThisThread();
                return work(control.cancelFlag());
            },
            [this, job](const QHttpServerResponse& response) { done(job, response); });
    }
}

void RequestWorkers::done(Job* job, const QHttpServerResponse& response)
{
    disconnect(job->hangUp);
    if (job->responder && job->socket && job->socket->state() == QAbstractSocket::ConnectedState)
        sendResponse(job->head, response, std::move(*job->responder));
    job->responder.reset();
    startNext();
    // Its thread ends right after handing the result over.
    QTimer::singleShot(0, this, [this] { reap(); });
}

void RequestWorkers::hungUp(Job* job)
{
    disconnect(job->hangUp);
    job->responder.reset();
    if (job->started)
        job->tracker.discard(); // stops at its next check; nothing is delivered
    startNext();
}

void RequestWorkers::reap()
{
    m_jobs.remove_if([](const std::unique_ptr<Job>& j) {
        return !j->responder && j->tracker.threadCount() == 0;
    });
}

void RequestWorkers::stop()
{
    for (const auto& j : m_jobs) {
        disconnect(j->hangUp);
        j->responder.reset();
        j->tracker.discard();
    }
    for (const auto& j : m_jobs)
        j->tracker.waitForThreads();
    m_jobs.clear();
}

} // namespace gw
