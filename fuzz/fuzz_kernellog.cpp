// The kernel log as the agent reads it for XID lines (/dev/kmsg records,
// core/sampling/kernellog.h): any bytes, as a text of records.
#include "sampling/kernellog.h"
#include "util/printable.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char*>(data), qsizetype(size));
    gw::kernellog::Scanner scanner;
    scanner.feedText(text);
    // Every XID read has a code in range, a GPU address in the form the
    // samplers give (00000000:CB:00.0), a pid that can be one or none, and
    // printable texts; every warning is printable too.
    for (const gw::kernellog::Scanner::Found& f : scanner.takeFound()) {
        const gw::kernellog::XidLine& x = f.xid;
        if (x.code < 1 || x.code > 999)
            __builtin_trap();
        if (x.pciBusId.size() != 16 || gw::kernellog::normalisePciBusId(x.pciBusId) != x.pciBusId)
            __builtin_trap();
        if (x.pid && (*x.pid <= 0 || *x.pid > 4'194'304))
            __builtin_trap();
        if (!gw::isPrintableText(x.text) || !gw::isPrintableText(x.processName))
            __builtin_trap();
    }
    for (const QString& w : scanner.takeWarnings())
        if (w.isEmpty() || !gw::isPrintableText(w))
            __builtin_trap();
    // A record alone gives a record or a reason, never neither.
    QString why;
    if (!gw::kernellog::parseKmsgRecord(text, &why) && why.isEmpty())
        __builtin_trap();
    return 0;
}
