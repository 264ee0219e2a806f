#include "tokens/energy.h"

#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

namespace gw {

namespace {} // namespace

bool runsOnGpu(const GpuSample& g, const GpuProcess& p)
{
    if (sharesText(p.gpuUuid, g.uuid))
        return true;
    // A process on a MIG instance may name only the instance.
    return !p.migUuid.isEmpty() && g.migByUuid(p.migUuid) != nullptr;
}

namespace {

// A figure as a weight: a negative, infinite or NaN one counts as none.
double weight(double v)
{
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

// `total` split by `weights` into whole parts that add up to it: each part
// the floor of its exact share, the rest one by one to the largest
// remainders (the earliest first on a tie). Equal parts where every weight
// is zero.
using Weights = QVarLengthArray<double, 16>;
using Parts = QVarLengthArray<quint64, 16>;

Parts apportion(quint64 total, const Weights& weights)
{
    const qsizetype n = weights.size();
    Parts parts(n, 0);
    if (n == 0)
        return parts;
    if (n == 1) {
        parts[0] = total;
        return parts;
    }
    // long double holds every 64-bit count exactly (x86-64's 64-bit
    // mantissa), so the floors below miss the total by less than n.
    const long double sum = std::accumulate(weights.begin(), weights.end(), 0.0L);
    QVarLengthArray<long double, 16> exact(n);
    for (qsizetype i = 0; i < n; ++i)
        exact[i] = sum > 0 ? (long double)total * ((long double)weights[i] / sum)
                           : (long double)total / (long double)n;
    quint64 given = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const long double left = (long double)(total - given);
        parts[i] = exact[i] >= left ? total - given : quint64(exact[i]);
        given += parts[i];
    }
    if (given == total)
        return parts;
    QVarLengthArray<qsizetype, 16> order(n);
    std::iota(order.begin(), order.end(), qsizetype(0));
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return exact[a] - (long double)parts[a] > exact[b] - (long double)parts[b];
    });
    for (qsizetype k = 0; given < total; k = (k + 1) % n) {
        ++parts[order[k]];
        ++given;
    }
    return parts;
}

} // namespace

QList<EnergyShare> splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, quint64 mj)
{
    QList<EnergyShare> out;
    splitGpuEnergy(r, gpuPos, mj, &out);
    return out;
}

void splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, quint64 mj, QList<EnergyShare>* out)
{
    out->clear();
    if (gpuPos < 0 || gpuPos >= r.gpus.size())
        return;
    const GpuSample& g = r.gpus[gpuPos];
    QVarLengthArray<qsizetype, 16> on;
    for (qsizetype i = 0; i < r.processes.size(); ++i)
        if (runsOnGpu(g, r.processes[i]))
            on.append(i);
    splitGpuEnergy(r, gpuPos, on.constData(), on.size(), mj, out);
}

void splitGpuEnergy(const Snapshot& r, qsizetype gpuPos, const qsizetype* on, qsizetype count,
                    quint64 mj, QList<EnergyShare>* out)
{
    out->clear();
    if (gpuPos < 0 || gpuPos >= r.gpus.size())
        return;
    const GpuSample& g = r.gpus[gpuPos];
    if (count == 0) {
        EnergyShare s;
        s.to = g.holder ? EnergyShare::To::Holder : EnergyShare::To::Unowned;
        s.mj = mj;
        out->append(s);
        return;
    }
    const qsizetype* const end = on + count;
    // By SM share where every process has one and they are not all zero
    // (a GPU held but idle is split by memory, as its holders' share).
    bool bySm = std::all_of(on, end, [&](qsizetype i) {
        return r.processes[i].smUtilPercent && r.processes[i].migUuid.isEmpty();
    });
    Weights weights;
    if (bySm) {
        for (const qsizetype* i = on; i != end; ++i)
            weights.append(weight(*r.processes[*i].smUtilPercent));
        bySm = std::any_of(weights.begin(), weights.end(), [](double w) { return w > 0; });
    }
    if (!bySm) {
        weights.clear();
        const bool allMemory = std::all_of(
            on, end, [&](qsizetype i) { return r.processes[i].usedMemoryMiB.has_value(); });
        for (const qsizetype* i = on; i != end; ++i)
            weights.append(allMemory ? weight(*r.processes[*i].usedMemoryMiB) : 1.0);
    }
    const Parts parts = apportion(mj, weights);
    for (qsizetype k = 0; k < count; ++k) {
        EnergyShare s;
        s.to = EnergyShare::To::Process;
        s.process = on[k];
        s.mj = parts[k];
        s.estimated = !bySm;
        out->append(s);
    }
}

} // namespace gw
