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
// `atMs`; what is missing or mistyped in an entry leaves that figure at its
// default, and an entry that is not an object is skipped.
PolicyStatus policyStatusSharesFromJson(const QJsonObject& policy, const QString& server,
                                        qint64 atMs);

} // namespace gw
