#pragma once

#include <QMainWindow>
#include <QMap>
#include <QPointer>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QTabWidget;
class QTimer;
class QTreeView;

namespace gw {

class ChartPanel;
class HistoryChart;
class HistoryProvider;
class LiveState;
class FleetModel;
class ProcessModel;
class ServerList;
class ServersDialog;
struct Snapshot;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(LiveState* fleet, QWidget* parent = nullptr);
    ~MainWindow() override;

    FleetModel* fleetModel() const { return m_fleetModel; }
    ProcessModel* processModel() const { return m_processModel; }
    QSortFilterProxyModel* processProxy() const { return m_processProxy; }
    QTreeView* fleetView() const { return m_tree; }
    QList<ChartPanel*> charts() const { return m_charts; }
    QLabel* banner() const { return m_banner; }
    QString statusText() const;
    int windowMinutes() const;

    void selectServer(const QString& server);
    void selectGpu(const QString& server, const QString& uuid);
    void setWindowMinutes(int minutes);
    void setProcessFilter(const QString& text);

    // Where the history charts read from (null: no history).
    void setHistory(HistoryProvider* history);
    HistoryProvider* history() const { return m_history; }
    HistoryChart* historyChart() const { return m_historyChart; }
    // Switches to the History tab with one of its metrics (index into
    // historyMetrics()).
    void showHistory(int metricIndex);

    // The remote servers the admin manages (File → Servers…); null: none.
    void setServerList(ServerList* list);
    // Opens (or raises) the Servers dialog, modeless.
    ServersDialog* showServersDialog();

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
    void buildUi();
    void onSelectionChanged();
    void onServerUpdated(const QString& server);
    void showServer(const Snapshot& s);
    void showGpuHeader(const Snapshot& s, const QString& uuid);
    // The connection line of a remote server; empty for local sources.
    QString connectionText(const QString& server) const;
    void showFleetMenu(const QPoint& pos);
    void updateBanner();
    void updateStatusLine();
    void updateHistorySeries();

    LiveState* m_fleet;
    FleetModel* m_fleetModel;
    ProcessModel* m_processModel;
    QSortFilterProxyModel* m_processProxy;

    QTreeView* m_tree = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_subtitle = nullptr;
    QComboBox* m_window = nullptr;
    QStackedWidget* m_pages = nullptr;
    QList<ChartPanel*> m_charts;
    QLabel* m_gpuDetails = nullptr;
    QFormLayout* m_hostForm = nullptr;
    QList<QLabel*> m_hostValues;
    QLineEdit* m_filter = nullptr;
    QTableView* m_processes = nullptr;
    QLabel* m_statusBackend = nullptr;
    QLabel* m_statusUpdated = nullptr;
    QLabel* m_statusHistory = nullptr;
    HistoryProvider* m_history = nullptr;
    QTabWidget* m_views = nullptr;
    QComboBox* m_historyMetric = nullptr;
    HistoryChart* m_historyChart = nullptr;
    QString m_historyServer;
    QStringList m_historyGpus;
    QTimer* m_chartTimer = nullptr;
    ServerList* m_serverList = nullptr;
    QAction* m_serversAction = nullptr;
    QPointer<ServersDialog> m_serversDialog;

    QString m_backendMessage;
    QStringList m_keychainErrors;
    QMap<QString, QString> m_sourceStatus;
    QString m_server;
    QString m_gpuUuid;           // empty: the server itself is selected
    bool m_autoSelect = true;    // until the user picks something
    bool m_programmatic = false; // the current selection change is ours
};

} // namespace gw
