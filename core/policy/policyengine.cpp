#include "policy/policyengine.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
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

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::PolicyEngine", s);
}

constexpr qint64 kDefaultIntervalMs = 1000;
// An open event is handed on again with its grown figures at most this
// often (and at once on an action or its end), so the agent's event log gets
// a record a minute per open event, not one per reading.
constexpr qint64 kUpdateEveryMs = 60'000;
// The load that picks the [adaptive] band: mean GPU busy over this span.
constexpr qint64 kLoadWindowMs = 5 * 60'000;
// confirm_power: near-idle power is at most this fraction of the limit, and
// flat memory moves by at most this fraction (or kFlatMemoryMiB) from where
// the idle span began.
constexpr double kIdlePowerFraction = 0.3;
constexpr double kFlatMemoryFraction = 0.05;
constexpr double kFlatMemoryMiB = 256;
// Closed events kept for actions that report after the end (a SIGKILL
// outcome after the process already exited).
constexpr qsizetype kRecentClosed = 256;
constexpr qint64 kGroupsFreshMs = 10 * 60'000;

// One process on one GPU (or MIG instance); start time tells a reused pid
// apart.
struct ProcessKey
{
    int gpu = -1; // slots of the server (ServerState::slot)
    int mig = -1;
    qint64 pid = 0;
    qint64 startMs = -1;
    bool operator==(const ProcessKey&) const = default;
};

size_t qHash(const ProcessKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.gpu, k.mig, k.pid, k.startMs);
}

struct UserGpuKey
{
    int gpu = -1;
    QString user;
    bool operator==(const UserGpuKey&) const = default;
};

size_t qHash(const UserGpuKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.gpu, k.user);
}

// A span during which a condition holds (a candidate), and the event once it
// has held long enough.
struct Run
{
    qint64 firstMs = 0;    // first reading of the span
    qint64 lastMs = 0;     // newest reading that met the condition
    qint64 seenMs = 0;     // newest reading the subject appeared in
    int lowStreak = 0;     // hog: readings in a row below the threshold
    qint64 lowSinceMs = 0; // hog: the first of them
    double peak = 0;
    double sum = 0;
    int count = 0;
    bool estimated = false;
    double firstMemoryMiB = 0; // idle: memory held when the span began
    double memoryMiB = 0;
    std::optional<PolicyEvent> event;
    qint64 publishedMs = 0;
    // idle, action = terminate
    qint64 actionAtMs = 0;
    int warningsDone = 0;
    bool acted = false;
    // facts of the subject, copied into the event
    qint64 pid = 0;
    std::optional<qint64> processStartMs;
    std::optional<uint> uid;
    QString user;
    QString command;
    QString gpuUuid;
    QString migUuid;
    int gpuIndex = -1;
    int gpuSlot = -1;
};

// Weighted entries over a sliding span of readings: each reading counts for
// the time it stands for (provisionally one interval, corrected when the
// next reading comes).
struct Entry
{
    qint64 atMs = 0;
    qint64 weightMs = 0;
    double load = 0;                               // server busy %, for the band
    QVarLengthArray<QPair<int, double>, 8> shares; // user index, share % of the server
};

struct HogSpan
{
    qint64 fromMs;
    qint64 toMs;
};

struct ServerState
{
    QString name;
    std::optional<qint64> lastMs;
    qint64 intervalMs = kDefaultIntervalMs;

    QHash<ProcessKey, Run> hogs;     // scope = process
    QHash<UserGpuKey, Run> userHogs; // scope = user
    QHash<ProcessKey, Run> idles;

    // Fair share and load.
    QStringList users; // index → name
    QHash<QString, int> userIndex;
    std::vector<double> shareSum; // per user index: Σ share × weight in the window
    std::deque<Entry> shares;     // the [quota] window
    qint64 coveredMs = 0;         // Σ weight in the [quota] window
    std::deque<Entry> loads;      // kLoadWindowMs (shares left empty)
    double loadSum = 0;
    qint64 loadCoveredMs = 0;
    QHash<int, Run> fair;

    // Hog presence, for defensive mode.
    std::deque<HogSpan> hogSpans;
    qint64 hogPresentMs = 0;
    qint64 firstMs = 0;

    // GPU and MIG uuids as small numbers, for cheap keys; and when each
    // GPU was last in a reading without an error.
    QHash<QString, int> slots;
    QStringList slotNames;
    std::vector<qint64> slotSeenMs;
    // The previous reading's GPU uuids by position and their slots: most
    // readings list the same GPUs in the same order.
    std::vector<std::pair<QString, int>> lastGpuSlots;
    int gpuSlotAt(qsizetype pos, const QString& uuid)
    {
        if (lastGpuSlots.size() <= size_t(pos))
            lastGpuSlots.resize(size_t(pos) + 1, {QString(), -1});
        auto& [known, i] = lastGpuSlots[size_t(pos)];
        if (i >= 0 && known.size() == uuid.size() &&
            (known.constData() == uuid.constData() || known == uuid))
            return i;
        known = uuid;
        i = slot(uuid);
        return i;
    }
    int slot(const QString& uuid)
    {
        const auto it = slots.constFind(uuid);
        if (it != slots.constEnd())
            return *it;
        const int i = int(slotNames.size());
        slotNames << uuid;
        slots.insert(uuid, i);
        slotSeenMs.push_back(std::numeric_limits<qint64>::min());
        return i;
    }

