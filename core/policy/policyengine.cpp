#include "policy/policyengine.h"

namespace gw {

qint64 readingSpanMs(qint64 atMs, std::optional<qint64> nextMs, qint64 intervalMs)
{
    if (nextMs && !isReadingGap(atMs, *nextMs, intervalMs))
        return *nextMs - atMs;
    return intervalMs;
}

bool isReadingGap(qint64 fromMs, qint64 toMs, qint64 intervalMs)
{
    return toMs - fromMs > 3 * intervalMs;
}

struct PolicyEngine::State
{
    PolicyConfig policy;
    Options options;
    quint64 fed = 0;
    quint64 refused = 0;
};

PolicyEngine::PolicyEngine(PolicyConfig policy)
    : PolicyEngine(std::move(policy), Options())
{}

PolicyEngine::PolicyEngine(PolicyConfig policy, Options options)
    : d(std::make_unique<State>())
{
    d->policy = std::move(policy);
    d->options = std::move(options);
}

PolicyEngine::~PolicyEngine() = default;

void PolicyEngine::setPolicy(PolicyConfig policy)
{
    d->policy = std::move(policy);
}

const PolicyConfig& PolicyEngine::policy() const
{
    return d->policy;
}

PolicyStep PolicyEngine::feed(const Snapshot&)
{
    ++d->fed;
    return {};
}

quint64 PolicyEngine::refusedCount() const
{
    return d->refused;
}

quint64 PolicyEngine::fedCount() const
{
    return d->fed;
}

QList<PolicyEvent> PolicyEngine::openEvents() const
{
    return {};
}

PolicyStatus PolicyEngine::status(const QString&) const
{
    return {};
}

QStringList PolicyEngine::servers() const
{
    return {};
}

ReplayResult replayReadings(const PolicyConfig& policy, PolicyEngine::Options options,
                            const std::function<std::optional<Snapshot>(QString* error)>& next)
{
    options.enforcing = false;
    PolicyEngine engine(policy, std::move(options));
    ReplayResult result;
    QHash<QString, qsizetype> at;
    while (auto s = next(&result.error)) {
        ++result.readings;
        for (const PolicyEvent& e : engine.feed(*s).changed) {
            const auto it = at.constFind(e.id);
            if (it == at.constEnd()) {
                at.insert(e.id, result.events.size());
                result.events << e;
            } else {
                result.events[*it] = e;
            }
        }
    }
    result.refused = engine.refusedCount();
    return result;
}

} // namespace gw
