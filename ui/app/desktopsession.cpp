#include "app/desktopsession.h"

#include "common/themes.h"
#include "engine/engine.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "models/desktopstores.h"
#include "models/eventbook.h"
#include "models/fairsharemodel.h"
#include "models/reservationsview.h"
#include "models/tokenbook.h"
#include "models/verdictbook.h"
#include "policy/demopolicy.h"
#include "policy/policyconfig.h"
#include "policy/policyservice.h"
#include "remote/agentlinks.h"
#include "remote/prometheusfeeds.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/source.h"
#include "window/alertnotifier.h"
#include "window/enforcementtab.h"
#include "window/eventspage.h"
#include "window/fairshareview.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/policyreplay.h"
#include "window/reportdialog.h"
#include "window/screenfit.h"
#include "window/tokensview.h"

#include <QApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QScreen>
#include <QSettings>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace gw {

namespace {

const QString kSizeKey = QStringLiteral("window/size");
// Readings the window or the history writer may have still to take before
// the demo makes the next part of its past (about 20 MB of 16 servers).
constexpr qint64 kBackfillBacklog = 4096;
const QString kMaximizedKey = QStringLiteral("window/maximized");

// The window with its open dialogs drawn where they stand, for
// --screenshot: widget grabs work on every platform (offscreen included),
// where a screen grab needs a real display.
QPixmap grabWithDialogs(QWidget& window)
{
    QPixmap shot = window.grab();
    QPainter painter(&shot);
    // Dialogs of the window or of a widget in it (the price editor's parent
    // is the Tokens page), and dialogs of those (Add Server over Servers),
    // each over the one it came from.
    QList<std::pair<int, QWidget*>> dialogs;
    for (QWidget* top : QApplication::topLevelWidgets()) {
        if (top == &window || !top->isVisible() || !top->isWindow())
            continue;
        int depth = 0;
        for (QWidget* w = top->parentWidget(); w; w = w->window()->parentWidget()) {
            ++depth;
            if (w->window() == &window) {
                dialogs.append({depth, top});
                break;
            }
        }
    }
    std::stable_sort(dialogs.begin(), dialogs.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [depth, top] : dialogs)
        painter.drawPixmap(top->geometry().topLeft() - window.geometry().topLeft(), top->grab());
    return shot;
}

// The policy the desktop judges this machine (or the demo) by: the file
// localPolicyPath() names when it exists (or the settings name it), else the
// built-in defaults; for the demo, its own policy (gw::demoPolicyText()).
// Nullopt with *problem set when the file cannot be used (the policies are
// then off).
std::optional<PolicyConfig> desktopPolicy(const QSettings& settings, bool demo, QString* source,
                                          QString* problem)
{
    if (demo) {
        *source = QLatin1String(kDemoPolicyName);
        return parsePolicy(demoPolicyText(), *source).config;
    }
    const bool configured = !settings.value(QLatin1String(kPolicyPathKey)).toString().isEmpty();
    const QString path = localPolicyPath(settings);
    if (!configured && !QFileInfo::exists(path)) {
        *source = QCoreApplication::translate("main", "built-in defaults");
        return PolicyConfig{};
    }
    const PolicyParseResult parsed = loadPolicyFile(path);
    if (!parsed.config) {
        *problem = parsed.errors.value(
            0, QCoreApplication::translate("main", "%1: cannot be read").arg(path));
        return std::nullopt;
    }
    for (const QString& warning : parsed.warnings)
        std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(warning));
    *source = path;
    return parsed.config;
}

} // namespace

