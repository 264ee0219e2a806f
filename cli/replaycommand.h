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
#include "policy/policyengine.h"
#include "readingsoptions.h"

#include <QCommandLineParser>

namespace gw::cli {

// The replay without the process around it: what goes to stdout and
// stderr, and the exit code.
// What if: the policy's [quota] half_life and user shares replaced
// (--half-life, --share NAME=PERCENT); the fair share each server's
// users and accounts end the replay with is printed after the events.
struct WhatIf
{
    std::optional<qint64> halfLifeMs;
    QList<QuotaShare> shares;
    bool any() const { return halfLifeMs || !shares.isEmpty(); }
};
std::optional<WhatIf> whatIfOptions(const QCommandLineParser& parser, QString* error);
void addReplayOptions(QCommandLineParser& parser);

PolicyCheckOutcome replayOutcome(const ReadingsOptions& readings, const QString& policyPath,
                                 bool json, const WhatIf& whatIf = {});
// "fair share at the end: node-1: alice 3.20 h, factor 0.710; …" (or one
// JSON line {"fair_share": […]}).
QString fairShareSummary(const QList<PolicyStatus>& statuses, bool json);
int replayCommand(const QCommandLineParser& parser);

} // namespace gw::cli
