// A reading in CBOR as an agent (or anything pretending to be one) sends it
// (model/snapshotcbor.h): one map, or a stream of them as /v1/readings sends.
#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "util/printable.h"

#include <QByteArray>
#include <QCborStreamReader>

#include <cstddef>
#include <cstdint>

namespace {

void check(const gw::Snapshot& s)
{
    // A snapshot survives the round trip through our own writer, in both
    // forms, to the same snapshot.
    QString why;
    const auto again = gw::snapshotFromCborBytes(gw::toCbor(s), &why);
    if (!again || !(*again == s))
        __builtin_trap();
    if (!gw::snapshotFromJson(gw::toJson(s), &why))
        __builtin_trap();
    // What is read is within the GPU limit, and its names are printable.
    qsizetype units = s.gpus.size();
    for (const gw::GpuSample& g : s.gpus) {
        units += g.migInstances.size();
        if (!gw::isPrintableText(g.name) || !gw::isPrintableText(g.uuid))
            __builtin_trap();
    }
    if (units > gw::kMaxGpusPerServer || !gw::isPrintableText(s.server))
        __builtin_trap();
    for (const gw::GpuProcess& p : s.processes)
        if (!gw::isPrintableText(p.user) || !gw::isPrintableText(p.command))
            __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    QString why;
    // Either a snapshot or a reason, never neither.
    const auto s = gw::snapshotFromCborBytes(bytes, &why);
    if (!s && why.isEmpty())
        __builtin_trap();
    if (s)
        check(*s);
    // The same bytes read as a stream of readings, each from where the last
    // ended, as the readings' clients read them: never stuck in place.
    // The CLI's decoder (one for the stream, its texts kept) reads each as
    // Qt's stream reader does: where both read a reading, the same one,
    // ending at the same byte; a reason whenever it reads none.
    gw::SnapshotCborDecoder decoder;
    qsizetype at = 0;
    for (int i = 0; i < 64 && at < bytes.size(); ++i) {
        QCborStreamReader r(QByteArray::fromRawData(bytes.constData() + at, bytes.size() - at));
        bool incomplete = false;
        why.clear();
        const auto one = gw::snapshotFromCbor(r, &why, &incomplete);
        QString decoderWhy;
        qsizetype used = -1;
        const auto decoded = decoder.decode(
            QByteArrayView(bytes.constData() + at, bytes.size() - at), &used, &decoderWhy);
        if (!decoded && decoderWhy.isEmpty())
            __builtin_trap();
        if (used < 0 || used > bytes.size() - at)
            __builtin_trap();
        if (one && decoded && (!(*one == *decoded) || used != qsizetype(r.currentOffset())))
            __builtin_trap();
        if (!one) {
            if (why.isEmpty())
                __builtin_trap();
            break;
        }
        check(*one);
        if (r.currentOffset() <= 0)
            __builtin_trap();
        at += qsizetype(r.currentOffset());
    }
    return 0;
}
