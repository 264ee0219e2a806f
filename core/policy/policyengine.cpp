#include "policy/policyengine.h"

#include "policy/adaptiverule.h"
#include "policy/fairsharerule.h"
#include "policy/hogrule.h"
#include "policy/idlerule.h"
#include "policy/policyframe.h"

#include <QVarLengthArray>

#include <algorithm>
#include <tuple>

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

void attributeProcessUtilisation(const Snapshot& r, ProcessUtilisation* out)
{
    const qsizetype gpuCount = r.gpus.size();
    struct Sharing
    {
        int count = 0;
        int withMemory = 0;
        double memory = 0;
    };
    QVarLengthArray<Sharing, 16> sharing(gpuCount);
    qsizetype guess = 0;
    for (qsizetype i = 0; i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        ProcessUtilisation& pr = out[i];
        pr = {};
        for (qsizetype n = 0; n < gpuCount; ++n) {
            const qsizetype j = (guess + n) % gpuCount; // processes come grouped by GPU
            if (r.gpus[j].uuid == p.gpuUuid) {
                pr.gpuPos = int(j);
                guess = j;
                break;
            }
        }
        if (pr.gpuPos >= 0 && p.migUuid.isEmpty()) {
            Sharing& sh = sharing[pr.gpuPos];
            ++sh.count;
            if (p.usedMemoryMiB && *p.usedMemoryMiB > 0) {
                sh.memory += *p.usedMemoryMiB;
                ++sh.withMemory;
            }
        }
    }
    for (qsizetype i = 0; i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        ProcessUtilisation& pr = out[i];
        if (pr.gpuPos < 0 || !p.migUuid.isEmpty())
            continue;
        const GpuSample& g = r.gpus[pr.gpuPos];
        if (!g.error.isEmpty() || !g.utilizationGpuPercent)
            continue;
        const Sharing& sh = sharing[pr.gpuPos];
        if (p.smUtilPercent) {
            pr.percent = p.smUtilPercent;
        } else {
            pr.estimated = true;
            if (sh.count == 1)
                pr.percent = g.utilizationGpuPercent;
            else if (sh.withMemory == sh.count && sh.memory > 0)
                pr.percent = *g.utilizationGpuPercent * *p.usedMemoryMiB / sh.memory;
            else
                pr.percent = *g.utilizationGpuPercent / sh.count;
        }
    }
}

namespace policy {

std::vector<std::unique_ptr<PolicyRule>> makePolicyRules()
{
    // The adaptive rule follows the hog rule (it counts time with a hog
    // open) and precedes fair share in PolicyStatus (allowances use its
    // multipliers).
    std::vector<std::unique_ptr<PolicyRule>> rules;
    rules.push_back(makeHogRule());
    rules.push_back(makeIdleRule());
    rules.push_back(makeAdaptiveRule());
    rules.push_back(makeFairShareRule());
    return rules;
}

} // namespace policy

using namespace policy;

struct PolicyEngine::State
{
    PolicyFrame frame;
    std::vector<std::unique_ptr<PolicyRule>> rules = makePolicyRules();
    quint64 fed = 0;
    quint64 refused = 0;
    QHash<QString, ServerFrame> servers;

    void feed(ServerFrame& s, const Snapshot& r);
};

PolicyEngine::PolicyEngine(PolicyConfig policy)
    : PolicyEngine(std::move(policy), Options())
{}

PolicyEngine::PolicyEngine(PolicyConfig policy, Options options)
    : d(std::make_unique<State>())
{
    d->frame.policy = std::move(policy);
    d->frame.options = std::move(options);
}

PolicyEngine::~PolicyEngine() = default;

void PolicyEngine::setPolicy(PolicyConfig policy)
{
    d->frame.policy = std::move(policy);
}

const PolicyConfig& PolicyEngine::policy() const
{
    return d->frame.policy;
}

quint64 PolicyEngine::refusedCount() const
{
    return d->refused;
}

quint64 PolicyEngine::fedCount() const
{
    return d->fed;
}

PolicyStep PolicyEngine::feed(const Snapshot& reading)
{
    PolicyStep step;
    ServerFrame& s = d->servers[reading.server];
    if (s.lastMs && reading.timestampMs == *s.lastMs) {
        ++d->refused;
        return step;
    }
    ++d->fed;
    d->frame.step = &step;
    if (s.lastMs && reading.timestampMs < *s.lastMs) {
        // Readings come in the order made (the engine drops stray old ones):
        // an older stamp is the wall clock set back. What ran closes as of
        // the last reading, and the rules go on from this one, as after a
        // gap (docs/samplers.md "Time"); no span is ever negative.
        const QString reason = tr("wall clock stepped back");
        for (size_t i = 0; i < d->rules.size(); ++i)
            d->rules[i]->breakRuns(d->frame, s, *s.rules[i], *s.lastMs, reason);
        s.lastMs.reset();
    }
    if (s.rules.empty()) {
        s.name = reading.server;
        for (const auto& rule : d->rules)
            s.rules.push_back(rule->newServer());
    }
    d->feed(s, reading);
    d->frame.step = nullptr;
    return step;
}

