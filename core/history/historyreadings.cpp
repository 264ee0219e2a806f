#include "history/historyreadings.h"

#include "history/historycodec.h"
#include "model/metrics.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <array>
#include <deque>
#include <limits>
#include <unordered_map>
#include <vector>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::HistoryReadings)
};

// The compute slices a MIG profile names: "3g.40gb" → 3, "1g.10gb+me" → 1.
std::optional<int> profileSlices(const QString& profile)
{
    qsizetype i = 0;
    while (i < profile.size() && profile[i].isDigit())
        ++i;
    if (i == 0 || i >= profile.size() || profile[i] != QLatin1Char('g'))
        return std::nullopt;
    return profile.left(i).toInt();
}

// The compute slices of a whole GPU in MIG mode, which the store does not
// keep: derived from the GPU's name where known and its instances' profiles.
// An A30 has 4 (its profiles 1g.6gb, 2g.12gb, 4g.24gb, each maybe "+me");
// every other MIG-capable GPU (A100, H100, H200, B200, GH200) has 7. Nothing
// when no instance names its slices or one names more than 7 (a GPU this
// rule does not know).
std::optional<int> gpuSlices(const QString& name, const QList<MigInstance>& instances)
{
    bool a30 = name.contains(QLatin1String("A30"));
    int most = 0;
    for (const MigInstance& m : instances) {
        if (!m.computeSlices)
            continue;
        most = std::max(most, *m.computeSlices);
        QString base = m.profile;
        if (base.endsWith(QLatin1String("+me")))
            base.chop(3);
        a30 = a30 || base == QLatin1String("1g.6gb") || base == QLatin1String("2g.12gb") ||
              base == QLatin1String("4g.24gb");
    }
    if (most <= 0 || most > 7 || (a30 && most > 4))
        return std::nullopt;
    return a30 ? 4 : 7;
}

// One series read forward: its fetched chunks, decoded as time goes on.
class SeriesCursor
{
public:
    explicit SeriesCursor(MetricId metric)
        : m_scale(quantaPerUnit(metric))
    {}

    void add(RawChunk chunk) { m_chunks.push_back(std::move(chunk)); }

    // The sample at `t`, if any; samples before it are passed. Calls come
    // with non-decreasing times.
    const RawSample* at(qint64 t)
    {
        skipBefore(t);
        return m_hasPeek && m_peek.ms == t ? &m_peek : nullptr;
    }

    // The time of the first sample at or after `t`, if any is fetched.
    std::optional<qint64> nextAtOrAfter(qint64 t)
    {
        skipBefore(t);
        return m_hasPeek ? std::optional<qint64>(m_peek.ms) : std::nullopt;
    }

    // Nothing left fetched: the cursor can go until a later chunk comes.
    bool exhausted()
    {
        if (!m_primed)
            fetch();
        return !m_hasPeek;
    }

private:
    void skipBefore(qint64 t)
    {
        if (!m_primed)
            fetch();
        while (m_hasPeek && m_peek.ms < t)
            fetch();
    }

    void fetch()
    {
        m_primed = true;
        for (;;) {
            if (m_decoder) {
                if (m_decoder->next(&m_ms, &m_quanta)) {
                    m_peek.ms = m_ms;
                    if (m_quanta)
                        m_peek.value = double(*m_quanta) / m_scale;
                    else
                        m_peek.value.reset();
                    m_peek.intervalMs = m_interval;
                    m_hasPeek = true;
                    return;
                }
                m_decoder.reset(); // the end, or a corrupt rest: the next chunk
            }
            if (m_chunks.empty()) {
                m_hasPeek = false;
                return;
            }
            const RawChunk& c = m_chunks.front();
            m_decoder.emplace(c.data, c.startMs, c.count);
            m_interval = c.intervalMs;
            m_chunks.pop_front();
        }
    }

    double m_scale = 1;
    std::deque<RawChunk> m_chunks;
    std::optional<ChunkDecoder> m_decoder;
    qint64 m_interval = kDefaultSamplingIntervalMs;
    qint64 m_ms = 0; // decoded into (members: GCC sees no dangling pointer)
    std::optional<qint64> m_quanta;
    RawSample m_peek;
    bool m_hasPeek = false;
    bool m_primed = false;
};

struct KeyHash
{
    size_t operator()(const SeriesKey& k) const { return qHash(k); }
};

constexpr std::size_t kHostMetricCount = 2;
constexpr std::array<MetricId, kHostMetricCount> kHostMetrics = {MetricId::HostCpu,
                                                                 MetricId::HostMemoryUsed};

} // namespace

