#include "agent/requestguard.h"

#include "agent/apiinteger.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gw {

namespace {

// A chunk-size line: at most 16 hex digits and a short extension.
constexpr qsizetype kMaxChunkLine = 1024;

QByteArrayView trimmed(QByteArrayView v)
{
    while (!v.isEmpty() && (v.front() == ' ' || v.front() == '\t'))
        v = v.sliced(1);
    while (!v.isEmpty() &&
           (v.back() == ' ' || v.back() == '\t' || v.back() == '\r' || v.back() == '\n'))
        v = v.chopped(1);
    return v;
}

bool sameName(QByteArrayView a, QByteArrayView b)
{
    return a.size() == b.size() && qstrnicmp(a.data(), a.size(), b.data(), b.size()) == 0;
}

const char* statusText(int status)
{
    switch (status) {
    case 400:
        return "Bad Request";
    case 413:
        return "Content Too Large";
    case 431:
        return "Request Header Fields Too Large";
    case 503:
        return "Service Unavailable";
    default:
        return "Error";
    }
}

} // namespace

RequestGuard::RequestGuard(Limits limits)
    : m_limits(limits)
{}

void RequestGuard::refuse(int status, const QString& code, const QString& message)
{
    m_state = State::Refused;
    m_line.clear();
    m_refusal = Refusal{status, code, message};
}

RequestGuard::Line RequestGuard::takeLine(QByteArrayView& bytes, qsizetype cap)
{
    const qsizetype nl = bytes.indexOf('\n');
    const qsizetype take = nl < 0 ? bytes.size() : nl + 1;
    // Counted before it is kept: a line over the cap is never stored whole.
    if (m_line.size() + take > cap)
        return Line::TooLong;
    m_line.append(bytes.first(take));
    bytes = bytes.sliced(take);
    return nl >= 0 ? Line::Complete : Line::Partial;
}

void RequestGuard::feed(QByteArrayView bytes)
{
    while (!bytes.isEmpty() && m_state != State::Refused) {
        switch (m_state) {
        case State::Head:
        case State::Trailers: {
            const Line line = takeLine(bytes, m_limits.maxHeadBytes - m_headBytes);
            if (line == Line::TooLong) {
                refuse(431, QStringLiteral("header_too_large"),
                       QStringLiteral("the request head is over the limit of %1 bytes")
                           .arg(m_limits.maxHeadBytes));
                return;
            }
            if (line == Line::Partial)
                break;
            const QByteArray l = std::exchange(m_line, {});
            m_headBytes += l.size();
            if (m_state == State::Head)
                headLine(l);
            else if (trimmed(l).isEmpty())
                requestDone();
            break;
        }
        case State::Body:
        case State::ChunkData: {
            const qint64 take = std::min<qint64>(m_remaining, bytes.size());
            bytes = bytes.sliced(take);
            m_remaining -= take;
            if (m_remaining == 0) {
                if (m_state == State::Body)
                    requestDone();
                else
                    m_state = State::ChunkEnd;
            }
            break;
        }
        case State::ChunkSize: {
            const Line line = takeLine(bytes, kMaxChunkLine);
            if (line == Line::TooLong)
                refuse(400, QStringLiteral("bad_request"),
                       QStringLiteral("a chunk-size line is over %1 bytes").arg(kMaxChunkLine));
            else if (line == Line::Complete)
                chunkSizeLine(std::exchange(m_line, {}));
            break;
        }
        case State::ChunkEnd: {
            // Only the line break may follow a chunk's data.
            const Line line = takeLine(bytes, 2);
            if (line == Line::TooLong ||
                (line == Line::Complete && !trimmed(std::exchange(m_line, {})).isEmpty()))
                refuse(400, QStringLiteral("bad_request"),
                       QStringLiteral("chunk data is longer than its size says"));
            else if (line == Line::Complete)
                m_state = State::ChunkSize;
            break;
        }
        case State::Refused:
            return;
        }
    }
}

