#include "agent/selfdesk.h"

#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLoggingCategory>
#include <QTimer>

#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <vector>

Q_LOGGING_CATEGORY(lcSelf, "gw.agent.self", QtInfoMsg)

namespace gw {

std::optional<uint> peerUid(qintptr fd)
{
    ucred cred{};
    socklen_t size = sizeof(cred);
    if (fd < 0 || ::getsockopt(int(fd), SOL_SOCKET, SO_PEERCRED, &cred, &size) != 0 ||
        size != sizeof(cred))
        return std::nullopt;
    return uint(cred.uid);
}

QString userNameOf(uint uid)
{
    long size = ::sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(size_t(size > 0 ? size : 16384));
    passwd pw{};
    passwd* found = nullptr;
    if (::getpwuid_r(uid_t(uid), &pw, buffer.data(), buffer.size(), &found) == 0 && found)
        return QString::fromLocal8Bit(found->pw_name);
    return QStringLiteral("uid %1").arg(uid);
}

SelfDesk::SelfDesk(Standing standing, QObject* parent)
    : QObject(parent)
    , m_standing(std::move(standing))
{}

SelfDesk::~SelfDesk() = default;

QString SelfDesk::path() const
{
    return m_server ? m_server->fullServerName() : QString();
}

bool SelfDesk::listen(const QString& path, QString* error)
{
    delete m_server;
    m_server = new QLocalServer(this);
    // Anyone on the server may ask about themselves: the folder decides
    // who reaches the socket (/run/gpuwarden, 0755).
    m_server->setSocketOptions(QLocalServer::WorldAccessOption);
    m_server->setMaxPendingConnections(kMaxConnections);
    QLocalServer::removeServer(path); // a stale socket of an agent that died
    if (!m_server->listen(path)) {
        *error = QStringLiteral("cannot listen on %1: %2").arg(path, m_server->errorString());
        delete m_server;
        m_server = nullptr;
        return false;
    }
    connect(m_server, &QLocalServer::newConnection, this, &SelfDesk::accept);
    return true;
}

void SelfDesk::accept()
{
    while (QLocalSocket* socket = m_server->nextPendingConnection()) {
        if (m_open >= kMaxConnections) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        ++m_open;
        connect(socket, &QLocalSocket::disconnected, this, [this, socket] {
            --m_open;
            socket->deleteLater();
        });
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { read(socket); });
        auto* timeout = new QTimer(socket);
        timeout->setSingleShot(true);
        connect(timeout, &QTimer::timeout, socket, &QLocalSocket::abort);
        timeout->start(kRequestTimeoutMs);
        read(socket);
    }
}

void SelfDesk::read(QLocalSocket* socket)
{
    if (socket->property("answered").toBool())
        return;
    if (!socket->canReadLine()) {
        if (socket->bytesAvailable() > kMaxRequestBytes)
            socket->abort();
        return;
    }
    const QByteArray line = socket->readLine(kMaxRequestBytes).trimmed();
    socket->setProperty("answered", true);
    QJsonObject answer;
    const std::optional<uint> uid = peerUid(socket->socketDescriptor());
    if (!uid) {
        answer = QJsonObject{
            {QStringLiteral("error"), QStringLiteral("the kernel did not say who is asking")}};
    } else if (line != "me") {
        answer = QJsonObject{{QStringLiteral("error"),
                              QStringLiteral("unknown request \"%1\": the one request is \"me\"")
                                  .arg(QString::fromUtf8(line.left(64)))}};
    } else {
        const QString user = userNameOf(*uid);
        answer = m_standing(user, *uid);
        ++m_answered;
        qCDebug(lcSelf).noquote() << "standing of" << user << "answered";
    }
    socket->write(QJsonDocument(answer).toJson(QJsonDocument::Compact) + '\n');
    socket->disconnectFromServer();
}

} // namespace gw
