#include "tokens/energy.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace gw {

namespace {

bool onGpu(const GpuSample& g, const GpuProcess& p)
{
    if (p.gpuUuid == g.uuid)
        return true;
    // A process on a MIG instance may name only the instance.
    return !p.migUuid.isEmpty() && g.migByUuid(p.migUuid) != nullptr;
}

// A figure as a weight: a negative, infinite or NaN one counts as none.
double weight(double v)
{
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

// `total` split by `weights` into whole parts that add up to it: each part
// the floor of its exact share, the rest one by one to the largest
// remainders (the earliest first on a tie). Equal parts where every weight
// is zero.
std::vector<quint64> apportion(quint64 total, const std::vector<double>& weights)
{
    const size_t n = weights.size();
    std::vector<quint64> parts(n, 0);
    if (n == 0)
        return parts;
    // long double holds every 64-bit count exactly (x86-64's 64-bit
    // mantissa), so the floors below miss the total by less than n.
    const long double sum = std::accumulate(weights.begin(), weights.end(), 0.0L);
    std::vector<long double> exact(n);
    for (size_t i = 0; i < n; ++i)
        exact[i] = sum > 0 ? (long double)total * ((long double)weights[i] / sum)
                           : (long double)total / (long double)n;
    quint64 given = 0;
    for (size_t i = 0; i < n; ++i) {
        const long double left = (long double)(total - given);
        parts[i] = exact[i] >= left ? total - given : quint64(exact[i]);
        given += parts[i];
    }
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return exact[a] - (long double)parts[a] > exact[b] - (long double)parts[b];
    });
    for (size_t k = 0; given < total; k = (k + 1) % n) {
        ++parts[order[k]];
        ++given;
    }
    return parts;
}

} // namespace

QList<EnergyShare> splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, quint64 mj)
{
    QList<EnergyShare> out;
    if (gpuPos < 0 || gpuPos >= r.gpus.size())
        return out;
    const GpuSample& g = r.gpus[gpuPos];
    std::vector<qsizetype> on;
    for (qsizetype i = 0; i < r.processes.size(); ++i)
        if (onGpu(g, r.processes[i]))
            on.push_back(i);
    if (on.empty()) {
        EnergyShare s;
        s.to = g.holder ? EnergyShare::To::Holder : EnergyShare::To::Unowned;
        s.mj = mj;
        out.append(s);
        return out;
    }
    // By SM share where every process has one and they are not all zero
    // (a GPU held but idle is split by memory, as its holders' share).
    bool bySm = std::all_of(on.begin(), on.end(), [&](qsizetype i) {
        return r.processes[i].smUtilPercent && r.processes[i].migUuid.isEmpty();
    });
    std::vector<double> weights;
    weights.reserve(on.size());
    if (bySm) {
        for (const qsizetype i : on)
            weights.push_back(weight(*r.processes[i].smUtilPercent));
        bySm = std::any_of(weights.begin(), weights.end(), [](double w) { return w > 0; });
    }
    if (!bySm) {
        weights.clear();
        const bool allMemory = std::all_of(on.begin(), on.end(), [&](qsizetype i) {
            return r.processes[i].usedMemoryMiB.has_value();
        });
        for (const qsizetype i : on)
            weights.push_back(allMemory ? weight(*r.processes[i].usedMemoryMiB) : 1.0);
    }
    const std::vector<quint64> parts = apportion(mj, weights);
    for (size_t k = 0; k < on.size(); ++k) {
        EnergyShare s;
        s.to = EnergyShare::To::Process;
        s.process = on[k];
        s.mj = parts[k];
        s.estimated = !bySm;
        out.append(s);
    }
    return out;
}

} // namespace gw
