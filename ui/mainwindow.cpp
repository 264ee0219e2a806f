#include "mainwindow.h"

#include "chartpanel.h"
#include "engine/fleet.h"
#include "fleetmodel.h"
#include "historychart.h"
#include "model/metrics.h"
#include "model/units.h"
#include "processmodel.h"
#include "remote/serverlist.h"
#include "roles.h"
#include "serversdialog.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <chrono>

namespace gw {

namespace {
using namespace std::chrono_literals;
constexpr auto kChartRefresh = 1s;
constexpr int kGpuPage = 0;
constexpr int kHostPage = 1;

enum HostRow
{
    HostName,
    HostBackend,
    HostCpu,
    HostMemory,
    HostDisk,
    HostCgroupMemory,
    HostCgroupCpu,
    HostGpus,
    HostWarnings,
    HostRowCount
};
} // namespace

MainWindow::MainWindow(Fleet* fleet, QWidget* parent)
    : QMainWindow(parent)
    , m_fleet(fleet)
    , m_fleetModel(new FleetModel(fleet, this))
    , m_processModel(new ProcessModel(this))
    , m_processProxy(new QSortFilterProxyModel(this))
{
    setWindowTitle(tr("GPU Warden"));
    m_processProxy->setSourceModel(m_processModel);
    m_processProxy->setSortRole(SortRole);
    m_processProxy->setFilterKeyColumn(-1);
    m_processProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    buildUi();

    connect(m_fleet, &Fleet::serverUpdated, this, &MainWindow::onServerUpdated);
    // Something to look at as soon as it appears: the first server (its host
    // page, which is all there is without a GPU), then its first GPU. A
    // selection the user made is never moved.
    connect(m_fleetModel, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex& parent, int first) {
                if (!m_autoSelect)
                    return;
                if (!parent.isValid() && m_server.isEmpty()) {
                    selectServer(m_fleetModel->index(first, 0).data(ServerRole).toString());
                } else if (parent.isValid() && m_gpuUuid.isEmpty() &&
                           parent.data(ServerRole).toString() == m_server) {
                    selectGpu(m_server,
                              m_fleetModel->index(first, 0, parent).data(GpuUuidRole).toString());
                }
            });
    m_chartTimer = new QTimer(this);
    m_chartTimer->setInterval(kChartRefresh);
    connect(m_chartTimer, &QTimer::timeout, this, &MainWindow::refreshCharts);
    m_chartTimer->start();
    resize(1280, 820);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi()
{
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    m_serversAction = fileMenu->addAction(tr("&Servers…"), this, [this] { showServersDialog(); });
    m_serversAction->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    m_serversAction->setEnabled(false);
    fileMenu->addSeparator();
    auto* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About GPU Warden"), this, [this] {
        QMessageBox::about(
            this, tr("About GPU Warden"),
            tr("<b>GPU Warden</b> %1<br>Monitoring and admin for shared GPU servers.")
                .arg(QStringLiteral(GW_VERSION)));
    });

    // Left: the fleet.
    m_tree = new QTreeView;
    m_tree->setModel(m_fleetModel);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    for (int c = FleetModel::NameColumn; c < FleetModel::ColumnCount; ++c)
        m_tree->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_tree->setMinimumWidth(280);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onSelectionChanged);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, &MainWindow::showFleetMenu);

    // Right: banner, title + window, charts or host page, processes.
    m_banner = new QLabel;
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setFrameShape(QFrame::StyledPanel);
    m_banner->setContentsMargins(8, 6, 8, 6);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_banner->setForegroundRole(QPalette::ToolTipText);
    m_banner->hide();

    m_title = new QLabel;
    QFont tf = m_title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.3);
    tf.setBold(true);
    m_title->setFont(tf);
    m_subtitle = new QLabel;
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_window = new QComboBox;
    for (int minutes : {5, 15, 60})
        m_window->addItem(tr("Last %n min", nullptr, minutes), minutes);
    m_window->setCurrentIndex(1);
    m_window->setToolTip(tr("Time window of the charts"));
    connect(m_window, &QComboBox::currentIndexChanged, this, &MainWindow::refreshCharts);

    auto* titleRow = new QHBoxLayout;
    auto* titles = new QVBoxLayout;
    titles->addWidget(m_title);
    titles->addWidget(m_subtitle);
    titleRow->addLayout(titles, 1);
    titleRow->addWidget(m_window, 0, Qt::AlignTop);

    auto* gpuPage = new QWidget;
    auto* grid = new QGridLayout(gpuPage);
    grid->setContentsMargins(0, 0, 0, 0);
    int i = 0;
    for (MetricId m : {MetricId::GpuUtilization, MetricId::GpuMemoryUsed, MetricId::GpuTemperature,
                       MetricId::GpuPower}) {
        auto* chart = new ChartPanel(m);
        m_charts.append(chart);
        grid->addWidget(chart, i / 2, i % 2);
        ++i;
    }
    m_gpuDetails = new QLabel;
    m_gpuDetails->setWordWrap(true);
    m_gpuDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_gpuDetails, 2, 0, 1, 2);

    auto* hostPage = new QWidget;
    m_hostForm = new QFormLayout(hostPage);
    m_hostForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const QStringList labels{tr("Host"),       tr("Backend"),  tr("CPU"),
                             tr("Memory"),     tr("Disk I/O"), tr("Cgroup memory"),
                             tr("Cgroup CPU"), tr("GPUs"),     tr("Warnings")};
    for (int r = 0; r < HostRowCount; ++r) {
        auto* value = new QLabel;
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_hostValues.append(value);
        m_hostForm->addRow(labels[r] + QLatin1Char(':'), value);
    }

    m_pages = new QStackedWidget;
    m_pages->addWidget(gpuPage);
    m_pages->addWidget(hostPage);

    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_banner);
    topLayout->addLayout(titleRow);
    topLayout->addWidget(m_pages, 1);

    m_filter = new QLineEdit;
    m_filter->setPlaceholderText(tr("Filter processes by user, command, pid…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_processProxy,
            &QSortFilterProxyModel::setFilterFixedString);
    m_processes = new QTableView;
    m_processes->setModel(m_processProxy);
    m_processes->setSortingEnabled(true);
    m_processes->sortByColumn(ProcessModel::MemoryColumn, Qt::DescendingOrder);
    m_processes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_processes->setAlternatingRowColors(true);
    m_processes->verticalHeader()->hide();
    m_processes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_processes->horizontalHeader()->setSectionResizeMode(ProcessModel::CommandColumn,
                                                          QHeaderView::Stretch);
    auto* bottom = new QWidget;
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_filter);
    bottomLayout->addWidget(m_processes);

    m_views = new QTabWidget;
    m_views->setDocumentMode(true);
    m_views->addTab(top, tr("Live"));

    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(m_views);
    right->addWidget(bottom);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_tree);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({520, 760});
    setCentralWidget(split);

    m_statusBackend = new QLabel(tr("Starting…"));
    // A long backend message is clipped (full text in the tooltip) rather
    // than squeezing the update time.
    m_statusBackend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_statusUpdated = new QLabel;
    m_statusUpdated->setMinimumWidth(m_statusUpdated->fontMetrics().horizontalAdvance(
                                         tr("Updated %1").arg(QStringLiteral("00:00:00"))) +
                                     8);
    statusBar()->addWidget(m_statusBackend, 1);
    m_statusHistory = new QLabel;
    m_statusHistory->hide();
    statusBar()->addPermanentWidget(m_statusHistory);
    statusBar()->addPermanentWidget(m_statusUpdated);
}

