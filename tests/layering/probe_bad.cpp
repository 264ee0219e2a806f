// Built with the agent's library: the keychain is on the desktop's side of
// the line, so this include must not compile (tests/layering).
#include "agent/agentconfig.h"
#include "remote/secretstore.h"

namespace gw::layering {
int probe()
{
    return AgentConfig().port;
}
} // namespace gw::layering