DesktopSession::DesktopSession(DesktopSetup setup, QObject* parent)
    : QObject(parent)
    , m_options(std::move(setup.options))
    , m_agent(std::move(setup.agent))
    , m_settings(m_options.openSettings())
{
    // The theme chosen in View → Theme (the user's own settings, as the
    // language), before any window is made.
    if (const Theme theme = chosenTheme(QSettings()); theme != Theme::System)
        applyTheme(theme);
    if (!m_options.prepareHistory(&m_historyProblem))
        std::fprintf(stderr, "gpuwarden: history off: %s\n", qPrintable(m_historyProblem));
    if (m_options.historyPath)
        m_history = std::make_unique<HistoryService>(*m_options.historyPath, m_options.retention);

    // Consumers: the live state the window shows (on this thread) and the
    // history writer (fed on the producing threads).
    m_engine = std::make_unique<Engine>();
    m_state = std::make_unique<LiveState>();
    m_engine->addConsumer(m_state.get(), &LiveState::ingestBatch);
    if (m_history)
        m_engine->addThreadSafeConsumer(m_history.get(), &HistoryService::ingestBatch);
    m_stores = std::make_unique<DesktopStores>();
    m_window = std::make_unique<MainWindow>(m_state.get(), m_stores.get());
    // Every dialog fits the screen it opens on, as the window does.
    QApplication::instance()->installEventFilter(new DialogScreenFit(this));
    m_window->setSettings(m_settings.get());
    // Where the events judged here can be seen once the Events page drops them.
    m_window->eventsPage()->setLocalSource({m_options.demo, m_history != nullptr});

    addLocalSource();
    addRemoteSources();
    addLocalPolicies();
    addAlerts();
    if (!m_options.demo) {
        m_window->setServerList(m_servers.get());
        m_servers->resolve();
    }
    addLocalJournal();
    if (!m_options.demo && !m_policy) {
        // No policies of this computer run here: the dialog says so.
        m_window->setLocalPolicyTarget([settings = m_settings.get()] {
            PolicyTarget t = PolicyTarget::local(localPolicyPath(*settings));
            t.localPoliciesRun = false;
            return t;
        });
    }
    m_window->setPolicyAgents([links = m_links.get()] { return links->servers(); });
    m_window->setReportSources(m_options.historyPath.value_or(QString()),
                               [this]() -> std::optional<PolicyConfig> {
                                   if (m_policy)
                                       return m_policy->policy();
                                   return std::nullopt;
                               });
    startHistory();
}

DesktopSession::~DesktopSession()
{
    stop();
}

// Open while the window and the history writer keep up with what was
// handed to them: the next part of a past (the demo's week, an agent's
// catch-up) waits meanwhile. Thread-safe.
std::function<bool()> DesktopSession::backfillGate() const
{
    return [engine = m_engine.get(), history = m_history.get()] {
        return engine->queuedReadings() < kBackfillBacklog &&
               (!history || history->backlog() < kBackfillBacklog);
    };
}

// This machine or the demo.
void DesktopSession::addLocalSource()
{
    if (!m_options.demo && !m_options.local) {
        // Not a backend: the host pages of the servers show their own.
        m_window->setSourceStatus(
            QStringLiteral("local"),
            QApplication::translate("main", "Watching remote servers only (--no-local)."));
        return;
    }
    std::unique_ptr<Producer> producer;
    if (m_options.demo) {
        producer =
            std::make_unique<DemoProducer>(DemoProducer::Servers::All, m_options.demoServers);
    } else {
        auto local = std::make_unique<LocalProducer>(m_options.sampler, m_options.backend);
        // Who owns this machine's processes: the local policy's [owners]
        // (applyLocalPolicy).
        m_localOwners = local->owners();
        producer = std::move(local);
    }
    m_source = std::make_unique<Source>(std::move(producer), m_options.interval);
    m_engine->attach(m_source.get());
    connect(m_source.get(), &Source::statusChanged, m_window.get(), &MainWindow::setBackendStatus);
    if (!m_options.demo)
        return;
    // The demo's week is made in parts while the window shows its present
    // (first figures at once, not after the week); each part only once the
    // window and the history writer have taken the ones before, so a week
    // of 16 servers is never in memory at once.
    m_source->setBackfillGate(backfillGate());
    connect(m_source.get(), &Source::presentReady, m_state.get(), &LiveState::ingestBatch);
    connect(m_source.get(), &Source::backfillProgress, m_window.get(), [this](int percent) {
        if (percent >= 100)
            releaseFreedMemory();
        m_window->setSourceStatus(
            QStringLiteral("demo-past"),
            percent >= 100 ? QString()
                           : QApplication::translate("main", "Filling the demo's past week: %1 %…")
                                 .arg(percent));
    });
}