QString MainWindow::statusText() const
{
    return m_statusBackend->text();
}

int MainWindow::windowMinutes() const
{
    return m_window->currentData().toInt();
}

void MainWindow::setWindowMinutes(int minutes)
{
    const int i = m_window->findData(minutes);
    if (i >= 0)
        m_window->setCurrentIndex(i);
}

void MainWindow::setProcessFilter(const QString& text)
{
    m_filter->setText(text);
}

namespace {
// The History tab offers every per-GPU and host row of the metric table.
QList<const MetricDef*> historyMetrics()
{
    QList<const MetricDef*> out;
    for (const MetricDef& d : metricTable()) {
        if (d.target != MetricTarget::Process)
            out.append(&d);
    }
    return out;
}
constexpr qint64 kDefaultHistorySpanMs = 24LL * 3600 * 1000;
} // namespace

void MainWindow::setHistory(HistoryProvider* history)
{
    if (m_history || !history)
        return;
    m_history = history;
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 4, 0, 0);
    auto* row = new QHBoxLayout;
    m_historyMetric = new QComboBox;
    for (const MetricDef* d : historyMetrics())
        m_historyMetric->addItem(metricTitle(*d), int(d->id));
    row->addWidget(new QLabel(tr("Show:")));
    row->addWidget(m_historyMetric);
    row->addStretch(1);
    layout->addLayout(row);
    m_historyChart = new HistoryChart(history);
    m_historyChart->followNow(kDefaultHistorySpanMs);
    layout->addWidget(m_historyChart, 1);
    m_views->addTab(page, tr("History"));
    connect(m_historyMetric, &QComboBox::currentIndexChanged, this, [this] {
        m_historyServer.clear(); // force a new series set
        updateHistorySeries();
    });
    updateHistorySeries();
}