void PolicyEngine::State::feed(ServerFrame& s, const Snapshot& r)
{
    const qint64 t = r.timestampMs;
    const std::optional<qint64> previous = s.lastMs;
    // The interval: the reading's own, else what the readings show.
    if (r.intervalMs && *r.intervalMs > 0)
        s.intervalMs = *r.intervalMs;
    else if (previous && !isReadingGap(*previous, t, s.intervalMs))
        s.intervalMs = std::max<qint64>(1, t - *previous);
    const bool gap = previous && isReadingGap(*previous, t, s.intervalMs);
    // What must be continuous is broken: every rule closes its runs.
    if (gap) {
        const QString reason = tr("gap in readings");
        for (size_t i = 0; i < rules.size(); ++i)
            rules[i]->breakRuns(frame, s, *s.rules[i], *previous + s.intervalMs, reason);
    }
    if (!previous)
        s.firstMs = t;
    s.lastMs = t;

    FrameReading reading{r, t, previous, gap, Readings(r.processes.size())};
    const qsizetype gpuCount = r.gpus.size();
    QVarLengthArray<int, 16> gpuSlot(gpuCount);
    for (qsizetype j = 0; j < gpuCount; ++j) {
        gpuSlot[j] = s.gpuSlotAt(j, r.gpus[j].uuid);
        if (r.gpus[j].error.isEmpty())
            s.slotSeenMs[size_t(gpuSlot[j])] = t;
    }
    const PolicyConfig::Exempt& exempt = frame.policy.exempt;
    QVarLengthArray<ProcessUtilisation, 64> shares(r.processes.size());
    attributeProcessUtilisation(r, shares.data());
    for (qsizetype i = 0; i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        ProcessReading& pr = reading.in[i];
        pr.gpuPos = shares[i].gpuPos;
        pr.util = shares[i].percent;
        pr.estimated = shares[i].estimated;
        pr.key = {pr.gpuPos >= 0 ? gpuSlot[pr.gpuPos] : s.slot(p.gpuUuid),
                  p.migUuid.isEmpty() ? -1 : s.slot(p.migUuid), p.pid, p.startTimeMs.value_or(-1)};
        pr.exempt = !exempt.isEmpty() && !exemptionOf(exempt, p).isEmpty();
    }
    // The server's capacity in GPUs, and how much of it is busy.
    for (const GpuSample& g : r.gpus) {
        if (!g.error.isEmpty())
            continue;
        reading.capacity += 1;
        if (g.utilizationGpuPercent) {
            reading.busy += *g.utilizationGpuPercent / 100;
        } else if (g.migEnabled.value_or(false) && g.migSliceCount && *g.migSliceCount > 0) {
            // MIG: utilisation is not reported; an instance in use counts its
            // slices as busy.
            for (const MigInstance& m : g.migInstances) {
                bool used = false;
                for (const GpuProcess& p : r.processes)
                    used = used || p.migUuid == m.uuid;
                if (used && m.computeSlices)
                    reading.busy += double(*m.computeSlices) / *g.migSliceCount;
            }
        }
    }

    for (size_t i = 0; i < rules.size(); ++i)
        rules[i]->evaluate(frame, s, *s.rules[i], reading);
}

QList<PolicyEvent> PolicyEngine::openEvents() const
{
    QList<PolicyEvent> out;
    const auto add = [&out](const PolicyEvent& e) {
        out << e;
    };
    for (const ServerFrame& s : std::as_const(d->servers))
        for (size_t i = 0; i < s.rules.size(); ++i)
            d->rules[i]->forEachOpen(*s.rules[i], add);
    std::sort(out.begin(), out.end(), [this](const PolicyEvent& a, const PolicyEvent& b) {
        return d->frame.openOrderOf(a.id) < d->frame.openOrderOf(b.id);
    });
    return out;
}

std::optional<PolicyEvent> PolicyEngine::recordAction(const QString& eventId,
                                                      const PolicyAction& action)
{
    for (ServerFrame& s : d->servers)
        for (size_t i = 0; i < s.rules.size(); ++i)
            if (PolicyEvent* e = d->rules[i]->actionableEvent(*s.rules[i], eventId)) {
                e->actions << action;
                return *e;
            }
    if (PolicyEvent* e = d->frame.recentlyClosed(eventId)) {
        e->actions << action;
        return *e;
    }
    return std::nullopt;
}

PolicyStatus PolicyEngine::status(const QString& server) const
{
    PolicyStatus st;
    const auto it = d->servers.constFind(server);
    if (it == d->servers.constEnd() || !it->lastMs)
        return st;
    const ServerFrame& s = *it;
    st.server = server;
    st.atMs = *s.lastMs;
    VerdictBuilder verdicts;
    for (size_t i = 0; i < s.rules.size(); ++i)
        d->rules[i]->describe(d->frame, s, *s.rules[i], st, verdicts);
    st.verdicts = verdicts.processes.values();
    st.verdicts << verdicts.users;
    std::sort(st.verdicts.begin(), st.verdicts.end(), [](const auto& a, const auto& b) {
        return std::tie(a.gpuUuid, a.pid, a.user) < std::tie(b.gpuUuid, b.pid, b.user);
    });
    st.openEvents = 0;
    for (int n : s.openCount)
        st.openEvents += n;
    return st;
}

QStringList PolicyEngine::servers() const
{
    QStringList out = d->servers.keys();
    out.sort();
    return out;
}

ReplayResult replayReadings(const PolicyConfig& policy, PolicyEngine::Options options,
                            const std::function<std::optional<Snapshot>(QString* error)>& next,
                            qsizetype maxEvents)
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
        if (maxEvents > 0 && result.events.size() >= maxEvents) {
            result.stoppedAtMs = s->timestampMs;
            break;
        }
    }
    // Open events come out as they stand (no end): nothing closes them.
    for (const PolicyEvent& e : engine.openEvents()) {
        const auto it = at.constFind(e.id);
        if (it != at.constEnd())
            result.events[*it] = e;
    }
    result.refused = engine.refusedCount();
    return result;
}

} // namespace gw
