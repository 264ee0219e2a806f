#include "agent/agentapp.h"

#include "agent/agentserver.h"
#include "agent/allocationdesk.h"
#include "agent/auditlog.h"
#include "agent/balanceenforcer.h"
#include "agent/dailyreport.h"
#include "agent/doctor.h"
#include "agent/tokencommand.h"
#include "agent/tokendesk.h"
#include "engine/engine.h"
#include "history/historyservice.h"
#include "journal/agentjournal.h"
#include "notice/notifier.h"
#include "policy/accounts.h"
#include "policy/alerts.h"
#include "policy/demopolicy.h"
#include "policy/enforcer.h"
#include "policy/policyservice.h"
#include "policy/unixgroups.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/source.h"
#include "util/duration.h"
#include "util/quitsignals.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QRandomGenerator>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace gw {

std::optional<int> AgentApp::runCommand(int argc, char* argv[])
{
    const bool token = argc > 1 && std::strcmp(argv[1], "token") == 0;
    if (!token && !(argc > 1 && std::strcmp(argv[1], "doctor") == 0))
        return std::nullopt;
    QCoreApplication app(argc, argv);
    const QString config = QLatin1String(Options::kDefaultConfigPath);
    const QStringList rest = QCoreApplication::arguments().mid(2);
    return token ? runTokenCommand(rest, config) : runDoctorCommand(rest, config);
}

AgentApp::AgentApp(Options options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options))
{}

AgentApp::~AgentApp()
{
    stop();
}

int AgentApp::run()
{
    // Before the start: a signal that comes while it runs (a SIGHUP right
    // after "listening on") waits in the pipe for the event loop instead of
    // taking its default action.
    // Signals blocked since main()'s first line (QuitOnSignals::blockUntilHandled)
    // are delivered from here on.
    m_signals = QuitOnSignals::quitApplication([this] { hangUp(); });
    if (const int rc = start(); rc != 0)
        return rc;
    // A SIGTERM read while starting (quit() does nothing before exec()).
    const int rc = m_signals->quitRequested() ? 0 : QCoreApplication::exec();
    stop();
    return rc;
}

// The policies. A broken file means no start: every mistake is printed as
// file:line:column, exit code 2, as for agent.toml.
bool AgentApp::loadPolicy()
{
    m_policyPath = m_options.policyPath ? *m_options.policyPath : m_config->policyPath;
    if (m_policyPath.isEmpty() && m_options.demo) {
        // The demo's own policy: short spans, so events come within minutes.
        m_policy = *parsePolicy(demoPolicyText(), QLatin1String(kDemoPolicyName)).config;
        std::fprintf(stderr, "gpuwarden-agent: policy: %s (built in)\n", kDemoPolicyName);
    } else if (m_policyPath.isEmpty()) {
        std::fprintf(stderr, "gpuwarden-agent: policy: built-in defaults\n");
    } else {
        const PolicyParseResult parsed = loadPolicyFile(m_policyPath);
        for (const QString& e : parsed.errors)
            std::fprintf(stderr, "%s\n", qPrintable(e));
        for (const QString& w : parsed.warnings)
            std::fprintf(stderr, "%s (warning)\n", qPrintable(w));
        if (!parsed.config) {
            std::fprintf(stderr, "gpuwarden-agent: the policy %s is refused; not starting\n",
                         qPrintable(m_policyPath));
            return false;
        }
        m_policy = *parsed.config;
        std::fprintf(stderr, "gpuwarden-agent: policy: %s\n", qPrintable(m_policyPath));
    }
    return true;
}

