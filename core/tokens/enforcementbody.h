#pragma once

// The bodies of the enforcement routes (docs/agent-api.md):
//   POST /v1/processes/<pid>/signal
//     {"action": "notify"|"renice"|"terminate"|"kill", "start_time_ms": N,
//      "reason": "…", "dry_run": false}   (start_time_ms and reason required)
//   POST /v1/enforcement/<id>
//     {"decision": "confirm"|"decline", "step": "renice", "reason": "…"}
//     (reason optional)
// Strict: unknown keys, wrong types, fractional or out-of-range times and
// blank reasons are refused with the key named. Pure functions, fuzzed
// (fuzz/fuzz_enforcementbody.cpp).

#include "tokens/enforcement.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace gw {

struct SignalBody
{
    EnforceStep action = EnforceStep::Notify;
    qint64 startTimeMs = 0; // > 0
    QString reason;         // not blank
    bool dryRun = false;
};

struct DecisionBody
{
    bool confirm = false;
    EnforceStep step = EnforceStep::Notify;
    QString reason; // may be empty
};

// Absent with `error` naming the key when the body is refused.
std::optional<SignalBody> signalBodyFromJson(const QByteArray& body, QString* error);
std::optional<DecisionBody> decisionBodyFromJson(const QByteArray& body, QString* error);

} // namespace gw
