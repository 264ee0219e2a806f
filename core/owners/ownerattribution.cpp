#include "owners/ownerattribution.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QSet>
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
    ++m_rulesGeneration;
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
        QObject::connect(m_resolver.get(), &OwnerResolver::learned, m_resolver.get(),
                         [this] { ++m_learned; });
    }
    {
        const QMutexLocker lock(&m_mutex);
        const quint64 generation = m_rulesGeneration + m_learned;
        if (generation != m_generation) {
            m_rulesInUse = m_rules;
            m_generation = generation;
        }
    }
    // Processes gone since the reading before are forgotten.
    if (!m_cache.isEmpty()) {
        QSet<qint64> current;
        current.reserve(s.processes.size());
        for (const GpuProcess& p : std::as_const(s.processes))
            current.insert(p.pid);
        for (auto it = m_cache.begin(); it != m_cache.end();)
            it = current.contains(it.key()) ? std::next(it) : m_cache.erase(it);
    }
    for (GpuProcess& p : s.processes) {
        if (p.ghost)
            continue;
        const qint64 start = p.startTimeMs.value_or(0);
        const auto kept = m_cache.constFind(p.pid);
        if (kept != m_cache.cend() && kept->generation == m_generation &&
            kept->startTimeMs == start && kept->user == p.user &&
            (kept->workload.has_value() == p.workload.has_value()) &&
            (!p.workload || kept->workload->cgroupPath == p.workload->cgroupPath)) {
            p.workload = kept->workload;
            p.owner = kept->owner;
            continue;
        }
        WorkloadNames names;
        if (p.workload && p.workload->kind != WorkloadKind::None) {
            names = m_resolver->namesOf(*p.workload);
            fillNames(*p.workload, names);
        }
        p.owner = resolveOwner(p.user, p.uid, p.workload, names, m_rulesInUse);
        // A lookup still under way is not kept: the next reading asks again
        // (the resolver answers from its cache and starts nothing twice).
        const bool unnamed =
            p.workload && ((p.workload->isContainer() && !names.container && !names.pod) ||
                           (p.workload->kind == WorkloadKind::Slurm && !names.job));
        const bool waiting = unnamed && m_resolver->inFlight() > 0;
        if (!waiting)
            m_cache.insert(p.pid, Kept{start, p.user, p.workload, p.owner, m_generation});
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
