#pragma once

#include "sampler.h"

namespace gw {

class NvmlSampler final : public Sampler
{
public:
    explicit NvmlSampler(const SamplerOptions& options);
    ~NvmlSampler() override;

    QString name() const override { return QStringLiteral("nvml"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }

private:
    SamplerOptions m_options;
    QString m_error;
};

} // namespace gw
