// An agent's effective policy as a report reads it with a read token
// (GET /v1/policy's JSON, turned back into TOML by policyTomlFromJson and
// checked by the policy parser): whatever the JSON, the TOML is parsed or
// refused with errors, never a crash; a policy that reads back turns into
// the same policy when written and read again.
#include "policy/policyconfig.h"
#include "remote/agentreadings.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return 0;
    const gw::PolicyParseResult first =
        gw::parsePolicy(gw::policyTomlFromJson(doc.object()), QStringLiteral("fuzz"));
    if (!first.config) {
        if (first.errors.isEmpty())
            __builtin_trap();
        return 0;
    }
    const QJsonObject json = gw::policyToJson(*first.config);
    const gw::PolicyParseResult again =
        gw::parsePolicy(gw::policyTomlFromJson(json), QStringLiteral("fuzz"));
    // The same policy (a price's line in the file is not part of it: the
    // TOML written has every key, so its lines differ from the first's).
    if (!again.config || !(*again.config == *first.config))
        __builtin_trap();
    return 0;
}