// The admin's list (File → Servers…, tokens in the keychain), plus --source
// for a quick look at one agent; the Prometheus servers. The demo stays a
// world of its own.
void DesktopSession::addRemoteSources()
{
    m_secrets = std::make_unique<SecretStore>();
    m_servers = std::make_unique<ServerList>(m_settings.get(), m_secrets.get());
    m_links = std::make_unique<AgentLinks>(m_options.interval);
    m_engine->attach(m_links.get());
    connect(m_links.get(), &AgentLinks::statusChanged, m_state.get(), &LiveState::setConnection);
    // An agent's catch-up (its last hour at first contact) is paced as the
    // demo's past is, its present shown meanwhile: 16 agents' hour at once
    // was 16 × 3,600 readings in memory together.
    m_links->setCatchUpGate(backfillGate());
    connect(m_links.get(), &AgentLinks::present, m_state.get(), &LiveState::ingestBatch);
    connect(m_links.get(), &AgentLinks::serverRemoved, m_state.get(), &LiveState::removeServer);
    m_links->setResumePoints(m_servers->resumePoints());
    // What the history lacks beyond a link's catch-up hour comes from the
    // agents' /v1/history first (docs/history.md, "Backfill").
    if (m_history)
        m_links->setBackfillHistory(m_history->path());
    m_prometheus = std::make_unique<PrometheusFeeds>(m_options.interval);
    m_engine->attach(m_prometheus.get());
    connect(m_prometheus.get(), &PrometheusFeeds::statusChanged, m_window.get(),
            &MainWindow::setSourceStatus);
    connect(m_servers.get(), &ServerList::resolved, m_links.get(),
            [this](QList<RemoteServer> agents, const QList<RemoteServer>& scraped,
                   const QStringList& keychainErrors) {
                if (m_agent)
                    agents.append(RemoteServer{m_agent->url.authority(), m_agent->url,
                                               m_agent->token, m_agent->pinnedSha256});
                m_links->setServers(agents);
                m_prometheus->setServers(scraped);
                m_window->showKeychainErrors(keychainErrors);
            });
    // The agents' events, as each agent judged them, from their record: a
    // desktop that was closed still shows what happened meanwhile.
    connect(m_links.get(), &AgentLinks::eventsReceived, m_stores.get(),
            [stores = m_stores.get()](const QString&, const QList<PolicyEvent>& events) {
                stores->events()->addAgentEvents(events);
                stores->verdicts()->addEvents(events);
            });
    addServerIdentities();
    // Reservations and waiting callers of jobs that coordinate, per agent.
    connect(m_links.get(), &AgentLinks::allocationsReceived, m_stores->reservations(),
            &ReservationsView::setState);
    connect(m_links.get(), &AgentLinks::serverRemoved, m_stores->reservations(),
            &ReservationsView::removeServer);
    // Each agent's fair share per user and account (its /v1/info).
    connect(m_links.get(), &AgentLinks::fairShareReceived, m_stores->fairShare(),
            &FairShareModel::setServerStatus);
    connect(m_links.get(), &AgentLinks::serverRemoved, m_stores->fairShare(),
            &FairShareModel::removeServer);
}

