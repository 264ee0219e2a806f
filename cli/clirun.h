#pragma once

// gpuwarden-cli run --gpus N [select options] [--interval 1s] [--record FILE]
//                   [--trace FILE] -- CMD ARGS…
// Selects (and with --source reserves) GPUs, runs CMD with
// CUDA_VISIBLE_DEVICES set and the same stdin, stdout and stderr, reads its
// GPUs every interval while it runs, and at its end writes the run record
// (docs/coordination.md, "Run records"). CMD's exit code is passed through
// (128 + N when signal N killed it); SIGTERM, SIGINT and SIGHUP sent to
// `run` are passed on to CMD.

#include <QCommandLineParser>
#include <QStringList>

namespace gw::cli {

// --interval and --record (--trace is main's, shared with replay).
void addRunOptions(QCommandLineParser& parser);

// `command`: CMD and its arguments (what follows "--").
int runCommand(const QCommandLineParser& parser, const QStringList& command);

} // namespace gw::cli
