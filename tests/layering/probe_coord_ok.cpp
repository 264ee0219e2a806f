// Built with coordination's library: what its selection loops may include.
#include "coord/fleetselection.h"
#include "policy/policyconfig.h"

namespace gw::layering {
qint64 coordProbe()
{
    return kWaitPollMs;
}
} // namespace gw::layering
