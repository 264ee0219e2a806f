#pragma once

// SIGTERM and SIGINT (and, where asked, SIGHUP) delivered to the main
// thread's event loop. A signal
// handler may only call async-signal-safe functions, which rules out
// QCoreApplication::quit() and everything else in Qt; the handler here
// writes the signal number to a self-pipe (write(2) is safe), and a
// QSocketNotifier on the other end turns it into a Qt signal on the thread
// that created the object. One instance per process.

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
    int m_fds[2] = {-1, -1};
    std::unique_ptr<QSocketNotifier> m_notifier;
};

} // namespace gw