// One identity per server (issue 24): an agent's identity (/v1/info
// "agent_id") binds the server's history to it, on the links' thread before
// any of its readings, so a renamed server keeps its history and another
// machine at the same URL never mixes into the earlier one's. One agent
// under two entries, or another agent at a server's URL, is said in the
// status line (and the server's tooltip), never merged.
void DesktopSession::addServerIdentities()
{
    if (m_history)
        connect(
            m_links.get(), &AgentLinks::identified, m_history.get(),
            [history = m_history.get()](const AgentIdentified& id) {
                if (id.sameAs.isEmpty()) // the first entry of the agent keeps its history
                    history->bindServer(id.server, id.agentId, id.urlName);
            },
            Qt::DirectConnection);
    // Queued, so it runs before the readings and events of the agent it
    // names, which the links hand on after it.
    connect(m_links.get(), &AgentLinks::identified, m_window.get(),
            [window = m_window.get(), state = m_state.get()](const AgentIdentified& id) {
                QString text;
                if (!id.sameAs.isEmpty()) {
                    text = QApplication::translate(
                               "main", "%1 and %2 are one agent (%3): its figures are shown "
                                       "twice; remove one in File → Servers…")
                               .arg(id.sameAs, id.server, id.agentId);
                    std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(text));
                } else if (!id.previous.isEmpty()) {
                    text =
                        QApplication::translate("main", "%1 is another agent now (%2, before %3): "
                                                        "the two are kept apart")
                            .arg(id.server, id.agentId, id.previous);
                    std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(text));
                    // What the window holds of the earlier agent (its open
                    // events and verdicts, reservations, latest reading)
                    // goes; the new one's comes in.
                    state->removeServer(id.server);
                }
                window->setSourceStatus(QStringLiteral("identity:") + id.server, text);
            });
    connect(m_links.get(), &AgentLinks::serverRemoved, m_window.get(),
            [window = m_window.get()](const QString& server) {
                window->setSourceStatus(QStringLiteral("identity:") + server, {});
            });
    if (m_history)
        connect(m_history.get(), &HistoryService::serverBound, m_window.get(),
                [window = m_window.get()](const QString& server, const QString& movedFrom,
                                          const QString& keptApartAs, const QString& stayedUnder) {
                    QStringList said;
                    if (!keptApartAs.isEmpty())
                        said << QApplication::translate("main",
                                                        "the history of the agent %1 was before "
                                                        "is kept apart as \"%2\"")
                                    .arg(server, keptApartAs);
                    if (!movedFrom.isEmpty())
                        said << QApplication::translate("main",
                                                        "the history of \"%1\" (the same agent) "
                                                        "is now under %2")
                                    .arg(movedFrom, server);
                    if (!stayedUnder.isEmpty())
                        said << QApplication::translate("main",
                                                        "the history of \"%1\" (the same agent) "
                                                        "stays under that name: %2 has one of "
                                                        "its own")
                                    .arg(stayedUnder, server);
                    window->setSourceStatus(QStringLiteral("identity-history:") + server,
                                            QApplication::translate("main", "History: %1")
                                                .arg(said.join(QStringLiteral("; "))));
                });
}

// Policies, in local mode: the same engine the agent runs, on a thread of
// its own, judging only this source's readings (agents judge their own and
// send their events). The desktop never signals a process: it shows.
void DesktopSession::addLocalPolicies()
{
    if (!m_source)
        return;
    QString policySource;
    QString policyProblem;
    const auto config = desktopPolicy(*m_settings, m_options.demo, &policySource, &policyProblem);
    if (!config) {
        std::fprintf(stderr, "gpuwarden: policies off: %s\n", qPrintable(policyProblem));
        m_window->setSourceStatus(
            QStringLiteral("policy"),
            QApplication::translate("main", "Policies off: %1").arg(policyProblem));
        return;
    }
    m_policy = std::make_unique<PolicyService>(*config);
    applyLocalPolicy(*config);
    if (m_options.demo)
        m_demoPolicyText = QString::fromUtf8(demoPolicyText());
    m_engine->addThreadSafeConsumer(m_policy.get(), &PolicyService::ingestBatch, m_source.get());
    connect(m_policy.get(), &PolicyService::eventsChanged, m_stores->events(),
            &EventBook::addEvents);
    connect(m_policy.get(), &PolicyService::statusChanged, m_stores->verdicts(),
            &VerdictBook::setStatus);
    connect(m_policy.get(), &PolicyService::statusChanged, m_stores->fairShare(),
            &FairShareModel::setStatus);
    // The token books of this source's readings, under the same policy's
    // [tokens].
    m_engine->addThreadSafeConsumer(m_stores->tokens(), &TokenBook::ingestBatch, m_source.get());
    // Before this start: the history this desktop kept (not the demo's,
    // whose past comes as backfill), read off the GUI thread.
    if (!m_options.demo && m_history && m_options.historyPath)
        m_stores->tokens()->loadHistory(*m_options.historyPath, 0,
                                        QDateTime::currentMSecsSinceEpoch());
    // The demo's policy lives in memory: the dialog edits it there (never
    // the user's file), and what it applies is in force at once.
    if (m_options.demo) {
        connect(m_window.get(), &MainWindow::demoPolicySaved, this,
                &DesktopSession::applyDemoPolicy);
        return;
    }
    // A policy saved in the dialog for this computer applies at once.
    connect(m_window.get(), &MainWindow::localPolicySaved, this,
            [this](const QString& path) { putInForce(loadPolicyFile(path)); });
}

