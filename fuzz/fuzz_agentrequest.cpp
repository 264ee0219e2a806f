// What a client sends the agent before any handler runs: the request line,
// headers and body framing (RequestGuard), and the integers of a query
// string (parseInteger, integerParameter).
#include "agent/apiinteger.h"
#include "agent/requestguard.h"

#include <QUrlQuery>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <limits>

using namespace gw;

namespace {

// The framing verdict must not depend on how the bytes were split into reads.
void framing(QByteArrayView input, qsizetype step)
{
    RequestGuard::Limits limits;
    limits.maxBodyBytes = 1024;
    limits.maxHeadBytes = 512;
    RequestGuard whole(limits);
    whole.feed(input);
    RequestGuard pieces(limits);
    for (qsizetype i = 0; i < input.size(); i += step)
        pieces.feed(input.sliced(i, std::min(step, input.size() - i)));
    if (whole.refusal().has_value() != pieces.refusal().has_value() ||
        whole.completeRequests() != pieces.completeRequests())
        __builtin_trap();
    if (const auto& r = whole.refusal()) {
        if (r->status != pieces.refusal()->status || r->code.isEmpty() || r->message.isEmpty())
            __builtin_trap();
        if (!refusalResponse(*r).startsWith("HTTP/1.1 4"))
            __builtin_trap();
    }
    if (whole.bodyBytes() < 0 || whole.bodyBytes() > limits.maxBodyBytes)
        __builtin_trap();
}

// Exactly what std::from_chars reads, minus its leading '-' for unsigned ranges.
void integer(QByteArrayView text, qint64 min, qint64 max)
{
    const auto ours = parseInteger(text, min, max);
    qint64 reference = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, reference);
    const bool referenceOk = !text.isEmpty() && ec == std::errc() && ptr == end &&
                             reference >= min && reference <= max &&
                             !(min >= 0 && text.front() == '-');
    if (ours.has_value() != referenceOk || (ours && *ours != reference))
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArrayView input(reinterpret_cast<const char*>(data), qsizetype(size));
    framing(input, 1 + (size > 0 ? data[size - 1] % 13 : 0));

    const qsizetype nl = input.indexOf('\n');
    const QByteArrayView firstLine = nl < 0 ? input : input.first(nl);
    integer(firstLine, std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
    integer(firstLine, 0, kMaxSequence);
    integer(firstLine, 1, 1000);

    // The first line as a query string, as /v1/samples reads it.
    const QUrlQuery query(QString::fromUtf8(firstLine));
    for (const auto& [name, min, max] :
         {std::tuple{QStringLiteral("after"), qint64(0), kMaxSequence},
          std::tuple{QStringLiteral("limit"), qint64(1), qint64(1000)}}) {
        const IntegerParameter p = integerParameter(query, name, min, max);
        if (p.value && (*p.value < min || *p.value > max || !p.error.isEmpty()))
            __builtin_trap();
        if (!p.value && !p.error.isEmpty() && !p.error.contains(name))
            __builtin_trap();
    }
    return 0;
}
