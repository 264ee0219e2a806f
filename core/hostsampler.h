#pragma once

#include "sampler.h"

namespace gw {

class HostSampler final : public Sampler
{
public:
    explicit HostSampler(const SamplerOptions& options);
    ~HostSampler() override;

    QString name() const override { return QStringLiteral("host"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }

private:
    SamplerOptions m_options;
    QString m_error;
};

} // namespace gw
