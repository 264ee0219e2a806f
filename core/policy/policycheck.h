#pragma once

// `gpuwarden-cli policy check FILE [--json]`, without the process around it.

#include <QString>

namespace gw {

struct PolicyCheckOutcome
{
    int exitCode = 0; // 0 valid, 1 unreadable, 2 refused
    QString out;      // the effective policy (text or JSON)
    QString err;      // every error and warning, one a line
};

PolicyCheckOutcome checkPolicyFile(const QString& path, bool json);

} // namespace gw
