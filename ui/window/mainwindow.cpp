#include "window/mainwindow.h"

#include "common/themes.h"
#include "common/translations.h"

#include "charts/historychart.h"
#include "common/legend.h"
#include "engine/desktopoptions.h"
#include "engine/livestate.h"
#include "models/agentbooks.h"
#include "models/desktopstores.h"
#include "models/eventbook.h"
#include "models/fleetprocessmodel.h"
#include "models/overviewmodel.h"
#include "models/processmodel.h"
#include "models/reservationsview.h"
#include "models/roles.h"
#include "models/servertreemodel.h"
#include "models/tokenbook.h"
#include "models/verdictbook.h"
#include "remote/serverlist.h"
#include "window/enforcementtab.h"
#include "window/eventspage.h"
#include "window/fairshareview.h"
#include "window/findgpusdialog.h"
#include "window/fleetprocesspage.h"
#include "window/historypage.h"
#include "window/hostpage.h"
#include "window/livegpupage.h"
#include "window/liveheader.h"
#include "window/overviewpage.h"
#include "window/policydialog.h"
#include "window/priceeditor.h"
#include "window/processpane.h"
#include "window/reportdialog.h"
#include "window/serversdialog.h"
#include "window/servertree.h"
#include "window/statusline.h"
#include "window/tokensview.h"
#include "window/welcomepanel.h"

#include <QActionGroup>
#include <QDateTime>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <chrono>

namespace gw {

namespace {
using namespace std::chrono_literals;
constexpr auto kChartRefresh = 1s;

// Holds a page in its scroll area. A resizable QScrollArea (Qt 6.4) takes a
// height-for-width widget's size hint for its least size, so a page with a
// wrapped label (the Overview's legend) scrolled as soon as the window was
// smaller than the page would like (686 px in a 358 px view at 144 dpi: two
// scroll bars, the page's and the cards'). Through this holder, which is
// not height-for-width, a page scrolls only below its least size.
class PageHolder final : public QWidget
{
public:
    explicit PageHolder(QWidget* page)
        : m_page(page)
    {
        page->setParent(this);
    }
    QSize sizeHint() const override { return m_page->sizeHint(); }
    QSize minimumSizeHint() const override
    {
        return m_page->minimumSizeHint().expandedTo(m_page->minimumSize());
    }

protected:
    void resizeEvent(QResizeEvent*) override { m_page->setGeometry(rect()); }
    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::LayoutRequest)
            updateGeometry(); // the page's least size changed: the area's too
        return QWidget::event(e);
    }

private:
    QWidget* m_page;
};
} // namespace

MainWindow::MainWindow(LiveState* fleet, DesktopStores* stores, QWidget* parent)
    : QMainWindow(parent)
    , m_fleet(fleet)
    , m_treeModel(new ServerTreeModel(fleet, this))
    , m_eventBook(stores->events())
    , m_verdictBook(stores->verdicts())
    , m_reservations(stores->reservations())
    , m_tokenBook(stores->tokens())
    , m_fairShare(stores->fairShare())
{
    setWindowTitle(tr("GPU Warden"));
    buildMenus();
    buildUi();
    buildViewMenu();
    connect(m_fleet, &LiveState::serverUpdated, this, &MainWindow::onServerUpdated);
    // A stale selection's ages move on ("last reading 4 min ago").
    connect(m_fleet, &LiveState::staleTick, this, [this] {
        if (!m_server.isEmpty() && m_fleet->freshness(m_server).stale)
            onServerUpdated(m_server);
    });
    m_chartTimer = new QTimer(this);
    m_chartTimer->setInterval(kChartRefresh);
    connect(m_chartTimer, &QTimer::timeout, this, &MainWindow::refreshCharts);
    m_chartTimer->start();
    resize(1280, 820);
}

