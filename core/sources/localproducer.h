#pragma once

// Samples this machine: the detected GPU backend plus the host.

#include "sampling/hostsampler.h"
#include "sampling/samplerregistry.h"
#include "sources/source.h"

namespace gw {

class LocalProducer final : public Producer
{
public:
    // `backend`: "auto", a backend name, or "host".
    explicit LocalProducer(SamplerOptions options, QString backend = QStringLiteral("auto"),
                           QString serverName = {});

    QString init() override;
    QList<Snapshot> produce() override;

    // One snapshot now (what the CLI prints).
    Snapshot sampleOnce();

    const Detection& detection() const { return m_detection; }

private:
    SamplerOptions m_options;
    QString m_only;
    QString m_serverName;
    Detection m_detection;
    std::unique_ptr<HostSampler> m_host;
    bool m_hostOk = false;
    QString m_hostError;
};

} // namespace gw
