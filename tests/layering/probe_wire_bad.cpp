// Built with the agent wire's library: the wire is linked by the agent, so
// the keychain must stay out of its reach; this include must not compile
// (tests/layering).
#include "remote/secretstore.h"
#include "wire/agentendpoint.h"

namespace gw::layering {
int wireProbe()
{
    return AgentEndpoint().url.port();
}
} // namespace gw::layering