    int userIndexOf(const QString& user)
    {
        const auto it = userIndex.constFind(user);
        if (it != userIndex.constEnd())
            return *it;
        const int i = int(users.size());
        users << user;
        userIndex.insert(user, i);
        shareSum.push_back(0);
        return i;
    }
};

// One process of the reading being evaluated: where it is, its key, and
// its utilisation (and whether that was attributed).
struct ProcessReading
{
    int gpuPos = -1; // index into Snapshot::gpus; -1: not in the reading
    ProcessKey key;
    std::optional<double> util;
    bool estimated = false;
};
using Readings = QVarLengthArray<ProcessReading, 64>;

QString processSubject(const ServerState& s, const ProcessKey& k)
{
    QString out = s.slotNames[k.gpu];
    if (k.mig >= 0)
        out += QLatin1Char(':') + s.slotNames[k.mig];
    out += QStringLiteral("/%1@").arg(k.pid);
    out += k.startMs >= 0 ? QString::number(k.startMs) : QStringLiteral("?");
    return out;
}

QString eventId(PolicyEventKind kind, const QString& server, const QString& subject, qint64 startMs)
{
    return QStringLiteral("%1/%2/%3/%4")
        .arg(policyEventKindName(kind), server, subject)
        .arg(startMs);
}

bool commandExempt(const QStringList& exempt, const QString& command)
{
    for (const QString& e : exempt)
        if (!e.isEmpty() && command.contains(e))
            return true;
    return false;
}

} // namespace

struct PolicyEngine::State
{
    PolicyConfig policy;
    Options options;
    quint64 fed = 0;
    quint64 refused = 0;
    QHash<QString, ServerState> servers;
    QList<PolicyEvent> recentClosed;
    // Order in which open events were opened, for openEvents().
    quint64 openSerial = 0;
    QHash<QString, quint64> openOrder;
    QHash<QString, std::pair<qint64, QStringList>> groupCache;

    PolicyStep* step = nullptr;

    // Group membership changes rarely; asked again every kGroupsFreshMs of
    // reading time.
    QStringList groupsOf(const QString& user, qint64 atMs)
    {
        if (!options.groups)
            return {};
        auto it = groupCache.find(user);
        if (it == groupCache.end() || atMs - it->first >= kGroupsFreshMs || atMs < it->first)
            it = groupCache.insert(user, {atMs, options.groups(user)});
        return it->second;
    }

