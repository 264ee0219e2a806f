#pragma once

// The hog rule: utilisation at or above [hog] threshold_percent for
// [hog] duration, per process or per user and GPU ([hog] scope). One
// reading below is a dip; two in a row end the span. Internal to gw_policy.

#include "policy/policyframe.h"

namespace gw::policy {

std::unique_ptr<PolicyRule> makeHogRule();

} // namespace gw::policy
