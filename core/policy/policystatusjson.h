#pragma once

// The fair-share side of a server's PolicyStatus as JSON (/v1/info's
// "policy": "users" and "accounts", docs/agent-api.md): what the agent
// writes and the desktop's link reads back.

#include "policy/policyengine.h"

#include <QJsonObject>

namespace gw {

// {"users": {NAME: {quota_percent, allowed_percent, share_percent,
// decayed_usage_hours, fair_share_factor}}, "accounts": {NAME: {users,
// decayed_usage_hours, share_percent|null, fair_share_factor|null}}}.
QJsonObject policyStatusSharesJson(const PolicyStatus& status);
// The users and accounts of /v1/info's "policy" (`policy`), for `server` at
// `atMs`. A user without a numeric fair_share_factor (an agent from before
// fair share with memory, or a mistyped entry) is left out rather than shown
// with a made-up factor; another figure missing takes its default.
PolicyStatus policyStatusSharesFromJson(const QJsonObject& policy, const QString& server,
                                        qint64 atMs);

} // namespace gw
