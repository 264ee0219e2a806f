#include "hostileserver.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>

namespace faulttest {

namespace {

// What a client may have waiting unread before the server writes more.
constexpr qint64 kWriteAheadBytes = 8 << 20;

QByteArray headers(const HostileReply& r)
{
    QByteArray h =
        "HTTP/1.1 " + r.status + "\r\nContent-Type: application/json\r\nConnection: close\r\n";
    if (r.kind == HostileReply::Kind::Whole)
        h += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n";
    else if (r.announcedLength)
        h += "Content-Length: " + QByteArray::number(*r.announcedLength) + "\r\n";
    else
        h += "Transfer-Encoding: chunked\r\n";
    return h + "\r\n";
}

class Server final : public QTcpServer
{
public:
    Server(QHash<QString, HostileReply> routes, std::shared_ptr<std::atomic<qint64>> sent,
           std::shared_ptr<std::atomic<int>> requests)
        : m_routes(std::move(routes))
        , m_sent(std::move(sent))
        , m_requests(std::move(requests))
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = nextPendingConnection())
                accept(s);
        });
    }

private:
    void accept(QTcpSocket* s)
    {
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        auto request = std::make_shared<QByteArray>();
        auto answered = std::make_shared<bool>(false);
        connect(s, &QTcpSocket::readyRead, s, [this, s, request, answered] {
            if (*answered) { // one request per connection
                s->readAll();
                return;
            }
            request->append(s->readAll());
            if (request->contains("\r\n\r\n")) {
                *answered = true;
                answer(s, *request);
            }
        });
    }

    void answer(QTcpSocket* s, const QByteArray& request)
    {
        ++*m_requests;
        const QList<QByteArray> first = request.left(request.indexOf("\r\n")).split(' ');
        const QUrl target(first.size() > 1 ? QString::fromLatin1(first.at(1)) : QString());
        const QString path = target.path();
        const auto it = m_routes.constFind(path);
        HostileReply r =
            it != m_routes.cend() ? *it : HostileReply::whole(R"({"error":{"code":"not_found"}})");
        if (it == m_routes.cend())
            r.status = "404 Not Found";
        if (r.kind == HostileReply::Kind::Readings) {
            const QUrlQuery q(target);
            const qint64 from = q.queryItemValue(QStringLiteral("from")).toLongLong();
            const qint64 to = q.queryItemValue(QStringLiteral("to")).toLongLong();
            for (const QByteArray& line : std::as_const(r.lines)) {
                const qint64 t = QJsonDocument::fromJson(line)
                                     .object()
                                     .value(QStringLiteral("timestamp_ms"))
                                     .toInteger();
                if (t >= from && t < to)
                    r.body += line + '\n';
            }
            r.kind = HostileReply::Kind::Whole;
        }
        s->write(headers(r));
        switch (r.kind) {
        case HostileReply::Kind::Whole:
        case HostileReply::Kind::Readings: // made whole above
            s->write(r.body);
            *m_sent += r.body.size();
            s->disconnectFromHost();
            break;
        case HostileReply::Kind::Endless:
            endless(s, r);
            break;
        case HostileReply::Kind::Trickle:
            trickle(s, r);
            break;
        }
    }

    void endless(QTcpSocket* s, const HostileReply& r)
    {
        QByteArray block;
        while (block.size() < 1 << 20)
            block += r.pattern;
        const bool chunked = !r.announcedLength;
        if (chunked)
            block = QByteArray::number(block.size(), 16) + "\r\n" + block + "\r\n";
        const qint64 payload = chunked ? (1 << 20) : block.size();
        const auto more = [this, s, block, payload] {
            while (s->state() == QAbstractSocket::ConnectedState &&
                   s->bytesToWrite() < kWriteAheadBytes) {
                s->write(block);
                *m_sent += payload;
            }
        };
        connect(s, &QTcpSocket::bytesWritten, s, more);
        more();
    }

    void trickle(QTcpSocket* s, const HostileReply& r)
    {
        auto* timer = new QTimer(s);
        const QByteArray byte =
            r.announcedLength ? r.pattern.left(1) : "1\r\n" + r.pattern.left(1) + "\r\n";
        connect(timer, &QTimer::timeout, s, [this, s, byte] {
            if (s->state() != QAbstractSocket::ConnectedState)
                return;
            s->write(byte);
            ++*m_sent;
        });
        timer->start(r.trickleMs);
    }

    QHash<QString, HostileReply> m_routes;
    std::shared_ptr<std::atomic<qint64>> m_sent;
    std::shared_ptr<std::atomic<int>> m_requests;
};

} // namespace

HostileServer::HostileServer()
{
    m_thread.setObjectName(QStringLiteral("hostile-server"));
}

HostileServer::~HostileServer()
{
    if (m_worker)
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker] { delete w; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void HostileServer::route(const QString& path, HostileReply reply)
{
    Q_ASSERT(!m_worker);
    m_routes.insert(path, std::move(reply));
}

bool HostileServer::listen()
{
    auto* server = new Server(m_routes, m_sent, m_requests);
    server->moveToThread(&m_thread);
    m_worker = server;
    m_thread.start();
    bool ok = false;
    QMetaObject::invokeMethod(
        server,
        [server, &ok, this] {
            ok = server->listen(QHostAddress::LocalHost);
            m_port = server->serverPort();
        },
        Qt::BlockingQueuedConnection);
    return ok;
}

QUrl HostileServer::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port));
}

} // namespace faulttest
