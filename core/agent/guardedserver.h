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

#include "agent/requestguard.h"

#include <QSslServer>
#include <QTcpServer>
#include <QTimer>

#include <chrono>

class QTcpSocket;

namespace gw {

class ConnectionGuard final : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kLinger{2000};

    // Becomes a child of `socket`; `httpServer` is the object whose readyRead
    // connection is cut on a refusal.
    ConnectionGuard(QTcpSocket* socket, QObject* httpServer, RequestGuard::Limits limits);

private:
    void readyRead();
    void refuse(const RequestGuard::Refusal& refusal);
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

private:
    QObject* m_httpServer;
    RequestGuard::Limits m_limits;
};

// HTTPS: the guard sees the decrypted bytes.
class GuardedSslServer final : public QSslServer
{
    Q_OBJECT
public:
    GuardedSslServer(QObject* httpServer, RequestGuard::Limits limits);
    QTcpSocket* nextPendingConnection() override;

private:
    QObject* m_httpServer;
    RequestGuard::Limits m_limits;
};

} // namespace gw
