#pragma once

// The agent's HTTP side: routes over the newest snapshots, bearer tokens
// checked against hashes, per-client rate limits, a body-size limit, JSON
// errors. Snapshots are numbered with a sequence; GET /v1/samples?after=N
// returns everything after N, which is live data while connected and the
// backfill after an outage: one cursor, one code path. With a journal the
// numbers and readings outlive the process: a restarted agent continues the
// same stream, and older cursors are served from disk.

#include "agent/agentconfig.h"
#include "agent/balanceview.h"
#include "agent/requestguard.h"
#include "model/snapshot.h"
#include "policy/policyconfig.h"
#include "policy/policyevent.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHttpServerRequest>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QTimer>
#include <QUuid>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>

class QFileSystemWatcher;
class QHttpServer;
class QHttpServerResponse;
class QTcpServer;

namespace gw {

class AgentJournal;
class AllocationDesk;
class BalanceEnforcer;
class HistoryRoute;
class ReadingsRoute;
struct BalanceView;
class JournalWriter;
class KeeperLink;
class PolicyService;
class TokenDesk;

class AgentServer final : public QObject
{
    Q_OBJECT
public:
    // /v1/samples replies at least this large are deflated for clients that
    // accept it.
    static constexpr qsizetype kDeflateFromBytes = 2048;
    // Request line and headers; larger heads are refused with 431 as they
    // arrive.
    static constexpr qsizetype kMaxHeadBytes = 16 * 1024;

    explicit AgentServer(AgentConfig config, QObject* parent = nullptr);
    ~AgentServer() override;

    // Binds the configured address and port (port 0: any free one, for
    // tests). False with `error` when it cannot.
    bool listen(QString* error);
    quint16 port() const { return m_port; }

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

    // The wall clock served as "now_ms" and used for journal retention;
    // tests give an agent a skewed clock.
    void setClock(std::function<qint64()> nowMs);

    quint64 lastSequence() const { return m_nextSequence - 1; }
    QString instance() const { return m_instance; }
    // The journal's stream; the instance without a journal.
    QString stream() const;

    static constexpr std::chrono::milliseconds kJournalFlushInterval{1000};

    // Policy events kept in memory for /v1/events (all of them without a
    // journal; the newest with one, older cursors are read from it).
    static constexpr qsizetype kMemoryEventLimit = 10'000;
    // The longest range /v1/replay accepts.
    static constexpr qint64 kMaxReplayMs = 7 * 24 * 3'600'000LL;
    // Edits of the policy file are applied once it has been quiet this long.
    static constexpr std::chrono::milliseconds kPolicyReloadDelay{250};

    // The policies. `service` (not owned; may be null: tests that record
    // events by hand) evaluates the readings; `policy` is in force, read from
    // `path` (empty: the built-in defaults, and PUT /v1/policy keeps a new
    // one in memory only). A path is watched: an edit on disk is applied, a
    // broken one is refused (logged with file:line:column) and the policy in
    // force stays. Without this call the built-in defaults are served.
    void attachPolicy(PolicyService* service, const PolicyConfig& policy, const QString& path);
    // Reads the policy file again (the watcher, SIGHUP). False with every
    // error ("file:line:column: reason") when refused; the policy stays.
    bool reloadPolicy(QStringList* errors = nullptr);
    PolicyConfig policy() const { return m_policy; }
    // 1 at start, +1 per change.
    int policyVersion() const { return m_policyVersion; }
    QString policySource() const;
    quint64 lastEventSequence() const { return m_nextEventSequence - 1; }

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
    // The listen backlog: a burst of long-polling callers (hundreds at
    // once) must not find the queue of connections not yet accepted full.
    static constexpr int kListenBacklog = 1024;

public Q_SLOTS:
    void publish(const gw::Snapshot& snapshot);
    // Numbers and stores changed policy events, each as a whole (the same id
    // once per change): PolicyService::eventsChanged, queued.
    void recordEvents(const QList<gw::PolicyEvent>& events);

Q_SIGNALS:
    // A new policy is in force (PUT, file edit).
    void policyChanged(int version);
    // An edited policy file was refused; the previous policy stays.
    void policyRefused(const QStringList& errors);

private:
    enum class Access
    {
        Anyone,
        Read,
        Allocate, // an allocate or admin token
        Admin
    };
    // Checks method (HEAD wherever GET is), size, rate and token; null when
    // the request may go on, else the response to send.
    std::unique_ptr<QHttpServerResponse> refuse(const QHttpServerRequest& request, Access access,
                                                QHttpServerRequest::Methods methods);
    const Snapshot* latest() const;
    RequestGuard::Limits limits() const;
    void flushJournal();
    void journalFlushed(const QString& error);
    void journalError(const QString& message);

