#pragma once

// One HTTP/1.1 request taken from the bytes a test server has received so
// far: for the small hand-written servers of tests (webhook receivers, agent
// stubs) that must see exactly what a client sent.

#include <QByteArray>
#include <QHash>

#include <optional>

namespace gw::test {

struct HttpRequest
{
    QByteArray method;
    QByteArray target;                     // path and query, as sent
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
};

// The first whole request (head and Content-Length body) in `buffer`, which
// loses its bytes; nullopt while it is incomplete.
inline std::optional<HttpRequest> takeHttpRequest(QByteArray& buffer)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return std::nullopt;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    HttpRequest r;
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    r.method = first.value(0);
    r.target = first.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            r.headers.insert(lines[i].left(colon).trimmed().toLower(),
                             lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = r.headers.value("content-length").toLongLong();
    if (buffer.size() < end + 4 + length)
        return std::nullopt;
    r.body = buffer.mid(end + 4, length);
    buffer.remove(0, end + 4 + length);
    return r;
}

} // namespace gw::test