    // The local day of week and minute of day of a time. Offsets change on
    // whole minutes, so one conversion serves a whole UTC minute.
    qint64 localMinuteKey = std::numeric_limits<qint64>::min();
    int localDay = 1;
    int localMinute = 0;
    void localTime(qint64 atMs)
    {
        const qint64 key = atMs >= 0 ? atMs / 60'000 : (atMs - 59'999) / 60'000;
        if (key == localMinuteKey)
            return;
        localMinuteKey = key;
        const QDateTime local = QDateTime::fromMSecsSinceEpoch(atMs, options.timeZone);
        localDay = local.date().dayOfWeek();
        localMinute = local.time().hour() * 60 + local.time().minute();
    }

    double quotaFor(const QString& user, qint64 atMs)
    {
        if (policy.quota.users.isEmpty() && policy.quota.groups.isEmpty())
            return policy.quota.defaultSharePercent;
        localTime(atMs);
        const int day = localDay;
        const int minute = localMinute;
        const auto applies = [&](const QuotaShare& q) {
            if (q.windows.isEmpty())
                return true;
            for (const QuotaWindow& w : q.windows)
                if (w.contains(day, minute))
                    return true;
            return false;
        };
        for (const QuotaShare& q : policy.quota.users)
            if (q.name == user && applies(q))
                return q.sharePercent;
        std::optional<double> best;
        if (!policy.quota.groups.isEmpty()) {
            const QStringList groups = groupsOf(user, atMs);
            for (const QuotaShare& q : policy.quota.groups)
                if (groups.contains(q.name) && applies(q))
                    best = std::max(best.value_or(0), q.sharePercent);
        }
        return best.value_or(policy.quota.defaultSharePercent);
    }

    void publish(const PolicyEvent& e)
    {
        if (step)
            step->changed << e;
    }

    void open(Run& run, PolicyEventKind kind, const QString& server, const QString& subject,
              qint64 detectedMs)
    {
        PolicyEvent e;
        e.kind = kind;
        e.server = server;
        e.startMs = run.firstMs;
        e.detectedMs = detectedMs;
        e.id = eventId(kind, server, subject, run.firstMs);
        e.gpuUuid = run.gpuUuid;
        e.gpuIndex = run.gpuIndex;
        e.migUuid = run.migUuid;
        e.pid = run.pid;
        e.processStartMs = run.processStartMs;
        e.user = run.user;
        e.command = run.command;
        run.event = e;
        openOrder.insert(e.id, ++openSerial);
    }

    void refresh(Run& run, qint64 intervalMs)
    {
        PolicyEvent& e = *run.event;
        e.peakPercent = run.peak;
        e.meanPercent = run.count ? run.sum / run.count : 0;
        e.memoryMiB = run.memoryMiB;
        e.estimated = run.estimated;
        e.durationMs = double(run.lastMs - run.firstMs + intervalMs);
        e.excessPercent = e.kind == PolicyEventKind::FairShare ? e.peakPercent - e.quotaPercent : 0;
    }

    // Hands the event on when it is new, acted on, or due a figures update.
    void publishRun(Run& run, qint64 atMs, qint64 intervalMs, bool force)
    {
        if (!run.event)
            return;
        refresh(run, intervalMs);
        if (force || atMs - run.publishedMs >= kUpdateEveryMs) {
            run.publishedMs = atMs;
            publish(*run.event);
        }
    }

    void close(Run& run, qint64 endMs, const QString& reason, qint64 intervalMs)
    {
        if (!run.event)
            return;
        refresh(run, intervalMs);
        PolicyEvent& e = *run.event;
        e.endMs = std::max(endMs, e.startMs);
        e.endReason = reason;
        openOrder.remove(e.id);
        recentClosed << e;
        if (recentClosed.size() > kRecentClosed)
            recentClosed.removeFirst();
        publish(e);
        run.event.reset();
    }

    void addAction(Run& run, PolicyAction action, qint64 atMs, qint64 intervalMs)
    {
        run.event->actions << std::move(action);
        publishRun(run, atMs, intervalMs, true);
    }

    void feed(ServerState& s, const Snapshot& r);
    void breakAll(ServerState& s, qint64 endMs, const QString& reason);
    // False when no hog run left after the reading can hold an open event.
    bool evaluateHogs(ServerState& s, const Snapshot& r, const Readings& in);
    void evaluateIdle(ServerState& s, const Snapshot& r, const Readings& in);
    void evaluateShare(ServerState& s, const Snapshot& r, const Readings& in, bool gap,
                       qint64 previousMs);
    void stageIdle(ServerState& s, Run& run, qint64 atMs);
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
    ServerState& s = d->servers[reading.server];
    if (s.lastMs && reading.timestampMs <= *s.lastMs) {
        ++d->refused;
        return step;
    }
    ++d->fed;
    d->step = &step;
    s.name = reading.server;
    d->feed(s, reading);
    d->step = nullptr;
    return step;
}

// Closes every open event and forgets every candidate: what must be
// continuous is broken (a gap in the readings).
void PolicyEngine::State::breakAll(ServerState& s, qint64 endMs, const QString& reason)
{
    for (auto* runs : {&s.hogs, &s.idles}) {
        for (Run& run : *runs)
            close(run, endMs, reason, s.intervalMs);
        runs->clear();
    }
    for (Run& run : s.userHogs)
        close(run, endMs, reason, s.intervalMs);
    s.userHogs.clear();
}

void PolicyEngine::State::feed(ServerState& s, const Snapshot& r)
{
    const qint64 t = r.timestampMs;
    const std::optional<qint64> previous = s.lastMs;
    // The interval: the reading's own, else what the readings show.
    if (r.intervalMs && *r.intervalMs > 0)
        s.intervalMs = *r.intervalMs;
    else if (previous && !isReadingGap(*previous, t, s.intervalMs))
        s.intervalMs = std::max<qint64>(1, t - *previous);
    const bool gap = previous && isReadingGap(*previous, t, s.intervalMs);
    if (gap)
        breakAll(s, *previous + s.intervalMs, tr("gap in readings"));
    if (!previous)
        s.firstMs = t;
    s.lastMs = t;

    const qsizetype gpuCount = r.gpus.size();
    QVarLengthArray<int, 16> gpuSlot(gpuCount);
    for (qsizetype j = 0; j < gpuCount; ++j) {
        gpuSlot[j] = s.gpuSlotAt(j, r.gpus[j].uuid);
        if (r.gpus[j].error.isEmpty())
            s.slotSeenMs[size_t(gpuSlot[j])] = t;
    }
    QVarLengthArray<ProcessUtilisation, 64> shares(r.processes.size());
    attributeProcessUtilisation(r, shares.data());
    Readings in(r.processes.size());
    for (qsizetype i = 0; i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        ProcessReading& pr = in[i];
        pr.gpuPos = shares[i].gpuPos;
        pr.util = shares[i].percent;
        pr.estimated = shares[i].estimated;
        pr.key = {pr.gpuPos >= 0 ? gpuSlot[pr.gpuPos] : s.slot(p.gpuUuid),
                  p.migUuid.isEmpty() ? -1 : s.slot(p.migUuid), p.pid, p.startTimeMs.value_or(-1)};
    }

    const bool maybeHogOpen = evaluateHogs(s, r, in);
    evaluateIdle(s, r, in);
    evaluateShare(s, r, in, gap, previous.value_or(t));

    // Hog presence for defensive mode: runs of readings with a hog open.
    const auto hasEvent = [](const Run& run) {
        return run.event.has_value();
    };
    const bool hogOpen =
        maybeHogOpen && (std::any_of(s.hogs.cbegin(), s.hogs.cend(), hasEvent) ||
                         std::any_of(s.userHogs.cbegin(), s.userHogs.cend(), hasEvent));
    if (hogOpen) {
        if (!s.hogSpans.empty() && !gap && s.hogSpans.back().toMs >= (previous ? *previous : t))
            s.hogSpans.back().toMs = t + s.intervalMs;
        else
            s.hogSpans.push_back({t, t + s.intervalMs});
    }
    const qint64 from = t - policy.adaptive.hostileWindowMs;
    while (!s.hogSpans.empty() && s.hogSpans.front().toMs <= from)
        s.hogSpans.pop_front();
}

