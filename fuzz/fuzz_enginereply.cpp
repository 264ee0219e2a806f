// What a Docker or Podman daemon answers on its Unix socket, as the owner
// lookup reads it (core/owners): an HTTP/1.1 reply (Content-Length,
// chunked or ended by the close) and a container's inspect JSON.
#include "owners/engineapi.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto reply = gw::owners::parseHttpReply(bytes, &error)) {
        if (reply->status < 100 || reply->status > 599 ||
            reply->body.size() > gw::owners::kMaxEngineReplyBytes + qsizetype(size))
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    error.clear();
    if (const auto facts = gw::owners::parseContainerJson(bytes, &error)) {
        if (facts->id.isEmpty() || facts->pid < 0)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
