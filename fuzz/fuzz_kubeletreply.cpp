// What the kubelet's pod-resources API answers (core/owners): the bytes of
// a ListPodResourcesResponse parsed as the protobuf message and read into
// which pod holds which device, and the same bytes as an
// AllocatableResourcesResponse.
#include "owners/kubeletclient.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto pods = gw::owners::parsePodResourcesList(bytes, &error)) {
        // Every holder is a named pod, every key a device id without its
        // replica suffix; there are no more pods holding than listed.
        QSet<std::pair<QString, QString>> holding;
        for (auto it = pods->holders.cbegin(); it != pods->holders.cend(); ++it) {
            if (it.key().isEmpty() || it.key().contains(u"::") || it->isEmpty())
                __builtin_trap();
            for (const gw::owners::PodFacts& p : *it) {
                if (p.name.isEmpty() || !p.uid.isEmpty() || !p.labels.isEmpty())
                    __builtin_trap();
                holding.insert({p.namespaceName, p.name});
            }
        }
        if (holding.size() > pods->pods || pods->pods < 0)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    error.clear();
    if (const auto ids = gw::owners::parseAllocatableResources(bytes, &error)) {
        for (const QString& id : *ids)
            if (id.isEmpty() || id.contains(u"::"))
                __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