bool PolicyEngine::State::evaluateHogs(ServerState& s, const Snapshot& r, const Readings& in)
{
    const qint64 t = r.timestampMs;
    const double threshold = policy.hog.thresholdPercent;
    const bool byUser = policy.hog.scope == HogScope::User;

    // One step of one subject: above the threshold extends (or starts) its
    // run; one reading below is a dip and tolerated, two in a row end it at
    // the first of them.
    // Runs in the table seen in this reading: when that is all of them, the
    // sweep for unseen ones has nothing to do.
    qsizetype seen = 0;
    // Whether a step left a run with an event: every run left after the
    // sweep was stepped, so without one no hog is open.
    bool anyOpen = false;
    const auto stepRun = [&](auto& runs, const auto& key, double util, bool estimated,
                             const GpuProcess& p, int gpuPos, int gpuSlot, auto subjectOf) {
        auto found = runs.find(key);
        if (found != runs.end() && found->seenMs != t)
            ++seen;
        if (util >= threshold) {
            if (found == runs.end()) {
                ++seen;
                Run run;
                run.firstMs = t;
                run.pid = byUser ? 0 : p.pid;
                run.processStartMs = byUser ? std::nullopt : p.startTimeMs;
                run.uid = p.uid;
                run.user = p.user;
                run.command = byUser ? QString() : p.command;
                run.gpuUuid = p.gpuUuid;
                run.migUuid = byUser ? QString() : p.migUuid;
                run.gpuIndex = gpuPos >= 0 ? r.gpus[gpuPos].index : -1;
                run.gpuSlot = gpuSlot;
                found = runs.insert(key, run);
            }
            Run& run = *found;
            run.lastMs = t;
            run.seenMs = t;
            run.lowStreak = 0;
            run.peak = std::max(run.peak, util);
            run.sum += util;
            ++run.count;
            run.estimated = run.estimated || estimated;
            if (!run.event && t - run.firstMs + s.intervalMs >= policy.hog.durationMs) {
                open(run, PolicyEventKind::Hog, s.name, subjectOf(key), t);
                publishRun(run, t, s.intervalMs, true);
            } else {
                publishRun(run, t, s.intervalMs, false);
            }
            anyOpen = anyOpen || run.event.has_value();
        } else if (found != runs.end()) {
            Run& run = *found;
            run.seenMs = t;
            if (++run.lowStreak == 1)
                run.lowSinceMs = t;
            if (run.lowStreak >= 2) {
                close(run, run.lowSinceMs, tr("below threshold"), s.intervalMs);
                --seen;
                runs.erase(found);
            } else {
                run.sum += util;
                ++run.count;
                anyOpen = anyOpen || run.event.has_value();
            }
        }
    };
    // Subjects not in this reading: the process exited, or its GPU went away.
    const auto dropUnseen = [&](auto& runs) {
        if (seen == runs.size())
            return;
        for (auto it = runs.begin(); it != runs.end();) {
            if (it->seenMs == t) {
                ++it;
                continue;
            }
            const bool gpuThere = s.slotSeenMs[size_t(it->gpuSlot)] == t;
            close(*it, t, gpuThere ? tr("process exited") : tr("GPU disappeared"), s.intervalMs);
            it = runs.erase(it);
        }
    };

    if (byUser) {
        if (!s.hogs.isEmpty()) {
            for (Run& run : s.hogs)
                close(run, t, tr("policy changed"), s.intervalMs);
            s.hogs.clear();
        }
        struct Sum
        {
            double util = 0;
            bool estimated = false;
            qsizetype first = -1;
        };
        QHash<UserGpuKey, Sum> sums;
        for (qsizetype i = 0; i < r.processes.size(); ++i) {
            if (!in[i].util)
                continue;
            Sum& sum = sums[{in[i].key.gpu, r.processes[i].user}];
            sum.util += *in[i].util;
            sum.estimated = sum.estimated || in[i].estimated;
            sum.first = sum.first < 0 ? i : sum.first;
        }
        for (auto it = sums.constBegin(); it != sums.constEnd(); ++it)
            stepRun(s.userHogs, it.key(), it->util, it->estimated, r.processes[it->first],
                    in[it->first].gpuPos, in[it->first].key.gpu, [&](const UserGpuKey& k) {
                        return QStringLiteral("%1/user:%2").arg(s.slotNames[k.gpu], k.user);
                    });
        dropUnseen(s.userHogs);
    } else {
        if (!s.userHogs.isEmpty()) {
            for (Run& run : s.userHogs)
                close(run, t, tr("policy changed"), s.intervalMs);
            s.userHogs.clear();
        }
        for (qsizetype i = 0; i < r.processes.size(); ++i)
            if (in[i].util)
                stepRun(s.hogs, in[i].key, *in[i].util, in[i].estimated, r.processes[i],
                        in[i].gpuPos, in[i].key.gpu,
                        [&](const ProcessKey& k) { return processSubject(s, k); });
        dropUnseen(s.hogs);
    }
    return anyOpen;
}

