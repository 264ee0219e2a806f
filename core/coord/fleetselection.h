#pragma once

// Selection that waits (docs/coordination.md, "Command line" and "Fleet"):
// one server's readings ranked again every kWaitPollMs until enough units
// qualify, and a fleet's servers asked in ranked order, round after round,
// until one grants or the wait is over. The loops know no agent and no HTTP
// (coord is below remote): a reading, the reservations to respect and a
// server's answer come from callables or a FleetAgents the caller passes
// (gpuwarden-cli's agent calls; fakes in tests), time from a SelectionClock.

#include "coord/coordjson.h"
#include "coord/gpuselection.h"
#include "model/snapshot.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace gw {

// The outcome of a selection, from this machine or from an agent.
struct Selection
{
    enum class Outcome
    {
        Granted,
        NotEnough,  // not enough units qualify (in the time given)
        Failed,     // no reading, an agent unreachable, an answer not usable
        BadRequest, // the agent refused an option (a wait over its cap)
    };
    Outcome outcome = Outcome::Failed;
    QList<Candidate> units; // granted: the units, best first; otherwise those that qualified
    QStringList refused;    // the other units, with the reason for each
    QStringList notes;      // units ranked last and why (a degraded GPU)
    std::optional<Reservation> reservation;
    QString server;
    QString source; // the agent that answered, when several were asked
    qint64 waitedMs = 0;
    std::optional<Snapshot> reading; // the last reading ranked, when read here
    QString error;                   // not granted: "2 GPUs asked, 1 qualifies", or a failure
    QStringList passedOver;          // fleet, granted: the agents and servers asked before, and why

    bool granted() const { return outcome == Outcome::Granted; }
    QString cudaVisibleDevices() const; // "1,3"
};

// How often a wait reads again.
inline constexpr qint64 kWaitPollMs = 2000;

// Time for the loops: the wall clock, or a test's.
class SelectionClock
{
public:
    virtual ~SelectionClock() = default;
    virtual qint64 nowMs() = 0;
    // Returns after `ms` (nothing for 0 or less).
    virtual void pause(qint64 ms) = 0;
};

// The wall clock; a pause runs a QEventLoop (a plain sleep would hold Qt's
// timers and sockets), so it needs a QCoreApplication.
class WallClock final : public SelectionClock
{
public:
    qint64 nowMs() override;
    void pause(qint64 ms) override;
};

// "2 GPUs asked, 1 qualifies".
QString shortfallText(int asked, qsizetype qualify);

// Ranks readings until request.gpus units qualify or waitMs passed, reading
// again every kWaitPollMs. `read` answers the reading (absent: failed, with
// its reason); `held` the reservations to respect at a time.
using ReadReading = std::function<std::optional<Snapshot>(QString* why)>;
using HeldUnits = std::function<ReservationBook(qint64 nowMs)>;
Selection rankUntilEnough(const SelectionRequest& request, const SelectionWeights& weights,
                          qint64 waitMs, const ReadReading& read, const HeldUnits& held,
                          SelectionClock& clock);

// The reservations an agent reported, as a book on our clock: each held for
// what was left of it at the agent's time (units others hold are not free to
// wait for).
ReservationBook heldUnits(const AllocationState& state, qint64 nowMs);

// A fleet of agents as selectAcrossFleet sees it.
class FleetAgents
{
public:
    virtual ~FleetAgents() = default;
    virtual qsizetype count() const = 0;
    // How messages name agent i: its address.
    virtual QString address(qsizetype i) const = 0;
    // Agent i's newest reading; absent with the reason when it did not answer.
    virtual std::optional<Snapshot> latest(qsizetype i, QString* why) = 0;
    // Asks agent i once, without waiting: reserve there, or rank its
    // readings here.
    virtual Selection ask(qsizetype i) = 0;
};

// The agents' newest readings ranked by rankServers (servers with enough
// idle GPUs first), then each server asked in that order until one grants;
// the round is repeated every kWaitPollMs until waitMs is over. An agent
// that does not answer is left out and named; two agents serving one server
// are asked once. Granted: the lines about the others are in passedOver.
Selection selectAcrossFleet(FleetAgents& fleet, int gpus, qint64 waitMs, SelectionClock& clock);

} // namespace gw
