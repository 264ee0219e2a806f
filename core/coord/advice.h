#pragma once

// Advice for a well-behaved job: the share of the server's GPU capacity a
// user may take now (quota × load band × defensive multiplier, each factor
// with its reason), whether to start now or wait, and for how long. Pure
// logic over the policy engine's PolicyStatus; see
// docs/coordination.md.
//
// Rules:
//   High:   keeps its quota under load: the band multiplier is not applied.
//           Defensive mode still applies (it answers hogging, and a priority
//           is only claimed by the caller). Starts when its measured share is
//           below its allowed share.
//   Normal: all three factors; starts when its measured share is below its
//           allowed share.
//   Low:    pauses first: waits whenever the server is in its top load band
//           (of two or more) or in defensive mode; otherwise as Normal.
// Waiting: 30 s doubled per attempt (0, 1, 2 …), at most 15 min; 0 when
// starting now.

#include "policy/policyconfig.h"
#include "policy/policyengine.h"

#include <QString>

#include <optional>

namespace gw {

enum class Priority
{
    High,
    Normal,
    Low
};

QString priorityName(Priority priority); // "high", "normal", "low"
// "high" | "normal" | "low" (case ignored); nullopt and *error otherwise.
std::optional<Priority> parsePriority(const QString& text, QString* error);

struct AdviceFactor
{
    double value = 1; // a percentage for the quota, a multiplier otherwise
    QString reason;   // one sentence
    bool operator==(const AdviceFactor&) const = default;
};

struct Advice
{
    QString user;
    Priority priority = Priority::Normal;
    double allowedSharePercent = 100; // quota × band × defensive (as applied)
    double sharePercent = 0;          // the user's measured share now
    AdviceFactor quota;               // percent
    AdviceFactor band;                // multiplier (1 for High)
    AdviceFactor defensive;           // multiplier
    bool startNow = true;
    int waitSeconds = 0;
    QString reason; // the decision, one sentence
};

inline constexpr int kAdviceBackoffBaseSeconds = 30;
inline constexpr int kAdviceBackoffMaxSeconds = 15 * 60;

// 30 × 2^attempt seconds, at most 15 min; attempt below 0 counts as 0.
int adviceBackoffSeconds(int attempt);

// `status` as the engine answers it for the server. A user the status does
// not list (not seen in the quota window) has used nothing; their quota comes
// from [quota.users] (time windows read in this machine's time zone at
// status.atMs) or the default share (groups are not resolved here).
Advice adviceFor(const PolicyStatus& status, const PolicyConfig& policy, const QString& user,
                 Priority priority, int attempt);

} // namespace gw
