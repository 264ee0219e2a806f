#pragma once

// The agent's HTTP edge below Qt HttpServer. Qt 6.4's server reads a whole
// request (body included, twice: its socket transaction and its parser)
// before a handler sees it, so a body limit checked in a handler comes after
// the memory is spent. RequestGuard follows the framing of every request on
// a connection as the bytes arrive — the head, a Content-Length body or the
// chunks of a chunked one — and says when the connection must be refused:
// a head over its cap, a declared or decoded body over the limit, framing
// that could smuggle a request past us. It keeps no body bytes, only
// counters, so it costs the same for 1 KiB and 64 MiB.
//
// No socket here: GuardedTcpServer feeds it, and so does the fuzz target.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace gw {

class RequestGuard
{
public:
    struct Limits
    {
        qint64 maxBodyBytes = 64 * 1024;
        // Request line and headers (and a chunked body's trailers).
        qsizetype maxHeadBytes = 16 * 1024;
    };

    struct Refusal
    {
        int status = 0;            // 400, 413 or 431; 503 for a connection past the limit
        QString code;              // the JSON error code
        QString message;           // for the client, in words
        int retryAfterSeconds = 0; // a Retry-After header when > 0
    };

    explicit RequestGuard(Limits limits);

    // The next bytes of the connection, in order. Once refused, stays
    // refused and ignores what follows.
    void feed(QByteArrayView bytes);

    const std::optional<Refusal>& refusal() const { return m_refusal; }
    // Requests whose last byte has been seen.
    int completeRequests() const { return m_complete; }
    // Decoded body bytes of the request now arriving.
    qint64 bodyBytes() const { return m_bodyBytes; }

private:
    enum class State
    {
        Head,
        Body,      // m_remaining bytes of a Content-Length body
        ChunkSize, // a chunk-size line
        ChunkData, // m_remaining bytes of chunk data
        ChunkEnd,  // the line break after chunk data
        Trailers,
        Refused
    };

    enum class Line
    {
        Complete,
        Partial,
        TooLong
    };
    // Moves bytes up to and including the next '\n' into m_line, as long as
    // the line stays within `cap`.
    Line takeLine(QByteArrayView& bytes, qsizetype cap);
    void headLine(QByteArrayView line);
    void headDone();
    void chunkSizeLine(QByteArrayView line);
    void requestDone();
    void refuse(int status, const QString& code, const QString& message);

    Limits m_limits;
    State m_state = State::Head;
    QByteArray m_line;         // the line being read (head, chunk size, trailer)
    qsizetype m_headBytes = 0; // complete lines of the head or trailers being read
    bool m_sawRequestLine = false;
    std::optional<qint64> m_contentLength;
    bool m_chunked = false;
    bool m_otherCoding = false;
    qint64 m_remaining = 0;
    qint64 m_bodyBytes = 0;
    int m_complete = 0;
    std::optional<Refusal> m_refusal;
};

// {"error":{"code":...,"message":...}}, compact: what every refusal carries.
QByteArray errorDocument(const QString& code, const QString& message);

// A whole HTTP/1.1 response refusing the request and closing the connection.
QByteArray refusalResponse(const RequestGuard::Refusal& refusal);

} // namespace gw