    QHttpServerResponse info() const;
    QHttpServerResponse snapshot() const;
    QHttpServerResponse samples(const QHttpServerRequest& request) const;
    QHttpServerResponse usage(const QHttpServerRequest& request) const;
    QHttpServerResponse audit(const QHttpServerRequest& request) const;
    // The name of the (already checked) bearer token.
    QString tokenName(const QHttpServerRequest& request) const;
    QHttpServerResponse processes() const;
    QHttpServerResponse metrics() const;
    QHttpServerResponse events(const QHttpServerRequest& request) const;
    QHttpServerResponse policyGet(const QHttpServerRequest& request) const;
    QByteArray cursorPage(const char* key, const QByteArrayList& out, quint64 after, quint64 last,
                          bool hole, int limit, quint64 lastSequence) const;
    QHttpServerResponse policyPut(const QHttpServerRequest& request);
    QHttpServerResponse replay(const QHttpServerRequest& request) const;
    QJsonObject policyDocument() const;
    QJsonObject policyInfo() const;
    void applyPolicy(const PolicyConfig& policy);
    void policyFileTouched();
    void storeEvent(const PolicyEvent& event, qint64 atMs);
    void closeEventsLeftOpen(AgentJournal& journal);

    AgentConfig m_config;
    std::unique_ptr<QHttpServer> m_server;
    QTcpServer* m_listener = nullptr; // a child of m_server once bound
    quint16 m_port = 0;
    QString m_instance = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString m_backend;
    QString m_backendMessage;

    struct Numbered
    {
        quint64 sequence;
        Snapshot snapshot;
    };
    std::deque<Numbered> m_ring;
    quint64 m_nextSequence = 1;

    std::unique_ptr<JournalWriter> m_journal;
    QTimer m_flushTimer;
    QString m_lastJournalError; // logged once, not every second
    std::function<qint64()> m_now;

    // Policies.
    PolicyService* m_policyService = nullptr;
    PolicyConfig m_policy;
    std::optional<PolicyConfig> m_previousPolicy;
    QString m_policyPath;
    QByteArray m_policyFileBytes; // the file as last applied or written
    int m_policyVersion = 1;
    qint64 m_policyChangedMs = 0;
    std::unique_ptr<QFileSystemWatcher> m_policyWatcher;
    QTimer m_policyReload;

    // The event log: numbered apart from readings.
    struct EventRecord
    {
        quint64 sequence;
        QByteArray json; // the PolicyEvent JSON as of this change
    };
    std::deque<EventRecord> m_events;
    quint64 m_nextEventSequence = 1;
    QHash<QString, PolicyEventKind> m_openEvents; // by id
    QMap<QString, quint64> m_eventsTotal;         // events seen opening, by kind name

    struct Bucket
    {
        double tokens;
        qint64 lastMs;
    };
    QHash<QString, Bucket> m_buckets;
    QElapsedTimer m_clock;

    std::unique_ptr<AllocationDesk> m_desk;
    std::unique_ptr<TokenDesk> m_tokens;
    std::unique_ptr<KeeperLink> m_keeperLink;
    std::unique_ptr<BalanceEnforcer> m_enforcement;
    std::unique_ptr<HistoryRoute> m_history; // null: agent.toml has no history
    std::unique_ptr<ReadingsRoute> m_readings;
};

// {"error": {"code": ..., "message": ...}} with the given HTTP status.
QHttpServerResponse jsonError(int status, const QString& code, const QString& message);

} // namespace gw
