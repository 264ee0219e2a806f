// The body of POST /v1/allocate (anyone with an allocate token sends it),
// and the coordination replies the CLI reads (reservations, candidates,
// advice, the allocation state): strict parsing, every refusal says why, and
// what parses stays in range and survives our own writer unchanged.
#include "coord/coordjson.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    gw::PolicyConfig::Allocate limits;
    QString error;
    if (const auto b = gw::parseAllocateBody(bytes, limits, &error)) {
        const gw::SelectionRequest& q = b->request;
        if (q.gpus < 1 || q.gpus > gw::kMaxAllocateGpus || q.minFreeMiB < 0 ||
            q.minFreeMiB > gw::kMaxAllocateMinFreeMiB || b->waitMs < 0 ||
            b->waitMs > limits.maxWaitMs || q.ttlMs < gw::kMinAllocateTtlMs ||
            q.ttlMs > gw::kMaxAllocateTtlMs || q.user.isEmpty() ||
            q.user.size() > gw::kMaxAllocateUserChars)
            __builtin_trap();
        if (q.maxUtilizationPercent &&
            (*q.maxUtilizationPercent < 0 || *q.maxUtilizationPercent > 100))
            __builtin_trap();
        QString again;
        const auto back =
            gw::parseAllocateBody(QJsonDocument(gw::allocateBodyJson(*b)).toJson(), limits, &again);
        if (!back || back->waitMs != b->waitMs || back->request.ttlMs != q.ttlMs ||
            back->request.gpus != q.gpus || back->request.user != q.user ||
            back->request.mig != q.mig)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }

    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return 0;
    const QJsonObject o = doc.object();
    QString why;
    if (const auto r = gw::reservationFromJson(o, &why)) {
        if (gw::reservationFromJson(gw::reservationJson(*r), &why) != r)
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    why.clear();
    if (const auto c = gw::candidateFromJson(o, &why)) {
        if (gw::candidateFromJson(gw::candidateJson(*c), &why) != c)
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    why.clear();
    if (const auto s = gw::allocationStateFromJson(o, &why)) {
        if (gw::allocationStateFromJson(gw::allocationStateJson(*s), &why) != s)
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    why.clear();
    if (!gw::adviceFromJson(o, &why) && why.isEmpty())
        __builtin_trap();
    return 0;
}
