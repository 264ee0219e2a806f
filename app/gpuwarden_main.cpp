// gpuwarden: the desktop application. Parses arguments and wires parts; the
// logic lives in core/ and ui/.

#include "common/translations.h"
#include "engine/desktopoptions.h"
#include "engine/engine.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "models/eventbook.h"
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
#include "remote/sourceoption.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/source.h"
#include "util/quitsignals.h"
#include "window/alertnotifier.h"
#include "window/enforcementtab.h"
#include "window/mainwindow.h"
#include "window/policyreplay.h"
#include "window/reportdialog.h"
#include "window/screenfit.h"
#include "window/tokensview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QSystemTrayIcon>
#include <QTimer>

#include <chrono>
#include <cstdio>

namespace {

void setApplicationNames()
{
    QCoreApplication::setApplicationName(QStringLiteral("GPU Warden"));
    QCoreApplication::setOrganizationName(QStringLiteral("gpuwarden"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));
}

// The desktop's options, in the order --help lists them (texts translated
// when the application's translators are installed).
// The window with its open dialogs drawn where they stand, for
// --screenshot: widget grabs work on every platform (offscreen included),
// where a screen grab needs a real display.
QPixmap grabWithDialogs(QWidget& window)
{
    QPixmap shot = window.grab();
    QPainter painter(&shot);
    for (QWidget* top : QApplication::topLevelWidgets()) {
        // Dialogs of the window or of a widget in it (the price editor's
        // parent is the Tokens page).
        if (top == &window || !top->isVisible() || !top->isWindow() || !top->parentWidget() ||
            top->parentWidget()->window() != &window)
            continue;
        painter.drawPixmap(top->geometry().topLeft() - window.geometry().topLeft(), top->grab());
    }
    return shot;
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Monitoring and admin for shared GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    gw::DesktopOptions::addOptions(parser);
    gw::addAgentSourceOption(parser, gw::SourceUse::BesideThisMachine);
    gw::DesktopOptions::addWatchOptions(parser);
    gw::addSamplerOptions(parser);
}

// What is wrong with the command line, empty when nothing is: the parser's
// verdict, then the values (without the keychain, which --source asks later).
QString commandLineError(QCommandLineParser& parser, const QStringList& arguments)
{
    if (!parser.parse(gw::DesktopOptions::withoutQtOptions(arguments)))
        return parser.errorText();
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all")) ||
        parser.isSet(QStringLiteral("version")))
        return {};
    QString error;
    const bool agentSource = gw::agentUrlOption(parser, &error).has_value();
    if (error.isEmpty())
        gw::DesktopOptions::parse(parser, agentSource, &error);
    return error;
}

// --help, --version and a mistake on the command line are answered with a
// QCoreApplication: they need no display (over SSH, in a script).
int answerWithoutDisplay(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    setApplicationNames();
    gw::installTranslations(app);
    QCommandLineParser parser;
    addOptions(parser);
    if (const QString error = commandLineError(parser, QCoreApplication::arguments());
        !error.isEmpty()) {
        std::fprintf(stderr, "gpuwarden: %s\n%s\n", qPrintable(error),
                     qPrintable(QCoreApplication::translate(
                         "main", "Try gpuwarden --help for the options.")));
        return 2;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
                    qPrintable(QCoreApplication::applicationVersion()));
        return 0;
    }
    std::fputs(qPrintable(parser.helpText()), stdout);
    return 0;
}

bool needsNoDisplay(int argc, char* argv[])
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));
    QCommandLineParser parser; // untranslated: only asked whether it has an answer
    addOptions(parser);
    return !commandLineError(parser, args).isEmpty() || parser.isSet(QStringLiteral("help")) ||
           parser.isSet(QStringLiteral("help-all")) || parser.isSet(QStringLiteral("version"));
}

// The policy the desktop judges this machine (or the demo) by: the file named
// in the settings (policy/path), else ~/.config/gpuwarden/policy.toml when
// there is one, else the built-in defaults; for the demo, its own policy when
// the build carries one (gw::demoPolicyText()). Nullopt with
// *problem set when the file cannot be used (the policies are then off).
std::optional<gw::PolicyConfig> desktopPolicy(const QSettings& settings, bool demo, QString* source,
                                              QString* problem)
{
    QString path;
    if (demo) {
        *source = QLatin1String(gw::kDemoPolicyName);
        return gw::parsePolicy(gw::demoPolicyText(), *source).config;
    } else {
        path = settings.value(QStringLiteral("policy/path")).toString();
        if (path.isEmpty()) {
            const QString standard =
                QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                QStringLiteral("/gpuwarden/policy.toml");
            if (QFileInfo::exists(standard))
                path = standard;
        }
    }
    if (path.isEmpty()) {
        *source = QCoreApplication::translate("main", "built-in defaults");
        return gw::PolicyConfig{};
    }
    const gw::PolicyParseResult parsed = gw::loadPolicyFile(path);
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

#ifdef Q_OS_LINUX
// QApplication aborts when it cannot reach a display; say what to do instead.
bool noDisplayToOpen(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "-platform" || a == "--platform" || a.startsWith("-platform=") ||
            a.startsWith("--platform="))
            return false;
    }
    return qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
           qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}