struct HistoryReadings::State
{
    struct Gpu
    {
        QString uuid;
        QString name;
        int index = 0;
        std::array<SeriesCursor*, kGpuMetricCount> series{};
    };
    struct Mig
    {
        MigInstanceFact fact;
        std::optional<int> slices;
        SeriesCursor* memory = nullptr;
        bool noSeries = false; // present within its sightings
    };
    struct Process
    {
        ProcessFact fact;
        int gpuIndex = std::numeric_limits<int>::max();
        SeriesCursor* memory = nullptr;
        SeriesCursor* sm = nullptr;
        bool noSeries = false; // present within its sightings
    };
    struct Server
    {
        QString name;
        std::vector<Gpu> gpus;
        std::array<SeriesCursor*, kHostMetricCount> host{};
        std::vector<Mig> migs;                               // of the window
        std::vector<Process> processes;                      // of the window
        qint64 floorMs = std::numeric_limits<qint64>::min(); // next reading at or after
        std::optional<qint64> nextMs;                        // in the window
    };

    HistoryStore* store = nullptr;
    std::unique_ptr<HistoryStore> owned;
    QStringList names;
    QStringList filter; // the servers asked for; empty: all (a faster query)
    std::vector<Server> servers;
    QHash<QString, int> serverIndex;
    qint64 fromMs = 0;
    qint64 toMs = 0;
    qint64 windowMs = kDefaultWindowMs;
    qint64 w0 = 0;
    qint64 w1 = 0;
    qint64 decodedBeforeMs = std::numeric_limits<qint64>::min();
    bool started = false;
    bool done = false;
    QString error;
    quint64 count = 0;
    std::unordered_map<SeriesKey, SeriesCursor, KeyHash> cursors;

    SeriesCursor* cursor(const SeriesKey& key)
    {
        const auto it = cursors.find(key);
        return it == cursors.end() ? nullptr : &it->second;
    }

    bool init();
    bool loadWindow();
    bool advance();
    void nextTime(Server& s);
    Snapshot build(Server& s, qint64 t);
};

bool HistoryReadings::State::init()
{
    QString why;
    filter = names;
    if (names.isEmpty())
        names = store->servers();
    names.removeDuplicates();
    names.sort();
    servers.resize(size_t(names.size()));
    for (qsizetype i = 0; i < names.size(); ++i) {
        Server& s = servers[size_t(i)];
        s.name = names[i];
        serverIndex.insert(s.name, int(i));
        const QStringList gpus = store->gpusOf(s.name, &why);
        const QHash<QString, QString> models =
            why.isEmpty() ? store->gpuModels(s.name, &why) : QHash<QString, QString>();
        if (!why.isEmpty()) {
            error = why;
            return false;
        }
        for (qsizetype g = 0; g < gpus.size(); ++g)
            s.gpus.push_back({gpus[g], models.value(gpus[g]), int(g), {}});
    }
    // Up to the newest sample now: a file still being written reads as it
    // was when the readings began.
    const std::optional<qint64> newest = store->newestSampleMs(&why);
    if (!why.isEmpty()) {
        error = why;
        return false;
    }
    if (!newest || *newest < fromMs) {
        done = true;
        return true;
    }
    toMs = std::min(toMs, *newest + 1);
    return true;
}

