#pragma once

// `gpuwarden-agent token`: bearer tokens without hand-made hashes
// (docs/agent.md, "Tokens").
//
//   gpuwarden-agent token new --name NAME --scope read|allocate|admin
//                             [--config FILE] [--print]
//   gpuwarden-agent token list [--config FILE]
//   gpuwarden-agent token revoke NAME [--config FILE]
//
// `new` makes a token of 32 random bytes (the system's generator), prints
// it once on stdout, alone on its line, and adds its [[token]] table (name,
// SHA-256, scope) at the end of agent.toml; where the file cannot be
// written (or with --print) it prints the table to add instead. `revoke`
// removes the named token's table; `list` names each token with its scope
// and the start of its hash. The rest of the file is kept byte for byte,
// its owner and mode too. An edit is checked before it is written (the
// agent's own parser): one that would leave the file unreadable, or
// without a token, is refused. A running agent takes the change on SIGHUP
// (`systemctl reload gpuwarden-agent`).

#include "agent/agentconfig.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

// Exit codes of runTokenCommand.
enum TokenCommandExit : int
{
    kTokenDone = 0,
    kTokenFailed = 1,   // the file cannot be read, checked or written as asked
    kTokenUsage = 2,    // the command line is wrong
    kTokenNotAdded = 3, // new: the table was printed to add by hand, not written
};

// `arguments`: what follows "token" on the command line; `defaultConfig`:
// the configuration without --config. Writes to stdout and stderr.
int runTokenCommand(const QStringList& arguments, const QString& defaultConfig);

// The parts, for tests.
namespace tokenfile {

// 32 random bytes as 64 lowercase hex digits.
QByteArray newToken();
// A name as a [[token]] table takes it: 1 to 64 of A–Z a–z 0–9 . _ @ -
// (it is written into the audit log and into messages as it is).
bool validName(const QString& name);
std::optional<TokenScope> scopeFromName(const QString& name);
QString scopeName(TokenScope scope);
// The table for agent.toml, ending in a newline.
QByteArray stanza(const QString& name, TokenScope scope, const QByteArray& token);
// `text` (agent.toml) with the token's table added at its end; nothing,
// with `error`, when the name is taken or the result would not be read
// by the agent (`source` names the file in messages).
std::optional<QByteArray> add(const QByteArray& text, const QString& source, const QString& name,
                              TokenScope scope, const QByteArray& token, QString* error);
// `text` without the tables of the token named `name`; nothing, with
// `error`, when there is none or no token would be left.
std::optional<QByteArray> remove(const QByteArray& text, const QString& source, const QString& name,
                                 QString* error);

} // namespace tokenfile

} // namespace gw