void MainWindow::showHistory(int metricIndex)
{
    if (!m_historyChart)
        return;
    m_views->setCurrentIndex(1);
    m_historyMetric->setCurrentIndex(metricIndex);
}

void MainWindow::updateHistorySeries()
{
    if (!m_historyChart || m_server.isEmpty())
        return;
    const Snapshot* s = m_fleet->latest(m_server);
    QStringList gpus;
    if (s) {
        for (const auto& g : s->gpus)
            gpus.append(g.uuid);
    }
    // Only when the server or its GPUs change: a new series set restarts the
    // chart's queries.
    if (m_historyServer == m_server && m_historyGpus == gpus)
        return;
    m_historyServer = m_server;
    m_historyGpus = gpus;
    const MetricDef* found = findMetric(MetricId(m_historyMetric->currentData().toInt()));
    const MetricDef& choice = found ? *found : metricTable().front();
    QList<HistorySeries> series;
    if (choice.target == MetricTarget::Gpu) {
        for (const auto& g : s ? s->gpus : QList<GpuSample>()) {
            HistorySeries hs;
            hs.key = SeriesKey{m_server, g.uuid, choice.id};
            hs.name = tr("GPU %1").arg(g.index);
            series.append(hs);
        }
    } else {
        HistorySeries hs;
        hs.key = SeriesKey{m_server, QStringLiteral("host"), choice.id};
        hs.name = m_server;
        series.append(hs);
    }
    m_historyChart->setTitle(tr("%1 — %2").arg(metricTitle(choice), m_server));
    m_historyChart->setSeries(series);
}

void MainWindow::showHistoryError(const QString& message)
{
    m_statusHistory->setText(tr("History off: %1").arg(message));
    m_statusHistory->setToolTip(message);
    m_statusHistory->setForegroundRole(QPalette::BrightText);
    m_statusHistory->setVisible(!message.isEmpty());
}

void MainWindow::setBackendStatus(const QString& message)
{
    m_backendMessage = message;
    updateStatusLine();
    updateBanner();
}

void MainWindow::setSourceStatus(const QString& source, const QString& message)
{
    if (message.isEmpty())
        m_sourceStatus.remove(source);
    else
        m_sourceStatus.insert(source, message);
    updateStatusLine();
}

void MainWindow::updateStatusLine()
{
    QStringList lines;
    if (!m_backendMessage.isEmpty())
        lines.append(m_backendMessage);
    lines += m_sourceStatus.values();
    m_statusBackend->setText(lines.join(QStringLiteral(" · ")));
    m_statusBackend->setToolTip(lines.join(QLatin1Char('\n')));
}

void MainWindow::updateBanner()
{
    // No GPU anywhere and the source said why: say it plainly, keep the host.
    bool anyGpu = false;
    bool anyServer = false;
    for (const auto& server : m_fleet->servers()) {
        if (const Snapshot* s = m_fleet->latest(server)) {
            anyServer = true;
            anyGpu = anyGpu || !s->gpus.isEmpty();
        }
    }
    QStringList parts;
    if (anyServer && !anyGpu)
        parts.append(tr("<b>No GPU found on this machine.</b> Showing the host only.<br>%1")
                         .arg(m_backendMessage.toHtmlEscaped()));
    if (!m_keychainErrors.isEmpty())
        parts.append(tr("<b>Keychain:</b> %1<br>These servers are asked without a token until "
                        "the keychain answers; File → Servers… stores tokens again.")
                         .arg(m_keychainErrors.join(QStringLiteral("<br>")).toHtmlEscaped()));
    m_banner->setText(parts.join(QStringLiteral("<br>")));
    m_banner->setVisible(!parts.isEmpty());
}

