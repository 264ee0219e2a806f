#pragma once

// The adaptive rule: the server's load over the last 5 minutes picks an
// [adaptive] band, and the time with a hog open over [adaptive]
// hostile_window turns on defensive mode. It opens no events; it shapes
// PolicyStatus (band and defensive multipliers). Internal to gw_policy.

#include "policy/policyframe.h"

namespace gw::policy {

std::unique_ptr<PolicyRule> makeAdaptiveRule();

} // namespace gw::policy
