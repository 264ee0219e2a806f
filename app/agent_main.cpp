// gpuwarden-agent: samples this server and serves it over HTTP/JSON.
//   gpuwarden-agent --config /etc/gpuwarden/agent.toml [--policy policy.toml] [--demo]

#include "agent/agentconfig.h"
#include "agent/agentjournal.h"
#include "agent/agentserver.h"
#include "agent/auditlog.h"
#include "agent/balanceenforcer.h"
#include "agent/dailyreport.h"
#include "agent/tokendesk.h"
#include "engine/engine.h"
#include "history/historyservice.h"
#include "policy/alerts.h"
#include "policy/demopolicy.h"
#include "policy/enforcer.h"
#include "policy/policyconfig.h"
#include "policy/policyservice.h"
#include "policy/unixgroups.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/source.h"
#include "util/duration.h"
#include "util/quitsignals.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSocketNotifier>
#include <QSysInfo>

#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// SIGHUP re-reads the policy. The handler only writes a byte to a socket
// (async-signal-safe); the main thread's event loop does the work, as
// QuitOnSignals does for SIGTERM and SIGINT.
int g_hangUpFd = -1;

void onHangUp(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_hangUpFd, &byte, 1);
}

std::unique_ptr<QSocketNotifier> onSigHup(std::function<void()> then)
{
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, fds) != 0)
        return nullptr;
    g_hangUpFd = fds[1];
    struct sigaction sa = {};
    sa.sa_handler = onHangUp;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGHUP, &sa, nullptr);
    auto notifier = std::make_unique<QSocketNotifier>(fds[0], QSocketNotifier::Read);
    QObject::connect(notifier.get(), &QSocketNotifier::activated, notifier.get(),
                     [fd = fds[0], then = std::move(then)] {
                         char buffer[16];
                         while (::read(fd, buffer, sizeof buffer) > 0) {
                         }
                         then();
                     });
    return notifier;
}

} // namespace

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
    parser.addOption({QStringLiteral("policy"),
                      QStringLiteral("Policy file (policy.toml) instead of the configured one "
                                     "([policy] path)."),
                      QStringLiteral("file")});
    parser.process(app);

    QString error;
    auto config = gw::AgentConfig::load(parser.value(QStringLiteral("config")), &error);
    if (!config) {
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(error));
        return 2;
    }
    // The daily report's folder: made now, so a wrong one stops the start.
    if (config->dailyReport && !gw::DailyReporter::prepareDir(*config->dailyReport, &error)) {
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

    // The policies. A broken file means no start: every mistake is printed
    // as file:line:column, exit code 2, as for agent.toml.
    const QString policyPath = parser.isSet(QStringLiteral("policy"))
                                   ? parser.value(QStringLiteral("policy"))
                                   : config->policyPath;
    gw::PolicyConfig policy;
    const bool demo = parser.isSet(QStringLiteral("demo"));
    if (policyPath.isEmpty() && demo) {
        // The demo's own policy: short spans, so events come within minutes.
        policy = *gw::parsePolicy(gw::demoPolicyText(), QLatin1String(gw::kDemoPolicyName)).config;
        std::fprintf(stderr, "gpuwarden-agent: policy: %s (built in)\n", gw::kDemoPolicyName);
    } else if (policyPath.isEmpty()) {
        std::fprintf(stderr, "gpuwarden-agent: policy: built-in defaults\n");
    } else {
        const gw::PolicyParseResult parsed = gw::loadPolicyFile(policyPath);
        for (const QString& e : parsed.errors)
            std::fprintf(stderr, "%s\n", qPrintable(e));
        for (const QString& w : parsed.warnings)
            std::fprintf(stderr, "%s (warning)\n", qPrintable(w));
        if (!parsed.config) {
            std::fprintf(stderr, "gpuwarden-agent: the policy %s is refused; not starting\n",
                         qPrintable(policyPath));
            return 2;
        }
        policy = *parsed.config;
        std::fprintf(stderr, "gpuwarden-agent: policy: %s\n", qPrintable(policyPath));
    }

    // Who keeps the token books (docs/tokens.md, "Keeper of several agents").
    if (config->keeping.keeperSource)
        std::fprintf(stderr, "gpuwarden-agent: token books: kept by %s, read every %s\n",
                     qPrintable(config->keeping.keeperSource->url),
                     qPrintable(gw::formatDurationExact(config->keeping.pollInterval)));
    else if (config->keeping.prometheus)
        std::fprintf(stderr,
                     "gpuwarden-agent: token books: kept here, %lld peers and the counters in %s "
                     "read every %s\n",
                     static_cast<long long>(config->keeping.peers.size()),
                     qPrintable(config->keeping.prometheus->url),
                     qPrintable(gw::formatDurationExact(config->keeping.pollInterval)));
    else if (!config->keeping.peers.isEmpty())
        std::fprintf(stderr, "gpuwarden-agent: token books: kept here, %lld peers read every %s\n",
                     static_cast<long long>(config->keeping.peers.size()),
                     qPrintable(gw::formatDurationExact(config->keeping.pollInterval)));
    gw::AgentServer server(*config);
    // The journal lets a restart continue the stream; without one the agent
    // still serves, from memory, and says what that costs.
    if (config->journalPath.isEmpty()) {
        std::fprintf(stderr,
                     "gpuwarden-agent: no journal configured: readings are kept in memory only, "
                     "policy events too (the last %lld), a restart starts a new stream\n",
                     static_cast<long long>(gw::AgentServer::kMemoryEventLimit));
    } else {
        gw::AgentJournal::Options options;
        options.retention = config->journalRetention;
        auto journal = gw::AgentJournal::open(config->journalPath, options, &error);
        if (!journal) {
            std::fprintf(stderr,
                         "gpuwarden-agent: journal: %s; readings are kept in memory only (policy "
                         "events too), a restart starts a new stream\n",
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

    // The policies are evaluated on every reading, on a thread of their own,
    // whether or not anyone is watching; the server numbers and stores the
    // events, and serves, changes and replays the policy.
    // The demo's processes are made up (their pids may be real ones of this
    // machine): a demo agent never asks for a signal.
    gw::PolicyEngine::Options policyOptions;
    policyOptions.enforcing = !demo;
    policyOptions.groups = gw::unixGroupsOf;
    gw::PolicyService policyService(policy, policyOptions);
    server.attachPolicy(&policyService, policy, policyPath);
    QObject::connect(&policyService, &gw::PolicyService::eventsChanged, &server,
                     &gw::AgentServer::recordEvents, Qt::QueuedConnection);
    // Enforcement: the enforcer re-checks each request against the newest
    // reading and /proc before it signals, and what it did joins the event.
    gw::Enforcer::Options enforcerOptions;
    enforcerOptions.killGraceMs = policy.idle.killGraceMs;
    gw::Enforcer enforcer(enforcerOptions);
    engine.addConsumer(&enforcer, [&enforcer](const QList<gw::Snapshot>& readings) {
        for (const auto& s : readings)
            enforcer.setLatest(s);
    });
    QObject::connect(
        &policyService, &gw::PolicyService::enforcementRequested, &enforcer,
        [&enforcer](const QList<gw::EnforcementRequest>& requests) { enforcer.enforce(requests); });
    QObject::connect(&enforcer, &gw::Enforcer::acted, &policyService,
                     &gw::PolicyService::recordAction);
    // Webhook alerts, queued off the policy thread: sampling never waits.
    gw::Alerter alerter(policy);
    QObject::connect(
        &policyService, &gw::PolicyService::eventsChanged, &alerter,
        [&alerter](const QList<gw::PolicyEvent>& events) { alerter.notify(events); },
        Qt::DirectConnection);
    // The token books' enforcement steps reach people the same way.
    QObject::connect(server.balanceEnforcer(), &gw::BalanceEnforcer::recorded, &alerter,
                     [&alerter, &server](const gw::AuditEntry& e) {
                         const QString text =
                             gw::auditAlertText(e, server.tokenDesk()->serverName());
                         if (!text.isEmpty())
                             alerter.notifyText(QStringLiteral("tokens"), e.user, text);
                     });
    QObject::connect(&alerter, &gw::Alerter::failed, &server,
                     [](const QString& text, const QString& why) {
                         std::fprintf(stderr, "gpuwarden-agent: webhook: %s: %s\n", qPrintable(why),
                                      qPrintable(text));
                     });
    QObject::connect(&server, &gw::AgentServer::policyChanged, &server, [&](int) {
        alerter.setPolicy(server.policy());
        enforcer.setKillGraceMs(server.policy().idle.killGraceMs);
    });
    engine.addThreadSafeConsumer(&policyService, &gw::PolicyService::ingestBatch);

    bool demoServerOk = false;
    const int demoServer = parser.value(QStringLiteral("demo-server")).toInt(&demoServerOk);
    if (!demoServerOk || demoServer < 1 || demoServer > gw::DemoWorld::kMaxServers) {
        std::fprintf(stderr, "gpuwarden-agent: --demo-server: expected 1..%d\n",
                     gw::DemoWorld::kMaxServers);
        return 2;
    }
    gw::Source source(demo ? std::unique_ptr<gw::Producer>(std::make_unique<gw::DemoProducer>(
                                 gw::DemoProducer::single(demoServer - 1)))
                           : std::make_unique<gw::LocalProducer>(
                                 gw::SamplerOptions(), config->backend, config->serverName),
                      std::chrono::milliseconds(config->intervalMs));
    engine.attach(&source);
    QObject::connect(&source, &gw::Source::statusChanged, &server, [&](const QString& message) {
        server.setBackendStatus(demo ? QStringLiteral("demo") : config->backend, message);
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(message));
    });
    source.start();

    // The daily report ([reports] in agent.toml): from the history store
    // with the policy in force when it is made; today's at start if missed.
    std::unique_ptr<gw::DailyReporter> reporter;
    if (config->dailyReport) {
        gw::DailyReporter::Setup setup;
        setup.config = *config->dailyReport;
        setup.historyPath = config->historyPath;
        setup.server = demo ? gw::DemoWorld(demoServer).names().value(demoServer - 1)
                       : !config->serverName.isEmpty() ? config->serverName
                                                       : QSysInfo::machineHostName();
        setup.policyPath = policyPath;
        setup.cliPath =
            QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("gpuwarden-cli"));
        setup.policy = [&server] {
            return server.policy();
        };
        setup.now = [] {
            return QDateTime::currentMSecsSinceEpoch();
        };
        reporter = std::make_unique<gw::DailyReporter>(std::move(setup));
        QObject::connect(reporter.get(), &gw::DailyReporter::written, [](const QString& path) {
            std::fprintf(stderr, "gpuwarden-agent: daily report: %s\n", qPrintable(path));
        });
        QObject::connect(reporter.get(), &gw::DailyReporter::failed, [](const QString& why) {
            std::fprintf(stderr, "gpuwarden-agent: daily report: %s\n", qPrintable(why));
        });
        reporter->start();
    }

    const auto quitSignals = gw::QuitOnSignals::quitApplication();
    const auto hangUp = onSigHup([&server, &policyPath] {
        if (policyPath.isEmpty()) {
            std::fprintf(stderr, "gpuwarden-agent: SIGHUP: no policy file to re-read\n");
            return;
        }
        std::fprintf(stderr, "gpuwarden-agent: SIGHUP: re-reading %s\n", qPrintable(policyPath));
        if (server.reloadPolicy())
            std::fprintf(stderr, "gpuwarden-agent: policy version %d in force\n",
                         server.policyVersion());
    });
    const int rc = QCoreApplication::exec();
    source.stop();
    engine.removeConsumer(&policyService);
    if (!server.closeJournal(&error))
        std::fprintf(stderr, "gpuwarden-agent: journal: %s\n", qPrintable(error));
    if (history)
        history->stop();
    return rc;
}
