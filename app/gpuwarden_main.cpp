// gpuwarden: the desktop application. Parses arguments and wires parts; the
// logic lives in core/ and ui/.

#include "engine/livestate.h"
#include "history/historyservice.h"
#include "mainwindow.h"
#include "remote/agentlinks.h"
#include "remote/secretstore.h"
#include "remote/serverlist.h"
#include "remote/sourceoption.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/prometheusproducer.h"
#include "sources/source.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QTranslator>

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

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("gpuwarden"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Monitoring and admin for shared GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("demo"),
                      QApplication::translate("main", "Show a simulated fleet of three servers.")});
    parser.addOption({QStringLiteral("interval-ms"),
                      QApplication::translate("main", "Sampling interval."), QStringLiteral("ms"),
                      QStringLiteral("1000")});
    parser.addOption({QStringLiteral("screenshot"),
                      QApplication::translate(
                          "main", "Save the window as PNG after --quit-after-ms, then quit."),
                      QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("quit-after-ms"),
         QApplication::translate("main", "Close the window after this long (for tests)."),
         QStringLiteral("ms")});
    gw::addAgentSourceOption(parser);
    parser.addOption(
        {QStringLiteral("no-local"),
         QApplication::translate(
             "main", "Do not sample this machine; watch only the configured servers.")});
    parser.addOption(
        {QStringLiteral("settings"),
         QApplication::translate("main", "Settings file (servers list; default: the user's)."),
         QStringLiteral("file")});
    parser.addOption({QStringLiteral("history"),
                      QApplication::translate(
                          "main", "History file (default: in the application's data folder)."),
                      QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("no-history"), QApplication::translate("main", "Keep no history.")});
    parser.addOption({QStringLiteral("keep-raw-days"),
                      QApplication::translate("main", "Keep every reading this many days."),
                      QStringLiteral("days"), QStringLiteral("7")});
    parser.addOption({QStringLiteral("keep-minutes-days"),
                      QApplication::translate("main", "Keep per-minute roll-ups this many days."),
                      QStringLiteral("days"), QStringLiteral("90")});
    parser.addOption({QStringLiteral("keep-hours-days"),
                      QApplication::translate("main", "Keep per-hour roll-ups this many days."),
                      QStringLiteral("days"), QStringLiteral("730")});
    gw::addSamplerOptions(parser);
    parser.process(app);

    bool ok = false;
    const int intervalMs = parser.value(QStringLiteral("interval-ms")).toInt(&ok);
    if (!ok || intervalMs < 100 || intervalMs > 3'600'000) {
        std::fprintf(stderr, "gpuwarden: --interval-ms: expected 100..3600000\n");
        return 2;
    }
    const bool demo = parser.isSet(QStringLiteral("demo"));
    std::unique_ptr<gw::Producer> producer;
    QString sourceError;
    const auto agent = gw::agentSourceOption(parser, &sourceError);
    if (!sourceError.isEmpty()) {
        std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(sourceError));
        return 2;
    }
    const bool local = !agent && !parser.isSet(QStringLiteral("no-local"));
    if (demo) {
        producer = std::make_unique<gw::DemoProducer>();
    } else if (local) {
        QString error;
        const auto options = gw::samplerOptions(parser, &error);
        if (!options) {
            std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(error));
            return 2;
        }
        producer = std::make_unique<gw::LocalProducer>(*options, gw::backendOption(parser));
    }

    // History: the demo writes a fresh file of its own so it never mixes
    // with what this machine recorded.
    QString historyPath = parser.value(QStringLiteral("history"));
    if (historyPath.isEmpty()) {
        if (demo) {
            historyPath = QDir::temp().filePath(QStringLiteral("gpuwarden-demo-history.sqlite"));
            for (const char* suffix : {"", "-wal", "-shm"})
                QFile::remove(historyPath + QLatin1String(suffix));
        } else {
            const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
            QDir().mkpath(dir);
            historyPath = dir + QStringLiteral("/history.sqlite");
        }
    }
    gw::RetentionPolicy retention;
    for (const auto& [option, target] :
         {std::pair{QStringLiteral("keep-raw-days"), &retention.rawMs},
          std::pair{QStringLiteral("keep-minutes-days"), &retention.minuteMs},
          std::pair{QStringLiteral("keep-hours-days"), &retention.hourMs}}) {
        const double days = parser.value(option).toDouble(&ok);
        if (!ok || days <= 0 || days > 36500) {
            std::fprintf(stderr,
                         "gpuwarden: --%s: expected a number of days (0 < days <= 36500), got "
                         "\"%s\"\n",
                         qPrintable(option), qPrintable(parser.value(option)));
            return 2;
        }
        *target = qint64(days * 24 * 3600 * 1000);
    }
    std::unique_ptr<gw::HistoryService> history;
    if (!parser.isSet(QStringLiteral("no-history")))
        history = std::make_unique<gw::HistoryService>(historyPath, retention);

    gw::LiveState fleet;
    gw::MainWindow window(&fleet);
    std::unique_ptr<gw::Source> source;
    if (producer) {
        source = std::make_unique<gw::Source>(std::move(producer),
                                              std::chrono::milliseconds(intervalMs));
        QObject::connect(source.get(), &gw::Source::snapshotReady, &fleet, &gw::LiveState::ingest);
        QObject::connect(source.get(), &gw::Source::backfillReady, &fleet,
                         &gw::LiveState::ingestBatch);
        QObject::connect(source.get(), &gw::Source::statusChanged, &window,
                         &gw::MainWindow::setBackendStatus);
    } else {
        window.setBackendStatus(
            QApplication::translate("main", "Watching remote servers only (--no-local)."));
    }

    // Remote servers: the admin's list (File → Servers…, tokens in the
    // keychain), plus --source for a quick look at one agent. The demo
    // stays a world of its own.
    const auto settings = parser.isSet(QStringLiteral("settings"))
                              ? std::make_unique<QSettings>(
                                    parser.value(QStringLiteral("settings")), QSettings::IniFormat)
                              : std::make_unique<QSettings>();
    gw::SecretStore secrets;
    gw::ServerList servers(settings.get(), &secrets);
    gw::AgentLinks remote{std::chrono::milliseconds(intervalMs)};
    QObject::connect(&remote, &gw::AgentLinks::readings, &fleet, &gw::LiveState::ingestBatch);
    QObject::connect(&remote, &gw::AgentLinks::statusChanged, &fleet,
                     &gw::LiveState::setConnection);
    QObject::connect(&remote, &gw::AgentLinks::serverRemoved, &fleet, &gw::LiveState::removeServer);
    // Each agent is read on from where the last run stopped (at most the
    // last hour: AgentLink::kCatchUpMs).
    remote.setResumePoints(servers.resumePoints());
    std::optional<gw::RemoteServer> commandLineServer;
    if (agent)
        commandLineServer =
            gw::RemoteServer{agent->url.authority(), agent->url, agent->token, agent->pinnedSha256};
    // A Prometheus server is one Source of many hosts; asked every few
    // seconds at most (its scrapes are rarely more frequent), with the last
    // hour read back by query_range when it is added.
    struct PrometheusFeed
    {
        gw::RemoteServer server;
        std::unique_ptr<gw::Source> source;
    };
    std::map<QString, PrometheusFeed> prometheusFeeds;
    const auto prometheusInterval =
        std::max(std::chrono::milliseconds(intervalMs), std::chrono::milliseconds(5000));
    QObject::connect(
        &servers, &gw::ServerList::resolved, &remote,
        [&](const QList<gw::RemoteServer>& agents, const QList<gw::RemoteServer>& prometheus,
            const QStringList& keychainErrors) {
            QList<gw::RemoteServer> all = agents;
            if (commandLineServer)
                all.append(*commandLineServer);
            remote.setServers(all);
            window.showKeychainErrors(keychainErrors);

            std::map<QString, PrometheusFeed> kept;
            for (const auto& p : prometheus) {
                auto it = prometheusFeeds.find(p.name);
                if (it != prometheusFeeds.end() && it->second.server == p) {
                    kept.insert(prometheusFeeds.extract(it));
                    continue;
                }
                auto source = std::make_unique<gw::Source>(
                    std::make_unique<gw::PrometheusProducer>(p.url, p.token), prometheusInterval);
                QObject::connect(source.get(), &gw::Source::snapshotReady, &fleet,
                                 &gw::LiveState::ingest);
                QObject::connect(source.get(), &gw::Source::backfillReady, &fleet,
                                 &gw::LiveState::ingestBatch);
                QObject::connect(source.get(), &gw::Source::statusChanged, &window,
                                 [&window, name = p.name](const QString& message) {
                                     window.setSourceStatus(name, message);
                                 });
                if (history) {
                    QObject::connect(source.get(), &gw::Source::snapshotReady, history.get(),
                                     &gw::HistoryService::ingest);
                    QObject::connect(source.get(), &gw::Source::backfillReady, history.get(),
                                     &gw::HistoryService::ingestBatch);
                }
                source->start(std::chrono::hours(1));
                kept.insert({p.name, PrometheusFeed{p, std::move(source)}});
            }
            for (auto& [name, feed] : prometheusFeeds) {
                feed.source->stop();
                window.setSourceStatus(name, {});
            }
            prometheusFeeds = std::move(kept);
        });
    if (!demo) {
        window.setServerList(&servers);
        servers.resolve();
    }

    if (history) {
        if (source) {
            QObject::connect(source.get(), &gw::Source::snapshotReady, history.get(),
                             &gw::HistoryService::ingest);
            QObject::connect(source.get(), &gw::Source::backfillReady, history.get(),
                             &gw::HistoryService::ingestBatch);
        }
        QObject::connect(&remote, &gw::AgentLinks::readings, history.get(),
                         &gw::HistoryService::ingestBatch);
        window.setHistory(history.get());
        QObject::connect(history.get(), &gw::HistoryService::failed, &window,
                         &gw::MainWindow::showHistoryError);
        history->start();
    }
    window.show();
    if (source)
        source->start(demo ? std::chrono::hours(24 * 7) : std::chrono::milliseconds(0));

    if (parser.isSet(QStringLiteral("quit-after-ms"))) {
        const int ms = parser.value(QStringLiteral("quit-after-ms")).toInt();
        const QString shot = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(ms, &window, [&window, shot] {
            window.refreshCharts();
            if (!shot.isEmpty() && !window.grab().save(shot))
                std::fprintf(stderr, "gpuwarden: could not write %s\n", qPrintable(shot));
            window.close();
        });
    }
    const int rc = QApplication::exec();
    remote.stop();
    servers.saveResumePoints(remote.statuses().values());
    for (auto& [name, feed] : prometheusFeeds)
        feed.source->stop();
    if (source)
        source->stop();
    if (history)
        history->stop(); // commits the last second
    return rc;
}
