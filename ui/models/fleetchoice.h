#pragma once

// The answer of the "Find GPUs" dialog, as plain data: the agent's selection
// (rankUnits) run over the newest reading of every watched server, with the
// servers ranked the fleet-wide way (rankServers: enough idle GPUs first,
// then by idle count, idle as in Kubernetes node selection). A stale server
// comes after every fresh one and is never the best choice: its figures may
// be minutes old. Pure: readings, freshness and time are passed in, so tests
// build the fleet by hand. See docs/coordination.md ("Desktop").

#include "coord/gpuselection.h"
#include "engine/livestate.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace gw {

struct FleetServerInput
{
    QString server;
    std::optional<Snapshot> latest; // none: no reading yet
    Freshness freshness;
    // Held on the server now, times on this workstation's clock; their units
    // are refused as the agent would refuse them.
    QList<Reservation> reservations;
};

struct FleetServerChoice
{
    QString server;
    Freshness freshness;
    ServerRank rank;   // its idle GPUs; rank.enough: at least the GPUs asked for
    Ranking ranking;   // its units for the request, best first, and the refused
    bool fits = false; // has a reading, is fresh, and enough units qualify
};

struct FleetChoice
{
    SelectionRequest request;
    QList<FleetServerChoice> servers; // ranked: fresh, then stale, then unanswered
    int best = -1;                    // index into servers; -1 when none fits

    const FleetServerChoice* bestServer() const;
    // The best server's first request.gpus unit ids ("1", "3", "MIG-…").
    QStringList bestUnits() const;
    // "1,3"; empty when nothing fits.
    QString cudaVisibleDevices() const;
};

FleetChoice chooseAcrossFleet(const QList<FleetServerInput>& fleet, const SelectionRequest& request,
                              const SelectionWeights& weights, qint64 nowMs);

// A book holding these reservations of `server` as they are (created and
// expiring when they say), for rankUnits to refuse their units.
ReservationBook bookOf(const QString& server, QList<Reservation> reservations);

// What the CLI would be asked to make the same choice, for a job script:
// `gpuwarden-cli select --gpus 2 --min-free 8GiB --max-util 50 --mig only
// --source https://gpu-a:8321`. `parallelism` (the text typed) replaces
// --gpus when not empty; `minFree` is the memory as typed ("8GiB"), left out
// when empty; `source` is left out when empty (this computer). Arguments are
// quoted for a POSIX shell where they need it.
QString selectCommandLine(const SelectionRequest& request, const QString& parallelism,
                          const QString& minFree, const QUrl& source);

// `text` quoted for a POSIX shell where it needs it ("a b" → 'a b').
QString shellQuoted(const QString& text);

} // namespace gw
