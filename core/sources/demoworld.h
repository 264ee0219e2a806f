#pragma once

// The simulated fleet behind `gpuwarden --demo` and the tests: three servers,
// five users, scripted scenarios. Deterministic: the same time gives the same
// snapshot, so tests can assert on it and history can be backfilled.
//
//  gpu-lab-01  4× A100-SXM4-80GB  GPU0 alice trains at ~95 % around the clock;
//                                  GPU1 bob's notebook holds 20 GiB while idle;
//                                  GPU2 carol evaluates from :10 to :40 each hour;
//                                  GPU3 free.
//  gpu-lab-02  2× L40S             GPU0 dave's bursty inference service;
//                                  GPU1 eve fine-tunes in the second half of
//                                  every hour. Fans report, power limit 350 W.
//  infer-03    2× H100 80GB HBM3   GPU0 svc-infer serves requests by day;
//                                  GPU1 holds 3 GiB of a process no /proc shows
//                                  (a ghost from another container); GPU1 fan
//                                  absent (passive cooling).

#include "sources/source.h"

namespace gw {

class DemoWorld
{
public:
    static QStringList serverNames();
    static QStringList userNames();

    QList<Snapshot> at(qint64 ms) const;
    Snapshot serverAt(int server, qint64 ms) const;
};

class DemoProducer final : public Producer
{
public:
    enum class Servers
    {
        All,
        FirstOnly, // one server, as an agent serves (gpuwarden-agent --demo)
    };
    explicit DemoProducer(Servers servers = Servers::All)
        : m_servers(servers)
    {}

    QString init() override;
    QList<Snapshot> produce() override;
    QList<Snapshot> backfill(qint64 fromMs, qint64 toMs) override;

    static constexpr qint64 kBackfillStepMs = 2000;
    static constexpr qint64 kSparseBackfillStepMs = 60'000;
    static constexpr qint64 kDenseBackfillMs = 3'600'000;

private:
    QList<Snapshot> readingsAt(qint64 ms) const;

    DemoWorld m_fleet;
    Servers m_servers;
};

} // namespace gw