namespace {

// View → Language: the system's or one of uiLanguages(), from the next start.
void buildLanguageMenu(QWidget* window, QMenu* menu)
{
    // The user's choice, in their own settings (not a --settings file): it is
    // read before the command line is (common/translations.h).
    const QString chosen = chosenLanguage(QSettings());
    auto* group = new QActionGroup(menu);
    // Each action's data: the code and the language's own name.
    const auto add = [&](const QString& code, const QString& text, const QString& name) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(code == chosen);
        a->setData(QStringList{code, name});
        group->addAction(a);
    };
    const QString system = QLocale::system().nativeLanguageName();
    add({}, MainWindow::tr("&System (%1)").arg(system), system);
    menu->addSeparator();
    for (const auto& [code, name] : uiLanguages())
        add(code, name, name);
    QObject::connect(group, &QActionGroup::triggered, window, [window](QAction* a) {
        const QStringList data = a->data().toStringList();
        QSettings settings;
        if (data.value(0).isEmpty())
            settings.remove(QLatin1String(kLanguageSetting));
        else
            settings.setValue(QLatin1String(kLanguageSetting), data.value(0));
        QMessageBox::information(
            window, MainWindow::tr("Language"),
            MainWindow::tr("GPU Warden speaks %1 from its next start.").arg(data.value(1)));
    });
}

// View → Theme: the system's, light, dark or high contrast, at once.
void buildThemeMenu(QMenu* menu)
{
    const Theme chosen = chosenTheme(QSettings());
    auto* group = new QActionGroup(menu);
    for (Theme t : themes()) {
        QAction* a = menu->addAction(themeName(t));
        a->setCheckable(true);
        a->setChecked(t == chosen);
        a->setData(int(t));
        group->addAction(a);
        if (t == Theme::System)
            menu->addSeparator();
    }
    QObject::connect(group, &QActionGroup::triggered, menu, [](QAction* a) {
        const Theme t = Theme(a->data().toInt());
        QSettings settings;
        if (t == Theme::System)
            settings.remove(QLatin1String(kThemeSetting));
        else
            settings.setValue(QLatin1String(kThemeSetting), themeKey(t));
        applyTheme(t);
    });
}

} // namespace

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    m_serversAction = fileMenu->addAction(tr("&Servers…"), this, [this] { showServersDialog(); });
    m_serversAction->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    m_serversAction->setEnabled(false);
    auto* report = fileMenu->addAction(tr("&Report…"), this, [this] { showReportDialog(); });
    report->setShortcut(QKeySequence(tr("Ctrl+R")));
    fileMenu->addSeparator();
    auto* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    auto* toolsMenu = menuBar()->addMenu(tr("&Tools"));
    toolsMenu->addAction(tr("&Policy…"), this, [this] { showPolicyDialog(); });
    auto* find = toolsMenu->addAction(tr("&Find GPUs…"), this, [this] { showFindGpusDialog(); });
    find->setShortcut(QKeySequence(tr("Ctrl+F")));

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About GPU Warden"), this, [this] {
        QMessageBox::about(
            this, tr("About GPU Warden"),
            tr("<b>GPU Warden</b> %1<br>Monitoring and admin for shared GPU servers.")
                .arg(QStringLiteral(GW_VERSION)));
    });
}

void MainWindow::buildViewMenu()
{
    // Between File and Help: the pages, and the tree's expand/collapse.
    auto* viewMenu = new QMenu(tr("&View"), this);
    menuBar()->insertMenu(menuBar()->actions().value(1), viewMenu);
    const auto page = [&](const QString& text, const QString& keys, void (MainWindow::*show)()) {
        QAction* a = viewMenu->addAction(text);
        a->setShortcut(QKeySequence(keys));
        connect(a, &QAction::triggered, this, show);
    };
    page(tr("&Overview"), tr("Ctrl+1"), &MainWindow::showOverview);
    page(tr("&Processes"), tr("Ctrl+2"), &MainWindow::showFleetProcesses);
    page(tr("&Details"), tr("Ctrl+3"), &MainWindow::showDetails);
    page(tr("&Events"), tr("Ctrl+4"), &MainWindow::showEvents);
    page(tr("&Tokens"), tr("Ctrl+5"), &MainWindow::showTokens);
    viewMenu->addSeparator();
    viewMenu->addAction(m_tree->expandAllAction());
    viewMenu->addAction(m_tree->collapseAllAction());
    // The tree lives on the Details page; expanding it shows that page.
    connect(m_tree->expandAllAction(), &QAction::triggered, this, &MainWindow::showDetails);
    viewMenu->addSeparator();
    buildLanguageMenu(this, viewMenu->addMenu(tr("&Language")));
    buildThemeMenu(viewMenu->addMenu(tr("T&heme")));
}

