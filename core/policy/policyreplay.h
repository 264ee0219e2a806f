#pragma once

// What `gpuwarden-cli replay` (cli/replaycommand.h, over the reading
// stream) takes from the policy side: the policy to replay with, the events
// one a line (JSON objects with --json, see docs/policies.md), the times
// it reads.

#include "policy/policycheck.h"
#include "policy/policyengine.h"

#include <QString>
#include <QTimeZone>

#include <array>
#include <optional>

namespace gw {

// What every replay command shares. The policy to replay with: the file's,
// or the built-in defaults when `path` is empty; nothing when it is refused
// (its errors and warnings, and the exit code, then in `outcome`).
std::optional<PolicyConfig> replayPolicy(const QString& path, PolicyCheckOutcome* outcome);
// The events into outcome->out, one a line (JSON objects or lines for
// people); answers how many of each kind (hog, idle, fair share).
std::array<int, 3> printReplayEvents(const QList<PolicyEvent>& events, bool json,
                                     const QTimeZone& zone, PolicyCheckOutcome* outcome);

// One event as a line for people: "2026-09-21T10:00:00+02:00 – ongoing  hog
// GPU hog: …; warning at …".
QString replayEventLine(const PolicyEvent& event, const QTimeZone& zone);

// "2026-09-21T10:00:00+02:00", "2026-09-21 10:00", or milliseconds since
// the epoch; nothing when it is none of these.
std::optional<qint64> parseReplayTime(const QString& text, const QTimeZone& zone);

} // namespace gw
