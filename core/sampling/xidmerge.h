#pragma once

// One XID seen twice, once: NVML's event API and the kernel log both report
// a GPU's XIDs (docs/health.md, "XIDs from both"). NVML's event has the GPU
// and, on newer drivers, its MIG instance; the kernel log's line has the
// process, its name and the driver's text. The two are one XID when they
// name the same GPU and code within max(5 s, the sampling interval).
//
// An XID that changes a GPU's health is given at once (a failing GPU must
// not wait a reading), from whichever source saw it first; a later report of
// it from the other is dropped. An application's XID (13, 31, 43 …), which
// leaves the GPU ok but is told to the owner of the process, waits one
// reading for the kernel log's line, which names that process.

#include "model/gpuhealth.h"
#include "model/snapshot.h"
#include "sampling/kernellog.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace gw {

// The GPU of `gpus` at a kernel log line's PCI address (any case); null
// where the reading has none there.
const GpuSample* gpuAtAddress(const QList<GpuSample>& gpus, const QString& pciBusId);
// A kernel log line's XID, its monotonic stamp made wall time by `bootMs`.
XidEvent xidOfKernelLog(const kernellog::Scanner::Found& found, qint64 bootMs);

class XidMerger
{
public:
    // The XIDs of one reading at `atMs` by GPU uuid, each once: `gpus` the
    // reading's (a kernel log line names its GPU by PCI address), `nvml` what
    // NVML's events gave (by uuid), `kernelLog` what the kernel log gave
    // since the last reading, `bootMs` the wall time at which the kernel's
    // monotonic clock read 0 (its records are stamped in that clock).
    QHash<QString, QList<XidEvent>> merge(qint64 atMs, qint64 intervalMs,
                                          const QList<GpuSample>& gpus,
                                          const QHash<QString, QList<XidEvent>>& nvml,
                                          const QList<kernellog::Scanner::Found>& kernelLog,
                                          qint64 bootMs, QStringList& warnings);

private:
    struct Keyed
    {
        QString uuid;
        XidEvent xid;
        bool waited = false; // held a reading already
    };
    static bool same(const Keyed& a, const Keyed& b, qint64 windowMs);

    QList<Keyed> m_held;  // an application's NVML XIDs, waiting a reading
    QList<Keyed> m_given; // given recently: a later report of them is dropped
};

} // namespace gw
