// agent.toml as an admin might mistype it.
#include "agent/agentconfig.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const auto config = gw::AgentConfig::parse(text, QStringLiteral("fuzz.toml"), &error);
    // Refused with a message that names the file, or accepted.
    if (!config && !error.startsWith(QLatin1String("fuzz.toml")))
        __builtin_trap();
    return 0;
}
