#include "policy/policyengine.h"

#include "policy/adaptiverule.h"
#include "policy/caprule.h"
#include "policy/fairsharerule.h"
#include "policy/healthrule.h"
#include "policy/hogrule.h"
#include "policy/idlerule.h"
#include "policy/policyframe.h"

#include <QThread>
#include <QVarLengthArray>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

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

namespace {

// attributeProcessUtilisation with the search for each process's GPU given:
// findGpu(i, p) answers the position in r.gpus of p = r.processes[i] (-1:
// none).
template <typename FindGpu>
void attribute(const Snapshot& r, ProcessUtilisation* out, FindGpu&& findGpu)
{
    const qsizetype gpuCount = r.gpus.size();
    struct Sharing
    {
        int count = 0;
        int withMemory = 0;
        double memory = 0;
    };
    QVarLengthArray<Sharing, 16> sharing(gpuCount);
    const qsizetype processCount = r.processes.size();
    for (qsizetype i = 0; i < processCount; ++i) {
        const GpuProcess& p = r.processes[i];
        ProcessUtilisation& pr = out[i];
        pr = {};
        pr.gpuPos = findGpu(i, p);
        if (pr.gpuPos >= 0 && p.migUuid.isEmpty()) {
            Sharing& sh = sharing[pr.gpuPos];
            ++sh.count;
            if (p.usedMemoryMiB && *p.usedMemoryMiB > 0) {
                sh.memory += *p.usedMemoryMiB;
                ++sh.withMemory;
            }
        }
    }
    for (qsizetype i = 0; i < processCount; ++i) {
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

// The GPU a process runs on, searched for: the GPU sharing its uuid's text
// (a reading made here, or read from the history, shares it: found without
// reading the text), else the first with the same text from `guess` on
// (processes come grouped by GPU).
int searchGpu(const Snapshot& r, const GpuProcess& p, qsizetype guess)
{
    const qsizetype gpuCount = r.gpus.size();
    const QChar* const uuid = p.gpuUuid.constData();
    for (qsizetype j = 0; j < gpuCount; ++j)
        if (r.gpus[j].uuid.constData() == uuid && r.gpus[j].uuid.size() == p.gpuUuid.size())
            return int(j);
    for (qsizetype n = 0; n < gpuCount; ++n) {
        const qsizetype j = (guess + n) % gpuCount;
        if (r.gpus[j].uuid == p.gpuUuid)
            return int(j);
    }
    return -1;
}

} // namespace

void attributeProcessUtilisation(const Snapshot& r, ProcessUtilisation* out)
{
    qsizetype guess = 0;
    attribute(r, out, [&](qsizetype, const GpuProcess& p) {
        const int pos = searchGpu(r, p, guess);
        if (pos >= 0)
            guess = pos;
        return pos;
    });
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
    rules.push_back(makeHealthRule());
    rules.push_back(makeCapRule());
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
    ++d->frame.policyGeneration;
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
        const QString reason = PolicyTr::tr("wall clock stepped back");
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
        const QString reason = PolicyTr::tr("gap in readings");
        for (size_t i = 0; i < rules.size(); ++i)
            rules[i]->breakRuns(frame, s, *s.rules[i], *previous + s.intervalMs, reason);
    }
    if (!previous)
        s.firstMs = t;
    s.lastMs = t;

    const qsizetype processCount = r.processes.size();
    FrameReading reading{r, t, previous, gap, Readings(processCount)};
    const qsizetype gpuCount = r.gpus.size();
    QVarLengthArray<int, 16> gpuSlot(gpuCount);
    // The GPUs' uuids by address; a process whose uuid has the address its
    // process at the same position had in the previous reading runs where
    // that one ran, provided no two GPUs share an address (else the search
    // decides, as attributeProcessUtilisation does).
    QVarLengthArray<const QChar*, 16> gpuText(gpuCount);
    bool distinct = frame.options.fastPaths && gpuCount <= 64;
    for (qsizetype j = 0; j < gpuCount; ++j) {
        const GpuSample& g = r.gpus[j];
        gpuSlot[j] = s.gpuSlotAt(j, g.uuid);
        if (g.error.isEmpty())
            s.slotSeenMs[size_t(gpuSlot[j])] = t;
        gpuText[j] = g.uuid.constData();
        for (qsizetype k = 0; distinct && k < j; ++k)
            distinct = gpuText[k] != gpuText[j];
    }
    if (s.lastProcessGpus.size() < size_t(processCount))
        s.lastProcessGpus.resize(size_t(processCount));
    // Each process's GPU, key and exemption, and what each GPU is shared by
    // (attributeProcessUtilisation, fused with the rest: one pass reading
    // the processes, one attributing).
    struct Sharing
    {
        int count = 0;
        int withMemory = 0;
        double memory = 0;
    };
    QVarLengthArray<Sharing, 16> sharing(gpuCount);
    const PolicyConfig::Exempt& exempt = frame.policy.exempt;
    const bool anyExempt = !exempt.isEmpty();
    const GpuProcess* const procs = r.processes.constData();
    ProcessReading* const in = reading.in.data();
    ServerFrame::ProcessGpu* const known = s.lastProcessGpus.data();
    qsizetype guess = 0;
    for (qsizetype i = 0; i < processCount; ++i) {
        const GpuProcess& p = procs[i];
        ProcessReading& pr = in[i];
        ServerFrame::ProcessGpu& k = known[i];
        const QChar* const uuid = p.gpuUuid.constData();
        int pos = k.gpuPos;
        if (!distinct || k.uuid != uuid || k.size != p.gpuUuid.size() || pos < 0 ||
            pos >= gpuCount || gpuText[pos] != uuid || r.gpus[pos].uuid.size() != k.size) {
            pos = searchGpu(r, p, guess);
            k = {uuid, p.gpuUuid.size(), pos};
        }
        pr.gpuPos = pos;
        const bool onMig = !p.migUuid.isEmpty();
        if (pos >= 0) {
            guess = pos;
            if (!onMig) {
                Sharing& sh = sharing[pos];
                ++sh.count;
                if (p.usedMemoryMiB && *p.usedMemoryMiB > 0) {
                    sh.memory += *p.usedMemoryMiB;
                    ++sh.withMemory;
                }
            }
        }
        pr.key = {pos >= 0 ? gpuSlot[pos] : s.slot(p.gpuUuid), onMig ? s.slot(p.migUuid) : -1,
                  p.pid, p.startTimeMs.value_or(-1)};
        pr.exempt = anyExempt && !exemptionOf(exempt, p).isEmpty();
    }
    // Utilisation per process: the driver's figure, else the GPU's shared by
    // memory (see attributeProcessUtilisation).
    QVarLengthArray<const std::optional<double>*, 16> gpuUtil(gpuCount);
    for (qsizetype j = 0; j < gpuCount; ++j) {
        const GpuSample& g = r.gpus[j];
        gpuUtil[j] =
            g.error.isEmpty() && g.utilizationGpuPercent ? &g.utilizationGpuPercent : nullptr;
    }
    for (qsizetype i = 0; i < processCount; ++i) {
        const GpuProcess& p = procs[i];
        ProcessReading& pr = in[i];
        if (pr.gpuPos < 0 || !p.migUuid.isEmpty() || !gpuUtil[pr.gpuPos])
            continue;
        const double util = **gpuUtil[pr.gpuPos];
        if (p.smUtilPercent) {
            pr.util = p.smUtilPercent;
            continue;
        }
        const Sharing& sh = sharing[pr.gpuPos];
        pr.estimated = true;
        if (sh.count == 1)
            pr.util = util;
        else if (sh.withMemory == sh.count && sh.memory > 0)
            pr.util = util * *p.usedMemoryMiB / sh.memory;
        else
            pr.util = util / sh.count;
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

namespace {

// Readings handed to a worker at a time, and how many such batches may wait
// for one worker before the feeder waits too.
constexpr size_t kBatchReadings = 64;
constexpr size_t kMaxQueuedBatches = 8;

struct Numbered
{
    quint64 index = 0; // position in the replay
    Snapshot reading;
};

// An event as last reported, and where it was first reported.
struct Found
{
    quint64 reading = 0;
    qsizetype order = 0; // in that reading's changes
    PolicyEvent event;
};

} // namespace

struct ReplayFeeder::State
{
    struct Worker
    {
        explicit Worker(const PolicyConfig& policy, PolicyEngine::Options options)
            : engine(policy, std::move(options))
        {}
        PolicyEngine engine;
        std::thread thread;
        std::mutex mutex;
        std::condition_variable wake;    // work queued, or closing
        std::condition_variable settled; // a batch taken or done
        std::deque<std::vector<Numbered>> queue;
        bool busy = false;
        bool closing = false;
        std::vector<Numbered> pending; // the feeder's batch being filled
        // The worker's findings (its thread only until joined).
        std::vector<Found> found;
        QHash<QString, size_t> at;

        void judge(quint64 index, const Snapshot& reading);
        void run();
    };

    PolicyConfig policy;
    PolicyEngine::Options options;
    int maxWorkers = 1;
    std::vector<std::unique_ptr<Worker>> workers;
    QHash<QString, int> route; // server → worker
    quint64 readings = 0;
    std::shared_ptr<std::mutex> groupsMutex = std::make_shared<std::mutex>();

    Worker& workerFor(const QString& server);
    void handOver(Worker& w);
    void stop();
};

void ReplayFeeder::State::Worker::judge(quint64 index, const Snapshot& reading)
{
    const PolicyStep step = engine.feed(reading);
    for (qsizetype k = 0; k < step.changed.size(); ++k) {
        const PolicyEvent& e = step.changed[k];
        const auto it = at.constFind(e.id);
        if (it == at.constEnd()) {
            at.insert(e.id, found.size());
            found.push_back({index, k, e});
        } else {
            found[*it].event = e;
        }
    }
}

void ReplayFeeder::State::Worker::run()
{
    for (;;) {
        std::vector<Numbered> batch;
        {
            std::unique_lock lock(mutex);
            wake.wait(lock, [this] { return closing || !queue.empty(); });
            if (queue.empty())
                return;
            batch = std::move(queue.front());
            queue.pop_front();
            busy = true;
        }
        settled.notify_all();
        for (const Numbered& n : batch)
            judge(n.index, n.reading);
        batch.clear(); // the readings go here, off the feeder's thread
        {
            std::lock_guard lock(mutex);
            busy = false;
        }
        settled.notify_all();
    }
}

ReplayFeeder::State::Worker& ReplayFeeder::State::workerFor(const QString& server)
{
    const auto it = route.constFind(server);
    if (it != route.constEnd())
        return *workers[size_t(*it)];
    // Servers are dealt in the order they first appear.
    const int w = int(route.size() % qsizetype(maxWorkers));
    route.insert(server, w);
    if (size_t(w) == workers.size()) {
        PolicyEngine::Options o = options;
        o.enforcing = false;
        if (o.groups) // one lookup at a time, whatever the resolver
            o.groups = [groups = o.groups, m = groupsMutex](const QString& user) {
                std::lock_guard lock(*m);
                return groups(user);
            };
        auto worker = std::make_unique<Worker>(policy, std::move(o));
        // The first worker is the feeding thread itself: a replay of one
        // server hops no thread, and the feeder, mostly waiting otherwise,
        // judges its share.
        if (w > 0) {
            worker->pending.reserve(kBatchReadings);
            Worker* raw = worker.get();
            worker->thread = std::thread([raw] { raw->run(); });
        }
        workers.push_back(std::move(worker));
    }
    return *workers[size_t(w)];
}

void ReplayFeeder::State::handOver(Worker& w)
{
    if (w.pending.empty())
        return;
    {
        std::unique_lock lock(w.mutex);
        w.settled.wait(lock, [&w] { return w.queue.size() < kMaxQueuedBatches; });
        w.queue.push_back(std::move(w.pending));
    }
    w.wake.notify_one();
    w.pending = {};
    w.pending.reserve(kBatchReadings);
}

void ReplayFeeder::State::stop()
{
    for (const auto& w : workers) {
        {
            std::lock_guard lock(w->mutex);
            w->closing = true;
        }
        w->wake.notify_one();
    }
    for (const auto& w : workers)
        if (w->thread.joinable())
            w->thread.join();
}

ReplayFeeder::ReplayFeeder(const PolicyConfig& policy, PolicyEngine::Options options, int workers)
    : d(std::make_unique<State>())
{
    d->policy = policy;
    d->options = std::move(options);
    d->maxWorkers = std::max(1, workers > 0 ? workers : QThread::idealThreadCount());
}

ReplayFeeder::~ReplayFeeder()
{
    d->stop();
}

void ReplayFeeder::feed(Snapshot reading)
{
    State::Worker& w = d->workerFor(reading.server);
    if (&w == d->workers.front().get()) {
        w.judge(d->readings++, reading);
        return;
    }
    w.pending.push_back({d->readings++, std::move(reading)});
    if (w.pending.size() >= kBatchReadings)
        d->handOver(w);
}

void ReplayFeeder::drain()
{
    for (const auto& w : d->workers)
        d->handOver(*w);
    for (const auto& w : d->workers) {
        std::unique_lock lock(w->mutex);
        w->settled.wait(lock, [&w] { return w->queue.empty() && !w->busy; });
    }
}

ReplayResult ReplayFeeder::finish()
{
    drain();
    d->stop();
    ReplayResult result;
    result.readings = d->readings;
    std::vector<Found*> all;
    for (const auto& w : d->workers) {
        // Open events come out as they stand (no end): nothing closes them.
        for (const PolicyEvent& e : w->engine.openEvents())
            if (const auto it = w->at.constFind(e.id); it != w->at.constEnd())
                w->found[*it].event = e;
        result.refused += w->engine.refusedCount();
        for (Found& f : w->found)
            all.push_back(&f);
        for (const QString& server : w->engine.servers())
            result.statuses << w->engine.status(server);
    }
    std::sort(result.statuses.begin(), result.statuses.end(),
              [](const PolicyStatus& a, const PolicyStatus& b) { return a.server < b.server; });
    // The order of one engine fed every reading in turn.
    std::sort(all.begin(), all.end(), [](const Found* a, const Found* b) {
        return std::tie(a->reading, a->order) < std::tie(b->reading, b->order);
    });
    result.events.reserve(qsizetype(all.size()));
    for (Found* f : all)
        result.events << std::move(f->event);
    d->workers.clear();
    d->route.clear();
    return result;
}

qsizetype ReplayFeeder::eventsFoundHere() const
{
    return d->workers.empty() ? 0 : qsizetype(d->workers.front()->found.size());
}

ReplayResult replayReadings(const PolicyConfig& policy, PolicyEngine::Options options,
                            const std::function<std::optional<Snapshot>(QString* error)>& next,
                            int workers)
{
    ReplayFeeder feeder(policy, std::move(options), workers);
    QString error;
    while (std::optional<Snapshot> s = next(&error))
        feeder.feed(std::move(*s));
    ReplayResult result = feeder.finish();
    result.error = error;
    return result;
}

ReplayResult replayReadingsUpTo(const PolicyConfig& policy, PolicyEngine::Options options,
                                const std::function<std::optional<Snapshot>(QString* error)>& next,
                                qsizetype maxEvents)
{
    ReplayFeeder feeder(policy, std::move(options), 1);
    QString error;
    qint64 stoppedAtMs = -1;
    while (std::optional<Snapshot> s = next(&error)) {
        const qint64 at = s->timestampMs;
        feeder.feed(std::move(*s));
        if (maxEvents > 0 && feeder.eventsFoundHere() >= maxEvents) {
            stoppedAtMs = at;
            break;
        }
    }
    ReplayResult result = feeder.finish();
    result.error = error;
    result.stoppedAtMs = stoppedAtMs;
    return result;
}

} // namespace gw