void RequestGuard::headLine(QByteArrayView line)
{
    const QByteArrayView content = trimmed(line);
    if (!m_sawRequestLine) {
        // Empty lines before a request are tolerated (RFC 9112 2.2).
        if (content.isEmpty())
            return;
        m_sawRequestLine = true;
        return; // method and target are the HTTP parser's business
    }
    if (content.isEmpty()) {
        headDone();
        return;
    }
    if (line.front() == ' ' || line.front() == '\t') {
        refuse(400, QStringLiteral("bad_request"),
               QStringLiteral("folded header lines are not accepted"));
        return;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0) {
        refuse(400, QStringLiteral("bad_request"), QStringLiteral("a header line has no name"));
        return;
    }
    const QByteArrayView name = line.first(colon);
    const QByteArrayView value = trimmed(line.sliced(colon + 1));
    if (sameName(name, "Content-Length")) {
        const auto n = parseInteger(value, 0, std::numeric_limits<qint64>::max());
        if (!n || (m_contentLength && *m_contentLength != *n)) {
            refuse(400, QStringLiteral("bad_request"),
                   QStringLiteral("Content-Length must be one integer in 0..%1")
                       .arg(std::numeric_limits<qint64>::max()));
            return;
        }
        m_contentLength = n;
    } else if (sameName(name, "Transfer-Encoding")) {
        // The last coding decides how the body ends; anything but chunked
        // there leaves the length unknown, which we do not accept.
        const QByteArrayView last = trimmed(value.sliced(value.lastIndexOf(',') + 1));
        m_chunked = sameName(last, "chunked");
        m_otherCoding = m_otherCoding || !m_chunked;
    }
}

void RequestGuard::headDone()
{
    if ((m_chunked || m_otherCoding) && m_contentLength) {
        // Two framings: one reader of this stream could see a different
        // request than the next (request smuggling).
        refuse(400, QStringLiteral("bad_request"),
               QStringLiteral("Content-Length and Transfer-Encoding together are not accepted"));
        return;
    }
    if (m_otherCoding) {
        refuse(400, QStringLiteral("bad_request"),
               QStringLiteral("only the chunked transfer coding is accepted"));
        return;
    }
    m_headBytes = 0;
    m_bodyBytes = 0;
    if (m_chunked) {
        m_state = State::ChunkSize;
        return;
    }
    const qint64 length = m_contentLength.value_or(0);
    if (length > m_limits.maxBodyBytes) {
        refuse(413, QStringLiteral("too_large"),
               QStringLiteral("request body of %1 bytes is over the limit of %2")
                   .arg(length)
                   .arg(m_limits.maxBodyBytes));
        return;
    }
    if (length == 0) {
        requestDone();
        return;
    }
    m_bodyBytes = length;
    m_remaining = length;
    m_state = State::Body;
}

void RequestGuard::chunkSizeLine(QByteArrayView line)
{
    QByteArrayView size = trimmed(line);
    const qsizetype semicolon = size.indexOf(';');
    if (semicolon >= 0)
        size = trimmed(size.first(semicolon));
    quint64 n = 0;
    bool ok = !size.isEmpty() && size.size() <= 16;
    for (const char c : size) {
        int digit = -1;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        if (digit < 0) {
            ok = false;
            break;
        }
        n = n * 16 + quint64(digit);
    }
    if (!ok) {
        refuse(400, QStringLiteral("bad_request"),
               QStringLiteral("a chunk size is not hexadecimal"));
        return;
    }
    // Refused on the size line, before the chunk's data arrives.
    if (n > quint64(m_limits.maxBodyBytes - m_bodyBytes)) {
        refuse(413, QStringLiteral("too_large"),
               QStringLiteral("chunked request body is over the limit of %1 bytes")
                   .arg(m_limits.maxBodyBytes));
        return;
    }
    if (n == 0) {
        m_state = State::Trailers;
        return;
    }
    m_bodyBytes += qint64(n);
    m_remaining = qint64(n);
    m_state = State::ChunkData;
}

void RequestGuard::requestDone()
{
    ++m_complete;
    m_state = State::Head;
    m_headBytes = 0;
    m_sawRequestLine = false;
    m_contentLength.reset();
    m_chunked = false;
    m_otherCoding = false;
    m_remaining = 0;
    m_bodyBytes = 0;
}

QByteArray errorDocument(const QString& code, const QString& message)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("error"),
                                      QJsonObject{{QStringLiteral("code"), code},
                                                  {QStringLiteral("message"), message}}}})
        .toJson(QJsonDocument::Compact);
}

QByteArray refusalResponse(const RequestGuard::Refusal& refusal)
{
    const QByteArray body = errorDocument(refusal.code, refusal.message);
    return "HTTP/1.1 " + QByteArray::number(refusal.status) + ' ' + statusText(refusal.status) +
           "\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nConnection: "
           "close\r\n" +
           (refusal.retryAfterSeconds > 0
                ? "Retry-After: " + QByteArray::number(refusal.retryAfterSeconds) + "\r\n"
                : QByteArray()) +
           "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

} // namespace gw
