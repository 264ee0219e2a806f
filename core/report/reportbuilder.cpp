#include "reportbuilder.h"

#include "policy/accounts.h"
#include "policy/policyengine.h"
#include "tokens/ledger.h"

#include <QCoreApplication>
#include <QSet>
#include <QTimeZone>
#include <QVarLengthArray>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

namespace gw {

const QList<UserEventCount>& userEventCounts()
{
    static const QList<UserEventCount> counts{
        {PolicyEventKind::Hog, &UserReport::hogEvents},
        {PolicyEventKind::Idle, &UserReport::idleEvents},
    };
    return counts;
}

namespace {

constexpr qint64 kDefaultIntervalMs = 1000; // as the books and the policy engine assume
constexpr double kMsPerHour = std::chrono::milliseconds(std::chrono::hours(1)).count();

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReportBuilder)
};

// Equal text; strings that share their data (copies of one reading's) are
// equal without comparing.
// Short strings (names, uuids) compared inline, as memory.
inline bool sameText(const QString& a, const QString& b)
{
    const qsizetype n = a.size();
    return n == b.size() &&
           (n == 0 || a.constData() == b.constData() ||
            std::memcmp(a.constData(), b.constData(), size_t(n) * sizeof(QChar)) == 0);
}

QString gpuKey(const GpuSample& g)
{
    return g.uuid.isEmpty() ? QStringLiteral("#%1").arg(g.index) : g.uuid;
}

// Readings handed to a worker at a time, and batches queued at most (the
// memory slow workers can take).
constexpr qsizetype kWorkerBatch = 1024;
constexpr size_t kWorkerQueue = 8;

} // namespace

struct ReportBuilder::Worker
{
    struct Item
    {
        Snapshot reading;
        ServerState* server = nullptr;
        qint64 seq = 0; // the reading's number in the order fed
    };

    ReportBuilder& builder;
    PolicyEngine engine;
    QTimeZone zone; // this thread's copy
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<QList<Item>> queue;
    bool done = false;
    std::thread thread;
    QList<Item> batch;            // the feeding thread's, until pushed
    QList<PolicyEvent> events;    // the worker's, until joined
    QHash<QString, qsizetype> at; // event id → index in events
    // The worker's scratch and caches.
    qint64 offsetBlock = std::numeric_limits<qint64>::min(); // 15-minute UTC block cached
    qint64 offsetMs = 0;
    QList<BucketPart> parts; // the chart buckets of a span
    QList<bool> held;        // the GPUs of a reading a process holds

    Worker(ReportBuilder& b, const PolicyConfig& policy, PolicyEngine::Options options)
        : builder(b)
        , engine(policy, std::move(options))
        , zone(b.m_zone.id())
    {
        batch.reserve(kWorkerBatch);
        thread = std::thread([this] { run(); });
    }
    ~Worker() { stop(); }
    void feed(const Snapshot& r, ServerState* s, qint64 seq)
    {
        batch.append(Item{r, s, seq});
        if (batch.size() >= kWorkerBatch)
            flush();
    }
    void flush()
    {
        if (batch.isEmpty())
            return;
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [this] { return queue.size() < kWorkerQueue; });
            queue.push_back(std::move(batch));
        }
        changed.notify_all();
        batch = {};
        batch.reserve(kWorkerBatch);
    }
    // Waits for the worker to take every reading, ends the thread; then
    // merges the open events as they stand.
    void stop()
    {
        if (!thread.joinable())
            return;
        flush();
        {
            std::lock_guard lock(mutex);
            done = true;
        }
        changed.notify_all();
        thread.join();
        for (const PolicyEvent& e : engine.openEvents())
            keep(e);
    }
    void keep(const PolicyEvent& e)
    {
        const auto it = at.constFind(e.id);
        if (it == at.constEnd()) {
            at.insert(e.id, events.size());
            events << e;
        } else {
            events[*it] = e;
        }
    }
    // The local time of a UTC time in the report's zone.
    qint64 localMs(qint64 utcMs)
    {
        // Zones change their offset on a quarter hour: one look-up per block.
        constexpr qint64 kBlockMs = 15 * 60'000;
        const qint64 block = utcMs >= 0 ? utcMs / kBlockMs : (utcMs - kBlockMs + 1) / kBlockMs;
        if (block != offsetBlock) {
            offsetBlock = block;
            offsetMs =
                qint64(zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(block * kBlockMs, zone))) *
                1000;
        }
        return utcMs + offsetMs;
    }
    void run()
    {
        for (;;) {
            QList<Item> next;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [this] { return done || !queue.empty(); });
                if (queue.empty())
                    return; // done, and everything fed
                next = std::move(queue.front());
                queue.pop_front();
            }
            changed.notify_all();
            for (Item& item : next) {
                for (const PolicyEvent& e : engine.feed(item.reading).changed)
                    keep(e);
                builder.step(*this, *item.server, std::move(item.reading), item.seq);
            }
        }
    }
};

