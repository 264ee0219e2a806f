#pragma once

// The fair-share rule: each user's share of the server over [quota] window
// against their quota ([quota] users, groups and time windows). Judged only
// with at least half the window covered by readings. Internal to gw_policy.

#include "policy/policyframe.h"

namespace gw::policy {

std::unique_ptr<PolicyRule> makeFairShareRule();

} // namespace gw::policy
