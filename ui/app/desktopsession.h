#pragma once

// The desktop's composition root: one object that makes the parts of a
// gpuwarden run and wires them, so main() only parses and runs.
//
// It owns, in the order they are made (and so are torn down in reverse):
// the preferences (--settings), the history writer, the engine with the live
// state, the stores the window shows (events, verdicts, token books,
// reservations), the window, this machine's source (or the demo's), the
// server list with the agent links and Prometheus feeds, the policies of this
// machine with their alerts, and the local journal the policy dialog replays
// (the demo: the record of its readings' times, and its policy's text).
//
// Every consumer gets its readings through the Engine: the live state and
// the history writer from every source; the policies, the token books and
// the local journal only from this machine's source (agents judge and count
// their own, and send their events).

#include "app/desktopcommandline.h"

#include <QObject>

#include <functional>
#include <memory>

class QSettings;
class QSystemTrayIcon;

namespace gw::owners {
class OwnerAttribution;
}

namespace gw {

class AgentLinks;
class AlertNotifier;
class DemoRecord;
class DesktopStores;
class Engine;
class HistoryService;
class LiveState;
class LocalJournalRecorder;
class MainWindow;
class PolicyService;
class PrometheusFeeds;
class SecretStore;
class ServerList;
class Source;
struct PolicyConfig;
struct PolicyParseResult;

class DesktopSession final : public QObject
{
    Q_OBJECT
public:
    explicit DesktopSession(DesktopSetup setup, QObject* parent = nullptr);
    ~DesktopSession() override;

    // Shows the window (its last size, fitted to the screen; the --page
    // asked for) and starts the sources; once.
    void start();
    // start(), runs the event loop, then saves the window's size and stops
    // the sources and the history writer. The loop's exit code.
    int exec();
    // Stops the sources and the history writer (after exec(), or from the
    // destructor); once.
    void stop();

    MainWindow* window() const { return m_window.get(); }
    QSettings* settings() const { return m_settings.get(); }
    Engine* engine() const { return m_engine.get(); }
    LiveState* liveState() const { return m_state.get(); }
    DesktopStores* stores() const { return m_stores.get(); }
    LiveState* state() const { return m_state.get(); }
    // This machine's policies (null: --no-local, or the policy file could
    // not be used).
    PolicyService* policy() const { return m_policy.get(); }
    // This machine's source, or the demo's (null: --no-local).
    Source* localSource() const { return m_source.get(); }

private:
    void startHistory();
    std::function<bool()> backfillGate() const;
    void addLocalSource();
    void releaseFreedMemory();
    void addRemoteSources();
    void addServerIdentities();
    void addLocalPolicies();
    void applyLocalPolicy(const PolicyConfig& config);
    bool putInForce(const PolicyParseResult& parsed);
    void applyDemoPolicy(const QString& text);
    void addAlerts();
    void addLocalJournal();
    void showWindow();
    void openPage();

    DesktopOptions m_options;
    std::optional<AgentEndpoint> m_agent;
    std::unique_ptr<QSettings> m_settings;
    QString m_historyProblem;
    std::unique_ptr<HistoryService> m_history;
    std::unique_ptr<PolicyService> m_policy;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<LiveState> m_state;
    std::unique_ptr<DesktopStores> m_stores;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<Source> m_source;
    // This machine's owner attribution (none in the demo), for the local
    // policy's [owners].
    std::shared_ptr<owners::OwnerAttribution> m_localOwners;
    std::unique_ptr<SecretStore> m_secrets;
    std::unique_ptr<ServerList> m_servers;
    std::unique_ptr<AgentLinks> m_links;
    std::unique_ptr<PrometheusFeeds> m_prometheus;
    std::unique_ptr<QSystemTrayIcon> m_tray;
    std::unique_ptr<AlertNotifier> m_alerts;
    std::unique_ptr<LocalJournalRecorder> m_localJournal;
    // The demo's: shared with the policy dialogs' replays, which may open it
    // on their own thread.
    std::shared_ptr<DemoRecord> m_demoRecord;
    QString m_demoPolicyText;
    bool m_started = false;
    bool m_stopped = false;
};

} // namespace gw