void MainWindow::showKeychainErrors(const QStringList& errors)
{
    m_keychainErrors = errors;
    updateBanner();
}

void MainWindow::selectServer(const QString& server)
{
    const QModelIndex idx = m_fleetModel->serverIndex(server);
    if (!idx.isValid())
        return;
    m_programmatic = true;
    m_tree->setCurrentIndex(idx);
    m_programmatic = false;
}

void MainWindow::selectGpu(const QString& server, const QString& uuid)
{
    const QModelIndex idx = m_fleetModel->gpuIndex(server, uuid);
    if (!idx.isValid())
        return;
    m_tree->expand(idx.parent());
    m_programmatic = true;
    m_tree->setCurrentIndex(idx);
    m_programmatic = false;
}

void MainWindow::onSelectionChanged()
{
    if (!m_programmatic)
        m_autoSelect = false;
    const QModelIndex idx = m_tree->currentIndex();
    m_server = idx.data(ServerRole).toString();
    m_gpuUuid = idx.data(GpuUuidRole).toString();
    m_processModel->clear();
    if (!m_server.isEmpty())
        onServerUpdated(m_server);
    refreshCharts();
}

void MainWindow::onServerUpdated(const QString& server)
{
    updateBanner();
    if (server != m_server)
        return;
    const Snapshot* s = m_fleet->latest(server);
    if (!s) {
        // A remote server that has not answered yet: who it is and why not.
        m_title->setText(server);
        m_subtitle->setText(connectionText(server));
        m_pages->setCurrentIndex(kHostPage);
        for (QLabel* value : std::as_const(m_hostValues))
            value->setText(notAvailable());
        return;
    }
    updateHistorySeries();
    m_statusUpdated->setText(tr("Updated %1")
                                 .arg(QDateTime::fromMSecsSinceEpoch(s->timestampMs)
                                          .toString(QStringLiteral("HH:mm:ss"))));
    m_processModel->setSnapshot(*s, m_gpuUuid);
    if (m_gpuUuid.isEmpty()) {
        m_pages->setCurrentIndex(kHostPage);
        showServer(*s);
    } else {
        m_pages->setCurrentIndex(kGpuPage);
        showGpuHeader(*s, m_gpuUuid);
    }
}

void MainWindow::showServer(const Snapshot& s)
{
    const HostSample& h = s.host;
    m_title->setText(s.server);
    QString subtitle = tr("%n GPU(s), %1 process(es) on GPUs", nullptr, int(s.gpus.size()))
                           .arg(s.processes.size());
    if (const QString link = connectionText(s.server); !link.isEmpty())
        subtitle += QStringLiteral(" · ") + link;
    m_subtitle->setText(subtitle);
    m_window->setEnabled(false);
    auto set = [this](int row, const QString& text) {
        m_hostValues[row]->setText(text);
    };
    set(HostName, h.hostname.isEmpty() ? notAvailable() : h.hostname);
    set(HostBackend, m_backendMessage.isEmpty() ? s.backend : m_backendMessage);
    set(HostCpu, h.cpuCount
                     ? tr("%1 of %n core(s)", nullptr, *h.cpuCount).arg(formatPercent(h.cpuPercent))
                     : formatPercent(h.cpuPercent));
    auto bytes = [](const std::optional<quint64>& v) {
        return v ? std::optional<double>(double(*v)) : std::nullopt;
    };
    set(HostMemory,
        tr("%1 used of %2")
            .arg(formatBytes(bytes(h.memoryUsedBytes)), formatBytes(bytes(h.memoryTotalBytes))));
    set(HostDisk, tr("read %1, write %2")
                      .arg(formatBytesPerSec(h.diskReadBytesPerSec),
                           formatBytesPerSec(h.diskWriteBytesPerSec)));
    set(HostCgroupMemory,
        h.cgroupMemoryLimitBytes
            ? tr("%1 used of %2 limit (cgroup %3)")
                  .arg(formatBytes(bytes(h.cgroupMemoryUsedBytes)),
                       formatBytes(bytes(h.cgroupMemoryLimitBytes)), h.cgroupVersion)
            : (h.cgroupVersion.isEmpty() ? tr("not in a limited cgroup")
                                         : tr("no limit (cgroup %1)").arg(h.cgroupVersion)));
    set(HostCgroupCpu, h.cgroupCpuLimitCores
                           ? tr("%1 cores").arg(QString::number(*h.cgroupCpuLimitCores, 'f', 2))
                           : tr("no limit"));
    QStringList gpus;
    for (const auto& g : s.gpus)
        gpus.append(tr("GPU %1: %2").arg(g.index).arg(g.name));
    set(HostGpus, gpus.isEmpty() ? tr("none") : gpus.join(QLatin1Char('\n')));
    set(HostWarnings, s.warnings.isEmpty() ? tr("none") : s.warnings.join(QLatin1Char('\n')));
}

