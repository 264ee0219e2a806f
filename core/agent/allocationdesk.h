#pragma once

// The agent's coordination routes (docs/coordination.md, "On the agent"):
// POST /v1/allocate ranks the units of the newest reading and reserves the
// best ones; DELETE /v1/allocate/{id} gives them back; GET /v1/allocate
// lists reservations and waiting callers; GET /v1/advice answers from the
// policy engine's status. Owned by AgentServer, on its thread; every call
// comes from there (the reservation book is not thread-safe).
//
// A caller that cannot be served and asked to wait is held without a
// thread: its QHttpServerResponder is kept in a list, and the caller is
// tried again on every new reading, on every release and on every expiry,
// the user who used least lately first ([quota] half_life), then oldest
// first; at its deadline it gets 409 with the reasons. A request that would
// pass a cap of [accounts] (policy/accounts.h) is answered 409 "over_cap"
// at once, waiting or not: only the caller's own work ending frees it. One timer for
// the nearest deadline or expiry serves them all. A caller that hangs up is
// dropped from the list.
//
// Each held caller holds a connection, and so a descriptor: at most
// setHeldLimit() callers are held (the agent's DescriptorBudget, so that
// /healthz and the admin routes always find a connection); one more that
// would wait is answered 503 "busy" with Retry-After at once, and its
// connection closed. Logged once when it begins and once when the waiting
// are down to three quarters of the limit.

#include "agent/routetable.h"
#include "coord/coordjson.h"
#include "policy/policyconfig.h"

#include <QHttpServerResponse>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <list>
#include <memory>

class QHttpServerRequest;
class QHttpServerResponder;
class QTcpSocket;

namespace gw {

class AgentHealth;
class GrantedUnits;
class PolicyService;
struct Snapshot;

class AllocationDesk final : public QObject, public RouteDesk
{
    Q_OBJECT
public:
    // `latest`: the newest reading or null; `now`: the agent's wall clock.
    AllocationDesk(std::function<const Snapshot*()> latest, std::function<qint64()> now,
                   QObject* parent = nullptr);
    ~AllocationDesk() override;

    void setClock(std::function<qint64()> now) { m_now = std::move(now); }
    // The policy in force: [allocate] weights, default ttl and longest wait
    // for requests from now on; [quota] and [adaptive] for advice.
    void setPolicy(const PolicyConfig& policy) { m_policy = policy; }
    // Held callers at most (0: no bound); a caller past it that would
    // wait is answered 503 at once.
    void setHeldLimit(int limit) { m_heldLimit = limit; }
    // Not owned, may be null: hears while callers are turned away.
    void setHealth(AgentHealth* health) { m_health = health; }
    int heldLimit() const { return m_heldLimit; }
    // Seconds a caller answered "busy" is told to wait (Retry-After).
    static constexpr int kBusyRetrySeconds = 5;

    // Unix groups of a person, for [accounts.NAME] members = ["@lab"]
    // (default: this machine's, through the one cache: cachedUnixGroupsOf).
    void setGroups(std::function<QStringList(const QString&)> groups)
    {
        m_groups = std::move(groups);
    }

    // The policy engine whose status advice reads (not owned; may be null).
    void setPolicyService(PolicyService* service) { m_policyService = service; }

    // Where the desk publishes what it granted, for the cap rule (policy/
    // accounts.h): open reservations, and grants taken up for as long as
    // their holder runs on them. Null: kept to itself.
    void setGrantedUnits(std::shared_ptr<GrantedUnits> grants)
    {
        m_grants = std::move(grants);
        publishGrants();
    }

Q_SIGNALS:
    // A caller was answered 409 (not enough GPUs): high demand for the
    // token enforcement (docs/tokens.md, "Enforcement").
    void allocationRefused(qint64 atMs);

public:
    // GET and POST /v1/allocate, DELETE /v1/allocate/{id}, GET /v1/advice:
    // reading the state is read scope; asking for GPUs and giving them back
    // needs an allocate (or admin) token.
    void addRoutes(RouteTable& table) override;

    // POST /v1/allocate: answers now, or holds `responder` until GPUs free
    // up or the wait ends.
    void allocate(const QHttpServerRequest& request, QHttpServerResponder&& responder);
    // DELETE /v1/allocate/{id}
    QHttpServerResponse release(const QString& id);
    // GET /v1/allocate
    QHttpServerResponse stateResponse() const;
    // GET /v1/advice?user=U&priority=P&attempt=N
    QHttpServerResponse advice(const QHttpServerRequest& request) const;

    // A new reading (after AgentServer stored it): ends the reservations
    // its processes took up, then tries the waiting callers.
    void published(const Snapshot& snapshot);

    AllocationState state() const;
    int waitingCount() const { return int(m_waiting.size()); }
    // For /metrics.
    QMap<QString, quint64> requestsTotal() const { return m_requestsTotal; }

private:
    struct Waiter
    {
        AllocateBody body;
        qint64 sinceMs = 0;
        qint64 deadlineMs = 0;
        std::unique_ptr<QHttpServerResponder> responder;
        QPointer<QTcpSocket> socket;
        QMetaObject::Connection hangUp;
    };
    struct Attempt
    {
        std::optional<Reservation> reservation;
        Ranking ranking;
    };
    Attempt attempt(const AllocateBody& body, qint64 nowMs);
    // 409 "over_cap" when granting `body` would pass a cap of [accounts]
    // (what the newest reading and the reservations hold); nullopt: none.
    std::optional<QHttpServerResponse> overCap(const AllocateBody& body);
    QHttpServerResponse granted(const Attempt& a, qint64 waitedMs);
    QHttpServerResponse refused(const AllocateBody& body, const Attempt& a, qint64 waitedMs,
                                const char* outcome);
    // Answers the waiters that can be served now and those whose deadline
    // passed; drops expired reservations; sets the timer for what is next.
    void serveWaiting();
    // The waiting callers in the order they are tried: fair share with
    // memory first, then arrival.
    void orderWaiting();
    void answer(std::list<Waiter>::iterator it, const QHttpServerResponse& response);
    void schedule();
    // Hands the open reservations and the grants taken up to m_grants.
    void publishGrants();
    void hungUp(QTcpSocket* socket);
    void busy(QHttpServerResponder&& responder, QTcpSocket* socket);
    void heldCountChanged();

    std::function<const Snapshot*()> m_latest;
    std::function<qint64()> m_now;
    PolicyConfig m_policy;
    PolicyService* m_policyService = nullptr;
    std::function<QStringList(const QString&)> m_groups;
    ReservationBook m_book;
    // A grant its job took up: which unit, since when (the reservation's
    // creation); kept while its holder runs on the unit.
    struct TakenUp
    {
        QString server;
        QString user;
        QString unit;
        qint64 grantedMs = 0;
    };
    QList<TakenUp> m_takenUp;
    std::shared_ptr<GrantedUnits> m_grants;
    std::list<Waiter> m_waiting; // as orderWaiting() left them: fair share, then oldest first
    QTimer m_timer;              // the nearest deadline or expiry
    QMap<QString, quint64> m_requestsTotal;
    bool m_serving = false;
    int m_heldLimit = 0;
    AgentHealth* m_health = nullptr;
    bool m_busy = false; // in an episode of "busy" answers (logged once)
};

} // namespace gw
