#pragma once

// What the desktop was asked to do, from its command line, checked: the
// sampling interval, whether to sample this machine or run the demo, where
// history goes and how long it is kept. main() only reports the error and
// wires the parts; the rules live here, where tests can reach them.

#include "history/historytypes.h"
#include "sampling/sampler.h"

#include <QCommandLineParser>

#include <chrono>
#include <optional>

namespace gw {

struct DesktopOptions
{
    static constexpr std::chrono::milliseconds kMinInterval{100};
    static constexpr std::chrono::milliseconds kMaxInterval{3'600'000};
    static constexpr double kMaxRetentionDays = 36500;

    std::chrono::milliseconds interval{1000};
    bool demo = false;
    // Servers of the demo fleet (--demo-servers, which implies --demo).
    int demoServers = 3;
    // Sample this machine: neither --demo, nor --source, nor --no-local.
    bool local = false;
    SamplerOptions sampler;
    QString backend;
    // Absent: --no-history.
    std::optional<QString> historyPath;
    enum class HistoryFile
    {
        Given,   // --history: used as it is
        Default, // in the application's data folder, made if missing
        Demo,    // the demo's own file, emptied at start so it never mixes
                 // with what this machine recorded
    };
    HistoryFile historyFile = HistoryFile::Default;
    RetentionPolicy retention;
    QString settingsFile; // empty: the user's settings
    std::optional<std::chrono::milliseconds> quitAfter;
    QString screenshot;

    // The desktop's options, in the order --help lists them: addOptions(),
    // then --source (addAgentSourceOption), addWatchOptions(), then the
    // sampler options (addSamplerOptions).
    static void addOptions(QCommandLineParser& parser);
    static void addWatchOptions(QCommandLineParser& parser);
    // Absent, with `error` ("--interval-ms: expected 100..3600000"), on a
    // bad value. `agentSource`: --source was given (no local sampling).
    static std::optional<DesktopOptions> parse(const QCommandLineParser& parser, bool agentSource,
                                               QString* error);

    // Makes the default history file's folder, or empties the demo's file.
    void prepareHistory() const;
};

} // namespace gw
