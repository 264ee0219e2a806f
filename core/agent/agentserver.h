#pragma once

// The agent's HTTP side, put together: the route table and admission
// (routetable.h, admission.h) in front of the desks that serve it. Each
// desk adds its own routes:
//
//   SampleLog      /v1/snapshot, /v1/samples, /v1/processes (the ring, the journal)
//   EventLog       /v1/events
//   PolicyHolder   /v1/policy, /v1/replay
//   AllocationDesk /v1/allocate, /v1/allocate/<id>, /v1/advice
//   TokenDesk      /v1/usage, /v1/balances, /v1/ledger
//   BalanceEnforcer /v1/enforcement, /v1/enforcement/<id>, /v1/processes/<pid>/signal, /v1/audit
//   HistoryRoute   /v1/history
//   ReadingsRoute  /v1/readings
//   AgentServer    /healthz, /v1/info, /metrics (what reads every desk)
//
// Snapshots are numbered with a sequence; GET /v1/samples?after=N returns
// everything after N, which is live data while connected and the backfill
// after an outage: one cursor, one code path. With a journal the numbers
// and readings outlive the process: a restarted agent continues the same
// stream, and older cursors are served from disk.

#include "agent/admission.h"
#include "agent/agentconfig.h"
#include "agent/agenthealth.h"
#include "agent/agentidentity.h"
#include "agent/apireply.h"
#include "agent/balanceview.h"
#include "agent/eventlog.h"
#include "agent/policyholder.h"
#include "agent/requestguard.h"
#include "agent/routetable.h"
#include "agent/samplelog.h"
#include "agent/selfdesk.h"
#include "model/snapshot.h"
#include "policy/policyconfig.h"
#include "policy/policyevent.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUuid>

#include <chrono>
#include <functional>
#include <memory>

class QHttpServer;
class QTcpServer;

namespace gw {

class AgentJournal;
class EnergyBook;
class Alerter;
class AllocationDesk;
class BalanceEnforcer;
class HistoryRoute;
class ReadingsRoute;
class JournalWriter;
class KeeperLink;
class PolicyService;
class DoctorRoute;
class TokenDesk;

class AgentServer final : public QObject, public RouteDesk
{
    Q_OBJECT
public:
    static constexpr qsizetype kDeflateFromBytes = SampleLog::kDeflateFromBytes;
    // Request line and headers; larger heads are refused with 431 as they
    // arrive.
    static constexpr qsizetype kMaxHeadBytes = 16 * 1024;

    explicit AgentServer(AgentConfig config, QObject* parent = nullptr);
    ~AgentServer() override;

    // The route table every desk has added to; a desk added with addDesk()
    // before listen() is served with the same admission as the others.
    RouteTable& routes() { return m_routes; }
    void addDesk(RouteDesk& desk) { desk.addRoutes(m_routes); }

    // Binds the routes, then the configured address and port (port 0: any
    // free one, for tests). False with `error` when it cannot.
    bool listen(QString* error);
    quint16 port() const { return m_port; }

    // The webhook's alerter whose counters /metrics serves (not owned; may
    // be null: no alert counters).
    void setAlerter(Alerter* alerter) { m_alerter = alerter; }

    // What /v1/info reports as the backend in use.
    void setBackendStatus(const QString& backend, const QString& message);

    // Readings are numbered and kept by `journal` from now on (call before
    // the first publish): numbering continues where the journal left off,
    // and its stream id is served. The journal moves to a writer thread
    // (JournalWriter); queued readings are written every
    // kJournalFlushInterval.
    void attachJournal(std::unique_ptr<AgentJournal> journal);
    JournalWriter* journal() const { return m_journal.get(); }
    // Writes what is queued and marks the journal cleanly closed (SIGTERM);
    // the server goes on serving from memory. The destructor does it too.
    bool closeJournal(QString* error);

    // What is wrong with the agent (/v1/info "degraded", /healthz): any
    // part of the agent raises and clears its reasons here.
    AgentHealth& health() { return m_health; }

    // The wall clock served as "now_ms" and used for journal retention;
    // tests give an agent a skewed clock.
    void setClock(std::function<qint64()> nowMs);

    quint64 lastSequence() const { return m_samples.lastSequence(); }
    QString instance() const { return m_instance; }
    // The agent's identity on /v1/info ("agent_id"): this run's instance
    // until AgentApp sets the one kept beside the journal (agentidentity.h).
    void setIdentity(AgentIdentity identity) { m_identity = std::move(identity); }
    const AgentIdentity& identity() const { return m_identity; }
    // The journal's stream; the instance without a journal.
    QString stream() const;

    static constexpr std::chrono::milliseconds kJournalFlushInterval{1000};

    // Policy events kept in memory for /v1/events (all of them without a
    // journal; the newest with one, older cursors are read from it).
    static constexpr qsizetype kMemoryEventLimit = EventLog::kMemoryEventLimit;
    // The longest range /v1/replay accepts.
    static constexpr qint64 kMaxReplayMs = PolicyHolder::kMaxReplayMs;
    // Edits of the policy file are applied once it has been quiet this long.
    static constexpr std::chrono::milliseconds kPolicyReloadDelay =
        PolicyHolder::kPolicyReloadDelay;