void PolicyEngine::State::evaluateIdle(ServerState& s, const Snapshot& r, const Readings& in)
{
    const qint64 t = r.timestampMs;
    const PolicyConfig::Idle& idle = policy.idle;
    // Runs in the table seen in this reading (see evaluateHogs).
    qsizetype idleSeen = 0;

    for (qsizetype i = 0; i < r.processes.size(); ++i) {
        const GpuProcess& p = r.processes[i];
        const ProcessKey& key = in[i].key;
        const GpuSample* g = in[i].gpuPos >= 0 ? &r.gpus[in[i].gpuPos] : nullptr;
        // A reading is low only when everything needed says so; anything
        // unknown or busy resets the span.
        const char* notLow = nullptr;
        const double memory = p.usedMemoryMiB.value_or(0);
        if (!p.usedMemoryMiB || memory < double(idle.minMemoryMib))
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "holds little memory");
        else if (!g || !g->error.isEmpty())
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "GPU not read");
        else if (!g->utilizationGpuPercent)
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "utilisation not reported");
        else if (*g->utilizationGpuPercent >= idle.minGpuUtilizationPercent)
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "busy again");
        else if (idle.confirmPower && g->powerW && g->powerLimitW && *g->powerLimitW > 0 &&
                 *g->powerW > kIdlePowerFraction * *g->powerLimitW)
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "power draw above idle");
        else if (idle.exemptUsers.contains(p.user) || commandExempt(idle.exemptCommands, p.command))
            notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "exempt");

        auto found = s.idles.find(key);
        const bool seenBefore = found != s.idles.end() && found->seenMs == t;
        if (!notLow && idle.confirmPower && found != s.idles.end()) {
            const double from = found->firstMemoryMiB;
            if (std::fabs(memory - from) > std::max(kFlatMemoryMiB, kFlatMemoryFraction * from))
                notLow = QT_TRANSLATE_NOOP("gw::PolicyEngine", "memory changing");
        }
        if (notLow) {
            if (found != s.idles.end()) {
                close(*found, t, tr(notLow), s.intervalMs);
                if (seenBefore)
                    --idleSeen;
                s.idles.erase(found);
            }
            continue;
        }
        if (found == s.idles.end()) {
            Run run;
            run.firstMs = t;
            run.firstMemoryMiB = memory;
            run.pid = p.pid;
            run.processStartMs = p.startTimeMs;
            run.uid = p.uid;
            run.user = p.user;
            run.command = p.command;
            run.gpuUuid = p.gpuUuid;
            run.migUuid = p.migUuid;
            run.gpuIndex = g->index;
            run.gpuSlot = key.gpu;
            found = s.idles.insert(key, run);
        }
        Run& run = *found;
        const double u = *g->utilizationGpuPercent;
        if (!seenBefore)
            ++idleSeen;
        run.lastMs = t;
        run.seenMs = t;
        run.peak = std::max(run.peak, u);
        run.sum += u;
        ++run.count;
        run.memoryMiB = memory;
        if (!run.event) {
            // No verdict before the window is covered by low readings.
            if (t - run.firstMs + s.intervalMs < idle.timeWindowMs)
                continue;
            open(run, PolicyEventKind::Idle, s.name, processSubject(s, key), t);
            qint64 lead = 0;
            if (idle.action == IdleAction::Terminate)
                for (qint64 w : idle.warningsMs)
                    lead = std::max(lead, w);
            run.actionAtMs = t + lead;
            publishRun(run, t, s.intervalMs, true);
        }
        stageIdle(s, run, t);
        publishRun(run, t, s.intervalMs, false);
    }

    for (auto it = s.idles.begin(); idleSeen != s.idles.size() && it != s.idles.end();) {
        if (it->seenMs == t) {
            ++it;
            continue;
        }
        const QString why = s.slotSeenMs[size_t(it->gpuSlot)] != t ? tr("GPU disappeared")
                            : it->acted ? tr("process ended after the action")
                                        : tr("process exited");
        close(*it, t, why, s.intervalMs);
        it = s.idles.erase(it);
    }
}

