// gpuwarden-agent: samples this server and serves it over HTTP/JSON.
//   gpuwarden-agent --config /etc/gpuwarden/agent.toml [--demo]

#include "agent/agentconfig.h"
#include "agent/agentjournal.h"
#include "agent/agentserver.h"
#include "engine/engine.h"
#include "history/historyservice.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/source.h"
#include "util/quitsignals.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpuwarden-agent"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("GPU Warden agent: serves this server's GPU and "
                       "host readings over HTTP/JSON."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("config"), QStringLiteral("Agent configuration (TOML)."),
                      QStringLiteral("file"), QStringLiteral("/etc/gpuwarden/agent.toml")});
    parser.addOption({QStringLiteral("demo"),
                      QStringLiteral("Serve the first server of the simulated demo fleet.")});
    parser.addOption({QStringLiteral("demo-server"),
                      QStringLiteral("With --demo: serve this server of the demo fleet instead "
                                     "(1: gpu-lab-01, 3: infer-03 with a MIG-partitioned H100, "
                                     "4 to 64: generated servers with 8 GPUs)."),
                      QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("port"),
                      QStringLiteral("Listen on this port instead of the configured one (0: any "
                                     "free port, printed at start)."),
                      QStringLiteral("port")});
    parser.process(app);

    QString error;
    auto config = gw::AgentConfig::load(parser.value(QStringLiteral("config")), &error);
    if (!config) {
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(error));
        return 2;
    }
    if (parser.isSet(QStringLiteral("port"))) {
        bool ok = false;
        const int port = parser.value(QStringLiteral("port")).toInt(&ok);
        if (!ok || port < 0 || port > 65535) {
            std::fprintf(stderr, "gpuwarden-agent: --port: expected 0..65535\n");
            return 2;
        }
        config->port = quint16(port);
    }

    gw::AgentServer server(*config);
    // The journal lets a restart continue the stream; without one the agent
    // still serves, from memory, and says what that costs.
    if (config->journalPath.isEmpty()) {
        std::fprintf(stderr, "gpuwarden-agent: no journal configured: readings are kept in "
                             "memory only, a restart starts a new stream\n");
    } else {
        gw::AgentJournal::Options options;
        options.retention = config->journalRetention;
        auto journal = gw::AgentJournal::open(config->journalPath, options, &error);
        if (!journal) {
            std::fprintf(stderr,
                         "gpuwarden-agent: journal: %s; readings are kept in memory only, a "
                         "restart starts a new stream\n",
                         qPrintable(error));
        } else {
            std::fprintf(stderr, "gpuwarden-agent: journal %s, stream %s, continuing after %llu\n",
                         qPrintable(journal->path()), qPrintable(journal->stream()),
                         static_cast<unsigned long long>(journal->lastSequence()));
            if (journal->uncleanStart())
                std::fprintf(stderr,
                             "gpuwarden-agent: the previous run did not stop cleanly: readings "
                             "%llu to %llu are lost (reported as truncated)\n",
                             static_cast<unsigned long long>(journal->lostFrom()),
                             static_cast<unsigned long long>(journal->lastSequence()));
            server.attachJournal(std::move(journal));
        }
    }
    if (!server.listen(&error)) {
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("listening on %s:%u\n", qPrintable(config->listen.toString()), server.port());
    std::fflush(stdout);

    // Readings go through the engine, as on the desktop: to the HTTP side
    // on its thread, to the history writer straight from the sampling thread.
    std::unique_ptr<gw::HistoryService> history;
    if (!config->historyPath.isEmpty()) {
        history = std::make_unique<gw::HistoryService>(config->historyPath);
        QObject::connect(history.get(), &gw::HistoryService::failed, [](const QString& m) {
            std::fprintf(stderr, "gpuwarden-agent: history: %s\n", qPrintable(m));
        });
        history->start();
    }
    gw::Engine engine;
    engine.addConsumer(&server, [&server](const QList<gw::Snapshot>& readings) {
        for (const auto& s : readings)
            server.publish(s);
    });
    if (history)
        engine.addThreadSafeConsumer(history.get(), &gw::HistoryService::ingestBatch);

    const bool demo = parser.isSet(QStringLiteral("demo"));
    bool demoServerOk = false;
    const int demoServer = parser.value(QStringLiteral("demo-server")).toInt(&demoServerOk);
    if (!demoServerOk || demoServer < 1 || demoServer > gw::DemoWorld::kMaxServers) {
        std::fprintf(stderr, "gpuwarden-agent: --demo-server: expected 1..%d\n",
                     gw::DemoWorld::kMaxServers);
        return 2;
    }
    gw::Source source(
        demo ? std::unique_ptr<gw::Producer>(
                   std::make_unique<gw::DemoProducer>(gw::DemoProducer::single(demoServer - 1)))
             : std::make_unique<gw::LocalProducer>(gw::SamplerOptions(), config->backend),
        std::chrono::milliseconds(config->intervalMs));
    engine.attach(&source);
    QObject::connect(&source, &gw::Source::statusChanged, &server, [&](const QString& message) {
        server.setBackendStatus(demo ? QStringLiteral("demo") : config->backend, message);
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(message));
    });
    source.start();

    const auto quitSignals = gw::QuitOnSignals::quitApplication();
    const int rc = QCoreApplication::exec();
    source.stop();
    if (!server.closeJournal(&error))
        std::fprintf(stderr, "gpuwarden-agent: journal: %s\n", qPrintable(error));
    if (history)
        history->stop();
    return rc;
}
