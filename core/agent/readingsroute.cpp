#include "agent/readingsroute.h"

#include "agent/apiinteger.h"
#include "agent/apireply.h"
#include "agent/requestguard.h"
#include "history/historyreadings.h"
#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QLoggingCategory>
#include <QPointer>
#include <QTcpSocket>
#include <QUrlQuery>

#include <memory>

namespace gw {

namespace {

Q_LOGGING_CATEGORY(lcReadingsRoute, "gw.agent.readings")

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReadingsRoute)
};

// Readings per chunk, and what the socket may hold before the next one.
constexpr int kReadingsPerChunk = 256;
constexpr qint64 kSocketHighWater = 1 << 20;

// One streamed reply: owns the reader and the responder, writes a chunk
// whenever the socket has room, and goes when the reply ends or the client
// does.
class ReadingsStream final : public QObject
{
public:
    // `cbor`: one CBOR array of indefinite length, its break written only
    // when the whole range went out (docs/agent-api.md); else NDJSON.
    ReadingsStream(std::unique_ptr<HistoryReadings> readings, QHttpServerResponder&& responder,
                   bool cbor)
        : m_readings(std::move(readings))
        , m_responder(std::move(responder))
        , m_cbor(cbor)
    {
        QTcpSocket* socket = m_responder.socket();
        connect(socket, &QTcpSocket::bytesWritten, this, &ReadingsStream::pump);
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
        connect(socket, &QObject::destroyed, this, &QObject::deleteLater);
    }

    void start(bool head)
    {
        m_responder.writeStatusLine(QHttpServerResponder::StatusCode::Ok);
        m_responder.writeHeader(QByteArrayLiteral("Content-Type"),
                                m_cbor ? QByteArray(kCborMediaType)
                                       : QByteArrayLiteral("application/x-ndjson"));
        m_responder.writeHeader(QByteArrayLiteral("Vary"), QByteArrayLiteral("Accept"));
        m_responder.writeHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
        m_responder.writeHeader(QByteArrayLiteral("Transfer-Encoding"),
                                QByteArrayLiteral("chunked"));
        m_responder.writeBody(QByteArray()); // the end of the headers
        if (head) {
            m_done = true;
            deleteLater();
            return;
        }
        pump();
    }

private:
    void pump()
    {
        if (m_done)
            return;
        QTcpSocket* socket = m_responder.socket();
        while (!m_done && socket->bytesToWrite() < kSocketHighWater) {
            QByteArray chunk;
            QString error;
            if (m_cbor && !m_opened) {
                chunk += char(0x9f); // an array of indefinite length
                m_opened = true;
            }
            for (int i = 0; i < kReadingsPerChunk; ++i) {
                const std::optional<Snapshot> s = m_readings->next(&error);
                if (!s) {
                    m_done = true;
                    break;
                }
                if (m_cbor) {
                    appendSnapshotCbor(chunk, *s);
                } else {
                    chunk += toJsonBytes(*s, false);
                    chunk += '\n';
                }
            }
            if (m_done && m_cbor && error.isEmpty())
                chunk += char(0xff); // its break: the whole range went out
            if (!chunk.isEmpty())
                m_responder.writeBody(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk +
                                      "\r\n");
            if (m_done) {
                if (!error.isEmpty())
                    qCWarning(lcReadingsRoute) << "readings:" << error;
                finish(error.isEmpty());
            }
        }
    }

    // The last chunk only when the whole range went out: a reply cut by a
    // read error ends the connection without it.
    void finish(bool whole)
    {
        m_done = true;
        QTcpSocket* socket = m_responder.socket();
        if (whole)
            m_responder.writeBody(QByteArrayLiteral("0\r\n\r\n"));
        else
            socket->disconnectFromHost();
        deleteLater();
    }

    std::unique_ptr<HistoryReadings> m_readings;
    QHttpServerResponder m_responder;
    bool m_cbor = false;
    bool m_opened = false; // the CBOR array's head went out
    bool m_done = false;
};

} // namespace

ReadingsRoute::ReadingsRoute(QString historyPath)
    : m_path(std::move(historyPath))
{}

void ReadingsRoute::addRoutes(RouteTable& table)
{
    table.addAnswering(QStringLiteral("/v1/readings"), QHttpServerRequest::Method::Get, Scope::Read,
                       [this](const RouteRequest& r, QHttpServerResponder&& responder) {
                           respond(r.http, std::move(responder));
                       });
}

void ReadingsRoute::respond(const QHttpServerRequest& request,
                            QHttpServerResponder&& responder) const
{
    auto answer = [&](const QHttpServerResponse& r) {
        r.write(std::move(responder));
    };
    const QUrlQuery q = request.query();
    const IntegerParameter from = integerParameter(q, QStringLiteral("from"), 0, kMaxSequence);
    const IntegerParameter to = integerParameter(q, QStringLiteral("to"), 0, kMaxSequence);
    for (const IntegerParameter* p : {&from, &to})
        if (!p->error.isEmpty())
            return answer(jsonError(400, QStringLiteral("bad_request"), p->error));
    if (!from.value)
        return answer(jsonError(400, QStringLiteral("bad_request"),
                                Tr::tr("\"from\" is required (ms since the epoch)")));
    if (!to.value)
        return answer(jsonError(400, QStringLiteral("bad_request"),
                                Tr::tr("\"to\" is required (ms since the epoch)")));
    if (*to.value <= *from.value)
        return answer(
            jsonError(400, QStringLiteral("bad_request"), Tr::tr("\"to\" must be after \"from\"")));
    if (*to.value - *from.value > kMaxRangeMs)
        return answer(jsonError(400, QStringLiteral("bad_request"),
                                Tr::tr("\"to\": the range is longer than %n day(s)", nullptr,
                                       int(kMaxRangeMs / (24 * 3'600'000LL)))));
    if (m_path.isEmpty())
        return answer(
            jsonError(404, QStringLiteral("no_history"),
                      Tr::tr("this agent keeps no history (agent.toml has no \"history\")")));
    QString error;
    std::unique_ptr<HistoryReadings> readings =
        HistoryReadings::open(m_path, {}, *from.value, *to.value, &error);
    if (!readings) {
        qCWarning(lcReadingsRoute) << "history:" << error;
        return answer(jsonError(503, QStringLiteral("history_unavailable"), error));
    }
    auto* stream =
        new ReadingsStream(std::move(readings), std::move(responder), acceptsCbor(request));
    stream->start(request.method() == QHttpServerRequest::Method::Head);
}

} // namespace gw