void MainWindow::buildUi()
{
    m_tree = new ServerTree(m_treeModel);
    connect(m_tree, &ServerTree::selected, this, &MainWindow::onSelected);
    connect(m_tree, &ServerTree::editServerRequested, this, [this](const QString& server) {
        m_tree->selectServer(server);
        // That server's editor, over the list; a --source agent (not in the
        // list) leaves the list alone.
        if (ServersDialog* d = showServersDialog())
            d->editServerNamed(server);
    });

    // Right: banner, title + time window, a GPU's charts or the host page.
    m_statusLine = new StatusLine(m_fleet);
    setStatusBar(m_statusLine);
    m_header = new LiveHeader;
    connect(m_header, &LiveHeader::chartMinutesChanged, this, &MainWindow::refreshCharts);
    m_gpuPage = new LiveGpuPage(&m_fleet->history());
    m_hostPage = new HostPage;
    m_pages = new QStackedWidget;
    m_pages->addWidget(m_gpuPage);
    m_pages->addWidget(m_hostPage);

    auto* live = new QWidget;
    auto* liveLayout = new QVBoxLayout(live);
    liveLayout->setContentsMargins(0, 0, 0, 0);
    liveLayout->addWidget(m_header);
    liveLayout->addWidget(m_pages, 1);

    m_views = new QTabWidget;
    m_views->setDocumentMode(true);
    m_views->addTab(live, tr("Live"));

    m_processes = new ProcessPane;
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(m_views);
    right->addWidget(m_processes);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto* split = new QSplitter(Qt::Horizontal);
    // The tree with the legend of its marks under it.
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_tree, 1);
    m_legend = new StateLegend;
    leftLayout->addWidget(m_legend);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({520, 760});
    m_details = split;

    // The fleet at a glance comes first: an admin opens the window to see
    // every GPU at once, and goes into one server from there. It gets the
    // whole width (the tree would take a third of it and say the same).
    m_overview = new OverviewPage(m_fleet);
    connect(m_overview, &OverviewPage::gpuActivated, this, &MainWindow::selectGpu);
    connect(m_overview->welcome(), &WelcomePanel::addAgentRequested, this, [this] {
        if (ServersDialog* d = showServersDialog())
            d->addServerNow();
    });
    m_overview->welcome()->setAddAgentEnabled(m_serverList != nullptr);
    m_fleetProcesses = new FleetProcessPage(m_fleet);
    connect(m_fleetProcesses, &FleetProcessPage::openHistoryRequested, this,
            [this](const QString& server, const QString& uuid) {
                selectGpu(server, uuid);
                showHistory(0);
            });
    m_top = new QTabWidget;
    m_top->setDocumentMode(true);
    addPage(m_overview, tr("&Overview"));
    addPage(m_fleetProcesses, tr("&Processes"));
    addPage(m_details, tr("&Details"));
    // The policy events of every server: a timeline and a table.
    m_events = new EventsPage(m_eventBook);
    connect(m_events, &EventsPage::eventActivated, this, &MainWindow::openEvent);
    addPage(m_events, tr("&Events"));
    // The token books (m_tokenBook) are built by the session from the
    // readings of this machine.
    // The view (its charts) is made when the page is first shown: a
    // window that never shows it keeps the layout it had without it.
    m_tokensPage = new QWidget;
    auto* tokensLayout = new QVBoxLayout(m_tokensPage);
    tokensLayout->setContentsMargins(0, 0, 0, 0);
    addPage(m_tokensPage, tr("&Tokens"));
    connect(m_tokenBook, &TokenBook::booksChanged, this, &MainWindow::showBooks);
    // The books the agents keep: read once the page was first shown.
    m_agentBooks = new AgentBooks(this);
    m_agentBooks->setAgents(
        [this] { return m_policyAgents ? m_policyAgents() : QList<RemoteServer>(); });
    connect(m_agentBooks, &AgentBooks::changed, this, &MainWindow::showBooks);
    connect(m_top, &QTabWidget::currentChanged, this, [this] {
        if (m_top->currentWidget() == tabOf(m_tokensPage))
            tokensView();
    });
    // Verdict badges in the tree, both process tables and the overview.
    m_treeModel->setVerdicts(m_verdictBook);
    m_overview->model()->setVerdicts(m_verdictBook);
    processModel()->setVerdicts(m_verdictBook);
    m_fleetProcesses->model()->setVerdicts(m_verdictBook);
    // A server removed takes its events and verdicts along.
    connect(m_fleet, &LiveState::serverRemoved, m_eventBook, &EventBook::removeServer);
    connect(m_fleet, &LiveState::serverRemoved, m_verdictBook, &VerdictBook::removeServer);
    // Reservations: the tree's GPU rows, the GPU page of the selection.
    m_treeModel->setReservations(m_reservations);
    connect(m_fleet, &LiveState::serverRemoved, m_reservations, &ReservationsView::removeServer);
    connect(m_reservations, &ReservationsView::changed, this, [this](const QString& server) {
        if (server == m_server)
            onServerUpdated(server);
    });
    connect(m_top, &QTabWidget::currentChanged, this, &MainWindow::refreshCharts);
    // The banner (no GPU found, keychain errors) above every page.
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_statusLine->banner());
    centralLayout->addWidget(m_top, 1);
    setCentralWidget(central);
}

