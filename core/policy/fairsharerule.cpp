#include "policy/fairsharerule.h"

#include "policy/accounts.h"
#include "policy/decayedusage.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gw::policy {

namespace {

constexpr qint64 kGroupsFreshMs = 10 * 60'000;

// One reading in the [quota] window: it counts for the time it stands for
// (provisionally one interval, corrected when the next reading comes). Its
// users' shares are the next `users` of FairShareState::userShares.
struct Entry
{
    qint64 atMs = 0;
    qint64 weightMs = 0;
    qsizetype users = 0;
};

// A user's share % of the server in one reading.
struct UserShare
{
    int user = 0; // index
    double share = 0;
};

struct FairShareState : RuleServerState
{
    QStringList users; // index → name
    QHash<QString, int> userIndex;
    std::vector<double> shareSum;     // per user index: Σ share × weight in the window
    std::deque<Entry> shares;         // the [quota] window
    std::deque<UserShare> userShares; // the window's entries' shares, in order
    qint64 coveredMs = 0;             // Σ weight in the [quota] window
    QHash<int, Run> fair;
    // The reading being summed: per user index, its share so far and the
    // number of the reading that last counted it; the users in the order
    // first counted.
    std::vector<double> summing;
    std::vector<quint64> summedIn;
    std::vector<int> summedUsers;
    quint64 readingNumber = 0;

    // The owners of the previous reading's processes by position, with
    // their index: most readings list the same processes in the same order.
    std::vector<std::pair<QString, int>> lastUsers;

    // Fair share with memory: each user's share of the server, in
    // server-seconds (share × seconds), decayed by [quota] half_life. A
    // reading counts once its span is known (up to the next reading, or its
    // interval where a gap follows), into the open minute's sum by user
    // index; a minute is folded into the decay when it closes, as usage
    // spread over that minute (at most 1.2 % off within the minute at the
    // shortest half-life, 1 h), so a reading costs one add per user.
    static constexpr qint64 kMinuteMs = 60'000;
    std::optional<DecayedUsage> decayed;
    std::vector<double> minuteUse; // per user index: server-seconds in the open minute
    std::vector<int> minuteUsers;  // the users with some, in the order first counted
    qint64 minuteStartMs = std::numeric_limits<qint64>::min();
    qint64 minuteEndMs = std::numeric_limits<qint64>::min(); // the last span's end

    void foldMinute()
    {
        for (const int user : minuteUsers) {
            decayed->add(users[user], minuteStartMs, minuteStartMs + kMinuteMs,
                         minuteUse[size_t(user)]);
            minuteUse[size_t(user)] = 0;
        }
        minuteUsers.clear();
    }
    void remember(const Entry& e, qint64 spanMs, qint64 halfLifeMs)
    {
        if (!decayed || decayed->halfLife().count() != halfLifeMs) {
            decayed.emplace(std::chrono::milliseconds(halfLifeMs)); // a new memory
            for (const int user : minuteUsers)
                minuteUse[size_t(user)] = 0;
            minuteUsers.clear();
        }
        if (spanMs <= 0 || e.users == 0)
            return;
        const qint64 minute = e.atMs >= 0 ? e.atMs / kMinuteMs * kMinuteMs
                                          : (e.atMs - kMinuteMs + 1) / kMinuteMs * kMinuteMs;
        if (minute != minuteStartMs) {
            if (minute < minuteStartMs)
                return; // readings come in time order; an older one is not remembered
            foldMinute();
            minuteStartMs = minute;
        }
        if (minuteUse.size() < size_t(users.size()))
            minuteUse.resize(size_t(users.size()), 0);
        for (auto it = userShares.end() - e.users; it != userShares.end(); ++it) {
            double& use = minuteUse[size_t(it->user)];
            if (use == 0)
                minuteUsers.push_back(it->user);
            use += it->share / 100 * double(spanMs) / 1000;
        }
        minuteEndMs = std::max(minuteEndMs, e.atMs + spanMs);
    }
    // A user's decayed usage at `atMs` with the open minute's, weighed at
    // its middle.
    double usageAt(int user, qint64 atMs) const
    {
        double use = decayed->at(users[user], atMs).value_or(0);
        if (size_t(user) < minuteUse.size() && minuteUse[size_t(user)] > 0) {
            const double middle = (double(minuteStartMs) + double(minuteEndMs)) / 2;
            use += minuteUse[size_t(user)] *
                   std::exp2(-(double(atMs) - middle) / double(decayed->halfLife().count()));
        }
        return use;
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
        summing.push_back(0);
        summedIn.push_back(0);
        quotas.push_back({std::numeric_limits<qint64>::min(), 0});
        return i;
    }

