#include "policy/decayedusage.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gw {

DecayedUsage::DecayedUsage(std::chrono::milliseconds halfLife)
    : m_halfLife(std::max(halfLife, std::chrono::milliseconds(1)))
{}

double DecayedUsage::decay(double value, qint64 fromMs, qint64 toMs) const
{
    return value * std::exp2(-double(toMs - fromMs) / double(m_halfLife.count()));
}

double DecayedUsage::weight(qint64 fromMs, qint64 toMs, qint64 atMs) const
{
    // The mean of 2^(-(at - s)/h) over s in [from, to).
    const double h = double(m_halfLife.count());
    if (toMs == fromMs)
        return std::exp2(-double(atMs - toMs) / h);
    const double span = double(toMs - fromMs);
    return (h / std::numbers::ln2) *
           (std::exp2(-double(atMs - toMs) / h) - std::exp2(-double(atMs - fromMs) / h)) / span;
}

bool DecayedUsage::add(const QString& key, qint64 fromMs, qint64 toMs, double gpuSeconds)
{
    if (!(gpuSeconds >= 0) || !std::isfinite(gpuSeconds) || toMs < fromMs)
        return false;
    Value& v = m_usage[key];
    // Referred to the later of the value's time and this usage's end, so
    // every weight is at most 1 and nothing overflows however long ago.
    const qint64 ref = std::max(v.asOfMs, toMs);
    v.gpuSeconds = decay(v.gpuSeconds, v.asOfMs, ref) + gpuSeconds * weight(fromMs, toMs, ref);
    v.asOfMs = ref;
    m_newestMs = std::max(m_newestMs, toMs);
    return true;
}

std::optional<double> DecayedUsage::at(const QString& key, qint64 atMs) const
{
    if (atMs < m_newestMs)
        return std::nullopt;
    const auto it = m_usage.constFind(key);
    if (it == m_usage.constEnd())
        return 0.0;
    return decay(it->gpuSeconds, it->asOfMs, atMs);
}

std::optional<double> DecayedUsage::totalAt(qint64 atMs) const
{
    if (atMs < m_newestMs)
        return std::nullopt;
    double total = 0;
    for (auto it = m_usage.constBegin(); it != m_usage.constEnd(); ++it)
        total += decay(it->gpuSeconds, it->asOfMs, atMs);
    return total;
}

double fairShareFactor(double usage, double totalUsage, double share, double totalShares)
{
    if (!(usage > 0) || !(totalUsage > 0))
        return 1.0;
    if (!(share > 0) || !(totalShares > 0))
        return 0.0;
    return std::exp2(-(usage / totalUsage) / (share / totalShares));
}

} // namespace gw
