#pragma once

// The desktop's window, five pages: the fleet overview (every GPU at once,
// the default), the processes of all servers, the details of one server, and
// the policy events (timeline and table; eventBook() is fed by the policy
// service or the agents). The details page has the server tree on the left;
// on the right the Live tab (a GPU's charts or a server's host page under a
// title line), the History tab and the selection's processes. The status
// line below. Builds and wires the pages;
// each page shows what it is given.

#include "coord/gpuselection.h"
#include "policy/policyconfig.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <functional>

class QLabel;
class QSettings;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTimer;

namespace gw {

class LiveState;
class HistoryChart;
class HistoryPage;
class HistoryProvider;
class HostPage;
class LiveGpuPage;
class LiveHeader;
class ProcessModel;
class ProcessPane;
class ServerList;
class ServersDialog;
class ServerTree;
class ServerTreeModel;
class OverviewPage;
class PolicyDialog;
struct PolicyTarget;
class FindGpusDialog;
class ReservationsView;
struct RemoteServer;
class FleetProcessPage;
class StateLegend;
class StatusLine;
class EventBook;
class EventsPage;
class VerdictBook;
class AgentBooks;
class TokenBook;
class TokensView;
class EnforcementTab;
class FairShareModel;
class FairShareView;
class ReportDialog;
class DesktopStores;
struct PolicyEvent;
struct Snapshot;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    // Shows `fleet` and the `stores` beside it; both outlive the window.
    MainWindow(LiveState* fleet, DesktopStores* stores, QWidget* parent = nullptr);
    ~MainWindow() override;

    ServerTreeModel* serverTreeModel() const { return m_treeModel; }
    ProcessModel* processModel() const;
    QSortFilterProxyModel* processProxy() const;
    ServerTree* serverTree() const { return m_tree; }
    LiveGpuPage* liveGpuPage() const { return m_gpuPage; }
    HostPage* hostPage() const { return m_hostPage; }
    StatusLine* statusLine() const { return m_statusLine; }
    LiveHeader* liveHeader() const { return m_header; }
    ProcessPane* processPane() const { return m_processes; }
    StateLegend* legend() const { return m_legend; }
    QLabel* banner() const;
    QString statusText() const;
    int windowMinutes() const;

    OverviewPage* overviewPage() const { return m_overview; }
    FleetProcessPage* fleetProcessPage() const { return m_fleetProcesses; }
    // The four pages; selectServer() and selectGpu() show the details.
    void showOverview();
    void showFleetProcesses();
    void showDetails();
    void showEvents();
    bool eventsShown() const;
    EventsPage* eventsPage() const { return m_events; }
    // The token books (Ctrl+5): the keeper's among the watched agents
    // (AgentBooks, polled once the page was shown), else the desktop's own.
    void showTokens();
    bool tokensShown() const;
    TokensView* tokensView(); // made on first use
    // The Tokens page's second tab: each agent's enforcement candidates,
    // decisions and audit log (made with the view).
    EnforcementTab* enforcementTab();
    FairShareView* fairShareView(); // the Tokens page's third tab
    QTabWidget* tokensTabs() const { return m_tokensTabs; }
    // The price editor's "Adopt": the policy dialog of the books' keeper
    // (or this computer's) with those prices in its text, to review and save.
    PolicyDialog* adoptPrices(const gw::PolicyConfig::Tokens& rules);
    TokenBook* tokenBook() const { return m_tokenBook; }
    AgentBooks* agentBooks() const { return m_agentBooks; }
    // The policy events and current verdicts the window shows (the stores').
    EventBook* eventBook() const { return m_eventBook; }
    VerdictBook* verdictBook() const { return m_verdictBook; }
    // The agents' reservations and waiting callers (fed from AgentLinks),
    // shown on the GPU page, in the tree and used by Find GPUs.
    ReservationsView* reservations() const { return m_reservations; }
    bool detailsShown() const;
    bool overviewShown() const;
    // What the Details page shows: a server, and its GPU (empty: the
    // server itself).
    QString selectedServer() const { return m_server; }
    QString selectedGpu() const { return m_gpuUuid; }

    void selectServer(const QString& server);
    void selectGpu(const QString& server, const QString& uuid);
    void setWindowMinutes(int minutes);
    void setProcessFilter(const QString& text);

    // Where the history charts read from (null: no history).
    void setHistory(HistoryProvider* history);
    HistoryProvider* history() const { return m_history; }
    HistoryChart* historyChart() const;
    // Switches to the History tab with one of its metrics (a row of its
    // metric choice).
    void showHistory(int metricIndex);
    // Switches to the History tab at a fixed range (the selection's GPU).
    void showHistoryRange(qint64 fromMs, qint64 toMs);
    // An event from the Events page: its GPU (or server) and the History tab
    // at its range.
    void openEvent(const gw::PolicyEvent& event);

    // The remote servers the admin manages (File → Servers…); null: none.
    void setServerList(ServerList* list);
    // Opens (or raises) the Servers dialog, modeless.
    ServersDialog* showServersDialog();

