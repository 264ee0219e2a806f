#pragma once

// Runs a PolicyEngine on a thread of its own, fed by the Engine as a
// thread-safe consumer: the agent (always) and the desktop in local mode.
// Sampling never waits for the policies, and the policies see every reading
// in the order the Engine handed it on.

#include "policy/policyengine.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QThread>

namespace gw {

class PolicyService final : public QObject
{
    Q_OBJECT
public:
    explicit PolicyService(PolicyConfig policy, PolicyEngine::Options options = {},
                           QObject* parent = nullptr);
    // Stops the thread; readings still queued are not evaluated.
    ~PolicyService() override;

    // Thread-safe: queues the readings for the policy thread (the Engine's
    // addThreadSafeConsumer).
    void ingestBatch(const QList<gw::Snapshot>& readings);
    // Thread-safe: the policy in force from the next reading on.
    void setPolicy(const PolicyConfig& policy);
    PolicyConfig policy() const;
    // Thread-safe: adds what the enforcer did to an event; the event as it
    // now stands follows through eventsChanged().
    void recordAction(const QString& eventId, const gw::PolicyAction& action);

    // Thread-safe copies of what was last published.
    PolicyStatus status(const QString& server) const;
    QList<PolicyStatus> statuses() const;
    QList<PolicyEvent> openEvents() const;
    quint64 fedCount() const;

    // Blocks until every reading queued so far has been evaluated (tests,
    // shutdown).
    void drain();

Q_SIGNALS:
    // Emitted on the policy thread (connect with a receiver: queued).
    void eventsChanged(const QList<gw::PolicyEvent>& events);
    void enforcementRequested(const QList<gw::EnforcementRequest>& requests);
    void statusChanged(const gw::PolicyStatus& status);

private:
    void evaluate(const QList<Snapshot>& readings);

    QThread m_thread;
    QObject* m_worker = nullptr; // lives on m_thread; calls evaluate()
    PolicyEngine m_engine;       // touched on m_thread only (and setPolicy under m_lock)
    mutable QMutex m_lock;
    PolicyConfig m_policy;
    bool m_policyChanged = false;
    QHash<QString, PolicyStatus> m_status;
    QList<PolicyEvent> m_open;
    quint64 m_fed = 0;
};

} // namespace gw

Q_DECLARE_METATYPE(gw::EnforcementRequest)
Q_DECLARE_METATYPE(gw::PolicyStatus)
