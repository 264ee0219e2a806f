#pragma once

// --source URL and --pin: one agent to read, with its token from
// GPUWARDEN_TOKEN or the keychain. Shared by gpuwarden and gpuwarden-cli.

#include "model/snapshot.h"
#include "wire/agentendpoint.h"

#include <QCommandLineParser>
#include <QUrl>

#include <optional>

namespace gw {

// --source URL: a gpuwarden-agent to read, instead of this machine
// (gpuwarden-cli) or beside it (gpuwarden). The URL is checked by
// parseServerUrl() (port 9807 when it has none). The token comes from
// GPUWARDEN_TOKEN, else from the OS keychain (SecretStore, key
// SecretStore::tokenKey(url)); never from the command line (every user reads
// ps).
enum class SourceUse
{
    InsteadOfThisMachine,
    BesideThisMachine,
};
inline constexpr int kSnapshotTimeoutMs = 5000;
void addAgentSourceOption(QCommandLineParser& parser,
                          SourceUse use = SourceUse::InsteadOfThisMachine);
// The agent --source names, as the wire's one endpoint type: the token
// empty when none was found, tokenOrigin where it came from or where it was
// looked for in vain (with the keychain's error if it failed), the pin from
// --pin.
// Absent when --source is not given; `error` set when it is given but bad,
// or given more than once.
// Reads the keychain (waiting at most SecretStore::kTimeoutMs) when
// GPUWARDEN_TOKEN is not set.
std::optional<AgentEndpoint> agentSourceOption(const QCommandLineParser& parser, QString* error);
// Every --source given (select and wait may ask several agents), each with
// its token; empty with `error` when one is bad or given twice, empty
// without when none is given.
QList<AgentEndpoint> agentSourcesOption(const QCommandLineParser& parser, QString* error);
// Only the checked URL of --source, without looking for a token.
std::optional<QUrl> agentUrlOption(const QCommandLineParser& parser, QString* error);

// `gpuwarden-cli token set`: the token from standard input, never argv (every
// user reads ps). A terminal gets a prompt naming `url` and no echo; a pipe is
// read to its end. Absent, with `error`, when none came or validateToken()
// refuses it.
std::optional<QByteArray> tokenFromStdin(const QString& url, QString* error);

// One reading of an agent (GET /v1/snapshot). Absent with `error` when it
// fails; a refused token (HTTP 401) adds which token was sent or where none
// was found (the endpoint's tokenOrigin).
std::optional<Snapshot> readAgentSnapshot(const AgentEndpoint& source, QString* error,
                                          int timeoutMs = kSnapshotTimeoutMs);

// `gpuwarden-cli token set|remove`: keeps or forgets the token of the agent
// at `url` in the keychain (waiting at most SecretStore::kTimeoutMs). The
// key it used, and the keychain's error in words (empty when done).
struct TokenChange
{
    QString key;
    QString error;
};
TokenChange storeAgentToken(const QUrl& url, const QByteArray& token);
TokenChange forgetAgentToken(const QUrl& url);

} // namespace gw
