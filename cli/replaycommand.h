#pragma once

// gpuwarden-cli replay --trace FILE | --history FILE [--policy FILE] [--from T]
//                      [--to T] [--server NAME]… [--tz ZONE] [--json]
//
// The events the policy engine finds in recorded readings (docs/policies.md),
// one a line (JSON objects with --json) on stdout, a summary on stderr. The
// readings come through the one reading stream (readings/readingstream.h):
// a trace, or the history store with readings rebuilt
// (core/history/historyreadings.h says what they lack). How they were read
// joins the summary: each server whose sampling interval was inferred, and
// each whose time was mostly gaps.
//
// Exit 0 replayed; 1 the readings or the policy could not be read, or a
// trace line is bad (named); 2 a bad option, a refused policy or an empty
// range.

#include "policy/policycheck.h"
#include "readingsoptions.h"

#include <QCommandLineParser>

namespace gw::cli {

// The replay without the process around it: what goes to stdout and
// stderr, and the exit code.
PolicyCheckOutcome replayOutcome(const ReadingsOptions& readings, const QString& policyPath,
                                 bool json);
int replayCommand(const QCommandLineParser& parser);

} // namespace gw::cli
