#include "agent/guardedserver.h"

#include <QLoggingCategory>
#include <QSslSocket>
#include <QTcpSocket>

#include <sys/socket.h>

Q_LOGGING_CATEGORY(lcEdge, "gw.agent.edge", QtInfoMsg)

namespace gw {

ConnectionGuard::ConnectionGuard(QTcpSocket* socket, QObject* httpServer,
                                 RequestGuard::Limits limits)
    : QObject(socket)
    , m_socket(socket)
    , m_httpServer(httpServer)
    , m_guard(limits)
{
    m_linger.setSingleShot(true);
    m_linger.setInterval(kLinger);
    connect(&m_linger, &QTimer::timeout, m_socket, &QTcpSocket::abort);
    connect(m_socket, &QTcpSocket::readyRead, this, &ConnectionGuard::readyRead);
}

void ConnectionGuard::readyRead()
{
    if (m_refused) {
        // Read and forgotten: nothing of a refused request is kept.
        m_socket->skip(m_socket->bytesAvailable());
        return;
    }
    m_guard.feed(m_socket->peek(m_socket->bytesAvailable()));
    if (m_guard.refusal())
        refuse(*m_guard.refusal());
}

void ConnectionGuard::refuse(const RequestGuard::Refusal& refusal)
{
    m_refused = true;
    // Debug, not info: a client sending oversized requests on purpose must
    // not be able to fill the log.
    qCDebug(lcEdge).noquote() << "refused" << m_socket->peerAddress().toString() << refusal.status
                              << refusal.message;
    disconnect(m_socket, &QTcpSocket::readyRead, m_httpServer, nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->commitTransaction(); // drops what the HTTP server had buffered
    m_socket->skip(m_socket->bytesAvailable());
    m_socket->write(refusalResponse(refusal));
    m_linger.start();
    if (qobject_cast<QSslSocket*>(m_socket)) {
        // TLS has no half close of its own: close_notify once written.
        m_socket->disconnectFromHost();
        return;
    }
    connect(m_socket, &QTcpSocket::bytesWritten, this, &ConnectionGuard::closeWhenWritten);
    closeWhenWritten();
}

void ConnectionGuard::closeWhenWritten()
{
    if (m_halfClosed || m_socket->bytesToWrite() > 0)
        return;
    m_halfClosed = true;
    // The answer is out; FIN after it, while what the client still sends is
    // read and dropped until it closes its side or kLinger passes.
    if (m_socket->socketDescriptor() >= 0)
        ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
}

GuardedTcpServer::GuardedTcpServer(QObject* httpServer, RequestGuard::Limits limits)
    : m_httpServer(httpServer)
    , m_limits(limits)
{}

QTcpSocket* GuardedTcpServer::nextPendingConnection()
{
    QTcpSocket* socket = QTcpServer::nextPendingConnection();
    if (socket)
        new ConnectionGuard(socket, m_httpServer, m_limits);
    return socket;
}

GuardedSslServer::GuardedSslServer(QObject* httpServer, RequestGuard::Limits limits)
    : m_httpServer(httpServer)
    , m_limits(limits)
{}

QTcpSocket* GuardedSslServer::nextPendingConnection()
{
    QTcpSocket* socket = QSslServer::nextPendingConnection();
    if (socket)
        new ConnectionGuard(socket, m_httpServer, m_limits);
    return socket;
}

} // namespace gw
