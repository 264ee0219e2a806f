#pragma once

// The configuration of an in-process agent that serves a history file over
// loopback (any free port) to the read token kHistoryAgentToken: for the
// tests and benches of /v1/history, /v1/readings and what reads them.

#include "agent/agentconfig.h"

#include <QCryptographicHash>

namespace gw::test {

inline constexpr char kHistoryAgentToken[] = "r3ad";

inline AgentConfig historyAgentConfig(const QString& historyFile)
{
    AgentConfig config;
    config.port = 0;
    config.historyPath = historyFile;
    config.tokens = {{QStringLiteral("reader"),
                      QCryptographicHash::hash(kHistoryAgentToken, QCryptographicHash::Sha256),
                      TokenScope::Read}};
    return config;
}

} // namespace gw::test
