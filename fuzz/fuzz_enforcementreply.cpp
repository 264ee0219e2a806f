// The agent's enforcement replies as the desktop reads them (GET
// /v1/enforcement, GET /v1/audit, POST /v1/enforcement/<id>): strict
// reading never crashes, and every refusal names the key it stopped at.
#include "remote/enforcementclient.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

namespace {

// A refusal is "key: why" (or "key[3].sub: why"), never empty.
void checkRefusal(const QString& why)
{
    if (why.isEmpty() || !why.contains(QStringLiteral(": ")))
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return 0;
    const QJsonObject o = doc.object();
    QString why;
    if (const auto s = gw::remoteEnforcementFromJson(o, &why)) {
        for (const gw::RemoteCandidate& c : s->candidates)
            if (c.id.isEmpty() || c.pid < 1)
                __builtin_trap();
    } else {
        checkRefusal(why);
    }
    why.clear();
    if (const auto p = gw::remoteAuditPageFromJson(o, &why)) {
        for (const gw::RemoteAuditEntry& e : p->entries)
            if (e.sequence < 1)
                __builtin_trap();
    } else {
        checkRefusal(why);
    }
    why.clear();
    if (!gw::remoteDecisionFromJson(o, &why))
        checkRefusal(why);
    why.clear();
    if (!gw::remoteAuditEntryFromJson(o, &why))
        checkRefusal(why);
    return 0;
}
