#include "owners/engineapi.h"

#include "util/printable.h"
#include "util/textparse.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <memory>

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::owners)
};

// "Name: value" of one header in `head` (the lines after the status line),
// case-insensitive; empty when absent.
QByteArray header(QByteArrayView head, QByteArrayView name)
{
    qsizetype start = 0;
    while (start < head.size()) {
        qsizetype end = head.indexOf("\r\n", start);
        if (end < 0)
            end = head.size();
        const QByteArrayView line = head.sliced(start, end - start);
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.first(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.sliced(colon + 1).trimmed().toByteArray();
        start = end + 2;
    }
    return {};
}

std::optional<QByteArray> unchunk(QByteArrayView data, QString* error)
{
    QByteArray out;
    qsizetype at = 0;
    for (;;) {
        const qsizetype eol = data.indexOf("\r\n", at);
        if (eol < 0) {
            *error = Tr::tr("the reply ends inside its chunked body");
            return std::nullopt;
        }
        QByteArrayView sizeText = data.sliced(at, eol - at);
        if (const qsizetype semi = sizeText.indexOf(';'); semi >= 0)
            sizeText = sizeText.first(semi); // chunk extensions
        bool ok = false;
        const qint64 size = sizeText.trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0 || size > kMaxEngineReplyBytes) {
            *error = Tr::tr("a chunk size of the reply is not a hex number: \"%1\"")
                         .arg(printableText(excerpt(sizeText, 20)));
            return std::nullopt;
        }
        at = eol + 2;
        if (size == 0)
            return out; // trailers, if any, are not needed
        if (data.size() - at < size + 2 || data.sliced(at + size, 2) != "\r\n") {
            *error = Tr::tr("the reply ends inside its chunked body");
            return std::nullopt;
        }
        out += data.sliced(at, size);
        if (out.size() > kMaxEngineReplyBytes) {
            *error = Tr::tr("the reply is over %1 bytes").arg(kMaxEngineReplyBytes);
            return std::nullopt;
        }
        at += size + 2;
    }
}

} // namespace

std::optional<HttpReply> parseHttpReply(const QByteArray& bytes, QString* error)
{
    QString ignored;
    QString& why = error ? *error : ignored;
    const qsizetype headEnd = bytes.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        why = bytes.isEmpty() ? Tr::tr("no reply") : Tr::tr("the reply ends before its headers do");
        return std::nullopt;
    }
    const QByteArrayView head = QByteArrayView(bytes).first(headEnd);
    const qsizetype lineEnd = head.indexOf("\r\n");
    const QByteArrayView statusLine = lineEnd < 0 ? head : head.first(lineEnd);
    const QByteArrayView rest = lineEnd < 0 ? QByteArrayView() : head.sliced(lineEnd + 2);
    bool ok = false;
    const int status = statusLine.size() >= 12 && statusLine.startsWith("HTTP/1.")
                           ? statusLine.sliced(9, 3).toInt(&ok)
                           : 0;
    if (!ok || status < 100 || status > 599) {
        why = Tr::tr("not an HTTP reply: \"%1\"").arg(printableText(excerpt(statusLine, 40)));
        return std::nullopt;
    }
    HttpReply reply;
    reply.status = status;
    const QByteArrayView data = QByteArrayView(bytes).sliced(headEnd + 4);
    if (header(rest, "Transfer-Encoding").toLower().contains("chunked")) {
        auto body = unchunk(data, &why);
        if (!body)
            return std::nullopt;
        reply.body = std::move(*body);
        return reply;
    }
    const QByteArray length = header(rest, "Content-Length");
    if (!length.isEmpty()) {
        const qint64 n = length.toLongLong(&ok);
        if (!ok || n < 0) {
            why = Tr::tr("the reply's Content-Length is not a size: \"%1\"")
                      .arg(printableText(excerpt(length, 20)));
            return std::nullopt;
        }
        if (n > kMaxEngineReplyBytes) {
            why = Tr::tr("the reply is over %1 bytes").arg(kMaxEngineReplyBytes);
            return std::nullopt;
        }
        if (data.size() < n) {
            why = Tr::tr("the reply ends after %1 of its %2 bytes").arg(data.size()).arg(n);
            return std::nullopt;
        }
        reply.body = data.first(n).toByteArray();
        return reply;
    }
    reply.body = data.toByteArray(); // ended by the close
    return reply;
}

std::optional<ContainerFacts> parseContainerJson(const QByteArray& body, QString* error)
{
    QString ignored;
    QString& why = error ? *error : ignored;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (!doc.isObject()) {
        why = pe.error != QJsonParseError::NoError
                  ? Tr::tr("the container's JSON is malformed at offset %1: %2")
                        .arg(pe.offset)
                        .arg(pe.errorString())
                  : Tr::tr("the container's JSON is not an object");
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    ContainerFacts f;
    f.id = o.value("Id"_L1).toString();
    if (f.id.isEmpty()) {
        why = Tr::tr("the container's JSON has no Id");
        return std::nullopt;
    }
    f.name = o.value("Name"_L1).toString();
    if (f.name.startsWith(u'/'))
        f.name.remove(0, 1);
    const QJsonObject config = o.value("Config"_L1).toObject();
    f.image = config.value("Image"_L1).toString();
    f.user = config.value("User"_L1).toString();
    const QJsonObject labels = config.value("Labels"_L1).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        if (!it.value().isString()) {
            why = Tr::tr("the container's label \"%1\" is not a string")
                      .arg(printableText(it.key().left(80)));
            return std::nullopt;
        }
        f.labels.insert(printableText(it.key()), printableText(it.value().toString()));
    }
    const QJsonObject state = o.value("State"_L1).toObject();
    const double pid = state.value("Pid"_L1).toDouble(0);
    f.pid = pid >= 0 && pid < 1e15 ? qint64(pid) : 0;
    f.running = state.value("Running"_L1).toBool(false);
    f.id = printableText(f.id);
    f.name = printableText(f.name);
    f.image = printableText(f.image);
    f.user = printableText(f.user);
    return f;
}

