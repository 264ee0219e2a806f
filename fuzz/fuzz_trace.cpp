// A trace as `gpuwarden-cli record` writes it, or as anyone hands it to a
// replay: JSON Lines of snapshots, in time order per server.
#include "model/snapshotjson.h"
#include "model/trace.h"

#include <QBuffer>
#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    gw::TraceReader reader;
    reader.setDevice(&buffer, QStringLiteral("fuzz"));
    gw::TraceOrder order;
    const qint64 lines = bytes.count('\n') + 1;
    while (const auto s = reader.next()) {
        // What the reader hands out keeps the order rule and survives our
        // own writer.
        if (!order.check(*s).isEmpty())
            __builtin_trap();
        order.accept(*s);
        QString why;
        if (!gw::snapshotFromJsonBytes(gw::toJsonBytes(*s, false), &why))
            __builtin_trap();
        if (reader.lineNumber() < 1 || reader.lineNumber() > lines)
            __builtin_trap();
    }
    // An error always names the line: "fuzz:<n>: …" with n within the input.
    if (reader.hasError()) {
        const QString prefix = QStringLiteral("fuzz:%1: ").arg(reader.lineNumber());
        if (!reader.error().startsWith(prefix) || reader.lineNumber() < 1 ||
            reader.lineNumber() > lines)
            __builtin_trap();
    }
    if (reader.next()) // nothing after the end or an error
        __builtin_trap();
    return 0;
}
