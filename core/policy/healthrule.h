#pragma once

// The health rule (docs/health.md): a GPU whose verdict (GpuSample::health)
// is degraded or failing is a gpu_health event until it is ok again; an
// XID that a program causes (13, 31, 43 …: xidcatalog.h) is an xid event
// about the process the driver named, told to its owner, which leaves the
// GPU ok. Neither acts on anything. Internal to gw_policy.

#include "policy/policyframe.h"

namespace gw::policy {

std::unique_ptr<PolicyRule> makeHealthRule();

} // namespace gw::policy
