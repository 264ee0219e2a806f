#include "agent/agentserver.h"

#include "agent/allocationdesk.h"
#include "agent/balanceenforcer.h"
#include "agent/doctorroute.h"
#include "agent/guardedserver.h"
#include "agent/historyroute.h"
#include "agent/journalwriter.h"
#include "agent/keeperlink.h"
#include "agent/metricsexport.h"
#include "agent/readingsroute.h"
#include "agent/tokendesk.h"
#include "journal/agentjournal.h"
#include "policy/policyservice.h"

#include <QDateTime>
#include <QFile>
#include <QHttpServer>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>

Q_LOGGING_CATEGORY(lcAgent, "gw.agent", QtInfoMsg)

namespace gw {

namespace {

Admission::Limits admissionLimits(const AgentConfig& config)
{
    Admission::Limits l;
    l.maxBodyBytes = config.maxBodyBytes;
    l.requestsPerSecond = config.requestsPerSecond;
    l.burst = config.burst;
    return l;
}

} // namespace

AgentServer::AgentServer(AgentConfig config, QObject* parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_server(std::make_unique<QHttpServer>())
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
    , m_health([this] { return m_now(); })
    , m_routes([this] { return envelope(); })
    , m_admission(m_config.tokens, admissionLimits(m_config), [this] { return m_clock.elapsed(); })
    , m_samples(m_config.ringSize, [this] { return envelope(); })
    , m_events([this] { return envelope(); }, [this] { return m_now(); })
    , m_policy(m_samples, [this] { return m_now(); })
{
    qRegisterMetaType<gw::Snapshot>();
    m_clock.start();
    qRegisterMetaType<QList<gw::PolicyEvent>>();
    m_flushTimer.setInterval(kJournalFlushInterval);
    connect(&m_flushTimer, &QTimer::timeout, this, &AgentServer::flushJournal);
    m_remindTimer.setInterval(std::chrono::minutes(1));
    connect(&m_remindTimer, &QTimer::timeout, this, [this] { m_health.remind(); });
    m_remindTimer.start();
    connect(&m_policy, &PolicyHolder::changed, this, &AgentServer::policyApplied);
    connect(&m_policy, &PolicyHolder::refused, this, &AgentServer::policyRefused);

    m_desk = std::make_unique<AllocationDesk>([this] { return m_samples.latest(); },
                                              [this] { return m_now(); });
    m_desk->setPolicy(m_policy.policy());
    m_tokens = std::make_unique<TokenDesk>([this] { return m_now(); });
    m_energy = std::make_unique<EnergyBook>();
    m_tokens->setServerName(m_config.serverName);
    QStringList peerUrls;
    for (const TokenSource& peer : std::as_const(m_config.keeping.peers))
        peerUrls << peer.address;
    m_tokens->setPeers(peerUrls);
    if (m_config.keeping.prometheus)
        m_tokens->setPrometheus(m_config.keeping.prometheus->address);
    m_keeperLink =
        std::make_unique<KeeperLink>(m_config.keeping, m_tokens.get(), [this] { return m_now(); });
    m_keeperLink->start();
    m_tokens->setBalancesElsewhere([this]() -> std::optional<QHttpServerResponse> {
        if (m_keeperLink->relay())
            return m_keeperLink->relayBalances();
        return std::nullopt;
    });
    m_enforcement = std::make_unique<BalanceEnforcer>([this] { return m_now(); });
    m_enforcement->setPolicy(m_policy.policy());
    m_enforcement->setBalanceSource([this] { return balanceView(); });
    m_enforcement->setFairShareFactors([this] {
        QHash<QString, double> out;
        const Snapshot* latest = m_samples.latest();
        if (PolicyService* service = m_policy.service(); service && latest)
            for (const PolicyStatus::User& u : service->status(latest->server).users)
                out.insert(u.user, u.fairShareFactor);
        return out;
    });
    m_enforcement->setBooksKept([this] { return m_tokens->enabled(); });
    connect(m_desk.get(), &AllocationDesk::allocationRefused, m_enforcement.get(),
            &BalanceEnforcer::refusedAllocation);
    // The history store, reduced, and the record as readings: 404 when
    // agent.toml has no history.
    m_history = std::make_unique<HistoryRoute>(m_config.historyPath, RetentionPolicy{},
                                               [this] { return m_now(); });
    m_readings = std::make_unique<ReadingsRoute>(m_config.historyPath);
    // The installation checked as the agent runs (gpuwarden-cli doctor --source).
    m_doctor = std::make_unique<DoctorRoute>(m_config.path);

    // Every desk adds its own routes (docs/architecture.md, "The agent's routes").
    for (RouteDesk* desk : std::initializer_list<RouteDesk*>{
             this, &m_samples, &m_events, &m_policy, m_desk.get(), m_tokens.get(),
             m_enforcement.get(), m_history.get(), m_readings.get(), m_doctor.get()})
        addDesk(*desk);
}

AgentServer::~AgentServer()
{
    QString ignored; // already logged
    closeJournal(&ignored);
}

void AgentServer::addRoutes(RouteTable& table)
{
    using Method = QHttpServerRequest::Method;
    table.add(QStringLiteral("/healthz"), Method::Get, Scope::Anyone,
              [this](const RouteRequest&) { return healthz(); });
    table.add(QStringLiteral("/v1/info"), Method::Get, Scope::Read,
              [this](const RouteRequest&) { return info(); });
    table.add(QStringLiteral("/metrics"), Method::Get, Scope::Read,
              [this](const RouteRequest&) { return metrics(); });
}

CursorEnvelope AgentServer::envelope() const
{
    return {m_instance, stream(), m_now()};
}

void AgentServer::attachJournal(std::unique_ptr<AgentJournal> journal)
{
    m_policy.stopReplays(); // they may read the journal that goes
    m_tokens->setJournal(nullptr);
    m_enforcement->setJournal(nullptr);
    m_samples.setJournal(nullptr, 0);
    m_events.setJournal(nullptr);
    m_journal.reset();
    if (!journal) {
        m_flushTimer.stop();
        return;
    }
    const quint64 next = journal->lastSequence() + 1;
    m_events.continueFrom(*journal);
    m_journal = std::make_unique<JournalWriter>(std::move(journal), &m_health);
    m_samples.setJournal(m_journal.get(), next);
    m_events.setJournal(m_journal.get());
    m_tokens->setJournal(m_journal.get());
    m_tokens->setPolicy(m_policy.policy());
    m_enforcement->setJournal(m_journal.get());
    m_flushTimer.start();
}

bool AgentServer::closeJournal(QString* error)
{
    if (!m_journal)
        return true;
    m_flushTimer.stop();
    m_policy.stopReplays(); // they may read the journal
    const bool ok = m_journal->close(m_now(), error);
    // Readings still in the ring are served; nothing more is written.
    m_samples.setJournal(nullptr, 0);
    m_events.setJournal(nullptr);
    m_tokens->setJournal(nullptr);
    m_enforcement->setJournal(nullptr);
    m_journal.reset();
    return ok;
}

void AgentServer::setClock(std::function<qint64()> nowMs)
{
    m_now = std::move(nowMs);
}

QString AgentServer::stream() const
{
    return m_journal ? m_journal->stream() : m_instance;
}

void AgentServer::flushJournal()
{
    // Written on the journal's thread; the outcome comes back as journalFlushed().
    if (m_journal)
        m_journal->flush(m_now());
}

bool AgentServer::listen(QString* error)
{
    if (!m_bound) {
        m_routes.bind(*m_server, m_admission);
        m_bound = true;
    }
    if (!m_config.tlsCertificate.isEmpty()) {
        QFile certFile(m_config.tlsCertificate);
        QFile keyFile(m_config.tlsKey);
        if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read the TLS certificate or key (%1, %2)")
                         .arg(m_config.tlsCertificate, m_config.tlsKey);
            return false;
        }
        const QSslCertificate cert(&certFile, QSsl::Pem);
        QSslKey key(&keyFile, QSsl::Rsa, QSsl::Pem);
        if (key.isNull()) {
            keyFile.seek(0);
            key = QSslKey(&keyFile, QSsl::Ec, QSsl::Pem);
        }
        if (cert.isNull() || key.isNull()) {
            *error = QStringLiteral("%1 / %2: not a PEM certificate and private key")
                         .arg(m_config.tlsCertificate, m_config.tlsKey);
            return false;
        }
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(cert);
        tls.setPrivateKey(key);
        tls.setProtocol(QSsl::SecureProtocols);
        auto* ssl = new GuardedSslServer(m_server.get(), limits());
        ssl->setSslConfiguration(tls);
        m_listener = ssl;
    } else {
        m_listener = new GuardedTcpServer(m_server.get(), limits());
    }
    // Connections and held requests within the descriptor limit, raised to
    // the hard limit first (guardedserver.h).
    qint64 raisedFrom = 0;
    const DescriptorBudget budget = DescriptorBudget::raiseLimit(&raisedFrom);
    if (auto* tcp = qobject_cast<GuardedTcpServer*>(m_listener)) {
        tcp->setConnectionLimit(budget.connections);
        tcp->setHealth(&m_health);
    } else if (auto* tls = qobject_cast<GuardedSslServer*>(m_listener)) {
        tls->setConnectionLimit(budget.connections);
        tls->setHealth(&m_health);
    }
    m_desk->setHeldLimit(budget.held);
    m_desk->setHealth(&m_health);
    qCInfo(lcAgent).noquote()
        << QStringLiteral("descriptor limit %1%2: up to %3 connections, %4 of them held requests")
               .arg(budget.limit)
               .arg(raisedFrom > 0 ? QStringLiteral(" (raised from %1)").arg(raisedFrom)
                                   : QString())
               .arg(budget.connections)
               .arg(budget.held);
    m_listener->setListenBacklogSize(kListenBacklog);
    // Our own listener rather than QHttpServer::listen(): its sockets are
    // watched byte by byte (guardedserver.h). bind() makes it the server's child.
    if (!m_listener->listen(m_config.listen, m_config.port)) {
        *error = QStringLiteral("cannot listen on %1 port %2 (%3)")
                     .arg(m_config.listen.toString())
                     .arg(m_config.port)
                     .arg(m_listener->errorString());
        delete m_listener;
        m_listener = nullptr;
        return false;
    }
    m_server->bind(m_listener);
    m_port = m_listener->serverPort();
    qCInfo(lcAgent).noquote() << "listening on" << m_config.listen.toString() << "port" << m_port
                              << (m_config.tlsCertificate.isEmpty() ? "(plain HTTP)" : "(TLS)");
    // The socket for people on the server: its failure is said, and the
    // HTTP side serves on (the admins' tools do not depend on it).
    if (!m_config.socketPath.isEmpty()) {
        if (!m_self)
            m_self = std::make_unique<SelfDesk>(
                [this](const QString& user, uint uid) { return selfStanding(user, uid); });
        QString why;
        if (m_self->listen(m_config.socketPath, &why))
            qCInfo(lcAgent).noquote()
                << "own standing (gpuwarden-cli me) on" << m_config.socketPath;
        else
            qCWarning(lcAgent).noquote()
                << why + QStringLiteral("; gpuwarden-cli me will not reach this agent");
    }
    return true;
}

RequestGuard::Limits AgentServer::limits() const
{
    RequestGuard::Limits l;
    l.maxBodyBytes = m_config.maxBodyBytes;
    l.maxHeadBytes = kMaxHeadBytes;
    return l;
}

void AgentServer::setBackendStatus(const QString& backend, const QString& message)
{
    m_backend = backend;
    m_backendMessage = message;
}

void AgentServer::publish(const Snapshot& snapshot)
{
    // Said where admins look (/v1/info, /healthz, the desktop's status of
    // the server) for as long as it holds.
    if (snapshot.host.ownPidNamespace.value_or(false)) {
        if (!m_health.isRaised(AgentHealth::kOwnPidNamespace))
            m_health.raise(AgentHealth::kOwnPidNamespace,
                           tr("the agent runs in a PID namespace of its own (a container "
                              "without the host's, e.g. without --pid=host): the driver's "
                              "process ids are not its own, so no GPU process is named; run it "
                              "in the host's PID namespace"));
    } else if (snapshot.host.ownPidNamespace.has_value()) {
        m_health.clear(AgentHealth::kOwnPidNamespace);
    }
    const Snapshot& stored = m_samples.publish(snapshot);
    m_desk->published(stored);
    m_tokens->published(stored);
    m_enforcement->published(stored);
    m_energy->add(stored);
    for (const GpuSample& g : stored.gpus)
        if (g.healthFacts && !g.healthFacts->xids.isEmpty())
            m_lastXid.insert(g.uuid, g.healthFacts->xids.last().xid);
}

void AgentServer::recordEvents(const QList<PolicyEvent>& events)
{
    m_events.record(events);
    // Each action of an event once into the audit log, as it is added (an
    // event is handed on whole at every change).
    for (const PolicyEvent& e : events) {
        auto it = m_auditedActions.find(e.id);
        const qsizetype done = it == m_auditedActions.end() ? 0 : it->first;
        for (qsizetype i = done; i < e.actions.size(); ++i)
            m_enforcement->auditPolicyAction(e, e.actions[i]);
        if (e.actions.isEmpty() && it == m_auditedActions.end())
            continue;
        m_auditedActions.insert(e.id, {e.actions.size(), !e.isOpen()});
    }
    // Ended events are forgotten once many are kept (a late SIGKILL comes
    // within the grace period, long before).
    if (m_auditedActions.size() > kAuditedEventsKept)
        m_auditedActions.removeIf([](const auto& it) { return it.value().second; });
}

void AgentServer::recordClockStep(qint64 stepMs, qint64 atMs)
{
    const Snapshot* latest = m_samples.latest();
    m_events.recordClockStep(latest ? latest->server : QString(), stepMs, atMs);
}

// ---- the policy in force ----

void AgentServer::attachPolicy(PolicyService* service, const PolicyConfig& policy,
                               const QString& path)
{
    m_desk->setPolicyService(service);
    m_desk->setPolicy(policy);
    m_tokens->setPolicy(policy);
    m_enforcement->setPolicy(policy);
    m_policy.attach(service, policy, path);
}

bool AgentServer::reloadPolicy(QStringList* errors)
{
    return m_policy.reload(errors);
}

void AgentServer::setTokens(const QList<AgentToken>& tokens)
{
    m_config.tokens = tokens;
    m_admission.setTokens(tokens);
}

void AgentServer::policyApplied(int version)
{
    const PolicyConfig& policy = m_policy.policy();
    m_desk->setPolicy(policy);
    m_tokens->setPolicy(policy);
    m_enforcement->setPolicy(policy);
    Q_EMIT policyChanged(version);
}

BalanceView AgentServer::balanceView() const
{
    return m_keeperLink->relay() ? m_keeperLink->relayView() : m_tokens->balanceView();
}

// ---- the routes that read every desk ----

namespace {

QString journalStartName(AgentJournal::Start start)
{
    switch (start) {
    case AgentJournal::Start::Created:
        return QStringLiteral("new");
    case AgentJournal::Start::Continued:
        return QStringLiteral("continued");
    case AgentJournal::Start::AfterCrash:
        return QStringLiteral("continued_after_crash");
    case AgentJournal::Start::FromEmptyFile:
        return QStringLiteral("new_from_empty_file");
    }
    return {};
}

} // namespace

// Still 200 when degraded: the agent answers, and what it cannot do is
// said in the body (a load balancer's check keeps it in; an admin reads why).
QHttpServerResponse AgentServer::healthz() const
{
    QJsonObject o{{QStringLiteral("status"),
                   m_health.degraded() ? QStringLiteral("degraded") : QStringLiteral("ok")}};
    if (m_health.degraded())
        o.insert(QStringLiteral("reasons"), m_health.toJson()[QStringLiteral("reasons")]);
    return jsonReply(o);
}

QHttpServerResponse AgentServer::info() const
{
    const Snapshot* s = m_samples.latest();
    QJsonArray gpus;
    if (s) {
        for (const auto& g : s->gpus)
            gpus.append(QJsonObject{{QStringLiteral("index"), g.index},
                                    {QStringLiteral("uuid"), g.uuid},
                                    {QStringLiteral("name"), g.name}});
    }
    QJsonObject o{
        {QStringLiteral("agent_version"), QStringLiteral(GW_VERSION)},
        {QStringLiteral("agent_id"), m_identity.id},
        {QStringLiteral("agent_id_source"), agentIdentitySourceName(m_identity.source)},
        {QStringLiteral("instance"), m_instance},
        {QStringLiteral("stream"), stream()},
        {QStringLiteral("journal"), m_journal != nullptr},
        {QStringLiteral("now_ms"), m_now()},
        {QStringLiteral("host"), s ? s->host.hostname : QString()},
        // "host", "own" (a container's: no process is named), or null
        // before the first reading or where /proc does not say.
        {QStringLiteral("pid_namespace"),
         s && s->host.ownPidNamespace
             ? QJsonValue(*s->host.ownPidNamespace ? QStringLiteral("own") : QStringLiteral("host"))
             : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("backend"), m_backend},
        {QStringLiteral("backend_message"), m_backendMessage},
        {QStringLiteral("interval_ms"), m_config.intervalMs},
        {QStringLiteral("last_sequence"), qint64(m_samples.lastSequence())},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("policy"), m_policy.info(m_events.openCount())},
    };
    if (m_journal)
        o.insert(QStringLiteral("journal_start"), journalStartName(m_journal->start()));
    if (m_health.degraded())
        o.insert(QStringLiteral("degraded"), m_health.toJson());
    return jsonReply(o);
}

