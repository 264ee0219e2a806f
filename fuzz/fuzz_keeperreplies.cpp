// What a keeper reads from its peers (/v1/usage pages) and a relay from its
// keeper (/v1/balances): strict, every refusal says why, and what is taken
// has rising numbers within the page and balances that are numbers.
#include "agent/keeperreplies.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto page = gw::peerUsagePageFromJson(bytes, 0, &error)) {
        quint64 last = 0;
        for (const auto& [sequence, fact] : page->facts) {
            if (sequence <= last || sequence > page->next)
                __builtin_trap();
            last = sequence;
        }
        if (page->stream.isEmpty())
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    error.clear();
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (const auto view = gw::balanceViewFromJson(doc.object(), &error)) {
        if (!view->valid)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