    // Tools → Policy…: the agents (with their tokens) whose policy the
    // dialog can edit; a selected server that is none of them is this
    // computer. Opens the dialog for the selected server, modeless.
    void setPolicyAgents(std::function<QList<RemoteServer>()> agents);
    // The desktop's preferences (--settings), where this computer's policy
    // path is read (gw::localPolicyPath); unset: the user's settings.
    void setSettings(QSettings* settings);
    // The policy in force here when no agent is selected: the session sets
    // the demo's (in memory); unset, this computer's file.
    void setLocalPolicyTarget(std::function<PolicyTarget()> target);
    PolicyTarget localPolicyTarget() const;
    PolicyDialog* showPolicyDialog();
    PolicyDialog* openPolicyDialog(const PolicyTarget& target);

    // Tools → Find GPUs… (Ctrl+F): where a job of N GPUs would run now,
    // ranked live over the fleet with the weights of the policy in force
    // (setSelectionWeights; defaults otherwise). Opens (or raises) it, modeless.
    void setSelectionWeights(const SelectionWeights& weights);
    FindGpusDialog* showFindGpusDialog();

    // File → Report… (Ctrl+R): a report over a range built from the record.
    // The dialog reads `historyFile` (the desktop's history, kept complete
    // by the agents' backfill) under the policy `policy` answers when it
    // opens. Opens (or raises) it, modeless.
    void setReportSources(const QString& historyFile,
                          std::function<std::optional<PolicyConfig>()> policy);
    ReportDialog* showReportDialog();

Q_SIGNALS:
    // The policy dialog saved this computer's policy file: the local
    // policies take it from now on.
    void localPolicySaved(const QString& path);
    // The policy dialog applied a policy to the demo (nothing written): the
    // demo's policies take it from now on.
    void demoPolicySaved(const QString& text);

public:
public Q_SLOTS:
    // The backend line from the source: shown in the status bar, and in the
    // banner when no GPU is found.
    void setBackendStatus(const QString& message);
    // The line of another source (a Prometheus server) beside the backend's;
    // an empty message removes it.
    void setSourceStatus(const QString& source, const QString& message);
    void refreshCharts();
    // History could not be opened or written: shown in the status bar; live
    // monitoring goes on.
    void showHistoryError(const QString& message);
    // Tokens the keychain could not give: shown in the banner, one per line
    // (the servers are watched without them meanwhile). Empty: all is well.
    void showKeychainErrors(const QStringList& errors);

private:
    // Hands the Tokens view the books it shows: the keeper's, else our own.
    void showBooks();
    void addPage(QWidget* page, const QString& title);
    QWidget* tabOf(const QWidget* page) const; // the top tab that holds `page`
    void buildMenus();
    void buildUi();
    void buildViewMenu();
    void onSelected(const QString& server, const QString& gpuUuid);
    void onServerUpdated(const QString& server);

    LiveState* m_fleet;
    ServerTreeModel* m_treeModel;

    ServerTree* m_tree = nullptr;
    StateLegend* m_legend = nullptr;
    LiveHeader* m_header = nullptr;
    QStackedWidget* m_pages = nullptr;
    LiveGpuPage* m_gpuPage = nullptr;
    HostPage* m_hostPage = nullptr;
    ProcessPane* m_processes = nullptr;
    StatusLine* m_statusLine = nullptr;
    QTabWidget* m_views = nullptr;
    QTabWidget* m_top = nullptr;
    QHash<const QWidget*, QWidget*> m_pageTabs; // page → its scroll area in m_top
    OverviewPage* m_overview = nullptr;
    FleetProcessPage* m_fleetProcesses = nullptr;
    QWidget* m_details = nullptr;
    EventBook* m_eventBook = nullptr;
    VerdictBook* m_verdictBook = nullptr;
    ReservationsView* m_reservations = nullptr;
    EventsPage* m_events = nullptr;
    TokenBook* m_tokenBook = nullptr;
    FairShareModel* m_fairShare = nullptr;
    QPointer<ReportDialog> m_report;
    QString m_reportHistory;
    std::function<std::optional<PolicyConfig>()> m_reportPolicy;
    AgentBooks* m_agentBooks = nullptr;
    QWidget* m_tokensPage = nullptr;
    QTabWidget* m_tokensTabs = nullptr;
    TokensView* m_tokens = nullptr;
    EnforcementTab* m_enforcement = nullptr;
    FairShareView* m_fairShareView = nullptr; // the Tokens page's "Fair share" tab
    HistoryProvider* m_history = nullptr;
    HistoryPage* m_historyPage = nullptr;
    QTimer* m_chartTimer = nullptr;
    ServerList* m_serverList = nullptr;
    QSettings* m_settings = nullptr;
    QAction* m_serversAction = nullptr;
    QPointer<ServersDialog> m_serversDialog;
    std::function<QList<RemoteServer>()> m_policyAgents;
    std::function<PolicyTarget()> m_localPolicyTarget;
    QPointer<FindGpusDialog> m_findGpus;
    SelectionWeights m_weights;

    QString m_server;
    QString m_gpuUuid; // empty: the server itself is selected
};

} // namespace gw