QHttpServerResponse AgentServer::metrics() const
{
    const Snapshot* s = m_samples.latest();
    PolicyMetrics pm;
    if (PolicyService* service = m_policy.service()) {
        for (const PolicyStatus& st : service->statuses()) {
            if (!pm.status || st.atMs > pm.status->atMs)
                pm.status = st;
        }
    }
    const QMap<QString, quint64> totals = m_events.totals();
    for (const PolicyEventKindInfo& kind : policyEventKinds()) {
        const QString name = QLatin1String(kind.name);
        pm.openEvents[name] = 0;
        pm.eventsTotal[name] = totals.value(name);
    }
    const QMap<QString, quint64> open = m_events.openByKind();
    for (auto it = open.cbegin(); it != open.cend(); ++it)
        pm.openEvents[it.key()] += int(it.value());
    if (s && m_readingMetricsOf != m_samples.published()) {
        m_readingMetrics = prometheusText(*s, m_config.metricLabels, &m_lastXid);
        m_readingMetricsOf = m_samples.published();
    }
    QByteArray text;
    if (s) {
        text.reserve(m_readingMetrics.size() + 4096);
        text += m_readingMetrics;
    }
    text += policyPrometheusText(pm);
    text += allocationPrometheusText({m_desk->state(), m_desk->requestsTotal()});
    if (m_alerter)
        text += alertPrometheusText(m_alerter->counters());
    text += energyPrometheusText(*m_energy);
    if (m_tokens->enabled()) {
        text += tokenBalancePrometheusText(m_tokens->books().balances);
        text += enforcementPrometheusText(m_enforcement->actionsTotal());
        // For a keeper that reads the fleet through Prometheus: this
        // agent's own facts only, never its peers'.
        text += tokenUsagePrometheusText(usageCounters(m_tokens->facts()), m_tokens->serverName(),
                                         m_tokens->closedThroughMs());
    }
    return QHttpServerResponse(QByteArrayLiteral("text/plain; version=0.0.4; charset=utf-8"), text);
}

} // namespace gw
