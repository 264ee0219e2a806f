#pragma once

// Command-line options every binary shares: where samplers look, which
// backend to use. One definition, so gpuwarden and gpuwarden-cli agree.

#include "sampling/sampler.h"

#include <QCommandLineParser>

#include <chrono>
#include <optional>

namespace gw {

void addSamplerOptions(QCommandLineParser& parser);

// Options from the parsed command line; absent (with `error`) on a bad value.
std::optional<SamplerOptions> samplerOptions(const QCommandLineParser& parser, QString* error);
QString backendOption(const QCommandLineParser& parser);

// gpuwarden-cli's --interval-ms: the wait between the two readings that rates
// need, 0..kMaxRateInterval (0: one reading, rates absent).
constexpr std::chrono::milliseconds kMaxRateInterval{60'000};
void addRateIntervalOption(QCommandLineParser& parser);
std::optional<std::chrono::milliseconds> rateIntervalOption(const QCommandLineParser& parser,
                                                            QString* error);

} // namespace gw
