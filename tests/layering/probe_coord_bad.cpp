// Built with coordination's library: coord is below remote (the selection
// loops take their agents as FleetAgents), so the agent calls of remote
// must not compile here.
#include "coord/fleetselection.h"
#include "remote/coordclient.h"

namespace gw::layering {
qint64 coordProbe()
{
    return kWaitPollMs;
}
} // namespace gw::layering
