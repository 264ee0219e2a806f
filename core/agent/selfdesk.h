#pragma once

// The agent's Unix socket for people on the server (`gpuwarden-cli me`;
// docs/agent-api.md, "Your own standing"): no token; the kernel names the
// caller (SO_PEERCRED), and the answer is their own standing only
// (selfstanding.h). One request a connection: a line "me", then the JSON
// document and a newline, then the agent hangs up. The socket is world
// writable (anyone on the server may ask about themselves); its folder
// decides who reaches it. Owned by AgentServer, on its thread.

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QLocalServer;
class QLocalSocket;

namespace gw {

class SelfDesk final : public QObject
{
    Q_OBJECT
public:
    // The standing of the person `user` (uid `uid`); called on this thread.
    using Standing = std::function<QJsonObject(const QString& user, uint uid)>;

    explicit SelfDesk(Standing standing, QObject* parent = nullptr);
    ~SelfDesk() override;

    // Listens on `path` (a stale socket there is replaced). False with why.
    bool listen(const QString& path, QString* error);
    QString path() const;
    quint64 answered() const { return m_answered; }

    // At most this many connections at once; more are closed at once.
    static constexpr int kMaxConnections = 64;
    // A caller that sends no request line in this long is hung up on.
    static constexpr int kRequestTimeoutMs = 5'000;
    static constexpr qsizetype kMaxRequestBytes = 256;

private:
    void accept();
    void read(QLocalSocket* socket);

    Standing m_standing;
    QLocalServer* m_server = nullptr;
    int m_open = 0;
    quint64 m_answered = 0;
};

// The kernel's word for who is at the other end of a connected Unix socket
// (SO_PEERCRED): uid, or nullopt when it cannot be read. And that uid's
// user name (getpwuid_r), "uid N" when it has none.
std::optional<uint> peerUid(qintptr socketDescriptor);
QString userNameOf(uint uid);

} // namespace gw
