// Built with the CLI's library: what the command line may include (its own
// files, by name, and the libraries below it).
#include "commands.h"
#include "coord/fleetselection.h"
#include "remote/coordclient.h"

namespace gw::layering {
qsizetype cliProbe()
{
    return cli::commands().size() + kWaitPollMs;
}
} // namespace gw::layering