// The journal lets a restart continue the stream; without one the agent
// still serves, from memory, and says what that costs.
void AgentApp::openJournal()
{
    const AgentConfig& config = *m_config;
    if (config.journalPath.isEmpty()) {
        std::fprintf(stderr,
                     "gpuwarden-agent: no journal configured: readings are kept in memory only, "
                     "policy events too (the last %lld), a restart starts a new stream\n",
                     static_cast<long long>(AgentServer::kMemoryEventLimit));
        return;
    }
    AgentJournal::Options options;
    options.retention = config.journalRetention;
    options.reserveAhead = config.journalReserveAhead;
    if (m_demoPastHours > 0)
        options.reserveAhead = std::max(options.reserveAhead, kDemoPastReserveAhead);
    QString error;
    auto journal = AgentJournal::open(config.journalPath, options, &error);
    if (!journal) {
        std::fprintf(stderr,
                     "gpuwarden-agent: journal: %s; readings are kept in memory only (policy "
                     "events too), a restart starts a new stream\n",
                     qPrintable(error));
        return;
    }
    // The demo's past is filled into a journal without readings only (its
    // readings would be older than those it holds).
    if (m_demoPastHours > 0 && journal->lastSequence() > 0) {
        std::fprintf(stderr,
                     "gpuwarden-agent: --demo-past: the journal holds readings already; the "
                     "demo's past is not filled in again\n");
        m_demoPastHours = 0;
    }
    // The demo's past goes to the token books too, hour by hour from its
    // first hour: they begin there, not now.
    if (m_demoPastHours > 0 && !TokenDesk::beginBooksAt(*journal,
                                                        QDateTime::currentMSecsSinceEpoch() -
                                                            qint64(m_demoPastHours) * 3'600'000,
                                                        &error))
        std::fprintf(stderr, "gpuwarden-agent: journal: %s\n", qPrintable(error));
    std::fprintf(stderr, "gpuwarden-agent: journal %s, stream %s, continuing after %llu\n",
                 qPrintable(journal->path()), qPrintable(journal->stream()),
                 static_cast<unsigned long long>(journal->lastSequence()));
    // What the journal knows after a crash: the last reading it stored, and
    // the numbers reserved ahead of use. How many of those numbers the dead
    // run gave to readings it had not stored yet, nobody knows: the range
    // is skipped, and clients are told it is truncated.
    // XIDs the kernel log holds from before this were told in readings of
    // an earlier run (docs/health.md): judged again, told once.
    m_lastJournaledReadingMs = journal->lastReadingMs().value_or(0);
    if (journal->uncleanStart()) {
        const auto lastStored = static_cast<unsigned long long>(journal->lostFrom() - 1);
        const QByteArray stored =
            lastStored == 0
                ? QByteArrayLiteral("the journal holds none of its readings")
                : "the journal holds its readings up to number " + QByteArray::number(lastStored);
        std::fprintf(stderr,
                     "gpuwarden-agent: the previous run did not stop cleanly: %s; any reading "
                     "taken after that before the stop was not stored. Numbers %llu to %llu "
                     "were reserved and are skipped (clients asking for them are told the range "
                     "is truncated)\n",
                     stored.constData(), lastStored + 1,
                     static_cast<unsigned long long>(journal->lastSequence()));
    }
    m_server->attachJournal(std::move(journal));
}

bool AgentApp::loadConfig()
{
    if (m_options.configPath || !m_options.demo) {
        QString error;
        m_config = AgentConfig::load(
            m_options.configPath.value_or(QLatin1String(Options::kDefaultConfigPath)), &error);
        if (!m_config)
            std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(error));
        return m_config.has_value();
    }
    // A demo without a file: the built-in settings, nothing written to
    // this machine's state (no journal, no history), and one token for
    // every route, made for this run, since every route but /healthz needs
    // one.
    AgentConfig config;
    config.journalPath.clear();
    const QByteArray token =
        QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0') +
        QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0');
    config.tokens.append({QStringLiteral("demo"), sha256(token), TokenScope::Admin});
    m_config = std::move(config);
    std::fprintf(stderr,
                 "gpuwarden-agent: --demo without --config: built-in settings (no journal, no "
                 "history); token for this run (admin): %s\n",
                 token.constData());
    return true;
}

int AgentApp::demoServerOption() const
{
    if (!m_options.demoServer)
        return 1;
    if (!m_options.demo) {
        std::fprintf(stderr,
                     "gpuwarden-agent: --demo-server picks a server of the demo fleet: "
                     "give --demo with it (without --demo the agent serves this machine)\n");
        return 0;
    }
    bool ok = false;
    const int n = m_options.demoServer->toInt(&ok);
    if (!ok || n < 1 || n > DemoWorld::kMaxServers) {
        std::fprintf(stderr, "gpuwarden-agent: --demo-server: expected 1..%d, got \"%s\"\n",
                     DemoWorld::kMaxServers, qPrintable(*m_options.demoServer));
        return 0;
    }
    return n;
}

