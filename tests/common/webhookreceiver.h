#pragma once

// A webhook receiver for tests: a small HTTP/1.1 server on loopback that
// records each POST (method, path, content type, body, when), answers 500 to
// the first `failFirst` requests and 200 after, or never answers (hang).

#include "httprequest.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>

namespace gw::test {

using namespace Qt::Literals::StringLiterals;

// A small HTTP/1.1 receiver: records each POST, answers 500 to the first
// `failFirst` requests and 200 after, or never answers (hang).
class WebhookReceiver : public QObject
{
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QByteArray contentType;
        QByteArray body;
        QHash<QByteArray, QByteArray> headers; // names lower-cased
        qint64 atMs = 0;
    };
    QList<Request> requests;
    int failFirst = 0;
    QByteArray okBody = "ok";                            // what a 200 answer carries
    QByteArray okType = "text/plain";                    // and its content type
    QByteArray failStatus = "500 Internal Server Error"; // the failures' status line
    QByteArray failBody = "oops";
    bool hang = false;

    bool listen(quint16 port = 0)
    {
        connect(&server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { onData(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
        clock.start();
        return server.listen(QHostAddress::LocalHost, port);
    }
    quint16 port() const { return server.serverPort(); }
    QString url() const { return u"http://127.0.0.1:%1/hook/T0/secret"_s.arg(port()); }
    QStringList texts() const
    {
        QStringList out;
        for (const Request& r : requests)
            out << QJsonDocument::fromJson(r.body).object().value(u"text"_s).toString();
        return out;
    }

private:
    void onData(QTcpSocket* s)
    {
        QByteArray& buf = buffers[s];
        buf += s->readAll();
        const auto http = takeHttpRequest(buf);
        if (!http)
            return;
        Request r;
        r.method = http->method;
        r.path = http->target;
        r.contentType = http->headers.value("content-type");
        r.body = http->body;
        r.headers = http->headers;
        r.atMs = clock.elapsed();
        buffers.remove(s);
        requests << r;
        if (hang)
            return;
        const bool fail = requests.size() <= failFirst;
        s->write(fail ? QByteArray("HTTP/1.1 " + failStatus +
                                   "\r\nContent-Length: " + QByteArray::number(failBody.size()) +
                                   "\r\nConnection: close\r\n\r\n" + failBody)
                      : QByteArray("HTTP/1.1 200 OK\r\nContent-Type: " + okType +
                                   "\r\nContent-Length: " + QByteArray::number(okBody.size()) +
                                   "\r\nConnection: close\r\n\r\n" + okBody));
        s->disconnectFromHost();
    }

    QTcpServer server;
    QHash<QTcpSocket*, QByteArray> buffers;
    QElapsedTimer clock;
};

} // namespace gw::test