MetricSummary ReportBuilder::MetricSums::summary() const
{
    MetricSummary s;
    if (ms > 0) {
        s.mean = weighted / double(ms);
        s.peak = peak;
    }
    return s;
}

ReportBuilder::ReportBuilder(ReportOptions options)
    : m_options(std::move(options))
    , m_policy(m_options.policy.value_or(PolicyConfig{}))
{
    m_zoneId = !m_options.timeZone.isEmpty() ? m_options.timeZone
               : !m_policy.tokens.timeZone.isEmpty()
                   ? m_policy.tokens.timeZone
                   : QString::fromUtf8(QTimeZone::systemTimeZoneId());
    m_zone = QTimeZone(m_zoneId.toUtf8());
    if (!m_zone.isValid()) {
        m_warnings << Tr::tr("time zone %1 is unknown: the hours of the day are shown in UTC")
                          .arg(m_zoneId);
        m_zone = QTimeZone::utc();
    }
    PolicyEngine::Options engine;
    engine.enforcing = false; // as replay runs it
    engine.timeZone = m_zone;
    // Workers on threads beside this one: up to one a core, at most 4.
    const int workers = m_options.threads > 0
                            ? m_options.threads
                            : std::clamp(int(std::thread::hardware_concurrency()), 1, 4);
    for (int i = 0; i < workers; ++i)
        m_workers.push_back(std::make_unique<Worker>(*this, m_policy, engine));
}

ReportBuilder::~ReportBuilder() = default;

void ReportBuilder::DayMinutes::mark(qint64 localMinute)
{
    const qint64 day = localMinute >= 0 ? localMinute / 1440 : (localMinute - 1439) / 1440;
    if (day != lastDay) {
        last = &days[day];
        lastDay = day;
    }
    last->set(size_t(localMinute - day * 1440));
}