// Each page in a scroll area of its own: where a page cannot shrink to a
// small screen (the Details page, its tree beside the four charts, asks for
// 993 × 638 with 144 dpi fonts), it scrolls instead of forcing the window
// past the screen's edge and the status bar off it.
void MainWindow::addPage(QWidget* page, const QString& title)
{
    auto* area = new QScrollArea;
    area->setWidget(new PageHolder(page));
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    m_pageTabs.insert(page, area);
    m_top->addTab(area, title);
}

QWidget* MainWindow::tabOf(const QWidget* page) const
{
    return m_pageTabs.value(page);
}

void MainWindow::showOverview()
{
    m_top->setCurrentWidget(tabOf(m_overview));
}

void MainWindow::showFleetProcesses()
{
    m_top->setCurrentWidget(tabOf(m_fleetProcesses));
}

void MainWindow::showDetails()
{
    m_top->setCurrentWidget(tabOf(m_details));
}

void MainWindow::showEvents()
{
    m_top->setCurrentWidget(tabOf(m_events));
}

void MainWindow::showTokens()
{
    m_top->setCurrentWidget(tabOf(m_tokensPage));
}

bool MainWindow::tokensShown() const
{
    return m_top->currentWidget() == tabOf(m_tokensPage);
}

TokensView* MainWindow::tokensView()
{
    if (!m_tokens) {
        m_tokens = new TokensView;
        connect(m_tokens, &TokensView::pricesAdopted, this, &MainWindow::adoptPrices);
        m_enforcement = new EnforcementTab;
        m_enforcement->setAgents(
            [this] { return m_policyAgents ? m_policyAgents() : QList<RemoteServer>(); });
        m_tokensTabs = new QTabWidget;
        m_tokensTabs->setDocumentMode(true);
        m_tokensTabs->addTab(m_tokens, tr("&Books"));
        m_tokensTabs->addTab(m_enforcement, tr("E&nforcement"));
        m_fairShareView = new FairShareView(m_fairShare);
        m_tokensTabs->addTab(m_fairShareView, tr("Fair &share"));
        // The agents may have changed (File → Servers…) since last shown.
        connect(m_tokensTabs, &QTabWidget::currentChanged, this, [this] {
            if (m_tokensTabs->currentWidget() == m_enforcement)
                m_enforcement->refreshAgents(m_server);
        });
        m_tokensPage->layout()->addWidget(m_tokensTabs);
        showBooks();
        m_agentBooks->start();
    }
    return m_tokens;
}

EnforcementTab* MainWindow::enforcementTab()
{
    tokensView();
    return m_enforcement;
}

FairShareView* MainWindow::fairShareView()
{
    tokensView();
    return m_fairShareView;
}