// Fetches the chunks, process facts and MIG instances of [w0, w1).
bool HistoryReadings::State::loadWindow()
{
    // Cursors with nothing left go; a later chunk of theirs makes a new one.
    for (auto it = cursors.begin(); it != cursors.end();) {
        if (it->second.exhausted())
            it = cursors.erase(it);
        else
            ++it;
    }
    QString why;
    QList<RawChunk> chunks = store->rawChunks(filter, w0, w1, decodedBeforeMs, &why);
    if (!why.isEmpty()) {
        error = why;
        return false;
    }
    decodedBeforeMs = w1;
    for (RawChunk& c : chunks) {
        const SeriesKey key = c.key;
        auto it = cursors.find(key);
        if (it == cursors.end())
            it = cursors.emplace(key, SeriesCursor(key.metric)).first;
        it->second.add(std::move(c));
    }
    chunks.clear();

    const QString all = names.size() == 1 ? names.first() : QString();
    const QList<ProcessFact> facts = store->processes(all, w0, w1, &why);
    const QList<MigInstanceFact> migs =
        why.isEmpty() ? store->migInstances(all, w0, w1, &why) : QList<MigInstanceFact>();
    if (!why.isEmpty()) {
        error = why;
        return false;
    }
    for (Server& s : servers) {
        s.processes.clear();
        s.migs.clear();
        SeriesKey key{s.name, QString(), MetricId::GpuUtilization};
        for (Gpu& g : s.gpus) {
            key.target = g.uuid;
            std::size_t slot = 0;
            for (const MetricDef& d : metricTable()) {
                if (d.target != MetricTarget::Gpu)
                    continue;
                key.metric = d.id;
                g.series[slot++] = cursor(key);
            }
        }
        key.target = QStringLiteral("host");
        for (std::size_t i = 0; i < kHostMetricCount; ++i) {
            key.metric = kHostMetrics[i];
            s.host[i] = cursor(key);
        }
    }
    for (const MigInstanceFact& m : migs) {
        const auto at = serverIndex.constFind(m.server);
        if (at == serverIndex.constEnd())
            continue;
        Mig mig;
        mig.fact = m;
        mig.slices = profileSlices(m.profile);
        const SeriesKey key{m.server, m.migUuid, MetricId::GpuMemoryUsed};
        mig.memory = cursor(key);
        mig.noSeries = !mig.memory && !store->hasSeries(key);
        servers[size_t(*at)].migs.push_back(std::move(mig));
    }
    for (const ProcessFact& f : facts) {
        const auto at = serverIndex.constFind(f.server);
        if (at == serverIndex.constEnd())
            continue;
        Server& s = servers[size_t(*at)];
        Process p;
        p.fact = f;
        for (const Gpu& g : s.gpus)
            if (g.uuid == f.gpuUuid)
                p.gpuIndex = g.index;
        const QString target = QStringLiteral("proc:") + QString::number(f.id);
        const SeriesKey memory{f.server, target, MetricId::ProcessMemory};
        const SeriesKey sm{f.server, target, MetricId::ProcessSm};
        p.memory = cursor(memory);
        p.sm = cursor(sm);
        p.noSeries = !p.memory && !p.sm && !store->hasSeries(memory) && !store->hasSeries(sm);
        s.processes.push_back(std::move(p));
    }
    for (Server& s : servers) {
        // Grouped by GPU, as samplers list them.
        std::stable_sort(s.processes.begin(), s.processes.end(),
                         [](const Process& a, const Process& b) {
                             if (a.gpuIndex != b.gpuIndex)
                                 return a.gpuIndex < b.gpuIndex;
                             if (a.fact.pid != b.fact.pid)
                                 return a.fact.pid < b.fact.pid;
                             return a.fact.startTimeMs < b.fact.startTimeMs;
                         });
        s.floorMs = std::max(s.floorMs, w0);
        nextTime(s);
    }
    return true;
}

// The first time at or after the server's floor, in the window, that any of
// its GPU series has a sample.
void HistoryReadings::State::nextTime(Server& s)
{
    s.nextMs.reset();
    for (Gpu& g : s.gpus)
        for (SeriesCursor* c : g.series) {
            if (!c)
                continue;
            const std::optional<qint64> t = c->nextAtOrAfter(s.floorMs);
            if (t && *t < w1 && (!s.nextMs || *t < *s.nextMs))
                s.nextMs = t;
        }
}

// The next window: the one after, or, when nothing fetched is left, the one
// holding the next stored sample. False at the end (or on an error).
bool HistoryReadings::State::advance()
{
    if (!started) {
        started = true;
        w0 = fromMs;
    } else {
        if (w1 >= toMs)
            return false;
        w0 = w1;
        // Samples before w1 are past: every reading before it was made.
        bool pending = false;
        for (auto& [key, c] : cursors)
            if (c.nextAtOrAfter(w1)) {
                pending = true;
                break;
            }
        if (!pending) {
            QString why;
            const std::optional<qint64> end = store->nextChunkEndMs(filter, w1, &why);
            if (!why.isEmpty()) {
                error = why;
                return false;
            }
            if (!end || *end >= toMs)
                return false;
            // The window then holds that chunk's last sample at least.
            w0 = std::max(w1, *end - windowMs + 1);
        }
    }
    w1 = toMs - w0 > windowMs ? w0 + windowMs : toMs;
    return loadWindow();
}

