// policy.toml as an admin might mistype it.
#include "policy/policyconfig.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const gw::PolicyParseResult r = gw::parsePolicy(text, QStringLiteral("fuzz.toml"));
    // Accepted with no error, or refused with every error naming the file.
    if (r.config.has_value() != r.errors.isEmpty())
        __builtin_trap();
    for (const QString& e : r.errors)
        if (!e.startsWith(QLatin1String("fuzz.toml:")))
            __builtin_trap();
    if (r.config)
        (void)gw::policyToJson(*r.config);
    return 0;
}
