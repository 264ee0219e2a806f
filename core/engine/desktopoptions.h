#pragma once

// What the desktop was asked to do, from its command line, checked: the
// sampling interval, whether to sample this machine or run the demo, where
// history goes and how long it is kept. main() only reports the error and
// wires the parts; the rules live here, where tests can reach them.

#include "history/historytypes.h"
#include "sampling/sampler.h"

#include <QCommandLineParser>

#include <chrono>
#include <memory>
#include <optional>

class QSettings;
class QTemporaryDir;

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
    // Sample this machine: neither --demo nor --no-local (--source adds an
    // agent beside it).
    bool local = false;
    SamplerOptions sampler;
    QString backend;
    // Absent: --no-history. For the demo, set by prepareHistory().
    std::optional<QString> historyPath;
    enum class HistoryFile
    {
        Given,   // --history: used as it is
        Default, // in the application's data folder, made if missing
        Demo,    // the demo's own file in a private folder of this run
                 // (prepareHistory()), so it never mixes with what this
                 // machine recorded, nor with another demo's or user's
    };
    HistoryFile historyFile = HistoryFile::Default;
    RetentionPolicy retention;
    QString settingsFile; // empty: the user's settings
    std::optional<std::chrono::milliseconds> quitAfter;
    QString screenshot;
    // --page: the page the window opens on ("overview", "processes",
    // "details", "events"), or "find-gpus": the overview with the Find GPUs
    // dialog open; empty: the overview.
    QString page;

    // The desktop's options, in the order --help lists them: addOptions(),
    // then --source (addAgentSourceOption), addWatchOptions(), then the
    // sampler options (addSamplerOptions).
    static void addOptions(QCommandLineParser& parser);
    static void addWatchOptions(QCommandLineParser& parser);
    // Absent, with `error` ("--interval-ms: expected 100..3600000"), on a
    // bad value. `agentSource`: --source was given (refused with --demo).
    static std::optional<DesktopOptions> parse(const QCommandLineParser& parser, bool agentSource,
                                               QString* error);

    // The arguments without Qt's own (-platform xcb, --style=Fusion,
    // -reverse, …), which QApplication takes out of argv itself: the
    // desktop parses its options before it makes one, so that --help,
    // --version and a mistake need no display.
    static QStringList withoutQtOptions(const QStringList& arguments);

    // Makes the default history file's folder, or the demo's private folder
    // (mode 0700, in the user's runtime folder, else the temp folder) and
    // points historyPath into it; that folder and the demo's history go
    // when the last copy of these options does. False, with `error`, when
    // it cannot be made (historyPath is then absent: no history).
    bool prepareHistory(QString* error);
    // The demo's private folder (after prepareHistory()); removed with its
    // contents when the last copy of these options goes.
    std::shared_ptr<QTemporaryDir> demoFolder;

    // The desktop's preferences: --settings FILE (INI), else the user's.
    std::unique_ptr<QSettings> openSettings() const;
};

// This computer's policy file, the one lookup the desktop's policies and the
// policy dialog share: the settings' "policy/path", else
// ~/.config/gpuwarden/policy.toml (which may not exist yet: the dialog saves
// there; the policies then run on the built-in defaults).
QString localPolicyPath(const QSettings& settings);
// The settings key of that path.
inline constexpr char kPolicyPathKey[] = "policy/path";

} // namespace gw
