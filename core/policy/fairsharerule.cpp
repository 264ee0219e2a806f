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
    // The users, by index: usage.keys (their names) and usage.index.
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
    //
    // Beside it, what people ran for a workload's own account (a Slurm
    // job's, a namespace's or a label's: GpuProcess::account()), per person
    // and account ("user\naccount"), remembered the same way: an account's
    // usage is its members' usage less what they ran for other accounts,
    // plus what anyone ran for it.
    static constexpr qint64 kMinuteMs = 60'000;
    struct Memory
    {
        QStringList keys; // index → key
        QHash<QString, int> index;
        std::optional<DecayedUsage> decayed;
        std::vector<double> minuteUse; // per index: server-seconds in the open minute
        std::vector<int> minuteKeys;   // those with some, in the order first counted

        int indexOf(const QString& key)
        {
            const auto it = index.constFind(key);
            if (it != index.constEnd())
                return *it;
            keys << key;
            index.insert(key, int(keys.size()) - 1);
            return int(keys.size()) - 1;
        }
        void fold(qint64 minuteStartMs)
        {
            for (const int k : minuteKeys) {
                decayed->add(keys[k], minuteStartMs, minuteStartMs + kMinuteMs,
                             minuteUse[size_t(k)]);
                minuteUse[size_t(k)] = 0;
            }
            minuteKeys.clear();
        }
        void forgetMinute()
        {
            for (const int k : minuteKeys)
                minuteUse[size_t(k)] = 0;
            minuteKeys.clear();
        }
        void add(int k, double serverSeconds)
        {
            if (minuteUse.size() < size_t(keys.size()))
                minuteUse.resize(size_t(keys.size()), 0);
            double& use = minuteUse[size_t(k)];
            if (use == 0)
                minuteKeys.push_back(k);
            use += serverSeconds;
        }
        // Decayed usage at `atMs` with the open minute's, weighed at its
        // middle.
        double at(int k, qint64 atMs, double minuteMiddleMs) const
        {
            double use = decayed->at(keys[k], atMs).value_or(0);
            if (size_t(k) < minuteUse.size() && minuteUse[size_t(k)] > 0)
                use += minuteUse[size_t(k)] * std::exp2(-(double(atMs) - minuteMiddleMs) /
                                                        double(decayed->halfLife().count()));
            return use;
        }
    };
    Memory usage;    // keys: the users' names; its index is the user index
    Memory labelled; // keys: "user\naccount"
    // The newest reading's labelled shares (index into `labelled`, % of the
    // server), remembered with its entry.
    std::vector<UserShare> lastLabelled;
    // The labelled key of the process at each position of the previous
    // reading: owner, account, index.
    struct Label
    {
        QString owner;
        QString account;
        int index = -1;
    };
    std::vector<Label> lastLabels;
    qint64 minuteStartMs = std::numeric_limits<qint64>::min();
    qint64 minuteEndMs = std::numeric_limits<qint64>::min(); // the last span's end

    double minuteMiddleMs() const { return (double(minuteStartMs) + double(minuteEndMs)) / 2; }
    void remember(const Entry& e, qint64 spanMs, qint64 halfLifeMs)
    {
        if (!usage.decayed || usage.decayed->halfLife().count() != halfLifeMs) {
            for (Memory* m : {&usage, &labelled}) { // a new memory
                m->decayed.emplace(std::chrono::milliseconds(halfLifeMs));
                m->forgetMinute();
            }
        }
        if (spanMs <= 0 || e.users == 0)
            return;
        const qint64 minute = e.atMs >= 0 ? e.atMs / kMinuteMs * kMinuteMs
                                          : (e.atMs - kMinuteMs + 1) / kMinuteMs * kMinuteMs;
        if (minute != minuteStartMs) {
            if (minute < minuteStartMs)
                return; // readings come in time order; an older one is not remembered
            usage.fold(minuteStartMs);
            labelled.fold(minuteStartMs);
            minuteStartMs = minute;
        }
        const double seconds = double(spanMs) / 1000;
        for (auto it = userShares.end() - e.users; it != userShares.end(); ++it)
            usage.add(it->user, it->share / 100 * seconds);
        for (const UserShare& l : lastLabelled)
            labelled.add(l.user, l.share / 100 * seconds);
        minuteEndMs = std::max(minuteEndMs, e.atMs + spanMs);
    }
    // A user's decayed usage at `atMs`.
    double usageAt(int user, qint64 atMs) const { return usage.at(user, atMs, minuteMiddleMs()); }

    int userIndexOf(const QString& user)
    {
        const auto it = usage.index.constFind(user);
        if (it != usage.index.constEnd())
            return *it;
        const int i = usage.indexOf(user);
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
        for (int user = 0; user < int(fs.usage.keys.size()); ++user) {
            const double sum = fs.shareSum[size_t(user)];
            if (sum <= 1e-9 && !fs.fair.contains(user))
                continue;
            PolicyStatus::User u;
            u.user = fs.usage.keys[user];
            u.quotaPercent = quotaFor(f, u.user, *s.lastMs);
            u.allowedPercent = u.quotaPercent * st.bandMultiplier * st.defensiveMultiplier;
            u.sharePercent = fs.coveredMs > 0 ? sum / double(fs.coveredMs) : 0;
            st.users << u;
        }
        // Decayed usage and the fair-share factor of everyone remembered,
        // shares from the quotas in effect now (2^(-U/S): U of all usage,
        // S of all these users' quotas).
        if (fs.usage.decayed) {
            const qint64 at = std::max(*s.lastMs, fs.usage.decayed->newestMs());
            QHash<QString, qsizetype> listed; // users already in the status, by name
            for (qsizetype i = 0; i < st.users.size(); ++i)
                listed.insert(st.users[i].user, i);
            std::vector<std::pair<int, double>> remembered; // user index, usage
            double total = 0, shares = 0;
            for (int user = 0; user < int(fs.usage.keys.size()); ++user) {
                const double use = fs.usageAt(user, at);
                if (use <= 0)
                    continue;
                if (!listed.contains(fs.usage.keys[user])) {
                    PolicyStatus::User u;
                    u.user = fs.usage.keys[user];
                    u.quotaPercent = quotaFor(f, u.user, *s.lastMs);
                    u.allowedPercent = u.quotaPercent * st.bandMultiplier * st.defensiveMultiplier;
                    listed.insert(u.user, st.users.size());
                    st.users << u;
                }
                remembered.push_back({user, use});
                total += use;
                shares += st.users[listed.value(fs.usage.keys[user])].quotaPercent;
            }
            for (const auto& [user, use] : remembered) {
                PolicyStatus::User& u = st.users[listed.value(fs.usage.keys[user])];
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
    // The accounts' decayed usage and factors: what people ran for a
    // workload's own account (a Slurm job's, a namespace's, a label's) is
    // that account's; the rest of a person's usage is their account's by
    // [accounts] (listed by name, else by a Unix group). Shares are the
    // [accounts] tables'; an account only workloads name has usage and no
    // factor.
    void describeAccounts(const PolicyFrame& f,
                          const std::vector<std::pair<int, double>>& remembered,
                          const FairShareState& fs, qint64 atMs, PolicyStatus& st)
    {
        const PolicyConfig::Accounts& accounts = f.policy.accounts;
        if (accounts.list.isEmpty() && fs.labelled.keys.isEmpty())
            return;
        QMap<QString, PolicyStatus::Account> byName;
        const auto charge = [&](const QString& account, const QString& user, double use) {
            PolicyStatus::Account& a = byName[account];
            a.account = account;
            if (!a.users.contains(user))
                a.users << user;
            a.decayedUsageHours += use / 3600;
        };
        QHash<QString, double> labelledOf; // per person: what they ran for workloads' accounts
        for (int k = 0; k < int(fs.labelled.keys.size()); ++k) {
            const double use = fs.labelled.at(k, atMs, fs.minuteMiddleMs());
            if (use <= 0)
                continue;
            const QString& key = fs.labelled.keys[k];
            const qsizetype cut = key.indexOf(QLatin1Char('\n'));
            const QString user = key.left(cut);
            labelledOf[user] += use;
            charge(key.mid(cut + 1), user, use);
        }
        double total = 0;
        for (const auto& [user, use] : remembered) {
            total += use;
            const QString& name = fs.usage.keys[user];
            // The same readings summed in the same order: what is left is
            // theirs (less a rounding error).
            const double own = use - labelledOf.value(name);
            if (own <= use * 1e-9)
                continue;
            const QString account = accountOf(
                accounts, name, {}, [&](const QString& u) { return groupsOf(f, u, atMs); });
            if (!account.isEmpty())
                charge(account, name, own);
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
    fs.lastLabelled.clear();
    if (capacity > 0) {
        const qsizetype n = r.processes.size();
        const GpuProcess* const procs = r.processes.constData();
        if (fs.lastUsers.size() < size_t(n))
            fs.lastUsers.resize(size_t(n), {QString(), -1});
        std::pair<QString, int>* const lastUsers = fs.lastUsers.data();
        if (fs.lastLabels.size() < size_t(n))
            fs.lastLabels.resize(size_t(n));
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
            const double share = use * 100 / capacity;
            if (fs.summedIn[user] != number) {
                fs.summedIn[user] = number;
                fs.summedUsers.push_back(index);
                fs.summing[user] = share;
            } else {
                fs.summing[user] += share;
            }
            // Run for a workload's own account: remembered apart as well.
            if (const QString account = p.account(); !account.isEmpty()) {
                FairShareState::Label& label = fs.lastLabels[size_t(i)];
                if (label.index < 0 || !sameText(label.owner, owner) ||
                    !sameText(label.account, account)) {
                    label = {owner, account,
                             fs.labelled.indexOf(owner + QLatin1Char('\n') + account)};
                }
                const auto same =
                    std::find_if(fs.lastLabelled.begin(), fs.lastLabelled.end(),
                                 [&](const UserShare& x) { return x.user == label.index; });
                if (same == fs.lastLabelled.end())
                    fs.lastLabelled.push_back({label.index, share});
                else
                    same->share += share;
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
    for (int user = 0; user < int(fs.usage.keys.size()); ++user) {
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
        const QString& name = fs.usage.keys[user];
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
