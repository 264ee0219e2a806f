#pragma once

// Samples this machine: the detected GPU backend plus the host.

#include "owners/ownerattribution.h"
#include "sampling/healthwatch.h"
#include "sampling/hostsampler.h"
#include "sampling/samplerregistry.h"
#include "sources/source.h"

#include <chrono>
#include <memory>

namespace gw {

class LocalProducer final : public Producer
{
public:
    // `backend`: "auto", a backend name, or "host".
    explicit LocalProducer(SamplerOptions options, QString backend = QStringLiteral("auto"),
                           QString serverName = {});
    // On the sampling thread (Source ends its producer there): the runtimes'
    // clients go with it, on the thread that made them.
    ~LocalProducer() override;

    QString init() override;
    QList<Snapshot> produce() override;

    // One snapshot now (what the CLI prints).
    Snapshot sampleOnce();
    // One reading with its rates (CPU %, disk I/O, per-process SM %), which
    // need two: a first one, `interval` of waiting, then the one returned.
    // For one-shot callers (gpuwarden-cli); a Source never waits like this.
    Snapshot sampleWithRates(std::chrono::milliseconds interval);

    const Detection& detection() const { return m_detection; }

    // Who owns each process (docs/owners.md): the runtimes asked and the
    // [owners] rules applied to every reading. Shared so the owner of the
    // producer (the agent, the desktop) can replace the rules from its own
    // thread while the sampling thread reads; set the runtimes' sockets
    // before the first reading.
    const std::shared_ptr<owners::OwnerAttribution>& owners() const { return m_owners; }
    void setOwnerOptions(owners::OwnerResolver::Options options);

    // XIDs the kernel log holds from before this time were reported by an
    // earlier run (the agent's journal says when its last reading was):
    // they still hold their GPU out but are not reported again. Before init().
    void setHealthReportedUntil(qint64 ms) { m_healthReportedUntilMs = ms; }

private:
    SamplerOptions m_options;
    QString m_only;
    QString m_serverName;
    Detection m_detection;
    std::unique_ptr<HostSampler> m_host;
    bool m_hostOk = false;
    QString m_hostError;
    std::shared_ptr<owners::OwnerAttribution> m_owners;
    // NVIDIA GPUs' health (XIDs merged, verdicts); none for other backends.
    std::unique_ptr<HealthWatch> m_health;
    qint64 m_healthReportedUntilMs = 0;
};

} // namespace gw
