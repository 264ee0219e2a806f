#include "policy/policyservice.h"

#include <QMetaObject>

namespace gw {

PolicyService::PolicyService(PolicyConfig policy, PolicyEngine::Options options, QObject* parent)
    : QObject(parent)
    , m_engine(policy, std::move(options))
    , m_policy(policy)
{
    qRegisterMetaType<QList<gw::PolicyEvent>>();
    qRegisterMetaType<QList<gw::EnforcementRequest>>();
    qRegisterMetaType<gw::PolicyStatus>();
    m_thread.setObjectName(QStringLiteral("policy"));
    m_worker = new QObject;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

PolicyService::~PolicyService()
{
    m_thread.quit();
    m_thread.wait();
}

void PolicyService::ingestBatch(const QList<Snapshot>& readings)
{
    QMetaObject::invokeMethod(
        m_worker, [this, readings] { evaluate(readings); }, Qt::QueuedConnection);
}

void PolicyService::setPolicy(const PolicyConfig& policy)
{
    QMutexLocker lock(&m_lock);
    m_policy = policy;
    m_policyChanged = true;
}

void PolicyService::recordAction(const QString& eventId, const PolicyAction& action)
{
    QMetaObject::invokeMethod(
        m_worker,
        [this, eventId, action] {
            if (const auto e = m_engine.recordAction(eventId, action)) {
                {
                    QMutexLocker lock(&m_lock);
                    m_open = m_engine.openEvents();
                }
                Q_EMIT eventsChanged({*e});
            }
        },
        Qt::QueuedConnection);
}

PolicyConfig PolicyService::policy() const
{
    QMutexLocker lock(&m_lock);
    return m_policy;
}

PolicyStatus PolicyService::status(const QString& server) const
{
    QMutexLocker lock(&m_lock);
    return m_status.value(server);
}

QList<PolicyStatus> PolicyService::statuses() const
{
    QMutexLocker lock(&m_lock);
    return m_status.values();
}

QList<PolicyEvent> PolicyService::openEvents() const
{
    QMutexLocker lock(&m_lock);
    return m_open;
}

quint64 PolicyService::fedCount() const
{
    QMutexLocker lock(&m_lock);
    return m_fed;
}

void PolicyService::drain()
{
    if (QThread::currentThread() == &m_thread)
        return;
    QMetaObject::invokeMethod(
        m_worker, [] {}, Qt::BlockingQueuedConnection);
}

void PolicyService::evaluate(const QList<Snapshot>& readings)
{
    {
        QMutexLocker lock(&m_lock);
        if (m_policyChanged) {
            m_engine.setPolicy(m_policy);
            m_policyChanged = false;
        }
    }
    QList<PolicyEvent> changed;
    QList<EnforcementRequest> enforce;
    QStringList servers;
    for (const Snapshot& s : readings) {
        PolicyStep step = m_engine.feed(s);
        changed += step.changed;
        enforce += step.enforce;
        if (!servers.contains(s.server))
            servers << s.server;
    }
    QList<PolicyStatus> statuses;
    for (const QString& server : servers)
        statuses << m_engine.status(server);
    {
        QMutexLocker lock(&m_lock);
        m_fed = m_engine.fedCount();
        for (const PolicyStatus& st : statuses)
            m_status.insert(st.server, st);
        if (!changed.isEmpty())
            m_open = m_engine.openEvents();
    }
    if (!changed.isEmpty())
        Q_EMIT eventsChanged(changed);
    if (!enforce.isEmpty())
        Q_EMIT enforcementRequested(enforce);
    for (const PolicyStatus& st : statuses)
        Q_EMIT statusChanged(st);
}

} // namespace gw
