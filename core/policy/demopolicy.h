#pragma once

// resources/demo-policy.toml, built in: the policy of `gpuwarden --demo` and
// `gpuwarden-agent --demo` (short spans, dry run), so the demo shows a hog,
// an idle job and a fair-share violation within two minutes.

#include <QByteArray>

namespace gw {

QByteArray demoPolicyText();
inline constexpr auto kDemoPolicyName = "demo-policy.toml";

} // namespace gw