int AgentApp::demoPastOption() const
{
    if (!m_options.demoPast)
        return 0;
    if (!m_options.demo) {
        std::fprintf(stderr, "gpuwarden-agent: --demo-past fills in the demo's past: give --demo "
                             "with it\n");
        return -1;
    }
    bool ok = false;
    const int hours = m_options.demoPast->toInt(&ok);
    if (!ok || hours < 1 || hours > kMaxDemoPastHours) {
        std::fprintf(stderr, "gpuwarden-agent: --demo-past: expected 1..%d hours, got \"%s\"\n",
                     kMaxDemoPastHours, qPrintable(*m_options.demoPast));
        return -1;
    }
    return hours;
}

int AgentApp::start()
{
    // The command line first: nothing is listened on or opened for an
    // option that is refused.
    const int demoServer = demoServerOption();
    if (demoServer == 0)
        return 2;
    m_demoPastHours = demoPastOption();
    if (m_demoPastHours < 0)
        return 2;
    QString error;
    if (!loadConfig())
        return 2;
    AgentConfig& config = *m_config;
    // The daily report's folder: made now, so a wrong one stops the start.
    if (config.dailyReport && !DailyReporter::prepareDir(*config.dailyReport, &error)) {
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(error));
        return 2;
    }
    if (m_options.port) {
        bool ok = false;
        const int port = m_options.port->toInt(&ok);
        if (!ok || port < 0 || port > 65535) {
            std::fprintf(stderr, "gpuwarden-agent: --port: expected 0..65535\n");
            return 2;
        }
        config.port = quint16(port);
    }
    if (!loadPolicy())
        return 2;

    // Who keeps the token books (docs/tokens.md, "Keeper of several agents").
    if (config.keeping.keeperSource)
        std::fprintf(stderr, "gpuwarden-agent: token books: kept by %s, read every %s\n",
                     qPrintable(config.keeping.keeperSource->address),
                     qPrintable(formatDurationExact(config.keeping.pollInterval)));
    else if (config.keeping.prometheus)
        std::fprintf(stderr,
                     "gpuwarden-agent: token books: kept here, %lld peers and the counters in %s "
                     "read every %s\n",
                     static_cast<long long>(config.keeping.peers.size()),
                     qPrintable(config.keeping.prometheus->address),
                     qPrintable(formatDurationExact(config.keeping.pollInterval)));
    else if (!config.keeping.peers.isEmpty())
        std::fprintf(stderr, "gpuwarden-agent: token books: kept here, %lld peers read every %s\n",
                     static_cast<long long>(config.keeping.peers.size()),
                     qPrintable(formatDurationExact(config.keeping.pollInterval)));
    m_server = std::make_unique<AgentServer>(config);
    openJournal();
    if (!m_server->listen(&error)) {
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(error));
        return 1;
    }
    // Known once the port is (a port of 0 is chosen at listen); nothing is
    // served before the event loop runs.
    const AgentIdentity identity =
        resolveAgentIdentity(config.journalPath, m_server->port(), m_server->instance());
    std::fprintf(stderr, "gpuwarden-agent: identity %s (%s)%s%s\n", qPrintable(identity.id),
                 qPrintable(agentIdentitySourceName(identity.source)),
                 identity.note.isEmpty() ? "" : ": ", qPrintable(identity.note));
    m_server->setIdentity(identity);
    if (config.tokens.isEmpty())
        std::fprintf(stderr, "gpuwarden-agent: no [[token]] in the configuration: every route but "
                             "/healthz answers 401 until `gpuwarden-agent token new` and a SIGHUP "
                             "(systemctl reload gpuwarden-agent) add one\n");
    std::printf("listening on %s:%u\n", qPrintable(config.listen.toString()), m_server->port());
    std::fflush(stdout);

    // Readings go through the engine, as on the desktop: to the HTTP side
    // on its thread, to the history writer straight from the sampling thread.
    if (!config.historyPath.isEmpty()) {
        m_history = std::make_unique<HistoryService>(config.historyPath);
        connect(m_history.get(), &HistoryService::failed, this, [](const QString& m) {
            std::fprintf(stderr, "gpuwarden-agent: history: %s\n", qPrintable(m));
        });
        m_history->start();
    }
    m_engine = std::make_unique<Engine>();
    AgentServer* server = m_server.get();
    m_engine->addConsumer(server, [server](const QList<Snapshot>& readings) {
        for (const auto& s : readings)
            server->publish(s);
    });
    if (m_history)
        m_engine->addThreadSafeConsumer(m_history.get(), &HistoryService::ingestBatch);
    wirePolicies();

    startSource(demoServer, m_demoPastHours);
    startDailyReport(demoServer);
    return 0;
}