void MainWindow::showGpuHeader(const Snapshot& s, const QString& uuid)
{
    const GpuSample* g = s.gpuByUuid(uuid);
    if (!g)
        return;
    m_window->setEnabled(true);
    m_title->setText(tr("%1 · GPU %2 · %3").arg(s.server).arg(g->index).arg(g->name));
    m_subtitle->setText(g->pciBusId.isEmpty() ? g->uuid
                                              : g->uuid + QStringLiteral(" · ") + g->pciBusId);
    QStringList parts{
        tr("Utilisation %1").arg(formatPercent(g->utilizationGpuPercent)),
        tr("memory %1 / %2").arg(formatMiB(g->memoryUsedMiB), formatMiB(g->memoryTotalMiB)),
        tr("power %1 of %2").arg(formatWatts(g->powerW), formatWatts(g->powerLimitW)),
        tr("SM clock %1").arg(formatMHz(g->smClockMHz)),
        tr("fan %1").arg(formatPercent(g->fanPercent)),
        tr("persistence %1")
            .arg(!g->persistenceMode   ? notAvailable()
                 : *g->persistenceMode ? tr("on")
                                       : tr("off")),
    };
    QString text = parts.join(QStringLiteral(" · "));
    if (!g->error.isEmpty())
        text = tr("<b>Error:</b> %1").arg(g->error.toHtmlEscaped()) + QStringLiteral("<br>") + text;
    m_gpuDetails->setText(text);
    m_charts[1]->setYMaximum(g->memoryTotalMiB.value_or(0));
    m_charts[3]->setYMaximum(g->powerLimitW ? *g->powerLimitW : 0);
}

QString MainWindow::connectionText(const QString& server) const
{
    const LinkStatus* link = m_fleet->connection(server);
    if (!link)
        return {};
    QString text = linkStateText(link->state);
    if (!link->error.isEmpty())
        text += QStringLiteral(": ") + link->error;
    if (link->clockOffsetMs != 0)
        text += QStringLiteral(" · ") + clockOffsetText(link->clockOffsetMs);
    return text;
}

void MainWindow::setServerList(ServerList* list)
{
    m_serverList = list;
    m_serversAction->setEnabled(list != nullptr);
}

ServersDialog* MainWindow::showServersDialog()
{
    if (!m_serverList)
        return nullptr;
    if (!m_serversDialog) {
        m_serversDialog = new ServersDialog(m_serverList, m_fleet, this);
        m_serversDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_serversDialog, &ServersDialog::serversChanged, m_serverList,
                &ServerList::resolve);
    }
    if (!m_server.isEmpty())
        m_serversDialog->selectServer(m_server);
    m_serversDialog->show();
    m_serversDialog->raise();
    m_serversDialog->activateWindow();
    return m_serversDialog;
}

void MainWindow::showFleetMenu(const QPoint& pos)
{
    const QModelIndex idx = m_tree->indexAt(pos);
    if (!m_serverList || !idx.isValid() || !idx.data(LinkStateRole).isValid())
        return;
    const QString server = idx.data(ServerRole).toString();
    QMenu menu(this);
    menu.addAction(tr("Edit Server…"), this, [this, server] {
        selectServer(server);
        showServersDialog();
    });
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

void MainWindow::refreshCharts()
{
    if (m_gpuUuid.isEmpty() || m_pages->currentIndex() != kGpuPage || !isVisible())
        return;
    const qint64 to = m_fleet->newestTimestampMs();
    const qint64 from = to - qint64(windowMinutes()) * 60'000;
    m_charts[0]->setYMaximum(100);
    for (ChartPanel* c : std::as_const(m_charts))
        c->setPoints(
            m_fleet->history().series(m_server, m_gpuUuid, c->metric(), from, to, c->pixelWidth()),
            from, to);
}

} // namespace gw
