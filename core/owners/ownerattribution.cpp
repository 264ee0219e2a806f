#include "owners/ownerattribution.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>

namespace gw::owners {

namespace {

// What a runtime named, from a workload decided before into the reading's.
void copyNames(Workload& to, const Workload& from)
{
    if (from.name.isEmpty() && from.labels.isEmpty() && from.image.isEmpty() &&
        from.namespaceName.isEmpty())
        return; // nothing named (a session, a service, a runtime not asked)
    to.name = from.name;
    to.namespaceName = from.namespaceName;
    to.containerName = from.containerName;
    to.partition = from.partition;
    to.image = from.image;
    to.labels = from.labels;
}

} // namespace

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
    ++m_reading;
    qsizetype seen = 0;
    for (GpuProcess& p : s.processes) {
        if (p.ghost)
            continue;
        const qint64 start = p.startTimeMs.value_or(0);
        const auto kept = m_cache.find(p.pid);
        if (kept != m_cache.end() && kept->generation == m_generation &&
            kept->startTimeMs == start && kept->user == p.user &&
            kept->workload.has_value() == p.workload.has_value() &&
            (!p.workload || kept->workload->cgroupPath == p.workload->cgroupPath)) {
            // The facts are the reading's own; the names and the owner are
            // what was decided (only what a runtime named is copied).
            if (p.workload)
                copyNames(*p.workload, *kept->workload);
            p.owner = kept->owner;
            kept->seen = m_reading;
            ++seen;
            continue;
        }
        WorkloadNames names;
        if (p.workload && p.workload->kind != WorkloadKind::None) {
            names = m_resolver->namesOf(*p.workload, p.migUuid.isEmpty() ? p.gpuUuid : p.migUuid);
            fillNames(*p.workload, names);
        }
        p.owner = resolveOwner(p.user, p.uid, p.workload, names, m_rulesInUse);
        // A lookup still under way is not kept: the next reading asks again
        // (the resolver answers from its cache and starts nothing twice).
        const bool unnamed =
            p.workload && ((p.workload->isContainer() && !names.container && !names.pod) ||
                           (p.workload->kind == WorkloadKind::Slurm && !names.job));
        const bool waiting = unnamed && m_resolver->inFlight() > 0;
        if (!waiting) {
            m_cache.insert(p.pid,
                           Kept{start, p.user, p.workload, p.owner, m_generation, m_reading});
            ++seen;
        } else if (kept != m_cache.end()) {
            m_cache.erase(kept);
        }
    }
    // Processes gone since the reading before are forgotten.
    if (seen != m_cache.size()) {
        for (auto it = m_cache.begin(); it != m_cache.end();)
            it = it->seen == m_reading ? std::next(it) : m_cache.erase(it);
    }
    // The GPUs a pod holds, whether or not it runs a process on them.
    for (GpuSample& g : s.gpus) {
        const std::optional<PodFacts> pod = m_resolver->podHolding(g.uuid);
        if (!pod) {
            g.holder.reset();
            g.holderOwner.reset();
            continue;
        }
        Workload w;
        w.kind = WorkloadKind::Kubernetes;
        w.podUid = pod->uid;
        WorkloadNames names;
        names.pod = pod;
        fillNames(w, names);
        g.holderOwner = resolveOwner({}, std::nullopt, w, names, m_rulesInUse);
        g.holder = std::move(w);
    }
    s.warnings.append(m_warnings);
    m_warnings.clear();
}

void OwnerAttribution::close()
{
    m_resolver.reset();
    m_cache.clear();
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
