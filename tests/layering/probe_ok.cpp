// Built with the agent's library: what the agent may include.
#include "agent/agentconfig.h"
#include "model/snapshot.h"
#include "util/textparse.h"

namespace gw::layering {
int probe()
{
    return AgentConfig().port;
}
} // namespace gw::layering
