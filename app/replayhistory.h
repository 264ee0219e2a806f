#pragma once

// `gpuwarden-cli replay --history FILE [--policy FILE] [--from T] [--to T]
// [--server NAME]… [--json]`, without the process around it: the events the
// policy engine finds in the history store, readings rebuilt by
// gw::HistoryReadings (what they lack: core/history/historyreadings.h), one
// event a line like `replay --trace` (gw::replayCommand), a summary on
// stderr. Joins gw_history and gw_policy, which know nothing of each other.

#include "policy/policycheck.h"

#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <optional>

namespace gw {

struct HistoryReplayCommand
{
    QString historyPath;
    QString policyPath;           // empty: the built-in defaults
    std::optional<qint64> fromMs; // absent: from the start of the record
    std::optional<qint64> toMs;   // exclusive; absent: to its end
    QStringList servers;          // empty: every server in the file
    bool json = false;
    QTimeZone timeZone = QTimeZone::systemTimeZone(); // the servers' local time
};

// Exit codes: 0 replayed, 1 the history or policy could not be read, 2 the
// policy is refused or the range is empty.
PolicyCheckOutcome replayHistoryCommand(const HistoryReplayCommand& command);

} // namespace gw