// Warnings at their lead times before the action, then the action (once).
void PolicyEngine::State::stageIdle(ServerState& s, Run& run, qint64 t)
{
    const PolicyConfig::Idle& idle = policy.idle;
    if (idle.action != IdleAction::Terminate || run.acted)
        return;
    QList<qint64> leads = idle.warningsMs;
    std::sort(leads.begin(), leads.end(), std::greater<>());
    while (run.warningsDone < leads.size() && t >= run.actionAtMs - leads[run.warningsDone]) {
        const qint64 lead = leads[run.warningsDone++];
        PolicyAction a;
        a.kind = PolicyAction::Kind::Warning;
        a.atMs = t;
        a.simulated = idle.dryRun || !options.enforcing;
        a.detail = tr("idle: terminate in %1").arg(formatPolicyDuration(lead));
        addAction(run, a, t, s.intervalMs);
    }
    if (t < run.actionAtMs)
        return;
    run.acted = true;
    PolicyAction a;
    a.kind = PolicyAction::Kind::Terminate;
    a.atMs = t;
    if (run.uid && *run.uid == 0) {
        a.kind = PolicyAction::Kind::Refused;
        a.detail = tr("root's processes are never signalled");
    } else if (!run.processStartMs) {
        a.kind = PolicyAction::Kind::Refused;
        a.detail = tr("start time unknown: not signalled");
    } else if (idle.dryRun) {
        a.simulated = true;
        a.detail = tr("dry run: would send SIGTERM to PID %1").arg(run.pid);
    } else if (!options.enforcing) {
        a.simulated = true;
        a.detail = tr("would send SIGTERM to PID %1 (not enforcing here)").arg(run.pid);
    } else {
        a.detail = tr("SIGTERM requested for PID %1").arg(run.pid);
        EnforcementRequest req;
        req.eventId = run.event->id;
        req.server = s.name;
        req.pid = run.pid;
        req.processStartMs = run.processStartMs;
        req.uid = run.uid;
        req.gpuUuid = run.gpuUuid;
        req.migUuid = run.migUuid;
        req.atMs = t;
        if (step)
            step->enforce << req;
    }
    addAction(run, a, t, s.intervalMs);
}