Snapshot HistoryReadings::State::build(Server& s, qint64 t)
{
    Snapshot r;
    r.server = s.name;
    r.timestampMs = t;
    r.backend = QStringLiteral("history");
    for (Gpu& g : s.gpus) {
        GpuSample gpu;
        bool any = false;
        bool anyValue = false;
        std::size_t slot = 0;
        for (const MetricDef& d : metricTable()) {
            if (d.target != MetricTarget::Gpu)
                continue;
            SeriesCursor* c = g.series[slot++];
            const RawSample* sample = c ? c->at(t) : nullptr;
            if (!sample)
                continue;
            any = true;
            anyValue = anyValue || sample->value.has_value();
            setMetricValue(d, gpu, sample->value);
            if (!r.intervalMs)
                r.intervalMs = sample->intervalMs;
        }
        if (!any)
            continue;
        gpu.index = g.index;
        gpu.uuid = g.uuid;
        gpu.name = g.name;
        if (!anyValue)
            gpu.error = Tr::tr("no value stored for this reading");
        for (Mig& m : s.migs) {
            if (m.fact.gpuUuid != g.uuid)
                continue;
            const RawSample* used = m.memory ? m.memory->at(t) : nullptr;
            if (!used && !(m.noSeries && t >= m.fact.firstSeenMs && t <= m.fact.lastSeenMs))
                continue;
            MigInstance mi;
            mi.index = int(gpu.migInstances.size()); // not stored: its place in the list
            mi.uuid = m.fact.migUuid;
            mi.profile = m.fact.profile;
            mi.computeSlices = m.slices;
            mi.memoryTotalMiB = m.fact.memoryTotalMiB;
            if (used)
                mi.memoryUsedMiB = used->value;
            gpu.migInstances.append(mi);
        }
        if (!gpu.migInstances.isEmpty()) {
            gpu.migEnabled = true;
            gpu.migSliceCount = gpuSlices(gpu.name, gpu.migInstances);
        }
        r.gpus.append(std::move(gpu));
    }
    for (std::size_t i = 0; i < kHostMetricCount; ++i) {
        const RawSample* sample = s.host[i] ? s.host[i]->at(t) : nullptr;
        if (sample)
            setMetricValue(metricDef(kHostMetrics[i]), r.host, sample->value);
    }
    for (Process& p : s.processes) {
        const RawSample* memory = p.memory ? p.memory->at(t) : nullptr;
        const RawSample* sm = p.sm ? p.sm->at(t) : nullptr;
        if (!memory && !sm && !(p.noSeries && t >= p.fact.firstSeenMs && t <= p.fact.lastSeenMs))
            continue;
        GpuProcess gp;
        gp.pid = p.fact.pid;
        if (p.fact.startTimeMs != 0)
            gp.startTimeMs = p.fact.startTimeMs;
        gp.uid = p.fact.uid;
        gp.user = p.fact.user;
        gp.command = p.fact.command;
        gp.gpuUuid = p.fact.gpuUuid;
        gp.migUuid = p.fact.migUuid;
        gp.ghost = p.fact.ghost;
        gp.workload = p.fact.workload;
        gp.owner = p.fact.owner;
        if (memory)
            gp.usedMemoryMiB = memory->value;
        if (sm)
            gp.smUtilPercent = sm->value;
        r.processes.append(std::move(gp));
    }
    return r;
}

HistoryReadings::HistoryReadings(HistoryStore& store, const QStringList& servers, qint64 fromMs,
                                 qint64 toMs, qint64 windowMs)
    : d(std::make_unique<State>())
{
    d->store = &store;
    d->names = servers;
    // Far enough from the ends of qint64 that windows never overflow.
    constexpr qint64 kLimit = qint64(1) << 62;
    d->fromMs = std::clamp(fromMs, -kLimit, kLimit);
    d->toMs = std::clamp(toMs, -kLimit, kLimit);
    d->windowMs = std::max<qint64>(1, windowMs);
    if (d->toMs <= d->fromMs)
        d->done = true;
    else if (!d->init())
        d->done = true;
}

std::unique_ptr<HistoryReadings> HistoryReadings::open(const QString& path,
                                                       const QStringList& servers, qint64 fromMs,
                                                       qint64 toMs, QString* error, qint64 windowMs)
{
    QString why;
    std::unique_ptr<HistoryStore> store =
        HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &why);
    if (!store) {
        if (error)
            *error = why;
        return nullptr;
    }
    std::unique_ptr<HistoryReadings> r(
        new HistoryReadings(*store, servers, fromMs, toMs, windowMs));
    r->d->owned = std::move(store);
    if (!r->d->error.isEmpty()) {
        if (error)
            *error = r->d->error;
        return nullptr;
    }
    return r;
}

HistoryReadings::~HistoryReadings()
{
    // The cursors before the store they came from.
    d->cursors.clear();
    d->owned.reset();
}

std::optional<Snapshot> HistoryReadings::next(QString* error)
{
    for (;;) {
        if (d->done || !d->error.isEmpty()) {
            if (error && !d->error.isEmpty())
                *error = d->error;
            return std::nullopt;
        }
        State::Server* best = nullptr;
        if (d->started)
            for (State::Server& s : d->servers)
                if (s.nextMs && (!best || *s.nextMs < *best->nextMs))
                    best = &s; // servers are by name: the first wins a tie
        if (!best) {
            if (!d->advance())
                d->done = true;
            continue;
        }
        const qint64 t = *best->nextMs;
        Snapshot r = d->build(*best, t);
        best->floorMs = t + 1;
        d->nextTime(*best);
        ++d->count;
        return r;
    }
}

quint64 HistoryReadings::readingCount() const
{
    return d->count;
}

QStringList HistoryReadings::servers() const
{
    return d->names;
}

} // namespace gw
