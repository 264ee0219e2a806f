#include "agent/apireply.h"

#include "agent/apiinteger.h"
#include "agent/requestguard.h"

#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QUrlQuery>

#include <algorithm>

namespace gw {

QHttpServerResponse jsonReply(const QJsonObject& o, QHttpServerResponse::StatusCode status)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"),
                          QJsonDocument(o).toJson(QJsonDocument::Compact), status);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QHttpServerResponse jsonBytesReply(const QByteArray& json)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"), json);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QHttpServerResponse jsonError(int status, const QString& code, const QString& message)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"), errorDocument(code, message),
                          QHttpServerResponse::StatusCode(status));
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QByteArray requestHeader(const QHttpServerRequest& request, const QByteArray& name)
{
    for (const auto& [key, value] : request.headers()) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool acceptsCbor(const QHttpServerRequest& request)
{
    // "application/cbor", "application/cbor, application/json;q=0.5": the
    // higher q wins, JSON on a tie.
    double cbor = 0;
    double json = 0;
    for (const QByteArray& item : requestHeader(request, QByteArrayLiteral("Accept")).split(',')) {
        const QList<QByteArray> parts = item.split(';');
        double q = 1;
        for (qsizetype i = 1; i < parts.size(); ++i)
            if (parts[i].trimmed().startsWith("q="))
                q = parts[i].trimmed().mid(2).toDouble();
        const QByteArray type = parts.first().trimmed().toLower();
        if (type == "application/cbor")
            cbor = std::max(cbor, q);
        else if (type == "application/json" || type == "application/x-ndjson")
            json = std::max(json, q);
    }
    return cbor > 0 && cbor > json;
}

CursorQuery cursorQuery(const QHttpServerRequest& request)
{
    const QUrlQuery q = request.query();
    CursorQuery c;
    const IntegerParameter after = integerParameter(q, QStringLiteral("after"), 0, kMaxSequence);
    const IntegerParameter limit =
        integerParameter(q, QStringLiteral("limit"), 1, kMaxSamplesLimit);
    c.error = !after.error.isEmpty() ? after.error : limit.error;
    c.after = quint64(after.value.value_or(0));
    c.limit = int(limit.value.value_or(kDefaultSamplesLimit));
    return c;
}

quint64 cursorPageNext(qsizetype count, quint64 after, quint64 last, bool hole, int limit,
                       quint64 lastSequence, bool* truncated)
{
    *truncated = after < lastSequence && (hole || (count < limit && last < lastSequence));
    return *truncated && count < limit ? lastSequence : last;
}

QByteArray cursorPage(const CursorEnvelope& envelope, const char* key, const QByteArrayList& out,
                      quint64 after, quint64 last, bool hole, int limit, quint64 lastSequence)
{
    bool truncated = false;
    last = cursorPageNext(out.size(), after, last, hole, limit, lastSequence, &truncated);
    QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("instance"), envelope.instance},
                                  {QStringLiteral("stream"), envelope.stream},
                                  {QStringLiteral("now_ms"), envelope.nowMs},
                                  {QStringLiteral("next"), qint64(last)},
                                  {QStringLiteral("last_sequence"), qint64(lastSequence)},
                                  {QStringLiteral("truncated"), truncated}})
            .toJson(QJsonDocument::Compact);
    body.chop(1); // the closing brace
    body += ",\"";
    body += key;
    body += "\":[";
    body += out.join(',');
    body += "]}";
    return body;
}

} // namespace gw
