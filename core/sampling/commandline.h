#pragma once

// Command-line options every binary shares: where samplers look, which
// backend to use. One definition, so gpuwarden and gpuwarden-cli agree.

#include "sampling/sampler.h"

#include <QCommandLineParser>

#include <optional>

namespace gw {

void addSamplerOptions(QCommandLineParser& parser);

// Options from the parsed command line; absent (with `error`) on a bad value.
std::optional<SamplerOptions> samplerOptions(const QCommandLineParser& parser, QString* error);
QString backendOption(const QCommandLineParser& parser);

} // namespace gw