// The sampling source: this machine, or a server of the demo fleet. With
// --demo-past, the demo's past comes first, through the same path as every
// reading (numbered in the journal, judged by the policies, kept in the
// history) as if the agent had run that long, in parts that wait while the
// HTTP side or the history writer still digests the ones before.
void AgentApp::startSource(int demoServer, int pastHours)
{
    const AgentConfig& config = *m_config;
    AgentServer* server = m_server.get();
    const bool demo = m_options.demo;
    std::unique_ptr<Producer> producer;
    if (demo) {
        producer = std::make_unique<DemoProducer>(DemoProducer::single(demoServer - 1));
    } else {
        SamplerOptions sampling;
        sampling.kernelLog = config.kernelLog;
        auto local = std::make_unique<LocalProducer>(sampling, config.backend, config.serverName);
        local->setHealthReportedUntil(m_lastJournaledReadingMs);
        local->setOwnerOptions(config.runtimes);
        m_owners = local->owners();
        m_owners->setRules(m_server->policy().owners);
        producer = std::move(local);
    }
    m_source =
        std::make_unique<Source>(std::move(producer), std::chrono::milliseconds(config.intervalMs));
    // This machine's readings in the order made: a wall clock set back is
    // an event, not a reason to stop (docs/samplers.md "Time").
    m_engine->attach(m_source.get(), Engine::Order::AsMade);
    connect(m_source.get(), &Source::clockStepped, server, &AgentServer::recordClockStep);
    connect(m_source.get(), &Source::statusChanged, server, [this, server](const QString& message) {
        server->setBackendStatus(m_options.demo ? QStringLiteral("demo") : m_config->backend,
                                 message);
        std::fprintf(stderr, "gpuwarden-agent: %s\n", qPrintable(message));
    });
    if (pastHours == 0) {
        m_source->start();
        return;
    }
    m_source->setBackfillGate([engine = m_engine.get(), history = m_history.get()] {
        return engine->queuedReadings() < kDemoPastBacklog &&
               (!history || history->backlog() < kDemoPastBacklog);
    });
    // Said once the HTTP side has numbered the last of it (scripts and
    // benches wait for this line).
    connect(m_source.get(), &Source::backfillProgress, this, [this, pastHours](int percent) {
        if (percent < 100)
            return;
        auto* wait = new QTimer(this);
        wait->setInterval(50);
        connect(wait, &QTimer::timeout, this, [this, wait, pastHours] {
            if (m_engine->queuedReadings() > 0)
                return;
            wait->deleteLater();
            std::fprintf(
                stderr,
                "gpuwarden-agent: the demo's past %d h is in (the last reading numbered %llu)\n",
                pastHours, static_cast<unsigned long long>(m_server->lastSequence()));
        });
        wait->start();
    });
    m_source->start(std::chrono::hours(pastHours));
}

// The policies are evaluated on every reading, on a thread of their own,
// whether or not anyone is watching; the server numbers and stores the
// events, and serves, changes and replays the policy.
namespace {

// Where enforcement stops a process's workload: the sockets its names are
// read from ([runtimes]), and scancel.
owners::WorkloadStopper::Options workloadStops(const AgentConfig& config)
{
    owners::WorkloadStopper::Options o;
    o.dockerSocket = config.runtimes.dockerSocket;
    o.podmanSocket = config.runtimes.podmanSocket;
    o.scancel = config.scancel;
    return o;
}

} // namespace

