#pragma once

// Keep-or-restart by name, shared by the agent links and the Prometheus
// feeds: after a new list of servers, a server whose settings did not change
// keeps what runs for it (a link and its cursor, a feed and its timer); a
// changed one starts anew; one no longer listed is stopped.

#include "remote/agentlink.h"

#include <QList>
#include <QString>

#include <map>

namespace gw {

// `running` maps a server's name to what runs for it. `same(running, server)`
// tells whether it still serves `server` as configured; `keep(running)` is
// told it stays; `make(server)` starts one; `drop(name, running, replaced)`
// is told before one that is no longer wanted (`replaced`: another runs under
// its name now) is destroyed. The first of two entries with one name wins.
template <typename Running, typename Same, typename Keep, typename Make, typename Drop>
void reconcileByName(std::map<QString, Running>& running, const QList<RemoteServer>& wanted,
                     Same same, Keep keep, Make make, Drop drop)
{
    std::map<QString, Running> next;
    for (const auto& server : wanted) {
        if (next.count(server.name) != 0)
            continue;
        const auto it = running.find(server.name);
        if (it != running.end() && same(it->second, server)) {
            keep(it->second);
            next.insert(running.extract(it));
            continue;
        }
        next.emplace(server.name, make(server));
    }
    for (auto& [name, r] : running)
        drop(name, r, next.count(name) != 0);
    running = std::move(next);
}

} // namespace gw