#endif

} // namespace

int main(int argc, char* argv[])
{
    setApplicationNames();
    if (needsNoDisplay(argc, argv))
        return answerWithoutDisplay(argc, argv);
#ifdef Q_OS_LINUX
    if (noDisplayToOpen(argc, argv)) {
        std::fprintf(stderr, "gpuwarden: no display to open a window on (DISPLAY and "
                             "WAYLAND_DISPLAY are not set). Over SSH, use ssh -X or run "
                             "gpuwarden-cli; for a window without a screen, set "
                             "QT_QPA_PLATFORM=offscreen.\n");
        return 1;
    }
#endif

    QApplication app(argc, argv);
    // SIGTERM/SIGINT (logout, Ctrl+C) leave the loop, so history commits
    // below and the demo's private folder goes with `options`: from the
    // start, since the history is written before the window shows.
    const auto quitSignals = gw::QuitOnSignals::quitApplication();
    QApplication::setDesktopFileName(QStringLiteral("gpuwarden"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpuwarden.svg")));

    gw::installTranslations(app);

    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app); // checked already; Qt's own options are gone from arguments()

    QString error;
    const auto agent = gw::agentSourceOption(parser, &error);
    auto options = error.isEmpty() ? gw::DesktopOptions::parse(parser, agent.has_value(), &error)
                                   : std::nullopt;
    if (!options) {
        std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(error));
        return 2;
    }
    QString historyProblem;
    if (!options->prepareHistory(&historyProblem))
        std::fprintf(stderr, "gpuwarden: history off: %s\n", qPrintable(historyProblem));
    std::unique_ptr<gw::HistoryService> history;
    if (options->historyPath)
        history = std::make_unique<gw::HistoryService>(*options->historyPath, options->retention);
    // Hog, idle and fair-share policies on this machine's (or the demo's)
    // readings; outlives the source that feeds it.
    std::unique_ptr<gw::PolicyService> policy;

    // Consumers: the live state the window shows (on this thread) and the
    // history writer (fed on the producing threads).
    gw::Engine engine;
    gw::LiveState state;
    engine.addConsumer(&state, &gw::LiveState::ingestBatch);
    if (history)
        engine.addThreadSafeConsumer(history.get(), &gw::HistoryService::ingestBatch);
    gw::MainWindow window(&state);

    // Sources: this machine or the demo, the agents, the Prometheus servers.
    std::unique_ptr<gw::Source> source;
    if (options->demo || options->local) {
        source = std::make_unique<gw::Source>(
            options->demo ? std::unique_ptr<gw::Producer>(std::make_unique<gw::DemoProducer>(
                                gw::DemoProducer::Servers::All, options->demoServers))
                          : std::make_unique<gw::LocalProducer>(options->sampler, options->backend),
            options->interval);
        engine.attach(source.get());
        QObject::connect(source.get(), &gw::Source::statusChanged, &window,
                         &gw::MainWindow::setBackendStatus);
    } else {
        // Not a backend: the host pages of the servers show their own.
        window.setSourceStatus(
            QStringLiteral("local"),
            QApplication::translate("main", "Watching remote servers only (--no-local)."));
    }
    // The admin's list (File → Servers…, tokens in the keychain), plus
    // --source for a quick look at one agent. The demo stays a world of its own.
    const auto settings =
        options->settingsFile.isEmpty()
            ? std::make_unique<QSettings>()
            : std::make_unique<QSettings>(options->settingsFile, QSettings::IniFormat);
    gw::SecretStore secrets;
    gw::ServerList servers(settings.get(), &secrets);
    gw::AgentLinks links{options->interval};
    engine.attach(&links);
    QObject::connect(&links, &gw::AgentLinks::statusChanged, &state, &gw::LiveState::setConnection);
    QObject::connect(&links, &gw::AgentLinks::serverRemoved, &state, &gw::LiveState::removeServer);
    links.setResumePoints(servers.resumePoints());
    // What the history lacks beyond a link's catch-up hour comes from the
    // agents' /v1/history first (docs/history.md, "Backfill").
    if (history)
        links.setBackfillHistory(history->path());
    gw::PrometheusFeeds prometheus{options->interval};
    engine.attach(&prometheus);
    QObject::connect(&prometheus, &gw::PrometheusFeeds::statusChanged, &window,
                     &gw::MainWindow::setSourceStatus);
    QObject::connect(&servers, &gw::ServerList::resolved, &links,
                     [&](QList<gw::RemoteServer> agents, const QList<gw::RemoteServer>& scraped,
                         const QStringList& keychainErrors) {
                         if (agent)
                             agents.append(gw::RemoteServer{agent->url.authority(), agent->url,
                                                            agent->token, agent->pinnedSha256});
                         links.setServers(agents);
                         prometheus.setServers(scraped);
                         window.showKeychainErrors(keychainErrors);
                     });
    // Policies, in local mode: the same engine the agent runs, on a thread of
    // its own, judging only this source's readings (agents judge their own
    // and send their events). The desktop never signals a process: it shows.
    if (source) {
        QString policySource;
        QString policyProblem;
        if (const auto config =
                desktopPolicy(*settings, options->demo, &policySource, &policyProblem)) {
            policy = std::make_unique<gw::PolicyService>(*config);
            // Find GPUs scores with the weights of the policy in force.
            window.setSelectionWeights(
                {config->allocate.freeMemoryWeight, config->allocate.idleWeight});
            QObject::connect(source.get(), &gw::Source::produced, policy.get(),
                             &gw::PolicyService::ingestBatch, Qt::DirectConnection);
            QObject::connect(policy.get(), &gw::PolicyService::eventsChanged, window.eventBook(),
                             &gw::EventBook::addEvents);
            QObject::connect(policy.get(), &gw::PolicyService::statusChanged, window.verdictBook(),
                             &gw::VerdictBook::setStatus);
            // The token books of this source's readings, under the same policy's [tokens].
            window.tokenBook()->setRules(config->tokens);
            QObject::connect(source.get(), &gw::Source::produced, window.tokenBook(),
                             &gw::TokenBook::ingestBatch, Qt::DirectConnection);
            // Before this start: the history this desktop kept (not the
            // demo's, whose past comes as backfill), read off the GUI thread.
            if (!options->demo && history && options->historyPath)
                window.tokenBook()->loadHistory(*options->historyPath, 0,
                                                QDateTime::currentMSecsSinceEpoch());
        } else {
            std::fprintf(stderr, "gpuwarden: policies off: %s\n", qPrintable(policyProblem));
            window.setSourceStatus(
                QStringLiteral("policy"),
                QApplication::translate("main", "Policies off: %1").arg(policyProblem));
        }
    }
    // A policy saved in the dialog for this computer applies at once.
    QObject::connect(
        &window, &gw::MainWindow::localPolicySaved, &window,
        [&policy, &window](const QString& path) {
            if (!policy)
                return;
            const gw::PolicyParseResult parsed = gw::loadPolicyFile(path);
            if (parsed.config) {
                policy->setPolicy(*parsed.config);
                window.tokenBook()->setRules(parsed.config->tokens);
                window.setSelectionWeights(
                    {parsed.config->allocate.freeMemoryWeight, parsed.config->allocate.idleWeight});
            } else
                window.setSourceStatus(QStringLiteral("policy"),
                                       QApplication::translate("main", "Policies unchanged: %1")
                                           .arg(parsed.errors.value(0)));
        });
    // The agents' events, as each agent judged them, from their record: a
    // desktop that was closed still shows what happened meanwhile.
    QObject::connect(&links, &gw::AgentLinks::eventsReceived, window.eventBook(),
                     [&window](const QString&, const QList<gw::PolicyEvent>& events) {
                         window.eventBook()->addEvents(events);
                         window.verdictBook()->addEvents(events);
                     });
    // Reservations and waiting callers of jobs that coordinate, per agent.
    QObject::connect(&links, &gw::AgentLinks::allocationsReceived, window.reservations(),
                     &gw::ReservationsView::setState);
    QObject::connect(&links, &gw::AgentLinks::serverRemoved, window.reservations(),
                     &gw::ReservationsView::removeServer);
    // Alerts: a tray notification for what is new (not for the past a
    // desktop catches up on), else the status line.
    QSystemTrayIcon tray(QApplication::windowIcon());
    if (QSystemTrayIcon::isSystemTrayAvailable())
        tray.show();
    gw::AlertNotifier alerts(&tray);
    QObject::connect(&alerts, &gw::AlertNotifier::alerted, &window,
                     [&window](const QString& title, const QString& text) {
                         window.setSourceStatus(QStringLiteral("alert"),
                                                QStringLiteral("%1: %2").arg(title, text));
                     });
    if (policy) {
        alerts.setHogAlerts(policy->policy().hog.alert);
        QObject::connect(policy.get(), &gw::PolicyService::eventsChanged, &alerts,
                         &gw::AlertNotifier::eventsChanged);
    }
    QObject::connect(&links, &gw::AgentLinks::eventsReceived, &alerts,
                     [&alerts](const QString&, const QList<gw::PolicyEvent>& events) {
                         alerts.eventsChanged(events);
                     });
    if (!options->demo) {
        window.setServerList(&servers);
        servers.resolve();
    }

    // --- Policy dialog (Tools → Policy…) and its local journal -------------
    // This computer's readings go to a journal of the desktop's own (24 h),
    // which the dialog's "Replay last 24 h" reads; agents replay their own.
    std::unique_ptr<gw::LocalJournalRecorder> localJournal;
    if (source && !options->demo) {
        localJournal =
            std::make_unique<gw::LocalJournalRecorder>(gw::LocalJournalRecorder::defaultPath());
        QObject::connect(source.get(), &gw::Source::produced, localJournal.get(),
                         &gw::LocalJournalRecorder::ingestBatch, Qt::DirectConnection);
        QObject::connect(localJournal.get(), &gw::LocalJournalRecorder::failed, &window,
                         [](const QString& message) {
                             std::fprintf(stderr, "gpuwarden: local journal: %s\n",
                                          qPrintable(message));
                         });
        localJournal->start();
    }
    window.setPolicyAgents([&links] { return links.servers(); });
    window.setReportSources(options->historyPath.value_or(QString()),
                            [&policy]() -> std::optional<gw::PolicyConfig> {
                                if (policy)
                                    return policy->policy();
                                return std::nullopt;
                            });
    // --- end of the policy dialog's block -----------------------------------

    if (history) {
        window.setHistory(history.get());
        QObject::connect(
            history.get(), &gw::HistoryService::failed, &window, [&window](const QString& message) {
                std::fprintf(stderr, "gpuwarden: history off: %s\n", qPrintable(message));
                window.showHistoryError(message);
            });
        history->start();
    } else if (!historyProblem.isEmpty()) {
        window.showHistoryError(historyProblem);
    }
    // Where the admin left the window last time; the first time, most of a
    // large screen for the fleet overview. Either way it must fit the screen
    // it opens on (a size made at scale 1 is too tall at scale 2).
    // The size is kept in logical pixels, not as saveGeometry()'s blob:
    // restoreGeometry() gave up on it here once the screen had changed.
    const QString sizeKey = QStringLiteral("window/size");
    const QString maximizedKey = QStringLiteral("window/maximized");
    QSize wanted = settings->value(sizeKey).toSize();
    if (!wanted.isValid() || wanted.isEmpty()) {
        wanted = window.size();
        if (const QScreen* screen = window.screen())
            wanted = wanted.expandedTo(screen->availableGeometry().size() * 0.9);
    }
    gw::fitToScreen(&window, wanted);
    if (settings->value(maximizedKey).toBool())
        window.showMaximized();
    else
        window.show();
    if (options->page == QLatin1String("processes"))
        window.showFleetProcesses();
    else if (options->page == QLatin1String("details"))
        window.showDetails();
    else if (options->page == QLatin1String("events"))
        window.showEvents();
    else if (options->page == QLatin1String("tokens"))
        window.showTokens();
    else if (options->page == QLatin1String("enforcement")) {
        window.showTokens();
        window.tokensTabs()->setCurrentWidget(window.enforcementTab());
    } else if (options->page == QLatin1String("find-gpus")) {
        window.showFindGpusDialog();
    }
    // The report dialog once the record has the demo's past (its backfill
    // is written when the source starts).
    if (options->page == QLatin1String("report")) {
        const qint64 after = options->quitAfter ? options->quitAfter->count() / 3 : 2000;
        QTimer::singleShot(std::min<qint64>(after, 4000), &window,
                           [&window] { window.showReportDialog()->build(); });
    }
    if (source)
        source->start(options->demo ? std::chrono::hours(24 * 7) : std::chrono::milliseconds(0));
    // The price editor over the books once they are built (the demo's week
    // takes a moment; --quit-after-ms leaves it time).
    if (options->page == QLatin1String("prices")) {
        window.showTokens();
        const qint64 after = options->quitAfter ? options->quitAfter->count() / 2 : 3000;
        QTimer::singleShot(std::min<qint64>(after, 6000), &window,
                           [&window] { window.tokensView()->openPriceEditor(); });
    }
    if (options->quitAfter) {
        QTimer::singleShot(*options->quitAfter, &window, [&window, shot = options->screenshot] {
            window.refreshCharts();
            if (!shot.isEmpty() && !grabWithDialogs(window).save(shot))
                std::fprintf(stderr, "gpuwarden: could not write %s\n", qPrintable(shot));
            window.close();
        });
    }
    const int rc = QApplication::exec();
    settings->setValue(sizeKey,
                       window.isMaximized() ? window.normalGeometry().size() : window.size());
    settings->setValue(maximizedKey, window.isMaximized());
    links.stop();
    servers.saveResumePoints(links.statuses().values());
    prometheus.stop();
    if (source)
        source->stop();
    if (history)
        history->stop(); // commits the last second
    return rc;
}