EngineClient::EngineClient(QString socketPath, QObject* parent)
    : QObject(parent)
    , m_socketPath(std::move(socketPath))
{}

void EngineClient::call(const QByteArray& method, const QByteArray& path, int timeoutMs, Reply done)
{
    // One socket per call, closed by the server after its reply
    // ("Connection: close"), so a reply is whatever arrived before the end.
    auto* socket = new QLocalSocket(this);
    auto* timer = new QTimer(socket);
    timer->setSingleShot(true);
    auto received = std::make_shared<QByteArray>();
    auto finished = std::make_shared<bool>(false);
    // `done` always comes from the event loop, never from within the call
    // (a missing socket fails at once): callers may count what they start.
    auto finish = [this, socket, done, finished](std::optional<HttpReply> reply, QString error) {
        if (*finished)
            return;
        *finished = true;
        socket->disconnect();
        socket->abort();
        socket->deleteLater();
        QMetaObject::invokeMethod(
            this,
            [done, reply = std::move(reply), error = std::move(error)]() mutable {
                done(std::move(reply), std::move(error));
            },
            Qt::QueuedConnection);
    };
    const QString where = m_socketPath;
    connect(timer, &QTimer::timeout, socket, [finish, where, timeoutMs] {
        finish(std::nullopt, Tr::tr("%1: no answer within %2 ms").arg(where).arg(timeoutMs));
    });
    connect(socket, &QLocalSocket::connected, socket, [socket, method, path] {
        // A POST without a body says so: a daemon may wait for one otherwise.
        socket->write(method + ' ' + path + " HTTP/1.1\r\nHost: docker\r\nConnection: close\r\n" +
                      (method == "POST" ? QByteArray("Content-Length: 0\r\n") : QByteArray()) +
                      "\r\n");
    });
    connect(socket, &QLocalSocket::readyRead, socket, [socket, received, finish, where] {
        *received += socket->readAll();
        if (received->size() > kMaxEngineReplyBytes + 64 * 1024)
            finish(std::nullopt,
                   Tr::tr("%1: the reply is over %2 bytes").arg(where).arg(kMaxEngineReplyBytes));
    });
    connect(socket, &QLocalSocket::errorOccurred, socket,
            [socket, finish, where](QLocalSocket::LocalSocketError e) {
                // The server's close ends every reply: read at disconnected.
                if (e == QLocalSocket::ServerNotFoundError)
                    finish(std::nullopt,
                           Tr::tr("%1: no such socket (is the daemon running?)").arg(where));
                else if (e != QLocalSocket::PeerClosedError)
                    finish(std::nullopt, where + u": "_s + socket->errorString());
            });
    connect(socket, &QLocalSocket::disconnected, socket, [socket, received, finish, where] {
        *received += socket->readAll();
        QString error;
        auto reply = parseHttpReply(*received, &error);
        finish(std::move(reply), reply ? QString() : where + u": "_s + error);
    });
    timer->start(timeoutMs);
    socket->connectToServer(m_socketPath);
}

QString EngineClient::daemonError(const HttpReply& reply) const
{
    const QString message =
        QJsonDocument::fromJson(reply.body).object().value("message"_L1).toString();
    return Tr::tr("%1: HTTP %2: %3")
        .arg(m_socketPath)
        .arg(reply.status)
        .arg(printableText(message.left(200)));
}

void EngineClient::inspect(const QString& id, Done done)
{
    call("GET", "/v1.41/containers/" + QUrl::toPercentEncoding(id) + "/json", m_timeoutMs,
         [this, done](std::optional<HttpReply> reply, QString error) {
             if (!reply) {
                 done(std::nullopt, error, false);
             } else if (reply->status == 404) {
                 done(std::nullopt, Tr::tr("no such container"), true);
             } else if (reply->status != 200) {
                 done(std::nullopt, daemonError(*reply), false);
             } else {
                 auto facts = parseContainerJson(reply->body, &error);
                 const QString why = facts ? QString() : m_socketPath + u": "_s + error;
                 done(std::move(facts), why, false);
             }
         });
}

void EngineClient::stop(const QString& id, int timeoutSeconds, StopDone done)
{
    // The daemon answers once the container has stopped: after its own
    // SIGTERM and, at worst, the SIGKILL `t` seconds later. Our patience is
    // that, plus the usual answer time.
    const int t = std::clamp(timeoutSeconds, 0, kMaxStopSeconds);
    call("POST",
         "/v1.41/containers/" + QUrl::toPercentEncoding(id) + "/stop?t=" + QByteArray::number(t),
         m_timeoutMs + t * 1000, [this, done](std::optional<HttpReply> reply, QString error) {
             if (!reply)
                 done({StopResult::Status::Failed, error});
             else if (reply->status == 204)
                 done({StopResult::Status::Stopped, {}});
             else if (reply->status == 304)
                 done({StopResult::Status::AlreadyStopped, {}});
             else if (reply->status == 404)
                 done({StopResult::Status::Gone, Tr::tr("no such container")});
             else
                 done({StopResult::Status::Failed, daemonError(*reply)});
         });
}

} // namespace gw::owners