PolicyDialog* MainWindow::adoptPrices(const PolicyConfig::Tokens& rules)
{
    const std::optional<RemoteServer> keeper = m_agentBooks->keeper();
    PolicyDialog* dialog =
        openPolicyDialog(keeper ? PolicyTarget::remote(*keeper) : localPolicyTarget());
    const auto apply = [dialog, rules] {
        if (const auto text = withTokenPrices(dialog->text(), rules)) {
            dialog->setText(*text);
            dialog->tabs()->setCurrentIndex(PolicyDialog::TextTab);
            dialog->validateNow();
        } else {
            QMessageBox::warning(dialog, tr("Adopt prices"),
                                 tr("This policy has no [tokens] section, so it keeps no token "
                                    "books: add one to set prices."));
        }
    };
    if (dialog->isLoaded())
        apply();
    else
        connect(dialog, &PolicyDialog::loaded, dialog, apply, Qt::SingleShotConnection);
    return dialog;
}

void MainWindow::showBooks()
{
    if (!m_tokens)
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const BooksSource& source = m_agentBooks->source();
    if (m_agentBooks->hasBooks()) {
        m_tokens->setBooks(m_agentBooks->books(), m_agentBooks->rules(), source.asOfMs, now);
        m_tokens->setAdjustSubmit(
            [books = QPointer<AgentBooks>(m_agentBooks)](const QString& user, double amount,
                                                         const QString& reason,
                                                         std::function<void(const QString&)> done) {
                if (!books)
                    return done(tr("the window is closing"));
                books->adjust(user, amount, reason,
                              [done](const AdjustReply& r) { done(r.error); });
            },
            source.keeper);
    } else {
        m_tokens->setBooks(m_tokenBook->books(), m_tokenBook->rules(), m_tokenBook->asOfMs(), now);
        m_tokens->setAdjustSubmit({}, QString());
    }
    m_tokens->setBooksSource(source, now);
}

bool MainWindow::eventsShown() const
{
    return m_top->currentWidget() == tabOf(m_events);
}

bool MainWindow::detailsShown() const
{
    return m_top->currentWidget() == tabOf(m_details);
}

bool MainWindow::overviewShown() const
{
    return m_top->currentWidget() == tabOf(m_overview);
}

ProcessModel* MainWindow::processModel() const
{
    return m_processes->model();
}

QSortFilterProxyModel* MainWindow::processProxy() const
{
    return m_processes->proxy();
}

QLabel* MainWindow::banner() const
{
    return m_statusLine->banner();
}

QString MainWindow::statusText() const
{
    return m_statusLine->text();
}

int MainWindow::windowMinutes() const
{
    return m_header->chartMinutes();
}

void MainWindow::setWindowMinutes(int minutes)
{
    m_header->setChartMinutes(minutes);
}

void MainWindow::setProcessFilter(const QString& text)
{
    m_processes->setFilter(text);
}

void MainWindow::setHistory(HistoryProvider* history)
{
    if (m_history || !history)
        return;
    m_history = history;
    m_historyPage = new HistoryPage(m_fleet, history);
    m_views->addTab(m_historyPage, tr("History"));
    m_historyPage->setServer(m_server);
    m_fleetProcesses->setHistory(history);
}

HistoryChart* MainWindow::historyChart() const
{
    return m_historyPage ? m_historyPage->chart() : nullptr;
}

void MainWindow::showHistory(int metricIndex)
{
    if (!m_historyPage)
        return;
    showDetails();
    m_views->setCurrentWidget(m_historyPage);
    m_historyPage->showMetric(metricIndex);
}

void MainWindow::showHistoryRange(qint64 fromMs, qint64 toMs)
{
    if (!m_historyPage)
        return;
    showHistory(0);
    m_historyPage->chart()->setFixedRange(fromMs, toMs);
}

