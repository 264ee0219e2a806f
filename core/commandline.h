#pragma once

// Command-line options every binary shares: where samplers look, which
// backend to use. One definition, so gpuwarden and gpuwarden-cli agree.

#include "sampler.h"

#include <QCommandLineParser>
#include <QUrl>

#include <optional>

namespace gw {

void addSamplerOptions(QCommandLineParser& parser);

// Options from the parsed command line; absent (with `error`) on a bad value.
std::optional<SamplerOptions> samplerOptions(const QCommandLineParser& parser, QString* error);
QString backendOption(const QCommandLineParser& parser);

// --source URL: a gpuwarden-agent to read instead of this machine. The token
// comes from GPUWARDEN_TOKEN, never the command line (every user reads ps).
void addAgentSourceOption(QCommandLineParser& parser);
struct AgentSource
{
    QUrl url;
    QByteArray token;
};
// Absent when --source is not given; `error` set when it is given but bad.
std::optional<AgentSource> agentSourceOption(const QCommandLineParser& parser, QString* error);

} // namespace gw