void AgentApp::wirePolicies()
{
    AgentServer* server = m_server.get();
    // The demo's processes are made up (their pids may be real ones of this
    // machine): a demo agent never asks for a signal.
    PolicyEngine::Options policyOptions;
    policyOptions.enforcing = !m_options.demo;
    policyOptions.groups = cachedUnixGroupsOf; // one cache with the desk's and `me`'s
    // What /v1/allocate granted counts for the cap rule from its grant.
    auto grants = std::make_shared<GrantedUnits>();
    server->allocationDesk()->setGrantedUnits(grants);
    policyOptions.grants = [grants](const QString& name) {
        return grants->of(name);
    };
    m_policyService = std::make_unique<PolicyService>(m_policy, policyOptions);
    PolicyService* service = m_policyService.get();
    server->attachPolicy(service, m_policy, m_policyPath);
    connect(service, &PolicyService::eventsChanged, server, &AgentServer::recordEvents,
            Qt::QueuedConnection);
    // Enforcement: the enforcer re-checks each request against the newest
    // reading and /proc before it signals, and what it did joins the event.
    Enforcer::Options enforcerOptions;
    enforcerOptions.killGraceMs = m_policy.idle.killGraceMs;
    // A process's container or job is stopped where [runtimes] says its
    // names are read (docs/enforcement.md); the token books' steps too.
    enforcerOptions.workloads = workloadStops(*m_config);
    server->balanceEnforcer()->setWorkloadOptions(enforcerOptions.workloads);
    m_enforcer = std::make_unique<Enforcer>(enforcerOptions);
    Enforcer* enforcer = m_enforcer.get();
    m_engine->addConsumer(enforcer, [enforcer](const QList<Snapshot>& readings) {
        for (const auto& s : readings)
            enforcer->setLatest(s);
    });
    connect(service, &PolicyService::enforcementRequested, enforcer,
            [enforcer](const QList<EnforcementRequest>& requests) { enforcer->enforce(requests); });
    connect(enforcer, &Enforcer::acted, service, &PolicyService::recordAction);
    // Webhook alerts, queued off the policy thread: sampling never waits.
    m_alerter = std::make_unique<Alerter>(m_policy);
    Alerter* alerter = m_alerter.get();
    server->setAlerter(alerter); // its counters on /metrics
    connect(
        service, &PolicyService::eventsChanged, alerter,
        [alerter](const QList<PolicyEvent>& events) { alerter->notify(events); },
        Qt::DirectConnection);
    // The token books' enforcement steps reach people the same way.
    connect(server->balanceEnforcer(), &BalanceEnforcer::recorded, alerter,
            [alerter, server](const AuditEntry& e) {
                const QString text = auditAlertText(e, server->tokenDesk()->serverName());
                if (!text.isEmpty())
                    alerter->notifyText(QStringLiteral("tokens"), e.user, text);
            });
    // Notices to the owners ([contacts]): the same news, told to the person
    // too; each notice audited with its outcome.
    Notifier::Options noticeOptions;
    noticeOptions.server = server->tokenDesk()->serverName();
    m_notifier = std::make_unique<Notifier>(m_policy, noticeOptions);
    Notifier* notifier = m_notifier.get();
    connect(
        service, &PolicyService::eventsChanged, notifier,
        [notifier](const QList<PolicyEvent>& events) { notifier->notify(events); },
        Qt::DirectConnection);
    connect(server->balanceEnforcer(), &BalanceEnforcer::recorded, notifier,
            [notifier, server](const AuditEntry& e) {
                if (e.outcome != QLatin1String("done"))
                    return; // a dry run's or a refused step reaches the admin only
                const QString text = auditAlertText(e, server->tokenDesk()->serverName());
                if (text.isEmpty())
                    return;
                PolicyEvent about;
                about.pid = e.pid;
                about.processStartMs = e.startTimeMs;
                about.command = e.command;
                about.gpuIndex = e.gpuIndex.value_or(-1);
                about.workloadName = e.workload;
                notifier->notifyText(QStringLiteral("tokens"), e.user, text, about);
            });
    connect(notifier, &Notifier::recorded, server->balanceEnforcer(),
            &BalanceEnforcer::auditNotice);
    connect(alerter, &Alerter::failed, server, [](const QString& text, const QString& why) {
        std::fprintf(stderr, "gpuwarden-agent: webhook: %s: %s\n", qPrintable(why),
                     qPrintable(text));
    });
    connect(server, &AgentServer::policyChanged, server, [this, server, alerter, enforcer](int) {
        alerter->setPolicy(server->policy());
        m_notifier->setPolicy(server->policy());
        enforcer->setKillGraceMs(server->policy().idle.killGraceMs);
        // Who owns a process, by the [owners] of the policy now in force.
        if (m_owners)
            m_owners->setRules(server->policy().owners);
    });
    m_engine->addThreadSafeConsumer(service, &PolicyService::ingestBatch);
}