void ReportBuilder::markMinutes(Worker& w, ServerState& s, const Snapshot& r, qint64 fromMs,
                                qint64 toMs)
{
    auto floorDiv = [](qint64 a, qint64 b) {
        return a >= 0 ? a / b : (a - b + 1) / b;
    };
    const qint64 first = floorDiv(w.localMs(fromMs), 60'000);
    const qint64 last = floorDiv(w.localMs(toMs - 1), 60'000);
    auto mark = [&](DayMinutes& days) {
        // At 1 Hz most spans lie in the minute marked last.
        if (first >= days.markedFirst && last <= days.markedLast)
            return;
        for (qint64 m = first; m <= last; ++m)
            days.mark(m);
        days.markedFirst = first;
        days.markedLast = last;
    };
    mark(s.covered);
    // The users holding the server's GPUs: a process listed is a GPU held.
    // Processes come in the same order reading after reading: a position's
    // owner is the last reading's (its string shared), else looked up.
    const qsizetype n = r.processes.size();
    if (qsizetype(s.heldByPos.size()) < n)
        s.heldByPos.resize(size_t(n));
    for (qsizetype i = 0; i < n; ++i) {
        const QString& owner = r.processes[i].ownerName();
        if (owner.isEmpty())
            continue;
        auto& [name, days] = s.heldByPos[size_t(i)];
        if (!days || !sameText(name, owner)) {
            days = &s.held[owner]; // a QMap's values stay where they are
            name = owner;
        }
        mark(*days);
    }
    noteJobs(s, r, fromMs, toMs);
}

void ReportBuilder::noteJobs(ServerState& s, const Snapshot& r, qint64 fromMs, qint64 toMs)
{
    // The GPUs (and MIG instances) each job runs on in this reading, with
    // each one's fraction of its GPU.
    QHash<QString, QHash<QString, double>> units;
    for (const GpuProcess& p : r.processes) {
        if (!p.workload || p.workload->kind != WorkloadKind::Slurm || p.workload->id.isEmpty())
            continue;
        const Workload& w = *p.workload;
        JobReport& j = s.jobs[w.id];
        if (j.jobId.isEmpty()) {
            j.server = r.server;
            j.jobId = w.id;
            j.firstSeenMs = fromMs;
        }
        // Names arrive once Slurm answered: the latest known is kept.
        if (!w.name.isEmpty())
            j.name = w.name;
        if (!w.partition.isEmpty())
            j.partition = w.partition;
        if (!p.ownerName().isEmpty())
            j.user = p.ownerName();
        if (!p.account().isEmpty())
            j.account = p.account();
        double fraction = 1;
        if (!p.migUuid.isEmpty()) {
            const GpuSample* g = r.gpuByUuid(p.gpuUuid);
            const MigInstance* m = g ? g->migByUuid(p.migUuid) : nullptr;
            if (m && m->computeSlices && g->migSliceCount && *g->migSliceCount > 0)
                fraction = double(*m->computeSlices) / *g->migSliceCount;
        }
        units[w.id].insert(p.migUuid.isEmpty() ? p.gpuUuid : p.migUuid, fraction);
    }
    const double hours = double(toMs - fromMs) / kMsPerHour;
    for (auto it = units.cbegin(); it != units.cend(); ++it) {
        JobReport& j = s.jobs[it.key()];
        j.lastSeenMs = toMs;
        j.gpus = std::max(j.gpus, int(it->size()));
        for (const double fraction : *it)
            j.gpuHours += hours * fraction;
    }
}

namespace {

// Each server's capacity in the range: the covered hours of its whole GPUs.
QHash<QString, double> serverCapacityHours(const Report& report)
{
    QHash<QString, double> out;
    for (const UnitReport& u : report.units)
        if (u.migUuid.isEmpty())
            out[u.server] += double(u.coveredMs) / kMsPerHour;
    return out;
}

// Held GPU-hours per server as ServerShares of each server's capacity.
QList<ServerShare> serverShares(const QMap<QString, double>& hoursByServer,
                                const QHash<QString, double>& capacity,
                                const std::optional<double>& quota)
{
    QList<ServerShare> out;
    for (auto it = hoursByServer.cbegin(); it != hoursByServer.cend(); ++it) {
        ServerShare s;
        s.server = it.key();
        s.gpuHours = it.value();
        if (const double c = capacity.value(it.key()); c > 0)
            s.sharePercent = 100.0 * s.gpuHours / c;
        s.quotaPercent = quota;
        out << s;
    }
    return out;
}

} // namespace

QList<AccountReport> ReportBuilder::accounts(const Report& report) const
{
    QMap<QString, AccountReport> out;
    QMap<QString, QSet<QString>> users;
    QMap<QString, QMap<QString, double>> byServer; // account → server → GPU-hours
    bool any = false;
    for (const UsageFact& f : m_facts) {
        const QString& account = f.account; // feed() charged [accounts] members
        AccountReport& a = out[account];
        a.account = account;
        a.gpuHours += f.heldGpuSeconds / 3600.0;
        byServer[account][f.server] += f.heldGpuSeconds / 3600.0;
        users[account].insert(f.user);
        any = any || !account.isEmpty();
    }
    if (!any)
        return {}; // no owner with an account: the users' table says it all
    const QHash<QString, double> capacity = serverCapacityHours(report);
    QList<AccountReport> list;
    for (auto it = out.begin(); it != out.end(); ++it) {
        QStringList names(users[it.key()].cbegin(), users[it.key()].cend());
        names.sort();
        it->users = names;
        if (report.fleetGpuHours && *report.fleetGpuHours > 0)
            it->sharePercent = 100.0 * it->gpuHours / *report.fleetGpuHours;
        const AccountSpec* spec =
            m_options.policy ? findAccount(m_policy.accounts, it.key()) : nullptr;
        it->servers = serverShares(byServer.value(it.key()), capacity,
                                   spec ? spec->sharePercent : std::nullopt);
        list << *it; // QMap: "" (no account) first, then by name
    }
    return list;
}

void ReportBuilder::noteHealth(ServerState& s, const Snapshot& r, qint64 ms)
{
    for (const GpuSample& g : r.gpus) {
        const bool notOk = g.health && (g.health->state == HealthState::Degraded ||
                                        g.health->state == HealthState::Failing);
        int xidsInRange = 0;
        if (g.healthFacts)
            for (const XidEvent& x : g.healthFacts->xids)
                xidsInRange += x.atMs >= m_options.fromMs && x.atMs < m_options.toMs;
        if ((!notOk || ms == 0) && xidsInRange == 0)
            continue; // the common case: nothing to note
        GpuHealthReport& h = s.health[g.uuid];
        h.server = r.server;
        h.gpuUuid = g.uuid;
        h.gpuIndex = g.index;
        if (!g.name.isEmpty())
            h.gpuModel = g.name;
        if (h.worstState.isEmpty())
            h.worstState = healthStateName(HealthState::Ok);
        if (notOk && ms > 0) {
            const bool failing = g.health->state == HealthState::Failing;
            (failing ? h.failingMs : h.degradedMs) += ms;
            if (failing || h.worstState != healthStateName(HealthState::Failing))
                h.worstState = healthStateName(g.health->state);
            h.reasons = g.health->reasons;
        }
        for (const XidEvent& x : g.healthFacts ? g.healthFacts->xids : QList<XidEvent>()) {
            if (x.atMs < m_options.fromMs || x.atMs >= m_options.toMs)
                continue;
            ++h.xidCount;
            if (!h.xids.contains(x.xid))
                h.xids << x.xid;
        }
    }
}

QList<GpuHealthReport> ReportBuilder::health() const
{
    QList<GpuHealthReport> list;
    for (const ServerState& s : m_servers)
        for (const GpuHealthReport& h : s.health)
            list << h;
    std::sort(list.begin(), list.end(), [](const GpuHealthReport& a, const GpuHealthReport& b) {
        return std::tie(a.server, a.gpuIndex, a.gpuUuid) <
               std::tie(b.server, b.gpuIndex, b.gpuUuid);
    });
    return list;
}

QList<JobReport> ReportBuilder::jobs() const
{
    QList<JobReport> list;
    for (const ServerState& s : m_servers) {
        for (const JobReport& j : s.jobs)
            list << j;
    }
    std::sort(list.begin(), list.end(), [](const JobReport& a, const JobReport& b) {
        const qint64 ja = a.jobId.toLongLong();
        const qint64 jb = b.jobId.toLongLong();
        return std::tie(a.server, ja, a.jobId) < std::tie(b.server, jb, b.jobId);
    });
    return list;
}

ReportBuilder::GpuSlot& ReportBuilder::slotFor(ServerState& s, qsizetype pos, const GpuSample& g)
{
    if (qsizetype(s.slots.size()) <= pos)
        s.slots.resize(size_t(pos + 1));
    GpuSlot& slot = s.slots[size_t(pos)];
    if (slot.unit && slot.index == g.index && sameText(slot.uuid, g.uuid))
        return slot;
    s.uuidsChecked = -1; // a GPU moved or appeared: look at the uuids again
    UnitSums& u = s.units[{gpuKey(g), QString()}];
    u.unit.server = s.coverage.server;
    u.unit.gpuUuid = g.uuid;
    u.unit.gpuIndex = g.index;
    u.unit.gpuModel = g.name;
    slot = GpuSlot{g.uuid, g.index, &u, {}};
    return slot;
}

ReportBuilder::UnitSums& ReportBuilder::migUnitFor(ServerState& s, GpuSlot& slot,
                                                   const GpuSample& g, const MigInstance& m)
{
    for (const auto& [uuid, unit] : slot.migs)
        if (uuid == m.uuid)
            return *unit;
    UnitSums& u = s.units[{gpuKey(g), m.uuid}];
    u.unit.server = s.coverage.server;
    u.unit.gpuUuid = g.uuid;
    u.unit.gpuIndex = g.index;
    u.unit.gpuModel = g.name;
    u.unit.migUuid = m.uuid;
    u.unit.migProfile = m.profile;
    slot.migs.append({m.uuid, &u});
    return u;
}

void ReportBuilder::feed(const Snapshot& r)
{
    ServerState*& found = m_serverIndex[r.server];
    if (!found) {
        found = &m_servers[r.server];
        found->coverage.server = r.server;
        found->energy.setWindow(m_options.fromMs, m_options.toMs);
        // The books' facts need energy only when the books charge it.
        found->meter.countEnergy(m_policy.tokens.charge == PolicyConfig::Tokens::Charge::Energy);
        found->worker = m_workers[size_t(m_nextWorker++ % qsizetype(m_workers.size()))].get();
    }
    ServerState& s = *found;
    if (s.lastMs && r.timestampMs <= *s.lastMs) {
        m_warnings << Tr::tr("%1: reading at %2 ms not after the last one (%3 ms): skipped")
                          .arg(r.server)
                          .arg(r.timestampMs)
                          .arg(*s.lastMs);
        return;
    }
    s.lastMs = r.timestampMs;
    // [accounts] tables list people by name: a process whose workload names
    // no account is charged to its owner's (their Unix groups are the
    // servers', not known here), for the books, the energy and the jobs
    // alike.
    std::optional<Snapshot> charged;
    for (qsizetype i = 0; !m_policy.accounts.list.isEmpty() && i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        if (!p.account().isEmpty() || p.ownerName().isEmpty())
            continue;
        const QString account = accountOf(m_policy.accounts, p.ownerName(), {}, {});
        if (account.isEmpty())
            continue;
        if (!charged)
            charged = r;
        GpuProcess& q = charged->processes[i];
        ProcessOwner owner =
            q.owner.value_or(ProcessOwner{q.user, {}, Tr::tr("the process's user"), false});
        owner.account = account;
        q.owner = owner;
    }
    s.worker->feed(charged ? *charged : r, &s, m_fed++);
}

void ReportBuilder::step(Worker& w, ServerState& s, Snapshot&& r, qint64 seq)
{
    if (s.pending) {
        const qint64 last = s.pending->timestampMs;
        account(w, s, *s.pending, readingSpanMs(last, r.timestampMs, s.intervalMs),
                s.pendingAfterGap);
        s.pendingAfterGap = isReadingGap(last, r.timestampMs, s.intervalMs);
        if (s.pendingAfterGap)
            addGap(s, last + s.intervalMs, r.timestampMs);
    }
    // The interval as UsageMeter infers it: the reading's own, else what the
    // readings show, else the default.
    if (r.intervalMs && *r.intervalMs > 0)
        s.intervalMs = *r.intervalMs;
    else if (s.pending && !isReadingGap(s.pending->timestampMs, r.timestampMs, s.intervalMs))
        s.intervalMs = std::max<qint64>(1, r.timestampMs - s.pending->timestampMs);
    else if (s.intervalMs <= 0)
        s.intervalMs = kDefaultIntervalMs;
    // A server's first reading after a silence from the start of the range.
    if (!s.pending && isReadingGap(m_options.fromMs, r.timestampMs, s.intervalMs)) {
        addGap(s, m_options.fromMs, r.timestampMs);
        s.pendingAfterGap = true;
    }
    if (r.timestampMs >= m_options.fromMs && r.timestampMs < m_options.toMs) {
        s.meter.feed(r);
        const QStringList warnings = s.meter.warnings();
        for (; s.meterWarned < warnings.size(); ++s.meterWarned)
            s.meterWarnings.append({seq, warnings[s.meterWarned]});
    }
    s.energy.add(r);
    s.pending = std::move(r); // the batch's copy: nothing else reads it
}

void ReportBuilder::addGap(ServerState& s, qint64 fromMs, qint64 toMs)
{
    fromMs = std::max(fromMs, m_options.fromMs);
    toMs = std::min(toMs, m_options.toMs);
    if (toMs > fromMs)
        s.coverage.gaps << CoverageGap{s.coverage.server, fromMs, toMs};
}

void ReportBuilder::account(Worker& w, ServerState& s, const Snapshot& r, qint64 spanMs,
                            bool afterGap)
{
    const qint64 from = std::max(r.timestampMs, m_options.fromMs);
    const qint64 to = std::min(r.timestampMs + spanMs, m_options.toMs);
    const qint64 ms = std::max<qint64>(0, to - from);
    s.coverage.coveredMs += ms;
    noteHealth(s, r, ms);
    // The chart buckets the span falls in.
    QList<BucketPart>& parts = w.parts;
    parts.clear();
    const qint64 range = m_options.toMs - m_options.fromMs;
    if (ms > 0) {
        auto startOf = [&](qint64 b) {
            return m_options.fromMs + range * b / kReportChartBuckets;
        };
        for (qint64 b = (from - m_options.fromMs) * kReportChartBuckets / range;
             b < kReportChartBuckets && startOf(b) < to; ++b) {
            const qint64 part = std::min(to, startOf(b + 1)) - std::max(from, startOf(b));
            if (part > 0)
                parts << BucketPart{int(b), part};
        }
        markMinutes(w, s, r, from, to);
    }
    const double busyAt = m_policy.hog.thresholdPercent;
    const double idleBelow = m_policy.idle.minGpuUtilizationPercent;
    const qsizetype gpuCount = r.gpus.size();
    // Every slot exists before any is pointed at: growing the list in
    // slotFor would move the slots already taken.
    if (qsizetype(s.slots.size()) < gpuCount)
        s.slots.resize(size_t(gpuCount));
    QVarLengthArray<GpuSlot*, 16> slots(gpuCount);
    bool anyLow = false;
    for (qsizetype pos = 0; pos < gpuCount; ++pos) {
        const GpuSample& g = r.gpus[pos];
        GpuSlot& known = s.slots[size_t(pos)];
        // The last reading's GPU at this position: no call.
        slots[pos] = known.unit && known.index == g.index && sameText(known.uuid, g.uuid)
                         ? &known
                         : &slotFor(s, pos, g);
        anyLow = anyLow || (g.utilizationGpuPercent && *g.utilizationGpuPercent < idleBelow);
    }
    // The GPUs a process holds memory on (memory unknown still holds a
    // context), found once per reading: processes come grouped by GPU, so
    // the search starts where the last one matched. Where two GPUs of the
    // server report one uuid, each GPU looks through the processes.
    QList<bool>& held = w.held;
    held.fill(false, gpuCount);
    if (ms > 0 && anyLow) {
        if (s.uuidsChecked != gpuCount) {
            s.uuidsUnique = true;
            for (qsizetype a = 0; a < gpuCount; ++a)
                for (qsizetype b = a + 1; b < gpuCount; ++b)
                    s.uuidsUnique = s.uuidsUnique && r.gpus[a].uuid != r.gpus[b].uuid;
            s.uuidsChecked = gpuCount;
        }
        qsizetype guess = 0;
        for (const GpuProcess& p : r.processes) {
            if (p.usedMemoryMiB && *p.usedMemoryMiB <= 0)
                continue;
            // A process's uuid shares its GPU's data where the reading was
            // made here or read from the history: found without reading it.
            if (s.uuidsUnique) {
                const QChar* const data = p.gpuUuid.constData();
                qsizetype j = 0;
                while (j < gpuCount &&
                       (r.gpus[j].uuid.constData() != data ||
                        r.gpus[j].uuid.size() != p.gpuUuid.size() || p.gpuUuid.isEmpty()))
                    ++j;
                if (j < gpuCount) {
                    held[j] = true;
                    guess = j;
                    continue;
                }
            }
            for (qsizetype n = 0; n < gpuCount; ++n) {
                const qsizetype j = (guess + n) % gpuCount;
                if (sameText(r.gpus[j].uuid, p.gpuUuid)) {
                    held[j] = true;
                    guess = j;
                    if (s.uuidsUnique)
                        break;
                }
            }
        }
    }
    // Every unit of every reading is known, even one whose span lies
    // outside the range (zero coverage, not absent).
    for (qsizetype pos = 0; pos < gpuCount; ++pos) {
        const GpuSample& g = r.gpus[pos];
        GpuSlot& slot = *slots[pos];
        for (const MigInstance& m : g.migInstances)
            migUnitFor(s, slot, g, m).unit.coveredMs += ms;
        if (ms == 0)
            continue;
        UnitSums& u = *slot.unit;
        u.unit.coveredMs += ms;
        u.utilisation.add(g.utilizationGpuPercent, ms);
        u.memory.add(g.memoryUsedMiB, ms);
        u.temperature.add(g.temperatureC, ms);
        u.power.add(g.powerW, ms);
        if (u.buckets.empty())
            u.buckets.resize(kReportChartBuckets);
        if (afterGap && !parts.isEmpty())
            u.buckets[size_t(parts.front().bucket)].gapBefore = true;
        if (g.utilizationGpuPercent) {
            const double util = *g.utilizationGpuPercent;
            for (const BucketPart& part : std::as_const(parts)) {
                BucketSums& b = u.buckets[size_t(part.bucket)];
                b.weighted += util * double(part.ms);
                b.ms += part.ms;
                b.min = b.count ? std::min(b.min, util) : util;
                b.max = b.count ? std::max(b.max, util) : util;
                ++b.count;
            }
            u.busyMs = u.busyMs.value_or(0) + (util >= busyAt ? ms : 0);
            const bool heldIdle = util < idleBelow && !g.uuid.isEmpty() && held[pos];
            u.heldIdleMs = u.heldIdleMs.value_or(0) + (heldIdle ? ms : 0);
        }
        for (const MigInstance& m : g.migInstances)
            migUnitFor(s, slot, g, m).memory.add(m.memoryUsedMiB, ms);
    }
}

Report ReportBuilder::finish()
{
    for (const auto& worker : m_workers) {
        worker->stop();
        m_events << worker->events;
    }
    // The workers are done: their servers are this thread's now.
    QList<std::pair<qint64, QString>> meterWarnings;
    for (ServerState& s : m_servers) {
        meterWarnings << s.meterWarnings;
        if (!s.pending)
            continue;
        const qint64 at = s.pending->timestampMs;
        account(*s.worker, s, *s.pending, readingSpanMs(at, std::nullopt, s.intervalMs),
                s.pendingAfterGap);
        if (isReadingGap(at, m_options.toMs, s.intervalMs))
            addGap(s, at + s.intervalMs, m_options.toMs);
        s.endMs = at + s.intervalMs;
        s.pending.reset();
    }
    // The meters' warnings in the order one meter fed everything says them,
    // then those of each server's last reading, by server.
    std::stable_sort(meterWarnings.begin(), meterWarnings.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [seq, text] : std::as_const(meterWarnings))
        m_meterWarnings << text;
    for (ServerState& s : m_servers) {
        s.meter.finish();
        m_meterWarnings << s.meter.warnings().mid(s.meterWarned);
        m_facts << s.meter.facts(); // servers in order: sorted as one meter's
        m_meterGaps << s.meter.gaps();
        m_models.unite(s.meter.gpuModelsSeen());
    }

    Report report;
    report.fromMs = m_options.fromMs;
    report.toMs = m_options.toMs;
    report.generatedAtMs = m_options.generatedAtMs;
    report.timeZone = m_zoneId;
    report.busyThresholdPercent = m_policy.hog.thresholdPercent;
    report.idleThresholdPercent = m_policy.idle.minGpuUtilizationPercent;
    for (const ServerState& s : std::as_const(m_servers)) {
        report.servers << s.coverage.server;
        report.coverage << s.coverage;
    }
    double fleetMs = 0;
    bool anyGpu = false;
    for (const ServerState& s : std::as_const(m_servers))
        for (const UnitSums& u : std::as_const(s.units)) {
            UnitReport unit = u.unit;
            unit.utilisationPercent = u.utilisation.summary();
            unit.memoryUsedMiB = u.memory.summary();
            unit.temperatureC = u.temperature.summary();
            unit.powerW = u.power.summary();
            unit.busyMs = u.busyMs;
            unit.heldIdleMs = u.heldIdleMs;
            if (unit.migUuid.isEmpty() && m_options.toMs > m_options.fromMs) {
                const qint64 range = m_options.toMs - m_options.fromMs;
                for (int b = 0; b < kReportChartBuckets; ++b) {
                    HistoryBucket out;
                    out.startMs = m_options.fromMs + range * b / kReportChartBuckets;
                    out.endMs = m_options.fromMs + range * (b + 1) / kReportChartBuckets;
                    if (!u.buckets.empty()) {
                        const BucketSums& in = u.buckets[size_t(b)];
                        out.gapBefore = in.gapBefore;
                        if (in.count > 0) {
                            out.count = in.count;
                            out.min = in.min;
                            out.max = in.max;
                            out.mean = in.weighted / double(in.ms);
                        }
                    }
                    unit.utilisationBuckets << out;
                }
            }
            if (unit.migUuid.isEmpty()) {
                anyGpu = true;
                fleetMs += double(unit.coveredMs);
            }
            report.units << unit;
        }
    std::stable_sort(report.units.begin(), report.units.end(),
                     [](const UnitReport& a, const UnitReport& b) {
                         return std::tie(a.server, a.gpuIndex, a.migUuid) <
                                std::tie(b.server, b.gpuIndex, b.migUuid);
                     });
    if (anyGpu)
        report.fleetGpuHours = fleetMs / kMsPerHour;
    report.users = users(report);
    report.accounts = accounts(report);
    addEnergy(report);
    report.jobs = jobs();
    report.health = health();
    report.findings = findings(report);
    report.patterns = patterns();
    report.warnings = m_warnings + m_meterWarnings + report.warnings;
    return report;
}

EnergyFigures ReportBuilder::energyFigures(const EnergyBook::Total& total) const
{
    EnergyFigures f;
    f.kWh = total.kWh();
    f.estimatedKWh = double(total.estimatedMj) / 3.6e9;
    if (m_policy.energy.pricePerKwh)
        f.cost = *f.kWh * *m_policy.energy.pricePerKwh;
    if (m_policy.energy.gramsCo2PerKwh)
        f.co2Kg = *f.kWh * *m_policy.energy.gramsCo2PerKwh / 1000.0;
    return f;
}

void ReportBuilder::addEnergy(Report& report)
{
    report.currency = m_policy.energy.currency;
    // Each server's book, merged: the keys of different servers differ
    // but for owners and accounts, which add up.
    QHash<QString, EnergyBook::Total> gpus, owners, accounts;
    EnergyBook::Total fleet;
    bool anyGpu = false;
    const auto add = [](EnergyBook::Total& into, const EnergyBook::Total& t) {
        into.mj += t.mj;
        into.estimatedMj += t.estimatedMj;
    };
    for (ServerState& s : m_servers) {
        gpus.insert(s.energy.byGpu());
        for (auto it = s.energy.byOwner().cbegin(); it != s.energy.byOwner().cend(); ++it)
            add(owners[it.key()], *it);
        for (auto it = s.energy.byAccount().cbegin(); it != s.energy.byAccount().cend(); ++it)
            add(accounts[it.key()], *it);
        for (const EnergyBook::Total& t : s.energy.byServer())
            add(fleet, t);
        m_warnings << s.energy.notes();
    }
    for (ServerCoverage& c : report.coverage) {
        const auto it = m_servers.constFind(c.server);
        if (it != m_servers.constEnd() && it->energy.byServer().contains(c.server))
            c.energy = energyFigures(it->energy.byServer().value(c.server));
    }
    for (UnitReport& u : report.units) {
        if (!u.migUuid.isEmpty())
            continue;
        anyGpu = true;
        const auto it = gpus.constFind(u.server + QLatin1Char('/') + u.gpuUuid);
        if (it != gpus.constEnd())
            u.energy = energyFigures(*it);
    }
    if (!anyGpu)
        return;
    report.energy = energyFigures(fleet);
    report.energyIdleUnowned = energyFigures(owners.value(EnergyBook::unownedKey()));
    report.energyNotAttributed = energyFigures(owners.value(EnergyBook::unattributedKey()));
    // Every user the report lists has a figure (0 where they drew none
    // measured in the range); users() listed those who drew energy but
    // held no GPU time (a workload's holder).
    for (UserReport& u : report.users)
        u.energy = energyFigures(owners.value(u.user));
    for (AccountReport& a : report.accounts)
        a.energy = energyFigures(accounts.value(a.account));
}

qint64 ReportBuilder::eventEndMs(const PolicyEvent& e) const
{
    if (e.endMs)
        return *e.endMs;
    // Open at the end of the record: it lasts to the end of its server's
    // last reading.
    const auto it = m_servers.constFind(e.server);
    return it != m_servers.constEnd() ? std::max(it->endMs, e.startMs) : e.startMs;
}

qint64 ReportBuilder::eventOverlapMs(const PolicyEvent& e) const
{
    return std::max<qint64>(0, std::min(eventEndMs(e), m_options.toMs) -
                                   std::max(e.startMs, m_options.fromMs));
}

QList<UserReport> ReportBuilder::users(const Report& report)
{
    QMap<QString, UserReport> out;
    const QHash<QString, double> capacity = serverCapacityHours(report);
    QMap<QString, QMap<QString, double>> byServer; // user → server → GPU-hours
    const QList<UsageFact>& facts = m_facts;
    for (const UsageFact& f : facts) {
        UserReport& u = out[f.user];
        u.user = f.user;
        const double hours = f.heldGpuSeconds / 3600.0;
        u.gpuHoursByModel[f.gpuModel] += hours;
        u.gpuHours += hours;
        byServer[f.user][f.server] += hours;
    }
    std::optional<Books> books;
    if (m_options.policy && m_policy.tokens.enabled) {
        books = buildBooks(facts, m_policy.tokens, m_options.fromMs, m_options.toMs, {}, m_models,
                           m_meterGaps);
        for (auto it = books->balances.begin(); it != books->balances.end(); ++it) {
            UserReport& u = out[it.key()];
            u.user = it.key();
            u.balance = it.value();
            u.tokensCharged = 0.0;
        }
        for (const LedgerEntry& e : books->entries)
            if (e.kind == LedgerEntry::Kind::Usage)
                out[e.user].tokensCharged = out[e.user].tokensCharged.value_or(0) - e.amount;
    }
    // The engine's events: fair-share time, hog and idle events.
    for (const PolicyEvent& e : std::as_const(m_events)) {
        if (e.user.isEmpty())
            continue;
        const qint64 overlap = eventOverlapMs(e);
        const bool overlaps = e.startMs < m_options.toMs && eventEndMs(e) > m_options.fromMs;
        if (!overlaps)
            continue;
        UserReport& u = out[e.user];
        u.user = e.user;
        if (policyEventKindInfo(e.kind).tally == PolicyEventTally::Hours) {
            u.violationHours = u.violationHours.value_or(0) + double(overlap) / kMsPerHour;
        } else {
            for (const UserEventCount& c : userEventCounts())
                if (c.kind == e.kind)
                    u.*c.events = (u.*c.events).value_or(0) + 1;
        }
    }
    // Who drew energy is listed too (a workload holding a GPU idle).
    for (const ServerState& s : std::as_const(m_servers))
        for (auto it = s.energy.byOwner().cbegin(); it != s.energy.byOwner().cend(); ++it)
            if (it.key() != EnergyBook::unownedKey() && it.key() != EnergyBook::unattributedKey() &&
                !it.key().isEmpty())
                out[it.key()].user = it.key();
    for (UserReport& u : out) {
        u.violationHours = u.violationHours.value_or(0);
        for (const UserEventCount& c : userEventCounts())
            u.*c.events = (u.*c.events).value_or(0);
        if (report.fleetGpuHours && *report.fleetGpuHours > 0)
            u.sharePercent = u.gpuHours / *report.fleetGpuHours * 100.0;
        if (m_options.policy) {
            u.quotaPercent = m_policy.quota.defaultSharePercent;
            for (const QuotaShare& q : m_policy.quota.users)
                if (q.name == u.user)
                    u.quotaPercent = q.sharePercent;
        }
        u.servers = serverShares(byServer.value(u.user), capacity, u.quotaPercent);
    }
    if (books)
        m_warnings << books->warnings;
    return out.values();
}

} // namespace gw
