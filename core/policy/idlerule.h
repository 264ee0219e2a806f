#pragma once

// The idle rule: a process that holds at least [idle] min_memory_mib on a
// GPU below [idle] min_gpu_utilization_percent for [idle] time_window, with
// warnings and the terminate action ([idle] action). Internal to gw_policy.

#include "policy/policyframe.h"

namespace gw::policy {

std::unique_ptr<PolicyRule> makeIdleRule();

} // namespace gw::policy