// The daily report ([reports] in agent.toml): from the history store with
// the policy in force when it is made; today's at start if missed.
void AgentApp::startDailyReport(int demoServer)
{
    const AgentConfig& config = *m_config;
    if (!config.dailyReport)
        return;
    DailyReporter::Setup setup;
    setup.config = *config.dailyReport;
    setup.historyPath = config.historyPath;
    setup.server = m_options.demo ? DemoWorld(demoServer).names().value(demoServer - 1)
                   : !config.serverName.isEmpty() ? config.serverName
                                                  : QSysInfo::machineHostName();
    setup.policyPath = m_policyPath;
    setup.cliPath = m_options.cliPath;
    AgentServer* server = m_server.get();
    setup.policy = [server] {
        return server->policy();
    };
    setup.now = [] {
        return QDateTime::currentMSecsSinceEpoch();
    };
    m_reporter = std::make_unique<DailyReporter>(std::move(setup));
    connect(m_reporter.get(), &DailyReporter::written, this, [](const QString& path) {
        std::fprintf(stderr, "gpuwarden-agent: daily report: %s\n", qPrintable(path));
    });
    connect(m_reporter.get(), &DailyReporter::failed, this, [](const QString& why) {
        std::fprintf(stderr, "gpuwarden-agent: daily report: %s\n", qPrintable(why));
    });
    m_reporter->start();
}

void AgentApp::reloadTokens()
{
    if (!m_options.configPath && m_options.demo)
        return; // the demo's token for the run; no file
    const QString path = m_options.configPath.value_or(QLatin1String(Options::kDefaultConfigPath));
    QString error;
    const std::optional<AgentConfig> config = AgentConfig::load(path, &error);
    if (!config) {
        std::fprintf(stderr, "gpuwarden-agent: SIGHUP: %s; the tokens in force stay\n",
                     qPrintable(error));
        return;
    }
    QStringList before, after;
    for (const AgentToken& t : m_server->tokens())
        before << t.name + QLatin1Char('\n') + QString::fromLatin1(t.sha256.toHex());
    for (const AgentToken& t : config->tokens)
        after << t.name + QLatin1Char('\n') + QString::fromLatin1(t.sha256.toHex());
    QStringList added, gone;
    for (const QString& t : after)
        if (!before.contains(t))
            added << t.section(QLatin1Char('\n'), 0, 0);
    for (const QString& t : before)
        if (!after.contains(t))
            gone << t.section(QLatin1Char('\n'), 0, 0);
    m_server->setTokens(config->tokens);
    std::fprintf(stderr,
                 "gpuwarden-agent: SIGHUP: %lld tokens from %s in force (new: %s; gone: %s); "
                 "other settings of the file take effect at the next start\n",
                 static_cast<long long>(config->tokens.size()), qPrintable(path),
                 added.isEmpty() ? "none" : qPrintable(added.join(QStringLiteral(", "))),
                 gone.isEmpty() ? "none" : qPrintable(gone.join(QStringLiteral(", "))));
}

void AgentApp::hangUp()
{
    if (!m_server)
        return;
    reloadTokens();
    if (m_policyPath.isEmpty()) {
        std::fprintf(stderr, "gpuwarden-agent: SIGHUP: no policy file to re-read\n");
        return;
    }
    std::fprintf(stderr, "gpuwarden-agent: SIGHUP: re-reading %s\n", qPrintable(m_policyPath));
    if (m_server->reloadPolicy())
        std::fprintf(stderr, "gpuwarden-agent: policy version %d in force\n",
                     m_server->policyVersion());
}

void AgentApp::stop()
{
    if (m_stopped || !m_server)
        return;
    m_stopped = true;
    m_signals.reset();
    if (m_source)
        m_source->stop();
    if (m_engine && m_policyService)
        m_engine->removeConsumer(m_policyService.get());
    QString error;
    if (!m_server->closeJournal(&error))
        std::fprintf(stderr, "gpuwarden-agent: journal: %s\n", qPrintable(error));
    if (m_history)
        m_history->stop();
}

} // namespace gw
