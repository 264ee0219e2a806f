#include "util/quitsignals.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace gw {

namespace {

// The write end for the handler; -1 when no instance is installed.
std::atomic<int> g_writeFd{-1};
struct sigaction g_previousTerm;
struct sigaction g_previousInt;
struct sigaction g_previousHup;

extern "C" void onQuitSignal(int signalNumber)
{
    const int saved = errno; // the interrupted code may be about to read it
    const int fd = g_writeFd.load(std::memory_order_relaxed);
    if (fd >= 0) {
        const unsigned char byte = static_cast<unsigned char>(signalNumber);
        // Non-blocking: a full pipe already holds a wake-up; dropping this
        // one loses nothing.
        [[maybe_unused]] const ssize_t n = ::write(fd, &byte, 1);
    }
    errno = saved;
}

sigset_t quitSignals()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    return set;
}

// Whatever happened, the signals blocked by blockUntilHandled() are
// unblocked: with handlers they arrive through the pipe, without they take
// their default action (as they would have without the block).
void unblockQuitSignals()
{
    const sigset_t set = quitSignals();
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

} // namespace

void QuitOnSignals::blockUntilHandled()
{
    const sigset_t set = quitSignals();
    ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

QuitOnSignals::QuitOnSignals(QObject* parent)
    : QuitOnSignals(HangUp::Default, parent)
{}

QuitOnSignals::QuitOnSignals(HangUp hangUp, QObject* parent)
    : QObject(parent)
{
    if (g_writeFd.load() >= 0)
        return;
    if (::pipe2(m_fds, O_CLOEXEC | O_NONBLOCK) != 0) {
        unblockQuitSignals();
        // SIGTERM keeps its default action: the process ends without its
        // clean shutdown, which an admin should learn of.
        qWarning("cannot create the pipe for SIGTERM/SIGINT (%s); they will end the process "
                 "without a clean shutdown",
                 strerror(errno));
        return;
    }
    g_writeFd.store(m_fds[1]);
    m_notifier = std::make_unique<QSocketNotifier>(m_fds[0], QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &QuitOnSignals::readPipe);

    struct sigaction action = {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGTERM, &action, &g_previousTerm);
    ::sigaction(SIGINT, &action, &g_previousInt);
    if (hangUp == HangUp::Deliver) {
        ::sigaction(SIGHUP, &action, &g_previousHup);
        m_hangUp = true;
    }
    m_active = true;
    // Signals that came while Qt started are delivered now, to the handler.
    unblockQuitSignals();
}

QuitOnSignals::~QuitOnSignals()
{
    if (!m_active)
        return;
    ::sigaction(SIGTERM, &g_previousTerm, nullptr);
    ::sigaction(SIGINT, &g_previousInt, nullptr);
    if (m_hangUp)
        ::sigaction(SIGHUP, &g_previousHup, nullptr);
    g_writeFd.store(-1);
    m_notifier.reset();
    ::close(m_fds[0]);
    ::close(m_fds[1]);
}

void QuitOnSignals::readPipe()
{
    unsigned char bytes[16];
    for (;;) {
        const ssize_t n = ::read(m_fds[0], bytes, sizeof bytes);
        if (n <= 0)
            return; // EAGAIN: drained
        for (ssize_t i = 0; i < n; ++i) {
            if (int(bytes[i]) != SIGHUP)
                m_quitRequested = true;
            Q_EMIT received(int(bytes[i]));
        }
    }
}

std::unique_ptr<QuitOnSignals> QuitOnSignals::quitApplication(std::function<void()> onHangUp)
{
    auto q = std::make_unique<QuitOnSignals>(onHangUp ? HangUp::Deliver : HangUp::Default);
    QObject::connect(q.get(), &QuitOnSignals::received, QCoreApplication::instance(),
                     [onHangUp = std::move(onHangUp)](int signalNumber) {
                         if (signalNumber == SIGHUP)
                             onHangUp();
                         else
                             QCoreApplication::quit();
                     });
    return q;
}

} // namespace gw