    // Per user index: the quota as of a UTC minute (offsets and quota
    // windows change on whole minutes), kept while the policy is the same
    // and no groups are asked (their answers are refreshed on their own).
    std::vector<std::pair<qint64, double>> quotas;
    quint64 quotasGeneration = 0;
};

class FairShareRule final : public PolicyRule
{
public:
    std::unique_ptr<RuleServerState> newServer() const override
    {
        return std::make_unique<FairShareState>();
    }

    void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                  const FrameReading& reading) override;

    void forEachOpen(const RuleServerState& state,
                     const std::function<void(const PolicyEvent&)>& fn) const override
    {
        for (const Run& run : static_cast<const FairShareState&>(state).fair)
            if (run.event)
                fn(*run.event);
    }

    // After the adaptive rule: a user's allowance is their quota times its
    // multipliers.
    void describe(PolicyFrame& f, const ServerFrame& s, const RuleServerState& state,
                  PolicyStatus& st, VerdictBuilder& verdicts) override
    {
        const auto& fs = static_cast<const FairShareState&>(state);
        for (int user = 0; user < int(fs.users.size()); ++user) {
            const double sum = fs.shareSum[size_t(user)];
            if (sum <= 1e-9 && !fs.fair.contains(user))
                continue;
            PolicyStatus::User u;
            u.user = fs.users[user];
            u.quotaPercent = quotaFor(f, u.user, *s.lastMs);
            u.allowedPercent = u.quotaPercent * st.bandMultiplier * st.defensiveMultiplier;
            u.sharePercent = fs.coveredMs > 0 ? sum / double(fs.coveredMs) : 0;
            st.users << u;
        }
        // Decayed usage and the fair-share factor of everyone remembered,
        // shares from the quotas in effect now (2^(-U/S): U of all usage,
        // S of all these users' quotas).
        if (fs.decayed) {
            const qint64 at = std::max(*s.lastMs, fs.decayed->newestMs());
            QHash<QString, qsizetype> listed; // users already in the status, by name
            for (qsizetype i = 0; i < st.users.size(); ++i)
                listed.insert(st.users[i].user, i);
            std::vector<std::pair<int, double>> remembered; // user index, usage
            double total = 0, shares = 0;
            for (int user = 0; user < int(fs.users.size()); ++user) {
                const double use = fs.usageAt(user, at);
                if (use <= 0)
                    continue;
                if (!listed.contains(fs.users[user])) {
                    PolicyStatus::User u;
                    u.user = fs.users[user];
                    u.quotaPercent = quotaFor(f, u.user, *s.lastMs);
                    u.allowedPercent = u.quotaPercent * st.bandMultiplier * st.defensiveMultiplier;
                    listed.insert(u.user, st.users.size());
                    st.users << u;
                }
                remembered.push_back({user, use});
                total += use;
                shares += st.users[listed.value(fs.users[user])].quotaPercent;
            }
            for (const auto& [user, use] : remembered) {
                PolicyStatus::User& u = st.users[listed.value(fs.users[user])];
                u.decayedUsageHours = use / 3600;
                u.fairShareFactor = fairShareFactor(use, total, u.quotaPercent, shares);
            }
            describeAccounts(f, remembered, fs, at, st);
        }
        std::sort(st.users.begin(), st.users.end(),
                  [](const auto& a, const auto& b) { return a.user < b.user; });
        for (const Run& run : fs.fair)
            if (run.event) {
                ProcessVerdict v;
                v.user = run.user;
                v.overQuota = true;
                v.reason = policyEventText(*run.event);
                verdicts.users << v;
            }
    }

private:
    // The accounts of [accounts] from their remembered members' usage.
    void describeAccounts(const PolicyFrame& f,
                          const std::vector<std::pair<int, double>>& remembered,
                          const FairShareState& fs, qint64 atMs, PolicyStatus& st)
    {
        const PolicyConfig::Accounts& accounts = f.policy.accounts;
        if (accounts.list.isEmpty())
            return;
        QMap<QString, PolicyStatus::Account> byName;
        double total = 0;
        for (const auto& [user, use] : remembered) {
            total += use;
            const QString& name = fs.users[user];
            const QString account = accountOf(
                accounts, name, {}, [&](const QString& u) { return groupsOf(f, u, atMs); });
            if (account.isEmpty())
                continue;
            PolicyStatus::Account& a = byName[account];
            a.account = account;
            a.users << name;
            a.decayedUsageHours += use / 3600;
        }
        double shares = 0;
        for (PolicyStatus::Account& a : byName) {
            if (const AccountSpec* spec = findAccount(accounts, a.account))
                a.sharePercent = spec->sharePercent;
            shares += a.sharePercent.value_or(0);
            a.users.sort();
        }
        for (PolicyStatus::Account& a : byName) {
            if (a.sharePercent)
                a.fairShareFactor =
                    fairShareFactor(a.decayedUsageHours * 3600, total, *a.sharePercent, shares);
            st.accounts << a;
        }
    }