void MainWindow::openEvent(const PolicyEvent& event)
{
    if (event.gpuUuid.isEmpty())
        selectServer(event.server);
    else
        selectGpu(event.server, event.gpuUuid);
    // Its process, when it still runs, selected in the process pane.
    if (event.pid > 0) {
        if (auto* table = m_processes->findChild<QTableView*>()) {
            QSortFilterProxyModel* proxy = processProxy();
            for (int r = 0; r < proxy->rowCount(); ++r) {
                const QModelIndex i = proxy->index(r, 0);
                if (i.data(PidRole).toLongLong() == event.pid) {
                    table->selectRow(r);
                    table->scrollTo(i);
                    break;
                }
            }
        }
    }
    // An open event runs to the fleet's newest reading (the History tab's now).
    const qint64 newest = m_fleet->newestTimestampMs();
    const auto [from, to] =
        EventsPage::historyRange(event, newest > 0 ? newest : QDateTime::currentMSecsSinceEpoch());
    showHistoryRange(from, to);
}

void MainWindow::showHistoryError(const QString& message)
{
    m_statusLine->showHistoryError(message);
}

void MainWindow::setBackendStatus(const QString& message)
{
    m_statusLine->setBackendStatus(message);
}

void MainWindow::setSourceStatus(const QString& source, const QString& message)
{
    m_statusLine->setSourceStatus(source, message);
}

void MainWindow::showKeychainErrors(const QStringList& errors)
{
    m_statusLine->showKeychainErrors(errors);
}

void MainWindow::selectServer(const QString& server)
{
    m_tree->selectServer(server);
    showDetails();
}

void MainWindow::selectGpu(const QString& server, const QString& uuid)
{
    m_tree->selectGpu(server, uuid);
    if (m_views->currentWidget() != m_historyPage)
        m_views->setCurrentIndex(0);
    showDetails();
}

void MainWindow::onSelected(const QString& server, const QString& gpuUuid)
{
    m_server = server;
    m_gpuUuid = gpuUuid;
    processModel()->clear();
    if (!m_server.isEmpty())
        onServerUpdated(m_server);
    refreshCharts();
}

void MainWindow::onServerUpdated(const QString& server)
{
    m_statusLine->updateBanner();
    if (server != m_server)
        return;
    const Snapshot* s = m_fleet->latest(server);
    if (!s) {
        m_header->showUnanswered(server, m_fleet->connection(server));
        m_pages->setCurrentWidget(m_hostPage);
        m_hostPage->showNothing();
        m_header->setFreshness(Freshness{});
        m_processes->setFreshness(Freshness{});
        return;
    }
    if (m_historyPage)
        m_historyPage->setServer(m_server);
    const Freshness fresh = m_fleet->freshness(server);
    m_statusLine->showUpdated(s->timestampMs);
    m_statusLine->showSelected(server);
    m_header->setFreshness(fresh);
    m_hostPage->setFreshness(s->timestampMs, fresh);
    m_processes->setFreshness(fresh);
    processModel()->setSnapshot(*s, m_gpuUuid);
    if (m_gpuUuid.isEmpty()) {
        m_pages->setCurrentWidget(m_hostPage);
        m_header->showServer(*s, m_fleet->connection(server));
        // The local source's message is about this machine; an agent's or a
        // Prometheus host's page names the backend that server reported.
        const bool remote =
            m_fleet->connection(server) != nullptr || s->backend == QLatin1String("prometheus");
        m_hostPage->showSnapshot(*s, remote ? QString() : m_statusLine->backendMessage());
    } else if (const GpuSample* g = s->gpuByUuid(m_gpuUuid)) {
        m_pages->setCurrentWidget(m_gpuPage);
        m_header->showGpu(*s, *g);
        m_gpuPage->showGpu(*g);
        m_gpuPage->setFreshness(fresh);
        const LinkStatus* link = m_fleet->connection(server);
        const bool up = ReservationsView::linkUp(link);
        m_gpuPage->setReservationLines(m_reservations->gpuLines(server, *g, up));
    } else {
        m_pages->setCurrentWidget(m_gpuPage);
    }
}