// The demo's week passed through the malloc arenas of several threads (made
// on the sampling thread, freed on the writer's and this one), which glibc
// keeps for reuse: ~170 of the 16-server demo's ~350 MB resident were free
// pages. Once the window and the writer have taken the last part, they go
// back to the system.
void DesktopSession::releaseFreedMemory()
{
#ifdef __GLIBC__
    auto* wait = new QTimer(this);
    wait->setInterval(250);
    connect(wait, &QTimer::timeout, this, [this, wait] {
        if (m_engine->queuedReadings() > 0 || (m_history && m_history->backlog() > 0))
            return;
        wait->deleteLater();
        // The policy and books threads take their last part meanwhile.
        QTimer::singleShot(1000, this, [] { malloc_trim(0); });
    });
    wait->start();
#endif
}

// What follows the local policy besides the policy service: the books'
// [tokens], Find GPUs' weights and the hog alerts.
void DesktopSession::applyLocalPolicy(const PolicyConfig& config)
{
    m_stores->tokens()->setRules(config.tokens);
    if (m_localOwners)
        m_localOwners->setRules(config.owners);
    m_window->setSelectionWeights({config.allocate.freeMemoryWeight, config.allocate.idleWeight});
    if (m_alerts)
        m_alerts->setHogAlerts(config.hog.alert);
}

void DesktopSession::applyDemoPolicy(const QString& text)
{
    if (putInForce(parsePolicy(text.toUtf8(), QLatin1String(kDemoPolicyName))))
        m_demoPolicyText = text;
}

// A policy saved in the dialog, in force at once; a broken one changes
// nothing and the status line says why.
bool DesktopSession::putInForce(const PolicyParseResult& parsed)
{
    if (!parsed.config) {
        m_window->setSourceStatus(
            QStringLiteral("policy"),
            QApplication::translate("main", "Policies unchanged: %1").arg(parsed.errors.value(0)));
        return false;
    }
    m_policy->setPolicy(*parsed.config);
    applyLocalPolicy(*parsed.config);
    return true;
}

// Alerts: a tray notification for what is new (not for the past a desktop
// catches up on), else the status line.
void DesktopSession::addAlerts()
{
    m_tray = std::make_unique<QSystemTrayIcon>(QApplication::windowIcon());
    if (QSystemTrayIcon::isSystemTrayAvailable())
        m_tray->show();
    m_alerts = std::make_unique<AlertNotifier>(m_tray.get());
    connect(m_alerts.get(), &AlertNotifier::alerted, m_window.get(),
            [window = m_window.get()](const QString& title, const QString& text) {
                window->setSourceStatus(QStringLiteral("alert"),
                                        AlertNotifier::statusLine(title, text));
            });
    if (m_policy) {
        m_alerts->setHogAlerts(m_policy->policy().hog.alert);
        connect(m_policy.get(), &PolicyService::eventsChanged, m_alerts.get(),
                &AlertNotifier::eventsChanged);
    }
    connect(m_links.get(), &AgentLinks::eventsReceived, m_alerts.get(),
            [alerts = m_alerts.get()](const QString&, const QList<PolicyEvent>& events) {
                alerts->eventsChanged(events);
            });
}

// This computer's readings go to a journal of the desktop's own (24 h),
// which the policy dialog's "Replay last 24 h" reads; agents replay their own.
// The demo writes nothing: its record keeps the times of its readings, which
// its world remakes for the replay, and its policy dialog edits its policy
// in memory.
void DesktopSession::addLocalJournal()
{
    if (!m_source)
        return;
    if (m_options.demo) {
        m_demoRecord = std::make_shared<DemoRecord>(m_options.demoServers);
        m_engine->addThreadSafeConsumer(m_demoRecord.get(), &DemoRecord::ingestBatch,
                                        m_source.get());
        m_window->setLocalPolicyTarget([this, record = m_demoRecord] {
            return PolicyTarget::demoPolicy(m_demoPolicyText,
                                            [record](qint64 fromMs, qint64 toMs, QString* error) {
                                                return record->open(fromMs, toMs, error);
                                            });
        });
        return;
    }
    m_localJournal = std::make_unique<LocalJournalRecorder>(LocalJournalRecorder::defaultPath());
    m_engine->addThreadSafeConsumer(m_localJournal.get(), &LocalJournalRecorder::ingestBatch,
                                    m_source.get());
    connect(m_localJournal.get(), &LocalJournalRecorder::failed, this, [](const QString& message) {
        std::fprintf(stderr, "gpuwarden: local journal: %s\n", qPrintable(message));
    });
    m_localJournal->start();
}

