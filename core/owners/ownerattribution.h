// Who owns each GPU process of a reading (docs/owners.md): its workload's
// names from the runtimes (OwnerResolver, cached, never waited for) and the
// [owners] rules of policy.toml (resolveOwner), written into the reading.
// The sampler that made the reading calls attribute() on its own thread; the
// rules may be replaced from any thread (a policy reloaded).
#pragma once

#include "model/snapshot.h"
#include "owners/ownerresolver.h"
#include "owners/ownerrules.h"

#include <QMutex>
#include <QStringList>

#include <memory>

namespace gw::owners {

class OwnerAttribution
{
public:
    explicit OwnerAttribution(OwnerResolver::Options options = {});
    ~OwnerAttribution();
    OwnerAttribution(const OwnerAttribution&) = delete;
    OwnerAttribution& operator=(const OwnerAttribution&) = delete;

    // Any thread: the next reading is attributed by these.
    void setRules(OwnerRules rules);
    OwnerRules rules() const;

    // On the sampling thread: each process's workload names and owner; the
    // resolver's warnings said since the last reading go to its warnings.
    // A ghost gets no owner (its pid is not this host's to name).
    void attribute(Snapshot& s);

    // For one-shot callers (the CLI): runs this thread's events until the
    // lookups attribute() started have ended or `timeoutMs` passed; true when
    // all ended. attribute() again then writes what they said.
    bool settle(int timeoutMs);

    // Created by the first attribute(), on its thread; null before.
    OwnerResolver* resolver() const { return m_resolver.get(); }

private:
    OwnerResolver::Options m_options;
    mutable QMutex m_mutex;
    OwnerRules m_rules;
    std::unique_ptr<OwnerResolver> m_resolver;
    QStringList m_warnings; // the resolver's, for the next reading
};

} // namespace gw::owners
