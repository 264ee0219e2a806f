#pragma once

// gpuwarden-cli me (docs/agent-api.md, "Your own standing"): the caller's
// own standing on this server, from the agent's Unix socket, without a
// token: the kernel tells the agent who asks. --json prints the agent's
// document as it is; without, a few lines for people.

#include <QCommandLineParser>
#include <QJsonObject>

namespace gw::cli {

// Where the packaged agent listens (AgentConfig::kDefaultSocketPath; the
// CLI does not link the agent, tst_agentme holds the two equal).
QString defaultSocketPath();

// --socket PATH
void addMeOptions(QCommandLineParser& parser);
int meCommand(const QCommandLineParser& parser);

// The lines `me` prints for a standing document.
QString standingText(const QJsonObject& standing);

} // namespace gw::cli
