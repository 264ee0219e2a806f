// Built with the CLI's library: the agent's server is not the command
// line's to link (no HttpServer), so this include must not compile.
#include "agent/agentserver.h"
#include "commands.h"

namespace gw::layering {
qsizetype cliProbe()
{
    return cli::commands().size();
}
} // namespace gw::layering
