#include "agent/guardedserver.h"

#include "agent/agenthealth.h"

#include <QLoggingCategory>
#include <QSslSocket>
#include <QTcpSocket>

#include <algorithm>

#include <cerrno>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcEdge, "gw.agent.edge", QtInfoMsg)

namespace gw {

DescriptorBudget DescriptorBudget::forLimit(qint64 limit)
{
    DescriptorBudget b;
    b.limit = limit;
    const qint64 others = std::min<qint64>(kOtherDescriptors, limit / 4);
    b.connections = int(std::clamp<qint64>(limit - others, 1, std::numeric_limits<int>::max()));
    // A quarter of the connections (at least 4) never goes to held requests.
    const int reserve = std::max(4, b.connections / 4);
    b.held = std::max(1, b.connections - reserve);
    return b;
}

DescriptorBudget DescriptorBudget::raiseLimit(qint64* raisedFrom)
{
    rlimit rl{};
    if (::getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return forLimit(1024); // the usual default; getrlimit does not fail in practice
    const rlim_t want = rl.rlim_max == RLIM_INFINITY
                            ? rlim_t(kMaxLimit)
                            : std::min<rlim_t>(rl.rlim_max, rlim_t(kMaxLimit));
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
        return forLimit(rl.rlim_cur == RLIM_INFINITY
                            ? kMaxLimit
                            : std::min<qint64>(qint64(rl.rlim_cur), kMaxLimit));
    const rlim_t before = rl.rlim_cur;
    rl.rlim_cur = want;
    if (::setrlimit(RLIMIT_NOFILE, &rl) != 0)
        return forLimit(qint64(before));
    if (raisedFrom)
        *raisedFrom = qint64(before);
    return forLimit(qint64(want));
}

AcceptGate::AcceptGate(QTcpServer* server)
    : m_server(server)
{
    m_retry.setInterval(kRetry);
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, [this] {
        m_acceptFailed = false;
        update();
    });
    connect(m_server, &QTcpServer::acceptError, this, &AcceptGate::acceptFailed);
}

void AcceptGate::accepted(QTcpSocket* socket, ConnectionGuard* guard)
{
    ++m_open;
    connect(socket, &QObject::destroyed, this, &AcceptGate::closed);
    if (m_open > m_limit) {
        if (!m_refusing) {
            m_refusing = true;
            warn(AgentHealth::kConnectionsAtLimit,
                 QStringLiteral("%1 connections open, the most the descriptor limit allows: "
                                "new ones are answered 503 until fewer are open")
                     .arg(m_open - 1));
        }
        guard->refuse(RequestGuard::Refusal{
            503, QStringLiteral("busy"),
            QStringLiteral("the agent has %1 connections open, the most its descriptor limit "
                           "allows; try again in %2 s")
                .arg(m_limit)
                .arg(kRetryAfterSeconds),
            kRetryAfterSeconds});
    }
    update();
}

void AcceptGate::warn(QLatin1String code, const QString& message)
{
    // Raised, the reason is logged by AgentHealth: once, not twice.
    if (m_health)
        m_health->raise(code, message);
    else
        qCWarning(lcEdge).noquote() << message;
}

void AcceptGate::closed()
{
    --m_open;
    if (m_refusing && m_open < m_limit) {
        m_refusing = false;
        qCInfo(lcEdge).noquote()
            << QStringLiteral("%1 connections open: new ones are served again").arg(m_open);
        if (m_health)
            m_health->clear(AgentHealth::kConnectionsAtLimit);
    }
    update();
}

void AcceptGate::acceptFailed()
{
    // Qt pauses on the errors it does not take for temporary ones; the
    // gate resumes after kRetry.
    m_acceptFailed = true;
    update();
}

void AcceptGate::update()
{
    bool noDescriptor = false;
    const qint64 most = qint64(m_limit) + kOverflow; // served and being refused
    if (m_open < most && !m_acceptFailed && m_server->socketDescriptor() >= 0) {
        // A descriptor free for the next accept? Qt 6.4 would otherwise try
        // and fail again on every turn of the event loop.
        const int probe = ::fcntl(int(m_server->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
        if (probe >= 0)
            ::close(probe);
        else
            noDescriptor = errno == EMFILE || errno == ENFILE;
    }
    const bool starved = noDescriptor || m_acceptFailed;
    if (m_open >= most || starved) {
        // Every time, not only at the start: QTcpServer::nextPendingConnection
        // turns accepting back on.
        m_server->pauseAccepting();
        m_paused = true;
        // At `most` this is the episode of refused connections, logged by
        // accepted() and closed(); out of descriptors is an episode of its own.
        if (starved && !m_starved) {
            m_starved = true;
            warn(AgentHealth::kNoDescriptor,
                 QStringLiteral("no descriptor left for a new connection (%1 connections "
                                "open): not accepting any until one is free")
                     .arg(m_open));
        }
        // Descriptors held elsewhere are not counted: look again soon.
        if (starved && !m_retry.isActive())
            m_retry.start();
        return;
    }
    if (m_paused) {
        m_paused = false;
        m_retry.stop();
        m_server->resumeAccepting();
        if (m_starved) {
            m_starved = false;
            qCInfo(lcEdge).noquote()
                << QStringLiteral("descriptors free again: accepting connections, %1 open")
                       .arg(m_open);
            if (m_health)
                m_health->clear(AgentHealth::kNoDescriptor);
        }
    }
}

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
    if (socket) {
        m_gate.accepted(socket, new ConnectionGuard(socket, m_httpServer, m_limits));
    }
    return socket;
}

GuardedSslServer::GuardedSslServer(QObject* httpServer, RequestGuard::Limits limits)
    : m_httpServer(httpServer)
    , m_limits(limits)
{}

QTcpSocket* GuardedSslServer::nextPendingConnection()
{
    QTcpSocket* socket = QSslServer::nextPendingConnection();
    if (socket) {
        m_gate.accepted(socket, new ConnectionGuard(socket, m_httpServer, m_limits));
    }
    return socket;
}

} // namespace gw
