#pragma once

// GPU selection for jobs that coordinate (issue 12, docs/coordination.md):
// which units of a server a job should take, why the others were refused,
// reservations that keep two callers from taking the same unit, and the
// fleet's ranking of servers. Pure logic: no clock (time is passed in), no
// I/O, no threads.
//
// A unit is a whole GPU, or a MIG instance of a partitioned GPU. Its id is
// what CUDA_VISIBLE_DEVICES wants: the GPU's index as a string ("3"), or the
// instance's UUID ("MIG-…").
//
// Score of a whole GPU = freeMemory × (free MiB / total MiB)
//                      + idle × (1 − utilisation / 100),
// where free = total − used − memory the driver keeps for itself (when
// reported). The driver reports no utilisation for a MIG instance, so an
// instance is ranked by its free-memory fraction alone (score = free / total,
// no weights) and max utilisation is not applied to it. Ties break by GPU
// index, then by MIG index.
//
// Health (docs/health.md): a GPU whose verdict is failing offers no unit
// (refused with its worst reason); a degraded one's units qualify but come
// after every healthy one, whatever their score, and Ranking::notes says
// why.

#include "model/snapshot.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

struct SelectionRequest
{
    int gpus = 1;
    double minFreeMiB = 0;
    std::optional<double> maxUtilizationPercent;
    QString user;
    qint64 ttlMs = 120'000;
    // Allow: whole GPUs first, instances only when not enough whole GPUs
    // qualify. Only: instances only. Never: whole GPUs only.
    enum class Mig
    {
        Allow,
        Only,
        Never
    } mig = Mig::Allow;
};

struct SelectionWeights
{
    double freeMemory = 0.6;
    double idle = 0.4;
};

struct Candidate
{
    QString id; // "3" or "MIG-…"
    int gpuIndex = -1;
    QString migUuid;   // empty for a whole GPU
    int migIndex = -1; // -1 for a whole GPU
    double score = 0;
    double freeMiB = 0;
    std::optional<double> utilisation; // absent for a MIG instance
    bool degraded = false;             // its GPU's health: ranked after the healthy

    bool isMig() const { return !migUuid.isEmpty(); }
    bool operator==(const Candidate&) const = default;
};

struct Ranking
{
    QList<Candidate> qualified; // best first
    // One line per refused unit, in words for a job script:
    // "GPU 3: 2,100 MiB free, needs 8,192"; several reasons of one unit are
    // joined with "; ".
    QStringList refused;
    // Qualified units ranked last, and why: "GPU 2: degraded (a row remap
    // waits for a GPU reset), ranked after healthy GPUs".
    QStringList notes;
};

struct Reservation
{
    QString id; // a UUID, without braces
    QString server;
    QString user;
    QStringList units; // unit ids, best first
    qint64 createdMs = 0;
    qint64 expiresMs = 0;

    bool operator==(const Reservation&) const = default;
};

// The units where each person runs in `snapshot`, as "user\nunit" (a
// whole GPU by its index, a MIG instance by migUnitId): what tells that a
// job took the units reserved for it.
QSet<QString> unitsRunOn(const Snapshot& snapshot);

// Reservations of units, per server. A unit is never in two active
// reservations. Not thread-safe: the caller serialises every call (the
// agent uses one book from one thread). A reservation is active while
// nowMs < expiresMs; calls that take nowMs drop the expired ones.
class ReservationBook
{
public:
    // Holds the best request.gpus candidates not already held, for
    // request.ttlMs; nothing (and no change) when fewer than that many are
    // free: all or nothing. `candidates` is rankUnits' qualified list.
    std::optional<Reservation> reserve(const QString& server, const SelectionRequest& request,
                                       const QList<Candidate>& candidates, qint64 nowMs);
    // False when no reservation has that id.
    bool release(const QString& id);
    // Drops reservations that expired by nowMs; returns them.
    QList<Reservation> expire(qint64 nowMs);
    // Ends each reservation of user U on the snapshot's server that holds a
    // unit where a process of U now runs (the job took its GPU); returns them.
    QList<Reservation> observe(const Snapshot& snapshot);
    // The same with unitsRunOn(snapshot) at hand.
    QList<Reservation> observe(const Snapshot& snapshot, const QSet<QString>& running);
    // Active reservations of `server` (all servers when empty), oldest first.
    QList<Reservation> active(const QString& server = {}) const;
    // The reservation holding `unitId` on `server` at nowMs, or nullptr.
    const Reservation* holder(const QString& server, const QString& unitId, qint64 nowMs) const;

private:
    QList<Reservation> m_reservations; // oldest first
};

// The units of `latest` for `request`: the qualified ones best first, the
// refused ones with their reasons. A unit held by another reservation in
// `book` at nowMs is refused ("GPU 1: reserved for alice until 14:02:10",
// local time).
Ranking rankUnits(const Snapshot& latest, const SelectionRequest& request,
                  const SelectionWeights& weights, const ReservationBook& book, qint64 nowMs);

// Fleet-wide: a GPU is idle under 30 % utilisation and under 50 % of its
// memory used (as in Kubernetes node selection); a GPU without utilisation
// (MIG mode) or with an error is not idle.
struct ServerRank
{
    QString server;
    int idleGpus = 0;
    int totalGpus = 0;
    bool enough = false; // idleGpus >= the GPUs asked for

    bool operator==(const ServerRank&) const = default;
};
bool isIdleGpu(const GpuSample& gpu);
// Servers with enough idle GPUs first, then by idle count (most first), then
// by name.
QList<ServerRank> rankServers(const QList<Snapshot>& latest, int gpus);

} // namespace gw
