#pragma once

// gpuwarden-cli tokens --trace FILE | --history FILE --policy FILE [--from T]
//                      [--to T] [--tz ZONE] [--server NAME]… [--compare OTHER]
//                      [--user U] [--json]
//
// The token books (docs/tokens.md) from recorded readings, under the policy's
// [tokens]: a table of users (balance, spent and granted in the range,
// GPU-hours by model), U's ledger with --user, the spans not charged for lack
// of readings, the warnings. --compare keeps the books a second time under
// OTHER's [tokens] and shows each user's balance under both (a price change
// replayed before it is adopted). --json: the books' JSON (tokensjson.h) with
// "compare" when asked.
//
// How the readings were read goes to stderr and among the warnings: each
// server whose sampling interval was inferred, and each whose time in the
// range was mostly gaps (readings/readingstream.h).
//
// Exit 0 done; 1 a file could not be read or a trace line is bad (named);
// 2 a bad option, a refused policy, or a policy without [tokens].

#include <QCommandLineParser>

namespace gw::cli {

void addTokensOptions(QCommandLineParser& parser);
int tokensCommand(const QCommandLineParser& parser);

} // namespace gw::cli
