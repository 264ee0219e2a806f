#pragma once

// gpuwarden-cli replay: the events the policy engine finds in a trace or a
// history store (docs/policies.md).

#include <QCommandLineParser>

namespace gw::cli {

int replayCommand(const QCommandLineParser& parser);

} // namespace gw::cli
