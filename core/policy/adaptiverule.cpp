#include "policy/adaptiverule.h"

#include <algorithm>

namespace gw::policy {

namespace {

// The load that picks the [adaptive] band: mean GPU busy over this span.
constexpr qint64 kLoadWindowMs = 5 * 60'000;

// One reading in the load window, weighted like a fair-share entry.
struct LoadEntry
{
    qint64 atMs = 0;
    qint64 weightMs = 0;
    double load = 0; // server busy %
};

struct HogSpan
{
    qint64 fromMs;
    qint64 toMs;
};

struct AdaptiveState : RuleServerState
{
    std::deque<LoadEntry> loads; // kLoadWindowMs
    double loadSum = 0;
    qint64 loadCoveredMs = 0;
    // Runs of readings with a hog open, for defensive mode.
    std::deque<HogSpan> hogSpans;
};

class AdaptiveRule final : public PolicyRule
{
public:
    std::unique_ptr<RuleServerState> newServer() const override
    {
        return std::make_unique<AdaptiveState>();
    }

    void evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                  const FrameReading& reading) override;

    void describe(PolicyFrame& f, const ServerFrame& s, const RuleServerState& state,
                  PolicyStatus& st, VerdictBuilder&) override
    {
        const auto& a = static_cast<const AdaptiveState&>(state);
        const PolicyConfig::Adaptive& adaptive = f.policy.adaptive;
        st.loadPercent = a.loadCoveredMs > 0 ? a.loadSum / double(a.loadCoveredMs) : 0;
        st.loadBand = 0;
        st.bandMultiplier = 1;
        if (!adaptive.enabled)
            return;
        for (qsizetype i = 0; i < adaptive.bands.size(); ++i)
            if (st.loadPercent <= adaptive.bands[i].upToPercent + 1e-9 ||
                i + 1 == adaptive.bands.size()) {
                st.loadBand = int(i);
                st.bandMultiplier = adaptive.bands[i].multiplier;
                break;
            }
        qint64 present = 0;
        const qint64 from = *s.lastMs + s.intervalMs - adaptive.hostileWindowMs;
        for (const HogSpan& span : a.hogSpans)
            present += std::max<qint64>(0, span.toMs - std::max(span.fromMs, from));
        st.hogFraction = double(present) / double(adaptive.hostileWindowMs);
        st.defensive = st.hogFraction > adaptive.hostileHogFraction;
        st.defensiveMultiplier = st.defensive ? adaptive.defensiveMultiplier : 1;
    }
};

void AdaptiveRule::evaluate(PolicyFrame& f, ServerFrame& s, RuleServerState& state,
                            const FrameReading& reading)
{
    auto& a = static_cast<AdaptiveState&>(state);
    const qint64 t = reading.t;
    // The previous reading stood until this one (unless there was a gap).
    if (!a.loads.empty() && reading.continues(a.loads.back().atMs)) {
        LoadEntry& last = a.loads.back();
        const qint64 delta = (t - last.atMs) - last.weightMs;
        last.weightMs += delta;
        a.loadCoveredMs += delta;
        a.loadSum += last.load * double(delta);
    }
    LoadEntry entry;
    entry.atMs = t;
    entry.weightMs = s.intervalMs;
    entry.load = reading.loadPercent();
    a.loadSum += entry.load * double(entry.weightMs);
    a.loadCoveredMs += entry.weightMs;
    a.loads.push_back(entry);
    while (!a.loads.empty() && a.loads.front().atMs <= t - kLoadWindowMs) {
        a.loadSum -= a.loads.front().load * double(a.loads.front().weightMs);
        a.loadCoveredMs -= a.loads.front().weightMs;
        a.loads.pop_front();
    }

    // Hog presence (the hog rule ran before this one).
    if (s.anyOpen(PolicyEventKind::Hog)) {
        const qint64 previous = reading.previousMs.value_or(t);
        if (!a.hogSpans.empty() && !reading.gap && a.hogSpans.back().toMs >= previous)
            a.hogSpans.back().toMs = t + s.intervalMs;
        else
            a.hogSpans.push_back({t, t + s.intervalMs});
    }
    const qint64 from = t - f.policy.adaptive.hostileWindowMs;
    while (!a.hogSpans.empty() && a.hogSpans.front().toMs <= from)
        a.hogSpans.pop_front();
}

} // namespace

std::unique_ptr<PolicyRule> makeAdaptiveRule()
{
    return std::make_unique<AdaptiveRule>();
}

} // namespace gw::policy
