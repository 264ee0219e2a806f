#pragma once

// `gpuwarden-cli replay --trace FILE [--policy FILE] [--from T] [--to T]
// [--json]`, without the process around it: the events the policy engine
// finds in a trace, one a line (JSON objects with --json, see
// docs/policies.md), a summary on stderr.

#include "policy/policycheck.h"
#include "policy/policyengine.h"

#include <QString>
#include <QTimeZone>

#include <array>
#include <optional>

namespace gw {

struct ReplayCommand
{
    QString tracePath;
    QString policyPath;           // empty: the built-in defaults
    std::optional<qint64> fromMs; // readings before are skipped
    std::optional<qint64> toMs;   // readings at or after are skipped
    bool json = false;
    QTimeZone timeZone = QTimeZone::systemTimeZone(); // the servers' local time
};

// Exit codes: 0 replayed, 1 the trace or policy could not be read or has a
// bad line (named), 2 the policy is refused.
PolicyCheckOutcome replayCommand(const ReplayCommand& command);

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
