// gpuwarden: the desktop application. Parses arguments and wires parts; the
// logic lives in core/ and ui/.

#include "common/translations.h"
#include "engine/desktopoptions.h"
#include "engine/engine.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
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
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSettings>
#include <QTimer>

#include <chrono>
#include <cstdio>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("GPU Warden"));
    QApplication::setOrganizationName(QStringLiteral("gpuwarden"));
    QApplication::setApplicationVersion(QStringLiteral(GW_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("gpuwarden"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpuwarden.svg")));

    gw::installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Monitoring and admin for shared GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    gw::DesktopOptions::addOptions(parser);
    gw::addAgentSourceOption(parser);
    gw::DesktopOptions::addWatchOptions(parser);
    gw::addSamplerOptions(parser);
    parser.process(app);

    QString error;
    const auto agent = gw::agentSourceOption(parser, &error);
    const auto options = error.isEmpty()
                             ? gw::DesktopOptions::parse(parser, agent.has_value(), &error)
                             : std::nullopt;
    if (!options) {
        std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(error));
        return 2;
    }
    options->prepareHistory();
    std::unique_ptr<gw::HistoryService> history;
    if (options->historyPath)
        history = std::make_unique<gw::HistoryService>(*options->historyPath, options->retention);

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
        window.setBackendStatus(
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
    if (!options->demo) {
        window.setServerList(&servers);
        servers.resolve();
    }

    if (history) {
        window.setHistory(history.get());
        QObject::connect(history.get(), &gw::HistoryService::failed, &window,
                         &gw::MainWindow::showHistoryError);
        history->start();
    }
    window.show();
    if (source)
        source->start(options->demo ? std::chrono::hours(24 * 7) : std::chrono::milliseconds(0));
    if (options->quitAfter) {
        QTimer::singleShot(*options->quitAfter, &window, [&window, shot = options->screenshot] {
            window.refreshCharts();
            if (!shot.isEmpty() && !window.grab().save(shot))
                std::fprintf(stderr, "gpuwarden: could not write %s\n", qPrintable(shot));
            window.close();
        });
    }
    // SIGTERM/SIGINT (logout, Ctrl+C) leave the loop, so history commits below.
    const auto quitSignals = gw::QuitOnSignals::quitApplication();
    const int rc = QApplication::exec();
    links.stop();
    servers.saveResumePoints(links.statuses().values());
    prometheus.stop();
    if (source)
        source->stop();
    if (history)
        history->stop(); // commits the last second
    return rc;
}
