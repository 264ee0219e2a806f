#pragma once

// Enforcement by token balance on the agent (docs/tokens.md, "Enforcement").
// Every published reading feeds the demand and the Enforcer's newest reading;
// then the candidates are found from the balances (a BalanceView from the
// keeper's books) and the newest reading, and the graduated schedule
// (core/tokens/enforcement.h) says which step is due. `auto` performs due
// steps at once, `propose` waits for an admin's confirmation (POST
// /v1/enforcement/<id>), `off` performs nothing. Every step goes through the
// Enforcer's checks (identity by start time, pidfd, never root, the agent or
// its parent, still on its GPU), and every action and refusal goes into the
// audit log. POST /v1/processes/<pid>/signal is an admin's direct action
// through the same checks. A process whose workload is the unit (a
// container, a Slurm job: owners::stopUnitOf) is stopped through its
// runtime at its terminate or kill step: audited as "stop", "started" when
// asked, then its outcome when the runtime answers; a pod is notified only.
//
// Owned by AgentServer, on its thread.

#include "agent/auditlog.h"
#include "agent/balanceview.h"
#include "agent/routetable.h"
#include "model/snapshot.h"
#include "policy/enforcer.h"
#include "policy/policyconfig.h"
#include "tokens/enforcement.h"

#include <QHttpServerResponse>
#include <QMap>
#include <QObject>

#include <functional>
#include <optional>

class QHttpServerRequest;

namespace gw {

struct NoticeRecord;

class JournalWriter;

class BalanceEnforcer final : public QObject, public RouteDesk
{
    Q_OBJECT
public:
    BalanceEnforcer(std::function<qint64()> now, Enforcer::Options options = {},
                    QObject* parent = nullptr);
    ~BalanceEnforcer() override;

    void setClock(std::function<qint64()> now) { m_now = std::move(now); }
    // Where containers are stopped and jobs cancelled (the agent: the same
    // sockets and scontrol's scancel as the owners are read with).
    void setWorkloadOptions(const owners::WorkloadStopper::Options& options)
    {
        m_enforcer.setWorkloadOptions(options);
    }
    void setJournal(JournalWriter* journal) { m_audit.setJournal(journal); }
    void setPolicy(const PolicyConfig& policy);
    // Where balances come from (AgentServer: its own books, or the keeper's).
    void setBalanceSource(std::function<BalanceView()> source) { m_balances = std::move(source); }
    // Each owner's fair-share factor (the policy engine's status): the
    // candidates are ranked by it, lowest first, then by pid.
    void setFairShareFactors(std::function<QHash<QString, double>()> factors)
    {
        m_factors = std::move(factors);
    }

    // Whether the token books are kept ([tokens] on): the routes answer 404
    // while they are not.
    void setBooksKept(std::function<bool()> kept) { m_booksKept = std::move(kept); }

    // GET /v1/enforcement and /v1/audit: read scope; POST
    // /v1/enforcement/<user>/<pid>/<start> and /v1/processes/<pid>/signal:
    // admin.
    void addRoutes(RouteTable& table) override;

    void published(const Snapshot& snapshot);
    void refusedAllocation(qint64 atMs);

    // GET /v1/enforcement
    QHttpServerResponse state();
    // POST /v1/enforcement/<id>; `by`: the admin token's name.
    QHttpServerResponse decide(const QString& id, const QHttpServerRequest& request,
                               const QString& by);
    // POST /v1/processes/<pid>/signal
    QHttpServerResponse signal(const QString& pid, const QHttpServerRequest& request,
                               const QString& by);

    const AuditLog& audit() const { return m_audit; }
    // An action of the policy engine's (an [idle] or cap rule's warning,
    // SIGTERM, SIGKILL or refusal, done or simulated) into the same audit
    // log, by "agent", mode "policy": every action the agent takes is
    // audited in one place. Not sent to the webhook (the Alerter tells the
    // event's steps).
    void auditPolicyAction(const PolicyEvent& event, const PolicyAction& action);
    // A notice to a person (the Notifier's record: one way, or none, and its
    // outcome), audited as action "notice", mode "notice".
    void auditNotice(const NoticeRecord& notice);
    // Actions taken, by (action, outcome), for /metrics.
    QMap<std::pair<QString, QString>, quint64> actionsTotal() const { return m_actionsTotal; }

Q_SIGNALS:
    // Every action and refusal, as stored in the audit log (the agent sends
    // the steps taken to the webhook: the notice that reaches people).
    void recorded(const gw::AuditEntry& entry);

private:
    struct Target
    {
        EnforcementCandidate candidate; // the process (user, command, GPU, …)
        QString by;
        QString mode;
        QString why;
        bool dryRun = false;
    };
    void evaluate();
    AuditEntry perform(const Target& t, EnforceStep step);
    AuditEntry record(const Target& t, const QString& action, const QString& outcome,
                      const QString& detail);
    void enforcerActed(const QString& eventId, const PolicyAction& action);
    EnforcementRequest request(const EnforcementCandidate& c) const;

    std::function<qint64()> m_now;
    std::function<BalanceView()> m_balances;
    std::function<QHash<QString, double>()> m_factors;
    std::function<bool()> m_booksKept = [] {
        return true;
    };
    Enforcer m_enforcer;
    PolicyConfig::Tokens m_rules;
    DemandTracker m_demand;
    EnforcementPlan m_plan;
    AuditLog m_audit;
    std::optional<Snapshot> m_latest;
    // A terminate in flight: the Enforcer reports synchronously, captured
    // here; its SIGKILL after the grace period comes later (enforcerActed).
    std::optional<PolicyAction> m_captured;
    bool m_capturing = false;
    QHash<QString, Target> m_terminated; // by event id, until the SIGKILL's report
    QHash<QString, Target> m_stopping;   // by event id, until the runtime's answer
    QMap<std::pair<QString, QString>, quint64> m_actionsTotal;
};

} // namespace gw
