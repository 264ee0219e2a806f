#pragma once

// The cap rule (docs/policies.md, "[accounts]"): a process on a unit past a
// cap of [accounts] (a person's, a member's, an account's GPUs at once) that
// was not handed out by /v1/allocate, which refuses to pass a cap. The units
// held longest stay within the cap; the processes on the newer ones are
// over_cap events, staged as [idle] stages (its warnings, then its action),
// in [accounts] dry_run by default. Internal to gw_policy.

#include "policy/policyframe.h"

namespace gw::policy {

std::unique_ptr<PolicyRule> makeCapRule();

} // namespace gw::policy
