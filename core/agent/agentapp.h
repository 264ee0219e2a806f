#pragma once

// gpuwarden-agent, put together: agent.toml and the policy read and
// checked, the HTTP server with its journal, the history store, the engine
// with its consumers (the server, the history writer, the policy service,
// the enforcer), webhook alerts, the sampling source and the daily report.
// app/agent_main.cpp only parses the command line and runs this.
//
// Signals: SIGTERM and SIGINT end the run cleanly (the journal is closed);
// SIGHUP re-reads the policy file, as an edit of the file does (a broken
// file is refused and the policy in force stays). agent.toml itself is read
// at start only: what it sets (address, tokens, journal, history) takes a
// restart, which a running agent cannot do safely under its clients.

#include "agent/agentconfig.h"
#include "policy/policyconfig.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace gw::owners {
class OwnerAttribution;
}

namespace gw {

class AgentServer;
class Alerter;
class Notifier;
class DailyReporter;
class Engine;
class Enforcer;
class HistoryService;
class PolicyService;
class QuitOnSignals;
class Source;

class AgentApp final : public QObject
{
    Q_OBJECT
public:
    // The command line, as given (checked by start()).
    struct Options
    {
        static constexpr auto kDefaultConfigPath = "/etc/gpuwarden/agent.toml";
        // --config; absent: kDefaultConfigPath, or with --demo the built-in
        // settings (loopback, port 9807, no journal or history) and a token
        // made for the run, printed on stderr.
        std::optional<QString> configPath;
        std::optional<QString> policyPath; // --policy
        bool demo = false;
        std::optional<QString> demoServer; // --demo-server; needs --demo (absent: 1)
        // --demo-past: hours of the demo's past to fill in first (needs --demo).
        std::optional<QString> demoPast;
        std::optional<QString> port;
        // gpuwarden-cli, for the daily report's PDF.
        QString cliPath;
    };

    // `gpuwarden-agent token …` and `gpuwarden-agent doctor …`
    // (agent/tokencommand.h, agent/doctor.h), run with an application of
    // their own: the exit code; absent when argv names neither.
    static std::optional<int> runCommand(int argc, char* argv[]);

    explicit AgentApp(Options options, QObject* parent = nullptr);
    ~AgentApp() override;

    // Reads and checks everything, listens and starts sampling. 0 when the
    // agent runs; else the exit code (2: a configuration, policy or option
    // refused; 1: cannot listen), with the reason on stderr.
    int start();
    // start(), the event loop until SIGTERM/SIGINT, stop(): the exit code.
    int run();
    // Stops sampling and closes the journal and the history.
    void stop();
    // What SIGHUP does: re-reads agent.toml's tokens (`gpuwarden-agent
    // token new` / `revoke` edit them) and the policy file, if there is one.
    void hangUp();

    AgentServer* server() const { return m_server.get(); }

    // --demo-past: at most a day (the journal's default retention).
    static constexpr int kMaxDemoPastHours = 24;
    // While the demo's past is filled in, the journal reserves this many
    // numbers ahead (a day of one demo server is ~3,200 readings), so no
    // reading of it waits for a reservation: after a crash during the fill
    // at most this many numbers are skipped.
    static constexpr quint64 kDemoPastReserveAhead = 8192;
    // The next part of the past waits while this many readings are still
    // queued for the HTTP side or the history writer.
    static constexpr qint64 kDemoPastBacklog = 4096;

private:
    void reloadTokens();
    bool loadConfig();
    // --demo-server: 1..kMaxServers, with --demo only; 0 (said on stderr) when refused.
    int demoServerOption() const;
    // --demo-past: 1..kMaxDemoPastHours, 0 without it, -1 (said on stderr) when refused.
    int demoPastOption() const;
    void startSource(int demoServer, int pastHours);
    bool loadPolicy();
    void openJournal();
    void wirePolicies();
    void startDailyReport(int demoServer);

    Options m_options;
    std::optional<AgentConfig> m_config;
    QString m_policyPath;
    PolicyConfig m_policy;
    std::unique_ptr<AgentServer> m_server;
    std::unique_ptr<HistoryService> m_history;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<PolicyService> m_policyService;
    std::unique_ptr<Enforcer> m_enforcer;
    std::unique_ptr<Alerter> m_alerter;
    std::unique_ptr<Notifier> m_notifier; // notices to owners ([contacts])
    std::unique_ptr<Source> m_source;
    // Who owns each process of this machine's readings: the [owners] rules of
    // the policy in force go here (null in the demo).
    std::shared_ptr<owners::OwnerAttribution> m_owners;
    int m_demoPastHours = 0;
    qint64 m_lastJournaledReadingMs = 0; // 0: none (no journal, or an empty one)
    std::unique_ptr<DailyReporter> m_reporter;
    std::unique_ptr<QuitOnSignals> m_signals;
    bool m_stopped = false;
};

} // namespace gw
