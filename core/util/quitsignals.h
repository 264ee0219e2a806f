#pragma once

// SIGTERM and SIGINT (and, where asked, SIGHUP) delivered to the main
// thread's event loop. A signal
// handler may only call async-signal-safe functions, which rules out
// QCoreApplication::quit() and everything else in Qt; the handler here
// writes the signal number to a self-pipe (write(2) is safe), and a
// QSocketNotifier on the other end turns it into a Qt signal on the thread
// that created the object. One instance per process.
//
// A signal that comes before the handlers are installed (while Qt starts)
// would take its default action and end the process uncleanly: a program
// calls blockUntilHandled() as the first line of main(), the signals wait
// (pending, blocked) until the constructor has installed the handlers and
// unblocks them, then arrive through the pipe like any other. Threads
// started in between keep them blocked, so they reach the main thread.

#include <QObject>

#include <functional>
#include <memory>

class QSocketNotifier;

namespace gw {

class QuitOnSignals final : public QObject
{
    Q_OBJECT
public:
    // Whether SIGHUP is caught too (and delivered as received(SIGHUP)) or
    // keeps its default action.
    enum class HangUp
    {
        Default,
        Deliver
    };

    // Installs the handlers (SA_RESTART). Only one instance may exist; a
    // second one installs nothing and isActive() says so.
    explicit QuitOnSignals(QObject* parent = nullptr);
    explicit QuitOnSignals(HangUp hangUp, QObject* parent = nullptr);
    ~QuitOnSignals() override; // restores the previous handlers

    bool isActive() const { return m_active; }
    // A SIGTERM or SIGINT has been read from the pipe (it may have been
    // read before the event loop ran, when quitting it does nothing).
    bool quitRequested() const { return m_quitRequested; }

    // Blocks SIGTERM, SIGINT and SIGHUP in the calling thread until an
    // instance installs its handlers (first line of main()).
    static void blockUntilHandled();

    // Installs the handlers and quits the application's event loop on the
    // first SIGTERM or SIGINT. With `onHangUp`, SIGHUP is caught too and
    // calls it on this thread (a daemon's "read your configuration again")
    // instead of ending the process.
    static std::unique_ptr<QuitOnSignals> quitApplication(std::function<void()> onHangUp = {});

Q_SIGNALS:
    // On the thread that created this object, once per delivered signal.
    void received(int signalNumber);

private:
    void readPipe();

    bool m_active = false;
    bool m_hangUp = false;
    bool m_quitRequested = false;
    int m_fds[2] = {-1, -1};
    std::unique_ptr<QSocketNotifier> m_notifier;
};

} // namespace gw
