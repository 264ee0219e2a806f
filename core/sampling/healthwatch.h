#pragma once

// Each GPU's health over the readings of this machine (docs/health.md): the
// XIDs of a reading merged from NVML's events (in each GPU's health facts)
// and the kernel log's records (which also hold what happened while the
// sampler was not running), then every GPU's verdict drawn by a
// HealthTracker. For the local producer; pure of clocks but for the kernel
// log's, whose records are stamped in the monotonic clock.

#include "model/gpuhealth.h"
#include "model/snapshot.h"
#include "sampling/kernellog.h"
#include "sampling/xidmerge.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace gw {

class HealthWatch
{
public:
    struct Options
    {
        // The kernel log (/dev/kmsg, or a file of its records); empty: none,
        // XIDs from NVML's events only.
        QString kernelLog = QStringLiteral("/dev/kmsg");
        HealthTracker::Options tracker;
        // XIDs the kernel log holds from before this time (ms since the
        // epoch) were reported by an earlier run: they still hold their GPU
        // out, but are not reported again. The agent passes the time of the
        // last reading in its journal, so that a restart tells each XID once.
        qint64 reportedUntilMs = 0;
        // Wall time at which the kernel's monotonic clock read 0; absent:
        // now minus CLOCK_MONOTONIC (tests of a file of records set it).
        std::optional<qint64> bootMs;
    };

    explicit HealthWatch(Options options);
    ~HealthWatch();
    HealthWatch(const HealthWatch&) = delete;
    HealthWatch& operator=(const HealthWatch&) = delete;

    // Reads what the kernel log holds (the XIDs from before the sampler
    // started, for the first reading). Empty, or why the kernel log cannot
    // be read (XIDs then come from NVML's events only): a fact of the
    // setup, said where the sampler is described, not in every reading.
    QString open();

    // One reading: each GPU's XIDs merged, at most kMaxXidsPerReading (the
    // newest; the rest said in s.warnings), and each GPU's `health` set.
    void apply(Snapshot& s);

private:
    qint64 bootMs() const;
    // What the kernel log held before we started, for the first reading:
    // judged, and reported unless an earlier run did.
    QList<kernellog::Scanner::Found> takePast(const Snapshot& s);

    Options m_options;
    std::unique_ptr<kernellog::Reader> m_kernelLog;
    XidMerger m_merger;
    HealthTracker m_tracker;
    QList<kernellog::Scanner::Found> m_past;
    QStringList m_pendingWarnings; // the first poll's, for the first reading
    qint64 m_lastLoadUs = -1;
    bool m_opened = false;
    bool m_pastTaken = false;
};

} // namespace gw