void PolicyEngine::State::evaluateShare(ServerState& s, const Snapshot& r, const Readings& in,
                                        bool gap, qint64 previousMs)
{
    const qint64 t = r.timestampMs;
    // The previous reading stood until this one (unless there was a gap).
    const auto reweigh = [&](std::deque<Entry>& entries, auto apply) {
        if (entries.empty() || gap || entries.back().atMs != previousMs)
            return;
        Entry& last = entries.back();
        const qint64 delta = (t - last.atMs) - last.weightMs;
        last.weightMs += delta;
        apply(last, delta);
    };
    reweigh(s.shares, [&](const Entry& e, qint64 delta) {
        s.coveredMs += delta;
        for (const auto& [user, share] : e.shares)
            s.shareSum[size_t(user)] += share * double(delta);
    });
    reweigh(s.loads, [&](const Entry& e, qint64 delta) {
        s.loadCoveredMs += delta;
        s.loadSum += e.load * double(delta);
    });

    // This reading: capacity in GPUs; each user's use of it.
    Entry entry;
    entry.atMs = t;
    entry.weightMs = s.intervalMs;
    double capacity = 0;
    double busy = 0;
    for (const GpuSample& g : r.gpus) {
        if (!g.error.isEmpty())
            continue;
        capacity += 1;
        if (g.utilizationGpuPercent) {
            busy += *g.utilizationGpuPercent / 100;
        } else if (g.migEnabled.value_or(false) && g.migSliceCount && *g.migSliceCount > 0) {
            // MIG: utilisation is not reported; an instance in use counts its
            // slices as busy.
            for (const MigInstance& m : g.migInstances) {
                bool used = false;
                for (const GpuProcess& p : r.processes)
                    used = used || p.migUuid == m.uuid;
                if (used && m.computeSlices)
                    busy += double(*m.computeSlices) / *g.migSliceCount;
            }
        }
    }
    if (capacity > 0) {
        for (qsizetype i = 0; i < r.processes.size(); ++i) {
            const GpuProcess& p = r.processes[i];
            double use = 0;
            if (in[i].util) {
                use = *in[i].util / 100;
            } else if (!p.migUuid.isEmpty()) {
                const GpuSample* g = in[i].gpuPos >= 0 ? &r.gpus[in[i].gpuPos] : nullptr;
                const MigInstance* m = g ? g->migByUuid(p.migUuid) : nullptr;
                if (m && m->computeSlices && g->migSliceCount && *g->migSliceCount > 0) {
                    int sharing = 0;
                    for (const GpuProcess& o : r.processes)
                        sharing += o.migUuid == p.migUuid ? 1 : 0;
                    use = double(*m->computeSlices) / *g->migSliceCount / std::max(1, sharing);
                }
            }
            if (use <= 0 || p.user.isEmpty())
                continue;
            const int user = s.userIndexOf(p.user);
            bool merged = false;
            for (auto& [u, share] : entry.shares)
                if (u == user) {
                    share += use * 100 / capacity;
                    merged = true;
                }
            if (!merged)
                entry.shares.append({user, use * 100 / capacity});
        }
        entry.load = busy * 100 / capacity;
    }
    Entry loadEntry;
    loadEntry.atMs = t;
    loadEntry.weightMs = s.intervalMs;
    loadEntry.load = entry.load;
    s.loadSum += loadEntry.load * double(loadEntry.weightMs);
    s.loadCoveredMs += loadEntry.weightMs;
    s.loads.push_back(loadEntry);
    s.coveredMs += entry.weightMs;
    for (const auto& [user, share] : entry.shares)
        s.shareSum[size_t(user)] += share * double(entry.weightMs);
    s.shares.push_back(std::move(entry));

    // Slide the windows.
    while (!s.loads.empty() && s.loads.front().atMs <= t - kLoadWindowMs) {
        s.loadSum -= s.loads.front().load * double(s.loads.front().weightMs);
        s.loadCoveredMs -= s.loads.front().weightMs;
        s.loads.pop_front();
    }
    const qint64 window = policy.quota.windowMs;
    while (!s.shares.empty() && s.shares.front().atMs <= t - window) {
        const Entry& e = s.shares.front();
        s.coveredMs -= e.weightMs;
        for (const auto& [user, share] : e.shares)
            s.shareSum[size_t(user)] -= share * double(e.weightMs);
        s.shares.pop_front();
    }

    // Verdicts: only with at least half the window covered by readings.
    const bool judged = s.coveredMs * 2 >= window;
    for (int user = 0; user < int(s.users.size()); ++user) {
        const double share =
            s.coveredMs > 0 ? std::max(0.0, s.shareSum[size_t(user)]) / double(s.coveredMs) : 0;
        auto found = s.fair.find(user);
        if (!judged) {
            if (found != s.fair.end()) {
                close(*found, t, tr("too few readings in the window"), s.intervalMs);
                s.fair.erase(found);
            }
            continue;
        }
        const QString& name = s.users[user];
        const double quota = quotaFor(name, t);
        if (share > quota + 1e-9) {
            if (found == s.fair.end()) {
                Run run;
                run.firstMs = t;
                run.user = name;
                found = s.fair.insert(user, run);
                open(*found, PolicyEventKind::FairShare, s.name,
                     QStringLiteral("user:%1").arg(name), t);
                found->event->quotaPercent = quota;
                found->lastMs = t;
                found->peak = share;
                found->sum = share;
                found->count = 1;
                publishRun(*found, t, s.intervalMs, true);
                continue;
            }
            Run& run = *found;
            run.lastMs = t;
            run.peak = std::max(run.peak, share);
            run.sum += share;
            ++run.count;
            const bool quotaChanged = run.event->quotaPercent != quota;
            run.event->quotaPercent = quota;
            publishRun(run, t, s.intervalMs, quotaChanged);
        } else if (found != s.fair.end()) {
            close(*found, t, tr("back within quota"), s.intervalMs);
            s.fair.erase(found);
        }
    }
}

QList<PolicyEvent> PolicyEngine::openEvents() const
{
    QList<PolicyEvent> out;
    for (const ServerState& s : std::as_const(d->servers)) {
        for (const auto* runs : {&s.hogs, &s.idles})
            for (const Run& run : *runs)
                if (run.event)
                    out << *run.event;
        for (const Run& run : s.userHogs)
            if (run.event)
                out << *run.event;
        for (const Run& run : s.fair)
            if (run.event)
                out << *run.event;
    }
    std::sort(out.begin(), out.end(), [this](const PolicyEvent& a, const PolicyEvent& b) {
        return d->openOrder.value(a.id) < d->openOrder.value(b.id);
    });
    return out;
}