void MainWindow::setServerList(ServerList* list)
{
    m_serverList = list;
    m_serversAction->setEnabled(list != nullptr);
    m_overview->welcome()->setAddAgentEnabled(list != nullptr);
    m_tree->setServersEditable(list != nullptr);
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

void MainWindow::setPolicyAgents(std::function<QList<RemoteServer>()> agents)
{
    m_policyAgents = std::move(agents);
}

void MainWindow::setSettings(QSettings* settings)
{
    m_settings = settings;
}

void MainWindow::setLocalPolicyTarget(std::function<PolicyTarget()> target)
{
    m_localPolicyTarget = std::move(target);
}

PolicyTarget MainWindow::localPolicyTarget() const
{
    if (m_localPolicyTarget)
        return m_localPolicyTarget();
    if (m_settings)
        return PolicyTarget::local(localPolicyPath(*m_settings));
    return PolicyTarget::local(localPolicyPath(QSettings()));
}

PolicyDialog* MainWindow::showPolicyDialog()
{
    PolicyTarget target = localPolicyTarget();
    const QList<RemoteServer> agents = m_policyAgents ? m_policyAgents() : QList<RemoteServer>();
    for (const RemoteServer& agent : agents)
        if (agent.name == m_server)
            target = PolicyTarget::remote(agent);
    return openPolicyDialog(target);
}

PolicyDialog* MainWindow::openPolicyDialog(const PolicyTarget& target)
{
    auto* dialog = new PolicyDialog(target, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The policy applied here is in force at once (the session's slots run
    // now), for a report dialog already open too.
    const auto reportFollows = [this] {
        if (m_report && m_reportPolicy)
            m_report->setPolicy(m_reportPolicy());
    };
    if (target.isDemo())
        connect(dialog, &PolicyDialog::saved, this, [this, reportFollows](const QString& text) {
            Q_EMIT demoPolicySaved(text);
            reportFollows();
        });
    else if (target.isLocal())
        connect(dialog, &PolicyDialog::saved, this, [this, reportFollows, path = target.localPath] {
            Q_EMIT localPolicySaved(path);
            reportFollows();
        });
    dialog->show();
    return dialog;
}

void MainWindow::setSelectionWeights(const SelectionWeights& weights)
{
    m_weights = weights;
    if (m_findGpus)
        m_findGpus->setWeights(weights);
}

FindGpusDialog* MainWindow::showFindGpusDialog()
{
    if (!m_findGpus) {
        m_findGpus = new FindGpusDialog(m_fleet, this);
        m_findGpus->setAttribute(Qt::WA_DeleteOnClose);
        m_findGpus->setWeights(m_weights);
        // Units held by jobs are refused, as the agent refuses them.
        m_findGpus->setReservations(
            [this](const QString& server) { return m_reservations->reservations(server); });
        connect(m_reservations, &ReservationsView::changed, m_findGpus,
                [d = m_findGpus] { d->recompute(); });
        m_findGpus->setAgents(
            [this] { return m_policyAgents ? m_policyAgents() : QList<RemoteServer>(); });
    }
    m_findGpus->show();
    m_findGpus->raise();
    m_findGpus->activateWindow();
    return m_findGpus;
}

void MainWindow::setReportSources(const QString& historyFile,
                                  std::function<std::optional<PolicyConfig>()> policy)
{
    m_reportHistory = historyFile;
    m_reportPolicy = std::move(policy);
}

ReportDialog* MainWindow::showReportDialog()
{
    if (!m_report) {
        m_report = new ReportDialog(this);
        m_report->setAttribute(Qt::WA_DeleteOnClose);
        m_report->setServers(m_fleet->servers());
        m_report->setHistoryFile(m_reportHistory);
        m_report->setAgents(
            [this] { return m_policyAgents ? m_policyAgents() : QList<RemoteServer>(); });
        m_report->setPolicy(m_reportPolicy ? m_reportPolicy() : std::nullopt);
        // Room for the findings on a large window, never more than the window.
        m_report->resize(m_report->size()
                             .expandedTo(QSize(std::min(1000, width() * 4 / 5),
                                               std::min(820, height() * 17 / 20)))
                             .boundedTo(size()));
    }
    m_report->show();
    m_report->raise();
    m_report->activateWindow();
    return m_report;
}

void MainWindow::refreshCharts()
{
    if (m_gpuUuid.isEmpty() || m_pages->currentWidget() != m_gpuPage || !isVisible())
        return;
    const qint64 to = m_fleet->newestTimestampMs();
    const qint64 from = to - qint64(windowMinutes()) * 60'000;
    m_gpuPage->refresh(m_server, m_gpuUuid, from, to);
}

} // namespace gw
