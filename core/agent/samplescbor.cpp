#include "agent/samplescbor.h"

#include "model/snapshotjson.h"

#include <QLoggingCategory>

namespace gw {

namespace {
Q_LOGGING_CATEGORY(lcSamplesCbor, "gw.agent")
} // namespace

QHttpServerResponse cborBytesReply(const QByteArray& cbor)
{
    QHttpServerResponse r(QByteArray(kCborMediaType), cbor);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QByteArray journalSampleCbor(const QByteArray& json, quint64 sequence)
{
    QString why;
    const std::optional<Snapshot> s = snapshotFromJsonBytes(json, &why);
    if (!s) {
        // The agent wrote it: never expected.
        qCWarning(lcSamplesCbor).noquote()
            << "journal: reading" << sequence << "unreadable:" << why;
        return {};
    }
    return toCbor(*s, sequence);
}

} // namespace gw
