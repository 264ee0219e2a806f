// Who owns each GPU process of a reading (docs/owners.md): its workload's
// names from the runtimes (OwnerResolver, cached, never waited for) and the
// [owners] rules of policy.toml (resolveOwner), written into the reading.
// The sampler that made the reading calls attribute() on its own thread; the
// rules may be replaced from any thread (a policy reloaded).
#pragma once

#include "model/snapshot.h"
#include "owners/ownerresolver.h"
#include "owners/ownerrules.h"

#include <QHash>
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

    // Drops the resolver (and its sockets, processes and timers) on the
    // calling thread, which must be the sampling thread: the producer's end.
    // A later attribute() makes a new one.
    void close();

    // Created by the first attribute(), on its thread; null before.
    OwnerResolver* resolver() const { return m_resolver.get(); }

    // Processes whose owner is kept from the reading before (for tests and
    // the bench).
    qsizetype cachedCount() const { return m_cache.size(); }

private:
    // A process's attribution, kept while the process stays and nothing
    // new is known: most readings list the processes of the one before, and
    // deciding again builds the same sentences (bench_owners).
    struct Kept
    {
        qint64 startTimeMs = 0;
        QString user;
        std::optional<Workload> workload;
        std::optional<ProcessOwner> owner;
        quint64 generation = 0;
        quint64 seen = 0; // the reading it was last in
    };

    OwnerResolver::Options m_options;
    mutable QMutex m_mutex;
    OwnerRules m_rules;
    quint64 m_rulesGeneration = 1; // under m_mutex; bumped by setRules
    // What invalidates every kept attribution: the rules' generation and
    // the resolver's (a name learned), on the sampling thread.
    quint64 m_learned = 0;
    quint64 m_generation = 0;
    OwnerRules m_rulesInUse;
    QHash<qint64, Kept> m_cache; // by pid
    quint64 m_reading = 0;
    std::unique_ptr<OwnerResolver> m_resolver;
    QStringList m_warnings; // the resolver's, for the next reading
};

} // namespace gw::owners
