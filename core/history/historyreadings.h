#pragma once

// Readings rebuilt from the history store, one by one in time order, for
// whatever consumes live readings in time order (the policy engine's replay:
// `gpuwarden-cli replay --history FILE`). See docs/history.md, "Replaying the
// history store".
//
// A reading is made for each time a server's GPU series have a stored sample
// (present or absent), and holds what the store keeps at that time:
//
//   * GPUs: index (the order the store first saw the server's GPUs, which is
//     the readings' order when they came together), UUID, name (only where a
//     process fact records the GPU's model), utilisation, memory used,
//     temperature, power and SM clock at the metrics' precision
//     (model/metrics.h: 1 %, 1 MiB, 1 °C, 0.1 W, 1 MHz). A GPU whose series
//     have samples at that time but no value in any of them is rebuilt with
//     `error` set (a lost GPU is stored that way).
//   * MIG instances of a GPU: UUID, index (not stored: the instance's place
//     among the GPU's instances at that time), profile, memory total, memory used, and
//     the compute slices the profile names ("3g.40gb": 3); `migEnabled` is
//     true on a GPU that has instances at that time, and its `migSliceCount`
//     (not stored) is derived: 4 on an A30 (by its name, or an instance of an
//     A30-only profile: 1g.6gb, 2g.12gb, 4g.24gb), else 7 (A100, H100, H200,
//     B200); absent when no instance's profile names its slices or one names
//     more than 7.
//   * The host: CPU % (0.1 %) and memory used (1 MiB).
//   * Processes present at that time: those whose memory or SM series has a
//     sample then; a process with neither series (its memory never
//     reported) is present at the readings within its first and last
//     sighting. pid, start time (absent for ghosts), uid, user, command,
//     ghost, GPU UUID, MIG UUID, memory used and SM %; the owner (person,
//     account, reason) and the workload (kind, id, name, namespace,
//     partition) as the process's last reading said, in every reading of it
//     (the store keeps one per process, not one per reading).
//   * intervalMs: the sampling interval stored with the GPU samples' chunk.
//   * backend: "history".
//
// What the store does NOT keep, so a rebuilt reading lacks it (absent or
// empty): the GPUs' power limit (so the power half of the policy's idle
// confirm_power cannot be checked from history: a GPU drawing power at low
// utilisation may be judged idle where the live engine did not; the
// flat-memory half is checked), memory total, memory utilisation, fan, thresholds, reserved memory,
// persistence, PCI bus id, vendor; instances' GPU/compute instance ids; the host's
// name, CPU count, memory total, disk and cgroup figures; warnings; of a
// workload its cgroup path, labels, image, uid, step and a pod's container and
// uid, and an owner's changes while the process ran (the last one is kept). A process whose memory
// and SM were not reported when first seen appears from its first reported value; a MIG instance
// without a memory series is present within its first and last sighting, which the store updates
// about once a minute.
//
// A file still being written reads as it was when the readings began: up to
// its newest sample then.
//
// Memory-bounded: the store is read a window of time at a time (an hour by
// default), holding the compressed chunks of that window and one decoder per
// series; each chunk is fetched and decoded once.

#include "history/historystore.h"
#include "history/historytypes.h"
#include "model/snapshot.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace gw {

class HistoryReadings
{
public:
    // Readings of `servers` (all in the store when empty) in [fromMs, toMs)
    // from a store the caller keeps open (on this thread).
    HistoryReadings(HistoryStore& store, const QStringList& servers, qint64 fromMs, qint64 toMs,
                    qint64 windowMs = kDefaultWindowMs);
    // The same from a history file opened read-only; nothing (with `error`
    // in words) when it cannot be read or is not a history file.
    static std::unique_ptr<HistoryReadings> open(const QString& path, const QStringList& servers,
                                                 qint64 fromMs, qint64 toMs, QString* error,
                                                 qint64 windowMs = kDefaultWindowMs);
    ~HistoryReadings();
    HistoryReadings(const HistoryReadings&) = delete;
    HistoryReadings& operator=(const HistoryReadings&) = delete;

    // The next reading: per server strictly later than the last one, servers
    // interleaved by time (equal times by server name). Nothing at the end,
    // or on a read error (then `error` says it in words, and every later
    // call ends the same way). Fits gw::replayReadings.
    std::optional<Snapshot> next(QString* error);

    quint64 readingCount() const; // handed out so far
    QStringList servers() const;  // the servers read, by name

    static constexpr qint64 kDefaultWindowMs = 3600 * 1000;

private:
    struct State;
    std::unique_ptr<State> d;
};

} // namespace gw
