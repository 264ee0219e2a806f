// A page of GET /v1/samples in CBOR as the desktop's link reads it
// (model/snapshotcbor.h, parseSamplesPageCbor): whatever the bytes, a page
// is read or refused with a reason, never a crash; what is read goes
// through our own writer to the same page.
#include "model/snapshotcbor.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    QString why;
    const std::optional<gw::SamplesPage> p = gw::parseSamplesPageCbor(bytes, &why);
    if (!p) {
        if (why.isEmpty() || !why.contains(QStringLiteral("(byte ")))
            __builtin_trap();
        return 0;
    }
    if (p->samples.size() != p->sequences.size() ||
        p->samples.size() + p->skipped != p->sampleCount)
        __builtin_trap();
    QList<QByteArray> maps;
    for (qsizetype i = 0; i < p->samples.size(); ++i)
        maps << gw::toCbor(p->samples[i], p->sequences[i]);
    const QByteArray again = gw::samplesPageCbor(p->instance, p->stream, p->nowMs.value_or(0),
                                                 p->next, p->lastSequence, p->truncated, maps);
    const std::optional<gw::SamplesPage> q = gw::parseSamplesPageCbor(again, &why);
    if (!q || q->samples != p->samples || q->sequences != p->sequences ||
        q->instance != p->instance || q->stream != p->stream || q->next != p->next ||
        q->lastSequence != p->lastSequence || q->truncated != p->truncated || q->skipped != 0)
        __builtin_trap();
    return 0;
}
