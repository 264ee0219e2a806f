// agent.toml as an admin might mistype it, and `gpuwarden-agent token`'s
// edits of whatever the agent accepts: a token added and each one revoked
// leave a file the agent reads, with exactly that token more or less.
#include "agent/agentconfig.h"
#include "agent/tokencommand.h"

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
    if (!config)
        return 0;
    const auto reads = [](const QByteArray& edited) {
        QString why;
        return gw::AgentConfig::parse(edited, QStringLiteral("fuzz.toml"), &why);
    };
    if (const auto added =
            gw::tokenfile::add(text, QStringLiteral("fuzz.toml"), QStringLiteral("fuzz-new"),
                               gw::TokenScope::Read, "fuzz-token", &error)) {
        const auto after = reads(*added);
        if (!after || after->tokens.size() != config->tokens.size() + 1 || !added->startsWith(text))
            __builtin_trap();
    }
    for (const gw::AgentToken& t : config->tokens) {
        const auto removed =
            gw::tokenfile::remove(text, QStringLiteral("fuzz.toml"), t.name, &error);
        if (!removed)
            continue; // said why (the only token, a table it cannot tell apart)
        const auto after = reads(*removed);
        if (!after || after->tokens.size() >= config->tokens.size())
            __builtin_trap();
        for (const gw::AgentToken& left : after->tokens)
            if (left.name == t.name)
                __builtin_trap();
    }
    return 0;
}
