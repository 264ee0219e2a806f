#pragma once

// What every gpuwarden-cli command writes: text to stdout or stderr, and
// mistakes as "gpuwarden-cli: …" lines on stderr with an exit code.
//   0  done
//   1  something failed (an agent unreachable, a file unwritable)
//   2  a bad command line
//   3  select/wait/run: not enough GPUs qualify (in the time given)

#include <QCoreApplication>
#include <QString>

#include <cstdio>

namespace gw::cli {

inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitNoGpus = 3;

void print(FILE* f, const QString& text);
// The command line's words, in one translation context: CliTr::tr.
struct CliTr
{
    Q_DECLARE_TR_FUNCTIONS(gw::cli)
};
// Each line of `message` as "gpuwarden-cli: line" on stderr; answers rc.
int fail(int rc, const QString& message);
// The same for a note that is no failure.
void note(const QString& message);

} // namespace gw::cli
