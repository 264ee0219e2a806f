#pragma once

// The listening sockets under the agent's QHttpServer. Each connection gets
// a ConnectionGuard before the HTTP server sees it: the guard's readyRead
// slot is connected first, so it sees every byte before the server buffers
// it, and feeds a RequestGuard. On a refusal the server is cut off from the
// socket, what it buffered is dropped, the JSON error goes out with
// "Connection: close", and what the client still sends is read and thrown
// away until it stops or kLinger passes (closing with unread data would
// reset the connection, and the client might lose our answer with it).
//
// Qt 6.4's server reads everything available on each readyRead (its socket
// transaction then holds it), so "unread when our slot runs" is exactly the
// bytes that arrived since the last signal.
//
// Descriptors: every connection holds one, and a long poll (POST
// /v1/allocate with a wait) holds it for minutes. The agent's budget comes
// from its descriptor limit (DescriptorBudget): at most `connections` open
// connections (an AcceptGate pauses accepting there and resumes when one
// closes), of which at most `held` may be held requests (the AllocationDesk
// answers the excess 503 at once), so the rest is a reserve for /healthz,
// the admin routes and every short request. Qt 6.4 treats a failed accept
// (EMFILE, ENFILE) as temporary and tries again on every turn of the event
// loop — a full core spent on nothing; the gate also pauses when no
// descriptor is left for the next accept, and tries again after
// AcceptGate::kRetry.

#include "agent/requestguard.h"

#include <QSslServer>
#include <QTcpServer>
#include <QTimer>

#include <chrono>
#include <limits>

class QTcpSocket;

namespace gw {

// How many connections the agent takes and how many requests it holds,
// from its descriptor limit (RLIMIT_NOFILE).
struct DescriptorBudget
{
    // The soft limit is raised to the hard one at start, up to this (a
    // larger table helps nothing and slows code that walks it).
    static constexpr qint64 kMaxLimit = 65536;
    // Left for everything but connections: the journal and history (SQLite
    // with its WAL), NVML, /proc, the webhook, the keeper's peers, pipes.
    static constexpr int kOtherDescriptors = 64;

    qint64 limit = 0;    // the soft limit in force
    int connections = 0; // open connections at most; accepting pauses there
    int held = 0;        // held requests at most (the rest: the reserve)

    // The budget of a limit of `limit` descriptors.
    static DescriptorBudget forLimit(qint64 limit);
    // Raises the soft limit to the hard one (at most kMaxLimit) where
    // allowed, and returns the budget of what is in force; `raisedFrom`:
    // the soft limit before, when it was raised.
    static DescriptorBudget raiseLimit(qint64* raisedFrom = nullptr);
};

class AgentHealth;
class ConnectionGuard;

// Accepting on a listener within the budget: counts the open connections,
// answers the connections past the limit 503 at once (up to kOverflow at a
// time, then pauses accepting), pauses accepting when no descriptor is left
// for the next accept (or accept failed) and looks again every kRetry;
// resumes when below again. Each episode is logged once when it begins and
// once when it ends.
class AcceptGate final : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kRetry{250};

    // Connections past the limit are answered 503 and closed at once, up to
    // this many at a time (each holds its descriptor while it closes);
    // beyond, accepting pauses until one closes.
    static constexpr int kOverflow = 16;
    // What a connection past the limit is told to wait (Retry-After).
    static constexpr int kRetryAfterSeconds = 5;

    explicit AcceptGate(QTcpServer* server);
    void setLimit(int connections) { m_limit = connections; }
    // Not owned, may be null: hears of each episode while it lasts.
    void setHealth(AgentHealth* health) { m_health = health; }
    int openConnections() const { return m_open; }
    // A connection about to be handed to the HTTP server, with its guard:
    // refused through the guard when past the limit.
    void accepted(QTcpSocket* socket, ConnectionGuard* guard);

private:
    // The start of an episode: a degraded reason with `health`, else a log line.
    void warn(QLatin1String code, const QString& message);
    void closed();
    void acceptFailed();
    void update();

    QTcpServer* m_server;
    int m_limit = std::numeric_limits<int>::max();
    int m_open = 0;
    bool m_paused = false;
    bool m_refusing = false; // in an episode of refused connections (logged once)
    bool m_starved = false;  // in an episode without a descriptor to accept with
    bool m_acceptFailed = false;
    AgentHealth* m_health = nullptr;
    QTimer m_retry;
};

class ConnectionGuard final : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kLinger{2000};

    // Becomes a child of `socket`; `httpServer` is the object whose readyRead
    // connection is cut on a refusal.
    ConnectionGuard(QTcpSocket* socket, QObject* httpServer, RequestGuard::Limits limits);

    // Answers `refusal` and closes the connection; nothing it sends is
    // served. Before the HTTP server has seen a byte: a connection past the
    // limit.
    void refuse(const RequestGuard::Refusal& refusal);

private:
    void readyRead();
    void closeWhenWritten();

    QTcpSocket* m_socket;
    QObject* m_httpServer;
    RequestGuard m_guard;
    bool m_refused = false;
    bool m_halfClosed = false;
    QTimer m_linger;
};

// Plain HTTP.
class GuardedTcpServer final : public QTcpServer
{
    Q_OBJECT
public:
    GuardedTcpServer(QObject* httpServer, RequestGuard::Limits limits);
    QTcpSocket* nextPendingConnection() override;
    // Open connections at most (DescriptorBudget::connections).
    void setConnectionLimit(int limit) { m_gate.setLimit(limit); }
    void setHealth(AgentHealth* health) { m_gate.setHealth(health); }
    int openConnections() const { return m_gate.openConnections(); }

private:
    QObject* m_httpServer;
    RequestGuard::Limits m_limits;
    AcceptGate m_gate{this};
};

// HTTPS: the guard sees the decrypted bytes.
class GuardedSslServer final : public QSslServer
{
    Q_OBJECT
public:
    GuardedSslServer(QObject* httpServer, RequestGuard::Limits limits);
    QTcpSocket* nextPendingConnection() override;
    // Open connections at most (DescriptorBudget::connections).
    void setConnectionLimit(int limit) { m_gate.setLimit(limit); }
    void setHealth(AgentHealth* health) { m_gate.setHealth(health); }
    int openConnections() const { return m_gate.openConnections(); }

private:
    QObject* m_httpServer;
    RequestGuard::Limits m_limits;
    AcceptGate m_gate{this};
};

} // namespace gw