    // The policies (PolicyHolder). `service` (not owned; may be null: tests
    // that record events by hand) evaluates the readings; `policy` is in
    // force, read from `path` (empty: the built-in defaults, and PUT
    // /v1/policy keeps a new one in memory only). A path is watched: an edit
    // on disk is applied, a broken one is refused (logged with
    // file:line:column) and the policy in force stays. Without this call the
    // built-in defaults are served.
    void attachPolicy(PolicyService* service, const PolicyConfig& policy, const QString& path);
    // Reads the policy file again (the watcher, SIGHUP). False with every
    // error ("file:line:column: reason") when refused; the policy stays.
    bool reloadPolicy(QStringList* errors = nullptr);
    PolicyConfig policy() const { return m_policy.policy(); }
    // The bearer tokens agent.toml lists now (re-read on SIGHUP): requests
    // admitted from here on are checked against them; a request already
    // admitted keeps its token.
    void setTokens(const QList<AgentToken>& tokens);
    QList<AgentToken> tokens() const { return m_config.tokens; }
    // 1 at start, +1 per change.
    int policyVersion() const { return m_policy.version(); }
    QString policySource() const { return m_policy.source(); }
    QString policyPath() const { return m_policy.path(); }
    quint64 lastEventSequence() const { return m_events.lastSequence(); }

    // Coordination: POST/DELETE/GET /v1/allocate and GET /v1/advice
    // (docs/coordination.md); the reservations and waiting callers.
    AllocationDesk* allocationDesk() const { return m_desk.get(); }
    // Token books: /v1/usage, /v1/balances, /v1/ledger (docs/tokens.md).
    TokenDesk* tokenDesk() const { return m_tokens.get(); }
    // The lab's books kept by one agent ([tokens] of agent.toml): polling
    // the peers (keeper) or the keeper (relay).
    KeeperLink* keeperLink() const { return m_keeperLink.get(); }
    // The balances enforcement judges by: the own books (keeper) or the
    // keeper's last reply (relay).
    BalanceView balanceView() const;
    // Enforcement by balance: /v1/enforcement, /v1/processes/<pid>/signal,
    // /v1/audit (docs/tokens.md, "Enforcement").
    BalanceEnforcer* balanceEnforcer() const { return m_enforcement.get(); }
    // The caller's own standing for the Unix socket ([agent] socket,
    // selfdesk.h; agentserverself.cpp). The socket listens from listen() on.
    QJsonObject selfStanding(const QString& user, uint uid);
    SelfDesk* selfDesk() const { return m_self.get(); }
    // The listen backlog: a burst of long-polling callers (hundreds at
    // once) must not find the queue of connections not yet accepted full.
    static constexpr int kListenBacklog = 1024;

    // /healthz (anyone), /v1/info and /metrics (read scope).
    void addRoutes(RouteTable& table) override;

public Q_SLOTS:
    void publish(const gw::Snapshot& snapshot);
    // Numbers and stores changed policy events, each as a whole (the same id
    // once per change): PolicyService::eventsChanged, queued.
    void recordEvents(const QList<gw::PolicyEvent>& events);
    // The wall clock stepped (Source::clockStepped, queued): an entry of
    // /v1/events; sampling and numbering go on.
    void recordClockStep(qint64 stepMs, qint64 atMs);

Q_SIGNALS:
    // A new policy is in force (PUT, file edit).
    void policyChanged(int version);
    // An edited policy file was refused; the previous policy stays.
    void policyRefused(const QStringList& errors);

private:
    RequestGuard::Limits limits() const;
    CursorEnvelope envelope() const;
    void flushJournal();
    void policyApplied(int version);

    QHttpServerResponse healthz() const;
    QHttpServerResponse info() const;
    QHttpServerResponse metrics() const;

    AgentConfig m_config;
    std::unique_ptr<QHttpServer> m_server;
    QTcpServer* m_listener = nullptr; // a child of m_server once bound
    quint16 m_port = 0;
    bool m_bound = false;
    QString m_instance = QUuid::createUuid().toString(QUuid::WithoutBraces);
    AgentIdentity m_identity{m_instance, AgentIdentity::Source::Run, {}};
    QString m_backend;
    QString m_backendMessage;
    std::function<qint64()> m_now;
    QElapsedTimer m_clock; // admission's rate limit

    AgentHealth m_health;
    QTimer m_remindTimer; // AgentHealth::remind()
    std::unique_ptr<JournalWriter> m_journal;
    QTimer m_flushTimer;

    RouteTable m_routes;
    Admission m_admission;
    SampleLog m_samples;
    EventLog m_events;
    // Per event id: its actions already in the audit log, and whether it had
    // ended (recordEvents).
    QHash<QString, std::pair<qsizetype, bool>> m_auditedActions;
    static constexpr qsizetype kAuditedEventsKept = 4096;
    PolicyHolder m_policy;
    std::unique_ptr<AllocationDesk> m_desk;
    std::unique_ptr<TokenDesk> m_tokens;
    std::unique_ptr<DoctorRoute> m_doctor;
    // Each owner's energy since the start, for /metrics (docs/health.md).
    std::unique_ptr<EnergyBook> m_energy;
    QHash<QString, int> m_lastXid; // each GPU's last XID, for /metrics
    std::unique_ptr<KeeperLink> m_keeperLink;
    std::unique_ptr<BalanceEnforcer> m_enforcement;
    std::unique_ptr<SelfDesk> m_self;
    std::unique_ptr<HistoryRoute> m_history;
    std::unique_ptr<ReadingsRoute> m_readings;
    QPointer<Alerter> m_alerter;
    // /metrics' part written from the newest reading alone (prometheusText),
    // written once per reading instead of once per scrape: valid while
    // SampleLog::published() is m_readingMetricsOf. The rest of /metrics
    // (policies, reservations, alerts, books) is written for every scrape.
    mutable QByteArray m_readingMetrics;
    mutable quint64 m_readingMetricsOf = 0;
};

} // namespace gw