std::optional<PolicyEvent> PolicyEngine::recordAction(const QString& eventId,
                                                      const PolicyAction& action)
{
    for (ServerState& s : d->servers) {
        for (auto* runs : {&s.hogs, &s.idles})
            for (Run& run : *runs)
                if (run.event && run.event->id == eventId) {
                    run.event->actions << action;
                    return run.event;
                }
    }
    for (PolicyEvent& e : d->recentClosed)
        if (e.id == eventId) {
            e.actions << action;
            return e;
        }
    return std::nullopt;
}

PolicyStatus PolicyEngine::status(const QString& server) const
{
    PolicyStatus st;
    const auto it = d->servers.constFind(server);
    if (it == d->servers.constEnd() || !it->lastMs)
        return st;
    const ServerState& s = *it;
    const PolicyConfig::Adaptive& adaptive = d->policy.adaptive;
    st.server = server;
    st.atMs = *s.lastMs;
    st.loadPercent = s.loadCoveredMs > 0 ? s.loadSum / double(s.loadCoveredMs) : 0;
    st.loadBand = 0;
    st.bandMultiplier = 1;
    if (adaptive.enabled) {
        for (qsizetype i = 0; i < adaptive.bands.size(); ++i)
            if (st.loadPercent <= adaptive.bands[i].upToPercent + 1e-9 ||
                i + 1 == adaptive.bands.size()) {
                st.loadBand = int(i);
                st.bandMultiplier = adaptive.bands[i].multiplier;
                break;
            }
        qint64 present = 0;
        const qint64 from = *s.lastMs + s.intervalMs - adaptive.hostileWindowMs;
        for (const HogSpan& span : s.hogSpans)
            present += std::max<qint64>(0, span.toMs - std::max(span.fromMs, from));
        st.hogFraction = double(present) / double(adaptive.hostileWindowMs);
        st.defensive = st.hogFraction > adaptive.hostileHogFraction;
        st.defensiveMultiplier = st.defensive ? adaptive.defensiveMultiplier : 1;
    }
    for (int user = 0; user < int(s.users.size()); ++user) {
        const double sum = s.shareSum[size_t(user)];
        if (sum <= 1e-9 && !s.fair.contains(user))
            continue;
        PolicyStatus::User u;
        u.user = s.users[user];
        u.quotaPercent = d->quotaFor(u.user, *s.lastMs);
        u.allowedPercent = u.quotaPercent * st.bandMultiplier * st.defensiveMultiplier;
        u.sharePercent = s.coveredMs > 0 ? sum / double(s.coveredMs) : 0;
        st.users << u;
    }
    std::sort(st.users.begin(), st.users.end(),
              [](const auto& a, const auto& b) { return a.user < b.user; });

    // Verdicts from what is open now.
    QHash<ProcessKey, ProcessVerdict> verdicts;
    const auto verdictFor = [&](const ProcessKey& k, const Run& run) -> ProcessVerdict& {
        ProcessVerdict& v = verdicts[k];
        v.pid = run.pid;
        v.processStartMs = run.processStartMs;
        v.gpuUuid = run.gpuUuid;
        v.user = run.user;
        return v;
    };
    const auto addReason = [](ProcessVerdict& v, const QString& line) {
        v.reason += (v.reason.isEmpty() ? QString() : QStringLiteral("\n")) + line;
    };
    for (auto h = s.hogs.constBegin(); h != s.hogs.constEnd(); ++h)
        if (h->event) {
            ProcessVerdict& v = verdictFor(h.key(), *h);
            v.hog = true;
            addReason(v, policyEventText(*h->event));
        }
    for (auto i = s.idles.constBegin(); i != s.idles.constEnd(); ++i)
        if (i->event) {
            ProcessVerdict& v = verdictFor(i.key(), *i);
            v.idle = true;
            addReason(v, policyEventText(*i->event));
        }
    st.verdicts = verdicts.values();
    for (const Run& run : s.fair)
        if (run.event) {
            ProcessVerdict v;
            v.user = run.user;
            v.overQuota = true;
            v.reason = policyEventText(*run.event);
            st.verdicts << v;
        }
    for (const Run& run : s.userHogs)
        if (run.event) {
            ProcessVerdict v;
            v.user = run.user;
            v.gpuUuid = run.gpuUuid;
            v.hog = true;
            v.reason = policyEventText(*run.event);
            st.verdicts << v;
        }
    std::sort(st.verdicts.begin(), st.verdicts.end(), [](const auto& a, const auto& b) {
        return std::tie(a.gpuUuid, a.pid, a.user) < std::tie(b.gpuUuid, b.pid, b.user);
    });
    st.openEvents = 0;
    for (const auto* runs : {&s.hogs, &s.idles})
        for (const Run& run : *runs)
            st.openEvents += run.event ? 1 : 0;
    for (const Run& run : s.userHogs)
        st.openEvents += run.event ? 1 : 0;
    for (const Run& run : s.fair)
        st.openEvents += run.event ? 1 : 0;
    return st;
}

QStringList PolicyEngine::servers() const
{
    QStringList out = d->servers.keys();
    out.sort();
    return out;
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
