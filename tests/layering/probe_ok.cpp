// Built with the agent's library: what the agent may include, the agent
// wire among it (the keeper link talks to other agents through it).
#include "agent/agentconfig.h"
#include "model/snapshot.h"
#include "util/textparse.h"
#include "wire/agentwire.h"

namespace gw::layering {
int probe()
{
    return AgentConfig().port + int(AgentFailure::None);
}
} // namespace gw::layering