    // Group membership changes rarely; asked again every kGroupsFreshMs of
    // reading time.
    QStringList groupsOf(const PolicyFrame& f, const QString& user, qint64 atMs) const
    {
        if (!f.options.groups)
            return {};
        auto it = groupCache.find(user);
        if (it == groupCache.end() || atMs - it->first >= kGroupsFreshMs || atMs < it->first)
            it = groupCache.insert(user, {atMs, f.options.groups(user)});
        return it->second;
    }

    // The local day of week and minute of day of a time. Offsets change on
    // whole minutes, so one conversion serves a whole UTC minute.
    void localTime(const PolicyFrame& f, qint64 atMs)
    {
        const qint64 key = atMs >= 0 ? atMs / 60'000 : (atMs - 59'999) / 60'000;
        if (key == localMinuteKey)
            return;
        localMinuteKey = key;
        const QDateTime local = QDateTime::fromMSecsSinceEpoch(atMs, f.options.timeZone);
        localDay = local.date().dayOfWeek();
        localMinute = local.time().hour() * 60 + local.time().minute();
    }

    double quotaFor(const PolicyFrame& f, const QString& user, qint64 atMs)
    {
        const PolicyConfig::Quota& quota = f.policy.quota;
        if (quota.users.isEmpty() && quota.groups.isEmpty())
            return quota.defaultSharePercent;
        localTime(f, atMs);
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
        for (const QuotaShare& q : quota.users)
            if (q.name == user && applies(q))
                return q.sharePercent;
        std::optional<double> best;
        if (!quota.groups.isEmpty()) {
            const QStringList groups = groupsOf(f, user, atMs);
            for (const QuotaShare& q : quota.groups)
                if (groups.contains(q.name) && applies(q))
                    best = std::max(best.value_or(0), q.sharePercent);
        }
        return best.value_or(quota.defaultSharePercent);
    }

    mutable QHash<QString, std::pair<qint64, QStringList>> groupCache;
    qint64 localMinuteKey = std::numeric_limits<qint64>::min();
    int localDay = 1;
    int localMinute = 0;
};

