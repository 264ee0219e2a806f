#include "sampling/xidmerge.h"

#include "model/xidcatalog.h"

#include <algorithm>
#include <cstdlib>

namespace gw {

bool XidMerger::same(const Keyed& a, const Keyed& b, qint64 windowMs)
{
    return a.uuid == b.uuid && a.xid.xid == b.xid.xid &&
           std::llabs(a.xid.atMs - b.xid.atMs) <= windowMs;
}

const GpuSample* gpuAtAddress(const QList<GpuSample>& gpus, const QString& pciBusId)
{
    for (const GpuSample& g : gpus)
        if (g.pciBusId.compare(pciBusId, Qt::CaseInsensitive) == 0)
            return &g;
    return nullptr;
}

XidEvent xidOfKernelLog(const kernellog::Scanner::Found& f, qint64 bootMs)
{
    XidEvent x;
    x.xid = f.xid.code;
    x.atMs = bootMs + f.monotonicUs / 1000;
    x.source = XidEvent::Source::KernelLog;
    x.pid = f.xid.pid;
    x.processName = f.xid.processName;
    x.text = f.xid.text;
    x.kernelLogSequence = f.sequence;
    return x;
}

QHash<QString, QList<XidEvent>> XidMerger::merge(qint64 atMs, qint64 intervalMs,
                                                 const QList<GpuSample>& gpus,
                                                 const QHash<QString, QList<XidEvent>>& nvml,
                                                 const QList<kernellog::Scanner::Found>& kernelLog,
                                                 qint64 bootMs, QStringList& warnings)
{
    const qint64 window = std::max<qint64>(5000, intervalMs);
    QList<Keyed> given;

    // The kernel log's XIDs, by GPU address.
    QList<Keyed> logged;
    for (const kernellog::Scanner::Found& f : kernelLog) {
        const GpuSample* gpu = gpuAtAddress(gpus, f.xid.pciBusId);
        if (!gpu) {
            warnings << QStringLiteral("kernel log record %1: XID %2 of the GPU at %3, which "
                                       "this reading does not have; not taken")
                            .arg(f.sequence)
                            .arg(f.xid.code)
                            .arg(f.xid.pciBusId);
            continue;
        }
        logged.append({gpu->uuid, xidOfKernelLog(f, bootMs), false});
    }

    // NVML's: held ones from the last reading first, then this reading's.
    QList<Keyed> fromNvml = std::exchange(m_held, {});
    for (auto it = nvml.cbegin(); it != nvml.cend(); ++it)
        for (const XidEvent& x : it.value())
            fromNvml.append({it.key(), x, false});

    // Both saw it: one, with the kernel log's process and text and NVML's
    // instance.
    for (Keyed& l : logged) {
        const auto match = std::find_if(fromNvml.begin(), fromNvml.end(),
                                        [&](const Keyed& n) { return same(n, l, window); });
        if (match == fromNvml.end())
            continue;
        l.xid.source = XidEvent::Source::Both;
        l.xid.atMs = std::min(l.xid.atMs, match->xid.atMs);
        l.xid.gpuInstanceId = match->xid.gpuInstanceId;
        l.xid.computeInstanceId = match->xid.computeInstanceId;
        fromNvml.erase(match);
    }
    auto alreadyGiven = [&](const Keyed& k) {
        return std::any_of(m_given.begin(), m_given.end(),
                           [&](const Keyed& g) { return same(g, k, window); });
    };
    for (const Keyed& l : std::as_const(logged))
        if (!alreadyGiven(l))
            given.append(l);
    for (Keyed& n : fromNvml) {
        if (alreadyGiven(n))
            continue;
        // An application's XID waits one reading for its line (and its
        // process); one that waited already is given as it is.
        if (!n.waited && xidInfo(n.xid.xid).application) {
            n.waited = true;
            m_held.append(n);
            continue;
        }
        given.append(n);
    }

    m_given.append(given);
    m_given.erase(std::remove_if(m_given.begin(), m_given.end(),
                                 [&](const Keyed& g) { return g.xid.atMs < atMs - 2 * window; }),
                  m_given.end());
    QHash<QString, QList<XidEvent>> out;
    std::stable_sort(given.begin(), given.end(),
                     [](const Keyed& a, const Keyed& b) { return a.xid.atMs < b.xid.atMs; });
    for (const Keyed& k : std::as_const(given))
        out[k.uuid].append(k.xid);
    return out;
}

} // namespace gw