void DesktopSession::startHistory()
{
    if (m_history) {
        m_window->setHistory(m_history.get());
        connect(m_history.get(), &HistoryService::failed, m_window.get(),
                [window = m_window.get()](const QString& message) {
                    std::fprintf(stderr, "gpuwarden: history off: %s\n", qPrintable(message));
                    window->showHistoryError(message);
                });
        m_history->start();
    } else if (!m_historyProblem.isEmpty()) {
        m_window->showHistoryError(m_historyProblem);
    }
}

// Where the admin left the window last time; the first time, most of a large
// screen for the fleet overview. Either way it must fit the screen it opens
// on (a size made at scale 1 is too tall at scale 2). The size is kept in
// logical pixels, not as saveGeometry()'s blob: restoreGeometry() gave up on
// it here once the screen had changed.
void DesktopSession::showWindow()
{
    QSize wanted = m_settings->value(kSizeKey).toSize();
    if (!wanted.isValid() || wanted.isEmpty()) {
        wanted = m_window->size();
        if (const QScreen* screen = m_window->screen())
            wanted = wanted.expandedTo(screen->availableGeometry().size() * 0.9);
    }
    fitToScreen(m_window.get(), wanted);
    if (m_settings->value(kMaximizedKey).toBool())
        m_window->showMaximized();
    else
        m_window->show();
}

// --page: the page the window opens on, or a dialog over it.
void DesktopSession::openPage()
{
    MainWindow* window = m_window.get();
    const QString& page = m_options.page;
    if (page == QLatin1String("processes"))
        window->showFleetProcesses();
    else if (page == QLatin1String("details"))
        window->showDetails();
    else if (page == QLatin1String("events"))
        window->showEvents();
    else if (page == QLatin1String("tokens"))
        window->showTokens();
    else if (page == QLatin1String("enforcement")) {
        window->showTokens();
        window->tokensTabs()->setCurrentWidget(window->enforcementTab());
    } else if (page == QLatin1String("fair-share")) {
        window->showTokens();
        window->tokensTabs()->setCurrentWidget(window->fairShareView());
    } else if (page == QLatin1String("find-gpus")) {
        window->showFindGpusDialog();
    } else if (page == QLatin1String("report")) {
        // Once the record has the demo's past (its backfill is written when
        // the source starts).
        const qint64 after = m_options.quitAfter ? m_options.quitAfter->count() / 3 : 2000;
        QTimer::singleShot(std::min<qint64>(after, 4000), window,
                           [window] { window->showReportDialog()->build(); });
    } else if (page == QLatin1String("prices")) {
        // The price editor over the books once they are built (the demo's
        // week takes a moment; --quit-after-ms leaves it time).
        window->showTokens();
        const qint64 after = m_options.quitAfter ? m_options.quitAfter->count() / 2 : 3000;
        QTimer::singleShot(std::min<qint64>(after, 6000), window,
                           [window] { window->tokensView()->openPriceEditor(); });
    }
}

void DesktopSession::start()
{
    if (m_started)
        return;
    m_started = true;
    showWindow();
    openPage();
    if (m_source)
        m_source->start(m_options.demo ? std::chrono::hours(24 * 7) : std::chrono::milliseconds(0));
}

int DesktopSession::exec()
{
    start();
    if (m_options.quitAfter) {
        QTimer::singleShot(*m_options.quitAfter, m_window.get(),
                           [window = m_window.get(), shot = m_options.screenshot] {
                               window->refreshCharts();
                               if (!shot.isEmpty() && !grabWithDialogs(*window).save(shot))
                                   std::fprintf(stderr, "gpuwarden: could not write %s\n",
                                                qPrintable(shot));
                               window->close();
                           });
    }
    const int rc = QApplication::exec();
    m_settings->setValue(kSizeKey, m_window->isMaximized() ? m_window->normalGeometry().size()
                                                           : m_window->size());
    m_settings->setValue(kMaximizedKey, m_window->isMaximized());
    stop();
    return rc;
}

void DesktopSession::stop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    m_links->stop();
    m_servers->saveResumePoints(m_links->statuses().values());
    m_prometheus->stop();
    if (m_source)
        m_source->stop();
    if (m_history)
        m_history->stop(); // commits the last second
}

} // namespace gw