void FairShareRule::evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                             const FrameReading& reading)
{
    auto& fs = static_cast<FairShareState&>(state);
    const Snapshot& r = reading.r;
    const ProcessReading* const in = reading.in.constData();
    const qint64 t = reading.t;
    // The previous reading stood until this one (unless there was a gap).
    if (!fs.shares.empty())
        fs.remember(fs.shares.back(),
                    reading.continues(fs.shares.back().atMs) ? t - fs.shares.back().atMs
                                                             : fs.shares.back().weightMs,
                    f.policy.quota.halfLifeMs);
    if (!fs.shares.empty() && reading.continues(fs.shares.back().atMs)) {
        Entry& last = fs.shares.back();
        const qint64 delta = (t - last.atMs) - last.weightMs;
        last.weightMs += delta;
        fs.coveredMs += delta;
        for (auto it = fs.userShares.end() - last.users; it != fs.userShares.end(); ++it)
            fs.shareSum[size_t(it->user)] += it->share * double(delta);
    }

    // This reading: each user's use of the server's capacity, summed in the
    // order of the processes, the users in the order first met.
    Entry entry;
    entry.atMs = t;
    entry.weightMs = s.intervalMs;
    const double capacity = reading.capacity;
    const quint64 number = ++fs.readingNumber;
    fs.summedUsers.clear();
    if (capacity > 0) {
        const qsizetype n = r.processes.size();
        const GpuProcess* const procs = r.processes.constData();
        if (fs.lastUsers.size() < size_t(n))
            fs.lastUsers.resize(size_t(n), {QString(), -1});
        std::pair<QString, int>* const lastUsers = fs.lastUsers.data();
        for (qsizetype i = 0; i < n; ++i) {
            const GpuProcess& p = procs[i];
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
            // The owner's share ([owners] exempt_*: counted for no one).
            if (use <= 0 || in[i].exempt)
                continue;
            const QString& owner = p.ownerName();
            if (owner.isEmpty())
                continue;
            // The owner of the process at this position in the previous
            // reading, most often.
            auto& [known, index] = lastUsers[i];
            if (index < 0 || !sameText(known, owner)) {
                known = owner;
                index = fs.userIndexOf(owner);
            }
            const size_t user = size_t(index);
            if (fs.summedIn[user] != number) {
                fs.summedIn[user] = number;
                fs.summedUsers.push_back(index);
                fs.summing[user] = use * 100 / capacity;
            } else {
                fs.summing[user] += use * 100 / capacity;
            }
        }
    }
    fs.coveredMs += entry.weightMs;
    for (const int user : fs.summedUsers) {
        const double share = fs.summing[size_t(user)];
        fs.userShares.push_back({user, share});
        fs.shareSum[size_t(user)] += share * double(entry.weightMs);
    }
    entry.users = qsizetype(fs.summedUsers.size());
    fs.shares.push_back(entry);

    // Slide the window.
    const qint64 window = f.policy.quota.windowMs;
    while (!fs.shares.empty() && fs.shares.front().atMs <= t - window) {
        const Entry& e = fs.shares.front();
        fs.coveredMs -= e.weightMs;
        for (qsizetype k = 0; k < e.users; ++k) {
            const UserShare& us = fs.userShares.front();
            fs.shareSum[size_t(us.user)] -= us.share * double(e.weightMs);
            fs.userShares.pop_front();
        }
        fs.shares.pop_front();
    }

    // Verdicts: only with at least half the window covered by readings.
    const bool judged = fs.coveredMs * 2 >= window;
    const qint64 minuteKey = t >= 0 ? t / 60'000 : (t - 59'999) / 60'000;
    if (fs.quotasGeneration != f.policyGeneration) {
        fs.quotasGeneration = f.policyGeneration;
        for (auto& q : fs.quotas)
            q.first = std::numeric_limits<qint64>::min();
    }
    for (int user = 0; user < int(fs.users.size()); ++user) {
        const double share =
            fs.coveredMs > 0 ? std::max(0.0, fs.shareSum[size_t(user)]) / double(fs.coveredMs) : 0;
        auto found = fs.fair.find(user);
        if (!judged) {
            if (found != fs.fair.end()) {
                f.close(s, *found, t,
                        QT_TRANSLATE_NOOP("gw::PolicyEngine", "too few readings in the window"));
                fs.fair.erase(found);
            }
            continue;
        }
        const QString& name = fs.users[user];
        double quota = 0;
        if (f.policy.quota.groups.isEmpty()) {
            auto& [minute, cached] = fs.quotas[size_t(user)];
            if (minute != minuteKey) {
                minute = minuteKey;
                cached = quotaFor(f, name, t);
            }
            quota = cached;
        } else {
            quota = quotaFor(f, name, t);
        }
        if (share > quota + 1e-9) {
            if (found == fs.fair.end()) {
                Run run;
                run.firstMs = t;
                run.user = name;
                run.overQuota = true;
                found = fs.fair.insert(user, run);
                f.open(s, *found, PolicyEventKind::FairShare, QStringLiteral("user:%1").arg(name),
                       t);
                found->event->quotaPercent = quota;
                found->lastMs = t;
                found->peak = share;
                found->sum = share;
                found->count = 1;
                f.publishRun(s, *found, t, true);
                continue;
            }
            Run& run = *found;
            run.lastMs = t;
            run.peak = std::max(run.peak, share);
            run.sum += share;
            ++run.count;
            const bool quotaChanged = run.event->quotaPercent != quota;
            run.event->quotaPercent = quota;
            f.publishRun(s, run, t, quotaChanged);
        } else if (found != fs.fair.end()) {
            f.close(s, *found, t, QT_TRANSLATE_NOOP("gw::PolicyEngine", "back within quota"));
            fs.fair.erase(found);
        }
    }
}

} // namespace

std::unique_ptr<PolicyRule> makeFairShareRule()
{
    return std::make_unique<FairShareRule>();
}

} // namespace gw::policy
