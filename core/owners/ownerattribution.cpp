#include "owners/ownerattribution.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>

namespace gw::owners {

OwnerAttribution::OwnerAttribution(OwnerResolver::Options options)
    : m_options(std::move(options))
{}

OwnerAttribution::~OwnerAttribution() = default;

void OwnerAttribution::setRules(OwnerRules rules)
{
    const QMutexLocker lock(&m_mutex);
    m_rules = std::move(rules);
}

OwnerRules OwnerAttribution::rules() const
{
    const QMutexLocker lock(&m_mutex);
    return m_rules;
}

void OwnerAttribution::attribute(Snapshot& s)
{
    if (!m_resolver) {
        m_resolver = std::make_unique<OwnerResolver>(m_options);
        QObject::connect(m_resolver.get(), &OwnerResolver::warning, m_resolver.get(),
                         [this](const QString& message) { m_warnings.append(message); });
    }
    const OwnerRules rules = this->rules();
    for (GpuProcess& p : s.processes) {
        if (p.ghost)
            continue;
        WorkloadNames names;
        if (p.workload && p.workload->kind != WorkloadKind::None) {
            names = m_resolver->namesOf(*p.workload);
            fillNames(*p.workload, names);
        }
        p.owner = resolveOwner(p.user, p.uid, p.workload, names, rules);
    }
    s.warnings.append(m_warnings);
    m_warnings.clear();
}

bool OwnerAttribution::settle(int timeoutMs)
{
    if (!m_resolver)
        return true;
    const QDeadlineTimer deadline(timeoutMs);
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (m_resolver->inFlight() == 0 || deadline.hasExpired())
            loop.quit();
    });
    tick.start(10);
    if (m_resolver->inFlight() > 0)
        loop.exec();
    return m_resolver->inFlight() == 0;
}

} // namespace gw::owners
