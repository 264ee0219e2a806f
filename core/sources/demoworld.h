#pragma once

// The simulated fleet behind `gpuwarden --demo` and the tests: three servers,
// five users, scripted scenarios. Deterministic: the same time gives the same
// snapshot, so tests can assert on it and history can be backfilled.
//
//  gpu-lab-01  4× A100-SXM4-80GB  GPU0 alice trains at ~95 % around the clock;
//                                  GPU1 bob's notebook holds 20 GiB while idle;
//                                  GPU2 carol evaluates from :10 to :40 each hour;
//                                  GPU3 free, held by a pod with no process.
//  gpu-lab-02  2× L40S             GPU0 dave's bursty inference service;
//                                  GPU1 eve fine-tunes in the second half of
//                                  every hour. Fans report, power limit 350 W.
//  infer-03    3× H100 80GB HBM3   GPU0 svc-infer serves requests by day;
//                                  GPU1 holds 3 GiB of a process no /proc shows
//                                  (a ghost from another container); GPU1 fan
//                                  absent (passive cooling).
//                                  GPU2 partitioned with MIG into 7 slices:
//                                  3g.40gb (alice trains), 2g.20gb (bob's
//                                  idle notebook), 1g.10gb (an embedding service serves by
//                                  day), 1g.10gb (free). No utilisation: the
//                                  driver reports none in MIG mode.
//
// Owners (docs/owners.md), as a lab's agent would report them: alice runs
// from a login session; bob's notebooks in a Podman container of his own;
// carol's evaluation is Slurm job 4711 (account nlp); dave's Triton runs as
// root in a Docker container labelled gpuwarden.user=dave (account
// inference); eve's fine-tune is Slurm job 5830 (account vision); svc-infer
// serves from the Kubernetes pod vision/llm-serve-0; the embedding service
// on infer-03's MIG GPU runs as root in a Podman container no rule names,
// so its owner is container:embed-svc. gpu-lab-01's GPU 3 is held by the
// pod vision/notebook-carol-0 with no process on it (GpuSample::holder).
//
// With more than three servers (DemoWorld(n), --demo-servers n) the rest are
// node-04, node-05, … with 8 GPUs each (H100 and A100 in turn) and a job on
// most GPUs (a Slurm job of its user's account): a fleet the size of a lab,
// for screenshots and benchmarks.

#include "sources/source.h"

namespace gw {

class DemoWorld
{
public:
    static constexpr int kDefaultServers = 3;
    static constexpr int kMaxServers = 64;

    // serverCount is clamped to 1..kMaxServers.
    explicit DemoWorld(int serverCount = kDefaultServers);

    // The three scripted servers (the default fleet).
    static QStringList serverNames();
    static QStringList userNames();

    // This fleet's servers: the scripted ones, then node-04, node-05, …
    QStringList names() const;
    int serverCount() const { return m_serverCount; }

    QList<Snapshot> at(qint64 ms) const;
    Snapshot serverAt(int server, qint64 ms) const;

private:
    Snapshot generatedServerAt(int server, qint64 ms) const;

    int m_serverCount = kDefaultServers;
};

class DemoProducer final : public Producer
{
public:
    enum class Servers
    {
        All,
        FirstOnly, // one server, as an agent serves (gpuwarden-agent --demo)
    };
    explicit DemoProducer(Servers servers = Servers::All,
                          int serverCount = DemoWorld::kDefaultServers)
        : m_fleet(serverCount)
        , m_servers(servers)
    {}
    // Serves only server `index` (0-based) of a fleet big enough to have
    // it, as an agent serves (gpuwarden-agent --demo --demo-server n).
    static DemoProducer single(int index);

    QString init() override;
    QList<Snapshot> produce() override;
    QList<Snapshot> backfill(qint64 fromMs, qint64 toMs) override;
    // Dense in the last kDenseBackfillMs before fillEndMs, sparse before.
    QList<Snapshot> backfillPart(qint64 fromMs, qint64 toMs, qint64 fillEndMs) override;

    static constexpr qint64 kBackfillStepMs = 2000;
    static constexpr qint64 kSparseBackfillStepMs = 60'000;
    static constexpr qint64 kDenseBackfillMs = 3'600'000;

private:
    QList<Snapshot> readingsAt(qint64 ms) const;

    DemoWorld m_fleet;
    Servers m_servers;
    int m_served = 0; // Servers::FirstOnly: which one
};

} // namespace gw
