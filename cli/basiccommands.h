#pragma once

// gpuwarden-cli snapshot, record, token set|remove and policy check: one
// reading, a trace of readings (docs/traces.md), the agent's token in the
// keychain, a policy file checked (docs/policies.md).

#include <QCommandLineParser>
#include <QString>

namespace gw::cli {

int snapshotCommand(const QCommandLineParser& parser);
// An agent's own check of its installation (GET /v1/doctor, admin): its
// findings as `gpuwarden-agent doctor` prints them; the exit status is
// the worst (0 ok, 1 warning, 2 error), 1 when the agent cannot be asked.
int doctorCommand(const QCommandLineParser& parser);
// Readings at a steady interval into a trace (docs/traces.md). An agent is
// polled for its latest reading; one it has not replaced yet is left out.
int recordCommand(const QCommandLineParser& parser);
// `verb`: "set" (the token read from stdin) or "remove".
int tokenCommand(const QCommandLineParser& parser, const QString& verb);
int policyCheckCommand(const QCommandLineParser& parser, const QString& path);

} // namespace gw::cli
